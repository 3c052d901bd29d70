/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tcp-fast.h"

#include "ns3/double.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTcpFast");
NS_OBJECT_ENSURE_REGISTERED(TcpFast);

TypeId
TcpFast::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::TcpFast")
            .SetParent<TcpNewReno>()
            .AddConstructor<TcpFast>()
            .SetGroupName("Hybridnet")
            .AddAttribute("Alpha",
                          "alpha of equation (1): packets each flow keeps queued in "
                          "equilibrium.  Unit: packets.  Range: (0, 1e6].",
                          DoubleValue(200.0),
                          MakeDoubleAccessor(&TcpFast::m_alpha),
                          MakeDoubleChecker<double>(std::numeric_limits<double>::min(), 1e6))
            .AddAttribute("Gamma",
                          "gamma of equation (1): the fraction of the way to the target "
                          "window taken per RTT.  Range: (0, 1].",
                          DoubleValue(0.5),
                          MakeDoubleAccessor(&TcpFast::m_gamma),
                          MakeDoubleChecker<double>(std::numeric_limits<double>::min(), 1.0))
            .AddTraceSource("BaseRtt",
                            "baseRTT: the smallest RTT sample so far",
                            MakeTraceSourceAccessor(&TcpFast::m_baseRtt),
                            "ns3::TracedValueCallback::Time");
    return tid;
}

TcpFast::TcpFast()
{
    NS_LOG_FUNCTION(this);
}

TcpFast::TcpFast(const TcpFast& other)
    : TcpNewReno(other),
      m_alpha(other.m_alpha),
      m_gamma(other.m_gamma),
      m_baseRtt(other.m_baseRtt.Get()),
      m_rttSum(other.m_rttSum),
      m_rttCount(other.m_rttCount),
      m_acked(other.m_acked)
{
    NS_LOG_FUNCTION(this);
}

TcpFast::~TcpFast()
{
    NS_LOG_FUNCTION(this);
}

std::string
TcpFast::GetName() const
{
    return "TcpFast";
}

Ptr<TcpCongestionOps>
TcpFast::Fork()
{
    return CopyObject<TcpFast>(this);
}

Time
TcpFast::GetBaseRtt() const
{
    return m_baseRtt;
}

void
TcpFast::PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked << rtt);
    Time sample = tcb->m_lastRtt.Get().IsStrictlyPositive() ? tcb->m_lastRtt.Get() : rtt;
    if (!sample.IsStrictlyPositive())
    {
        return;
    }
    if (m_baseRtt.Get().IsZero() || sample < m_baseRtt.Get())
    {
        m_baseRtt = sample;
    }
    m_rttSum += sample;
    ++m_rttCount;
}

void
TcpFast::CongestionAvoidance(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked);
    m_acked += segmentsAcked;
    if (m_acked < std::max<uint32_t>(tcb->GetCwndInSegments(), 1) || m_rttCount == 0)
    {
        return;
    }
    double w = static_cast<double>(tcb->m_cWnd.Get()) / tcb->m_segmentSize;
    double rtt = m_rttSum.GetSeconds() / m_rttCount;
    double base = m_baseRtt.Get().GetSeconds();
    double target = (1.0 - m_gamma) * w + m_gamma * (base / rtt * w + m_alpha); // (1)
    double next = std::max(std::min(2.0 * w, target), 2.0);
    tcb->m_cWnd = static_cast<uint32_t>(std::lround(next * tcb->m_segmentSize));
    NS_LOG_INFO("w " << w << " -> " << next << " (baseRTT " << base << " s, RTT " << rtt << " s)");
    m_acked = 0;
    m_rttSum = Time(0);
    m_rttCount = 0;
}

uint32_t
TcpFast::GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight)
{
    NS_LOG_FUNCTION(this << tcb << bytesInFlight);
    return std::max(tcb->GetCwndInSegments() / 2, 2U) * tcb->m_segmentSize;
}

void
TcpFast::CongestionStateSet(Ptr<TcpSocketState> tcb, const TcpSocketState::TcpCongState_t newState)
{
    NS_LOG_FUNCTION(this << tcb << newState);
    if (newState != TcpSocketState::CA_OPEN && newState != TcpSocketState::CA_DISORDER)
    {
        // The window and the RTTs of this round belong to the old window: start a new one.
        m_acked = 0;
        m_rttSum = Time(0);
        m_rttCount = 0;
    }
}

} // namespace hybridnet
} // namespace ns3
