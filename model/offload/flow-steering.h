/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_FLOW_STEERING_H
#define HYBRIDNET_FLOW_STEERING_H

#include "hybridnet/flow-key.h"

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/ip-l4-protocol.h"
#include "ns3/ipv4-address.h"
#include "ns3/net-device.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <unordered_map>

namespace ns3
{

class Ipv4Header;
class Ipv4L3Protocol;
class Ipv4Route;
class Node;
class Packet;

namespace hybridnet
{

/**
 * @brief Per-flow steering in a host's IP layer: sends the outgoing packets of chosen
 * flows (FlowKey, one direction each) out of a chosen device to a chosen next hop instead
 * of where the routing table sends them, and moves them back - for any transport, without
 * breaking a connection (the 5-tuple and addresses never change) and without reordering.
 *
 * Aggregated to a node that has an internet stack (FlowSteeringHelper::Install).  Only
 * outgoing packets are steered; the other end's FlowSteering steers the reverse direction
 * (Linux accepts a packet for any local address on any interface, as ns-3's weak end
 * system model does, so a flow's packets arriving on the circuit NIC reach their socket).
 *
 * **Interposition.**  ns-3's transports (TcpL4Protocol, UdpL4Protocol, Icmpv4L4Protocol,
 * any IpL4Protocol of the node) hand their packets to IP through a down target,
 * Ipv4L3Protocol::Send(packet, source, destination, protocol, route), with the transport
 * header first in the packet (ns-3.44 tcp-l4-protocol.cc SendPacketV4 and
 * udp-l4-protocol.cc Send add the header, then call the down target with the routing
 * table's route, or no route, which IP then looks up itself - UDP sockets bound to an
 * address do so).  FlowSteering replaces each
 * transport's down target by its own function and keeps the original: it computes the
 * packet's FlowKey (FlowKey::FromTransport), fires Tx, and either hands the packet on
 * unchanged, or - flow steered to device D and next hop G - with its own route (output
 * device D, gateway G, source the packet's source; Ipv4L3Protocol::Send uses a route it is
 * given as it is, ns-3.44 "case 1b", and ARP on D's interface resolves G), or holds it
 * (below).  Addresses, ports and the IP header are never changed.  Packets that do not go
 * through a transport (raw sockets, e.g. ns-3's Ping application) are not steered.
 *
 * **No overtaking (the drain rule).**  A flow moves from path A (where its packets go
 * now) to path B.  Its packets must not arrive out of order at the other end, so no packet
 * sent on B may arrive before one sent earlier on A.  Let t_L be the instant the last
 * packet of the flow handed to A left this host (its last bit left the device: the
 * device's PhyTxEnd trace, which EthernetNetDevice and so NicNetDevice fire), and S
 * (attribute SettleTime) an upper bound of how much longer the rest of path A, beyond the
 * host, can take than path B:
 *
 *     (1) S >= max over the flow's packets of (rest of A) - min (rest of B)
 *
 * A packet handed to B at t >= t_L + S leaves no sooner than t and so arrives after every
 * packet of A.  The move therefore takes three steps:
 *
 *     (2) resolve: B's next hop must be in the ARP cache of B's interface.  If it is not,
 *         FlowSteering sends it one ICMP echo request (from the interface's own address,
 *         on B) and waits until something from the next hop is delivered locally and the
 *         entry is alive, at most ResolveTimeout.  The flow still uses A meanwhile.
 *         Without this step the held packets, released at once, would find the entry
 *         waiting for its reply and all but ns-3's ArpCache PendingQueueSize (3) of them
 *         would be dropped.
 *     (3) drain: from now on the flow's packets are held, in order, in a hold queue (at
 *         most MaxHeldPackets; beyond that they are dropped: HoldDrop, GetHoldDrops).
 *         Wait for t_L: the PhyTxEnd of the flow's last packet handed to A.  Which
 *         packet is the last is known only once the move starts, after it was handed
 *         down, so every packet handed to IP carries a small packet tag with a serial
 *         number (the packet uid cannot serve: TCP cuts its segments out of the
 *         application's writes, and all segments of one write share its uid).  If that
 *         packet is lost inside the host it never leaves: after DrainTimeout the wait
 *         ends, t_L = then.
 *     (4) settle: at t_R = max(now, t_L + S) the flow's path becomes B (PathChange), the
 *         held packets are handed to B in order, and the DoneCallback is called.
 *
 * If the flow has never sent a packet the move takes effect when (2) is done, without
 * (3) and (4).  If its last packet left earlier, t_L is that instant (the wait (3) is
 * skipped).  Unsteer is the same rule with B = the routing table's path.  Moves of one
 * flow are carried out one after the other in the order of the calls: a Steer or Unsteer
 * during a move starts when the move is done; a move to the path the flow uses already
 * completes at once.  DoneCallbacks are always called from a new event (ScheduleNow),
 * never from inside Steer or Unsteer.
 *
 * **The settle time for the study's path** (attribute default).  Path A = NIC 1 -- copper
 * GigE store-and-forward switch -- NIC 1 of the peer; path B = NIC 2 -- media converter --
 * optical circuit switch -- media converter -- NIC 2.  After the last packet of A has
 * left, it can still wait behind a full output queue of Q frames, then be serialised by
 * the switch, cross two cables (d each) and the switching latency L, and wait on the
 * receiving NIC for its interrupt, at most one throttle interval I; a packet on B may
 * meet none of this (the circuit is light, converters and cables add a few hundred
 * nanoseconds, which only delay B).  With T_w = (1518 + 20) B * 8 / R the wire time of a
 * full-size frame:
 *
 *     (5) S = (Q + 1) T_w + L + 2 d + I
 *
 * For a 100-frame output queue at R = 1 Gb/s (T_w = 12.304 us), L = 0, d = 10 ns (2 m of
 * cable) and the study's e1000 throttle of 8000 interrupts/s (I = 125 us):
 * S = 1242.7 + 0 + 0.02 + 125 us = 1.368 ms; the default 1.5 ms adds 132 us, the time to
 * receive about 10 more full-size frames, for the receiving host's ring.  Moving back
 * (A = circuit, B = switch), (1) needs no more than this (B is then the slower path), so
 * one SettleTime serves both directions.  A path with a deeper or slower queue needs (5)
 * recomputed: S too small lets B overtake A (the tests show it).
 *
 * Cost: the hold adds t_R - (start of (3)), about S, to the packets sent during the move
 * (TCP sees one longer round trip; far below its 1 s minimum RTO).  Per packet of an
 * unsteered flow: one packet tag, two hash-map operations and one map look-up.  A record
 * is kept per flow ever seen (its last packet, for (3)).
 *
 * Limits: IPv4 only (no IPv6 down target is replaced); transports aggregated after the
 * FlowSteering are hooked when they appear on the node (NotifyNewAggregate); a fragmented
 * datagram's first fragment ends the drain wait of (3), its other fragments follow it
 * back to back on the same device (well within S); the device's queues must be FIFO for
 * the flow (ns-3's default pfifo_fast keeps a flow's packets in one band).
 */
class FlowSteering : public Object
{
  public:
    /** Called when a Steer or Unsteer has taken effect (the old path is drained). */
    typedef Callback<void> DoneCallback;

    /**
     * Signature of the Tx trace: every outgoing transport packet of the node.
     * @param packet the packet, transport header first
     * @param key its flow
     * @param steered true if it leaves on a steered path
     */
    typedef void (*TxTracedCallback)(Ptr<const Packet> packet, const FlowKey& key, bool steered);

    /**
     * Signature of the PathChange trace.
     * @param key the flow
     * @param device the device its packets now leave from, or nullptr for "the routing
     *        table's choice"
     * @param nextHop the next hop on that device (0.0.0.0 with nullptr)
     */
    typedef void (*PathChangeTracedCallback)(const FlowKey& key,
                                             Ptr<const NetDevice> device,
                                             Ipv4Address nextHop);

    /**
     * Signature of the HoldDrop trace.
     * @param packet the packet dropped (the hold queue of its flow was full), transport
     *        header first
     * @param key its flow
     */
    typedef void (*HoldDropTracedCallback)(Ptr<const Packet> packet, const FlowKey& key);

    /**
     * TracedValue signature of HeldPackets.
     * @param oldValue previous value
     * @param newValue new value
     */
    typedef void (*HeldTracedCallback)(uint32_t oldValue, uint32_t newValue);

    static TypeId GetTypeId();
    FlowSteering();
    ~FlowSteering() override;

    FlowSteering(const FlowSteering&) = delete;
    FlowSteering& operator=(const FlowSteering&) = delete;

    /**
     * Send @p key's packets out of @p device to @p nextHop (resolved by ARP on that
     * device's interface), from the moment the packets already sent on the old path can no
     * longer be overtaken.
     * @param key the flow (outgoing direction)
     * @param device a device of this node with an IPv4 interface that is up
     * @param nextHop the next hop's address on that interface's subnet
     * @param done called once the new path is in use (may be null)
     */
    void Steer(const FlowKey& key, Ptr<NetDevice> device, Ipv4Address nextHop, DoneCallback done);

    /**
     * Give @p key back to the routing table, with the same no-overtaking rule.
     * @param key the flow
     * @param done called once the routing table's path is in use (may be null)
     */
    void Unsteer(const FlowKey& key, DoneCallback done);

    /**
     * @param key a flow
     * @return true if it is steered (or being moved onto a steered path)
     */
    bool IsSteered(const FlowKey& key) const;

    /** @return packets held now, all flows, equation (3) */
    uint32_t GetHeldPackets() const;
    /** @return packets dropped so far because a hold queue was full */
    uint64_t GetHoldDrops() const;
    /** @return SettleTime, S of equations (1) and (4) */
    Time GetSettleTime() const;

  protected:
    void DoDispose() override;
    void NotifyNewAggregate() override;

  private:
    /** Where a flow's packets go. */
    struct Path
    {
        Ptr<NetDevice> device; //!< steered device, or null: the routing table's choice
        Ipv4Address nextHop{Ipv4Address::GetAny()}; //!< next hop on device (0.0.0.0 if none)
        Ptr<Ipv4Route> route;                       //!< the route handed to IP when steered

        /** @param other a path @return whether both send to the same place */
        bool SameAs(const Path& other) const;
    };

    /** A packet waiting in a hold queue, with what its transport handed down. */
    struct Held
    {
        Ptr<Packet> packet;      //!< transport header first
        Ipv4Address source;      //!< source address
        Ipv4Address destination; //!< destination address
        uint8_t protocol;        //!< IP protocol number
        Ptr<Ipv4Route> route;    //!< the routing table's route when it was handed down
    };

    /** A Steer or Unsteer waiting for an earlier move of the same flow. */
    struct Request
    {
        Path target;       //!< where to
        DoneCallback done; //!< the caller's callback
    };

    /** Phase of a flow, equations (2)-(4). */
    enum class Phase : uint8_t
    {
        STABLE,    //!< on its path, no move
        RESOLVING, //!< (2): still on the old path
        DRAINING,  //!< (3): holding, waiting for the last old-path packet to leave
        SETTLING,  //!< (4): holding until t_L + S
    };

    /** Per-flow state. */
    struct Flow
    {
        Path current;                 //!< path in use
        Phase phase{Phase::STABLE};   //!< move in progress
        Path target;                  //!< where the move goes
        DoneCallback done;            //!< callback of the move in progress
        std::deque<Request> requests; //!< moves asked for during this one
        std::deque<Held> held;        //!< hold queue, (3)
        EventId timer;                //!< ResolveTimeout, DrainTimeout or the end of (4)
        bool everSent{false};         //!< a packet of the flow was handed to IP
        bool inHost{false};           //!< its last one has not left yet
        uint64_t lastSerial{0};       //!< serial (tag) of its last packet handed to IP
        Time leftAt;                  //!< when its last packet left (if !inHost)
        Ipv4Address resolving;        //!< next hop being resolved, (2)
    };

    /** Replace the down targets of the node's transports that are not yet ours. */
    void HookTransports();
    /** Watch PhyTxEnd of the node's devices that are not yet watched. */
    void WatchDevices();

    /**
     * Every transport's down target: Tx, then hold or hand to IP.
     * @param packet the packet, transport header first
     * @param source source address
     * @param destination destination address
     * @param protocol IP protocol number
     * @param route the routing table's route (may be null)
     */
    void SendDown(Ptr<Packet> packet,
                  Ipv4Address source,
                  Ipv4Address destination,
                  uint8_t protocol,
                  Ptr<Ipv4Route> route);
    /**
     * Hand a packet of a flow to IP on the flow's current path.
     * @param key the flow
     * @param flow its state
     * @param held the packet and what came with it
     */
    void SendOnPath(const FlowKey& key, Flow& flow, const Held& held);

    /**
     * Start a move, or queue it behind the one in progress.
     * @param key the flow
     * @param target where to
     * @param done the caller's callback
     */
    void RequestMove(const FlowKey& key, Path target, DoneCallback done);
    /**
     * (2): the flow is stable; resolve the target's next hop, then BeginHold.
     * @param key the flow
     */
    void StartMove(const FlowKey& key);
    /**
     * The next hop the routing table uses for @p key.
     * @param key the flow
     * @param[out] device the output device (null if there is no route)
     * @param[out] nextHop the gateway, or the destination if on-link
     */
    void RoutingTablePath(const FlowKey& key, Ptr<NetDevice>& device, Ipv4Address& nextHop) const;
    /**
     * @param device a device with an IPv4 interface
     * @param nextHop an address on its subnet
     * @return whether the interface's ARP cache can send to @p nextHop without waiting
     */
    bool IsResolved(Ptr<NetDevice> device, Ipv4Address nextHop) const;
    /**
     * Send one ICMP echo request to @p nextHop out of @p device, to start ARP, (2).
     * @param device the device
     * @param nextHop the next hop
     */
    void SendProbe(Ptr<NetDevice> device, Ipv4Address nextHop);
    /**
     * LocalDeliver trace of IP: an answer from a next hop being resolved?
     * @param header the IP header
     * @param packet the packet
     * @param interface the interface it arrived on
     */
    void LocalDeliver(const Ipv4Header& header, Ptr<const Packet> packet, uint32_t interface);
    /**
     * (2) done (or timed out): start holding, (3).
     * @param key the flow
     */
    void BeginHold(const FlowKey& key);
    /**
     * PhyTxEnd of a device: the last old-path packet of a flow may have left, (3).
     * @param frame the frame
     */
    void PhyTxEnd(Ptr<const Packet> frame);
    /**
     * (3) done: the last packet left at @p leftAt; settle, (4).
     * @param key the flow
     * @param leftAt t_L
     */
    void Drained(const FlowKey& key, Time leftAt);
    /**
     * (3) timed out.
     * @param key the flow
     */
    void DrainTimedOut(const FlowKey& key);
    /**
     * (4): switch to the target path, release the held packets, call back.
     * @param key the flow
     */
    void Release(const FlowKey& key);
    /**
     * @param device the device
     * @param nextHop the next hop
     * @param key the flow whose source the route carries
     * @return the route handed to IP for a flow steered there
     */
    static Ptr<Ipv4Route> MakeRoute(Ptr<NetDevice> device, Ipv4Address nextHop, const FlowKey& key);
    /** @param done a callback to call from a new event (ignored if null) */
    static void CallBack(DoneCallback done);

    Time m_settleTime;     //!< SettleTime, S
    Time m_drainTimeout;   //!< DrainTimeout
    Time m_resolveTimeout; //!< ResolveTimeout
    uint32_t m_maxHeld{0}; //!< MaxHeldPackets, per flow

    Ptr<Node> m_node;                                                  //!< the host
    Ptr<Ipv4L3Protocol> m_ipv4;                                        //!< its IP
    std::map<uint8_t, IpL4Protocol::DownTargetCallback> m_downTargets; //!< originals
    std::set<Ptr<NetDevice>> m_watched; //!< devices whose PhyTxEnd is connected
    std::map<FlowKey, Flow> m_flows;    //!< every flow seen or steered
    std::set<FlowKey> m_resolving;      //!< flows in (2), waiting for an answer
    /** serial of each flow's last packet handed to IP that has not left yet, (3) */
    std::unordered_map<uint64_t, FlowKey> m_inHost;
    uint64_t m_nextSerial{1};    //!< serial of the next packet handed to IP
    uint16_t m_probeSequence{0}; //!< sequence number of the next ICMP probe

    TracedValue<uint32_t> m_heldPackets{0};                            //!< HeldPackets
    uint64_t m_holdDrops{0};                                           //!< hold queue drops
    TracedCallback<Ptr<const Packet>, const FlowKey&, bool> m_txTrace; //!< Tx
    /** PathChange */
    TracedCallback<const FlowKey&, Ptr<const NetDevice>, Ipv4Address> m_pathChangeTrace;
    TracedCallback<Ptr<const Packet>, const FlowKey&> m_holdDropTrace; //!< HoldDrop
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_FLOW_STEERING_H
