/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "queue-drops.h"

#include "hybridnet/ethernet-net-device.h"

#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/log.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/queue.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/uinteger.h"

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

void
QueueDrops::InstallRedBottleneck(Ptr<NetDevice> port,
                                 uint32_t packets,
                                 uint32_t meanPacket,
                                 Time targetDelay)
{
    auto p2p = DynamicCast<PointToPointNetDevice>(port);
    if (port->GetNode()->GetObject<TrafficControlLayer>()->GetRootQueueDiscOnDevice(port))
    {
        TrafficControlHelper().Uninstall(port);
    }
    p2p->GetQueue()->SetMaxSize(QueueSize(QueueSizeUnit::PACKETS, 1));
    DataRateValue rate;
    p2p->GetAttribute("DataRate", rate);
    TrafficControlHelper red;
    red.SetRootQueueDisc("ns3::RedQueueDisc",
                         "ARED",
                         BooleanValue(true),
                         "LinkBandwidth",
                         rate,
                         "MeanPktSize",
                         UintegerValue(meanPacket),
                         "TargetDelay",
                         TimeValue(targetDelay),
                         "MaxSize",
                         QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, packets)));
    AddQueueDisc(red.Install(port).Get(0));
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
