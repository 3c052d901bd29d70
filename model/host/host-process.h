/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_HOST_PROCESS_H
#define HYBRIDNET_HOST_PROCESS_H

#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/traced-value.h"

#include <cstdint>

namespace ns3
{

class Node;

namespace hybridnet
{

class HostCpu;

/**
 * @brief A user process that sleeps in a blocking system call (a read on a socket) until
 * the network code has work for it, and the context switches that waking it costs.
 *
 * The process is SLEEPING or RUNNABLE. Wake(run), called when its socket gets data:
 *
 *     (1) SLEEPING:  it becomes RUNNABLE, and
 *         Processors = 1:  a PROCESS job of C cycles on the HostCpu (the switch to the
 *                          process), at whose end @p run runs (the process reads all that
 *                          is queued and blocks again: SLEEPING), followed by a second
 *                          PROCESS job of C cycles (the switch away when it blocks);
 *         Processors > 1:  @p run runs C / f later (the switch on the processor that runs
 *                          the application; the network CPU is not charged);
 *     (2) RUNNABLE:  nothing - the pending run reads what arrived meanwhile;
 *
 * with C = HostCpu ContextSwitchCycles and f its Frequency. So a reader that keeps up costs
 * two switches per batch of data the network code delivers between two of its runs (one
 * NAPI poll's worth when polls are far apart), and a reader that falls behind costs fewer
 * per byte: Linux's behaviour, where a wake-up of a runnable task is a no-op. The cost of a
 * read system call itself (the copy) is charged per packet by the NIC path
 * (NicNetDevice (R6)).
 *
 * Scope: receivers only. A blocked writer is woken once a third to a half of its send
 * buffer has drained (sk_stream_write_space, sock_def_write_space), tens of packets at a
 * time, and is left out.
 */
class HostProcess : public Object
{
  public:
    /** State of the process, equation (1). */
    enum State : uint8_t
    {
        SLEEPING = 0, //!< blocked in a system call
        RUNNABLE = 1, //!< woken, waiting to run
    };

    static TypeId GetTypeId();
    HostProcess();
    ~HostProcess() override;

    HostProcess(const HostProcess&) = delete;
    HostProcess& operator=(const HostProcess&) = delete;

    /**
     * A process on @p node, or null when the node has no HostCpu (a host without a CPU
     * model: applications then run at once).
     * @param node the node
     * @return the process, or null
     */
    static Ptr<HostProcess> Create(Ptr<Node> node);

    /** @param cpu the host's CPU */
    void SetCpu(Ptr<HostCpu> cpu);

    /**
     * Equation (1).
     * @param run what the process does when it runs (reads its socket)
     */
    void Wake(Callback<void> run);

    /** @return the state of equation (1) */
    State GetState() const;
    /** @return wake-ups that found the process SLEEPING */
    uint64_t GetWakeups() const;

  protected:
    void DoDispose() override;

  private:
    /**
     * The process runs: @p run, then it sleeps again.
     * @param run what it does
     */
    void Run(Callback<void> run);

    Ptr<HostCpu> m_cpu;              //!< the host's CPU
    State m_state{SLEEPING};         //!< equation (1)
    TracedValue<uint64_t> m_wakeups; //!< wake-ups from SLEEPING
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_HOST_PROCESS_H
