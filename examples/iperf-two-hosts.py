#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""iperf between two hosts on one link, built from Python with hybridnet's IperfServer.

    host0 (BulkSend) ---- 100 Mb/s, 1 ms ---- host1 (hybridnet IperfServer)

Prints iperf's total goodput as the server measures it (equation (2) of IperfServer).
Trace sinks stay in C++: Python reads results after the run.  The C++ twin, which also
prints the interval reports, is iperf-two-hosts.cc.

Run:  .venv/bin/python examples/iperf-two-hosts.py
"""

import hybridnet

ns = hybridnet.ns  # ns-3 and hybridnet, loaded through cppyy


def main() -> None:
    ns.Config.SetDefault("ns3::TcpSocket::SegmentSize", ns.UintegerValue(1448))
    nodes = ns.NodeContainer(2)
    link = ns.PointToPointHelper()
    link.SetDeviceAttribute("DataRate", ns.StringValue("100Mbps"))
    link.SetChannelAttribute("Delay", ns.StringValue("1ms"))
    devices = link.Install(nodes)
    ns.InternetStackHelper().Install(nodes)
    addresses = ns.Ipv4AddressHelper()
    addresses.SetBase(ns.Ipv4Address("10.1.1.0"), ns.Ipv4Mask("255.255.255.0"))
    interfaces = addresses.Assign(devices)

    server_helper = ns.hybridnet.IperfServerHelper(5001)
    server_helper.SetAttribute("Interval", ns.TimeValue(ns.Seconds(1)))
    server_apps = server_helper.Install(nodes.Get(1))
    server = ns.DynamicCast[ns.hybridnet.IperfServer](server_apps.Get(0))

    remote = ns.InetSocketAddress(interfaces.GetAddress(1), 5001).ConvertTo()
    client = ns.BulkSendHelper("ns3::TcpSocketFactory", remote)
    client_apps = client.Install(nodes.Get(0))
    client_apps.Start(ns.Seconds(0.5))
    client_apps.Stop(ns.Seconds(5.5))  # iperf -t 5

    ns.Simulator.Stop(ns.Seconds(8))
    ns.Simulator.Run()
    for i, report in enumerate(server.GetReports()):
        seconds = (report.end - report.start).GetSeconds()
        print(
            f"connection {i}: {report.bytes} B in {seconds:.3f} s = "
            f"{report.GoodputBps() / 1e6:.2f} Mb/s"
        )
    ns.Simulator.Destroy()


if __name__ == "__main__":
    main()
