/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "grid-builder.h"

#include "hybridnet/packet-switch-helper.h"
#include "router-ports.h"
#include "wan-end-hosts.h"

#include "ns3/abort.h"
#include "ns3/data-rate.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4.h"
#include "ns3/nstime.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/queue-size.h"

namespace ns3
{
namespace hybridnet
{

namespace
{

const Ipv4Mask kSwitchMask("255.255.255.0");

/** @return a drop-tail queue size of @p packets */
QueueSizeValue
Packets(uint32_t packets)
{
    return QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, packets));
}

} // namespace

GridBuilder::GridBuilder(const GridTopology& topology)
    : m_topology(topology)
{
    uint32_t firstSwitch = 0;
    for (const GridTopology::Group& g : m_topology.groups)
    {
        m_hosts.emplace_back();
        m_hosts.back().Create(g.hosts);
        m_switches.emplace_back();
        m_switches.back().Create(g.GetSwitches());
        m_firstSwitch.push_back(firstSwitch);
        firstSwitch += g.GetSwitches();
    }
    m_routers.Create(m_topology.routers.size());
}

void
GridBuilder::Build()
{
    NS_ABORT_MSG_IF(m_built, "GridBuilder::Build: called twice");
    m_built = true;
    InternetStackHelper internet;
    internet.Install(m_routers);
    internet.Install(GetHosts());
    for (size_t g = 0; g < m_topology.groups.size(); ++g)
    {
        BuildGroup(g);
    }
    for (size_t k = 0; k < m_topology.trunks.size(); ++k)
    {
        BuildTrunk(k);
    }
    UseDeviceQueues(m_routers);
    BuildRoutes();
}

void
GridBuilder::BuildGroup(size_t g)
{
    const GridTopology::Group& group = m_topology.groups[g];
    PacketSwitchHelper star;
    star.SetChannelAttribute("Delay", TimeValue(group.cableDelay));
    star.SetQueue("ns3::DropTailQueue", "MaxSize", Packets(group.queuePackets));
    star.SetHostQueue("ns3::DropTailQueue", "MaxSize", Packets(group.queuePackets));
    m_addresses.emplace_back();
    m_uplinks.emplace_back();
    for (uint32_t s = 0; s < group.GetSwitches(); ++s)
    {
        Ptr<Node> switchNode = m_switches[g].Get(s);
        star.SetDeviceAttribute("DataRate", DataRateValue(group.uplinkRate));
        NetDeviceContainer lan =
            star.Install(switchNode, NodeContainer(m_routers.Get(group.router)));
        star.SetDeviceAttribute("DataRate", DataRateValue(group.rate));
        NodeContainer hosts;
        for (uint32_t i = s * group.hostsPerSwitch;
             i < std::min(group.hosts, (s + 1) * group.hostsPerSwitch);
             ++i)
        {
            hosts.Add(m_hosts[g].Get(i));
        }
        const NetDeviceContainer hostDevices = star.Install(switchNode, hosts);
        WanEndHosts::InstallBareQdisc(hostDevices);
        lan.Add(hostDevices);
        Ipv4AddressHelper ip(GetSwitchNetwork(m_firstSwitch[g] + s), kSwitchMask);
        const Ipv4InterfaceContainer addresses = ip.Assign(lan);
        for (uint32_t i = 1; i < addresses.GetN(); ++i)
        {
            m_addresses[g].push_back(addresses.GetAddress(i));
        }
        m_uplinks[g].Add(lan.Get(0));
        PacketSwitchHelper::PopulateArpCaches(lan);
    }
}

void
GridBuilder::BuildTrunk(size_t k)
{
    const GridTopology::Trunk& trunk = m_topology.trunks[k];
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", DataRateValue(trunk.rate));
    link.SetChannelAttribute("Delay", TimeValue(trunk.delay));
    link.SetQueue("ns3::DropTailQueue", "MaxSize", Packets(trunk.queuePackets));
    m_trunks.push_back(link.Install(m_routers.Get(trunk.a), m_routers.Get(trunk.b)));
    Ipv4AddressHelper ip(Ipv4Address(Ipv4Address("172.16.0.0").Get() + 4 * uint32_t(k)),
                         "255.255.255.252");
    ip.Assign(m_trunks.back());
}

void
GridBuilder::BuildRoutes()
{
    Ipv4StaticRoutingHelper routing;
    for (size_t g = 0; g < m_topology.groups.size(); ++g)
    {
        for (auto host = m_hosts[g].Begin(); host != m_hosts[g].End(); ++host)
        {
            Ptr<Ipv4> ipv4 = (*host)->GetObject<Ipv4>();
            const Ipv4Address own = ipv4->GetAddress(1, 0).GetLocal();
            const Ipv4Address gateway(own.CombineMask(kSwitchMask).Get() + 1);
            routing.GetStaticRouting(ipv4)->SetDefaultRoute(gateway, 1);
        }
        const uint32_t q = m_topology.groups[g].router;
        for (uint32_t r = 0; r < m_routers.GetN(); ++r)
        {
            if (r == q)
            {
                continue;
            }
            const size_t k = m_topology.NextTrunk(r, q);
            const bool atA = m_topology.trunks[k].a == r;
            Ptr<NetDevice> far = m_trunks[k].Get(atA ? 1 : 0);
            Ptr<Ipv4> ipv4 = m_routers.Get(r)->GetObject<Ipv4>();
            const Ipv4Address next =
                far->GetNode()
                    ->GetObject<Ipv4>()
                    ->GetAddress(far->GetNode()->GetObject<Ipv4>()->GetInterfaceForDevice(far), 0)
                    .GetLocal();
            const int32_t out = ipv4->GetInterfaceForDevice(m_trunks[k].Get(atA ? 0 : 1));
            for (uint32_t s = 0; s < m_topology.groups[g].GetSwitches(); ++s)
            {
                routing.GetStaticRouting(ipv4)->AddNetworkRouteTo(
                    GetSwitchNetwork(m_firstSwitch[g] + s),
                    kSwitchMask,
                    next,
                    uint32_t(out));
            }
        }
    }
}

const GridTopology&
GridBuilder::GetTopology() const
{
    return m_topology;
}

NodeContainer
GridBuilder::GetHosts() const
{
    NodeContainer all;
    for (const NodeContainer& hosts : m_hosts)
    {
        all.Add(hosts);
    }
    return all;
}

NodeContainer
GridBuilder::GetHosts(size_t g) const
{
    return m_hosts.at(g);
}

Ipv4Address
GridBuilder::GetAddress(size_t g, uint32_t i) const
{
    return m_addresses.at(g).at(i);
}

NodeContainer
GridBuilder::GetRouters() const
{
    return m_routers;
}

NetDeviceContainer
GridBuilder::GetTrunkDevices(size_t k) const
{
    return m_trunks.at(k);
}

NetDeviceContainer
GridBuilder::GetUplinkDevices(size_t g) const
{
    return m_uplinks.at(g);
}

NodeContainer
GridBuilder::GetSwitches(size_t g) const
{
    return m_switches.at(g);
}

uint32_t
GridBuilder::GetFirstSwitch(size_t g) const
{
    return m_firstSwitch.at(g);
}

Ipv4Address
GridBuilder::GetSwitchNetwork(uint32_t s)
{
    return Ipv4Address(((10U << 24) | ((1 + s / 256) << 16) | ((s % 256) << 8)));
}

} // namespace hybridnet
} // namespace ns3
