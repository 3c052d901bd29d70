/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * OffloadEngine equations (1)-(3) and the TCP offload paths (O1)-(O3) of NicNetDevice, with
 * expected values from those equations and HostCpu (1), (4).
 */
#include "hybridnet/ethernet-channel.h"
#include "hybridnet/ethernet-net-device.h"
#include "hybridnet/host-bus.h"
#include "hybridnet/host-cpu.h"
#include "hybridnet/nic-helper.h"
#include "hybridnet/nic-net-device.h"
#include "hybridnet/offload-engine.h"
#include "tcp-test-segment.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/test.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint16_t kIpv4 = 0x0800;
constexpr uint64_t kHz = 1'000'000'000; // 1 GHz: 1000 cycles = 1 us

/**
 * @param rate S, segments/s
 * @param times when to submit one segment each
 * @return the departure times the engine produced
 */
std::vector<Time>
RunEngine(uint64_t rate, const std::vector<Time>& times)
{
    auto engine = CreateObjectWithAttributes<OffloadEngine>("SegmentRate", UintegerValue(rate));
    std::vector<Time> departures;
    for (const Time& t : times)
    {
        Simulator::Schedule(t, [engine, &departures]() {
            engine->Process(
                Callback<void>([&departures]() { departures.push_back(Simulator::Now()); }));
        });
    }
    Simulator::Run();
    Simulator::Destroy();
    return departures;
}

/**
 * (1)-(2): k segments offered at once depart s apart, the k-th at k s (saturation: S per
 * second); offered every T > s they depart at a + s, waiting nowhere.
 */
class EngineServiceTestCase : public TestCase
{
  public:
    EngineServiceTestCase(uint64_t rate, Time spacing)
        : TestCase("engine at " + std::to_string(rate) + " segments per s, arrivals every " +
                   std::to_string(spacing.GetNanoSeconds()) + " ns: departures by (2)"),
          m_rate(rate),
          m_spacing(spacing)
    {
    }

  private:
    void DoRun() override
    {
        const Time s = NanoSeconds(1'000'000'000 / m_rate); // (1), rates that divide 1e9
        std::vector<Time> arrivals;
        for (int k = 0; k < 10; ++k)
        {
            arrivals.push_back(MicroSeconds(5) + m_spacing * k);
        }
        const std::vector<Time> departures = RunEngine(m_rate, arrivals);
        NS_TEST_ASSERT_MSG_EQ(departures.size(), arrivals.size(), "every segment departs");
        Time previous;
        for (size_t k = 0; k < arrivals.size(); ++k)
        {
            previous = std::max(arrivals[k], previous) + s; // (2)
            NS_TEST_EXPECT_MSG_EQ(departures[k], previous, "departure " << k << " by (2)");
        }
        if (m_spacing < s)
        {
            // Saturated: the rate out is S whatever the rate in.
            const double rateOut = 9.0 / (departures[9] - departures[0]).GetSeconds();
            NS_TEST_EXPECT_MSG_EQ_TOL(rateOut, static_cast<double>(m_rate), 1e-6 * m_rate, "S");
        }
    }

    uint64_t m_rate;
    Time m_spacing;
};

/** S = 0: not modelled, every segment departs when it arrives. */
class EngineFreeTestCase : public TestCase
{
  public:
    EngineFreeTestCase()
        : TestCase("engine with SegmentRate 0 takes no time")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<Time> arrivals{MicroSeconds(1), MicroSeconds(1), MicroSeconds(2)};
        NS_TEST_EXPECT_MSG_EQ((RunEngine(0, arrivals) == arrivals), true, "at once");
    }
};

/** (3): busy time is the elapsed part of n s; utilisation = busy / t. */
class EngineBusyTimeTestCase : public TestCase
{
  public:
    EngineBusyTimeTestCase()
        : TestCase("engine busy time: 4 segments of 500 ns at t = 0, read at 1 us and 3 us")
    {
    }

  private:
    void DoRun() override
    {
        auto engine =
            CreateObjectWithAttributes<OffloadEngine>("SegmentRate", UintegerValue(2'000'000));
        for (int k = 0; k < 4; ++k)
        {
            engine->Process(Callback<void>());
        }
        Time at1;
        Time at3;
        double utilisation = 0;
        Simulator::Schedule(MicroSeconds(1), [&]() { at1 = engine->GetBusyTime(); });
        Simulator::Schedule(MicroSeconds(3), [&]() {
            at3 = engine->GetBusyTime();
            utilisation = engine->GetUtilisation();
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(at1, MicroSeconds(1), "busy all of [0, 1 us]");
        NS_TEST_EXPECT_MSG_EQ(at3, MicroSeconds(2), "4 x 500 ns, then idle");
        NS_TEST_EXPECT_MSG_EQ_TOL(utilisation, 2.0 / 3.0, 1e-9, "(3)");
        NS_TEST_EXPECT_MSG_EQ(engine->GetSegments(), 4u, "served");
        Simulator::Destroy();
    }
};

/**
 * @param payload the segment's payload (its uid is kept: Copy)
 * @param sequence TCP sequence number
 * @param flags TCP flags
 * @return an IPv4 packet holding the TCP segment, as the stack hands it to the NIC
 */
Ptr<Packet>
TcpPacket(Ptr<const Packet> payload, uint32_t sequence, uint8_t flags)
{
    TcpTestSegment fields;
    fields.sequence = sequence;
    fields.flags = flags;
    return MakeTcpSegment(payload->Copy(), fields);
}

/** A pure ACK (no payload). */
Ptr<Packet>
PureAck(uint32_t sequence)
{
    return TcpPacket(Create<Packet>(0), sequence, TcpHeader::ACK);
}

/** A host with a NIC (fast PCIe bus, no throttle) cabled to a plain Ethernet port. */
struct ToeHost
{
    Ptr<Node> host;
    Ptr<Node> peer;
    Ptr<NicNetDevice> nic;
    Ptr<EthernetNetDevice> port;
    std::vector<Time> delivered;   // to the stack above the NIC
    std::vector<Time> portSent;    // last bit of each frame the port sent
    std::vector<uint32_t> wireSeq; // sequence numbers the port received
    std::vector<uint32_t> txRing;  // the NIC's TxRingOccupancy after each change

    ToeHost(bool offload,
            uint64_t segmentRate,
            uint32_t rxRing = 256,
            const std::string& copyRate = "8Gbps")
    {
        NicHelper helper;
        helper.SetBusAttribute("Kind", StringValue("PciExpress"));
        helper.SetBusAttribute("Lanes", UintegerValue(8));
        helper.SetModeratorAttribute("InterruptThrottleRate", UintegerValue(0));
        helper.SetCpuAttribute("Frequency", UintegerValue(kHz));
        helper.SetCpuAttribute("MemoryCopyRate", DataRateValue(DataRate(copyRate)));
        helper.SetCpuAttribute("SyscallCycles", UintegerValue(2000));
        helper.SetDeviceAttribute("TcpOffload", BooleanValue(offload));
        helper.SetDeviceAttribute("RxRingSize", UintegerValue(rxRing));
        helper.SetDeviceAttribute("InterruptCycles", UintegerValue(5000));
        helper.SetDeviceAttribute("PollCycles", UintegerValue(3000));
        helper.SetDeviceAttribute("RxPacketCycles", UintegerValue(7000));
        helper.SetDeviceAttribute("TxPacketCycles", UintegerValue(3000));
        helper.SetEngineAttribute("SegmentRate", UintegerValue(segmentRate));
        host = CreateObject<Node>();
        peer = CreateObject<Node>();
        NetDeviceContainer devices = helper.Install(host, peer);
        nic = DynamicCast<NicNetDevice>(devices.Get(0));
        port = DynamicCast<EthernetNetDevice>(devices.Get(1));
        NicHelper::AssignStreams(devices, 3);
        nic->SetReceiveCallback(MakeCallback(&ToeHost::Up, this));
        port->SetReceiveCallback(MakeCallback(&ToeHost::AtPort, this));
        port->TraceConnectWithoutContext("PhyTxEnd", MakeCallback(&ToeHost::PortSent, this));
        nic->TraceConnectWithoutContext("TxRingOccupancy",
                                        MakeCallback(&ToeHost::TxRingChanged, this));
    }

    void TxRingChanged(uint32_t, uint32_t now)
    {
        txRing.push_back(now);
    }

    bool Up(Ptr<NetDevice>, Ptr<const Packet>, uint16_t, const Address&)
    {
        delivered.push_back(Simulator::Now());
        return true;
    }

    bool AtPort(Ptr<NetDevice>, Ptr<const Packet> packet, uint16_t, const Address&)
    {
        Ptr<Packet> copy = packet->Copy();
        Ipv4Header ip;
        copy->RemoveHeader(ip);
        TcpHeader tcp;
        copy->PeekHeader(tcp);
        wireSeq.push_back(tcp.GetSequenceNumber().GetValue());
        return true;
    }

    void PortSent(Ptr<const Packet>)
    {
        portSent.push_back(Simulator::Now());
    }

    /** @return when a frame whose last bit left the port at @p sent reaches the NIC */
    Time ArrivalAtNic(Time sent) const
    {
        return sent + DynamicCast<EthernetChannel>(nic->GetChannel())->GetDelay() +
               nic->GetPhyRxLatency();
    }

    Ptr<HostCpu> Cpu() const
    {
        return host->GetObject<HostCpu>();
    }

    Ptr<HostBus> Bus() const
    {
        return host->GetObject<HostBus>();
    }
};

/**
 * (O2): a pure ACK received with TcpOffload is processed by the engine and consumed: it
 * reaches the stack at arrival + s with no interrupt, no poll, no host cycles and no DMA.
 * Without TcpOffload the same ACK costs InterruptCycles + PollCycles + RxPacketCycles.
 */
class RxAckTestCase : public TestCase
{
  public:
    explicit RxAckTestCase(bool offload)
        : TestCase(std::string("received pure ACK, TcpOffload ") + (offload ? "on" : "off") +
                   (offload ? ": engine only, no host work" : ": interrupt, poll, packet")),
          m_offload(offload)
    {
    }

  private:
    void DoRun() override
    {
        ToeHost bench(m_offload, 1'000'000); // s = 1 us
        Simulator::Schedule(MicroSeconds(10), [&bench]() {
            bench.port->Send(PureAck(1), bench.nic->GetAddress(), kIpv4);
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.delivered.size(), 1u, "the ACK reaches the stack");
        const Time busy = bench.Cpu()->GetBusyTime();
        if (m_offload)
        {
            const Time arrival = bench.ArrivalAtNic(bench.portSent.at(0));
            NS_TEST_EXPECT_MSG_EQ(bench.delivered[0], arrival + MicroSeconds(1), "a + s");
            NS_TEST_EXPECT_MSG_EQ(bench.nic->GetInterrupts(), 0u, "no interrupt");
            NS_TEST_EXPECT_MSG_EQ(bench.nic->GetPolls(), 0u, "no poll");
            NS_TEST_EXPECT_MSG_EQ(busy, Time(0), "no host cycles");
            NS_TEST_EXPECT_MSG_EQ(bench.Bus()->GetBusyTime(), Time(0), "no DMA");
            NS_TEST_EXPECT_MSG_EQ(bench.nic->GetRxOnCardPackets(), 1u, "consumed on the card");
            NS_TEST_EXPECT_MSG_EQ(bench.nic->GetOffloadEngine()->GetSegments(), 1u, "(O1)");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(bench.nic->GetInterrupts(), 1u, "one interrupt");
            NS_TEST_EXPECT_MSG_EQ(busy, MicroSeconds(5 + 3 + 7), "I + P + R cycles at 1 GHz");
            NS_TEST_EXPECT_MSG_EQ(bench.nic->GetOffloadEngine()->GetSegments(), 0u, "unused");
        }
        Simulator::Destroy();
    }

    bool m_offload;
};

/**
 * (O1) a saturated engine: 100 ACKs back to back on the wire (one every 672 ns at 1 Gb/s)
 * into an engine of s = 10 us depart s apart, and the segments waiting for it hold receive
 * descriptors: with an 80-descriptor ring the frames that find it full are dropped (R1).
 * Expected deliveries and drops follow (2) and (R1) from the measured arrivals; with a free
 * engine (S = 0) nothing would wait or drop.
 */
class RxEngineSaturationTestCase : public TestCase
{
  public:
    RxEngineSaturationTestCase()
        : TestCase("100 ACKs at line rate into an engine of 100000 segments per s and an "
                   "80-descriptor ring: departures s apart, the rest dropped")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t frames = 100;
        const uint32_t ring = 80;
        const Time s = MicroSeconds(10);
        ToeHost bench(true, 100'000, ring);
        Simulator::Schedule(MicroSeconds(10), [&bench, frames]() {
            for (uint32_t k = 0; k < frames; ++k)
            {
                bench.port->Send(PureAck(k), bench.nic->GetAddress(), kIpv4);
            }
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.portSent.size(), frames, "all on the wire");
        // (2) with (R1): a frame is dropped if every descriptor is held by an earlier one
        // still in the engine.
        std::vector<Time> departures;
        uint32_t drops = 0;
        for (const Time& sent : bench.portSent)
        {
            const Time a = bench.ArrivalAtNic(sent);
            const auto departed =
                std::count_if(departures.begin(), departures.end(), [a](Time d) { return d <= a; });
            if (departures.size() - departed >= ring)
            {
                ++drops;
                continue;
            }
            departures.push_back(std::max(a, departures.empty() ? a : departures.back()) + s);
        }
        NS_TEST_EXPECT_MSG_GT(drops, 0u, "the ring bounds the engine's queue");
        NS_TEST_EXPECT_MSG_EQ(bench.nic->GetRxRingDrops(), drops, "(R1) drops");
        NS_TEST_EXPECT_MSG_EQ((bench.delivered == departures), true, "(2) departures");
        NS_TEST_EXPECT_MSG_EQ(bench.delivered.back() - bench.delivered.front(),
                              s * (bench.delivered.size() - 1),
                              "saturated: one segment per s");
        Simulator::Destroy();
    }
};

/** Keeps the largest value a TracedValue<uint32_t> has taken in @p peak. */
void
KeepPeak(uint32_t* peak, uint32_t, uint32_t now)
{
    *peak = std::max(*peak, now);
}

/**
 * (O5) a host that copies slower than the wire: 100 data segments of 1000 B back to back
 * at 1 Gb/s (one every 8.5 us) into a host that copies at 50 Mb/s (160 us per segment,
 * HostCpu (2)) with an 80-descriptor ring: about 6 are copied while the 100 arrive. With
 * TcpOffload the processed segments wait in host memory: none is dropped,
 * RxRingOccupancy rises above the ring and all 100 reach the stack at least 160 us apart.
 * Without it the ring fills and (R1) drops.
 */
class RxSlowHostTestCase : public TestCase
{
  public:
    explicit RxSlowHostTestCase(bool offload)
        : TestCase(std::string("100 data segments at line rate into a host copying at "
                               "50 Mbit per s, TcpOffload ") +
                   (offload ? "on: held in memory" : "off: ring drops")),
          m_offload(offload)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t segments = 100; // what the port's transmit queue holds
        const uint32_t ring = 80;
        ToeHost bench(m_offload, 10'000'000, ring, "50Mbps");
        uint32_t peak = 0;
        bench.nic->TraceConnectWithoutContext("RxRingOccupancy",
                                              MakeBoundCallback(&KeepPeak, &peak));
        Simulator::Schedule(MicroSeconds(10), [&bench, segments]() {
            for (uint32_t k = 0; k < segments; ++k)
            {
                bench.port->Send(TcpPacket(Create<Packet>(1000), 1 + 1000 * k, TcpHeader::ACK),
                                 bench.nic->GetAddress(),
                                 kIpv4);
            }
        });
        Simulator::Run();
        const uint32_t drops = bench.nic->GetRxRingDrops();
        NS_TEST_EXPECT_MSG_EQ(bench.delivered.size() + drops,
                              segments,
                              "each delivered or dropped");
        if (!m_offload)
        {
            NS_TEST_EXPECT_MSG_GT(drops, 0u, "(R1): the ring fills");
            Simulator::Destroy();
            return;
        }
        NS_TEST_EXPECT_MSG_EQ(drops, 0u, "(O5): nothing dropped");
        NS_TEST_EXPECT_MSG_GT(peak, ring, "(O5): held beyond the ring");
        Time closest = Seconds(1);
        for (size_t k = 1; k < bench.delivered.size(); ++k)
        {
            closest = std::min(closest, bench.delivered[k] - bench.delivered[k - 1]);
        }
        NS_TEST_EXPECT_MSG_GT_OR_EQ(closest, MicroSeconds(160), "one copy of 8P/M each");
        Simulator::Destroy();
    }

    bool m_offload;
};

/**
 * (O3) host cost of sending: 3 application writes of 4 segments of 1000 B, the last
 * segment with FIN, then segment 2 again (a retransmission). With TcpOffload the host pays
 * per write SyscallCycles + the copy of 4000 B (uniprocessor: HostCpu (4) is a KERNEL job):
 * 3 x (2 us + 4 us) = 18 us, 1.5 ns per written byte, and nothing for the retransmission.
 * Without it, per segment TxPacketCycles + the copy of 1000 B: 13 x (3 us + 1 us) = 52 us,
 * 4 ns per written byte plus the retransmission's. The segments reach the wire in order.
 * (The transmit completions' polls, PollCycles each, are KERNEL work too: subtracted.)
 */
class TxWriteCostTestCase : public TestCase
{
  public:
    explicit TxWriteCostTestCase(bool offload)
        : TestCase(std::string("host cost of 3 writes of 4000 B and a retransmission, "
                               "TcpOffload ") +
                   (offload ? "on: per write" : "off: per segment")),
          m_offload(offload)
    {
    }

  private:
    void DoRun() override
    {
        ToeHost bench(m_offload, 1'000'000);
        const uint32_t segment = 1000;
        std::vector<Ptr<Packet>> packets;
        std::vector<uint32_t> expectedSeq;
        for (uint32_t write = 0; write < 3; ++write)
        {
            Ptr<Packet> data = Create<Packet>(4 * segment); // one write: one uid
            for (uint32_t k = 0; k < 4; ++k)
            {
                const uint32_t seq = 1 + (write * 4 + k) * segment;
                const bool last = write == 2 && k == 3;
                const uint8_t flags = TcpHeader::ACK | (last ? TcpHeader::FIN : 0);
                packets.push_back(
                    TcpPacket(data->CreateFragment(k * segment, segment), seq, flags));
                expectedSeq.push_back(seq);
            }
        }
        packets.push_back(packets[1]->Copy()); // a retransmission of segment 2
        expectedSeq.push_back(expectedSeq[1]);
        Simulator::Schedule(MicroSeconds(10), [&bench, &packets]() {
            for (const Ptr<Packet>& p : packets)
            {
                bench.nic->Send(p, bench.port->GetAddress(), kIpv4);
            }
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ((bench.wireSeq == expectedSeq), true, "sent, in order");
        // KERNEL work besides the writes: the NAPI polls the transmit completions cause.
        const Time polls = MicroSeconds(3) * bench.nic->GetPolls();
        const Time writes = bench.Cpu()->GetBusyTime(HostCpu::KERNEL) - polls;
        const Time expected = m_offload ? MicroSeconds(3 * (2 + 4)) : MicroSeconds(13 * (3 + 1));
        NS_TEST_EXPECT_MSG_EQ(writes, expected, "host KERNEL time of the writes");
        Simulator::Destroy();
    }

    bool m_offload;
};

/**
 * (O2) a pure ACK sent with TcpOffload is the card's: no host cycles, no DMA, no transmit
 * cause (no interrupt), and its descriptor is free once it has left.
 */
class TxAckOnCardTestCase : public TestCase
{
  public:
    TxAckOnCardTestCase()
        : TestCase("sent pure ACK with TcpOffload: engine and wire only")
    {
    }

  private:
    void DoRun() override
    {
        ToeHost bench(true, 1'000'000);
        Simulator::Schedule(MicroSeconds(10), [&bench]() {
            bench.nic->Send(PureAck(7), bench.port->GetAddress(), kIpv4);
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(bench.wireSeq.size(), 1u, "the ACK is sent");
        NS_TEST_EXPECT_MSG_EQ(bench.Cpu()->GetBusyTime(), Time(0), "no host cycles");
        NS_TEST_EXPECT_MSG_EQ(bench.Bus()->GetBusyTime(), Time(0), "no DMA");
        NS_TEST_EXPECT_MSG_EQ(bench.nic->GetInterrupts(), 0u, "no transmit cause");
        NS_TEST_ASSERT_MSG_EQ(bench.txRing.size(), 2u, "one descriptor taken and freed");
        NS_TEST_EXPECT_MSG_EQ(bench.txRing.back(), 0u, "descriptor freed by the card");
        Simulator::Destroy();
    }
};

/**
 * (O1) a received data segment with TcpOffload still crosses the bus and is copied by the
 * host, without RxPacketCycles: host time = InterruptCycles + PollCycles + 8 P / M.
 */
class RxDataTestCase : public TestCase
{
  public:
    RxDataTestCase()
        : TestCase("received 1000 B data segment with TcpOffload: DMA, interrupt, poll, copy")
    {
    }

  private:
    void DoRun() override
    {
        ToeHost bench(true, 1'000'000);
        Simulator::Schedule(MicroSeconds(10), [&bench]() {
            bench.port->Send(TcpPacket(Create<Packet>(1000), 1, TcpHeader::ACK),
                             bench.nic->GetAddress(),
                             kIpv4);
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(bench.delivered.size(), 1u, "delivered");
        NS_TEST_EXPECT_MSG_EQ(bench.nic->GetInterrupts(), 1u, "one interrupt");
        NS_TEST_EXPECT_MSG_EQ(bench.Cpu()->GetBusyTime(), MicroSeconds(5 + 3 + 1), "I + P + copy");
        NS_TEST_EXPECT_MSG_GT(bench.Bus()->GetBusyTime(), Time(0), "DMA of the frame");
        Simulator::Destroy();
    }
};

/**
 * A sent data segment of P = 1000 B on the bus. With TcpOffload (O3) the card reads the
 * payload, one transfer FROM_MEMORY of P bytes, and nothing else: no descriptor fetch, no
 * status write-back, no transmit cause, the descriptor freed by the card. Without it
 * (T3)-(T4): the 16 B descriptor and the F = P + 40 + 18 B frame FROM_MEMORY, the 16 B
 * write-back TO_MEMORY, one interrupt. Busy times are HostBus (5) (PCI Express x8).
 */
class TxDataBusTestCase : public TestCase
{
  public:
    explicit TxDataBusTestCase(bool offload)
        : TestCase(std::string("sent 1000 B data segment on the bus, TcpOffload ") +
                   (offload ? "on: its payload only" : "off: descriptor, frame, write-back")),
          m_offload(offload)
    {
    }

  private:
    void DoRun() override
    {
        ToeHost bench(m_offload, 1'000'000);
        const uint32_t payload = 1000;
        Simulator::Schedule(MicroSeconds(10), [&bench, payload]() {
            bench.nic->Send(TcpPacket(Create<Packet>(payload), 1, TcpHeader::ACK),
                            bench.port->GetAddress(),
                            kIpv4);
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(bench.wireSeq.size(), 1u, "sent");
        const Ptr<HostBus> bus = bench.Bus();
        const uint32_t frame = bench.nic->GetFrameBytes(payload + 40);
        const Time reads = m_offload ? bus->GetTransferTime(HostBus::FROM_MEMORY, payload)
                                     : bus->GetTransferTime(HostBus::FROM_MEMORY, 16) +
                                           bus->GetTransferTime(HostBus::FROM_MEMORY, frame);
        const Time writes = m_offload ? Time(0) : bus->GetTransferTime(HostBus::TO_MEMORY, 16);
        NS_TEST_EXPECT_MSG_EQ(bus->GetBusyTime(HostBus::FROM_MEMORY), reads, "reads");
        NS_TEST_EXPECT_MSG_EQ(bus->GetBusyTime(HostBus::TO_MEMORY), writes, "write-back");
        NS_TEST_EXPECT_MSG_EQ(bench.nic->GetInterrupts(), m_offload ? 0u : 1u, "tx cause");
        NS_TEST_ASSERT_MSG_EQ(bench.txRing.size(), 2u, "one descriptor taken and freed");
        NS_TEST_EXPECT_MSG_EQ(bench.txRing.back(), 0u, "descriptor freed");
        Simulator::Destroy();
    }

    bool m_offload;
};

/**
 * (O4): with TcpOffload a burst of data segments larger than the transmit ring is taken
 * whole: nothing is dropped at the NIC, every segment leaves in order, and the ring holds at
 * most TxRingSize at a time; without TcpOffload (and no queue interface to stop the stack)
 * the segments beyond the ring are dropped, (T1).
 */
constexpr uint32_t kBurst = 200;    //!< TxBacklogTestCase: segments in the burst
constexpr uint32_t kPayload = 1000; //!< ... and the payload of each

class TxBacklogTestCase : public TestCase
{
  public:
    explicit TxBacklogTestCase(bool offload)
        : TestCase(offload
                       ? "sent burst beyond the ring with TcpOffload: held by the card, in order"
                       : "sent burst beyond the ring without TcpOffload: dropped at the ring"),
          m_offload(offload)
    {
    }

  private:
    void DoRun() override
    {
        ToeHost bench(m_offload, 10'000'000);
        bench.nic->SetAttribute("TxRingSize", UintegerValue(80));
        uint32_t drops = 0;
        bench.nic->TraceConnectWithoutContext(
            "MacTxDrop",
            Callback<void, Ptr<const Packet>>([&drops](Ptr<const Packet>) { ++drops; }));
        Simulator::Schedule(MicroSeconds(10), [&bench]() {
            for (uint32_t i = 0; i < kBurst; ++i)
            {
                Ptr<Packet> payload = Create<Packet>(kPayload);
                bench.nic->Send(TcpPacket(payload, i * kPayload, TcpHeader::ACK),
                                bench.port->GetAddress(),
                                kIpv4);
            }
        });
        Simulator::Run();
        if (m_offload)
        {
            NS_TEST_EXPECT_MSG_EQ(drops, 0u, "nothing dropped");
            NS_TEST_ASSERT_MSG_EQ(bench.wireSeq.size(), kBurst, "every segment sent");
            for (uint32_t i = 0; i < kBurst; ++i)
            {
                NS_TEST_ASSERT_MSG_EQ(bench.wireSeq[i], i * kPayload, "in order");
            }
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(drops, kBurst - 80, "beyond the ring: dropped");
            NS_TEST_EXPECT_MSG_EQ(bench.wireSeq.size(), 80u, "the ring's worth sent");
        }
        NS_TEST_ASSERT_MSG_EQ(bench.txRing.empty(), false, "the ring was used");
        const uint32_t peak = *std::max_element(bench.txRing.begin(), bench.txRing.end());
        NS_TEST_EXPECT_MSG_LT_OR_EQ(peak, 80u, "never more than the ring");
        Simulator::Destroy();
    }

    bool m_offload;
};

class OffloadEngineTestSuite : public TestSuite
{
  public:
    OffloadEngineTestSuite()
        : TestSuite("hybridnet-offload-engine", Type::UNIT)
    {
        AddTestCase(new EngineServiceTestCase(2'000'000, NanoSeconds(100)), Duration::QUICK);
        AddTestCase(new EngineServiceTestCase(2'000'000, NanoSeconds(700)), Duration::QUICK);
        AddTestCase(new EngineServiceTestCase(400'000, NanoSeconds(0)), Duration::QUICK);
        AddTestCase(new EngineFreeTestCase, Duration::QUICK);
        AddTestCase(new EngineBusyTimeTestCase, Duration::QUICK);
        AddTestCase(new RxAckTestCase(true), Duration::QUICK);
        AddTestCase(new RxAckTestCase(false), Duration::QUICK);
        AddTestCase(new TxDataBusTestCase(true), Duration::QUICK);
        AddTestCase(new TxDataBusTestCase(false), Duration::QUICK);
        AddTestCase(new RxEngineSaturationTestCase, Duration::QUICK);
        AddTestCase(new RxSlowHostTestCase(true), Duration::QUICK);
        AddTestCase(new RxSlowHostTestCase(false), Duration::QUICK);
        AddTestCase(new TxWriteCostTestCase(true), Duration::QUICK);
        AddTestCase(new TxWriteCostTestCase(false), Duration::QUICK);
        AddTestCase(new TxAckOnCardTestCase, Duration::QUICK);
        AddTestCase(new RxDataTestCase, Duration::QUICK);
        AddTestCase(new TxBacklogTestCase(true), Duration::QUICK);
        AddTestCase(new TxBacklogTestCase(false), Duration::QUICK);
    }
};

OffloadEngineTestSuite g_offloadEngineTestSuite;

} // namespace
