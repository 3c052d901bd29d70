/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_DEADLINE_TIMER_H
#define HYBRIDNET_DEADLINE_TIMER_H

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"

namespace ns3
{
namespace hybridnet
{

/**
 * @brief A timer whose deadline moves far more often than it expires (TCP's retransmission
 * and delayed-ACK timers), kept with at most one event in the scheduler.
 *
 * A TCP sender restarts its retransmission timer on every new ACK; cancelling and
 * rescheduling an ns-3 event each time leaves the cancelled event in the scheduler until
 * its time comes (ns-3 removes cancelled events lazily), so on a 10 Gb/s path with a
 * 0.6 s RTO about 3 x 10^5 dead events sit in the event set at any time and every insert
 * pays O(log n) for them.  This timer keeps the deadline D in a member and one event at
 * time E <= D:
 *
 *     Set(d):  D = now + d;  if no event or E > D: (cancel it and) schedule one at D
 *     expiry at E:  if stopped: nothing;  if E < D: schedule at D;  else: run the callback
 *
 * so the callback runs exactly at the last deadline set, as with cancel-and-reschedule,
 * and the scheduler sees one event per expiry or early wake-up instead of one per Set.
 */
class DeadlineTimer
{
  public:
    /** @param callback what runs when the deadline passes */
    explicit DeadlineTimer(Callback<void> callback = Callback<void>());
    ~DeadlineTimer();

    /** @param callback what runs when the deadline passes */
    void SetCallback(Callback<void> callback);
    /**
     * Run the callback @p delay from now (replacing any earlier deadline).
     * @param delay time from now (>= 0)
     */
    void Set(Time delay);
    /** Do not run the callback (the event, if any, stays and finds the timer stopped). */
    void Stop();
    /** Remove the event too (when the owner goes away). */
    void Cancel();
    /** @return true if a deadline is set */
    bool IsRunning() const;
    /** @return the deadline (meaningful while running) */
    Time GetDeadline() const;

  private:
    void Expire();

    Callback<void> m_callback;
    EventId m_event;
    Time m_deadline;
    bool m_running{false};
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_DEADLINE_TIMER_H
