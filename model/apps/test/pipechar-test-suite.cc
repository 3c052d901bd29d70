/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of Pipechar on a chain whose hops are known: on an idle path with an exact clock a
 * train leaves each link spaced by the narrowest link's time per datagram so far, so (2)
 * gives hop 1 its rate, hop 2 (the slower) its rate, and hop 3 (as fast as hop 1) hop 2's
 * rate again - not a new narrowest link: unreliable, as pipechar says of hops beyond the
 * bottleneck; and a clock coarser than a train's dispersion leaves only unresolved trains
 * or a dispersion of one tick.
 */
#include "hybridnet/pipechar.h"
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

const std::vector<double> kRate{100e6, 10e6, 100e6}; //!< A - R1 - R2 - B, bit/s

/**
 * Build A - R1 - R2 - B (kRate; 1, 5, 1 ms), run a Pipechar from A to B with
 * @p resolution, 4 trains of 8 datagrams per hop, and return it.
 */
Ptr<Pipechar>
RunOnChain(Time resolution)
{
    NodeContainer nodes(4);
    InternetStackHelper().Install(nodes);
    Ipv4AddressHelper ip("10.0.1.0", "255.255.255.0");
    Ipv4Address remote;
    for (uint32_t i = 0; i < 3; ++i)
    {
        PointToPointHelper link;
        link.SetDeviceAttribute("DataRate", DataRateValue(DataRate(uint64_t(kRate[i]))));
        link.SetChannelAttribute("Delay", TimeValue(MilliSeconds(i == 1 ? 5 : 1)));
        remote = ip.Assign(link.Install(nodes.Get(i), nodes.Get(i + 1))).GetAddress(1);
        ip.NewNetwork();
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    TtlExpiryHelper().Install(NodeContainer(nodes.Get(1), nodes.Get(2)));
    Ptr<Pipechar> pipechar = CreateObject<Pipechar>();
    pipechar->SetAttribute("Remote", Ipv4AddressValue(remote));
    pipechar->SetAttribute("TimerResolution", TimeValue(resolution));
    pipechar->SetAttribute("Trains", UintegerValue(4));
    nodes.Get(0)->AddApplication(pipechar);
    Simulator::Run();
    return pipechar;
}

/** Exact clock: (2) per hop, the bottleneck hop 2, hop 3 unreliable. */
class KnownPathTestCase : public TestCase
{
  public:
    KnownPathTestCase()
        : TestCase("pipechar on a known idle path: capacities (2), the bottleneck, hop 3 behind")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Pipechar> pipechar = RunOnChain(Seconds(0));
        NS_TEST_EXPECT_MSG_EQ(pipechar->IsDone(), true, "ended at B");
        NS_TEST_EXPECT_MSG_EQ(pipechar->GetProbesSent(), 3 * 4 * 8, "3 hops x 4 trains x 8");
        const std::vector<Pipechar::Hop> hops = pipechar->GetHops();
        NS_TEST_ASSERT_MSG_EQ(hops.size(), 3, "three hops");
        // each datagram is 1500 B of IP and 2 B of PPP on the wire
        const double wire = 1500.0 / 1502;
        const double capacity[3]{kRate[0] * wire, kRate[1] * wire, kRate[1] * wire};
        for (size_t h = 0; h < 3; ++h)
        {
            NS_TEST_EXPECT_MSG_EQ(hops[h].usable, 4, "trains, hop " << h + 1);
            NS_TEST_EXPECT_MSG_EQ(hops[h].answers, 32, "answers, hop " << h + 1);
            NS_TEST_EXPECT_MSG_EQ_TOL(hops[h].capacity / capacity[h], 1.0, 1e-9, "C, " << h + 1);
            NS_TEST_EXPECT_MSG_EQ_TOL(hops[h].utilisation, 0.0, 1e-9, "u, hop " << h + 1);
            NS_TEST_EXPECT_MSG_EQ_TOL(hops[h].jitter, 0.0, 1e-9, "jitter, hop " << h + 1);
        }
        NS_TEST_EXPECT_MSG_EQ(hops[0].narrowest, true, "hop 1 is the first");
        NS_TEST_EXPECT_MSG_EQ(hops[1].narrowest, true, "hop 2 narrower");
        NS_TEST_EXPECT_MSG_EQ(hops[2].narrowest, false, "hop 3 hidden behind hop 2");
        NS_TEST_EXPECT_MSG_EQ(pipechar->GetBottleneck(), 1, "the bottleneck is hop 2");
        NS_TEST_EXPECT_MSG_NE(pipechar->GetReport().find("<- bottleneck"), std::string::npos, "");
        Simulator::Destroy();
    }
};

/**
 * A 1 ms clock against hop 1's 7 x 120.16 us = 841 us train: the answers' times round to
 * the same or adjacent milliseconds, so a train is unresolved (D = 0) or one tick long,
 * r = 8 x 1500 x 7 / 1 ms = 84 Mb/s: never hop 1's 99.87 Mb/s.
 */
class CoarseClockTestCase : public TestCase
{
  public:
    CoarseClockTestCase()
        : TestCase("pipechar with a clock coarser than the train: unresolved or one tick")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Pipechar> pipechar = RunOnChain(MilliSeconds(1));
        const Pipechar::Hop hop = pipechar->GetHops().at(0);
        if (hop.usable == 0)
        {
            NS_TEST_EXPECT_MSG_EQ(hop.capacity, 0.0, "no estimate without a resolved train");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(hop.capacity, 84e6, 1.0, "one tick");
        }
        Simulator::Destroy();
    }
};

class PipecharTestSuite : public TestSuite
{
  public:
    PipecharTestSuite()
        : TestSuite("hybridnet-pipechar", Type::UNIT)
    {
        AddTestCase(new KnownPathTestCase, Duration::QUICK);
        AddTestCase(new CoarseClockTestCase, Duration::QUICK);
    }
};

PipecharTestSuite g_pipecharTestSuite;

} // namespace
