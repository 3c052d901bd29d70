/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tcp-high-speed-rfc.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTcpHighSpeedRfc");
NS_OBJECT_ENSURE_REGISTERED(TcpHighSpeedRfc);

TypeId
TcpHighSpeedRfc::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::TcpHighSpeedRfc")
            .SetParent<TcpNewReno>()
            .AddConstructor<TcpHighSpeedRfc>()
            .SetGroupName("Hybridnet")
            .AddAttribute("LowWindow",
                          "W_L: HighSpeed is Reno up to this window.  Unit: segments.  "
                          "Range: [1, 2^32 - 1], and < HighWindow.",
                          UintegerValue(38),
                          MakeUintegerAccessor(&TcpHighSpeedRfc::m_lowWindow),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("HighWindow",
                          "W_H: the window reached at loss rate HighP.  Unit: segments.  "
                          "Range: [2, 2^32 - 1], and > LowWindow.",
                          UintegerValue(83000),
                          MakeUintegerAccessor(&TcpHighSpeedRfc::m_highWindow),
                          MakeUintegerChecker<uint32_t>(2))
            .AddAttribute("HighDecrease",
                          "B_H: the decrease b(w) at HighWindow.  Unit: fraction of cwnd.  "
                          "Range: (0, 0.5].",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&TcpHighSpeedRfc::m_highDecrease),
                          MakeDoubleChecker<double>(std::nextafter(0.0, 1.0), 0.5))
            .AddAttribute(
                "HighP",
                "P_H: the loss rate at which the window is HighWindow.  Unit: "
                "losses per packet.  Range: (0, 1), and < (1.2 / LowWindow)^2.",
                DoubleValue(1e-7),
                MakeDoubleAccessor(&TcpHighSpeedRfc::m_highP),
                MakeDoubleChecker<double>(std::nextafter(0.0, 1.0), std::nextafter(1.0, 0.0)));
    return tid;
}

TcpHighSpeedRfc::TcpHighSpeedRfc()
{
    NS_LOG_FUNCTION(this);
}

TcpHighSpeedRfc::TcpHighSpeedRfc(const TcpHighSpeedRfc& other)
    : TcpNewReno(other),
      m_lowWindow(other.m_lowWindow),
      m_highWindow(other.m_highWindow),
      m_highDecrease(other.m_highDecrease),
      m_highP(other.m_highP),
      m_credit(other.m_credit)
{
    NS_LOG_FUNCTION(this);
}

TcpHighSpeedRfc::~TcpHighSpeedRfc()
{
    NS_LOG_FUNCTION(this);
}

std::string
TcpHighSpeedRfc::GetName() const
{
    return "TcpHighSpeedRfc";
}

Ptr<TcpCongestionOps>
TcpHighSpeedRfc::Fork()
{
    return CopyObject<TcpHighSpeedRfc>(this);
}

std::string
TcpHighSpeedRfc::Validate() const
{
    std::ostringstream error;
    double lowP = (1.2 / m_lowWindow) * (1.2 / m_lowWindow);
    if (m_lowWindow >= m_highWindow)
    {
        error << "TcpHighSpeedRfc: LowWindow " << m_lowWindow << " must be below HighWindow "
              << m_highWindow;
    }
    else if (m_highP >= lowP)
    {
        error << "TcpHighSpeedRfc: HighP " << m_highP << " must be below Reno's loss rate " << lowP
              << " at LowWindow";
    }
    return error.str();
}

void
TcpHighSpeedRfc::Check() const
{
    std::string error = Validate();
    NS_ABORT_MSG_IF(!error.empty(), error);
}

void
TcpHighSpeedRfc::Init(Ptr<TcpSocketState> tcb)
{
    NS_LOG_FUNCTION(this << tcb);
    Check();
}

double
TcpHighSpeedRfc::GetDecrease(double w) const
{
    if (w <= m_lowWindow)
    {
        return 0.5;
    }
    double span = std::log(static_cast<double>(m_highWindow)) - std::log(m_lowWindow);
    return (m_highDecrease - 0.5) * (std::log(w) - std::log(m_lowWindow)) / span + 0.5;
}

double
TcpHighSpeedRfc::GetIncrease(double w) const
{
    if (w <= m_lowWindow)
    {
        return 1.0;
    }
    double lnWl = std::log(m_lowWindow);
    double lnLowP = 2.0 * std::log(1.2 / m_lowWindow);
    double slope = (std::log(m_highP) - lnLowP) / (std::log(m_highWindow) - lnWl);
    double p = std::exp(lnLowP + slope * (std::log(w) - lnWl));
    double b = GetDecrease(w);
    return w * w * p * 2.0 * b / (2.0 - b);
}

void
TcpHighSpeedRfc::CongestionAvoidance(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked);
    if (segmentsAcked == 0)
    {
        return;
    }
    Check();
    uint32_t w = std::max(tcb->GetCwndInSegments(), 1U);
    m_credit += GetIncrease(w) / w;
    if (m_credit >= 1.0)
    {
        auto whole = static_cast<uint32_t>(m_credit);
        m_credit -= whole;
        tcb->m_cWnd = (w + whole) * tcb->m_segmentSize;
    }
}

uint32_t
TcpHighSpeedRfc::GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight)
{
    NS_LOG_FUNCTION(this << tcb << bytesInFlight);
    Check();
    uint32_t w = tcb->GetCwndInSegments();
    auto kept = static_cast<uint32_t>(std::floor((1.0 - GetDecrease(w)) * w));
    return std::max<uint32_t>(kept, 2) * tcb->m_segmentSize;
}

} // namespace hybridnet
} // namespace ns3
