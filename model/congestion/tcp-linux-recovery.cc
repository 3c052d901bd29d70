/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tcp-linux-recovery.h"

#include "ns3/log.h"
#include "ns3/tcp-socket-state.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTcpLinuxRecovery");
NS_OBJECT_ENSURE_REGISTERED(TcpLinuxRecovery);

TypeId
TcpLinuxRecovery::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::TcpLinuxRecovery")
            .SetParent<TcpRecoveryOps>()
            .AddConstructor<TcpLinuxRecovery>()
            .SetGroupName("Hybridnet")
            .AddAttribute("MaxBurst",
                          "The most segments a cumulative ACK may release at once when a "
                          "recovery ends, (4) (Linux 2.6.11 tcp_max_burst: 3; later kernels "
                          "use the reordering estimate).  Unit: segments.  Range: [1, 2^32 - 1].",
                          UintegerValue(3),
                          MakeUintegerAccessor(&TcpLinuxRecovery::m_maxBurst),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

TcpLinuxRecovery::TcpLinuxRecovery()
{
    NS_LOG_FUNCTION(this);
}

TcpLinuxRecovery::TcpLinuxRecovery(const TcpLinuxRecovery& other)
    : TcpRecoveryOps(other),
      m_maxBurst(other.m_maxBurst),
      m_ackCount(other.m_ackCount),
      m_cwnd(other.m_cwnd)
{
    NS_LOG_FUNCTION(this);
}

TcpLinuxRecovery::~TcpLinuxRecovery()
{
    NS_LOG_FUNCTION(this);
}

std::string
TcpLinuxRecovery::GetName() const
{
    return "TcpLinuxRecovery";
}

Ptr<TcpRecoveryOps>
TcpLinuxRecovery::Fork()
{
    return CopyObject<TcpLinuxRecovery>(this);
}

void
TcpLinuxRecovery::EnterRecovery(Ptr<TcpSocketState> tcb,
                                uint32_t dupAckCount,
                                uint32_t unAckDataCount,
                                uint32_t deliveredBytes)
{
    NS_LOG_FUNCTION(this << tcb << dupAckCount << unAckDataCount << deliveredBytes);
    m_ackCount = 0;
    CwndDown(tcb);
}

void
TcpLinuxRecovery::DoRecovery(Ptr<TcpSocketState> tcb, uint32_t deliveredBytes, bool isDupAck)
{
    NS_LOG_FUNCTION(this << tcb << deliveredBytes << isDupAck);
    CwndDown(tcb);
}

void
TcpLinuxRecovery::ExitRecovery(Ptr<TcpSocketState> tcb)
{
    NS_LOG_FUNCTION(this << tcb);
    const uint32_t smss = tcb->m_segmentSize;
    uint32_t cwnd = std::min(m_cwnd, tcb->m_ssThresh.Get());               // (3)
    cwnd = std::min(cwnd, tcb->m_bytesInFlight.Get() + m_maxBurst * smss); // (4)
    tcb->m_cWnd = std::max(cwnd, smss);
    tcb->m_cWndInfl = tcb->m_cWnd;
}

void
TcpLinuxRecovery::CwndDown(Ptr<TcpSocketState> tcb)
{
    const uint32_t smss = tcb->m_segmentSize;
    uint32_t cwnd = tcb->m_cWnd;
    if (++m_ackCount == 2)
    {
        m_ackCount = 0;
        if (cwnd > tcb->m_ssThresh.Get() / 2)
        {
            cwnd -= std::min(cwnd, smss); // (1)
        }
    }
    cwnd = std::max(smss, std::min(cwnd, tcb->m_bytesInFlight.Get() + smss)); // (2)
    NS_LOG_DEBUG("cwnd " << tcb->m_cWnd << " -> " << cwnd << " in flight " << tcb->m_bytesInFlight);
    tcb->m_cWnd = cwnd;
    tcb->m_cWndInfl = cwnd;
    m_cwnd = cwnd;
}

} // namespace hybridnet
} // namespace ns3
