/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_COMPLETION_QUEUE_H
#define HYBRIDNET_INFINIBAND_COMPLETION_QUEUE_H

#include "infiniband-work-request.h"

#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <deque>
#include <vector>

namespace ns3
{
namespace hybridnet
{

class HostCpu;

/**
 * @brief A completion queue (ibv_cq; IBA Architecture Specification Vol. 1 Release
 * 1.2.1, 10.2.6, 11.4.2): the CQEs the channel adapter writes, and how the application
 * learns of them.
 *
 * A CQE becomes visible when the adapter's DMA write of it ends (InfinibandHca (5)),
 * at t_cqe. The application learns of it in one of two ways:
 *
 *   (1) busy polling (StartPolling): the application spins in ibv_poll_cq on a processor
 *       of its own, so it sees the CQE one poll later:  t_app = t_cqe + c_poll / f
 *       (c_poll = PollCycles, f = HostCpu Frequency; not queued on the HostCpu, which
 *       models the processor that takes interrupts);
 *   (2) events (RequestNotify, ibv_req_notify_cq, then the completion channel): if the CQ
 *       is armed when the CQE is written, it disarms and the adapter interrupts: a
 *       HARD_IRQ job of c_irq = InterruptCycles on the HostCpu, then the woken process
 *       runs after a PROCESS job of c_wake = WakeupCycles:
 *           t_app = t_cqe + queueing + c_irq / f + c_wake / f.
 *       A CQE written while the CQ is not armed raises no event (the application must
 *       poll after re-arming, as with verbs).
 *
 * Poll() itself takes no simulated time: its cost is c_poll in (1), and in (2) the
 * application is charged when it was woken. Sources: the ibv_req_notify_cq and
 * ibv_get_cq_event semantics (libibverbs man pages; IBA 11.4.2.4 "Request Completion
 * Notification"). Cycle counts: assumptions, see the attributes. Not modelled: CQ overflow
 * (the queue is unbounded), solicited-only notification, moderation of CQ events.
 */
class InfinibandCompletionQueue : public Object
{
  public:
    /** Callback of a completion event or of a poller: the CQ. */
    using Notify = Callback<void, Ptr<InfinibandCompletionQueue>>;

    /**
     * Signature of Cqe: a CQE was written.
     * @param wrId its work request's id
     * @param status its status
     * @param byteLen its byte_len
     */
    typedef void (*CqeCallback)(uint64_t wrId, InfinibandWcStatus status, uint64_t byteLen);

    static TypeId GetTypeId();
    InfinibandCompletionQueue();
    ~InfinibandCompletionQueue() override;

    /** @param cpu the host CPU that takes the adapter's interrupts and runs the poller */
    void SetHostCpu(Ptr<HostCpu> cpu);

    /**
     * ibv_poll_cq.
     * @param max most completions to return
     * @return the oldest completions, at most @p max, removed from the queue
     */
    std::vector<InfinibandWorkCompletion> Poll(uint32_t max);
    /** @return CQEs waiting to be polled */
    uint32_t GetDepth() const;

    /** ibv_req_notify_cq: arm for one event, equation (2). */
    void RequestNotify();
    /** @return whether the CQ is armed */
    bool IsArmed() const;
    /** @param event the completion channel's handler, equation (2) */
    void SetEventCallback(Notify event);
    /** Busy-poll: @p poller runs once per CQE, equation (1). */
    void StartPolling(Notify poller);
    /** Stop busy polling. */
    void StopPolling();

    /** The adapter's DMA write of a CQE has ended (InfinibandHca). */
    void Write(const InfinibandWorkCompletion& wc);

  protected:
    void DoDispose() override;

  private:
    /** The interrupt handler ran: wake the process. */
    void InterruptDone();
    /** The woken process runs: deliver the event. */
    void WakeupDone();
    /** The poller sees a CQE. */
    void PollerSees();

    uint64_t m_pollCycles{0};      //!< c_poll
    uint64_t m_interruptCycles{0}; //!< c_irq
    uint64_t m_wakeupCycles{0};    //!< c_wake
    Ptr<HostCpu> m_cpu;
    std::deque<InfinibandWorkCompletion> m_cqes;
    bool m_armed{false};
    Notify m_event;
    Notify m_poller;
    TracedCallback<uint64_t, InfinibandWcStatus, uint64_t> m_cqeTrace;
    TracedCallback<> m_eventTrace;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_COMPLETION_QUEUE_H
