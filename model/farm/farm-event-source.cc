/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "farm-event-source.h"

#include "farm-message.h"
#include "farm-readout-unit.h"

#include "ns3/abort.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
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
                          "Triggers to come (events read out or throttled); 0: until the "
                          "application stops.  Range: 0 to 2^64 - 1.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&FarmEventSource::m_maxEvents),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("Source",
                          "This source's number, the high bits of its event ids.  Range: 0 "
                          "to 2^24 - 1.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&FarmEventSource::m_source),
                          MakeUintegerChecker<uint32_t>(0, (1U << 24) - 1))
            .AddAttribute("Port",
                          "The UDP port events leave from and the SFCs' hellos, throttles and "
                          "releases arrive on (their Trigger); 0: any free port.  Range: 0 to "
                          "65535.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&FarmEventSource::m_port),
                          MakeUintegerChecker<uint16_t>());
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
    m_units.clear();
    m_interArrival = nullptr;
    m_eventSize = nullptr;
    Application::DoDispose();
}

void
FarmEventSource::StartApplication()
{
    NS_ABORT_MSG_IF(m_remote.IsInvalid(), "FarmEventSource: Remote is not set");
    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    NS_ABORT_MSG_IF(m_socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port)) != 0,
                    "FarmEventSource: port " << m_port << " is taken");
    m_socket->SetRecvCallback(MakeCallback(&FarmEventSource::Receive, this));
    Send();
}

void
FarmEventSource::StopApplication()
{
    m_next.Cancel();
    if (m_socket)
    {
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_socket->Close();
    }
}

void
FarmEventSource::Send()
{
    const double bytes = std::round(m_eventSize->GetValue());
    NS_ABORT_MSG_IF(bytes < 0 || bytes > 4294967295.0,
                    "FarmEventSource: EventSize drew " << bytes << " B");
    if (!m_holding.empty())
    {
        ++m_throttled;
    }
    else
    {
        FarmMessageHeader event;
        event.kind = FarmMessageHeader::EVENT;
        event.size = uint32_t(bytes);
        event.id = (uint64_t(m_source) << 40) + m_triggers;
        const uint64_t sfc = m_triggers % (1 + m_remotes.size()); // (1)
        ReadOut(event, sfc == 0 ? m_remote : m_remotes[sfc - 1]);
        ++m_sent;
    }
    ++m_triggers;
    if (m_maxEvents != 0 && m_triggers >= m_maxEvents)
    {
        return;
    }
    const double gap = m_interArrival->GetValue();
    NS_ABORT_MSG_IF(gap < 0, "FarmEventSource: InterArrival drew " << gap << " s");
    m_next = Simulator::Schedule(Seconds(gap), &FarmEventSource::Send, this); // (1)
}

void
FarmEventSource::ReadOut(const FarmMessageHeader& event, const Address& sfc)
{
    if (m_units.empty())
    {
        SendFarmEvent(m_socket, sfc, event, m_datagramSize);
        return;
    }
    const uint64_t units = m_units.size();
    for (uint64_t r = 0; r < units; ++r) // (2)
    {
        const uint64_t first = r * event.size / units;
        const uint64_t end = (r + 1) * event.size / units;
        m_units[r]->ReadOut(event, sfc, uint32_t(first), uint32_t(end - first));
    }
}

void
FarmEventSource::AddRemote(const Address& remote)
{
    m_remotes.push_back(remote);
}

void
FarmEventSource::AddReadoutUnit(Ptr<FarmReadoutUnit> unit)
{
    m_units.push_back(unit);
}

void
FarmEventSource::Receive(Ptr<Socket> socket)
{
    Address from;
    while (Ptr<Packet> packet = socket->RecvFrom(from))
    {
        FarmMessageHeader header;
        packet->RemoveHeader(header);
        if (header.kind == FarmMessageHeader::THROTTLE)
        {
            m_holding.insert(from);
        }
        else if (header.kind == FarmMessageHeader::RELEASE)
        {
            m_holding.erase(from);
        }
    }
}

uint64_t
FarmEventSource::GetSent() const
{
    return m_sent;
}

uint64_t
FarmEventSource::GetThrottled() const
{
    return m_throttled;
}

bool
FarmEventSource::IsThrottled() const
{
    return !m_holding.empty();
}

} // namespace hybridnet
} // namespace ns3
