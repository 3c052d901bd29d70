/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The farm against queueing theory. One source, one SFC and n farm nodes on point-to-point
 * links of 10 Gb/s and 1 us, events of 100 B (one datagram: 158 B on the wire, 126.4 ns),
 * so the network adds delta = 1 us + 126.4 ns to an event's way to its node and little
 * else next to processing times of milliseconds. Latency is the node's: from the event's
 * entry into the SFC to the end of its service.
 */
#include "hybridnet/farm-event-source.h"
#include "hybridnet/farm-node.h"
#include "hybridnet/farm-readout-unit.h"
#include "hybridnet/farm-storage.h"
#include "hybridnet/host-cpu.h"
#include "hybridnet/least-outstanding-assignment.h"
#include "hybridnet/round-robin-assignment.h"
#include "hybridnet/sub-farm-controller.h"
#include "hybridnet/token-assignment.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/point-to-point-module.h"
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

const Time kDelta = MicroSeconds(1) + PicoSeconds(126400); //!< an event's way to its node
constexpr uint16_t kNodePort = 9100;

/** The farm's nodes as the test sets them: processing time X (s) and speed v. */
struct NodeSpec
{
    std::string processing; //!< a RandomVariableStream, e.g. ns3::ConstantRandomVariable[...]
    double speed{1};        //!< v
};

/** Source -> SFC -> n nodes, every latency recorded. */
struct Farm
{
    Ptr<FarmEventSource> source;
    Ptr<SubFarmController> sfc;
    std::vector<Ptr<FarmNode>> nodes;
    std::vector<std::vector<double>> latency; //!< per node, seconds, in decision order

    Farm(const std::vector<NodeSpec>& specs,
         Ptr<FarmAssignmentPolicy> policy,
         const std::string& interArrival,
         uint64_t events,
         uint32_t credits = 0,
         uint32_t queueLimit = 100000)
    {
        const auto n = uint32_t(specs.size());
        NodeContainer hosts;
        hosts.Create(n + 2); // 0 source, 1 SFC, 2.. nodes
        InternetStackHelper().Install(hosts);
        PointToPointHelper link;
        link.SetDeviceAttribute("DataRate", StringValue("10Gbps"));
        link.SetChannelAttribute("Delay", StringValue("1us"));
        link.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("100000p"));
        Ipv4AddressHelper ip("10.0.0.0", "255.255.255.0");
        const Ipv4InterfaceContainer readout = ip.Assign(link.Install(hosts.Get(0), hosts.Get(1)));
        const Ipv4Address sfcAddress = readout.GetAddress(1);
        std::vector<Ipv4Address> nodeAddresses;
        for (uint32_t i = 0; i < n; ++i)
        {
            ip.NewNetwork();
            nodeAddresses.push_back(
                ip.Assign(link.Install(hosts.Get(1), hosts.Get(i + 2))).GetAddress(1));
        }
        Ipv4GlobalRoutingHelper::PopulateRoutingTables();

        sfc = CreateObject<SubFarmController>();
        sfc->SetAttribute("Policy", PointerValue(policy));
        sfc->SetAttribute("Trigger", AddressValue(InetSocketAddress(readout.GetAddress(0), 9002)));
        hosts.Get(1)->AddApplication(sfc);
        latency.resize(n);
        for (uint32_t i = 0; i < n; ++i)
        {
            auto node = CreateObject<FarmNode>();
            node->SetAttribute("Index", UintegerValue(i));
            node->SetAttribute("Port", UintegerValue(kNodePort));
            node->SetAttribute("Controller", AddressValue(InetSocketAddress(sfcAddress, 9001)));
            node->SetAttribute("ProcessingTime", StringValue(specs[i].processing));
            node->SetAttribute("Speed", DoubleValue(specs[i].speed));
            node->SetAttribute("Credits", UintegerValue(credits));
            node->SetAttribute("QueueLimit", UintegerValue(queueLimit));
            node->AssignStreams(10 + 2 * int64_t(i));
            node->TraceConnectWithoutContext("Decided",
                                             MakeBoundCallback(&Farm::Record, &latency[i]));
            hosts.Get(i + 2)->AddApplication(node);
            nodes.push_back(node);
            sfc->AddNode(InetSocketAddress(nodeAddresses[i], kNodePort));
        }
        source = CreateObject<FarmEventSource>();
        source->SetAttribute("Remote", AddressValue(InetSocketAddress(sfcAddress, 9000)));
        source->SetAttribute("Port", UintegerValue(9002));
        source->SetAttribute("InterArrival", StringValue(interArrival));
        source->SetAttribute("EventSize", StringValue("ns3::ConstantRandomVariable[Constant=100]"));
        source->SetAttribute("MaxEvents", UintegerValue(events));
        source->AssignStreams(1);
        hosts.Get(0)->AddApplication(source);
        source->SetStartTime(MilliSeconds(1)); // the nodes' tokens first
    }

    static void Record(std::vector<double>* to, uint64_t, Time latency, bool)
    {
        to->push_back(latency.GetSeconds());
    }

    void Run(Time stop)
    {
        Simulator::Stop(stop);
        Simulator::Run();
    }

    /** @return the mean latency over all nodes' decisions after the first @p skip, s */
    double MeanLatency(size_t skip) const
    {
        double sum = 0;
        size_t count = 0;
        for (const auto& node : latency)
        {
            for (size_t k = std::min(skip, node.size()); k < node.size(); ++k)
            {
                sum += node[k];
                ++count;
            }
        }
        return count > 0 ? sum / double(count) : 0.0;
    }

    uint64_t Lost() const
    {
        uint64_t lost = sfc->GetDropped();
        for (const auto& node : nodes)
        {
            lost += node->GetLost();
        }
        return lost;
    }
};

std::vector<NodeSpec>
Identical(uint32_t n, const std::string& processing)
{
    return std::vector<NodeSpec>(n, NodeSpec{processing, 1.0});
}

/** @return @p x to the last digit */
std::string
Exact(double x)
{
    std::ostringstream text;
    text << std::setprecision(17) << x;
    return text.str();
}

std::string
Constant(double seconds)
{
    return "ns3::ConstantRandomVariable[Constant=" + Exact(seconds) + "]";
}

/** @return a TokenAssignment if @p tokens, else a RoundRobinAssignment */
Ptr<FarmAssignmentPolicy>
TokensOrRoundRobin(bool tokens)
{
    if (tokens)
    {
        return CreateObject<TokenAssignment>();
    }
    return CreateObject<RoundRobinAssignment>();
}

std::string
Exponential(double mean)
{
    return "ns3::ExponentialRandomVariable[Mean=" + Exact(mean) + "|Bound=0]";
}

} // namespace

/**
 * Round robin over identical nodes, periodic arrivals every T and service S: each node
 * sees every n-th event, a D/D/1 queue with period nT. For S < nT no event waits: every
 * latency is delta + S. For S > nT the node's k-th event (from 0) waits k (S - nT):
 * latency delta + S + k (S - nT).
 */
class FarmDeterministicRoundRobinTestCase : public TestCase
{
  public:
    explicit FarmDeterministicRoundRobinTestCase(double service)
        : TestCase("round robin, D-D-1 per node, n = 4, T = 1 ms, S = " +
                   std::to_string(service * 1e3).substr(0, 3) +
                   " ms: latency delta + S + k "
                   "max(0, S - nT)"),
          m_service(service)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 4;
        const double period = 1e-3;
        Farm farm(Identical(n, Constant(m_service)),
                  CreateObject<RoundRobinAssignment>(),
                  Constant(period),
                  400);
        farm.Run(Seconds(5));
        const double excess = std::max(0.0, m_service - n * period);
        for (uint32_t i = 0; i < n; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(farm.latency[i].size(), 100U, "node " << i << "'s events");
            for (size_t k = 0; k < farm.latency[i].size(); ++k)
            {
                const double expected = kDelta.GetSeconds() + m_service + double(k) * excess;
                NS_TEST_EXPECT_MSG_EQ_TOL(farm.latency[i][k], expected, 1e-9, "event " << k);
            }
        }
        NS_TEST_EXPECT_MSG_EQ(farm.Lost(), 0, "nothing lost");
        Simulator::Destroy();
    }

    double m_service;
};

/**
 * Poisson arrivals (rate lambda) and exponential service (rate mu) at n identical nodes.
 * Round robin gives each node every n-th arrival: Erlang-n inter-arrivals of rate
 * lambda / n, the E_n/M/1 queue, whose mean time in system is 1 / (mu (1 - s)) with s in
 * (0, 1) the root of s = (lambda / (lambda + mu (1 - s)))^n (the Laplace transform of the
 * inter-arrival time at mu (1 - s); Kleinrock, Queueing Systems I, GI/M/1). Tokens with
 * one credit a node make one queue at the SFC served by the n nodes, M/M/n: 1 / mu +
 * C(n, a) / (n mu - lambda), C Erlang's C formula, a = lambda / mu. Least outstanding
 * (join the shortest queue) lies between the two. Here n = 4, 1 / mu = 10 ms, a load
 * rho = lambda / (n mu) = 0.7: E_4/M/1 22.4 ms, M/M/4 13.6 ms (M/M/1 per node would be
 * 33.3). 40,000 events; the first 2,000 decisions of each node are left out, the mean is
 * held within 6 % (some three standard errors of such a run).
 */
class FarmPoissonTestCase : public TestCase
{
  public:
    enum Policy
    {
        ROUND_ROBIN,
        TOKENS,
        LEAST_OUTSTANDING
    };

    explicit FarmPoissonTestCase(Policy policy)
        : TestCase(std::string("Poisson arrivals, exponential service, n = 4, rho = 0.7: ") +
                   (policy == ROUND_ROBIN ? "round robin, E4-M-1"
                    : policy == TOKENS    ? "tokens, M-M-4"
                                          : "least outstanding, between M-M-4 and E4-M-1")),
          m_policy(policy)
    {
    }

    /** @return the mean time in system of E_n/M/1, s */
    static double ErlangArrivals(uint32_t n, double lambda, double mu)
    {
        double s = 0.5;
        for (int i = 0; i < 200; ++i)
        {
            s = std::pow(lambda / (lambda + mu * (1 - s)), n);
        }
        return 1 / (mu * (1 - s));
    }

    /** @return the mean time in system of M/M/n, s */
    static double ErlangC(uint32_t n, double lambda, double mu)
    {
        const double a = lambda / mu;
        const double rho = a / n;
        double sum = 0;
        double term = 1; // a^k / k!
        for (uint32_t k = 0; k < n; ++k)
        {
            sum += term;
            term *= a / (k + 1);
        }
        const double last = term / (1 - rho); // a^n / n! / (1 - rho)
        const double c = last / (sum + last);
        return 1 / mu + c / (n * mu - lambda);
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 4;
        const double mu = 100;
        const double lambda = 0.7 * n * mu;
        Ptr<FarmAssignmentPolicy> policy;
        switch (m_policy)
        {
        case ROUND_ROBIN:
            policy = CreateObject<RoundRobinAssignment>();
            break;
        case TOKENS:
            policy = CreateObject<TokenAssignment>();
            break;
        default:
            policy = CreateObject<LeastOutstandingAssignment>();
        }
        Farm farm(Identical(n, Exponential(1 / mu)),
                  policy,
                  Exponential(1 / lambda),
                  40000,
                  m_policy == TOKENS ? 1 : 0);
        farm.Run(Seconds(200));
        const double mean = farm.MeanLatency(2000);
        const double erlangArrivals = ErlangArrivals(n, lambda, mu);
        const double mmn = ErlangC(n, lambda, mu);
        NS_TEST_EXPECT_MSG_EQ(farm.Lost(), 0, "nothing lost");
        NS_TEST_EXPECT_MSG_EQ(farm.sfc->GetDecided(), 40000, "every event decided");
        if (m_policy == ROUND_ROBIN)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(mean, erlangArrivals, 0.06 * erlangArrivals, "E_4/M/1");
        }
        else if (m_policy == TOKENS)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(mean, mmn, 0.06 * mmn, "M/M/4");
        }
        else
        {
            NS_TEST_EXPECT_MSG_GT(mean, mmn, "no better than one shared queue");
            NS_TEST_EXPECT_MSG_LT(mean, erlangArrivals, "better than blind turns");
        }
        Simulator::Destroy();
    }

    Policy m_policy;
};

/**
 * The study's check: heterogeneous nodes. Four nodes, one at half speed; periodic arrivals
 * every T = 3 ms, service 10 ms (the slow node's 20 ms): the farm's capacity, 3 / 10 ms +
 * 1 / 20 ms = 350 events/s, exceeds the 333 offered, but round robin sends the slow node
 * every 12 ms what it finishes every 20: its queue of Q = 20 fills, and after that it
 * loses 1 - 12/20 of its events. Over N = 4,000 events (12 s) it gets N / 4, finishes
 * 12 s / 20 ms and holds Q: round robin loses N / 4 - 600 - Q = 380 (within 2). Tokens
 * (one credit) and least outstanding lose none: each node gets what it can finish.
 */
class FarmHeterogeneousTestCase : public TestCase
{
  public:
    explicit FarmHeterogeneousTestCase(bool tokens)
        : TestCase(std::string("a node at half speed, T = 3 ms, S = 10 ms, Q = 20: ") +
                   (tokens ? "tokens lose nothing" : "round robin loses 380")),
          m_tokens(tokens)
    {
    }

  private:
    void DoRun() override
    {
        std::vector<NodeSpec> specs = Identical(4, Constant(0.010));
        specs[3].speed = 0.5;
        const uint64_t events = 4000;
        const uint32_t queue = 20;
        Ptr<FarmAssignmentPolicy> policy = TokensOrRoundRobin(m_tokens);
        Farm farm(specs, policy, Constant(0.003), events, m_tokens ? 1 : 0, queue);
        farm.Run(Seconds(12) + MilliSeconds(1)); // the last event has just arrived
        if (m_tokens)
        {
            NS_TEST_EXPECT_MSG_EQ(farm.Lost(), 0, "tokens: nothing lost");
        }
        else
        {
            const double expected = events / 4.0 - 12.0 / 0.020 - queue;
            NS_TEST_EXPECT_MSG_EQ_TOL(double(farm.nodes[3]->GetLost()), expected, 2, "slow node");
            NS_TEST_EXPECT_MSG_EQ(farm.Lost(), farm.nodes[3]->GetLost(), "only the slow node");
        }
        Simulator::Destroy();
    }

    bool m_tokens;
};

/**
 * The throttle, (2) and (3) of SubFarmController: 4 nodes with tokens (one credit) serve
 * S = 10 ms each, capacity C = 4 / S = 400 events/s, against periodic triggers every
 * T = 1 ms (1,000/s) for N = 12,000 triggers. The SFC holds B = 10 events of 100 B; it
 * throttles above h = 0.5 (6 waiting) and releases at l = 0.2 (2 waiting). A throttle
 * reaches the source within delta < T, so at most one more event enters: none is dropped,
 * the read-out follows the farm (sent = C N T plus the events held at the end, at most
 * 4 + 6) and the rest is dead time, N - sent triggers throttled - which at 1 per ms is the
 * throttled time over T, within one trigger per throttle. Without the throttle (h = 1)
 * the same excess is lost at the SFC instead. Round robin sends at once, so its buffer
 * never fills and it never throttles.
 */
class FarmThrottleTestCase : public TestCase
{
  public:
    FarmThrottleTestCase(bool tokens, double throttleOn)
        : TestCase(std::string("throttle at h = ") + Exact(throttleOn) +
                   (!tokens          ? ", round robin: never"
                    : throttleOn < 1 ? ", tokens: the read-out follows the farm"
                                     : ", tokens: the excess lost at the SFC")),
          m_tokens(tokens),
          m_throttleOn(throttleOn)
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t triggers = 12000;
        Ptr<FarmAssignmentPolicy> policy = TokensOrRoundRobin(m_tokens);
        Farm farm(Identical(4, Constant(0.010)), policy, Constant(0.001), triggers, 1);
        farm.sfc->SetAttribute("BufferSize", UintegerValue(1000));
        farm.sfc->SetAttribute("ThrottleOn", DoubleValue(m_throttleOn));
        farm.sfc->SetAttribute("ThrottleOff", DoubleValue(std::min(m_throttleOn, 0.2)));
        farm.Run(Seconds(12) + MicroSeconds(500)); // the last trigger at 1 ms + (N - 1) T = 12 s
        const double sent = double(farm.source->GetSent());
        const double throttled = double(farm.source->GetThrottled());
        NS_TEST_EXPECT_MSG_EQ(sent + throttled, triggers, "every trigger read out or throttled");
        if (!m_tokens)
        {
            NS_TEST_EXPECT_MSG_EQ(farm.sfc->GetThrottles(), 0, "round robin never throttles");
            NS_TEST_EXPECT_MSG_EQ(throttled, 0, "nothing throttled");
            Simulator::Destroy();
            return;
        }
        const double served = 400.0 * triggers * 0.001;
        if (m_throttleOn < 1)
        {
            NS_TEST_EXPECT_MSG_EQ(farm.sfc->GetDropped(), 0, "the throttle comes in time");
            NS_TEST_EXPECT_MSG_EQ_TOL(sent, served + 5, 5, "sent = C N T + held");
            const double deadTime = farm.sfc->GetThrottledTime().GetSeconds() / 0.001;
            NS_TEST_EXPECT_MSG_EQ_TOL(throttled,
                                      deadTime,
                                      double(farm.sfc->GetThrottles()) + 1,
                                      "throttled triggers = throttled time / T");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(throttled, 0, "h = 1 never throttles");
            NS_TEST_EXPECT_MSG_EQ_TOL(double(farm.sfc->GetDropped()),
                                      triggers - served - 10,
                                      5,
                                      "the excess lost at the SFC");
        }
        Simulator::Destroy();
    }

    bool m_tokens;
    double m_throttleOn;
};

/**
 * Event building, FarmEventSource (1) and (2): a trigger with R = 3 read-out units sends
 * N = 300 events of E = 10,000 B every 1 ms to K = 2 SFCs through a router (10 Gb/s links,
 * nothing lost). Event k goes to SFC k mod 2: each SFC builds N / 2 events, none left
 * incomplete; unit r sends floor((r + 1) E / 3) - floor(r E / 3) bytes of each (3333, 3333,
 * 3334). A throttle from SFC 1 (h = l = 0, its one node slow, one token) holds the trigger
 * and so the read-out for both SFCs.
 */
class FarmEventBuildingTestCase : public TestCase
{
  public:
    explicit FarmEventBuildingTestCase(bool throttle)
        : TestCase(std::string("event building: 3 units, 2 SFCs") +
                   (throttle ? ", one SFC throttles both" : ", k mod 2, shares of E over 3")),
          m_throttle(throttle)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t units = 3;
        const uint64_t events = 300;
        NodeContainer hosts;
        hosts.Create(units + 1 + 2 + 2); // 3 units, a router (the trigger), 2 SFCs, 2 nodes
        Ptr<Node> router = hosts.Get(units);
        InternetStackHelper().Install(hosts);
        PointToPointHelper link;
        link.SetDeviceAttribute("DataRate", StringValue("10Gbps"));
        link.SetChannelAttribute("Delay", StringValue("1us"));
        link.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("100000p"));
        Ipv4AddressHelper ip("10.0.0.0", "255.255.255.0");
        auto attach = [&](Ptr<Node> a, Ptr<Node> b) { // the addresses of a and b
            const Ipv4InterfaceContainer pair = ip.Assign(link.Install(a, b));
            ip.NewNetwork();
            return std::make_pair(pair.GetAddress(0), pair.GetAddress(1));
        };
        for (uint32_t r = 0; r < units; ++r)
        {
            attach(router, hosts.Get(r));
        }
        std::vector<Ptr<SubFarmController>> sfcs;
        auto trigger = CreateObject<FarmEventSource>();
        for (uint32_t k = 0; k < 2; ++k)
        {
            Ptr<Node> sfcHost = hosts.Get(units + 1 + k);
            const auto [routerAddress, sfcAddress] = attach(router, sfcHost);
            const Ipv4Address nodeAddress = attach(sfcHost, hosts.Get(units + 3 + k)).second;
            auto sfc = CreateObject<SubFarmController>();
            sfc->SetAttribute("Trigger", AddressValue(InetSocketAddress(routerAddress, 9002)));
            sfcHost->AddApplication(sfc);
            auto node = CreateObject<FarmNode>();
            node->SetAttribute("Controller", AddressValue(InetSocketAddress(sfcAddress, 9001)));
            node->SetAttribute("Port", UintegerValue(kNodePort));
            node->SetAttribute("ProcessingTime", StringValue(Constant(0.0001)));
            hosts.Get(units + 3 + k)->AddApplication(node);
            sfc->AddNode(InetSocketAddress(nodeAddress, kNodePort));
            if (k == 0)
            {
                trigger->SetAttribute("Remote", AddressValue(InetSocketAddress(sfcAddress, 9000)));
            }
            else
            {
                trigger->AddRemote(InetSocketAddress(sfcAddress, 9000));
            }
            if (m_throttle && k == 1) // holds out tokens it never gets back quickly
            {
                node->SetAttribute("ProcessingTime", StringValue(Constant(0.1)));
                node->SetAttribute("Credits", UintegerValue(1));
                sfc->SetAttribute("Policy", PointerValue(CreateObject<TokenAssignment>()));
                sfc->SetAttribute("BufferSize", UintegerValue(20000));
                sfc->SetAttribute("ThrottleOn", DoubleValue(0));
                sfc->SetAttribute("ThrottleOff", DoubleValue(0));
            }
            sfcs.push_back(sfc);
        }
        Ipv4GlobalRoutingHelper::PopulateRoutingTables();
        std::vector<Ptr<FarmReadoutUnit>> readout;
        for (uint32_t r = 0; r < units; ++r)
        {
            auto unit = CreateObject<FarmReadoutUnit>();
            hosts.Get(r)->AddApplication(unit);
            trigger->AddReadoutUnit(unit);
            readout.push_back(unit);
        }
        trigger->SetAttribute("InterArrival", StringValue(Constant(0.001)));
        trigger->SetAttribute("EventSize", StringValue(Constant(10000)));
        trigger->SetAttribute("MaxEvents", UintegerValue(events));
        trigger->SetAttribute("Port", UintegerValue(9002));
        trigger->SetStartTime(MilliSeconds(1));
        router->AddApplication(trigger);
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        if (!m_throttle)
        {
            for (const auto& sfc : sfcs)
            {
                NS_TEST_EXPECT_MSG_EQ(sfc->GetEntered(), events / 2, "event k to SFC k mod 2");
                NS_TEST_EXPECT_MSG_EQ(sfc->GetIncomplete(), 0, "every share arrived");
                NS_TEST_EXPECT_MSG_EQ(sfc->GetDecided(), events / 2, "and was decided");
            }
            const uint64_t share[] = {3333, 3333, 3334};
            for (uint32_t r = 0; r < units; ++r)
            {
                NS_TEST_EXPECT_MSG_EQ(readout[r]->GetSentBytes(), events * share[r], "(2)");
            }
        }
        else
        {
            // SFC 1 throttles on its first event (h = 0) and releases when its node takes
            // it: the trigger reads out nothing for SFC 0 either while held
            NS_TEST_EXPECT_MSG_GT(trigger->GetThrottled(), 0, "the trigger was held");
            NS_TEST_EXPECT_MSG_EQ(sfcs[0]->GetEntered() + sfcs[1]->GetEntered() +
                                      trigger->GetThrottled(),
                                  events,
                                  "every trigger built at an SFC or throttled");
            NS_TEST_EXPECT_MSG_LT(sfcs[0]->GetEntered(), events / 2, "SFC 0 held too");
        }
        Simulator::Destroy();
    }

    bool m_throttle;
};

/**
 * FarmNode (3): on a uniprocessor host the network code preempts the processing. One event
 * (100 B, periodic source, one event) reaches a node of S = 10 ms at t_0 = 1 ms + delta;
 * its host's CPU (1 GHz) runs kernel jobs of 1 ms at 3, 4 and 5 ms and one of 2 ms from
 * 10 ms, which straddles the nominal end: the processing gets the CPU for S only by
 * t_0 + S + 5 ms, latency delta + 15 ms. With two processors the application has its own:
 * delta + 10 ms.
 */
class FarmPreemptedServiceTestCase : public TestCase
{
  public:
    explicit FarmPreemptedServiceTestCase(uint32_t processors)
        : TestCase("a node on a host of " + std::to_string(processors) +
                   " processor(s), kernel work of 5 ms during a 10 ms service: latency " +
                   (processors == 1 ? "delta + 15 ms" : "delta + 10 ms")),
          m_processors(processors)
    {
    }

  private:
    void DoRun() override
    {
        Farm farm(Identical(1, Constant(0.010)),
                  CreateObject<RoundRobinAssignment>(),
                  Constant(1),
                  1);
        Ptr<HostCpu> cpu = CreateObjectWithAttributes<HostCpu>("Frequency",
                                                               UintegerValue(1'000'000'000),
                                                               "Processors",
                                                               UintegerValue(m_processors));
        farm.nodes[0]->GetNode()->AggregateObject(cpu);
        for (const auto& [at, cycles] :
             std::vector<std::pair<Time, uint64_t>>{{MilliSeconds(3), 1'000'000},
                                                    {MilliSeconds(4), 1'000'000},
                                                    {MilliSeconds(5), 1'000'000},
                                                    {MilliSeconds(10), 2'000'000}})
        {
            Simulator::Schedule(at, [cpu, cycles]() {
                cpu->Execute(HostCpu::KERNEL, cycles, 0, Callback<void>());
            });
        }
        farm.Run(Seconds(1));
        NS_TEST_ASSERT_MSG_EQ(farm.latency[0].size(), 1, "one event decided");
        const Time extra = m_processors == 1 ? MilliSeconds(5) : Time(0);
        NS_TEST_EXPECT_MSG_EQ(Seconds(farm.latency[0][0]),
                              kDelta + MilliSeconds(10) + extra,
                              "(3): the processing had 10 ms of the processor");
        Simulator::Destroy();
    }

    uint32_t m_processors;
};

/**
 * The accepted events go on to storage whole: round robin over two nodes, node 0 accepting
 * every event (AcceptFraction 1) and node 1 none, N = 100 events of E = 5,000 B (four
 * fragments each): storage gets the N / 2 that node 0 decided, N / 2 x E bytes, and the
 * SFC counts the same acceptances.
 */
class FarmStorageTestCase : public TestCase
{
  public:
    FarmStorageTestCase()
        : TestCase("accepted events to storage: half of N events of 5,000 B, whole")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t events = 100;
        Farm farm(Identical(2, Constant(0.010)),
                  CreateObject<RoundRobinAssignment>(),
                  Constant(0.020),
                  events);
        farm.source->SetAttribute("EventSize",
                                  StringValue("ns3::ConstantRandomVariable[Constant=5000]"));
        Ptr<Node> sfcHost = farm.sfc->GetNode();
        auto storage = CreateObject<FarmStorage>();
        sfcHost->AddApplication(storage);
        const Ipv4Address sfcAddress = sfcHost->GetObject<Ipv4>()->GetAddress(1, 0).GetLocal();
        for (uint32_t i = 0; i < 2; ++i)
        {
            farm.nodes[i]->SetAttribute("Storage",
                                        AddressValue(InetSocketAddress(sfcAddress, 9200)));
            farm.nodes[i]->SetAttribute("AcceptFraction", DoubleValue(i == 0 ? 1.0 : 0.0));
        }
        farm.Run(Seconds(3));
        NS_TEST_EXPECT_MSG_EQ(farm.nodes[0]->GetAccepted(), events / 2, "node 0 accepts all");
        NS_TEST_EXPECT_MSG_EQ(farm.nodes[1]->GetAccepted(), 0, "node 1 none");
        NS_TEST_EXPECT_MSG_EQ(farm.sfc->GetAccepted(), events / 2, "the SFC's count");
        NS_TEST_EXPECT_MSG_EQ(storage->GetStored(), events / 2, "stored: the accepted");
        NS_TEST_EXPECT_MSG_EQ(storage->GetStoredBytes(), events / 2 * 5000, "whole");
        NS_TEST_EXPECT_MSG_EQ(storage->GetIncomplete(), 0, "none incomplete");
        Simulator::Destroy();
    }
};

/** The farm's test suite. */
class FarmQueueingTestSuite : public TestSuite
{
  public:
    FarmQueueingTestSuite()
        : TestSuite("hybridnet-farm-queueing", Type::UNIT)
    {
        AddTestCase(new FarmDeterministicRoundRobinTestCase(0.0039), Duration::QUICK);
        AddTestCase(new FarmDeterministicRoundRobinTestCase(0.0044), Duration::QUICK);
        AddTestCase(new FarmPoissonTestCase(FarmPoissonTestCase::ROUND_ROBIN), Duration::QUICK);
        AddTestCase(new FarmPoissonTestCase(FarmPoissonTestCase::TOKENS), Duration::QUICK);
        AddTestCase(new FarmPoissonTestCase(FarmPoissonTestCase::LEAST_OUTSTANDING),
                    Duration::QUICK);
        AddTestCase(new FarmHeterogeneousTestCase(false), Duration::QUICK);
        AddTestCase(new FarmHeterogeneousTestCase(true), Duration::QUICK);
        AddTestCase(new FarmThrottleTestCase(true, 0.5), Duration::QUICK);
        AddTestCase(new FarmThrottleTestCase(true, 1), Duration::QUICK);
        AddTestCase(new FarmThrottleTestCase(false, 0.5), Duration::QUICK);
        AddTestCase(new FarmEventBuildingTestCase(false), Duration::QUICK);
        AddTestCase(new FarmEventBuildingTestCase(true), Duration::QUICK);
        AddTestCase(new FarmPreemptedServiceTestCase(1), Duration::QUICK);
        AddTestCase(new FarmPreemptedServiceTestCase(2), Duration::QUICK);
        AddTestCase(new FarmStorageTestCase, Duration::QUICK);
    }
};

static FarmQueueingTestSuite g_farmQueueingTestSuite; //!< registers the suite
