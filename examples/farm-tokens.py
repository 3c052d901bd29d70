#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""An event-filter farm from Python: four PCs behind a sub-farm controller, one at half
speed, once with round robin and once with control tokens.

    source ---- SFC ---- node 0 (speed 0.5)
                    \\--- node 1, node 2, node 3 (speed 1)     (point-to-point, 1 Gb/s)

150 events a second, 10 kB each, for 4 s; 20 ms of processing at speed 1, queues of 5.
Prints each node's decided and lost events and the mean latency - the same lines as its
C++ twin, farm-tokens.cc. The latencies are summed by a small cppdef'd trace sink:
callbacks stay in C++, Python reads the sums after the run.

Run:  .venv/bin/python examples/farm-tokens.py
"""

import cppyy

import hybridnet

ns = hybridnet.ns  # ns-3 and hybridnet, loaded through cppyy

cppyy.cppdef("""
double hybridnet_example_latency_sum = 0;
uint64_t hybridnet_example_latency_count = 0;
void hybridnet_example_decided(uint32_t, uint64_t, ns3::Time latency, bool) {
    hybridnet_example_latency_sum += latency.GetSeconds();
    ++hybridnet_example_latency_count;
}
void hybridnet_example_connect(ns3::Ptr<ns3::hybridnet::SubFarmController> sfc) {
    hybridnet_example_latency_sum = 0;
    hybridnet_example_latency_count = 0;
    sfc->TraceConnectWithoutContext("Decided", ns3::MakeCallback(&hybridnet_example_decided));
}
""")


def run(policy: str) -> None:
    hosts = ns.NodeContainer(6)  # 0 source, 1 SFC, 2-5 nodes
    ns.InternetStackHelper().Install(hosts)
    link = ns.PointToPointHelper()
    link.SetDeviceAttribute("DataRate", ns.StringValue("1Gbps"))
    link.SetChannelAttribute("Delay", ns.StringValue("10us"))
    ip = ns.Ipv4AddressHelper("10.0.0.0", "255.255.255.0")
    sfc_address = ip.Assign(link.Install(hosts.Get(0), hosts.Get(1))).GetAddress(1)
    node_addresses = []
    for i in range(4):
        ip.NewNetwork()
        node_addresses.append(ip.Assign(link.Install(hosts.Get(1), hosts.Get(2 + i))).GetAddress(1))
    ns.Ipv4GlobalRoutingHelper.PopulateRoutingTables()

    tokens = policy == "ns3::hybridnet::TokenAssignment"
    factory = ns.ObjectFactory(policy)
    sfc = ns.CreateObject[ns.hybridnet.SubFarmController]()
    sfc.SetAttribute("Policy", ns.PointerValue(factory.Create()))
    cppyy.gbl.hybridnet_example_connect(sfc)
    hosts.Get(1).AddApplication(sfc)
    controller = ns.InetSocketAddress(sfc_address, 9001).ConvertTo()
    nodes = []
    for i in range(4):
        node = ns.CreateObject[ns.hybridnet.FarmNode]()
        node.SetAttribute("Index", ns.UintegerValue(i))
        node.SetAttribute("Controller", ns.AddressValue(controller))
        node.SetAttribute(
            "ProcessingTime", ns.StringValue("ns3::ConstantRandomVariable[Constant=0.02]")
        )
        node.SetAttribute("Speed", ns.DoubleValue(0.5 if i == 0 else 1.0))
        node.SetAttribute("QueueLimit", ns.UintegerValue(5))
        node.SetAttribute("Credits", ns.UintegerValue(2 if tokens else 0))
        hosts.Get(2 + i).AddApplication(node)
        sfc.AddNode(ns.InetSocketAddress(node_addresses[i], 9100).ConvertTo())
        nodes.append(node)
    source = ns.CreateObject[ns.hybridnet.FarmEventSource]()
    source.SetAttribute(
        "Remote", ns.AddressValue(ns.InetSocketAddress(sfc_address, 9000).ConvertTo())
    )
    source.SetAttribute(
        "InterArrival",
        ns.StringValue("ns3::ConstantRandomVariable[Constant=0.00666666666666666667]"),
    )
    source.SetAttribute("EventSize", ns.StringValue("ns3::ConstantRandomVariable[Constant=10000]"))
    source.SetAttribute("MaxEvents", ns.UintegerValue(600))
    source.SetStartTime(ns.MilliSeconds(1))
    hosts.Get(0).AddApplication(source)
    ns.Simulator.Stop(ns.Seconds(5))
    ns.Simulator.Run()

    latency = (
        1e3 * cppyy.gbl.hybridnet_example_latency_sum / cppyy.gbl.hybridnet_example_latency_count
    )
    print(
        f"{policy}: {source.GetSent()} events, {sfc.GetDecided()} decided, "
        f"mean latency {latency:.3f} ms"
    )
    for i, node in enumerate(nodes):
        print(f"  node {i}: {node.GetDecided()} decided, {node.GetLost()} lost")
    ns.Simulator.Destroy()


def main() -> None:
    run("ns3::hybridnet::RoundRobinAssignment")
    run("ns3::hybridnet::TokenAssignment")


if __name__ == "__main__":
    main()
