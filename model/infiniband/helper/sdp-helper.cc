/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sdp-helper.h"

#include "hybridnet/infiniband-hca.h"
#include "hybridnet/infiniband-net-device.h"
#include "hybridnet/sdp-socket.h"

#include "ns3/abort.h"
#include "ns3/ipv4.h"
#include "ns3/node.h"

#include <vector>

namespace ns3
{
namespace hybridnet
{

SdpHelper::SdpHelper()
    : m_map(CreateObject<SdpAddressMap>())
{
    m_socket.SetTypeId(SdpSocket::GetTypeId());
}

void
SdpHelper::SetSocketAttribute(std::string name, const AttributeValue& value)
{
    m_socket.Set(name, value);
}

void
SdpHelper::SetPort(uint8_t port)
{
    NS_ABORT_MSG_IF(port != 1 && port != 2,
                    "SdpHelper port " << unsigned(port) << ": 1 or 2 (an HCA port)");
    m_port = port;
}

std::string
SdpHelper::Refusal(Ptr<Node> node) const
{
    const std::string who = "SdpHelper: node " + std::to_string(node->GetId());
    Ptr<InfinibandHca> hca = node->GetObject<InfinibandHca>();
    if (!hca)
    {
        return who + " has no InfinibandHca; SDP runs only over an InfiniBand HCA port";
    }
    if (!hca->GetPort(m_port))
    {
        return who + " HCA port " + std::to_string(m_port) +
               " is not InfiniBand (empty or Ethernet); SDP needs an InfiniBand port (1 or 2 "
               "with an InfinibandNetDevice)";
    }
    if (!node->GetObject<Ipv4>())
    {
        return who + " has no Ipv4; install an internet stack and assign addresses first";
    }
    return "";
}

Ptr<SdpAddressMap>
SdpHelper::Install(const NodeContainer& nodes)
{
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        Ptr<Node> node = *it;
        const std::string refusal = Refusal(node);
        NS_ABORT_MSG_IF(!refusal.empty(), refusal);
        Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
        std::vector<Ipv4Address> addresses;
        for (uint32_t i = 0; i < ipv4->GetNInterfaces(); ++i)
        {
            for (uint32_t j = 0; j < ipv4->GetNAddresses(i); ++j)
            {
                const Ipv4Address local = ipv4->GetAddress(i, j).GetLocal();
                if (!local.IsLocalhost())
                {
                    addresses.push_back(local);
                }
            }
        }
        Ptr<SdpSocketFactory> sdp = CreateObject<SdpSocketFactory>();
        sdp->Setup(node->GetObject<InfinibandHca>(), m_port, m_map, addresses);
        sdp->SetSocketFactory(m_socket);
        node->AggregateObject(sdp);
        for (const auto& a : addresses)
        {
            m_map->Add(a, sdp);
        }
    }
    return m_map;
}

} // namespace hybridnet
} // namespace ns3
