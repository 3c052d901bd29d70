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
 *
 * 802.3x PAUSE (IEEE 802.3 Annex 31B), also from first principles: a PAUSE frame is 64 B
 * (84 B of wire) to 01-80-C2-00-00-01, EtherType 0x8808, opcode 0x0001; a PAUSE whose last
 * bit arrives at t_p stops new frames until t_p + q * 512 / R, the frame on the wire
 * completes, and q = 0 resumes at once.
 *
 * PHY receive latency, equation (7): every frame reaches the receiver's MAC L_phy after its
 * last bit reaches the connector; the frame rate does not change.
 */
#include "hybridnet/ethernet-channel.h"
#include "hybridnet/ethernet-helper.h"
#include "hybridnet/ethernet-net-device.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/ethernet-header.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/test.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>
#include <vector>

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
        long double x =
            8.0L * newValue / bitRate - static_cast<long double>(Simulator::Now().GetSeconds());
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
    NetDevice::PacketType lastType{
        NetDevice::PACKET_HOST}; //!< meaningful for promiscuous handlers only
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
    EthernetFramingTestCase(DataRate rate, uint32_t l3Bytes, bool vlan, Time phyLatency = Time())
        : TestCase(
              "saturated " + RateName(rate) + " link, " + std::to_string(l3Bytes) +
              " B L3 packets" + (vlan ? " with 802.1Q tag" : "") +
              (phyLatency.IsPositive() ? ", receiving PHY latency " +
                                             std::to_string(phyLatency.GetNanoSeconds()) + " ns"
                                       : "") +
              ": " + std::to_string(ExpectedWireBytes(l3Bytes, vlan)) + " B on the wire per frame"),
          m_rate(rate),
          m_l3Bytes(l3Bytes),
          m_vlan(vlan),
          m_phyLatency(phyLatency)
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
        rx->SetAttribute("PhyRxLatency", TimeValue(m_phyLatency));

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
        tx->TraceConnectWithoutContext("TxWireBytes",
                                       MakeCallback(&WireMonitor::OnBytes, &monitor));

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
                                << expectedRate << " frames/s, simulated " << measuredRate << " ("
                                << frames << " frames in " << duration.As(Time::US) << ")");

        NS_TEST_EXPECT_MSG_EQ(tx->GetWireBytes(m_l3Bytes), wire, "W of equation (2)");
        NS_TEST_EXPECT_MSG_EQ(tx->GetTxWireBytes(), frames * wire, "wire bytes per frame");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(frames, expectedFrames, "more frames than R/(8W) allows");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(frames + 1.0, expectedFrames, "fewer frames than R/(8W)");
        // First frame: preamble + frame serialised, then the propagation delay (ceil to 1
        // step), then the receiving PHY's latency, equation (7); the rate does not change.
        const Time firstRx = Seconds((frame + 8) * 8.0 / bitRate) + delay + m_phyLatency;
        NS_TEST_EXPECT_MSG_EQ_TOL(receiver.firstRxEnd,
                                  firstRx,
                                  NanoSeconds(1),
                                  "arrival of the first frame");
        // Frames still on the cable at the end: those of the last delay + frame time.
        const double inFlight = std::ceil((delay + m_phyLatency).GetSeconds() * expectedRate +
                                          (frame + 8) * 8.0 / bitRate * expectedRate) +
                                1;
        NS_TEST_EXPECT_MSG_GT_OR_EQ(receiver.packets + inFlight, frames, "frames not delivered");
        NS_TEST_EXPECT_MSG_EQ(receiver.wrong, 0, "delivered packet is not the L3 packet");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(monitor.maxExcess, 1e-9L, "wire carried more than R");
        Simulator::Destroy();
    }

    DataRate m_rate;
    uint32_t m_l3Bytes;
    bool m_vlan;
    Time m_phyLatency; //!< PhyRxLatency of the receiving device
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
        : TestCase("full duplex " + RateName(rate) +
                   ": two saturating UDP flows in opposite "
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
                                    << std::setprecision(3) << ceiling / 1e6 << " Mb/s, simulated "
                                    << probes[i].Bps() / 1e6 << " Mb/s");
            NS_TEST_EXPECT_MSG_LT_OR_EQ(probes[i].Bps(), ceiling + slack, "above R*P/W");
            NS_TEST_EXPECT_MSG_GT_OR_EQ(probes[i].Bps(),
                                        0.995 * ceiling,
                                        "below the one-way ceiling");
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
                                              kTestEtherType,
                                              rx,
                                              false);
        nodes.Get(1)->RegisterProtocolHandler(MakeCallback(&Receiver::OnReceive, &promisc),
                                              kTestEtherType,
                                              rx,
                                              true);
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
        NS_TEST_EXPECT_MSG_EQ(Mac48Address::ConvertFrom(host.lastSource),
                              foreign,
                              "SendFrom source");
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

/** ceil(q * 512 / R) in nanoseconds (exact for the rates used: 10 Mb/s .. 10 Gb/s). */
Time
ExpectedPauseTime(uint16_t quanta, DataRate rate)
{
    const uint64_t bits = 512ULL * quanta;
    return NanoSeconds((bits * 1'000'000'000ULL + rate.GetBitRate() - 1) / rate.GetBitRate());
}

/** Time on the wire of a number of bytes at rate R, exact in nanoseconds. */
Time
WireTime(uint32_t bytes, DataRate rate)
{
    return NanoSeconds(8ULL * bytes * 1'000'000'000ULL / rate.GetBitRate());
}

/** What a transmitter put on the wire: start and end times, EtherType and pause_time. */
struct TxLog
{
    void OnBegin(Ptr<const Packet> frame)
    {
        EthernetHeader header(false);
        frame->PeekHeader(header);
        begins.push_back(Simulator::Now());
        types.push_back(header.GetLengthType());
        destinations.push_back(header.GetDestination());
        sizes.push_back(frame->GetSize());
        uint8_t bytes[18];
        frame->CopyData(bytes, sizeof(bytes));
        opcodes.push_back((bytes[14] << 8) | bytes[15]);
        quanta.push_back((bytes[16] << 8) | bytes[17]);
    }

    void OnEnd(Ptr<const Packet> /* frame */)
    {
        ends.push_back(Simulator::Now());
    }

    void OnPaused(bool /* oldValue */, bool newValue)
    {
        (newValue ? pausedOn : pausedOff).push_back(Simulator::Now());
    }

    void OnPauseRx(uint16_t q)
    {
        pauseRx.push_back(Simulator::Now());
        pauseRxQuanta.push_back(q);
    }

    /** @return index of the first start strictly after @p t, or begins.size() */
    size_t FirstAfter(Time t) const
    {
        return std::upper_bound(begins.begin(), begins.end(), t) - begins.begin();
    }

    std::vector<Time> begins;
    std::vector<uint16_t> types;
    std::vector<Mac48Address> destinations;
    std::vector<uint32_t> sizes;
    std::vector<uint16_t> opcodes;
    std::vector<uint16_t> quanta;
    std::vector<Time> ends;
    std::vector<Time> pausedOn;
    std::vector<Time> pausedOff;
    std::vector<Time> pauseRx;
    std::vector<uint16_t> pauseRxQuanta;
};

/** Counts every packet its node's stack would see on a device, whatever the protocol. */
struct StackProbe
{
    void OnReceive(Ptr<NetDevice> /* device */,
                   Ptr<const Packet> /* packet */,
                   uint16_t protocol,
                   const Address& /* source */,
                   const Address& /* destination */,
                   NetDevice::PacketType /* type */)
    {
        ++packets;
        if (protocol == 0x8808)
        {
            ++macControl;
        }
    }

    uint64_t packets{0};
    uint64_t macControl{0};
};

/**
 * A link with a saturated transmitter (1500 B L3 packets) whose peer sends PAUSE frames at
 * the given times; records what the transmitter does.
 */
struct PauseBench
{
    PauseBench(DataRate rate, Time delay, bool pauseEnabled)
        : nodes(2)
    {
        EthernetHelper ethernet;
        ethernet.SetDeviceAttribute("DataRate", DataRateValue(rate));
        ethernet.SetDeviceAttribute("PauseEnabled", BooleanValue(pauseEnabled));
        ethernet.SetChannelAttribute("Delay", TimeValue(delay));
        NetDeviceContainer devices = ethernet.Install(nodes);
        tx = DynamicCast<EthernetNetDevice>(devices.Get(0));
        rx = DynamicCast<EthernetNetDevice>(devices.Get(1));
        source.device = tx;
        source.destination = rx->GetAddress();
        source.l3Bytes = 1500;
        tx->TraceConnectWithoutContext("PhyTxBegin",
                                       MakeCallback(&SaturatingSource::OnTxBegin, &source));
        tx->TraceConnectWithoutContext("PhyTxBegin", MakeCallback(&TxLog::OnBegin, &log));
        tx->TraceConnectWithoutContext("PhyTxEnd", MakeCallback(&TxLog::OnEnd, &log));
        tx->TraceConnectWithoutContext("TxPaused", MakeCallback(&TxLog::OnPaused, &log));
        tx->TraceConnectWithoutContext("PauseRx", MakeCallback(&TxLog::OnPauseRx, &log));
        nodes.Get(0)->RegisterProtocolHandler(MakeCallback(&StackProbe::OnReceive, &txStack),
                                              0,
                                              tx,
                                              true);
        Simulator::Schedule(Seconds(0), &SaturatingSource::Start, &source, 4);
    }

    void PauseAt(Time t, uint16_t quanta)
    {
        Simulator::Schedule(t, [this, quanta]() { rx->SendPause(quanta); });
    }

    NodeContainer nodes;
    Ptr<EthernetNetDevice> tx;
    Ptr<EthernetNetDevice> rx;
    SaturatingSource source;
    TxLog log;
    StackProbe txStack;
};

/**
 * PAUSE with pause_time q, PauseEnabled on: its last bit reaches the saturated transmitter
 * at t_p = t_c + 72 x 8 / R + d (sent at t_c by the idle peer); the frame on the wire then
 * completes, and the next frame starts at exactly max(end of that frame's wire slot,
 * t_p + q x 512 / R); then frames follow back to back again.  The PAUSE is consumed by
 * the MAC: the stack of the paused node sees nothing.
 */
class EthernetPauseTestCase : public TestCase
{
  public:
    EthernetPauseTestCase(DataRate rate, uint16_t quanta)
        : TestCase("PAUSE of " + std::to_string(quanta) + " quanta to a saturated " +
                   RateName(rate) + " transmitter: silent until q x 512 bit times after it " +
                   "arrives, the frame on the wire completes"),
          m_rate(rate),
          m_quanta(quanta)
    {
    }

  private:
    void DoRun() override
    {
        const Time delay = MicroSeconds(1);
        const Time tw = WireTime(1538, m_rate);  // one 1500 B packet's wire slot
        const Time tc = tw * 10 + tw * 37 / 100; // not on a slot boundary
        const Time tp = tc + WireTime(72, m_rate) + delay;
        const Time pause = ExpectedPauseTime(m_quanta, m_rate);
        PauseBench bench(m_rate, delay, true);
        bench.PauseAt(tc, m_quanta);
        Simulator::Stop(tp + pause + tw * 20);
        Simulator::Run();
        Simulator::Destroy(); // before the checks: an assertion may return early

        const TxLog& log = bench.log;
        NS_TEST_ASSERT_MSG_EQ(log.pauseRx.size(), 1, "one PAUSE honoured");
        if (!(log.pauseRx.size() == 1))
        {
            return; // (the runner goes on after a failed assertion)
        }
        NS_TEST_EXPECT_MSG_EQ(log.pauseRx[0], tp, "PAUSE arrival: 72 B of wire + d after sending");
        NS_TEST_EXPECT_MSG_EQ(log.pauseRxQuanta[0], m_quanta, "pause_time carried in the frame");
        const size_t next = log.FirstAfter(tp);
        NS_TEST_ASSERT_MSG_GT(next, 0, "a frame on the wire when the PAUSE arrives");
        if (!(next > 0))
        {
            return; // (the runner goes on after a failed assertion)
        }
        NS_TEST_ASSERT_MSG_LT(next + 5, log.begins.size(), "transmission resumed");
        if (!(next + 5 < log.begins.size()))
        {
            return; // (the runner goes on after a failed assertion)
        }
        const Time inProgress = log.begins[next - 1];
        const Time expected = std::max(inProgress + tw, tp + pause);
        NS_LOG_UNCOND(GetName() << ": PAUSE at " << tp.GetNanoSeconds()
                                << " ns, next frame expected at " << expected.GetNanoSeconds()
                                << " ns, simulated at " << log.begins[next].GetNanoSeconds()
                                << " ns");
        NS_TEST_EXPECT_MSG_EQ(log.begins[next], expected, "first frame after the PAUSE");
        // The frame on the wire at t_p was not cut: its last bit left (F + 8) 8 / R after
        // its first.
        const Time frameEnd = inProgress + WireTime(1518 + 8, m_rate);
        NS_TEST_EXPECT_MSG_EQ(std::count(log.ends.begin(), log.ends.end(), frameEnd),
                              1,
                              "the frame in transmission completes");
        for (size_t k = next; k + 1 < log.begins.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(log.begins[k + 1] - log.begins[k], tw, "back to back after it");
        }
        if (pause > tw)
        {
            NS_TEST_ASSERT_MSG_EQ(log.pausedOn.size(), 1, "TxPaused set once");
            if (!(log.pausedOn.size() == 1))
            {
                return; // (the runner goes on after a failed assertion)
            }
            NS_TEST_EXPECT_MSG_EQ(log.pausedOn[0], tp, "TxPaused from the PAUSE's arrival");
            NS_TEST_ASSERT_MSG_EQ(log.pausedOff.size(), 1, "TxPaused cleared once");
            if (!(log.pausedOff.size() == 1))
            {
                return; // (the runner goes on after a failed assertion)
            }
            NS_TEST_EXPECT_MSG_EQ(log.pausedOff[0], tp + pause, "TxPaused until q x 512 / R later");
        }
        NS_TEST_EXPECT_MSG_EQ(bench.txStack.packets, 0, "PAUSE delivered to the stack");
        NS_TEST_EXPECT_MSG_EQ(bench.tx->GetPauseFramesRx(), 1, "PauseFramesRx");
        NS_TEST_EXPECT_MSG_EQ(bench.rx->GetPauseFramesTx(), 1, "PauseFramesTx");
    }

    DataRate m_rate;
    uint16_t m_quanta;
};

/**
 * PAUSE(65535) then, 100 us later, PAUSE(0): the transmitter, idle since its frame in
 * progress ended, starts its next frame at exactly the arrival of PAUSE(0).
 */
class EthernetPauseZeroTestCase : public TestCase
{
  public:
    EthernetPauseZeroTestCase()
        : TestCase("PAUSE of 65535 quanta then PAUSE 0 at 1 Gbps: transmission resumes when "
                   "PAUSE 0 arrives")
    {
    }

  private:
    void DoRun() override
    {
        const DataRate rate("1Gbps");
        const Time delay = MicroSeconds(1);
        const Time tw = WireTime(1538, rate);
        const Time t1 = tw * 10 + tw / 3;
        const Time t2 = t1 + MicroSeconds(100);
        const Time tp0 = t2 + WireTime(72, rate) + delay;
        PauseBench bench(rate, delay, true);
        bench.PauseAt(t1, 65535);
        bench.PauseAt(t2, 0);
        Simulator::Stop(t2 + MicroSeconds(200));
        Simulator::Run();
        Simulator::Destroy(); // before the checks: an assertion may return early

        const TxLog& log = bench.log;
        NS_TEST_ASSERT_MSG_EQ(log.pauseRx.size(), 2, "two PAUSE frames honoured");
        if (!(log.pauseRx.size() == 2))
        {
            return; // (the runner goes on after a failed assertion)
        }
        NS_TEST_EXPECT_MSG_EQ(log.pauseRx[1], tp0, "arrival of PAUSE 0");
        const size_t next = log.FirstAfter(log.pauseRx[0]);
        NS_TEST_ASSERT_MSG_LT(next, log.begins.size(), "transmission resumed");
        if (!(next < log.begins.size()))
        {
            return; // (the runner goes on after a failed assertion)
        }
        NS_TEST_EXPECT_MSG_EQ(log.begins[next], tp0, "resumes when PAUSE 0 arrives");
        NS_TEST_ASSERT_MSG_EQ(log.pausedOff.size(), 1, "TxPaused cleared once");
        if (!(log.pausedOff.size() == 1))
        {
            return; // (the runner goes on after a failed assertion)
        }
        NS_TEST_EXPECT_MSG_EQ(log.pausedOff[0], tp0, "TxPaused cleared by PAUSE 0");
        NS_TEST_EXPECT_MSG_EQ(bench.tx->IsTxPaused(), false, "not paused at the end");
    }
};

/**
 * PauseEnabled off: the transmitter ignores PAUSE (frames stay back to back, one wire slot
 * apart), and the PAUSE frame still does not reach the stack.
 */
class EthernetPauseIgnoredTestCase : public TestCase
{
  public:
    EthernetPauseIgnoredTestCase()
        : TestCase("PauseEnabled off: a PAUSE of 65535 quanta is ignored and not delivered")
    {
    }

  private:
    void DoRun() override
    {
        const DataRate rate("1Gbps");
        const Time tw = WireTime(1538, rate);
        PauseBench bench(rate, MicroSeconds(1), false);
        bench.PauseAt(tw * 10 + tw / 3, 65535);
        Simulator::Stop(tw * 40);
        Simulator::Run();
        Simulator::Destroy(); // before the checks: an assertion may return early

        const TxLog& log = bench.log;
        NS_TEST_ASSERT_MSG_GT(log.begins.size(), 35, "frames sent");
        if (!(log.begins.size() > 35))
        {
            return; // (the runner goes on after a failed assertion)
        }
        for (size_t k = 0; k + 1 < log.begins.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(log.begins[k + 1] - log.begins[k], tw, "back to back");
        }
        NS_TEST_EXPECT_MSG_EQ(log.pauseRx.size(), 0, "PAUSE not honoured");
        NS_TEST_EXPECT_MSG_EQ(log.pausedOn.size(), 0, "never paused");
        NS_TEST_EXPECT_MSG_EQ(bench.txStack.packets, 0, "PAUSE delivered to the stack");
        NS_TEST_EXPECT_MSG_EQ(bench.rx->GetPauseFramesTx(), 1, "PAUSE sent");
    }
};

/**
 * SendPause on a saturated device: the PAUSE frame starts at the end of the current wire
 * slot, before the queued data frames, as a 64 B frame to 01-80-C2-00-00-01 with
 * EtherType 0x8808, opcode 1 and the pause_time; the next data frame follows 84 B of wire
 * later, and no data frame is lost.
 */
class EthernetPauseAheadTestCase : public TestCase
{
  public:
    EthernetPauseAheadTestCase()
        : TestCase("SendPause on a saturated 1 Gbps device: a 64 B PAUSE frame goes ahead of "
                   "the queued data frames")
    {
    }

  private:
    void DoRun() override
    {
        const DataRate rate("1Gbps");
        const Time tw = WireTime(1538, rate);
        const Time tc = tw * 10 + tw / 3;
        const uint16_t quanta = 0x1234;
        PauseBench bench(rate, MicroSeconds(1), false);
        Simulator::Schedule(tc, [&]() { bench.tx->SendPause(quanta); });
        Simulator::Stop(tw * 20);
        Simulator::Run();
        Simulator::Destroy(); // before the checks: an assertion may return early

        const TxLog& log = bench.log;
        const size_t k = log.FirstAfter(tc);
        NS_TEST_ASSERT_MSG_LT(k + 1, log.begins.size(), "frames after SendPause");
        if (!(k + 1 < log.begins.size()))
        {
            return; // (the runner goes on after a failed assertion)
        }
        NS_TEST_EXPECT_MSG_EQ(log.begins[k], log.begins[k - 1] + tw, "PAUSE at the slot's end");
        NS_TEST_EXPECT_MSG_EQ(log.types[k], 0x8808, "MAC Control EtherType");
        NS_TEST_EXPECT_MSG_EQ(log.destinations[k],
                              Mac48Address("01:80:c2:00:00:01"),
                              "PAUSE address");
        NS_TEST_EXPECT_MSG_EQ(log.sizes[k], 64, "64 B frame");
        NS_TEST_EXPECT_MSG_EQ(log.opcodes[k], 1, "PAUSE opcode");
        NS_TEST_EXPECT_MSG_EQ(log.quanta[k], quanta, "pause_time");
        NS_TEST_EXPECT_MSG_EQ(log.types[k + 1], kTestEtherType, "data frames follow");
        NS_TEST_EXPECT_MSG_EQ(log.begins[k + 1], log.begins[k] + WireTime(84, rate), "84 B wire");
        NS_TEST_EXPECT_MSG_EQ(std::count(log.types.begin(), log.types.end(), 0x8808),
                              1,
                              "one PAUSE");
        NS_TEST_EXPECT_MSG_EQ(bench.tx->GetTxWireBytes(),
                              84 + 1538 * (bench.tx->GetTxFrames() - 1),
                              "TxWireBytes counts the PAUSE");
    }
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
        AddTestCase(new EthernetFramingTestCase(DataRate("1Gbps"), 1500, false, NanoSeconds(384)),
                    Duration::QUICK);
        AddTestCase(new EthernetTcpCeilingTestCase(DataRate("1Gbps"), 1500), Duration::QUICK);
        AddTestCase(new EthernetTcpCeilingTestCase(DataRate("1Gbps"), 9000), Duration::QUICK);
        AddTestCase(new EthernetFullDuplexTestCase(DataRate("1Gbps")), Duration::QUICK);
        AddTestCase(new EthernetAddressingTestCase(), Duration::QUICK);
        for (auto [mtu, valid] :
             {std::pair{67u, false}, {68u, true}, {16144u, true}, {16145u, false}})
        {
            AddTestCase(new EthernetMtuRangeTestCase(mtu, valid), Duration::QUICK);
        }
        // PAUSE: long (512 us), long at 10 Mb/s (5.12 ms), and shorter than the frame in
        // progress (1 quantum: no gap at all).
        AddTestCase(new EthernetPauseTestCase(DataRate("1Gbps"), 1000), Duration::QUICK);
        AddTestCase(new EthernetPauseTestCase(DataRate("10Mbps"), 100), Duration::QUICK);
        AddTestCase(new EthernetPauseTestCase(DataRate("1Gbps"), 1), Duration::QUICK);
        AddTestCase(new EthernetPauseZeroTestCase(), Duration::QUICK);
        AddTestCase(new EthernetPauseIgnoredTestCase(), Duration::QUICK);
        AddTestCase(new EthernetPauseAheadTestCase(), Duration::QUICK);
    }
};

EthernetTestSuite g_ethernetTestSuite; //!< static instance

} // namespace
