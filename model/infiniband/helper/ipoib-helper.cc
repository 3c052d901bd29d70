/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ipoib-helper.h"

#include "hybridnet/infiniband-hca.h"
#include "hybridnet/ipoib-net-device.h"

#include "ns3/abort.h"
#include "ns3/arp-cache.h"
#include "ns3/ipv4-interface.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/net-device-queue-interface.h"

namespace ns3
{
namespace hybridnet
{

IpoibHelper::IpoibHelper()
{
    m_device.SetTypeId(IpoibNetDevice::GetTypeId());
}

void
IpoibHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_device.Set(name, value);
}

NetDeviceContainer
IpoibHelper::Install(const NodeContainer& nodes, uint8_t port) const
{
    NetDeviceContainer devices;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        Ptr<Node> node = *it;
        Ptr<InfinibandHca> hca = node->GetObject<InfinibandHca>();
        NS_ABORT_MSG_IF(!hca || !hca->GetPort(port),
                        "IpoibHelper: node " << node->GetId() << " has no InfinibandHca port "
                                             << +port << " (install InfinibandVerbsHelper first)");
        Ptr<IpoibNetDevice> device = m_device.Create<IpoibNetDevice>();
        node->AddDevice(device);
        device->Attach(hca, port);
        device->AggregateObject(CreateObject<NetDeviceQueueInterface>());
        devices.Add(device);
    }
    return devices;
}

void
IpoibHelper::ResolveNeighbours(const NetDeviceContainer& devices)
{
    for (uint32_t i = 0; i < devices.GetN(); ++i)
    {
        Ptr<IpoibNetDevice> a = DynamicCast<IpoibNetDevice>(devices.Get(i));
        NS_ABORT_MSG_IF(!a, "IpoibHelper::ResolveNeighbours: device " << i << " is not IPoIB");
        Ptr<Ipv4L3Protocol> ipv4 = a->GetNode()->GetObject<Ipv4L3Protocol>();
        NS_ABORT_MSG_IF(!ipv4, "IpoibHelper::ResolveNeighbours: install the Internet stack first");
        Ptr<Ipv4Interface> interface = ipv4->GetInterface(ipv4->GetInterfaceForDevice(a));
        for (uint32_t j = 0; j < devices.GetN(); ++j)
        {
            Ptr<IpoibNetDevice> b = DynamicCast<IpoibNetDevice>(devices.Get(j));
            if (i == j)
            {
                continue;
            }
            a->AddPeer(b); // connected mode: the connection, both ends at once
            Ptr<Ipv4L3Protocol> ipv4b = b->GetNode()->GetObject<Ipv4L3Protocol>();
            Ptr<Ipv4Interface> ib = ipv4b->GetInterface(ipv4b->GetInterfaceForDevice(b));
            for (uint32_t k = 0; k < ib->GetNAddresses(); ++k)
            {
                ArpCache::Entry* entry =
                    interface->GetArpCache()->Add(ib->GetAddress(k).GetLocal());
                entry->SetMacAddress(b->GetAddress());
                entry->MarkPermanent();
            }
        }
    }
}

} // namespace hybridnet
} // namespace ns3
