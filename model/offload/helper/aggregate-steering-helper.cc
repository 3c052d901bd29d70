/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "aggregate-steering-helper.h"

#include "hybridnet/aggregate-steering.h"

#include "ns3/abort.h"
#include "ns3/ipv4-list-routing.h"
#include "ns3/ipv4.h"
#include "ns3/node.h"

namespace ns3
{
namespace hybridnet
{

AggregateSteeringHelper::AggregateSteeringHelper()
{
    m_factory.SetTypeId(AggregateSteering::GetTypeId());
}

void
AggregateSteeringHelper::SetAttribute(std::string name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

Ptr<AggregateSteering>
AggregateSteeringHelper::Install(Ptr<Node> node) const
{
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    NS_ABORT_MSG_UNLESS(ipv4,
                        "AggregateSteeringHelper: node " << node->GetId()
                                                         << " has no internet stack");
    Ptr<Ipv4ListRouting> list = DynamicCast<Ipv4ListRouting>(ipv4->GetRoutingProtocol());
    NS_ABORT_MSG_UNLESS(list,
                        "AggregateSteeringHelper: the routing of node "
                            << node->GetId() << " is not an Ipv4ListRouting");
    for (uint32_t i = 0; i < list->GetNRoutingProtocols(); ++i)
    {
        int16_t priority = 0;
        NS_ABORT_MSG_IF(DynamicCast<AggregateSteering>(list->GetRoutingProtocol(i, priority)),
                        "AggregateSteeringHelper: node " << node->GetId()
                                                         << " has an AggregateSteering already");
    }
    Ptr<AggregateSteering> steering = m_factory.Create<AggregateSteering>();
    list->AddRoutingProtocol(steering, 100);
    return steering;
}

} // namespace hybridnet
} // namespace ns3
