/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_FARM_ASSIGNMENT_POLICY_H
#define HYBRIDNET_FARM_ASSIGNMENT_POLICY_H

#include "ns3/object.h"

#include <cstdint>
#include <optional>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief How a sub-farm controller chooses the farm node for its next event: the decision
 * rule alone, fed with what the SFC learns (its own assignments, the nodes' tokens and
 * decisions).
 *
 * The SFC keeps its events in arrival order and asks Choose() for the oldest; an empty
 * answer leaves it (and those behind it) waiting in the SFC's buffer until the next token
 * or decision, when the SFC asks again. Subclasses: RoundRobinAssignment,
 * TokenAssignment, LeastOutstandingAssignment.
 */
class FarmAssignmentPolicy : public Object
{
  public:
    /**
     * Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    ~FarmAssignmentPolicy() override;

    /**
     * Set the farm's size before the first event; nodes are 0 to @p nodes - 1.
     * @param nodes the node count, at least 1
     */
    virtual void SetNodes(uint32_t nodes) = 0;
    /** @return the node for the oldest waiting event, or none: it waits */
    virtual std::optional<uint32_t> Choose() = 0;
    /** @param node the node the last Choose() named has been sent the event */
    virtual void Assigned(uint32_t node);
    /** @param node a node's token has arrived */
    virtual void TokenArrived(uint32_t node);
    /** @param node a node's decision on one of its events has arrived */
    virtual void DecisionArrived(uint32_t node);
    /** @return whether the nodes must send tokens for this rule to assign anything */
    virtual bool NeedsTokens() const;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_FARM_ASSIGNMENT_POLICY_H
