/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "round-robin-assignment.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetRoundRobinAssignment");
NS_OBJECT_ENSURE_REGISTERED(RoundRobinAssignment);

TypeId
RoundRobinAssignment::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::RoundRobinAssignment")
                            .SetParent<FarmAssignmentPolicy>()
                            .SetGroupName("Hybridnet")
                            .AddConstructor<RoundRobinAssignment>();
    return tid;
}

void
RoundRobinAssignment::SetNodes(uint32_t nodes)
{
    NS_ABORT_MSG_IF(nodes == 0, "RoundRobinAssignment: a farm has at least one node");
    m_nodes = nodes;
    m_next = 0;
}

std::optional<uint32_t>
RoundRobinAssignment::Choose()
{
    return m_next;
}

void
RoundRobinAssignment::Assigned(uint32_t node)
{
    m_next = (node + 1) % m_nodes; // (1)
}

} // namespace hybridnet
} // namespace ns3
