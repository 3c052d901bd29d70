/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "disk-array-helper.h"

#include "ns3/log.h"
#include "ns3/node.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetDiskArrayHelper");

DiskArrayHelper::DiskArrayHelper()
{
    m_arrayFactory.SetTypeId(DiskArray::GetTypeId());
    m_cacheFactory.SetTypeId(PageCache::GetTypeId());
}

void
DiskArrayHelper::SetDiskArrayAttribute(std::string name, const AttributeValue& value)
{
    m_arrayFactory.Set(name, value);
}

void
DiskArrayHelper::SetPageCacheAttribute(std::string name, const AttributeValue& value)
{
    m_cacheFactory.Set(name, value);
}

Ptr<PageCache>
DiskArrayHelper::Install(Ptr<Node> node) const
{
    NS_LOG_FUNCTION(this << node);
    Ptr<DiskArray> array = m_arrayFactory.Create<DiskArray>();
    Ptr<PageCache> cache = m_cacheFactory.Create<PageCache>();
    cache->SetDiskArray(array);
    node->AggregateObject(array);
    node->AggregateObject(cache);
    return cache;
}

std::vector<Ptr<PageCache>>
DiskArrayHelper::Install(NodeContainer nodes) const
{
    std::vector<Ptr<PageCache>> caches;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        caches.push_back(Install(*it));
    }
    return caches;
}

} // namespace hybridnet
} // namespace ns3
