/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_IPERF_TRANSFER_H
#define HYBRIDNET_IPERF_TRANSFER_H

#include "hybridnet/iperf-server.h"

#include "ns3/ipv4-address.h"
#include "ns3/node.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <optional>

namespace ns3
{
namespace hybridnet
{

/**
 * An iperf TCP test as the studies ran it: `iperf -s` (IperfServer) on the receiver and
 * `iperf -c` on the sender - a BulkSend on ns3::TcpSocketFactory writing @p writeSize bytes
 * at a time (iperf -l) from @p start to @p stop (iperf -t).  The server is installed first,
 * then the sender.
 *
 * @param sender the client's host
 * @param receiver the server's host
 * @param address where the client connects (an address of @p receiver)
 * @param port the server's port (iperf's is 5001)
 * @param writeSize bytes per application write
 * @param start when the client starts
 * @param stop when it stops writing
 * @param interval the server's report interval (iperf -i); nothing: IperfServer's default
 * @return the server, whose reports hold the test's result
 */
Ptr<IperfServer> InstallIperfTransfer(Ptr<Node> sender,
                                      Ptr<Node> receiver,
                                      Ipv4Address address,
                                      uint16_t port,
                                      uint32_t writeSize,
                                      Time start,
                                      Time stop,
                                      std::optional<Time> interval = std::nullopt);

/**
 * @param server an IperfServer
 * @return iperf's goodput of its first connection, Mb/s (0 if nothing connected)
 */
double IperfGoodput(Ptr<IperfServer> server);

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_IPERF_TRANSFER_H
