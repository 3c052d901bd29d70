/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_ATTRIBUTE_DEFAULT_H
#define HYBRIDNET_ATTRIBUTE_DEFAULT_H

#include "ns3/abort.h"
#include "ns3/type-id.h"

#include <string>

namespace ns3
{
namespace hybridnet
{

/**
 * @param tid the class
 * @param name one of its attributes (or of its parents)
 * @return its default as the attribute serializes it ("256", "FreeRunning", "+1e+09ns"), as an
 * object created now gets it: NS_ATTRIBUTE_DEFAULT's value for it if that names it
 */
std::string AttributeDefaultText(TypeId tid, const std::string& name);

/**
 * @brief The default (initial value) of a model attribute, so that a flag or a file whose
 * default is the model's reads it from the attribute instead of writing it again.
 *
 *     uint32_t rings = AttributeDefault<UintegerValue>(NicNetDevice::GetTypeId(),
 * "RxRingSize").Get();
 *
 * @tparam V the attribute's value class (UintegerValue, TimeValue, ...)
 * @param tid the class
 * @param name one of its attributes (or of its parents)
 * @return the default (NS_ATTRIBUTE_DEFAULT's if it names the attribute, as for an object
 *         created now); aborts if there is no such attribute or its value is not a V (a bug
 *         in the caller, not bad input)
 */
template <typename V>
V
AttributeDefault(TypeId tid, const std::string& name)
{
    TypeId::AttributeInformation info;
    NS_ABORT_MSG_UNLESS(tid.LookupAttributeByName(name, &info),
                        tid.GetName() << " has no attribute " << name);
    auto value = DynamicCast<const V>(info.initialValue);
    NS_ABORT_MSG_UNLESS(value, tid.GetName() << "::" << name << " is not a " << typeid(V).name());
    V result = *value;
    const std::string text = AttributeDefaultText(tid, name);
    NS_ABORT_MSG_UNLESS(result.DeserializeFromString(text, info.checker),
                        "NS_ATTRIBUTE_DEFAULT: " << tid.GetName() << "::" << name << "=" << text);
    return result;
}

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_ATTRIBUTE_DEFAULT_H
