/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of TtlExpiry on a chain  host A -- R1 -- R2 -- host B  (point-to-point, 10 Mb/s,
 * 1 ms each): a UDP datagram with TTL t is answered by router t with time exceeded (ICMP
 * type 11) from its own address, the datagram that reaches B with port unreachable (type 3,
 * code 3); each answer arrives at the round trip's time, computed from the links; the slow
 * path makes messages one at a time, (2); the token bucket (1) answers Burst at once and
 * then Rate a second.
 */
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

constexpr uint64_t kRate = 10'000'000;        //!< every link, bit/s
const Time kDelay = MilliSeconds(1);          //!< every link
constexpr uint32_t kPayload = 100;            //!< probe payload, bytes
constexpr uint32_t kProbeIp = kPayload + 28;  //!< + UDP 8 + IP 20
constexpr uint32_t kIcmpIp = 20 + 8 + 20 + 8; //!< IP, ICMP, quoted IP header, 8 bytes

/** One ICMP error heard by the probing socket. */
struct Heard
{
    Time at;
    Ipv4Address from;
    uint8_t type;
    uint8_t code;
};

/** @return one point-to-point link's time for an IP packet of @p bytes (PPP adds 2 B) */
Time
Hop(uint32_t bytes)
{
    return NanoSeconds(8 * (bytes + 2) * 1'000'000'000ULL / kRate) + kDelay;
}

/** The chain, its routers' TtlExpiry objects and a probing socket on A. */
class Chain
{
  public:
    explicit Chain(const TtlExpiryHelper& helper)
    {
        m_nodes.Create(4);
        InternetStackHelper().Install(m_nodes);
        PointToPointHelper link;
        link.SetDeviceAttribute("DataRate", DataRateValue(DataRate(kRate)));
        link.SetChannelAttribute("Delay", TimeValue(kDelay));
        Ipv4AddressHelper ip("10.0.0.0", "255.255.255.0");
        for (uint32_t i = 0; i < 3; ++i)
        {
            auto addresses = ip.Assign(link.Install(m_nodes.Get(i), m_nodes.Get(i + 1)));
            m_near.push_back(addresses.GetAddress(0));
            m_far.push_back(addresses.GetAddress(1));
            ip.NewNetwork();
        }
        Ipv4GlobalRoutingHelper::PopulateRoutingTables();
        expiry = helper.Install(NodeContainer(m_nodes.Get(1), m_nodes.Get(2)));
        m_socket = Socket::CreateSocket(m_nodes.Get(0), UdpSocketFactory::GetTypeId());
        m_socket->Bind();
        m_socket->SetAttribute("IcmpCallback", CallbackValue(MakeCallback(&Chain::Icmp, this)));
    }

    /** Send a probe with TTL @p ttl to B at @p at. */
    void Probe(Time at, uint8_t ttl)
    {
        Simulator::Schedule(at, [this, ttl]() {
            m_socket->SetIpTtl(ttl);
            m_socket->SendTo(Create<Packet>(kPayload), 0, InetSocketAddress(GetB(), 33434));
        });
    }

    /** @return router @p r's (1 or 2) address toward A, where its answers come from */
    Ipv4Address GetRouter(uint32_t r) const
    {
        return m_far[r - 1];
    }

    /** @return B's address */
    Ipv4Address GetB() const
    {
        return m_far[2];
    }

    std::vector<Ptr<TtlExpiry>> expiry;
    std::vector<Heard> heard;

  private:
    void Icmp(Ipv4Address from, uint8_t /* ttl */, uint8_t type, uint8_t code, uint32_t)
    {
        heard.push_back({Simulator::Now(), from, type, code});
    }

    NodeContainer m_nodes;
    std::vector<Ipv4Address> m_near;
    std::vector<Ipv4Address> m_far;
    Ptr<Socket> m_socket;
};

/** TTL 1, 2, 3: R1, R2 answer time exceeded, B port unreachable, each at its round trip. */
class PerTtlTestCase : public TestCase
{
  public:
    PerTtlTestCase()
        : TestCase("TTL t answered by router t (time exceeded), then by B (port unreachable), "
                   "each after its round trip")
    {
    }

  private:
    void DoRun() override
    {
        Chain chain{TtlExpiryHelper()};
        for (uint8_t ttl = 1; ttl <= 3; ++ttl)
        {
            chain.Probe(Seconds(ttl), ttl);
        }
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(chain.heard.size(), 3, "three answers");
        for (uint32_t t = 1; t <= 3; ++t)
        {
            const Heard& h = chain.heard[t - 1];
            const bool last = t == 3;
            NS_TEST_EXPECT_MSG_EQ(h.from, (last ? chain.GetB() : chain.GetRouter(t)), "TTL " << t);
            NS_TEST_EXPECT_MSG_EQ(uint32_t(h.type), (last ? 3U : 11U), "ICMP type, TTL " << t);
            NS_TEST_EXPECT_MSG_EQ(uint32_t(h.code), (last ? 3U : 0U), "ICMP code, TTL " << t);
            // t hops out with the probe, t hops back with the ICMP message
            const Time expected = Seconds(t) + (Hop(kProbeIp) + Hop(kIcmpIp)) * t;
            NS_TEST_EXPECT_MSG_EQ(h.at, expected, "arrival, TTL " << t);
        }
        NS_TEST_EXPECT_MSG_EQ(chain.expiry[0]->GetExpired(), 1, "R1 took one");
        NS_TEST_EXPECT_MSG_EQ(chain.expiry[1]->GetAnswered(), 1, "R2 answered one");
        Simulator::Destroy();
    }
};

/** (2): three probes expiring at R1 together leave at t + D, t + 2D, t + 3D. */
class SlowPathTestCase : public TestCase
{
  public:
    SlowPathTestCase()
        : TestCase("slow path: one message at a time, GenerationDelay each, eq. (2)")
    {
    }

  private:
    void DoRun() override
    {
        TtlExpiryHelper helper;
        const Time d = MilliSeconds(5);
        helper.SetAttribute("GenerationDelay", TimeValue(d));
        Chain chain(helper);
        std::vector<Time> answers;
        chain.expiry[0]->TraceConnectWithoutContext(
            "Answer",
            Callback<void, const Ipv4Header&>(
                [&answers](const Ipv4Header&) { answers.push_back(Simulator::Now()); }));
        for (int k = 0; k < 3; ++k)
        {
            chain.Probe(Seconds(1), 1);
        }
        // a fourth after the slow path has emptied: made at once, d after its arrival
        chain.Probe(Seconds(2), 1);
        Simulator::Run();
        const Time tx = Hop(kProbeIp) - kDelay; // one probe's transmission
        const Time first = Seconds(1) + Hop(kProbeIp);
        const std::vector<Time> expected{first + d,
                                         first + 2 * d,
                                         first + 3 * d,
                                         Seconds(2) + Hop(kProbeIp) + d};
        NS_TEST_ASSERT_MSG_EQ(answers.size(), 4, "four answers");
        // arrivals at R1 are tx apart, each shorter than d: the slow path is busy
        NS_TEST_EXPECT_MSG_LT(tx, d, "back-to-back probes arrive faster than d");
        for (size_t k = 0; k < 4; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(answers[k], expected[k], "answer " << k);
        }
        NS_TEST_EXPECT_MSG_EQ(chain.heard.size(), 4, "all heard at A");
        Simulator::Destroy();
    }
};

/**
 * (1) with Rate 1/s, Burst 6: 10 probes in the first 10 ms - the bucket's 6 answered, 4
 * suppressed; by t = 3 s the bucket has refilled at 1/s since the first took its token,
 * to just under 3 tokens, and gains a thousandth between probes 1 ms apart: 4 probes then
 * get 3 answers.
 */
class RateLimitTestCase : public TestCase
{
  public:
    RateLimitTestCase()
        : TestCase("rate limit: Burst at once, then Rate a second, eq. (1)")
    {
    }

  private:
    void DoRun() override
    {
        TtlExpiryHelper helper;
        helper.SetAttribute("Rate", DoubleValue(1.0));
        helper.SetAttribute("Burst", DoubleValue(6.0));
        Chain chain(helper);
        for (int k = 0; k < 10; ++k)
        {
            chain.Probe(MilliSeconds(1 + k), 1);
        }
        for (int k = 0; k < 4; ++k)
        {
            chain.Probe(Seconds(3) + MilliSeconds(k), 1);
        }
        Simulator::Run();
        const Ptr<TtlExpiry> r1 = chain.expiry[0];
        NS_TEST_EXPECT_MSG_EQ(r1->GetExpired(), 14, "every probe expired at R1");
        NS_TEST_EXPECT_MSG_EQ(r1->GetAnswered(), 9, "6 of the burst + 3 at 3 s");
        NS_TEST_EXPECT_MSG_EQ(r1->GetSuppressed(), 5, "4 + 1");
        NS_TEST_EXPECT_MSG_EQ(chain.heard.size(), 9, "heard at A");
        Simulator::Destroy();
    }
};

class TtlExpiryTestSuite : public TestSuite
{
  public:
    TtlExpiryTestSuite()
        : TestSuite("hybridnet-ttl-expiry", Type::UNIT)
    {
        AddTestCase(new PerTtlTestCase, Duration::QUICK);
        AddTestCase(new SlowPathTestCase, Duration::QUICK);
        AddTestCase(new RateLimitTestCase, Duration::QUICK);
    }
};

TtlExpiryTestSuite g_ttlExpiryTestSuite;

} // namespace
