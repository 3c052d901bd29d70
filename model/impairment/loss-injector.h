/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_LOSS_INJECTOR_H
#define HYBRIDNET_LOSS_INJECTOR_H

#include "hybridnet/flow-key.h"

#include "ns3/ip-l4-protocol.h"
#include "ns3/ipv4-address.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <map>
#include <set>

namespace ns3
{

class Ipv4L3Protocol;
class Ipv4Route;
class Node;
class Packet;
class UniformRandomVariable;

namespace hybridnet
{

/**
 * @brief Packet loss injected in a host's IP layer, at the boundary between IP and the
 * transports, for one direction (send or receive) and one flow filter: the "drop 1 in N
 * packets in the kernel" with which the high-speed TCP studies measured TCP's response
 * function and recovery time (MB-NG: 1 drop in 25,000 packets, DataTAG: 1 in 10^6;
 * shared reference high-speed-tcp-wan.md).
 *
 * **Where.**  It works for any IpL4Protocol over IPv4 on the node - ns-3's TcpL4Protocol
 * (and so any subclass of it, e.g. hybridnet's own TCP), UdpL4Protocol, ... - and never
 * looks inside a socket:
 * - send path (Direction SEND): the transports hand their packets to IP through a down
 *   target, Ipv4L3Protocol::Send(packet, source, destination, protocol, route), with the
 *   transport header first in the packet.  Attach replaces each hooked transport's down
 *   target by its own function and keeps the original (as FlowSteering of the offload
 *   module does).  A dropped packet never reaches IP: no IP trace, no queue, no wire.  The
 *   transport has already counted it as sent (TCP's Tx trace fired), as with a packet a
 *   kernel loses below TCP.
 * - receive path (Direction RECEIVE): Ipv4L3Protocol::LocalDeliver hands a datagram for
 *   this host (IP header removed, reassembled) to GetProtocol(number)->Receive.  Attach
 *   removes the transport from Ipv4L3Protocol's table and inserts a ReceiveLossShim with
 *   the same protocol number, which drops the packet or forwards it to the transport's
 *   Receive; it forwards everything else (ReceiveIcmp - so ICMP errors, which
 *   Icmpv4L4Protocol delivers through GetProtocol(number), still reach the transport -,
 *   the down targets, IPv6).  A dropped packet has been received by IP (its LocalDeliver
 *   trace fired) and is lost before the transport sees it; the shim answers RX_OK, so no
 *   ICMP port unreachable is sent for it.
 *
 * **Which packets count.**  A packet is *counted* if it matches the flow filter (protocol,
 * source and destination address and port; each 0 = any) and, if PayloadOnly is true,
 * carries transport payload:
 *
 *     (1) payload = size - 4 * (TCP data offset)   TCP (protocol 6)
 *                   size - 8                       UDP (protocol 17)
 *                   size                           any other protocol
 *
 * (size = the transport segment, header included; the ports come from the first four
 * bytes for TCP and UDP, FlowKey::FromTransport, and are 0 for other protocols.)  Only
 * counted packets can be dropped and only they advance the count k = 1, 2, ...
 *
 * **Which counted packets are dropped.**  Mode EveryNth (N = Interval, K = Offset):
 *
 *     (2) packet k is dropped  <=>  k > K  and  (k - K) mod N = 0
 *
 * i.e. packets K + N, K + 2N, ...; after n counted packets exactly
 *
 *     (3) D(n) = floor((n - K) / N)  for n >= K,  else 0
 *
 * have been dropped.  Mode Random (p = LossRate): packet k is dropped iff U_k < p, U_k
 * drawn from a UniformRandomVariable on [0, 1) (one draw per counted packet, so the drop
 * sequence depends only on the seed, the run and AssignStreams); D(n) ~ Binomial(n, p).
 *
 * **What the studies' patch counted, and the default.**  The papers say only "dropping 1
 * in N packets in the kernel".  Their purpose was TCP's response function, throughput
 * against the loss rate p of the data segments (Mathis et al. 1997: throughput ~
 * MSS / (RTT sqrt(p)), p per segment sent), and the recovery time after one loss; a patch
 * for that most plausibly counted the packets of the bulk flow's data direction, which are
 * data segments but for the handshake (SYN, the handshake's last ACK, FIN).  The default
 * PayloadOnly = true counts data segments only, so that p = 1/N per data segment exactly,
 * whatever the handshake, the delayed-ACK ratio or pure window updates add, and so that a
 * SYN is never dropped (a lost SYN costs a 1 s initial RTO, which no study measured).  Set
 * it false to count every packet of the flow, e.g. to drop ACKs on the data sender's
 * receive path (those carry no payload and are never counted otherwise).
 *
 * **Limits.**  IPv4 only.  Transports present when Attach is called are hooked
 * (install the internet stack first); a transport whose down target is still null is not.
 * On the receive path ICMP (protocol 1) is never hooked: Ipv4L3Protocol::GetIcmp casts
 * GetProtocol(1) to Icmpv4L4Protocol, which a shim is not; a filter for protocol 1 on the
 * receive path is an error.  Datagrams that bypass the transports (raw sockets) and
 * forwarded packets are not seen.  Several injectors may be attached to one node (they
 * chain); one that is disposed while another hooked after it is still attached stays in
 * the chain but passes everything.  A flow that matches sees only counted packets advance
 * k; k is shared by all flows that match the filter (filter one flow to get per-flow
 * counts).
 */
class LossInjector : public Object
{
  public:
    /** The path the injector sits on. */
    enum Direction
    {
        SEND,   //!< packets handed from a transport to IP
        RECEIVE //!< packets handed from IP to a transport
    };

    /** How counted packets are chosen for dropping. */
    enum Mode
    {
        EVERY_NTH, //!< equation (2)
        RANDOM     //!< U_k < p
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    LossInjector();
    ~LossInjector() override;

    /**
     * Hooks the injector into the node's IPv4 layer (see the class comment).  Called once.
     * @param node a node with an internet stack (Ipv4L3Protocol and its transports)
     * @param direction which path
     */
    void Attach(Ptr<Node> node, Direction direction);

    /** @return the direction given to Attach (SEND before Attach) */
    Direction GetDirection() const;

    /** @return whether Attach was called and the injector is not disposed */
    bool IsAttached() const;

    /**
     * @param key a packet's flow
     * @return whether @p key matches the flow filter
     */
    bool Matches(const FlowKey& key) const;

    /**
     * @param packet a transport segment, header first
     * @param protocol its IP protocol number
     * @return its payload, equation (1), in bytes
     */
    static uint32_t PayloadSize(Ptr<const Packet> packet, uint8_t protocol);

    /**
     * The decision for one packet on the injector's path: counts it (filter, PayloadOnly),
     * applies (2) or the random draw, updates the counters and fires Drop.  Called by the
     * send path and by the ReceiveLossShim; passes everything once detached.
     * @param packet the transport segment, header first
     * @param key its flow
     * @return true to drop the packet
     */
    bool Judge(Ptr<const Packet> packet, const FlowKey& key);

    /** @return counted packets so far, k of equation (2) */
    uint64_t GetSeen() const;
    /** @return dropped packets so far, D of equation (3) */
    uint64_t GetDropped() const;

    /**
     * @param stream first stream index to use
     * @return the number of streams used (1)
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * TracedCallback signature of Drop.
     * @param packet the dropped transport segment, header first
     * @param flow its flow
     */
    typedef void (*DropTracedCallback)(Ptr<const Packet> packet, const FlowKey& flow);

  protected:
    void DoDispose() override;

  private:
    /**
     * The down target given to the hooked transports (send path).
     * @param packet the segment
     * @param source source address
     * @param destination destination address
     * @param protocol IP protocol number
     * @param route the route, or null
     */
    void SendDown(Ptr<Packet> packet,
                  Ipv4Address source,
                  Ipv4Address destination,
                  uint8_t protocol,
                  Ptr<Ipv4Route> route);
    /** Hooks the send path of every transport the filter can match. */
    void HookSend();
    /** Hooks the receive path of every transport the filter can match. */
    void HookReceive();
    /** Undoes HookSend and HookReceive where this injector is still outermost. */
    void Unhook();

    // Attributes
    Mode m_mode;                //!< EveryNth or Random
    uint32_t m_interval;        //!< N of (2)
    uint32_t m_offset;          //!< K of (2)
    double m_lossRate;          //!< p
    uint8_t m_protocol;         //!< filter: IP protocol number, 0 = any
    Ipv4Address m_source;       //!< filter: source address, 0.0.0.0 = any
    Ipv4Address m_destination;  //!< filter: destination address, 0.0.0.0 = any
    uint16_t m_sourcePort;      //!< filter: source port, 0 = any
    uint16_t m_destinationPort; //!< filter: destination port, 0 = any
    bool m_payloadOnly;         //!< count only packets with payload (1)

    Direction m_direction{SEND};          //!< the path, from Attach
    bool m_attached{false};               //!< between Attach and DoDispose
    Ptr<Ipv4L3Protocol> m_ipv4;           //!< the node's IPv4 layer
    Ptr<UniformRandomVariable> m_uniform; //!< U_k
    /** Send path: the original down target of each hooked protocol. */
    std::map<uint8_t, IpL4Protocol::DownTargetCallback> m_downTargets;
    /** Receive path: the protocol numbers with a shim of this injector. */
    std::set<uint8_t> m_shimmed;

    TracedValue<uint64_t> m_seen;                                  //!< counted packets
    TracedValue<uint64_t> m_dropped;                               //!< dropped packets
    TracedCallback<Ptr<const Packet>, const FlowKey&> m_dropTrace; //!< Drop
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_LOSS_INJECTOR_H
