/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "flow-steering-helper.h"

#include "hybridnet/flow-steering.h"

#include "ns3/abort.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/log.h"
#include "ns3/node.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetFlowSteeringHelper");

FlowSteeringHelper::FlowSteeringHelper()
{
    m_factory.SetTypeId("ns3::hybridnet::FlowSteering");
}

void
FlowSteeringHelper::SetAttribute(std::string name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

Ptr<FlowSteering>
FlowSteeringHelper::Install(Ptr<Node> node) const
{
    NS_LOG_FUNCTION(this << node);
    NS_ABORT_MSG_IF(!node->GetObject<Ipv4L3Protocol>(),
                    "FlowSteeringHelper::Install: node "
                        << node->GetId() << " has no internet stack (install it first)");
    NS_ABORT_MSG_IF(node->GetObject<FlowSteering>(),
                    "FlowSteeringHelper::Install: node " << node->GetId()
                                                         << " has a FlowSteering already");
    Ptr<FlowSteering> steering = m_factory.Create<FlowSteering>();
    node->AggregateObject(steering);
    return steering;
}

std::vector<Ptr<FlowSteering>>
FlowSteeringHelper::Install(NodeContainer nodes) const
{
    std::vector<Ptr<FlowSteering>> all;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        all.push_back(Install(*it));
    }
    return all;
}

} // namespace hybridnet
} // namespace ns3
