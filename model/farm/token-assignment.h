/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TOKEN_ASSIGNMENT_H
#define HYBRIDNET_TOKEN_ASSIGNMENT_H

#include "farm-assignment-policy.h"

#include <deque>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Control tokens, the study's alternative to round robin: a node that is ready
 * sends the SFC a token, and every event goes to the sender of a token.
 *
 *     (1) tokens wait in arrival order; an event takes the oldest, and without one it
 *         waits in the SFC until one comes
 *
 * A node holds out at most c tokens (FarmNode Credits): c at the start and one more each
 * time it finishes an event, so at most c of its events are queued or in service, and a
 * node with more capacity, finishing sooner, sends more tokens. With c = 1 and the
 * network's delays small against the processing times, the farm is one queue at the SFC
 * served by n nodes: with Poisson arrivals and exponential service, M/M/n (Erlang C). The
 * tokens are real datagrams over the same network as the events.
 */
class TokenAssignment : public FarmAssignmentPolicy
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
    void TokenArrived(uint32_t node) override;
    bool NeedsTokens() const override;

  private:
    uint32_t m_nodes{1};           //!< n
    std::deque<uint32_t> m_tokens; //!< the tokens held, oldest first
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TOKEN_ASSIGNMENT_H
