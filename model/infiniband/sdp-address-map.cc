/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sdp-address-map.h"

#include "sdp-socket-factory.h"

#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("SdpAddressMap");
NS_OBJECT_ENSURE_REGISTERED(SdpAddressMap);

TypeId
SdpAddressMap::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::SdpAddressMap")
                            .SetParent<Object>()
                            .SetGroupName("Hybridnet")
                            .AddConstructor<SdpAddressMap>();
    return tid;
}

SdpAddressMap::SdpAddressMap() = default;
SdpAddressMap::~SdpAddressMap() = default;

void
SdpAddressMap::Add(Ipv4Address address, Ptr<SdpSocketFactory> sdp)
{
    NS_LOG_FUNCTION(this << address);
    m_owners[address] = sdp;
}

Ptr<SdpSocketFactory>
SdpAddressMap::Lookup(Ipv4Address address) const
{
    auto it = m_owners.find(address);
    return it == m_owners.end() ? nullptr : it->second;
}

void
SdpAddressMap::DoDispose()
{
    m_owners.clear();
    Object::DoDispose();
}

} // namespace hybridnet
} // namespace ns3
