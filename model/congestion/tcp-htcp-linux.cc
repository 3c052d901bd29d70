/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tcp-htcp-linux.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTcpHtcpLinux");
NS_OBJECT_ENSURE_REGISTERED(TcpHtcpLinux);

namespace
{
const Time kRttScalingReference = MilliSeconds(100);     //!< RTT at which s = 1 (Linux)
const Time kMinRttForAdaptiveBackoff = MilliSeconds(10); //!< Below: beta = MinBackoff
const Time kMaxRttJump = MilliSeconds(20); //!< Larger RTT_max jumps are ignored (Linux)
} // namespace

TypeId
TcpHtcpLinux::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::TcpHtcpLinux")
            .SetParent<TcpNewReno>()
            .AddConstructor<TcpHtcpLinux>()
            .SetGroupName("Hybridnet")
            .AddAttribute("DeltaL",
                          "Delta_L of equation (3): time after a congestion event during which "
                          "H-TCP increases like Reno.  Unit: time.  Range: [0, 1000 s].",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&TcpHtcpLinux::m_deltaL),
                          MakeTimeChecker(Time(0), Seconds(1000)))
            .AddAttribute(
                "MinBackoff",
                "Lower clamp of the adaptive backoff beta, and beta without "
                "adaptation (Linux BETA_MIN).  Unit: fraction of cwnd kept.  Range: "
                "(0, 1), and <= MaxBackoff.",
                DoubleValue(0.5),
                MakeDoubleAccessor(&TcpHtcpLinux::m_minBackoff),
                MakeDoubleChecker<double>(std::nextafter(0.0, 1.0), std::nextafter(1.0, 0.0)))
            .AddAttribute(
                "MaxBackoff",
                "Upper clamp of the adaptive backoff beta (Linux BETA_MAX = "
                "102/128).  Unit: fraction of cwnd kept.  Range: (0, 1).",
                DoubleValue(102.0 / 128.0),
                MakeDoubleAccessor(&TcpHtcpLinux::m_maxBackoff),
                MakeDoubleChecker<double>(std::nextafter(0.0, 1.0), std::nextafter(1.0, 0.0)))
            .AddAttribute("ThroughputChange",
                          "Relative change of the throughput B between two congestion events "
                          "above which beta = MinBackoff.  Unit: fraction.  Range: [0, 1).",
                          DoubleValue(0.2),
                          MakeDoubleAccessor(&TcpHtcpLinux::m_throughputChange),
                          MakeDoubleChecker<double>(0.0, std::nextafter(1.0, 0.0)))
            .AddAttribute("RttScaling",
                          "Scale alpha by clamp(RTT_min / 100 ms, 0.1, 2) (Linux "
                          "use_rtt_scaling).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&TcpHtcpLinux::m_rttScaling),
                          MakeBooleanChecker())
            .AddAttribute("BandwidthSwitch",
                          "Fall back to beta = MinBackoff when the throughput changed by more "
                          "than ThroughputChange (Linux use_bandwidth_switch).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&TcpHtcpLinux::m_bandwidthSwitch),
                          MakeBooleanChecker())
            .AddTraceSource("Alpha",
                            "alpha of equation (4), segments per RTT",
                            MakeTraceSourceAccessor(&TcpHtcpLinux::m_alpha),
                            "ns3::TracedValueCallback::Double")
            .AddTraceSource("Beta",
                            "beta of equation (5)",
                            MakeTraceSourceAccessor(&TcpHtcpLinux::m_beta),
                            "ns3::TracedValueCallback::Double");
    return tid;
}

TcpHtcpLinux::TcpHtcpLinux()
    : m_lastCong(Simulator::Now()),
      m_lastTime(Simulator::Now())
{
    NS_LOG_FUNCTION(this);
}

TcpHtcpLinux::TcpHtcpLinux(const TcpHtcpLinux& other)
    : TcpNewReno(other),
      m_deltaL(other.m_deltaL),
      m_minBackoff(other.m_minBackoff),
      m_maxBackoff(other.m_maxBackoff),
      m_throughputChange(other.m_throughputChange),
      m_rttScaling(other.m_rttScaling),
      m_bandwidthSwitch(other.m_bandwidthSwitch),
      m_alpha(other.m_alpha.Get()),
      m_beta(other.m_beta.Get()),
      m_modeSwitch(other.m_modeSwitch),
      m_pktsAcked(other.m_pktsAcked),
      m_cwndCnt(other.m_cwndCnt),
      m_minRtt(other.m_minRtt),
      m_maxRtt(other.m_maxRtt),
      m_lastCong(other.m_lastCong),
      m_packetCount(other.m_packetCount),
      m_lastTime(other.m_lastTime),
      m_bi(other.m_bi),
      m_maxB(other.m_maxB),
      m_oldMaxB(other.m_oldMaxB)
{
    NS_LOG_FUNCTION(this);
}

TcpHtcpLinux::~TcpHtcpLinux()
{
    NS_LOG_FUNCTION(this);
}

std::string
TcpHtcpLinux::GetName() const
{
    return "TcpHtcpLinux";
}

Ptr<TcpCongestionOps>
TcpHtcpLinux::Fork()
{
    return CopyObject<TcpHtcpLinux>(this);
}

std::string
TcpHtcpLinux::Validate() const
{
    std::ostringstream error;
    if (m_minBackoff > m_maxBackoff)
    {
        error << "TcpHtcpLinux: MinBackoff " << m_minBackoff << " above MaxBackoff "
              << m_maxBackoff;
    }
    return error.str();
}

void
TcpHtcpLinux::CheckParameters() const
{
    std::string error = Validate();
    NS_ABORT_MSG_IF(!error.empty(), error);
}

void
TcpHtcpLinux::Init(Ptr<TcpSocketState> tcb)
{
    NS_LOG_FUNCTION(this << tcb);
    CheckParameters();
    m_alpha = 1.0;
    m_beta = m_minBackoff;
    m_modeSwitch = false;
    m_pktsAcked = 1;
    m_cwndCnt = 0;
    m_lastCong = Simulator::Now();
    m_lastTime = Simulator::Now();
}

double
TcpHtcpLinux::GetAlpha() const
{
    return m_alpha;
}

double
TcpHtcpLinux::GetBeta() const
{
    return m_beta;
}

double
TcpHtcpLinux::GetIncreaseFactor(Time delta) const
{
    if (delta <= m_deltaL)
    {
        return 1.0;
    }
    double d = (delta - m_deltaL).GetSeconds();
    return 1.0 + 10.0 * d + (d / 2.0) * (d / 2.0);
}

void
TcpHtcpLinux::UpdateAlpha()
{
    double factor = GetIncreaseFactor(Simulator::Now() - m_lastCong);
    if (m_rttScaling && m_minRtt.IsStrictlyPositive())
    {
        double s = std::clamp(m_minRtt.GetSeconds() / kRttScalingReference.GetSeconds(), 0.1, 2.0);
        factor = std::max(1.0, factor * s);
    }
    m_alpha = 2.0 * factor * (1.0 - m_beta);
    NS_LOG_DEBUG("alpha " << m_alpha.Get() << " factor " << factor);
}

void
TcpHtcpLinux::UpdateBeta()
{
    if (m_bandwidthSwitch)
    {
        double b = m_maxB;
        double old = m_oldMaxB;
        m_oldMaxB = m_maxB;
        if (b < (1.0 - m_throughputChange) * old || b > (1.0 + m_throughputChange) * old)
        {
            m_beta = m_minBackoff;
            m_modeSwitch = false;
            return;
        }
    }
    if (m_modeSwitch && m_minRtt > kMinRttForAdaptiveBackoff && m_maxRtt.IsStrictlyPositive())
    {
        m_beta =
            std::clamp(m_minRtt.GetSeconds() / m_maxRtt.GetSeconds(), m_minBackoff, m_maxBackoff);
    }
    else
    {
        m_beta = m_minBackoff;
        m_modeSwitch = true;
    }
}

uint32_t
TcpHtcpLinux::GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight)
{
    NS_LOG_FUNCTION(this << tcb << bytesInFlight);
    CheckParameters();
    UpdateBeta();
    UpdateAlpha();
    if (m_minRtt.IsStrictlyPositive() && m_maxRtt > m_minRtt)
    {
        m_maxRtt = m_minRtt + (m_maxRtt - m_minRtt) * 95 / 100;
    }
    uint32_t w = tcb->GetCwndInSegments();
    auto ssThresh = std::max<uint32_t>(static_cast<uint32_t>(std::floor(w * m_beta)), 2);
    NS_LOG_DEBUG("beta " << m_beta.Get() << " ssthresh " << ssThresh << " segments");
    return ssThresh * tcb->m_segmentSize;
}

void
TcpHtcpLinux::PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked << rtt);
    Time now = Simulator::Now();
    const bool open = tcb->m_congState == TcpSocketState::CA_OPEN;
    if (open)
    {
        m_pktsAcked = segmentsAcked;
    }
    Time sample = tcb->m_lastRtt.Get().IsStrictlyPositive() ? tcb->m_lastRtt.Get() : rtt;
    if (sample.IsStrictlyPositive())
    {
        if (m_minRtt.IsZero() || sample < m_minRtt)
        {
            m_minRtt = sample;
        }
        if (open)
        {
            if (m_maxRtt < m_minRtt)
            {
                m_maxRtt = m_minRtt;
            }
            if (sample > m_maxRtt && sample <= m_maxRtt + kMaxRttJump)
            {
                m_maxRtt = sample;
            }
        }
    }
    if (!m_bandwidthSwitch)
    {
        return;
    }
    if (!open && tcb->m_congState != TcpSocketState::CA_DISORDER)
    {
        m_packetCount = 0;
        m_lastTime = now;
        return;
    }
    m_packetCount += segmentsAcked;
    uint32_t w = tcb->GetCwndInSegments();
    uint32_t alphaSegments = std::max<uint32_t>(static_cast<uint32_t>(m_alpha), 1);
    uint32_t needed = w > alphaSegments ? w - alphaSegments : 0;
    if (m_packetCount >= needed && m_minRtt.IsStrictlyPositive() && now - m_lastTime >= m_minRtt)
    {
        double current = m_packetCount / (now - m_lastTime).GetSeconds();
        if (now - m_lastCong < 4 * m_minRtt)
        {
            m_bi = current; // just after a backoff: restart the average
            m_maxB = current;
        }
        else
        {
            m_bi = (3.0 * m_bi + current) / 4.0;
            m_maxB = std::max(m_maxB, m_bi);
        }
        m_packetCount = 0;
        m_lastTime = now;
    }
}

void
TcpHtcpLinux::CongestionStateSet(Ptr<TcpSocketState> tcb,
                                 const TcpSocketState::TcpCongState_t newState)
{
    NS_LOG_FUNCTION(this << tcb << newState);
    if (newState == TcpSocketState::CA_CWR || newState == TcpSocketState::CA_RECOVERY ||
        newState == TcpSocketState::CA_LOSS)
    {
        m_lastCong = Simulator::Now();
    }
}

void
TcpHtcpLinux::IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    if (!tcb->m_isCwndLimited)
    {
        return; // Linux: if (!tcp_is_cwnd_limited(sk, in_flight)) return;
    }
    TcpNewReno::IncreaseWindow(tcb, segmentsAcked);
}

void
TcpHtcpLinux::CongestionAvoidance(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked);
    if (segmentsAcked == 0)
    {
        return;
    }
    uint32_t w = tcb->GetCwndInSegments();
    if (m_cwndCnt * m_alpha >= w)
    {
        tcb->m_cWnd = (w + 1) * tcb->m_segmentSize;
        m_cwndCnt = 0;
        UpdateAlpha();
    }
    else
    {
        m_cwndCnt += m_pktsAcked;
    }
    m_pktsAcked = 1;
}

} // namespace hybridnet
} // namespace ns3
