#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Native InfiniBand verbs from Python: two hosts (2.0 GHz CPU, the adapter on PCI Express
x8 gen 1), 4X DDR, a 2 m cable; the one-way latency and bandwidth of one SEND, from the
post on host A to the completion host B's busy poller sees, for 1 B to 1 MiB.

    host A: HostCpu, HostBus (PCIe x8) -- HCA port 1 ==== 4X DDR ==== HCA port 1 -- host B

Prints the same lines as its C++ twin, verbs-latency.cc (read its header for what the
numbers are and are not). The poller's callback stays in C++ (a small cppdef'd struct);
Python builds the hosts, posts the work requests and reads the times after the run.

Run:  .venv/bin/python examples/verbs-latency.py
"""

import cppyy

import hybridnet

ns = hybridnet.ns  # ns-3 and hybridnet, loaded through cppyy

cppyy.cppdef("""
struct HybridnetExamplePoller {
    ns3::Ptr<ns3::hybridnet::InfinibandCompletionQueue> cq;
    std::map<uint64_t, double> seen;  // wrId (message size) -> seconds
    void OnCqe(ns3::Ptr<ns3::hybridnet::InfinibandCompletionQueue>) {
        for (const auto& wc : cq->Poll(16)) {
            seen[wc.wrId] = ns3::Simulator::Now().GetSeconds();
        }
    }
    void Start() {
        cq->StartPolling(ns3::MakeCallback(&HybridnetExamplePoller::OnCqe, this));
    }
};
void hybridnet_example_post(ns3::Ptr<ns3::hybridnet::InfinibandQueuePair> a,
                            ns3::Ptr<ns3::hybridnet::InfinibandQueuePair> b,
                            uint64_t m, ns3::Time at) {
    ns3::Simulator::Schedule(at, [a, b, m]() {
        b->PostReceive({m, m});
        ns3::hybridnet::InfinibandSendWorkRequest wr;
        wr.wrId = m;
        wr.length = m;
        a->PostSend(wr);
    });
}
""")


def build_host(node, port):
    """A host: its bus, CPU and HCA on ``port``."""
    bus = ns.CreateObject[ns.hybridnet.HostBus]()
    bus.SetAttribute("Kind", ns.StringValue("PciExpress"))
    bus.SetAttribute("Lanes", ns.UintegerValue(8))
    bus.SetAttribute("Generation", ns.UintegerValue(1))
    cpu = ns.CreateObject[ns.hybridnet.HostCpu]()
    cpu.SetAttribute("Frequency", ns.UintegerValue(2_000_000_000))
    node.AggregateObject(bus)
    node.AggregateObject(cpu)
    device = ns.DynamicCast[ns.hybridnet.InfinibandNetDevice](port)
    return ns.hybridnet.InfinibandVerbsHelper().Install(device)


def main() -> None:
    nodes = ns.NodeContainer()
    nodes.Create(2)
    ib = ns.hybridnet.InfinibandHelper()  # 4X DDR, IB MTU 2048 (the defaults)
    ib.SetChannelAttribute("Delay", ns.TimeValue(ns.NanoSeconds(10)))
    ports = ib.Install(nodes.Get(0), nodes.Get(1))
    ns.hybridnet.InfinibandSubnetManagerHelper().Configure(nodes)
    a = build_host(nodes.Get(0), ports.Get(0))
    b = build_host(nodes.Get(1), ports.Get(1))
    cq_a = a.CreateCompletionQueue()
    poller = cppyy.gbl.HybridnetExamplePoller()
    poller.cq = b.CreateCompletionQueue()
    qp_a = a.CreateQueuePair(cq_a, cq_a, 1)
    qp_b = b.CreateQueuePair(poller.cq, poller.cq, 1)
    ns.hybridnet.InfinibandVerbsHelper.Connect(qp_a, qp_b)
    poller.Start()

    sizes = [1, 64, 1024, 4096, 65536, 1048576]
    posted = {}
    for k, m in enumerate(sizes):
        at = ns.MilliSeconds(10 * (k + 1))
        posted[m] = at.GetSeconds()
        cppyy.gbl.hybridnet_example_post(qp_a, qp_b, m, at)
    ns.Simulator.Stop(ns.MilliSeconds(10 * (len(sizes) + 1)))
    ns.Simulator.Run()
    for m in sizes:
        us = (poller.seen[m] - posted[m]) * 1e6
        print(f"{m:8d} B  one-way {us:10.3f} us  {8.0 * m / us:9.1f} Mb/s")
    ns.Simulator.Destroy()


if __name__ == "__main__":
    main()
