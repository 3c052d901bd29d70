/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "host-profile.h"

#include "hybridnet/adaptive-rx-coalescing.h"
#include "hybridnet/disk-array-helper.h"
#include "hybridnet/host-bus.h"
#include "hybridnet/host-cpu.h"
#include "hybridnet/interrupt-moderator.h"
#include "hybridnet/lfn-tcp-helper.h"
#include "hybridnet/lfn-tcp-socket.h"
#include "hybridnet/loopback-helper.h"
#include "hybridnet/memory-bus.h"
#include "hybridnet/nic-helper.h"
#include "hybridnet/nic-net-device.h"
#include "hybridnet/offload-engine.h"
#include "hybridnet/quantity.h"
#include "json-input.h"
#include "message-text.h"

#include "ns3/log.h"
#include "ns3/pfifo-fast-queue-disc.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetHostProfile");

namespace
{

using namespace json_input;

/** The sections of a profile and the class whose attributes each sets, in file order. */
const std::vector<std::pair<std::string, TypeId (*)()>> kSections = {
    {"cpu", &HostCpu::GetTypeId},
    {"bus", &HostBus::GetTypeId},
    {"memory", &MemoryBus::GetTypeId},
    {"nic", &NicNetDevice::GetTypeId},
    {"moderator", &InterruptModerator::GetTypeId},
    {"coalescing", &AdaptiveRxCoalescing::GetTypeId},
    {"engine", &OffloadEngine::GetTypeId},
    {"kernel", &LfnTcpSocket::GetTypeId},
    {"qdisc", &PfifoFastQueueDisc::GetTypeId},
    {"disk", &DiskArray::GetTypeId},
    {"pagecache", &PageCache::GetTypeId},
};

/** @return the keys a profile file (with @p include) or a part may hold */
std::vector<std::string>
FileKeys(bool include)
{
    std::vector<std::string> keys{"description"};
    if (include)
    {
        keys.emplace_back("include");
    }
    for (const auto& section : kSections)
    {
        keys.push_back(section.first);
    }
    return keys;
}

/** @return the TypeId of @p section's class */
TypeId
SectionType(const std::string& section)
{
    for (const auto& [name, getTypeId] : kSections)
    {
        if (name == section)
        {
            return getTypeId();
        }
    }
    NS_ABORT_MSG("HostProfile: no section " << section);
}

/** @return every attribute name of @p tid and its parents, for the nearest-name hint */
std::vector<std::string>
AttributeNames(TypeId tid)
{
    std::vector<std::string> names;
    for (TypeId t = tid; t != t.GetParent(); t = t.GetParent())
    {
        for (size_t i = 0; i < t.GetAttributeN(); ++i)
        {
            names.push_back(t.GetAttribute(i).name);
        }
    }
    return names;
}

/** @return the names of the *.json files in @p folder, without the extension, sorted */
std::vector<std::string>
JsonFilesIn(const std::string& folder)
{
    std::vector<std::string> names;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(folder, error))
    {
        if (entry.is_regular_file() && entry.path().extension() == ".json")
        {
            names.push_back(entry.path().stem().string());
        }
    }
    std::sort(names.begin(), names.end());
    return names;
}

/** Read one setting `{ "value", "unit"?, "source" }` of attribute @p attribute. */
HostProfile::Setting
ReadSetting(const Json& j,
            const std::string& path,
            const std::string& section,
            const std::string& attribute)
{
    const TypeId tid = SectionType(section);
    TypeId::AttributeInformation info;
    if (!tid.LookupAttributeByName(attribute, &info))
    {
        Fail(path,
             tid.GetName() + " has no attribute " + message_text::Quote(attribute) +
                 " (did you mean '" + NearestWord(attribute, AttributeNames(tid)) + "'?)");
    }
    CheckObject(j, path, {"value", "unit", "source"});
    const Json& value = Required(j, path, "value", "the attribute's value");
    HostProfile::Setting s;
    s.section = section;
    s.attribute = attribute;
    s.text = value.is_string() ? value.get<std::string>() : value.dump();
    s.value = GetAttributeValue(value, Key(path, "value"), tid.GetName(), info);
    const Json* unit = Optional(j, "unit");
    if (value.is_number())
    {
        s.unit = GetString(Required(j, path, "unit", "the unit of the number"),
                           Key(path, "unit"),
                           "the unit of the number (Hz, cycles, bits, ...)");
    }
    else if (unit)
    {
        Fail(Key(path, "unit"),
             "only a number has a unit; " + message_text::Quote(s.text) + " has its own or none");
    }
    s.source = GetString(Required(j, path, "source", "where the value comes from"),
                         Key(path, "source"),
                         "where the value comes from");
    if (s.source.empty() || (value.is_number() && s.unit.empty()))
    {
        Fail(Key(path, s.source.empty() ? "source" : "unit"), "must not be empty");
    }
    return s;
}

/** Append the settings of the sections of @p doc, a profile or a part in @p file. */
void
ReadSections(const Json& doc, const std::string& file, std::vector<HostProfile::Setting>* settings)
{
    for (const auto& [section, getTypeId] : kSections)
    {
        const Json* attributes = Optional(doc, section);
        if (!attributes)
        {
            continue;
        }
        if (!attributes->is_object())
        {
            Fail(section, "expected an object of attribute settings, got " + Show(*attributes));
        }
        for (const auto& [attribute, j] : attributes->items())
        {
            settings->push_back(ReadSetting(j, Key(section, attribute), section, attribute));
            settings->back().file = file;
        }
    }
}

/** @return the description of @p doc, required and non-empty */
std::string
ReadDescription(const Json& doc)
{
    std::string text =
        GetString(Required(doc, "", "description", "one line: the machine and its study"),
                  "description",
                  "one line: the machine and its study");
    if (text.empty())
    {
        Fail("description", "must not be empty");
    }
    return text;
}

/** Run @p read, which reads @p file: its problems get the file's name in front. */
void
InFile(const std::string& file, const std::function<void()>& read)
{
    try
    {
        read();
    }
    catch (const InputFileError& e)
    {
        throw InputFileError(message_text::Shown(file, message_text::kMaxPath) + ": " + e.what());
    }
}

/** Read the parts a profile includes (host-profiles/parts/<name>.json). */
void
ReadParts(const Json& doc, std::vector<HostProfile::Setting>* settings)
{
    const Json* include = Optional(doc, "include");
    if (!include)
    {
        return;
    }
    if (!include->is_array())
    {
        Fail("include", "expected a list of part names, got " + Show(*include));
    }
    const std::string folder = HostProfile::GetDirectory() + "/parts";
    const std::vector<std::string> parts = JsonFilesIn(folder);
    for (size_t i = 0; i < include->size(); ++i)
    {
        const std::string name = GetString((*include)[i], Index("include", i), "a part name");
        if (std::find(parts.begin(), parts.end(), name) == parts.end())
        {
            Fail(Index("include", i),
                 "no part " + message_text::Quote(name) + "; parts: " + Join(parts));
        }
        const std::string file = folder + "/" + name + ".json";
        InFile(file, [&]() {
            const Json part = Parse(ReadFile(file, "host profile part"), "part");
            CheckObject(part, "", FileKeys(false), "part");
            ReadDescription(part);
            ReadSections(part, file, settings);
        });
    }
}

/** Refuse an attribute set twice (by the profile and a part, or by two parts). */
void
CheckOnce(const std::vector<HostProfile::Setting>& settings)
{
    std::map<std::string, const HostProfile::Setting*> seen;
    for (const auto& s : settings)
    {
        const std::string key = Key(s.section, s.attribute);
        auto [it, fresh] = seen.emplace(key, &s);
        if (!fresh)
        {
            Fail(key,
                 "set by both " + it->second->file + " and " + s.file + " (state each value once)");
        }
    }
}

/** @return true if @p text names a file rather than a bundled profile */
bool
IsPath(const std::string& text)
{
    return text.find('/') != std::string::npos ||
           (text.size() > 5 && text.compare(text.size() - 5, 5, ".json") == 0);
}

} // namespace

HostProfile
HostProfile::Load(const std::string& nameOrPath)
{
    std::string file = nameOrPath;
    if (!IsPath(nameOrPath))
    {
        const auto names = Names();
        if (std::find(names.begin(), names.end(), nameOrPath) == names.end())
        {
            throw InputFileError("no host profile " + message_text::Quote(nameOrPath) +
                                 "; bundled: " + Join(names) +
                                 "; or the path of a profile file (docs/testbed.md)");
        }
        file = GetDirectory() + "/" + nameOrPath + ".json";
    }
    HostProfile profile;
    profile.m_name = nameOrPath;
    InFile(file, [&]() {
        const Json doc = Parse(ReadFile(file, "host profile"), "profile");
        CheckObject(doc, "", FileKeys(true), "profile");
        profile.m_description = ReadDescription(doc);
        ReadParts(doc, &profile.m_settings);
        ReadSections(doc, file, &profile.m_settings);
        CheckOnce(profile.m_settings);
    });
    return profile;
}

std::vector<std::string>
HostProfile::Names()
{
    return JsonFilesIn(GetDirectory());
}

std::string
HostProfile::GetDirectory()
{
    return HYBRIDNET_HOST_PROFILE_DIR;
}

const std::string&
HostProfile::GetName() const
{
    return m_name;
}

const std::string&
HostProfile::GetDescription() const
{
    return m_description;
}

const std::vector<HostProfile::Setting>&
HostProfile::GetSettings() const
{
    return m_settings;
}

std::optional<std::string>
HostProfile::Find(const std::string& section, const std::string& attribute) const
{
    for (const auto& s : m_settings)
    {
        if (s.section == section && s.attribute == attribute)
        {
            TypeId::AttributeInformation info;
            SectionType(section).LookupAttributeByName(attribute, &info);
            return s.value->SerializeToString(info.checker);
        }
    }
    return std::nullopt;
}

void
HostProfile::Apply(NicHelper& helper) const
{
    for (const auto& s : m_settings)
    {
        if (s.section == "cpu")
        {
            helper.SetCpuAttribute(s.attribute, *s.value);
        }
        else if (s.section == "bus")
        {
            helper.SetBusAttribute(s.attribute, *s.value);
        }
        else if (s.section == "memory")
        {
            helper.SetMemoryBusAttribute(s.attribute, *s.value);
        }
        else if (s.section == "nic")
        {
            helper.SetDeviceAttribute(s.attribute, *s.value);
        }
        else if (s.section == "moderator")
        {
            helper.SetModeratorAttribute(s.attribute, *s.value);
        }
        else if (s.section == "engine")
        {
            helper.SetEngineAttribute(s.attribute, *s.value);
        }
        else if (s.section == "coalescing")
        {
            helper.SetCoalescingAttribute(s.attribute, *s.value);
        }
    }
}

bool
HostProfile::HasKernel() const
{
    return std::any_of(m_settings.begin(), m_settings.end(), [](const Setting& s) {
        return s.section == "kernel";
    });
}

void
HostProfile::ApplyKernel(LfnTcpHelper& helper, const std::set<std::string>& except) const
{
    for (const auto& s : m_settings)
    {
        if (s.section == "kernel" && except.count(s.attribute) == 0)
        {
            helper.SetSocketAttribute(s.attribute, *s.value);
        }
    }
}

bool
HostProfile::HasStorage() const
{
    return std::any_of(m_settings.begin(), m_settings.end(), [](const Setting& s) {
        return s.section == "disk";
    });
}

void
HostProfile::ApplyStorage(DiskArrayHelper& helper) const
{
    for (const auto& s : m_settings)
    {
        if (s.section == "disk")
        {
            helper.SetDiskArrayAttribute(s.attribute, *s.value);
        }
        else if (s.section == "pagecache")
        {
            helper.SetPageCacheAttribute(s.attribute, *s.value);
        }
    }
}

void
HostProfile::InstallQdisc(const NetDeviceContainer& devices) const
{
    TrafficControlHelper helper;
    helper.SetRootQueueDisc("ns3::PfifoFastQueueDisc");
    QueueDiscContainer qdiscs = helper.Install(devices);
    for (auto it = qdiscs.Begin(); it != qdiscs.End(); ++it)
    {
        for (const auto& s : m_settings)
        {
            if (s.section == "qdisc")
            {
                (*it)->SetAttribute(s.attribute, *s.value); // before the node initialises it
            }
        }
    }
}

void
HostProfile::ApplyLoopback(LoopbackHelper& helper) const
{
    uint64_t cycles = 0;
    bool named = false;
    for (const auto& s : m_settings)
    {
        if (s.section == "nic" &&
            (s.attribute == "RxFrameCycles" || s.attribute == "RxPacketCycles" ||
             s.attribute == "TxPacketCycles"))
        {
            cycles += DynamicCast<const UintegerValue>(s.value)->Get();
            named = true;
        }
    }
    if (named)
    {
        helper.SetDeviceAttribute("PacketCycles", UintegerValue(cycles));
    }
}

} // namespace hybridnet
} // namespace ns3
