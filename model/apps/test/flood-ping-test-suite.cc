/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of FloodPing against its equations (2) and (3) on one point-to-point link of rate R
 * and one-way delay d.  ns-3's ICMP answers an echo request the instant it arrives, so every
 * round trip takes exactly
 *     T = 2 (8 L / R + d),  L = Size + 8 (ICMP) + 20 (IPv4) + 2 (PPP) bytes,
 * and by (2) reply k arrives at start + T + k T when T <= MinInterval (one request at a
 * time), and at start + T + k MinInterval otherwise.
 */
#include "hybridnet/flood-ping.h"
#include "hybridnet/host-cpu.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/test.h"

#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** N flood pings over one link; checks every RTT and every reply's arrival time. */
class FloodPingScheduleTestCase : public TestCase
{
  public:
    FloodPingScheduleTestCase(Time delay, uint32_t size, uint32_t count)
        : TestCase("flood ping, " + std::to_string(count) + " requests of " + std::to_string(size) +
                   " B, one-way delay " + std::to_string(delay.GetMicroSeconds()) +
                   " us over 100 Mbps"),
          m_delay(delay),
          m_size(size),
          m_count(count)
    {
    }

  private:
    void DoRun() override
    {
        const DataRate rate("100Mbps");
        NodeContainer nodes(2);
        PointToPointHelper link;
        link.SetDeviceAttribute("DataRate", DataRateValue(rate));
        link.SetChannelAttribute("Delay", TimeValue(m_delay));
        NetDeviceContainer devices = link.Install(nodes);
        InternetStackHelper().Install(nodes);
        Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
        Ipv4InterfaceContainer interfaces = addresses.Assign(devices);

        Ptr<FloodPing> ping = CreateObject<FloodPing>();
        ping->SetAttribute("Remote", Ipv4AddressValue(interfaces.GetAddress(1)));
        ping->SetAttribute("Count", UintegerValue(m_count));
        ping->SetAttribute("Size", UintegerValue(m_size));
        nodes.Get(0)->AddApplication(ping);
        const Time start = Seconds(1);
        ping->SetStartTime(start);
        ping->SetStopTime(Seconds(10));
        std::vector<uint16_t> seqs;
        std::vector<Time> rtts;
        std::vector<Time> arrivals;
        ping->TraceConnectWithoutContext("Rtt",
                                         MakeCallback(+[](std::vector<uint16_t>* s,
                                                          std::vector<Time>* r,
                                                          std::vector<Time>* a,
                                                          uint16_t seq,
                                                          Time rtt) {
                                             s->push_back(seq);
                                             r->push_back(rtt);
                                             a->push_back(Simulator::Now());
                                         }).Bind(&seqs, &rtts, &arrivals));
        Simulator::Run();

        const uint32_t bytes = m_size + 8 + 20 + 2;
        const Time rtt = 2 * (rate.CalculateBytesTxTime(bytes) + m_delay);
        const Time minInterval = MilliSeconds(10);
        const Time spacing = rtt <= minInterval ? rtt : minInterval;
        NS_TEST_ASSERT_MSG_EQ(ping->GetSent(), m_count, "requests sent");
        NS_TEST_ASSERT_MSG_EQ(ping->GetReceived(), m_count, "replies received");
        NS_TEST_ASSERT_MSG_EQ(rtts.size(), m_count, "RTT samples");
        for (uint32_t k = 0; k < rtts.size(); ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(seqs[k], k, "replies in order");
            NS_TEST_ASSERT_MSG_EQ(rtts[k], rtt, "RTT of request " << k);
            NS_TEST_ASSERT_MSG_EQ(arrivals[k], start + rtt + spacing * k, "reply " << k << " time");
        }
        Simulator::Destroy();
    }

    Time m_delay;
    uint32_t m_size;
    uint32_t m_count;
};

/**
 * From a host whose CPU charges a system call of 2400 cycles and a context switch of 7600
 * at 2.4 GHz on another processor (HostCpu (4), HostProcess (1)), over the 100 us link
 * (T = 213.76 us): request k leaves its system call 1 us after t_k, so each RTT is T + 1 us,
 * measured from before the call as iputils measures. Periodic (2'), every 1 ms: reply k at
 * start + k ms + RTT. Flood (4): after each reply the process is woken (7600 cycles), reads
 * and writes (two calls), so reply k arrives at start + RTT + k (RTT + wake + 2 calls).
 */
class HostPingTestCase : public TestCase
{
  public:
    /** @param interval Interval (0: flood) */
    explicit HostPingTestCase(Time interval)
        : TestCase(interval.IsZero()
                       ? "flood ping (4) from a host: woken, reads, writes, then sends"
                       : "periodic ping (2'): requests every Interval, RTT T plus the system call"),
          m_interval(interval)
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes(2);
        PointToPointHelper link;
        link.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
        link.SetChannelAttribute("Delay", TimeValue(MicroSeconds(100)));
        NetDeviceContainer devices = link.Install(nodes);
        InternetStackHelper().Install(nodes);
        Ipv4InterfaceContainer interfaces =
            Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(devices);
        Ptr<HostCpu> cpu = CreateObjectWithAttributes<HostCpu>("Frequency",
                                                               UintegerValue(2'400'000'000),
                                                               "Processors",
                                                               UintegerValue(2),
                                                               "SyscallCycles",
                                                               UintegerValue(2400),
                                                               "ContextSwitchCycles",
                                                               UintegerValue(7600));
        nodes.Get(0)->AggregateObject(cpu);
        Ptr<FloodPing> ping = CreateObject<FloodPing>();
        ping->SetAttribute("Remote", Ipv4AddressValue(interfaces.GetAddress(1)));
        ping->SetAttribute("Count", UintegerValue(5));
        ping->SetAttribute("Interval", TimeValue(m_interval));
        nodes.Get(0)->AddApplication(ping);
        const Time start = Seconds(1);
        ping->SetStartTime(start);
        ping->SetStopTime(Seconds(2));
        std::vector<Time> rtts;
        std::vector<Time> arrivals;
        ping->TraceConnectWithoutContext(
            "Rtt",
            MakeCallback(+[](std::vector<Time>* r, std::vector<Time>* a, uint16_t, Time rtt) {
                r->push_back(rtt);
                a->push_back(Simulator::Now());
            }).Bind(&rtts, &arrivals));
        Simulator::Run();

        const Time rtt =
            2 * (DataRate("100Mbps").CalculateBytesTxTime(56 + 30) + MicroSeconds(100)) +
            MicroSeconds(1);
        const Time cycle = m_interval.IsZero()
                               ? rtt + cpu->GetServiceTime(7600) + 2 * cpu->GetServiceTime(2400)
                               : m_interval;
        NS_TEST_ASSERT_MSG_EQ(rtts.size(), 5u, "every request answered");
        for (uint32_t k = 0; k < rtts.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(rtts[k], rtt, "RTT " << k << ": T + 1 us");
            NS_TEST_EXPECT_MSG_EQ(arrivals[k], start + rtt + cycle * k, "reply " << k);
        }
        Simulator::Destroy();
    }

    Time m_interval; //!< Interval of the ping
};

/** The FloodPing test suite. */
class FloodPingTestSuite : public TestSuite
{
  public:
    FloodPingTestSuite()
        : TestSuite("hybridnet-flood-ping", Type::UNIT)
    {
        // RTT 213.76 us: one request at a time, back to back.
        AddTestCase(new FloodPingScheduleTestCase(MicroSeconds(100), 56, 200), Duration::QUICK);
        // Large requests (1472 B data, one full frame each way).
        AddTestCase(new FloodPingScheduleTestCase(MicroSeconds(100), 1472, 50), Duration::QUICK);
        // RTT about 30 ms > 10 ms: a request every 10 ms, three outstanding.
        AddTestCase(new FloodPingScheduleTestCase(MilliSeconds(15), 56, 100), Duration::QUICK);
        AddTestCase(new HostPingTestCase(MilliSeconds(1)), Duration::QUICK);
        AddTestCase(new HostPingTestCase(Seconds(0)), Duration::QUICK);
    }
};

FloodPingTestSuite g_floodPingTestSuite;

} // namespace
