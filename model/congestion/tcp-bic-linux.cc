/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tcp-bic-linux.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTcpBicLinux");
NS_OBJECT_ENSURE_REGISTERED(TcpBicLinux);

TypeId
TcpBicLinux::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::TcpBicLinux")
            .SetParent<TcpNewReno>()
            .AddConstructor<TcpBicLinux>()
            .SetGroupName("Hybridnet")
            .AddAttribute("FastConvergence",
                          "On a loss below W_max, set W_max = w (1 + Beta) / 2 (equation 5).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&TcpBicLinux::m_fastConvergence),
                          MakeBooleanChecker())
            .AddAttribute(
                "Beta",
                "Multiplicative decrease above LowWindow: ssthresh = Beta cwnd.  "
                "Unit: fraction of cwnd kept.  Range: (0, 1).",
                DoubleValue(819.0 / 1024.0),
                MakeDoubleAccessor(&TcpBicLinux::m_beta),
                MakeDoubleChecker<double>(std::nextafter(0.0, 1.0), std::nextafter(1.0, 0.0)))
            .AddAttribute("MaxIncrement",
                          "S_max: largest increase per RTT.  Unit: segments.  Range: >= 1.",
                          UintegerValue(16),
                          MakeUintegerAccessor(&TcpBicLinux::m_maxIncrement),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("LowWindow",
                          "Windows up to this one behave as Reno.  Unit: segments.  Range: "
                          ">= 0.",
                          UintegerValue(14),
                          MakeUintegerAccessor(&TcpBicLinux::m_lowWindow),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("SmoothPart",
                          "RTTs to cover the last B segments to W_max (Linux smooth_part).  "
                          "Unit: RTTs (times B).  Range: >= 1.",
                          UintegerValue(20),
                          MakeUintegerAccessor(&TcpBicLinux::m_smoothPart),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("BinarySearchCoefficient",
                          "B: the binary search moves 1/B of the distance to W_max per RTT.  "
                          "Range: >= 2.",
                          UintegerValue(4),
                          MakeUintegerAccessor(&TcpBicLinux::m_b),
                          MakeUintegerChecker<uint32_t>(2))
            .AddAttribute("InitialSsThresh",
                          "ssthresh set at Init (Linux initial_ssthresh); 0 keeps the "
                          "socket's.  Unit: segments.",
                          UintegerValue(100),
                          MakeUintegerAccessor(&TcpBicLinux::m_initialSsThresh),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

TcpBicLinux::TcpBicLinux()
{
    NS_LOG_FUNCTION(this);
}

TcpBicLinux::TcpBicLinux(const TcpBicLinux& other)
    : TcpNewReno(other),
      m_fastConvergence(other.m_fastConvergence),
      m_beta(other.m_beta),
      m_maxIncrement(other.m_maxIncrement),
      m_lowWindow(other.m_lowWindow),
      m_smoothPart(other.m_smoothPart),
      m_b(other.m_b),
      m_initialSsThresh(other.m_initialSsThresh),
      m_lastMaxCwnd(other.m_lastMaxCwnd),
      m_lossCwnd(other.m_lossCwnd),
      m_cwndCnt(other.m_cwndCnt)
{
    NS_LOG_FUNCTION(this);
}

TcpBicLinux::~TcpBicLinux()
{
    NS_LOG_FUNCTION(this);
}

std::string
TcpBicLinux::GetName() const
{
    return "TcpBicLinux";
}

Ptr<TcpCongestionOps>
TcpBicLinux::Fork()
{
    return CopyObject<TcpBicLinux>(this);
}

void
TcpBicLinux::Init(Ptr<TcpSocketState> tcb)
{
    NS_LOG_FUNCTION(this << tcb);
    m_lastMaxCwnd = 0;
    m_lossCwnd = 0;
    m_cwndCnt = 0;
    if (m_initialSsThresh > 0)
    {
        tcb->m_ssThresh = m_initialSsThresh * tcb->m_segmentSize;
    }
}

uint32_t
TcpBicLinux::GetLastMaxCwnd() const
{
    return m_lastMaxCwnd;
}

uint32_t
TcpBicLinux::GetAckCount(uint32_t w) const
{
    if (w <= m_lowWindow)
    {
        return std::max<uint32_t>(w, 1); // (1)
    }
    uint32_t cnt = 0;
    if (w < m_lastMaxCwnd)
    {
        uint32_t dist = (m_lastMaxCwnd - w) / m_b; // (2)
        if (dist > m_maxIncrement)
        {
            cnt = w / m_maxIncrement;
        }
        else if (dist <= 1)
        {
            cnt = w * m_smoothPart / m_b;
        }
        else
        {
            cnt = w / dist;
        }
    }
    else if (w < m_lastMaxCwnd + m_b) // (3)
    {
        cnt = w * m_smoothPart / m_b;
    }
    else if (w < m_lastMaxCwnd + m_maxIncrement * (m_b - 1))
    {
        cnt = w * (m_b - 1) / (w - m_lastMaxCwnd);
    }
    else
    {
        cnt = w / m_maxIncrement;
    }
    if (m_lossCwnd == 0 && cnt > 20) // (4)
    {
        cnt = 20;
    }
    return std::max<uint32_t>(cnt, 1);
}

void
TcpBicLinux::IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked);
    if (segmentsAcked == 0 || !tcb->m_isCwndLimited)
    {
        return; // Linux: if (!tcp_is_cwnd_limited(sk, in_flight)) return;
    }
    if (tcb->m_cWnd < tcb->m_ssThresh)
    {
        SlowStart(tcb, segmentsAcked);
        return;
    }
    uint32_t w = tcb->GetCwndInSegments();
    uint32_t cnt = GetAckCount(w);
    if (m_cwndCnt >= cnt)
    {
        tcb->m_cWnd = (w + 1) * tcb->m_segmentSize;
        m_cwndCnt = 0;
        NS_LOG_INFO("cwnd " << w + 1 << " segments (cnt " << cnt << ")");
    }
    else
    {
        m_cwndCnt += segmentsAcked;
    }
}

uint32_t
TcpBicLinux::GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight)
{
    NS_LOG_FUNCTION(this << tcb << bytesInFlight);
    uint32_t w = tcb->GetCwndInSegments();
    if (w < m_lastMaxCwnd && m_fastConvergence)
    {
        m_lastMaxCwnd = static_cast<uint32_t>(std::floor(w * (1.0 + m_beta) / 2.0)); // (5)
    }
    else
    {
        m_lastMaxCwnd = w;
    }
    m_lossCwnd = w;
    uint32_t ssThresh = w <= m_lowWindow ? w / 2 : static_cast<uint32_t>(std::floor(w * m_beta));
    return std::max<uint32_t>(ssThresh, 2) * tcb->m_segmentSize; // (6)
}

void
TcpBicLinux::CongestionStateSet(Ptr<TcpSocketState> tcb,
                                const TcpSocketState::TcpCongState_t newState)
{
    NS_LOG_FUNCTION(this << tcb << newState);
    if (newState == TcpSocketState::CA_LOSS)
    {
        m_lastMaxCwnd = 0;
        m_lossCwnd = 0;
        m_cwndCnt = 0;
    }
}

} // namespace hybridnet
} // namespace ns3
