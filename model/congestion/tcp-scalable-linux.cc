/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tcp-scalable-linux.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTcpScalableLinux");
NS_OBJECT_ENSURE_REGISTERED(TcpScalableLinux);

TypeId
TcpScalableLinux::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::TcpScalableLinux")
            .SetParent<TcpNewReno>()
            .AddConstructor<TcpScalableLinux>()
            .SetGroupName("Hybridnet")
            .AddAttribute("AiCount",
                          "N of the additive increase: one segment per N + 1 ACKs once cwnd "
                          ">= N (a = 1/N per ACK, Kelly's a = 0.01 per segment with delayed "
                          "ACKs for N = 50).  Unit: ACKs.  Range: [1, 2^32 - 1].",
                          UintegerValue(50),
                          MakeUintegerAccessor(&TcpScalableLinux::m_aiCount),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute(
                "MdFactor",
                "b of the multiplicative decrease: ssthresh = cwnd - floor(b cwnd). "
                "Unit: fraction of cwnd.  Range: (0, 1).",
                DoubleValue(0.125),
                MakeDoubleAccessor(&TcpScalableLinux::m_mdFactor),
                MakeDoubleChecker<double>(std::nextafter(0.0, 1.0), std::nextafter(1.0, 0.0)));
    return tid;
}

TcpScalableLinux::TcpScalableLinux()
{
    NS_LOG_FUNCTION(this);
}

TcpScalableLinux::TcpScalableLinux(const TcpScalableLinux& other)
    : TcpNewReno(other),
      m_aiCount(other.m_aiCount),
      m_mdFactor(other.m_mdFactor),
      m_ackCnt(other.m_ackCnt)
{
    NS_LOG_FUNCTION(this);
}

TcpScalableLinux::~TcpScalableLinux()
{
    NS_LOG_FUNCTION(this);
}

std::string
TcpScalableLinux::GetName() const
{
    return "TcpScalableLinux";
}

Ptr<TcpCongestionOps>
TcpScalableLinux::Fork()
{
    return CopyObject<TcpScalableLinux>(this);
}

void
TcpScalableLinux::IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    if (!tcb->m_isCwndLimited)
    {
        return; // Linux: if (!tcp_is_cwnd_limited(sk, in_flight)) return;
    }
    TcpNewReno::IncreaseWindow(tcb, segmentsAcked);
}

void
TcpScalableLinux::CongestionAvoidance(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked);
    if (segmentsAcked == 0)
    {
        return;
    }
    uint32_t w = tcb->GetCwndInSegments();
    // Equation (3): one ACK counts one, however many segments it acknowledges.
    if (m_ackCnt >= std::min(w, m_aiCount))
    {
        m_ackCnt = 0;
        tcb->m_cWnd = (w + 1) * tcb->m_segmentSize;
        NS_LOG_INFO("cwnd " << w + 1 << " segments");
    }
    else
    {
        ++m_ackCnt;
    }
}

uint32_t
TcpScalableLinux::GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight)
{
    NS_LOG_FUNCTION(this << tcb << bytesInFlight);
    uint32_t w = tcb->GetCwndInSegments();
    auto cut = static_cast<uint32_t>(std::floor(w * m_mdFactor));
    return std::max<uint32_t>(w - cut, 2) * tcb->m_segmentSize;
}

} // namespace hybridnet
} // namespace ns3
