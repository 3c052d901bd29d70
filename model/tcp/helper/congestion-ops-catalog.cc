/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "congestion-ops-catalog.h"

#include "ns3/tcp-congestion-ops.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

CongestionOpsCatalog::CongestionOpsCatalog()
{
    const TypeId base = TcpCongestionOps::GetTypeId();
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        TypeId tid = TypeId::GetRegistered(i);
        if (tid != base && tid.IsChildOf(base) && tid.HasConstructor())
        {
            const std::string name = tid.GetName();
            const size_t colon = name.rfind("::");
            m_entries.push_back({colon == std::string::npos ? name : name.substr(colon + 2), tid});
        }
    }
    std::sort(m_entries.begin(), m_entries.end(), [](const Entry& a, const Entry& b) {
        return a.shortName != b.shortName ? a.shortName < b.shortName
                                          : a.tid.GetName() < b.tid.GetName();
    });
}

const std::vector<CongestionOpsCatalog::Entry>&
CongestionOpsCatalog::GetEntries() const
{
    return m_entries;
}

std::string
CongestionOpsCatalog::GetShortNames() const
{
    std::string names;
    for (const auto& entry : m_entries)
    {
        names += (names.empty() ? "" : ", ") + entry.shortName;
    }
    return names;
}

std::vector<TypeId>
CongestionOpsCatalog::Find(const std::string& name) const
{
    std::vector<TypeId> found;
    for (const auto& entry : m_entries)
    {
        if (entry.tid.GetName() == name)
        {
            return {entry.tid};
        }
        if (entry.shortName == name)
        {
            found.push_back(entry.tid);
        }
    }
    return found;
}

} // namespace hybridnet
} // namespace ns3
