/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_RUN_PROGRESS_H
#define HYBRIDNET_RUN_PROGRESS_H

#include "ns3/nstime.h"

#include <cstdint>
#include <ostream>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Progress lines for long runs, at fixed fractions of the simulated time.
 *
 * Start() schedules `ticks` events at stop * k / ticks (k = 1 .. ticks-1) whether or not
 * output is enabled, so a run's event count does not depend on the progress setting.  When
 * enabled, each tick writes one machine-readable line
 *
 *     hybridnet-progress <fraction> <simulated seconds> <wall seconds>
 *
 * which `hybridnet run` turns into a progress bar.  Ticks follow simulated time, never the
 * wall clock, so the schedule is deterministic.
 */
class RunProgress
{
  public:
    /**
     * @param os where progress lines go (stderr in scenarios)
     * @param enabled whether lines are written
     * @param ticks number of intervals the run is divided into
     */
    RunProgress(std::ostream& os, bool enabled, uint32_t ticks = 100);
    /** Schedule the ticks for a run that stops at @p stop. */
    void Start(Time stop);

  private:
    void Tick(uint32_t k);

    std::ostream& m_os;
    bool m_enabled;
    uint32_t m_ticks;
    Time m_stop;
    int64_t m_wallStartMs{0};
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_RUN_PROGRESS_H
