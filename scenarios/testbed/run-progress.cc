/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "run-progress.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <chrono>
#include <iomanip>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetRunProgress");

namespace
{
int64_t
WallMilliseconds()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}
} // namespace

RunProgress::RunProgress(std::ostream& os, bool enabled, uint32_t ticks)
    : m_os(os),
      m_enabled(enabled),
      m_ticks(ticks)
{
}

void
RunProgress::SetMeasure(std::function<double()> measure, Time every)
{
    NS_ABORT_MSG_IF(!every.IsStrictlyPositive(), "RunProgress: a poll interval > 0");
    m_measure = std::move(measure);
    m_every = every;
}

void
RunProgress::Start(Time stop)
{
    m_stop = stop;
    m_wallStartMs = WallMilliseconds();
    if (m_measure)
    {
        Simulator::Schedule(std::min(m_every, stop), &RunProgress::Poll, this);
        return;
    }
    for (uint32_t k = 1; k < m_ticks; ++k)
    {
        Simulator::Schedule(stop * k / m_ticks, &RunProgress::Tick, this, k);
    }
}

void
RunProgress::Tick(uint32_t k)
{
    Write(static_cast<double>(k) / m_ticks);
}

void
RunProgress::Poll()
{
    const double done = m_measure();
    while (m_next < m_ticks && done * m_ticks >= m_next)
    {
        Write(static_cast<double>(m_next++) / m_ticks);
    }
    if (Simulator::Now() + m_every < m_stop)
    {
        Simulator::Schedule(m_every, &RunProgress::Poll, this);
    }
}

void
RunProgress::Write(double fraction)
{
    if (!m_enabled)
    {
        return;
    }
    m_os << "hybridnet-progress " << std::fixed << std::setprecision(3) << fraction << " "
         << Simulator::Now().GetSeconds() << " " << (WallMilliseconds() - m_wallStartMs) / 1000.0
         << std::endl;
}

} // namespace hybridnet
} // namespace ns3
