/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tcp-prr-recovery-rfc6937.h"

#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/tcp-socket-state.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTcpPrrRecoveryRfc6937");
NS_OBJECT_ENSURE_REGISTERED(TcpPrrRecoveryRfc6937);

TypeId
TcpPrrRecoveryRfc6937::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::TcpPrrRecoveryRfc6937")
            .SetParent<TcpRecoveryOps>()
            .AddConstructor<TcpPrrRecoveryRfc6937>()
            .SetGroupName("Hybridnet")
            .AddAttribute(
                "ReductionBound",
                "The bound of (5) on what is sent while pipe <= ssthresh: SSRB, "
                "the slow start reduction bound RFC 6937 recommends (one segment "
                "more than delivered per ACK), or CRB, the conservative bound "
                "(no more than delivered).  Values: SSRB, CRB.",
                EnumValue(ReductionBound::SSRB),
                MakeEnumAccessor<ReductionBound>(&TcpPrrRecoveryRfc6937::m_bound),
                MakeEnumChecker(ReductionBound::SSRB, "SSRB", ReductionBound::CRB, "CRB"));
    return tid;
}

TcpPrrRecoveryRfc6937::TcpPrrRecoveryRfc6937()
{
    NS_LOG_FUNCTION(this);
}

TcpPrrRecoveryRfc6937::TcpPrrRecoveryRfc6937(const TcpPrrRecoveryRfc6937& other)
    : TcpRecoveryOps(other),
      m_bound(other.m_bound),
      m_prrDelivered(other.m_prrDelivered),
      m_prrOut(other.m_prrOut),
      m_recoverFs(other.m_recoverFs),
      m_dupAckEstimate(other.m_dupAckEstimate)
{
    NS_LOG_FUNCTION(this);
}

TcpPrrRecoveryRfc6937::~TcpPrrRecoveryRfc6937()
{
    NS_LOG_FUNCTION(this);
}

std::string
TcpPrrRecoveryRfc6937::GetName() const
{
    return "TcpPrrRecoveryRfc6937";
}

Ptr<TcpRecoveryOps>
TcpPrrRecoveryRfc6937::Fork()
{
    return CopyObject<TcpPrrRecoveryRfc6937>(this);
}

void
TcpPrrRecoveryRfc6937::EnterRecovery(Ptr<TcpSocketState> tcb,
                                     uint32_t dupAckCount,
                                     uint32_t unAckDataCount,
                                     uint32_t deliveredBytes)
{
    NS_LOG_FUNCTION(this << tcb << dupAckCount << unAckDataCount << deliveredBytes);
    const uint32_t smss = tcb->m_segmentSize;
    m_prrDelivered = 0; // (1)
    m_prrOut = 0;
    m_recoverFs = std::max(unAckDataCount, smss);
    // the run's earlier duplicate ACKs, each one S beyond snd.una when SACK is off; (2a)
    // adds the entering one
    m_dupAckEstimate = deliveredBytes == 0 ? uint64_t{std::max(dupAckCount, 1U) - 1} * smss : 0;
    OnAck(tcb, deliveredBytes, true);
}

void
TcpPrrRecoveryRfc6937::DoRecovery(Ptr<TcpSocketState> tcb, uint32_t deliveredBytes, bool isDupAck)
{
    NS_LOG_FUNCTION(this << tcb << deliveredBytes << isDupAck);
    OnAck(tcb, deliveredBytes, isDupAck);
}

void
TcpPrrRecoveryRfc6937::ExitRecovery(Ptr<TcpSocketState> tcb)
{
    NS_LOG_FUNCTION(this << tcb);
    tcb->m_cWndInfl = tcb->m_cWnd; // the socket set cwnd = ssthresh
}

void
TcpPrrRecoveryRfc6937::UpdateBytesSent(uint32_t bytesSent)
{
    NS_LOG_FUNCTION(this << bytesSent);
    m_prrOut += bytesSent; // (7)
}

void
TcpPrrRecoveryRfc6937::OnAck(Ptr<TcpSocketState> tcb, uint32_t deliveredBytes, bool isDupAck)
{
    const uint64_t smss = tcb->m_segmentSize;
    const uint64_t pipe = tcb->m_bytesInFlight.Get();
    const uint64_t ssThresh = tcb->m_ssThresh.Get();
    uint64_t delivered = deliveredBytes;
    if (isDupAck && deliveredBytes == 0)
    {
        delivered = smss; // (2a)
        m_dupAckEstimate += smss;
    }
    else
    {
        const uint64_t covered = std::min(m_dupAckEstimate, delivered); // (2b)
        delivered -= covered;
        m_dupAckEstimate -= covered;
    }
    m_prrDelivered += delivered; // (3)

    const auto prrDelivered = static_cast<int64_t>(m_prrDelivered);
    const auto prrOut = static_cast<int64_t>(m_prrOut);
    int64_t sndcnt = 0;
    if (pipe > ssThresh)
    {
        const uint64_t divisor = smss * m_recoverFs;
        const uint64_t segments = (m_prrDelivered * ssThresh + divisor - 1) / divisor;
        sndcnt = static_cast<int64_t>(segments * smss) - prrOut; // (4)
    }
    else
    {
        int64_t limit = prrDelivered - prrOut; // (5), CRB
        if (m_bound == ReductionBound::SSRB)
        {
            limit = std::max(limit, static_cast<int64_t>(delivered)) + static_cast<int64_t>(smss);
        }
        sndcnt = std::min(static_cast<int64_t>(ssThresh - pipe), limit);
    }
    const uint64_t cwnd = pipe + static_cast<uint64_t>(std::max<int64_t>(sndcnt, 0)); // (6)
    NS_LOG_DEBUG("D " << delivered << " prr_delivered " << m_prrDelivered << " prr_out " << m_prrOut
                      << " RecoverFS " << m_recoverFs << " pipe " << pipe << " ssthresh "
                      << ssThresh << " sndcnt " << sndcnt);
    tcb->m_cWnd = static_cast<uint32_t>(std::min<uint64_t>(cwnd, UINT32_MAX));
    tcb->m_cWndInfl = tcb->m_cWnd;
}

} // namespace hybridnet
} // namespace ns3
