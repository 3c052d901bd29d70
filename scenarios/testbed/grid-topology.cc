/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "grid-topology.h"

#include "json-input.h"
#include "message-text.h"

#include "ns3/abort.h"
#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/type-id.h"

#include <algorithm>
#include <deque>

namespace ns3
{
namespace hybridnet
{

namespace
{

using namespace json_input;

const std::string kHostDevice = "ns3::hybridnet::EthernetNetDevice";
const std::string kHostChannel = "ns3::hybridnet::EthernetChannel";
const std::string kTrunkDevice = "ns3::PointToPointNetDevice";
const std::string kTrunkChannel = "ns3::PointToPointChannel";

/** @return the index of the router named at @p path */
uint32_t
GetRouter(const Json& j, const std::string& path, const GridTopology& t)
{
    const std::string name = GetString(j, path, "a router's name");
    const auto it = std::find(t.routers.begin(), t.routers.end(), name);
    if (it == t.routers.end())
    {
        Fail(path,
             message_text::Quote(name) + " is not a router (routers: " + Join(t.routers) + ")");
    }
    return uint32_t(it - t.routers.begin());
}

/** @return a non-empty array at @p key of @p doc */
const Json&
GetList(const Json& doc, const std::string& key, const std::string& what, size_t max)
{
    const Json& j = Required(doc, "", key, what);
    if (!j.is_array() || j.empty() || j.size() > max)
    {
        Fail(key, "must be a list of 1 to " + std::to_string(max) + " entries (" + what + ")");
    }
    return j;
}

/** Read "routers" into @p t. */
void
ParseRouters(const Json& doc, GridTopology& t)
{
    const Json& list = GetList(doc,
                               "routers",
                               "the backbone routers' names, e.g. [\"core\", \"cpu\"]",
                               GridTopology::kMaxRouters);
    for (size_t i = 0; i < list.size(); ++i)
    {
        t.routers.push_back(GetUniqueName(list[i], Index("routers", i), "routers", t.routers));
    }
}

/** Read trunk @p i at @p path into @p t. */
void
ParseTrunk(const Json& j, const std::string& path, GridTopology& t)
{
    CheckObject(j, path, {"between", "rate", "delay", "queuePackets"});
    const Json& between =
        Required(j, path, "between", "the two routers it joins, e.g. [\"core\", \"cpu\"]");
    const std::string at = Key(path, "between");
    if (!between.is_array() || between.size() != 2)
    {
        Fail(at, "must name two routers, e.g. [\"core\", \"cpu\"]");
    }
    GridTopology::Trunk trunk;
    trunk.a = GetRouter(between[0], Index(at, 0), t);
    trunk.b = GetRouter(between[1], Index(at, 1), t);
    if (trunk.a == trunk.b)
    {
        Fail(at, "joins router " + message_text::Quote(t.routers[trunk.a]) + " to itself");
    }
    for (size_t k = 0; k < t.trunks.size(); ++k)
    {
        const auto& o = t.trunks[k];
        if (std::minmax(o.a, o.b) == std::minmax(trunk.a, trunk.b))
        {
            Fail(at,
                 "the same routers as " + Index("trunks", k) +
                     " (aggregated links are one trunk of their summed rate)");
        }
    }
    trunk.rate = GetModelRate(j, path, "rate", "its rate each way, e.g. \"8Gbps\"", kTrunkDevice);
    GetModelTime(j, path, "delay", kTrunkChannel, "Delay", trunk.delay);
    if (const Json* q = Optional(j, "queuePackets"))
    {
        trunk.queuePackets =
            uint32_t(GetWhole(*q, Key(path, "queuePackets"), 1, GridTopology::kMaxQueuePackets));
    }
    t.trunks.push_back(trunk);
}

/** Read "trunks" into @p t; every router must be reachable from the first. */
void
ParseTrunks(const Json& doc, GridTopology& t)
{
    const Json* list = Optional(doc, "trunks");
    if (list && !list->is_array())
    {
        Fail("trunks", "must be a list of trunks");
    }
    for (size_t i = 0; list && i < list->size(); ++i)
    {
        ParseTrunk((*list)[i], Index("trunks", i), t);
    }
    for (uint32_t r = 1; r < t.routers.size(); ++r)
    {
        if (t.NextTrunk(r, 0) == t.trunks.size())
        {
            Fail(Index("routers", r),
                 message_text::Quote(t.routers[r]) + " has no path of trunks to " +
                     message_text::Quote(t.routers[0]));
        }
    }
}

/** Read group @p path into @p t. */
void
ParseGroup(const Json& j, const std::string& path, GridTopology& t)
{
    CheckObject(j,
                path,
                {"name",
                 "router",
                 "hosts",
                 "rate",
                 "hostsPerSwitch",
                 "uplinkRate",
                 "queuePackets",
                 "cableDelay"});
    GridTopology::Group g;
    g.name = GetUniqueName(Required(j, path, "name", "the group's name, e.g. \"cpu-gige\""),
                           Key(path, "name"),
                           "groups",
                           t.GetGroupNames());
    g.router = GetRouter(Required(j, path, "router", "the router its switches hang on"),
                         Key(path, "router"),
                         t);
    g.hosts = uint32_t(GetWhole(Required(j, path, "hosts", "how many hosts"),
                                Key(path, "hosts"),
                                1,
                                GridTopology::kMaxGroupHosts));
    g.rate = GetModelRate(j, path, "rate", "each host's link, e.g. \"1Gbps\"", kHostDevice);
    g.hostsPerSwitch =
        uint32_t(GetWhole(Required(j, path, "hostsPerSwitch", "hosts per edge switch"),
                          Key(path, "hostsPerSwitch"),
                          1,
                          GridTopology::kMaxHostsPerSwitch));
    g.uplinkRate = GetModelRate(j,
                                path,
                                "uplinkRate",
                                "each edge switch's link to its router, e.g. \"1Gbps\"",
                                kHostDevice);
    if (const Json* q = Optional(j, "queuePackets"))
    {
        g.queuePackets =
            uint32_t(GetWhole(*q, Key(path, "queuePackets"), 1, GridTopology::kMaxQueuePackets));
    }
    GetModelTime(j, path, "cableDelay", kHostChannel, "Delay", g.cableDelay);
    t.groups.push_back(g);
    if (t.GetSwitchCount() > GridTopology::kMaxSwitches)
    {
        Fail(Key(path, "hostsPerSwitch"),
             "the site would have " + std::to_string(t.GetSwitchCount()) +
                 " edge switches, more than " + std::to_string(GridTopology::kMaxSwitches) +
                 " (one /24 each in 10.1.0.0 to 10.200.255.0)");
    }
}

} // namespace

uint32_t
GridTopology::Group::GetSwitches() const
{
    return (hosts + hostsPerSwitch - 1) / hostsPerSwitch;
}

GridTopology
GridTopology::Parse(const std::string& jsonText)
{
    const Json doc = json_input::Parse(jsonText, "topology");
    CheckObject(doc, "", {"description", "routers", "trunks", "groups"}, "topology");
    GridTopology t;
    if (const Json* j = Optional(doc, "description"))
    {
        t.description = GetString(*j, "description", "free text");
    }
    ParseRouters(doc, t);
    ParseTrunks(doc, t);
    const Json& groups =
        GetList(doc, "groups", "the host groups, e.g. [{\"name\": \"cpu\", ...}]", 1024);
    for (size_t i = 0; i < groups.size(); ++i)
    {
        ParseGroup(groups[i], Index("groups", i), t);
    }
    return t;
}

GridTopology
GridTopology::Load(const std::string& path)
{
    const std::string text = ReadFile(path, "topology file");
    try
    {
        return Parse(text);
    }
    catch (const InputFileError& e)
    {
        throw InputFileError(message_text::Shown(path, message_text::kMaxPath) + ": " + e.what());
    }
}

size_t
GridTopology::FindGroup(const std::string& name) const
{
    const auto it = std::find_if(groups.begin(), groups.end(), [&name](const Group& g) {
        return g.name == name;
    });
    return size_t(it - groups.begin());
}

std::vector<std::string>
GridTopology::GetGroupNames() const
{
    std::vector<std::string> names;
    for (const Group& g : groups)
    {
        names.push_back(g.name);
    }
    return names;
}

uint64_t
GridTopology::GetHostCount() const
{
    uint64_t n = 0;
    for (const Group& g : groups)
    {
        n += g.hosts;
    }
    return n;
}

uint64_t
GridTopology::GetSwitchCount() const
{
    uint64_t n = 0;
    for (const Group& g : groups)
    {
        n += g.GetSwitches();
    }
    return n;
}

size_t
GridTopology::NextTrunk(uint32_t from, uint32_t to) const
{
    // Hops to `to` from every router (breadth first), then the first trunk one hop closer.
    constexpr uint32_t kFar = UINT32_MAX;
    std::vector<uint32_t> hops(routers.size(), kFar);
    std::deque<uint32_t> open{to};
    hops[to] = 0;
    while (!open.empty())
    {
        const uint32_t r = open.front();
        open.pop_front();
        for (const Trunk& k : trunks)
        {
            const uint32_t other = k.a == r ? k.b : (k.b == r ? k.a : kFar);
            if (other != kFar && hops[other] == kFar)
            {
                hops[other] = hops[r] + 1;
                open.push_back(other);
            }
        }
    }
    for (size_t i = 0; from != to && hops[from] != kFar && i < trunks.size(); ++i)
    {
        const Trunk& k = trunks[i];
        const uint32_t other = k.a == from ? k.b : (k.b == from ? k.a : kFar);
        if (other != kFar && hops[other] + 1 == hops[from])
        {
            return i;
        }
    }
    return trunks.size();
}

} // namespace hybridnet
} // namespace ns3
