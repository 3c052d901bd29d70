/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_HELPER_H
#define HYBRIDNET_INFINIBAND_HELPER_H

#include "hybridnet/infiniband-net-device.h"
#include "hybridnet/infiniband-switch.h"

#include "ns3/attribute.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Builds InfiniBand fabrics: switches and cables between ports, as
 * PointToPointHelper builds point-to-point links. LIDs and forwarding tables come from
 * InfinibandSubnetManagerHelper afterwards.
 *
 * @code
 *   InfinibandHelper ib;
 *   ib.SetDeviceAttribute("Speed", StringValue("DDR"));
 *   ib.SetChannelAttribute("Delay", TimeValue(NanoSeconds(10)));
 *   ib.SetSwitchAttribute("PortToPortLatency", TimeValue(NanoSeconds(200)));
 *   ib.InstallSwitch(sw);                     // aggregates an InfinibandSwitch to node sw
 *   NetDeviceContainer a = ib.Install(hostA, sw);   // hostA's port, then sw's port
 *   NetDeviceContainer b = ib.Install(hostB, sw);
 *   InfinibandSubnetManagerHelper().Configure(NodeContainer(hostA, hostB, sw));
 * @endcode
 *
 * Install(a, b) makes one InfinibandNetDevice on each node and a cable between them; on a
 * node with an InfinibandSwitch the device becomes the switch's next port. Device
 * attributes apply to every device (switch ports too), so both ends of a cable agree.
 */
class InfinibandHelper
{
  public:
    InfinibandHelper();

    /**
     * @param name an attribute of InfinibandNetDevice
     * @param value its value
     */
    void SetDeviceAttribute(std::string name, const AttributeValue& value);

    /**
     * @param name an attribute of InfinibandChannel
     * @param value its value
     */
    void SetChannelAttribute(std::string name, const AttributeValue& value);

    /**
     * @param name an attribute of InfinibandSwitch
     * @param value its value
     */
    void SetSwitchAttribute(std::string name, const AttributeValue& value);

    /**
     * @param node a node to become a switch
     * @return its new InfinibandSwitch (aggregated to the node)
     */
    Ptr<InfinibandSwitch> InstallSwitch(Ptr<Node> node) const;

    /**
     * @param a one end
     * @param b the other end
     * @return the two new devices, a's then b's
     */
    NetDeviceContainer Install(Ptr<Node> a, Ptr<Node> b) const;

    /**
     * @param nodes exactly two nodes
     * @return the two new devices
     */
    NetDeviceContainer Install(const NodeContainer& nodes) const;

  private:
    /** @return a new device on @p node (a switch port if it is a switch) */
    Ptr<InfinibandNetDevice> InstallDevice(Ptr<Node> node) const;

    ObjectFactory m_device;
    ObjectFactory m_channel;
    ObjectFactory m_switch;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_HELPER_H
