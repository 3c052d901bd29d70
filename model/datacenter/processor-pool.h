/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_PROCESSOR_POOL_H
#define HYBRIDNET_PROCESSOR_POOL_H

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"

#include <cstdint>
#include <map>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief A host's application processors: k identical processors shared by the jobs on
 * them in processor sharing (PS), as a time-slicing kernel shares its processors among
 * runnable server threads.
 *
 * With n(t) jobs present, each progresses at rate
 *
 *   r(t) = min(1, k / n(t))                                                     (1)
 *
 * (n <= k: one processor each; n > k: the k processors split evenly). A job of demand D
 * that arrives at a leaves at the first t with
 *
 *   integral_a^t r(s) ds = D,                                                   (2)
 *
 * kept as a virtual time V(t) = integral_0^t r(s) ds common to all jobs: a job's finish
 * tag is V(a) + D, and the job with the smallest tag leaves first. V is kept in whole
 * clock ticks: exact while n <= k, at most a tick off per event otherwise. On an unloaded pool
 * (n <= k throughout) a job takes exactly D. Busy processor time grows at min(n, k), so
 *
 *   utilisation over [t1, t2] = (busy(t2) - busy(t1)) / (k (t2 - t1)).            (3)
 *
 * Why PS and not FCFS: the tiers' servers (Apache, a servlet engine, MySQL) run a thread
 * per request and Linux's scheduler time-slices them (at 2.6.20 the O(1) scheduler, with
 * slices of ~100 ms shrinking under load); FCFS would let a long job hold a processor
 * while short ones wait, which these servers do not do. Departures: no scheduler
 * quantum, no context-switch cost and no cache effects; HostCpu (the network processor,
 * one more processor of the host) is separate and not shared with these jobs.
 */
class ProcessorPool : public Object
{
  public:
    static TypeId GetTypeId();
    ProcessorPool();

    /** Run a job of @p demand processor time; @p done is called when it has had it. */
    void Submit(Time demand, Callback<void> done);

    /** @return k */
    uint32_t GetProcessors() const;
    /** @return jobs present */
    uint32_t GetJobs() const;
    /** @return the busy processor time (sum over processors) up to now, (3) */
    Time GetBusyTime();

  protected:
    void DoDispose() override;

  private:
    /** Bring V and the busy time up to now. */
    void Advance();
    /** Schedule the next departure. */
    void Reschedule();
    /** The job(s) with the smallest tag leave. */
    void Depart();
    uint32_t m_processors{1};                      //!< Processors, k
    int64_t m_virtual{0};                          //!< V(t) at m_last, clock ticks
    int64_t m_busy{0};                             //!< busy processor time, ticks
    Time m_last;                                   //!< when V was last brought up
    std::multimap<int64_t, Callback<void>> m_jobs; //!< finish tag -> completion
    EventId m_departure;                           //!< the next departure
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_PROCESSOR_POOL_H
