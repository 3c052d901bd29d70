/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of hybridnet::LoopbackNetDevice against its equations, computed here independently
 * of the model (f = 2.4 GHz, so 2400 cycles = 1 us; M in bit/s):
 *
 *     (1) P = L3 - H_IP - H_L4       (2) m = 2 P       (3) s = c / f + 8 m / M
 *     (4) G = 8 P / ((1 + 1/b) c / f + 16 P / M)      bulk TCP, one ACK per b segments
 *
 * Unit cases: one packet of each kind is handed to the stack exactly s after it is sent.
 * System cases: an iperf-like TCP transfer between two applications of one node, through
 * the node's loopback interface, reaches G of (4), and the stack really uses this device.
 */
#include "hybridnet/host-cpu.h"
#include "hybridnet/host-loopback-net-device.h"
#include "hybridnet/loopback-helper.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/tcp-option-ts.h"
#include "ns3/test.h"

#include <cmath>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

// ns3::LoopbackNetDevice (the base class) is visible too: name ours.
using ns3::hybridnet::LoopbackNetDevice;

constexpr uint64_t kFrequency = 2'400'000'000; //!< f, Hz: 2400 cycles = 1 us
constexpr uint16_t kIpv4 = 0x0800;             //!< EtherType of IPv4
constexpr uint16_t kIpv6 = 0x86DD;             //!< EtherType of IPv6
constexpr uint16_t kRawEtherType = 0x88B5;     //!< IEEE 802 local experimental EtherType
constexpr uint16_t kLinuxLoMtu = 16436;        //!< default Mtu

std::string
Gbps(DataRate rate)
{
    std::ostringstream os;
    os << rate.GetBitRate() / 1e9 << " Gbps";
    return os.str();
}

/** s of equation (3), from first principles: c / f + 16 P / M. */
Time
ExpectedServiceTime(uint64_t cycles, uint64_t payload, DataRate copyRate)
{
    return Seconds(static_cast<double>(cycles) / kFrequency) +
           Seconds(16.0 * payload / copyRate.GetBitRate());
}

/** A node with a HostCpu and a LoopbackNetDevice (no internet stack yet). */
Ptr<Node>
MakeHost(DataRate copyRate, uint64_t cycles, Ptr<LoopbackNetDevice>& device)
{
    Ptr<Node> node = CreateObject<Node>();
    node->AggregateObject(CreateObjectWithAttributes<HostCpu>("Frequency",
                                                              UintegerValue(kFrequency),
                                                              "MemoryCopyRate",
                                                              DataRateValue(copyRate)));
    LoopbackHelper loopback;
    loopback.SetDeviceAttribute("PacketCycles", UintegerValue(cycles));
    device = DynamicCast<LoopbackNetDevice>(loopback.Install(node).Get(0));
    return node;
}

/** The kinds of L3 packet of equation (1). */
enum class Kind
{
    TCP4,    //!< IPv4 + TCP without options (H_L4 = 20)
    TCP4_TS, //!< IPv4 + TCP with the timestamp option (H_L4 = 32)
    UDP4,    //!< IPv4 + UDP (H_L4 = 8)
    ICMP4,   //!< IPv4 + another protocol (H_L4 = 0)
    TCP6,    //!< IPv6 + TCP without options
    RAW,     //!< not IP: all of it is payload
};

std::string
KindName(Kind kind)
{
    switch (kind)
    {
    case Kind::TCP4:
        return "IPv4 TCP";
    case Kind::TCP4_TS:
        return "IPv4 TCP with timestamps";
    case Kind::UDP4:
        return "IPv4 UDP";
    case Kind::ICMP4:
        return "IPv4 ICMP";
    case Kind::TCP6:
        return "IPv6 TCP";
    case Kind::RAW:
        return "non-IP";
    }
    return "";
}

/** An L3 packet of @p kind carrying @p data application bytes; sets @p protocol. */
Ptr<Packet>
MakePacket(Kind kind, uint32_t data, uint16_t& protocol)
{
    Ptr<Packet> packet = Create<Packet>(data);
    uint8_t ipProtocol = 6;
    switch (kind)
    {
    case Kind::TCP4:
    case Kind::TCP6: {
        TcpHeader tcp;
        tcp.SetFlags(TcpHeader::ACK);
        packet->AddHeader(tcp);
        break;
    }
    case Kind::TCP4_TS: {
        TcpHeader tcp;
        tcp.SetFlags(TcpHeader::ACK);
        tcp.AppendOption(CreateObject<TcpOptionTS>());
        packet->AddHeader(tcp);
        break;
    }
    case Kind::UDP4: {
        UdpHeader udp;
        packet->AddHeader(udp);
        ipProtocol = 17;
        break;
    }
    case Kind::ICMP4:
        ipProtocol = 1;
        break;
    case Kind::RAW:
        protocol = kRawEtherType;
        return packet;
    }
    if (kind == Kind::TCP6)
    {
        Ipv6Header ip;
        ip.SetSource(Ipv6Address::GetLoopback());
        ip.SetDestination(Ipv6Address::GetLoopback());
        ip.SetNextHeader(ipProtocol);
        ip.SetPayloadLength(packet->GetSize());
        ip.SetHopLimit(64);
        packet->AddHeader(ip);
        protocol = kIpv6;
        return packet;
    }
    Ipv4Header ip;
    ip.SetSource(Ipv4Address::GetLoopback());
    ip.SetDestination(Ipv4Address::GetLoopback());
    ip.SetProtocol(ipProtocol);
    ip.SetPayloadSize(packet->GetSize());
    packet->AddHeader(ip);
    protocol = kIpv4;
    return packet;
}

/** Records what the node's protocol handler receives, and when. */
struct Arrivals
{
    void OnReceive(Ptr<NetDevice> /* device */,
                   Ptr<const Packet> packet,
                   uint16_t /* protocol */,
                   const Address& /* source */,
                   const Address& /* destination */,
                   NetDevice::PacketType /* type */)
    {
        times.push_back(Simulator::Now());
        sizes.push_back(packet->GetSize());
    }

    std::vector<Time> times;
    std::vector<uint32_t> sizes;
};

/**
 * Equations (1)-(3) for one packet: it reaches the stack exactly s after it is sent, whole,
 * and adds m = 2 P to CopiedBytes.  Fails if the device counts headers as copied bytes,
 * copies once instead of twice, ignores PacketCycles, or delivers before the job ends.
 */
class LoopbackJobTestCase : public TestCase
{
  public:
    LoopbackJobTestCase(Kind kind, uint32_t data, uint64_t cycles)
        : TestCase(KindName(kind) + " packet with " + std::to_string(data) + " B of data, " +
                   std::to_string(cycles) + " cycles per packet: delivered after c div f + " +
                   "16 P div M"),
          m_kind(kind),
          m_data(data),
          m_cycles(cycles)
    {
    }

  private:
    void DoRun() override
    {
        const DataRate copyRate("4Gbps");
        Ptr<LoopbackNetDevice> device;
        Ptr<Node> node = MakeHost(copyRate, m_cycles, device);
        uint16_t protocol = 0;
        Ptr<Packet> packet = MakePacket(m_kind, m_data, protocol);
        const uint32_t l3 = packet->GetSize();
        Arrivals arrivals;
        node->RegisterProtocolHandler(MakeCallback(&Arrivals::OnReceive, &arrivals),
                                      protocol,
                                      device);
        const Time sendAt = MicroSeconds(10);
        Simulator::ScheduleWithContext(node->GetId(), sendAt, [=]() {
            device->Send(packet, device->GetBroadcast(), protocol);
        });
        Simulator::Run();

        const Time expected = ExpectedServiceTime(m_cycles, m_data, copyRate);
        NS_TEST_EXPECT_MSG_EQ(LoopbackNetDevice::GetPayloadBytes(packet, protocol),
                              m_data,
                              "P of equation (1)");
        NS_TEST_ASSERT_MSG_EQ(arrivals.times.size(), 1u, "one packet delivered");
        NS_TEST_EXPECT_MSG_EQ(arrivals.times[0] - sendAt, expected, "delivered after s, (3)");
        NS_TEST_EXPECT_MSG_EQ(arrivals.sizes[0], l3, "the whole L3 packet is delivered");
        NS_TEST_EXPECT_MSG_EQ(device->GetCopiedBytes(), 2ULL * m_data, "m = 2 P, (2)");
        NS_TEST_EXPECT_MSG_EQ(device->GetRxPackets(), 1u, "RxPackets");
        Simulator::Destroy();
    }

    Kind m_kind;
    uint32_t m_data;
    uint64_t m_cycles;
};

/**
 * Packets sent at the same instant are served one after the other by the one CPU: the k-th
 * arrives at k s.  Fails if the device delivers on its own timer instead of the CPU's.
 */
class LoopbackSerialisationTestCase : public TestCase
{
  public:
    LoopbackSerialisationTestCase()
        : TestCase("three packets sent at once arrive at s, 2 s and 3 s")
    {
    }

  private:
    void DoRun() override
    {
        const DataRate copyRate("4Gbps");
        Ptr<LoopbackNetDevice> device;
        Ptr<Node> node = MakeHost(copyRate, 2400, device);
        Arrivals arrivals;
        node->RegisterProtocolHandler(MakeCallback(&Arrivals::OnReceive, &arrivals), kIpv4, device);
        Simulator::ScheduleWithContext(node->GetId(), Seconds(0), [=]() {
            for (int i = 0; i < 3; ++i)
            {
                uint16_t protocol = 0;
                Ptr<Packet> packet = MakePacket(Kind::TCP4_TS, 1000, protocol);
                device->Send(packet, device->GetBroadcast(), protocol);
            }
        });
        Simulator::Run();
        const Time s = ExpectedServiceTime(2400, 1000, copyRate); // 1 us + 4 us
        NS_TEST_ASSERT_MSG_EQ(arrivals.times.size(), 3u, "three packets delivered");
        for (int k = 0; k < 3; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(arrivals.times[k], (k + 1) * s, "k-th arrival at k s");
        }
        Simulator::Destroy();
    }
};

/** A packet of Mtu bytes passes; one byte more is dropped (Send false, MacTxDrop). */
class LoopbackMtuTestCase : public TestCase
{
  public:
    LoopbackMtuTestCase()
        : TestCase("default Mtu 16436 B: a 16436 B packet passes, a 16437 B packet is dropped")
    {
    }

  private:
    void OnDrop(Ptr<const Packet> /* packet */)
    {
        ++m_drops;
    }

    void DoRun() override
    {
        Ptr<LoopbackNetDevice> device;
        Ptr<Node> node = MakeHost(DataRate("4Gbps"), 0, device);
        Arrivals arrivals;
        node->RegisterProtocolHandler(MakeCallback(&Arrivals::OnReceive, &arrivals),
                                      kRawEtherType,
                                      device);
        device->TraceConnectWithoutContext("MacTxDrop",
                                           MakeCallback(&LoopbackMtuTestCase::OnDrop, this));
        NS_TEST_EXPECT_MSG_EQ(device->GetMtu(), kLinuxLoMtu, "default Mtu");
        bool small = false;
        bool large = true;
        Simulator::ScheduleWithContext(node->GetId(), Seconds(0), [&]() {
            const Address to = device->GetBroadcast();
            small = device->Send(Create<Packet>(kLinuxLoMtu), to, kRawEtherType);
            large = device->Send(Create<Packet>(kLinuxLoMtu + 1), to, kRawEtherType);
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(small, true, "Mtu-sized packet accepted");
        NS_TEST_EXPECT_MSG_EQ(large, false, "larger packet refused");
        NS_TEST_EXPECT_MSG_EQ(m_drops, 1u, "one MacTxDrop");
        NS_TEST_EXPECT_MSG_EQ(arrivals.times.size(), 1u, "only the Mtu-sized packet delivered");
        NS_TEST_EXPECT_MSG_EQ(device->SetMtu(67), false, "67 B is below the range");
        NS_TEST_EXPECT_MSG_EQ(device->SetMtu(68), true, "68 B is the bottom of the range");
        Simulator::Destroy();
    }

    uint32_t m_drops{0};
};

/** How the two applications of the node address each other. */
enum class Path
{
    IPV4_LOCALHOST, //!< 127.0.0.1
    IPV6_LOCALHOST, //!< ::1
    OWN_ADDRESS,    //!< the node's address on another device, with a host route via lo
};

std::string
PathName(Path path)
{
    switch (path)
    {
    case Path::IPV4_LOCALHOST:
        return "127.0.0.1";
    case Path::IPV6_LOCALHOST:
        return "::1";
    case Path::OWN_ADDRESS:
        return "own address 10.0.0.1 with a host route via lo";
    }
    return "";
}

/** IP + TCP (with timestamps) header bytes of a data segment on @p path. */
uint32_t
HeaderBytes(Path path)
{
    return (path == Path::IPV6_LOCALHOST ? 40 : 20) + 32;
}

/** What one bulk transfer measured over its window. */
struct BulkResult
{
    double goodput{0};     //!< bit/s over the window
    Time busy;             //!< CPU busy time over the window
    Time window;           //!< length of the window
    uint64_t rxPackets{0}; //!< packets the device delivered, whole run
    bool adopted{false};   //!< the stack's interface 0 is this device
};

constexpr uint32_t kSocketBuffer = 4 << 20;  //!< SndBufSize and RcvBufSize, bytes
const Time kWindowStart = MilliSeconds(100); //!< start of the goodput window
const Time kWindowStop = MilliSeconds(1100); //!< end of the goodput window

/**
 * A BulkSendApplication and a PacketSink on one node, over @p path, with 4 MB socket
 * buffers and window scaling: the window (up to 256 segments) is far above the few segments
 * that keep the CPU busy, so the CPU is the only limit.  NewReno, Linux 2.4's congestion
 * control, reaches the 4 MB window by 60 ms (no loss: the device never drops).  Segments
 * fill the default Mtu: P = 16436 - HeaderBytes(path).  Goodput and CPU busy time are
 * sampled at kWindowStart and kWindowStop.
 * @param hostRoute for OWN_ADDRESS: whether to add the host route through interface 0
 * @param maxBytes BulkSend MaxBytes (0: unlimited)
 */
BulkResult
RunBulk(Path path,
        DataRate copyRate,
        uint64_t cycles,
        uint32_t delAckCount,
        bool hostRoute = true,
        uint64_t maxBytes = 0)
{
    const uint32_t mss = kLinuxLoMtu - HeaderBytes(path);
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(mss));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(kSocketBuffer));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(kSocketBuffer));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(delAckCount));
    Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(true));
    Config::SetDefault("ns3::TcpSocketBase::WindowScaling", BooleanValue(true));
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpNewReno::GetTypeId()));

    Ptr<LoopbackNetDevice> device;
    Ptr<Node> node = MakeHost(copyRate, cycles, device);
    InternetStackHelper().Install(node);
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();

    Address sinkAddress;
    Address target;
    const uint16_t port = 5001;
    if (path == Path::IPV6_LOCALHOST)
    {
        sinkAddress = Inet6SocketAddress(Ipv6Address::GetAny(), port);
        target = Inet6SocketAddress(Ipv6Address::GetLoopback(), port);
    }
    else
    {
        sinkAddress = InetSocketAddress(Ipv4Address::GetAny(), port);
        target = InetSocketAddress(Ipv4Address::GetLoopback(), port);
    }
    if (path == Path::OWN_ADDRESS)
    {
        // A second interface, as an Ethernet NIC would be: 10.0.0.1/24.
        Ptr<SimpleNetDevice> nic = CreateObject<SimpleNetDevice>();
        nic->SetAddress(Mac48Address::Allocate());
        nic->SetChannel(CreateObject<SimpleChannel>());
        node->AddDevice(nic);
        Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
        const Ipv4Address own = addresses.Assign(NetDeviceContainer(nic)).GetAddress(0);
        target = InetSocketAddress(own, port);
        if (hostRoute)
        {
            Ipv4StaticRoutingHelper().GetStaticRouting(ipv4)->AddHostRouteTo(own, 0);
        }
    }

    PacketSinkHelper sinkHelper("ns3::TcpSocketFactory", sinkAddress);
    auto sink = DynamicCast<PacketSink>(sinkHelper.Install(node).Get(0));
    BulkSendHelper client("ns3::TcpSocketFactory", target);
    client.SetAttribute("SendSize", UintegerValue(16 * mss));
    client.SetAttribute("MaxBytes", UintegerValue(maxBytes));
    client.Install(node);

    Ptr<HostCpu> cpu = node->GetObject<HostCpu>();
    uint64_t rxStart = 0;
    uint64_t rxStop = 0;
    Time busyStart;
    Time busyStop;
    Simulator::Schedule(kWindowStart, [&]() {
        rxStart = sink->GetTotalRx();
        busyStart = cpu->GetBusyTime();
    });
    Simulator::Schedule(kWindowStop, [&]() {
        rxStop = sink->GetTotalRx();
        busyStop = cpu->GetBusyTime();
    });
    Simulator::Stop(kWindowStop);
    Simulator::Run();

    BulkResult result;
    result.window = kWindowStop - kWindowStart;
    result.goodput = 8.0 * (rxStop - rxStart) / result.window.GetSeconds();
    result.busy = busyStop - busyStart;
    result.rxPackets = device->GetRxPackets();
    result.adopted = path == Path::IPV6_LOCALHOST
                         ? node->GetObject<Ipv6>()->GetNetDevice(0) == device
                         : ipv4->GetNetDevice(0) == device;
    Simulator::Destroy();
    Config::Reset();
    return result;
}

/** G of equation (4), bit/s. */
double
ExpectedGoodput(uint32_t payload, DataRate copyRate, uint64_t cycles, uint32_t b)
{
    const double perSegment =
        (1.0 + 1.0 / b) * cycles / kFrequency + 16.0 * payload / copyRate.GetBitRate();
    return 8.0 * payload / perSegment;
}

/**
 * Relative tolerance of a measured G.  The CPU is saturated over the window, so its busy
 * time, the window T, is D data jobs (s_d = c / f + 16 P / M each) and A ACK jobs (c / f
 * each): T = D s_d + A c / f, within one job at each end.  A = D / b + a1 - a2, where a1 and
 * a2 are the ACK jobs waiting in the CPU's queue at the two ends of the window: at most one
 * per b segments of the window W = 4 MB / P, plus one delayed ACK.  The sink counts whole
 * segments, one at most off at each end.  So the goodput is off (4) by at most
 *
 *     (2 s_d + 2 c / f + (W / b + 1) c / f) / T
 *
 * relative: 0.013 % for c = 0 (2 Gb/s: one 65.5 us segment at each end of 1 s); for c =
 * 48000 cycles (20 us), 0.27 % with b = 2 and 0.53 % with b = 1.  The model is
 * deterministic, so nothing else (no randomness) enters.
 */
double
GoodputTolerance(uint32_t payload, DataRate copyRate, uint64_t cycles, uint32_t b, Time window)
{
    const double perPacket = static_cast<double>(cycles) / kFrequency;
    const double data = perPacket + 16.0 * payload / copyRate.GetBitRate();
    const double segmentsInWindow = std::ceil(static_cast<double>(kSocketBuffer) / payload);
    const double slack = 2 * data + 2 * perPacket + (segmentsInWindow / b + 1) * perPacket;
    return slack / window.GetSeconds();
}

/**
 * Equation (4) end to end: steady-state goodput of a bulk TCP transfer over the node's
 * loopback interface, within GoodputTolerance.  The CPU is saturated: its busy time over
 * the window equals the window within one job at each end.  Fails if the device copies once
 * instead of twice, counts headers as copied bytes, does not charge the ACKs' cycles, or if
 * the stack does not send through it (then the transfer is not limited by M at all).
 */
class LoopbackGoodputTestCase : public TestCase
{
  public:
    LoopbackGoodputTestCase(Path path, DataRate copyRate, uint64_t cycles, uint32_t b)
        : TestCase("bulk TCP over " + PathName(path) + ", M " + Gbps(copyRate) + ", " +
                   std::to_string(cycles) + " cycles per packet, 1 ACK per " + std::to_string(b) +
                   " segments: goodput G of equation (4)"),
          m_path(path),
          m_copyRate(copyRate),
          m_cycles(cycles),
          m_b(b)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t payload = kLinuxLoMtu - HeaderBytes(m_path);
        const BulkResult r = RunBulk(m_path, m_copyRate, m_cycles, m_b);
        const double expected = ExpectedGoodput(payload, m_copyRate, m_cycles, m_b);
        const double tolerance =
            GoodputTolerance(payload, m_copyRate, m_cycles, m_b, r.window) * expected;
        NS_LOG_UNCOND(GetName() << ": expected " << std::fixed << std::setprecision(3)
                                << expected / 1e6 << " +- " << tolerance / 1e6
                                << " Mb/s, simulated " << r.goodput / 1e6 << " Mb/s, CPU busy "
                                << r.busy.GetSeconds() / r.window.GetSeconds());
        NS_TEST_EXPECT_MSG_EQ(r.adopted, true, "the stack adopted the device as interface 0");
        NS_TEST_EXPECT_MSG_GT(r.rxPackets, 0u, "packets went through the device");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.goodput, expected, tolerance, "goodput G, (4)");
        const Time slack = 2 * ExpectedServiceTime(m_cycles, payload, m_copyRate);
        NS_TEST_EXPECT_MSG_GT_OR_EQ(r.busy, r.window - slack, "CPU saturated");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(r.busy, r.window + slack, "CPU busy at most the window");
    }

    Path m_path;
    DataRate m_copyRate;
    uint64_t m_cycles;
    uint32_t m_b;
};

/**
 * With c = 0, (4) is G = M / 2: doubling M doubles the goodput, within the sum of the two
 * runs' GoodputTolerance (0.02 %).
 */
class LoopbackCopyRateScalingTestCase : public TestCase
{
  public:
    LoopbackCopyRateScalingTestCase(DataRate copyRate)
        : TestCase("M doubled from " + Gbps(copyRate) + ": loopback goodput doubles"),
          m_copyRate(copyRate)
    {
    }

  private:
    void DoRun() override
    {
        const DataRate doubled(2 * m_copyRate.GetBitRate());
        const uint32_t payload = kLinuxLoMtu - HeaderBytes(Path::IPV4_LOCALHOST);
        const BulkResult base = RunBulk(Path::IPV4_LOCALHOST, m_copyRate, 0, 2);
        const BulkResult twice = RunBulk(Path::IPV4_LOCALHOST, doubled, 0, 2);
        const double ratio = twice.goodput / base.goodput;
        const double tolerance = 2.0 * (GoodputTolerance(payload, m_copyRate, 0, 2, base.window) +
                                        GoodputTolerance(payload, doubled, 0, 2, twice.window));
        NS_LOG_UNCOND(GetName() << ": " << std::fixed << std::setprecision(3) << base.goodput / 1e6
                                << " Mb/s, then " << twice.goodput / 1e6 << " Mb/s, ratio "
                                << std::setprecision(5) << ratio << " +- " << tolerance);
        NS_TEST_EXPECT_MSG_EQ_TOL(ratio, 2.0, tolerance, "G proportional to M");
    }

    DataRate m_copyRate;
};

/**
 * What the class comment says of ns-3: without the host route, a packet to the node's own
 * non-loopback address is delivered by Ipv4Interface::Send at zero cost and never reaches
 * this device; the transfer (1 MB) completes, none of it through the device.
 */
class LoopbackOwnAddressBypassTestCase : public TestCase
{
  public:
    LoopbackOwnAddressBypassTestCase()
        : TestCase("own address 10.0.0.1 without a host route bypasses the loopback device")
    {
    }

  private:
    void DoRun() override
    {
        const BulkResult r = RunBulk(Path::OWN_ADDRESS, DataRate("4Gbps"), 0, 2, false, 1 << 20);
        NS_TEST_EXPECT_MSG_EQ(r.rxPackets, 0u, "no packet through the loopback device");
    }
};

class LoopbackTestSuite : public TestSuite
{
  public:
    LoopbackTestSuite()
        : TestSuite("hybridnet-loopback", Type::SYSTEM)
    {
        // Unit: (1)-(3) for each kind of packet; 2400 cycles = 1 us, 2 x 1000 B at 4 Gb/s = 4 us.
        for (Kind kind :
             {Kind::TCP4, Kind::TCP4_TS, Kind::UDP4, Kind::ICMP4, Kind::TCP6, Kind::RAW})
        {
            AddTestCase(new LoopbackJobTestCase(kind, 1000, 0), Duration::QUICK);
            AddTestCase(new LoopbackJobTestCase(kind, 1000, 2400), Duration::QUICK);
        }
        AddTestCase(new LoopbackJobTestCase(Kind::TCP4_TS, 0, 2400), Duration::QUICK); // pure ACK
        AddTestCase(new LoopbackSerialisationTestCase(), Duration::QUICK);
        AddTestCase(new LoopbackMtuTestCase(), Duration::QUICK);
        // System: (4).  c = 0: G = M / 2.  c = 48000 cycles = 20 us per packet.
        AddTestCase(new LoopbackGoodputTestCase(Path::IPV4_LOCALHOST, DataRate("4Gbps"), 0, 2),
                    Duration::QUICK);
        AddTestCase(new LoopbackGoodputTestCase(Path::IPV4_LOCALHOST, DataRate("8Gbps"), 0, 2),
                    Duration::QUICK);
        AddTestCase(new LoopbackGoodputTestCase(Path::IPV4_LOCALHOST, DataRate("4Gbps"), 48000, 2),
                    Duration::QUICK);
        AddTestCase(new LoopbackGoodputTestCase(Path::IPV4_LOCALHOST, DataRate("4Gbps"), 48000, 1),
                    Duration::QUICK);
        AddTestCase(new LoopbackGoodputTestCase(Path::IPV6_LOCALHOST, DataRate("4Gbps"), 0, 2),
                    Duration::QUICK);
        AddTestCase(new LoopbackGoodputTestCase(Path::OWN_ADDRESS, DataRate("4Gbps"), 0, 2),
                    Duration::QUICK);
        AddTestCase(new LoopbackCopyRateScalingTestCase(DataRate("4Gbps")), Duration::QUICK);
        AddTestCase(new LoopbackOwnAddressBypassTestCase(), Duration::QUICK);
    }
};

LoopbackTestSuite g_loopbackTestSuite; //!< static instance

} // namespace
