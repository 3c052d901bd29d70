/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * verbs-latency: native InfiniBand verbs between two hosts of the ConnectX VPI study's
 * kind (2.0 GHz CPU, the adapter on PCI Express x8 gen 1), 4X DDR, a 2 m cable: the
 * one-way latency and bandwidth of a single SEND, from the post on host A to the
 * completion host B's busy poller sees, for messages of 1 B to 1 MiB.
 *
 *     host A: HostCpu, HostBus (PCIe x8) -- HCA port 1 ==== 4X DDR ==== HCA port 1 -- host B
 *
 * Each message is posted 10 ms after the previous one, so each crosses an idle system;
 * the latency is InfinibandHca (6) for messages within one MTU and adds the pipeline of
 * packets and DMA for larger ones (docs/modules/infiniband.md). The assumptions of the HCA
 * (engine time per packet, WQE and CQE sizes, poll cost) are its attributes' defaults, and
 * so is HostBus ReadLatency, 0: a DMA read costs its bus time only, so the small messages'
 * latency here (0.3 us) lacks the PCIe read round trip a real host adds (the study's host
 * profile with a sourced read latency is still to come): read it as the model's floor, not
 * a prediction of the study's numbers.
 *
 * Prints one line per size: bytes, one-way latency (us), bandwidth (Mb/s). Its Python twin,
 * verbs-latency.py, builds the same with cppyy and prints the same lines.
 *
 * Run: build/bin/verbs-latency
 */
#include "hybridnet/host-module.h"
#include "hybridnet/infiniband-module.h"

#include "ns3/core-module.h"
#include "ns3/network-module.h"

#include <cstdio>
#include <map>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** Host B's poller: the time each receive completion (wrId = message size) is seen. */
struct Poller
{
    Ptr<InfinibandCompletionQueue> cq;
    std::map<uint64_t, Time> seen;

    void OnCqe(Ptr<InfinibandCompletionQueue> /* cq */)
    {
        for (const auto& wc : cq->Poll(16))
        {
            seen[wc.wrId] = Simulator::Now();
        }
    }
};

/** A host: its bus, CPU and HCA on @p port. */
Ptr<InfinibandHca>
BuildHost(Ptr<Node> node, Ptr<NetDevice> port)
{
    node->AggregateObject(CreateObjectWithAttributes<HostBus>("Kind",
                                                              StringValue("PciExpress"),
                                                              "Lanes",
                                                              UintegerValue(8),
                                                              "Generation",
                                                              UintegerValue(1)));
    node->AggregateObject(
        CreateObjectWithAttributes<HostCpu>("Frequency", UintegerValue(2'000'000'000)));
    return InfinibandVerbsHelper().Install(DynamicCast<InfinibandNetDevice>(port));
}

} // namespace

int
main()
{
    NodeContainer nodes;
    nodes.Create(2);
    InfinibandHelper ib; // 4X DDR, IB MTU 2048 (the defaults)
    ib.SetChannelAttribute("Delay", TimeValue(NanoSeconds(10)));
    NetDeviceContainer ports = ib.Install(nodes.Get(0), nodes.Get(1));
    InfinibandSubnetManagerHelper().Configure(nodes);
    Ptr<InfinibandHca> a = BuildHost(nodes.Get(0), ports.Get(0));
    Ptr<InfinibandHca> b = BuildHost(nodes.Get(1), ports.Get(1));
    Ptr<InfinibandCompletionQueue> cqA = a->CreateCompletionQueue();
    Poller poller{b->CreateCompletionQueue(), {}};
    Ptr<InfinibandQueuePair> qpA = a->CreateQueuePair(cqA, cqA, 1);
    Ptr<InfinibandQueuePair> qpB = b->CreateQueuePair(poller.cq, poller.cq, 1);
    InfinibandVerbsHelper::Connect(qpA, qpB);
    poller.cq->StartPolling(MakeCallback(&Poller::OnCqe, &poller));

    const std::vector<uint64_t> sizes{1, 64, 1024, 4096, 65536, 1048576};
    std::map<uint64_t, Time> posted;
    for (size_t k = 0; k < sizes.size(); ++k)
    {
        const uint64_t m = sizes[k];
        const Time at = MilliSeconds(10 * (k + 1));
        posted[m] = at;
        Simulator::Schedule(at, [qpA, qpB, m]() {
            qpB->PostReceive({m, m});
            InfinibandSendWorkRequest wr;
            wr.wrId = m;
            wr.length = m;
            qpA->PostSend(wr);
        });
    }
    Simulator::Stop(MilliSeconds(10 * (sizes.size() + 1)));
    Simulator::Run();
    for (uint64_t m : sizes)
    {
        const double us = (poller.seen.at(m).GetSeconds() - posted[m].GetSeconds()) * 1e6;
        std::printf("%8llu B  one-way %10.3f us  %9.1f Mb/s\n",
                    static_cast<unsigned long long>(m),
                    us,
                    8.0 * m / us);
    }
    Simulator::Destroy();
    return 0;
}
