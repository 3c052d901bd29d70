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
CircuitSwitchConsole::ReplyNow(const std::string& line,
                               ReplyCallback reply,
                               const std::string& text)
{
    Simulator::ScheduleNow(&CircuitSwitchConsole::Deliver, this, line, reply, text);
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
CircuitSwitchConsole::Completion(const std::string& line,
                                 ReplyCallback reply,
                                 const std::string& warning)
{
    Ptr<CircuitSwitchConsole> self(this);
    return Callback<void, bool, std::string>(
        [self, line, reply, warning](bool success, std::string reason) {
            self->Deliver(line,
                          reply,
                          success ? (warning.empty() ? "OK" : "OK (warning: " + warning + ")")
                                  : "ERROR: " + reason);
        });
}

bool
CircuitSwitchConsole::Execute(std::string line, ReplyCallback reply)
{
    NS_LOG_FUNCTION(this << line);
    NS_ABORT_MSG_IF(!m_switch, "CircuitSwitchConsole: no switch (SetSwitch)");
    line.erase(std::remove(line.begin(), line.end(), '\r'), line.end());
    const std::vector<std::string> raw = Split(line);
    std::vector<std::string> w(raw.size());
    std::transform(raw.begin(), raw.end(), w.begin(), Lower);
    const std::size_t n = w.size();
    auto error = [&](const std::string& reason) { ReplyNow(line, reply, "ERROR: " + reason); };
    auto unknown = [&]() {
        error("unknown command '" + line + "' (type 'show help')");
    };
    // Two port arguments at w[first], w[first + 1]; replies the syntax error if not.
    auto ports = [&](std::size_t first) -> std::optional<std::pair<uint32_t, uint32_t>> {
        for (std::size_t i = first; i < first + 2; ++i)
        {
            if (!ParseNumber(w[i]))
            {
                error("bad port number '" + raw[i] + "'");
                return std::nullopt;
            }
        }
        return std::make_pair(*ParseNumber(w[first]), *ParseNumber(w[first + 1]));
    };

    if (n == 0)
    {
        ReplyNow(line, reply, "");
        return true;
    }
    const std::string& verb = w[0];
    if (verb == "connection")
    {
        if (n != 3)
        {
            error("usage: connection <p1> <p2>");
        }
        else if (auto p = ports(1))
        {
            m_switch->Connect(p->first, p->second, Completion(line, reply));
        }
    }
    else if (verb == "no")
    {
        if (n < 2 || w[1] != "connection")
        {
            unknown();
        }
        else if (n == 3 && w[2] == "cycle")
        {
            m_switch->StopConnectionCycle(Completion(line, reply));
        }
        else if (n != 4)
        {
            error(kCycleUsage);
        }
        else if (auto p = ports(2))
        {
            m_switch->Disconnect(p->first, p->second, Completion(line, reply));
        }
    }
    else if (verb == "default")
    {
        if (n >= 2 && w[1] == "connection")
        {
            if (n == 2)
            {
                m_switch->RestoreDefaultConnections(Completion(line, reply));
            }
            else
            {
                error("usage: default connection");
            }
        }
        else
        {
            unknown();
        }
    }
    else if (verb == "clear")
    {
        if (n >= 2 && w[1] == "connections")
        {
            if (n == 2)
            {
                m_switch->ClearConnections(Completion(line, reply));
            }
            else
            {
                error("usage: clear connections");
            }
        }
        else
        {
            unknown();
        }
    }
    else if (verb == "show")
    {
        if (n == 1)
        {
            error("incomplete command 'show' (show connections, show ip interface, show help, "
                  "show version)");
        }
        else if (n == 2 && w[1] == "connections")
        {
            ReplyNow(line, reply, ShowConnections());
        }
        else if (n == 2 && w[1] == "help")
        {
            ReplyNow(line, reply, GetHelpText());
        }
        else if (n == 2 && w[1] == "version")
        {
            ReplyNow(line, reply, m_version);
        }
        else if (n == 3 && w[1] == "ip" && w[2] == "interface")
        {
            ReplyNow(line, reply, ShowIpInterface());
        }
        else
        {
            unknown();
        }
    }
    else if (verb == "ip")
    {
        if (n >= 2 && w[1] == "address")
        {
            if (n == 3 && w[2] == "dhcp")
            {
                Ptr<CircuitSwitchConsole> self(this);
                m_switch->Submit(line,
                                 OpticalCircuitSwitch::ManagementAction([self]() {
                                     self->m_dhcp = true;
                                     self->m_hasAddress = false;
                                     return std::string();
                                 }),
                                 Completion(line, reply));
                return true;
            }
            if (n != 3 && n != 4)
            {
                error("usage: ip address dhcp | ip address <addr> [<mask>]");
                return true;
            }
            std::string addressText = w[2];
            uint32_t mask = 0xffffff00U; // /24 unless given
            bool maskOk = true;
            if (const auto slash = addressText.find('/'); slash != std::string::npos)
            {
                const auto length = ParseNumber(addressText.substr(slash + 1));
                maskOk = n == 3 && length && *length <= 32;
                mask = maskOk && *length > 0 ? ~uint32_t{0} << (32 - *length) : 0;
                addressText = addressText.substr(0, slash);
            }
            else if (n == 4)
            {
                const auto dotted = ParseDottedQuad(w[3]);
                maskOk = dotted && IsContiguous(*dotted);
                mask = maskOk ? *dotted : 0;
            }
            const auto address = ParseDottedQuad(addressText);
            if (!address)
            {
                error("bad address '" + raw[2] + "'");
                return true;
            }
            if (!maskOk)
            {
                error("bad netmask '" + (n == 4 ? raw[3] : raw[2]) + "'");
                return true;
            }
            const std::string warning =
                mask == 0xffffff00U ? "" : "netmask other than 255.255.255.0";
            Ptr<CircuitSwitchConsole> self(this);
            const uint32_t a = *address;
            const uint32_t m = mask;
            m_switch->Submit(line,
                             OpticalCircuitSwitch::ManagementAction([self, a, m]() {
                                 self->SetInterfaceRecord(Ipv4Address(a), Ipv4Mask(m));
                                 return std::string();
                             }),
                             Completion(line, reply, warning));
        }
        else if (n >= 3 && w[1] == "default" && w[2] == "gateway")
        {
            if (n != 4)
            {
                error("usage: ip default gateway <addr>");
                return true;
            }
            const auto gateway = ParseDottedQuad(w[3]);
            if (!gateway)
            {
                error("bad address '" + raw[3] + "'");
                return true;
            }
            Ptr<CircuitSwitchConsole> self(this);
            const uint32_t g = *gateway;
            m_switch->Submit(line,
                             OpticalCircuitSwitch::ManagementAction([self, g]() {
                                 self->m_hasGateway = true;
                                 self->m_gateway = Ipv4Address(g);
                                 return std::string();
                             }),
                             Completion(line, reply));
        }
        else
        {
            unknown();
        }
    }
    else if (verb == "quit")
    {
        if (n == 1)
        {
            ReplyNow(line, reply, "Goodbye");
            return false;
        }
        error("usage: quit");
    }
    else
    {
        unknown();
    }
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
