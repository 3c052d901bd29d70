/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_PACKET_SWITCH_HELPER_H
#define HYBRIDNET_PACKET_SWITCH_HELPER_H

#include "ns3/attribute.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/queue.h"

#include <string>

namespace ns3
{
namespace hybridnet
{

class EthernetNetDevice;
class PacketSwitch;

/**
 * @brief Builds a star of hosts around a PacketSwitch: one switch port (EthernetNetDevice)
 * and one EthernetChannel per host, as PointToPointHelper builds links.
 *
 *     PacketSwitchHelper star;
 *     star.SetDeviceAttribute("DataRate", DataRateValue(DataRate("1Gbps")));
 *     star.SetChannelAttribute("Delay", TimeValue(NanoSeconds(500)));
 *     star.SetSwitchAttribute("SwitchingLatency", TimeValue(MicroSeconds(2)));
 *     star.SetQueue("ns3::DropTailQueue", "MaxSize", QueueSizeValue(QueueSize("100p")));
 *     NetDeviceContainer hostDevices = star.Install(switchNode, hosts);
 *     Ptr<PacketSwitch> sw = PacketSwitchHelper::GetSwitch(switchNode);
 *
 * Port i of the switch is cabled to hosts.Get(i) when the switch is new (ports are
 * numbered in the order they are added).  Device attributes apply to both ends of every
 * cable (the switch ports and the hosts' devices: rate, MTU, PauseEnabled).  The switch
 * ports' TxQueues, the output queues, come from SetQueue; the hosts' devices get their own
 * queues from SetHostQueue and a NetDeviceQueueInterface connected to them, as
 * EthernetHelper does, so ns-3's traffic control works on the hosts.  Every device gets a
 * MAC address from Mac48Address::Allocate().  The switch (a PacketSwitch built from the
 * switch attributes) is aggregated to the switch node the first time; later calls add
 * ports to the same switch.
 *
 * Hosts whose devices are made elsewhere (e.g. NicNetDevices of NicHelper): either give
 * the helper an unattached host device (InstallPort), or make an existing, already cabled
 * EthernetNetDevice on the switch node a port (AddPort, e.g. the port that
 * NicHelper::Install(host, switchNode) returns).
 */
class PacketSwitchHelper
{
  public:
    PacketSwitchHelper();

    /**
     * Set the type and attributes of the switch ports' TxQueues (the output queues).
     * Must be FIFO (DropTailQueue, the default with its default size).
     * @param type queue TypeId name ("<Packet>" is appended when missing)
     * @param args name and AttributeValue pairs
     */
    template <typename... Ts>
    void SetQueue(std::string type, Ts&&... args);

    /**
     * Set the type and attributes of the hosts' device TxQueues.
     * @param type queue TypeId name ("<Packet>" is appended when missing)
     * @param args name and AttributeValue pairs
     */
    template <typename... Ts>
    void SetHostQueue(std::string type, Ts&&... args);

    /**
     * @param name attribute of EthernetNetDevice (switch ports and host devices)
     * @param value its value
     */
    void SetDeviceAttribute(std::string name, const AttributeValue& value);

    /**
     * @param name attribute of EthernetChannel
     * @param value its value
     */
    void SetChannelAttribute(std::string name, const AttributeValue& value);

    /**
     * @param name attribute of PacketSwitch
     * @param value its value
     */
    void SetSwitchAttribute(std::string name, const AttributeValue& value);

    /**
     * Cable each host to a new port of the switch on @p switchNode.
     * @param switchNode the switch node (gets a PacketSwitch if it has none)
     * @param hosts the hosts, one new device each
     * @return the hosts' devices, in the order of the hosts
     */
    NetDeviceContainer Install(Ptr<Node> switchNode, NodeContainer hosts) const;

    /**
     * Cable a host device made elsewhere to a new port.  The device must be on its host
     * node and not yet attached to a channel; it keeps its own attributes and queue.
     * @param switchNode the switch node (gets a PacketSwitch if it has none)
     * @param hostDevice the host's device (e.g. a NicNetDevice)
     * @return the new switch port
     */
    Ptr<EthernetNetDevice> InstallPort(Ptr<Node> switchNode,
                                       Ptr<EthernetNetDevice> hostDevice) const;

    /**
     * Make a device that is already on the switch node (and cabled) a switch port; it
     * keeps its attributes and queue.
     * @param switchNode the switch node (gets a PacketSwitch if it has none)
     * @param port the device
     * @return its port number
     */
    uint32_t AddPort(Ptr<Node> switchNode, Ptr<EthernetNetDevice> port) const;

    /**
     * @param switchNode a node
     * @return the PacketSwitch aggregated to it, or null
     */
    static Ptr<PacketSwitch> GetSwitch(Ptr<Node> switchNode);

    /**
     * Permanent ARP entries between every pair of @p hostDevices, as on a busy cluster LAN
     * where every host knows every other's MAC address (no ARP request jitter on the first
     * packets).  ns-3's NeighborCacheHelper does this for the devices of one channel and
     * cannot see through a PacketSwitch, whose ports are on separate cables.
     * @param hostDevices the hosts' devices, each with an IPv4 address (internet stack
     *        installed and addresses assigned)
     */
    static void PopulateArpCaches(const NetDeviceContainer& hostDevices);

  private:
    /**
     * @param switchNode the switch node
     * @return its PacketSwitch, made from m_switchFactory and aggregated if it had none
     */
    Ptr<PacketSwitch> GetOrCreateSwitch(Ptr<Node> switchNode) const;

    /**
     * @param node a node
     * @param queueFactory factory of the device's TxQueue
     * @return a new EthernetNetDevice on it with an address and a queue
     */
    Ptr<EthernetNetDevice> CreateDevice(Ptr<Node> node, const ObjectFactory& queueFactory) const;

    ObjectFactory m_queueFactory;     //!< switch ports' TxQueue (output queues)
    ObjectFactory m_hostQueueFactory; //!< hosts' TxQueue
    ObjectFactory m_deviceFactory;    //!< EthernetNetDevice
    ObjectFactory m_channelFactory;   //!< EthernetChannel
    ObjectFactory m_switchFactory;    //!< PacketSwitch
};

template <typename... Ts>
void
PacketSwitchHelper::SetQueue(std::string type, Ts&&... args)
{
    QueueBase::AppendItemTypeIfNotPresent(type, "Packet");
    m_queueFactory.SetTypeId(type);
    m_queueFactory.Set(std::forward<Ts>(args)...);
}

template <typename... Ts>
void
PacketSwitchHelper::SetHostQueue(std::string type, Ts&&... args)
{
    QueueBase::AppendItemTypeIfNotPresent(type, "Packet");
    m_hostQueueFactory.SetTypeId(type);
    m_hostQueueFactory.Set(std::forward<Ts>(args)...);
}

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_PACKET_SWITCH_HELPER_H
