/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * NicNetDevice: large receive offload (R6') and TCP segmentation offload (T2') of its class
 * comment, with expected values from those equations and HostCpu (1).
 */
#include "hybridnet/ethernet-net-device.h"
#include "hybridnet/host-cpu.h"
#include "hybridnet/nic-helper.h"
#include "hybridnet/nic-net-device.h"
#include "tcp-test-segment.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/test.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint16_t kIpv4 = 0x0800;
constexpr uint64_t kHz = 1'000'000'000;  // 1 GHz: 1000 cycles = 1 us
constexpr uint64_t kSlowIrq = 1'000'000; // 1 ms handler: a burst is ready for one poll
constexpr uint32_t kPayload = 1000;      // B per test segment
constexpr uint32_t kGsoMaxSize = 65536;  // GSO_MAX_SIZE
constexpr uint32_t kFirstSequence = 1;   // of the test connection
constexpr uint32_t kFirstAck = 500;      // segment k carries ACK kFirstAck + k
constexpr uint16_t kFirstWindow = 1000;  // segment k carries window kFirstWindow + k
constexpr uint32_t kTimestamp = 77;      // TSval of segment k: kTimestamp + k

/** What the stack received: one entry per delivered packet. */
struct Delivery
{
    uint32_t payload; //!< TCP payload bytes
    uint32_t ack;     //!< acknowledgment number
    uint16_t window;  //!< window field
    uint32_t ipTotal; //!< IPv4 total length
};

/**
 * @param k the segment's index (ACK, window and TSval follow it)
 * @param sequence its sequence number
 * @param flags TCP flags
 * @param payload payload bytes
 * @return an IPv4 packet with a TCP segment carrying a timestamp option
 */
Ptr<Packet>
Segment(uint32_t k, uint32_t sequence, uint8_t flags, uint32_t payload = kPayload)
{
    auto ts = CreateObject<TcpOptionTS>();
    ts->SetTimestamp(kTimestamp + k);
    ts->SetEcho(1);
    TcpTestSegment fields;
    fields.sequence = sequence;
    fields.flags = flags;
    fields.ack = kFirstAck + k;
    fields.window = kFirstWindow + k;
    fields.option = ts;
    return MakeTcpSegment(Create<Packet>(payload), fields);
}

/** A sender port cabled to a NIC on a 1 GHz host whose interrupt handler takes 1 ms. */
struct Bench
{
    Ptr<Node> sender;
    Ptr<Node> host;
    Ptr<EthernetNetDevice> port;
    Ptr<NicNetDevice> nic;
    std::vector<Delivery> deliveries;
    std::vector<Time> times;

    explicit Bench(NicHelper helper)
    {
        sender = CreateObject<Node>();
        host = CreateObject<Node>();
        helper.SetCpuAttribute("Frequency", UintegerValue(kHz));
        helper.SetBusAttribute("Kind", StringValue("PciExpress"));
        helper.SetBusAttribute("Lanes", UintegerValue(8));
        helper.SetModeratorAttribute("InterruptThrottleRate", UintegerValue(0));
        helper.SetDeviceAttribute("InterruptCycles", UintegerValue(kSlowIrq));
        NetDeviceContainer devices = helper.Install(host, sender);
        nic = DynamicCast<NicNetDevice>(devices.Get(0));
        port = DynamicCast<EthernetNetDevice>(devices.Get(1));
        port->GetQueue()->SetMaxSize(QueueSize("1000p"));
        NicHelper::AssignStreams(devices, 7);
        nic->SetReceiveCallback(MakeCallback(&Bench::Up, this));
    }

    bool Up(Ptr<NetDevice>, Ptr<const Packet> packet, uint16_t, const Address&)
    {
        Ptr<Packet> copy = packet->Copy();
        Ipv4Header ip;
        copy->RemoveHeader(ip);
        TcpHeader tcp;
        copy->RemoveHeader(tcp);
        deliveries.push_back({copy->GetSize(),
                              tcp.GetAckNumber().GetValue(),
                              tcp.GetWindowSize(),
                              static_cast<uint32_t>(ip.GetPayloadSize() + 20)});
        times.push_back(Simulator::Now());
        return true;
    }

    /** Segments k = 0.. with these sequence offsets and flags, back to back at 10 us. */
    void SendBurst(const std::vector<uint32_t>& sequences, const std::vector<uint8_t>& flags)
    {
        for (size_t k = 0; k < sequences.size(); ++k)
        {
            Simulator::Schedule(MicroSeconds(10), [this, k, seq = sequences[k], f = flags[k]]() {
                port->Send(Segment(k, seq, f), nic->GetAddress(), kIpv4);
            });
        }
    }

    Time Kernel() const
    {
        return host->GetObject<HostCpu>()->GetBusyTime(HostCpu::KERNEL);
    }

    Time Service(uint64_t cycles, uint64_t bytes) const
    {
        return host->GetObject<HostCpu>()->GetServiceTime(cycles, bytes);
    }
};

std::vector<uint32_t>
InOrder(uint32_t n)
{
    std::vector<uint32_t> sequences;
    for (uint32_t k = 0; k < n; ++k)
    {
        sequences.push_back(kFirstSequence + k * kPayload);
    }
    return sequences;
}

/**
 * (R6'): N in-order segments ready in one poll reach the stack as ceil(N / max) packets
 * with the summed payload, the last segment's ACK and window; CPU time N x driver +
 * ceil(N / max) x (stack + copy of the aggregate).
 */
class LroBurstTestCase : public TestCase
{
  public:
    LroBurstTestCase(uint32_t n, uint32_t max)
        : TestCase("LRO: " + std::to_string(n) + " in-order segments, at most " +
                   std::to_string(max) + " per aggregate"),
          m_n(n),
          m_max(max)
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t driver = 1000;
        const uint64_t stack = 4000;
        NicHelper helper;
        helper.SetDeviceAttribute("RxFrameCycles", UintegerValue(driver));
        helper.SetDeviceAttribute("RxPacketCycles", UintegerValue(stack));
        helper.SetDeviceAttribute("LroMaxAggregate", UintegerValue(m_max));
        Bench bench(helper);
        bench.SendBurst(InOrder(m_n), std::vector<uint8_t>(m_n, TcpHeader::ACK));
        Simulator::Run();
        const uint32_t packets = (m_n + m_max - 1) / m_max;
        NS_TEST_ASSERT_MSG_EQ(bench.deliveries.size(), packets, "ceil(N / max) packets");
        if (bench.deliveries.size() != packets)
        {
            Simulator::Destroy(); // the checks below would read past the deliveries
            return;
        }
        Time expected = bench.Service(0, 0); // the poll's fixed work: PollCycles = 0
        uint32_t total = 0;
        for (uint32_t i = 0; i < packets; ++i)
        {
            const uint32_t frames = std::min(m_max, m_n - i * m_max);
            const uint32_t last = i * m_max + frames - 1;
            const Delivery& d = bench.deliveries[i];
            NS_TEST_EXPECT_MSG_EQ(d.payload, frames * kPayload, "payloads concatenated");
            NS_TEST_EXPECT_MSG_EQ(d.ipTotal, 20 + 32 + frames * kPayload, "IPv4 total length");
            NS_TEST_EXPECT_MSG_EQ(d.ack, kFirstAck + last, "the last segment's ACK");
            NS_TEST_EXPECT_MSG_EQ(d.window, kFirstWindow + last, "the last segment's window");
            expected += bench.Service(stack, frames * kPayload);
            total += d.payload;
        }
        expected += m_n * bench.Service(driver, 0);
        NS_TEST_EXPECT_MSG_EQ(total, m_n * kPayload, "every byte once");
        NS_TEST_EXPECT_MSG_EQ(bench.nic->GetRxPackets(), m_n, "frames counted per frame");
        NS_TEST_EXPECT_MSG_EQ(bench.nic->GetRxStackPackets(), packets, "stack packets");
        NS_TEST_EXPECT_MSG_EQ(bench.nic->GetPolls(),
                              2u,
                              "one poll took them all; the latched cause's is empty");
        NS_TEST_EXPECT_MSG_EQ_TOL(bench.Kernel(), expected, NanoSeconds(1), "(R6') CPU time");
        Simulator::Destroy();
    }

    uint32_t m_n;
    uint32_t m_max;
};

/**
 * (R6'): a segment that does not continue its flow's aggregate (a gap in sequence, or a
 * flag besides ACK) flushes the aggregate and goes up alone; the next segments start anew.
 */
class LroFlushTestCase : public TestCase
{
  public:
    LroFlushTestCase(std::string what, std::vector<uint32_t> sequences, std::vector<uint8_t> flags)
        : TestCase("LRO: " + what + " flushes and goes up alone"),
          m_sequences(std::move(sequences)),
          m_flags(std::move(flags))
    {
    }

  private:
    void DoRun() override
    {
        NicHelper helper;
        helper.SetDeviceAttribute("LroMaxAggregate", UintegerValue(8));
        Bench bench(helper);
        bench.SendBurst(m_sequences, m_flags);
        Simulator::Run();
        // Segments 0-2 in order, 3 the odd one, 4-5 in order after it: 3 + 1 + 2.
        NS_TEST_ASSERT_MSG_EQ(bench.deliveries.size(), 3u, "three packets");
        if (bench.deliveries.size() != 3)
        {
            Simulator::Destroy();
            return;
        }
        NS_TEST_EXPECT_MSG_EQ(bench.deliveries[0].payload, 3 * kPayload, "0-2 merged");
        NS_TEST_EXPECT_MSG_EQ(bench.deliveries[0].ack, kFirstAck + 2, "ACK of segment 2");
        NS_TEST_EXPECT_MSG_EQ(bench.deliveries[1].payload, kPayload, "3 alone");
        NS_TEST_EXPECT_MSG_EQ(bench.deliveries[1].ack, kFirstAck + 3, "its own ACK");
        NS_TEST_EXPECT_MSG_EQ(bench.deliveries[2].payload, 2 * kPayload, "4-5 merged");
        NS_TEST_EXPECT_MSG_EQ(bench.deliveries[2].ack, kFirstAck + 5, "ACK of segment 5");
        Simulator::Destroy();
    }

    std::vector<uint32_t> m_sequences;
    std::vector<uint8_t> m_flags;
};

/**
 * LRO off: RxFrameCycles + RxPacketCycles per frame, so splitting 5000 cycles into
 * 1000 + 4000 delivers the same frames at the same times as 0 + 5000.
 */
class LroOffTestCase : public TestCase
{
  public:
    LroOffTestCase()
        : TestCase("LRO off: every frame delivered alone at the times of the unsplit cost")
    {
    }

  private:
    std::vector<Time> Run(uint64_t frameCycles, uint64_t packetCycles)
    {
        NicHelper helper;
        helper.SetDeviceAttribute("RxFrameCycles", UintegerValue(frameCycles));
        helper.SetDeviceAttribute("RxPacketCycles", UintegerValue(packetCycles));
        Bench bench(helper);
        const uint32_t n = 20;
        bench.SendBurst(InOrder(n), std::vector<uint8_t>(n, TcpHeader::ACK));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(bench.deliveries.size(), n, "one packet per frame");
        NS_TEST_EXPECT_MSG_EQ(bench.nic->GetRxStackPackets(), n, "stack packets = frames");
        NS_TEST_EXPECT_MSG_EQ(bench.Kernel(),
                              n * bench.Service(frameCycles + packetCycles, kPayload),
                              "(R6) per frame");
        std::vector<Time> times = bench.times;
        Simulator::Destroy();
        return times;
    }

    void DoRun() override
    {
        const std::vector<Time> split = Run(1000, 4000);
        const std::vector<Time> whole = Run(0, 5000);
        NS_TEST_EXPECT_MSG_EQ((split == whole), true, "identical delivery times");
    }
};

/**
 * (T2'): k segments of P bytes of one connection handed down at the same time cost
 * ceil(k / floor(65536 / P)) x TxPacketCycles; at two times, each group its own bursts;
 * with Tso off, k x TxPacketCycles.
 */
class TsoTestCase : public TestCase
{
  public:
    TsoTestCase(bool tso, uint32_t k, uint32_t groups)
        : TestCase(std::string("TSO ") + (tso ? "on" : "off") + ": " + std::to_string(k) +
                   " segments of 1448 B in " + std::to_string(groups) + " group(s)"),
          m_tso(tso),
          m_k(k),
          m_groups(groups)
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t txCycles = 3000;
        const uint32_t payload = 1448;
        NicHelper helper;
        helper.SetDeviceAttribute("TxPacketCycles", UintegerValue(txCycles));
        helper.SetDeviceAttribute("Tso", BooleanValue(m_tso));
        Bench bench(helper);
        const uint32_t perGroup = m_k / m_groups;
        for (uint32_t g = 0; g < m_groups; ++g)
        {
            Simulator::Schedule(MicroSeconds(10 + 100 * g), [&bench, g, perGroup, payload]() {
                for (uint32_t i = 0; i < perGroup; ++i)
                {
                    const uint32_t k = g * perGroup + i;
                    bench.nic->Send(
                        Segment(k, kFirstSequence + k * payload, TcpHeader::ACK, payload),
                        bench.port->GetAddress(),
                        kIpv4);
                }
            });
        }
        Simulator::Run();
        const uint32_t perBurst = kGsoMaxSize / payload;
        const uint32_t bursts = m_tso ? m_groups * ((perGroup + perBurst - 1) / perBurst) : m_k;
        const Time expected =
            bursts * bench.Service(txCycles, payload) + (m_k - bursts) * bench.Service(0, payload);
        NS_TEST_EXPECT_MSG_EQ_TOL(bench.Kernel(), expected, NanoSeconds(1), "(T2')");
        NS_TEST_EXPECT_MSG_EQ(bench.nic->GetTxPackets(), m_k, "every segment on the wire");
        Simulator::Destroy();
    }

    bool m_tso;
    uint32_t m_k;
    uint32_t m_groups;
};

class LroTsoTestSuite : public TestSuite
{
  public:
    LroTsoTestSuite()
        : TestSuite("hybridnet-nic-lro-tso", Type::UNIT)
    {
        AddTestCase(new LroBurstTestCase(20, 8), Duration::QUICK);
        AddTestCase(new LroBurstTestCase(9, 9), Duration::QUICK);
        AddTestCase(new LroBurstTestCase(5, 1), Duration::QUICK);
        const uint8_t ack = TcpHeader::ACK;
        const std::vector<uint32_t> inOrder = InOrder(6);
        std::vector<uint32_t> gap = inOrder;
        for (size_t k = 3; k < gap.size(); ++k)
        {
            gap[k] += 2 * kPayload; // 3 jumps ahead; 4 and 5 follow it
        }
        AddTestCase(new LroFlushTestCase("a gap in sequence", gap, std::vector<uint8_t>(6, ack)),
                    Duration::QUICK);
        AddTestCase(new LroFlushTestCase("an URG segment",
                                         inOrder,
                                         {ack, ack, ack, uint8_t(ack | TcpHeader::URG), ack, ack}),
                    Duration::QUICK);
        AddTestCase(new LroOffTestCase, Duration::QUICK);
        AddTestCase(new TsoTestCase(true, 100, 1), Duration::QUICK);
        AddTestCase(new TsoTestCase(true, 100, 2), Duration::QUICK);
        AddTestCase(new TsoTestCase(false, 100, 1), Duration::QUICK);
    }
};

LroTsoTestSuite g_lroTsoTestSuite;

} // namespace
