/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_DISK_ARRAY_HELPER_H
#define HYBRIDNET_DISK_ARRAY_HELPER_H

#include "hybridnet/disk-array.h"
#include "hybridnet/page-cache.h"

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
 * @brief Gives nodes a disk array and the page cache of a file on it, PointToPointHelper
 * style: attributes set once apply to every object Install creates.
 *
 * @code
 *   DiskArrayHelper storage;
 *   storage.SetDiskArrayAttribute("Level", EnumValue(DiskArray::RAID5));
 *   storage.SetDiskArrayAttribute("Disks", UintegerValue(4));
 *   storage.SetPageCacheAttribute("Memory", UintegerValue(1 << 30));
 *   Ptr<PageCache> cache = storage.Install(node);
 *   // node->GetObject<DiskArray>(), node->GetObject<PageCache>() find them too
 * @endcode
 *
 * Both objects are aggregated to the node (a node has at most one of each); the page cache
 * points at the array.
 */
class DiskArrayHelper
{
  public:
    DiskArrayHelper();

    /**
     * @param name an attribute of DiskArray
     * @param value its value (checked by the attribute's checker)
     */
    void SetDiskArrayAttribute(std::string name, const AttributeValue& value);
    /**
     * @param name an attribute of PageCache
     * @param value its value (checked by the attribute's checker)
     */
    void SetPageCacheAttribute(std::string name, const AttributeValue& value);

    /**
     * @param node a node without a DiskArray or PageCache
     * @return the new page cache, on the new array, both aggregated to the node
     */
    Ptr<PageCache> Install(Ptr<Node> node) const;
    /**
     * @param nodes nodes without a DiskArray or PageCache
     * @return the new page caches, in the order of the nodes
     */
    std::vector<Ptr<PageCache>> Install(NodeContainer nodes) const;

  private:
    ObjectFactory m_arrayFactory; //!< DiskArray
    ObjectFactory m_cacheFactory; //!< PageCache
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_DISK_ARRAY_HELPER_H
