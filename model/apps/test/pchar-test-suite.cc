/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of LineFit against a hand-computed fit, and of Pchar on a chain whose hops are
 * known: on an idle path with an exact clock, equation (3) of Pchar is linear in the probe
 * size, so every hop's bandwidth (2) is its link's rate and its rtt the intercepts'
 * difference computed here from the links, the answer's size and the slow path.
 */
#include "hybridnet/pchar.h"
#include "hybridnet/ttl-expiry-helper.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"

#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** (1, 2), (2, 4), (3, 5), (4, 4), (5, 5) by hand; an exact line; the degenerate cases. */
class LineFitTestCase : public TestCase
{
  public:
    LineFitTestCase()
        : TestCase("least squares (1) against a hand-computed fit")
    {
    }

  private:
    void DoRun() override
    {
        // xbar 3, ybar 4, Sxx 10, Sxy 6, Syy 6: b 0.6, a 2.2, r2 36/60; residuals -0.8,
        // 0.6, 1.0, -0.6, -0.2: SSR 2.4, s2 0.8, se(b) sqrt(0.08), se(a) sqrt(0.8 x 1.1)
        const auto f = LineFit::Fit({1, 2, 3, 4, 5}, {2, 4, 5, 4, 5});
        NS_TEST_ASSERT_MSG_EQ(f.has_value(), true, "a fit");
        NS_TEST_EXPECT_MSG_EQ_TOL(f->b, 0.6, 1e-12, "slope");
        NS_TEST_EXPECT_MSG_EQ_TOL(f->a, 2.2, 1e-12, "intercept");
        NS_TEST_EXPECT_MSG_EQ_TOL(f->r2, 0.6, 1e-12, "r2");
        NS_TEST_EXPECT_MSG_EQ_TOL(f->seB, std::sqrt(0.08), 1e-12, "se(b)");
        NS_TEST_EXPECT_MSG_EQ_TOL(f->seA, std::sqrt(0.88), 1e-12, "se(a)");
        const auto exact = LineFit::Fit({0, 10, 20}, {1, 6, 11});
        NS_TEST_EXPECT_MSG_EQ_TOL(exact->b, 0.5, 1e-12, "exact slope");
        NS_TEST_EXPECT_MSG_EQ_TOL(exact->r2, 1.0, 1e-12, "exact r2");
        NS_TEST_EXPECT_MSG_EQ_TOL(exact->seB, 0.0, 1e-12, "exact se(b)");
        NS_TEST_EXPECT_MSG_EQ(LineFit::Fit({1}, {1}).has_value(), false, "one point");
        NS_TEST_EXPECT_MSG_EQ(LineFit::Fit({2, 2}, {1, 3}).has_value(), false, "equal x");
    }
};

/**
 * A - R1 - R2 - B at 100, 10 and 100 Mb/s with 1, 5 and 1 ms, R2's slow path 2 ms; pchar
 * with an exact clock: three hops, answered by R1, R2 and B, nothing lost, no queueing,
 * r2 = 1, each bandwidth the link's rate and each rtt from (3):
 *     rtt_h = 8 (o + A + o) / R_h + 2 d_h + g_h - g_{h-1},  o = 2 (PPP), A = 56.
 */
class KnownPathTestCase : public TestCase
{
  public:
    KnownPathTestCase()
        : TestCase("pchar on a known idle path: each hop's rate and rtt exactly, eq. (2), (3)")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<double> rate{100e6, 10e6, 100e6};
        const std::vector<Time> delay{MilliSeconds(1), MilliSeconds(5), MilliSeconds(1)};
        const std::vector<Time> slowPath{Seconds(0), MilliSeconds(2), Seconds(0)};
        NodeContainer nodes(4);
        InternetStackHelper().Install(nodes);
        Ipv4AddressHelper ip("10.0.1.0", "255.255.255.0");
        std::vector<Ipv4Address> far;
        for (uint32_t i = 0; i < 3; ++i)
        {
            PointToPointHelper link;
            link.SetDeviceAttribute("DataRate", DataRateValue(DataRate(uint64_t(rate[i]))));
            link.SetChannelAttribute("Delay", TimeValue(delay[i]));
            far.push_back(ip.Assign(link.Install(nodes.Get(i), nodes.Get(i + 1))).GetAddress(1));
            ip.NewNetwork();
        }
        Ipv4GlobalRoutingHelper::PopulateRoutingTables();
        TtlExpiryHelper expiry;
        expiry.Install(nodes.Get(1));
        expiry.SetAttribute("GenerationDelay", TimeValue(slowPath[1]));
        expiry.Install(nodes.Get(2));

        Ptr<Pchar> pchar = CreateObject<Pchar>();
        pchar->SetAttribute("Remote", Ipv4AddressValue(far[2]));
        pchar->SetAttribute("TimerResolution", TimeValue(Seconds(0)));
        pchar->SetAttribute("Repetitions", UintegerValue(2));
        pchar->SetAttribute("Increment", UintegerValue(128));
        pchar->SetAttribute("Gap", TimeValue(MilliSeconds(10)));
        nodes.Get(0)->AddApplication(pchar);
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(pchar->IsDone(), true, "ended at B");
        const std::vector<Pchar::Hop> hops = pchar->GetHops();
        NS_TEST_ASSERT_MSG_EQ(hops.size(), 3, "three hops");
        for (size_t h = 0; h < 3; ++h)
        {
            NS_TEST_EXPECT_MSG_EQ(hops[h].responder, far[h], "responder, hop " << h + 1);
            NS_TEST_EXPECT_MSG_EQ(hops[h].sent, 2 * 11, "11 sizes x 2, hop " << h + 1);
            NS_TEST_EXPECT_MSG_EQ(hops[h].lost, 0, "lost, hop " << h + 1);
            NS_TEST_EXPECT_MSG_EQ_TOL(hops[h].queueing, 0.0, 1e-15, "queueing, hop " << h + 1);
            NS_TEST_EXPECT_MSG_EQ_TOL(hops[h].partial->r2, 1.0, 1e-9, "r2, hop " << h + 1);
            NS_TEST_EXPECT_MSG_EQ_TOL(hops[h].bandwidth / rate[h], 1.0, 1e-6, "bw, hop " << h + 1);
            const Time before = h == 0 ? Seconds(0) : slowPath[h - 1];
            const double rtt = 8.0 * (2 + 56 + 2) / rate[h] + 2 * delay[h].GetSeconds() +
                               (slowPath[h] - before).GetSeconds();
            NS_TEST_EXPECT_MSG_EQ_TOL(hops[h].rtt, rtt, 1e-9, "rtt, hop " << h + 1);
        }
        NS_TEST_EXPECT_MSG_NE(pchar->GetReport().find("Hop char:"), std::string::npos, "report");
        Simulator::Destroy();
    }
};

class PcharTestSuite : public TestSuite
{
  public:
    PcharTestSuite()
        : TestSuite("hybridnet-pchar", Type::UNIT)
    {
        AddTestCase(new LineFitTestCase, Duration::QUICK);
        AddTestCase(new KnownPathTestCase, Duration::QUICK);
    }
};

PcharTestSuite g_pcharTestSuite;

} // namespace
