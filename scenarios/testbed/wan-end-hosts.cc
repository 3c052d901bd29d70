/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "wan-end-hosts.h"

#include "hybridnet/disk-array-helper.h"
#include "hybridnet/nic-helper.h"

#include "ns3/object-factory.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/queue-size.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace hybridnet
{

void
WanEndHosts::AddFlags(ScenarioFlags& flags, const std::string& senders)
{
    const std::string none = "a bare node on a point-to-point link, no host model";
    const std::string machine = " (a host model whose NIC is cabled by Ethernet to its router at "
                                "accessRate; with tcp=lfn its kernel is the profile's, the TCP "
                                "flags given overriding it)";
    m_hosts.AddProfile(flags, "sender", senders + machine, "none", none);
    m_hosts.AddProfile(flags, "receiver", "the receiving host" + machine, "none", none);
    m_hosts.AddTcpOffload(flags);
    flags.AddCount("txQueueLen",
                   "txqueuelen of both ends' transmit queue (pfifo_fast), packets: the "
                   "sender's segments wait there for its NIC; one its TCP cannot place puts "
                   "the TCP in CWR (Linux's local congestion); 0: the host profile's, or "
                   "Linux's default 1000 for a bare end",
                   &m_txQueueLen,
                   0,
                   1000000);
}

uint32_t
WanEndHosts::GetTxQueueLen() const
{
    return m_txQueueLen;
}

bool
WanEndHosts::IsModelled(End end) const
{
    return m_hosts.IsModelled(end);
}

const HostProfile*
WanEndHosts::GetKernel(End end) const
{
    if (!IsModelled(end) || !m_hosts.GetProfile(end).HasKernel())
    {
        return nullptr;
    }
    return &m_hosts.GetProfile(end);
}

bool
WanEndHosts::HasStorage(End end) const
{
    return IsModelled(end) && m_hosts.GetProfile(end).HasStorage();
}

std::string
WanEndHosts::CheckStorage(End end, uint64_t fileSize) const
{
    const HostProfile& profile = m_hosts.GetProfile(end);
    ObjectFactory factory(DiskArray::GetTypeId().GetName());
    for (const auto& s : profile.GetSettings())
    {
        if (s.section == "disk")
        {
            factory.Set(s.attribute, *s.value);
        }
    }
    Ptr<DiskArray> array = factory.Create<DiskArray>();
    const std::string problem = array->CheckAttributes();
    if (!problem.empty())
    {
        return profile.GetName() + ": disk: " + problem;
    }
    if (fileSize > array->GetCapacity())
    {
        return "fileSize " + std::to_string(fileSize) + " B does not fit on the disks of " +
               profile.GetName() + "; accepted at most " + std::to_string(array->GetCapacity()) +
               " B (its array's capacity)";
    }
    return "";
}

void
WanEndHosts::InstallStorage(End end, Ptr<Node> host) const
{
    if (HasStorage(end))
    {
        DiskArrayHelper storage;
        m_hosts.GetProfile(end).ApplyStorage(storage);
        storage.Install(host);
    }
}

NetDeviceContainer
WanEndHosts::Cable(End end,
                   Ptr<Node> host,
                   Ptr<Node> router,
                   DataRate rate,
                   Time delay,
                   uint32_t mtu) const
{
    if (!IsModelled(end))
    {
        PointToPointHelper link;
        link.SetDeviceAttribute("DataRate", DataRateValue(rate));
        link.SetDeviceAttribute("Mtu", UintegerValue(mtu));
        link.SetChannelAttribute("Delay", TimeValue(delay));
        return link.Install(host, router);
    }
    NicHelper link;
    m_hosts.Apply(end, link);
    link.SetDeviceAttribute("DataRate", DataRateValue(rate));
    link.SetPortAttribute("DataRate", DataRateValue(rate));
    link.SetDeviceAttribute("Mtu", UintegerValue(mtu));
    link.SetPortAttribute("Mtu", UintegerValue(mtu));
    link.SetChannelAttribute("Delay", TimeValue(delay));
    return link.Install(host, router);
}

void
WanEndHosts::InstallQdisc(End end, const NetDeviceContainer& devices) const
{
    if (IsModelled(end))
    {
        m_hosts.GetProfile(end).InstallQdisc(devices);
    }
    else
    {
        InstallBareQdisc(devices, m_txQueueLen);
        return;
    }
    if (m_txQueueLen == 0)
    {
        return;
    }
    for (auto it = devices.Begin(); it != devices.End(); ++it)
    {
        auto tc = (*it)->GetNode()->GetObject<TrafficControlLayer>();
        tc->GetRootQueueDiscOnDevice(*it)->SetAttribute(
            "MaxSize",
            QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, m_txQueueLen)));
    }
}

void
WanEndHosts::InstallBareQdisc(const NetDeviceContainer& devices, uint32_t txQueueLen)
{
    const uint32_t packets = txQueueLen == 0 ? kBareTxQueueLen : txQueueLen;
    TrafficControlHelper pfifoFast;
    pfifoFast.SetRootQueueDisc("ns3::PfifoFastQueueDisc",
                               "MaxSize",
                               QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, packets)));
    pfifoFast.Install(devices);
}

int64_t
WanEndHosts::AssignStreams(NetDeviceContainer devices, int64_t stream)
{
    return NicHelper::AssignStreams(devices, stream);
}

void
WanEndHosts::WriteSizing(ResultDocument& result, const WanPathSizing& sizing, bool lfn) const
{
    sizing.WriteTo(result, !lfn || !GetKernel(SENDER), !lfn || !GetKernel(RECEIVER));
}

} // namespace hybridnet
} // namespace ns3
