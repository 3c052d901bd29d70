/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ethernet-helper.h"

#include "../ethernet-channel.h"
#include "../ethernet-net-device.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/mac48-address.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/node.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetEthernetHelper");

EthernetHelper::EthernetHelper()
{
    m_queueFactory.SetTypeId("ns3::DropTailQueue<Packet>");
    m_deviceFactory.SetTypeId("ns3::hybridnet::EthernetNetDevice");
    m_channelFactory.SetTypeId("ns3::hybridnet::EthernetChannel");
}

void
EthernetHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_deviceFactory.Set(name, value);
}

void
EthernetHelper::SetChannelAttribute(std::string name, const AttributeValue& value)
{
    m_channelFactory.Set(name, value);
}

NetDeviceContainer
EthernetHelper::Install(NodeContainer nodes) const
{
    NS_ABORT_MSG_IF(nodes.GetN() != 2,
                    "EthernetHelper::Install: a link has exactly two nodes, not " << nodes.GetN());
    return Install(nodes.Get(0), nodes.Get(1));
}

NetDeviceContainer
EthernetHelper::Install(Ptr<Node> a, Ptr<Node> b) const
{
    NS_LOG_FUNCTION(this << a << b);
    Ptr<EthernetChannel> channel = m_channelFactory.Create<EthernetChannel>();
    NetDeviceContainer devices;
    for (const Ptr<Node>& node : {a, b})
    {
        Ptr<EthernetNetDevice> device = m_deviceFactory.Create<EthernetNetDevice>();
        device->SetAddress(Mac48Address::Allocate());
        Ptr<Queue<Packet>> queue = m_queueFactory.Create<Queue<Packet>>();
        device->SetQueue(queue);
        node->AddDevice(device);
        // Flow control towards traffic control: stop when the queue is full, wake on dequeue.
        Ptr<NetDeviceQueueInterface> queueInterface = CreateObject<NetDeviceQueueInterface>();
        queueInterface->GetTxQueue(0)->ConnectQueueTraces(queue);
        device->AggregateObject(queueInterface);
        devices.Add(device);
    }
    for (uint32_t i = 0; i < devices.GetN(); ++i)
    {
        DynamicCast<EthernetNetDevice>(devices.Get(i))->Attach(channel);
    }
    return devices;
}

} // namespace hybridnet
} // namespace ns3
