/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_QUEUE_DROPS_H
#define HYBRIDNET_QUEUE_DROPS_H

#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/queue-disc.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Counts the packets that queues on a path drop, from their traces: a
 * point-to-point or Ethernet device's transmit queue (its Drop), a queue discipline (its Drop), a
 * node's traffic-control layer (TcDrop: a device that stopped its transmit queue because it
 * is full makes the traffic-control layer drop what IP hands it, so the device queue's own
 * Drop rarely fires).
 *
 * InstallBottleneck() makes a router port the path's bottleneck: its traffic-control layer
 * removed and its device queue a drop-tail FIFO of the given size, so that is all the
 * buffering there is; its drops are those of the queue and of the router's
 * traffic-control layer.
 */
class QueueDrops
{
  public:
    /** Count the drops of @p device's transmit queue (a PointToPointNetDevice or
     * EthernetNetDevice). */
    void AddDeviceQueue(Ptr<NetDevice> device);
    /** Count the drops of @p qdisc. */
    void AddQueueDisc(Ptr<QueueDisc> qdisc);
    /** Count the drops of @p node's traffic-control layer (TcDrop). */
    void AddTrafficControl(Ptr<Node> node);

    /**
     * Make @p port (a PointToPointNetDevice) a drop-tail FIFO of @p packets with nothing in
     * front, and count its drops and its node's traffic-control drops.
     */
    void InstallBottleneck(Ptr<NetDevice> port, uint32_t packets);

    /** @return the drops so far */
    uint64_t Get() const;

  private:
    /** A Drop or TcDrop trace. */
    void Count(Ptr<const Packet>);
    /** A queue discipline's Drop trace. */
    void CountItem(Ptr<const QueueDiscItem>);

    uint64_t m_drops{0};
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_QUEUE_DROPS_H
