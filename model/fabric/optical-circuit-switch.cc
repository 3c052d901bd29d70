/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "optical-circuit-switch.h"

#include "phy-relay-port.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/mac48-address.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <sstream>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetOpticalCircuitSwitch");
NS_OBJECT_ENSURE_REGISTERED(OpticalCircuitSwitch);

namespace
{
constexpr uint32_t kMaxPorts = 1024; //!< upper end of NumPorts (large MEMS switches)

/**
 * Parse "a-b c-d ..." (pairs separated by blanks or commas) into pairs of numbers.
 * @param text the text
 * @param[out] pairs the pairs, in order
 * @return a syntax error, or empty
 */
std::string
ParsePairs(const std::string& text, std::vector<std::pair<uint64_t, uint64_t>>& pairs)
{
    std::string spaced = text;
    std::replace(spaced.begin(), spaced.end(), ',', ' ');
    std::istringstream in(spaced);
    std::string token;
    while (in >> token)
    {
        const auto dash = token.find('-');
        const std::string a = token.substr(0, dash);
        const std::string b = dash == std::string::npos ? "" : token.substr(dash + 1);
        auto isNumber = [](const std::string& s) {
            return !s.empty() && s.size() <= 9 &&
                   std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
        };
        if (!isNumber(a) || !isNumber(b))
        {
            return "'" + token + "' is not a pair of ports <a>-<b>";
        }
        pairs.emplace_back(std::stoull(a), std::stoull(b));
    }
    return "";
}
} // namespace

TypeId
OpticalCircuitSwitch::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::OpticalCircuitSwitch")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<OpticalCircuitSwitch>()
            .AddAttribute("NumPorts",
                          "Number of fiber ports, numbered 1..NumPorts (the study's "
                          "accelerator has 6). Set before Install. Range: 2 to 1024.",
                          UintegerValue(6),
                          MakeUintegerAccessor(&OpticalCircuitSwitch::SetNumPorts,
                                               &OpticalCircuitSwitch::GetNPorts),
                          MakeUintegerChecker<uint32_t>(2, kMaxPorts))
            .AddAttribute("SwitchingTime",
                          "Switching time S of equation (3): the ports whose circuit changes "
                          "carry no light for S (mirror movement and settling; MEMS switches "
                          "take about 10-50 ms). Range: 0 s to 10 s.",
                          TimeValue(MilliSeconds(20)),
                          MakeTimeAccessor(&OpticalCircuitSwitch::m_switchingTime),
                          MakeTimeChecker(Seconds(0), Seconds(10)))
            .AddAttribute("CommandLatencyMin",
                          "Lower end of the command latency L of equation (4), uniform in "
                          "[CommandLatencyMin, CommandLatencyMax] (the study: the connect "
                          "command takes 1-2 s to return). Range: 0 s to 60 s, and at most "
                          "CommandLatencyMax (checked when a command starts).",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&OpticalCircuitSwitch::m_latencyMin),
                          MakeTimeChecker(Seconds(0), Seconds(60)))
            .AddAttribute("CommandLatencyMax",
                          "Upper end of the command latency L of equation (4); equal to "
                          "CommandLatencyMin for a constant latency. Range: 0 s to 60 s.",
                          TimeValue(Seconds(2)),
                          MakeTimeAccessor(&OpticalCircuitSwitch::m_latencyMax),
                          MakeTimeChecker(Seconds(0), Seconds(60)))
            .AddAttribute("DefaultConnections",
                          "Default circuit map: set up at power-up and by `default "
                          "connection`. Pairs of port numbers \"<a>-<b>\" separated by blanks "
                          "or commas, e.g. \"1-2 3-4\"; empty for no circuit. The syntax is "
                          "checked when set (abort), the ports against NumPorts when used.",
                          StringValue(""),
                          MakeStringAccessor(&OpticalCircuitSwitch::SetDefaultConnections,
                                             &OpticalCircuitSwitch::GetDefaultConnections),
                          MakeStringChecker())
            .AddAttribute("CycleInterval",
                          "Connection-cycle mode: if not zero, the switch starts cycling at "
                          "power-up and moves to the next matching of its round-robin "
                          "schedule every CycleInterval (which must exceed SwitchingTime); "
                          "0 s: no cycling. Range: 0 s to 1 h.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&OpticalCircuitSwitch::m_cycleInterval),
                          MakeTimeChecker(Seconds(0), Hours(1)))
            .AddTraceSource("CircuitStateChange",
                            "A circuit starts (up) or stops (down) carrying light, "
                            "equation (3).",
                            MakeTraceSourceAccessor(&OpticalCircuitSwitch::m_circuitTrace),
                            "ns3::hybridnet::OpticalCircuitSwitch::CircuitStateCallback")
            .AddTraceSource("LightLost",
                            "A frame was lost: its port was in no lit circuit for the whole "
                            "of its light, equation (2), or its output port has no fiber.",
                            MakeTraceSourceAccessor(&OpticalCircuitSwitch::m_lightLostTrace),
                            "ns3::hybridnet::OpticalCircuitSwitch::LightLostCallback")
            .AddTraceSource("CommandComplete",
                            "A management command completed, equation (4).",
                            MakeTraceSourceAccessor(&OpticalCircuitSwitch::m_commandTrace),
                            "ns3::hybridnet::OpticalCircuitSwitch::CommandCallback")
            .AddTraceSource("LostFrames",
                            "Frames lost on all ports (LightLost events).",
                            MakeTraceSourceAccessor(&OpticalCircuitSwitch::m_lostFrames),
                            "ns3::hybridnet::OpticalCircuitSwitch::CounterCallback")
            .AddTraceSource("LitCircuits",
                            "Number of circuits carrying light.",
                            MakeTraceSourceAccessor(&OpticalCircuitSwitch::m_litCircuits),
                            "ns3::hybridnet::OpticalCircuitSwitch::CounterCallback");
    return tid;
}

OpticalCircuitSwitch::OpticalCircuitSwitch()
    : m_latencyRng(CreateObject<UniformRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

OpticalCircuitSwitch::~OpticalCircuitSwitch() = default;

void
OpticalCircuitSwitch::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_commandEvent.Cancel();
    m_cycleEvent.Cancel();
    m_commands.clear();
    for (const Ptr<PhyRelayPort>& port : m_ports)
    {
        if (port)
        {
            port->SetRelayCallback(PhyRelayPort::RelayCallback());
        }
    }
    m_ports.clear();
    m_node = nullptr;
    m_latencyRng = nullptr;
    Object::DoDispose();
}

void
OpticalCircuitSwitch::Install(Ptr<Node> node)
{
    NS_LOG_FUNCTION(this << node);
    NS_ABORT_MSG_IF(m_node,
                    "OpticalCircuitSwitch::Install: already installed on node " << m_node->GetId());
    m_node = node;
    m_ports.assign(m_nPorts + 1, nullptr);
    m_peer.assign(m_nPorts + 1, 0);
    m_settling.assign(m_nPorts + 1, false);
    m_litSince.assign(m_nPorts + 1, Time(0));
    m_lostPerPort.assign(m_nPorts + 1, 0);
    for (uint32_t p = 1; p <= m_nPorts; ++p)
    {
        Ptr<PhyRelayPort> port = CreateObject<PhyRelayPort>();
        port->SetAddress(Mac48Address::Allocate());
        node->AddDevice(port);
        port->SetRelayCallback(MakeCallback(&OpticalCircuitSwitch::LightIn, this).Bind(p));
        m_ports[p] = port;
    }
    node->AggregateObject(this);
}

void
OpticalCircuitSwitch::DoInitialize()
{
    NS_LOG_FUNCTION(this);
    if (m_node)
    {
        // Power-up: the default map, lit at once (no mirror is moving yet).
        std::vector<uint32_t> peers;
        const std::string error = ParseMap(m_defaultText, peers);
        NS_ABORT_MSG_IF(!error.empty(),
                        "OpticalCircuitSwitch: DefaultConnections \"" << m_defaultText
                                                                      << "\": " << error);
        m_peer = peers;
        for (uint32_t p = 1; p <= m_nPorts; ++p)
        {
            m_litSince[p] = Simulator::Now();
            if (m_peer[p] > p)
            {
                m_litCircuits += 1;
                m_circuitTrace(p, m_peer[p], true, Simulator::Now());
            }
        }
        if (!m_cycleInterval.IsZero())
        {
            NS_ABORT_MSG_IF(m_cycleInterval <= m_switchingTime,
                            "OpticalCircuitSwitch: CycleInterval " << m_cycleInterval.As(Time::S)
                                                                   << " must exceed SwitchingTime "
                                                                   << m_switchingTime.As(Time::S));
            m_cycling = true;
            CycleTick();
        }
    }
    Object::DoInitialize();
}

uint32_t
OpticalCircuitSwitch::GetNPorts() const
{
    return m_nPorts;
}

Ptr<PhyRelayPort>
OpticalCircuitSwitch::GetPort(uint32_t port) const
{
    NS_ABORT_MSG_IF(port < 1 || port >= m_ports.size(),
                    "OpticalCircuitSwitch::GetPort: port " << port << " out of range 1.."
                                                           << m_nPorts << " (or not installed)");
    return m_ports[port];
}

Ptr<Node>
OpticalCircuitSwitch::GetNode() const
{
    return m_node;
}

int64_t
OpticalCircuitSwitch::AssignStreams(int64_t stream)
{
    m_latencyRng->SetStream(stream);
    return 1;
}

void
OpticalCircuitSwitch::SetNumPorts(uint32_t nPorts)
{
    NS_ABORT_MSG_IF(m_node && nPorts != m_nPorts,
                    "OpticalCircuitSwitch: NumPorts cannot change after Install");
    m_nPorts = nPorts;
}

void
OpticalCircuitSwitch::SetDefaultConnections(std::string text)
{
    std::vector<std::pair<uint64_t, uint64_t>> pairs;
    const std::string error = ParsePairs(text, pairs);
    NS_ABORT_MSG_IF(!error.empty(),
                    "OpticalCircuitSwitch: DefaultConnections \"" << text << "\": " << error);
    m_defaultText = text;
}

std::string
OpticalCircuitSwitch::GetDefaultConnections() const
{
    return m_defaultText;
}

std::string
OpticalCircuitSwitch::CheckPort(uint32_t port) const
{
    if (port < 1 || port > m_nPorts)
    {
        return "port " + std::to_string(port) + " out of range 1.." + std::to_string(m_nPorts);
    }
    return "";
}

std::string
OpticalCircuitSwitch::ParseMap(const std::string& text, std::vector<uint32_t>& peers) const
{
    std::vector<std::pair<uint64_t, uint64_t>> pairs;
    std::string error = ParsePairs(text, pairs);
    if (!error.empty())
    {
        return error;
    }
    peers.assign(m_nPorts + 1, 0);
    for (const auto& [a, b] : pairs)
    {
        for (uint64_t p : {a, b})
        {
            if (p < 1 || p > m_nPorts)
            {
                return "port " + std::to_string(p) + " out of range 1.." + std::to_string(m_nPorts);
            }
        }
        if (a == b)
        {
            return "cannot connect port " + std::to_string(a) + " to itself";
        }
        for (uint64_t p : {a, b})
        {
            if (peers[p] != 0)
            {
                return "port " + std::to_string(p) + " is in two circuits";
            }
        }
        peers[a] = static_cast<uint32_t>(b);
        peers[b] = static_cast<uint32_t>(a);
    }
    return "";
}

// ---- control plane ---------------------------------------------------------------------

void
OpticalCircuitSwitch::Connect(uint32_t p1, uint32_t p2, CompletionCallback done)
{
    NS_LOG_FUNCTION(this << p1 << p2);
    Command command;
    command.text = "connection " + std::to_string(p1) + " " + std::to_string(p2);
    command.done = done;
    command.apply = [this, p1, p2](bool& changed) -> std::string {
        if (m_cycling)
        {
            return "connection cycle active (use 'no connection cycle')";
        }
        for (uint32_t p : {p1, p2})
        {
            if (std::string error = CheckPort(p); !error.empty())
            {
                return error;
            }
        }
        if (p1 == p2)
        {
            return "cannot connect port " + std::to_string(p1) + " to itself";
        }
        if (m_peer[p1] == p2)
        {
            return ""; // already there: nothing moves
        }
        for (uint32_t p : {p1, p2})
        {
            if (m_peer[p] != 0)
            {
                return "port " + std::to_string(p) + " is already connected to port " +
                       std::to_string(m_peer[p]);
            }
        }
        std::vector<uint32_t> peers = m_peer;
        peers[p1] = p2;
        peers[p2] = p1;
        changed = Reconfigure(peers);
        return "";
    };
    Enqueue(std::move(command));
}

void
OpticalCircuitSwitch::Disconnect(uint32_t p1, uint32_t p2, CompletionCallback done)
{
    NS_LOG_FUNCTION(this << p1 << p2);
    Command command;
    command.text = "no connection " + std::to_string(p1) + " " + std::to_string(p2);
    command.done = done;
    command.apply = [this, p1, p2](bool& changed) -> std::string {
        if (m_cycling)
        {
            return "connection cycle active (use 'no connection cycle')";
        }
        for (uint32_t p : {p1, p2})
        {
            if (std::string error = CheckPort(p); !error.empty())
            {
                return error;
            }
        }
        if (m_peer[p1] != p2 || p1 == p2)
        {
            return "no connection between port " + std::to_string(p1) + " and port " +
                   std::to_string(p2);
        }
        std::vector<uint32_t> peers = m_peer;
        peers[p1] = 0;
        peers[p2] = 0;
        changed = Reconfigure(peers);
        return "";
    };
    Enqueue(std::move(command));
}

void
OpticalCircuitSwitch::ClearConnections(CompletionCallback done)
{
    NS_LOG_FUNCTION(this);
    Command command;
    command.text = "clear connections";
    command.done = done;
    command.apply = [this](bool& changed) -> std::string {
        if (m_cycling)
        {
            return "connection cycle active (use 'no connection cycle')";
        }
        changed = Reconfigure(std::vector<uint32_t>(m_nPorts + 1, 0));
        return "";
    };
    Enqueue(std::move(command));
}

void
OpticalCircuitSwitch::RestoreDefaultConnections(CompletionCallback done)
{
    NS_LOG_FUNCTION(this);
    Command command;
    command.text = "default connection";
    command.done = done;
    command.apply = [this](bool& changed) -> std::string {
        if (m_cycling)
        {
            return "connection cycle active (use 'no connection cycle')";
        }
        std::vector<uint32_t> peers;
        if (std::string error = ParseMap(m_defaultText, peers); !error.empty())
        {
            return "default connections \"" + m_defaultText + "\": " + error;
        }
        changed = Reconfigure(peers);
        return "";
    };
    Enqueue(std::move(command));
}

void
OpticalCircuitSwitch::StopConnectionCycle(CompletionCallback done)
{
    NS_LOG_FUNCTION(this);
    Command command;
    command.text = "no connection cycle";
    command.done = done;
    command.apply = [this](bool& /* changed */) -> std::string {
        m_cycling = false;
        m_cycleEvent.Cancel();
        return "";
    };
    Enqueue(std::move(command));
}

void
OpticalCircuitSwitch::Submit(std::string text, ManagementAction action, CompletionCallback done)
{
    NS_LOG_FUNCTION(this << text);
    Command command;
    command.text = text;
    command.done = done;
    command.apply = [action](bool& /* changed */) -> std::string {
        return action.IsNull() ? std::string() : action();
    };
    Enqueue(std::move(command));
}

void
OpticalCircuitSwitch::Enqueue(Command command)
{
    command.issued = Simulator::Now();
    m_commands.push_back(std::move(command));
    if (!m_busy)
    {
        StartNext();
    }
}

void
OpticalCircuitSwitch::StartNext()
{
    if (m_commands.empty())
    {
        m_busy = false;
        return;
    }
    m_busy = true;
    Time latency;
    if (!m_commands.front().immediate)
    {
        NS_ABORT_MSG_IF(m_latencyMin > m_latencyMax,
                        "OpticalCircuitSwitch: CommandLatencyMin " << m_latencyMin.As(Time::S)
                                                                   << " above CommandLatencyMax "
                                                                   << m_latencyMax.As(Time::S));
        latency =
            Seconds(m_latencyRng->GetValue(m_latencyMin.GetSeconds(), m_latencyMax.GetSeconds()));
    }
    NS_LOG_LOGIC("command '" << m_commands.front().text << "' applied in " << latency.As(Time::S));
    m_commandEvent = Simulator::Schedule(latency, &OpticalCircuitSwitch::ApplyHead, this);
}

void
OpticalCircuitSwitch::ApplyHead()
{
    bool changed = false;
    const std::string reason = m_commands.front().apply(changed);
    if (changed)
    {
        m_commandEvent = Simulator::Schedule(m_switchingTime, &OpticalCircuitSwitch::Settle, this);
    }
    else
    {
        Complete(reason);
    }
}

void
OpticalCircuitSwitch::Settle()
{
    const Time now = Simulator::Now();
    for (uint32_t p = 1; p <= m_nPorts; ++p)
    {
        if (!m_settling[p])
        {
            continue;
        }
        m_settling[p] = false;
        m_litSince[p] = now;
        if (m_peer[p] > p)
        {
            m_litCircuits += 1;
            m_circuitTrace(p, m_peer[p], true, now);
        }
    }
    Complete("");
}

void
OpticalCircuitSwitch::Complete(const std::string& reason)
{
    Command command = std::move(m_commands.front());
    m_commands.pop_front();
    NS_LOG_INFO("'" << command.text << "' " << (reason.empty() ? "done" : "failed: " + reason));
    m_commandTrace(command.text, reason.empty(), reason, command.issued);
    if (!command.done.IsNull())
    {
        command.done(reason.empty(), reason); // may queue more commands: m_busy still set
    }
    StartNext();
}

bool
OpticalCircuitSwitch::Reconfigure(const std::vector<uint32_t>& peers)
{
    const Time now = Simulator::Now();
    bool changed = false;
    for (uint32_t p = 1; p <= m_nPorts; ++p)
    {
        if (peers[p] == m_peer[p])
        {
            continue;
        }
        changed = true;
        if (m_peer[p] > p && !m_settling[p])
        {
            m_litCircuits -= 1;
            m_circuitTrace(p, m_peer[p], false, now);
        }
    }
    for (uint32_t p = 1; p <= m_nPorts; ++p)
    {
        if (peers[p] != m_peer[p])
        {
            m_settling[p] = true; // dark until Settle, equation (3)
        }
    }
    m_peer = peers;
    return changed;
}

std::vector<uint32_t>
OpticalCircuitSwitch::NextCycleMap()
{
    // Circle method over M = NumPorts rounded up to even "players" 0..M-1: M-1 is fixed,
    // the others rotate; round r pairs M-1 with r and (r+i) with (r-i) mod (M-1).  A
    // player M-1 = NumPorts (odd NumPorts) is the dummy: its partner stays dark.
    const uint32_t m = m_nPorts + (m_nPorts % 2);
    const uint32_t r = m_cycleRound % (m - 1);
    ++m_cycleRound;
    std::vector<uint32_t> peers(m_nPorts + 1, 0);
    auto pair = [&](uint32_t a, uint32_t b) {
        if (a < m_nPorts && b < m_nPorts)
        {
            peers[a + 1] = b + 1;
            peers[b + 1] = a + 1;
        }
    };
    pair(m - 1, r);
    for (uint32_t i = 1; i < m / 2; ++i)
    {
        pair((r + i) % (m - 1), (r + (m - 1) - i) % (m - 1));
    }
    return peers;
}

void
OpticalCircuitSwitch::CycleTick()
{
    if (!m_cycling)
    {
        return;
    }
    if (!m_cycleStepQueued)
    {
        m_cycleStepQueued = true;
        Command command;
        command.text = "connection cycle step";
        command.immediate = true;
        command.apply = [this](bool& changed) -> std::string {
            m_cycleStepQueued = false;
            if (m_cycling)
            {
                changed = Reconfigure(NextCycleMap());
            }
            return "";
        };
        Enqueue(std::move(command));
    }
    m_cycleEvent = Simulator::Schedule(m_cycleInterval, &OpticalCircuitSwitch::CycleTick, this);
}

std::vector<OpticalCircuitSwitch::Circuit>
OpticalCircuitSwitch::GetConnections() const
{
    std::vector<Circuit> circuits;
    for (uint32_t p = 1; p < m_peer.size(); ++p)
    {
        if (m_peer[p] > p)
        {
            circuits.emplace_back(p, m_peer[p]);
        }
    }
    return circuits;
}

uint32_t
OpticalCircuitSwitch::GetPeer(uint32_t port) const
{
    return port < m_peer.size() ? m_peer[port] : 0;
}

bool
OpticalCircuitSwitch::IsLit(uint32_t port) const
{
    return port >= 1 && port < m_peer.size() && m_peer[port] != 0 && !m_settling[port];
}

bool
OpticalCircuitSwitch::IsCycling() const
{
    return m_cycling;
}

uint32_t
OpticalCircuitSwitch::GetPendingCommands() const
{
    uint32_t pending = 0;
    for (const Command& command : m_commands)
    {
        pending += command.immediate ? 0 : 1;
    }
    return pending;
}

uint64_t
OpticalCircuitSwitch::GetLostFrames() const
{
    return m_lostFrames;
}

uint64_t
OpticalCircuitSwitch::GetLostFrames(uint32_t port) const
{
    return port < m_lostPerPort.size() ? m_lostPerPort[port] : 0;
}

// ---- data plane ------------------------------------------------------------------------

void
OpticalCircuitSwitch::LightIn(uint32_t port, Ptr<PhyRelayPort> in, Ptr<Packet> frame)
{
    NS_LOG_FUNCTION(this << port << frame);
    // Equation (2): lit now, and lit since before the frame's first bit.
    if (!IsLit(port) || m_litSince[port] > Simulator::Now() - in->GetLightTime(frame))
    {
        Lose(port, frame);
        return;
    }
    if (!m_ports[m_peer[port]]->Forward(frame))
    {
        Lose(port, frame); // no fiber on the output port
    }
}

void
OpticalCircuitSwitch::Lose(uint32_t port, Ptr<const Packet> frame)
{
    NS_LOG_LOGIC("light lost on port " << port);
    m_lostPerPort[port] += 1;
    m_lostFrames += 1;
    m_lightLostTrace(port, frame);
}

} // namespace hybridnet
} // namespace ns3
