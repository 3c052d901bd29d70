/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "processor-pool.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <vector>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetProcessorPool");
NS_OBJECT_ENSURE_REGISTERED(ProcessorPool);

TypeId
ProcessorPool::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::ProcessorPool")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<ProcessorPool>()
            .AddAttribute("Processors",
                          "k: identical application processors, shared in processor sharing "
                          "(a host's processors less the one HostCpu models as the network "
                          "processor). Range: 1 to 1024.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&ProcessorPool::m_processors),
                          MakeUintegerChecker<uint32_t>(1, 1024));
    return tid;
}

ProcessorPool::ProcessorPool()
{
    NS_LOG_FUNCTION(this);
}

void
ProcessorPool::DoDispose()
{
    m_departure.Cancel();
    m_jobs.clear();
    Object::DoDispose();
}

uint32_t
ProcessorPool::GetProcessors() const
{
    return m_processors;
}

uint32_t
ProcessorPool::GetJobs() const
{
    return static_cast<uint32_t>(m_jobs.size());
}

void
ProcessorPool::Advance()
{
    const int64_t dt = (Simulator::Now() - m_last).GetTimeStep();
    const auto n = static_cast<int64_t>(m_jobs.size());
    const int64_t k = m_processors;
    // (1): dV = dt min(1, k / n), in whole clock ticks (a tick lost per step at most)
    m_virtual += n <= k ? dt : static_cast<int64_t>(static_cast<__int128>(dt) * k / n);
    m_busy += dt * std::min(n, k); // (3)
    m_last = Simulator::Now();
}

Time
ProcessorPool::GetBusyTime()
{
    Advance();
    return TimeStep(m_busy);
}

void
ProcessorPool::Submit(Time demand, Callback<void> done)
{
    NS_ABORT_MSG_IF(demand.IsNegative(), "ProcessorPool: negative demand " << demand);
    Advance();
    m_jobs.emplace(m_virtual + demand.GetTimeStep(), done); // (2): the finish tag
    Reschedule();
}

void
ProcessorPool::Reschedule()
{
    m_departure.Cancel();
    if (m_jobs.empty())
    {
        return;
    }
    const auto n = static_cast<int64_t>(m_jobs.size());
    const int64_t k = m_processors;
    const int64_t work = std::max<int64_t>(0, m_jobs.begin()->first - m_virtual);
    // the real time for that work at r = min(1, k / n), rounded up: never early
    const int64_t ticks =
        n <= k ? work : static_cast<int64_t>((static_cast<__int128>(work) * n + k - 1) / k);
    m_departure = Simulator::Schedule(TimeStep(ticks), &ProcessorPool::Depart, this);
}

void
ProcessorPool::Depart()
{
    Advance();
    std::vector<Callback<void>> done;
    // a tag within n ticks of V is reached: Advance truncates at most a tick a step
    const auto slack = static_cast<int64_t>(m_jobs.size());
    while (!m_jobs.empty() && m_jobs.begin()->first <= m_virtual + slack)
    {
        done.push_back(m_jobs.begin()->second);
        m_jobs.erase(m_jobs.begin());
    }
    Reschedule();
    for (auto& callback : done)
    {
        callback();
    }
}

} // namespace hybridnet
} // namespace ns3
