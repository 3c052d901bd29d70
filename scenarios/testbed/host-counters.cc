/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "host-counters.h"

#include "hybridnet/host-bus.h"
#include "hybridnet/host-cpu.h"
#include "hybridnet/memory-bus.h"
#include "hybridnet/nic-net-device.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetHostCounters");

HostCounters::HostCounters(NodeContainer hosts,
                           NetDeviceContainer nics,
                           std::vector<std::string> names)
    : m_hosts(hosts),
      m_nics(nics),
      m_names(std::move(names))
{
    NS_ABORT_MSG_UNLESS(m_hosts.GetN() == m_nics.GetN() && m_hosts.GetN() == m_names.size(),
                        "HostCounters: one NIC and one name per host");
}

void
HostCounters::Schedule(Time start, Time end)
{
    Simulator::Schedule(start, &HostCounters::Open, this);
    Simulator::Schedule(end, &HostCounters::Close, this);
}

void
HostCounters::Open()
{
    m_start = Simulator::Now();
    Read(&m_samples[0]);
}

void
HostCounters::Close()
{
    m_end = Simulator::Now();
    Read(&m_samples[1]);
}

void
HostCounters::Read(std::vector<Sample>* into) const
{
    into->assign(m_hosts.GetN(), Sample{});
    for (uint32_t i = 0; i < m_hosts.GetN(); ++i)
    {
        Ptr<Node> node = m_hosts.Get(i);
        if (Ptr<HostCpu> cpu = node->GetObject<HostCpu>())
        {
            (*into)[i].cpuBusy = cpu->GetBusyTime();
        }
        if (Ptr<HostBus> bus = node->GetObject<HostBus>())
        {
            (*into)[i].busBusy = bus->GetBusyTime();
        }
        if (Ptr<MemoryBus> memory = node->GetObject<MemoryBus>())
        {
            (*into)[i].memoryBusy = memory->GetBusyTime();
        }
        if (Ptr<NicNetDevice> nic = DynamicCast<NicNetDevice>(m_nics.Get(i)))
        {
            (*into)[i].interrupts = nic->GetInterrupts();
            (*into)[i].rxPackets = nic->GetRxPackets();
            (*into)[i].rxRingDrops = nic->GetRxRingDrops();
        }
    }
}

void
HostCounters::WriteTo(ResultDocument& result) const
{
    const double seconds = (m_end - m_start).GetSeconds();
    for (uint32_t i = 0; i < m_hosts.GetN(); ++i)
    {
        const Sample& a = m_samples[0].at(i);
        const Sample& b = m_samples[1].at(i);
        const std::string& who = m_names[i];
        result.SetMetric("cpuUtilisation" + who,
                         (b.cpuBusy - a.cpuBusy).GetSeconds() / seconds,
                         "");
        result.SetMetric("busUtilisation" + who,
                         (b.busBusy - a.busBusy).GetSeconds() / seconds,
                         "");
        if (m_hosts.Get(i)->GetObject<MemoryBus>())
        {
            result.SetMetric("memoryBusUtilisation" + who,
                             (b.memoryBusy - a.memoryBusy).GetSeconds() / seconds,
                             "");
        }
        result.SetMetric("rxRingDrops" + who, double(b.rxRingDrops - a.rxRingDrops), "");
        const double interrupts = b.interrupts - a.interrupts;
        result.SetMetric("interruptRate" + who, interrupts / seconds, "1/s");
        if (interrupts > 0)
        {
            result.SetMetric("packetsPerInterrupt" + who,
                             (b.rxPackets - a.rxPackets) / interrupts,
                             "");
        }
    }
}

} // namespace hybridnet
} // namespace ns3
