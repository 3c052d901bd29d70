/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "endpoint-daemon.h"

#include "aggregate-steering.h"
#include "flow-steering.h"
#include "offload-messenger.h"
#include "reservation-queue-disc.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/tcp-header.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <memory>
#include <vector>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetEndpointDaemon");
NS_OBJECT_ENSURE_REGISTERED(EndpointDaemon);

TypeId
EndpointDaemon::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::EndpointDaemon")
            .SetParent<Application>()
            .SetGroupName("Hybridnet")
            .AddConstructor<EndpointDaemon>()
            .AddAttribute("Port",
                          "UDP port of this daemon (the pfd sends SETUP and TEARDOWN here). "
                          "Range: 1 to 65535.",
                          UintegerValue(7101),
                          MakeUintegerAccessor(&EndpointDaemon::m_port),
                          MakeUintegerChecker<uint16_t>(1, 65535))
            .AddAttribute("PipeFittingAddress",
                          "Address of the pipe-fitting daemon on the packet network.",
                          Ipv4AddressValue(Ipv4Address::GetAny()),
                          MakeIpv4AddressAccessor(&EndpointDaemon::m_pfdAddress),
                          MakeIpv4AddressChecker())
            .AddAttribute("PipeFittingPort",
                          "UDP port of the pipe-fitting daemon. Range: 1 to 65535.",
                          UintegerValue(7100),
                          MakeUintegerAccessor(&EndpointDaemon::m_pfdPort),
                          MakeUintegerChecker<uint16_t>(1, 65535))
            .AddAttribute("DetectionPolicy",
                          "Rate: r of equation (1) at or above RateThreshold for HoldTime, "
                          "equation (2). Bytes: BytesThreshold bytes sent.",
                          EnumValue(Policy::RATE),
                          MakeEnumAccessor<Policy>(&EndpointDaemon::m_policy),
                          MakeEnumChecker(Policy::RATE, "Rate", Policy::BYTES, "Bytes"))
            .AddAttribute("SampleInterval",
                          "Delta of equation (1): the interval between rate samples (also "
                          "the granularity of the idle check). Calibrated with RateThreshold, "
                          "RateWindowSamples and HoldTime on the study's ~4 s detection of a "
                          "saturating GigE flow (class comment). Range: 1 ms to 60 s.",
                          TimeValue(MilliSeconds(500)),
                          MakeTimeAccessor(&EndpointDaemon::m_sampleInterval),
                          MakeTimeChecker(MilliSeconds(1), Seconds(60)))
            .AddAttribute("RateWindowSamples",
                          "n of equation (1): the sliding window is the last n sample "
                          "intervals. Calibrated (with SampleInterval, RateThreshold, "
                          "HoldTime) on the study's ~4 s detection. Range: 1 to 1000.",
                          UintegerValue(2),
                          MakeUintegerAccessor(&EndpointDaemon::m_windowSamples),
                          MakeUintegerChecker<uint32_t>(1, 1000))
            .AddAttribute("RateThreshold",
                          "R of equation (2): a flow is big when r >= R, bit/s. Calibrated "
                          "(with SampleInterval, RateWindowSamples, HoldTime) on the study's "
                          "~4 s detection. Range: 1 kb/s to 100 Gb/s; the setter aborts "
                          "outside it.",
                          DataRateValue(DataRate("100Mbps")),
                          MakeDataRateAccessor(&EndpointDaemon::m_rateThreshold),
                          MakeDataRateChecker())
            .AddAttribute("HoldTime",
                          "H of equation (2): how long r >= R must hold. Calibrated (with "
                          "SampleInterval, RateWindowSamples, RateThreshold) so that a "
                          "saturating GigE flow is detected 3.6-4.1 s after it starts, the "
                          "study's 'about 4 s'. Range: 0 to 1 h.",
                          TimeValue(MilliSeconds(3500)),
                          MakeTimeAccessor(&EndpointDaemon::m_holdTime),
                          MakeTimeChecker(Seconds(0), Hours(1)))
            .AddAttribute("BytesThreshold",
                          "Bytes policy: a flow is big once it has sent this many bytes "
                          "(transport headers included). Range: 1 B to 2^63 B.",
                          UintegerValue(100000000),
                          MakeUintegerAccessor(&EndpointDaemon::m_bytesThreshold),
                          MakeUintegerChecker<uint64_t>(1, uint64_t(1) << 63))
            .AddAttribute("HintThreshold",
                          "Size hints (AnnounceTransfer): a flow announced to send at least "
                          "this many bytes is detected at its first packet; 0: hints are "
                          "ignored. Range: 0 to 2^63 B.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&EndpointDaemon::m_hintThreshold),
                          MakeUintegerChecker<uint64_t>(0, uint64_t(1) << 63))
            .AddAttribute("IdleTimeout",
                          "A flow that sends nothing for this long has ended (checked at the "
                          "samples): the requester releases its circuit, watched flows are "
                          "forgotten. Range: 1 ms to 1 h.",
                          TimeValue(Seconds(2)),
                          MakeTimeAccessor(&EndpointDaemon::m_idleTimeout),
                          MakeTimeChecker(MilliSeconds(1), Hours(1)))
            .AddAttribute("KeepaliveInterval",
                          "Interval of the KEEPALIVEs for each flow on a circuit; must be "
                          "well below the pfd's KeepaliveTimeout. Range: 1 ms to 1 h.",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&EndpointDaemon::m_keepaliveInterval),
                          MakeTimeChecker(MilliSeconds(1), Hours(1)))
            .AddAttribute("Backoff",
                          "After a DENIED, a TEARDOWN other than 'released', or an "
                          "unreachable pfd, the flow is not requested again for this long. "
                          "Range: 0 to 1 h.",
                          TimeValue(Seconds(10)),
                          MakeTimeAccessor(&EndpointDaemon::m_backoff),
                          MakeTimeChecker(Seconds(0), Hours(1)))
            .AddAttribute("Priority",
                          "Priority of this host's requests (higher wins under the pfd's "
                          "Preempt policy). Range: 0 to 2^32-1.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&EndpointDaemon::m_priority),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("RetransmitTimeout",
                          "T of OffloadMessenger equation (1): a message is sent again when "
                          "no ACK came for this long (default: Linux's minimum TCP RTO). "
                          "Range: 1 ms to 60 s.",
                          TimeValue(MilliSeconds(200)),
                          MakeTimeAccessor(&EndpointDaemon::m_rto),
                          MakeTimeChecker(MilliSeconds(1), Seconds(60)))
            .AddAttribute("MaxRetransmits",
                          "N of OffloadMessenger equation (1): copies sent before the pfd is "
                          "declared unreachable. Range: 0 to 100.",
                          UintegerValue(5),
                          MakeUintegerAccessor(&EndpointDaemon::m_maxRetransmits),
                          MakeUintegerChecker<uint32_t>(0, 100))
            .AddTraceSource("MessageTx",
                            "A datagram was sent to the pfd (messages, copies and ACKs).",
                            MakeTraceSourceAccessor(&EndpointDaemon::m_messageTxTrace),
                            "ns3::hybridnet::EndpointDaemon::MessageTxTracedCallback")
            .AddTraceSource("MessageRx",
                            "A message was received from the pfd (duplicates flagged).",
                            MakeTraceSourceAccessor(&EndpointDaemon::m_messageRxTrace),
                            "ns3::hybridnet::EndpointDaemon::MessageRxTracedCallback")
            .AddTraceSource("MessageMalformed",
                            "A datagram that is not a message was received and dropped.",
                            MakeTraceSourceAccessor(&EndpointDaemon::m_malformedTrace),
                            "ns3::hybridnet::EndpointDaemon::PeerUnreachableTracedCallback")
            .AddTraceSource("PeerUnreachable",
                            "A message to the pfd was given up on after MaxRetransmits.",
                            MakeTraceSourceAccessor(&EndpointDaemon::m_unreachableTrace),
                            "ns3::hybridnet::EndpointDaemon::PeerUnreachableTracedCallback")
            .AddTraceSource("FlowStateChange",
                            "A flow (or pipe) changed state (class comment's table).",
                            MakeTraceSourceAccessor(&EndpointDaemon::m_flowStateTrace),
                            "ns3::hybridnet::EndpointDaemon::FlowStateTracedCallback")
            .AddTraceSource("Detected",
                            "A flow met the detection policy; a REQUEST follows.",
                            MakeTraceSourceAccessor(&EndpointDaemon::m_detectedTrace),
                            "ns3::hybridnet::EndpointDaemon::DetectedTracedCallback")
            .AddTraceSource("PathChange",
                            "A flow's packets moved onto the circuit NIC or back.",
                            MakeTraceSourceAccessor(&EndpointDaemon::m_pathChangeTrace),
                            "ns3::hybridnet::EndpointDaemon::PathChangeTracedCallback");
    return tid;
}

EndpointDaemon::EndpointDaemon() = default;

EndpointDaemon::~EndpointDaemon() = default;

void
EndpointDaemon::DoDispose()
{
    m_sampleEvent.Cancel();
    m_keepaliveEvent.Cancel();
    if (m_messenger)
    {
        m_messenger->Dispose();
        m_messenger = nullptr;
    }
    if (m_aggregateSteering)
    {
        m_aggregateSteering->TraceDisconnectWithoutContext(
            "Forwarded",
            MakeCallback(&EndpointDaemon::Forwarded, this));
        m_aggregateSteering = nullptr;
    }
    m_steering = nullptr;
    m_reservation = nullptr;
    m_circuitDevice = nullptr;
    m_flows.clear();
    m_hints.clear();
    Application::DoDispose();
}

void
EndpointDaemon::SetCircuitDevice(Ptr<NetDevice> device)
{
    m_circuitDevice = device;
}

Ptr<NetDevice>
EndpointDaemon::GetCircuitDevice() const
{
    return m_circuitDevice;
}

void
EndpointDaemon::SetReservation(Ptr<ReservationQueueDisc> reservation)
{
    m_reservation = reservation;
}

bool
EndpointDaemon::ReleaseReservation(const FlowKey& key)
{
    if (!m_reservation || !m_reservation->GetReservedFlow() ||
        !(*m_reservation->GetReservedFlow() == key))
    {
        return false;
    }
    m_reservation->Release();
    return true;
}

Ipv4Address
EndpointDaemon::GetHostAddress() const
{
    return m_hostAddress;
}

std::string
EndpointDaemon::GetFlowStateName(FlowState state)
{
    switch (state)
    {
    case FlowState::MONITORED:
        return "MONITORED";
    case FlowState::REQUESTED:
        return "REQUESTED";
    case FlowState::QUEUED:
        return "QUEUED";
    case FlowState::MOVING:
        return "MOVING";
    case FlowState::CIRCUIT:
        return "CIRCUIT";
    case FlowState::RETURNING:
        return "RETURNING";
    case FlowState::BACKOFF:
        return "BACKOFF";
    case FlowState::ENDED:
        return "ENDED";
    }
    return "?";
}

EndpointDaemon::FlowState
EndpointDaemon::GetFlowState(const FlowKey& key) const
{
    auto it = m_flows.find(key);
    return it == m_flows.end() ? FlowState::MONITORED : it->second.state;
}

void
EndpointDaemon::StartApplication()
{
    NS_LOG_FUNCTION(this);
    Ptr<Node> node = GetNode();
    const uint64_t rate = m_rateThreshold.GetBitRate();
    NS_ABORT_MSG_IF(rate < 1000 || rate > 100000000000ULL,
                    "EndpointDaemon: RateThreshold out of range 1 kb/s to 100 Gb/s");
    NS_ABORT_MSG_UNLESS(m_circuitDevice && m_circuitDevice->GetNode() == node,
                        "EndpointDaemon: no circuit device on this node (SetCircuitDevice)");
    m_steering = node->GetObject<FlowSteering>();
    NS_ABORT_MSG_UNLESS(m_steering, "EndpointDaemon: the node has no FlowSteering");
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    NS_ABORT_MSG_UNLESS(ipv4, "EndpointDaemon: the node has no internet stack");
    const int32_t circuitIf = ipv4->GetInterfaceForDevice(m_circuitDevice);
    NS_ABORT_MSG_IF(circuitIf < 0 || ipv4->GetNAddresses(circuitIf) == 0,
                    "EndpointDaemon: the circuit device has no IPv4 address");
    const Ipv4InterfaceAddress circuitAddress = ipv4->GetAddress(circuitIf, 0);
    m_circuitMask = circuitAddress.GetMask();
    m_circuitNetwork = circuitAddress.GetLocal().CombineMask(m_circuitMask);
    NS_ABORT_MSG_IF(m_pfdAddress == Ipv4Address::GetAny(),
                    "EndpointDaemon: PipeFittingAddress is not set");
    Ipv4Header header;
    header.SetDestination(m_pfdAddress);
    Socket::SocketErrno error;
    Ptr<Ipv4Route> route = ipv4->GetRoutingProtocol()->RouteOutput(nullptr, header, nullptr, error);
    NS_ABORT_MSG_UNLESS(route, "EndpointDaemon: no route to the pfd at " << m_pfdAddress);
    m_hostAddress = route->GetSource();

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
    m_messenger->Open(node,
                      m_port,
                      m_rto,
                      m_maxRetransmits,
                      MakeCallback(&EndpointDaemon::Receive, this),
                      MakeCallback(&EndpointDaemon::GiveUp, this));
    m_steering->TraceConnectWithoutContext("Tx", MakeCallback(&EndpointDaemon::Tx, this));
    m_running = true;
    m_sampleEvent = Simulator::Schedule(m_sampleInterval, &EndpointDaemon::Sample, this);
    m_keepaliveEvent = Simulator::Schedule(m_keepaliveInterval, &EndpointDaemon::Keepalive, this);
}

void
EndpointDaemon::StopApplication()
{
    NS_LOG_FUNCTION(this);
    if (!m_running)
    {
        return;
    }
    m_running = false;
    m_sampleEvent.Cancel();
    m_keepaliveEvent.Cancel();
    m_steering->TraceDisconnectWithoutContext("Tx", MakeCallback(&EndpointDaemon::Tx, this));
    m_messenger->Close();
    // The daemon exits: its flows fall back to the packet path, nobody is told.
    for (auto& [key, flow] : m_flows)
    {
        const bool steered = flow.state == FlowState::MOVING || flow.state == FlowState::CIRCUIT ||
                             flow.state == FlowState::RETURNING;
        if (flow.aggregate && steered)
        {
            Ptr<EndpointDaemon> self(this);
            const FlowKey k = key;
            MoveAggregates(key, false, Ipv4Address(), Callback<void>([self, k]() {
                               self->m_pathChangeTrace(k, false);
                           }));
        }
        else if (m_reservation && !flow.pipe && steered)
        {
            if (ReleaseReservation(key))
            {
                m_pathChangeTrace(key, false);
            }
        }
        else if (!flow.pipe && steered)
        {
            Ptr<EndpointDaemon> self(this);
            const FlowKey k = key;
            m_steering->Unsteer(key, FlowSteering::DoneCallback([self, k]() {
                                    self->m_pathChangeTrace(k, false);
                                }));
        }
        SetState(key, flow, FlowState::ENDED);
    }
    m_flows.clear();
    m_hints.clear();
}

bool
EndpointDaemon::Ignored(const FlowKey& key) const
{
    if (!m_reservation && key.destination.CombineMask(m_circuitMask) == m_circuitNetwork)
    {
        return true; // already on a circuit (a pipe's traffic)
    }
    return key.protocol == 17 && key.sourcePort == m_port; // our own datagrams
}

void
EndpointDaemon::SetState(const FlowKey& key, Flow& flow, FlowState to)
{
    if (flow.state == to)
    {
        return;
    }
    const FlowState from = flow.state;
    flow.state = to;
    NS_LOG_INFO(Simulator::Now().As(Time::S)
                << " " << m_hostAddress << " " << key << " " << GetFlowStateName(from) << " -> "
                << GetFlowStateName(to));
    m_flowStateTrace(key, from, to);
}

void
EndpointDaemon::SendToPfd(OffloadMessage::Type type, const FlowKey& key)
{
    if (!m_running)
    {
        return;
    }
    OffloadMessage message(type, 1, key);
    if (type == OffloadMessage::Type::REQUEST)
    {
        message.SetPriority(m_priority);
    }
    m_messenger->Send(message, InetSocketAddress(m_pfdAddress, m_pfdPort));
}

void
EndpointDaemon::Tx(Ptr<const Packet> packet, const FlowKey& key, bool /* steered */)
{
    if (!m_running || Ignored(key))
    {
        return;
    }
    Flow& flow = Count(key, packet->GetSize());
    if (key.protocol == 6)
    {
        TcpHeader tcp;
        if (packet->PeekHeader(tcp) > 0 &&
            (tcp.GetFlags() & (TcpHeader::FIN | TcpHeader::RST)) != 0)
        {
            flow.ended = true;
            switch (flow.state)
            {
            case FlowState::CIRCUIT:
                Return(key, true, false, false);
                return;
            case FlowState::MONITORED:
            case FlowState::BACKOFF:
                SetState(key, flow, FlowState::ENDED);
                return;
            default:
                break; // REQUESTED, QUEUED: withdrawn at the answer; MOVING: once steered
            }
        }
    }
    CheckBig(key, flow);
}

EndpointDaemon::Flow&
EndpointDaemon::Count(const FlowKey& key, uint32_t bytes)
{
    auto [it, fresh] = m_flows.try_emplace(key);
    Flow& flow = it->second;
    if (fresh && m_hints.erase(Destination{key.destination, key.destinationPort, key.protocol}))
    {
        flow.hinted = true;
    }
    if (flow.state == FlowState::ENDED && !flow.ended)
    {
        // traffic again after an idle end: a new burst, watched from scratch
        flow = Flow();
        flow.state = FlowState::ENDED;
        SetState(key, flow, FlowState::MONITORED);
    }
    flow.binBytes += bytes;
    flow.totalBytes += bytes;
    flow.lastPacket = Simulator::Now();
    return flow;
}

void
EndpointDaemon::CheckBig(const FlowKey& key, Flow& flow)
{
    const bool big =
        flow.hinted || (m_policy == Policy::BYTES && flow.totalBytes >= m_bytesThreshold);
    if (big && flow.state == FlowState::MONITORED && !flow.ended)
    {
        Detect(key, DataRate(0));
    }
}

void
EndpointDaemon::AddAggregate(Ptr<AggregateSteering> steering, uint32_t aggregate, Ipv4Address peer)
{
    NS_ABORT_MSG_UNLESS(steering && aggregate < steering->GetNAggregates(),
                        "EndpointDaemon::AddAggregate: no aggregate " << aggregate);
    NS_ABORT_MSG_IF(m_aggregateSteering && m_aggregateSteering != steering,
                    "EndpointDaemon::AddAggregate: all aggregates must be of one "
                    "AggregateSteering (the node's)");
    NS_ABORT_MSG_IF(m_aggregates.count(aggregate) != 0,
                    "EndpointDaemon::AddAggregate: aggregate " << aggregate << " added twice");
    if (!m_aggregateSteering)
    {
        m_aggregateSteering = steering;
        steering->TraceConnectWithoutContext("Forwarded",
                                             MakeCallback(&EndpointDaemon::Forwarded, this));
    }
    m_aggregates[aggregate] = peer;
}

FlowKey
EndpointDaemon::GetAggregateKey(Ipv4Address peer) const
{
    FlowKey key;
    key.source = m_hostAddress;
    key.destination = peer;
    return key;
}

bool
EndpointDaemon::IsAggregateKey(const FlowKey& key) const
{
    if (!OffloadMessage::IsPipeKey(key) || key.source != m_hostAddress)
    {
        return false;
    }
    for (const auto& [index, peer] : m_aggregates)
    {
        if (peer == key.destination)
        {
            return true;
        }
    }
    return false;
}

void
EndpointDaemon::Forwarded(Ptr<const Packet> packet,
                          const Ipv4Header& /* header */,
                          uint32_t aggregate,
                          bool /* steered */)
{
    auto peer = m_aggregates.find(aggregate);
    if (!m_running || peer == m_aggregates.end())
    {
        return;
    }
    const FlowKey key = GetAggregateKey(peer->second);
    Flow& flow = Count(key, packet->GetSize()); // (4)
    flow.aggregate = true;
    CheckBig(key, flow);
}

void
EndpointDaemon::MoveAggregates(const FlowKey& key,
                               bool onCircuit,
                               Ipv4Address via,
                               Callback<void> done)
{
    std::vector<uint32_t> indices;
    for (const auto& [index, peer] : m_aggregates)
    {
        if (peer == key.destination)
        {
            indices.push_back(index);
        }
    }
    auto left = std::make_shared<size_t>(indices.size());
    const AggregateSteering::DoneCallback one([left, done]() {
        if (--*left == 0 && !done.IsNull())
        {
            done();
        }
    });
    for (uint32_t index : indices)
    {
        if (onCircuit)
        {
            m_aggregateSteering->Steer(index, m_circuitDevice, via, one);
        }
        else
        {
            m_aggregateSteering->Unsteer(index, one);
        }
    }
}

void
EndpointDaemon::Sample()
{
    const Time now = Simulator::Now();
    const double window = m_windowSamples * m_sampleInterval.GetSeconds();
    std::vector<std::pair<FlowKey, DataRate>> detect;
    std::vector<FlowKey> release;
    std::vector<FlowKey> withdraw;
    std::vector<FlowKey> forget;
    for (auto& [key, flow] : m_flows)
    {
        if (flow.pipe)
        {
            continue;
        }
        flow.bins.push_back(flow.binBytes);
        flow.binBytes = 0;
        while (flow.bins.size() > m_windowSamples)
        {
            flow.bins.pop_front();
        }
        uint64_t sum = 0;
        for (uint64_t b : flow.bins)
        {
            sum += b;
        }
        const double rate = 8.0 * static_cast<double>(sum) / window; // (1)
        if (flow.state == FlowState::BACKOFF && now >= flow.backoffUntil)
        {
            flow.above = false;
            flow.requester = false;
            SetState(key, flow, FlowState::MONITORED);
        }
        const bool idle = now - flow.lastPacket >= m_idleTimeout;
        if (flow.state == FlowState::MONITORED && m_policy == Policy::RATE && !flow.ended && !idle)
        {
            if (rate >= static_cast<double>(m_rateThreshold.GetBitRate()))
            {
                if (!flow.above)
                {
                    flow.above = true;
                    flow.aboveSince = now;
                }
                if (now - flow.aboveSince >= m_holdTime) // (2)
                {
                    detect.emplace_back(key, DataRate(static_cast<uint64_t>(rate)));
                }
            }
            else
            {
                flow.above = false;
            }
        }
        if (idle)
        {
            switch (flow.state)
            {
            case FlowState::MONITORED:
            case FlowState::BACKOFF:
            case FlowState::ENDED:
                forget.push_back(key);
                break;
            case FlowState::CIRCUIT:
                if (flow.requester)
                {
                    release.push_back(key);
                }
                break;
            case FlowState::REQUESTED:
            case FlowState::QUEUED:
                withdraw.push_back(key);
                break;
            default:
                break;
            }
        }
    }
    for (const auto& [key, rate] : detect)
    {
        Detect(key, rate);
    }
    for (const auto& key : release)
    {
        Return(key, true, false, false);
    }
    for (const auto& key : withdraw)
    {
        auto it = m_flows.find(key);
        SendToPfd(OffloadMessage::Type::RELEASE, key);
        SetState(key, it->second, FlowState::ENDED);
    }
    for (const auto& key : forget)
    {
        m_flows.erase(key);
    }
    m_sampleEvent = Simulator::Schedule(m_sampleInterval, &EndpointDaemon::Sample, this);
}

void
EndpointDaemon::Keepalive()
{
    for (auto& [key, flow] : m_flows)
    {
        if (flow.state == FlowState::CIRCUIT)
        {
            SendToPfd(OffloadMessage::Type::KEEPALIVE, key);
        }
    }
    m_keepaliveEvent = Simulator::Schedule(m_keepaliveInterval, &EndpointDaemon::Keepalive, this);
}

void
EndpointDaemon::Detect(const FlowKey& key, DataRate rate)
{
    Flow& flow = m_flows.at(key);
    flow.requester = true;
    NS_LOG_INFO(Simulator::Now().As(Time::S) << " detected " << key << " at " << rate);
    m_detectedTrace(key, rate, flow.totalBytes);
    SetState(key, flow, FlowState::REQUESTED);
    SendToPfd(OffloadMessage::Type::REQUEST, key);
}

void
EndpointDaemon::AnnounceTransfer(Ipv4Address destination,
                                 uint16_t port,
                                 uint8_t protocol,
                                 uint64_t bytes)
{
    NS_ABORT_MSG_UNLESS(m_running, "EndpointDaemon::AnnounceTransfer: the daemon is not running");
    if (m_hintThreshold == 0 || bytes < m_hintThreshold)
    {
        return;
    }
    for (auto& [key, flow] : m_flows)
    {
        if (key.destination == destination && key.destinationPort == port &&
            key.protocol == protocol && !flow.pipe && !flow.aggregate && !flow.hinted)
        {
            flow.hinted = true;
            if (flow.state == FlowState::MONITORED && !flow.ended)
            {
                Detect(key, DataRate(0));
            }
            return;
        }
    }
    m_hints.insert(Destination{destination, port, protocol});
}

void
EndpointDaemon::RequestPipe(Ipv4Address peer)
{
    NS_LOG_FUNCTION(this << peer);
    NS_ABORT_MSG_UNLESS(m_running, "EndpointDaemon::RequestPipe: the daemon is not running");
    FlowKey key;
    key.source = m_hostAddress;
    key.destination = peer;
    NS_ABORT_MSG_IF(IsAggregateKey(key),
                    "EndpointDaemon::RequestPipe: " << peer << " is an aggregate's peer border");
    auto it = m_flows.find(key);
    if (it != m_flows.end() && it->second.state != FlowState::ENDED)
    {
        return; // already asked for, or up
    }
    Flow& flow = m_flows[key];
    flow = Flow();
    flow.pipe = true;
    flow.requester = true;
    SetState(key, flow, FlowState::REQUESTED);
    SendToPfd(OffloadMessage::Type::REQUEST, key);
}

void
EndpointDaemon::ReleasePipe(Ipv4Address peer)
{
    NS_LOG_FUNCTION(this << peer);
    FlowKey key;
    key.source = m_hostAddress;
    key.destination = peer;
    auto it = m_flows.find(key);
    if (it == m_flows.end())
    {
        return;
    }
    switch (it->second.state)
    {
    case FlowState::MOVING:
    case FlowState::CIRCUIT:
        Return(key, true, false, false);
        break;
    case FlowState::REQUESTED:
    case FlowState::QUEUED:
        SendToPfd(OffloadMessage::Type::RELEASE, key);
        SetState(key, it->second, FlowState::ENDED);
        m_flows.erase(it);
        break;
    default:
        break;
    }
}

void
EndpointDaemon::Receive(const OffloadMessage& message, const InetSocketAddress& /* from */)
{
    const FlowKey& key = message.GetFlow();
    switch (message.GetType())
    {
    case OffloadMessage::Type::QUEUED: {
        auto it = m_flows.find(key);
        if (it != m_flows.end() && it->second.state == FlowState::REQUESTED)
        {
            SetState(key, it->second, FlowState::QUEUED);
        }
        break;
    }
    case OffloadMessage::Type::DENIED: {
        auto it = m_flows.find(key);
        if (it == m_flows.end() ||
            (it->second.state != FlowState::REQUESTED && it->second.state != FlowState::QUEUED))
        {
            break;
        }
        if (it->second.pipe)
        {
            SetState(key, it->second, FlowState::ENDED);
            m_flows.erase(it);
        }
        else if (it->second.ended)
        {
            SetState(key, it->second, FlowState::ENDED);
        }
        else
        {
            it->second.backoffUntil = Simulator::Now() + m_backoff;
            SetState(key, it->second, FlowState::BACKOFF);
        }
        break;
    }
    case OffloadMessage::Type::SETUP:
        HandleSetup(message);
        break;
    case OffloadMessage::Type::TEARDOWN:
        HandleTeardown(message);
        break;
    default:
        NS_LOG_WARN("unexpected message " << message.ToString());
        break;
    }
}

void
EndpointDaemon::HandleSetup(const OffloadMessage& message)
{
    const FlowKey key = message.GetFlow();
    auto [it, fresh] = m_flows.try_emplace(key);
    Flow& flow = it->second;
    if (fresh)
    {
        flow.lastPacket = Simulator::Now();
    }
    if (flow.state == FlowState::CIRCUIT && flow.via == message.GetVia())
    {
        SendToPfd(OffloadMessage::Type::READY, key); // a new SETUP for the same circuit
        return;
    }
    if (flow.state == FlowState::MOVING && flow.via == message.GetVia())
    {
        return; // READY goes when the steering is done
    }
    const bool asked = flow.state == FlowState::REQUESTED || flow.state == FlowState::QUEUED ||
                       flow.state == FlowState::BACKOFF;
    flow.requester = asked && flow.requester;
    flow.aggregate = IsAggregateKey(key);
    flow.pipe = message.IsPipe() && !flow.aggregate;
    flow.via = message.GetVia();
    const uint32_t generation = ++flow.generation;
    SetState(key, flow, FlowState::MOVING);
    if (flow.pipe)
    {
        Steered(key, generation);
        return;
    }
    Ptr<EndpointDaemon> self(this);
    if (m_reservation && !flow.aggregate)
    {
        m_reservation->Reserve(key); // shared NIC: the channel instead of a move
        Steered(key, generation);
        return;
    }
    if (flow.aggregate)
    {
        MoveAggregates(key, true, flow.via, Callback<void>([self, key, generation]() {
                           self->Steered(key, generation);
                       }));
        return;
    }
    m_steering->Steer(
        key,
        m_circuitDevice,
        message.GetVia(),
        FlowSteering::DoneCallback([self, key, generation]() { self->Steered(key, generation); }));
}

void
EndpointDaemon::Steered(FlowKey key, uint32_t generation)
{
    auto it = m_flows.find(key);
    if (!m_running || it == m_flows.end() || it->second.generation != generation ||
        it->second.state != FlowState::MOVING)
    {
        return;
    }
    Flow& flow = it->second;
    SetState(key, flow, FlowState::CIRCUIT);
    if (!flow.pipe)
    {
        m_pathChangeTrace(key, true);
    }
    SendToPfd(OffloadMessage::Type::READY, key);
    if (flow.ended && !flow.pipe)
    {
        Return(key, true, false, false); // the flow ended while its circuit was set up
    }
}

void
EndpointDaemon::HandleTeardown(const OffloadMessage& message)
{
    const FlowKey key = message.GetFlow();
    const bool backoff = message.GetReason() != "released";
    auto it = m_flows.find(key);
    if (it == m_flows.end())
    {
        SendToPfd(OffloadMessage::Type::DOWN, key);
        return;
    }
    Flow& flow = it->second;
    switch (flow.state)
    {
    case FlowState::MOVING:
    case FlowState::CIRCUIT:
        Return(key, false, true, backoff);
        break;
    case FlowState::RETURNING:
        flow.downPending = true;
        break;
    case FlowState::REQUESTED:
    case FlowState::QUEUED:
        SendToPfd(OffloadMessage::Type::DOWN, key);
        if (flow.pipe)
        {
            SetState(key, flow, FlowState::ENDED);
            m_flows.erase(it);
        }
        else
        {
            flow.backoffUntil = Simulator::Now() + m_backoff;
            SetState(key, flow, FlowState::BACKOFF);
        }
        break;
    default:
        SendToPfd(OffloadMessage::Type::DOWN, key);
        break;
    }
}

void
EndpointDaemon::Return(const FlowKey& key, bool release, bool down, bool backoff)
{
    Flow& flow = m_flows.at(key);
    const uint32_t generation = ++flow.generation;
    flow.releaseWhenDone = release;
    flow.downPending = down;
    SetState(key, flow, FlowState::RETURNING);
    if (flow.pipe)
    {
        Returned(key, generation, backoff);
        return;
    }
    if (m_reservation && !flow.aggregate)
    {
        ReleaseReservation(key);
        Returned(key, generation, backoff);
        return;
    }
    Ptr<EndpointDaemon> self(this);
    const FlowKey k = key;
    if (flow.aggregate)
    {
        MoveAggregates(key, false, Ipv4Address(), Callback<void>([self, k, generation, backoff]() {
                           self->Returned(k, generation, backoff);
                       }));
        return;
    }
    m_steering->Unsteer(key, FlowSteering::DoneCallback([self, k, generation, backoff]() {
                            self->Returned(k, generation, backoff);
                        }));
}

void
EndpointDaemon::Returned(FlowKey key, uint32_t generation, bool backoff)
{
    auto it = m_flows.find(key);
    if (!m_running || it == m_flows.end() || it->second.generation != generation ||
        it->second.state != FlowState::RETURNING)
    {
        return;
    }
    Flow& flow = it->second;
    if (!flow.pipe)
    {
        m_pathChangeTrace(key, false);
    }
    if (flow.downPending)
    {
        SendToPfd(OffloadMessage::Type::DOWN, key);
    }
    if (flow.releaseWhenDone)
    {
        SendToPfd(OffloadMessage::Type::RELEASE, key);
    }
    flow.downPending = false;
    if (flow.pipe)
    {
        SetState(key, flow, FlowState::ENDED);
        m_flows.erase(it);
        return;
    }
    if (flow.ended || flow.releaseWhenDone)
    {
        flow.releaseWhenDone = false;
        SetState(key, flow, FlowState::ENDED);
    }
    else if (backoff && flow.requester)
    {
        flow.backoffUntil = Simulator::Now() + m_backoff;
        SetState(key, flow, FlowState::BACKOFF);
    }
    else
    {
        flow.requester = false;
        flow.above = false;
        SetState(key, flow, FlowState::MONITORED);
    }
}

void
EndpointDaemon::GiveUp(const OffloadMessage& message, const InetSocketAddress& to)
{
    NS_LOG_WARN(Simulator::Now().As(Time::S) << " pfd unreachable: " << message.ToString());
    m_unreachableTrace(to.GetIpv4(), message.ToString());
    const FlowKey& key = message.GetFlow();
    auto it = m_flows.find(key);
    if (it == m_flows.end())
    {
        return;
    }
    Flow& flow = it->second;
    switch (message.GetType())
    {
    case OffloadMessage::Type::REQUEST:
        if (flow.state == FlowState::REQUESTED || flow.state == FlowState::QUEUED)
        {
            if (flow.pipe)
            {
                SetState(key, flow, FlowState::ENDED);
                m_flows.erase(it);
            }
            else
            {
                flow.backoffUntil = Simulator::Now() + m_backoff;
                SetState(key, flow, FlowState::BACKOFF);
            }
        }
        break;
    case OffloadMessage::Type::READY:
    case OffloadMessage::Type::KEEPALIVE:
        if (flow.state == FlowState::MOVING || flow.state == FlowState::CIRCUIT)
        {
            flow.requester = !flow.pipe; // back off (a pipe just ends)
            Return(key, false, false, true);
        }
        break;
    default:
        break;
    }
}

} // namespace hybridnet
} // namespace ns3
