/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "optical-circuit-switch-helper.h"

#include "../circuit-switch-console-server.h"
#include "../media-converter.h"
#include "../optical-circuit-switch.h"
#include "../phy-relay-port.h"
#include "hybridnet/ethernet-channel.h"
#include "hybridnet/ethernet-net-device.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/log.h"
#include "ns3/mac48-address.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/node.h"
#include "ns3/queue.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetOpticalCircuitSwitchHelper");

OpticalCircuitSwitchHelper::OpticalCircuitSwitchHelper()
{
    m_switchFactory.SetTypeId("ns3::hybridnet::OpticalCircuitSwitch");
    m_converterFactory.SetTypeId("ns3::hybridnet::MediaConverter");
    m_copperFactory.SetTypeId("ns3::hybridnet::EthernetChannel");
    m_fiberFactory.SetTypeId("ns3::hybridnet::EthernetChannel");
    m_hostDeviceFactory.SetTypeId("ns3::hybridnet::EthernetNetDevice");
    m_mgmtDeviceFactory.SetTypeId("ns3::hybridnet::EthernetNetDevice");
    m_mgmtDeviceFactory.Set("DataRate", DataRateValue(DataRate("10Mbps")));
    m_mgmtChannelFactory.SetTypeId("ns3::hybridnet::EthernetChannel");
    m_serverFactory.SetTypeId("ns3::hybridnet::CircuitSwitchConsoleServer");
}

void
OpticalCircuitSwitchHelper::SetSwitchAttribute(std::string name, const AttributeValue& value)
{
    m_switchFactory.Set(name, value);
}

void
OpticalCircuitSwitchHelper::SetMediaConverterAttribute(std::string name,
                                                       const AttributeValue& value)
{
    m_converterFactory.Set(name, value);
}

void
OpticalCircuitSwitchHelper::SetCopperChannelAttribute(std::string name, const AttributeValue& value)
{
    m_copperFactory.Set(name, value);
}

void
OpticalCircuitSwitchHelper::SetFiberChannelAttribute(std::string name, const AttributeValue& value)
{
    m_fiberFactory.Set(name, value);
}

void
OpticalCircuitSwitchHelper::SetHostDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_hostDeviceFactory.Set(name, value);
}

void
OpticalCircuitSwitchHelper::SetManagementDeviceAttribute(std::string name,
                                                         const AttributeValue& value)
{
    m_mgmtDeviceFactory.Set(name, value);
}

void
OpticalCircuitSwitchHelper::SetManagementChannelAttribute(std::string name,
                                                          const AttributeValue& value)
{
    m_mgmtChannelFactory.Set(name, value);
}

void
OpticalCircuitSwitchHelper::SetConsoleServerAttribute(std::string name, const AttributeValue& value)
{
    m_serverFactory.Set(name, value);
}

Ptr<OpticalCircuitSwitch>
OpticalCircuitSwitchHelper::Install(Ptr<Node> node) const
{
    NS_LOG_FUNCTION(this << node);
    NS_ABORT_MSG_IF(node->GetObject<OpticalCircuitSwitch>(),
                    "OpticalCircuitSwitchHelper::Install: node " << node->GetId()
                                                                 << " has a switch already");
    Ptr<OpticalCircuitSwitch> ocs = m_switchFactory.Create<OpticalCircuitSwitch>();
    ocs->Install(node);
    return ocs;
}

Ptr<MediaConverter>
OpticalCircuitSwitchHelper::AttachHost(Ptr<OpticalCircuitSwitch> ocs,
                                       uint32_t port,
                                       Ptr<EthernetNetDevice> hostDevice) const
{
    NS_LOG_FUNCTION(this << ocs << port << hostDevice);
    Ptr<PhyRelayPort> switchPort = ocs->GetPort(port); // aborts when out of range
    NS_ABORT_MSG_IF(switchPort->GetChannel(),
                    "OpticalCircuitSwitchHelper::AttachHost: port " << port
                                                                    << " is cabled already");
    NS_ABORT_MSG_IF(!hostDevice->GetNode() || hostDevice->GetChannel(),
                    "OpticalCircuitSwitchHelper::AttachHost: the host device must be on a node "
                    "and not yet cabled");

    Ptr<MediaConverter> converter = m_converterFactory.Create<MediaConverter>();
    converter->Install(CreateObject<Node>());

    // The light keeps the NIC's line rate and tagging end to end.
    BooleanValue vlan;
    hostDevice->GetAttribute("VlanTag", vlan);
    for (const Ptr<PhyRelayPort>& relay :
         {converter->GetCopperPort(), converter->GetFiberPort(), switchPort})
    {
        relay->SetDataRate(hostDevice->GetDataRate());
        relay->SetAttribute("VlanTag", vlan);
    }

    Ptr<EthernetChannel> copper = m_copperFactory.Create<EthernetChannel>();
    hostDevice->Attach(copper);
    converter->GetCopperPort()->Attach(copper);
    Ptr<EthernetChannel> fiber = m_fiberFactory.Create<EthernetChannel>();
    converter->GetFiberPort()->Attach(fiber);
    switchPort->Attach(fiber);
    return converter;
}

Ptr<EthernetNetDevice>
OpticalCircuitSwitchHelper::CreateDevice(Ptr<Node> node, const ObjectFactory& factory)
{
    Ptr<EthernetNetDevice> device = factory.Create<EthernetNetDevice>();
    device->SetAddress(Mac48Address::Allocate());
    Ptr<Queue<Packet>> queue = device->GetQueue();
    if (!queue)
    {
        ObjectFactory queueFactory("ns3::DropTailQueue<Packet>");
        queue = queueFactory.Create<Queue<Packet>>();
        device->SetQueue(queue);
    }
    node->AddDevice(device);
    // Flow control towards traffic control, as EthernetHelper does.
    Ptr<NetDeviceQueueInterface> queueInterface = CreateObject<NetDeviceQueueInterface>();
    queueInterface->GetTxQueue(0)->ConnectQueueTraces(queue);
    device->AggregateObject(queueInterface);
    return device;
}

Ptr<EthernetNetDevice>
OpticalCircuitSwitchHelper::InstallHost(Ptr<OpticalCircuitSwitch> ocs,
                                        uint32_t port,
                                        Ptr<Node> host) const
{
    NS_LOG_FUNCTION(this << ocs << port << host);
    Ptr<EthernetNetDevice> device = CreateDevice(host, m_hostDeviceFactory);
    AttachHost(ocs, port, device);
    return device;
}

NetDeviceContainer
OpticalCircuitSwitchHelper::InstallManagement(Ptr<Node> switchNode, Ptr<Node> frontEnd) const
{
    NS_LOG_FUNCTION(this << switchNode << frontEnd);
    Ptr<EthernetChannel> channel = m_mgmtChannelFactory.Create<EthernetChannel>();
    NetDeviceContainer devices;
    for (const Ptr<Node>& node : {switchNode, frontEnd})
    {
        Ptr<EthernetNetDevice> device = CreateDevice(node, m_mgmtDeviceFactory);
        device->Attach(channel);
        devices.Add(device);
    }
    return devices;
}

ApplicationContainer
OpticalCircuitSwitchHelper::InstallConsoleServer(Ptr<Node> switchNode) const
{
    NS_LOG_FUNCTION(this << switchNode);
    NS_ABORT_MSG_IF(!switchNode->GetObject<OpticalCircuitSwitch>(),
                    "OpticalCircuitSwitchHelper::InstallConsoleServer: no switch on node "
                        << switchNode->GetId());
    Ptr<CircuitSwitchConsoleServer> server = m_serverFactory.Create<CircuitSwitchConsoleServer>();
    switchNode->AddApplication(server);
    return ApplicationContainer(server);
}

int64_t
OpticalCircuitSwitchHelper::AssignStreams(NodeContainer nodes, int64_t stream)
{
    int64_t used = 0;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        if (Ptr<OpticalCircuitSwitch> ocs = (*it)->GetObject<OpticalCircuitSwitch>())
        {
            used += ocs->AssignStreams(stream + used);
        }
    }
    return used;
}

} // namespace hybridnet
} // namespace ns3
