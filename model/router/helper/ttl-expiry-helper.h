/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TTL_EXPIRY_HELPER_H
#define HYBRIDNET_TTL_EXPIRY_HELPER_H

#include "hybridnet/ttl-expiry.h"

#include "ns3/attribute.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Gives routers a TtlExpiry: attributes set once (SetAttribute) apply to every one
 * Install creates.
 *
 * @code
 *   TtlExpiryHelper expiry;
 *   expiry.SetAttribute("Rate", DoubleValue(1.0));           // Linux's one a second
 *   expiry.SetAttribute("GenerationDelay", TimeValue(MicroSeconds(500)));
 *   auto answers = expiry.Install(routers);
 * @endcode
 *
 * Install after the internet stack: the TtlExpiry goes into the node's Ipv4ListRouting at
 * priority kPriority, above InternetStackHelper's static (0) and global (-10) routing, so
 * it sees a forwarded packet first.  A node whose routing is not an Ipv4ListRouting aborts.
 */
class TtlExpiryHelper
{
  public:
    static constexpr int16_t kPriority = 100; //!< in the node's Ipv4ListRouting

    TtlExpiryHelper();

    /**
     * @param name an attribute of TtlExpiry
     * @param value its value
     */
    void SetAttribute(std::string name, const AttributeValue& value);

    /**
     * @param node a router with an internet stack
     * @return its new TtlExpiry
     */
    Ptr<TtlExpiry> Install(Ptr<Node> node) const;

    /**
     * @param nodes routers with an internet stack
     * @return their new TtlExpiry objects, in the order of the nodes
     */
    std::vector<Ptr<TtlExpiry>> Install(const NodeContainer& nodes) const;

  private:
    ObjectFactory m_factory;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TTL_EXPIRY_HELPER_H
