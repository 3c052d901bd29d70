/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of EthernetNetDevice / EthernetChannel against the framing equations of
 * EthernetNetDevice, computed here independently of the model:
 *
 *     F = max(64, 14 + V + L3 + 4),  W = F + 20,  frame rate = R / (8 W),
 *     payload ceiling = R * P / W    (P payload bytes per frame)
 *
 * and against the physical limit: over any interval the wire carries at most R.
 */
#include "hybridnet/ethernet-channel.h"
#include "hybridnet/ethernet-helper.h"
#include "hybridnet/ethernet-net-device.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/test.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint16_t kTestEtherType = 0x88B5; //!< IEEE 802 local experimental EtherType

/** W of the class comment, from first principles. */
uint32_t
ExpectedWireBytes(uint32_t l3Bytes, bool vlan)
{
    return std::max<uint32_t>(64, 14 + (vlan ? 4 : 0) + l3Bytes + 4) + 8 + 12;
}

std::string
RateName(DataRate rate)
{
    std::ostringstream os;
    if (rate.GetBitRate() >= 1'000'000'000)
    {
        os << rate.GetBitRate() / 1'000'000'000 << " Gbps";
    }
    else
    {
        os << rate.GetBitRate() / 1'000'000 << " Mbps";
    }
    return os.str();
}

/**
 * Watches a TxWireBytes counter and records the largest excess, over any interval
 * [t_i, t_j] between two counter updates (and time 0, counter 0), of the wire time of the
 * bytes counted over the elapsed time: 8 (B_j - B_i) / R - (t_j - t_i).  The wire never
 * carries more than R if this stays within one time step.
 */
struct WireMonitor
{
    explicit WireMonitor(DataRate rate)
        : bitRate(static_cast<long double>(rate.GetBitRate()))
    {
    }

    void OnBytes(uint64_t /* oldValue */, uint64_t newValue)
    {
        long double x = 8.0L * newValue / bitRate -
                        static_cast<long double>(Simulator::Now().GetSeconds());
        maxExcess = std::max(maxExcess, x - minX);
        minX = std::min(minX, x);
    }

    long double bitRate;
    long double minX{0.0L};       //!< min over samples so far (time 0: no byte yet)
    long double maxExcess{-1.0L}; //!< largest excess seen, seconds
};

/** Keeps a device's queue non-empty: one new packet for each frame that starts. */
struct SaturatingSource
{
    void Start(uint32_t backlog)
    {
        for (uint32_t i = 0; i < backlog; ++i)
        {
            SendOne();
        }
    }

    void SendOne()
    {
        device->Send(Create<Packet>(l3Bytes), destination, kTestEtherType);
    }

    void OnTxBegin(Ptr<const Packet> /* frame */)
    {
        SendOne();
    }

    Ptr<NetDevice> device;
    Address destination;
    uint32_t l3Bytes{0};
};

/** Counts what a node's protocol handler receives. */
struct Receiver
{
    void OnReceive(Ptr<NetDevice> /* device */,
                   Ptr<const Packet> packet,
                   uint16_t protocol,
                   const Address& source,
                   const Address& /* destination */,
                   NetDevice::PacketType type)
    {
        ++packets;
        if (packet->GetSize() != expectedBytes || protocol != kTestEtherType)
        {
            ++wrong;
        }
        lastSource = source;
        lastType = type;
    }

    void OnPhyRxEnd(Ptr<const Packet> /* frame */)
    {
        if (firstRxEnd.IsNegative())
        {
            firstRxEnd = Simulator::Now();
        }
    }

    uint32_t expectedBytes{0};
    uint64_t packets{0};
    uint64_t wrong{0};
    Address lastSource;
    NetDevice::PacketType lastType{NetDevice::PACKET_HOST}; //!< meaningful for promiscuous handlers only
    Time firstRxEnd{Time(-1)};
};

/**
 * (a)-(c), (g): raw L3 packets of one size sent back to back through a saturated
 * device.  Checks the wire bytes per frame (padding, VLAN tag), the frame rate R / (8 W),
 * the arrival time of the first frame (equation (3) plus the propagation delay), that the
 * receiver gets the L3 packet back, and that the wire never carries more than R.
 */
class EthernetFramingTestCase : public TestCase
{
  public:
    EthernetFramingTestCase(DataRate rate, uint32_t l3Bytes, bool vlan)
        : TestCase("saturated " + RateName(rate) + " link, " + std::to_string(l3Bytes) +
                   " B L3 packets" + (vlan ? " with 802.1Q tag" : "") + ": " +
                   std::to_string(ExpectedWireBytes(l3Bytes, vlan)) +
                   " B on the wire per frame"),
          m_rate(rate),
          m_l3Bytes(l3Bytes),
          m_vlan(vlan)
    {
    }

  private:
    void DoRun() override
    {
        const Time delay = MicroSeconds(1);
        // About 2e7 bits of wire time: 2 s at 10 Mb/s, 2 ms at 10 Gb/s.
        const Time duration = Seconds(2e7 / static_cast<double>(m_rate.GetBitRate()));
        NodeContainer nodes(2);
        EthernetHelper ethernet;
        ethernet.SetDeviceAttribute("DataRate", DataRateValue(m_rate));
        ethernet.SetDeviceAttribute("VlanTag", BooleanValue(m_vlan));
        ethernet.SetChannelAttribute("Delay", TimeValue(delay));
        NetDeviceContainer devices = ethernet.Install(nodes);
        auto tx = DynamicCast<EthernetNetDevice>(devices.Get(0));
        auto rx = DynamicCast<EthernetNetDevice>(devices.Get(1));

        SaturatingSource source;
        source.device = tx;
        source.destination = rx->GetAddress();
        source.l3Bytes = m_l3Bytes;
        tx->TraceConnectWithoutContext("PhyTxBegin",
                                       MakeCallback(&SaturatingSource::OnTxBegin, &source));
        Receiver receiver;
        receiver.expectedBytes = m_l3Bytes;
        nodes.Get(1)->RegisterProtocolHandler(MakeCallback(&Receiver::OnReceive, &receiver),
                                              kTestEtherType,
                                              rx);
        rx->TraceConnectWithoutContext("PhyRxEnd", MakeCallback(&Receiver::OnPhyRxEnd, &receiver));
        WireMonitor monitor(m_rate);
        tx->TraceConnectWithoutContext("TxWireBytes", MakeCallback(&WireMonitor::OnBytes, &monitor));

        Simulator::Schedule(Seconds(0), &SaturatingSource::Start, &source, 4);
        Simulator::Stop(duration);
        Simulator::Run();

        const uint32_t wire = ExpectedWireBytes(m_l3Bytes, m_vlan);
        const uint32_t frame = wire - 20;
        const double bitRate = static_cast<double>(m_rate.GetBitRate());
        const double expectedRate = bitRate / (8.0 * wire);
        const double expectedFrames = expectedRate * duration.GetSeconds();
        const uint64_t frames = tx->GetTxFrames();
        const double measuredRate = frames / duration.GetSeconds();
        NS_LOG_UNCOND(GetName() << ": expected " << std::fixed << std::setprecision(1)
                                << expectedRate << " frames/s, simulated " << measuredRate
                                << " (" << frames << " frames in " << duration.As(Time::US)
                                << ")");

        NS_TEST_EXPECT_MSG_EQ(tx->GetWireBytes(m_l3Bytes), wire, "W of equation (2)");
        NS_TEST_EXPECT_MSG_EQ(tx->GetTxWireBytes(), frames * wire, "wire bytes per frame");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(frames, expectedFrames, "more frames than R/(8W) allows");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(frames + 1.0, expectedFrames, "fewer frames than R/(8W)");
        // First frame: preamble + frame serialised, then the propagation delay (ceil to 1 step).
        const Time firstRx = Seconds((frame + 8) * 8.0 / bitRate) + delay;
        NS_TEST_EXPECT_MSG_EQ_TOL(receiver.firstRxEnd, firstRx, NanoSeconds(1),
                                  "arrival of the first frame");
        // Frames still on the cable at the end: those of the last delay + frame time.
        const double inFlight =
            std::ceil((delay.GetSeconds() + (frame + 8) * 8.0 / bitRate) * expectedRate) + 1;
        NS_TEST_EXPECT_MSG_GT_OR_EQ(receiver.packets + inFlight, frames, "frames not delivered");
        NS_TEST_EXPECT_MSG_EQ(receiver.wrong, 0, "delivered packet is not the L3 packet");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(monitor.maxExcess, 1e-9L, "wire carried more than R");
        Simulator::Destroy();
    }

    DataRate m_rate;
    uint32_t m_l3Bytes;
    bool m_vlan;
};

/** Goodput between two instants, read from a PacketSink. */
struct GoodputProbe
{
    void Sample(Ptr<PacketSink> sink, bool first)
    {
        (first ? bytes0 : bytes1) = sink->GetTotalRx();
        (first ? t0 : t1) = Simulator::Now();
    }

    double Bps() const
    {
        return 8.0 * static_cast<double>(bytes1 - bytes0) / (t1 - t0).GetSeconds();
    }

    uint64_t bytes0{0};
    uint64_t bytes1{0};
    Time t0;
    Time t1;
};

/**
 * (d), (e), (g): one TCP bulk transfer, windows far above the bandwidth-delay product and
 * a device queue that holds the whole window, so the link never idles.  Steady-state
 * goodput must sit at the payload ceiling R * MSS / W with L3 = MSS + 20 (IPv4) + 32 (TCP
 * with timestamps): not above it, and not more than 0.5 % below it.  The ACKs travel on
 * the other direction of the full-duplex link and must not cost the data direction
 * anything.
 */
class EthernetTcpCeilingTestCase : public TestCase
{
  public:
    EthernetTcpCeilingTestCase(DataRate rate, uint16_t mtu)
        : TestCase("TCP goodput over " + RateName(rate) + ", MTU " + std::to_string(mtu) +
                   " B, MSS " + std::to_string(mtu - 52) + " B: at the ceiling rate x MSS over " +
                   std::to_string(ExpectedWireBytes(mtu, false)) + " B"),
          m_rate(rate),
          m_mtu(mtu)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t mss = m_mtu - 20 - 32;
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(mss));
        Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(8 << 20));
        Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(4 << 20));
        Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(true));
        Config::SetDefault("ns3::TcpSocketBase::WindowScaling", BooleanValue(true));

        NodeContainer nodes(2);
        EthernetHelper ethernet;
        ethernet.SetDeviceAttribute("DataRate", DataRateValue(m_rate));
        ethernet.SetDeviceAttribute("Mtu", UintegerValue(m_mtu));
        ethernet.SetChannelAttribute("Delay", TimeValue(MicroSeconds(10)));
        ethernet.SetQueue("ns3::DropTailQueue", "MaxSize", QueueSizeValue(QueueSize("5000p")));
        NetDeviceContainer devices = ethernet.Install(nodes);
        InternetStackHelper().Install(nodes);
        Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
        Ipv4InterfaceContainer interfaces = addresses.Assign(devices);

        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), 5001));
        auto sink = DynamicCast<PacketSink>(sinkHelper.Install(nodes.Get(1)).Get(0));
        BulkSendHelper client("ns3::TcpSocketFactory",
                              InetSocketAddress(interfaces.GetAddress(1), 5001));
        client.SetAttribute("SendSize", UintegerValue(16 * mss));
        client.Install(nodes.Get(0));

        auto forward = DynamicCast<EthernetNetDevice>(devices.Get(0));
        auto reverse = DynamicCast<EthernetNetDevice>(devices.Get(1));
        WireMonitor monitor(m_rate);
        forward->TraceConnectWithoutContext("TxWireBytes",
                                            MakeCallback(&WireMonitor::OnBytes, &monitor));
        GoodputProbe probe;
        const Time start = MilliSeconds(100);
        const Time stop = MilliSeconds(300);
        Simulator::Schedule(start, &GoodputProbe::Sample, &probe, sink, true);
        Simulator::Schedule(stop, &GoodputProbe::Sample, &probe, sink, false);
        Simulator::Stop(stop);
        Simulator::Run();

        const double bitRate = static_cast<double>(m_rate.GetBitRate());
        const double ceiling = bitRate * mss / ExpectedWireBytes(m_mtu, false);
        const double slack = 8.0 * mss / (stop - start).GetSeconds(); // one segment
        NS_LOG_UNCOND(GetName() << ": expected <= " << std::fixed << std::setprecision(3)
                                << ceiling / 1e6 << " Mb/s, simulated " << probe.Bps() / 1e6
                                << " Mb/s");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(probe.Bps(), ceiling + slack, "goodput above R*MSS/W");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(probe.Bps(), 0.995 * ceiling, "goodput 0.5 % below ceiling");
        NS_TEST_EXPECT_MSG_GT(reverse->GetTxFrames(), 0, "no ACK on the reverse direction");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(monitor.maxExcess, 1e-9L, "wire carried more than R");
        Simulator::Destroy();
        Config::Reset();
    }

    DataRate m_rate;
    uint16_t m_mtu;
};

/**
 * (f), (g): two saturating UDP flows (offered at twice the line rate), one in each
 * direction, each reach the one-way payload ceiling R * P / W (P = 1472 B, L3 = 1500 B):
 * full duplex means neither direction slows the other.
 */
class EthernetFullDuplexTestCase : public TestCase
{
  public:
    explicit EthernetFullDuplexTestCase(DataRate rate)
        : TestCase("full duplex " + RateName(rate) + ": two saturating UDP flows in opposite "
                   "directions each at rate x 1472 over 1538 B"),
          m_rate(rate)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t payload = 1472;
        NodeContainer nodes(2);
        EthernetHelper ethernet;
        ethernet.SetDeviceAttribute("DataRate", DataRateValue(m_rate));
        ethernet.SetChannelAttribute("Delay", TimeValue(MicroSeconds(10)));
        NetDeviceContainer devices = ethernet.Install(nodes);
        InternetStackHelper().Install(nodes);
        Ipv4AddressHelper addresses("10.1.2.0", "255.255.255.0");
        Ipv4InterfaceContainer interfaces = addresses.Assign(devices);

        std::array<Ptr<PacketSink>, 2> sinks;
        std::array<GoodputProbe, 2> probes;
        std::array<WireMonitor, 2> monitors{WireMonitor(m_rate), WireMonitor(m_rate)};
        const Time start = MilliSeconds(50);
        const Time stop = MilliSeconds(150);
        for (uint32_t i = 0; i < 2; ++i)
        {
            const uint32_t peer = 1 - i;
            PacketSinkHelper sinkHelper("ns3::UdpSocketFactory",
                                        InetSocketAddress(Ipv4Address::GetAny(), 9000));
            sinks[peer] = DynamicCast<PacketSink>(sinkHelper.Install(nodes.Get(peer)).Get(0));
            OnOffHelper source("ns3::UdpSocketFactory",
                               InetSocketAddress(interfaces.GetAddress(peer), 9000));
            source.SetConstantRate(DataRate(2 * m_rate.GetBitRate()), payload);
            source.Install(nodes.Get(i));
            devices.Get(i)->TraceConnectWithoutContext(
                "TxWireBytes",
                MakeCallback(&WireMonitor::OnBytes, &monitors[i]));
            Simulator::Schedule(start, &GoodputProbe::Sample, &probes[peer], sinks[peer], true);
            Simulator::Schedule(stop, &GoodputProbe::Sample, &probes[peer], sinks[peer], false);
        }
        Simulator::Stop(stop);
        Simulator::Run();

        const double bitRate = static_cast<double>(m_rate.GetBitRate());
        const double ceiling = bitRate * payload / ExpectedWireBytes(payload + 28, false);
        const double slack = 8.0 * payload / (stop - start).GetSeconds();
        for (uint32_t i = 0; i < 2; ++i)
        {
            NS_LOG_UNCOND(GetName() << ", towards node " << i << ": expected " << std::fixed
                                    << std::setprecision(3) << ceiling / 1e6
                                    << " Mb/s, simulated " << probes[i].Bps() / 1e6 << " Mb/s");
            NS_TEST_EXPECT_MSG_LT_OR_EQ(probes[i].Bps(), ceiling + slack, "above R*P/W");
            NS_TEST_EXPECT_MSG_GT_OR_EQ(probes[i].Bps(), 0.995 * ceiling, "below the one-way ceiling");
            NS_TEST_EXPECT_MSG_LT_OR_EQ(monitors[i].maxExcess, 1e-9L, "wire carried more than R");
        }
        Simulator::Destroy();
    }

    DataRate m_rate;
};

/**
 * SendFrom, broadcast and promiscuous receive: a frame sent from a foreign source address
 * to the broadcast address arrives as PACKET_BROADCAST with that source; a frame to a
 * unicast address that is not the peer's reaches only the promiscuous handler.
 */
class EthernetAddressingTestCase : public TestCase
{
  public:
    EthernetAddressingTestCase()
        : TestCase("SendFrom to broadcast is delivered, unicast to another host only promiscuously")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes(2);
        NetDeviceContainer devices = EthernetHelper().Install(nodes);
        Ptr<NetDevice> tx = devices.Get(0);
        Ptr<NetDevice> rx = devices.Get(1);
        Receiver host;
        host.expectedBytes = 100;
        Receiver promisc;
        promisc.expectedBytes = 100;
        nodes.Get(1)->RegisterProtocolHandler(MakeCallback(&Receiver::OnReceive, &host),
                                              kTestEtherType, rx, false);
        nodes.Get(1)->RegisterProtocolHandler(MakeCallback(&Receiver::OnReceive, &promisc),
                                              kTestEtherType, rx, true);
        NS_TEST_ASSERT_MSG_EQ(tx->SupportsSendFrom(), true, "SendFrom supported");
        NS_TEST_ASSERT_MSG_EQ(tx->NeedsArp(), true, "ARP needed");
        NS_TEST_ASSERT_MSG_EQ(tx->IsPointToPoint(), false, "an Ethernet segment");
        const Mac48Address foreign("02:00:00:00:00:42");
        Simulator::Schedule(MicroSeconds(1), [&]() {
            tx->SendFrom(Create<Packet>(100), foreign, tx->GetBroadcast(), kTestEtherType);
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(host.packets, 1, "broadcast delivered to the host");
        NS_TEST_EXPECT_MSG_EQ(host.wrong, 0, "L3 packet and protocol intact");
        NS_TEST_EXPECT_MSG_EQ(promisc.packets, 1, "promiscuous handler sees the broadcast");
        NS_TEST_EXPECT_MSG_EQ(promisc.lastType, NetDevice::PACKET_BROADCAST, "broadcast type");
        NS_TEST_EXPECT_MSG_EQ(Mac48Address::ConvertFrom(host.lastSource), foreign, "SendFrom source");
        Simulator::Schedule(MicroSeconds(1), [&]() {
            tx->Send(Create<Packet>(100), Mac48Address("02:00:00:00:00:43"), kTestEtherType);
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(host.packets, 1, "frame for another host not delivered");
        NS_TEST_EXPECT_MSG_EQ(promisc.packets, 2, "promiscuous handler sees both frames");
        NS_TEST_EXPECT_MSG_EQ(promisc.lastType, NetDevice::PACKET_OTHERHOST, "other-host type");
        Simulator::Destroy();
    }
};

/** (h): the Mtu attribute accepts 68 .. 16144 B and nothing else. */
class EthernetMtuRangeTestCase : public TestCase
{
  public:
    EthernetMtuRangeTestCase(uint32_t mtu, bool valid)
        : TestCase("Mtu " + std::to_string(mtu) + " B is " + (valid ? "accepted" : "rejected")),
          m_mtu(mtu),
          m_valid(valid)
    {
    }

  private:
    void DoRun() override
    {
        TypeId tid = EthernetNetDevice::GetTypeId();
        TypeId::AttributeInformation info;
        NS_TEST_ASSERT_MSG_EQ(tid.LookupAttributeByName("Mtu", &info), true, "Mtu attribute");
        NS_TEST_EXPECT_MSG_EQ(info.checker->Check(UintegerValue(m_mtu)), m_valid, "checker");
        auto device = CreateObject<EthernetNetDevice>();
        const uint16_t before = device->GetMtu();
        NS_TEST_EXPECT_MSG_EQ(device->SetAttributeFailSafe("Mtu", UintegerValue(m_mtu)),
                              m_valid,
                              "SetAttributeFailSafe");
        const uint32_t expected = m_valid ? m_mtu : before;
        NS_TEST_EXPECT_MSG_EQ(device->GetMtu(), expected, "Mtu after set");
    }

    uint32_t m_mtu;
    bool m_valid;
};

class EthernetTestSuite : public TestSuite
{
  public:
    EthernetTestSuite()
        : TestSuite("hybridnet-ethernet", Type::UNIT)
    {
        for (const char* rate : {"10Mbps", "1Gbps", "10Gbps"})
        {
            AddTestCase(new EthernetFramingTestCase(DataRate(rate), 46, false), Duration::QUICK);
            AddTestCase(new EthernetFramingTestCase(DataRate(rate), 1500, false), Duration::QUICK);
        }
        // Padding: 1 B of L3 still makes a 64 B frame (84 B on the wire).
        AddTestCase(new EthernetFramingTestCase(DataRate("1Gbps"), 1, false), Duration::QUICK);
        // VLAN tag: + 4 B, except where padding absorbs it (42 B: 64 B either way).
        AddTestCase(new EthernetFramingTestCase(DataRate("1Gbps"), 42, true), Duration::QUICK);
        AddTestCase(new EthernetFramingTestCase(DataRate("1Gbps"), 46, true), Duration::QUICK);
        AddTestCase(new EthernetFramingTestCase(DataRate("1Gbps"), 1500, true), Duration::QUICK);
        AddTestCase(new EthernetTcpCeilingTestCase(DataRate("1Gbps"), 1500), Duration::QUICK);
        AddTestCase(new EthernetTcpCeilingTestCase(DataRate("1Gbps"), 9000), Duration::QUICK);
        AddTestCase(new EthernetFullDuplexTestCase(DataRate("1Gbps")), Duration::QUICK);
        AddTestCase(new EthernetAddressingTestCase(), Duration::QUICK);
        for (auto [mtu, valid] : {std::pair{67u, false}, {68u, true}, {16144u, true}, {16145u, false}})
        {
            AddTestCase(new EthernetMtuRangeTestCase(mtu, valid), Duration::QUICK);
        }
    }
};

EthernetTestSuite g_ethernetTestSuite; //!< static instance

} // namespace
