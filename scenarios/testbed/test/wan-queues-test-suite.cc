/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of the WAN paths' queues: a bare end queues in Linux's default pfifo_fast
 * (WanEndHosts::InstallQdisc), a router port in its device queue alone (UseDeviceQueues) -
 * not behind the FqCoDel that ns-3's Ipv4AddressHelper installs on every port it addresses.
 */
#include "hybridnet/router-ports.h"
#include "hybridnet/scenario-flags.h"
#include "hybridnet/wan-end-hosts.h"

#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/node.h"
#include "ns3/pfifo-fast-queue-disc.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/traffic-control-layer.h"

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** @return the root queue disc on @p device, or null */
Ptr<QueueDisc>
RootOf(Ptr<NetDevice> device)
{
    return device->GetNode()->GetObject<TrafficControlLayer>()->GetRootQueueDiscOnDevice(device);
}

/** A bare end (--sender=none) gets pfifo_fast of 1000 packets; its router's ports none. */
class WanQueuesTestCase : public TestCase
{
  public:
    WanQueuesTestCase()
        : TestCase("bare end: pfifo_fast of 1000 packets; router ports: device queue alone")
    {
    }

  private:
    void DoRun() override
    {
        ScenarioFlags flags("test", "");
        WanEndHosts ends;
        ends.AddFlags(flags, "the sending host");
        NS_TEST_ASSERT_MSG_EQ((flags.Parse({}).outcome == ScenarioFlags::Outcome::OK),
                              true,
                              "no flags: a bare end");
        NodeContainer nodes(3); // end, router, far end
        InternetStackHelper().Install(nodes);
        NetDeviceContainer access = PointToPointHelper().Install(nodes.Get(0), nodes.Get(1));
        NetDeviceContainer wan = PointToPointHelper().Install(nodes.Get(1), nodes.Get(2));
        ends.InstallQdisc(WanEndHosts::SENDER, access.Get(0));
        Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
        addresses.Assign(access);
        addresses.SetBase("10.1.2.0", "255.255.255.0");
        addresses.Assign(wan);
        NS_TEST_ASSERT_MSG_NE(RootOf(access.Get(1)), nullptr, "ns-3 puts FqCoDel on the port");

        UseDeviceQueues(nodes.Get(1));
        UseDeviceQueues(nodes.Get(1)); // ports without a queue disc are left as they are
        NS_TEST_EXPECT_MSG_EQ(RootOf(access.Get(1)), nullptr, "router port: device queue");
        NS_TEST_EXPECT_MSG_EQ(RootOf(wan.Get(0)), nullptr, "router port: device queue");
        NS_TEST_EXPECT_MSG_NE(RootOf(wan.Get(1)), nullptr, "not a router: untouched");
        Ptr<QueueDisc> end = RootOf(access.Get(0));
        NS_TEST_ASSERT_MSG_NE(DynamicCast<PfifoFastQueueDisc>(end),
                              nullptr,
                              "a bare end runs Linux's default, pfifo_fast");
        NS_TEST_EXPECT_MSG_EQ(end->GetMaxSize(), QueueSize("1000p"), "ether_setup's tx_queue_len");
        Simulator::Destroy();
    }
};

/** The WAN paths' queues. */
class WanQueuesTestSuite : public TestSuite
{
  public:
    WanQueuesTestSuite()
        : TestSuite("hybridnet-wan-queues", Type::UNIT)
    {
        AddTestCase(new WanQueuesTestCase, Duration::QUICK);
    }
};

WanQueuesTestSuite g_wanQueuesTestSuite;

} // namespace
