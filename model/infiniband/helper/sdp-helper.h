/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_SDP_HELPER_H
#define HYBRIDNET_SDP_HELPER_H

#include "hybridnet/sdp-address-map.h"
#include "hybridnet/sdp-socket-factory.h"

#include "ns3/attribute.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Installs SDP (an SdpSocketFactory) on nodes that have an InfiniBand HCA, as
 * loading ib_sdp does on a host, and gives them one shared SdpAddressMap.
 *
 *   SdpHelper sdp;                                   // port 1 of each node's HCA
 *   sdp.SetSocketAttribute("ZcopyThreshold", UintegerValue(65536));
 *   sdp.Install(nodes);    // after the HCAs (InfinibandVerbsHelper) and the IPv4 addresses
 *   // then any application with Protocol = SdpSocketFactory::GetTypeId()
 *
 * Install registers every non-loopback address of each node's Ipv4 interfaces in the map
 * (in the study these are the IPoIB addresses). A node without an InfinibandHca, without
 * Ipv4, or whose HCA port (attribute-like SetPort, 1 or 2) is not an InfiniBand port (empty,
 * e.g. left for 10 GbE) is refused: Install aborts with one line naming the node and the
 * reason (Refusal() gives that line without aborting).
 */
class SdpHelper
{
  public:
    SdpHelper();

    /**
     * @param name an SdpSocket attribute
     * @param value its value, for every socket of the installed nodes
     */
    void SetSocketAttribute(std::string name, const AttributeValue& value);
    /** @param port the HCA port SDP uses (1 or 2; default 1) */
    void SetPort(uint8_t port);

    /**
     * @param nodes nodes with an HCA and IPv4 addresses
     * @return the map they share
     */
    Ptr<SdpAddressMap> Install(const NodeContainer& nodes);

    /**
     * @param node a node
     * @return why SDP cannot be installed on @p node with this helper's port, or "" if it can
     */
    std::string Refusal(Ptr<Node> node) const;

  private:
    ObjectFactory m_socket;
    uint8_t m_port{1};
    Ptr<SdpAddressMap> m_map;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_SDP_HELPER_H
