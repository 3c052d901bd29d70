/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * farm-throttle: a trigger, two read-out units and a sub-farm controller whose four PCs
 * cannot keep up - once with the SFC throttling the trigger, once without.
 *
 *     unit 0 (trigger) --+                 +-- node 0
 *                        +-- router -- SFC +-- node 1 ...      (point-to-point, 1 Gb/s)
 *     unit 1 ------------+                 +-- node 3
 *
 * 1,000 triggers a second for 2 s, events of 10 kB, each unit sending half of every event;
 * tokens (one credit a node), 10 ms of processing: the farm finishes 4 / 10 ms = 400 events
 * a second. The SFC holds 10 events. With the throttle (above half its buffer, released at
 * a fifth) the trigger reads out what the farm finishes and the rest of the triggers are
 * dead time, nothing lost; without it the same excess is dropped at the SFC's full buffer.
 * Prints the triggers, events read out, throttled, dropped and decided. Its Python twin,
 * farm-throttle.py, prints the same lines.
 *
 * Run:  build/bin/farm-throttle
 */
#include "hybridnet/farm-module.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"

#include <iostream>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

void
Run(double throttleOn)
{
    NodeContainer hosts(8); // 0, 1 units (the trigger on 0), 2 router, 3 SFC, 4-7 nodes
    InternetStackHelper().Install(hosts);
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    link.SetChannelAttribute("Delay", StringValue("10us"));
    Ipv4AddressHelper ip("10.0.0.0", "255.255.255.0");
    const Ipv4Address trigger = ip.Assign(link.Install(hosts.Get(0), hosts.Get(2))).GetAddress(0);
    ip.NewNetwork();
    ip.Assign(link.Install(hosts.Get(1), hosts.Get(2)));
    ip.NewNetwork();
    const Ipv4Address sfcAddress =
        ip.Assign(link.Install(hosts.Get(2), hosts.Get(3))).GetAddress(1);
    auto sfc = CreateObject<SubFarmController>();
    sfc->SetAttribute("Policy", PointerValue(CreateObject<TokenAssignment>()));
    sfc->SetAttribute("BufferSize", UintegerValue(100000)); // 10 events
    sfc->SetAttribute("Trigger", AddressValue(InetSocketAddress(trigger, 9002)));
    sfc->SetAttribute("ThrottleOn", DoubleValue(throttleOn));
    sfc->SetAttribute("ThrottleOff", DoubleValue(throttleOn < 1 ? 0.2 : 1.0));
    hosts.Get(3)->AddApplication(sfc);
    for (uint32_t i = 0; i < 4; ++i)
    {
        ip.NewNetwork();
        const Ipv4Address node =
            ip.Assign(link.Install(hosts.Get(3), hosts.Get(4 + i))).GetAddress(1);
        auto app = CreateObject<FarmNode>();
        app->SetAttribute("Index", UintegerValue(i));
        app->SetAttribute("Controller", AddressValue(InetSocketAddress(sfcAddress, 9001)));
        app->SetAttribute("ProcessingTime",
                          StringValue("ns3::ConstantRandomVariable[Constant=0.01]"));
        app->SetAttribute("Credits", UintegerValue(1));
        hosts.Get(4 + i)->AddApplication(app);
        sfc->AddNode(InetSocketAddress(node, 9100));
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    auto source = CreateObject<FarmEventSource>();
    source->SetAttribute("Remote", AddressValue(InetSocketAddress(sfcAddress, 9000)));
    source->SetAttribute("Port", UintegerValue(9002));
    source->SetAttribute("InterArrival",
                         StringValue("ns3::ConstantRandomVariable[Constant=0.001]"));
    source->SetAttribute("EventSize", StringValue("ns3::ConstantRandomVariable[Constant=10000]"));
    source->SetAttribute("MaxEvents", UintegerValue(2000));
    for (uint32_t r = 0; r < 2; ++r)
    {
        auto unit = CreateObject<FarmReadoutUnit>();
        hosts.Get(r)->AddApplication(unit);
        source->AddReadoutUnit(unit);
    }
    source->SetStartTime(MilliSeconds(1));
    hosts.Get(0)->AddApplication(source);
    Simulator::Stop(Seconds(3));
    Simulator::Run();
    std::cout << "throttle on above " << throttleOn << ": "
              << source->GetSent() + source->GetThrottled() << " triggers, " << source->GetSent()
              << " read out, " << source->GetThrottled() << " throttled, " << sfc->GetDropped()
              << " dropped, " << sfc->GetDecided() << " decided\n";
    Simulator::Destroy();
}

} // namespace

int
main()
{
    Run(0.5);
    Run(1.0);
    return 0;
}
