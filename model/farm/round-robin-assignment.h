/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_ROUND_ROBIN_ASSIGNMENT_H
#define HYBRIDNET_ROUND_ROBIN_ASSIGNMENT_H

#include "farm-assignment-policy.h"

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Events to the nodes in turn, whatever their state: the study's round robin, in
 * which the SFC does not know whether a node is ready.
 *
 *     (1) event k goes to node k mod n
 *
 * Every event is assigned at once (the SFC never holds one back), so a node receives every
 * n-th arrival: from a Poisson stream of rate lambda, Erlang-n arrivals of rate lambda / n
 * (the E_n/M/1 queue of FarmNode with exponential service); a node slower than lambda / n
 * queues without bound and, with a bounded queue, loses.
 */
class RoundRobinAssignment : public FarmAssignmentPolicy
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

  private:
    uint32_t m_nodes{1}; //!< n
    uint32_t m_next{0};  //!< the node of the next event
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_ROUND_ROBIN_ASSIGNMENT_H
