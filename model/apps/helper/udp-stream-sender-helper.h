/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_UDP_STREAM_SENDER_HELPER_H
#define HYBRIDNET_UDP_STREAM_SENDER_HELPER_H

#include "ns3/address.h"
#include "ns3/application-helper.h"

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Installs UdpStreamSenders (the sending side of netperf UDP_STREAM), as
 * BulkSendHelper installs BulkSendApplications:
 *
 *     UdpStreamSenderHelper sender(InetSocketAddress(serverAddress, 5001));
 *     sender.SetAttribute("MessageSize", UintegerValue(1472));   // netperf -m
 *     sender.SetAttribute("SendBuffer", UintegerValue(65536));   // netperf -s
 *     ApplicationContainer apps = sender.Install(clientNode);
 *
 * The receiving side is ns-3's PacketSink with ns3::UdpSocketFactory.
 */
class UdpStreamSenderHelper : public ApplicationHelper
{
  public:
    /** @param remote destination address and port of the datagrams */
    explicit UdpStreamSenderHelper(const Address& remote);
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_UDP_STREAM_SENDER_HELPER_H
