/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "udp-stream-sender.h"

#include "ns3/abort.h"
#include "ns3/address-utils.h"
#include "ns3/arp-l3-protocol.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/log.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/queue-disc.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetUdpStreamSender");
NS_OBJECT_ENSURE_REGISTERED(UdpStreamSender);

namespace
{
constexpr uint32_t kMaxUdpPayload = 65507; //!< 65535 - 20 (IPv4) - 8 (UDP)
} // namespace

TypeId
UdpStreamSender::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::UdpStreamSender")
            .SetParent<Application>()
            .SetGroupName("Hybridnet")
            .AddConstructor<UdpStreamSender>()
            .AddAttribute("Remote",
                          "Destination address and port of the datagrams (an "
                          "InetSocketAddress).",
                          AddressValue(),
                          MakeAddressAccessor(&UdpStreamSender::m_remote),
                          MakeAddressChecker())
            .AddAttribute("MessageSize",
                          "UDP payload m of every datagram (netperf -m), bytes. Range: 1 to "
                          "65507 (the largest IPv4 UDP payload); it should fit the path MTU "
                          "less 28 B (IPv4 and UDP headers), or IP fragments it.",
                          UintegerValue(1472),
                          MakeUintegerAccessor(&UdpStreamSender::m_messageSize),
                          MakeUintegerChecker<uint32_t>(1, kMaxUdpPayload))
            .AddAttribute("SendBuffer",
                          "Socket send buffer S of equation (1) (SO_SNDBUF, netperf -s), "
                          "bytes of payload outstanding before a write blocks. Default: "
                          "Linux's net.core.wmem_default. Range: 1 B to 1 GiB.",
                          UintegerValue(65535),
                          MakeUintegerAccessor(&UdpStreamSender::m_sendBuffer),
                          MakeUintegerChecker<uint32_t>(1, 1U << 30))
            .AddAttribute("MaxBytes",
                          "Payload bytes to send in all, then stop writing; 0: no limit.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&UdpStreamSender::m_maxBytes),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("Device",
                          "The NetDevice whose PhyTxEnd releases a datagram, equation (2); "
                          "if unset, the output device of the node's IPv4 route to Remote.",
                          PointerValue(),
                          MakePointerAccessor(&UdpStreamSender::m_device),
                          MakePointerChecker<NetDevice>())
            .AddTraceSource("Tx",
                            "A datagram's payload was written to the socket.",
                            MakeTraceSourceAccessor(&UdpStreamSender::m_txTrace),
                            "ns3::hybridnet::UdpStreamSender::TxCallback")
            .AddTraceSource("Outstanding",
                            "O of equations (1)-(2): payload bytes written and not yet sent "
                            "or dropped.",
                            MakeTraceSourceAccessor(&UdpStreamSender::m_outstanding),
                            "ns3::hybridnet::UdpStreamSender::OutstandingTracedCallback");
    return tid;
}

UdpStreamSender::UdpStreamSender()
{
    NS_LOG_FUNCTION(this);
}

UdpStreamSender::~UdpStreamSender() = default;

uint64_t
UdpStreamSender::GetSentBytes() const
{
    return m_sentBytes;
}

uint64_t
UdpStreamSender::GetSentDatagrams() const
{
    return m_sentDatagrams;
}

uint64_t
UdpStreamSender::GetOutstandingBytes() const
{
    return m_outstanding;
}

uint64_t
UdpStreamSender::GetDroppedDatagrams() const
{
    return m_droppedDatagrams;
}

uint64_t
UdpStreamSender::GetSendErrors() const
{
    return m_sendErrors;
}

void
UdpStreamSender::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_socket = nullptr;
    m_device = nullptr;
    m_inFlight.clear();
    Application::DoDispose();
}

void
UdpStreamSender::ConnectReleaseTraces()
{
    Ptr<Node> node = GetNode();
    const InetSocketAddress remote = InetSocketAddress::ConvertFrom(m_remote);
    if (!m_device)
    {
        Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
        NS_ABORT_MSG_IF(!ipv4 || !ipv4->GetRoutingProtocol(),
                        "UdpStreamSender: node " << node->GetId() << " has no IPv4 routing");
        Ipv4Header header;
        header.SetDestination(remote.GetIpv4());
        Socket::SocketErrno error;
        Ptr<Ipv4Route> route =
            ipv4->GetRoutingProtocol()->RouteOutput(nullptr, header, nullptr, error);
        NS_ABORT_MSG_IF(!route,
                        "UdpStreamSender: no route to " << remote.GetIpv4() << " from node "
                                                        << node->GetId());
        m_device = route->GetOutputDevice();
    }
    NS_ABORT_MSG_IF(
        !m_device->TraceConnectWithoutContext("PhyTxEnd",
                                              MakeCallback(&UdpStreamSender::PhyTxEnd, this)),
        "UdpStreamSender: device " << m_device->GetInstanceTypeId().GetName()
                                   << " has no PhyTxEnd trace source");
    // Every drop point with a trace between the socket and the wire, (2).
    m_device->TraceConnectWithoutContext("MacTxDrop",
                                         MakeCallback(&UdpStreamSender::Dropped, this));
    if (Ptr<TrafficControlLayer> tc = node->GetObject<TrafficControlLayer>())
    {
        // Without a queue disc, a packet that finds the device queue stopped.
        tc->TraceConnectWithoutContext("TcDrop", MakeCallback(&UdpStreamSender::Dropped, this));
        if (Ptr<QueueDisc> root = tc->GetRootQueueDiscOnDevice(m_device))
        {
            root->TraceConnectWithoutContext(
                "Drop",
                MakeCallback(+[](UdpStreamSender* self, Ptr<const QueueDiscItem> item) {
                    self->Dropped(item->GetPacket());
                }).Bind(this));
        }
    }
    if (Ptr<Ipv4L3Protocol> ip = node->GetObject<Ipv4L3Protocol>())
    {
        ip->TraceConnectWithoutContext("Drop",
                                       MakeCallback(+[](UdpStreamSender* self,
                                                        const Ipv4Header&,
                                                        Ptr<const Packet> packet,
                                                        Ipv4L3Protocol::DropReason,
                                                        Ptr<Ipv4>,
                                                        uint32_t) {
                                           self->Dropped(packet);
                                       }).Bind(this));
    }
    if (Ptr<ArpL3Protocol> arp = node->GetObject<ArpL3Protocol>())
    {
        arp->TraceConnectWithoutContext("Drop", MakeCallback(&UdpStreamSender::Dropped, this));
    }
    m_connected = true;
}

void
UdpStreamSender::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!InetSocketAddress::IsMatchingType(m_remote),
                    "UdpStreamSender: Remote must be an InetSocketAddress");
    if (!m_connected)
    {
        ConnectReleaseTraces();
    }
    if (!m_socket)
    {
        m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
        m_socket->Bind();
        m_socket->Connect(m_remote);
    }
    m_running = true;
    SendLoop();
}

void
UdpStreamSender::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_running = false;
    if (m_socket)
    {
        m_socket->Close();
    }
}

void
UdpStreamSender::SendLoop()
{
    // (1): write while the charge is below S.
    while (m_running && m_outstanding < m_sendBuffer &&
           (m_maxBytes == 0 || m_sentBytes < m_maxBytes))
    {
        uint32_t size = m_messageSize;
        if (m_maxBytes > 0)
        {
            size = static_cast<uint32_t>(std::min<uint64_t>(size, m_maxBytes - m_sentBytes));
        }
        Ptr<Packet> packet = Create<Packet>(size);
        const uint64_t uid = packet->GetUid();
        // Charged before the send: the stack may report the packet sent or dropped inside it.
        m_inFlight[uid] = size;
        m_outstanding += size;
        if (m_socket->Send(packet) < 0)
        {
            NS_LOG_WARN("UdpStreamSender: send refused, errno " << m_socket->GetErrno());
            m_inFlight.erase(uid);
            m_outstanding -= size;
            ++m_sendErrors;
            m_running = false;
            return;
        }
        m_sentBytes += size;
        ++m_sentDatagrams;
        m_txTrace(packet);
    }
}

void
UdpStreamSender::PhyTxEnd(Ptr<const Packet> frame)
{
    // A new event: never re-enter the device's transmit code from inside its trace.
    Simulator::ScheduleNow(&UdpStreamSender::Release, this, frame->GetUid(), false);
}

void
UdpStreamSender::Dropped(Ptr<const Packet> packet)
{
    Simulator::ScheduleNow(&UdpStreamSender::Release, this, packet->GetUid(), true);
}

void
UdpStreamSender::Release(uint64_t uid, bool dropped)
{
    auto it = m_inFlight.find(uid);
    if (it == m_inFlight.end())
    {
        return; // not ours, or already released (a later fragment)
    }
    m_outstanding -= it->second;
    m_inFlight.erase(it);
    if (dropped)
    {
        // (5): the charge is freed, but the next write waits for the next frame's end.
        ++m_droppedDatagrams;
        return;
    }
    SendLoop();
}

} // namespace hybridnet
} // namespace ns3
