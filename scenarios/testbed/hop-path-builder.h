/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_HOP_PATH_BUILDER_H
#define HYBRIDNET_HOP_PATH_BUILDER_H

#include "hop-path.h"
#include "hybridnet/ttl-expiry.h"

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
 * node 0 is the sender, node N the receiver.  Routers queue in their device queues alone
 * (UseDeviceQueues), the hosts run Linux's pfifo_fast (WanEndHosts::InstallBareQdisc).
 * Routes are static: a node's default route leads on toward the receiver (the receiver's
 * back toward the sender) and router i reaches the subnets behind it through hop i.  Each
 * router gets a TtlExpiry with its hop's icmp settings, so a probe with TTL t is answered
 * by router t from its address on hop t (10.0.t.2) - as traceroute and pchar name it.
 */
class HopPathBuilder
{
  public:
    /** Create the nodes (sender, routers, receiver). */
    explicit HopPathBuilder(const HopPath& path);

    /** Install the internet stacks and build the path.  Once. */
    void Build();

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
    /** Static routes of node @p k. */
    void Route(uint32_t k);

    HopPath m_path;
    NodeContainer m_nodes;
    std::vector<NetDeviceContainer> m_hops; //!< hop i at i - 1
    std::vector<Ptr<TtlExpiry>> m_expiry;   //!< router i at i - 1
    bool m_built{false};
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_HOP_PATH_BUILDER_H
