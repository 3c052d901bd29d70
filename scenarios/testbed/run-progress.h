/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_RUN_PROGRESS_H
#define HYBRIDNET_RUN_PROGRESS_H

#include "ns3/nstime.h"

#include <cstdint>
#include <functional>
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
 *
 * A run whose length is not its stop time (a transfer that ends the run when it is done,
 * well before a one-hour limit) measures its progress instead (SetMeasure): a measure of
 * the work done, 0 to 1, polled every `every` of simulated time (polls scheduled whether or
 * not output is enabled, one at a time); a line is written for each k / ticks the measure
 * has passed, its fraction k / ticks.
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
    /**
     * Follow @p measure instead of the simulated time.
     * @param measure the share of the run's work done, 0 to 1
     * @param every how often to poll it (simulated time, > 0)
     */
    void SetMeasure(std::function<double()> measure, Time every);
    /** Schedule the ticks (or the first poll) for a run that stops at @p stop. */
    void Start(Time stop);

  private:
    void Tick(uint32_t k);
    void Poll();
    /** Write the line of @p fraction, if enabled. */
    void Write(double fraction);

    std::ostream& m_os;
    bool m_enabled;
    uint32_t m_ticks;
    Time m_stop;
    int64_t m_wallStartMs{0};
    std::function<double()> m_measure; //!< SetMeasure's, or none: simulated time
    Time m_every;                      //!< SetMeasure's poll interval
    uint32_t m_next{1};                //!< the next k / ticks the measure must pass
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_RUN_PROGRESS_H
