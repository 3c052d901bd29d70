/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-requester.h"

#include "infiniband-aeth-header.h"
#include "infiniband-bth-header.h"
#include "infiniband-completion-queue.h"
#include "infiniband-hca.h"
#include "infiniband-packet-size.h"

#include "ns3/assert.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetInfinibandRequester");

using Qp = InfinibandQueuePair;

InfinibandRequester::InfinibandRequester(InfinibandQueuePair& qp)
    : m_qp(qp)
{
}

uint32_t
InfinibandRequester::PacketCount(uint64_t length, uint32_t mtu)
{
    return std::max<uint64_t>(1, InfinibandPacketSize::GetPacketsPerMessage(length, mtu));
}

uint8_t
InfinibandRequester::PacketOpcode(uint8_t first, uint8_t only, uint32_t index, uint32_t n)
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

void
InfinibandRequester::Start(uint32_t sendPsn)
{
    m_nextPsn = sendPsn & Qp::PSN_MASK;
    m_unacked = m_nextPsn;
    m_sentEnd = m_nextPsn;
    m_highestSent = m_nextPsn;
    m_retriesLeft = m_qp.m_retryCount;
    m_rnrRetriesLeft = m_qp.m_rnrRetry;
}

InfinibandPostStatus
InfinibandRequester::Post(const InfinibandSendWorkRequest& wr)
{
    if (m_sq.size() >= m_qp.m_maxSendWr)
    {
        return InfinibandPostStatus::QUEUE_FULL;
    }
    SendWqe wqe;
    wqe.wr = wr;
    wqe.firstPsn = m_nextPsn;
    wqe.packets = PacketCount(wr.length, m_qp.m_mtu);
    m_nextPsn += wqe.packets;
    m_sq.push_back(wqe);
    ++m_posted;
    m_qp.m_hca->RingDoorbell(&m_qp);
    return InfinibandPostStatus::OK;
}

void
InfinibandRequester::WqeFetched()
{
    if (m_fetched >= m_posted)
    {
        return;
    }
    ++m_fetched;
    m_qp.m_hca->NotifyReady(&m_qp);
}

bool
InfinibandRequester::HasRequest() const
{
    return !m_rnrWaiting && m_sendWqe < m_fetched;
}

InfinibandRequester::Outgoing
InfinibandRequester::NextRequest()
{
    NS_ASSERT(m_sendWqe >= m_sqBase && m_sendWqe - m_sqBase < m_sq.size());
    const SendWqe& wqe = m_sq[m_sendWqe - m_sqBase];
    const InfinibandSendWorkRequest& wr = wqe.wr;
    const uint32_t mtu = m_qp.m_mtu;
    Outgoing out;
    out.request = true;
    out.psn = wqe.firstPsn + m_sendPacket;
    const bool read = wr.opcode == InfinibandWrOpcode::RDMA_READ;
    const uint32_t sent = read ? 1 : wqe.packets;
    if (read)
    {
        out.opcode = Qp::RDMA_READ_REQUEST;
        out.span = wqe.packets;
    }
    else
    {
        const bool write = wr.opcode == InfinibandWrOpcode::RDMA_WRITE;
        out.opcode =
            write ? PacketOpcode(Qp::RDMA_WRITE_FIRST, Qp::RDMA_WRITE_ONLY, m_sendPacket, sent)
                  : PacketOpcode(Qp::SEND_FIRST, Qp::SEND_ONLY, m_sendPacket, sent);
        const uint64_t offset = uint64_t(m_sendPacket) * mtu;
        out.payload = uint32_t(std::min<uint64_t>(mtu, wr.length - offset));
    }
    out.reth = read || out.opcode == Qp::RDMA_WRITE_FIRST || out.opcode == Qp::RDMA_WRITE_ONLY;
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

bool
InfinibandRequester::IsRetransmission(uint64_t psn) const
{
    return psn < m_highestSent;
}

void
InfinibandRequester::Sent(const Outgoing& out)
{
    m_sentEnd = std::max(m_sentEnd, out.psn + out.span);
    m_highestSent = std::max(m_highestSent, out.psn + out.span);
    if (!m_ackTimer.IsPending())
    {
        RestartTimer();
    }
}

uint64_t
InfinibandRequester::ToAbsolute(uint32_t psn) const
{
    const uint32_t delta = (psn - uint32_t(m_unacked & Qp::PSN_MASK)) & Qp::PSN_MASK;
    return delta < Qp::PSN_HALF ? m_unacked + delta : m_unacked - (Qp::PSN_MASK + 1 - delta);
}

InfinibandRequester::SendWqe*
InfinibandRequester::FindWqe(uint64_t psn)
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
InfinibandRequester::HandleAck(const InfinibandBthHeader& bth, const InfinibandAethHeader& aeth)
{
    const uint64_t psn = ToAbsolute(bth.GetPsn());
    if (aeth.GetKind() == InfinibandAethHeader::ACK)
    {
        Acknowledge(psn);
        return;
    }
    m_qp.m_nakTrace(bth.GetPsn(), aeth.GetSyndrome());
    Acknowledge(psn - 1);
    if (aeth.GetKind() == InfinibandAethHeader::RNR_NAK)
    {
        HandleRnrNak(psn, aeth.GetValue());
        return;
    }
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
InfinibandRequester::HandleRnrNak(uint64_t psn, uint8_t timerCode)
{
    if (m_qp.m_rnrRetry != 7 && m_rnrRetriesLeft-- == 0)
    {
        Fail(psn, InfinibandWcStatus::RNR_RETRY_EXC_ERR);
        return;
    }
    m_rnrWaiting = true;
    m_ackTimer.Cancel();
    GoBack(psn);
    m_rnrTimer = Simulator::Schedule(InfinibandQueuePair::RnrTimerValue(timerCode),
                                     &InfinibandRequester::RnrTimerExpired,
                                     this);
}

void
InfinibandRequester::HandleReadResponse(const InfinibandBthHeader& bth, Ptr<Packet> packet)
{
    if (bth.GetOpCode() != Qp::RDMA_READ_RESPONSE_MIDDLE)
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
    m_qp.m_hca->WritePayload(packet->GetSize());
    ++w->responses;
    if (w->responses == w->packets)
    {
        w->readDone = true;
        Acknowledge(psn);
    }
}

void
InfinibandRequester::Acknowledge(uint64_t lastPsn)
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
        m_retriesLeft = m_qp.m_retryCount;
        m_rnrRetriesLeft = m_qp.m_rnrRetry;
        CompleteInOrder();
        RestartTimer();
    }
}

void
InfinibandRequester::CompleteInOrder()
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
InfinibandRequester::Complete(const SendWqe& wqe, InfinibandWcStatus status)
{
    static const InfinibandWcOpcode kOpcodes[] = {InfinibandWcOpcode::SEND,
                                                  InfinibandWcOpcode::RDMA_WRITE,
                                                  InfinibandWcOpcode::RDMA_READ};
    InfinibandWorkCompletion wc{wqe.wr.wrId,
                                status,
                                kOpcodes[uint8_t(wqe.wr.opcode)],
                                wqe.wr.length,
                                m_qp.m_qpn};
    m_qp.m_hca->WriteCqe(m_qp.m_sendCq, wc);
}

void
InfinibandRequester::GoBack(uint64_t psn)
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
    NotifyIfReady();
}

void
InfinibandRequester::NotifyIfReady()
{
    if (m_qp.HasPacket())
    {
        m_qp.m_hca->NotifyReady(&m_qp);
    }
}

void
InfinibandRequester::RestartTimer()
{
    m_ackTimer.Cancel();
    if (m_qp.m_timeout != 0 && m_sentEnd > m_unacked && !m_rnrWaiting)
    {
        m_ackTimer =
            Simulator::Schedule(m_qp.GetLocalAckTimeout(), &InfinibandRequester::AckTimeout, this);
    }
}

void
InfinibandRequester::AckTimeout()
{
    m_qp.m_timeoutTrace(uint32_t(m_unacked & Qp::PSN_MASK), 0);
    if (m_retriesLeft == 0)
    {
        Fail(m_unacked, InfinibandWcStatus::RETRY_EXC_ERR);
        return;
    }
    --m_retriesLeft;
    GoBack(m_unacked);
}

void
InfinibandRequester::RnrTimerExpired()
{
    m_rnrWaiting = false;
    NotifyIfReady();
}

void
InfinibandRequester::Fail(uint64_t psn, InfinibandWcStatus status)
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
    m_qp.ModifyToError();
}

void
InfinibandRequester::Flush()
{
    CancelTimers();
    for (const SendWqe& wqe : m_sq)
    {
        Complete(wqe, InfinibandWcStatus::WR_FLUSH_ERR);
    }
    m_sqBase += m_sq.size();
    m_sq.clear();
}

void
InfinibandRequester::CancelTimers()
{
    m_ackTimer.Cancel();
    m_rnrTimer.Cancel();
}

} // namespace hybridnet
} // namespace ns3
