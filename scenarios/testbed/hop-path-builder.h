/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_HOP_PATH_BUILDER_H
#define HYBRIDNET_HOP_PATH_BUILDER_H

#include "hop-path.h"
#include "hybridnet/ttl-expiry.h"
#include "wan-end-hosts.h"

#include "ns3/application-container.h"
#include "ns3/ipv4-address.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"

#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Builds a HopPath: the sender, the routers and the receiver, the links, addresses,
 * static routes and each router's ICMP slow path.
 *
 * Hop i (1..N) is a point-to-point link of its rate, delay and MTU on 10.0.i.0/24, node
 * i - 1 at .1 and node i at .2, each end's device queue a drop-tail FIFO of queuePackets;
 * node 0 is the sender, node N the receiver.  An end with a host profile (WanEndHosts:
 * --sender, --receiver) is cabled by its NIC instead (WanEndHosts::Cable: the NIC's rings,
 * interrupt moderation and CPU work, an Ethernet port of 100 packets on the router; the
 * hop's queuePackets then applies to neither end).  Routers queue in their device queues
 * alone (UseDeviceQueues), the hosts run their queue discipline (WanEndHosts::InstallQdisc).
 * Routes are static: a node's default route leads on toward the receiver (the receiver's
 * back toward the sender) and router i reaches the subnets behind it through hop i.  Each
 * router gets a TtlExpiry with its hop's icmp settings, so a probe with TTL t is answered
 * by router t from its address on hop t (10.0.t.2) - as traceroute and pchar name it.
 * A hop with "cross" gets its on/off UDP source (HopPath (1), ns-3's OnOffApplication, from
 * t = 0) on node i - 1 and a PacketSink on node i, so the cross traffic shares hop i's
 * queue, and hop i's alone.
 */
class HopPathBuilder
{
  public:
    /** Create the nodes (sender, routers, receiver). */
    explicit HopPathBuilder(const HopPath& path);

    /**
     * Install the internet stacks and build the path.  Once.
     * @param ends the end hosts' profiles (their flags parsed), or nullptr for bare ends
     */
    void Build(const WanEndHosts* ends = nullptr);

    /**
     * Fix the random streams of the cross traffic and the end hosts' NICs.
     * @param stream the first stream
     * @return the streams used
     */
    int64_t AssignStreams(int64_t stream);

    /** @return node i: 0 the sender, 1..N-1 the routers, N the receiver */
    NodeContainer GetNodes() const;
    /** @return the sender */
    Ptr<Node> GetSender() const;
    /** @return the receiver */
    Ptr<Node> GetReceiver() const;
    /** @return the receiver's address (hop N's .2) */
    Ipv4Address GetReceiverAddress() const;
    /** @return hop @p i's (1..N) far end's address: the router that answers TTL i */
    Ipv4Address GetHopAddress(uint32_t i) const;
    /** @return hop @p i's (1..N) two devices, near end first */
    NetDeviceContainer GetHopDevices(uint32_t i) const;
    /** @return router @p i's (1..N-1) ICMP slow path */
    Ptr<TtlExpiry> GetTtlExpiry(uint32_t i) const;

  private:
    /** Link hop @p i (1..N), a modelled end by @p ends (nullptr: none is). */
    NetDeviceContainer Link(uint32_t i, const WanEndHosts* ends) const;
    /** Install the end hosts' queue disciplines, by @p ends (nullptr: bare ends). */
    void InstallQdiscs(const WanEndHosts* ends) const;
    /** Static routes of node @p k. */
    void Route(uint32_t k);
    /** The cross traffic of hop @p i (1..N), if it has any. */
    void AddCross(uint32_t i);

    HopPath m_path;
    NodeContainer m_nodes;
    std::vector<NetDeviceContainer> m_hops; //!< hop i at i - 1
    std::vector<Ptr<TtlExpiry>> m_expiry;   //!< router i at i - 1
    ApplicationContainer m_cross;           //!< the cross traffic's sources
    bool m_built{false};
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_HOP_PATH_BUILDER_H
