/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_WAN_PATH_H
#define HYBRIDNET_WAN_PATH_H

#include "host-counters.h"
#include "queue-drops.h"
#include "scenario-flags.h"
#include "wan-end-hosts.h"

#include "ns3/data-rate.h"
#include "ns3/ipv4-address.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

class CrossTraffic;
class WanTcpFlags;

/**
 * @brief A WAN path with one bottleneck between a sending and a receiving host, the path of
 * the high-speed TCP studies' transfers: its flags and its nodes, links and addresses.
 *
 *     sender ---------- router ------------------------------ receiver
 *      10.1.1.1          |  bottleneck queue (queuePackets)    10.1.2.2
 *            accessRate, accessDelay      bottleneckRate, rtt/2 - accessDelay
 *
 * The sender's access link and, when the receiver is a host model (WanEndHosts) or cross
 * traffic runs, a far router with the receiver on an access link of its own (10.1.3.1;
 * the bottleneck link then has rtt/2 - 2 accessDelay): the round-trip propagation delay is
 * --rtt either way. Links have the IP MTU the caller gives; the ends are cabled by
 * WanEndHosts (a point-to-point link, or a host model's NIC on Ethernet), their TCP is the
 * WanTcpFlags' (with the kernel of an end's profile), their queue discipline Linux's
 * pfifo_fast (WanEndHosts::InstallQdisc); the routers' ports queue in their device queues
 * alone (UseDeviceQueues). The bottleneck port's drop-tail queue is the caller's to size
 * (QueueDrops::InstallBottleneck on GetBottleneckDevice()).
 */
class WanPath
{
  public:
    /** The path's flags. */
    struct Shape
    {
        DataRate bottleneckRate{"1Gbps"};
        DataRate accessRate{"10Gbps"};
        Time rtt{MilliSeconds(120)};
        Time accessDelay{MicroSeconds(10)};
        uint32_t queuePackets{0};
    };

    /**
     * Register --bottleneckRate, --accessRate, --rtt, --accessDelay, --queuePackets and their
     * rules (accessRate >= bottleneckRate, 2 x accessDelay <= rtt).
     * @param flags the scenario's flags
     * @param shape where they go
     */
    static void AddFlags(ScenarioFlags& flags, Shape& shape);

    /**
     * Register the rule of a path whose receiver may be a host model: with a --receiver
     * profile the far router's access link takes a second accessDelay each way, so 4 x
     * accessDelay <= rtt.
     * @param flags the scenario's flags
     * @param shape the shape the flags bind
     * @param ends the end hosts the flags bind
     */
    static void AddReceiverRule(ScenarioFlags& flags, const Shape& shape, const WanEndHosts& ends);

    /**
     * Build the path.
     * @param shape its flags
     * @param tcp the TCP of both ends
     * @param ends the end hosts
     * @param mtu the links' IP MTU, bytes
     * @param cross cross traffic between the routers, or nullptr; built if active
     */
    WanPath(const Shape& shape,
            const WanTcpFlags& tcp,
            const WanEndHosts& ends,
            uint32_t mtu,
            CrossTraffic* cross);

    /** @return the sending host */
    Ptr<Node> GetSender() const;
    /** @return the receiving host */
    Ptr<Node> GetReceiver() const;
    /** @return the address the sender sends to */
    Ipv4Address GetReceiverAddress() const;
    /** @return the sender's device on its access link */
    Ptr<NetDevice> GetSenderDevice() const;
    /** @return the receiving host's device */
    Ptr<NetDevice> GetReceiverDevice() const;
    /** @return the router's port on the bottleneck link */
    Ptr<NetDevice> GetBottleneckDevice() const;

    /**
     * Watch the path's queues: make the bottleneck port a drop-tail FIFO of @p queuePackets
     * (QueueDrops::InstallBottleneck) counted by @p bottleneck, and count the sender's
     * queue discipline and device queue in @p sender.
     */
    void WatchQueues(QueueDrops& bottleneck, QueueDrops& sender, uint32_t queuePackets) const;

    /**
     * @param ends the end hosts the path was built with
     * @return the counters of the ends that are host models (HostCounters: Sender, Receiver)
     */
    HostCounters GetHostCounters(const WanEndHosts& ends) const;

  private:
    NodeContainer m_nodes{3};        //!< sender, router, receiver
    Ptr<Node> m_farRouter;           //!< between the bottleneck and a modelled receiver
    NetDeviceContainer m_access;     //!< sender - router
    NetDeviceContainer m_wan;        //!< router - receiver (or - farRouter): the bottleneck
    NetDeviceContainer m_lastAccess; //!< farRouter - receiver
    Ipv4Address m_receiverAddress;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_WAN_PATH_H
