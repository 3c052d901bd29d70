/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_LEAST_OUTSTANDING_ASSIGNMENT_H
#define HYBRIDNET_LEAST_OUTSTANDING_ASSIGNMENT_H

#include "farm-assignment-policy.h"

#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Each event to the node with the fewest events outstanding - sent and not yet
 * decided, as the SFC counts them from its own assignments and the decisions that come
 * back (join the shortest queue, known to the SFC without tokens).
 *
 *     (1) o_i <- o_i + 1 when node i is sent an event, o_i <- o_i - 1 when its decision
 *         arrives; the next event goes to argmin o_i, the lowest index among equals
 *         after the last node chosen (so equal nodes take turns)
 *
 * It never holds an event back. Against tokens it needs no messages but the decisions the
 * farm sends anyway; against round robin it sees a slow or stalled node's queue grow.
 */
class LeastOutstandingAssignment : public FarmAssignmentPolicy
{
  public:
    /**
     * Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    void SetNodes(uint32_t nodes) override;
    std::optional<uint32_t> Choose() override;
    void Assigned(uint32_t node) override;
    void DecisionArrived(uint32_t node) override;

  private:
    std::vector<uint32_t> m_outstanding; //!< o_i
    uint32_t m_last{0};                  //!< the node chosen last
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_LEAST_OUTSTANDING_ASSIGNMENT_H
