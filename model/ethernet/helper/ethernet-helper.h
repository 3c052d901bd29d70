/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_ETHERNET_HELPER_H
#define HYBRIDNET_ETHERNET_HELPER_H

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

/**
 * @brief Builds full-duplex Ethernet links (EthernetNetDevice + EthernetChannel), as
 * PointToPointHelper builds point-to-point links.
 *
 *     EthernetHelper ethernet;
 *     ethernet.SetDeviceAttribute("DataRate", DataRateValue(DataRate("1Gbps")));
 *     ethernet.SetDeviceAttribute("Mtu", UintegerValue(9000));
 *     ethernet.SetChannelAttribute("Delay", TimeValue(MicroSeconds(1)));
 *     ethernet.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("1000p"));
 *     NetDeviceContainer devices = ethernet.Install(nodes);   // exactly two nodes
 *
 * Each device gets a MAC address from Mac48Address::Allocate(), its own queue from the
 * queue factory (ns3::DropTailQueue<Packet> unless SetQueue says otherwise), and a
 * NetDeviceQueueInterface connected to that queue, so ns-3's traffic control stops and
 * wakes the device queue.
 */
class EthernetHelper
{
  public:
    EthernetHelper();

    /**
     * Set the queue type and attributes of the devices' TxQueue.
     * @param type queue TypeId name ("<Packet>" is appended when missing)
     * @param args name and AttributeValue pairs
     */
    template <typename... Ts>
    void SetQueue(std::string type, Ts&&... args);

    /**
     * @param name attribute of EthernetNetDevice
     * @param value its value
     */
    void SetDeviceAttribute(std::string name, const AttributeValue& value);

    /**
     * @param name attribute of EthernetChannel
     * @param value its value
     */
    void SetChannelAttribute(std::string name, const AttributeValue& value);

    /**
     * @param nodes exactly two nodes
     * @return the two devices, in the order of the nodes
     */
    NetDeviceContainer Install(NodeContainer nodes) const;

    /**
     * @param a one end
     * @param b the other end
     * @return the devices on a and b, in that order
     */
    NetDeviceContainer Install(Ptr<Node> a, Ptr<Node> b) const;

  private:
    ObjectFactory m_queueFactory;   //!< TxQueue
    ObjectFactory m_deviceFactory;  //!< EthernetNetDevice
    ObjectFactory m_channelFactory; //!< EthernetChannel
};

template <typename... Ts>
void
EthernetHelper::SetQueue(std::string type, Ts&&... args)
{
    QueueBase::AppendItemTypeIfNotPresent(type, "Packet");
    m_queueFactory.SetTypeId(type);
    m_queueFactory.Set(std::forward<Ts>(args)...);
}

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_ETHERNET_HELPER_H
