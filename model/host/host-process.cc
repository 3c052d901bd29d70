/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "host-process.h"

#include "host-cpu.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetHostProcess");
NS_OBJECT_ENSURE_REGISTERED(HostProcess);

TypeId
HostProcess::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::HostProcess")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<HostProcess>()
            .AddTraceSource("Wakeups",
                            "Wake-ups that found the process sleeping, equation (1).",
                            MakeTraceSourceAccessor(&HostProcess::m_wakeups),
                            "ns3::TracedValueCallback::Uint64");
    return tid;
}

HostProcess::HostProcess()
{
    NS_LOG_FUNCTION(this);
}

HostProcess::~HostProcess() = default;

Ptr<HostProcess>
HostProcess::Create(Ptr<Node> node)
{
    Ptr<HostCpu> cpu = node->GetObject<HostCpu>();
    if (!cpu)
    {
        return nullptr;
    }
    Ptr<HostProcess> process = CreateObject<HostProcess>();
    process->SetCpu(cpu);
    return process;
}

void
HostProcess::DoDispose()
{
    m_cpu = nullptr;
    Object::DoDispose();
}

void
HostProcess::SetCpu(Ptr<HostCpu> cpu)
{
    m_cpu = cpu;
}

void
HostProcess::Wake(Callback<void> run)
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_cpu, "HostProcess: no HostCpu set");
    if (m_state == RUNNABLE)
    {
        return; // (2)
    }
    m_state = RUNNABLE;
    m_wakeups = m_wakeups + 1;
    const uint64_t switchCycles = m_cpu->GetContextSwitchCycles();
    if (m_cpu->GetProcessors() == 1)
    {
        m_cpu->Execute(HostCpu::PROCESS,
                       switchCycles,
                       0,
                       MakeCallback(&HostProcess::Run, this).Bind(run));
    }
    else
    {
        Simulator::Schedule(m_cpu->GetServiceTime(switchCycles), &HostProcess::Run, this, run);
    }
}

void
HostProcess::Run(Callback<void> run)
{
    NS_LOG_FUNCTION(this);
    m_state = SLEEPING;
    run();
    if (m_cpu->GetProcessors() == 1)
    {
        // The switch away when the process blocks again.
        m_cpu->Execute(HostCpu::PROCESS, m_cpu->GetContextSwitchCycles(), 0, Callback<void>());
    }
}

HostProcess::State
HostProcess::GetState() const
{
    return m_state;
}

uint64_t
HostProcess::GetWakeups() const
{
    return m_wakeups;
}

} // namespace hybridnet
} // namespace ns3
