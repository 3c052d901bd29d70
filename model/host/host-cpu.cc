/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "host-cpu.h"

#include "memory-bus.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetHostCpu");
NS_OBJECT_ENSURE_REGISTERED(HostCpu);

namespace
{
constexpr uint64_t kMinFrequency = 100'000'000;    //!< 100 MHz
constexpr uint64_t kMaxFrequency = 10'000'000'000; //!< 10 GHz
constexpr uint64_t kMinCopyRate = 1'000'000;       //!< 1 Mb/s
} // namespace

TypeId
HostCpu::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::HostCpu")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<HostCpu>()
            .AddAttribute("Frequency",
                          "Clock frequency f of equation (1), Hz. Range: 100 MHz to 10 GHz "
                          "(1e8 to 1e10).",
                          UintegerValue(2'400'000'000),
                          MakeUintegerAccessor(&HostCpu::m_frequency),
                          MakeUintegerChecker<uint64_t>(kMinFrequency, kMaxFrequency))
            .AddAttribute(
                "MemoryCopyRate",
                "Memory-copy bandwidth M of equation (1): bytes one copy moves per "
                "second, times 8, bit/s. Range: at least 1 Mb/s (the setter aborts "
                "below).",
                DataRateValue(DataRate("4Gbps")),
                MakeDataRateAccessor(&HostCpu::SetMemoryCopyRate, &HostCpu::GetMemoryCopyRate),
                MakeDataRateChecker())
            .AddAttribute("Processors",
                          "Processors of the host. 1: the applications run on this CPU, so "
                          "waking a process costs it two context switches (HostProcess); "
                          "2 or more: they run on another processor and the wake-up only "
                          "delays them. Range: 1 to 64.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&HostCpu::m_processors),
                          MakeUintegerChecker<uint32_t>(1, 64))
            .AddAttribute("ContextSwitchCycles",
                          "CPU cycles of one context switch (the scheduler choosing the next "
                          "process and switching address space and registers, with the cache "
                          "and TLB refill it causes), cycles. Range: 0 to 1e7.",
                          UintegerValue(7600),
                          MakeUintegerAccessor(&HostCpu::m_contextSwitchCycles),
                          MakeUintegerChecker<uint64_t>(0, 10'000'000))
            .AddAttribute("SyscallCycles",
                          "CPU cycles of a system call's entry and exit (int 0x80, the "
                          "dispatch and the return; not the work the call does) that an "
                          "application's call pays before that work, equation (4), cycles. "
                          "0: not modelled. Range: 0 to 1e7.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&HostCpu::m_syscallCycles),
                          MakeUintegerChecker<uint64_t>(0, 10'000'000))
            .AddAttribute("TimerTick",
                          "Period of the kernel's timer tick, 1 / HZ, of equation (3): a "
                          "process that has waited this long runs before further softirq "
                          "work. Range: 100 us to 100 ms.",
                          TimeValue(MilliSeconds(10)),
                          MakeTimeAccessor(&HostCpu::m_timerTick),
                          MakeTimeChecker(MicroSeconds(100), MilliSeconds(100)))
            .AddTraceSource("Backlog",
                            "Jobs waiting or running, both levels.",
                            MakeTraceSourceAccessor(&HostCpu::m_backlog),
                            "ns3::hybridnet::HostCpu::BacklogTracedCallback");
    return tid;
}

HostCpu::HostCpu()
{
    NS_LOG_FUNCTION(this);
}

HostCpu::~HostCpu() = default;

void
HostCpu::NotifyNewAggregate()
{
    if (!m_memoryBus)
    {
        m_memoryBus = GetObject<MemoryBus>();
    }
    Object::NotifyNewAggregate();
}

void
HostCpu::DoDispose()
{
    for (auto& queue : m_queues)
    {
        queue.clear();
    }
    m_running.reset();
    m_memoryBus = nullptr;
    Object::DoDispose();
}

uint32_t
HostCpu::GetProcessors() const
{
    return m_processors;
}

uint64_t
HostCpu::GetContextSwitchCycles() const
{
    return m_contextSwitchCycles;
}

void
HostCpu::RunSystemCall(Callback<void> done)
{
    if (m_syscallCycles == 0)
    {
        done();
    }
    else if (m_processors == 1)
    {
        Execute(KERNEL, m_syscallCycles, 0, done);
    }
    else
    {
        Simulator::Schedule(GetServiceTime(m_syscallCycles), done);
    }
}

Time
HostCpu::GetServiceTime(uint64_t cycles, uint64_t copiedBytes) const
{
    return GetCycleTime(cycles) + GetCopyTime(copiedBytes);
}

Time
HostCpu::GetCycleTime(uint64_t cycles) const
{
    // Equation (1) in integer time steps, rounded up: a job never takes less than its work.
    const auto steps = static_cast<unsigned __int128>(Seconds(1).GetTimeStep());
    return TimeStep(static_cast<uint64_t>((cycles * steps + m_frequency - 1) / m_frequency));
}

Time
HostCpu::GetCopyTime(uint64_t copiedBytes) const
{
    const auto steps = static_cast<unsigned __int128>(Seconds(1).GetTimeStep());
    const auto copyRate = static_cast<unsigned __int128>(m_copyRate.GetBitRate());
    return TimeStep(static_cast<uint64_t>((8 * copiedBytes * steps + copyRate - 1) / copyRate));
}

void
HostCpu::Execute(Level level, uint64_t cycles, uint64_t copiedBytes, Callback<void> done)
{
    NS_LOG_FUNCTION(this << static_cast<int>(level) << cycles << copiedBytes);
    m_queues[level].push_back(Job{GetCycleTime(cycles),
                                  GetCopyTime(copiedBytes),
                                  copiedBytes,
                                  Simulator::Now(),
                                  std::move(done)});
    m_backlog += 1;
    StartNext();
}

Time
HostCpu::StartService(const Job& job)
{
    return job.compute + CarryCopy(job.copy, job.copiedBytes); // (1), (5)
}

Time
HostCpu::StartCopy(uint64_t copiedBytes)
{
    return CarryCopy(GetCopyTime(copiedBytes), copiedBytes);
}

Time
HostCpu::CarryCopy(Time copy, uint64_t copiedBytes)
{
    if (!m_memoryBus || copiedBytes == 0)
    {
        return copy; // (1)
    }
    return std::max(copy, m_memoryBus->Carry(2 * copiedBytes) - Simulator::Now()); // (5)
}

void
HostCpu::StartNext()
{
    if (m_running)
    {
        return;
    }
    std::array<Level, 3> order{HARD_IRQ, KERNEL, PROCESS};
    const auto& process = m_queues[PROCESS];
    if (!process.empty() && Simulator::Now() - process.front().queued >= m_timerTick)
    {
        order = {HARD_IRQ, PROCESS, KERNEL}; // (3): softirq work yields after one tick
    }
    for (Level level : order)
    {
        auto& queue = m_queues[level];
        if (!queue.empty())
        {
            Job job = std::move(queue.front());
            queue.pop_front();
            const Time service = StartService(job);
            m_running.emplace(Running{level, service, Simulator::Now(), std::move(job.done)});
            Simulator::Schedule(service, &HostCpu::Finish, this);
            return;
        }
    }
}

void
HostCpu::Finish()
{
    NS_ASSERT(m_running);
    const Running job = std::move(*m_running);
    m_running.reset();
    m_busyTime[job.level] += job.service;
    m_backlog -= 1;
    if (!job.done.IsNull())
    {
        job.done();
    }
    StartNext();
}

Time
HostCpu::GetBusyTime() const
{
    return m_busyTime[HARD_IRQ] + m_busyTime[KERNEL] + m_busyTime[PROCESS];
}

Time
HostCpu::GetBusyTimeNow() const
{
    return GetBusyTime() + (m_running ? Simulator::Now() - m_running->started : Time(0));
}

Time
HostCpu::GetBusyTime(Level level) const
{
    return m_busyTime[level];
}

double
HostCpu::GetUtilisation() const
{
    const Time now = Simulator::Now();
    return now.IsPositive() ? GetBusyTime().GetSeconds() / now.GetSeconds() : 0.0;
}

uint64_t
HostCpu::GetFrequency() const
{
    return m_frequency;
}

void
HostCpu::SetMemoryCopyRate(DataRate rate)
{
    NS_ABORT_MSG_IF(rate.GetBitRate() < kMinCopyRate,
                    "HostCpu: MemoryCopyRate " << rate << " below 1 Mb/s");
    m_copyRate = rate;
}

DataRate
HostCpu::GetMemoryCopyRate() const
{
    return m_copyRate;
}

} // namespace hybridnet
} // namespace ns3
