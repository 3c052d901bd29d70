/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of HopPath and HopPathBuilder: a valid path file is read with every value and
 * default where the class comment puts them; every rule rejects one mutation of that file
 * with one line starting with the setting's JSON path; and a built path answers a probe
 * with TTL t from hop t's far end (time exceeded from the routers, port unreachable from
 * the receiver), after exactly the round trip its links and the router's slow path give.
 */
#include "hybridnet/hop-path-builder.h"
#include "hybridnet/hop-path.h"
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
    HopPath::Parse(text);
}

/** A valid path: three hops, the middle one slow, the second router's slow path slow. */
const char* const kBase = R"({
  "description": "test path",
  "mtu": "1500B",
  "hops": [
    { "name": "gw", "rate": "100Mbps", "delay": "100us", "queuePackets": 50 },
    { "name": "wan", "rate": "10Mbps", "delay": "5ms",
      "icmp": { "interval": "1s", "burst": 3, "generationDelay": "2ms" } },
    { "name": "far-host", "rate": "100Mbps", "delay": "100us" }
  ]
})";

/** The base parses; every value and default lands where the class comment says. */
class ValidPathTestCase : public TestCase
{
  public:
    ValidPathTestCase()
        : TestCase("base path: every value read, defaults where none is given")
    {
    }

  private:
    void DoRun() override
    {
        const HopPath p = HopPath::Parse(kBase);
        NS_TEST_EXPECT_MSG_EQ(p.description, "test path", "description");
        NS_TEST_EXPECT_MSG_EQ(p.mtu, 1500, "mtu");
        NS_TEST_ASSERT_MSG_EQ(p.hops.size(), 3, "hops");
        NS_TEST_EXPECT_MSG_EQ(p.hops[0].queuePackets, 50, "queue");
        NS_TEST_EXPECT_MSG_EQ(p.hops[1].queuePackets, 100, "queue default");
        NS_TEST_EXPECT_MSG_EQ(p.hops[1].rate, DataRate("10Mbps"), "rate");
        NS_TEST_EXPECT_MSG_EQ(p.hops[1].delay, MilliSeconds(5), "delay");
        NS_TEST_EXPECT_MSG_EQ(p.hops[1].icmp.interval, Seconds(1), "interval");
        NS_TEST_EXPECT_MSG_EQ(p.hops[1].icmp.burst, 3, "burst");
        NS_TEST_EXPECT_MSG_EQ(p.hops[1].icmp.generationDelay, MilliSeconds(2), "slow path");
        NS_TEST_EXPECT_MSG_EQ(p.hops[0].icmp.interval, Seconds(0), "no limit by default");
        NS_TEST_EXPECT_MSG_EQ(p.hops[0].icmp.burst, 6, "Linux's burst by default");
        NS_TEST_EXPECT_MSG_EQ(p.GetRtt(), MicroSeconds(2 * 5200), "2 x the delays");
        NS_TEST_EXPECT_MSG_EQ(p.GetBottleneck(), 1, "the 10 Mb/s hop");
    }
};

/** One ICMP error heard by the probing socket. */
struct Heard
{
    Time at;
    Ipv4Address from;
    uint32_t type;
};

/** @return a point-to-point hop's time for an IP packet of @p bytes (PPP adds 2 B) */
Time
HopTime(const HopPath::Hop& hop, uint32_t bytes)
{
    return hop.rate.CalculateBytesTxTime(bytes + 2) + hop.delay;
}

/**
 * The base path built: probes with TTL 1, 2, 3 one second apart are answered by gw, wan
 * and the receiver (types 11, 11, 3) from their hop addresses; each answer after the
 * probe's t hops out and the answer's t hops back, plus wan's 2 ms slow path for TTL 2.
 */
class TracerouteTestCase : public TestCase
{
  public:
    TracerouteTestCase()
        : TestCase("built path: TTL t answered from hop t after its round trip and slow path")
    {
    }

  private:
    void DoRun() override
    {
        const HopPath path = HopPath::Parse(kBase);
        HopPathBuilder builder(path);
        builder.Build();
        std::vector<Heard> heard;
        Ptr<Socket> socket =
            Socket::CreateSocket(builder.GetSender(), UdpSocketFactory::GetTypeId());
        socket->Bind();
        socket->SetAttribute(
            "IcmpCallback",
            CallbackValue(Callback<void, Ipv4Address, uint8_t, uint8_t, uint8_t, uint32_t>(
                [&heard](Ipv4Address from, uint8_t, uint8_t type, uint8_t, uint32_t) {
                    heard.push_back({Simulator::Now(), from, type});
                })));
        const uint32_t payload = 200;
        for (uint8_t ttl = 1; ttl <= 3; ++ttl)
        {
            Simulator::Schedule(Seconds(ttl), [&, ttl]() {
                socket->SetIpTtl(ttl);
                socket->SendTo(Create<Packet>(payload),
                               0,
                               InetSocketAddress(builder.GetReceiverAddress(), 33434));
            });
        }
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(heard.size(), 3, "three answers");
        Time out;
        Time back;
        for (uint32_t t = 1; t <= 3; ++t)
        {
            out += HopTime(path.hops[t - 1], payload + 28);
            back += HopTime(path.hops[t - 1], 56); // IP, ICMP, quoted IP header, 8 bytes
            const Time slowPath = path.hops[t - 1].icmp.generationDelay;
            NS_TEST_EXPECT_MSG_EQ(heard[t - 1].from, builder.GetHopAddress(t), "TTL " << t);
            NS_TEST_EXPECT_MSG_EQ(heard[t - 1].type, (t < 3 ? 11U : 3U), "ICMP type, TTL " << t);
            NS_TEST_EXPECT_MSG_EQ(heard[t - 1].at,
                                  Seconds(t) + out + back + (t < 3 ? slowPath : Seconds(0)),
                                  "arrival, TTL " << t);
        }
        NS_TEST_EXPECT_MSG_EQ(builder.GetTtlExpiry(2)->GetAnswered(), 1, "wan answered once");
        Simulator::Destroy();
    }
};

/**
 * Cross traffic on the base path's hop 2 (10 Mb/s) at r = 3 Mb/s in bursts of 1 ms: over
 * 20 s the far node's sink receives r x 20 s of UDP payload, less the 28 B of headers of
 * each 1500 B datagram (on/off cycles of 1 + 2.33 ms: 6000 of them, so the mean's relative
 * standard error is about sqrt(2 / 6000) = 1.8 %: 8 % is over 4 of them), and hop 3 none.
 */
class CrossTrafficTestCase : public TestCase
{
  public:
    CrossTrafficTestCase()
        : TestCase("cross traffic: hop 2's sink receives its mean rate, hop 3 nothing")
    {
    }

  private:
    void DoRun() override
    {
        Json doc = Json::parse(kBase);
        doc["hops"][1]["cross"] = {{"rate", "3Mbps"}};
        const HopPath path = HopPath::Parse(doc.dump());
        NS_TEST_ASSERT_MSG_EQ(path.hops[1].cross.has_value(), true, "cross read");
        NS_TEST_EXPECT_MSG_EQ(path.hops[1].cross->burst, MilliSeconds(1), "burst default");
        HopPathBuilder builder(path);
        builder.Build();
        builder.AssignStreams(0);
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        Ptr<PacketSink> sink =
            DynamicCast<PacketSink>(builder.GetNodes().Get(2)->GetApplication(0));
        NS_TEST_ASSERT_MSG_NE(sink, nullptr, "the sink on hop 2's far node");
        const double expected = 3e6 * 20 / 8 * 1472 / 1500;
        NS_TEST_EXPECT_MSG_EQ_TOL(double(sink->GetTotalRx()), expected, 0.08 * expected, "r");
        NS_TEST_EXPECT_MSG_EQ(builder.GetNodes().Get(3)->GetNApplications(), 0, "hop 3 none");
        Simulator::Destroy();
    }
};

class HopPathTestSuite : public TestSuite
{
  public:
    HopPathTestSuite()
        : TestSuite("hybridnet-hop-path", Type::UNIT)
    {
        AddTestCase(new ValidPathTestCase, Duration::QUICK);
        AddTestCase(new TracerouteTestCase, Duration::QUICK);
        AddTestCase(new CrossTrafficTestCase, Duration::QUICK);
        auto reject = [this](const std::string& name,
                             const InputRejectTestCase::Mutation& mutate,
                             const std::string& path,
                             const std::string& phrase) {
            AddTestCase(InputRejectTestCase::Mutated(name, Parse, kBase, mutate, path, phrase),
                        Duration::QUICK);
        };
        const auto set = &InputRejectTestCase::Set;
        reject("empty path", set("/hops", Json::array()), "hops", "1 to 64 hops");
        reject("zero rate", set("/hops/1/rate", "0bps"), "hops[1].rate", "more than 0 bit/s");
        reject("rate without unit", set("/hops/1/rate", "10"), "hops[1].rate", "unit");
        reject("delay without unit", set("/hops/0/delay", "5"), "hops[0].delay", "unit");
        reject(
            "no delay",
            [](Json& d) { d["hops"][0].erase("delay"); },
            "hops[0].delay",
            "missing");
        reject("name twice", set("/hops/2/name", "gw"), "hops[2].name", "also hops[0]");
        reject("icmp at the receiver",
               set("/hops/2/icmp", Json::object()),
               "hops[2].icmp",
               "not a router");
        reject("burst 0", set("/hops/1/icmp/burst", 0), "hops[1].icmp.burst", "1");
        reject("interval 11 s",
               set("/hops/1/icmp/interval", "11s"),
               "hops[1].icmp.interval",
               "0 s to 10 s");
        reject("mtu too small", set("/mtu", "60B"), "mtu", "68 B to 65535 B");
        reject("queue 0", set("/hops/0/queuePackets", 0), "hops[0].queuePackets", "1");
        reject("unknown key",
               set("/hops/0/bandwidth", "1Gbps"),
               "hops[0].bandwidth",
               "did you mean");
        const Json cross = Json::object({{"rate", "3Mbps"}});
        reject("cross on hop 1", set("/hops/0/cross", cross), "hops[0].cross", "measuring host");
        reject("cross at the hop's rate",
               set("/hops/1/cross", Json::object({{"rate", "10Mbps"}})),
               "hops[1].cross.rate",
               "below the hop's rate");
        reject("cross burst 0",
               set("/hops/1/cross", Json::object({{"rate", "3Mbps"}, {"burst", "0s"}})),
               "hops[1].cross.burst",
               "1 us to 10 s");
        reject("cross without rate",
               set("/hops/1/cross", Json::object()),
               "hops[1].cross.rate",
               "missing");
        reject("icmp typo", set("/hops/1/icmp/delay", "1ms"), "hops[1].icmp.delay", "did you mean");
    }
};

HopPathTestSuite g_hopPathTestSuite;

} // namespace
