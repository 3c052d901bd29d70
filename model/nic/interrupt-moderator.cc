/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "interrupt-moderator.h"

#include "ns3/assert.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetInterruptModerator");
NS_OBJECT_ENSURE_REGISTERED(InterruptModerator);

namespace
{
// e1000_param.c: InterruptThrottleRate modes and the range of a fixed rate.
constexpr uint32_t kItrOff = 0;
constexpr uint32_t kItrDynamic = 1;
constexpr uint32_t kItrConservative = 3;
constexpr uint32_t kItrSimplified = 4;
constexpr uint32_t kMinItr = 100;    // MIN_ITR, ints/s
constexpr uint32_t kMaxItr = 100000; // MAX_ITR, ints/s
// e1000_set_itr(): targets of (3), ints/s, and the initial rate of modes 1 and 3.
constexpr uint32_t kLowestLatencyRate = 70000;
constexpr uint32_t kLowLatencyRate = 20000;
constexpr uint32_t kBulkLatencyRate = 4000;
// e1000_watchdog(): rate of mode 4 without traffic, (6).
constexpr uint32_t kSimplifiedIdleRate = 8000;
// e1000.h: E1000_MIN_ITR_USECS, E1000_MAX_ITR_USECS (ethtool rx-usecs).
constexpr uint32_t kMinItrUsecs = 10;
constexpr uint32_t kMaxItrUsecs = 10000;
// Units: ITR register 256 ns; delay timers 1.024 us.
constexpr uint64_t kItrUnitNs = 256;
constexpr uint64_t kDelayUnitNs = 1024;

/**
 * The UintegerChecker of [0, 100000] narrowed to InterruptModerator::IsValidSetting, so
 * that SetAttribute(FailSafe) refuses 2, 5..99 (everything else is delegated).
 */
class ItrSettingChecker : public AttributeChecker
{
  public:
    ItrSettingChecker()
        : m_base(MakeUintegerChecker<uint32_t>(0, kMaxItr))
    {
    }

    bool Check(const AttributeValue& value) const override
    {
        if (!m_base->Check(value))
        {
            return false;
        }
        const auto* v = dynamic_cast<const UintegerValue*>(&value);
        return v != nullptr && InterruptModerator::IsValidSetting(v->Get());
    }

    std::string GetValueTypeName() const override
    {
        return m_base->GetValueTypeName();
    }

    bool HasUnderlyingTypeInformation() const override
    {
        return m_base->HasUnderlyingTypeInformation();
    }

    std::string GetUnderlyingTypeInformation() const override
    {
        return "uint32_t in {0, 1, 3, 4} or 100..100000";
    }

    Ptr<AttributeValue> Create() const override
    {
        return m_base->Create();
    }

    bool Copy(const AttributeValue& source, AttributeValue& destination) const override
    {
        return m_base->Copy(source, destination);
    }

  private:
    Ptr<const AttributeChecker> m_base; //!< range checker of the value type
};

Ptr<const AttributeChecker>
MakeItrSettingChecker()
{
    return Ptr<const AttributeChecker>(new ItrSettingChecker(), false);
}

} // namespace

TypeId
InterruptModerator::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::InterruptModerator")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<InterruptModerator>()
            .AddAttribute("InterruptThrottleRate",
                          "e1000 module parameter InterruptThrottleRate: 0 = off, 1 = "
                          "dynamic, 3 = dynamic conservative (driver default), 4 = simplified "
                          "balancing, or a fixed rate in ints/s. Accepted: 0, 1, 3, 4 and "
                          "100..100000; the checker rejects 2, 5..99 and above 100000. "
                          "Setting it resets the state as loading the driver does.",
                          UintegerValue(kItrConservative),
                          MakeUintegerAccessor(&InterruptModerator::SetInterruptThrottleRate,
                                               &InterruptModerator::GetInterruptThrottleRate),
                          MakeItrSettingChecker())
            .AddAttribute("RxIntDelay",
                          "e1000 RxIntDelay (RDTR, receive packet timer), units of 1.024 us. "
                          "Range: 0..65535.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&InterruptModerator::m_rxIntDelay),
                          MakeUintegerChecker<uint32_t>(0, 65535))
            .AddAttribute("RxAbsIntDelay",
                          "e1000 RxAbsIntDelay (RADV, receive absolute timer), units of "
                          "1.024 us. Range: 0..65535.",
                          UintegerValue(8),
                          MakeUintegerAccessor(&InterruptModerator::m_rxAbsIntDelay),
                          MakeUintegerChecker<uint32_t>(0, 65535))
            .AddAttribute("TxIntDelay",
                          "e1000 TxIntDelay (TIDV, transmit packet timer), units of 1.024 us. "
                          "Range: 0..65535.",
                          UintegerValue(8),
                          MakeUintegerAccessor(&InterruptModerator::m_txIntDelay),
                          MakeUintegerChecker<uint32_t>(0, 65535))
            .AddAttribute("TxAbsIntDelay",
                          "e1000 TxAbsIntDelay (TADV, transmit absolute timer), units of "
                          "1.024 us. Range: 0..65535.",
                          UintegerValue(32),
                          MakeUintegerAccessor(&InterruptModerator::m_txAbsIntDelay),
                          MakeUintegerChecker<uint32_t>(0, 65535))
            .AddTraceSource("InterruptRate",
                            "Programmed interrupt rate r of equation (4), ints/s (0 = off).",
                            MakeTraceSourceAccessor(&InterruptModerator::m_rate),
                            "ns3::hybridnet::InterruptModerator::RateTracedCallback")
            .AddTraceSource("TrafficClass",
                            "Class C = max(rx, tx) of equation (3): 0 lowest_latency, "
                            "1 low_latency, 2 bulk_latency.",
                            MakeTraceSourceAccessor(&InterruptModerator::m_class),
                            "ns3::hybridnet::InterruptModerator::TrafficClassTracedCallback")
            .AddTraceSource("RateChanged",
                            "A new rate was programmed: (rate in ints/s, ITR register of "
                            "equation (5) in 256 ns units).",
                            MakeTraceSourceAccessor(&InterruptModerator::m_rateChanged),
                            "ns3::hybridnet::InterruptModerator::RateChangedCallback");
    return tid;
}

InterruptModerator::InterruptModerator()
    : m_class(LOWEST_LATENCY),
      m_rate(0)
{
    NS_LOG_FUNCTION(this);
}

bool
InterruptModerator::IsValidSetting(uint64_t setting)
{
    return setting == kItrOff || setting == kItrDynamic || setting == kItrConservative ||
           setting == kItrSimplified || (setting >= kMinItr && setting <= kMaxItr);
}

uint32_t
InterruptModerator::RateToRegister(uint32_t rate)
{
    if (rate == 0)
    {
        return 0;
    }
    return static_cast<uint32_t>(1'000'000'000ULL / (static_cast<uint64_t>(rate) * kItrUnitNs));
}

InterruptModerator::TrafficClass
InterruptModerator::NextTrafficClass(TrafficClass current, uint32_t packets, uint64_t bytes)
{
    if (packets == 0)
    {
        return current;
    }
    const uint64_t perPacket = bytes / packets;
    switch (current)
    {
    case LOWEST_LATENCY:
        if (perPacket > 8000)
        {
            return BULK_LATENCY; // TSO / jumbo frames
        }
        if (packets < 5 && bytes > 512)
        {
            return LOW_LATENCY;
        }
        return LOWEST_LATENCY;
    case LOW_LATENCY:
        if (bytes > 10000)
        {
            if (perPacket > 8000 || packets < 10 || perPacket > 1200)
            {
                return BULK_LATENCY;
            }
            return packets > 35 ? LOWEST_LATENCY : LOW_LATENCY;
        }
        if (perPacket > 2000)
        {
            return BULK_LATENCY;
        }
        if (packets <= 2 && bytes < 512)
        {
            return LOWEST_LATENCY;
        }
        return LOW_LATENCY;
    case BULK_LATENCY:
        if (bytes > 25000)
        {
            return packets > 35 ? LOW_LATENCY : BULK_LATENCY;
        }
        return bytes < 6000 ? LOW_LATENCY : BULK_LATENCY;
    }
    return current;
}

bool
InterruptModerator::IsDynamic() const
{
    // e1000_clean(): set_itr runs when (itr_setting & 3) != 0; the driver's itr_setting of
    // a fixed rate has its two low bits cleared, so only modes 1 and 3 qualify.
    return m_setting == kItrDynamic || m_setting == kItrConservative;
}

void
InterruptModerator::Update(uint32_t packets, uint64_t bytes)
{
    Update(packets, bytes, 0, 0);
}

void
InterruptModerator::Update(uint32_t rxPackets,
                           uint64_t rxBytes,
                           uint32_t txPackets,
                           uint64_t txBytes)
{
    NS_LOG_FUNCTION(this << rxPackets << rxBytes << txPackets << txBytes);
    if (!IsDynamic())
    {
        return;
    }
    const bool conservative = (m_setting == kItrConservative);
    // (1) and (2), tx first as in the driver (the order does not matter: independent).
    m_txClass = NextTrafficClass(m_txClass, txPackets, txBytes);
    if (conservative && m_txClass == LOWEST_LATENCY)
    {
        m_txClass = LOW_LATENCY;
    }
    m_rxClass = NextTrafficClass(m_rxClass, rxPackets, rxBytes);
    if (conservative && m_rxClass == LOWEST_LATENCY)
    {
        m_rxClass = LOW_LATENCY;
    }
    // (3)
    m_class = std::max(m_rxClass, m_txClass);
    uint32_t target = kLowLatencyRate;
    switch (m_class.Get())
    {
    case LOWEST_LATENCY:
        target = kLowestLatencyRate;
        break;
    case LOW_LATENCY:
        target = kLowLatencyRate;
        break;
    case BULK_LATENCY:
        target = kBulkLatencyRate;
        break;
    }
    // (4)
    const uint32_t current = m_rate;
    if (target == current)
    {
        return;
    }
    const uint32_t next = target > current ? std::min(current + (target >> 2), target) : target;
    Program(next);
}

void
InterruptModerator::UpdateSimplified(uint64_t txBytes, uint64_t rxBytes)
{
    NS_LOG_FUNCTION(this << txBytes << rxBytes);
    if (m_setting != kItrSimplified)
    {
        return;
    }
    // (6)
    const uint64_t g = (txBytes + rxBytes) / 10000;
    const uint64_t d = (txBytes > rxBytes ? txBytes - rxBytes : rxBytes - txBytes) / 10000;
    const auto rate = static_cast<uint32_t>(g > 0 ? d * 6000 / g + 2000 : kSimplifiedIdleRate);
    if (rate != m_rate)
    {
        Program(rate);
    }
}

void
InterruptModerator::Program(uint32_t rate)
{
    NS_LOG_FUNCTION(this << rate);
    m_register = RateToRegister(rate); // (5)
    m_rate = rate;
    m_rateChanged(rate, m_register);
}

void
InterruptModerator::SetInterruptThrottleRate(uint32_t setting)
{
    NS_LOG_FUNCTION(this << setting);
    NS_ASSERT_MSG(IsValidSetting(setting), "InterruptThrottleRate " << setting);
    m_setting = setting;
    m_rxClass = LOWEST_LATENCY;
    m_txClass = LOWEST_LATENCY;
    m_class = LOWEST_LATENCY;
    switch (setting)
    {
    case kItrOff:
        Program(0);
        break;
    case kItrDynamic:
    case kItrConservative:
        Program(kLowLatencyRate);
        break;
    case kItrSimplified:
        Program(kSimplifiedIdleRate);
        break;
    default:
        Program(setting);
        break;
    }
}

uint32_t
InterruptModerator::GetInterruptThrottleRate() const
{
    return m_setting;
}

bool
InterruptModerator::SetRxUsecs(uint32_t usecs)
{
    NS_LOG_FUNCTION(this << usecs);
    if (usecs > kMaxItrUsecs || (usecs > 4 && usecs < kMinItrUsecs) || usecs == 2)
    {
        return false; // -EINVAL
    }
    if (usecs == kItrSimplified)
    {
        m_setting = kItrSimplified;
        Program(kSimplifiedIdleRate);
    }
    else if (usecs <= 3)
    {
        m_setting = usecs; // 0, 1 or 3; the classes are kept
        Program(usecs == kItrOff ? 0 : kLowLatencyRate);
    }
    else
    {
        m_setting = 1'000'000 / usecs; // 100..100000
        Program(m_setting);
    }
    return true;
}

uint32_t
InterruptModerator::GetRxUsecs() const
{
    if (m_setting <= kItrSimplified)
    {
        return m_setting;
    }
    return 1'000'000 / (m_setting & ~3U);
}

InterruptModerator::TrafficClass
InterruptModerator::GetTrafficClass() const
{
    return m_class;
}

InterruptModerator::TrafficClass
InterruptModerator::GetRxTrafficClass() const
{
    return m_rxClass;
}

InterruptModerator::TrafficClass
InterruptModerator::GetTxTrafficClass() const
{
    return m_txClass;
}

uint32_t
InterruptModerator::GetInterruptRate() const
{
    return m_rate;
}

uint32_t
InterruptModerator::GetItrRegister() const
{
    return m_register;
}

Time
InterruptModerator::GetMinimumInterval() const
{
    return NanoSeconds(static_cast<int64_t>(m_register * kItrUnitNs));
}

Time
InterruptModerator::GetRxIntDelay() const
{
    return NanoSeconds(static_cast<int64_t>(m_rxIntDelay * kDelayUnitNs));
}

Time
InterruptModerator::GetRxAbsIntDelay() const
{
    return NanoSeconds(static_cast<int64_t>(m_rxAbsIntDelay * kDelayUnitNs));
}

Time
InterruptModerator::GetTxIntDelay() const
{
    return NanoSeconds(static_cast<int64_t>(m_txIntDelay * kDelayUnitNs));
}

Time
InterruptModerator::GetTxAbsIntDelay() const
{
    return NanoSeconds(static_cast<int64_t>(m_txAbsIntDelay * kDelayUnitNs));
}

} // namespace hybridnet
} // namespace ns3
