/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "udp-stream-sender-helper.h"

#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetUdpStreamSenderHelper");

UdpStreamSenderHelper::UdpStreamSenderHelper(const Address& remote)
    : ApplicationHelper("ns3::hybridnet::UdpStreamSender")
{
    SetAttribute("Remote", AddressValue(remote));
}

} // namespace hybridnet
} // namespace ns3
