/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-vl-arbiter.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetInfinibandVlArbiter");

namespace
{
constexpr int64_t kWeightUnit = 64;       //!< bytes per unit of weight
constexpr uint64_t kHighLimitUnit = 4096; //!< bytes per unit of LimitOfHighPriority
} // namespace

void
InfinibandVlArbiter::SetTables(std::vector<Entry> high, std::vector<Entry> low)
{
    for (const auto& table : {high, low})
    {
        for (const Entry& e : table)
        {
            NS_ABORT_MSG_UNLESS(e.vl < 15, "InfinibandVlArbiter: data VL " << uint32_t(e.vl));
        }
    }
    m_high = Table{std::move(high)};
    m_low = Table{std::move(low)};
    m_highBytes = 0;
}

void
InfinibandVlArbiter::SetLimitOfHighPriority(uint8_t limit)
{
    m_limit = limit;
}

int
InfinibandVlArbiter::Select(const std::function<bool(uint8_t)>& ready)
{
    if (!(HighLimitReached() && AnyReady(m_low, ready)))
    {
        const int vl = SelectIn(m_high, ready);
        if (vl >= 0)
        {
            m_lastHigh = true;
            return vl;
        }
    }
    m_lastHigh = false;
    return SelectIn(m_low, ready);
}

void
InfinibandVlArbiter::Charge(uint32_t bytes)
{
    if (m_lastHigh)
    {
        m_high.remaining -= bytes;
        m_highBytes += bytes;
    }
    else
    {
        m_low.remaining -= bytes;
        m_highBytes = 0;
    }
}

int
InfinibandVlArbiter::SelectIn(Table& table, const std::function<bool(uint8_t)>& ready)
{
    const std::size_t n = table.entries.size();
    if (n == 0)
    {
        return -1;
    }
    const Entry& current = table.entries[table.current];
    if (table.remaining > 0 && ready(current.vl))
    {
        return current.vl;
    }
    for (std::size_t i = 1; i <= n; ++i) // i = n: the current entry again, with new weight
    {
        const std::size_t k = (table.current + i) % n;
        const Entry& e = table.entries[k];
        if (e.weight > 0 && ready(e.vl))
        {
            table.current = k;
            table.remaining = kWeightUnit * e.weight;
            return e.vl;
        }
    }
    return -1;
}

bool
InfinibandVlArbiter::AnyReady(const Table& table, const std::function<bool(uint8_t)>& ready)
{
    for (const Entry& e : table.entries)
    {
        if (e.weight > 0 && ready(e.vl))
        {
            return true;
        }
    }
    return false;
}

bool
InfinibandVlArbiter::HighLimitReached() const
{
    return m_limit != kUnlimited && m_highBytes > 0 && m_highBytes >= kHighLimitUnit * m_limit;
}

} // namespace hybridnet
} // namespace ns3
