/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The channel adapter, the RC transport and the verbs-style API, every expected value
 * worked out from the equations of InfinibandHca, InfinibandQueuePair and
 * InfinibandCompletionQueue and the attributes: the one-way latency of a small SEND
 * (polling and events), the bandwidth of streamed RDMA WRITEs (bus- and link-limited),
 * segmentation, retransmission after a loss (timeout and NAK), RNR, the latency through a
 * cut-through switch, retry and RNR-retry exhaustion, RDMA READ and access errors, and
 * refused uses.
 *
 * Setup: two hosts, each a HostBus (PCI Express x8 gen 1 unless said: R = 16 Gb/s each
 * way, MPS 128 B, MRRS 512 B, H = 20 B) and a HostCpu of 2 GHz, one HCA each, a direct
 * 4X DDR cable of d = 5 ns, port MTU 4096.
 *
 * Deliberate mistakes tried, each once, and the first case that failed (the suite stops at
 * its first failing case, so later cases were not all run):
 * - the receive engine's P left out: Latency (1 B, polling);
 * - the WQE fetch skipped (doorbell, then the WQE counted as fetched): Latency (1 B);
 * - the payload DMA read skipped: Latency (1 B);
 * - SEND/WRITE LAST and MIDDLE opcodes swapped: Streaming gen 1 (the responder never sees
 *   a LAST, nothing completes; Segmentation would check the opcodes themselves);
 * - go-back-N on a NAK from the first PSN of the WQE instead of the NAK's PSN:
 *   RetransmissionNak (PSN list);
 * - Local ACK Timeout 4.096 us x 2^(t+1): RetransmissionTimeout;
 * - RNR timer code 1 read as 0.1 ms: Rnr;
 * - CheckAccess strict (offset + n < length): Streaming gen 1 (a 1 MiB WRITE into a 1 MiB
 *   region is refused; ReadAndAccess's exact-fit READ would catch it too);
 * - PostSend accepted in RTR: BadUse;
 * - the retry limit never reached (retries without end): RetryExhausted.
 * Tried but not run as a mutation: the CQE written without bus time (the script's patch
 * did not apply after formatting; Latency's T_b'(C) term is what would catch it).
 */
#include "hybridnet/host-bus.h"
#include "hybridnet/host-cpu.h"
#include "hybridnet/infiniband-completion-queue.h"
#include "hybridnet/infiniband-hca.h"
#include "hybridnet/infiniband-helper.h"
#include "hybridnet/infiniband-net-device.h"
#include "hybridnet/infiniband-packet-size.h"
#include "hybridnet/infiniband-queue-pair.h"
#include "hybridnet/infiniband-subnet-manager-helper.h"
#include "hybridnet/infiniband-verbs-helper.h"

#include "ns3/core-module.h"
#include "ns3/error-model.h"
#include "ns3/network-module.h"

#include <cmath>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

const Time kCable = NanoSeconds(5);
const Time kStart = MicroSeconds(1);
const Time kSwitchLatency = NanoSeconds(200); //!< PortToPortLatency of the switch cases

/** One end: node, bus, CPU, HCA, CQs, QP; what its CQs and QP reported when. */
struct End
{
    Ptr<Node> node;
    Ptr<HostBus> bus;
    Ptr<HostCpu> cpu;
    Ptr<InfinibandHca> hca;
    Ptr<InfinibandCompletionQueue> sendCq;
    Ptr<InfinibandCompletionQueue> recvCq;
    Ptr<InfinibandQueuePair> qp;
    std::vector<Time> sendSeen; //!< when the poller saw each send CQE
    std::vector<Time> recvSeen; //!< when the poller (or event) saw each receive CQE
    std::vector<InfinibandWorkCompletion> sendWc;
    std::vector<InfinibandWorkCompletion> recvWc;
    std::vector<uint8_t> txOpcodes;
    std::vector<uint32_t> txPsns;
    std::vector<uint32_t> txPayloads;
    std::vector<bool> txAgain;
    uint32_t naks{0};
    uint32_t timeouts{0};

    void SendPolled(Ptr<InfinibandCompletionQueue> cq)
    {
        for (const auto& wc : cq->Poll(16))
        {
            sendSeen.push_back(Simulator::Now());
            sendWc.push_back(wc);
        }
    }

    void RecvPolled(Ptr<InfinibandCompletionQueue> cq)
    {
        for (const auto& wc : cq->Poll(16))
        {
            recvSeen.push_back(Simulator::Now());
            recvWc.push_back(wc);
        }
    }

    void Tx(uint8_t op, uint32_t psn, uint32_t payload, bool again)
    {
        txOpcodes.push_back(op);
        txPsns.push_back(psn);
        txPayloads.push_back(payload);
        txAgain.push_back(again);
    }

    void Nak(uint32_t, uint8_t)
    {
        ++naks;
    }

    void Timeout(uint32_t, uint8_t)
    {
        ++timeouts;
    }
};

/** Two hosts, one cable, a connected QP pair. */
class Pair
{
  public:
    /**
     * @param generation PCI Express generation of both hosts
     * @param qpMtu path MTU of both QPs
     * @param events receive CQ in event mode (armed) instead of busy polling
     */
    Pair(uint32_t generation = 1,
         const std::string& qpMtu = "2048",
         bool events = false,
         bool viaSwitch = false,
         uint32_t startPsn = 0)
    {
        NodeContainer nodes;
        nodes.Create(2);
        InfinibandHelper ib;
        ib.SetDeviceAttribute("Mtu", StringValue("4096"));
        ib.SetChannelAttribute("Delay", TimeValue(kCable));
        ib.SetSwitchAttribute("PortToPortLatency", TimeValue(kSwitchLatency));
        NetDeviceContainer ports;
        if (viaSwitch)
        {
            Ptr<Node> sw = CreateObject<Node>();
            ib.InstallSwitch(sw);
            ports.Add(ib.Install(nodes.Get(0), sw).Get(0));
            ports.Add(ib.Install(nodes.Get(1), sw).Get(0));
            InfinibandSubnetManagerHelper().Configure(NodeContainer(nodes, NodeContainer(sw)));
        }
        else
        {
            ports = ib.Install(nodes.Get(0), nodes.Get(1));
            InfinibandSubnetManagerHelper().Configure(nodes);
        }
        Build(a, nodes.Get(0), ports.Get(0), generation);
        Build(b, nodes.Get(1), ports.Get(1), generation);
        a.qp->SetAttribute("Mtu", StringValue(qpMtu));
        b.qp->SetAttribute("Mtu", StringValue(qpMtu));
        ok = startPsn == 0 ? InfinibandVerbsHelper::Connect(a.qp, b.qp)
                           : a.qp->ModifyToInit() && b.qp->ModifyToInit() &&
                                 a.qp->ModifyToRtr(b.qp->GetLid(), b.qp->GetQpNum(), startPsn) &&
                                 b.qp->ModifyToRtr(a.qp->GetLid(), a.qp->GetQpNum(), startPsn) &&
                                 a.qp->ModifyToRts(startPsn) && b.qp->ModifyToRts(startPsn);
        for (End* e : {&a, &b})
        {
            e->sendCq->StartPolling(MakeCallback(&End::SendPolled, e));
            if (events)
            {
                e->recvCq->SetEventCallback(MakeCallback(&End::RecvPolled, e));
                e->recvCq->RequestNotify();
            }
            else
            {
                e->recvCq->StartPolling(MakeCallback(&End::RecvPolled, e));
            }
            e->qp->TraceConnectWithoutContext("PacketTx", MakeCallback(&End::Tx, e));
            e->qp->TraceConnectWithoutContext("Nak", MakeCallback(&End::Nak, e));
            e->qp->TraceConnectWithoutContext("Timeout", MakeCallback(&End::Timeout, e));
        }
    }

    ~Pair()
    {
        Simulator::Destroy();
    }

    /** @return InfinibandRate (5) of a packet of @p payload and @p ext extended bytes */
    Time Wire(uint32_t payload, uint32_t ext = 0) const
    {
        const InfinibandRate rate(InfinibandRate::WIDTH_4X, InfinibandRate::DDR);
        const uint32_t p = InfinibandPacketSize::GetPacketBytes(payload, ext);
        return rate.GetTransmissionTime(rate.GetWireBytes(p));
    }

    /** @return payload bit/s of 4X DDR in packets of @p mtu bytes: r M / W(p(M)), (7) */
    double LinkPayloadRate(uint32_t mtu) const
    {
        const InfinibandRate r(InfinibandRate::WIDTH_4X, InfinibandRate::DDR);
        return r.GetDataRate().GetBitRate() * double(mtu) /
               r.GetWireBytes(InfinibandPacketSize::GetPacketBytes(mtu));
    }

    /** @return payload bit/s of A's bus reading @p mtu-byte payloads: E(M) R, (7) */
    double BusPayloadRate(uint32_t mtu) const
    {
        return a.bus->GetEfficiency(HostBus::FROM_MEMORY, mtu) * a.bus->GetPeakRate().GetBitRate();
    }

    /** @return T_b of a DMA read of @p n bytes (0 for 0) */
    Time Read(uint32_t n) const
    {
        return n ? a.bus->GetTransferTime(HostBus::FROM_MEMORY, n) : Time(0);
    }

    /** @return T_b' of a DMA write of @p n bytes */
    Time Write(uint32_t n) const
    {
        return n ? a.bus->GetTransferTime(HostBus::TO_MEMORY, n) : Time(0);
    }

    /** @return c / f */
    Time Cycles(const std::string& attribute) const
    {
        UintegerValue c;
        a.recvCq->GetAttribute(attribute, c);
        return a.cpu->GetServiceTime(c.Get());
    }

    /** @return P */
    Time P() const
    {
        return a.hca->GetPacketProcessingTime();
    }

    /** Post @p wr on A at kStart. */
    void PostAtStart(const InfinibandSendWorkRequest& wr)
    {
        Simulator::Schedule(kStart, [this, wr]() { a.qp->PostSend(wr); });
    }

    End a;
    End b;
    bool ok{false};

  private:
    static void Build(End& e, Ptr<Node> node, Ptr<NetDevice> port, uint32_t generation)
    {
        e.node = node;
        e.bus = CreateObjectWithAttributes<HostBus>("Kind",
                                                    StringValue("PciExpress"),
                                                    "Lanes",
                                                    UintegerValue(8),
                                                    "Generation",
                                                    UintegerValue(generation));
        e.cpu = CreateObjectWithAttributes<HostCpu>("Frequency", UintegerValue(2'000'000'000));
        node->AggregateObject(e.bus);
        node->AggregateObject(e.cpu);
        e.hca = InfinibandVerbsHelper().Install(DynamicCast<InfinibandNetDevice>(port));
        e.sendCq = e.hca->CreateCompletionQueue();
        e.recvCq = e.hca->CreateCompletionQueue();
        e.qp = e.hca->CreateQueuePair(e.sendCq, e.recvCq, 1);
    }
};

InfinibandSendWorkRequest
Wr(InfinibandWrOpcode op, uint64_t length, uint64_t id = 1)
{
    InfinibandSendWorkRequest wr;
    wr.wrId = id;
    wr.opcode = op;
    wr.length = length;
    return wr;
}

/**
 * Equation (6) of InfinibandHca up to the receive CQE being written:
 * T_b(D) + T_b(W) + P + T_b(m) + T_r(p) + d + P + T_b'(m) + T_b'(C).
 */
Time
SendToCqe(const Pair& x, uint32_t m)
{
    return x.Read(4) + x.Read(64) + x.P() + x.Read(m) + x.Wire(m) + kCable + x.P() + x.Write(m) +
           x.Write(32);
}

/** One-way latency of a SEND of m bytes, polling or events. */
class LatencyTestCase : public TestCase
{
  public:
    LatencyTestCase(uint32_t m, bool events)
        : TestCase("one-way latency of a " + std::to_string(m) + " B SEND, " +
                   (events ? "completion event" : "busy polling") + " = equation (6)"),
          m_m(m),
          m_events(events)
    {
    }

  private:
    void DoRun() override
    {
        Pair x(1, "2048", m_events);
        NS_TEST_ASSERT_MSG_EQ(x.ok, true, "connect");
        x.b.qp->PostReceive({7, 4096});
        x.PostAtStart(Wr(InfinibandWrOpcode::SEND, m_m));
        Simulator::Run();
        // polling: + c_poll / f; events: + c_irq / f + c_wake / f (an idle CPU)
        const Time notice = m_events ? x.Cycles("InterruptCycles") + x.Cycles("WakeupCycles")
                                     : x.Cycles("PollCycles");
        const Time expected = kStart + SendToCqe(x, m_m) + notice;
        NS_TEST_ASSERT_MSG_EQ(x.b.recvSeen.size(), 1, "one receive completion");
        NS_TEST_ASSERT_MSG_EQ(x.a.sendWc.size(), 1, "one send completion");
        NS_TEST_ASSERT_MSG_EQ(x.b.recvSeen[0], expected, "one-way latency");
        NS_TEST_ASSERT_MSG_EQ(x.b.recvWc[0].byteLen, m_m, "byte_len");
        NS_TEST_ASSERT_MSG_EQ(x.b.recvWc[0].wrId, 7, "wr_id");
    }

    uint32_t m_m;
    bool m_events;
};

/** Streaming RDMA WRITEs: equation (7). */
class StreamingTestCase : public TestCase
{
  public:
    explicit StreamingTestCase(uint32_t generation)
        : TestCase("8 RDMA WRITEs of 1 MiB, PCIe gen " + std::to_string(generation) +
                   ": rate = min of link r M over W(p(M)) and bus E(M) R within 0.5 %"),
          m_generation(generation)
    {
    }

  private:
    void DoRun() override
    {
        Pair x(m_generation);
        const uint32_t key = x.b.hca->RegisterMemoryRegion(1 << 20);
        const uint32_t n = 8;
        Simulator::Schedule(kStart, [&x, key]() {
            for (uint32_t i = 0; i < n; ++i)
            {
                InfinibandSendWorkRequest wr = Wr(InfinibandWrOpcode::RDMA_WRITE, 1 << 20, i);
                wr.remoteKey = key;
                x.a.qp->PostSend(wr);
            }
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(x.a.sendWc.size(), n, "all complete");
        const double seconds = (x.a.sendSeen.back() - kStart).GetSeconds();
        const double rate = 8.0 * n * (1 << 20) / seconds;
        const uint32_t mtu = 2048;
        const double link = x.LinkPayloadRate(mtu);
        const double bus = x.BusPayloadRate(mtu);
        const double expected = std::min(link, bus);
        NS_TEST_ASSERT_MSG_EQ_TOL(rate / expected, 1.0, 0.005, "streaming rate " << rate);
        const bool busLimited = bus < link;
        const bool gen1 = m_generation == 1;
        NS_TEST_ASSERT_MSG_EQ(busLimited, gen1, "gen 1: the bus limits");
    }

    uint32_t m_generation;
};

/** Segmentation: ceil(m over M) packets, opcodes, PSNs, byte_len. */
class SegmentationTestCase : public TestCase
{
  public:
    SegmentationTestCase(InfinibandWrOpcode op, uint32_t m, uint32_t mtu)
        : TestCase(std::string(op == InfinibandWrOpcode::SEND ? "SEND" : "RDMA WRITE") + " of " +
                   std::to_string(m) + " B at MTU " + std::to_string(mtu) +
                   ": ceil(m over M) packets, FIRST, MIDDLE, LAST, PSNs 0..n-1"),
          m_op(op),
          m_m(m),
          m_mtu(mtu)
    {
    }

  private:
    void DoRun() override
    {
        Pair x(1, std::to_string(m_mtu));
        x.b.qp->PostReceive({1, m_m});
        InfinibandSendWorkRequest wr = Wr(m_op, m_m);
        wr.remoteKey = x.b.hca->RegisterMemoryRegion(m_m);
        x.PostAtStart(wr);
        Simulator::Run();
        const uint32_t n = std::max<uint32_t>(1, (m_m + m_mtu - 1) / m_mtu);
        const bool send = m_op == InfinibandWrOpcode::SEND;
        const uint8_t first = send ? 0x00 : 0x06;
        const uint8_t only = send ? 0x04 : 0x0A;
        NS_TEST_ASSERT_MSG_EQ(x.a.txPsns.size(), n, "packets");
        uint64_t bytes = 0;
        for (uint32_t i = 0; i < n; ++i)
        {
            const uint8_t op = n == 1 ? only : i == 0 ? first : i + 1 == n ? first + 2 : first + 1;
            NS_TEST_ASSERT_MSG_EQ(+x.a.txOpcodes[i], +op, "opcode of packet " << i);
            NS_TEST_ASSERT_MSG_EQ(x.a.txPsns[i], i, "PSN of packet " << i);
            const uint32_t payload = i + 1 < n ? m_mtu : m_m - (n - 1) * m_mtu;
            NS_TEST_ASSERT_MSG_EQ(x.a.txPayloads[i], payload, "payload");
            bytes += x.a.txPayloads[i];
        }
        NS_TEST_ASSERT_MSG_EQ(bytes, m_m, "bytes");
        NS_TEST_ASSERT_MSG_EQ(x.a.sendWc.size(), 1, "one send completion");
        if (send)
        {
            NS_TEST_ASSERT_MSG_EQ(x.b.recvWc.size(), 1, "one receive completion");
            NS_TEST_ASSERT_MSG_EQ(x.b.recvWc[0].byteLen, m_m, "byte_len = m");
        }
    }

    InfinibandWrOpcode m_op;
    uint32_t m_m;
    uint32_t m_mtu;
};

/**
 * A one-packet SEND lost once: it is resent exactly one Local ACK Timeout after it was
 * handed to the port, so the sender's completion comes T_o + P + T_b(m) later than
 * without loss (the resend pays the engine and the payload read again, not the doorbell
 * or WQE fetch).
 */
class RetransmissionTimeoutTestCase : public TestCase
{
  public:
    RetransmissionTimeoutTestCase()
        : TestCase("a lost one-packet SEND completes once, one Local ACK Timeout later")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t m = 64;
        Pair x;
        x.a.qp->SetAttribute("Timeout", UintegerValue(4)); // 4.096 us x 16 = 65.536 us
        Ptr<ReceiveListErrorModel> em = CreateObject<ReceiveListErrorModel>();
        em->SetList({0}); // the first packet B receives (ReceiveListErrorModel counts from 0)
        x.b.hca->SetAttribute("ReceiveErrorModel", PointerValue(em));
        x.b.qp->PostReceive({1, 4096});
        x.PostAtStart(Wr(InfinibandWrOpcode::SEND, m));
        Simulator::Run();
        // without loss: SEND to B's engine, ACK back (ACK packet: AETH, no payload), A's
        // engine, CQE write, poll
        const Time noLoss = kStart + SendToCqe(x, m) - x.Write(m) - x.Write(32) + x.Wire(0, 4) +
                            kCable + x.P() + x.Write(32) + x.Cycles("PollCycles");
        const Time timeout = NanoSeconds(4096 * 16);
        NS_TEST_ASSERT_MSG_EQ(x.a.qp->GetLocalAckTimeout(), timeout, "T_o = 4.096 us x 2^t");
        NS_TEST_ASSERT_MSG_EQ(x.a.sendSeen.size(), 1, "completes once");
        NS_TEST_ASSERT_MSG_EQ(x.a.txPsns.size(), 2, "sent twice");
        NS_TEST_ASSERT_MSG_EQ(x.a.sendSeen[0], noLoss + timeout + x.P() + x.Read(m), "time");
        NS_TEST_ASSERT_MSG_EQ(x.a.timeouts, 1, "one timeout");
        NS_TEST_ASSERT_MSG_EQ(x.a.txPsns[1], 0, "resent from the lost PSN");
        NS_TEST_ASSERT_MSG_EQ(x.a.txAgain[1], true, "flagged as a retransmission");
        NS_TEST_ASSERT_MSG_EQ(x.b.recvWc.size(), 1, "received once");
    }
};

/**
 * A middle packet of 3 lost: NAK sequence error, resend from it, no timeout. From PSN 0,
 * and across the end of the 24-bit PSN space (IB 9.7.1: PSNs are modulo 2^24): from
 * 0xFFFFFE the SEND uses 0xFFFFFE, 0xFFFFFF and 0, the responder NAKs 0xFFFFFF, the
 * requester resends 0xFFFFFF and 0, and it completes once, as from PSN 0. Mistake tried:
 * the responder comparing PSNs without the modulo (PSN 0 taken as behind the expected
 * 0xFFFFFF, a duplicate: no NAK, the requester times out - the wrap case fails).
 */
class RetransmissionNakTestCase : public TestCase
{
  public:
    explicit RetransmissionNakTestCase(uint32_t startPsn)
        : TestCase("PSN " + std::to_string(startPsn) +
                   " + 1 of 3 lost (mod 2^24): one NAK, the "
                   "last two resent, completes once, no timeout"),
          m_startPsn(startPsn)
    {
    }

  private:
    void DoRun() override
    {
        Pair x(1, "2048", false, false, m_startPsn);
        NS_TEST_ASSERT_MSG_EQ(x.ok, true, "connected");
        Ptr<ReceiveListErrorModel> em = CreateObject<ReceiveListErrorModel>();
        em->SetList({1}); // the second packet B receives
        x.b.hca->SetAttribute("ReceiveErrorModel", PointerValue(em));
        x.b.qp->PostReceive({1, 8192});
        x.PostAtStart(Wr(InfinibandWrOpcode::SEND, 6000));
        Simulator::Run();
        const uint32_t mask = 0xFFFFFF; // 24-bit PSNs
        std::vector<uint32_t> psns;
        for (uint32_t k : {0, 1, 2, 1, 2})
        {
            psns.push_back((m_startPsn + k) & mask);
        }
        NS_TEST_ASSERT_MSG_EQ(x.a.txPsns.size(), psns.size(), "packets sent");
        for (size_t i = 0; i < psns.size() && i < x.a.txPsns.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(x.a.txPsns[i], psns[i], "PSN " << i);
        }
        NS_TEST_ASSERT_MSG_EQ(x.a.naks, 1, "one NAK");
        NS_TEST_ASSERT_MSG_EQ(x.a.timeouts, 0, "no timeout");
        NS_TEST_ASSERT_MSG_EQ(x.a.sendWc.size(), 1, "completes once");
        NS_TEST_ASSERT_MSG_EQ(x.b.recvWc.size(), 1, "received once");
        NS_TEST_ASSERT_MSG_EQ(x.b.recvWc[0].byteLen, 6000, "byte_len");
    }

    uint32_t m_startPsn;
};

/**
 * Two QPs of the same HCAs stream at once (InfinibandHca (3): the packet engine takes the
 * QPs' ready packets round robin): four RDMA WRITEs of 1 MiB each, both QPs posted at once.
 * Together they get the one-QP rate of equation (7), min(link, bus), within 0.5 %, and each
 * half of it: their last completions lie within a few packet times of each other (4 x
 * the bottleneck's time per 2048 B packet). Mistake tried: the engine keeping a QP while it
 * has packets (push_front instead of push_back: one QP's 4 MiB first, its last completion
 * 2.4 ms before the other's: fails).
 */
class TwoQpsTestCase : public TestCase
{
  public:
    TwoQpsTestCase()
        : TestCase("two QPs of one HCA share the link round robin: min(link, bus) together")
    {
    }

  private:
    void DoRun() override
    {
        Pair x;
        Ptr<InfinibandQueuePair> qa = x.a.hca->CreateQueuePair(x.a.sendCq, x.a.recvCq, 1);
        Ptr<InfinibandQueuePair> qb = x.b.hca->CreateQueuePair(x.b.sendCq, x.b.recvCq, 1);
        qa->SetAttribute("Mtu", StringValue("2048"));
        qb->SetAttribute("Mtu", StringValue("2048"));
        NS_TEST_ASSERT_MSG_EQ(InfinibandVerbsHelper::Connect(qa, qb), true, "second pair");
        const uint32_t key = x.b.hca->RegisterMemoryRegion(1 << 20);
        const uint32_t n = 4;
        Simulator::Schedule(kStart, [&x, qa, key]() {
            for (uint32_t i = 0; i < n; ++i)
            {
                for (Ptr<InfinibandQueuePair> qp : {x.a.qp, qa})
                {
                    InfinibandSendWorkRequest wr = Wr(InfinibandWrOpcode::RDMA_WRITE, 1 << 20, i);
                    wr.remoteKey = key;
                    qp->PostSend(wr);
                }
            }
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(x.a.sendWc.size(), 2 * n, "all complete");
        Time last[2];
        for (size_t i = 0; i < x.a.sendWc.size(); ++i)
        {
            last[x.a.sendWc[i].qpNum == qa->GetQpNum() ? 1 : 0] = x.a.sendSeen[i];
        }
        const double seconds = (std::max(last[0], last[1]) - kStart).GetSeconds();
        const double rate = 8.0 * 2 * n * (1 << 20) / seconds;
        const uint32_t mtu = 2048;
        const double expected = std::min(x.LinkPayloadRate(mtu), x.BusPayloadRate(mtu));
        NS_TEST_ASSERT_MSG_EQ_TOL(rate / expected, 1.0, 0.005, "together " << rate);
        const Time packet = Seconds(8.0 * mtu / expected);
        const Time apart = last[0] > last[1] ? last[0] - last[1] : last[1] - last[0];
        NS_TEST_ASSERT_MSG_LT_OR_EQ(apart, packet * 4, "both done together (round robin)");
    }
};

/**
 * SEND before a receive is posted: RNR NAKs every cycle
 * C = T_r(ACK) + d + P + RNR(1) + P + T_b(m) + T_r(p) + d + P until the responder finds a
 * receive WQE; arrival k at t1 + k C, t1 = arrival of the first.
 */
class RnrTestCase : public TestCase
{
  public:
    RnrTestCase()
        : TestCase("SEND without a posted receive: RNR NAKs every RNR timer, completes when "
                   "posted")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t m = 64;
        Pair x;
        x.b.qp->SetAttribute("MinRnrTimer", UintegerValue(1)); // 0.01 ms
        x.PostAtStart(Wr(InfinibandWrOpcode::SEND, m));
        const Time posted = MicroSeconds(45);
        Simulator::Schedule(posted, [&x]() { x.b.qp->PostReceive({3, 4096}); });
        Simulator::Run();
        const Time t1 =
            kStart + x.Read(4) + x.Read(64) + x.P() + x.Read(m) + x.Wire(m) + kCable + x.P();
        const Time cycle = x.Wire(0, 4) + kCable + x.P() + MicroSeconds(10) + x.P() + x.Read(m) +
                           x.Wire(m) + kCable + x.P();
        int64_t k = 0;
        while (t1 + cycle * k < posted)
        {
            ++k;
        }
        NS_TEST_ASSERT_MSG_EQ(InfinibandQueuePair::RnrTimerValue(1), MicroSeconds(10), "Table 45");
        NS_TEST_ASSERT_MSG_EQ(x.a.naks, k, "RNR NAKs");
        NS_TEST_ASSERT_MSG_EQ(x.b.recvSeen.size(), 1, "received once");
        NS_TEST_ASSERT_MSG_EQ(x.b.recvSeen[0],
                              t1 + cycle * k + x.Write(m) + x.Write(32) + x.Cycles("PollCycles"),
                              "received at arrival k");
        NS_TEST_ASSERT_MSG_EQ(x.a.sendWc.size(), 1, "send completes once");
        NS_TEST_ASSERT_MSG_EQ(uint32_t(x.a.sendWc[0].status), 0, "success");
    }
};

/**
 * Through a cut-through switch the request's tail reaches B L + d later than over a direct
 * cable (the switch's port-to-port latency and the second cable; the serialisation is paid
 * once): the one-way latency of equation (6) plus L + d.
 */
class SwitchLatencyTestCase : public TestCase
{
  public:
    SwitchLatencyTestCase()
        : TestCase("one-way latency through a cut-through switch: (6) plus L + d")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t m = 64;
        Pair x(1, "2048", false, true);
        NS_TEST_ASSERT_MSG_EQ(x.ok, true, "connect");
        x.b.qp->PostReceive({7, 4096});
        x.PostAtStart(Wr(InfinibandWrOpcode::SEND, m));
        Simulator::Run();
        const Time expected =
            kStart + SendToCqe(x, m) + x.Cycles("PollCycles") + kSwitchLatency + kCable;
        NS_TEST_EXPECT_MSG_EQ(x.b.recvSeen.size(), 1, "one receive completion");
        NS_TEST_EXPECT_MSG_EQ((x.b.recvSeen.empty() ? Time(0) : x.b.recvSeen[0]),
                              expected,
                              "one-way latency through the switch");
    }
};

/**
 * Every transmission of the request lost, RetryCount 2: the requester times out 3 times
 * (the send and 2 retries, 9.7.6.1.3), then completes the WQE with RETRY_EXC_ERR and
 * goes to ERROR; PSN 0 went out 3 times; B completed nothing; the error is seen no sooner
 * than 3 T_o after the first transmission.
 */
class RetryExhaustedTestCase : public TestCase
{
  public:
    RetryExhaustedTestCase()
        : TestCase("every copy lost: RETRY_EXC_ERR after RetryCount + 1 timeouts")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t m = 64;
        // RetryCount is read at ModifyToRts, which Pair runs: set it as the default first
        Config::SetDefault("ns3::hybridnet::InfinibandQueuePair::RetryCount", UintegerValue(2));
        Pair x;
        Config::Reset();
        x.a.qp->SetAttribute("Timeout", UintegerValue(4)); // 65.536 us
        Ptr<ReceiveListErrorModel> em = CreateObject<ReceiveListErrorModel>();
        em->SetList({0, 1, 2});
        x.b.hca->SetAttribute("ReceiveErrorModel", PointerValue(em));
        x.b.qp->PostReceive({1, 4096});
        x.PostAtStart(Wr(InfinibandWrOpcode::SEND, m));
        Simulator::Run();
        const Time firstTx = kStart + x.Read(4) + x.Read(64) + x.P() + x.Read(m);
        NS_TEST_EXPECT_MSG_EQ(x.a.timeouts, 3, "RetryCount + 1 timeouts");
        NS_TEST_EXPECT_MSG_EQ(x.a.txPsns.size(), 3, "sent 3 times");
        NS_TEST_EXPECT_MSG_EQ(x.a.sendWc.size(), 1, "one completion");
        NS_TEST_EXPECT_MSG_EQ((x.a.sendWc.empty() ? 0u : uint32_t(x.a.sendWc[0].status)),
                              uint32_t(InfinibandWcStatus::RETRY_EXC_ERR),
                              "RETRY_EXC_ERR");
        NS_TEST_EXPECT_MSG_GT_OR_EQ((x.a.sendSeen.empty() ? Time(0) : x.a.sendSeen[0]),
                                    firstTx + x.a.qp->GetLocalAckTimeout() * 3,
                                    "no sooner than 3 T_o");
        NS_TEST_EXPECT_MSG_EQ(uint32_t(x.a.qp->GetState()),
                              uint32_t(InfinibandQueuePair::ERROR),
                              "QP in ERROR");
        NS_TEST_EXPECT_MSG_EQ(x.b.recvWc.size(), 0, "nothing received");
    }
};

/** No receive ever posted, RnrRetry 1: two RNR NAKs, then RNR_RETRY_EXC_ERR. */
class RnrRetryExhaustedTestCase : public TestCase
{
  public:
    RnrRetryExhaustedTestCase()
        : TestCase("no receive ever posted: RNR_RETRY_EXC_ERR after RnrRetry + 1 RNR NAKs")
    {
    }

  private:
    void DoRun() override
    {
        Config::SetDefault("ns3::hybridnet::InfinibandQueuePair::RnrRetry", UintegerValue(1));
        Pair x; // RnrRetry is read at ModifyToRts, which Pair runs
        Config::Reset();
        x.b.qp->SetAttribute("MinRnrTimer", UintegerValue(1)); // 0.01 ms
        x.PostAtStart(Wr(InfinibandWrOpcode::SEND, 64));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(x.a.naks, 2, "RnrRetry + 1 RNR NAKs");
        NS_TEST_EXPECT_MSG_EQ(x.a.sendWc.size(), 1, "one completion");
        NS_TEST_EXPECT_MSG_EQ((x.a.sendWc.empty() ? 0u : uint32_t(x.a.sendWc[0].status)),
                              uint32_t(InfinibandWcStatus::RNR_RETRY_EXC_ERR),
                              "RNR_RETRY_EXC_ERR");
    }
};

/** RDMA READ byte count; accesses outside the region complete in error. */
class ReadAndAccessTestCase : public TestCase
{
  public:
    ReadAndAccessTestCase()
        : TestCase("RDMA READ returns its bytes in ceil(m over M) responses; outside the region "
                   "REM_ACCESS_ERR")
    {
    }

  private:
    void DoRun() override
    {
        RunRead();
        RunOutside(InfinibandWrOpcode::RDMA_READ, 10000, 6385);
        RunOutside(InfinibandWrOpcode::RDMA_WRITE, 100, 16300);
    }

    void RunRead()
    {
        Pair x;
        InfinibandSendWorkRequest wr = Wr(InfinibandWrOpcode::RDMA_READ, 10000);
        wr.remoteKey = x.b.hca->RegisterMemoryRegion(16384);
        wr.remoteOffset = 6384; // exactly to the end of the region
        x.PostAtStart(wr);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(x.a.sendWc.size(), 1, "one completion");
        NS_TEST_ASSERT_MSG_EQ(uint32_t(x.a.sendWc[0].status), 0, "success");
        NS_TEST_ASSERT_MSG_EQ(uint32_t(x.a.sendWc[0].opcode),
                              uint32_t(InfinibandWcOpcode::RDMA_READ),
                              "opcode");
        NS_TEST_ASSERT_MSG_EQ(x.a.sendWc[0].byteLen, 10000, "byte_len");
        NS_TEST_ASSERT_MSG_EQ(x.b.txPsns.size(), 5, "ceil(10000 / 2048) responses");
        NS_TEST_ASSERT_MSG_EQ(+x.b.txOpcodes.front(), 0x0D, "READ_RESPONSE_FIRST");
        NS_TEST_ASSERT_MSG_EQ(+x.b.txOpcodes.back(), 0x0F, "READ_RESPONSE_LAST");
        NS_TEST_ASSERT_MSG_EQ(x.b.txPayloads.back(), 10000 - 4 * 2048, "last response");
    }

    void RunOutside(InfinibandWrOpcode op, uint32_t m, uint64_t offset)
    {
        Pair x;
        InfinibandSendWorkRequest wr = Wr(op, m);
        wr.remoteKey = x.b.hca->RegisterMemoryRegion(16384);
        wr.remoteOffset = offset; // one byte beyond (READ) / 16 beyond (WRITE)
        wr.signaled = false;      // errors complete anyway
        x.PostAtStart(wr);
        x.PostAtStart(Wr(InfinibandWrOpcode::SEND, 8, 2));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(x.a.sendWc.size(), 2, "error and flush");
        NS_TEST_ASSERT_MSG_EQ(uint32_t(x.a.sendWc[0].status),
                              uint32_t(InfinibandWcStatus::REM_ACCESS_ERR),
                              ToString(x.a.sendWc[0].status));
        NS_TEST_ASSERT_MSG_EQ(uint32_t(x.a.sendWc[1].status),
                              uint32_t(InfinibandWcStatus::WR_FLUSH_ERR),
                              "the next one flushed");
        NS_TEST_ASSERT_MSG_EQ(uint32_t(x.a.qp->GetState()),
                              uint32_t(InfinibandQueuePair::ERROR),
                              "QP in error");
    }
};

/** Refused uses: states, MTU, length. */
class BadUseTestCase : public TestCase
{
  public:
    BadUseTestCase()
        : TestCase("posting outside RTS, MTU 3000, a message above 2^31 B and a path MTU above "
                   "the port's are refused")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(2);
        InfinibandHelper ib; // port MTU 2048
        NetDeviceContainer ports = ib.Install(nodes.Get(0), nodes.Get(1));
        InfinibandSubnetManagerHelper().Configure(nodes);
        for (uint32_t i = 0; i < 2; ++i)
        {
            nodes.Get(i)->AggregateObject(CreateObject<HostBus>());
            nodes.Get(i)->AggregateObject(CreateObject<HostCpu>());
        }
        InfinibandVerbsHelper verbs;
        Ptr<InfinibandHca> ha = verbs.Install(DynamicCast<InfinibandNetDevice>(ports.Get(0)));
        Ptr<InfinibandHca> hb = verbs.Install(DynamicCast<InfinibandNetDevice>(ports.Get(1)));
        Ptr<InfinibandCompletionQueue> ca = ha->CreateCompletionQueue();
        Ptr<InfinibandCompletionQueue> cb = hb->CreateCompletionQueue();
        Ptr<InfinibandQueuePair> qa = ha->CreateQueuePair(ca, ca, 1);
        Ptr<InfinibandQueuePair> qb = hb->CreateQueuePair(cb, cb, 1);
        const InfinibandSendWorkRequest wr = Wr(InfinibandWrOpcode::SEND, 8);
        using S = InfinibandPostStatus;
        NS_TEST_ASSERT_MSG_EQ(uint32_t(qa->PostSend(wr)), uint32_t(S::INVALID_STATE), "RESET");
        NS_TEST_ASSERT_MSG_EQ(uint32_t(qa->PostReceive({1, 8})),
                              uint32_t(S::INVALID_STATE),
                              "receive in RESET");
        NS_TEST_ASSERT_MSG_EQ(
            qa->SetAttributeFailSafe("Mtu", EnumValue(InfinibandNetDevice::Mtu(3000))),
            false,
            "MTU 3000 refused by the checker");
        NS_TEST_ASSERT_MSG_EQ(qa->SetAttributeFailSafe("Mtu", StringValue("4096")),
                              true,
                              "MTU 4096 accepted");
        qa->ModifyToInit();
        qb->ModifyToInit();
        NS_TEST_ASSERT_MSG_EQ(uint32_t(qa->PostSend(wr)), uint32_t(S::INVALID_STATE), "INIT");
        NS_TEST_ASSERT_MSG_EQ(uint32_t(qa->PostReceive({1, 8})),
                              uint32_t(S::OK),
                              "receive in INIT");
        NS_TEST_ASSERT_MSG_EQ(qa->ModifyToRtr(qb->GetLid(), qb->GetQpNum(), 0),
                              false,
                              "path MTU 4096 above the port's 2048");
        qa->SetAttribute("Mtu", StringValue("2048"));
        NS_TEST_ASSERT_MSG_EQ(qa->ModifyToRtr(qb->GetLid(), qb->GetQpNum(), 0), true, "RTR");
        NS_TEST_ASSERT_MSG_EQ(uint32_t(qa->PostSend(wr)), uint32_t(S::INVALID_STATE), "RTR");
        NS_TEST_ASSERT_MSG_EQ(qa->ModifyToRts(0), true, "RTS");
        InfinibandSendWorkRequest big = Wr(InfinibandWrOpcode::RDMA_WRITE, (1ULL << 31) + 1);
        NS_TEST_ASSERT_MSG_EQ(uint32_t(qa->PostSend(big)),
                              uint32_t(S::INVALID_LENGTH),
                              "2^31 + 1 bytes");
        NS_TEST_ASSERT_MSG_EQ(uint32_t(qa->PostSend(wr)), uint32_t(S::OK), "RTS accepts");
        NS_TEST_ASSERT_MSG_EQ(qa->ModifyToInit(), false, "RTS -> INIT refused");
        Simulator::Destroy();
    }
};

class InfinibandVerbsTestSuite : public TestSuite
{
  public:
    InfinibandVerbsTestSuite()
        : TestSuite("hybridnet-infiniband-verbs", Type::UNIT)
    {
        for (uint32_t m : {1, 64, 2048})
        {
            AddTestCase(new LatencyTestCase(m, false), Duration::QUICK);
        }
        AddTestCase(new LatencyTestCase(64, true), Duration::QUICK);
        AddTestCase(new StreamingTestCase(1), Duration::QUICK);
        AddTestCase(new TwoQpsTestCase, Duration::QUICK);
        AddTestCase(new StreamingTestCase(2), Duration::QUICK);
        AddTestCase(new SegmentationTestCase(InfinibandWrOpcode::SEND, 0, 256), Duration::QUICK);
        AddTestCase(new SegmentationTestCase(InfinibandWrOpcode::SEND, 1, 256), Duration::QUICK);
        AddTestCase(new SegmentationTestCase(InfinibandWrOpcode::SEND, 256, 256), Duration::QUICK);
        AddTestCase(new SegmentationTestCase(InfinibandWrOpcode::SEND, 257, 256), Duration::QUICK);
        AddTestCase(new SegmentationTestCase(InfinibandWrOpcode::SEND, 5000, 1024),
                    Duration::QUICK);
        AddTestCase(new SegmentationTestCase(InfinibandWrOpcode::RDMA_WRITE, 1 << 20, 4096),
                    Duration::QUICK);
        AddTestCase(new RetransmissionTimeoutTestCase(), Duration::QUICK);
        AddTestCase(new RetransmissionNakTestCase(0), Duration::QUICK);
        AddTestCase(new RetransmissionNakTestCase(0xFFFFFE), Duration::QUICK);
        AddTestCase(new RnrTestCase(), Duration::QUICK);
        AddTestCase(new SwitchLatencyTestCase(), Duration::QUICK);
        AddTestCase(new RetryExhaustedTestCase(), Duration::QUICK);
        AddTestCase(new RnrRetryExhaustedTestCase(), Duration::QUICK);
        AddTestCase(new ReadAndAccessTestCase(), Duration::QUICK);
        AddTestCase(new BadUseTestCase(), Duration::QUICK);
    }
};

InfinibandVerbsTestSuite g_infinibandVerbsTestSuite;

} // namespace
