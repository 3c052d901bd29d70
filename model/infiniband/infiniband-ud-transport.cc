/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-ud-transport.h"

#include "infiniband-bth-header.h"
#include "infiniband-completion-queue.h"
#include "infiniband-deth-header.h"
#include "infiniband-hca.h"

#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetInfinibandUdTransport");

InfinibandUdTransport::InfinibandUdTransport(InfinibandQueuePair& qp)
    : m_qp(qp)
{
}

InfinibandPostStatus
InfinibandUdTransport::Post(const InfinibandSendWorkRequest& wr, Ptr<const Packet> data)
{
    if (wr.length > m_qp.m_mtu || wr.opcode != InfinibandWrOpcode::SEND)
    {
        return InfinibandPostStatus::INVALID_LENGTH; // (1): one packet, SEND only
    }
    if (m_sq.size() + m_inEngine.size() >= m_qp.m_maxSendWr)
    {
        return InfinibandPostStatus::QUEUE_FULL;
    }
    m_sq.push_back(SendWqe{wr, data});
    m_qp.m_hca->RingDoorbell(&m_qp);
    return InfinibandPostStatus::OK;
}

InfinibandPostStatus
InfinibandUdTransport::PostReceive(const InfinibandReceiveWorkRequest& wr)
{
    if (m_rq.size() >= m_qp.m_maxRecvWr)
    {
        return InfinibandPostStatus::QUEUE_FULL;
    }
    m_rq.push_back(wr);
    return InfinibandPostStatus::OK;
}

void
InfinibandUdTransport::WqeFetched()
{
    if (m_fetched < m_sq.size())
    {
        ++m_fetched;
        m_qp.m_hca->NotifyReady(&m_qp);
    }
}

bool
InfinibandUdTransport::HasPacket() const
{
    return m_fetched > 0;
}

InfinibandUdTransport::Outgoing
InfinibandUdTransport::NextPacket()
{
    SendWqe wqe = m_sq.front();
    m_sq.pop_front();
    --m_fetched;
    Outgoing out;
    out.opcode = UD_SEND_ONLY;
    out.psn = m_psn;
    out.payload = uint32_t(wqe.wr.length);
    m_psn = (m_psn + 1) & InfinibandQueuePair::PSN_MASK;
    m_inEngine.push_back(wqe);
    return out;
}

void
InfinibandUdTransport::Transmit(const Outgoing& out)
{
    const SendWqe wqe = m_inEngine.front();
    m_inEngine.pop_front();
    Ptr<Packet> p = wqe.data ? wqe.data->Copy() : Create<Packet>(out.payload);
    InfinibandDethHeader deth;
    deth.SetSrcQp(m_qp.m_qpn);
    p->AddHeader(deth);
    InfinibandBthHeader bth;
    bth.SetOpCode(out.opcode);
    bth.SetDestQp(wqe.wr.remoteQpn);
    bth.SetPsn(uint32_t(out.psn));
    p->AddHeader(bth);
    m_qp.m_hca->Send(m_qp.m_port, p, Mac16Address(wqe.wr.remoteLid), m_qp.m_serviceLevel);
    m_qp.m_packetTxTrace(out.opcode, uint32_t(out.psn), out.payload, false);
    if (wqe.wr.signaled)
    {
        InfinibandWorkCompletion wc{wqe.wr.wrId,
                                    InfinibandWcStatus::SUCCESS,
                                    InfinibandWcOpcode::SEND,
                                    wqe.wr.length,
                                    m_qp.m_qpn};
        m_qp.m_hca->WriteCqe(m_qp.m_sendCq, wc);
    }
}

void
InfinibandUdTransport::Receive(Ptr<Packet> packet)
{
    InfinibandDethHeader deth;
    packet->RemoveHeader(deth);
    if (m_rq.empty())
    {
        NS_LOG_LOGIC("QP " << m_qp.m_qpn << ": no receive WQE, datagram dropped");
        m_qp.m_udDropTrace(packet);
        return;
    }
    const InfinibandReceiveWorkRequest wr = m_rq.front();
    m_rq.pop_front();
    const uint64_t m = packet->GetSize();
    InfinibandWorkCompletion wc{wr.wrId,
                                InfinibandWcStatus::SUCCESS,
                                InfinibandWcOpcode::RECV,
                                GRH_BYTES + m,
                                m_qp.m_qpn};
    wc.srcQp = deth.GetSrcQp();
    if (GRH_BYTES + m > wr.length) // (2)
    {
        wc.status = InfinibandWcStatus::LOC_LEN_ERR;
        wc.byteLen = 0;
    }
    else
    {
        m_qp.m_hca->WritePayload(m);
        if (!m_qp.m_receiveData.IsNull())
        {
            m_qp.m_receiveData(wr.wrId, packet);
        }
    }
    m_qp.m_hca->WriteCqe(m_qp.m_recvCq, wc);
}

void
InfinibandUdTransport::Flush()
{
    auto flush = [this](uint64_t wrId, InfinibandWcOpcode op, Ptr<InfinibandCompletionQueue> cq) {
        InfinibandWorkCompletion wc{wrId, InfinibandWcStatus::WR_FLUSH_ERR, op, 0, m_qp.m_qpn};
        m_qp.m_hca->WriteCqe(cq, wc);
    };
    for (const SendWqe& w : m_inEngine)
    {
        flush(w.wr.wrId, InfinibandWcOpcode::SEND, m_qp.m_sendCq);
    }
    for (const SendWqe& w : m_sq)
    {
        flush(w.wr.wrId, InfinibandWcOpcode::SEND, m_qp.m_sendCq);
    }
    for (const InfinibandReceiveWorkRequest& r : m_rq)
    {
        flush(r.wrId, InfinibandWcOpcode::RECV, m_qp.m_recvCq);
    }
    m_inEngine.clear();
    m_sq.clear();
    m_fetched = 0;
    m_rq.clear();
}

} // namespace hybridnet
} // namespace ns3
