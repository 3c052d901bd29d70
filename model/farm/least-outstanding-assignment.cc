/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "least-outstanding-assignment.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetLeastOutstandingAssignment");
NS_OBJECT_ENSURE_REGISTERED(LeastOutstandingAssignment);

TypeId
LeastOutstandingAssignment::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::LeastOutstandingAssignment")
                            .SetParent<FarmAssignmentPolicy>()
                            .SetGroupName("Hybridnet")
                            .AddConstructor<LeastOutstandingAssignment>();
    return tid;
}

void
LeastOutstandingAssignment::SetNodes(uint32_t nodes)
{
    NS_ABORT_MSG_IF(nodes == 0, "LeastOutstandingAssignment: a farm has at least one node");
    m_outstanding.assign(nodes, 0);
    m_last = nodes - 1;
}

std::optional<uint32_t>
LeastOutstandingAssignment::Choose()
{
    const auto n = uint32_t(m_outstanding.size());
    uint32_t best = (m_last + 1) % n;
    for (uint32_t k = 1; k < n; ++k) // (1): from the one after the last, the first minimum
    {
        const uint32_t i = (m_last + 1 + k) % n;
        best = m_outstanding[i] < m_outstanding[best] ? i : best;
    }
    return best;
}

void
LeastOutstandingAssignment::Assigned(uint32_t node)
{
    ++m_outstanding.at(node);
    m_last = node;
}

void
LeastOutstandingAssignment::DecisionArrived(uint32_t node)
{
    NS_ABORT_MSG_IF(node >= m_outstanding.size() || m_outstanding[node] == 0,
                    "LeastOutstandingAssignment: a decision from node "
                        << node << " with none outstanding");
    --m_outstanding[node];
}

} // namespace hybridnet
} // namespace ns3
