/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_PACKET_SWITCH_H
#define HYBRIDNET_PACKET_SWITCH_H

#include "ns3/event-id.h"
#include "ns3/mac48-address.h"
#include "ns3/net-device.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <vector>

namespace ns3
{

class Packet;

namespace hybridnet
{

class EthernetNetDevice;

/**
 * @brief An N-port, non-blocking, store-and-forward Ethernet learning switch (an IEEE
 * 802.1D transparent bridge without spanning tree) with optional IEEE 802.3x flow control,
 * like the 24-port copper GigE switch of the lightpath accelerator study.
 *
 * The ports are EthernetNetDevices on the switch node (AddPort), each cabled by an
 * EthernetChannel to one host; the object is aggregated to the switch node
 * (PacketSwitchHelper does both).  Notation: R the port rate, d the cable's Delay,
 * L = SwitchingLatency, A = AgeingTime, F the frame bytes and W the wire bytes of
 * EthernetNetDevice equations (1)-(2).
 *
 * Forwarding.  The channel delivers a frame whole when its last bit has arrived, at t_rx
 * (store and forward: nothing of it moves on before).  The switch then
 *
 *     (1) learns   table[source] = (ingress port i, valid until t_rx + A)
 *                  (not for group source addresses; a newer frame refreshes the entry);
 *     (2) chooses  the egress set:
 *                  destination 01-80-C2-00-00-00 .. 0F (802.1D reserved, e.g. PAUSE): none;
 *                  unicast with a valid entry for port j: {j}, or none if j = i (filtered);
 *                  otherwise (unknown unicast, broadcast, multicast): all ports but i
 *                  (flooded);
 *     (3) queues   a copy on each egress port at t_q = t_rx + L, into that port's
 *                  TxQueue: the output queue.  If the queue is full (or the port's link is
 *                  down) the copy is dropped (Drop, Drops).
 *
 * The egress port's MAC sends from its queue at line rate (EthernetNetDevice equations
 * (3)-(5)).  A frame sent by host A to host B through an idle switch therefore arrives
 *
 *     (4) D = 2 (F + 8) 8 / R + 2 d + L
 *
 * after A started it (two serialisations, two cables, the switching latency).  Frames for
 * the switch's own port addresses are not forwarded (an unmanaged switch has no stack).
 *
 * Non-blocking: the ports share nothing (no fabric, no shared buffer limit): each output
 * carries up to R whatever the others do, and the output queue is the only place where
 * frames wait or are lost.  Output contention follows from (3): two inputs sending N
 * frames each at line rate to one output whose queue holds Q frames (and a third frame on
 * the wire) make the output carry N frames during the overload and Q after it; the other
 *
 *     (5) dropped = offered - carried during the overload - Q = 2 N - N - Q = N - Q
 *
 * are lost (N > Q).
 *
 * Flow control (FlowControl on; 802.3x, the ingress-port scheme of real switches).  Each
 * ingress port i has a buffer account
 *
 *     (6) B_i = sum of the bytes (header + payload + FCS, as stored) of the frame copies
 *               received on i that are still in the switch: from t_rx until the egress
 *               MAC takes them from the output queue, or the queue refuses them,
 *
 * and a state XON or XOFF.  Starting in XON:
 *
 *     (7) XON,  B_i > X_off (PauseHighWater):   send PAUSE(q) on port i, state XOFF
 *                                                (q = PauseQuanta);
 *     (8) XOFF, B_i <= X_on (PauseLowWater):    send PAUSE(0) on port i, state XON;
 *     (9) XOFF for T_p / 2 since the last PAUSE: send PAUSE(q) again, so the host stays
 *               paused however long the congestion lasts (T_p = EthernetNetDevice (6)).
 *
 * PAUSE frames go ahead of the port's queued frames (EthernetNetDevice::SendPause).  After
 * (7) the host, if it honours PAUSE (its PauseEnabled attribute), can still deliver what
 * it started before the PAUSE reached it: at most
 *
 *     (10) H = 2 W_max + 84 + 2 d R / 8        bytes (the frame the port is sending ahead
 *              of the PAUSE, the PAUSE itself, the host's frame in progress, two cables),
 *
 * so B_i <= X_off + F_max + H, and an output queue that can hold the sum of these bounds
 * over the ports that feed it loses no frame.  The thresholds are per ingress port and in
 * bytes; a flooded frame is charged once per copy.
 *
 * Why a new class and not ns-3's BridgeNetDevice (ns-3.44): the bridge forwards in zero
 * time from its receive callback (no switching latency (3)), keeps no per-ingress buffer
 * account and so has no place for 802.3x flow control, delivers broadcasts and frames for
 * its address to a stack of its own (it is a NetDevice meant to carry the node's IP
 * address; an unmanaged switch has none), and its forwarding and learning are private and
 * not virtual, so none of this can be added by a subclass.  Its design is kept: ports as
 * NetDevices whose promiscuous callback (Node::RegisterProtocolHandler) feeds the
 * switch, frames re-sent with SendFrom and their original source address, ageing as in
 * its ExpirationTime.
 *
 * Limits: one learning table without VLANs; no spanning tree (the topology must be
 * loop-free); the output queue must be FIFO (the default DropTailQueue; PacketSwitch
 * checks the order); no priority classes (802.1p) and no priority flow control (802.1Qbb);
 * the switch's memory is unlimited except through the output queues; a flooded frame is
 * stored once per copy.
 */
class PacketSwitch : public Object
{
  public:
    /**
     * TracedCallback signature of Drop.
     * @param packet the frame's L3 packet (as forwarded)
     * @param port the egress port whose queue refused it
     */
    typedef void (*DropCallback)(Ptr<const Packet> packet, uint32_t port);

    /**
     * TracedCallback signature of PauseSent.
     * @param port the ingress port the PAUSE goes out of
     * @param quanta its pause_time, quanta of 512 bit times (0: resume)
     */
    typedef void (*PauseCallback)(uint32_t port, uint16_t quanta);

    static TypeId GetTypeId();
    PacketSwitch();
    ~PacketSwitch() override;

    PacketSwitch(const PacketSwitch&) = delete;
    PacketSwitch& operator=(const PacketSwitch&) = delete;

    /**
     * Make @p port a switch port.  It must already be on the switch node (the same node for
     * all ports); if it has no TxQueue, a DropTailQueue<Packet> with its default size is
     * given to it.
     * @param port the port device
     * @return its port number (0, 1, ... in the order of the calls)
     */
    uint32_t AddPort(Ptr<EthernetNetDevice> port);

    /** @return the number of ports */
    uint32_t GetNPorts() const;

    /**
     * @param i port number
     * @return the port device
     */
    Ptr<EthernetNetDevice> GetPort(uint32_t i) const;

    /**
     * @param address a MAC address
     * @return the port learned for it by (1), if its entry is valid now
     */
    std::optional<uint32_t> GetLearnedPort(Mac48Address address) const;

    /**
     * @param i port number
     * @return B_i of equation (6), bytes
     */
    uint64_t GetIngressBytes(uint32_t i) const;

    /** @return frame copies dropped at full output queues so far, (3) */
    uint64_t GetDrops() const;

    /** @return PAUSE frames requested by (7)-(9) so far, on all ports */
    uint64_t GetPauseFramesSent() const;

  protected:
    void DoDispose() override;

  private:
    /** A frame copy waiting in (or entering) an output queue. */
    struct Queued
    {
        uint64_t uid;     //!< packet uid, to check the queue's order
        uint32_t ingress; //!< port it came in on
        uint32_t bytes;   //!< its bytes in equation (6)
    };

    /** Per-port state. */
    struct Port
    {
        Ptr<EthernetNetDevice> device; //!< the port
        std::deque<Queued> queued;     //!< its output queue, in order
        uint64_t ingressBytes{0};      //!< B_i of equation (6)
        bool xoff{false};              //!< flow-control state of (7)-(8)
        EventId refresh;               //!< pending PAUSE repetition, (9)
    };

    /** A learning table entry, (1). */
    struct Entry
    {
        uint32_t port; //!< port the address was last seen on
        Time expiry;   //!< valid while now < expiry
    };

    /**
     * Promiscuous receive callback of every port: (1)-(3).
     * @param device the ingress port
     * @param packet the L3 packet
     * @param protocol EtherType
     * @param source source address
     * @param destination destination address
     * @param type packet type seen by the port
     */
    void ReceiveFromPort(Ptr<NetDevice> device,
                         Ptr<const Packet> packet,
                         uint16_t protocol,
                         const Address& source,
                         const Address& destination,
                         NetDevice::PacketType type);

    /**
     * (3): queue a copy on an egress port.
     * @param ingress ingress port
     * @param egress egress port
     * @param packet the L3 packet copy
     * @param protocol EtherType
     * @param source source address
     * @param destination destination address
     */
    void Enqueue(uint32_t ingress,
                 uint32_t egress,
                 Ptr<Packet> packet,
                 uint16_t protocol,
                 Mac48Address source,
                 Mac48Address destination);

    /**
     * Dequeue trace of an output queue: the copy leaves the switch's memory, (6).
     * @param egress egress port
     * @param frame the frame
     */
    void OutputDequeue(uint32_t egress, Ptr<const Packet> frame);

    /**
     * Add to B_i, (6), and apply (7).
     * @param ingress port i
     * @param bytes bytes
     */
    void Charge(uint32_t ingress, uint32_t bytes);

    /**
     * Subtract from B_i, (6), and apply (8).
     * @param ingress port i
     * @param bytes bytes
     */
    void Release(uint32_t ingress, uint32_t bytes);

    /**
     * Send a PAUSE on a port, (7)-(9).
     * @param port port number
     * @param quanta pause_time
     */
    void SendPause(uint32_t port, uint16_t quanta);

    /**
     * (9): repeat the PAUSE of a port still in XOFF.
     * @param port port number
     */
    void RefreshPause(uint32_t port);

    std::vector<Port> m_ports;             //!< the ports
    std::map<Mac48Address, Entry> m_table; //!< learning table, (1)
    Time m_latency;                        //!< SwitchingLatency L
    Time m_ageing;                         //!< AgeingTime A
    bool m_flowControl{false};             //!< FlowControl
    uint32_t m_highWater{0};               //!< PauseHighWater X_off, bytes
    uint32_t m_lowWater{0};                //!< PauseLowWater X_on, bytes
    uint16_t m_pauseQuanta{0};             //!< PauseQuanta q

    TracedValue<uint64_t> m_drops{0};                        //!< Drops counter
    TracedValue<uint64_t> m_pauseFramesSent{0};              //!< PauseFramesSent counter
    TracedCallback<Ptr<const Packet>, uint32_t> m_dropTrace; //!< Drop
    TracedCallback<uint32_t, uint16_t> m_pauseSentTrace;     //!< PauseSent
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_PACKET_SWITCH_H
