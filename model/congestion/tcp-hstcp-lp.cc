/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tcp-hstcp-lp.h"

#include "tcp-high-speed-linux.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTcpHstcpLp");
NS_OBJECT_ENSURE_REGISTERED(TcpHstcpLp);

TypeId
TcpHstcpLp::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::TcpHstcpLp")
                            .SetParent<TcpLp>()
                            .AddConstructor<TcpHstcpLp>()
                            .SetGroupName("Hybridnet");
    return tid;
}

TcpHstcpLp::TcpHstcpLp()
{
    NS_LOG_FUNCTION(this);
}

TcpHstcpLp::TcpHstcpLp(const TcpHstcpLp& other)
    : TcpLp(other),
      m_lastYield(other.m_lastYield),
      m_inference(other.m_inference),
      m_row(other.m_row),
      m_ackCnt(other.m_ackCnt)
{
    NS_LOG_FUNCTION(this);
}

TcpHstcpLp::~TcpHstcpLp()
{
    NS_LOG_FUNCTION(this);
}

std::string
TcpHstcpLp::GetName() const
{
    return "TcpHstcpLp";
}

Ptr<TcpCongestionOps>
TcpHstcpLp::Fork()
{
    return CopyObject<TcpHstcpLp>(this);
}

bool
TcpHstcpLp::IsWithinInference() const
{
    return !m_lastYield.IsZero() && Simulator::Now() - m_lastYield < m_inference;
}

void
TcpHstcpLp::PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked << rtt);
    Time now = Simulator::Now();
    if (now.GetMilliSeconds() > tcb->m_rcvTimestampEchoReply)
    {
        m_inference = 3 * (now - MilliSeconds(tcb->m_rcvTimestampEchoReply));
    }
    uint32_t before = tcb->m_cWnd;
    TcpLp::PktsAcked(tcb, segmentsAcked, rtt);
    if (tcb->m_cWnd < before)
    {
        m_lastYield = now;
        NS_LOG_INFO("yield: cwnd " << before << " -> " << tcb->m_cWnd);
    }
}

void
TcpHstcpLp::CongestionAvoidance(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked);
    if (segmentsAcked == 0 || IsWithinInference())
    {
        return;
    }
    uint32_t w = std::max(tcb->GetCwndInSegments(), 1U);
    m_row = TcpHighSpeedLinux::LookupRow(w);
    m_ackCnt += TcpHighSpeedLinux::GetIncrease(m_row);
    if (m_ackCnt >= w)
    {
        m_ackCnt -= w;
        tcb->m_cWnd = (w + 1) * tcb->m_segmentSize;
    }
}

uint32_t
TcpHstcpLp::GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight)
{
    NS_LOG_FUNCTION(this << tcb << bytesInFlight);
    uint32_t w = tcb->GetCwndInSegments();
    auto cut = static_cast<uint32_t>(w * TcpHighSpeedLinux::GetDecrease(m_row));
    return std::max<uint32_t>(w - cut, 2) * tcb->m_segmentSize;
}

} // namespace hybridnet
} // namespace ns3
