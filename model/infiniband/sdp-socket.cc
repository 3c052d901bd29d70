/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sdp-socket.h"

#include "hybridnet/host-cpu.h"
#include "infiniband-completion-queue.h"
#include "infiniband-hca.h"
#include "infiniband-queue-pair.h"
#include "sdp-address-map.h"
#include "sdp-socket-factory.h"

#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("SdpSocket");
NS_OBJECT_ENSURE_REGISTERED(SdpSocket);

namespace
{
constexpr uint32_t kMinZcopy = 1024;    //!< sdp.h SDP_MIN_ZCOPY_THRESH
constexpr uint32_t kMaxZcopy = 1048576; //!< sdp.h SDP_MAX_ZCOPY_THRESH
} // namespace

TypeId
SdpSocket::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::SdpSocket")
            .SetParent<Socket>()
            .SetGroupName("Hybridnet")
            .AddConstructor<SdpSocket>()
            .AddAttribute(
                "ZcopyThreshold",
                "Z of (6)/(7): a write of at least this many bytes is sent without "
                "a copy (bzcopy), smaller ones are copied (bcopy); 0 turns zero copy "
                "off. Bytes: 0, or 1024 to 1048576 (sdp.h SDP_MIN_ZCOPY_THRESH, "
                "SDP_MAX_ZCOPY_THRESH; default sdp_main.c sdp_zcopy_thresh = 65536).",
                UintegerValue(65536),
                MakeUintegerAccessor(&SdpSocket::SetZcopyThreshold, &SdpSocket::GetZcopyThreshold),
                MakeUintegerChecker<uint32_t>(0, kMaxZcopy))
            .AddAttribute("RecvRingSize",
                          "R of (1): private receive buffers posted per connection (sdp.h "
                          "SDP_RX_SIZE = 64). Buffers, 3 to 65535 (Bufs is 16 bits), more "
                          "than MinBufs.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&SdpSocket::m_recvRing),
                          MakeUintegerChecker<uint32_t>(3, 65535))
            .AddAttribute("SendRingSize",
                          "S of (4): SDP messages posted and not yet completed at most "
                          "(sdp.h SDP_TX_SIZE = 64). Messages, 1 to 65535.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&SdpSocket::m_sendRing),
                          MakeUintegerChecker<uint32_t>(1, 65535))
            .AddAttribute("BufferSize",
                          "B: payload bytes of one private receive buffer; the peer's G of (1) "
                          "(sdp.h SDP_MAX_SEND_SKB_FRAGS x PAGE_SIZE = 8 x 4096 with 4 KiB "
                          "pages). Bytes, 1 to 65520 (SDP_MAX_PAYLOAD).",
                          UintegerValue(32768),
                          MakeUintegerAccessor(&SdpSocket::m_bufferSize),
                          MakeUintegerChecker<uint32_t>(1, 65520))
            .AddAttribute("MinBufs",
                          "K of (4)/(5): credits kept back from data for control messages "
                          "(sdp.h SDP_MIN_BUFS = 2). Credits, 1 to 64, less than RecvRingSize.",
                          UintegerValue(2),
                          MakeUintegerAccessor(&SdpSocket::m_minBufs),
                          MakeUintegerChecker<uint32_t>(1, 64))
            .AddAttribute("SendBufferSize",
                          "W: bytes the application may have written and not yet completed "
                          "(sk_sndbuf). Assumption: 128 KiB, the order of Linux 2.6's "
                          "wmem_default; not from the SDP source. Bytes, 1 to 2^31.",
                          UintegerValue(131072),
                          MakeUintegerAccessor(&SdpSocket::m_sendBuffer),
                          MakeUintegerChecker<uint32_t>(1, 0x80000000U))
            .AddTraceSource("Credits",
                            "The credits this side holds, (3).",
                            MakeTraceSourceAccessor(&SdpSocket::m_credits),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("MessageTx",
                            "An SDP message posted (MID, payload bytes, Bufs).",
                            MakeTraceSourceAccessor(&SdpSocket::m_messageTx),
                            "ns3::hybridnet::SdpSocket::MessageCallback")
            .AddTraceSource("MessageRx",
                            "An SDP message received (MID, payload bytes, Bufs).",
                            MakeTraceSourceAccessor(&SdpSocket::m_messageRx),
                            "ns3::hybridnet::SdpSocket::MessageCallback");
    return tid;
}

SdpSocket::SdpSocket() = default;
SdpSocket::~SdpSocket() = default;

void
SdpSocket::SetZcopyThreshold(uint32_t threshold)
{
    NS_ABORT_MSG_IF(threshold != 0 && threshold < kMinZcopy,
                    "SdpSocket ZcopyThreshold " << threshold
                                                << ": 0 (off) or 1024 to 1048576 bytes");
    m_zcopyThreshold = threshold;
}

uint32_t
SdpSocket::GetZcopyThreshold() const
{
    return m_zcopyThreshold;
}

void
SdpSocket::SetSdp(Ptr<SdpSocketFactory> sdp)
{
    m_sdp = sdp;
    m_node = sdp->GetObject<Node>();
}

uint32_t
SdpSocket::GetCredits() const
{
    return m_flow.GetCredits();
}

uint32_t
SdpSocket::GetPostedBuffers() const
{
    return m_flow.GetPosted();
}

Time
SdpSocket::GetCopyTime() const
{
    return m_copyTime;
}

void
SdpSocket::Copy(uint64_t bytes, Callback<void> done)
{
    Ptr<HostCpu> cpu = m_node->GetObject<HostCpu>();
    if (cpu->GetProcessors() < 2)
    {
        cpu->Execute(HostCpu::KERNEL, 0, bytes, done); // (8), uniprocessor
        return;
    }
    const Time start = std::max(Simulator::Now(), m_appFree);
    m_appFree = start + cpu->StartCopy(bytes);
    m_copyTime += m_appFree - start;
    Simulator::Schedule(m_appFree - Simulator::Now(), [done]() { done(); });
}

Socket::SocketErrno
SdpSocket::GetErrno() const
{
    return m_errno;
}

Socket::SocketType
SdpSocket::GetSocketType() const
{
    return NS3_SOCK_STREAM;
}

Ptr<Node>
SdpSocket::GetNode() const
{
    return m_node;
}

int
SdpSocket::Bind(const Address& address)
{
    if (!InetSocketAddress::IsMatchingType(address))
    {
        m_errno = ERROR_INVAL;
        return -1;
    }
    const InetSocketAddress local = InetSocketAddress::ConvertFrom(address);
    m_localAddress = local.GetIpv4();
    m_localPort = local.GetPort() ? local.GetPort() : m_sdp->AllocatePort();
    m_bound = true;
    return 0;
}

int
SdpSocket::Bind()
{
    return Bind(InetSocketAddress(Ipv4Address::GetAny(), 0));
}

int
SdpSocket::Bind6()
{
    m_errno = ERROR_AFNOSUPPORT;
    return -1;
}

int
SdpSocket::Listen()
{
    if (m_state != CLOSED)
    {
        m_errno = ERROR_INVAL;
        return -1;
    }
    if (!m_bound)
    {
        Bind();
    }
    if (!m_sdp->AddListener(m_localPort, this))
    {
        m_errno = ERROR_ADDRINUSE;
        return -1;
    }
    m_state = LISTENING;
    return 0;
}

int
SdpSocket::Connect(const Address& address)
{
    if (!InetSocketAddress::IsMatchingType(address))
    {
        m_errno = ERROR_INVAL;
        return -1;
    }
    if (m_state != CLOSED)
    {
        m_errno = ERROR_ISCONN;
        return -1;
    }
    if (!m_bound)
    {
        Bind();
    }
    if (m_localAddress == Ipv4Address::GetAny())
    {
        m_localAddress = m_sdp->GetLocalAddress();
    }
    m_peerAddress = InetSocketAddress::ConvertFrom(address);
    m_state = CONNECTING;
    Simulator::ScheduleNow(&SdpSocket::DoConnect, this, m_peerAddress);
    return 0;
}

void
SdpSocket::DoConnect(InetSocketAddress peer)
{
    Ptr<SdpSocketFactory> remote = m_sdp->GetAddressMap()->Lookup(peer.GetIpv4());
    Ptr<SdpSocket> listener = remote ? remote->FindListener(peer.GetPort()) : nullptr;
    Ptr<SdpSocket> accepted = (listener && remote != m_sdp) ? listener->Accept(this) : nullptr;
    if (!accepted)
    {
        NS_LOG_INFO("SDP connect to " << peer.GetIpv4() << ":" << peer.GetPort() << " refused");
        m_state = CLOSED;
        m_errno = remote ? ERROR_NOTCONN : ERROR_NOROUTETOHOST;
        NotifyConnectionFailed();
        return;
    }
    listener->NotifyNewConnectionCreated(accepted, InetSocketAddress(m_localAddress, m_localPort));
    NotifyConnectionSucceeded();
}

Ptr<SdpSocket>
SdpSocket::Accept(Ptr<SdpSocket> client)
{
    const InetSocketAddress from(client->m_localAddress, client->m_localPort);
    if (!NotifyConnectionRequest(from))
    {
        return nullptr;
    }
    Ptr<SdpSocket> socket = DynamicCast<SdpSocket>(m_sdp->CreateSocket());
    socket->Inherit(*this);
    socket->m_localAddress = client->m_peerAddress.GetIpv4();
    socket->m_localPort = m_localPort;
    socket->m_bound = true;
    socket->m_peerAddress = from;
    return Establish(client, socket) ? socket : nullptr;
}

void
SdpSocket::Inherit(const SdpSocket& listener)
{
    m_zcopyThreshold = listener.m_zcopyThreshold;
    m_recvRing = listener.m_recvRing;
    m_sendRing = listener.m_sendRing;
    m_bufferSize = listener.m_bufferSize;
    m_minBufs = listener.m_minBufs;
    m_sendBuffer = listener.m_sendBuffer;
    m_shutdownSend = false;
}

void
SdpSocket::CreateQueuePair()
{
    Ptr<InfinibandHca> hca = m_sdp->GetHca();
    m_cq = hca->CreateCompletionQueue();
    m_qp = hca->CreateQueuePair(m_cq, m_cq, m_sdp->GetPort());
    m_cq->StartPolling(MakeCallback(&SdpSocket::Polled, this));
}

bool
SdpSocket::Establish(Ptr<SdpSocket> a, Ptr<SdpSocket> b)
{
    for (Ptr<SdpSocket> s : {a, b})
    {
        NS_ABORT_MSG_IF(s->m_recvRing <= s->m_minBufs,
                        "SdpSocket RecvRingSize " << s->m_recvRing << ": more than MinBufs ("
                                                  << s->m_minBufs << "), at most 65535");
        s->CreateQueuePair();
    }
    if (!a->m_qp->ModifyToInit() || !b->m_qp->ModifyToInit() ||
        !a->m_qp->ModifyToRtr(b->m_qp->GetLid(), b->m_qp->GetQpNum(), 0) ||
        !b->m_qp->ModifyToRtr(a->m_qp->GetLid(), a->m_qp->GetQpNum(), 0) ||
        !a->m_qp->ModifyToRts(0) || !b->m_qp->ModifyToRts(0))
    {
        return false;
    }
    for (auto [s, peer] : {std::pair{a, b}, std::pair{b, a}})
    {
        s->m_flow = SdpCredits(s->m_minBufs, s->m_sendRing);
        for (uint32_t i = 0; i < s->m_recvRing; ++i)
        {
            s->PostBuffer();
        }
        s->m_flow.Start(peer->m_recvRing, s->m_recvRing); // (1): the Hello / HelloAck's Bufs
        s->m_credits = s->m_flow.GetCredits();
        s->m_goal = peer->m_bufferSize;
        s->m_peer = peer;
        s->m_state = CONNECTED;
    }
    return true;
}

void
SdpSocket::PostBuffer()
{
    m_qp->PostReceive({m_nextRecvId++, BSDH_SIZE + m_bufferSize});
    m_flow.BufferPosted();
}

uint32_t
SdpSocket::GetTxAvailable() const
{
    return m_sendBuffer - m_held;
}

int
SdpSocket::Send(Ptr<Packet> p, uint32_t /* flags */)
{
    if (m_state != CONNECTED || m_shutdownSend)
    {
        m_errno = m_state != CONNECTED ? ERROR_NOTCONN : ERROR_SHUTDOWN;
        return -1;
    }
    const uint32_t size = p->GetSize();
    if (size > GetTxAvailable())
    {
        m_errno = ERROR_MSGSIZE;
        return -1;
    }
    if (size == 0)
    {
        return 0;
    }
    m_held += size;
    const bool zcopy = m_zcopyThreshold != 0 && size >= m_zcopyThreshold; // (7)
    m_pending.push_back({p->Copy(), zcopy});
    if (zcopy)
    {
        PostSends();
    }
    else // (6)
    {
        Copy(size, MakeCallback(&SdpSocket::CopyInDone, this));
    }
    return static_cast<int>(size);
}

int
SdpSocket::SendTo(Ptr<Packet> p, uint32_t flags, const Address& /* toAddress */)
{
    return Send(p, flags);
}

void
SdpSocket::CopyInDone()
{
    auto it =
        std::find_if(m_pending.begin(), m_pending.end(), [](const Pending& e) { return !e.ready; });
    if (it != m_pending.end())
    {
        it->ready = true;
    }
    PostSends();
}

void
SdpSocket::PostSends()
{
    if (m_state != CONNECTED)
    {
        return;
    }
    while (!m_pending.empty() && m_pending.front().ready && m_flow.CanSendData())
    {
        PostMessage(MID_DATA, TakeReady());
    }
    if (m_shutdownSend && !m_disconnSent && m_pending.empty() && m_flow.CanSendControl())
    {
        m_disconnSent = true;
        PostMessage(MID_DISCONN, Create<Packet>());
    }
    if (m_flow.CreditUpdateNeeded())
    {
        PostMessage(MID_DATA, Create<Packet>());
    }
}

Ptr<Packet>
SdpSocket::TakeReady()
{
    Ptr<Packet> message = Create<Packet>();
    while (!m_pending.empty() && m_pending.front().ready && message->GetSize() < m_goal)
    {
        Pending& head = m_pending.front();
        const uint32_t room = m_goal - message->GetSize();
        if (head.data->GetSize() <= room)
        {
            message->AddAtEnd(head.data);
            m_pending.pop_front();
        }
        else
        {
            message->AddAtEnd(head.data->CreateFragment(0, room));
            head.data->RemoveAtStart(room);
        }
    }
    return message;
}

void
SdpSocket::PostMessage(uint8_t mid, Ptr<Packet> payload)
{
    const SdpCredits::Bsdh bsdh = m_flow.Sent();
    m_credits = m_flow.GetCredits();
    const uint32_t n = payload->GetSize();
    m_inFlight.push_back(n);
    m_peer->m_arriving.push_back({mid, bsdh, payload});
    InfinibandSendWorkRequest wr;
    wr.wrId = bsdh.mseq;
    wr.length = BSDH_SIZE + n; // (2)
    m_messageTx(mid, n, bsdh.bufs);
    if (m_qp->PostSend(wr) != InfinibandPostStatus::OK)
    {
        Fail();
    }
}

void
SdpSocket::Polled(Ptr<InfinibandCompletionQueue> cq)
{
    for (const auto& wc : cq->Poll(16))
    {
        if (wc.status != InfinibandWcStatus::SUCCESS)
        {
            Fail();
            return;
        }
        if (wc.opcode == InfinibandWcOpcode::RECV)
        {
            ReceiveCompleted(wc);
        }
        else
        {
            SendCompleted(wc);
        }
    }
}

void
SdpSocket::SendCompleted(const InfinibandWorkCompletion& /* wc */)
{
    NS_ASSERT(!m_inFlight.empty());
    const uint32_t n = m_inFlight.front();
    m_inFlight.pop_front();
    m_flow.Completed();
    m_held -= n;
    if (n > 0)
    {
        NotifyDataSent(n);
        NotifySend(GetTxAvailable());
    }
    PostSends();
}

void
SdpSocket::ReceiveCompleted(const InfinibandWorkCompletion& wc)
{
    NS_ASSERT(!m_arriving.empty());
    const Message message = m_arriving.front();
    m_arriving.pop_front();
    const uint32_t n = message.payload->GetSize();
    NS_ASSERT_MSG(wc.byteLen == BSDH_SIZE + n, "SDP message length");
    m_flow.Received(message.bsdh); // (3)
    m_credits = m_flow.GetCredits();
    m_messageRx(message.mid, n, message.bsdh.bufs);
    if (message.mid == MID_DATA && n > 0 && !m_shutdownRecv)
    {
        m_rxBuffers.push_back(message.payload);
        m_rxBytes += n;
        NotifyDataRecv();
    }
    else
    {
        PostBuffer();
        m_peerClosed = m_peerClosed || message.mid == MID_DISCONN;
        MaybeNotifyPeerClose();
    }
    PostSends();
}

uint32_t
SdpSocket::GetRxAvailable() const
{
    return m_rxBytes;
}

Ptr<Packet>
SdpSocket::Recv(uint32_t maxSize, uint32_t /* flags */)
{
    if (m_rxBytes == 0 || maxSize == 0)
    {
        m_errno = ERROR_AGAIN;
        return nullptr;
    }
    Ptr<Packet> out = Create<Packet>();
    uint32_t emptied = 0;
    while (!m_rxBuffers.empty() && out->GetSize() < maxSize)
    {
        Ptr<Packet>& head = m_rxBuffers.front();
        const uint32_t room = maxSize - out->GetSize();
        if (head->GetSize() <= room)
        {
            out->AddAtEnd(head);
            m_rxBuffers.pop_front();
            ++emptied;
        }
        else
        {
            out->AddAtEnd(head->CreateFragment(0, room));
            head->RemoveAtStart(room);
        }
    }
    m_rxBytes -= out->GetSize();
    Copy(out->GetSize(), MakeCallback(&SdpSocket::CopyOutDone, this).Bind(emptied));
    return out;
}

Ptr<Packet>
SdpSocket::RecvFrom(uint32_t maxSize, uint32_t flags, Address& fromAddress)
{
    Ptr<Packet> p = Recv(maxSize, flags);
    if (p)
    {
        fromAddress = m_peerAddress;
    }
    return p;
}

void
SdpSocket::CopyOutDone(uint32_t buffers)
{
    if (m_state != CONNECTED)
    {
        return;
    }
    for (uint32_t i = 0; i < buffers; ++i)
    {
        PostBuffer();
    }
    PostSends();
    MaybeNotifyPeerClose();
}

void
SdpSocket::MaybeNotifyPeerClose()
{
    if (m_peerClosed && m_rxBytes == 0 && !m_closeNotified)
    {
        m_closeNotified = true;
        NotifyNormalClose();
    }
}

void
SdpSocket::Fail()
{
    if (m_state == CLOSED)
    {
        return;
    }
    m_state = CLOSED;
    m_errno = ERROR_NOTCONN;
    NotifyErrorClose();
}

int
SdpSocket::Close()
{
    if (m_state == LISTENING)
    {
        m_sdp->RemoveListener(m_localPort);
        m_state = CLOSED;
        return 0;
    }
    return ShutdownSend();
}

int
SdpSocket::ShutdownSend()
{
    m_shutdownSend = true;
    PostSends();
    return 0;
}

int
SdpSocket::ShutdownRecv()
{
    m_shutdownRecv = true;
    return 0;
}

int
SdpSocket::GetSockName(Address& address) const
{
    address = InetSocketAddress(m_localAddress, m_localPort);
    return 0;
}

int
SdpSocket::GetPeerName(Address& address) const
{
    if (m_state != CONNECTED)
    {
        m_errno = ERROR_NOTCONN;
        return -1;
    }
    address = m_peerAddress;
    return 0;
}

bool
SdpSocket::SetAllowBroadcast(bool allowBroadcast)
{
    return !allowBroadcast;
}

bool
SdpSocket::GetAllowBroadcast() const
{
    return false;
}

void
SdpSocket::DoDispose()
{
    if (m_cq)
    {
        m_cq->StopPolling();
    }
    m_peer = nullptr;
    m_qp = nullptr;
    m_cq = nullptr;
    m_sdp = nullptr;
    m_node = nullptr;
    m_pending.clear();
    m_arriving.clear();
    m_rxBuffers.clear();
    Socket::DoDispose();
}

} // namespace hybridnet
} // namespace ns3
