/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "cluster-builder.h"

#include "hybridnet/endpoint-daemon.h"
#include "hybridnet/ethernet-net-device.h"
#include "hybridnet/flow-steering-helper.h"
#include "hybridnet/flow-steering.h"
#include "hybridnet/host-profile.h"
#include "hybridnet/loopback-helper.h"
#include "hybridnet/media-converter.h"
#include "hybridnet/nic-helper.h"
#include "hybridnet/nic-net-device.h"
#include "hybridnet/offload-daemon-helper.h"
#include "hybridnet/optical-circuit-switch-helper.h"
#include "hybridnet/optical-circuit-switch.h"
#include "hybridnet/packet-switch-helper.h"
#include "hybridnet/packet-switch.h"
#include "hybridnet/pipe-fitting-daemon.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-interface.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/log.h"
#include "ns3/names.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetClusterBuilder");

namespace
{

/**
 * Give @p device an IPv4 interface with @p address and @p mask, up.
 * @return the interface index
 */
uint32_t
AddInterface(Ptr<NetDevice> device, Ipv4Address address, Ipv4Mask mask)
{
    Ptr<Ipv4> ipv4 = device->GetNode()->GetObject<Ipv4>();
    NS_ABORT_MSG_UNLESS(ipv4, "no internet stack on the node of " << device);
    int32_t index = ipv4->GetInterfaceForDevice(device);
    if (index < 0)
    {
        index = ipv4->AddInterface(device);
    }
    ipv4->AddAddress(index, Ipv4InterfaceAddress(address, mask));
    ipv4->SetMetric(index, 1);
    ipv4->SetUp(index);
    return index;
}

} // namespace

ClusterBuilder::ClusterBuilder() = default;

ClusterBuilder::~ClusterBuilder() = default;

void
ClusterBuilder::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_deviceAttributes.emplace_back(name, value.Copy());
}

void
ClusterBuilder::SetModeratorAttribute(std::string name, const AttributeValue& value)
{
    m_moderatorAttributes.emplace_back(name, value.Copy());
}

void
ClusterBuilder::SetTcp(const TcpChoice& tcp)
{
    m_tcp = tcp;
}

void
ClusterBuilder::Build(const ClusterTopology& topology)
{
    NS_ABORT_MSG_IF(m_built, "ClusterBuilder::Build called twice");
    m_built = true;
    m_topology = topology;
    // The steps of the class comment, in order; step 6 is a single helper call.
    const NicHelper nics = BuildHosts();
    BuildPacketNetwork(nics);
    const OpticalCircuitSwitchHelper circuits = BuildCircuitNetwork(nics);
    Ptr<NetDevice> acceleratorManagement = BuildManagementCable(circuits);
    BuildInternetStack(acceleratorManagement);
    circuits.InstallConsoleServer(m_acceleratorNode);
    ScheduleStaticCircuits();
    BuildFlowSteering();
    if (m_topology.HasDaemons())
    {
        InstallDaemons();
    }
}

NicHelper
ClusterBuilder::BuildHosts()
{
    const ClusterTopology& t = m_topology;
    for (const auto& h : t.hosts)
    {
        NS_ABORT_MSG_IF(Names::Find<Node>(h.name),
                        "host name '" << h.name << "' is already an ns-3 Name");
        Ptr<Node> node = CreateObject<Node>();
        Names::Add(h.name, node);
        m_hostNodes.Add(node);
        m_hosts[h.name].node = node;
    }
    m_switchNode = CreateObject<Node>();
    m_acceleratorNode = CreateObject<Node>();

    m_profile = HostProfile::Load(t.hostProfile);
    const HostProfile& profile = *m_profile;
    LoopbackHelper loopback;
    profile.ApplyLoopback(loopback);
    loopback.Install(m_hostNodes);

    NicHelper nics;
    profile.Apply(nics);
    for (const auto& [name, value] : m_deviceAttributes)
    {
        nics.SetDeviceAttribute(name, *value);
    }
    for (const auto& [name, value] : m_moderatorAttributes)
    {
        nics.SetModeratorAttribute(name, *value);
    }
    if (t.links.rate)
    {
        nics.SetDeviceAttribute("DataRate", DataRateValue(*t.links.rate));
        nics.SetPortAttribute("DataRate", DataRateValue(*t.links.rate));
    }
    if (t.packetSwitch.flowControl.value_or(false))
    {
        // The switch sends PAUSE; the hosts honour it (PacketSwitch FlowControl).
        nics.SetDeviceAttribute("PauseEnabled", BooleanValue(true));
    }
    if (t.links.packetCableDelay)
    {
        nics.SetChannelAttribute("Delay", TimeValue(*t.links.packetCableDelay));
    }
    if (t.packetSwitch.queuePackets)
    {
        nics.SetPortQueueSize(*t.packetSwitch.queuePackets);
    }
    nics.InstallHost(m_hostNodes);
    return nics;
}

void
ClusterBuilder::BuildPacketNetwork(const NicHelper& nics)
{
    const ClusterTopology& t = m_topology;
    std::vector<const ClusterTopology::Host*> byPort;
    for (const auto& h : t.hosts)
    {
        byPort.push_back(&h);
    }
    std::sort(byPort.begin(), byPort.end(), [](const auto* a, const auto* b) {
        return a->packetNic.switchPort < b->packetNic.switchPort;
    });
    PacketSwitchHelper packetSwitch;
    if (t.packetSwitch.switchingLatency)
    {
        packetSwitch.SetSwitchAttribute("SwitchingLatency",
                                        TimeValue(*t.packetSwitch.switchingLatency));
    }
    if (t.packetSwitch.flowControl)
    {
        packetSwitch.SetSwitchAttribute("FlowControl", BooleanValue(*t.packetSwitch.flowControl));
    }
    for (const auto* h : byPort)
    {
        BuiltHost& built = m_hosts[h->name];
        NetDeviceContainer pair = nics.Install(built.node, m_switchNode);
        built.packetDevice = pair.Get(0);
        built.switchPort = pair.Get(1);
        packetSwitch.AddPort(m_switchNode, DynamicCast<EthernetNetDevice>(pair.Get(1)));
    }
}

std::string
ClusterBuilder::GetDefaultConnections() const
{
    const ClusterTopology& t = m_topology;
    std::string defaultMap;
    for (const auto& c : t.staticCircuits)
    {
        if (!c.at)
        {
            if (!defaultMap.empty())
            {
                defaultMap += ' ';
            }
            defaultMap += std::to_string(t.FindHost(c.hostA)->circuitNic->acceleratorPort);
            defaultMap += '-';
            defaultMap += std::to_string(t.FindHost(c.hostB)->circuitNic->acceleratorPort);
        }
    }
    return defaultMap;
}

OpticalCircuitSwitchHelper
ClusterBuilder::BuildCircuitNetwork(const NicHelper& nics)
{
    const ClusterTopology& t = m_topology;
    OpticalCircuitSwitchHelper circuits;
    circuits.SetSwitchAttribute("NumPorts", UintegerValue(t.accelerator.ports));
    if (t.accelerator.switchingTime)
    {
        circuits.SetSwitchAttribute("SwitchingTime", TimeValue(*t.accelerator.switchingTime));
    }
    if (t.accelerator.commandLatencyMin)
    {
        circuits.SetSwitchAttribute("CommandLatencyMin",
                                    TimeValue(*t.accelerator.commandLatencyMin));
    }
    if (t.accelerator.commandLatencyMax)
    {
        circuits.SetSwitchAttribute("CommandLatencyMax",
                                    TimeValue(*t.accelerator.commandLatencyMax));
    }
    circuits.SetSwitchAttribute("DefaultConnections", StringValue(GetDefaultConnections()));
    if (t.links.copperCableDelay)
    {
        circuits.SetCopperChannelAttribute("Delay", TimeValue(*t.links.copperCableDelay));
    }
    if (t.links.fiberCableDelay)
    {
        circuits.SetFiberChannelAttribute("Delay", TimeValue(*t.links.fiberCableDelay));
    }
    if (t.links.managementCableDelay)
    {
        circuits.SetManagementChannelAttribute("Delay", TimeValue(*t.links.managementCableDelay));
    }
    m_accelerator = circuits.Install(m_acceleratorNode);
    for (const auto& h : t.hosts)
    {
        if (h.circuitNic)
        {
            BuiltHost& built = m_hosts[h.name];
            Ptr<NicNetDevice> nic = nics.InstallUncabled(built.node);
            circuits.AttachHost(m_accelerator, h.circuitNic->acceleratorPort, nic);
            built.circuitDevice = nic;
        }
    }
    return circuits;
}

Ptr<NetDevice>
ClusterBuilder::BuildManagementCable(const OpticalCircuitSwitchHelper& circuits)
{
    const ClusterTopology::Host& frontEnd = m_topology.GetFrontEnd();
    NetDeviceContainer management =
        circuits.InstallManagement(m_acceleratorNode, m_hosts[frontEnd.name].node);
    m_managementDevice = management.Get(1);
    return management.Get(0);
}

void
ClusterBuilder::BuildInternetStack(Ptr<NetDevice> acceleratorManagement)
{
    const ClusterTopology& t = m_topology;
    const ClusterTopology::Host& frontEnd = t.GetFrontEnd();
    InternetStackHelper internet;
    m_tcp.Install(m_hostNodes, &*m_profile);
    internet.Install(m_hostNodes);
    internet.Install(m_acceleratorNode);
    std::vector<Ptr<NetDevice>> packetDevices;
    for (const auto& h : t.hosts)
    {
        BuiltHost& built = m_hosts[h.name];
        m_profile->InstallQdisc(built.packetDevice); // before an address: Linux's pfifo_fast
        AddInterface(built.packetDevice, h.packetNic.address, t.packetNetwork.GetMask());
        packetDevices.push_back(built.packetDevice);
        if (h.circuitNic)
        {
            m_profile->InstallQdisc(built.circuitDevice);
            AddInterface(built.circuitDevice, h.circuitNic->address, t.circuitNetwork.GetMask());
        }
    }
    AddInterface(acceleratorManagement,
                 t.accelerator.managementAddress,
                 t.managementNetwork.GetMask());
    AddInterface(m_managementDevice, *frontEnd.managementNic, t.managementNetwork.GetMask());
    NetDeviceContainer packetNics;
    for (const auto& device : packetDevices)
    {
        packetNics.Add(device);
    }
    PacketSwitchHelper::PopulateArpCaches(packetNics);
    PacketSwitchHelper::PopulateArpCaches(
        NetDeviceContainer(acceleratorManagement, m_managementDevice));
}

void
ClusterBuilder::ScheduleStaticCircuits()
{
    const ClusterTopology& t = m_topology;
    for (const auto& c : t.staticCircuits)
    {
        if (c.at)
        {
            uint32_t a = t.FindHost(c.hostA)->circuitNic->acceleratorPort;
            uint32_t b = t.FindHost(c.hostB)->circuitNic->acceleratorPort;
            Ptr<OpticalCircuitSwitch> ocs = m_accelerator;
            Simulator::Schedule(*c.at, [ocs, a, b]() { ocs->Connect(a, b); });
        }
    }
}

void
ClusterBuilder::BuildFlowSteering()
{
    const ClusterTopology& t = m_topology;
    FlowSteeringHelper steering;
    for (const auto& h : t.hosts)
    {
        BuiltHost& built = m_hosts[h.name];
        built.steering = steering.Install(built.node);
    }
}

void
ClusterBuilder::InstallDaemons()
{
    const ClusterTopology& t = m_topology;
    OffloadDaemonHelper offload;
    for (const auto& s : t.epd.settings)
    {
        offload.SetEndpointAttribute(s.attribute, *s.GetAttributeValue());
    }
    for (const auto& s : t.pfd.settings)
    {
        offload.SetPipeFittingAttribute(s.attribute, *s.GetAttributeValue());
    }
    const ClusterTopology::Host& frontEnd = t.GetFrontEnd();
    m_pfd =
        offload.InstallPipeFitting(m_hosts[frontEnd.name].node, t.accelerator.managementAddress);
    for (const auto& name : t.epdHosts)
    {
        const ClusterTopology::Host* h = t.FindHost(name);
        BuiltHost& built = m_hosts[name];
        built.epd =
            offload.InstallEndpoint(built.node, built.circuitDevice, frontEnd.packetNic.address);
        m_pfd->AddEndpoint(h->packetNic.address,
                           h->circuitNic->address,
                           h->circuitNic->acceleratorPort);
    }
}

const ClusterTopology&
ClusterBuilder::GetTopology() const
{
    return m_topology;
}

const ClusterBuilder::BuiltHost&
ClusterBuilder::Get(const std::string& host) const
{
    auto it = m_hosts.find(host);
    NS_ABORT_MSG_IF(it == m_hosts.end(), "no host named '" << host << "' in the cluster");
    return it->second;
}

NodeContainer
ClusterBuilder::GetHosts() const
{
    return m_hostNodes;
}

Ptr<Node>
ClusterBuilder::GetNode(const std::string& host) const
{
    return Get(host).node;
}

Ptr<NetDevice>
ClusterBuilder::GetPacketDevice(const std::string& host) const
{
    return Get(host).packetDevice;
}

Ptr<NetDevice>
ClusterBuilder::GetCircuitDevice(const std::string& host) const
{
    const BuiltHost& built = Get(host);
    NS_ABORT_MSG_UNLESS(built.circuitDevice, "host '" << host << "' has no circuit NIC");
    return built.circuitDevice;
}

Ipv4Address
ClusterBuilder::GetPacketAddress(const std::string& host) const
{
    Get(host);
    return m_topology.FindHost(host)->packetNic.address;
}

Ipv4Address
ClusterBuilder::GetCircuitAddress(const std::string& host) const
{
    GetCircuitDevice(host);
    return m_topology.FindHost(host)->circuitNic->address;
}

Ptr<NetDevice>
ClusterBuilder::GetSwitchPort(const std::string& host) const
{
    return Get(host).switchPort;
}

Ptr<NetDevice>
ClusterBuilder::GetManagementDevice() const
{
    return m_managementDevice;
}

Ptr<FlowSteering>
ClusterBuilder::GetFlowSteering(const std::string& host) const
{
    return Get(host).steering;
}

Ptr<Node>
ClusterBuilder::GetPacketSwitchNode() const
{
    return m_switchNode;
}

Ptr<PacketSwitch>
ClusterBuilder::GetPacketSwitch() const
{
    return m_switchNode ? PacketSwitchHelper::GetSwitch(m_switchNode) : nullptr;
}

Ptr<Node>
ClusterBuilder::GetAcceleratorNode() const
{
    return m_acceleratorNode;
}

Ptr<OpticalCircuitSwitch>
ClusterBuilder::GetAccelerator() const
{
    return m_accelerator;
}

Ptr<PipeFittingDaemon>
ClusterBuilder::GetPipeFittingDaemon() const
{
    return m_pfd;
}

Ptr<EndpointDaemon>
ClusterBuilder::GetEndpointDaemon(const std::string& host) const
{
    return Get(host).epd;
}

int64_t
ClusterBuilder::AssignStreams(int64_t stream) const
{
    NetDeviceContainer devices;
    for (const auto& [name, built] : m_hosts)
    {
        devices.Add(built.packetDevice);
        if (built.circuitDevice)
        {
            devices.Add(built.circuitDevice);
        }
    }
    int64_t used = NicHelper::AssignStreams(devices, stream);
    used +=
        OpticalCircuitSwitchHelper::AssignStreams(NodeContainer(m_acceleratorNode), stream + used);
    return used;
}

} // namespace hybridnet
} // namespace ns3
