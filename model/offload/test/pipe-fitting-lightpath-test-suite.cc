/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * PipeFittingDaemon with multi-domain circuits (LightpathSignalling): a local host A and a
 * remote host B, a pfd on the front end F, all on one packet switch, and one trunk of four
 * domains, each its own OpticalCircuitSwitch with constant command latency L_i, switching
 * time S_i and signalling delay d_i, all different (so a term counted once instead of
 * twice, or taken from the wrong domain, shows):
 *
 *     A (10.0.0.1) ---+                   campus A --- metro --- wave --- campus B
 *     B (10.0.0.2) ---+-- packet switch   P(A)=1 > 6   1 > 2     1 > 2    6 > P(B)=3
 *     F (10.0.0.3) ---+   (pfd)
 *
 * The epds are played by the test through OffloadMessengers on A and B, so the messages
 * and their instants are the test's own.  Expected values come from the pfd's class
 * comment: the CONNECTING -> SETTING_UP time is (2) = LightpathSignalling (1)
 * T_up = sum (L_i + S_i) + 2 sum d_i; a refusal by domain j is answered after
 * LightpathSignalling (2) T_fail = L_j + 2 sum_{k<j} (L_k + S_k) + 2 sum_{k<=j} d_k
 * with `DENIED reason=domain-refused` and no segment left on any switch; a release takes
 * T_up as well.
 *
 * Mistakes tried (each made a check below fail, then reverted):
 * - granting on the request instead of on the signalling's answer (Connected called at
 *   once in ConnectLightpath): the grant-time case's SETTING_UP came T_up early;
 * - the refusal answered with reason switch-error (the console path's branch taken): the
 *   refusal case's DENIED reason check failed;
 * - the remote end's port taken from the wrong end (hops.back().portOut = portA): the
 *   grant-time case found campus B's segment 1-6 instead of 3-6;
 * - LightpathSignalling::GoBack answering the requester without the rollback (fabric): the
 *   refusal case found campus A, metro still holding their segments;
 * - SharesPort ignoring the campus (port 3 here = port 3 there): the two-campus case's
 *   second request was denied busy instead of granted.
 */
#include "hybridnet/lightpath-signalling.h"
#include "hybridnet/offload-message.h"
#include "hybridnet/offload-messenger.h"
#include "hybridnet/optical-circuit-switch-helper.h"
#include "hybridnet/optical-circuit-switch.h"
#include "hybridnet/packet-switch-helper.h"
#include "hybridnet/pipe-fitting-daemon.h"
#include "simulator-cleanup.h"

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

using PfdState = PipeFittingDaemon::CircuitState;

/** The four domains: L_i, S_i, d_i (ms). */
constexpr double kLatency[] = {1000, 300, 2000, 700};
constexpr double kSwitching[] = {20, 10, 50, 30};
constexpr double kDelay[] = {1, 5, 60, 40};
constexpr uint32_t kUplink = 6; //!< the campus accelerators' port towards the WAN
constexpr uint16_t kEpdPort = 7101;
constexpr uint16_t kPfdPort = 7100;

/** sum over the first @p n domains of L_i + S_i (ms) */
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

/** sum over the first @p n domains of d_i (ms) */
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

/** A pfd state change with its time. */
struct Change
{
    Time t;
    FlowKey key;
    PfdState to;
    std::string reason;
};

/** A message an end received, with its time. */
struct Received
{
    Time t;
    OffloadMessage message;
};

/** The network, the domains, the pfd and the two played epds. */
struct Bench
{
    NodeContainer hosts; //!< A, B, F
    std::vector<Ipv4Address> address;
    std::vector<Ptr<OpticalCircuitSwitch>> domains;
    Ptr<PipeFittingDaemon> pfd;
    Ptr<OffloadMessenger> epd[2];
    std::vector<Received> received[2];
    std::vector<Change> changes;

    /**
     * @param busyWave a default circuit of the wave domain ("" for none)
     * @param trunks how many trunks (each over ports 2k+1 > 2k+2 of metro and wave, and
     *        kUplink + k of the campuses)
     */
    explicit Bench(const std::string& busyWave = "", uint32_t trunks = 1)
    {
        hosts.Create(3);
        Ptr<Node> switchNode = CreateObject<Node>();
        NetDeviceContainer devices = PacketSwitchHelper().Install(switchNode, hosts);
        InternetStackHelper().Install(hosts);
        Ipv4InterfaceContainer ifs = Ipv4AddressHelper("10.0.0.0", "255.255.255.0").Assign(devices);
        for (uint32_t i = 0; i < 3; ++i)
        {
            address.push_back(ifs.GetAddress(i));
        }
        const std::string names[] = {"campusA", "metro", "wave", "campusB"};
        for (size_t i = 0; i < 4; ++i)
        {
            OpticalCircuitSwitchHelper helper;
            helper.SetSwitchAttribute("NumPorts", UintegerValue(8));
            helper.SetSwitchAttribute("CommandLatencyMin", TimeValue(MilliSeconds(kLatency[i])));
            helper.SetSwitchAttribute("CommandLatencyMax", TimeValue(MilliSeconds(kLatency[i])));
            helper.SetSwitchAttribute("SwitchingTime", TimeValue(MilliSeconds(kSwitching[i])));
            if (i == 2)
            {
                helper.SetSwitchAttribute("DefaultConnections", StringValue(busyWave));
            }
            domains.push_back(helper.Install(CreateObject<Node>()));
        }
        pfd = CreateObject<PipeFittingDaemon>();
        hosts.Get(2)->AddApplication(pfd);
        Ptr<LightpathSignalling> signalling = CreateObject<LightpathSignalling>();
        pfd->SetLightpathSignalling(signalling);
        for (uint32_t k = 0; k < trunks; ++k)
        {
            std::vector<LightpathHop> hops;
            for (size_t i = 0; i < 4; ++i)
            {
                const bool campus = i == 0 || i == 3;
                hops.push_back(LightpathHop{names[i],
                                            domains[i],
                                            campus ? kUplink + k : 2 * k + 1,
                                            campus ? kUplink + k : 2 * k + 2,
                                            MilliSeconds(kDelay[i])});
            }
            pfd->AddTrunk(hops);
        }
        pfd->AddEndpoint(address[0], Ipv4Address("192.168.1.1"), 1);
        pfd->AddRemoteEndpoint(address[1], Ipv4Address("192.168.2.1"), 3);
        pfd->TraceConnectWithoutContext(
            "CircuitStateChange",
            Callback<void, const FlowKey&, uint32_t, uint32_t, PfdState, PfdState, std::string>(
                [this](const FlowKey& k, uint32_t, uint32_t, PfdState, PfdState to, std::string r) {
                    changes.push_back({Simulator::Now(), k, to, r});
                }));
        for (int e = 0; e < 2; ++e)
        {
            epd[e] = CreateObject<OffloadMessenger>();
            epd[e]->Open(hosts.Get(e),
                         kEpdPort,
                         MilliSeconds(200),
                         5,
                         OffloadMessenger::MessageCallback(
                             [this, e](const OffloadMessage& m, const InetSocketAddress&) {
                                 received[e].push_back({Simulator::Now(), m});
                             }),
                         OffloadMessenger::MessageCallback(
                             [](const OffloadMessage&, const InetSocketAddress&) {}));
        }
    }

    /** @return the pipe key A -> B */
    FlowKey Pipe() const
    {
        return FlowKey{address[0], address[1], 0, 0, 0};
    }

    /** End @p e sends a message of @p type for @p key to the pfd at @p at. */
    void Send(int e, OffloadMessage::Type type, FlowKey key, Time at)
    {
        Simulator::Schedule(at, [this, e, type, key]() {
            epd[e]->Send(OffloadMessage(type, 1, key), InetSocketAddress(address[2], kPfdPort));
        });
    }

    /** @return the first change to @p to, or a time of -1 s if none */
    Time When(PfdState to) const
    {
        for (const Change& c : changes)
        {
            if (c.to == to)
            {
                return c.t;
            }
        }
        return Seconds(-1);
    }

    /** @return the circuits of every domain, as "domain:a-b" */
    std::vector<std::string> Circuits() const
    {
        std::vector<std::string> out;
        for (size_t i = 0; i < domains.size(); ++i)
        {
            for (const auto& [a, b] : domains[i]->GetConnections())
            {
                out.push_back(std::to_string(i) + ":" + std::to_string(a) + "-" +
                              std::to_string(b));
            }
        }
        std::sort(out.begin(), out.end());
        return out;
    }

    /** @return the messages of @p type end @p e received */
    std::vector<Received> Of(int e, OffloadMessage::Type type) const
    {
        std::vector<Received> out;
        for (const Received& r : received[e])
        {
            if (r.message.GetType() == type)
            {
                out.push_back(r);
            }
        }
        return out;
    }
};

/**
 * Grant time: a request from A to B is CONNECTING, then SETTING_UP exactly T_up later with
 * every domain's segment lit; READY from both ends makes it ACTIVE; a RELEASE and the
 * other end's DOWN take it down domain by domain in T_up, leaving no circuit anywhere.
 */
class GrantTimeTestCase : public TestCase
{
  public:
    GrantTimeTestCase()
        : TestCase("grant time is T_up of the four domains, release leaves no circuit")
    {
    }

  private:
    void DoRun() override
    {
        SimulatorCleanup cleanup;
        Bench bench;
        bench.pfd->SetStartTime(Seconds(0));
        const FlowKey key = bench.Pipe();
        // the ends answer READY 0.5 s after the grant (within SetupTimeout), A releases at
        // 8 s and B is back on the packet path at 9 s
        const Time tUp = MilliSeconds(SumLs(4) + 2 * SumD(4));
        const Time ready = Seconds(1.5) + tUp;
        bench.Send(0, OffloadMessage::Type::REQUEST, key, Seconds(1));
        std::vector<std::string> lit;
        Simulator::Schedule(ready, [&]() { lit = bench.Circuits(); });
        bench.Send(0, OffloadMessage::Type::READY, key, ready);
        bench.Send(1, OffloadMessage::Type::READY, key.Reverse(), ready);
        bench.Send(0, OffloadMessage::Type::RELEASE, key, Seconds(8));
        bench.Send(1, OffloadMessage::Type::DOWN, key.Reverse(), Seconds(9));
        Simulator::Stop(Seconds(20));
        Simulator::Run();

        const Time connecting = bench.When(PfdState::CONNECTING);
        const Time settingUp = bench.When(PfdState::SETTING_UP);
        NS_TEST_ASSERT_MSG_GT(connecting, Seconds(1), "the request reached the pfd");
        NS_TEST_EXPECT_MSG_EQ(settingUp - connecting, tUp, "grant time = T_up (2)");
        const auto setups = bench.Of(1, OffloadMessage::Type::SETUP);
        NS_TEST_ASSERT_MSG_EQ(setups.size(), 1, "B told to set up once");
        NS_TEST_EXPECT_MSG_EQ(setups[0].message.GetVia(),
                              Ipv4Address("192.168.1.1"),
                              "B steers to A's circuit address");
        const std::vector<std::string> expected = {"0:1-6", "1:1-2", "2:1-2", "3:3-6"};
        NS_TEST_EXPECT_MSG_EQ((lit == expected), true, "every domain lit its segment");
        NS_TEST_EXPECT_MSG_GT(bench.When(PfdState::ACTIVE), ready, "active on READY");
        const Time disconnecting = bench.When(PfdState::DISCONNECTING);
        NS_TEST_EXPECT_MSG_EQ(bench.When(PfdState::CLOSED) - disconnecting,
                              tUp,
                              "release takes sum (L + S) + 2 sum d");
        NS_TEST_EXPECT_MSG_EQ(bench.Circuits().size(), 0, "no circuit left");
        NS_TEST_EXPECT_MSG_EQ(bench.pfd->GetNCircuits(), 0, "no record left");
    }
};

/**
 * Refusal: the wave's ports 1 and 3 are in a circuit, so the wave (domain 3) refuses; the
 * requester is told DENIED reason=domain-refused at T_fail after CONNECTING, B is told
 * nothing, and only the wave's own circuit is left.
 */
class RefusalTestCase : public TestCase
{
  public:
    RefusalTestCase()
        : TestCase("a refusing domain denies the request and leaves no half-made circuit")
    {
    }

  private:
    void DoRun() override
    {
        SimulatorCleanup cleanup;
        Bench bench("1-3");
        bench.pfd->SetStartTime(Seconds(0));
        const FlowKey key = bench.Pipe();
        bench.Send(0, OffloadMessage::Type::REQUEST, key, Seconds(1));
        Simulator::Stop(Seconds(30));
        Simulator::Run();

        const Time connecting = bench.When(PfdState::CONNECTING);
        const Time denied = bench.When(PfdState::DENIED);
        NS_TEST_ASSERT_MSG_GT(connecting, Seconds(1), "the request reached the pfd");
        const Time tFail = MilliSeconds(kLatency[2] + 2 * SumLs(2) + 2 * SumD(3));
        NS_TEST_EXPECT_MSG_EQ(denied - connecting, tFail, "refused after T_fail");
        const auto answers = bench.Of(0, OffloadMessage::Type::DENIED);
        NS_TEST_ASSERT_MSG_EQ(answers.size(), 1, "A is told DENIED once");
        NS_TEST_EXPECT_MSG_EQ(answers[0].message.GetReason(), "domain-refused", "its reason");
        NS_TEST_EXPECT_MSG_EQ(bench.Of(1, OffloadMessage::Type::SETUP).size(),
                              0,
                              "B is told nothing");
        const std::vector<std::string> expected = {"2:1-3"};
        NS_TEST_EXPECT_MSG_EQ((bench.Circuits() == expected),
                              true,
                              "every other domain released its segment");
        NS_TEST_EXPECT_MSG_EQ(bench.pfd->GetNCircuits(), 0, "no record left");
    }
};

/**
 * Ports by campus and trunks: with two trunks, A (port 1 here) to B (port 3 there) and a
 * second local host C on port 3 here to a second remote host D on port 1 there share no
 * port, so both are granted at once, over trunks 1 and 2; a third pair with no trunk left
 * is denied busy (BusyPolicy Deny).
 */
class TrunksTestCase : public TestCase
{
  public:
    TrunksTestCase()
        : TestCase("ports are told apart by campus and each circuit takes its own trunk")
    {
    }

  private:
    void DoRun() override
    {
        SimulatorCleanup cleanup;
        Bench bench("", 2);
        bench.pfd->SetAttribute("BusyPolicy", StringValue("Deny"));
        bench.pfd->SetStartTime(Seconds(0));
        // C, D, E, G: more hosts of the packet network, as the played epds
        const Ipv4Address c("10.0.0.11");
        const Ipv4Address d("10.0.0.12");
        const Ipv4Address e("10.0.0.13");
        const Ipv4Address g("10.0.0.14");
        bench.pfd->AddEndpoint(c, Ipv4Address("192.168.1.3"), 3);
        bench.pfd->AddRemoteEndpoint(d, Ipv4Address("192.168.2.3"), 1);
        bench.pfd->AddEndpoint(e, Ipv4Address("192.168.1.4"), 4);
        bench.pfd->AddRemoteEndpoint(g, Ipv4Address("192.168.2.4"), 4);
        // every request comes from A's messenger (the pfd answers whoever asked)
        bench.Send(0, OffloadMessage::Type::REQUEST, bench.Pipe(), Seconds(1));
        bench.Send(0, OffloadMessage::Type::REQUEST, FlowKey{c, d, 0, 0, 0}, Seconds(1.1));
        bench.Send(0, OffloadMessage::Type::REQUEST, FlowKey{e, g, 0, 0, 0}, Seconds(1.2));
        // sampled once both are granted: T_up after the requests plus, for the second, the
        // commands of the first still ahead of it at each controller (under 3 s here);
        // before the SetupTimeout of the first, and the pfd does not give up on the absent
        // epds of D before (MaxRetransmits)
        bench.pfd->SetAttribute("MaxRetransmits", UintegerValue(100));
        std::vector<std::string> lit;
        const Time tUp = MilliSeconds(SumLs(4) + 2 * SumD(4));
        Simulator::Schedule(Seconds(1.2) + tUp + Seconds(3), [&]() { lit = bench.Circuits(); });
        Simulator::Stop(Seconds(20));
        Simulator::Run();

        uint32_t settingUp = 0;
        for (const Change& change : bench.changes)
        {
            settingUp += change.to == PfdState::SETTING_UP ? 1 : 0;
        }
        NS_TEST_EXPECT_MSG_EQ(settingUp, 2, "two circuits granted");
        const auto answers = bench.Of(0, OffloadMessage::Type::DENIED);
        NS_TEST_ASSERT_MSG_EQ(answers.size(), 1, "one request denied");
        NS_TEST_EXPECT_MSG_EQ(answers[0].message.GetReason(), "busy", "no trunk left");
        NS_TEST_EXPECT_MSG_EQ((answers[0].message.GetFlow() == FlowKey{e, g, 0, 0, 0}),
                              true,
                              "the third is the one denied");
        const std::vector<std::string> expected =
            {"0:1-6", "0:3-7", "1:1-2", "1:3-4", "2:1-2", "2:3-4", "3:1-7", "3:3-6"};
        NS_TEST_EXPECT_MSG_EQ((lit == expected), true, "each over its own trunk");
    }
};

/** The suite. */
class PipeFittingLightpathTestSuite : public TestSuite
{
  public:
    PipeFittingLightpathTestSuite()
        : TestSuite("hybridnet-pipe-fitting-lightpath", Type::UNIT)
    {
        AddTestCase(new GrantTimeTestCase, Duration::QUICK);
        AddTestCase(new RefusalTestCase, Duration::QUICK);
        AddTestCase(new TrunksTestCase, Duration::QUICK);
    }
};

PipeFittingLightpathTestSuite g_pipeFittingLightpathTestSuite;

} // namespace
