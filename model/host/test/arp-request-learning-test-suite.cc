/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * ArpRequestLearning against Linux's rule (1)-(2): two hosts on a shared channel of one-way
 * delay d (no serialisation), neither knowing the other. A UDP echo at t0 takes
 *
 *     ns-3 alone:  A's ARP (2d), the datagram (d), B's own ARP for A (2d), the echo (d): 6d
 *     learning:    A's ARP (2d), the datagram (d), the echo at once (d):                  4d
 *
 * and B learns exactly one entry; a request for an address B does not have teaches it
 * nothing. Mistakes tried: learning from every request, whatever its target (B learns the
 * second request's sender: the count case fails); the handler on no device (the echo takes
 * 6d: the timing case fails).
 */
#include "hybridnet/arp-request-learning.h"
#include "simulator-cleanup.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/test.h"

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

const Time kDelay = MilliSeconds(40); //!< d
const Time kStart = Seconds(1);       //!< t0

/** A and B on a SimpleChannel of delay d, 10.0.0.1 and 10.0.0.2, an echo server on B. */
struct TwoHosts
{
    NodeContainer nodes{2};
    Ipv4InterfaceContainer addresses;
    Time echoed;

    explicit TwoHosts(bool learning)
    {
        Config::SetDefault("ns3::ArpL3Protocol::RequestJitter",
                           StringValue("ns3::ConstantRandomVariable[Constant=0.0]"));
        SimpleNetDeviceHelper link;
        link.SetChannelAttribute("Delay", TimeValue(kDelay));
        link.SetNetDevicePointToPointMode(false);
        NetDeviceContainer devices = link.Install(nodes);
        InternetStackHelper().Install(nodes);
        addresses = Ipv4AddressHelper("10.0.0.0", "255.255.255.0").Assign(devices);
        if (learning)
        {
            for (uint32_t i = 0; i < 2; ++i)
            {
                ArpRequestLearning::Install(nodes.Get(i));
            }
        }
        UdpEchoServerHelper server(9);
        server.Install(nodes.Get(1)).Start(Seconds(0));
    }

    /** One echo from A to @p to at t0. */
    void Echo(Ipv4Address to)
    {
        UdpEchoClientHelper client(to, 9);
        client.SetAttribute("MaxPackets", UintegerValue(1));
        ApplicationContainer apps = client.Install(nodes.Get(0));
        apps.Start(kStart);
        apps.Get(0)->TraceConnectWithoutContext("Rx", MakeCallback(&TwoHosts::Rx, this));
    }

    void Rx(Ptr<const Packet> /* packet */)
    {
        echoed = Simulator::Now();
    }

    uint32_t Learned(uint32_t i) const
    {
        auto learning = nodes.Get(i)->GetObject<ArpRequestLearning>();
        return learning ? learning->GetLearned() : 0;
    }
};

/** The echo's round trip: 6d with ns-3's ARP alone, 4d with (1). */
class EchoTimingTestCase : public TestCase
{
  public:
    EchoTimingTestCase()
        : TestCase("the answering host learns the requester: the echo takes 4d, not 6d")
    {
    }

  private:
    void DoRun() override
    {
        for (bool learning : {false, true})
        {
            SimulatorCleanup cleanup;
            TwoHosts hosts(learning);
            hosts.Echo(hosts.addresses.GetAddress(1));
            Simulator::Run();
            const Time expected = kStart + kDelay * (learning ? 4 : 6);
            NS_TEST_EXPECT_MSG_EQ(hosts.echoed, expected, "learning " << learning);
            NS_TEST_EXPECT_MSG_EQ(hosts.Learned(1), (learning ? 1u : 0u), "B's entries");
            NS_TEST_EXPECT_MSG_EQ(hosts.Learned(0), 0u, "A answered no request");
        }
    }
};

/** A request for an address B does not have teaches B nothing, (1). */
class OtherTargetTestCase : public TestCase
{
  public:
    OtherTargetTestCase()
        : TestCase("a request for another host's address teaches nothing")
    {
    }

  private:
    void DoRun() override
    {
        SimulatorCleanup cleanup;
        TwoHosts hosts(true);
        hosts.Echo(Ipv4Address("10.0.0.9"));
        Simulator::Stop(Seconds(5));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(hosts.echoed, Time(0), "nobody answers 10.0.0.9");
        NS_TEST_EXPECT_MSG_EQ(hosts.Learned(1), 0u, "B learns nothing");
    }
};

class ArpRequestLearningTestSuite : public TestSuite
{
  public:
    ArpRequestLearningTestSuite()
        : TestSuite("hybridnet-arp-request-learning", Type::UNIT)
    {
        AddTestCase(new EchoTimingTestCase, Duration::QUICK);
        AddTestCase(new OtherTargetTestCase, Duration::QUICK);
    }
};

ArpRequestLearningTestSuite g_arpRequestLearningTestSuite;

} // namespace
