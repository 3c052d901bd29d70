/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_AGGREGATE_STEERING_H
#define HYBRIDNET_AGGREGATE_STEERING_H

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/net-device.h"
#include "ns3/nstime.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <deque>
#include <map>
#include <set>
#include <vector>

namespace ns3
{

class Ipv4L3Protocol;
class Node;
class Packet;

namespace hybridnet
{

/**
 * @brief Switch-to-switch offload's data plane: on a border node (a router of the packet
 * network with a second port on the circuit), sends every forwarded packet of a chosen
 * aggregate out of the circuit port to the peer border's circuit address, and back -
 * all flows of the aggregate together, without breaking a connection and without
 * reordering any flow.
 *
 * **The aggregate** (AddAggregate).  Aggregate k is a prefix pair (P_s, P_d): the IPv4
 * unicast packets this node forwards (not the ones it sends or receives itself) whose
 * source address is in P_s and destination address in P_d, whatever their transport and
 * ports - e.g. all traffic from campus A's 10.1.0.0/16 to campus B's 10.2.0.0/16.  A
 * packet belongs to the first aggregate (in the order they were added) that matches it.
 * New flows of an aggregate that start while it is steered take the circuit with their
 * first packet: the match is on prefixes, not on flows seen.  The reverse direction
 * (ACKs) is the peer border's aggregate (P_d, P_s), steered there.
 *
 * **Interposition.**  An Ipv4RoutingProtocol that the helper adds to the node's
 * Ipv4ListRouting above the other protocols (AggregateSteeringHelper, priority 100), so
 * its RouteInput sees every packet to forward first (local delivery is handled by the
 * list before any protocol).  A packet of no aggregate is left to the next protocol
 * (RouteInput returns false).  A packet of aggregate k is forwarded by this class: with
 * the route the other protocols of the list give for its destination (their RouteOutput)
 * while k is not steered, with a route of its own (output device D, gateway G) while it
 * is, or it is held (below).  Like Linux policy routing (`ip rule from P_s to P_d table
 * circuit`), plus the drain rule.
 *
 * **No overtaking.**  The same rule as FlowSteering's equations (1)-(4), applied to the
 * aggregate as a whole instead of one flow: let t_L be the instant the last packet of
 * aggregate k forwarded on the old path left this node (its last bit left the output
 * device: PhyTxEnd, found by a per-packet serial tag), and S = SettleTime a bound of how
 * much longer the rest of the old path beyond this node can take than the new one:
 *
 *     (1) S >= max (rest of old path) - min (rest of new path)
 *     (2) resolve: the new next hop must be in the ARP cache of D's interface (one ICMP
 *         echo from D's address, answer awaited at most ResolveTimeout); k stays on the
 *         old path meanwhile
 *     (3) drain: k's packets are held in order (at most MaxHeldPackets) until t_L
 *         (at most DrainTimeout)
 *     (4) settle: at t_R = max(now, t_L + S) k's path changes (PathChange), the held
 *         packets are forwarded on it in order, the DoneCallback is called
 *
 * Every packet sent on the new path leaves at or after t_R >= t_L + S and so arrives
 * after every packet of k sent on the old one: since every flow of k is in k, no flow is
 * reordered by the move (packets of one flow are never split between holding and
 * forwarding).  The rule needs the old path's output port to be FIFO across the whole
 * aggregate (a drop-tail or RED queue disc, not one that interleaves flows such as
 * FqCoDel): t_L is the PhyTxEnd of the packet forwarded last, which is the last to leave
 * only then.  Why a class beside FlowSteering and not FlowSteering generalised:
 * FlowSteering sits between a host's transports and IP and sees only the packets the
 * host sends; a border node forwards packets that never pass a transport, so the
 * interposition must be in routing, and the unit is a prefix pair, not a 5-tuple.  The
 * drain rule is the same.
 *
 * **The settle time of a WAN path.**  Where both paths end in the same output queue of
 * the peer border (towards the destination host), the rest of the old path beyond this
 * node is its links and routers up to the peer border, and the new path's rest is at
 * least its propagation: with d_i the delay of WAN link i (h links), R_i their rates and
 * Q_i the queues (packets) of the h - 1 routers between the borders, W the wire bytes of
 * a full packet and d_c the circuit's propagation,
 *
 *     (5) S = sum_i d_i + sum over inner routers (Q_j + 1) 8 W / R_j - d_c
 *
 * (0 if negative).  For one WAN link between the borders, S = d_1 - d_c.  Attribute
 * default: 0 (no settle, right for a circuit that is not faster than the old path); any
 * faster circuit needs (5).
 *
 * Cost: per forwarded packet, one prefix match per aggregate; for an aggregate's packet,
 * a route look-up in the other protocols, a packet copy and tag.  Moves of one aggregate
 * are done one after the other in the order of the calls.  DoneCallbacks are called from
 * a new event.  IPv4 unicast only.
 */
class AggregateSteering : public Ipv4RoutingProtocol
{
  public:
    /** Called when a Steer or Unsteer has taken effect. */
    typedef Callback<void> DoneCallback;

    /**
     * Signature of the Forwarded trace.
     * @param packet the packet (IP payload)
     * @param header its IP header
     * @param aggregate the aggregate's index
     * @param steered whether it leaves on the steered path
     */
    typedef void (*ForwardedTracedCallback)(Ptr<const Packet> packet,
                                            const Ipv4Header& header,
                                            uint32_t aggregate,
                                            bool steered);
    /**
     * Signature of the PathChange trace.
     * @param aggregate the aggregate's index
     * @param device its new output device, or nullptr for the other protocols' choice
     * @param nextHop the next hop on it (0.0.0.0 with nullptr)
     */
    typedef void (*PathChangeTracedCallback)(uint32_t aggregate,
                                             Ptr<const NetDevice> device,
                                             Ipv4Address nextHop);

    static TypeId GetTypeId();
    AggregateSteering();
    ~AggregateSteering() override;

    AggregateSteering(const AggregateSteering&) = delete;
    AggregateSteering& operator=(const AggregateSteering&) = delete;

    /**
     * Define an aggregate (class comment).
     * @param source P_s's network @param sourceMask its mask
     * @param destination P_d's network @param destinationMask its mask
     * @return the aggregate's index (0, 1, ... in the order of the calls)
     */
    uint32_t AddAggregate(Ipv4Address source,
                          Ipv4Mask sourceMask,
                          Ipv4Address destination,
                          Ipv4Mask destinationMask);
    /** @return the number of aggregates */
    uint32_t GetNAggregates() const;

    /**
     * Forward @p aggregate out of @p device to @p nextHop, equations (2)-(4).
     * @param aggregate an index from AddAggregate
     * @param device a device of this node with an IPv4 interface that is up
     * @param nextHop another address on that interface's subnet
     * @param done called once the new path is in use (may be null)
     */
    void Steer(uint32_t aggregate, Ptr<NetDevice> device, Ipv4Address nextHop, DoneCallback done);
    /**
     * Give @p aggregate back to the other routing protocols, same rule.
     * @param aggregate an index from AddAggregate
     * @param done called once their path is in use (may be null)
     */
    void Unsteer(uint32_t aggregate, DoneCallback done);
    /** @param aggregate an index @return whether it is steered or being moved there */
    bool IsSteered(uint32_t aggregate) const;
    /** @param aggregate an index @return packets of it forwarded so far */
    uint64_t GetForwarded(uint32_t aggregate) const;
    /** @return packets held now, all aggregates, (3) */
    uint32_t GetHeldPackets() const;
    /** @return packets dropped because a hold queue was full */
    uint64_t GetHoldDrops() const;

    // Ipv4RoutingProtocol
    Ptr<Ipv4Route> RouteOutput(Ptr<Packet> p,
                               const Ipv4Header& header,
                               Ptr<NetDevice> oif,
                               Socket::SocketErrno& sockerr) override;
    bool RouteInput(Ptr<const Packet> p,
                    const Ipv4Header& header,
                    Ptr<const NetDevice> idev,
                    const UnicastForwardCallback& ucb,
                    const MulticastForwardCallback& mcb,
                    const LocalDeliverCallback& lcb,
                    const ErrorCallback& ecb) override;
    void NotifyInterfaceUp(uint32_t interface) override;
    void NotifyInterfaceDown(uint32_t interface) override;
    void NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void SetIpv4(Ptr<Ipv4> ipv4) override;
    void PrintRoutingTable(Ptr<OutputStreamWrapper> stream,
                           Time::Unit unit = Time::S) const override;

  protected:
    void DoDispose() override;

  private:
    /** Where an aggregate's packets go: a steered device and next hop, or null. */
    struct Path
    {
        Ptr<NetDevice> device;                      //!< null: the other protocols' route
        Ipv4Address nextHop{Ipv4Address::GetAny()}; //!< gateway on device
    };

    /** A held packet and how to forward it. */
    struct Held
    {
        Ptr<Packet> packet;         //!< the IP payload
        Ipv4Header header;          //!< its header
        UnicastForwardCallback ucb; //!< IP's forward
        ErrorCallback ecb;          //!< IP's error (no route)
    };

    /** A move waiting for the one in progress. */
    struct Request
    {
        Path target;       //!< where to
        DoneCallback done; //!< the caller's callback
    };

    /** Phase of a move, (2)-(4). */
    enum class Phase : uint8_t
    {
        STABLE,    //!< no move
        RESOLVING, //!< (2)
        DRAINING,  //!< (3)
        SETTLING,  //!< (4)
    };

    /** One aggregate. */
    struct Aggregate
    {
        Ipv4Address source;           //!< P_s
        Ipv4Mask sourceMask;          //!< its mask
        Ipv4Address destination;      //!< P_d
        Ipv4Mask destinationMask;     //!< its mask
        Path current;                 //!< path in use
        Phase phase{Phase::STABLE};   //!< move in progress
        Path target;                  //!< where the move goes
        DoneCallback done;            //!< its callback
        std::deque<Request> requests; //!< moves asked for meanwhile
        std::deque<Held> held;        //!< hold queue
        EventId timer;                //!< resolve, drain or settle timer
        bool everSent{false};         //!< a packet was forwarded
        bool inNode{false};           //!< the last one has not left yet
        uint64_t lastSerial{0};       //!< its serial
        Time leftAt;                  //!< when it left (if !inNode)
        uint64_t forwarded{0};        //!< packets forwarded
    };

    /** @param header a header @return the first aggregate it matches, or -1 */
    int64_t Match(const Ipv4Header& header) const;
    /** @param header a header @return the other protocols' route for it (may be null) */
    Ptr<Ipv4Route> FallbackRoute(const Ipv4Header& header) const;
    /** @param index aggregate @param held a packet: forward it on the current path */
    void Forward(uint32_t index, const Held& held);
    /** @param index aggregate: start a move or queue it @param target where @param done cb */
    void RequestMove(uint32_t index, Path target, DoneCallback done);
    /** @param index aggregate: (2) */
    void StartMove(uint32_t index);
    /** @param index aggregate: (3) */
    void BeginHold(uint32_t index);
    /** @param index aggregate @param leftAt t_L: (4) */
    void Drained(uint32_t index, Time leftAt);
    /** @param index aggregate: switch paths, release */
    void Release(uint32_t index);
    /** @param frame a frame whose last bit left a device of the node */
    void PhyTxEnd(Ptr<const Packet> frame);
    /** @param header @param packet @param interface IP's LocalDeliver: a probe answered? */
    void LocalDeliver(const Ipv4Header& header, Ptr<const Packet> packet, uint32_t interface);
    /** @param device @param nextHop @return whether nextHop is resolved on device */
    bool IsResolved(Ptr<NetDevice> device, Ipv4Address nextHop) const;
    /** @param device @param nextHop send the ICMP echo of (2) */
    void SendProbe(Ptr<NetDevice> device, Ipv4Address nextHop);
    /** Connect PhyTxEnd of devices not yet watched. */
    void WatchDevices();
    /** @param done a callback to call from a new event (ignored if null) */
    static void CallBack(DoneCallback done);

    Time m_settleTime;     //!< SettleTime, S
    Time m_drainTimeout;   //!< DrainTimeout
    Time m_resolveTimeout; //!< ResolveTimeout
    uint32_t m_maxHeld{0}; //!< MaxHeldPackets

    Ptr<Ipv4L3Protocol> m_ipv4;                  //!< the node's IP
    std::vector<Aggregate> m_aggregates;         //!< by index
    std::map<uint64_t, uint32_t> m_inNode;       //!< serial -> aggregate, (3)
    std::set<Ptr<NetDevice>> m_watched;          //!< devices with PhyTxEnd connected
    std::map<uint32_t, Ipv4Address> m_resolving; //!< aggregate -> next hop probed, (2)
    uint64_t m_nextSerial{1};                    //!< next tag serial
    uint16_t m_probeSequence{0};                 //!< next ICMP echo sequence
    uint32_t m_heldPackets{0};                   //!< held now
    uint64_t m_holdDrops{0};                     //!< hold queue drops

    /** Forwarded */
    TracedCallback<Ptr<const Packet>, const Ipv4Header&, uint32_t, bool> m_forwardedTrace;
    /** PathChange */
    TracedCallback<uint32_t, Ptr<const NetDevice>, Ipv4Address> m_pathChangeTrace;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_AGGREGATE_STEERING_H
