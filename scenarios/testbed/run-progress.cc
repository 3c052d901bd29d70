/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "run-progress.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

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
RunProgress::Start(Time stop)
{
    m_stop = stop;
    m_wallStartMs = WallMilliseconds();
    for (uint32_t k = 1; k < m_ticks; ++k)
    {
        Simulator::Schedule(stop * k / m_ticks, &RunProgress::Tick, this, k);
    }
}

void
RunProgress::Tick(uint32_t k)
{
    if (!m_enabled)
    {
        return;
    }
    m_os << "hybridnet-progress " << std::fixed << std::setprecision(3)
         << static_cast<double>(k) / m_ticks << " " << Simulator::Now().GetSeconds() << " "
         << (WallMilliseconds() - m_wallStartMs) / 1000.0 << std::endl;
}

} // namespace hybridnet
} // namespace ns3
