/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_FLOW_STEERING_HELPER_H
#define HYBRIDNET_FLOW_STEERING_HELPER_H

#include "ns3/attribute.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

class FlowSteering;

/**
 * @brief Puts a FlowSteering on hosts that already have an internet stack.
 *
 *     FlowSteeringHelper steering;
 *     steering.SetAttribute("SettleTime", TimeValue(MicroSeconds(1500)));
 *     std::vector<Ptr<FlowSteering>> all = steering.Install(hosts);
 *     all[0]->Steer(key, circuitNicOfHost0, Ipv4Address("192.168.0.2"), MakeNullCallback<void>());
 *
 * Each FlowSteering is aggregated to its node (node->GetObject<FlowSteering>() finds it)
 * and from then on sits between the node's transports and IP.  Installing twice on a node
 * aborts.
 */
class FlowSteeringHelper
{
  public:
    FlowSteeringHelper();

    /** @param name attribute of FlowSteering @param value its value */
    void SetAttribute(std::string name, const AttributeValue& value);

    /**
     * @param node a host with an internet stack (Ipv4L3Protocol) and no FlowSteering
     * @return its FlowSteering
     */
    Ptr<FlowSteering> Install(Ptr<Node> node) const;

    /**
     * @param nodes hosts with an internet stack and no FlowSteering
     * @return their FlowSteerings, in the order of the nodes
     */
    std::vector<Ptr<FlowSteering>> Install(NodeContainer nodes) const;

  private:
    ObjectFactory m_factory; //!< FlowSteering
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_FLOW_STEERING_HELPER_H
