/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * iperf between two hosts on one link, with hybridnet's IperfServer.
 *
 *     host0 (BulkSend) ---- 100 Mb/s, 1 ms ---- host1 (hybridnet IperfServer)
 *
 * Prints iperf's interval reports and total, as the server measures them (equations (1)
 * and (2) of IperfServer).  The Python twin is iperf-two-hosts.py.
 *
 * Run:  build/bin/iperf-two-hosts
 */
#include "hybridnet/apps-module.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"

#include <iomanip>
#include <iostream>

using namespace ns3;
using namespace ns3::hybridnet;

static void
PrintInterval(uint32_t connection, Time start, Time end, uint64_t bytes)
{
    std::cout << "connection " << connection << "  " << std::fixed << std::setprecision(1)
              << start.GetSeconds() << "-" << end.GetSeconds() << " s  " << std::setprecision(2)
              << 8.0 * bytes / (end - start).GetSeconds() / 1e6 << " Mb/s\n";
}

int
main()
{
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
    NodeContainer nodes(2);
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
    link.SetChannelAttribute("Delay", StringValue("1ms"));
    NetDeviceContainer devices = link.Install(nodes);
    InternetStackHelper().Install(nodes);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);

    IperfServerHelper serverHelper(5001);
    serverHelper.SetAttribute("Interval", TimeValue(Seconds(1)));
    auto server = DynamicCast<IperfServer>(serverHelper.Install(nodes.Get(1)).Get(0));
    server->TraceConnectWithoutContext("IntervalReport", MakeCallback(&PrintInterval));

    BulkSendHelper client("ns3::TcpSocketFactory",
                          InetSocketAddress(interfaces.GetAddress(1), 5001));
    ApplicationContainer clientApps = client.Install(nodes.Get(0));
    clientApps.Start(Seconds(0.5));
    clientApps.Stop(Seconds(5.5)); // iperf -t 5

    Simulator::Stop(Seconds(8));
    Simulator::Run();
    uint32_t i = 0;
    for (const auto& report : server->GetReports())
    {
        std::cout << "connection " << i++ << ": " << report.bytes << " B in "
                  << (report.end - report.start).GetSeconds()
                  << " s = " << report.GoodputBps() / 1e6 << " Mb/s\n";
    }
    Simulator::Destroy();
    return 0;
}
