/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_HOST_CPU_H
#define HYBRIDNET_HOST_CPU_H

#include "ns3/callback.h"
#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <array>
#include <cstdint>
#include <deque>
#include <optional>

namespace ns3
{
namespace hybridnet
{

class MemoryBus;

/**
 * @brief The processor that runs a host's network code: one CPU, a work-conserving,
 * non-preemptive server with three priority levels.
 *
 * Work is expressed in what it physically is: CPU cycles of a code path (per packet, per
 * interrupt, per poll) and bytes moved through memory (copies). A job of c cycles and m
 * copied bytes occupies the CPU for
 *
 *     (1) s = c / f + 8 m / M        f = attribute Frequency, M = attribute MemoryCopyRate
 *
 * so a host profile changes f and M while the cycle counts of a code path, properties of
 * the software, stay the same across hosts. Jobs wait in three FIFO queues; when the CPU
 * becomes free it takes the oldest job of the highest non-empty level:
 *
 *     (2) HARD_IRQ (interrupt handlers)  before  KERNEL (softirq: NAPI poll, protocol
 *         processing, transmit; and the system calls of applications)  before  PROCESS
 *         (process context: context switches, HostProcess)
 *
 * except that, as Linux hands softirq work that keeps coming to ksoftirqd once a timer
 * tick has passed (net_rx_action's one-jiffy limit) and the scheduler then runs the waiting
 * process,
 *
 *     (3) a PROCESS job that has waited at least TimerTick (1 / HZ) goes before KERNEL jobs,
 *
 * so a saturated CPU still runs its processes once per tick instead of starving them.
 *
 * A running job is never preempted (a hard interrupt on a real CPU interrupts a softirq for
 * a few hundred cycles; ordering it after the running job moves that time by at most one
 * job's duration). A job's callback runs at the end of its service time, so every delay
 * the CPU adds (queueing plus service) lies on the packet's path, where TCP's self-clocking
 * sees it. The CPU saturates when the offered work exceeds one second per second; then the
 * queues grow and the callers see the delay.
 *
 * Utilisation over [t1, t2] is busy time / (t2 - t1); GetBusyTime() gives the busy time
 * since the start, and BusyTime per level separates interrupt from kernel work.
 *
 * Context switches: a user process sleeping in a blocking system call is woken by the
 * network code and switched to (HostProcess). On a uniprocessor host (Processors = 1) the
 * switch in and the switch out when it blocks again are PROCESS jobs of ContextSwitchCycles
 * each on this CPU; on a multiprocessor host the application runs on another processor.
 * ContextSwitchCycles = 7600: Li, Ding and Shen, "Quantifying the cost of context switch"
 * (ExpCS 2007), measured a direct cost of 3.8 us per switch on a dual 2.0 GHz Xeon under
 * Linux 2.6 (the Xeon generation of the studies' hosts): 3.8 us x 2.0 GHz.
 *
 * System calls: an application's system call enters and leaves the kernel (int 0x80 and
 * iret with the dispatch, not the work the call does, which the network code charges
 * itself) in SyscallCycles; RunSystemCall runs it before what the call does,
 *
 *     (4) t_done = t + queueing + SyscallCycles / f    on a uniprocessor host (a KERNEL job)
 *         t_done = t + SyscallCycles / f               with Processors >= 2 (the application's
 *                                                      processor runs it; this CPU stays free)
 *
 * and with SyscallCycles = 0 (the default: not modelled) at once.
 *
 * Memory bus: on a host with a MemoryBus (aggregated to the same node), a job's copy
 * crosses it twice (its source read, its destination written: MemoryBus (2)), reserved
 * when the job starts at t0, and the copy cannot end before the bus has carried it:
 *
 *     (5) s = c / f + max(8 m / M, e - t0)    e = MemoryBus::Carry(2 m), MemoryBus (3)
 *
 * Without a MemoryBus, or while the bus is idle (e - t0 = 16 m / R, below 8 m / M whenever
 * R > 2 M), (5) is (1).
 *
 * Scope and limits: one CPU for all network work, as on the studies' Linux 2.4 and 2.6
 * hosts where the NIC's interrupt is delivered to one processor (no RSS, no irqbalance
 * across packets); the other processors of a multiprocessor host run the applications and
 * are not modelled (the cross-processor wake-up's few hundred cycles on this CPU are left
 * out). The timer tick enters only through (3): no modelled path waits for a tick (the
 * studies' ping interval of 1 s is a whole number of ticks at HZ = 100 and 1000, and the
 * stack's own timers are ns-3's). No scheduler quantum: a process runs until it blocks
 * again (a reader's run is short), and no CPU-bound process competes here. No cache model: a copy
 * costs 8 m / M whatever its size.
 */
class HostCpu : public Object
{
  public:
    /** Priority level of a job, equation (2). */
    enum Level : uint8_t
    {
        HARD_IRQ = 0, //!< interrupt handler
        KERNEL = 1,   //!< softirq, protocol processing, system calls
        PROCESS = 2,  //!< process context: context switches
    };

    /**
     * TracedValue signature of the number of jobs waiting or running.
     * @param oldValue previous value
     * @param newValue new value
     */
    typedef void (*BacklogTracedCallback)(uint32_t oldValue, uint32_t newValue);

    static TypeId GetTypeId();
    HostCpu();
    ~HostCpu() override;

    HostCpu(const HostCpu&) = delete;
    HostCpu& operator=(const HostCpu&) = delete;

    /**
     * Equation (1).
     * @param cycles CPU cycles
     * @param copiedBytes bytes copied through memory
     * @return the service time s
     */
    Time GetServiceTime(uint64_t cycles, uint64_t copiedBytes = 0) const;
    /**
     * A copy of @p copiedBytes that starts now on a processor of this host: equation (5)
     * without cycles, max(8 m / M, e - now), reserving the memory bus (8 m / M without one).
     * For copies outside this CPU's queue (an application's, on another processor).
     * @param copiedBytes m
     * @return its duration
     */
    Time StartCopy(uint64_t copiedBytes);

    /**
     * Queue a job; @p done runs when its service, equation (1), ends.
     * @param level priority, equation (2)
     * @param cycles CPU cycles of the job
     * @param copiedBytes bytes the job copies through memory
     * @param done callback at the end of the job (may be null)
     */
    void Execute(Level level, uint64_t cycles, uint64_t copiedBytes, Callback<void> done);

    /** @return the CPU's busy time since the start of the simulation (finished jobs) */
    Time GetBusyTime() const;
    /**
     * @return the CPU's busy time until now: finished jobs and the part of the running job
     *         served so far (so that the time it left to others over [t1, t2] is
     *         t2 - t1 - (GetBusyTimeNow() at t2 - at t1))
     */
    Time GetBusyTimeNow() const;
    /**
     * @param level a priority level
     * @return the busy time spent in jobs of that level
     */
    Time GetBusyTime(Level level) const;
    /** @return busy time / elapsed time since the start, 0 at time 0 */
    double GetUtilisation() const;
    /** @return f, Hz */
    uint64_t GetFrequency() const;
    /**
     * Set M. Aborts (NS_ABORT_MSG) below 1 Mb/s.
     * @param rate the memory-copy bandwidth
     */
    void SetMemoryCopyRate(DataRate rate);
    /** @return M */
    DataRate GetMemoryCopyRate() const;
    /** @return the host's processors (attribute Processors) */
    uint32_t GetProcessors() const;
    /** @return cycles of one context switch (attribute ContextSwitchCycles) */
    uint64_t GetContextSwitchCycles() const;

    /**
     * An application's system call, equation (4): @p done runs when the call has entered
     * the kernel.
     * @param done what the call does (runs at once when SyscallCycles is 0)
     */
    void RunSystemCall(Callback<void> done);

  protected:
    void DoDispose() override;
    void NotifyNewAggregate() override;

  private:
    /** A queued job. */
    struct Job
    {
        Time compute;         //!< c / f of equation (1)
        Time copy;            //!< 8 m / M of equation (1)
        uint64_t copiedBytes; //!< m
        Time queued;          //!< when it was queued, for (3)
        Callback<void> done;  //!< run at the end
    };

    /**
     * @param cycles c
     * @return c / f, rounded up to the time step
     */
    Time GetCycleTime(uint64_t cycles) const;
    /**
     * @param copiedBytes m
     * @return 8 m / M, rounded up to the time step
     */
    Time GetCopyTime(uint64_t copiedBytes) const;
    /**
     * @param job the job that starts now
     * @return its service time: (1), or (5) on a host with a memory bus
     */
    Time StartService(const Job& job);
    /**
     * Equation (5)'s copy part, reserving the memory bus.
     * @param copy 8 m / M
     * @param copiedBytes m
     * @return max(8 m / M, e - now), or 8 m / M without a memory bus or copy
     */
    Time CarryCopy(Time copy, uint64_t copiedBytes);

    /** Start the next job if the CPU is idle and work is waiting. */
    void StartNext();
    /** The running job ends. */
    void Finish();

    /** The job on the CPU. */
    struct Running
    {
        Level level;         //!< its level
        Time service;        //!< its service time
        Time started;        //!< when it started
        Callback<void> done; //!< run at the end
    };

    uint64_t m_frequency{0};                 //!< f, Hz
    DataRate m_copyRate;                     //!< M
    uint32_t m_processors{0};                //!< Processors
    uint64_t m_syscallCycles{0};             //!< SyscallCycles, equation (4)
    uint64_t m_contextSwitchCycles{0};       //!< ContextSwitchCycles
    std::optional<Running> m_running;        //!< the job on the CPU, if any
    Time m_timerTick;                        //!< TimerTick, equation (3)
    std::array<std::deque<Job>, 3> m_queues; //!< waiting jobs per level
    std::array<Time, 3> m_busyTime;          //!< busy time per level
    TracedValue<uint32_t> m_backlog;         //!< jobs waiting or running
    Ptr<MemoryBus> m_memoryBus;              //!< the node's memory bus, if it has one
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_HOST_CPU_H
