/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_IPOIB_HELPER_H
#define HYBRIDNET_IPOIB_HELPER_H

#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Installs IpoibNetDevices on nodes that have an InfinibandHca with an InfiniBand
 * port, and resolves their neighbours without simulated time.
 *
 *   IpoibHelper ipoib;
 *   ipoib.SetDeviceAttribute("Mode", StringValue("Connected"));
 *   NetDeviceContainer ib = ipoib.Install(nodes);       // after InfinibandVerbsHelper
 *   InternetStackHelper().Install(nodes);               // (before or after Install)
 *   Ipv4AddressHelper("10.2.0.0", "255.255.255.0").Assign(ib);
 *   IpoibHelper::ResolveNeighbours(ib);                 // ARP, path records, RC connections
 *
 * ResolveNeighbours stands for ARP over the IPoIB broadcast group and the SA's path record
 * queries (and, in connected mode, the CM's connection set-up): every device gets a
 * permanent ARP entry and a peer-table entry for every other device, and in connected
 * mode one RC connection per pair. A neighbour cache filled this way is ns-3's
 * NeighborCacheHelper's idea; that helper cannot be used here because the devices share
 * no ns-3 Channel (the IB fabric is below the HCA). Run InfinibandSubnetManagerHelper
 * (LIDs) first.
 */
class IpoibHelper
{
  public:
    IpoibHelper();

    /**
     * @param name an IpoibNetDevice attribute
     * @param value its value
     */
    void SetDeviceAttribute(std::string name, const AttributeValue& value);

    /**
     * One IpoibNetDevice per node, on port @p port of its InfinibandHca, with a
     * NetDeviceQueueInterface (the device stops and wakes its queue). Aborts on a node
     * without an InfinibandHca or whose port @p port has no InfiniBand device.
     * @param nodes the nodes
     * @param port the HCA port, 1 or 2
     * @return the devices
     */
    NetDeviceContainer Install(const NodeContainer& nodes, uint8_t port = 1) const;

    /**
     * Fill the ARP caches and peer tables of @p devices (IpoibNetDevices with IPv4
     * addresses), each with every other; in connected mode connect every pair.
     * @param devices the devices
     */
    static void ResolveNeighbours(const NetDeviceContainer& devices);

  private:
    ObjectFactory m_device;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_IPOIB_HELPER_H
