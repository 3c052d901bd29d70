/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of GridTopology and GridBuilder: a valid file is read with every value and
 * default where the class comment puts them; every rule of the class comment rejects one
 * mutation of that file with one line starting with the setting's JSON path; the routes
 * over the trunks take the fewest trunks, ties to the earliest trunk; and a built site has
 * the addresses of GridBuilder's comment and carries packets between every pair of its
 * switches, on a path whose router hops (the TTL's decrements) are the routers of that
 * route.
 */
#include "hybridnet/grid-builder.h"
#include "hybridnet/grid-topology.h"
#include "input-reject-test-case.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <functional>
#include <nlohmann/json.hpp>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

using Json = nlohmann::ordered_json;

/** The parser under test. */
void
Parse(const std::string& text)
{
    GridTopology::Parse(text);
}

/** A valid site: a chain of three routers, two groups on two routers. */
const char* const kBase = R"({
  "description": "test site",
  "routers": ["core", "cpu", "disk"],
  "trunks": [
    { "between": ["core", "cpu"], "rate": "8Gbps", "delay": "10us", "queuePackets": 500 },
    { "between": ["disk", "core"], "rate": "3Gbps" }
  ],
  "groups": [
    { "name": "cpu", "router": "cpu", "hosts": 5, "rate": "1Gbps",
      "hostsPerSwitch": 2, "uplinkRate": "1Gbps", "queuePackets": 50, "cableDelay": "1us" },
    { "name": "disk", "router": "disk", "hosts": 3, "rate": "100Mbps",
      "hostsPerSwitch": 3, "uplinkRate": "1Gbps" }
  ]
})";

/** The base parses; every value and default lands where the class comment says. */
class ValidTopologyTestCase : public TestCase
{
  public:
    ValidTopologyTestCase()
        : TestCase("base topology: every value read, defaults where none is given")
    {
    }

  private:
    void DoRun() override
    {
        const GridTopology t = GridTopology::Parse(kBase);
        NS_TEST_EXPECT_MSG_EQ(t.description, "test site", "description");
        NS_TEST_ASSERT_MSG_EQ(t.routers.size(), 3, "routers");
        NS_TEST_ASSERT_MSG_EQ(t.trunks.size(), 2, "trunks");
        NS_TEST_EXPECT_MSG_EQ(t.trunks[0].a, 0, "trunk 0 from core");
        NS_TEST_EXPECT_MSG_EQ(t.trunks[0].b, 1, "trunk 0 to cpu");
        NS_TEST_EXPECT_MSG_EQ(t.trunks[0].rate, DataRate("8Gbps"), "trunk 0 rate");
        NS_TEST_EXPECT_MSG_EQ(t.trunks[0].delay, MicroSeconds(10), "trunk 0 delay");
        NS_TEST_EXPECT_MSG_EQ(t.trunks[0].queuePackets, 500, "trunk 0 queue");
        NS_TEST_EXPECT_MSG_EQ(t.trunks[1].a, 2, "trunk 1 from disk");
        NS_TEST_EXPECT_MSG_EQ(t.trunks[1].delay, MicroSeconds(5), "trunk delay default");
        NS_TEST_EXPECT_MSG_EQ(t.trunks[1].queuePackets, 1000, "trunk queue default");
        NS_TEST_ASSERT_MSG_EQ(t.groups.size(), 2, "groups");
        const GridTopology::Group& cpu = t.groups[0];
        NS_TEST_EXPECT_MSG_EQ(cpu.router, 1, "cpu's router");
        NS_TEST_EXPECT_MSG_EQ(cpu.hosts, 5, "hosts");
        NS_TEST_EXPECT_MSG_EQ(cpu.GetSwitches(), 3, "ceil(5 / 2) switches");
        NS_TEST_EXPECT_MSG_EQ(cpu.queuePackets, 50, "queue");
        NS_TEST_EXPECT_MSG_EQ(cpu.cableDelay, MicroSeconds(1), "cable delay");
        NS_TEST_EXPECT_MSG_EQ(t.groups[1].queuePackets, 100, "queue default");
        NS_TEST_EXPECT_MSG_EQ(t.groups[1].cableDelay, NanoSeconds(50), "cable default");
        NS_TEST_EXPECT_MSG_EQ(t.groups[1].rate, DataRate("100Mbps"), "rate");
        NS_TEST_EXPECT_MSG_EQ(t.GetHostCount(), 8, "hosts of the site");
        NS_TEST_EXPECT_MSG_EQ(t.GetSwitchCount(), 4, "switches of the site");
        NS_TEST_EXPECT_MSG_EQ(t.FindGroup("disk"), 1, "FindGroup");
        NS_TEST_EXPECT_MSG_EQ(t.FindGroup("tape"), 2, "FindGroup of no group");
    }
};

/** NextTrunk on a ring with a chord: fewest trunks, ties to the earliest trunk. */
class RoutesTestCase : public TestCase
{
  public:
    RoutesTestCase()
        : TestCase("routes over the trunks: fewest trunks, ties to the earliest in the file")
    {
    }

  private:
    void DoRun() override
    {
        // Ring a-b-c-d-e-a (trunks 0 to 4) and the chord a-c (trunk 5).
        GridTopology t;
        t.routers = {"a", "b", "c", "d", "e"};
        const std::vector<std::pair<uint32_t, uint32_t>> pairs{{0, 1},
                                                               {1, 2},
                                                               {2, 3},
                                                               {3, 4},
                                                               {4, 0},
                                                               {0, 2}};
        for (const auto& [a, b] : pairs)
        {
            t.trunks.push_back({a, b, DataRate("1Gbps")});
        }
        NS_TEST_EXPECT_MSG_EQ(t.NextTrunk(0, 0), t.trunks.size(), "no trunk to itself");
        NS_TEST_EXPECT_MSG_EQ(t.NextTrunk(0, 2), 5, "a to c: the chord, one trunk");
        NS_TEST_EXPECT_MSG_EQ(t.NextTrunk(2, 0), 5, "c to a: the chord");
        NS_TEST_EXPECT_MSG_EQ(t.NextTrunk(0, 1), 0, "a to b: direct");
        NS_TEST_EXPECT_MSG_EQ(t.NextTrunk(1, 4), 0, "b to e: via a (2 trunks), not c-d (3)");
        // a to d: via e (trunks 4, 3) or via c (5, 2), both two trunks: trunk 4 comes first.
        NS_TEST_EXPECT_MSG_EQ(t.NextTrunk(0, 3), 4, "a to d: tie, the earlier trunk");
        NS_TEST_EXPECT_MSG_EQ(t.NextTrunk(3, 0), 2, "d to a: tie, trunk 2 (to c) before 3");
        t.trunks.resize(3); // a chain a-b-c-d: e is cut off
        NS_TEST_EXPECT_MSG_EQ(t.NextTrunk(4, 0), t.trunks.size(), "no path");
    }
};

/**
 * The base site built: addresses as in GridBuilder's comment; a UDP datagram from the first
 * host of each switch to the first host of every other switch arrives with its TTL lowered
 * by the routers on the way (0 within a router's switches, 3 from cpu to disk: cpu, core,
 * disk).
 */
class BuildTestCase : public TestCase
{
  public:
    BuildTestCase()
        : TestCase("built site: addresses, and every switch reaches every other via its routers")
    {
    }

  private:
    void DoRun() override
    {
        GridBuilder site(GridTopology::Parse(kBase));
        site.Build();
        NS_TEST_EXPECT_MSG_EQ(site.GetAddress(0, 0), Ipv4Address("10.1.0.2"), "cpu 0");
        NS_TEST_EXPECT_MSG_EQ(site.GetAddress(0, 1), Ipv4Address("10.1.0.3"), "cpu 1");
        NS_TEST_EXPECT_MSG_EQ(site.GetAddress(0, 4), Ipv4Address("10.1.2.2"), "cpu 4: switch 2");
        NS_TEST_EXPECT_MSG_EQ(site.GetAddress(1, 2), Ipv4Address("10.1.3.4"), "disk 2: switch 3");
        NS_TEST_EXPECT_MSG_EQ(site.GetFirstSwitch(1), 3, "disk's first switch");
        NS_TEST_EXPECT_MSG_EQ(site.GetUplinkDevices(0).GetN(), 3, "cpu's uplinks");
        NS_TEST_EXPECT_MSG_EQ(site.GetRouters().GetN(), 3, "routers");
        NS_TEST_EXPECT_MSG_EQ(GridBuilder::GetSwitchNetwork(257),
                              Ipv4Address("10.2.1.0"),
                              "switch 257's network");

        // (group, host) of each switch's first host; expected routers between them.
        const std::vector<std::pair<size_t, uint32_t>> firsts{{0, 0}, {0, 2}, {0, 4}, {1, 0}};
        const auto routers = [](size_t a, size_t b) { return a == b ? 1 : 3; };
        std::vector<Ptr<Socket>> sinks;
        std::map<uint32_t, std::vector<uint8_t>> ttls; // receiving switch -> TTLs seen
        for (uint32_t s = 0; s < firsts.size(); ++s)
        {
            Ptr<Node> host = site.GetHosts(firsts[s].first).Get(firsts[s].second);
            Ptr<Socket> sink = Socket::CreateSocket(host, UdpSocketFactory::GetTypeId());
            sink->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
            sink->SetIpRecvTtl(true);
            sink->SetRecvCallback([&ttls, s](Ptr<Socket> socket) {
                while (Ptr<Packet> p = socket->Recv())
                {
                    SocketIpTtlTag tag;
                    p->RemovePacketTag(tag);
                    ttls[s].push_back(tag.GetTtl());
                }
            });
            sinks.push_back(sink);
        }
        for (uint32_t a = 0; a < firsts.size(); ++a)
        {
            for (uint32_t b = 0; b < firsts.size(); ++b)
            {
                if (a == b)
                {
                    continue;
                }
                Ptr<Node> from = site.GetHosts(firsts[a].first).Get(firsts[a].second);
                Ptr<Socket> tx = Socket::CreateSocket(from, UdpSocketFactory::GetTypeId());
                const Ipv4Address to = site.GetAddress(firsts[b].first, firsts[b].second);
                Simulator::Schedule(MilliSeconds(1 + a), [tx, to]() {
                    tx->SendTo(Create<Packet>(100), 0, InetSocketAddress(to, 9));
                });
            }
        }
        Simulator::Run();
        const uint8_t ttl0 = 64; // Ipv4L3Protocol's DefaultTtl
        for (uint32_t b = 0; b < firsts.size(); ++b)
        {
            NS_TEST_ASSERT_MSG_EQ(ttls[b].size(), firsts.size() - 1, "datagrams at switch " << b);
            std::vector<uint8_t> expected;
            for (uint32_t a = 0; a < firsts.size(); ++a)
            {
                if (a != b)
                {
                    expected.push_back(ttl0 - routers(firsts[a].first, firsts[b].first));
                }
            }
            NS_TEST_EXPECT_MSG_EQ((ttls[b] == expected), true, "TTLs at switch " << b);
        }
        Simulator::Destroy();
    }
};

class GridTopologyTestSuite : public TestSuite
{
  public:
    GridTopologyTestSuite()
        : TestSuite("hybridnet-grid-topology", Type::UNIT)
    {
        AddTestCase(new ValidTopologyTestCase, Duration::QUICK);
        AddTestCase(new RoutesTestCase, Duration::QUICK);
        AddTestCase(new BuildTestCase, Duration::QUICK);
        auto reject = [this](const std::string& name,
                             const InputRejectTestCase::Mutation& mutate,
                             const std::string& path,
                             const std::string& phrase) {
            AddTestCase(InputRejectTestCase::Mutated(name, Parse, kBase, mutate, path, phrase),
                        Duration::QUICK);
        };
        const auto set = &InputRejectTestCase::Set;
        reject("no routers", set("/routers", Json::array()), "routers", "1 to 64");
        reject("router twice", set("/routers/2", "core"), "routers[2]", "also routers[0]");
        reject("bad name", set("/routers/1", "c pu"), "routers[1]", "is not a name");
        reject("unknown router",
               set("/trunks/0/between/1", "tape"),
               "trunks[0].between[1]",
               "is not a router (routers: core, cpu, disk)");
        reject("trunk to itself",
               set("/trunks/1/between/1", "disk"),
               "trunks[1].between",
               "to itself");
        reject("trunk twice",
               set("/trunks/1/between", Json::array({"cpu", "core"})),
               "trunks[1].between",
               "the same routers as trunks[0]");
        reject("one end",
               set("/trunks/0/between", Json::array({"core"})),
               "trunks[0].between",
               "two routers");
        reject(
            "cut off",
            [](Json& d) { d["trunks"].erase(1); },
            "routers[2]",
            "has no path of trunks to 'core'");
        reject("rate without unit", set("/trunks/0/rate", "8000"), "trunks[0].rate", "unit");
        reject("queue 0", set("/trunks/0/queuePackets", 0), "trunks[0].queuePackets", "1");
        reject("unknown key",
               set("/trunks/0/speed", "1Gbps"),
               "trunks[0].speed",
               "did you mean 'rate'");
        reject("group twice", set("/groups/1/name", "cpu"), "groups[1].name", "also groups[0]");
        reject("group router",
               set("/groups/1/router", "tape"),
               "groups[1].router",
               "is not a router");
        reject("no hosts", set("/groups/0/hosts", 0), "groups[0].hosts", "0");
        reject("switch too big",
               set("/groups/0/hostsPerSwitch", 254),
               "groups[0].hostsPerSwitch",
               "253");
        reject(
            "too many switches",
            [](Json& d) {
                d["groups"][0]["hosts"] = 65535;
                d["groups"][0]["hostsPerSwitch"] = 1;
            },
            "groups[0].hostsPerSwitch",
            "more than 51200");
        reject("delay without unit",
               set("/groups/0/cableDelay", "10"),
               "groups[0].cableDelay",
               "unit");
        reject("group typo", set("/groups/0/host", 3), "groups[0].host", "did you mean 'hosts'");
        reject(
            "no groups",
            [](Json& d) { d.erase("groups"); },
            "groups",
            "missing");
    }
};

GridTopologyTestSuite g_gridTopologyTestSuite;

} // namespace
