/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "offload-model.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <array>
#include <utility>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetOffloadModel");

namespace
{

/** Every model with its name, in the order the accepted names are listed. */
constexpr std::array<std::pair<OffloadModel::Kind, const char*>, 3> kNames{{
    {OffloadModel::Kind::HOST, "host"},
    {OffloadModel::Kind::SWITCH, "switch"},
    {OffloadModel::Kind::SHARED_NIC, "shared-nic"},
}};

} // namespace

OffloadModel::OffloadModel(Kind kind)
    : m_kind(kind)
{
}

OffloadModel::Kind
OffloadModel::GetKind() const
{
    return m_kind;
}

std::string
OffloadModel::GetName() const
{
    for (const auto& [kind, name] : kNames)
    {
        if (kind == m_kind)
        {
            return name;
        }
    }
    NS_ABORT_MSG("OffloadModel: no name for model " << static_cast<int>(m_kind));
    return "";
}

std::optional<OffloadModel>
OffloadModel::FromName(const std::string& name)
{
    for (const auto& [kind, known] : kNames)
    {
        if (name == known)
        {
            return OffloadModel(kind);
        }
    }
    return std::nullopt;
}

std::string
OffloadModel::AcceptedNames()
{
    std::string names;
    for (const auto& [kind, name] : kNames)
    {
        names += (names.empty() ? "" : ", ") + std::string(name);
    }
    return names;
}

std::string
OffloadModel::UnknownNameMessage(const std::string& setting, const std::string& name)
{
    return setting + ": unknown offload model '" + name + "' (accepted: " + AcceptedNames() + ")";
}

OffloadModel
OffloadModel::Parse(const std::string& setting, const std::string& name)
{
    const std::optional<OffloadModel> model = FromName(name);
    NS_ABORT_MSG_UNLESS(model, UnknownNameMessage(setting, name));
    return *model;
}

bool
OffloadModel::operator==(const OffloadModel& other) const
{
    return m_kind == other.m_kind;
}

} // namespace hybridnet
} // namespace ns3
