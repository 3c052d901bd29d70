/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "circuit-switch-console.h"

#include "optical-circuit-switch.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/trace-source-accessor.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <optional>
#include <sstream>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetCircuitSwitchConsole");
NS_OBJECT_ENSURE_REGISTERED(CircuitSwitchConsole);

namespace
{

/** @return the blank-separated words of @p line */
std::vector<std::string>
Split(const std::string& line)
{
    std::istringstream in(line);
    std::vector<std::string> words;
    std::string word;
    while (in >> word)
    {
        words.push_back(word);
    }
    return words;
}

/** @return @p s in lower case */
std::string
Lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) {
        return static_cast<char>(std::tolower(c));
    });
    return s;
}

/** @return @p s as a decimal number of at most 9 digits, or nothing */
std::optional<uint32_t>
ParseNumber(const std::string& s)
{
    if (s.empty() || s.size() > 9 ||
        !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
    {
        return std::nullopt;
    }
    return static_cast<uint32_t>(std::stoul(s));
}

/** @return @p s as a dotted-quad IPv4 address (host order), or nothing */
std::optional<uint32_t>
ParseDottedQuad(const std::string& s)
{
    uint32_t value = 0;
    int octets = 0;
    std::size_t start = 0;
    while (start <= s.size())
    {
        const std::size_t dot = s.find('.', start);
        const std::string part =
            s.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        auto n = ParseNumber(part);
        if (!n || *n > 255 || part.size() > 3 || ++octets > 4)
        {
            return std::nullopt;
        }
        value = (value << 8) | *n;
        if (dot == std::string::npos)
        {
            break;
        }
        start = dot + 1;
    }
    return octets == 4 ? std::optional<uint32_t>(value) : std::nullopt;
}

/** @return whether @p mask is a contiguous netmask (ones then zeros) */
bool
IsContiguous(uint32_t mask)
{
    const uint32_t inverted = ~mask;
    return (inverted & (inverted + 1)) == 0;
}

const std::string kCycleUsage = "usage: no connection <p1> <p2> | no connection cycle";

/** The netmask of `ip address <addr>` without one, /24. */
constexpr uint32_t kDefaultMask = 0xffffff00U;

/** The arguments of `ip address <addr> [<mask>]`. */
struct AddressArguments
{
    std::string address;          //!< the address as typed, without a "/len"
    std::optional<uint32_t> mask; //!< the netmask, nothing if it is not valid
};

/**
 * Split the arguments of `ip address <addr>/<len>` or `ip address <addr> [<mask>]`.
 * @param w the command's words (3 or 4), lower case
 * @return the address text and the netmask (/24 unless given)
 */
AddressArguments
SplitAddressAndMask(const std::vector<std::string>& w)
{
    AddressArguments arguments{w[2], kDefaultMask};
    if (const auto slash = w[2].find('/'); slash != std::string::npos)
    {
        const auto length = ParseNumber(w[2].substr(slash + 1));
        arguments.address = w[2].substr(0, slash);
        if (w.size() != 3 || !length || *length > 32)
        {
            arguments.mask = std::nullopt;
        }
        else
        {
            arguments.mask = *length == 0 ? 0 : ~uint32_t{0} << (32 - *length);
        }
    }
    else if (w.size() == 4)
    {
        const auto dotted = ParseDottedQuad(w[3]);
        if (dotted && IsContiguous(*dotted))
        {
            arguments.mask = dotted;
        }
        else
        {
            arguments.mask = std::nullopt;
        }
    }
    return arguments;
}

} // namespace

TypeId
CircuitSwitchConsole::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::CircuitSwitchConsole")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<CircuitSwitchConsole>()
            .AddAttribute("Version",
                          "Reply to `show version` (the study's accelerator: model 306D, "
                          "software 1.5.1). Any text.",
                          StringValue("Lightpath accelerator model 306D, software 1.5.1 "
                                      "(hybridnet simulation)"),
                          MakeStringAccessor(&CircuitSwitchConsole::m_version),
                          MakeStringChecker())
            .AddTraceSource("Command",
                            "A command line and its reply, when the reply is delivered.",
                            MakeTraceSourceAccessor(&CircuitSwitchConsole::m_commandTrace),
                            "ns3::hybridnet::CircuitSwitchConsole::CommandCallback");
    return tid;
}

CircuitSwitchConsole::CircuitSwitchConsole()
{
    NS_LOG_FUNCTION(this);
}

CircuitSwitchConsole::~CircuitSwitchConsole() = default;

void
CircuitSwitchConsole::DoDispose()
{
    m_switch = nullptr;
    Object::DoDispose();
}

void
CircuitSwitchConsole::SetSwitch(Ptr<OpticalCircuitSwitch> ocs)
{
    m_switch = ocs;
}

Ptr<OpticalCircuitSwitch>
CircuitSwitchConsole::GetSwitch() const
{
    return m_switch;
}

void
CircuitSwitchConsole::SetInterfaceRecord(Ipv4Address address, Ipv4Mask mask)
{
    m_dhcp = false;
    m_hasAddress = true;
    m_address = address;
    m_mask = mask;
}

std::string
CircuitSwitchConsole::GetHelpText()
{
    return "connection <p1> <p2>         connect ports p1 and p2\n"
           "no connection <p1> <p2>      disconnect ports p1 and p2\n"
           "default connection           restore the default connections\n"
           "no connection cycle          stop the connection cycle\n"
           "clear connections            disconnect all ports\n"
           "show connections             list the connections\n"
           "ip address dhcp              get the management address by DHCP\n"
           "ip address <addr> [<mask>]   set the management address (or <addr>/<len>)\n"
           "ip default gateway <addr>    set the default gateway\n"
           "show ip interface            show the management interface\n"
           "show help                    this list\n"
           "show version                 show the model and software version\n"
           "quit                         end the session";
}

void
CircuitSwitchConsole::ReplyNow(const Command& command, const std::string& text)
{
    Simulator::ScheduleNow(&CircuitSwitchConsole::Deliver, this, command.line, command.reply, text);
}

void
CircuitSwitchConsole::Deliver(std::string line, ReplyCallback reply, std::string text)
{
    NS_LOG_INFO("'" << line << "' -> '" << text << "'");
    m_commandTrace(line, text);
    if (!reply.IsNull())
    {
        reply(text);
    }
}

Callback<void, bool, std::string>
CircuitSwitchConsole::Completion(const Command& command, const std::string& warning)
{
    Ptr<CircuitSwitchConsole> self(this);
    return Callback<void, bool, std::string>(
        [self, line = command.line, reply = command.reply, warning](bool success,
                                                                    std::string reason) {
            self->Deliver(line,
                          reply,
                          success ? (warning.empty() ? "OK" : "OK (warning: " + warning + ")")
                                  : "ERROR: " + reason);
        });
}

void
CircuitSwitchConsole::ReplyError(const Command& command, const std::string& reason)
{
    ReplyNow(command, "ERROR: " + reason);
}

void
CircuitSwitchConsole::ReplyUnknown(const Command& command)
{
    ReplyError(command, "unknown command '" + command.line + "' (type 'show help')");
}

void
CircuitSwitchConsole::SubmitInterfaceChange(const Command& command,
                                            std::function<void()> change,
                                            const std::string& warning)
{
    Ptr<CircuitSwitchConsole> self(this); // alive until the controller runs the change
    m_switch->Submit(command.line,
                     OpticalCircuitSwitch::ManagementAction([self, change]() {
                         change();
                         return std::string();
                     }),
                     Completion(command, warning));
}

std::optional<std::pair<uint32_t, uint32_t>>
CircuitSwitchConsole::ParsePorts(const Command& command, std::size_t first)
{
    for (std::size_t i = first; i < first + 2; ++i)
    {
        if (!ParseNumber(command.words[i]))
        {
            ReplyError(command, "bad port number '" + command.raw[i] + "'");
            return std::nullopt;
        }
    }
    return std::make_pair(*ParseNumber(command.words[first]),
                          *ParseNumber(command.words[first + 1]));
}

bool
CircuitSwitchConsole::Execute(std::string line, ReplyCallback reply)
{
    NS_LOG_FUNCTION(this << line);
    NS_ABORT_MSG_IF(!m_switch, "CircuitSwitchConsole: no switch (SetSwitch)");
    line.erase(std::remove(line.begin(), line.end(), '\r'), line.end());
    Command command{line, Split(line), {}, reply};
    command.words.resize(command.raw.size());
    std::transform(command.raw.begin(), command.raw.end(), command.words.begin(), Lower);
    if (command.words.empty())
    {
        ReplyNow(command, "");
        return true;
    }
    using Handler = bool (CircuitSwitchConsole::*)(const Command&);
    static const std::map<std::string, Handler> handlers = {
        {"connection", &CircuitSwitchConsole::ExecuteConnection},
        {"no", &CircuitSwitchConsole::ExecuteNo},
        {"default", &CircuitSwitchConsole::ExecuteDefault},
        {"clear", &CircuitSwitchConsole::ExecuteClear},
        {"show", &CircuitSwitchConsole::ExecuteShow},
        {"ip", &CircuitSwitchConsole::ExecuteIp},
        {"quit", &CircuitSwitchConsole::ExecuteQuit},
    };
    const auto handler = handlers.find(command.words[0]);
    if (handler == handlers.end())
    {
        ReplyUnknown(command);
        return true;
    }
    return (this->*handler->second)(command);
}

bool
CircuitSwitchConsole::ExecuteConnection(const Command& command)
{
    if (command.words.size() != 3)
    {
        ReplyError(command, "usage: connection <p1> <p2>");
    }
    else if (auto p = ParsePorts(command, 1))
    {
        m_switch->Connect(p->first, p->second, Completion(command));
    }
    return true;
}

bool
CircuitSwitchConsole::ExecuteNo(const Command& command)
{
    const auto& w = command.words;
    const std::size_t n = w.size();
    if (n < 2 || w[1] != "connection")
    {
        ReplyUnknown(command);
    }
    else if (n == 3 && w[2] == "cycle")
    {
        m_switch->StopConnectionCycle(Completion(command));
    }
    else if (n != 4)
    {
        ReplyError(command, kCycleUsage);
    }
    else if (auto p = ParsePorts(command, 2))
    {
        m_switch->Disconnect(p->first, p->second, Completion(command));
    }
    return true;
}

bool
CircuitSwitchConsole::ExecuteDefault(const Command& command)
{
    return ExecuteMapCommand(command,
                             "connection",
                             &OpticalCircuitSwitch::RestoreDefaultConnections);
}

bool
CircuitSwitchConsole::ExecuteClear(const Command& command)
{
    return ExecuteMapCommand(command, "connections", &OpticalCircuitSwitch::ClearConnections);
}

bool
CircuitSwitchConsole::ExecuteMapCommand(const Command& command,
                                        const std::string& keyword,
                                        MapAction action)
{
    const auto& w = command.words;
    if (w.size() < 2 || w[1] != keyword)
    {
        ReplyUnknown(command);
    }
    else if (w.size() == 2)
    {
        ((*m_switch).*action)(Completion(command));
    }
    else
    {
        ReplyError(command, "usage: " + w[0] + " " + keyword);
    }
    return true;
}

bool
CircuitSwitchConsole::ExecuteShow(const Command& command)
{
    const auto& w = command.words;
    const std::size_t n = w.size();
    if (n == 1)
    {
        ReplyError(command,
                   "incomplete command 'show' (show connections, show ip interface, show help, "
                   "show version)");
    }
    else if (n == 2 && w[1] == "connections")
    {
        ReplyNow(command, ShowConnections());
    }
    else if (n == 2 && w[1] == "help")
    {
        ReplyNow(command, GetHelpText());
    }
    else if (n == 2 && w[1] == "version")
    {
        ReplyNow(command, m_version);
    }
    else if (n == 3 && w[1] == "ip" && w[2] == "interface")
    {
        ReplyNow(command, ShowIpInterface());
    }
    else
    {
        ReplyUnknown(command);
    }
    return true;
}

bool
CircuitSwitchConsole::ExecuteIp(const Command& command)
{
    const auto& w = command.words;
    const std::size_t n = w.size();
    if (n >= 2 && w[1] == "address")
    {
        ExecuteIpAddress(command);
    }
    else if (n >= 3 && w[1] == "default" && w[2] == "gateway")
    {
        ExecuteIpDefaultGateway(command);
    }
    else
    {
        ReplyUnknown(command);
    }
    return true;
}

void
CircuitSwitchConsole::ExecuteIpAddress(const Command& command)
{
    const std::size_t n = command.words.size();
    if (n == 3 && command.words[2] == "dhcp")
    {
        SubmitInterfaceChange(command, [this]() {
            m_dhcp = true;
            m_hasAddress = false;
        });
        return;
    }
    if (n != 3 && n != 4)
    {
        ReplyError(command, "usage: ip address dhcp | ip address <addr> [<mask>]");
        return;
    }
    const auto [addressText, mask] = SplitAddressAndMask(command.words);
    const auto address = ParseDottedQuad(addressText);
    if (!address)
    {
        ReplyError(command, "bad address '" + command.raw[2] + "'");
        return;
    }
    if (!mask)
    {
        ReplyError(command, "bad netmask '" + command.raw[n == 4 ? 3 : 2] + "'");
        return;
    }
    const std::string warning = *mask == kDefaultMask ? "" : "netmask other than 255.255.255.0";
    SubmitInterfaceChange(
        command,
        [this, a = *address, m = *mask]() { SetInterfaceRecord(Ipv4Address(a), Ipv4Mask(m)); },
        warning);
}

void
CircuitSwitchConsole::ExecuteIpDefaultGateway(const Command& command)
{
    if (command.words.size() != 4)
    {
        ReplyError(command, "usage: ip default gateway <addr>");
        return;
    }
    const auto gateway = ParseDottedQuad(command.words[3]);
    if (!gateway)
    {
        ReplyError(command, "bad address '" + command.raw[3] + "'");
        return;
    }
    SubmitInterfaceChange(command, [this, g = *gateway]() {
        m_hasGateway = true;
        m_gateway = Ipv4Address(g);
    });
}

bool
CircuitSwitchConsole::ExecuteQuit(const Command& command)
{
    if (command.words.size() == 1)
    {
        ReplyNow(command, "Goodbye");
        return false;
    }
    ReplyError(command, "usage: quit");
    return true;
}

std::string
CircuitSwitchConsole::ShowConnections() const
{
    std::ostringstream out;
    const auto circuits = m_switch->GetConnections();
    for (const auto& [a, b] : circuits)
    {
        out << a << " <-> " << b << (m_switch->IsLit(a) ? "" : " (switching)") << "\n";
    }
    if (circuits.empty())
    {
        out << "no connections\n";
    }
    if (m_switch->IsCycling())
    {
        out << "connection cycle active\n";
    }
    std::string text = out.str();
    text.pop_back(); // the last '\n'
    return text;
}

std::string
CircuitSwitchConsole::ShowIpInterface() const
{
    std::ostringstream out;
    if (m_dhcp)
    {
        out << "ip address dhcp";
    }
    else if (m_hasAddress)
    {
        out << "ip address " << m_address << " " << m_mask << " (static)";
    }
    else
    {
        out << "ip address none";
    }
    out << "\ndefault gateway ";
    if (m_hasGateway)
    {
        out << m_gateway;
    }
    else
    {
        out << "none";
    }
    return out.str();
}

} // namespace hybridnet
} // namespace ns3
