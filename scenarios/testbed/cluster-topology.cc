/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "cluster-topology.h"

#include "attribute-default.h"
#include "hybridnet/host-profile.h"
#include "hybridnet/quantity.h"
#include "json-input.h"
#include "message-text.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/string.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetClusterTopology");

namespace
{

using namespace json_input;

const std::string kEndpointDaemon = "ns3::hybridnet::EndpointDaemon";
const std::string kPipeFittingDaemon = "ns3::hybridnet::PipeFittingDaemon";
const std::string kSwitch = "ns3::hybridnet::OpticalCircuitSwitch";
const std::string kPacketSwitch = "ns3::hybridnet::PacketSwitch";
const std::string kChannel = "ns3::hybridnet::EthernetChannel";
const std::string kDevice = "ns3::hybridnet::NicNetDevice";

/** Largest packet switch the file accepts (PacketSwitch itself has no size). */
constexpr uint32_t kMaxSwitchPorts = 1024;
/** Largest output queue the file accepts, packets. */
constexpr uint32_t kMaxQueuePackets = 1000000;

/** A dotted quad, each part 0..255 without leading zeros. */
std::optional<Ipv4Address>
ParseAddress(const std::string& text)
{
    static const std::regex quad(
        R"(^(0|[1-9][0-9]{0,2})\.(0|[1-9][0-9]{0,2})\.(0|[1-9][0-9]{0,2})\.(0|[1-9][0-9]{0,2})$)");
    std::smatch m;
    if (!std::regex_match(text, m, quad))
    {
        return std::nullopt;
    }
    uint32_t v = 0;
    for (size_t i = 1; i <= 4; ++i)
    {
        uint32_t part = std::stoul(m[i].str());
        if (part > 255)
        {
            return std::nullopt;
        }
        v = (v << 8) | part;
    }
    return Ipv4Address(v);
}

std::string
AddressText(Ipv4Address a)
{
    std::ostringstream os;
    os << a;
    return os.str();
}

Ipv4Address
GetAddress(const Json& j, const std::string& path)
{
    std::string text = GetString(j, path, "an IPv4 address a.b.c.d");
    auto a = ParseAddress(text);
    if (!a)
    {
        Fail(path,
             message_text::Quote(text) + " is not an IPv4 address a.b.c.d (each part 0 to 255)");
    }
    return *a;
}

ClusterTopology::Network
GetNetwork(const Json& j, const std::string& path)
{
    std::string text = GetString(j, path, "an IPv4 network a.b.c.d/n");
    size_t slash = text.find('/');
    std::optional<Ipv4Address> a;
    std::string problem;
    std::optional<uint32_t> prefix;
    if (slash != std::string::npos)
    {
        a = ParseAddress(text.substr(0, slash));
        prefix = ParseInteger<uint32_t>(text.substr(slash + 1), &problem);
    }
    if (!a || !prefix || *prefix > 32)
    {
        Fail(path, message_text::Quote(text) + " is not an IPv4 network a.b.c.d/n (n 0 to 32)");
    }
    ClusterTopology::Network n{*a, *prefix};
    if (n.address.Get() != (a->Get() & n.GetMask().Get()))
    {
        n.address = Ipv4Address(a->Get() & n.GetMask().Get());
        Fail(path,
             message_text::Quote(text) + " has host bits set; the network is " + n.ToString());
    }
    return n;
}

/** An optional time that sets an attribute. */
std::optional<Time>
GetAttributeTime(const Json& object,
                 const std::string& path,
                 const std::string& key,
                 const std::string& typeId,
                 const std::string& attribute)
{
    const Json* j = Optional(object, key);
    if (!j)
    {
        return std::nullopt;
    }
    Time t = GetTime(*j, Key(path, key));
    CheckAttributeByName(Key(path, key), j->get<std::string>(), typeId, attribute, TimeValue(t));
    return t;
}

/** @return the default of time attribute @p attribute of @p typeId */
Time
AttributeDefaultTime(const std::string& typeId, const std::string& attribute)
{
    return AttributeDefault<TimeValue>(TypeId::LookupByName(typeId), attribute).Get();
}

/** The address book: every address and port in use, with the setting that uses it. */
struct Registry
{
    std::map<uint32_t, std::string> addresses;
    std::map<uint32_t, std::string> switchPorts;
    std::map<uint32_t, std::string> acceleratorPorts;

    void UseAddress(Ipv4Address a,
                    const std::string& path,
                    const ClusterTopology::Network& network,
                    const std::string& networkKey)
    {
        std::string text = AddressText(a);
        if (!network.Contains(a))
        {
            Fail(path, text + " is outside " + networkKey + " " + network.ToString());
        }
        if (network.prefixLength < 31 && a == network.address)
        {
            Fail(path,
                 text + " is the network address of " + networkKey + " " + network.ToString() +
                     ", not a host address");
        }
        if (network.prefixLength < 31 && a == network.GetBroadcast())
        {
            Fail(path,
                 text + " is the broadcast address of " + networkKey + " " + network.ToString() +
                     ", not a host address");
        }
        auto [it, fresh] = addresses.emplace(a.Get(), path);
        if (!fresh)
        {
            Fail(path, text + " is already the address of " + it->second);
        }
    }

    /**
     * Read the "address" of the NIC @p nic at @p nicPath and book it (UseAddress).
     * @return the address
     */
    Ipv4Address ReadAddress(const Json& nic,
                            const std::string& nicPath,
                            const ClusterTopology::Network& network,
                            const std::string& networkKey)
    {
        Ipv4Address a =
            GetAddress(Required(nic, nicPath, "address", "its address in " + networkKey),
                       Key(nicPath, "address"));
        UseAddress(a, Key(nicPath, "address"), network, networkKey);
        return a;
    }

    static void UsePort(std::map<uint32_t, std::string>& ports,
                        uint32_t port,
                        const std::string& path,
                        const std::string& what)
    {
        auto [it, fresh] = ports.emplace(port, path);
        if (!fresh)
        {
            Fail(path, what + " " + std::to_string(port) + " is already taken by " + it->second);
        }
    }
};

std::vector<std::string>
KeysOf(const std::vector<ClusterTopology::SettingKey>& keys, std::vector<std::string> extra)
{
    for (const auto& k : keys)
    {
        extra.push_back(k.key);
    }
    return extra;
}

/** Read the settings of a daemon section (keys already checked). */
void
ReadDaemonSettings(const Json& section,
                   const std::string& path,
                   const std::vector<ClusterTopology::SettingKey>& keys,
                   ClusterTopology::DaemonSettings& out)
{
    out.present = true;
    for (const auto& [key, j] : section.items())
    {
        auto spec =
            std::find_if(keys.begin(), keys.end(), [&key](const auto& k) { return k.key == key; });
        if (spec == keys.end())
        {
            continue; // "hosts"
        }
        std::string where = Key(path, key);
        ClusterTopology::Setting s;
        s.key = key;
        s.typeId = spec->typeId;
        s.attribute = spec->attribute;
        if (spec->kind == "time")
        {
            s.value = GetTime(j, where);
            s.text = j.get<std::string>();
        }
        else if (spec->kind == "rate")
        {
            s.value = GetRate(j, where);
            s.text = j.get<std::string>();
        }
        else if (spec->kind == "size")
        {
            s.value = GetSize(j, where);
            s.text = j.get<std::string>();
        }
        else if (spec->kind == "count")
        {
            s.value = GetWhole(j, where, 0, std::numeric_limits<uint32_t>::max());
            s.text = std::to_string(std::get<uint64_t>(s.value));
        }
        else
        {
            std::vector<std::string> words;
            for (const auto& [word, name] : spec->choices)
            {
                words.push_back(word);
            }
            s.text = GetString(j, where, "one of " + Join(words));
            auto choice = std::find_if(spec->choices.begin(),
                                       spec->choices.end(),
                                       [&s](const auto& c) { return c.first == s.text; });
            if (choice == spec->choices.end())
            {
                Fail(where, message_text::Quote(s.text) + " is not one of " + Join(words));
            }
            s.value = choice->second;
        }
        CheckAttributeByName(where, s.text, s.typeId, s.attribute, *s.GetAttributeValue());
        out.settings.push_back(s);
    }
}

/** A daemon time setting: the given value or the attribute's default. */
struct EffectiveValue
{
    Time value;
    bool given;

    std::string Text() const
    {
        return FormatTime(value) + (given ? "" : " (default)");
    }
};

EffectiveValue
EffectiveTime(const ClusterTopology::DaemonSettings& settings,
              const std::vector<ClusterTopology::SettingKey>& keys,
              const std::string& key)
{
    if (const auto* s = settings.Find(key))
    {
        return {std::get<Time>(s->value), true};
    }
    auto spec =
        std::find_if(keys.begin(), keys.end(), [&key](const auto& k) { return k.key == key; });
    NS_ABORT_MSG_IF(spec == keys.end(), "no daemon setting " << key);
    return {AttributeDefaultTime(spec->typeId, spec->attribute), false};
}

} // namespace

Ipv4Mask
ClusterTopology::Network::GetMask() const
{
    return Ipv4Mask(prefixLength == 0 ? 0u : ~0u << (32 - prefixLength));
}

bool
ClusterTopology::Network::Contains(Ipv4Address a) const
{
    return (a.Get() & GetMask().Get()) == address.Get();
}

Ipv4Address
ClusterTopology::Network::GetBroadcast() const
{
    return Ipv4Address(address.Get() | ~GetMask().Get());
}

std::string
ClusterTopology::Network::ToString() const
{
    return AddressText(address) + "/" + std::to_string(prefixLength);
}

Ptr<AttributeValue>
ClusterTopology::Setting::GetAttributeValue() const
{
    if (auto t = std::get_if<Time>(&value))
    {
        return Create<TimeValue>(*t);
    }
    if (auto r = std::get_if<DataRate>(&value))
    {
        return Create<DataRateValue>(*r);
    }
    if (auto n = std::get_if<uint64_t>(&value))
    {
        return Create<UintegerValue>(*n);
    }
    return Create<StringValue>(std::get<std::string>(value));
}

const ClusterTopology::Setting*
ClusterTopology::DaemonSettings::Find(const std::string& key) const
{
    for (const auto& s : settings)
    {
        if (s.key == key)
        {
            return &s;
        }
    }
    return nullptr;
}

const std::vector<ClusterTopology::SettingKey>&
ClusterTopology::GetEndpointSettingKeys()
{
    static const std::vector<SettingKey> keys = {
        {"detectionPolicy",
         "choice",
         {{"rate", "Rate"}, {"bytes", "Bytes"}},
         kEndpointDaemon,
         "DetectionPolicy"},
        {"sampleInterval", "time", {}, kEndpointDaemon, "SampleInterval"},
        {"rateWindowSamples", "count", {}, kEndpointDaemon, "RateWindowSamples"},
        {"rateThreshold", "rate", {}, kEndpointDaemon, "RateThreshold"},
        {"holdTime", "time", {}, kEndpointDaemon, "HoldTime"},
        {"bytesThreshold", "size", {}, kEndpointDaemon, "BytesThreshold"},
        {"idleTimeout", "time", {}, kEndpointDaemon, "IdleTimeout"},
        {"keepaliveInterval", "time", {}, kEndpointDaemon, "KeepaliveInterval"},
        {"backoff", "time", {}, kEndpointDaemon, "Backoff"},
        {"retransmitTimeout", "time", {}, kEndpointDaemon, "RetransmitTimeout"},
        {"maxRetransmits", "count", {}, kEndpointDaemon, "MaxRetransmits"},
    };
    return keys;
}

const std::vector<ClusterTopology::SettingKey>&
ClusterTopology::GetPipeFittingSettingKeys()
{
    static const std::vector<SettingKey> keys = {
        {"busyPolicy",
         "choice",
         {{"queue", "Queue"}, {"deny", "Deny"}, {"preempt", "Preempt"}},
         kPipeFittingDaemon,
         "BusyPolicy"},
        {"consoleTimeout", "time", {}, kPipeFittingDaemon, "ConsoleTimeout"},
        {"setupTimeout", "time", {}, kPipeFittingDaemon, "SetupTimeout"},
        {"keepaliveTimeout", "time", {}, kPipeFittingDaemon, "KeepaliveTimeout"},
        {"retransmitTimeout", "time", {}, kPipeFittingDaemon, "RetransmitTimeout"},
        {"maxRetransmits", "count", {}, kPipeFittingDaemon, "MaxRetransmits"},
    };
    return keys;
}

namespace
{

/** Read "description" and "hostProfile" (a host profile that loads) into @p t. */
void
ParseDescriptionAndProfile(const Json& doc, ClusterTopology& t)
{
    if (const Json* j = Optional(doc, "description"))
    {
        t.description = GetString(*j, "description", "free text");
    }
    const Json& j = Required(doc,
                             "",
                             "hostProfile",
                             "the host model: a bundled profile (" + Join(HostProfile::Names()) +
                                 ") or the path of a profile file");
    t.hostProfile = GetString(j, "hostProfile", "a host profile name or file");
    try
    {
        HostProfile::Load(t.hostProfile);
    }
    catch (const InputFileError& e)
    {
        Fail("hostProfile", e.what());
    }
}

/** Read the three networks into @p t; they must be disjoint, the management one a /24. */
void
ParseNetworks(const Json& doc, ClusterTopology& t)
{
    t.packetNetwork = GetNetwork(Required(doc,
                                          "",
                                          "packetNetwork",
                                          "the subnet of the hosts' "
                                          "packet NICs, e.g. 10.0.0.0/24"),
                                 "packetNetwork");
    t.circuitNetwork = GetNetwork(Required(doc,
                                           "",
                                           "circuitNetwork",
                                           "the subnet of the hosts' "
                                           "circuit NICs, e.g. "
                                           "192.168.0.0/24"),
                                  "circuitNetwork");
    t.managementNetwork = GetNetwork(Required(doc,
                                              "",
                                              "managementNetwork",
                                              "the subnet of the front end's "
                                              "cable to the accelerator, e.g. "
                                              "10.0.1.0/24"),
                                     "managementNetwork");
    std::vector<std::pair<std::string, ClusterTopology::Network>> networks = {
        {"packetNetwork", t.packetNetwork},
        {"circuitNetwork", t.circuitNetwork},
        {"managementNetwork", t.managementNetwork}};
    for (size_t i = 0; i < networks.size(); ++i)
    {
        for (size_t k = 0; k < i; ++k)
        {
            const auto& [nameA, a] = networks[k];
            const auto& [nameB, b] = networks[i];
            if (a.Contains(b.address) || b.Contains(a.address))
            {
                Fail(nameB,
                     b.ToString() + " overlaps " + nameA + " " + a.ToString() +
                         "; the networks must be disjoint");
            }
        }
    }
    if (t.managementNetwork.prefixLength != 24)
    {
        Fail("managementNetwork",
             t.managementNetwork.ToString() +
                 " is not a /24: the accelerator's management interface needs a /24 "
                 "netmask (the study: it disliked other netmasks)");
    }
}

/** Read the optional "links" section (line rate, cable delays) into @p t. */
void
ParseLinks(const Json& doc, ClusterTopology& t)
{
    const Json* links = Optional(doc, "links");
    if (!links)
    {
        return;
    }
    CheckObject(*links,
                "links",
                {"rate",
                 "packetCableDelay",
                 "copperCableDelay",
                 "fiberCableDelay",
                 "managementCableDelay"});
    if (const Json* j = Optional(*links, "rate"))
    {
        t.links.rate = GetRate(*j, "links.rate");
        CheckAttributeByName("links.rate",
                             j->get<std::string>(),
                             kDevice,
                             "DataRate",
                             DataRateValue(*t.links.rate));
    }
    t.links.packetCableDelay =
        GetAttributeTime(*links, "links", "packetCableDelay", kChannel, "Delay");
    t.links.copperCableDelay =
        GetAttributeTime(*links, "links", "copperCableDelay", kChannel, "Delay");
    t.links.fiberCableDelay =
        GetAttributeTime(*links, "links", "fiberCableDelay", kChannel, "Delay");
    t.links.managementCableDelay =
        GetAttributeTime(*links, "links", "managementCableDelay", kChannel, "Delay");
}

/** Read the "packetSwitch" section into @p t. */
void
ParsePacketSwitch(const Json& doc, ClusterTopology& t)
{
    const Json& sw = Required(doc, "", "packetSwitch", "the packet switch, {\"ports\": 24}");
    CheckObject(sw, "packetSwitch", {"ports", "queuePackets", "switchingLatency", "flowControl"});
    t.packetSwitch.ports = GetWhole(Required(sw,
                                             "packetSwitch",
                                             "ports",
                                             "the switch's "
                                             "number of ports"),
                                    "packetSwitch.ports",
                                    1,
                                    kMaxSwitchPorts);
    if (const Json* j = Optional(sw, "queuePackets"))
    {
        t.packetSwitch.queuePackets =
            GetWhole(*j, "packetSwitch.queuePackets", 1, kMaxQueuePackets);
    }
    t.packetSwitch.switchingLatency =
        GetAttributeTime(sw, "packetSwitch", "switchingLatency", kPacketSwitch, "SwitchingLatency");
    if (const Json* j = Optional(sw, "flowControl"))
    {
        t.packetSwitch.flowControl = GetBool(*j, "packetSwitch.flowControl");
    }
}

/** @return accelerator.ports of @p acc, or the NumPorts default without it */
uint32_t
ParseAcceleratorPorts(const Json& acc)
{
    if (const Json* j = Optional(acc, "ports"))
    {
        uint64_t ports = GetWhole(*j, "accelerator.ports", 0, kMaxSwitchPorts * 1024);
        CheckAttributeByName("accelerator.ports",
                             std::to_string(ports),
                             kSwitch,
                             "NumPorts",
                             UintegerValue(ports));
        return static_cast<uint32_t>(ports);
    }
    return AttributeDefault<UintegerValue>(TypeId::LookupByName(kSwitch), "NumPorts").Get();
}

/** Reject an empty command latency range (each side given or the attribute's default). */
void
CheckCommandLatencyRange(const ClusterTopology::AcceleratorSettings& accelerator)
{
    Time min =
        accelerator.commandLatencyMin.value_or(AttributeDefaultTime(kSwitch, "CommandLatencyMin"));
    Time max =
        accelerator.commandLatencyMax.value_or(AttributeDefaultTime(kSwitch, "CommandLatencyMax"));
    if (max < min)
    {
        bool minGiven = accelerator.commandLatencyMin.has_value();
        Fail(minGiven ? "accelerator.commandLatencyMin" : "accelerator.commandLatencyMax",
             "the command latency range is empty: commandLatencyMin " + FormatTime(min) +
                 (minGiven ? "" : " (default)") + " exceeds commandLatencyMax " + FormatTime(max) +
                 (accelerator.commandLatencyMax ? "" : " (default)"));
    }
}

/** Read the "accelerator" section into @p t. */
void
ParseAccelerator(const Json& doc, ClusterTopology& t)
{
    const Json& acc = Required(doc,
                               "",
                               "accelerator",
                               "the optical circuit switch, {\"managementAddress\": ...}");
    CheckObject(
        acc,
        "accelerator",
        {"ports", "managementAddress", "switchingTime", "commandLatencyMin", "commandLatencyMax"});
    t.accelerator.ports = ParseAcceleratorPorts(acc);
    t.accelerator.managementAddress =
        GetAddress(Required(acc,
                            "accelerator",
                            "managementAddress",
                            "the address of its management port in managementNetwork"),
                   "accelerator.managementAddress");
    t.accelerator.switchingTime =
        GetAttributeTime(acc, "accelerator", "switchingTime", kSwitch, "SwitchingTime");
    t.accelerator.commandLatencyMin =
        GetAttributeTime(acc, "accelerator", "commandLatencyMin", kSwitch, "CommandLatencyMin");
    t.accelerator.commandLatencyMax =
        GetAttributeTime(acc, "accelerator", "commandLatencyMax", kSwitch, "CommandLatencyMax");
    CheckCommandLatencyRange(t.accelerator);
}

/** @return the index of the front end among @p hosts, or nothing */
std::optional<size_t>
FindFrontEnd(const std::vector<ClusterTopology::Host>& hosts)
{
    auto it = std::find_if(hosts.begin(), hosts.end(), [](const auto& h) { return h.frontEnd; });
    return it == hosts.end() ? std::nullopt : std::optional<size_t>(it - hosts.begin());
}

/** @return the "name" of host @p h at @p path: valid, and not one of the hosts before it */
std::string
ParseHostName(const Json& h, const std::string& path, const ClusterTopology& t)
{
    static const std::regex validName(R"(^[A-Za-z][A-Za-z0-9_-]*$)");
    std::string name = GetString(Required(h, path, "name", "the host's name, e.g. \"node1\""),
                                 Key(path, "name"),
                                 "a host name");
    if (!std::regex_match(name, validName))
    {
        Fail(Key(path, "name"),
             message_text::Quote(name) +
                 " is not a host name (a letter, then letters, digits, '-', '_')");
    }
    if (const ClusterTopology::Host* other = t.FindHost(name))
    {
        Fail(Key(path, "name"),
             "duplicate host name " + message_text::Quote(name) + " (also " +
                 Index("hosts", static_cast<size_t>(other - t.hosts.data())) + ")");
    }
    return name;
}

/**
 * @return the port number @p j at @p path, 1..@p count, of a switch with @p count ports
 *         (@p owner, e.g. "the accelerator's", and @p countKey name it in the message)
 */
uint32_t
GetPort(const Json& j,
        const std::string& path,
        uint32_t count,
        const std::string& owner,
        const std::string& countKey)
{
    if (j.is_number_unsigned() && j.get<uint64_t>() > count)
    {
        Fail(path,
             Show(j) + " is beyond " + owner + " " + std::to_string(count) + " ports (" + countKey +
                 ")");
    }
    return static_cast<uint32_t>(GetWhole(j, path, 1, count));
}

/** Read host @p h's "packetNic" (NIC 1 at @p path.packetNic) and book its address and port. */
ClusterTopology::PacketNic
ParsePacketNic(const Json& h, const std::string& path, const ClusterTopology& t, Registry& registry)
{
    std::string nicPath = Key(path, "packetNic");
    const Json& nic = Required(h,
                               path,
                               "packetNic",
                               "every host has a packet NIC: {\"address\": ..., "
                               "\"switchPort\": ...}");
    CheckObject(nic, nicPath, {"address", "switchPort"});
    ClusterTopology::PacketNic packetNic;
    packetNic.address = registry.ReadAddress(nic, nicPath, t.packetNetwork, "packetNetwork");
    const Json& port = Required(nic, nicPath, "switchPort", "its port on the packet switch");
    std::string portPath = Key(nicPath, "switchPort");
    packetNic.switchPort =
        GetPort(port, portPath, t.packetSwitch.ports, "the packet switch's", "packetSwitch.ports");
    Registry::UsePort(registry.switchPorts, packetNic.switchPort, portPath, "switch port");
    return packetNic;
}

/** Read a "circuitNic" (NIC 2, @p circuit at @p cPath) and book its address and port. */
ClusterTopology::CircuitNic
ParseCircuitNic(const Json& circuit,
                const std::string& cPath,
                const ClusterTopology& t,
                Registry& registry)
{
    CheckObject(circuit, cPath, {"address", "acceleratorPort"});
    ClusterTopology::CircuitNic c;
    c.address = registry.ReadAddress(circuit, cPath, t.circuitNetwork, "circuitNetwork");
    const Json& port =
        Required(circuit, cPath, "acceleratorPort", "the accelerator port its fiber goes to");
    std::string portPath = Key(cPath, "acceleratorPort");
    c.acceleratorPort =
        GetPort(port, portPath, t.accelerator.ports, "the accelerator's", "accelerator.ports");
    Registry::UsePort(registry.acceleratorPorts, c.acceleratorPort, portPath, "accelerator port");
    return c;
}

/** Read host @p host's "managementNic" (@p mgmt at @p mPath; the front end's only). */
Ipv4Address
ParseManagementNic(const Json& mgmt,
                   const std::string& mPath,
                   const ClusterTopology::Host& host,
                   const ClusterTopology& t,
                   Registry& registry)
{
    if (!host.frontEnd)
    {
        Fail(mPath,
             "only the front end has the accelerator's management cable; '" + host.name +
                 "' is not the front end (\"frontEnd\": true)");
    }
    CheckObject(mgmt, mPath, {"address"});
    return registry.ReadAddress(mgmt, mPath, t.managementNetwork, "managementNetwork");
}

/** Read host @p h at @p path; the hosts before it are in @p t. */
ClusterTopology::Host
ParseHost(const Json& h, const std::string& path, const ClusterTopology& t, Registry& registry)
{
    CheckObject(h, path, {"name", "frontEnd", "packetNic", "circuitNic", "managementNic"});
    ClusterTopology::Host host;
    host.name = ParseHostName(h, path, t);
    if (const Json* j = Optional(h, "frontEnd"))
    {
        host.frontEnd = GetBool(*j, Key(path, "frontEnd"));
    }
    if (const auto frontEnd = FindFrontEnd(t.hosts); frontEnd && host.frontEnd)
    {
        Fail(Key(path, "frontEnd"),
             "a second front end; " + Index("hosts", *frontEnd) + " (" + t.hosts[*frontEnd].name +
                 ") is already the front end");
    }
    host.packetNic = ParsePacketNic(h, path, t, registry);
    if (const Json* circuit = Optional(h, "circuitNic"))
    {
        host.circuitNic = ParseCircuitNic(*circuit, Key(path, "circuitNic"), t, registry);
    }
    if (const Json* mgmt = Optional(h, "managementNic"))
    {
        host.managementNic =
            ParseManagementNic(*mgmt, Key(path, "managementNic"), host, t, registry);
    }
    return host;
}

/** Read the "hosts" list into @p t: exactly one front end, with the management NIC. */
void
ParseHosts(const Json& doc, ClusterTopology& t)
{
    Registry registry;
    registry.UseAddress(t.accelerator.managementAddress,
                        "accelerator.managementAddress",
                        t.managementNetwork,
                        "managementNetwork");
    const Json& hosts = Required(doc, "", "hosts", "the list of hosts, the front end among them");
    if (!hosts.is_array() || hosts.empty())
    {
        Fail("hosts",
             "expected a non-empty list [...] of hosts, got " + std::string(hosts.type_name()) +
                 " " + Show(hosts));
    }
    for (size_t i = 0; i < hosts.size(); ++i)
    {
        t.hosts.push_back(ParseHost(hosts[i], Index("hosts", i), t, registry));
    }
    const auto frontEnd = FindFrontEnd(t.hosts);
    if (!frontEnd)
    {
        Fail("hosts",
             "no front end: one host needs \"frontEnd\": true (it runs the pfd and has "
             "the accelerator's management cable)");
    }
    if (!t.hosts[*frontEnd].managementNic)
    {
        Fail(Index("hosts", *frontEnd),
             "the front end '" + t.hosts[*frontEnd].name +
                 "' has no managementNic: the cable to the accelerator's management port "
                 "(accelerator.managementAddress " +
                 AddressText(t.accelerator.managementAddress) + ")");
    }
}

/**
 * @return the host named by @p j at @p path, which must exist and have a circuit NIC for
 *         @p user (e.g. "an epd")
 */
const ClusterTopology::Host*
GetCircuitHost(const ClusterTopology& t,
               const Json& j,
               const std::string& path,
               const std::string& user)
{
    std::string name = GetString(j, path, "a host name");
    const ClusterTopology::Host* host = t.FindHost(name);
    if (!host)
    {
        std::vector<std::string> names;
        for (const auto& h : t.hosts)
        {
            names.push_back(h.name);
        }
        Fail(path,
             "no host named " + message_text::Quote(name) + " in hosts (did you mean '" +
                 NearestWord(name, names) + "'?)");
    }
    if (!host->circuitNic)
    {
        Fail(path, user + " on host " + message_text::Quote(name) + ", which has no circuitNic");
    }
    return host;
}

/**
 * Read static circuit @p c at @p path; @p busy maps each host already in a circuit to
 * that circuit's path.
 */
ClusterTopology::StaticCircuit
ParseStaticCircuit(const Json& c,
                   const std::string& path,
                   const ClusterTopology& t,
                   std::map<std::string, std::string>& busy)
{
    CheckObject(c, path, {"hosts", "at"});
    const Json& ends = Required(c, path, "hosts", "the two hosts, [\"node1\", \"node2\"]");
    std::string endsPath = Key(path, "hosts");
    if (!ends.is_array() || ends.size() != 2)
    {
        Fail(endsPath, "expected two host names [\"a\", \"b\"], got " + Show(ends));
    }
    ClusterTopology::StaticCircuit circuit;
    const auto* a = GetCircuitHost(t, ends[0], Index(endsPath, 0), "a static circuit");
    const auto* b = GetCircuitHost(t, ends[1], Index(endsPath, 1), "a static circuit");
    if (a == b)
    {
        Fail(endsPath,
             "a circuit joins two different hosts, not " + message_text::Quote(a->name) +
                 " to itself");
    }
    for (size_t k = 0; k < 2; ++k)
    {
        const ClusterTopology::Host* h = k == 0 ? a : b;
        auto [it, fresh] = busy.emplace(h->name, path);
        if (!fresh)
        {
            Fail(Index(endsPath, k),
                 message_text::Quote(h->name) + " (accelerator port " +
                     std::to_string(h->circuitNic->acceleratorPort) + ") is already in " +
                     it->second +
                     "; a static circuit lasts the whole run, so a port is in one at most");
        }
    }
    circuit.hostA = a->name;
    circuit.hostB = b->name;
    if (const Json* at = Optional(c, "at"))
    {
        circuit.at = GetTime(*at, Key(path, "at"));
    }
    return circuit;
}

/** Read the optional "staticCircuits" list into @p t (a host in one circuit at most). */
void
ParseStaticCircuits(const Json& doc, ClusterTopology& t)
{
    const Json* circuits = Optional(doc, "staticCircuits");
    if (!circuits)
    {
        return;
    }
    if (!circuits->is_array())
    {
        Fail("staticCircuits",
             "expected a list [...] of circuits, got " + std::string(circuits->type_name()) + " " +
                 Show(*circuits));
    }
    std::map<std::string, std::string> busy; // host -> circuit path
    for (size_t i = 0; i < circuits->size(); ++i)
    {
        t.staticCircuits.push_back(
            ParseStaticCircuit((*circuits)[i], Index("staticCircuits", i), t, busy));
    }
}

/** Read the optional "epd" section into @p t: its settings and the hosts that run an epd. */
void
ParseEndpointDaemon(const Json& doc, ClusterTopology& t)
{
    const Json* epd = Optional(doc, "epd");
    if (!epd)
    {
        return;
    }
    CheckObject(*epd, "epd", KeysOf(ClusterTopology::GetEndpointSettingKeys(), {"hosts"}));
    ReadDaemonSettings(*epd, "epd", ClusterTopology::GetEndpointSettingKeys(), t.epd);
    if (const Json* hosts = Optional(*epd, "hosts"))
    {
        if (!hosts->is_array())
        {
            Fail("epd.hosts",
                 "expected a list [...] of host names, got " + std::string(hosts->type_name()) +
                     " " + Show(*hosts));
        }
        for (size_t i = 0; i < hosts->size(); ++i)
        {
            std::string path = Index("epd.hosts", i);
            const ClusterTopology::Host* h = GetCircuitHost(t, (*hosts)[i], path, "an epd");
            if (std::find(t.epdHosts.begin(), t.epdHosts.end(), h->name) != t.epdHosts.end())
            {
                Fail(path, message_text::Quote(h->name) + " is listed twice");
            }
            t.epdHosts.push_back(h->name);
        }
        return;
    }
    for (const auto& h : t.hosts)
    {
        if (h.circuitNic)
        {
            t.epdHosts.push_back(h.name);
        }
    }
}

/** Read the optional "pfd" section into @p t. */
void
ParsePipeFittingDaemon(const Json& doc, ClusterTopology& t)
{
    if (const Json* pfd = Optional(doc, "pfd"))
    {
        CheckObject(*pfd, "pfd", KeysOf(ClusterTopology::GetPipeFittingSettingKeys(), {}));
        ReadDaemonSettings(*pfd, "pfd", ClusterTopology::GetPipeFittingSettingKeys(), t.pfd);
    }
}

/**
 * With daemons, reject settings that disagree across sections: pfd.keepaliveTimeout must
 * exceed epd.keepaliveInterval, pfd.consoleTimeout the accelerator's slowest command.
 */
void
CheckDaemonAgreement(const ClusterTopology& t)
{
    if (!t.HasDaemons())
    {
        return;
    }
    const auto& epdKeys = ClusterTopology::GetEndpointSettingKeys();
    const auto& pfdKeys = ClusterTopology::GetPipeFittingSettingKeys();
    auto interval = EffectiveTime(t.epd, epdKeys, "keepaliveInterval");
    auto keepalive = EffectiveTime(t.pfd, pfdKeys, "keepaliveTimeout");
    if (keepalive.value <= interval.value)
    {
        Fail(keepalive.given || !interval.given ? "pfd.keepaliveTimeout" : "epd.keepaliveInterval",
             "pfd.keepaliveTimeout " + keepalive.Text() +
                 " does not exceed epd.keepaliveInterval " + interval.Text() +
                 ": the pfd would tear down every circuit between two KEEPALIVEs");
    }
    auto console = EffectiveTime(t.pfd, pfdKeys, "consoleTimeout");
    Time latency = t.accelerator.commandLatencyMax.value_or(
        AttributeDefaultTime(kSwitch, "CommandLatencyMax"));
    Time switching =
        t.accelerator.switchingTime.value_or(AttributeDefaultTime(kSwitch, "SwitchingTime"));
    if (console.value <= latency + switching)
    {
        Fail("pfd.consoleTimeout",
             "pfd.consoleTimeout " + console.Text() +
                 " does not exceed the accelerator's slowest command, "
                 "accelerator.commandLatencyMax " +
                 FormatTime(latency) + (t.accelerator.commandLatencyMax ? "" : " (default)") +
                 " + accelerator.switchingTime " + FormatTime(switching) +
                 (t.accelerator.switchingTime ? "" : " (default)") +
                 ": a connection command could time out before it completes");
    }
}

} // namespace

ClusterTopology
ClusterTopology::Parse(const std::string& jsonText)
{
    Json doc = json_input::Parse(jsonText, "topology");
    ClusterTopology t;
    CheckObject(doc,
                "",
                {"description",
                 "hostProfile",
                 "packetNetwork",
                 "circuitNetwork",
                 "managementNetwork",
                 "links",
                 "packetSwitch",
                 "accelerator",
                 "hosts",
                 "staticCircuits",
                 "epd",
                 "pfd"},
                "topology");
    ParseDescriptionAndProfile(doc, t);
    ParseNetworks(doc, t);
    ParseLinks(doc, t);
    ParsePacketSwitch(doc, t);
    ParseAccelerator(doc, t);
    ParseHosts(doc, t);
    ParseStaticCircuits(doc, t);
    ParseEndpointDaemon(doc, t);
    ParsePipeFittingDaemon(doc, t);
    CheckDaemonAgreement(t);
    return t;
}

ClusterTopology
ClusterTopology::Load(const std::string& path)
{
    const std::string text = ReadFile(path, "topology file");
    try
    {
        return Parse(text);
    }
    catch (const ClusterTopologyError& e)
    {
        throw ClusterTopologyError(message_text::Shown(path, message_text::kMaxPath) + ": " +
                                   e.what());
    }
}

ClusterTopology
ClusterTopology::Load(const std::string& path, const std::vector<Override>& overrides)
{
    ClusterTopology topology = Load(path);
    if (overrides.empty())
    {
        return topology;
    }
    // Valid JSON: Load accepted it.  Key order is kept, so messages name the same paths.
    nlohmann::ordered_json doc = nlohmann::ordered_json::parse(ReadFile(path, "topology file"));
    for (const Override& o : overrides)
    {
        NS_ABORT_MSG_UNLESS(o.section == "epd" || o.section == "pfd",
                            "override of unknown section '" << o.section << "'");
        doc[o.section][o.key] = o.text;
    }
    try
    {
        return Parse(doc.dump(2));
    }
    catch (const ClusterTopologyError& e)
    {
        throw ClusterTopologyError(message_text::Shown(path, message_text::kMaxPath) +
                                   " with overrides: " + e.what());
    }
}

bool
ClusterTopology::HasDaemons() const
{
    return epd.present || pfd.present;
}

const ClusterTopology::Host*
ClusterTopology::FindHost(const std::string& name) const
{
    for (const auto& h : hosts)
    {
        if (h.name == name)
        {
            return &h;
        }
    }
    return nullptr;
}

const ClusterTopology::Host&
ClusterTopology::GetFrontEnd() const
{
    for (const auto& h : hosts)
    {
        if (h.frontEnd)
        {
            return h;
        }
    }
    NS_ABORT_MSG("topology without a front end (not made by Parse)");
}

} // namespace hybridnet
} // namespace ns3
