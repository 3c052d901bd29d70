/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * EmulatedBrowser -> TierServer (web) -> TierServer (app) -> TierServer (db) over ns-3 TCP
 * on three point-to-point links of rate C = 1 Gb/s and delay d = 10 us (browser-web,
 * web-app, app-db), each server node with a ProcessorPool.
 *
 * One interaction at a time (one browser): every message fits one segment, so on an
 * established connection each message of s bytes takes 8 (s + 54) / C + d (IPv4 20 B, TCP
 * with timestamps 32 B, PPP 2 B; the ACKs ride on the answers, as in the ping-pong test)
 * and TpcwInteractionTable (2) gives, with every interaction set to requests of 100 B,
 * replies of 400 (db), 300 (app) and 200 B (web) and demands of 1, 2 and 3 ms:
 *   R = 6 ms + 6 d + 8 (3 x 154 + 454 + 354 + 254) / 1e9 s + 6 ticks = 6.072198 ms
 * for every interaction after the first (the first also sets up the three connections).
 * The 6 ticks (1 ns each at the test's clock) are ns-3's: TcpSocketBase::Send sends one
 * time step after the application's write (it schedules SendPendingData at TimeStep(1)),
 * once per message.
 *
 * N browsers on an unloaded system (the default table, Z = 1 s, T = 10 s): the
 * interactive response-time law EmulatedBrowser (2), X = N / (E[TT] + R) with R the mean
 * response time measured; interactions completed over T' = 180 s are within
 * 4.5 sqrt(N T' Z^2 / (E[TT] + R)^3) of X T' (the renewal count's standard deviation, with
 * the think time's variance below Z^2).
 *
 * Deliberate mistakes tried: the web tier not waiting for the application tier's reply
 * (replying at once: R short by the app and db parts - fails); the db demand taken from the
 * app column (R 1 ms short - fails); the browser thinking twice per interaction (X halves -
 * the law fails).
 */
#include "hybridnet/emulated-browser.h"
#include "hybridnet/processor-pool.h"
#include "hybridnet/tier-server.h"
#include "hybridnet/tpcw-interaction-table.h"
#include "hybridnet/tpcw-think-time.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/test.h"

#include <cmath>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** Browser, web, app and db nodes on three links; the servers' addresses. */
struct Chain
{
    NodeContainer nodes{4};
    Ipv4Address web;
    Ipv4Address app;
    Ipv4Address db;

    Chain()
    {
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
        p2p.SetChannelAttribute("Delay", StringValue("10us"));
        InternetStackHelper().Install(nodes);
        Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
        std::vector<Ipv4Address> servers;
        for (uint32_t k = 0; k < 3; ++k)
        {
            NetDeviceContainer link = p2p.Install(nodes.Get(k), nodes.Get(k + 1));
            servers.push_back(addresses.Assign(link).GetAddress(1));
            addresses.NewNetwork();
        }
        web = servers[0];
        app = servers[1];
        db = servers[2];
        for (uint32_t k = 1; k < 4; ++k)
        {
            nodes.Get(k)->AggregateObject(
                CreateObjectWithAttributes<ProcessorPool>("Processors", UintegerValue(7)));
        }
    }

    /** The three tiers, sharing @p table. */
    void InstallServers(Ptr<TpcwInteractionTable> table)
    {
        const DatacenterTier tiers[3] = {DatacenterTier::WEB,
                                         DatacenterTier::APP,
                                         DatacenterTier::DB};
        const Ipv4Address next[3] = {app, db, Ipv4Address()};
        for (uint32_t k = 0; k < 3; ++k)
        {
            auto server = CreateObjectWithAttributes<TierServer>(
                "Local",
                AddressValue(InetSocketAddress(Ipv4Address::GetAny(), 80)),
                "Tier",
                EnumValue(tiers[k]),
                "Table",
                PointerValue(table));
            if (k < 2)
            {
                server->SetAttribute("Downstream", AddressValue(InetSocketAddress(next[k], 80)));
            }
            nodes.Get(k + 1)->AddApplication(server);
        }
    }

    /** A browser on node 0. */
    Ptr<EmulatedBrowser> AddBrowser(Ptr<TpcwInteractionTable> table, Ptr<TpcwThinkTime> think)
    {
        auto browser =
            CreateObjectWithAttributes<EmulatedBrowser>("Remote",
                                                        AddressValue(InetSocketAddress(web, 80)),
                                                        "Table",
                                                        PointerValue(table),
                                                        "ThinkTime",
                                                        PointerValue(think));
        nodes.Get(0)->AddApplication(browser);
        browser->SetStartTime(MilliSeconds(1));
        return browser;
    }
};

class OneInteractionTestCase : public TestCase
{
  public:
    OneInteractionTestCase()
        : TestCase("browser, web, app, db on 1 Gbps links of 10 us: R = demands + transfers "
                   "= 6.072198 ms")
    {
    }

  private:
    void Completed(uint32_t /* interaction */, Time responseTime)
    {
        m_times.push_back(responseTime);
    }

    void DoRun() override
    {
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
        Chain chain;
        auto table = CreateObject<TpcwInteractionTable>();
        TpcwInteractionCost cost;
        cost.clientRequest = 100;
        cost.clientResponse = 200;
        cost.appRequest = 100;
        cost.appResponse = 300;
        cost.dbRequest = 100;
        cost.dbResponse = 400;
        cost.webDemand = MilliSeconds(1);
        cost.appDemand = MilliSeconds(2);
        cost.dbDemand = MilliSeconds(3);
        for (uint32_t i = 0; i < kTpcwInteractions; ++i)
        {
            table->Set(static_cast<TpcwInteraction>(i), cost);
        }
        chain.InstallServers(table);
        auto think = CreateObjectWithAttributes<TpcwThinkTime>("Mean",
                                                               TimeValue(Seconds(1)),
                                                               "Maximum",
                                                               TimeValue(Seconds(10)));
        auto browser = chain.AddBrowser(table, think);
        browser->AssignStreams(3);
        browser->TraceConnectWithoutContext("ResponseTime",
                                            MakeCallback(&OneInteractionTestCase::Completed, this));
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_GT(m_times.size(), 5u, "several interactions");
        const Time expected = NanoSeconds(6'060'000 + 12'192 + 6);
        for (size_t k = 1; k < m_times.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(m_times[k],
                                  expected,
                                  "interaction " << k << ": " << m_times[k].GetPicoSeconds()
                                                 << " ps");
        }
        NS_TEST_EXPECT_MSG_GT(m_times[0], expected, "the first sets up the connections");
        Simulator::Destroy();
    }

    std::vector<Time> m_times;
};

class ResponseTimeLawTestCase : public TestCase
{
  public:
    ResponseTimeLawTestCase()
        : TestCase("20 browsers, Z = 1 s, unloaded tiers: X = N over (E[TT] + R)")
    {
    }

  private:
    void Completed(uint32_t /* interaction */, Time responseTime)
    {
        if (Simulator::Now() >= Seconds(20))
        {
            ++m_count;
            m_sum += responseTime.GetSeconds();
        }
    }

    void DoRun() override
    {
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
        Chain chain;
        auto table = CreateObject<TpcwInteractionTable>();
        chain.InstallServers(table);
        constexpr uint32_t n = 20;
        for (uint32_t b = 0; b < n; ++b)
        {
            auto think = CreateObjectWithAttributes<TpcwThinkTime>("Mean",
                                                                   TimeValue(Seconds(1)),
                                                                   "Maximum",
                                                                   TimeValue(Seconds(10)));
            auto browser = chain.AddBrowser(table, think);
            browser->AssignStreams(100 + 10 * b);
            browser->TraceConnectWithoutContext(
                "ResponseTime",
                MakeCallback(&ResponseTimeLawTestCase::Completed, this));
        }
        Simulator::Stop(Seconds(200));
        Simulator::Run();
        const double measured = 180.0;
        const double r = m_sum / m_count;
        const double cycle = 1.0 * (1 - std::exp(-10.0)) + r;
        const double expected = n / cycle * measured;
        const double bound = 4.5 * std::sqrt(n * measured * 1.0 / (cycle * cycle * cycle));
        NS_TEST_EXPECT_MSG_EQ_TOL(double(m_count), expected, bound, "X T'");
        NS_TEST_EXPECT_MSG_LT(r, 0.1, "an unloaded system answers in tens of ms");
        Simulator::Destroy();
    }

    uint64_t m_count{0};
    double m_sum{0};
};

class ThreeTierTestSuite : public TestSuite
{
  public:
    ThreeTierTestSuite()
        : TestSuite("hybridnet-datacenter-three-tier", Type::UNIT)
    {
        AddTestCase(new OneInteractionTestCase(), Duration::QUICK);
        AddTestCase(new ResponseTimeLawTestCase(), Duration::QUICK);
    }
};

ThreeTierTestSuite g_threeTierTestSuite;

} // namespace
