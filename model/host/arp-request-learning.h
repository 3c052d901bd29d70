/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_ARP_REQUEST_LEARNING_H
#define HYBRIDNET_ARP_REQUEST_LEARNING_H

#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Linux's neighbour learning from ARP requests: a host that answers an ARP request
 * for one of its addresses also enters the requester in its ARP cache.
 *
 * Linux's arp_process (net/ipv4/arp.c, 2.4 and 2.6) calls neigh_event_ns for a request
 * whose target is a local address before it sends the reply, so the host's first packet
 * back to the requester finds the requester's hardware address and needs no ARP exchange
 * of its own. ns-3's ArpL3Protocol leaves its cache alone on a request (its bug 107), so two
 * hosts that start talking over an Ethernet pay two ARP round trips where Linux pays one:
 * a few microseconds in a LAN, one more round trip (80 ms) on a transatlantic lightpath.
 *
 * For an ARP request received on an IPv4 interface i whose target is one of i's addresses,
 * with sender addresses (s, m):
 *
 *     (1) i's ARP cache has no entry for s  ->  an ALIVE entry s -> m, seen now (as if a
 *                                                reply had arrived; ArpCache AliveTimeout)
 *     (2) it has one                         ->  left to ns-3's own state machine
 *
 * The reply itself is ArpL3Protocol's (this class only listens). Not modelled: Linux's
 * update of an existing entry from a request (neighbour state STALE, 2) and gratuitous ARP.
 */
class ArpRequestLearning : public Object
{
  public:
    static TypeId GetTypeId();
    ArpRequestLearning();
    ~ArpRequestLearning() override;

    /**
     * Listen on every device of @p node that carries ARP (an IPv4 interface with an ARP
     * cache). Call after the addresses are assigned.
     * @param node a node with an IPv4 stack
     * @return the object, aggregated to @p node
     */
    static Ptr<ArpRequestLearning> Install(Ptr<Node> node);

    /** @return entries created by (1) so far */
    uint32_t GetLearned() const;

  private:
    void DoDispose() override;
    /** A frame of the ARP protocol arrived on @p device: (1)-(2). */
    void Receive(Ptr<NetDevice> device,
                 Ptr<const Packet> packet,
                 uint16_t protocol,
                 const Address& from,
                 const Address& to,
                 NetDevice::PacketType type);

    Ptr<Node> m_node;
    uint32_t m_learned{0};
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_ARP_REQUEST_LEARNING_H
