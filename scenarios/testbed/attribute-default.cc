/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "attribute-default.h"

#include "ns3/environment-variable.h"
#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetAttributeDefault");

std::string
AttributeDefaultText(TypeId tid, const std::string& name)
{
    TypeId::AttributeInformation info;
    NS_ABORT_MSG_UNLESS(tid.LookupAttributeByName(name, &info),
                        tid.GetName() << " has no attribute " << name);
    // as ObjectBase::ConstructSelf: the variable's value for this attribute comes first
    const auto [set, value] =
        EnvironmentVariable::Get("NS_ATTRIBUTE_DEFAULT", tid.GetName() + "::" + name);
    return set ? value : info.initialValue->SerializeToString(info.checker);
}

} // namespace hybridnet
} // namespace ns3
