/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hop-path-builder.h"

#include "hybridnet/ttl-expiry-helper.h"
#include "router-ports.h"
#include "wan-end-hosts.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4.h"
#include "ns3/on-off-helper.h"
#include "ns3/onoff-application.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/pointer.h"
#include "ns3/queue-size.h"
#include "ns3/random-variable-stream.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace hybridnet
{

namespace
{

const Ipv4Mask kHopMask("255.255.255.0");
constexpr uint16_t kCrossPort = 9;     //!< discard
constexpr uint32_t kUdpIpHeaders = 28; //!< bytes

/** @return ns-3's exponential random variable of mean @p seconds */
PointerValue
Exponential(double seconds)
{
    return PointerValue(
        CreateObjectWithAttributes<ExponentialRandomVariable>("Mean", DoubleValue(seconds)));
}

/** @return hop @p i's network, 10.0.i.0 */
Ipv4Address
HopNetwork(uint32_t i)
{
    return Ipv4Address((10U << 24) | (i << 8));
}

} // namespace

HopPathBuilder::HopPathBuilder(const HopPath& path)
    : m_path(path)
{
    m_nodes.Create(m_path.hops.size() + 1);
}

NetDeviceContainer
HopPathBuilder::Link(uint32_t i, const WanEndHosts* ends) const
{
    const HopPath::Hop& hop = m_path.hops[i - 1];
    const uint32_t n = m_path.hops.size();
    if (i == 1 && ends && ends->IsModelled(WanEndHosts::SENDER))
    {
        return ends->Cable(WanEndHosts::SENDER,
                           m_nodes.Get(0),
                           m_nodes.Get(1),
                           hop.rate,
                           hop.delay,
                           m_path.mtu);
    }
    if (i == n && ends && ends->IsModelled(WanEndHosts::RECEIVER))
    {
        const NetDeviceContainer d = ends->Cable(WanEndHosts::RECEIVER,
                                                 m_nodes.Get(n),
                                                 m_nodes.Get(n - 1),
                                                 hop.rate,
                                                 hop.delay,
                                                 m_path.mtu);
        return NetDeviceContainer(d.Get(1), d.Get(0));
    }
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", DataRateValue(hop.rate));
    link.SetDeviceAttribute("Mtu", UintegerValue(m_path.mtu));
    link.SetChannelAttribute("Delay", TimeValue(hop.delay));
    link.SetQueue("ns3::DropTailQueue",
                  "MaxSize",
                  QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, hop.queuePackets)));
    return link.Install(m_nodes.Get(i - 1), m_nodes.Get(i));
}

void
HopPathBuilder::Build(const WanEndHosts* ends)
{
    NS_ABORT_MSG_IF(m_built, "HopPathBuilder::Build: called twice");
    m_built = true;
    const uint32_t n = m_path.hops.size();
    for (uint32_t i = 1; i <= n; ++i)
    {
        m_hops.push_back(Link(i, ends));
    }
    InternetStackHelper().Install(m_nodes);
    InstallQdiscs(ends);
    for (uint32_t i = 1; i <= n; ++i)
    {
        Ipv4AddressHelper(HopNetwork(i), kHopMask).Assign(m_hops[i - 1]);
    }
    NodeContainer routers;
    for (uint32_t i = 1; i < n; ++i)
    {
        routers.Add(m_nodes.Get(i));
        const HopPath::Icmp& icmp = m_path.hops[i - 1].icmp;
        TtlExpiryHelper expiry;
        expiry.SetAttribute(
            "Rate",
            DoubleValue(icmp.interval.IsZero() ? 0.0 : 1 / icmp.interval.GetSeconds()));
        expiry.SetAttribute("Burst", DoubleValue(icmp.burst));
        expiry.SetAttribute("GenerationDelay", TimeValue(icmp.generationDelay));
        m_expiry.push_back(expiry.Install(m_nodes.Get(i)));
    }
    UseDeviceQueues(routers);
    for (uint32_t k = 0; k <= n; ++k)
    {
        Route(k);
    }
    for (uint32_t i = 2; i <= n; ++i)
    {
        AddCross(i);
    }
}

void
HopPathBuilder::InstallQdiscs(const WanEndHosts* ends) const
{
    // before the addresses (which would bring FqCoDel)
    const NetDeviceContainer sender(m_hops.front().Get(0));
    const NetDeviceContainer receiver(m_hops.back().Get(1));
    if (!ends)
    {
        WanEndHosts::InstallBareQdisc(NetDeviceContainer(sender, receiver));
        return;
    }
    ends->InstallQdisc(WanEndHosts::SENDER, sender);
    ends->InstallQdisc(WanEndHosts::RECEIVER, receiver);
}

void
HopPathBuilder::AddCross(uint32_t i)
{
    const HopPath::Hop& hop = m_path.hops[i - 1];
    if (!hop.cross)
    {
        return;
    }
    const InetSocketAddress to(GetHopAddress(i), kCrossPort);
    OnOffHelper source("ns3::UdpSocketFactory", to);
    source.SetConstantRate(hop.rate, m_path.mtu - kUdpIpHeaders);
    const double on = hop.cross->burst.GetSeconds();
    const double off = on * (double(hop.rate.GetBitRate()) / hop.cross->rate.GetBitRate() - 1);
    source.SetAttribute("OnTime", Exponential(on));
    source.SetAttribute("OffTime", Exponential(off));
    m_cross.Add(source.Install(m_nodes.Get(i - 1)));
    PacketSinkHelper("ns3::UdpSocketFactory", to).Install(m_nodes.Get(i));
}

int64_t
HopPathBuilder::AssignStreams(int64_t stream)
{
    int64_t used = 0;
    for (auto it = m_cross.Begin(); it != m_cross.End(); ++it)
    {
        used += DynamicCast<OnOffApplication>(*it)->AssignStreams(stream + used);
    }
    NetDeviceContainer ends(m_hops.front().Get(0), m_hops.back().Get(1));
    return used + WanEndHosts::AssignStreams(ends, stream + used);
}

void
HopPathBuilder::Route(uint32_t k)
{
    const uint32_t n = m_path.hops.size();
    Ptr<Ipv4> ipv4 = m_nodes.Get(k)->GetObject<Ipv4>();
    Ptr<Ipv4StaticRouting> routing = Ipv4StaticRoutingHelper().GetStaticRouting(ipv4);
    if (k < n) // on toward the receiver over hop k + 1
    {
        Ptr<NetDevice> out = m_hops[k].Get(0);
        routing->SetDefaultRoute(GetHopAddress(k + 1), ipv4->GetInterfaceForDevice(out));
    }
    if (k == 0)
    {
        return;
    }
    // back toward the sender over hop k: every subnet behind it (the receiver: by default)
    Ptr<NetDevice> back = m_hops[k - 1].Get(1);
    const Ipv4Address nearEnd(HopNetwork(k).Get() + 1);
    const uint32_t interface = ipv4->GetInterfaceForDevice(back);
    if (k == n)
    {
        routing->SetDefaultRoute(nearEnd, interface);
        return;
    }
    for (uint32_t i = 1; i < k; ++i)
    {
        routing->AddNetworkRouteTo(HopNetwork(i), kHopMask, nearEnd, interface);
    }
}

NodeContainer
HopPathBuilder::GetNodes() const
{
    return m_nodes;
}

Ptr<Node>
HopPathBuilder::GetSender() const
{
    return m_nodes.Get(0);
}

Ptr<Node>
HopPathBuilder::GetReceiver() const
{
    return m_nodes.Get(m_nodes.GetN() - 1);
}

Ipv4Address
HopPathBuilder::GetReceiverAddress() const
{
    return GetHopAddress(m_path.hops.size());
}

Ipv4Address
HopPathBuilder::GetHopAddress(uint32_t i) const
{
    NS_ABORT_MSG_UNLESS(i >= 1 && i <= m_path.hops.size(), "HopPathBuilder: no hop " << i);
    return Ipv4Address(HopNetwork(i).Get() + 2);
}

NetDeviceContainer
HopPathBuilder::GetHopDevices(uint32_t i) const
{
    return m_hops.at(i - 1);
}

Ptr<TtlExpiry>
HopPathBuilder::GetTtlExpiry(uint32_t i) const
{
    return m_expiry.at(i - 1);
}

} // namespace hybridnet
} // namespace ns3
