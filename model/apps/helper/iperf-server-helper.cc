/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "iperf-server-helper.h"

#include "ns3/inet-socket-address.h"
#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetIperfServerHelper");

IperfServerHelper::IperfServerHelper(uint16_t port)
    : ApplicationHelper("ns3::hybridnet::IperfServer")
{
    SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), port)));
}

} // namespace hybridnet
} // namespace ns3
