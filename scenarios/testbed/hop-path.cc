/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hop-path.h"

#include "json-input.h"
#include "message-text.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

namespace
{

using namespace json_input;

const std::string kDevice = "ns3::PointToPointNetDevice";
const std::string kChannel = "ns3::PointToPointChannel";
constexpr uint32_t kMaxQueuePackets = 1000000;

/** Set @p value from the optional time at @p key of @p object: 0 s to 10 s. */
void
GetSlowPathTime(const Json& object, const std::string& path, const std::string& key, Time& value)
{
    if (const Json* j = Optional(object, key))
    {
        value = GetTime(*j, Key(path, key));
        if (value.IsNegative() || value > Seconds(10))
        {
            Fail(Key(path, key),
                 message_text::Quote(j->get<std::string>()) + " is outside 0 s to 10 s");
        }
    }
}

/** Read the "icmp" section of router hop @p path into @p icmp. */
void
ParseIcmp(const Json& j, const std::string& path, HopPath::Icmp& icmp)
{
    CheckObject(j, path, {"interval", "burst", "generationDelay"});
    GetSlowPathTime(j, path, "interval", icmp.interval);
    GetSlowPathTime(j, path, "generationDelay", icmp.generationDelay);
    if (const Json* b = Optional(j, "burst"))
    {
        icmp.burst = uint32_t(GetWhole(*b, Key(path, "burst"), 1, 1000000));
    }
}

/** Read the "cross" section of hop @p path (of rate @p hopRate) into @p cross. */
void
ParseCross(const Json& j, const std::string& path, DataRate hopRate, HopPath::Cross& cross)
{
    CheckObject(j, path, {"rate", "burst"});
    const Json& rate = Required(j, path, "rate", "the cross traffic's mean rate, e.g. \"30Mbps\"");
    cross.rate = GetRate(rate, Key(path, "rate"));
    if (cross.rate.GetBitRate() == 0 || cross.rate >= hopRate)
    {
        Fail(Key(path, "rate"),
             message_text::Quote(rate.get<std::string>()) +
                 " is outside the mean rates above 0 bit/s and below the hop's rate");
    }
    if (const Json* b = Optional(j, "burst"))
    {
        cross.burst = GetTime(*b, Key(path, "burst"));
        if (cross.burst < MicroSeconds(1) || cross.burst > Seconds(10))
        {
            Fail(Key(path, "burst"),
                 message_text::Quote(b->get<std::string>()) + " is outside 1 us to 10 s");
        }
    }
}

/** Read hop @p path into @p p; @p last says whether it is the receiver's. */
void
ParseHop(const Json& j, const std::string& path, bool last, HopPath& p)
{
    CheckObject(j, path, {"name", "rate", "delay", "queuePackets", "icmp", "cross"});
    std::vector<std::string> taken;
    for (const HopPath::Hop& h : p.hops)
    {
        taken.push_back(h.name);
    }
    HopPath::Hop hop;
    hop.name = GetUniqueName(Required(j, path, "name", "the hop's name, e.g. \"lbl-gw\""),
                             Key(path, "name"),
                             "hops",
                             taken);
    hop.rate = GetModelRate(j, path, "rate", "the link's rate, e.g. \"100Mbps\"", kDevice);
    if (hop.rate.GetBitRate() == 0)
    {
        Fail(Key(path, "rate"), "a link of 0 bit/s carries nothing (more than 0 bit/s)");
    }
    const Json& delay = Required(j, path, "delay", "the link's one-way delay, e.g. \"2ms\"");
    hop.delay = GetTime(delay, Key(path, "delay"));
    CheckAttributeByName(Key(path, "delay"),
                         delay.get<std::string>(),
                         kChannel,
                         "Delay",
                         TimeValue(hop.delay));
    if (const Json* q = Optional(j, "queuePackets"))
    {
        hop.queuePackets = uint32_t(GetWhole(*q, Key(path, "queuePackets"), 1, kMaxQueuePackets));
    }
    if (const Json* icmp = Optional(j, "icmp"))
    {
        if (last)
        {
            Fail(Key(path, "icmp"),
                 "the last hop is the receiving host, not a router: it has no ICMP slow path");
        }
        ParseIcmp(*icmp, Key(path, "icmp"), hop.icmp);
    }
    if (const Json* cross = Optional(j, "cross"))
    {
        if (p.hops.empty())
        {
            Fail(Key(path, "cross"),
                 "hop 1's near end is the measuring host: cross traffic goes on later hops");
        }
        ParseCross(*cross, Key(path, "cross"), hop.rate, hop.cross.emplace());
    }
    p.hops.push_back(hop);
}

} // namespace

HopPath
HopPath::Parse(const std::string& jsonText)
{
    const Json doc = json_input::Parse(jsonText, "path");
    CheckObject(doc, "", {"description", "mtu", "hops"}, "path");
    HopPath p;
    if (const Json* j = Optional(doc, "description"))
    {
        p.description = GetString(*j, "description", "free text");
    }
    if (const Json* j = Optional(doc, "mtu"))
    {
        const uint64_t mtu = GetSize(*j, "mtu");
        if (mtu < 68 || mtu > 65535)
        {
            Fail("mtu",
                 message_text::Quote(j->get<std::string>()) +
                     " is outside 68 B to 65535 B (IPv4's least and largest)");
        }
        p.mtu = uint32_t(mtu);
    }
    const Json& hops = Required(doc, "", "hops", "the links, sender to receiver");
    if (!hops.is_array() || hops.empty() || hops.size() > kMaxHops)
    {
        Fail("hops", "must be a list of 1 to " + std::to_string(kMaxHops) + " hops");
    }
    for (size_t i = 0; i < hops.size(); ++i)
    {
        ParseHop(hops[i], Index("hops", i), i + 1 == hops.size(), p);
    }
    return p;
}

HopPath
HopPath::Load(const std::string& path)
{
    const std::string text = ReadFile(path, "path file");
    try
    {
        return Parse(text);
    }
    catch (const InputFileError& e)
    {
        throw InputFileError(message_text::Shown(path, message_text::kMaxPath) + ": " + e.what());
    }
}

Time
HopPath::GetRtt() const
{
    Time sum;
    for (const Hop& h : hops)
    {
        sum += h.delay;
    }
    return 2 * sum;
}

size_t
HopPath::GetBottleneck() const
{
    const auto slowest = std::min_element(hops.begin(), hops.end(), [](const Hop& a, const Hop& b) {
        return a.rate < b.rate;
    });
    return size_t(slowest - hops.begin());
}

} // namespace hybridnet
} // namespace ns3
