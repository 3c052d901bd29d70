/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "farm-node.h"

#include "hybridnet/host-cpu.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetFarmNode");
NS_OBJECT_ENSURE_REGISTERED(FarmNode);

TypeId
FarmNode::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::FarmNode")
            .SetParent<Application>()
            .SetGroupName("Hybridnet")
            .AddConstructor<FarmNode>()
            .AddAttribute("Port",
                          "The UDP port events arrive on.  Range: 1 to 65535.",
                          UintegerValue(9100),
                          MakeUintegerAccessor(&FarmNode::m_port),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("Controller",
                          "The SFC's control address (InetSocketAddress): decisions and "
                          "tokens go there.",
                          AddressValue(),
                          MakeAddressAccessor(&FarmNode::m_controller),
                          MakeAddressChecker())
            .AddAttribute("Index",
                          "The node's index in its sub-farm, carried in its tokens and "
                          "decisions.  Range: 0 to 2^32 - 1.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&FarmNode::m_index),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("ProcessingTime",
                          "X of (1): an event's processing time on the reference PC, "
                          "seconds, drawn per event.  Range: >= 0 (a negative draw aborts).",
                          StringValue("ns3::ConstantRandomVariable[Constant=0.01]"),
                          MakePointerAccessor(&FarmNode::m_processing),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("Speed",
                          "v of (1): the node's speed relative to the reference PC (2: "
                          "twice as fast).  Range: > 0 to 1000.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&FarmNode::m_speed),
                          MakeDoubleChecker<double>(1e-6, 1000))
            .AddAttribute("QueueLimit",
                          "Events the node holds at most, in service and waiting; a complete "
                          "event beyond is lost.  Range: 1 to 2^32 - 1.",
                          UintegerValue(100),
                          MakeUintegerAccessor(&FarmNode::m_queueLimit),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("Credits",
                          "c of (2): tokens the node holds out (TokenAssignment); 0: it sends "
                          "none.  Range: 0 to 2^32 - 1.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&FarmNode::m_credits),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("AcceptFraction",
                          "The probability that an event is accepted (sent on to "
                          "storage).  Range: 0 to 1.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&FarmNode::m_acceptFraction),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("Storage",
                          "Where accepted events go whole (InetSocketAddress of a FarmStorage); "
                          "none: nowhere (the decision alone).",
                          AddressValue(),
                          MakeAddressAccessor(&FarmNode::m_storage),
                          MakeAddressChecker())
            .AddAttribute("DatagramSize",
                          "D: the largest UDP payload of an accepted event's fragment.  "
                          "Range: 29 B to 65507 B.",
                          UintegerValue(1472),
                          MakeUintegerAccessor(&FarmNode::m_datagramSize),
                          MakeUintegerChecker<uint32_t>(FarmMessageHeader::kSize + 1, 65507))
            .AddTraceSource("Held",
                            "Events the node holds, in service and waiting.",
                            MakeTraceSourceAccessor(&FarmNode::m_held),
                            "ns3::hybridnet::FarmNode::HeldTracedCallback")
            .AddTraceSource("Decided",
                            "An event's service has ended: its id, latency and decision.",
                            MakeTraceSourceAccessor(&FarmNode::m_decidedTrace),
                            "ns3::hybridnet::FarmNode::DecidedCallback")
            .AddTraceSource("Lost",
                            "A complete event was lost (full queue or failure): its id.",
                            MakeTraceSourceAccessor(&FarmNode::m_lostTrace),
                            "ns3::hybridnet::FarmNode::LostCallback");
    return tid;
}

FarmNode::FarmNode()
    : m_accept(CreateObject<UniformRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

FarmNode::~FarmNode() = default;

int64_t
FarmNode::AssignStreams(int64_t stream)
{
    m_processing->SetStream(stream);
    m_accept->SetStream(stream + 1);
    return 2;
}

void
FarmNode::DoDispose()
{
    m_socket = nullptr;
    m_cpu = nullptr;
    m_processing = nullptr;
    m_accept = nullptr;
    Application::DoDispose();
}

void
FarmNode::StartApplication()
{
    NS_ABORT_MSG_IF(m_controller.IsInvalid(), "FarmNode: Controller is not set");
    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    NS_ABORT_MSG_IF(m_socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port)) != 0,
                    "FarmNode: port " << m_port << " is taken");
    m_socket->SetRecvCallback(MakeCallback(&FarmNode::Receive, this));
    Ptr<HostCpu> cpu = GetNode()->GetObject<HostCpu>();
    m_cpu = cpu && cpu->GetProcessors() == 1 ? cpu : nullptr; // (3)
    FarmMessageHeader hello;
    hello.kind = FarmMessageHeader::HELLO;
    hello.offset = m_index;
    SendControl(hello);
    for (uint32_t i = 0; i < m_credits; ++i) // (2)
    {
        FarmMessageHeader token;
        token.kind = FarmMessageHeader::TOKEN;
        token.offset = m_index;
        SendControl(token);
    }
}

void
FarmNode::StopApplication()
{
    m_service.Cancel();
    if (m_socket)
    {
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_socket->Close();
    }
}

void
FarmNode::Receive(Ptr<Socket> socket)
{
    while (Ptr<Packet> packet = socket->Recv())
    {
        FarmMessageHeader header;
        packet->RemoveHeader(header);
        if (header.kind == FarmMessageHeader::EVENT && m_reassembly.Add(header, packet->GetSize()))
        {
            Arrive(header);
        }
    }
}

void
FarmNode::Arrive(const FarmMessageHeader& event)
{
    if (m_failed || m_queue.size() >= m_queueLimit)
    {
        ++m_lost;
        m_lostTrace(event.id);
        return;
    }
    m_queue.push_back(event);
    m_held = uint32_t(m_queue.size());
    if (m_queue.size() == 1)
    {
        Serve();
    }
}

void
FarmNode::Serve()
{
    const double x = m_processing->GetValue();
    NS_ABORT_MSG_IF(x < 0, "FarmNode: ProcessingTime drew " << x << " s");
    m_serviceStart = Simulator::Now();
    m_serviceNeed = Seconds(x / m_speed); // (1)
    if (m_cpu)
    {
        m_cpuBusyAtStart = m_cpu->GetBusyTimeNow();
        m_service = Simulator::Schedule(m_serviceNeed, &FarmNode::CheckService, this);
        return;
    }
    m_service = Simulator::Schedule(m_serviceNeed, &FarmNode::Done, this);
}

void
FarmNode::CheckService()
{
    const Time elapsed = Simulator::Now() - m_serviceStart;
    const Time had = elapsed - (m_cpu->GetBusyTimeNow() - m_cpuBusyAtStart); // (3)
    if (had >= m_serviceNeed)
    {
        Done();
        return;
    }
    m_service = Simulator::Schedule(m_serviceNeed - had, &FarmNode::CheckService, this);
}

void
FarmNode::Done()
{
    const FarmMessageHeader event = m_queue.front();
    m_queue.pop_front();
    m_held = uint32_t(m_queue.size());
    m_busy += Simulator::Now() - m_serviceStart;
    ++m_decided;
    FarmMessageHeader decision = event;
    decision.kind = FarmMessageHeader::DECISION;
    decision.accepted = m_accept->GetValue() < m_acceptFraction;
    decision.offset = m_index;
    m_accepted += decision.accepted ? 1 : 0;
    m_decidedTrace(event.id, Simulator::Now() - event.entered, decision.accepted);
    SendControl(decision);
    if (m_credits > 0) // (2)
    {
        FarmMessageHeader token;
        token.kind = FarmMessageHeader::TOKEN;
        token.offset = m_index;
        SendControl(token);
    }
    if (decision.accepted && !m_storage.IsInvalid()) // after the control datagrams
    {
        SendFarmEvent(m_socket, m_storage, event, m_datagramSize);
    }
    if (!m_queue.empty())
    {
        Serve();
    }
}

void
FarmNode::SendControl(FarmMessageHeader message)
{
    Ptr<Packet> packet = Create<Packet>();
    packet->AddHeader(message);
    m_socket->SendTo(packet, 0, m_controller);
}

void
FarmNode::Fail()
{
    m_failed = true;
    m_service.Cancel();
    m_lost += m_queue.size();
    for (const auto& event : m_queue)
    {
        m_lostTrace(event.id);
    }
    m_queue.clear();
    m_held = 0;
}

uint32_t
FarmNode::GetHeld() const
{
    return m_held;
}

uint64_t
FarmNode::GetDecided() const
{
    return m_decided;
}

uint64_t
FarmNode::GetAccepted() const
{
    return m_accepted;
}

uint64_t
FarmNode::GetLost() const
{
    return m_lost;
}

uint64_t
FarmNode::GetIncomplete() const
{
    return m_reassembly.GetIncomplete();
}

Time
FarmNode::GetBusyTime() const
{
    return m_busy + (m_service.IsPending() ? Simulator::Now() - m_serviceStart : Time(0));
}

} // namespace hybridnet
} // namespace ns3
