/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tcp-hstcp-lp.h"

#include "tcp-high-speed-linux.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTcpHstcpLp");
NS_OBJECT_ENSURE_REGISTERED(TcpHstcpLp);

TypeId
TcpHstcpLp::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::TcpHstcpLp")
            .SetParent<TcpNewReno>()
            .AddConstructor<TcpHstcpLp>()
            .SetGroupName("Hybridnet")
            .AddAttribute("Threshold",
                          "delta of equation (3): the fraction of the one-way-delay range "
                          "above its minimum at which the smoothed delay is an early "
                          "congestion indication.  Range: (0, 1).",
                          DoubleValue(0.15),
                          MakeDoubleAccessor(&TcpHstcpLp::m_threshold),
                          MakeDoubleChecker<double>(std::numeric_limits<double>::min(),
                                                    1.0 - std::numeric_limits<double>::epsilon()))
            .AddAttribute("InferenceRtts",
                          "length of the inference interval after a yield, during which the "
                          "window does not grow and a second indication sets it to one "
                          "segment.  Unit: smoothed RTTs.  Range: [1, 100].",
                          DoubleValue(3.0),
                          MakeDoubleAccessor(&TcpHstcpLp::m_inferenceRtts),
                          MakeDoubleChecker<double>(1.0, 100.0))
            .AddTraceSource("Yields",
                            "early congestion indications acted on so far",
                            MakeTraceSourceAccessor(&TcpHstcpLp::m_yields),
                            "ns3::TracedValueCallback::Uint32");
    return tid;
}

TcpHstcpLp::TcpHstcpLp()
{
    NS_LOG_FUNCTION(this);
}

TcpHstcpLp::TcpHstcpLp(const TcpHstcpLp& other)
    : TcpNewReno(other),
      m_threshold(other.m_threshold),
      m_inferenceRtts(other.m_inferenceRtts),
      m_haveSample(other.m_haveSample),
      m_smoothedOwd(other.m_smoothedOwd),
      m_owdMin(other.m_owdMin),
      m_owdMax(other.m_owdMax),
      m_owdMaxReserve(other.m_owdMaxReserve),
      m_inferenceEnd(other.m_inferenceEnd),
      m_roundStartTsMs(other.m_roundStartTsMs),
      m_roundMin(other.m_roundMin),
      m_roundSegments(other.m_roundSegments),
      m_roundCwnd(other.m_roundCwnd),
      m_lastSample(other.m_lastSample),
      m_lastAck(other.m_lastAck),
      m_yields(other.m_yields),
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
    return Simulator::Now() < m_inferenceEnd;
}

bool
TcpHstcpLp::Sample(Ptr<const TcpSocketState> tcb, uint32_t segmentsAcked)
{
    if (tcb->m_rcvTimestampValue == 0 && tcb->m_rcvTimestampEchoReply == 0)
    {
        return false; // no timestamps on this connection
    }
    int64_t d = static_cast<int64_t>(tcb->m_rcvTimestampValue) -
                static_cast<int64_t>(tcb->m_rcvTimestampEchoReply);
    m_roundMin = (m_roundSegments == 0) ? d : std::min(m_roundMin, d);
    m_roundSegments += segmentsAcked;
    if (tcb->m_rcvTimestampEchoReply <= m_roundStartTsMs)
    {
        return false; // the round is not over: the ACK echoes a segment sent before its tick
    }
    // Round over: its minimum is the sample, if the round's window held two segments.
    bool sampled = m_roundSegments >= 2 && m_roundCwnd >= 2 * tcb->m_segmentSize;
    m_roundCwnd = tcb->m_cWnd;
    d = m_roundMin;
    m_lastSample = d;
    NS_LOG_DEBUG("round: min d " << d << " ms over " << m_roundSegments << " segments");
    m_roundSegments = 0;
    m_roundStartTsMs = static_cast<uint32_t>(Simulator::Now().GetMilliSeconds());
    if (!sampled)
    {
        return false;
    }
    if (!m_haveSample)
    {
        m_haveSample = true;
        m_smoothedOwd = static_cast<double>(d);
        m_owdMin = d;
        m_owdMax = d;
        m_owdMaxReserve = d;
        return true;
    }
    m_smoothedOwd += (static_cast<double>(d) - m_smoothedOwd) / 8.0;
    m_owdMin = std::min(m_owdMin, d);
    if (d > m_owdMax)
    {
        // The largest sample is held in reserve: d_max is the one below it.
        m_owdMax = (d > m_owdMaxReserve) ? m_owdMaxReserve : d;
        m_owdMaxReserve = std::max(m_owdMaxReserve, d);
    }
    return true;
}

void
TcpHstcpLp::PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked << rtt);
    const bool duplicate = tcb->m_lastAckedSeq == m_lastAck; // no sample: see (1)
    m_lastAck = tcb->m_lastAckedSeq;
    if (duplicate || rtt.IsZero() || !Sample(tcb, segmentsAcked))
    {
        return;
    }
    // (3) in whole ticks of the 1 ms timestamp clock, as Linux compares them.
    auto limit = m_owdMin + static_cast<int64_t>(m_threshold * (m_owdMax - m_owdMin));
    if (static_cast<int64_t>(std::floor(m_smoothedOwd)) > limit && m_lastSample > limit)
    {
        Yield(tcb);
    }
}

void
TcpHstcpLp::Yield(Ptr<TcpSocketState> tcb)
{
    uint32_t before = tcb->m_cWnd;
    uint32_t w =
        IsWithinInference() ? tcb->m_segmentSize : std::max(before / 2, tcb->m_segmentSize);
    tcb->m_cWnd = w;
    tcb->m_ssThresh = std::max(w, 2 * tcb->m_segmentSize);
    Time srtt = tcb->m_srtt.Get().IsZero() ? tcb->m_lastRtt.Get() : tcb->m_srtt.Get();
    m_inferenceEnd = Simulator::Now() + srtt * m_inferenceRtts;
    m_ackCnt = 0;
    m_roundCwnd = w; // the next round begins with the reduced window
    ++m_yields;
    m_owdMin = static_cast<int64_t>(std::floor(m_smoothedOwd));
    m_owdMax = 2 * m_owdMin;
    m_owdMaxReserve = m_owdMax;
    NS_LOG_INFO("yield: cwnd " << before << " -> " << w << ", s " << m_smoothedOwd << " ms");
}

void
TcpHstcpLp::IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked);
    if (IsWithinInference() || !tcb->m_isCwndLimited)
    {
        return; // no growth while yielding, nor while cwnd does not limit (as Linux)
    }
    TcpNewReno::IncreaseWindow(tcb, segmentsAcked);
}

void
TcpHstcpLp::CongestionAvoidance(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked);
    if (segmentsAcked == 0)
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
