#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""A trigger, two read-out units and a sub-farm controller whose four PCs cannot keep up,
from Python - once with the SFC throttling the trigger, once without.

    unit 0 (trigger) --+                 +-- node 0
                       +-- router -- SFC +-- node 1 ...      (point-to-point, 1 Gb/s)
    unit 1 ------------+                 +-- node 3

1,000 triggers a second for 2 s, events of 10 kB, each unit sending half of every event;
tokens (one credit a node), 10 ms of processing: the farm finishes 400 events a second.
With the throttle the rest of the triggers are dead time; without it they are dropped at
the SFC. Prints the same lines as its C++ twin, farm-throttle.cc.

Run:  .venv/bin/python examples/farm-throttle.py
"""

import hybridnet

ns = hybridnet.ns  # ns-3 and hybridnet, loaded through cppyy


def run(throttle_on: float) -> None:
    hosts = ns.NodeContainer(8)  # 0, 1 units (the trigger on 0), 2 router, 3 SFC, 4-7 nodes
    ns.InternetStackHelper().Install(hosts)
    link = ns.PointToPointHelper()
    link.SetDeviceAttribute("DataRate", ns.StringValue("1Gbps"))
    link.SetChannelAttribute("Delay", ns.StringValue("10us"))
    ip = ns.Ipv4AddressHelper("10.0.0.0", "255.255.255.0")
    trigger = ip.Assign(link.Install(hosts.Get(0), hosts.Get(2))).GetAddress(0)
    ip.NewNetwork()
    ip.Assign(link.Install(hosts.Get(1), hosts.Get(2)))
    ip.NewNetwork()
    sfc_address = ip.Assign(link.Install(hosts.Get(2), hosts.Get(3))).GetAddress(1)
    sfc = ns.CreateObject[ns.hybridnet.SubFarmController]()
    sfc.SetAttribute("Policy", ns.PointerValue(ns.CreateObject[ns.hybridnet.TokenAssignment]()))
    sfc.SetAttribute("BufferSize", ns.UintegerValue(100000))  # 10 events
    sfc.SetAttribute("Trigger", ns.AddressValue(ns.InetSocketAddress(trigger, 9002).ConvertTo()))
    sfc.SetAttribute("ThrottleOn", ns.DoubleValue(throttle_on))
    sfc.SetAttribute("ThrottleOff", ns.DoubleValue(0.2 if throttle_on < 1 else 1.0))
    hosts.Get(3).AddApplication(sfc)
    controller = ns.InetSocketAddress(sfc_address, 9001).ConvertTo()
    for i in range(4):
        ip.NewNetwork()
        node = ip.Assign(link.Install(hosts.Get(3), hosts.Get(4 + i))).GetAddress(1)
        app = ns.CreateObject[ns.hybridnet.FarmNode]()
        app.SetAttribute("Index", ns.UintegerValue(i))
        app.SetAttribute("Controller", ns.AddressValue(controller))
        app.SetAttribute(
            "ProcessingTime", ns.StringValue("ns3::ConstantRandomVariable[Constant=0.01]")
        )
        app.SetAttribute("Credits", ns.UintegerValue(1))
        hosts.Get(4 + i).AddApplication(app)
        sfc.AddNode(ns.InetSocketAddress(node, 9100).ConvertTo())
    ns.Ipv4GlobalRoutingHelper.PopulateRoutingTables()
    source = ns.CreateObject[ns.hybridnet.FarmEventSource]()
    source.SetAttribute(
        "Remote", ns.AddressValue(ns.InetSocketAddress(sfc_address, 9000).ConvertTo())
    )
    source.SetAttribute("Port", ns.UintegerValue(9002))
    source.SetAttribute(
        "InterArrival", ns.StringValue("ns3::ConstantRandomVariable[Constant=0.001]")
    )
    source.SetAttribute("EventSize", ns.StringValue("ns3::ConstantRandomVariable[Constant=10000]"))
    source.SetAttribute("MaxEvents", ns.UintegerValue(2000))
    for r in range(2):
        unit = ns.CreateObject[ns.hybridnet.FarmReadoutUnit]()
        hosts.Get(r).AddApplication(unit)
        source.AddReadoutUnit(unit)
    source.SetStartTime(ns.MilliSeconds(1))
    hosts.Get(0).AddApplication(source)
    ns.Simulator.Stop(ns.Seconds(3))
    ns.Simulator.Run()
    sent = source.GetSent()
    throttled = source.GetThrottled()
    print(
        f"throttle on above {throttle_on:g}: {sent + throttled} triggers, {sent} read out, "
        f"{throttled} throttled, {sfc.GetDropped()} dropped, {sfc.GetDecided()} decided"
    )
    ns.Simulator.Destroy()


def main() -> None:
    run(0.5)
    run(1.0)


if __name__ == "__main__":
    main()
