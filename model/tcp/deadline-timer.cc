/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "deadline-timer.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetDeadlineTimer");

DeadlineTimer::DeadlineTimer(Callback<void> callback)
    : m_callback(callback)
{
}

DeadlineTimer::~DeadlineTimer()
{
    m_event.Cancel();
}

void
DeadlineTimer::SetCallback(Callback<void> callback)
{
    m_callback = callback;
}

void
DeadlineTimer::Set(Time delay)
{
    m_deadline = Simulator::Now() + delay;
    m_running = true;
    if (m_event.IsPending() && Time(m_event.GetTs()) <= m_deadline)
    {
        return; // the pending event wakes up first and moves on to the deadline
    }
    m_event.Cancel();
    m_event = Simulator::Schedule(delay, &DeadlineTimer::Expire, this);
}

void
DeadlineTimer::Stop()
{
    m_running = false;
}

void
DeadlineTimer::Cancel()
{
    m_running = false;
    m_event.Cancel();
}

bool
DeadlineTimer::IsRunning() const
{
    return m_running;
}

Time
DeadlineTimer::GetDeadline() const
{
    return m_deadline;
}

void
DeadlineTimer::Expire()
{
    if (!m_running)
    {
        return;
    }
    Time now = Simulator::Now();
    if (now < m_deadline)
    {
        m_event = Simulator::Schedule(m_deadline - now, &DeadlineTimer::Expire, this);
        return;
    }
    m_running = false;
    m_callback();
}

} // namespace hybridnet
} // namespace ns3
