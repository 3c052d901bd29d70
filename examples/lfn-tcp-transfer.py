#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""hybridnet's TCP for long fat networks from Python: one 100 Mb/s, 100 ms RTT link, a
Linux-2.6-faithful HighSpeed TCP, and the sender's Web100-style log.

    n0 (BulkSend, 20 MB) ====== 100 Mb/s, 50 ms ====== n1 (PacketSink)

Prints the log (CSV, one row every 0.5 s) and the goodput - the same lines as its C++
twin, lfn-tcp-transfer.cc. The log is started from C++ (a small cppdef'd function):
callbacks stay in C++, Python reads the text after the run.

Run:  .venv/bin/python examples/lfn-tcp-transfer.py
"""

import cppyy

import hybridnet

ns = hybridnet.ns  # ns-3 and hybridnet, loaded through cppyy

cppyy.cppdef("""
#include <sstream>
std::ostringstream hybridnet_example_csv;
std::unique_ptr<ns3::hybridnet::LfnTcpStatsLog> hybridnet_example_log;
void hybridnet_example_start_log(ns3::Ptr<ns3::Application> app) {
    ns3::Simulator::Schedule(ns3::NanoSeconds(1), [app]() {
        auto socket = ns3::DynamicCast<ns3::hybridnet::LfnTcpSocket>(
            ns3::DynamicCast<ns3::BulkSendApplication>(app)->GetSocket());
        hybridnet_example_log = std::make_unique<ns3::hybridnet::LfnTcpStatsLog>(
            socket, hybridnet_example_csv, ns3::Seconds(0.5));
        hybridnet_example_log->Start();
    });
}
std::string hybridnet_example_stop_log() {
    hybridnet_example_log.reset();
    return hybridnet_example_csv.str();
}
""")


def main() -> None:
    ns.Config.SetDefault("ns3::TcpSocket::SegmentSize", ns.UintegerValue(1448))
    ns.Config.SetDefault("ns3::TcpSocket::SndBufSize", ns.UintegerValue(4000000))
    ns.Config.SetDefault("ns3::TcpSocket::RcvBufSize", ns.UintegerValue(4000000))

    nodes = ns.NodeContainer(2)
    lfn = ns.hybridnet.LfnTcpHelper()
    lfn.SetTcpAttribute("SocketType", ns.TypeIdValue(ns.hybridnet.TcpHighSpeedLinux.GetTypeId()))
    lfn.Install(nodes)
    ns.InternetStackHelper().Install(nodes)
    link = ns.PointToPointHelper()
    link.SetDeviceAttribute("DataRate", ns.StringValue("100Mbps"))
    link.SetChannelAttribute("Delay", ns.StringValue("50ms"))
    addresses = ns.Ipv4AddressHelper("10.1.1.0", "255.255.255.0")
    interfaces = addresses.Assign(link.Install(nodes))

    any_address = ns.InetSocketAddress(ns.Ipv4Address.GetAny(), 5001).ConvertTo()
    sink_app = ns.PacketSinkHelper("ns3::TcpSocketFactory", any_address).Install(nodes.Get(1))
    sink = ns.DynamicCast[ns.PacketSink](sink_app.Get(0))
    server = ns.InetSocketAddress(interfaces.GetAddress(1), 5001).ConvertTo()
    sender = ns.BulkSendHelper("ns3::TcpSocketFactory", server)
    sender.SetAttribute("MaxBytes", ns.UintegerValue(20000000))
    app = sender.Install(nodes.Get(0))
    app.Start(ns.Seconds(0))
    cppyy.gbl.hybridnet_example_start_log(app.Get(0))
    ns.Simulator.Stop(ns.Seconds(5))
    ns.Simulator.Run()
    print(str(cppyy.gbl.hybridnet_example_stop_log()), end="")
    total = sink.GetTotalRx()
    print(f"received {total} B in 5 s = {total * 8.0 / 5 / 1e6:g} Mb/s")
    ns.Simulator.Destroy()


if __name__ == "__main__":
    main()
