/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "vpi-hosts.h"

#include "host-flags.h"
#include "host-profile.h"
#include "hybridnet/ethernet-net-device.h"
#include "hybridnet/infiniband-module.h"
#include "hybridnet/nic-helper.h"
#include "hybridnet/packet-switch-helper.h"
#include "scenario-flags.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace hybridnet
{

VpiHosts::VpiHosts(uint32_t n, const HostFlags& flags, const VpiCabling& cabling)
    : hosts(n)
{
    NS_ABORT_MSG_IF(n < 2, "VpiHosts: at least 2 hosts, not " << n);
    CableTengig(flags, cabling);
    NetDeviceContainer ports = CableInfiniband(cabling);
    NodeContainer subnet = hosts;
    for (uint32_t i = 0; i < ports.GetN(); ++i)
    {
        Ptr<Node> node = ports.Get(i)->GetNode();
        if (!subnet.Contains(node->GetId()))
        {
            subnet.Add(node); // the IB switch
        }
    }
    InfinibandSubnetManagerHelper().Configure(subnet);
    for (uint32_t h = 0; h < n; ++h)
    {
        hca.push_back(InfinibandVerbsHelper().Install(
            DynamicCast<InfinibandNetDevice>(ports.Get(n == 2 ? h : 2 * h))));
    }
}

void
VpiHosts::CableTengig(const HostFlags& flags, const VpiCabling& cabling)
{
    NicHelper nic;
    flags.Apply(0, nic);
    nic.SetDeviceAttribute("DataRate", DataRateValue(DataRate("10Gbps")));
    nic.SetPortAttribute("DataRate", DataRateValue(DataRate("10Gbps"))); // the switch's ports
    nic.SetChannelAttribute("Delay", TimeValue(cabling.tengigDelay));
    nic.SetCoalescingAttribute("Adaptive", BooleanValue(cabling.aic));
    nic.SetCoalescingAttribute("RxFrames", UintegerValue(cabling.rxFrames));
    if (hosts.GetN() == 2)
    {
        tengig = nic.InstallBackToBack(hosts.Get(0), hosts.Get(1));
    }
    else
    {
        Ptr<Node> sw = CreateObject<Node>();
        PacketSwitchHelper packetSwitch;
        for (uint32_t h = 0; h < hosts.GetN(); ++h)
        {
            NetDeviceContainer pair = nic.Install(hosts.Get(h), sw);
            tengig.Add(pair.Get(0));
            packetSwitch.AddPort(sw, DynamicCast<EthernetNetDevice>(pair.Get(1)));
        }
    }
    NicHelper::AssignStreams(tengig, 0);
}

void
VpiCabling::AddInfinibandFlags(ScenarioFlags& flags)
{
    flags.AddCount("ibWidth",
                   "InfiniBand link width, lanes: 1, 4 or 12 (1X, 4X, 12X; the study's 4X)",
                   &ibLanes,
                   1,
                   12);
    flags.AddChoice("ibSpeed",
                    "InfiniBand signalling per lane: SDR 2.5, DDR 5, QDR 10 Gbaud (the "
                    "study's DDR: 16 Gb/s of data on 4X after 8b/10b)",
                    &ibSpeed,
                    {"SDR", "DDR", "QDR"});
    flags.AddSize("ibMtu",
                  "IBA MTU of the InfiniBand ports, bytes of payload per packet: 256B, 512B, "
                  "1KiB, 2KiB or 4KiB (2KiB: OpenSM's default, an assumption); IPoIB's "
                  "datagram MTU is 4 B less",
                  &ibMtu,
                  256,
                  4096);
    flags.AddConstraint("ibWidth is 1, 4 or 12 lanes (no 8X cable or connector is defined)",
                        [this]() { return InfinibandRate::Exists(ibLanes, InfinibandRate::DDR); });
    flags.AddConstraint("ibMtu is 256B, 512B, 1KiB, 2KiB or 4KiB (the IBA MTUs)", [this]() {
        return ibMtu >= 256 && ibMtu <= 4096 && (ibMtu & (ibMtu - 1)) == 0;
    });
}

NetDeviceContainer
VpiHosts::CableInfiniband(const VpiCabling& cabling)
{
    InfinibandHelper ib;
    ib.SetDeviceAttribute("Width", StringValue(std::to_string(cabling.ibLanes) + "X"));
    ib.SetDeviceAttribute("Speed", StringValue(cabling.ibSpeed));
    ib.SetDeviceAttribute("Mtu", StringValue(std::to_string(cabling.ibMtu)));
    // Every connection's path MTU is the ports' (OpenSM's path record: the smaller active
    // MTU of the two ends; here all ports alike), for verbs, SDP and IPoIB's RC QPs.
    Config::SetDefault("ns3::hybridnet::InfinibandQueuePair::Mtu",
                       StringValue(std::to_string(cabling.ibMtu)));
    ib.SetChannelAttribute("Delay", TimeValue(cabling.ibDelay));
    if (hosts.GetN() == 2)
    {
        return ib.Install(hosts.Get(0), hosts.Get(1));
    }
    Ptr<Node> sw = CreateObject<Node>();
    ib.InstallSwitch(sw);
    NetDeviceContainer ports; // host h's port at 2 h, the switch's at 2 h + 1
    for (uint32_t h = 0; h < hosts.GetN(); ++h)
    {
        ports.Add(ib.Install(hosts.Get(h), sw));
    }
    return ports;
}

void
VpiHosts::InstallInternet(const std::string& ipoibMode, bool sdp, const HostProfile& profile)
{
    IpoibHelper helper;
    helper.SetDeviceAttribute("Mode", StringValue(ipoibMode));
    ipoib = helper.Install(hosts);
    InternetStackHelper().Install(hosts);
    profile.InstallQdisc(tengig);
    profile.InstallQdisc(ipoib);
    Ipv4AddressHelper("10.0.0.0", "255.255.255.0").Assign(tengig);
    Ipv4AddressHelper("10.1.0.0", "255.255.255.0").Assign(ipoib);
    if (hosts.GetN() == 2)
    {
        NeighborCacheHelper().PopulateNeighborCache();
    }
    else
    {
        PacketSwitchHelper::PopulateArpCaches(tengig);
    }
    IpoibHelper::ResolveNeighbours(ipoib);
    if (sdp)
    {
        SdpHelper().Install(hosts);
    }
}

Ipv4Address
VpiHosts::GetAddress(uint32_t h, bool tengigPort) const
{
    const auto& devices = tengigPort ? tengig : ipoib;
    Ptr<Ipv4> ip = hosts.Get(h)->GetObject<Ipv4>();
    return ip->GetAddress(ip->GetInterfaceForDevice(devices.Get(h)), 0).GetLocal();
}

uint32_t
VpiHosts::GetMtu(bool tengigPort) const
{
    return (tengigPort ? tengig : ipoib).Get(0)->GetMtu();
}

} // namespace hybridnet
} // namespace ns3
