/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "wan-path.h"

#include "cross-traffic.h"
#include "router-ports.h"
#include "wan-tcp-flags.h"

#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-global-routing-helper.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace hybridnet
{

void
WanPath::AddFlags(ScenarioFlags& flags, Shape& shape)
{
    flags.AddDataRate("bottleneckRate",
                      "rate of the router's WAN port, the path's bottleneck",
                      &shape.bottleneckRate,
                      DataRate("1Mbps"),
                      DataRate("40Gbps"));
    flags.AddDataRate("accessRate",
                      "rate of the sender's access link to the router (at least bottleneckRate)",
                      &shape.accessRate,
                      DataRate("1Mbps"),
                      DataRate("40Gbps"));
    flags.AddTime("rtt",
                  "round-trip propagation delay of the path, without queueing or "
                  "serialization (MB-NG 6ms, DataTAG 120ms, UKLight 177ms, via Tokyo 433ms)",
                  &shape.rtt,
                  MicroSeconds(1),
                  Seconds(2));
    flags.AddTime("accessDelay",
                  "one-way propagation delay of the access link (the bottleneck link has "
                  "rtt/2 - accessDelay); at most rtt/2",
                  &shape.accessDelay,
                  Seconds(0),
                  Seconds(1));
    flags.AddCount("queuePackets",
                   "drop-tail queue of the router's bottleneck port in packets; 0: one BDP "
                   "(bottleneckRate x rtt / (segmentSize + 52B), at least 1)",
                   &shape.queuePackets,
                   0,
                   10000000);
    flags.AddConstraint("accessRate >= bottleneckRate",
                        [&shape]() { return shape.accessRate >= shape.bottleneckRate; });
    flags.AddConstraint("2 x accessDelay <= rtt",
                        [&shape]() { return shape.accessDelay * 2 <= shape.rtt; });
}

void
WanPath::AddReceiverRule(ScenarioFlags& flags, const Shape& shape, const WanEndHosts& ends)
{
    flags.AddConstraint("4 x accessDelay <= rtt with a receiver profile (two access links)",
                        [&shape, &ends]() {
                            return !ends.IsModelled(WanEndHosts::RECEIVER) ||
                                   shape.accessDelay * 4 <= shape.rtt;
                        });
}

WanPath::WanPath(const Shape& shape,
                 const WanTcpFlags& tcp,
                 const WanEndHosts& ends,
                 uint32_t mtu,
                 CrossTraffic* cross)
{
    Ptr<Node> sender = m_nodes.Get(0);
    Ptr<Node> router = m_nodes.Get(1);
    Ptr<Node> receiver = m_nodes.Get(2);
    const bool crossing = cross && cross->IsActive();
    m_access =
        ends.Cable(WanEndHosts::SENDER, sender, router, shape.accessRate, shape.accessDelay, mtu);
    const bool lastHop = ends.IsModelled(WanEndHosts::RECEIVER) || crossing;
    PointToPointHelper wanLink;
    wanLink.SetDeviceAttribute("DataRate", DataRateValue(shape.bottleneckRate));
    wanLink.SetDeviceAttribute("Mtu", UintegerValue(mtu));
    wanLink.SetChannelAttribute("Delay",
                                TimeValue(shape.rtt / 2 - shape.accessDelay * (lastHop ? 2 : 1)));
    if (lastHop)
    {
        m_farRouter = CreateObject<Node>();
        m_wan = wanLink.Install(router, m_farRouter);
        m_lastAccess = ends.Cable(WanEndHosts::RECEIVER,
                                  receiver,
                                  m_farRouter,
                                  shape.accessRate,
                                  shape.accessDelay,
                                  mtu);
    }
    else
    {
        m_wan = wanLink.Install(router, receiver);
    }
    tcp.Install(sender, ends.GetKernel(WanEndHosts::SENDER));
    tcp.Install(receiver, ends.GetKernel(WanEndHosts::RECEIVER));
    InternetStackHelper().Install(m_nodes);
    if (m_farRouter)
    {
        InternetStackHelper().Install(m_farRouter);
    }
    ends.InstallQdisc(WanEndHosts::SENDER, m_access.Get(0));
    ends.InstallQdisc(WanEndHosts::RECEIVER, GetReceiverDevice());
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    addresses.Assign(m_access);
    addresses.SetBase("10.1.2.0", "255.255.255.0");
    m_receiverAddress = addresses.Assign(m_wan).GetAddress(1);
    if (lastHop)
    {
        addresses.SetBase("10.1.3.0", "255.255.255.0");
        m_receiverAddress = addresses.Assign(m_lastAccess).GetAddress(0);
    }
    if (crossing)
    {
        cross->Build(router,
                     m_farRouter,
                     shape.accessRate,
                     shape.accessDelay,
                     shape.accessDelay,
                     mtu,
                     tcp);
    }
    UseDeviceQueues(m_farRouter ? NodeContainer(router, m_farRouter) : router);
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
}

Ptr<Node>
WanPath::GetSender() const
{
    return m_nodes.Get(0);
}

Ptr<Node>
WanPath::GetReceiver() const
{
    return m_nodes.Get(2);
}

Ipv4Address
WanPath::GetReceiverAddress() const
{
    return m_receiverAddress;
}

Ptr<NetDevice>
WanPath::GetSenderDevice() const
{
    return m_access.Get(0);
}

Ptr<NetDevice>
WanPath::GetReceiverDevice() const
{
    return m_farRouter ? m_lastAccess.Get(0) : m_wan.Get(1);
}

Ptr<NetDevice>
WanPath::GetBottleneckDevice() const
{
    return m_wan.Get(0);
}

void
WanPath::WatchQueues(QueueDrops& bottleneck, QueueDrops& sender, uint32_t queuePackets) const
{
    bottleneck.InstallBottleneck(GetBottleneckDevice(), queuePackets);
    sender.AddQueueDisc(
        GetSender()->GetObject<TrafficControlLayer>()->GetRootQueueDiscOnDevice(GetSenderDevice()));
    sender.AddDeviceQueue(GetSenderDevice());
}

HostCounters
WanPath::GetHostCounters(const WanEndHosts& ends) const
{
    NodeContainer hosts;
    NetDeviceContainer nics;
    std::vector<std::string> names;
    if (ends.IsModelled(WanEndHosts::SENDER))
    {
        hosts.Add(GetSender());
        nics.Add(GetSenderDevice());
        names.emplace_back("Sender");
    }
    if (ends.IsModelled(WanEndHosts::RECEIVER))
    {
        hosts.Add(GetReceiver());
        nics.Add(GetReceiverDevice());
        names.emplace_back("Receiver");
    }
    return HostCounters(hosts, nics, names);
}

} // namespace hybridnet
} // namespace ns3
