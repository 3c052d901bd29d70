/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "adaptive-rx-coalescing.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetAdaptiveRxCoalescing");
NS_OBJECT_ENSURE_REGISTERED(AdaptiveRxCoalescing);

namespace
{
// mlx4_en.h of Linux 2.6.28-2.6.29 (the OFED 1.4-era mlx4_en).
constexpr uint32_t kRxCoalTarget = 44;             // MLX4_EN_RX_COAL_TARGET
constexpr uint32_t kRateThreshold = 1000000 / 128; // MLX4_EN_RX_RATE_THRESH
constexpr uint32_t kMaxModeration = 0xffff;        // 16-bit cq_period / cq_max_count
} // namespace

TypeId
AdaptiveRxCoalescing::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::AdaptiveRxCoalescing")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<AdaptiveRxCoalescing>()
            .AddAttribute("Adaptive",
                          "ethtool adaptive-rx, (A2): true (the driver's default) chooses t "
                          "from the packet rate; false keeps t = RxUsecs.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&AdaptiveRxCoalescing::m_adaptive),
                          MakeBooleanChecker())
            .AddAttribute("RxUsecs",
                          "u0 of (A0)/(A2): the static moderation period, microseconds "
                          "(MLX4_EN_RX_COAL_TIME = 16). Range: 0 to 65535.",
                          UintegerValue(16),
                          MakeUintegerAccessor(&AdaptiveRxCoalescing::m_rxUsecs),
                          MakeUintegerChecker<uint32_t>(0, kMaxModeration))
            .AddAttribute("RxFrames",
                          "F of (A0)/(A3): completions that raise an event at once "
                          "(ethtool rx-frames). 0: the driver's default floor(44 / MTU) + 1. "
                          "Range: 0 to 65535.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AdaptiveRxCoalescing::m_rxFrames),
                          MakeUintegerChecker<uint32_t>(0, kMaxModeration))
            .AddAttribute("PacketRateLow",
                          "r_low of (A2), packets/s (MLX4_EN_RX_RATE_LOW = 400000). Range: "
                          "1 to 10^8; below PacketRateHigh.",
                          UintegerValue(400000),
                          MakeUintegerAccessor(&AdaptiveRxCoalescing::m_rateLow),
                          MakeUintegerChecker<uint32_t>(1, 100'000'000))
            .AddAttribute("PacketRateHigh",
                          "r_high of (A2), packets/s (MLX4_EN_RX_RATE_HIGH = 450000). Range: "
                          "2 to 10^8; above PacketRateLow.",
                          UintegerValue(450000),
                          MakeUintegerAccessor(&AdaptiveRxCoalescing::m_rateHigh),
                          MakeUintegerChecker<uint32_t>(2, 100'000'000))
            .AddAttribute("RxUsecsLow",
                          "u_low of (A2), microseconds (MLX4_EN_RX_COAL_TIME_LOW = 0). "
                          "Range: 0 to 65535.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AdaptiveRxCoalescing::m_usecsLow),
                          MakeUintegerChecker<uint32_t>(0, kMaxModeration))
            .AddAttribute("RxUsecsHigh",
                          "u_high of (A2), microseconds (MLX4_EN_RX_COAL_TIME_HIGH = 128). "
                          "Range: 0 to 65535.",
                          UintegerValue(128),
                          MakeUintegerAccessor(&AdaptiveRxCoalescing::m_usecsHigh),
                          MakeUintegerChecker<uint32_t>(0, kMaxModeration))
            .AddAttribute("Hz",
                          "The kernel's tick rate HZ, (A1): jiffies per second; the "
                          "statistics task runs every floor(HZ / 4) jiffies. 250 is Linux "
                          "2.6's default CONFIG_HZ (an assumption: the study's kernel "
                          "configuration is not published). Range: 100 to 1000.",
                          UintegerValue(250),
                          MakeUintegerAccessor(&AdaptiveRxCoalescing::m_hz),
                          MakeUintegerChecker<uint32_t>(100, 1000))
            .AddTraceSource("ModerationTime",
                            "t of (A2), microseconds, whenever a sample changes it.",
                            MakeTraceSourceAccessor(&AdaptiveRxCoalescing::m_usecs),
                            "ns3::hybridnet::AdaptiveRxCoalescing::UsecsTracedCallback");
    return tid;
}

AdaptiveRxCoalescing::AdaptiveRxCoalescing()
{
    NS_LOG_FUNCTION(this);
}

uint64_t
AdaptiveRxCoalescing::PacketRate(uint64_t rxPackets, uint64_t txPackets, uint64_t jiffies) const
{
    NS_ABORT_MSG_IF(jiffies == 0, "AdaptiveRxCoalescing: a sample period of 0 jiffies");
    return std::max(rxPackets, txPackets) * m_hz / jiffies;
}

uint32_t
AdaptiveRxCoalescing::Sample(uint64_t rxPackets, uint64_t txPackets, uint64_t jiffies)
{
    NS_LOG_FUNCTION(this << rxPackets << txPackets << jiffies);
    NS_ABORT_MSG_IF(m_rateLow >= m_rateHigh,
                    "AdaptiveRxCoalescing: PacketRateLow "
                        << m_rateLow << " must be below PacketRateHigh " << m_rateHigh);
    if (!m_sampled)
    {
        // (A1): the first run of the task only records the counters.
        m_sampled = true;
        m_usecs = m_rxUsecs;
        return m_usecs;
    }
    if (!m_adaptive)
    {
        m_usecs = m_rxUsecs;
        return m_usecs;
    }
    const uint64_t rate = PacketRate(rxPackets, txPackets, jiffies);
    uint32_t usecs = m_rxUsecs;
    if (rate > kRateThreshold)
    {
        const bool unbalanced = 2 * txPackets > 3 * rxPackets || 2 * rxPackets > 3 * txPackets;
        if (unbalanced || rate > m_rateHigh)
        {
            usecs = m_usecsHigh;
        }
        else if (rate < m_rateLow)
        {
            usecs = m_usecsLow;
        }
        else
        {
            // Signed: RxUsecsHigh may be set below RxUsecsLow.
            const int64_t span = static_cast<int64_t>(m_usecsHigh) - m_usecsLow;
            usecs = static_cast<uint32_t>(static_cast<int64_t>(rate - m_rateLow) * span /
                                              static_cast<int64_t>(m_rateHigh - m_rateLow) +
                                          m_usecsLow);
        }
    }
    m_usecs = usecs;
    return m_usecs;
}

uint64_t
AdaptiveRxCoalescing::GetSamplePeriod() const
{
    return m_hz / 4;
}

Time
AdaptiveRxCoalescing::GetSampleInterval() const
{
    return MicroSeconds(static_cast<int64_t>(GetSamplePeriod() * 1'000'000 / m_hz));
}

uint32_t
AdaptiveRxCoalescing::GetRxFrames(uint32_t mtu) const
{
    NS_ABORT_MSG_IF(mtu == 0, "AdaptiveRxCoalescing: an MTU of 0");
    return m_rxFrames != 0 ? m_rxFrames : kRxCoalTarget / mtu + 1;
}

uint32_t
AdaptiveRxCoalescing::GetModerationUsecs() const
{
    return m_sampled ? m_usecs.Get() : m_rxUsecs;
}

Time
AdaptiveRxCoalescing::GetModerationTime() const
{
    return MicroSeconds(GetModerationUsecs());
}

} // namespace hybridnet
} // namespace ns3
