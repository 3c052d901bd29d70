/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_CLUSTER_BUILDER_H
#define HYBRIDNET_CLUSTER_BUILDER_H

#include "hybridnet/cluster-topology.h"
#include "hybridnet/host-profile.h"
#include "hybridnet/tcp-choice.h"

#include "ns3/attribute.h"
#include "ns3/ipv4-address.h"
#include "ns3/net-device.h"
#include "ns3/node-container.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

class EndpointDaemon;
class FlowSteering;
class NicHelper;
class OpticalCircuitSwitch;
class OpticalCircuitSwitchHelper;
class PacketSwitch;
class PipeFittingDaemon;

/**
 * @brief Builds the hybrid cluster of the lightpath accelerator study from a checked
 * ClusterTopology: every host, NIC, cable, address, switch and daemon the file names.
 *
 *     ClusterTopology topology = ClusterTopology::Load("lightpath-accelerator.json");
 *     ClusterBuilder cluster;
 *     cluster.SetModeratorAttribute("InterruptThrottleRate", UintegerValue(0)); // optional
 *     cluster.SetTcp(tcp);               // optional: a scenario's --tcp (default lfn)
 *     cluster.Build(topology);
 *     Ptr<Node> node1 = cluster.GetNode("node1");            // also Names::Find<Node>("node1")
 *     Ipv4Address dst = cluster.GetCircuitAddress("node2");
 *
 * What Build() makes, in this order:
 *
 * 1. One node per host, named with ns-3 Names after the host; a node for the packet
 *    switch and one for the accelerator.  Every host is a HostProfile `hostProfile` host
 *    (NicHelper::SetProfile, then the overrides of SetDeviceAttribute and
 *    SetModeratorAttribute, then links.rate) with the profile's loopback device.
 * 2. Packet network: each host's packet NIC (NicNetDevice) cabled to a new port of the
 *    PacketSwitch (NicHelper::Install, PacketSwitchHelper::AddPort), the ports added in
 *    the order of their front-panel numbers (switchPort); queuePackets, switchingLatency
 *    and flowControl set the ports and the switch, links.packetCableDelay the cables.
 * 3. Circuit network: each circuit NIC (NicHelper::InstallUncabled, a NicNetDevice like
 *    the packet NIC) cabled through a media converter to its accelerator port
 *    (OpticalCircuitSwitchHelper::AttachHost; copper and fiber delays from links).
 * 4. Management: the cable between the front end and the accelerator's management port
 *    (OpticalCircuitSwitchHelper::InstallManagement, managementCableDelay).
 * 5. Internet stack on the hosts (their TCP as SetTcp chose) and the accelerator; each
 *    interface gets the address of
 *    the file with its network's mask.  Packet-network hosts know each other's MAC
 *    addresses (static ARP entries, as on a busy cluster LAN; no ARP jitter on the first
 *    packets), and so do the two ends of the management cable.  The circuit network
 *    resolves addresses with ARP through the circuit, as the real hosts had to.
 * 6. The accelerator's console server (OpticalCircuitSwitchHelper::InstallConsoleServer).
 * 7. Static circuits: those without "at" in the accelerator's DefaultConnections (lit at
 *    power-up); those with "at" a Connect command issued at that time.
 * 8. A FlowSteering on every host (FlowSteeringHelper).
 * 9. With daemons in the file: the pfd on the front end, told every epd host (its packet
 *    address, circuit address and accelerator port), and an epd on each epd host
 *    (OffloadDaemonHelper), each daemon setting applied to the attribute
 *    ClusterTopology's key tables name.
 *
 * Build() once per builder and simulation; host names must not yet be ns-3 Names.
 */
class ClusterBuilder
{
  public:
    ClusterBuilder();
    ~ClusterBuilder();
    ClusterBuilder(const ClusterBuilder&) = delete;
    ClusterBuilder& operator=(const ClusterBuilder&) = delete;

    /**
     * Override an attribute of every NIC after the host profile (e.g. "RxRingSize").
     * @param name attribute of NicNetDevice
     * @param value its value
     */
    void SetDeviceAttribute(std::string name, const AttributeValue& value);
    /**
     * Override an attribute of every NIC's driver after the host profile.
     * @param name attribute of InterruptModerator
     * @param value its value
     */
    void SetModeratorAttribute(std::string name, const AttributeValue& value);

    /** @param tcp which TCP the hosts run (TcpChoice::Install before their stack) */
    void SetTcp(const TcpChoice& tcp);

    /**
     * Build the cluster (see the class comment).
     * @param topology a topology checked by ClusterTopology::Parse
     */
    void Build(const ClusterTopology& topology);

    /** @return the topology built */
    const ClusterTopology& GetTopology() const;

    /** @return every host's node, in the order of the file (front end included) */
    NodeContainer GetHosts() const;
    /** @param host a host name @return its node */
    Ptr<Node> GetNode(const std::string& host) const;
    /** @param host a host name @return its packet NIC */
    Ptr<NetDevice> GetPacketDevice(const std::string& host) const;
    /** @param host a host name with a circuit NIC @return its circuit NIC */
    Ptr<NetDevice> GetCircuitDevice(const std::string& host) const;
    /** @param host a host name @return its packet NIC's address */
    Ipv4Address GetPacketAddress(const std::string& host) const;
    /** @param host a host name with a circuit NIC @return its circuit NIC's address */
    Ipv4Address GetCircuitAddress(const std::string& host) const;
    /** @param host a host name @return the packet switch port its packet NIC is cabled to */
    Ptr<NetDevice> GetSwitchPort(const std::string& host) const;
    /** @return the front end's management NIC (cabled to the accelerator) */
    Ptr<NetDevice> GetManagementDevice() const;
    /** @param host a host name @return its FlowSteering */
    Ptr<FlowSteering> GetFlowSteering(const std::string& host) const;

    /** @return the packet switch's node */
    Ptr<Node> GetPacketSwitchNode() const;
    /** @return the packet switch */
    Ptr<PacketSwitch> GetPacketSwitch() const;
    /** @return the accelerator's node */
    Ptr<Node> GetAcceleratorNode() const;
    /** @return the accelerator */
    Ptr<OpticalCircuitSwitch> GetAccelerator() const;

    /** @return the pfd (null if the file has no daemons) */
    Ptr<PipeFittingDaemon> GetPipeFittingDaemon() const;
    /** @param host a host name @return its epd (null if it runs none) */
    Ptr<EndpointDaemon> GetEndpointDaemon(const std::string& host) const;

    /**
     * Fix the random streams of the NICs and the accelerator.
     * @param stream first stream
     * @return streams used
     */
    int64_t AssignStreams(int64_t stream) const;

  private:
    /** What was built for one host. */
    struct BuiltHost
    {
        Ptr<Node> node;
        Ptr<NetDevice> packetDevice;
        Ptr<NetDevice> switchPort;
        Ptr<NetDevice> circuitDevice;
        Ptr<FlowSteering> steering;
        Ptr<EndpointDaemon> epd;
    };

    /**
     * @param host a host name
     * @return what was built for it; aborts naming the host if there is no such host
     */
    const BuiltHost& Get(const std::string& host) const;

    /**
     * Step 1: the hosts' nodes (named), the switch's and the accelerator's nodes, the
     * hosts' loopback devices and host model.
     * @return the NICs' helper, set up for every NIC and packet cable (steps 2 and 3)
     */
    NicHelper BuildHosts();
    /**
     * Step 2: each packet NIC cabled to a new PacketSwitch port, in the order of the ports.
     * @param nics the NICs' helper of step 1
     */
    void BuildPacketNetwork(const NicHelper& nics);
    /**
     * Step 3: the accelerator (its power-up map the static circuits without a time) and
     * each circuit NIC cabled through a media converter to its accelerator port.
     * @param nics the NICs' helper of step 1
     * @return the accelerator's helper, set up for its cables (steps 4 and 6)
     */
    OpticalCircuitSwitchHelper BuildCircuitNetwork(const NicHelper& nics);
    /** @return the accelerator's DefaultConnections: the static circuits without "at" */
    std::string GetDefaultConnections() const;
    /**
     * Step 4: the management cable between the front end and the accelerator.
     * @param circuits the accelerator's helper of step 3
     * @return the accelerator's end of the cable (the front end's is m_managementDevice)
     */
    Ptr<NetDevice> BuildManagementCable(const OpticalCircuitSwitchHelper& circuits);
    /**
     * Step 5: the internet stack on the hosts and the accelerator, every interface's
     * address, and static ARP entries on the packet network and the management cable.
     * @param acceleratorManagement the accelerator's end of the management cable
     */
    void BuildInternetStack(Ptr<NetDevice> acceleratorManagement);
    /** Step 7: a Connect command at its time for each static circuit with "at". */
    void ScheduleStaticCircuits();
    /** Step 8: a FlowSteering on every host. */
    void BuildFlowSteering();
    /** Step 9: install the daemons of the file. */
    void InstallDaemons();

    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_deviceAttributes;
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_moderatorAttributes;
    TcpChoice m_tcp;                      //!< the hosts' TCP
    std::optional<HostProfile> m_profile; //!< the hosts' profile (BuildHosts)
    bool m_built{false};
    ClusterTopology m_topology;
    std::map<std::string, BuiltHost> m_hosts;
    NodeContainer m_hostNodes;
    Ptr<Node> m_switchNode;
    Ptr<Node> m_acceleratorNode;
    Ptr<OpticalCircuitSwitch> m_accelerator;
    Ptr<NetDevice> m_managementDevice;
    Ptr<PipeFittingDaemon> m_pfd;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_CLUSTER_BUILDER_H
