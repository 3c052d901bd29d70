/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "token-assignment.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTokenAssignment");
NS_OBJECT_ENSURE_REGISTERED(TokenAssignment);

TypeId
TokenAssignment::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::TokenAssignment")
                            .SetParent<FarmAssignmentPolicy>()
                            .SetGroupName("Hybridnet")
                            .AddConstructor<TokenAssignment>();
    return tid;
}

void
TokenAssignment::SetNodes(uint32_t nodes)
{
    NS_ABORT_MSG_IF(nodes == 0, "TokenAssignment: a farm has at least one node");
    m_nodes = nodes;
    m_tokens.clear();
}

std::optional<uint32_t>
TokenAssignment::Choose()
{
    if (m_tokens.empty())
    {
        return std::nullopt;
    }
    return m_tokens.front(); // (1)
}

void
TokenAssignment::Assigned(uint32_t node)
{
    NS_ASSERT(!m_tokens.empty() && m_tokens.front() == node);
    m_tokens.pop_front();
}

void
TokenAssignment::TokenArrived(uint32_t node)
{
    NS_ABORT_MSG_IF(node >= m_nodes, "TokenAssignment: a token from node " << node);
    m_tokens.push_back(node);
}

bool
TokenAssignment::NeedsTokens() const
{
    return true;
}

} // namespace hybridnet
} // namespace ns3
