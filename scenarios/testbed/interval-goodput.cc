/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "interval-goodput.h"

#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

void
IntervalGoodput::Start(Time interval, Time end, ByteCounter bytes)
{
    m_interval = interval;
    m_end = end;
    m_bytes = std::move(bytes);
    m_last = Simulator::Now();
    m_lastBytes = m_bytes();
    Simulator::Schedule(std::min(m_interval, m_end - m_last), &IntervalGoodput::Sample, this);
}

void
IntervalGoodput::Sample()
{
    Close();
    if (m_last < m_end)
    {
        Simulator::Schedule(std::min(m_interval, m_end - m_last), &IntervalGoodput::Sample, this);
    }
}

void
IntervalGoodput::Close()
{
    const Time now = Simulator::Now();
    const uint64_t bytes = m_bytes();
    const double rate = 8e-6 * double(bytes - m_lastBytes) / (now - m_last).GetSeconds();
    if (now - m_last == m_interval || m_rates.empty())
    {
        m_peak = std::max(m_peak, rate);
    }
    m_ends.push_back(now.GetSeconds());
    m_rates.push_back(rate);
    m_last = now;
    m_lastBytes = bytes;
}

void
IntervalGoodput::WriteTo(ResultDocument& result)
{
    if (m_last < Simulator::Now())
    {
        Close();
    }
    result.SetSeries("intervals", {{"time", "s", m_ends}, {"goodput", "Mb/s", m_rates}});
    result.SetMetric("peakGoodput", m_peak, "Mb/s");
}

} // namespace hybridnet
} // namespace ns3
