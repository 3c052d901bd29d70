/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of IperfServer against first principles on one point-to-point link of rate R:
 * every byte sent is counted once (B = bytes sent), no interval and no total exceeds the
 * payload share of the link rate, R * MSS / (MSS + 40 + 12 + 2) (IPv4 20 B, TCP 20 B,
 * timestamp option 12 B, PPP 2 B), and a window of W bytes over round-trip time T cannot
 * carry more than W / T.
 *
 * UDP (iperf -s -u) with a reader process on a uniprocessor host with a HostCpu: datagrams
 * spaced further apart than the reader's two context switches each find it asleep, so each
 * costs one wake-up and 2 C / f of CPU (HostProcess equation (1)), and each is read C / f
 * after it arrived.
 */
#include "hybridnet/host-cpu.h"
#include "hybridnet/iperf-server-helper.h"
#include "hybridnet/iperf-server.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/test.h"

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** One bulk transfer of a fixed size over one link; checks the server's accounting. */
class IperfServerTransferTestCase : public TestCase
{
  public:
    IperfServerTransferTestCase(DataRate rate, Time delay, uint32_t window, uint64_t bytes)
        : TestCase("transfer of " + std::to_string(bytes) + " B over " +
                   std::to_string(rate.GetBitRate() / 1000000) + " Mbps, one-way " +
                   std::to_string(delay.GetMicroSeconds()) + " us, window " +
                   std::to_string(window) + " B"),
          m_rate(rate),
          m_delay(delay),
          m_window(window),
          m_bytes(bytes)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t mss = 1448;
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(mss));
        Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(m_window));
        Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(m_window));
        NodeContainer nodes(2);
        PointToPointHelper link;
        link.SetDeviceAttribute("DataRate", DataRateValue(m_rate));
        link.SetChannelAttribute("Delay", TimeValue(m_delay));
        NetDeviceContainer devices = link.Install(nodes);
        InternetStackHelper().Install(nodes);
        Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
        Ipv4InterfaceContainer interfaces = addresses.Assign(devices);

        IperfServerHelper serverHelper(5001);
        serverHelper.SetAttribute("Interval", TimeValue(MilliSeconds(100)));
        Ptr<IperfServer> server =
            DynamicCast<IperfServer>(serverHelper.Install(nodes.Get(1)).Get(0));
        uint64_t intervalBytes = 0;
        double maxIntervalBps = 0;
        server->TraceConnectWithoutContext("IntervalReport",
                                           MakeCallback(&IperfServerTransferTestCase::OnInterval)
                                               .Bind(&intervalBytes, &maxIntervalBps));
        BulkSendHelper client("ns3::TcpSocketFactory",
                              InetSocketAddress(interfaces.GetAddress(1), 5001));
        client.SetAttribute("MaxBytes", UintegerValue(m_bytes));
        client.Install(nodes.Get(0));
        Simulator::Stop(Seconds(60));
        Simulator::Run();

        auto reports = server->GetReports();
        NS_TEST_ASSERT_MSG_EQ(reports.size(), 1, "one connection accepted");
        const auto& r = reports[0];
        NS_TEST_EXPECT_MSG_EQ(r.closed, true, "peer FIN read");
        NS_TEST_EXPECT_MSG_EQ(r.bytes, m_bytes, "every byte counted once (B = bytes sent)");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(intervalBytes, r.bytes, "intervals count no extra byte");

        double linkLimit = m_rate.GetBitRate() * double(mss) / (mss + 40 + 12 + 2);
        double rtt = 2 * m_delay.GetSeconds();
        double windowLimit = 8.0 * m_window / rtt;
        double limit = std::min(linkLimit, windowLimit);
        NS_TEST_EXPECT_MSG_LT_OR_EQ(r.GoodputBps(), limit, "total goodput above the limit");
        // An interval may hold one segment more than its share: a segment is counted whole.
        double slack = 8.0 * mss / 0.1;
        NS_TEST_EXPECT_MSG_LT_OR_EQ(maxIntervalBps, limit + slack, "interval above the limit");
        // Slow start and the handshake cost some time, but not half of it.
        NS_TEST_EXPECT_MSG_GT(r.GoodputBps(), 0.5 * limit, "total goodput implausibly low");
        Simulator::Destroy();
    }

    static void OnInterval(uint64_t* total,
                           double* maxBps,
                           uint32_t connection,
                           Time start,
                           Time end,
                           uint64_t bytes)
    {
        NS_ASSERT(connection == 0);
        *total += bytes;
        *maxBps = std::max(*maxBps, 8.0 * bytes / (end - start).GetSeconds());
    }

    DataRate m_rate;
    Time m_delay;
    uint32_t m_window;
    uint64_t m_bytes;
};

/** UDP datagrams spaced far apart, each waking the reader (HostProcess (1)). */
class IperfServerUdpWakeupTestCase : public TestCase
{
  public:
    IperfServerUdpWakeupTestCase(uint32_t datagrams, Time spacing)
        : TestCase("udp - " + std::to_string(datagrams) + " datagrams " +
                   std::to_string(spacing.GetMicroSeconds()) +
                   " us apart each wake the reader once"),
          m_datagrams(datagrams),
          m_spacing(spacing)
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t frequency = 1'000'000'000;
        const uint64_t switchCycles = 4000; // 4 us at 1 GHz
        const uint32_t size = 1000;
        NodeContainer nodes(2);
        Ptr<HostCpu> cpu = CreateObjectWithAttributes<HostCpu>("Frequency",
                                                               UintegerValue(frequency),
                                                               "Processors",
                                                               UintegerValue(1),
                                                               "ContextSwitchCycles",
                                                               UintegerValue(switchCycles));
        nodes.Get(1)->AggregateObject(cpu);
        PointToPointHelper link;
        link.SetDeviceAttribute("DataRate", DataRateValue(DataRate("1Gbps")));
        link.SetChannelAttribute("Delay", TimeValue(MicroSeconds(5)));
        NetDeviceContainer devices = link.Install(nodes);
        InternetStackHelper().Install(nodes);
        Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
        Ipv4InterfaceContainer interfaces = addresses.Assign(devices);

        IperfServerHelper serverHelper(5001);
        serverHelper.SetAttribute("Protocol", StringValue("Udp"));
        Ptr<IperfServer> server =
            DynamicCast<IperfServer>(serverHelper.Install(nodes.Get(1)).Get(0));
        std::vector<Time> reads;
        server->TraceConnectWithoutContext(
            "Rx",
            MakeCallback(+[](std::vector<Time>* into, uint32_t, Ptr<const Packet>) {
                into->push_back(Simulator::Now());
            }).Bind(&reads));
        std::vector<Time> arrivals;
        devices.Get(1)->TraceConnectWithoutContext(
            "MacRx",
            MakeCallback(+[](std::vector<Time>* into, Ptr<const Packet>) {
                into->push_back(Simulator::Now());
            }).Bind(&arrivals));
        UdpClientHelper client(interfaces.GetAddress(1), 5001);
        client.SetAttribute("MaxPackets", UintegerValue(m_datagrams));
        client.SetAttribute("Interval", TimeValue(m_spacing));
        client.SetAttribute("PacketSize", UintegerValue(size));
        client.Install(nodes.Get(0));
        Simulator::Stop(Seconds(1));
        Simulator::Run();

        auto reports = server->GetReports();
        NS_TEST_ASSERT_MSG_EQ(reports.size(), 1, "one UDP test");
        NS_TEST_EXPECT_MSG_EQ(reports[0].bytes, uint64_t(m_datagrams) * size, "every byte once");
        NS_TEST_ASSERT_MSG_EQ(reads.size(), m_datagrams, "every datagram read");
        NS_TEST_ASSERT_MSG_EQ(arrivals.size(), m_datagrams, "every datagram arrived");
        const Time oneSwitch = NanoSeconds(switchCycles);
        for (uint32_t i = 0; i < m_datagrams; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(reads[i], arrivals[i] + oneSwitch, "read one switch later");
        }
        NS_TEST_EXPECT_MSG_EQ(cpu->GetBusyTime(),
                              2 * oneSwitch * int64_t(m_datagrams),
                              "two switches per wake-up");
        Simulator::Destroy();
    }

    uint32_t m_datagrams;
    Time m_spacing;
};

class IperfServerTestSuite : public TestSuite
{
  public:
    IperfServerTestSuite()
        : TestSuite("hybridnet-iperf-server", Type::UNIT)
    {
        // Link-limited: window far above the bandwidth-delay product.
        AddTestCase(new IperfServerTransferTestCase(DataRate("100Mbps"),
                                                    MilliSeconds(1),
                                                    1 << 20,
                                                    10'000'000),
                    Duration::QUICK);
        // Window-limited: 16 KiB over a 20 ms round trip allows 6.55 Mb/s of 100 Mb/s.
        AddTestCase(new IperfServerTransferTestCase(DataRate("100Mbps"),
                                                    MilliSeconds(10),
                                                    16384,
                                                    2'000'000),
                    Duration::QUICK);
        AddTestCase(new IperfServerUdpWakeupTestCase(20, MicroSeconds(100)), Duration::QUICK);
    }
};

IperfServerTestSuite g_iperfServerTestSuite; //!< static instance

} // namespace
