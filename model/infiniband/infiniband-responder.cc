/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-responder.h"

#include "infiniband-aeth-header.h"
#include "infiniband-bth-header.h"
#include "infiniband-completion-queue.h"
#include "infiniband-hca.h"
#include "infiniband-requester.h"
#include "infiniband-reth-header.h"

#include "ns3/log.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetInfinibandResponder");

using Qp = InfinibandQueuePair;

namespace
{
/** Whether a SEND or RDMA WRITE packet ends its message. */
bool
IsLast(uint8_t opcode)
{
    return opcode == Qp::SEND_LAST || opcode == Qp::SEND_ONLY || opcode == Qp::RDMA_WRITE_LAST ||
           opcode == Qp::RDMA_WRITE_ONLY;
}

/** AETH syndrome of a NAK with @p code. */
uint8_t
Nak(uint8_t code)
{
    return uint8_t(InfinibandAethHeader::NAK) | code;
}
} // namespace

InfinibandResponder::InfinibandResponder(InfinibandQueuePair& qp)
    : m_qp(qp)
{
}

void
InfinibandResponder::Start(uint32_t receivePsn)
{
    m_ePsn = receivePsn & Qp::PSN_MASK;
}

InfinibandPostStatus
InfinibandResponder::Post(const InfinibandReceiveWorkRequest& wr)
{
    if (m_rq.size() >= m_qp.m_maxRecvWr)
    {
        return InfinibandPostStatus::QUEUE_FULL;
    }
    m_rq.push_back(wr);
    return InfinibandPostStatus::OK;
}

bool
InfinibandResponder::HasResponse() const
{
    return !m_responses.empty();
}

InfinibandResponder::Outgoing
InfinibandResponder::NextResponse()
{
    Outgoing out = m_responses.front();
    m_responses.pop_front();
    return out;
}

void
InfinibandResponder::HandleRequest(const InfinibandBthHeader& bth, Ptr<Packet> packet)
{
    const uint32_t psn = bth.GetPsn();
    const uint32_t delta = (psn - m_ePsn) & Qp::PSN_MASK;
    if (delta == 0)
    {
        m_nakSent = false;
        Execute(bth.GetOpCode(), psn, packet);
    }
    else if (delta < Qp::PSN_HALF)
    {
        if (!m_nakSent)
        {
            SendNak(Nak(InfinibandAethHeader::PSN_SEQUENCE_ERROR));
        }
    }
    else if (bth.GetOpCode() == Qp::RDMA_READ_REQUEST)
    {
        ExecuteRead(psn, packet, true);
    }
    else
    {
        SendAck(InfinibandAethHeader::ACK | Qp::ACK_CREDITS, (m_ePsn - 1) & Qp::PSN_MASK);
    }
}

void
InfinibandResponder::Execute(uint8_t opcode, uint32_t psn, Ptr<Packet> packet)
{
    if (opcode == Qp::RDMA_READ_REQUEST)
    {
        ExecuteRead(psn, packet, false);
        return;
    }
    const bool ok =
        opcode <= Qp::SEND_ONLY ? ExecuteSend(opcode, packet) : ExecuteWrite(opcode, packet);
    if (!ok)
    {
        return;
    }
    m_ePsn = (m_ePsn + 1) & Qp::PSN_MASK;
    if (IsLast(opcode))
    {
        m_msn = (m_msn + 1) & Qp::PSN_MASK;
    }
    if (IsLast(opcode) || ++m_sinceAck >= m_qp.m_ackCoalescing)
    {
        SendAck(InfinibandAethHeader::ACK | Qp::ACK_CREDITS, psn);
    }
}

bool
InfinibandResponder::ExecuteSend(uint8_t opcode, Ptr<Packet> packet)
{
    const bool first = opcode == Qp::SEND_FIRST || opcode == Qp::SEND_ONLY;
    if (first && m_rq.empty())
    {
        SendNak(InfinibandAethHeader::RNR_NAK | m_qp.m_minRnrTimer);
        return false;
    }
    if (first == m_inSend)
    {
        SendNak(Nak(InfinibandAethHeader::INVALID_REQUEST));
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
        SendNak(Nak(InfinibandAethHeader::INVALID_REQUEST));
        CompleteReceive(InfinibandWcStatus::LOC_LEN_ERR, m_received);
        return false;
    }
    m_qp.m_hca->WritePayload(packet->GetSize());
    if (IsLast(opcode))
    {
        CompleteReceive(InfinibandWcStatus::SUCCESS, m_received);
    }
    return true;
}

bool
InfinibandResponder::ExecuteWrite(uint8_t opcode, Ptr<Packet> packet)
{
    if (opcode == Qp::RDMA_WRITE_FIRST || opcode == Qp::RDMA_WRITE_ONLY)
    {
        InfinibandRethHeader reth;
        packet->RemoveHeader(reth);
        if (!m_qp.m_hca->CheckAccess(reth.GetRemoteKey(),
                                     reth.GetVirtualAddress(),
                                     reth.GetDmaLength()))
        {
            SendNak(Nak(InfinibandAethHeader::REMOTE_ACCESS_ERROR));
            return false;
        }
    }
    m_qp.m_hca->WritePayload(packet->GetSize());
    return true;
}

void
InfinibandResponder::ExecuteRead(uint32_t psn, Ptr<Packet> packet, bool duplicate)
{
    InfinibandRethHeader reth;
    packet->RemoveHeader(reth);
    const uint64_t length = reth.GetDmaLength();
    if (!m_qp.m_hca->CheckAccess(reth.GetRemoteKey(), reth.GetVirtualAddress(), length))
    {
        if (!duplicate)
        {
            SendNak(Nak(InfinibandAethHeader::REMOTE_ACCESS_ERROR));
        }
        return;
    }
    const uint32_t mtu = m_qp.m_mtu;
    const uint32_t n = InfinibandRequester::PacketCount(length, mtu);
    if (!duplicate)
    {
        m_msn = (m_msn + 1) & Qp::PSN_MASK;
        m_ePsn = (m_ePsn + n) & Qp::PSN_MASK;
        m_sinceAck = 0;
    }
    for (uint32_t i = 0; i < n; ++i)
    {
        Outgoing out;
        out.opcode = InfinibandRequester::PacketOpcode(Qp::RDMA_READ_RESPONSE_FIRST,
                                                       Qp::RDMA_READ_RESPONSE_ONLY,
                                                       i,
                                                       n);
        out.psn = psn + i;
        out.payload = uint32_t(std::min<uint64_t>(mtu, length - uint64_t(i) * mtu));
        out.aeth = out.opcode != Qp::RDMA_READ_RESPONSE_MIDDLE;
        out.msn = m_msn;
        m_responses.push_back(out);
    }
    m_qp.m_hca->NotifyReady(&m_qp);
}

void
InfinibandResponder::SendAck(uint8_t syndrome, uint32_t psn)
{
    m_sinceAck = 0;
    InfinibandAethHeader aeth;
    aeth.SetSyndrome(syndrome);
    aeth.SetMsn(m_msn);
    Ptr<Packet> p = Create<Packet>();
    p->AddHeader(aeth);
    InfinibandBthHeader bth;
    bth.SetOpCode(Qp::ACKNOWLEDGE);
    bth.SetDestQp(m_qp.m_destQpn);
    bth.SetPsn(psn & Qp::PSN_MASK);
    p->AddHeader(bth);
    m_qp.SendToPeer(p);
}

void
InfinibandResponder::SendNak(uint8_t syndrome)
{
    m_nakSent = true;
    SendAck(syndrome, m_ePsn);
}

void
InfinibandResponder::CompleteReceive(InfinibandWcStatus status, uint64_t bytes)
{
    m_inSend = false;
    InfinibandWorkCompletion wc{m_current.wrId,
                                status,
                                InfinibandWcOpcode::RECV,
                                bytes,
                                m_qp.m_qpn};
    m_qp.m_hca->WriteCqe(m_qp.m_recvCq, wc);
}

void
InfinibandResponder::Flush()
{
    m_responses.clear();
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
                                    m_qp.m_qpn};
        m_qp.m_hca->WriteCqe(m_qp.m_recvCq, wc);
    }
    m_rq.clear();
}

} // namespace hybridnet
} // namespace ns3
