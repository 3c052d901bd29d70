/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "farm-assignment-policy.h"

#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetFarmAssignmentPolicy");
NS_OBJECT_ENSURE_REGISTERED(FarmAssignmentPolicy);

TypeId
FarmAssignmentPolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::FarmAssignmentPolicy")
                            .SetParent<Object>()
                            .SetGroupName("Hybridnet");
    return tid;
}

FarmAssignmentPolicy::~FarmAssignmentPolicy() = default;

void
FarmAssignmentPolicy::Assigned(uint32_t /* node */)
{
}

void
FarmAssignmentPolicy::TokenArrived(uint32_t /* node */)
{
}

void
FarmAssignmentPolicy::DecisionArrived(uint32_t /* node */)
{
}

bool
FarmAssignmentPolicy::NeedsTokens() const
{
    return false;
}

} // namespace hybridnet
} // namespace ns3
