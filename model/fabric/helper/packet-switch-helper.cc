/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "packet-switch-helper.h"

#include "../packet-switch.h"
#include "hybridnet/ethernet-channel.h"
#include "hybridnet/ethernet-net-device.h"

#include "ns3/abort.h"
#include "ns3/arp-cache.h"
#include "ns3/ipv4-interface.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/log.h"
#include "ns3/mac48-address.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/node.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetPacketSwitchHelper");

PacketSwitchHelper::PacketSwitchHelper()
{
    m_queueFactory.SetTypeId("ns3::DropTailQueue<Packet>");
    m_hostQueueFactory.SetTypeId("ns3::DropTailQueue<Packet>");
    m_deviceFactory.SetTypeId("ns3::hybridnet::EthernetNetDevice");
    m_channelFactory.SetTypeId("ns3::hybridnet::EthernetChannel");
    m_switchFactory.SetTypeId("ns3::hybridnet::PacketSwitch");
}

void
PacketSwitchHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_deviceFactory.Set(name, value);
}

void
PacketSwitchHelper::SetChannelAttribute(std::string name, const AttributeValue& value)
{
    m_channelFactory.Set(name, value);
}

void
PacketSwitchHelper::SetSwitchAttribute(std::string name, const AttributeValue& value)
{
    m_switchFactory.Set(name, value);
}

Ptr<PacketSwitch>
PacketSwitchHelper::GetSwitch(Ptr<Node> switchNode)
{
    return switchNode->GetObject<PacketSwitch>();
}

Ptr<PacketSwitch>
PacketSwitchHelper::GetOrCreateSwitch(Ptr<Node> switchNode) const
{
    Ptr<PacketSwitch> sw = switchNode->GetObject<PacketSwitch>();
    if (!sw)
    {
        sw = m_switchFactory.Create<PacketSwitch>();
        switchNode->AggregateObject(sw);
    }
    return sw;
}

Ptr<EthernetNetDevice>
PacketSwitchHelper::CreateDevice(Ptr<Node> node, const ObjectFactory& queueFactory) const
{
    Ptr<EthernetNetDevice> device = m_deviceFactory.Create<EthernetNetDevice>();
    device->SetAddress(Mac48Address::Allocate());
    device->SetQueue(queueFactory.Create<Queue<Packet>>());
    node->AddDevice(device);
    return device;
}

NetDeviceContainer
PacketSwitchHelper::Install(Ptr<Node> switchNode, NodeContainer hosts) const
{
    NS_LOG_FUNCTION(this << switchNode << hosts.GetN());
    NetDeviceContainer hostDevices;
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        NS_ABORT_MSG_IF(hosts.Get(i) == switchNode,
                        "PacketSwitchHelper::Install: the switch node cannot be its own host");
        Ptr<EthernetNetDevice> device = CreateDevice(hosts.Get(i), m_hostQueueFactory);
        // Flow control towards traffic control, as EthernetHelper does.
        Ptr<NetDeviceQueueInterface> queueInterface = CreateObject<NetDeviceQueueInterface>();
        queueInterface->GetTxQueue(0)->ConnectQueueTraces(device->GetQueue());
        device->AggregateObject(queueInterface);
        InstallPort(switchNode, device);
        hostDevices.Add(device);
    }
    return hostDevices;
}

Ptr<EthernetNetDevice>
PacketSwitchHelper::InstallPort(Ptr<Node> switchNode, Ptr<EthernetNetDevice> hostDevice) const
{
    NS_LOG_FUNCTION(this << switchNode << hostDevice);
    NS_ABORT_MSG_IF(!hostDevice->GetNode(),
                    "PacketSwitchHelper::InstallPort: the host device must be on its node");
    NS_ABORT_MSG_IF(hostDevice->GetChannel(),
                    "PacketSwitchHelper::InstallPort: the host device is already cabled");
    Ptr<EthernetNetDevice> port = CreateDevice(switchNode, m_queueFactory);
    Ptr<EthernetChannel> channel = m_channelFactory.Create<EthernetChannel>();
    hostDevice->Attach(channel);
    port->Attach(channel);
    AddPort(switchNode, port);
    return port;
}

uint32_t
PacketSwitchHelper::AddPort(Ptr<Node> switchNode, Ptr<EthernetNetDevice> port) const
{
    NS_LOG_FUNCTION(this << switchNode << port);
    NS_ABORT_MSG_IF(port->GetNode() != switchNode,
                    "PacketSwitchHelper::AddPort: the port is not on the switch node");
    return GetOrCreateSwitch(switchNode)->AddPort(port);
}

void
PacketSwitchHelper::PopulateArpCaches(const NetDeviceContainer& hostDevices)
{
    for (uint32_t i = 0; i < hostDevices.GetN(); ++i)
    {
        Ptr<NetDevice> device = hostDevices.Get(i);
        Ptr<Ipv4L3Protocol> ipv4 = device->GetNode()->GetObject<Ipv4L3Protocol>();
        NS_ABORT_MSG_UNLESS(ipv4 && ipv4->GetInterfaceForDevice(device) >= 0,
                            "PopulateArpCaches: device " << i << " has no IPv4 interface");
        Ptr<ArpCache> cache =
            ipv4->GetInterface(ipv4->GetInterfaceForDevice(device))->GetArpCache();
        for (uint32_t j = 0; j < hostDevices.GetN(); ++j)
        {
            Ptr<NetDevice> neighbor = hostDevices.Get(j);
            if (j == i)
            {
                continue;
            }
            Ptr<Ipv4L3Protocol> peerIpv4 = neighbor->GetNode()->GetObject<Ipv4L3Protocol>();
            NS_ABORT_MSG_UNLESS(peerIpv4 && peerIpv4->GetInterfaceForDevice(neighbor) >= 0,
                                "PopulateArpCaches: device " << j << " has no IPv4 interface");
            const Ipv4Address peer =
                peerIpv4->GetAddress(peerIpv4->GetInterfaceForDevice(neighbor), 0).GetLocal();
            ArpCache::Entry* entry = cache->Lookup(peer);
            if (!entry)
            {
                entry = cache->Add(peer);
            }
            entry->SetMacAddress(neighbor->GetAddress());
            entry->MarkAutoGenerated();
        }
    }
}

} // namespace hybridnet
} // namespace ns3
