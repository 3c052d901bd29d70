/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * LightpathSignalling against its equations: the set-up time (1), the refusal time (2)
 * with no segment left behind, the release time, and refusal at the first domain. Three
 * domains with constant command latencies L_i, switching times S_i and signalling delays
 * d_i, all different, so that a term counted once instead of twice, or a delay taken from
 * the wrong domain, shows. Mistakes tried: answering a refusal without the rollback (the
 * refusal case finds 3 circuits at the answer, not 1); the way back counted over the last
 * domain's delay only (the set-up case's time is off); no port reservation (the shared
 * ports case: the second lightpath is told it is up too).
 */
#include "hybridnet/lightpath-signalling.h"
#include "hybridnet/optical-circuit-switch-helper.h"
#include "simulator-cleanup.h"

#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** Three domains: L_i, S_i, d_i (ms). */
constexpr double kLatency[] = {1000, 500, 2000};
constexpr double kSwitching[] = {20, 10, 50};
constexpr double kDelay[] = {5, 40, 10};

/** The domains' switches and the hops of one lightpath over ports 1-2 of each. */
struct ThreeDomains
{
    std::vector<LightpathHop> hops;
    std::vector<std::string> events; //!< "domain:event" in order
    bool answered{false};
    bool success{false};
    std::string reason;
    Time answeredAt;

    /** @param busy a default circuit on the third switch ("" for none) */
    explicit ThreeDomains(const std::string& busy = "")
    {
        for (size_t i = 0; i < 3; ++i)
        {
            OpticalCircuitSwitchHelper helper;
            helper.SetSwitchAttribute("NumPorts", UintegerValue(4));
            helper.SetSwitchAttribute("CommandLatencyMin", TimeValue(MilliSeconds(kLatency[i])));
            helper.SetSwitchAttribute("CommandLatencyMax", TimeValue(MilliSeconds(kLatency[i])));
            helper.SetSwitchAttribute("SwitchingTime", TimeValue(MilliSeconds(kSwitching[i])));
            if (i == 2)
            {
                helper.SetSwitchAttribute("DefaultConnections", StringValue(busy));
            }
            Ptr<Node> node = CreateObject<Node>();
            hops.push_back(LightpathHop{"domain" + std::to_string(i + 1),
                                        helper.Install(node),
                                        1,
                                        2,
                                        MilliSeconds(kDelay[i])});
        }
    }

    void Event(uint64_t /* id */, std::string domain, std::string event)
    {
        events.push_back(domain + ":" + event);
    }

    void Result(bool ok, std::string why)
    {
        answered = true;
        success = ok;
        reason = why;
        answeredAt = Simulator::Now();
    }

    /** @return the circuits of all three switches */
    size_t Circuits() const
    {
        size_t n = 0;
        for (const auto& hop : hops)
        {
            n += hop.fabric->GetConnections().size();
        }
        return n;
    }
};

/** sum over the first @p n domains of L_i + S_i, and of d_i, in ms */
double
SumLs(size_t n)
{
    double sum = 0;
    for (size_t i = 0; i < n; ++i)
    {
        sum += kLatency[i] + kSwitching[i];
    }
    return sum;
}

double
SumD(size_t n)
{
    double sum = 0;
    for (size_t i = 0; i < n; ++i)
    {
        sum += kDelay[i];
    }
    return sum;
}

/**
 * Every domain admits: the requester hears success at (1), T_up = sum (L + S) + 2 sum d =
 * 3580 + 110 ms, when all three segments are lit. (Counting the signalling delays once
 * gives 3635 ms.)
 */
class SetUpTimeTestCase : public TestCase
{
  public:
    SetUpTimeTestCase()
        : TestCase("three domains admit: up at sum (L + S) + 2 sum d, every segment lit")
    {
    }

  private:
    void DoRun() override
    {
        SimulatorCleanup cleanup;
        ThreeDomains net;
        auto signalling = CreateObject<LightpathSignalling>();
        signalling->TraceConnectWithoutContext("DomainEvent",
                                               MakeCallback(&ThreeDomains::Event, &net));
        signalling->Request(net.hops, MakeCallback(&ThreeDomains::Result, &net));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(net.answered, true, "no answer");
        NS_TEST_EXPECT_MSG_EQ(net.success, true, net.reason);
        NS_TEST_EXPECT_MSG_EQ(net.answeredAt,
                              MilliSeconds(SumLs(3) + 2 * SumD(3)),
                              "(1): the set-up time");
        for (const auto& hop : net.hops)
        {
            NS_TEST_EXPECT_MSG_EQ(hop.fabric->IsLit(1), true, hop.domain << " lit");
            NS_TEST_EXPECT_MSG_EQ(hop.fabric->GetPeer(1), 2u, hop.domain << " ports 1-2");
        }
        const std::vector<std::string> expected{"domain1:up", "domain2:up", "domain3:up"};
        NS_TEST_EXPECT_MSG_EQ((net.events == expected), true, "one up per domain, in order");
        NS_TEST_EXPECT_MSG_EQ(signalling->GetActive(), 1u, "one lightpath up");
    }
};

/**
 * The third domain's port 1 is in another circuit: it refuses after L_3, the error goes
 * back and domains 2 and 1 tear their segments down; the requester hears the failure at (2),
 * L_3 + 2 sum_{k<3} (L_k + S_k) + 2 sum_{k<=3} d_k = 2000 + 3060 + 110 ms, and then no
 * switch holds a circuit but the third's own. (Answering before the teardown leaves two
 * segments up at the answer.)
 */
class RefusalTestCase : public TestCase
{
  public:
    RefusalTestCase()
        : TestCase("the last domain refuses: failure at (2), no segment left behind")
    {
    }

  private:
    void DoRun() override
    {
        SimulatorCleanup cleanup;
        ThreeDomains net("1-3");
        auto signalling = CreateObject<LightpathSignalling>();
        signalling->TraceConnectWithoutContext("DomainEvent",
                                               MakeCallback(&ThreeDomains::Event, &net));
        signalling->Request(net.hops, MakeCallback(&ThreeDomains::Result, &net));
        size_t circuitsAtAnswer = 99;
        Simulator::Schedule(MilliSeconds(kLatency[2] + 2 * SumLs(2) + 2 * SumD(3)),
                            [&net, &circuitsAtAnswer]() { circuitsAtAnswer = net.Circuits(); });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(net.answered, true, "no answer");
        NS_TEST_EXPECT_MSG_EQ(net.success, false, "refused");
        NS_TEST_EXPECT_MSG_EQ(net.reason.rfind("domain3: ", 0), 0u, net.reason);
        NS_TEST_EXPECT_MSG_EQ(net.answeredAt,
                              MilliSeconds(kLatency[2] + 2 * SumLs(2) + 2 * SumD(3)),
                              "(2): the refusal time");
        NS_TEST_EXPECT_MSG_EQ(circuitsAtAnswer, 1u, "only domain 3's own circuit at the answer");
        NS_TEST_EXPECT_MSG_EQ(net.hops[2].fabric->GetPeer(1), 3u, "domain 3's circuit kept");
        const std::vector<std::string> expected{"domain1:up",
                                                "domain2:up",
                                                "domain3:refused",
                                                "domain2:down",
                                                "domain1:down"};
        NS_TEST_EXPECT_MSG_EQ((net.events == expected), true, "rolled back in reverse order");
        NS_TEST_EXPECT_MSG_EQ(signalling->GetActive(), 0u, "nothing up");
    }
};

/** The first domain refuses: the requester hears it at L_1 + 2 d_1; nothing was set up. */
class FirstDomainRefusesTestCase : public TestCase
{
  public:
    FirstDomainRefusesTestCase()
        : TestCase("the first domain refuses: failure at L_1 + 2 d_1")
    {
    }

  private:
    void DoRun() override
    {
        SimulatorCleanup cleanup;
        ThreeDomains net;
        net.hops[0].portOut = 9; // out of range of its 4 ports
        auto signalling = CreateObject<LightpathSignalling>();
        signalling->Request(net.hops, MakeCallback(&ThreeDomains::Result, &net));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(net.answered, true, "no answer");
        NS_TEST_EXPECT_MSG_EQ(net.success, false, "refused");
        NS_TEST_EXPECT_MSG_EQ(net.answeredAt,
                              MilliSeconds(kLatency[0] + 2 * kDelay[0]),
                              "(2) with j = 1");
        NS_TEST_EXPECT_MSG_EQ(net.Circuits(), 0u, "nothing set up");
    }
};

/**
 * Release at the answer of (1): down at the requester another sum (L + S) + 2 sum d later,
 * every switch empty; a second release of the same lightpath is refused.
 */
class ReleaseTestCase : public TestCase
{
  public:
    ReleaseTestCase()
        : TestCase("release: every segment down after sum (L + S) + 2 sum d, once")
    {
    }

  private:
    void DoRun() override
    {
        SimulatorCleanup cleanup;
        ThreeDomains net;
        auto signalling = CreateObject<LightpathSignalling>();
        const uint64_t id =
            signalling->Request(net.hops, MakeCallback(&ThreeDomains::Result, &net));
        const Time up = MilliSeconds(SumLs(3) + 2 * SumD(3));
        bool released = false;
        bool again = true;
        Simulator::Schedule(up, [&]() {
            net.answered = false;
            released = signalling->Release(id, MakeCallback(&ThreeDomains::Result, &net));
            again = signalling->Release(id, MakeCallback(&ThreeDomains::Result, &net));
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(released, true, "the lightpath was up");
        NS_TEST_EXPECT_MSG_EQ(again, false, "released once only");
        NS_TEST_ASSERT_MSG_EQ(net.answered, true, "no answer to the release");
        NS_TEST_EXPECT_MSG_EQ(net.success, true, net.reason);
        NS_TEST_EXPECT_MSG_EQ(net.answeredAt, up + up, "release time");
        NS_TEST_EXPECT_MSG_EQ(net.Circuits(), 0u, "every segment down");
        NS_TEST_EXPECT_MSG_EQ(signalling->GetActive(), 0u, "nothing up");
    }
};

/**
 * Two lightpaths over the same ports at once: the first reserves them at domain 1; the
 * second reaches domain 1 at the same instant, is refused there through the controller,
 * behind the first's command (L_1 + S_1, then L_1), and hears it at 2 d_1 + 2 L_1 + S_1 =
 * 2030 ms; the first is up at (1) all the same, and alone on the switches. (Without the
 * reservation the switch's `connection 1 2` succeeds for both - the circuit exists - and
 * both believe they hold it.)
 */
class SharedPortsTestCase : public TestCase
{
  public:
    SharedPortsTestCase()
        : TestCase("a port reserved by one lightpath refuses another")
    {
    }

  private:
    void DoRun() override
    {
        SimulatorCleanup cleanup;
        ThreeDomains first;
        ThreeDomains second;
        second.hops = first.hops;
        auto signalling = CreateObject<LightpathSignalling>();
        signalling->Request(first.hops, MakeCallback(&ThreeDomains::Result, &first));
        signalling->Request(second.hops, MakeCallback(&ThreeDomains::Result, &second));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(first.answered && second.answered, true, "both answered");
        NS_TEST_EXPECT_MSG_EQ(first.success, true, first.reason);
        NS_TEST_EXPECT_MSG_EQ(first.answeredAt, MilliSeconds(SumLs(3) + 2 * SumD(3)), "(1)");
        NS_TEST_EXPECT_MSG_EQ(second.success, false, "refused");
        NS_TEST_EXPECT_MSG_EQ(second.reason,
                              "domain1: a port is reserved by lightpath 1",
                              second.reason);
        NS_TEST_EXPECT_MSG_EQ(second.answeredAt,
                              MilliSeconds(2 * kDelay[0] + 2 * kLatency[0] + kSwitching[0]),
                              "refused behind the first's command");
        NS_TEST_EXPECT_MSG_EQ(signalling->GetActive(), 1u, "one lightpath up");
    }
};

class LightpathSignallingTestSuite : public TestSuite
{
  public:
    LightpathSignallingTestSuite()
        : TestSuite("hybridnet-lightpath-signalling", Type::UNIT)
    {
        AddTestCase(new SetUpTimeTestCase, Duration::QUICK);
        AddTestCase(new RefusalTestCase, Duration::QUICK);
        AddTestCase(new FirstDomainRefusesTestCase, Duration::QUICK);
        AddTestCase(new ReleaseTestCase, Duration::QUICK);
        AddTestCase(new SharedPortsTestCase, Duration::QUICK);
    }
};

LightpathSignallingTestSuite g_lightpathSignallingTestSuite;

} // namespace
