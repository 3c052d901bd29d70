/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ttl-expiry-helper.h"

#include "ns3/abort.h"
#include "ns3/ipv4-list-routing.h"
#include "ns3/ipv4.h"
#include "ns3/node.h"

namespace ns3
{
namespace hybridnet
{

TtlExpiryHelper::TtlExpiryHelper()
{
    m_factory.SetTypeId(TtlExpiry::GetTypeId());
}

void
TtlExpiryHelper::SetAttribute(std::string name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

Ptr<TtlExpiry>
TtlExpiryHelper::Install(Ptr<Node> node) const
{
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    NS_ABORT_MSG_UNLESS(ipv4, "TtlExpiryHelper: node " << node->GetId() << " has no IPv4");
    Ptr<Ipv4ListRouting> list = DynamicCast<Ipv4ListRouting>(ipv4->GetRoutingProtocol());
    NS_ABORT_MSG_UNLESS(list,
                        "TtlExpiryHelper: node " << node->GetId()
                                                 << "'s routing is not an Ipv4ListRouting");
    Ptr<TtlExpiry> expiry = m_factory.Create<TtlExpiry>();
    list->AddRoutingProtocol(expiry, kPriority);
    return expiry;
}

std::vector<Ptr<TtlExpiry>>
TtlExpiryHelper::Install(const NodeContainer& nodes) const
{
    std::vector<Ptr<TtlExpiry>> all;
    for (auto node = nodes.Begin(); node != nodes.End(); ++node)
    {
        all.push_back(Install(*node));
    }
    return all;
}

} // namespace hybridnet
} // namespace ns3
