/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_AGGREGATE_STEERING_HELPER_H
#define HYBRIDNET_AGGREGATE_STEERING_HELPER_H

#include "ns3/attribute.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
{

class Node;

namespace hybridnet
{

class AggregateSteering;

/**
 * @brief Puts an AggregateSteering on a border node whose routing is an Ipv4ListRouting
 * (InternetStackHelper's default), above every protocol already there (priority 100).
 *
 *     AggregateSteeringHelper helper;
 *     helper.SetAttribute("SettleTime", TimeValue(MilliSeconds(10)));   // (5)
 *     Ptr<AggregateSteering> steering = helper.Install(borderA);
 *     uint32_t k = steering->AddAggregate("10.1.0.0", "255.255.0.0", "10.2.0.0", "255.255.0.0");
 *     steering->Steer(k, circuitPortOfA, Ipv4Address("192.168.0.2"), MakeNullCallback<void>());
 *
 * Installing twice on a node aborts.
 */
class AggregateSteeringHelper
{
  public:
    AggregateSteeringHelper();

    /** @param name attribute of AggregateSteering @param value its value */
    void SetAttribute(std::string name, const AttributeValue& value);

    /**
     * @param node a node with an internet stack whose routing is an Ipv4ListRouting
     * @return its AggregateSteering
     */
    Ptr<AggregateSteering> Install(Ptr<Node> node) const;

  private:
    ObjectFactory m_factory; //!< AggregateSteering
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_AGGREGATE_STEERING_HELPER_H
