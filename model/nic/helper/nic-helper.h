/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_NIC_HELPER_H
#define HYBRIDNET_NIC_HELPER_H

#include "ns3/attribute.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
{
namespace hybridnet
{

class NicNetDevice;

/**
 * @brief Builds hosts (HostCpu, HostBus and optionally a MemoryBus aggregated to the node) and
 * their NICs (NicNetDevice with an InterruptModerator) on full-duplex Ethernet links, as
 * PointToPointHelper builds point-to-point links.
 *
 *     NicHelper nic;
 *     nic.SetCpuAttribute("Frequency", UintegerValue(2'400'000'000));
 *     nic.SetModeratorAttribute("InterruptThrottleRate", UintegerValue(0));
 *     nic.InstallHost(hosts);
 *     NetDeviceContainer link = nic.Install(hosts.Get(0), switchNode); // NIC + switch port
 *     NetDeviceContainer cable = nic.InstallBackToBack(hosts.Get(0), hosts.Get(1));
 *     Ptr<NicNetDevice> nic2 = nic.InstallUncabled(hosts.Get(0));  // second NIC, no cable
 *     ocsHelper.AttachHost(ocs, 1, nic2);   // e.g. to an optical circuit switch port
 *
 * A NIC's transmit queue (the MAC's frame FIFO) holds at most TxRingSize frames, so it
 * never drops: the ring bounds it. Each NIC gets a NetDeviceQueueInterface that the NIC
 * itself stops and wakes from its transmit ring. A switch port is a plain
 * EthernetNetDevice with a DropTailQueue (SetPortQueue) whose traces drive its interface.
 */
class NicHelper
{
  public:
    NicHelper();

    /** @param name attribute of HostCpu @param value its value */
    void SetCpuAttribute(std::string name, const AttributeValue& value);
    /** @param name attribute of HostBus @param value its value */
    void SetBusAttribute(std::string name, const AttributeValue& value);
    /**
     * Give the hosts a memory bus (MemoryBus, aggregated by InstallHost): without any
     * memory-bus attribute set, hosts have none, and copies and DMA are limited by the CPU
     * and the I/O bus alone.
     * @param name attribute of MemoryBus @param value its value
     */
    void SetMemoryBusAttribute(std::string name, const AttributeValue& value);
    /** @param name attribute of NicNetDevice (or EthernetNetDevice) @param value its value */
    void SetDeviceAttribute(std::string name, const AttributeValue& value);
    /** @param name attribute of InterruptModerator @param value its value */
    void SetModeratorAttribute(std::string name, const AttributeValue& value);
    /**
     * Give every NIC installed from now on its own AdaptiveRxCoalescing (NicNetDevice (R9):
     * a ConnectX port's mlx4_en moderation instead of the e1000 one).
     * @param name attribute of AdaptiveRxCoalescing @param value its value
     */
    void SetCoalescingAttribute(std::string name, const AttributeValue& value);
    /** @param name attribute of OffloadEngine (used with TcpOffload) @param value its value */
    void SetEngineAttribute(std::string name, const AttributeValue& value);
    /** @param name attribute of EthernetChannel @param value its value */
    void SetChannelAttribute(std::string name, const AttributeValue& value);
    /** @param name attribute of the switch-side EthernetNetDevice @param value its value */
    void SetPortAttribute(std::string name, const AttributeValue& value);
    /**
     * @param maxPackets capacity of a switch port's DropTailQueue, packets
     */
    void SetPortQueueSize(uint32_t maxPackets);

    /**
     * Aggregate a HostCpu and a HostBus to each node that has none, and a MemoryBus if a
     * memory-bus attribute was set.
     * @param hosts the nodes
     */
    void InstallHost(NodeContainer hosts) const;

    /**
     * A NIC on @p host cabled to a port (plain EthernetNetDevice) on @p peer. The host is
     * installed first if it is not yet one.
     * @param host the host
     * @param peer a switch or router node
     * @return the NIC and the port, in that order
     */
    NetDeviceContainer Install(Ptr<Node> host, Ptr<Node> peer) const;

    /**
     * Two NICs cabled back to back (a crossover cable between two hosts).
     * @param a one host
     * @param b the other host
     * @return the two NICs
     */
    NetDeviceContainer InstallBackToBack(Ptr<Node> a, Ptr<Node> b) const;

    /**
     * Two NICs cabled back to back between two different machines: the NIC (and host, if
     * not yet one) on @p a from this helper, on @p b from @p other (e.g. another host
     * profile); the cable from this helper's channel attributes.
     * @param a one host
     * @param b the other host
     * @param other the helper that builds @p b's NIC
     * @return the two NICs
     */
    NetDeviceContainer InstallBackToBack(Ptr<Node> a, Ptr<Node> b, const NicHelper& other) const;

    /**
     * A NIC on @p host without a cable (the host is installed first if it is not yet
     * one): the NIC, its MAC address, transmit FIFO and queue interface exactly as Install
     * makes them, for the caller to cable, e.g. a host's second NIC to an optical circuit
     * switch port with OpticalCircuitSwitchHelper::AttachHost.
     * @param host the host
     * @return the new NIC, on the host's node, not attached to any channel
     */
    Ptr<NicNetDevice> InstallUncabled(Ptr<Node> host) const;

    /**
     * Fix the random streams of the NICs (the throttle counters' phases).
     * @param devices devices; those that are not NicNetDevices are skipped
     * @param stream first stream
     * @return streams used
     */
    static int64_t AssignStreams(NetDeviceContainer devices, int64_t stream);

  private:
    /**
     * @param node a switch or router
     * @return a new port on it
     */
    Ptr<NetDevice> CreatePort(Ptr<Node> node) const;
    /**
     * Cable two devices.
     * @param a one device
     * @param b the other
     */
    void Connect(Ptr<NetDevice> a, Ptr<NetDevice> b) const;

    ObjectFactory m_cpuFactory;        //!< HostCpu
    ObjectFactory m_busFactory;        //!< HostBus
    ObjectFactory m_memoryFactory;     //!< MemoryBus
    bool m_memoryBus{false};           //!< whether hosts get a MemoryBus
    ObjectFactory m_nicFactory;        //!< NicNetDevice
    ObjectFactory m_moderatorFactory;  //!< InterruptModerator
    ObjectFactory m_engineFactory;     //!< OffloadEngine
    ObjectFactory m_coalescingFactory; //!< AdaptiveRxCoalescing
    bool m_coalescing{false};          //!< whether NICs get an AdaptiveRxCoalescing
    ObjectFactory m_channelFactory;    //!< EthernetChannel
    ObjectFactory m_portFactory;       //!< EthernetNetDevice (switch side)
    uint32_t m_portQueuePackets{100};  //!< switch port queue capacity
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_NIC_HELPER_H
