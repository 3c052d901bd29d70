/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "farm-event-source.h"

#include "farm-message.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <cmath>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetFarmEventSource");
NS_OBJECT_ENSURE_REGISTERED(FarmEventSource);

TypeId
FarmEventSource::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::FarmEventSource")
            .SetParent<Application>()
            .SetGroupName("Hybridnet")
            .AddConstructor<FarmEventSource>()
            .AddAttribute("Remote",
                          "The SFC's input address (InetSocketAddress).",
                          AddressValue(),
                          MakeAddressAccessor(&FarmEventSource::m_remote),
                          MakeAddressChecker())
            .AddAttribute("InterArrival",
                          "A_k of (1): seconds from one event to the next.  Range: >= 0 (a "
                          "negative draw aborts).",
                          StringValue("ns3::ConstantRandomVariable[Constant=0.001]"),
                          MakePointerAccessor(&FarmEventSource::m_interArrival),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("EventSize",
                          "E_k of (1): an event's bytes (rounded to the nearest).  Range: 0 "
                          "to 2^32 - 1 (a draw outside aborts).",
                          StringValue("ns3::ConstantRandomVariable[Constant=100000]"),
                          MakePointerAccessor(&FarmEventSource::m_eventSize),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("DatagramSize",
                          "D: the largest UDP payload of a fragment.  Range: 29 B to 65507 B.",
                          UintegerValue(1472),
                          MakeUintegerAccessor(&FarmEventSource::m_datagramSize),
                          MakeUintegerChecker<uint32_t>(FarmMessageHeader::kSize + 1, 65507))
            .AddAttribute("MaxEvents",
                          "Events to send; 0: until the application stops.  Range: 0 to "
                          "2^64 - 1.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&FarmEventSource::m_maxEvents),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("Source",
                          "This source's number, the high bits of its event ids.  Range: 0 "
                          "to 2^24 - 1.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&FarmEventSource::m_source),
                          MakeUintegerChecker<uint32_t>(0, (1U << 24) - 1));
    return tid;
}

FarmEventSource::FarmEventSource()
{
    NS_LOG_FUNCTION(this);
}

FarmEventSource::~FarmEventSource() = default;

int64_t
FarmEventSource::AssignStreams(int64_t stream)
{
    m_interArrival->SetStream(stream);
    m_eventSize->SetStream(stream + 1);
    return 2;
}

void
FarmEventSource::DoDispose()
{
    m_socket = nullptr;
    m_interArrival = nullptr;
    m_eventSize = nullptr;
    Application::DoDispose();
}

void
FarmEventSource::StartApplication()
{
    NS_ABORT_MSG_IF(m_remote.IsInvalid(), "FarmEventSource: Remote is not set");
    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    m_socket->Bind();
    Send();
}

void
FarmEventSource::StopApplication()
{
    m_next.Cancel();
    if (m_socket)
    {
        m_socket->Close();
    }
}

void
FarmEventSource::Send()
{
    const double bytes = std::round(m_eventSize->GetValue());
    NS_ABORT_MSG_IF(bytes < 0 || bytes > 4294967295.0,
                    "FarmEventSource: EventSize drew " << bytes << " B");
    FarmMessageHeader event;
    event.kind = FarmMessageHeader::EVENT;
    event.size = uint32_t(bytes);
    event.id = (uint64_t(m_source) << 40) + m_sent;
    SendFarmEvent(m_socket, m_remote, event, m_datagramSize);
    ++m_sent;
    if (m_maxEvents != 0 && m_sent >= m_maxEvents)
    {
        return;
    }
    const double gap = m_interArrival->GetValue();
    NS_ABORT_MSG_IF(gap < 0, "FarmEventSource: InterArrival drew " << gap << " s");
    m_next = Simulator::Schedule(Seconds(gap), &FarmEventSource::Send, this); // (1)
}

uint64_t
FarmEventSource::GetSent() const
{
    return m_sent;
}

} // namespace hybridnet
} // namespace ns3
