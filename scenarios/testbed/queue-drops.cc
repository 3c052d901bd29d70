/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "queue-drops.h"

#include "hybridnet/ethernet-net-device.h"

#include "ns3/log.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/queue.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/traffic-control-layer.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetQueueDrops");

void
QueueDrops::AddDeviceQueue(Ptr<NetDevice> device)
{
    Ptr<Queue<Packet>> queue;
    if (auto p2p = DynamicCast<PointToPointNetDevice>(device))
    {
        queue = p2p->GetQueue();
    }
    else
    {
        queue = DynamicCast<EthernetNetDevice>(device)->GetQueue();
    }
    queue->TraceConnectWithoutContext("Drop", MakeCallback(&QueueDrops::Count, this));
}

void
QueueDrops::AddQueueDisc(Ptr<QueueDisc> qdisc)
{
    qdisc->TraceConnectWithoutContext("Drop", MakeCallback(&QueueDrops::CountItem, this));
}

void
QueueDrops::AddTrafficControl(Ptr<Node> node)
{
    node->GetObject<TrafficControlLayer>()->TraceConnectWithoutContext(
        "TcDrop",
        MakeCallback(&QueueDrops::Count, this));
}

void
QueueDrops::InstallBottleneck(Ptr<NetDevice> port, uint32_t packets)
{
    if (port->GetNode()->GetObject<TrafficControlLayer>()->GetRootQueueDiscOnDevice(port))
    {
        TrafficControlHelper().Uninstall(port);
    }
    DynamicCast<PointToPointNetDevice>(port)->GetQueue()->SetMaxSize(
        QueueSize(QueueSizeUnit::PACKETS, packets));
    AddDeviceQueue(port);
    AddTrafficControl(port->GetNode());
}

uint64_t
QueueDrops::Get() const
{
    return m_drops;
}

void
QueueDrops::Count(Ptr<const Packet>)
{
    ++m_drops;
}

void
QueueDrops::CountItem(Ptr<const QueueDiscItem>)
{
    ++m_drops;
}

} // namespace hybridnet
} // namespace ns3
