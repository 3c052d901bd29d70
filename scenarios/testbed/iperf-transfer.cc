/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "iperf-transfer.h"

#include "hybridnet/iperf-server-helper.h"

#include "ns3/bulk-send-helper.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetIperfTransfer");

Ptr<IperfServer>
InstallIperfTransfer(Ptr<Node> sender,
                     Ptr<Node> receiver,
                     Ipv4Address address,
                     uint16_t port,
                     uint32_t writeSize,
                     Time start,
                     Time stop,
                     std::optional<Time> interval)
{
    IperfServerHelper serverHelper(port);
    if (interval)
    {
        serverHelper.SetAttribute("Interval", TimeValue(*interval));
    }
    auto server = DynamicCast<IperfServer>(serverHelper.Install(receiver).Get(0));
    BulkSendHelper client("ns3::TcpSocketFactory", InetSocketAddress(address, port));
    client.SetAttribute("SendSize", UintegerValue(writeSize));
    ApplicationContainer app = client.Install(sender);
    app.Start(start);
    app.Stop(stop);
    return server;
}

double
IperfGoodput(Ptr<IperfServer> server)
{
    const auto reports = server->GetReports();
    return reports.empty() ? 0.0 : reports[0].GoodputBps() / 1e6;
}

} // namespace hybridnet
} // namespace ns3
