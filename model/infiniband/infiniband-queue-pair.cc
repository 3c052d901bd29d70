/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-queue-pair.h"

#include "infiniband-aeth-header.h"
#include "infiniband-bth-header.h"
#include "infiniband-completion-queue.h"
#include "infiniband-hca.h"
#include "infiniband-net-device.h"
#include "infiniband-packet-size.h"
#include "infiniband-reth-header.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetInfinibandQueuePair");
NS_OBJECT_ENSURE_REGISTERED(InfinibandQueuePair);

namespace
{
constexpr uint32_t kPsnMask = 0xFFFFFF;
constexpr uint32_t kPsnHalf = 0x800000;
constexpr uint64_t kMaxMessage = uint64_t(1) << 31; //!< DMA Length, 9.7.1
constexpr uint8_t kAckCredits = 0x1F;               //!< invalid credit count, 9.7.7.2

/** (opcode of first, middle, last, only) of a packet index of n, equation (1). */
uint8_t
Position(uint8_t first, uint8_t only, uint32_t index, uint32_t n)
{
    if (n == 1)
    {
        return only;
    }
    if (index == 0)
    {
        return first;
    }
    return index + 1 == n ? first + 2 : first + 1;
}

bool
IsLast(uint8_t opcode)
{
    return opcode == InfinibandQueuePair::SEND_LAST || opcode == InfinibandQueuePair::SEND_ONLY ||
           opcode == InfinibandQueuePair::RDMA_WRITE_LAST ||
           opcode == InfinibandQueuePair::RDMA_WRITE_ONLY;
}

uint32_t
Packets(uint64_t length, uint32_t mtu)
{
    return std::max<uint64_t>(1, InfinibandPacketSize::GetPacketsPerMessage(length, mtu));
}
} // namespace

TypeId
InfinibandQueuePair::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::InfinibandQueuePair")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<InfinibandQueuePair>()
            .AddAttribute("Mtu",
                          "Path MTU M of equation (1), bytes of payload per packet: 256, 512, "
                          "1024, 2048 or 4096 only (IBA 9.4; anything else is refused by the "
                          "checker); at most the port's Mtu (ModifyToRtr fails otherwise). "
                          "Default 2048 (assumption: OpenSM's default, as the port's).",
                          EnumValue(InfinibandNetDevice::MTU_2048),
                          MakeEnumAccessor<InfinibandNetDevice::Mtu>(&InfinibandQueuePair::m_mtu),
                          MakeEnumChecker(InfinibandNetDevice::MTU_256,
                                          "256",
                                          InfinibandNetDevice::MTU_512,
                                          "512",
                                          InfinibandNetDevice::MTU_1024,
                                          "1024",
                                          InfinibandNetDevice::MTU_2048,
                                          "2048",
                                          InfinibandNetDevice::MTU_4096,
                                          "4096"))
            .AddAttribute("Timeout",
                          "t of equation (4): Local ACK Timeout 4.096 us x 2^t; 0 = none. "
                          "Range 0-31. Default 14 (67 ms), the value OFED's perftest sets.",
                          UintegerValue(14),
                          MakeUintegerAccessor(&InfinibandQueuePair::m_timeout),
                          MakeUintegerChecker<uint8_t>(0, 31))
            .AddAttribute("RetryCount",
                          "Retransmissions after Local ACK Timeouts, equation (4), before "
                          "RETRY_EXC_ERR; read at ModifyToRts, as ibv_modify_qp sets it with "
                          "the RTS transition. Range 0-7 (IBA 3-bit field). Default 7.",
                          UintegerValue(7),
                          MakeUintegerAccessor(&InfinibandQueuePair::m_retryCount),
                          MakeUintegerChecker<uint8_t>(0, 7))
            .AddAttribute("RnrRetry",
                          "Retransmissions after RNR NAKs, equation (5), before "
                          "RNR_RETRY_EXC_ERR; 7 = without limit; read at ModifyToRts. Range "
                          "0-7. Default 7.",
                          UintegerValue(7),
                          MakeUintegerAccessor(&InfinibandQueuePair::m_rnrRetry),
                          MakeUintegerChecker<uint8_t>(0, 7))
            .AddAttribute("MinRnrTimer",
                          "RNR NAK timer code this QP's responder sends, IBA Table 45 "
                          "(1 = 0.01 ms ... 31 = 491.52 ms, 0 = 655.36 ms). Range 0-31. "
                          "Default 12 (0.64 ms), the value OFED's perftest sets.",
                          UintegerValue(12),
                          MakeUintegerAccessor(&InfinibandQueuePair::m_minRnrTimer),
                          MakeUintegerChecker<uint8_t>(0, 31))
            .AddAttribute("AckCoalescing",
                          "N of equation (3): the responder ACKs at the latest after N "
                          "packets (and after the last packet of every message). Range "
                          "1-1024. Default 16: assumption (the IBA only requires an ACK "
                          "eventually; ConnectX's policy is not published).",
                          UintegerValue(16),
                          MakeUintegerAccessor(&InfinibandQueuePair::m_ackCoalescing),
                          MakeUintegerChecker<uint32_t>(1, 1024))
            .AddAttribute("MaxSendWr",
                          "Send queue depth (ibv_qp_cap max_send_wr), WQEs. Range 1-16384. "
                          "Default 1024.",
                          UintegerValue(1024),
                          MakeUintegerAccessor(&InfinibandQueuePair::m_maxSendWr),
                          MakeUintegerChecker<uint32_t>(1, 16384))
            .AddAttribute("MaxRecvWr",
                          "Receive queue depth (max_recv_wr), WQEs. Range 1-16384. Default "
                          "1024.",
                          UintegerValue(1024),
                          MakeUintegerAccessor(&InfinibandQueuePair::m_maxRecvWr),
                          MakeUintegerChecker<uint32_t>(1, 16384))
            .AddAttribute("ServiceLevel",
                          "SL of the QP's path (address vector). Range 0-15.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&InfinibandQueuePair::m_serviceLevel),
                          MakeUintegerChecker<uint8_t>(0, 15))
            .AddTraceSource("PacketTx",
                            "A packet handed to the port: (opcode, PSN, payload, "
                            "retransmission).",
                            MakeTraceSourceAccessor(&InfinibandQueuePair::m_packetTxTrace),
                            "ns3::hybridnet::InfinibandQueuePair::PacketTxCallback")
            .AddTraceSource("Nak",
                            "The requester received a NAK or RNR NAK: (PSN, syndrome).",
                            MakeTraceSourceAccessor(&InfinibandQueuePair::m_nakTrace),
                            "ns3::hybridnet::InfinibandQueuePair::NakCallback")
            .AddTraceSource("Timeout",
                            "The Local ACK Timeout expired: (oldest unacknowledged PSN, 0).",
                            MakeTraceSourceAccessor(&InfinibandQueuePair::m_timeoutTrace),
                            "ns3::hybridnet::InfinibandQueuePair::NakCallback");
    return tid;
}

InfinibandQueuePair::InfinibandQueuePair() = default;
InfinibandQueuePair::~InfinibandQueuePair() = default;

void
InfinibandQueuePair::DoDispose()
{
    m_ackTimer.Cancel();
    m_rnrTimer.Cancel();
    m_hca = nullptr;
    m_sendCq = nullptr;
    m_recvCq = nullptr;
    Object::DoDispose();
}

void
InfinibandQueuePair::Setup(Ptr<InfinibandHca> hca,
                           uint32_t qpn,
                           uint8_t port,
                           Ptr<InfinibandCompletionQueue> sendCq,
                           Ptr<InfinibandCompletionQueue> recvCq)
{
    m_hca = hca;
    m_qpn = qpn;
    m_port = port;
    m_sendCq = sendCq;
    m_recvCq = recvCq;
}

uint32_t
InfinibandQueuePair::GetQpNum() const
{
    return m_qpn;
}

uint8_t
InfinibandQueuePair::GetPort() const
{
    return m_port;
}

Mac16Address
InfinibandQueuePair::GetLid() const
{
    return Mac16Address::ConvertFrom(m_hca->GetPort(m_port)->GetAddress());
}

InfinibandQueuePair::State
InfinibandQueuePair::GetState() const
{
    return m_state;
}

uint32_t
InfinibandQueuePair::GetMtu() const
{
    return m_mtu;
}

Time
InfinibandQueuePair::GetLocalAckTimeout() const
{
    return m_timeout == 0 ? Time(0) : NanoSeconds(4096) * int64_t(uint64_t(1) << m_timeout);
}

Time
InfinibandQueuePair::RnrTimerValue(uint8_t code)
{
    // IBA Table 45, in units of 10 us (code 0 = 655.36 ms).
    static const uint32_t k10us[32] = {65536, 1,    2,    3,     4,     6,     8,     12,
                                       16,    24,   32,   48,    64,    96,    128,   192,
                                       256,   384,  512,  768,   1024,  1536,  2048,  3072,
                                       4096,  6144, 8192, 12288, 16384, 24576, 32768, 49152};
    return MicroSeconds(10) * int64_t(k10us[code & 0x1F]);
}

bool
InfinibandQueuePair::ModifyToInit()
{
    if (m_state != RESET)
    {
        return false;
    }
    m_state = INIT;
    return true;
}

bool
InfinibandQueuePair::ModifyToRtr(Mac16Address dlid, uint32_t destQpn, uint32_t receivePsn)
{
    if (m_state != INIT || m_mtu > m_hca->GetPort(m_port)->GetMtu())
    {
        return false;
    }
    m_dlid = dlid;
    m_destQpn = destQpn & kPsnMask;
    m_ePsn = receivePsn & kPsnMask;
    m_state = RTR;
    return true;
}

bool
InfinibandQueuePair::ModifyToRts(uint32_t sendPsn)
{
    if (m_state != RTR)
    {
        return false;
    }
    m_nextPsn = sendPsn & kPsnMask;
    m_unacked = m_nextPsn;
    m_sentEnd = m_nextPsn;
    m_highestSent = m_nextPsn;
    m_retriesLeft = m_retryCount;
    m_rnrRetriesLeft = m_rnrRetry;
    m_state = RTS;
    return true;
}

void
InfinibandQueuePair::ModifyToError()
{
    if (m_state == ERROR)
    {
        return;
    }
    m_state = ERROR;
    m_ackTimer.Cancel();
    m_rnrTimer.Cancel();
    m_responses.clear();
    for (const SendWqe& wqe : m_sq)
    {
        Complete(wqe, InfinibandWcStatus::WR_FLUSH_ERR);
    }
    m_sqBase += m_sq.size();
    m_sq.clear();
    if (m_inSend)
    {
        m_rq.push_front(m_current);
        m_inSend = false;
    }
    for (const InfinibandReceiveWorkRequest& r : m_rq)
    {
        InfinibandWorkCompletion wc{r.wrId,
                                    InfinibandWcStatus::WR_FLUSH_ERR,
                                    InfinibandWcOpcode::RECV,
                                    0,
                                    m_qpn};
        m_hca->WriteCqe(m_recvCq, wc);
    }
    m_rq.clear();
}

InfinibandPostStatus
InfinibandQueuePair::PostSend(const InfinibandSendWorkRequest& wr)
{
    if (m_state != RTS)
    {
        return InfinibandPostStatus::INVALID_STATE;
    }
    if (wr.length > kMaxMessage)
    {
        return InfinibandPostStatus::INVALID_LENGTH;
    }
    if (m_sq.size() >= m_maxSendWr)
    {
        return InfinibandPostStatus::QUEUE_FULL;
    }
    SendWqe wqe;
    wqe.wr = wr;
    wqe.firstPsn = m_nextPsn;
    wqe.packets = Packets(wr.length, m_mtu);
    m_nextPsn += wqe.packets;
    m_sq.push_back(wqe);
    ++m_posted;
    m_hca->RingDoorbell(this);
    return InfinibandPostStatus::OK;
}

InfinibandPostStatus
InfinibandQueuePair::PostReceive(const InfinibandReceiveWorkRequest& wr)
{
    if (m_state == RESET || m_state == ERROR)
    {
        return InfinibandPostStatus::INVALID_STATE;
    }
    if (wr.length > kMaxMessage)
    {
        return InfinibandPostStatus::INVALID_LENGTH;
    }
    if (m_rq.size() >= m_maxRecvWr)
    {
        return InfinibandPostStatus::QUEUE_FULL;
    }
    m_rq.push_back(wr);
    return InfinibandPostStatus::OK;
}

void
InfinibandQueuePair::WqeFetched()
{
    if (m_state != RTS || m_fetched >= m_posted)
    {
        return;
    }
    ++m_fetched;
    m_hca->NotifyReady(this);
}

bool
InfinibandQueuePair::HasPacket() const
{
    if (!m_responses.empty())
    {
        return true;
    }
    return m_state == RTS && !m_rnrWaiting && m_sendWqe < m_fetched;
}

InfinibandQueuePair::Outgoing
InfinibandQueuePair::NextPacket()
{
    if (!m_responses.empty())
    {
        Outgoing out = m_responses.front();
        m_responses.pop_front();
        return out;
    }
    return NextRequest();
}

InfinibandQueuePair::Outgoing
InfinibandQueuePair::NextRequest()
{
    NS_ASSERT(m_sendWqe >= m_sqBase && m_sendWqe - m_sqBase < m_sq.size());
    const SendWqe& wqe = m_sq[m_sendWqe - m_sqBase];
    const InfinibandSendWorkRequest& wr = wqe.wr;
    Outgoing out;
    out.request = true;
    out.psn = wqe.firstPsn + m_sendPacket;
    const bool read = wr.opcode == InfinibandWrOpcode::RDMA_READ;
    const uint32_t sent = read ? 1 : wqe.packets;
    if (read)
    {
        out.opcode = RDMA_READ_REQUEST;
        out.span = wqe.packets;
    }
    else
    {
        const bool write = wr.opcode == InfinibandWrOpcode::RDMA_WRITE;
        out.opcode = write ? Position(RDMA_WRITE_FIRST, RDMA_WRITE_ONLY, m_sendPacket, sent)
                           : Position(SEND_FIRST, SEND_ONLY, m_sendPacket, sent);
        const uint64_t offset = uint64_t(m_sendPacket) * m_mtu;
        out.payload = uint32_t(std::min<uint64_t>(m_mtu, wr.length - offset));
    }
    out.reth = read || out.opcode == RDMA_WRITE_FIRST || out.opcode == RDMA_WRITE_ONLY;
    out.va = wr.remoteOffset;
    out.rkey = wr.remoteKey;
    out.dmaLength = uint32_t(wr.length);
    out.ackRequest = m_sendPacket + 1 == sent;
    if (++m_sendPacket == sent)
    {
        m_sendPacket = 0;
        ++m_sendWqe;
    }
    return out;
}

void
InfinibandQueuePair::Transmit(const Outgoing& out)
{
    if (m_state == ERROR || m_state == RESET)
    {
        return;
    }
    Ptr<Packet> p = Create<Packet>(out.payload);
    if (out.aeth)
    {
        InfinibandAethHeader aeth;
        aeth.SetSyndrome(InfinibandAethHeader::ACK | kAckCredits);
        aeth.SetMsn(out.msn);
        p->AddHeader(aeth);
    }
    if (out.reth)
    {
        InfinibandRethHeader reth;
        reth.SetVirtualAddress(out.va);
        reth.SetRemoteKey(out.rkey);
        reth.SetDmaLength(out.dmaLength);
        p->AddHeader(reth);
    }
    InfinibandBthHeader bth;
    bth.SetOpCode(out.opcode);
    bth.SetDestQp(m_destQpn);
    bth.SetPsn(uint32_t(out.psn & kPsnMask));
    bth.SetAckRequest(out.ackRequest);
    p->AddHeader(bth);
    const bool again = out.request && out.psn < m_highestSent;
    m_hca->Send(m_port, p, m_dlid, m_serviceLevel);
    m_packetTxTrace(out.opcode, uint32_t(out.psn & kPsnMask), out.payload, again);
    if (out.request)
    {
        m_sentEnd = std::max(m_sentEnd, out.psn + out.span);
        m_highestSent = std::max(m_highestSent, out.psn + out.span);
        if (!m_ackTimer.IsPending())
        {
            RestartTimer();
        }
    }
}

void
InfinibandQueuePair::Receive(Ptr<Packet> packet)
{
    if (m_state != RTR && m_state != RTS)
    {
        return;
    }
    InfinibandBthHeader bth;
    packet->RemoveHeader(bth);
    const uint8_t op = bth.GetOpCode();
    if (op == ACKNOWLEDGE)
    {
        InfinibandAethHeader aeth;
        packet->RemoveHeader(aeth);
        HandleAck(bth, aeth);
    }
    else if (op >= RDMA_READ_RESPONSE_FIRST && op <= RDMA_READ_RESPONSE_ONLY)
    {
        HandleReadResponse(bth, packet);
    }
    else
    {
        HandleRequest(bth, packet);
    }
}

// ---- requester ----

uint64_t
InfinibandQueuePair::ToAbsolute(uint32_t psn) const
{
    const uint32_t delta = (psn - uint32_t(m_unacked & kPsnMask)) & kPsnMask;
    return delta < kPsnHalf ? m_unacked + delta : m_unacked - (kPsnMask + 1 - delta);
}

InfinibandQueuePair::SendWqe*
InfinibandQueuePair::FindWqe(uint64_t psn)
{
    for (SendWqe& w : m_sq)
    {
        if (psn >= w.firstPsn && psn < w.firstPsn + w.packets)
        {
            return &w;
        }
    }
    return nullptr;
}

void
InfinibandQueuePair::HandleAck(const InfinibandBthHeader& bth, const InfinibandAethHeader& aeth)
{
    const uint64_t psn = ToAbsolute(bth.GetPsn());
    switch (aeth.GetKind())
    {
    case InfinibandAethHeader::ACK:
        Acknowledge(psn);
        return;
    case InfinibandAethHeader::RNR_NAK:
        m_nakTrace(bth.GetPsn(), aeth.GetSyndrome());
        Acknowledge(psn - 1);
        if (m_rnrRetry != 7 && m_rnrRetriesLeft-- == 0)
        {
            Fail(psn, InfinibandWcStatus::RNR_RETRY_EXC_ERR);
            return;
        }
        m_rnrWaiting = true;
        m_ackTimer.Cancel();
        GoBack(psn);
        m_rnrTimer = Simulator::Schedule(RnrTimerValue(aeth.GetValue()),
                                         &InfinibandQueuePair::RnrTimerExpired,
                                         this);
        return;
    default:
        break;
    }
    m_nakTrace(bth.GetPsn(), aeth.GetSyndrome());
    Acknowledge(psn - 1);
    switch (aeth.GetValue())
    {
    case InfinibandAethHeader::PSN_SEQUENCE_ERROR:
        GoBack(psn);
        return;
    case InfinibandAethHeader::REMOTE_ACCESS_ERROR:
        Fail(psn, InfinibandWcStatus::REM_ACCESS_ERR);
        return;
    default:
        Fail(psn, InfinibandWcStatus::REM_INV_REQ_ERR);
        return;
    }
}

void
InfinibandQueuePair::HandleReadResponse(const InfinibandBthHeader& bth, Ptr<Packet> packet)
{
    const uint8_t op = bth.GetOpCode();
    if (op != RDMA_READ_RESPONSE_MIDDLE)
    {
        InfinibandAethHeader aeth;
        packet->RemoveHeader(aeth);
    }
    const uint64_t psn = ToAbsolute(bth.GetPsn());
    SendWqe* w = FindWqe(psn);
    if (!w || w->wr.opcode != InfinibandWrOpcode::RDMA_READ || w->readDone ||
        psn != w->firstPsn + w->responses)
    {
        return; // duplicate or out of order: the timer recovers
    }
    Acknowledge(psn - 1);
    m_hca->WritePayload(packet->GetSize());
    ++w->responses;
    if (w->responses == w->packets)
    {
        w->readDone = true;
        Acknowledge(psn);
    }
}

void
InfinibandQueuePair::Acknowledge(uint64_t lastPsn)
{
    uint64_t limit = lastPsn + 1;
    for (const SendWqe& w : m_sq)
    {
        if (w.wr.opcode == InfinibandWrOpcode::RDMA_READ && !w.readDone)
        {
            limit = std::min(limit, w.firstPsn + w.responses);
            break;
        }
    }
    if (limit > m_unacked)
    {
        m_unacked = limit;
        m_retriesLeft = m_retryCount;
        m_rnrRetriesLeft = m_rnrRetry;
        CompleteInOrder();
        RestartTimer();
    }
}

void
InfinibandQueuePair::CompleteInOrder()
{
    while (!m_sq.empty() && m_sqBase < m_sendWqe)
    {
        const SendWqe& w = m_sq.front();
        const bool read = w.wr.opcode == InfinibandWrOpcode::RDMA_READ;
        if ((read && !w.readDone) || w.firstPsn + w.packets > m_unacked)
        {
            return;
        }
        if (w.wr.signaled)
        {
            Complete(w, InfinibandWcStatus::SUCCESS);
        }
        m_sq.pop_front();
        ++m_sqBase;
    }
}

void
InfinibandQueuePair::Complete(const SendWqe& wqe, InfinibandWcStatus status)
{
    static const InfinibandWcOpcode kOpcodes[] = {InfinibandWcOpcode::SEND,
                                                  InfinibandWcOpcode::RDMA_WRITE,
                                                  InfinibandWcOpcode::RDMA_READ};
    InfinibandWorkCompletion wc{wqe.wr.wrId,
                                status,
                                kOpcodes[uint8_t(wqe.wr.opcode)],
                                wqe.wr.length,
                                m_qpn};
    m_hca->WriteCqe(m_sendCq, wc);
}

void
InfinibandQueuePair::GoBack(uint64_t psn)
{
    for (uint64_t i = 0; i < m_sq.size(); ++i)
    {
        SendWqe& w = m_sq[i];
        if (psn >= w.firstPsn && psn < w.firstPsn + w.packets)
        {
            const bool read = w.wr.opcode == InfinibandWrOpcode::RDMA_READ;
            m_sendWqe = std::min(m_sendWqe, m_sqBase + i);
            m_sendPacket = read ? 0 : uint32_t(psn - w.firstPsn);
            if (read)
            {
                w.responses = 0;
            }
            m_sentEnd = read ? w.firstPsn : psn;
            break;
        }
    }
    if (HasPacket())
    {
        m_hca->NotifyReady(this);
    }
}

void
InfinibandQueuePair::RestartTimer()
{
    m_ackTimer.Cancel();
    if (m_timeout != 0 && m_sentEnd > m_unacked && !m_rnrWaiting)
    {
        m_ackTimer =
            Simulator::Schedule(GetLocalAckTimeout(), &InfinibandQueuePair::AckTimeout, this);
    }
}

void
InfinibandQueuePair::AckTimeout()
{
    m_timeoutTrace(uint32_t(m_unacked & kPsnMask), 0);
    if (m_retriesLeft == 0)
    {
        Fail(m_unacked, InfinibandWcStatus::RETRY_EXC_ERR);
        return;
    }
    --m_retriesLeft;
    GoBack(m_unacked);
}

void
InfinibandQueuePair::RnrTimerExpired()
{
    m_rnrWaiting = false;
    if (HasPacket())
    {
        m_hca->NotifyReady(this);
    }
}

void
InfinibandQueuePair::Fail(uint64_t psn, InfinibandWcStatus status)
{
    // complete the WQEs before the failed one (acknowledged), then it in error, then flush
    while (!m_sq.empty() && m_sq.front().firstPsn + m_sq.front().packets <= psn)
    {
        if (m_sq.front().wr.signaled)
        {
            Complete(m_sq.front(), InfinibandWcStatus::SUCCESS);
        }
        m_sq.pop_front();
        ++m_sqBase;
    }
    if (!m_sq.empty())
    {
        Complete(m_sq.front(), status);
        m_sq.pop_front();
        ++m_sqBase;
    }
    ModifyToError();
}

// ---- responder ----

void
InfinibandQueuePair::HandleRequest(const InfinibandBthHeader& bth, Ptr<Packet> packet)
{
    const uint32_t psn = bth.GetPsn();
    const uint32_t delta = (psn - m_ePsn) & kPsnMask;
    if (delta == 0)
    {
        m_nakSent = false;
        Execute(bth.GetOpCode(), psn, packet);
    }
    else if (delta < kPsnHalf)
    {
        if (!m_nakSent)
        {
            SendNak(uint8_t(InfinibandAethHeader::NAK) | InfinibandAethHeader::PSN_SEQUENCE_ERROR);
        }
    }
    else if (bth.GetOpCode() == RDMA_READ_REQUEST)
    {
        ExecuteRead(psn, packet, true);
    }
    else
    {
        SendAck(InfinibandAethHeader::ACK | kAckCredits, (m_ePsn - 1) & kPsnMask);
    }
}

void
InfinibandQueuePair::Execute(uint8_t opcode, uint32_t psn, Ptr<Packet> packet)
{
    if (opcode == RDMA_READ_REQUEST)
    {
        ExecuteRead(psn, packet, false);
        return;
    }
    const bool ok =
        opcode <= SEND_ONLY ? ExecuteSend(opcode, packet) : ExecuteWrite(opcode, packet);
    if (!ok)
    {
        return;
    }
    m_ePsn = (m_ePsn + 1) & kPsnMask;
    if (IsLast(opcode))
    {
        m_msn = (m_msn + 1) & kPsnMask;
    }
    if (IsLast(opcode) || ++m_sinceAck >= m_ackCoalescing)
    {
        SendAck(InfinibandAethHeader::ACK | kAckCredits, psn);
    }
}

bool
InfinibandQueuePair::ExecuteSend(uint8_t opcode, Ptr<Packet> packet)
{
    const bool first = opcode == SEND_FIRST || opcode == SEND_ONLY;
    if (first && m_rq.empty())
    {
        SendNak(InfinibandAethHeader::RNR_NAK | m_minRnrTimer);
        return false;
    }
    if (first == m_inSend)
    {
        SendNak(uint8_t(InfinibandAethHeader::NAK) | InfinibandAethHeader::INVALID_REQUEST);
        return false;
    }
    if (first)
    {
        m_current = m_rq.front();
        m_rq.pop_front();
        m_inSend = true;
        m_received = 0;
    }
    m_received += packet->GetSize();
    if (m_received > m_current.length)
    {
        SendNak(uint8_t(InfinibandAethHeader::NAK) | InfinibandAethHeader::INVALID_REQUEST);
        CompleteReceive(InfinibandWcStatus::LOC_LEN_ERR, m_received);
        return false;
    }
    m_hca->WritePayload(packet->GetSize());
    if (IsLast(opcode))
    {
        CompleteReceive(InfinibandWcStatus::SUCCESS, m_received);
    }
    return true;
}

bool
InfinibandQueuePair::ExecuteWrite(uint8_t opcode, Ptr<Packet> packet)
{
    if (opcode == RDMA_WRITE_FIRST || opcode == RDMA_WRITE_ONLY)
    {
        InfinibandRethHeader reth;
        packet->RemoveHeader(reth);
        if (!m_hca->CheckAccess(reth.GetRemoteKey(), reth.GetVirtualAddress(), reth.GetDmaLength()))
        {
            SendNak(uint8_t(InfinibandAethHeader::NAK) | InfinibandAethHeader::REMOTE_ACCESS_ERROR);
            return false;
        }
    }
    m_hca->WritePayload(packet->GetSize());
    return true;
}

void
InfinibandQueuePair::ExecuteRead(uint32_t psn, Ptr<Packet> packet, bool duplicate)
{
    InfinibandRethHeader reth;
    packet->RemoveHeader(reth);
    const uint64_t length = reth.GetDmaLength();
    if (!m_hca->CheckAccess(reth.GetRemoteKey(), reth.GetVirtualAddress(), length))
    {
        if (!duplicate)
        {
            SendNak(uint8_t(InfinibandAethHeader::NAK) | InfinibandAethHeader::REMOTE_ACCESS_ERROR);
        }
        return;
    }
    const uint32_t n = Packets(length, m_mtu);
    if (!duplicate)
    {
        m_msn = (m_msn + 1) & kPsnMask;
        m_ePsn = (m_ePsn + n) & kPsnMask;
        m_sinceAck = 0;
    }
    for (uint32_t i = 0; i < n; ++i)
    {
        Outgoing out;
        out.opcode = Position(RDMA_READ_RESPONSE_FIRST, RDMA_READ_RESPONSE_ONLY, i, n);
        out.psn = psn + i;
        out.payload = uint32_t(std::min<uint64_t>(m_mtu, length - uint64_t(i) * m_mtu));
        out.aeth = out.opcode != RDMA_READ_RESPONSE_MIDDLE;
        out.msn = m_msn;
        m_responses.push_back(out);
    }
    m_hca->NotifyReady(this);
}

void
InfinibandQueuePair::SendAck(uint8_t syndrome, uint32_t psn)
{
    m_sinceAck = 0;
    InfinibandAethHeader aeth;
    aeth.SetSyndrome(syndrome);
    aeth.SetMsn(m_msn);
    Ptr<Packet> p = Create<Packet>();
    p->AddHeader(aeth);
    InfinibandBthHeader bth;
    bth.SetOpCode(ACKNOWLEDGE);
    bth.SetDestQp(m_destQpn);
    bth.SetPsn(psn & kPsnMask);
    p->AddHeader(bth);
    m_hca->Send(m_port, p, m_dlid, m_serviceLevel);
}

void
InfinibandQueuePair::SendNak(uint8_t syndrome)
{
    m_nakSent = true;
    SendAck(syndrome, m_ePsn);
}

void
InfinibandQueuePair::CompleteReceive(InfinibandWcStatus status, uint64_t bytes)
{
    m_inSend = false;
    InfinibandWorkCompletion wc{m_current.wrId, status, InfinibandWcOpcode::RECV, bytes, m_qpn};
    m_hca->WriteCqe(m_recvCq, wc);
}

} // namespace hybridnet
} // namespace ns3
