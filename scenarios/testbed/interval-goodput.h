/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INTERVAL_GOODPUT_H
#define HYBRIDNET_INTERVAL_GOODPUT_H

#include "result-document.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief iperf's interval reports (`iperf -i T`): the goodput of each interval of length T
 * from t = 0 to the end of the run, and the best of them.
 *
 * With B(t) the bytes the receivers have received by t (a function the scenario gives),
 * interval k (k = 1..K, K = ceil(end / T)) ends at t_k = min(k T, end) and reads
 *
 *     (1)  r_k = 8 (B(t_k) - B(t_{k-1})) / (t_k - t_{k-1}),     t_0 = 0,
 *
 * in Mb/s; the peak is max_k r_k over the full intervals (t_k - t_{k-1} = T), or r_1 if the
 * run is shorter than one interval.  A rate "reached in the first 10 s" is the peak of a
 * 10 s run: iperf reports it for whole seconds, so a burst shorter than T never shows.
 * Cost: one event per interval.
 */
class IntervalGoodput
{
  public:
    /** B(t): bytes received so far. */
    using ByteCounter = std::function<uint64_t()>;

    /**
     * Sample @p bytes every @p interval from now (t = 0) until @p end.
     * @param interval T of (1), positive
     * @param end the run's end
     * @param bytes B(t)
     */
    void Start(Time interval, Time end, ByteCounter bytes);

    /**
     * Close the last interval (the run stops before an event at its end runs) and add the
     * series `intervals` (end, Mb/s) and the metric peakGoodput to @p result.  Call it once,
     * after the run, while the simulator still exists.
     */
    void WriteTo(ResultDocument& result);

  private:
    /** Close the interval ending now and schedule the next. */
    void Sample();
    /** Close the interval ending now. */
    void Close();

    Time m_interval;
    Time m_end;
    ByteCounter m_bytes;
    Time m_last;                 //!< t_{k-1}
    uint64_t m_lastBytes{0};     //!< B(t_{k-1})
    std::vector<double> m_ends;  //!< t_k, s
    std::vector<double> m_rates; //!< r_k, Mb/s
    double m_peak{0};
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INTERVAL_GOODPUT_H
