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
#include "ns3/point-to-point-helper.h"
#include "ns3/queue-size.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace hybridnet
{

namespace
{

const Ipv4Mask kHopMask("255.255.255.0");

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

void
HopPathBuilder::Build()
{
    NS_ABORT_MSG_IF(m_built, "HopPathBuilder::Build: called twice");
    m_built = true;
    InternetStackHelper().Install(m_nodes);
    const uint32_t n = m_path.hops.size();
    for (uint32_t i = 1; i <= n; ++i)
    {
        const HopPath::Hop& hop = m_path.hops[i - 1];
        PointToPointHelper link;
        link.SetDeviceAttribute("DataRate", DataRateValue(hop.rate));
        link.SetDeviceAttribute("Mtu", UintegerValue(m_path.mtu));
        link.SetChannelAttribute("Delay", TimeValue(hop.delay));
        link.SetQueue("ns3::DropTailQueue",
                      "MaxSize",
                      QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, hop.queuePackets)));
        m_hops.push_back(link.Install(m_nodes.Get(i - 1), m_nodes.Get(i)));
        // the hosts' pfifo_fast before the addresses (which would bring FqCoDel)
        if (i == 1)
        {
            WanEndHosts::InstallBareQdisc(NetDeviceContainer(m_hops.back().Get(0)));
        }
        if (i == n)
        {
            WanEndHosts::InstallBareQdisc(NetDeviceContainer(m_hops.back().Get(1)));
        }
        Ipv4AddressHelper(HopNetwork(i), kHopMask).Assign(m_hops.back());
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
