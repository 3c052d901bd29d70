/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "offload-messenger.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetOffloadMessenger");
NS_OBJECT_ENSURE_REGISTERED(OffloadMessenger);

TypeId
OffloadMessenger::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::OffloadMessenger")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<OffloadMessenger>()
            .AddAttribute("DuplicateMemory",
                          "How many sequence numbers of each source are remembered to "
                          "recognise duplicates, rule (R2). Range: 16 to 65536.",
                          UintegerValue(1024),
                          MakeUintegerAccessor(&OffloadMessenger::m_duplicateMemory),
                          MakeUintegerChecker<uint32_t>(16, 65536))
            .AddTraceSource("Tx",
                            "A datagram was sent (a message, a copy of one, or an ACK).",
                            MakeTraceSourceAccessor(&OffloadMessenger::m_txTrace),
                            "ns3::hybridnet::OffloadMessenger::TxTracedCallback")
            .AddTraceSource("Rx",
                            "A message was received (new or duplicate), ACKs included.",
                            MakeTraceSourceAccessor(&OffloadMessenger::m_rxTrace),
                            "ns3::hybridnet::OffloadMessenger::RxTracedCallback")
            .AddTraceSource("GiveUp",
                            "A message was not acknowledged after MaxRetransmits copies, "
                            "equation (1): its destination is unreachable.",
                            MakeTraceSourceAccessor(&OffloadMessenger::m_giveUpTrace),
                            "ns3::hybridnet::OffloadMessenger::PeerTextTracedCallback")
            .AddTraceSource("Malformed",
                            "A datagram that is not a message was dropped.",
                            MakeTraceSourceAccessor(&OffloadMessenger::m_malformedTrace),
                            "ns3::hybridnet::OffloadMessenger::PeerTextTracedCallback");
    return tid;
}

OffloadMessenger::OffloadMessenger() = default;

OffloadMessenger::~OffloadMessenger() = default;

void
OffloadMessenger::DoDispose()
{
    Close();
    m_deliver = MessageCallback();
    m_giveUp = MessageCallback();
    Object::DoDispose();
}

void
OffloadMessenger::Open(Ptr<Node> node,
                       uint16_t port,
                       Time retransmitTimeout,
                       uint32_t maxRetransmits,
                       MessageCallback deliver,
                       MessageCallback giveUp)
{
    NS_LOG_FUNCTION(this << node << port);
    NS_ABORT_MSG_IF(m_socket, "OffloadMessenger::Open: already open");
    NS_ABORT_MSG_UNLESS(retransmitTimeout.IsStrictlyPositive(),
                        "OffloadMessenger: retransmit timeout must be > 0");
    m_rto = retransmitTimeout;
    m_maxRetransmits = maxRetransmits;
    m_deliver = deliver;
    m_giveUp = giveUp;
    m_socket = Socket::CreateSocket(node, UdpSocketFactory::GetTypeId());
    NS_ABORT_MSG_IF(m_socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), port)) != 0,
                    "OffloadMessenger: cannot bind UDP port " << port);
    m_socket->SetRecvCallback(MakeCallback(&OffloadMessenger::HandleRead, this));
}

void
OffloadMessenger::Close()
{
    NS_LOG_FUNCTION(this);
    for (auto& [seq, pending] : m_pending)
    {
        pending.timer.Cancel();
    }
    m_pending.clear();
    if (m_socket)
    {
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_socket->Close();
        m_socket = nullptr;
    }
}

bool
OffloadMessenger::IsOpen() const
{
    return m_socket != nullptr;
}

uint32_t
OffloadMessenger::Send(OffloadMessage message, const InetSocketAddress& peer)
{
    NS_ABORT_MSG_UNLESS(message.NeedsAck(), "OffloadMessenger::Send: ACKs are not sent reliably");
    NS_ABORT_MSG_UNLESS(m_socket, "OffloadMessenger::Send: not open");
    const uint32_t seq = m_nextSeq++;
    if (m_nextSeq == 0)
    {
        m_nextSeq = 1;
    }
    message.SetSeq(seq);
    Pending pending{message, peer, 0, EventId()};
    pending.timer = Simulator::Schedule(m_rto, &OffloadMessenger::Timeout, this, seq);
    m_pending.emplace(seq, pending);
    Transmit(message, peer, false);
    return seq;
}

void
OffloadMessenger::Cancel(Ipv4Address peer, const FlowKey& flow)
{
    for (auto it = m_pending.begin(); it != m_pending.end();)
    {
        if (it->second.peer.GetIpv4() == peer && it->second.message.GetFlow() == flow)
        {
            it->second.timer.Cancel();
            it = m_pending.erase(it);
        }
        else
        {
            ++it;
        }
    }
}

uint32_t
OffloadMessenger::GetPending() const
{
    return static_cast<uint32_t>(m_pending.size());
}

void
OffloadMessenger::Transmit(const OffloadMessage& message,
                           const InetSocketAddress& peer,
                           bool retransmission)
{
    const std::string text = message.ToString();
    NS_LOG_INFO(Simulator::Now().As(Time::S)
                << " to " << peer.GetIpv4() << ": " << text << (retransmission ? " (again)" : ""));
    m_txTrace(peer.GetIpv4(), text, retransmission);
    m_socket->SendTo(message.ToPacket(), 0, peer);
}

void
OffloadMessenger::Timeout(uint32_t seq)
{
    auto it = m_pending.find(seq);
    if (it == m_pending.end())
    {
        return;
    }
    Pending& pending = it->second;
    if (pending.retransmits < m_maxRetransmits)
    {
        ++pending.retransmits;
        pending.timer = Simulator::Schedule(m_rto, &OffloadMessenger::Timeout, this, seq);
        Transmit(pending.message, pending.peer, true);
        return;
    }
    const OffloadMessage message = pending.message;
    const InetSocketAddress peer = pending.peer;
    m_pending.erase(it);
    NS_LOG_INFO("giving up on '" << message.ToString() << "' to " << peer.GetIpv4());
    m_giveUpTrace(peer.GetIpv4(), message.ToString());
    if (!m_giveUp.IsNull())
    {
        m_giveUp(message, peer);
    }
}

void
OffloadMessenger::HandleRead(Ptr<Socket> socket)
{
    Address from;
    while (Ptr<Packet> packet = socket->RecvFrom(from))
    {
        if (!InetSocketAddress::IsMatchingType(from))
        {
            continue;
        }
        const InetSocketAddress source = InetSocketAddress::ConvertFrom(from);
        std::string text(packet->GetSize(), '\0');
        packet->CopyData(reinterpret_cast<uint8_t*>(text.data()), text.size());
        auto message = OffloadMessage::Parse(text);
        if (!message)
        {
            NS_LOG_WARN("malformed datagram from " << source.GetIpv4() << ": '" << text << "'");
            m_malformedTrace(source.GetIpv4(), text);
            continue;
        }
        if (message->GetType() == OffloadMessage::Type::ACK)
        {
            m_rxTrace(source.GetIpv4(), text, false);
            auto it = m_pending.find(message->GetSeq());
            if (it != m_pending.end() && it->second.peer.GetIpv4() == source.GetIpv4())
            {
                it->second.timer.Cancel();
                m_pending.erase(it);
            }
            continue;
        }
        auto& seen = m_seen[{source.GetIpv4().Get(), source.GetPort()}];
        const bool duplicate = seen.contains(message->GetSeq());
        m_rxTrace(source.GetIpv4(), text, duplicate);
        Transmit(OffloadMessage::Ack(message->GetSeq()), source, false);
        if (duplicate)
        {
            continue;
        }
        seen.insert(message->GetSeq());
        while (seen.size() > m_duplicateMemory)
        {
            seen.erase(seen.begin());
        }
        if (!m_deliver.IsNull())
        {
            m_deliver(*message, source);
        }
        if (!m_socket)
        {
            return; // the owner closed us while handling the message
        }
    }
}

} // namespace hybridnet
} // namespace ns3
