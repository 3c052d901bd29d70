/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "pipe-fitting-daemon.h"

#include "hybridnet/circuit-switch-console-client.h"
#include "offload-messenger.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <memory>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetPipeFittingDaemon");
NS_OBJECT_ENSURE_REGISTERED(PipeFittingDaemon);

namespace
{
/** The reply the console client gives when its session is gone. */
const std::string kSessionClosed = "ERROR: console connection closed";
/** The pseudo-reply of a command that got none in ConsoleTimeout. */
const std::string kTimeout = "(timeout)";
} // namespace

TypeId
PipeFittingDaemon::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::PipeFittingDaemon")
            .SetParent<Application>()
            .SetGroupName("Hybridnet")
            .AddConstructor<PipeFittingDaemon>()
            .AddAttribute("Port",
                          "UDP port of this daemon (the epds send REQUEST, READY, KEEPALIVE, "
                          "RELEASE and DOWN here). Range: 1 to 65535.",
                          UintegerValue(7100),
                          MakeUintegerAccessor(&PipeFittingDaemon::m_port),
                          MakeUintegerChecker<uint16_t>(1, 65535))
            .AddAttribute("EndpointPort",
                          "UDP port of the epds (EndpointDaemon Port). Range: 1 to 65535.",
                          UintegerValue(7101),
                          MakeUintegerAccessor(&PipeFittingDaemon::m_epdPort),
                          MakeUintegerChecker<uint16_t>(1, 65535))
            .AddAttribute("ConsoleAddress",
                          "The accelerator's management address (its console server).",
                          Ipv4AddressValue(Ipv4Address::GetAny()),
                          MakeIpv4AddressAccessor(&PipeFittingDaemon::m_consoleAddress),
                          MakeIpv4AddressChecker())
            .AddAttribute("ConsolePort",
                          "TCP port of the accelerator's console (telnet). Range: 1 to 65535.",
                          UintegerValue(23),
                          MakeUintegerAccessor(&PipeFittingDaemon::m_consolePort),
                          MakeUintegerChecker<uint16_t>(1, 65535))
            .AddAttribute("BusyPolicy",
                          "What to do with a request whose ports are busy: Queue it, Deny it "
                          "(DENIED reason=busy), or Preempt lower-priority circuits (else "
                          "queue).",
                          EnumValue(Policy::QUEUE),
                          MakeEnumAccessor<Policy>(&PipeFittingDaemon::m_policy),
                          MakeEnumChecker(Policy::QUEUE,
                                          "Queue",
                                          Policy::DENY,
                                          "Deny",
                                          Policy::PREEMPT,
                                          "Preempt"))
            .AddAttribute("ConsoleTimeout",
                          "T_c: a console command without a reply for this long has failed "
                          "(must exceed the accelerator's command latency plus switching "
                          "time and the commands queued ahead). Range: 1 ms to 1 h.",
                          TimeValue(Seconds(10)),
                          MakeTimeAccessor(&PipeFittingDaemon::m_consoleTimeout),
                          MakeTimeChecker(MilliSeconds(1), Hours(1)))
            .AddAttribute("SetupTimeout",
                          "T_s: a circuit whose two ends have not both answered READY this "
                          "long after the SETUPs is torn down. Range: 1 ms to 1 h.",
                          TimeValue(Seconds(5)),
                          MakeTimeAccessor(&PipeFittingDaemon::m_setupTimeout),
                          MakeTimeChecker(MilliSeconds(1), Hours(1)))
            .AddAttribute("KeepaliveTimeout",
                          "T_k: an active circuit one of whose ends has sent no READY or "
                          "KEEPALIVE for this long is torn down (the end point disappeared); "
                          "must exceed the epds' KeepaliveInterval plus their retransmissions. "
                          "Range: 1 ms to 1 h.",
                          TimeValue(Seconds(3)),
                          MakeTimeAccessor(&PipeFittingDaemon::m_keepaliveTimeout),
                          MakeTimeChecker(MilliSeconds(1), Hours(1)))
            .AddAttribute("RetransmitTimeout",
                          "T of OffloadMessenger equation (1) (default: Linux's minimum TCP "
                          "RTO). Range: 1 ms to 60 s.",
                          TimeValue(MilliSeconds(200)),
                          MakeTimeAccessor(&PipeFittingDaemon::m_rto),
                          MakeTimeChecker(MilliSeconds(1), Seconds(60)))
            .AddAttribute("MaxRetransmits",
                          "N of OffloadMessenger equation (1): copies sent before an epd is "
                          "declared unreachable. Range: 0 to 100.",
                          UintegerValue(5),
                          MakeUintegerAccessor(&PipeFittingDaemon::m_maxRetransmits),
                          MakeUintegerChecker<uint32_t>(0, 100))
            .AddTraceSource("MessageTx",
                            "A datagram was sent to an epd (messages, copies and ACKs).",
                            MakeTraceSourceAccessor(&PipeFittingDaemon::m_messageTxTrace),
                            "ns3::hybridnet::PipeFittingDaemon::MessageTxTracedCallback")
            .AddTraceSource("MessageRx",
                            "A message was received from an epd (duplicates flagged).",
                            MakeTraceSourceAccessor(&PipeFittingDaemon::m_messageRxTrace),
                            "ns3::hybridnet::PipeFittingDaemon::MessageRxTracedCallback")
            .AddTraceSource("MessageMalformed",
                            "A datagram that is not a message was received and dropped.",
                            MakeTraceSourceAccessor(&PipeFittingDaemon::m_malformedTrace),
                            "ns3::hybridnet::PipeFittingDaemon::PeerUnreachableTracedCallback")
            .AddTraceSource("PeerUnreachable",
                            "A message to an epd was given up on after MaxRetransmits.",
                            MakeTraceSourceAccessor(&PipeFittingDaemon::m_unreachableTrace),
                            "ns3::hybridnet::PipeFittingDaemon::PeerUnreachableTracedCallback")
            .AddTraceSource("CircuitStateChange",
                            "A request or circuit changed state (CLOSED -> ... for a new "
                            "request).",
                            MakeTraceSourceAccessor(&PipeFittingDaemon::m_circuitTrace),
                            "ns3::hybridnet::PipeFittingDaemon::CircuitStateTracedCallback")
            .AddTraceSource("Console",
                            "A console command got its reply (or timed out).",
                            MakeTraceSourceAccessor(&PipeFittingDaemon::m_consoleTrace),
                            "ns3::hybridnet::PipeFittingDaemon::ConsoleTracedCallback")
            .AddTraceSource("QueueLength",
                            "Requests waiting in the queue.",
                            MakeTraceSourceAccessor(&PipeFittingDaemon::m_queueLength),
                            "ns3::hybridnet::PipeFittingDaemon::QueueLengthTracedCallback");
    return tid;
}

PipeFittingDaemon::PipeFittingDaemon() = default;

PipeFittingDaemon::~PipeFittingDaemon() = default;

void
PipeFittingDaemon::DoDispose()
{
    for (auto& [id, circuit] : m_circuits)
    {
        circuit.timer.Cancel();
    }
    m_circuits.clear();
    if (m_messenger)
    {
        m_messenger->Dispose();
        m_messenger = nullptr;
    }
    if (m_console)
    {
        m_console->Close();
        m_console = nullptr;
    }
    Application::DoDispose();
}

std::string
PipeFittingDaemon::GetCircuitStateName(CircuitState state)
{
    switch (state)
    {
    case CircuitState::QUEUED:
        return "QUEUED";
    case CircuitState::CONNECTING:
        return "CONNECTING";
    case CircuitState::SETTING_UP:
        return "SETTING_UP";
    case CircuitState::ACTIVE:
        return "ACTIVE";
    case CircuitState::RELEASING:
        return "RELEASING";
    case CircuitState::DISCONNECTING:
        return "DISCONNECTING";
    case CircuitState::CLOSED:
        return "CLOSED";
    case CircuitState::DENIED:
        return "DENIED";
    }
    return "?";
}

void
PipeFittingDaemon::AddEndpoint(Ipv4Address hostAddress,
                               Ipv4Address circuitAddress,
                               uint32_t acceleratorPort)
{
    NS_LOG_FUNCTION(this << hostAddress << circuitAddress << acceleratorPort);
    NS_ABORT_MSG_IF(acceleratorPort == 0, "PipeFittingDaemon::AddEndpoint: ports start at 1");
    NS_ABORT_MSG_IF(m_endpoints.contains(hostAddress),
                    "PipeFittingDaemon::AddEndpoint: host " << hostAddress << " added twice");
    for (const auto& [host, endpoint] : m_endpoints)
    {
        NS_ABORT_MSG_IF(!endpoint.remote && endpoint.port == acceleratorPort,
                        "PipeFittingDaemon::AddEndpoint: port " << acceleratorPort
                                                                << " already belongs to " << host);
        NS_ABORT_MSG_IF(endpoint.circuitAddress == circuitAddress,
                        "PipeFittingDaemon::AddEndpoint: circuit address "
                            << circuitAddress << " already belongs to " << host);
    }
    m_endpoints[hostAddress] = Endpoint{circuitAddress, acceleratorPort, false};
}

void
PipeFittingDaemon::AddRemoteEndpoint(Ipv4Address hostAddress,
                                     Ipv4Address circuitAddress,
                                     uint32_t remotePort)
{
    NS_LOG_FUNCTION(this << hostAddress << circuitAddress << remotePort);
    NS_ABORT_MSG_IF(remotePort == 0, "PipeFittingDaemon::AddRemoteEndpoint: ports start at 1");
    NS_ABORT_MSG_IF(m_endpoints.contains(hostAddress),
                    "PipeFittingDaemon::AddRemoteEndpoint: host " << hostAddress << " added twice");
    for (const auto& [host, endpoint] : m_endpoints)
    {
        NS_ABORT_MSG_IF(endpoint.remote && endpoint.port == remotePort,
                        "PipeFittingDaemon::AddRemoteEndpoint: remote port "
                            << remotePort << " already belongs to " << host);
        NS_ABORT_MSG_IF(endpoint.circuitAddress == circuitAddress,
                        "PipeFittingDaemon::AddRemoteEndpoint: circuit address "
                            << circuitAddress << " already belongs to " << host);
    }
    m_endpoints[hostAddress] = Endpoint{circuitAddress, remotePort, true};
}

void
PipeFittingDaemon::SetLightpathSignalling(Ptr<LightpathSignalling> signalling)
{
    NS_ABORT_MSG_IF(!signalling, "PipeFittingDaemon::SetLightpathSignalling: no signalling");
    m_signalling = signalling;
}

void
PipeFittingDaemon::AddTrunk(std::vector<LightpathHop> hops)
{
    NS_ABORT_MSG_IF(hops.empty(), "PipeFittingDaemon::AddTrunk: a trunk needs a domain");
    for (const LightpathHop& hop : hops)
    {
        NS_ABORT_MSG_IF(!hop.fabric,
                        "PipeFittingDaemon::AddTrunk: domain '" << hop.domain << "' has no switch");
    }
    m_trunks.push_back(std::move(hops));
}

PipeFittingDaemon::CircuitState
PipeFittingDaemon::GetCircuitState(const FlowKey& key) const
{
    int end = 0;
    auto id = Find(key, end);
    return id ? m_circuits.at(*id).state : CircuitState::CLOSED;
}

uint32_t
PipeFittingDaemon::GetNCircuits() const
{
    return static_cast<uint32_t>(m_circuits.size());
}

void
PipeFittingDaemon::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_consoleAddress == Ipv4Address::GetAny() && !m_signalling,
                    "PipeFittingDaemon: ConsoleAddress is not set");
    NS_ABORT_MSG_IF(m_signalling && m_trunks.empty(),
                    "PipeFittingDaemon: LightpathSignalling is set but no trunk (AddTrunk)");
    m_messenger = CreateObject<OffloadMessenger>();
    // The messenger's traces are this daemon's (chained, as ns-3 chains device traces).
    m_messenger->TraceConnectWithoutContext(
        "Tx",
        MakeCallback(&TracedCallback<Ipv4Address, std::string, bool>::operator(),
                     &m_messageTxTrace));
    m_messenger->TraceConnectWithoutContext(
        "Rx",
        MakeCallback(&TracedCallback<Ipv4Address, std::string, bool>::operator(),
                     &m_messageRxTrace));
    m_messenger->TraceConnectWithoutContext(
        "Malformed",
        MakeCallback(&TracedCallback<Ipv4Address, std::string>::operator(), &m_malformedTrace));
    m_messenger->Open(GetNode(),
                      m_port,
                      m_rto,
                      m_maxRetransmits,
                      MakeCallback(&PipeFittingDaemon::Receive, this),
                      MakeCallback(&PipeFittingDaemon::GiveUp, this));
    m_running = true;
    if (m_consoleAddress != Ipv4Address::GetAny())
    {
        m_console = CreateObject<CircuitSwitchConsoleClient>();
        m_console->Open(GetNode(), InetSocketAddress(m_consoleAddress, m_consolePort));
    }
}

void
PipeFittingDaemon::StopApplication()
{
    NS_LOG_FUNCTION(this);
    if (!m_running)
    {
        return;
    }
    m_running = false;
    m_messenger->Close();
    for (auto& [id, circuit] : m_circuits)
    {
        circuit.timer.Cancel();
    }
    m_circuits.clear();
    UpdateQueueLength();
    if (m_console)
    {
        m_console->Close();
        m_console = nullptr;
    }
}

void
PipeFittingDaemon::SetState(Circuit& circuit, CircuitState to, const std::string& reason)
{
    if (circuit.state == to)
    {
        return;
    }
    const CircuitState from = circuit.state;
    circuit.state = to;
    NS_LOG_INFO(Simulator::Now().As(Time::S)
                << " " << circuit.key << " ports " << circuit.portA << "-" << circuit.portB << " "
                << GetCircuitStateName(from) << " -> " << GetCircuitStateName(to)
                << (reason.empty() ? "" : " (" + reason + ")"));
    m_circuitTrace(circuit.key, circuit.portA, circuit.portB, from, to, reason);
}

void
PipeFittingDaemon::UpdateQueueLength()
{
    uint32_t queued = 0;
    for (const auto& [id, circuit] : m_circuits)
    {
        queued += circuit.state == CircuitState::QUEUED ? 1 : 0;
    }
    m_queueLength = queued;
}

std::optional<uint64_t>
PipeFittingDaemon::Find(const FlowKey& key, int& end) const
{
    for (const auto& [id, circuit] : m_circuits)
    {
        if (circuit.key == key)
        {
            end = 0;
            return id;
        }
        if (circuit.key.Reverse() == key)
        {
            end = 1;
            return id;
        }
    }
    return std::nullopt;
}

void
PipeFittingDaemon::SendTo(const Circuit& circuit,
                          int end,
                          OffloadMessage::Type type,
                          const std::string& reason)
{
    if (!m_running)
    {
        return;
    }
    OffloadMessage message(type, 1, end == 0 ? circuit.key : circuit.key.Reverse());
    if (type == OffloadMessage::Type::SETUP)
    {
        const Ipv4Address other = end == 0 ? circuit.key.destination : circuit.key.source;
        message.SetVia(m_endpoints.at(other).circuitAddress);
    }
    if (type == OffloadMessage::Type::DENIED || type == OffloadMessage::Type::TEARDOWN)
    {
        message.SetReason(reason);
    }
    m_messenger->Send(message, end == 0 ? circuit.epdA : circuit.epdB);
}

void
PipeFittingDaemon::Receive(const OffloadMessage& message, const InetSocketAddress& from)
{
    if (message.GetType() == OffloadMessage::Type::REQUEST)
    {
        HandleRequest(message, from);
        return;
    }
    int end = 0;
    auto id = Find(message.GetFlow(), end);
    switch (message.GetType())
    {
    case OffloadMessage::Type::READY:
    case OffloadMessage::Type::KEEPALIVE: {
        if (!id)
        {
            // the epd thinks it has a circuit we do not: make it fall back
            OffloadMessage teardown(OffloadMessage::Type::TEARDOWN, 1, message.GetFlow());
            teardown.SetReason("unknown");
            m_messenger->Send(teardown, from);
            return;
        }
        Circuit& circuit = m_circuits.at(*id);
        if (circuit.state == CircuitState::SETTING_UP || circuit.state == CircuitState::ACTIVE)
        {
            circuit.heard[end] = Simulator::Now();
        }
        if (circuit.state == CircuitState::SETTING_UP &&
            message.GetType() == OffloadMessage::Type::READY)
        {
            circuit.ready[end] = true;
            if (circuit.ready[0] && circuit.ready[1])
            {
                circuit.timer.Cancel();
                SetState(circuit, CircuitState::ACTIVE);
                circuit.timer = Simulator::Schedule(m_keepaliveTimeout,
                                                    &PipeFittingDaemon::CheckKeepalive,
                                                    this,
                                                    *id);
            }
        }
        return;
    }
    case OffloadMessage::Type::RELEASE: {
        if (!id)
        {
            return; // nothing left to release
        }
        Circuit& circuit = m_circuits.at(*id);
        switch (circuit.state)
        {
        case CircuitState::QUEUED:
            Close(*id, CircuitState::CLOSED, "withdrawn");
            break;
        case CircuitState::CONNECTING:
            circuit.released = true;
            circuit.releaseReason = "withdrawn";
            break;
        case CircuitState::SETTING_UP:
        case CircuitState::ACTIVE:
            Teardown(*id, "released", {1 - end});
            break;
        case CircuitState::RELEASING:
            circuit.waitDown[end] = false;
            if (!circuit.waitDown[0] && !circuit.waitDown[1])
            {
                Disconnect(*id);
            }
            break;
        default:
            break;
        }
        return;
    }
    case OffloadMessage::Type::DOWN: {
        if (!id)
        {
            return;
        }
        Circuit& circuit = m_circuits.at(*id);
        if (circuit.state == CircuitState::RELEASING)
        {
            circuit.waitDown[end] = false;
            if (!circuit.waitDown[0] && !circuit.waitDown[1])
            {
                Disconnect(*id);
            }
        }
        return;
    }
    default:
        NS_LOG_WARN("unexpected message " << message.ToString());
        return;
    }
}

void
PipeFittingDaemon::HandleRequest(const OffloadMessage& message, const InetSocketAddress& from)
{
    const FlowKey& key = message.GetFlow();
    int end = 0;
    if (auto id = Find(key, end))
    {
        const Circuit& circuit = m_circuits.at(*id);
        if (circuit.state == CircuitState::QUEUED && end == 0)
        {
            SendTo(circuit, 0, OffloadMessage::Type::QUEUED);
        }
        return;
    }
    Circuit circuit;
    circuit.id = m_nextId++;
    circuit.key = key;
    circuit.priority = message.GetPriority();
    circuit.epdA = from;
    circuit.epdB = InetSocketAddress(key.destination, m_epdPort);
    circuit.state = CircuitState::CLOSED;
    auto a = m_endpoints.find(key.source);
    auto b = m_endpoints.find(key.destination);
    if (a == m_endpoints.end() || b == m_endpoints.end() || key.source == key.destination)
    {
        SetState(circuit, CircuitState::DENIED, "unknown-host");
        SendTo(circuit, 0, OffloadMessage::Type::DENIED, "unknown-host");
        return;
    }
    circuit.portA = a->second.port;
    circuit.portB = b->second.port;
    circuit.remoteA = a->second.remote;
    circuit.remoteB = b->second.remote;
    const bool consoleRoute =
        !circuit.remoteA && !circuit.remoteB && m_consoleAddress != Ipv4Address::GetAny();
    if (!consoleRoute && !(CrossesCampuses(circuit) && m_signalling))
    {
        SetState(circuit, CircuitState::DENIED, "no-route");
        SendTo(circuit, 0, OffloadMessage::Type::DENIED, "no-route");
        return;
    }
    if (CanGrant(circuit, true))
    {
        const uint64_t id = circuit.id;
        m_circuits.emplace(id, circuit);
        Connect(id);
        return;
    }
    if (m_policy == Policy::DENY)
    {
        SetState(circuit, CircuitState::DENIED, "busy");
        SendTo(circuit, 0, OffloadMessage::Type::DENIED, "busy");
        return;
    }
    if (m_policy == Policy::PREEMPT)
    {
        // preempt only if every holder of our ports is of lower priority and no queued
        // request ahead of us wants them
        std::vector<uint64_t> victims;
        bool possible = true;
        for (const auto& [otherId, other] : m_circuits)
        {
            if (!SharesPort(other, circuit))
            {
                continue;
            }
            if (other.state == CircuitState::QUEUED)
            {
                possible = possible && other.priority < circuit.priority;
            }
            else if (other.state == CircuitState::CONNECTING ||
                     other.state == CircuitState::SETTING_UP || other.state == CircuitState::ACTIVE)
            {
                possible = possible && other.priority < circuit.priority;
                victims.push_back(otherId);
            }
        }
        if (possible)
        {
            for (uint64_t victim : victims)
            {
                Circuit& other = m_circuits.at(victim);
                if (other.state == CircuitState::CONNECTING)
                {
                    other.released = true; // disconnect as soon as it is connected
                    other.releaseReason = "preempted";
                }
                else
                {
                    Teardown(victim, "preempted", {0, 1});
                }
            }
        }
    }
    const uint64_t id = circuit.id;
    auto [it, inserted] = m_circuits.emplace(id, circuit);
    SetState(it->second, CircuitState::QUEUED);
    UpdateQueueLength();
    SendTo(it->second, 0, OffloadMessage::Type::QUEUED);
    ServeQueue(); // the preempted ports may be free already
}

bool
PipeFittingDaemon::SharesPort(const Circuit& x, const Circuit& y)
{
    auto same = [](uint32_t p, bool pRemote, uint32_t q, bool qRemote) {
        return p == q && pRemote == qRemote;
    };
    return same(x.portA, x.remoteA, y.portA, y.remoteA) ||
           same(x.portA, x.remoteA, y.portB, y.remoteB) ||
           same(x.portB, x.remoteB, y.portA, y.remoteA) ||
           same(x.portB, x.remoteB, y.portB, y.remoteB);
}

bool
PipeFittingDaemon::CrossesCampuses(const Circuit& circuit)
{
    return circuit.remoteA != circuit.remoteB;
}

std::optional<size_t>
PipeFittingDaemon::FreeTrunk() const
{
    std::vector<bool> held(m_trunks.size(), false);
    for (const auto& [id, circuit] : m_circuits)
    {
        if (circuit.trunk)
        {
            held[*circuit.trunk] = true;
        }
    }
    for (size_t t = 0; t < held.size(); ++t)
    {
        if (!held[t])
        {
            return t;
        }
    }
    return std::nullopt;
}

size_t
PipeFittingDaemon::FreeTrunks() const
{
    size_t held = 0;
    for (const auto& [id, circuit] : m_circuits)
    {
        held += circuit.trunk ? 1 : 0;
    }
    return m_trunks.size() - held;
}

bool
PipeFittingDaemon::CanGrant(const Circuit& circuit, bool newRequest) const
{
    size_t trunksClaimedAhead = 0;
    for (const auto& [id, other] : m_circuits)
    {
        if (id == circuit.id)
        {
            continue;
        }
        const bool ahead = newRequest
                               ? other.priority >= circuit.priority
                               : (other.priority > circuit.priority ||
                                  (other.priority == circuit.priority && other.id < circuit.id));
        if (other.state == CircuitState::QUEUED && ahead && CrossesCampuses(other))
        {
            ++trunksClaimedAhead;
        }
        if (!SharesPort(other, circuit))
        {
            continue;
        }
        if (other.state != CircuitState::QUEUED)
        {
            return false; // a port is held
        }
        if (ahead)
        {
            return false; // no overtaking on a port
        }
    }
    // no overtaking on the trunks either
    return !CrossesCampuses(circuit) || FreeTrunks() > trunksClaimedAhead;
}

void
PipeFittingDaemon::ServeQueue()
{
    if (!m_running)
    {
        return;
    }
    std::vector<const Circuit*> queued;
    for (const auto& [id, circuit] : m_circuits)
    {
        if (circuit.state == CircuitState::QUEUED)
        {
            queued.push_back(&circuit);
        }
    }
    std::sort(queued.begin(), queued.end(), [](const Circuit* x, const Circuit* y) {
        return x->priority != y->priority ? x->priority > y->priority : x->id < y->id;
    });
    std::vector<uint64_t> order;
    for (const Circuit* circuit : queued)
    {
        order.push_back(circuit->id);
    }
    for (uint64_t id : order)
    {
        auto it = m_circuits.find(id);
        if (it != m_circuits.end() && it->second.state == CircuitState::QUEUED &&
            CanGrant(it->second, false))
        {
            Connect(id);
        }
    }
    UpdateQueueLength();
}

void
PipeFittingDaemon::ConsoleCommand(const std::string& line, Callback<void, std::string> done)
{
    if (!m_console)
    {
        m_console = CreateObject<CircuitSwitchConsoleClient>();
        m_console->Open(GetNode(), InetSocketAddress(m_consoleAddress, m_consolePort));
    }
    auto answered = std::make_shared<bool>(false);
    auto timer = std::make_shared<EventId>();
    const Time sent = Simulator::Now();
    Ptr<PipeFittingDaemon> self(this);
    *timer = Simulator::Schedule(m_consoleTimeout, [self, line, done, answered, sent]() {
        if (*answered)
        {
            return;
        }
        *answered = true;
        self->m_consoleTrace(line, kTimeout, sent);
        done(kTimeout);
    });
    Ptr<CircuitSwitchConsoleClient> console = m_console;
    m_console->Send(line,
                    CircuitSwitchConsoleClient::ReplyCallback(
                        [self, line, done, answered, timer, sent, console](std::string reply) {
                            if (reply == kSessionClosed && self->m_console == console)
                            {
                                self->m_console = nullptr; // the next command reopens
                            }
                            if (*answered)
                            {
                                return;
                            }
                            *answered = true;
                            timer->Cancel();
                            self->m_consoleTrace(line, reply, sent);
                            done(reply);
                        }));
}

void
PipeFittingDaemon::Connect(uint64_t id)
{
    Circuit& circuit = m_circuits.at(id);
    SetState(circuit, CircuitState::CONNECTING);
    if (CrossesCampuses(circuit))
    {
        ConnectLightpath(id);
        return;
    }
    Ptr<PipeFittingDaemon> self(this);
    ConsoleCommand(
        "connection " + std::to_string(circuit.portA) + " " + std::to_string(circuit.portB),
        Callback<void, std::string>([self, id](std::string reply) { self->Connected(id, reply); }));
}

void
PipeFittingDaemon::ConnectLightpath(uint64_t id)
{
    Circuit& circuit = m_circuits.at(id);
    circuit.trunk = FreeTrunk();
    NS_ASSERT_MSG(circuit.trunk, "a cross-campus request granted without a free trunk");
    std::vector<LightpathHop> hops = m_trunks[*circuit.trunk];
    hops.front().portIn = circuit.remoteA ? circuit.portB : circuit.portA;
    hops.back().portOut = circuit.remoteA ? circuit.portA : circuit.portB;
    Ptr<PipeFittingDaemon> self(this);
    circuit.lightpath = m_signalling->Request(
        hops,
        LightpathSignalling::ResultCallback([self, id](bool success, std::string reason) {
            self->Connected(id, success ? "OK" : "REFUSED: " + reason);
        }));
}

void
PipeFittingDaemon::Connected(uint64_t id, std::string reply)
{
    auto it = m_circuits.find(id);
    if (!m_running || it == m_circuits.end() || it->second.state != CircuitState::CONNECTING)
    {
        return;
    }
    Circuit& circuit = it->second;
    const bool ok = reply.rfind("OK", 0) == 0;
    if (ok && circuit.released)
    {
        // withdrawn or preempted while connecting: nothing is steered yet
        if (circuit.releaseReason == "preempted")
        {
            SendTo(circuit, 0, OffloadMessage::Type::DENIED, "preempted");
        }
        SetState(circuit, CircuitState::RELEASING, circuit.releaseReason);
        Disconnect(id);
        return;
    }
    if (ok)
    {
        SendSetups(id);
        return;
    }
    if (circuit.lightpath != 0)
    {
        // the signalling rolled every domain back before it answered
        NS_LOG_INFO("lightpath " << circuit.lightpath << " refused: " << reply);
        circuit.trunk.reset();
        SendTo(circuit, 0, OffloadMessage::Type::DENIED, "domain-refused");
        Close(id, CircuitState::DENIED, "domain-refused");
        return;
    }
    if (reply == kTimeout)
    {
        // the command may still complete: undo it after it (the console runs in order)
        ConsoleCommand("no connection " + std::to_string(circuit.portA) + " " +
                           std::to_string(circuit.portB),
                       Callback<void, std::string>([](std::string) {}));
    }
    SendTo(circuit, 0, OffloadMessage::Type::DENIED, "switch-error");
    Close(id, CircuitState::DENIED, "switch-error");
}

void
PipeFittingDaemon::SendSetups(uint64_t id)
{
    Circuit& circuit = m_circuits.at(id);
    SetState(circuit, CircuitState::SETTING_UP);
    circuit.heard[0] = circuit.heard[1] = Simulator::Now();
    SendTo(circuit, 0, OffloadMessage::Type::SETUP);
    SendTo(circuit, 1, OffloadMessage::Type::SETUP);
    Ptr<PipeFittingDaemon> self(this);
    circuit.timer = Simulator::Schedule(m_setupTimeout, [self, id]() {
        auto it = self->m_circuits.find(id);
        if (it != self->m_circuits.end() && it->second.state == CircuitState::SETTING_UP)
        {
            self->Teardown(id, "setup-timeout", {0, 1});
        }
    });
}

void
PipeFittingDaemon::CheckKeepalive(uint64_t id)
{
    auto it = m_circuits.find(id);
    if (it == m_circuits.end() || it->second.state != CircuitState::ACTIVE)
    {
        return;
    }
    Circuit& circuit = it->second;
    const Time now = Simulator::Now();
    for (int end = 0; end < 2; ++end)
    {
        if (now - circuit.heard[end] >= m_keepaliveTimeout)
        {
            Teardown(id, "unreachable", {1 - end});
            return;
        }
    }
    const Time next = std::min(circuit.heard[0], circuit.heard[1]) + m_keepaliveTimeout;
    circuit.timer = Simulator::Schedule(next - now, &PipeFittingDaemon::CheckKeepalive, this, id);
}

void
PipeFittingDaemon::Teardown(uint64_t id, const std::string& reason, std::vector<int> tell)
{
    Circuit& circuit = m_circuits.at(id);
    circuit.timer.Cancel();
    SetState(circuit, CircuitState::RELEASING, reason);
    circuit.waitDown[0] = circuit.waitDown[1] = false;
    for (int end : tell)
    {
        circuit.waitDown[end] = true;
        SendTo(circuit, end, OffloadMessage::Type::TEARDOWN, reason);
    }
    if (!circuit.waitDown[0] && !circuit.waitDown[1])
    {
        Disconnect(id);
    }
}

void
PipeFittingDaemon::Disconnect(uint64_t id)
{
    Circuit& circuit = m_circuits.at(id);
    circuit.timer.Cancel();
    SetState(circuit, CircuitState::DISCONNECTING);
    Ptr<PipeFittingDaemon> self(this);
    if (circuit.lightpath != 0)
    {
        const bool releasing = m_signalling->Release(
            circuit.lightpath,
            LightpathSignalling::ResultCallback([self, id](bool, std::string) {
                auto it = self->m_circuits.find(id);
                if (self->m_running && it != self->m_circuits.end() &&
                    it->second.state == CircuitState::DISCONNECTING)
                {
                    it->second.trunk.reset();
                    self->Close(id, CircuitState::CLOSED, "");
                }
            }));
        NS_ASSERT_MSG(releasing, "lightpath " << circuit.lightpath << " is not up");
        return;
    }
    ConsoleCommand(
        "no connection " + std::to_string(circuit.portA) + " " + std::to_string(circuit.portB),
        Callback<void, std::string>([self, id](std::string reply) {
            auto it = self->m_circuits.find(id);
            if (self->m_running && it != self->m_circuits.end() &&
                it->second.state == CircuitState::DISCONNECTING)
            {
                self->Close(id, CircuitState::CLOSED, reply.rfind("OK", 0) == 0 ? "" : reply);
            }
        }));
}

void
PipeFittingDaemon::Close(uint64_t id, CircuitState state, const std::string& reason)
{
    auto it = m_circuits.find(id);
    if (it == m_circuits.end())
    {
        return;
    }
    it->second.timer.Cancel();
    SetState(it->second, state, reason);
    m_circuits.erase(it);
    UpdateQueueLength();
    ServeQueue();
}

void
PipeFittingDaemon::GiveUp(const OffloadMessage& message, const InetSocketAddress& to)
{
    NS_LOG_WARN(Simulator::Now().As(Time::S)
                << " epd " << to.GetIpv4() << " unreachable: " << message.ToString());
    m_unreachableTrace(to.GetIpv4(), message.ToString());
    int end = 0;
    auto id = Find(message.GetFlow(), end);
    if (!id)
    {
        return;
    }
    Circuit& circuit = m_circuits.at(*id);
    switch (circuit.state)
    {
    case CircuitState::QUEUED:
        if (end == 0)
        {
            Close(*id, CircuitState::CLOSED, "unreachable");
        }
        break;
    case CircuitState::SETTING_UP:
    case CircuitState::ACTIVE:
        Teardown(*id, "unreachable", {1 - end});
        break;
    case CircuitState::RELEASING:
        if (circuit.waitDown[end])
        {
            circuit.waitDown[end] = false;
            if (!circuit.waitDown[0] && !circuit.waitDown[1])
            {
                Disconnect(*id);
            }
        }
        break;
    default:
        break;
    }
}

} // namespace hybridnet
} // namespace ns3
