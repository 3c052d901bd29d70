/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-completion-queue.h"

#include "hybridnet/host-cpu.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetInfinibandCompletionQueue");
NS_OBJECT_ENSURE_REGISTERED(InfinibandCompletionQueue);

TypeId
InfinibandCompletionQueue::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::InfinibandCompletionQueue")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<InfinibandCompletionQueue>()
            .AddAttribute("PollCycles",
                          "c_poll of equation (1): CPU cycles of one ibv_poll_cq that finds a "
                          "CQE (user space: read the CQE, check its owner bit, update the "
                          "consumer index). Assumption: 200 cycles (0.1 us at 2 GHz), not "
                          "measured. Range 0 to 10^6.",
                          UintegerValue(200),
                          MakeUintegerAccessor(&InfinibandCompletionQueue::m_pollCycles),
                          MakeUintegerChecker<uint64_t>(0, 1'000'000))
            .AddAttribute("InterruptCycles",
                          "c_irq of equation (2): CPU cycles of the completion interrupt "
                          "(MSI entry, the driver's event-queue handler, the completion "
                          "handler that wakes the completion channel, exit). Assumption: "
                          "2000 cycles (1 us at 2 GHz), not measured. Range 0 to 10^7.",
                          UintegerValue(2000),
                          MakeUintegerAccessor(&InfinibandCompletionQueue::m_interruptCycles),
                          MakeUintegerChecker<uint64_t>(0, 10'000'000))
            .AddAttribute("WakeupCycles",
                          "c_wake of equation (2): CPU cycles from the wake-up to the process "
                          "running (one context switch). Default 7600: 3.8 us x 2.0 GHz, the "
                          "direct cost of a context switch measured by Li, Ding and Shen "
                          "(ExpCS 2007), as HostCpu's ContextSwitchCycles. Range 0 to 10^7.",
                          UintegerValue(7600),
                          MakeUintegerAccessor(&InfinibandCompletionQueue::m_wakeupCycles),
                          MakeUintegerChecker<uint64_t>(0, 10'000'000))
            .AddTraceSource("Cqe",
                            "A CQE was written: (wrId, status, byteLen).",
                            MakeTraceSourceAccessor(&InfinibandCompletionQueue::m_cqeTrace),
                            "ns3::hybridnet::InfinibandCompletionQueue::CqeCallback")
            .AddTraceSource("Event",
                            "A completion event reached the application, equation (2).",
                            MakeTraceSourceAccessor(&InfinibandCompletionQueue::m_eventTrace),
                            "ns3::TracedCallback::Void");
    return tid;
}

InfinibandCompletionQueue::InfinibandCompletionQueue() = default;
InfinibandCompletionQueue::~InfinibandCompletionQueue() = default;

void
InfinibandCompletionQueue::DoDispose()
{
    m_cpu = nullptr;
    m_event = Notify();
    m_poller = Notify();
    Object::DoDispose();
}

void
InfinibandCompletionQueue::SetHostCpu(Ptr<HostCpu> cpu)
{
    m_cpu = cpu;
}

std::vector<InfinibandWorkCompletion>
InfinibandCompletionQueue::Poll(uint32_t max)
{
    std::vector<InfinibandWorkCompletion> out;
    while (!m_cqes.empty() && out.size() < max)
    {
        out.push_back(m_cqes.front());
        m_cqes.pop_front();
    }
    return out;
}

uint32_t
InfinibandCompletionQueue::GetDepth() const
{
    return m_cqes.size();
}

void
InfinibandCompletionQueue::RequestNotify()
{
    m_armed = true;
}

bool
InfinibandCompletionQueue::IsArmed() const
{
    return m_armed;
}

void
InfinibandCompletionQueue::SetEventCallback(Notify event)
{
    m_event = event;
}

void
InfinibandCompletionQueue::StartPolling(Notify poller)
{
    m_poller = poller;
}

void
InfinibandCompletionQueue::StopPolling()
{
    m_poller = Notify();
}

void
InfinibandCompletionQueue::Write(const InfinibandWorkCompletion& wc)
{
    NS_ABORT_MSG_IF(!m_cpu,
                    "InfinibandCompletionQueue: no HostCpu (create CQs with "
                    "InfinibandHca::CreateCompletionQueue)");
    m_cqes.push_back(wc);
    m_cqeTrace(wc.wrId, wc.status, wc.byteLen);
    if (!m_poller.IsNull())
    {
        Simulator::Schedule(m_cpu->GetServiceTime(m_pollCycles),
                            &InfinibandCompletionQueue::PollerSees,
                            this);
    }
    if (m_armed)
    {
        m_armed = false;
        m_cpu->Execute(HostCpu::HARD_IRQ,
                       m_interruptCycles,
                       0,
                       MakeCallback(&InfinibandCompletionQueue::InterruptDone, this));
    }
}

void
InfinibandCompletionQueue::PollerSees()
{
    if (!m_poller.IsNull())
    {
        m_poller(this);
    }
}

void
InfinibandCompletionQueue::InterruptDone()
{
    m_cpu->Execute(HostCpu::PROCESS,
                   m_wakeupCycles,
                   0,
                   MakeCallback(&InfinibandCompletionQueue::WakeupDone, this));
}

void
InfinibandCompletionQueue::WakeupDone()
{
    m_eventTrace();
    if (!m_event.IsNull())
    {
        m_event(this);
    }
}

} // namespace hybridnet
} // namespace ns3
