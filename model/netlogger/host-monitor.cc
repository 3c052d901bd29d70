/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "host-monitor.h"

#include "hybridnet/disk-array.h"
#include "hybridnet/host-bus.h"
#include "hybridnet/host-cpu.h"
#include "hybridnet/memory-bus.h"
#include "hybridnet/nic-net-device.h"

#include "ns3/simulator.h"
#include "ns3/string.h"

#include <iomanip>
#include <sstream>

namespace ns3
{
namespace hybridnet
{

NS_OBJECT_ENSURE_REGISTERED(HostMonitor);

namespace
{

/** @return @p x with 6 significant digits */
std::string
Number(double x)
{
    std::ostringstream out;
    out << std::setprecision(6) << x;
    return out.str();
}

} // namespace

TypeId
HostMonitor::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::HostMonitor")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<HostMonitor>()
            .AddAttribute("Interval",
                          "Time between samples (vmstat's delay). Range 1 us to 1 h.",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&HostMonitor::m_interval),
                          MakeTimeChecker(MicroSeconds(1), Hours(1)))
            .AddAttribute("Host",
                          "The host's name: HOST and ID of its events.",
                          StringValue("host"),
                          MakeStringAccessor(&HostMonitor::m_host),
                          MakeStringChecker());
    return tid;
}

HostMonitor::HostMonitor() = default;
HostMonitor::~HostMonitor() = default;

void
HostMonitor::DoDispose()
{
    m_event.Cancel();
    m_node = nullptr;
    m_log = nullptr;
    Object::DoDispose();
}

void
HostMonitor::SetRetransmits(std::function<uint64_t()> count)
{
    m_retransmits = std::move(count);
}

void
HostMonitor::Start(Ptr<Node> node, Ptr<NetLogger> log)
{
    m_node = node;
    m_log = log;
    m_last = Read();
    m_event = Simulator::Schedule(m_interval, &HostMonitor::Sample, this);
}

void
HostMonitor::Stop()
{
    m_event.Cancel();
}

HostMonitor::Reading
HostMonitor::Read() const
{
    Reading r;
    if (Ptr<HostCpu> cpu = m_node->GetObject<HostCpu>())
    {
        r.cpu = cpu->GetBusyTimeNow().GetSeconds();
    }
    if (Ptr<HostBus> bus = m_node->GetObject<HostBus>())
    {
        r.bus = bus->GetBusyTime().GetSeconds();
    }
    if (Ptr<MemoryBus> memory = m_node->GetObject<MemoryBus>())
    {
        r.memory = memory->GetBusyTime().GetSeconds();
    }
    if (Ptr<DiskArray> disk = m_node->GetObject<DiskArray>())
    {
        r.disk = disk->GetBusyTime().GetSeconds();
    }
    for (uint32_t i = 0; i < m_node->GetNDevices(); ++i)
    {
        if (Ptr<NicNetDevice> nic = DynamicCast<NicNetDevice>(m_node->GetDevice(i)))
        {
            r.rxPackets += nic->GetRxPackets();
            r.interrupts += nic->GetInterrupts();
            r.rxDrops += nic->GetRxRingDrops();
        }
    }
    r.retransmits = m_retransmits ? m_retransmits() : 0;
    return r;
}

void
HostMonitor::Sample()
{
    const Reading now = Read();
    const double t = m_interval.GetSeconds();
    auto utilisation = [t](double busy, double before) { return Number((busy - before) / t); };
    if (m_node->GetObject<HostCpu>())
    {
        m_log->Log(m_host,
                   "vmstat",
                   "vmstat",
                   m_host,
                   {{"CPU.UTIL", utilisation(now.cpu, m_last.cpu)}});
    }
    NetLogger::Fields io;
    if (m_node->GetObject<HostBus>())
    {
        io.emplace_back("BUS.UTIL", utilisation(now.bus, m_last.bus));
    }
    if (m_node->GetObject<MemoryBus>())
    {
        io.emplace_back("MEM.UTIL", utilisation(now.memory, m_last.memory));
    }
    if (m_node->GetObject<DiskArray>())
    {
        io.emplace_back("DISK.UTIL", utilisation(now.disk, m_last.disk));
    }
    if (!io.empty())
    {
        m_log->Log(m_host, "iostat", "iostat", m_host, io);
    }
    NetLogger::Fields net;
    bool nic = false;
    for (uint32_t i = 0; i < m_node->GetNDevices(); ++i)
    {
        nic = nic || DynamicCast<NicNetDevice>(m_node->GetDevice(i));
    }
    if (nic)
    {
        net.emplace_back("RX.PKTS", std::to_string(now.rxPackets - m_last.rxPackets));
        net.emplace_back("INTR", std::to_string(now.interrupts - m_last.interrupts));
        net.emplace_back("RX.DROPS", std::to_string(now.rxDrops - m_last.rxDrops));
    }
    if (m_retransmits)
    {
        net.emplace_back("TCP.RETRANS", std::to_string(now.retransmits - m_last.retransmits));
    }
    if (!net.empty())
    {
        m_log->Log(m_host, "netstat", "netstat", m_host, net);
    }
    m_last = now;
    m_event = Simulator::Schedule(m_interval, &HostMonitor::Sample, this);
}

} // namespace hybridnet
} // namespace ns3
