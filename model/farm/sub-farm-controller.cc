/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sub-farm-controller.h"

#include "round-robin-assignment.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetSubFarmController");
NS_OBJECT_ENSURE_REGISTERED(SubFarmController);

TypeId
SubFarmController::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::SubFarmController")
            .SetParent<Application>()
            .SetGroupName("Hybridnet")
            .AddConstructor<SubFarmController>()
            .AddAttribute("InputPort",
                          "The UDP port the read-out's events arrive on.  Range: 1 to 65535.",
                          UintegerValue(9000),
                          MakeUintegerAccessor(&SubFarmController::m_inputPort),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("ControlPort",
                          "The UDP port events leave from and the nodes' tokens and "
                          "decisions arrive on.  Range: 1 to 65535.",
                          UintegerValue(9001),
                          MakeUintegerAccessor(&SubFarmController::m_controlPort),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("BufferSize",
                          "The SFC's event memory, (1): bytes of events waiting at most.  "
                          "Range: 1 B to 2^64 - 1 B.",
                          UintegerValue(64 * 1024 * 1024),
                          MakeUintegerAccessor(&SubFarmController::m_bufferSize),
                          MakeUintegerChecker<uint64_t>(1))
            .AddAttribute("DatagramSize",
                          "D: the largest UDP payload an event's fragment takes (1472 B on a "
                          "1500 B MTU without IP fragmentation).  Range: 29 B to 65507 B.",
                          UintegerValue(1472),
                          MakeUintegerAccessor(&SubFarmController::m_datagramSize),
                          MakeUintegerChecker<uint32_t>(FarmMessageHeader::kSize + 1, 65507))
            .AddAttribute("ThrottleOn",
                          "h of (2): the buffer's fill, as a fraction of BufferSize, above "
                          "which the SFC throttles the trigger; 1: never.  Range: 0 to 1.",
                          DoubleValue(1),
                          MakeDoubleAccessor(&SubFarmController::m_throttleOn),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("ThrottleOff",
                          "l of (3): the fill, as a fraction of BufferSize, at or below which "
                          "it releases the trigger.  Range: 0 to ThrottleOn.",
                          DoubleValue(1),
                          MakeDoubleAccessor(&SubFarmController::m_throttleOff),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("Trigger",
                          "The trigger's address (InetSocketAddress of its FarmEventSource "
                          "Port): the SFC registers there when it starts (a hello; a learning "
                          "switch on the way then knows where the SFC is) and sends its "
                          "throttles and releases there; none: no hello and no throttle "
                          "(ThrottleOn must be 1).",
                          AddressValue(),
                          MakeAddressAccessor(&SubFarmController::m_trigger),
                          MakeAddressChecker())
            .AddAttribute("Policy",
                          "The assignment policy (a FarmAssignmentPolicy); none: a "
                          "RoundRobinAssignment of its own.",
                          PointerValue(),
                          MakePointerAccessor(&SubFarmController::m_policy),
                          MakePointerChecker<FarmAssignmentPolicy>())
            .AddTraceSource("Buffered",
                            "B_held of (1): bytes of the events waiting.",
                            MakeTraceSourceAccessor(&SubFarmController::m_buffered),
                            "ns3::hybridnet::SubFarmController::BufferedTracedCallback")
            .AddTraceSource("Dropped",
                            "An event was lost to a full buffer, (1).",
                            MakeTraceSourceAccessor(&SubFarmController::m_droppedTrace),
                            "ns3::hybridnet::SubFarmController::EventCallback")
            .AddTraceSource("Assigned",
                            "An event was sent to a node.",
                            MakeTraceSourceAccessor(&SubFarmController::m_assignedTrace),
                            "ns3::hybridnet::SubFarmController::EventCallback")
            .AddTraceSource("Decided",
                            "A node's decision arrived: the node, the event's id, its "
                            "latency and the decision.",
                            MakeTraceSourceAccessor(&SubFarmController::m_decidedTrace),
                            "ns3::hybridnet::SubFarmController::DecidedCallback");
    return tid;
}

SubFarmController::SubFarmController()
{
    NS_LOG_FUNCTION(this);
}

SubFarmController::~SubFarmController() = default;

void
SubFarmController::AddNode(const Address& node)
{
    m_nodes.push_back(node);
}

void
SubFarmController::DoDispose()
{
    m_input = nullptr;
    m_control = nullptr;
    m_policy = nullptr;
    Application::DoDispose();
}

void
SubFarmController::StartApplication()
{
    NS_ABORT_MSG_IF(m_nodes.empty(), "SubFarmController: no farm nodes added");
    if (!m_policy)
    {
        m_policy = CreateObject<RoundRobinAssignment>();
    }
    NS_ABORT_MSG_IF(m_throttleOn < 1 && m_trigger.IsInvalid(),
                    "SubFarmController: ThrottleOn < 1 needs a Trigger");
    NS_ABORT_MSG_IF(m_throttleOff > m_throttleOn,
                    "SubFarmController: ThrottleOff " << m_throttleOff << " > ThrottleOn "
                                                      << m_throttleOn);
    m_policy->SetNodes(uint32_t(m_nodes.size()));
    auto bind = [this](uint16_t port, void (SubFarmController::*receive)(Ptr<Socket>)) {
        Ptr<Socket> socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
        NS_ABORT_MSG_IF(socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), port)) != 0,
                        "SubFarmController: port " << port << " is taken");
        socket->SetRecvCallback(MakeCallback(receive, this));
        return socket;
    };
    m_input = bind(m_inputPort, &SubFarmController::ReceiveInput);
    m_control = bind(m_controlPort, &SubFarmController::ReceiveControl);
    if (!m_trigger.IsInvalid())
    {
        SignalTrigger(FarmMessageHeader::HELLO);
    }
}

void
SubFarmController::StopApplication()
{
    for (const auto& socket : {m_input, m_control})
    {
        if (socket)
        {
            socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
            socket->Close();
        }
    }
}

void
SubFarmController::ReceiveInput(Ptr<Socket> socket)
{
    while (Ptr<Packet> packet = socket->Recv())
    {
        FarmMessageHeader header;
        packet->RemoveHeader(header);
        if (header.kind == FarmMessageHeader::EVENT && m_reassembly.Add(header, packet->GetSize()))
        {
            Enter(header);
        }
    }
}

void
SubFarmController::Enter(FarmMessageHeader event)
{
    if (m_buffered + event.size > m_bufferSize) // (1)
    {
        ++m_dropped;
        m_droppedTrace(event.id, event.size);
        return;
    }
    ++m_entered;
    event.entered = Simulator::Now();
    m_waiting.push_back(event);
    m_buffered += event.size;
    Dispatch();
    if (!m_throttling && double(m_buffered) > m_throttleOn * double(m_bufferSize)) // (2)
    {
        m_throttling = true;
        m_throttledSince = Simulator::Now();
        ++m_throttles;
        SignalTrigger(FarmMessageHeader::THROTTLE);
    }
}

void
SubFarmController::SignalTrigger(FarmMessageHeader::Kind kind)
{
    FarmMessageHeader signal;
    signal.kind = kind;
    Ptr<Packet> packet = Create<Packet>();
    packet->AddHeader(signal);
    m_input->SendTo(packet, 0, m_trigger);
}

void
SubFarmController::Dispatch()
{
    while (!m_waiting.empty())
    {
        const auto node = m_policy->Choose();
        if (!node)
        {
            break;
        }
        NS_ABORT_MSG_IF(*node >= m_nodes.size(),
                        "SubFarmController: the policy chose node " << *node << " of "
                                                                    << m_nodes.size());
        const FarmMessageHeader event = m_waiting.front();
        m_waiting.pop_front();
        SendFarmEvent(m_control, m_nodes[*node], event, m_datagramSize);
        m_policy->Assigned(*node);
        m_buffered -= event.size;
        ++m_assigned;
        m_assignedTrace(event.id, event.size);
    }
    if (m_throttling && double(m_buffered) <= m_throttleOff * double(m_bufferSize)) // (3)
    {
        m_throttling = false;
        m_throttledTime += Simulator::Now() - m_throttledSince;
        SignalTrigger(FarmMessageHeader::RELEASE);
    }
}

void
SubFarmController::ReceiveControl(Ptr<Socket> socket)
{
    while (Ptr<Packet> packet = socket->Recv())
    {
        FarmMessageHeader header;
        packet->RemoveHeader(header);
        if (header.kind == FarmMessageHeader::TOKEN)
        {
            ++m_tokens;
            m_policy->TokenArrived(header.offset);
        }
        else if (header.kind == FarmMessageHeader::DECISION)
        {
            ++m_decided;
            m_accepted += header.accepted ? 1 : 0;
            m_policy->DecisionArrived(header.offset);
            m_decidedTrace(header.offset,
                           header.id,
                           Simulator::Now() - header.entered,
                           header.accepted);
        }
    }
    Dispatch();
}

uint32_t
SubFarmController::GetNodes() const
{
    return uint32_t(m_nodes.size());
}

uint64_t
SubFarmController::GetEntered() const
{
    return m_entered;
}

uint64_t
SubFarmController::GetIncomplete() const
{
    return m_reassembly.GetIncomplete();
}

uint64_t
SubFarmController::GetDropped() const
{
    return m_dropped;
}

uint64_t
SubFarmController::GetAssigned() const
{
    return m_assigned;
}

uint64_t
SubFarmController::GetDecided() const
{
    return m_decided;
}

uint64_t
SubFarmController::GetAccepted() const
{
    return m_accepted;
}

uint64_t
SubFarmController::GetTokens() const
{
    return m_tokens;
}

uint64_t
SubFarmController::GetThrottles() const
{
    return m_throttles;
}

Time
SubFarmController::GetThrottledTime() const
{
    return m_throttledTime + (m_throttling ? Simulator::Now() - m_throttledSince : Time());
}

uint64_t
SubFarmController::GetBuffered() const
{
    return m_buffered;
}

Ptr<FarmAssignmentPolicy>
SubFarmController::GetPolicy() const
{
    return m_policy;
}

} // namespace hybridnet
} // namespace ns3
