/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_QUEUE_DROPS_H
#define HYBRIDNET_QUEUE_DROPS_H

#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
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
 *
 * InstallRedBottleneck() makes it a RED queue instead: ns-3's RedQueueDisc in its Adaptive
 * RED form (Floyd, Gummadi and Shenker 2001, "Adaptive RED"), whose parameters follow from
 * the link alone - with C the link's rate in packets of the mean size s per second and d
 * the target queueing delay:
 *
 *     (1) min_th = max(5, d C / 2),  max_th = 3 min_th  (packets of the average queue)
 *     (2) w_q = 1 - exp(-1 / C)      (the average's weight: a time constant of 1 s)
 *     (3) max_p adapted every 0.5 s within [min(0.01, 1 / W), 0.5] towards an average
 *         between the thresholds (AIMD: + min(0.01, max_p / 4), x 0.9), W = C x 100 ms
 *         (ns-3's default RTT for this bound)
 *
 * gentle above max_th (the drop probability rising from max_p to 1 at 2 max_th), drops and
 * no ECN; the queue itself holds at most the given packets. The device queue under it holds
 * one packet (the one waiting for the wire), so RED sees the whole backlog; its drops are
 * the queue disc's.
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

    /**
     * Make @p port (a PointToPointNetDevice) an Adaptive RED queue, (1)-(3), of at most
     * @p packets, and count its drops.
     * @param port the bottleneck port
     * @param packets the queue's limit, packets
     * @param meanPacket s in (1)-(2): the packet size the rate is counted in, bytes
     * @param targetDelay d in (1)
     */
    void InstallRedBottleneck(Ptr<NetDevice> port,
                              uint32_t packets,
                              uint32_t meanPacket,
                              Time targetDelay);

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
