/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "iperf-server-helper.h"

#include "ns3/inet-socket-address.h"

namespace ns3
{
namespace hybridnet
{

IperfServerHelper::IperfServerHelper(uint16_t port)
    : ApplicationHelper("ns3::hybridnet::IperfServer")
{
    SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), port)));
}

} // namespace hybridnet
} // namespace ns3
