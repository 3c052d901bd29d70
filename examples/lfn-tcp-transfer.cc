/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * lfn-tcp-transfer: hybridnet's TCP for long fat networks on one 100 Mb/s, 100 ms RTT
 * link, with a Linux-2.6-faithful HighSpeed TCP, and its Web100-style log.
 *
 *     n0 (BulkSend, 20 MB) ====== 100 Mb/s, 50 ms ====== n1 (PacketSink)
 *
 * LfnTcpHelper selects LfnTcpSocket on both nodes (before the internet stack); the
 * congestion control is TcpL4Protocol's SocketType, as for ns-3's own TCP. The sender's
 * socket is sampled every 0.5 s by LfnTcpStatsLog; the program prints the CSV and then
 * the goodput. Its Python twin, lfn-tcp-transfer.py, prints the same lines.
 *
 * Run:  build/bin/lfn-tcp-transfer
 */
#include "hybridnet/congestion-module.h"
#include "hybridnet/tcp-module.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"

#include <iostream>
#include <memory>
#include <sstream>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{
std::unique_ptr<LfnTcpStatsLog> g_log; //!< the sender's log, started once it exists
std::ostringstream g_csv;              //!< what the log writes

void
StartLog(Ptr<Application> app)
{
    Ptr<LfnTcpSocket> socket =
        DynamicCast<LfnTcpSocket>(DynamicCast<BulkSendApplication>(app)->GetSocket());
    g_log = std::make_unique<LfnTcpStatsLog>(socket, g_csv, Seconds(0.5));
    g_log->Start();
}
} // namespace

int
main(int argc, char* argv[])
{
    CommandLine cmd(__FILE__);
    cmd.Parse(argc, argv);
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(4000000));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(4000000));

    NodeContainer nodes(2);
    LfnTcpHelper lfn;
    lfn.SetTcpAttribute("SocketType", TypeIdValue(TcpHighSpeedLinux::GetTypeId()));
    lfn.Install(nodes);
    InternetStackHelper().Install(nodes);
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
    link.SetChannelAttribute("Delay", StringValue("50ms"));
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(link.Install(nodes));

    PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), 5001));
    Ptr<PacketSink> sink = DynamicCast<PacketSink>(sinkHelper.Install(nodes.Get(1)).Get(0));
    BulkSendHelper sender("ns3::TcpSocketFactory",
                          InetSocketAddress(interfaces.GetAddress(1), 5001));
    sender.SetAttribute("MaxBytes", UintegerValue(20000000));
    ApplicationContainer app = sender.Install(nodes.Get(0));
    app.Start(Seconds(0));
    Simulator::Schedule(NanoSeconds(1), &StartLog, app.Get(0));
    Simulator::Stop(Seconds(5));
    Simulator::Run();
    g_log.reset();
    std::cout << g_csv.str();
    std::cout << "received " << sink->GetTotalRx()
              << " B in 5 s = " << sink->GetTotalRx() * 8.0 / 5 / 1e6 << " Mb/s" << std::endl;
    Simulator::Destroy();
    return 0;
}
