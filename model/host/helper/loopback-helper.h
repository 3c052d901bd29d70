/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_LOOPBACK_HELPER_H
#define HYBRIDNET_LOOPBACK_HELPER_H

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
 * @brief Gives nodes a hybridnet::LoopbackNetDevice as their loopback interface, in the
 * manner of PointToPointHelper.
 *
 *     LoopbackHelper loopback;
 *     loopback.SetDeviceAttribute("PacketCycles", UintegerValue(20000));
 *     loopback.Install(nodes);                  // before the internet stack
 *     InternetStackHelper().Install(nodes);     // adopts it for 127.0.0.1/8 and ::1
 *
 * The internet stack adopts an existing ns3::LoopbackNetDevice (which this device is) as
 * interface 0 and creates its own only when there is none (LoopbackNetDevice's class
 * comment), so Install must come first: it aborts if the node already has an Ipv4 or Ipv6
 * stack or a loopback device.  The device runs on the node's HostCpu, which must be
 * aggregated to the node by the first packet.
 */
class LoopbackHelper
{
  public:
    LoopbackHelper();

    /**
     * @param name attribute of hybridnet::LoopbackNetDevice
     * @param value its value
     */
    void SetDeviceAttribute(std::string name, const AttributeValue& value);

    /**
     * @param nodes nodes without an internet stack yet
     * @return their loopback devices, in the order of the nodes
     */
    NetDeviceContainer Install(NodeContainer nodes) const;

    /**
     * @param node a node without an internet stack yet
     * @return its loopback device
     */
    NetDeviceContainer Install(Ptr<Node> node) const;

  private:
    ObjectFactory m_deviceFactory; //!< hybridnet::LoopbackNetDevice
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_LOOPBACK_HELPER_H
