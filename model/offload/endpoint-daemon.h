/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_ENDPOINT_DAEMON_H
#define HYBRIDNET_ENDPOINT_DAEMON_H

#include "hybridnet/flow-key.h"
#include "offload-message.h"

#include "ns3/application.h"
#include "ns3/callback.h"
#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/net-device.h"
#include "ns3/nstime.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <tuple>

namespace ns3
{

class Packet;

namespace hybridnet
{

class AggregateSteering;
class FlowSteering;
class OffloadMessenger;
class ReservationQueueDisc;

/**
 * @brief The end-point daemon (epd) of the lightpath accelerator study: runs on every
 * compute host, watches the host's outgoing flows, asks the pipe-fitting daemon
 * (PipeFittingDaemon, pfd) for a circuit when a flow is big, moves the flow onto the
 * host's circuit NIC when the pfd says so, and gives the circuit back when the flow ends.
 *
 * **Watching.**  Every outgoing transport packet of the host (FlowSteering's Tx trace) is
 * counted against its flow (FlowKey, one direction), bytes = the transport segment with
 * its header.  Flows to the circuit subnet (already on a circuit: pipes) and the daemons'
 * own datagrams are not watched.  Time is cut into sample intervals of length
 * Delta = SampleInterval, from the daemon's start; b_k is a flow's byte count in the
 * interval ending at sample t_k = t_start + k Delta.  The rate over the sliding window of
 * the last n = RateWindowSamples intervals is
 *
 *     (1) r(t_k) = 8 (b_k + b_{k-1} + ... + b_{k-n+1}) / (n Delta)
 *
 * **Detection policy** (DetectionPolicy):
 *
 * - Rate: a flow is detected at the first sample t_k at which r >= R = RateThreshold has
 *   held at every sample since a sample t_a <= t_k - H (H = HoldTime):
 *
 *       (2) t_detect = first t_k >= t_a + H,  t_a the first sample of a run of samples
 *           with r >= R  (= t_a + H when H is a multiple of Delta)
 *
 *   (H = 0: at the first such sample).  A flow that starts at t_0 and sends at once at a
 *   steady rate C >= R fills the window linearly, r(t) = C (t - t_0) / (n Delta) until
 *   t_0 + n Delta, so its first sample with r >= R is the first t_k >= t_0 + n Delta R / C
 *   and its detection delay is
 *
 *       (3) t_detect - t_0 in [H + n Delta R / C,  H + n Delta R / C + Delta)
 *
 * - Bytes: a flow is detected by the outgoing packet that brings its byte count since it
 *   was first seen to BytesThreshold or more (at that packet's time).
 *
 * **Calibration (the only measured number in this class).**  The study reports "about 4 s
 * to detect the flow" for a saturating GigE flow.  The defaults Delta = 0.5 s, n = 2
 * (a 1 s window), R = 100 Mb/s and H = 3.5 s were set from that one measurement: by (3),
 * a flow of C = 940 Mb/s starting at a random phase of the sampling clock is detected
 * 3.61 to 4.11 s after its first packet (mean 3.86 s).  The other defaults are protocol
 * design choices, not measurements.
 *
 * **Protocol** (messages: OffloadMessage; reliability: OffloadMessenger rules (R1)-(R3),
 * T = RetransmitTimeout, N = MaxRetransmits; the pfd at PipeFittingAddress:PipeFittingPort,
 * this daemon on UDP port Port).  Per flow, the states and what moves them (FlowState):
 *
 *     MONITORED --detect--> REQUESTED: send REQUEST flow priority=Priority
 *     REQUESTED --QUEUED--> QUEUED
 *     REQUESTED/QUEUED --DENIED, or REQUEST given up--> BACKOFF
 *     any --SETUP flow via--> MOVING: FlowSteering::Steer(flow, circuit NIC, via)
 *     MOVING --steering done--> CIRCUIT: send READY; KEEPALIVE every KeepaliveInterval
 *     CIRCUIT --FIN or RST sent, or idle (requester only)--> RETURNING: Unsteer
 *     RETURNING --unsteer done--> ENDED: send RELEASE
 *     MOVING/CIRCUIT --TEARDOWN reason--> RETURNING: Unsteer; when done send DOWN, go to
 *         BACKOFF (requester, reason not "released") or MONITORED
 *     CIRCUIT --READY/KEEPALIVE given up (pfd unreachable)--> RETURNING: Unsteer, BACKOFF
 *     BACKOFF --Backoff elapsed--> MONITORED (detection starts over)
 *     MONITORED/ENDED/BACKOFF --no packet for IdleTimeout--> forgotten
 *
 * The SETUP's flow is always this host's outgoing direction (the pfd sends the reverse key
 * to the peer of a request), so each end steers only its own packets, to the other end's
 * circuit address (via) on its circuit NIC.  The end that sent the REQUEST (the requester)
 * releases on FIN/RST or when the flow has sent nothing for IdleTimeout (checked at the
 * samples t_k); the peer releases only on FIN/RST (its direction of a one-way UDP flow is
 * silent).  A TEARDOWN for a flow that is not on a circuit is answered DOWN at once.  A
 * FIN seen before the SETUP arrives releases right after the flow is steered.
 *
 * **Size hints.**  A transfer tool that knows how much it will send (GridFTP knows its
 * file's size) can say so: AnnounceTransfer(destination, port, protocol, bytes). With
 * HintThreshold > 0 and bytes >= HintThreshold, the first flow of this host to that
 * destination, port and protocol is detected at its first packet - at once if it is being
 * watched already - whatever the detection policy, which still applies to every other flow
 * (a smaller hint is kept for nothing: the flow is watched as any other). The hint belongs
 * to that one flow; after a BACKOFF the flow asks again at its next packet.
 *
 * Pipes (the study's `pipecreator`): RequestPipe(peer) asks for a circuit between this
 * host and @p peer with the flow key host:0>peer:0/0; nothing is steered (applications
 * address the peer's circuit address, routed on the circuit NIC), READY goes at once, and
 * the pipe lasts until ReleasePipe or a TEARDOWN; no detection, idle or backoff applies.
 *
 * **Border daemon (switch-to-switch offload, issue 22).**  On a border router the same
 * daemon watches aggregates instead of (besides) its own flows: AddAggregate(steering, k,
 * peer) says that aggregate k of the node's AggregateSteering is carried, when big, by a
 * circuit between this border's circuit port (the circuit device) and the border @p peer
 * (its packet-network address, as the pfd knows it).  All aggregates to one peer form one
 * record with the pipe-form key A = host:0>peer:0/0, and its bytes b_k in (1) are the IP
 * payload bytes (transport header included, as for a flow) of every packet of those
 * aggregates this node forwards, counted when it forwards them (AggregateSteering's
 * Forwarded trace, on either path):
 *
 *     (4) b_k(A) = sum over the packets p of the aggregates to peer forwarded in
 *         (t_{k-1}, t_k] of |IP payload of p|
 *
 * The record then follows the table above exactly as a flow does - same detection policy
 * (2)-(3) (BytesThreshold for the Bytes policy), same REQUEST/SETUP/READY/KEEPALIVE
 * protocol (the pfd sees a pipe request between the two borders), same idle release by the
 * requester, BACKOFF and forgetting - except how it is moved: at SETUP every aggregate to
 * that peer is steered with AggregateSteering::Steer(k, circuit device, via) (its drain
 * rule, AggregateSteering (1)-(4)), READY going once all are on the circuit; on return
 * every one is unsteered before DOWN/RELEASE.  The peer border, with the reverse aggregates
 * added for this border, steers its own direction at its SETUP.  No FIN or RST ends an
 * aggregate: only IdleTimeout (an aggregate has no end of its own).  RequestPipe to an
 * aggregate's peer is refused (the key is the aggregate's).
 *
 * **Shared NIC (the `shared-nic` offload model, issue 22).**  With SetReservation(q), q
 * the ReservationQueueDisc at the root of this host's one NIC (also given as the circuit
 * device), a SETUP for a flow reserves the NIC's channel for it (q.Reserve(flow): the flow
 * gets up to ReservedRate on its own path) instead of steering it, and READY goes at once;
 * the return releases the channel (q.Release()) instead of unsteering.  Detection,
 * protocol and release are unchanged; flows to the circuit device's subnet are watched
 * (that subnet is the packet network here).  Pipes and aggregates are not affected.
 *
 * StopApplication models the daemon exiting: its flows are unsteered (fall back to the
 * packet path), its socket closes, and the pfd is not told - it learns from the missing
 * KEEPALIVEs.
 *
 * Why a new class: ns-3 has no flow monitor that acts, and the study's epd is software
 * whose behaviour is the object of the study.
 */
class EndpointDaemon : public Application
{
  public:
    /** DetectionPolicy values. */
    enum class Policy : uint8_t
    {
        RATE,  //!< rate threshold held for a duration, (2)
        BYTES, //!< bytes-sent threshold
    };

    /** The states of a flow of the class comment. */
    enum class FlowState : uint8_t
    {
        MONITORED, //!< on the packet path, watched
        REQUESTED, //!< REQUEST sent, no answer yet
        QUEUED,    //!< the pfd queued the request
        MOVING,    //!< being steered onto the circuit
        CIRCUIT,   //!< on the circuit
        RETURNING, //!< being moved back to the packet path
        BACKOFF,   //!< on the packet path, not requested again before Backoff elapses
        ENDED,     //!< the flow ended (or the pipe was released)
    };

    /**
     * TracedCallback signature of MessageTx.
     * @param peer destination address
     * @param text the datagram's text
     * @param retransmission whether it is a copy of an unacknowledged message
     */
    typedef void (*MessageTxTracedCallback)(Ipv4Address peer,
                                            std::string text,
                                            bool retransmission);
    /**
     * TracedCallback signature of MessageRx.
     * @param peer source address
     * @param text the datagram's text
     * @param duplicate whether it had been received before (not acted on again)
     */
    typedef void (*MessageRxTracedCallback)(Ipv4Address peer, std::string text, bool duplicate);
    /**
     * TracedCallback signature of PeerUnreachable and MessageMalformed.
     * @param peer the address that did not acknowledge (the source of the datagram)
     * @param text the message given up on (the malformed datagram's text)
     */
    typedef void (*PeerUnreachableTracedCallback)(Ipv4Address peer, std::string text);
    /**
     * TracedCallback signature of FlowStateChange.
     * @param key the flow (this host's direction)
     * @param from old state
     * @param to new state
     */
    typedef void (*FlowStateTracedCallback)(const FlowKey& key, FlowState from, FlowState to);
    /**
     * TracedCallback signature of Detected.
     * @param key the flow
     * @param rate r of (1) at the last sample (Rate policy) or 0 (Bytes policy)
     * @param bytes bytes sent since the flow was first seen
     */
    typedef void (*DetectedTracedCallback)(const FlowKey& key, DataRate rate, uint64_t bytes);
    /**
     * TracedCallback signature of PathChange.
     * @param key the flow
     * @param onCircuit true when its packets now leave on the circuit NIC, false when they
     *        are back on the routing table's path
     */
    typedef void (*PathChangeTracedCallback)(const FlowKey& key, bool onCircuit);

    static TypeId GetTypeId();
    EndpointDaemon();
    ~EndpointDaemon() override;

    /**
     * @param device the host's circuit NIC (with an IPv4 address), the device of every
     *        Steer
     */
    void SetCircuitDevice(Ptr<NetDevice> device);
    /** @return the circuit NIC */
    Ptr<NetDevice> GetCircuitDevice() const;
    /**
     * Shared NIC (class comment): reserve @p reservation's channel instead of steering.
     * @param reservation the root queue disc of the host's NIC
     */
    void SetReservation(Ptr<ReservationQueueDisc> reservation);

    /**
     * A transfer of @p bytes from this host to @p destination:@p port (@p protocol) is
     * about to start (class comment, Size hints). The daemon must be running.
     * @param destination the peer's packet-network address
     * @param port the destination port (0 for a protocol without ports)
     * @param protocol the IP protocol (6 TCP, 17 UDP)
     * @param bytes what the transfer will send
     */
    void AnnounceTransfer(Ipv4Address destination, uint16_t port, uint8_t protocol, uint64_t bytes);

    /**
     * Border daemon (class comment): aggregate @p aggregate of @p steering, the node's
     * AggregateSteering, goes onto the circuit to the border @p peer when big.  All
     * aggregates of one daemon belong to one AggregateSteering; an aggregate has one peer.
     * @param steering this node's AggregateSteering
     * @param aggregate an index from its AddAggregate
     * @param peer the peer border's packet-network address (the pfd's AddEndpoint host)
     */
    void AddAggregate(Ptr<AggregateSteering> steering, uint32_t aggregate, Ipv4Address peer);
    /**
     * @param peer a peer border's address
     * @return the key of the aggregate record to @p peer (this host:0>peer:0/0); valid
     *         once the daemon runs
     */
    FlowKey GetAggregateKey(Ipv4Address peer) const;

    /**
     * Ask for a circuit between this host and @p peer without a flow (`pipecreator`).
     * The daemon must be running.
     * @param peer the peer's packet-network address
     */
    void RequestPipe(Ipv4Address peer);
    /**
     * Give back the pipe to @p peer (or withdraw its request).
     * @param peer the peer's packet-network address
     */
    void ReleasePipe(Ipv4Address peer);

    /**
     * @param key a flow (this host's outgoing direction), or a pipe key
     * @return its state; MONITORED if the daemon does not know it
     */
    FlowState GetFlowState(const FlowKey& key) const;
    /** @return this host's packet-network address (known once running) */
    Ipv4Address GetHostAddress() const;

    /**
     * @param state a state
     * @return its name ("MONITORED", ...)
     */
    static std::string GetFlowStateName(FlowState state);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /** What the daemon knows of one flow. */
    struct Flow
    {
        FlowState state{FlowState::MONITORED}; //!< state
        bool requester{false};                 //!< this end sent the REQUEST
        bool pipe{false};                      //!< a pipe, not a flow
        bool ended{false};                     //!< FIN or RST seen
        std::deque<uint64_t> bins;             //!< b_k of (1), newest last
        uint64_t binBytes{0};                  //!< bytes in the current interval
        bool above{false};                     //!< in a run of samples with r >= R
        Time aboveSince;                       //!< t_a of (2)
        uint64_t totalBytes{0};                //!< bytes since first seen
        Time lastPacket;                       //!< time of the last packet
        Time backoffUntil;                     //!< end of BACKOFF
        Ipv4Address via;                       //!< next hop on the circuit
        uint32_t generation{0};                //!< invalidates older steering callbacks
        bool downPending{false};               //!< send DOWN when the unsteer is done
        bool releaseWhenDone{false};           //!< send RELEASE when the unsteer is done
        bool hinted{false};                    //!< announced big (Size hints)
        bool aggregate{false};                 //!< a border's aggregate record, (4)
    };

    /** An announced transfer's destination: address, port, protocol. */
    using Destination = std::tuple<Ipv4Address, uint16_t, uint8_t>;

    /**
     * FlowSteering's Tx trace.
     * @param packet the packet, transport header first
     * @param key its flow
     * @param steered whether it leaves on a steered path
     */
    void Tx(Ptr<const Packet> packet, const FlowKey& key, bool steered);
    /**
     * Count a packet against a flow or aggregate record (made if new).
     * @param key the record's key
     * @param bytes the packet's bytes
     * @return the record
     */
    Flow& Count(const FlowKey& key, uint32_t bytes);
    /**
     * Bytes policy and size hints: detect the record if it is big now.
     * @param key the record's key
     * @param flow the record
     */
    void CheckBig(const FlowKey& key, Flow& flow);
    /**
     * AggregateSteering's Forwarded trace, (4).
     * @param packet the IP payload
     * @param header its IP header
     * @param aggregate its aggregate's index
     * @param steered whether it left on the circuit
     */
    void Forwarded(Ptr<const Packet> packet,
                   const Ipv4Header& header,
                   uint32_t aggregate,
                   bool steered);
    /**
     * Steer (@p onCircuit) or unsteer every aggregate of an aggregate record.
     * @param key the record's key
     * @param onCircuit true: onto the circuit device, to @p via
     * @param via the peer border's circuit address
     * @param done called once all of them have moved
     */
    void MoveAggregates(const FlowKey& key, bool onCircuit, Ipv4Address via, Callback<void> done);
    /** @param key a flow @return whether it held the reservation (now released) */
    bool ReleaseReservation(const FlowKey& key);
    /** @param key a key @return whether it is an aggregate record's key */
    bool IsAggregateKey(const FlowKey& key) const;
    /** Every SampleInterval: the rates of (1), the policy (2), idle flows, backoff. */
    void Sample();
    /** Every KeepaliveInterval: a KEEPALIVE for every flow on a circuit. */
    void Keepalive();
    /**
     * A flow meets the policy: ask for a circuit.
     * @param key the flow
     * @param rate r of (1), or 0
     */
    void Detect(const FlowKey& key, DataRate rate);
    /**
     * @param message a message delivered by the messenger
     * @param from its source
     */
    void Receive(const OffloadMessage& message, const InetSocketAddress& from);
    /**
     * @param message a message the pfd did not acknowledge
     * @param to its destination
     */
    void GiveUp(const OffloadMessage& message, const InetSocketAddress& to);
    /** @param message a SETUP */
    void HandleSetup(const OffloadMessage& message);
    /** @param message a TEARDOWN */
    void HandleTeardown(const OffloadMessage& message);
    /**
     * Steering onto the circuit is done.
     * @param key the flow
     * @param generation the flow's generation when Steer was called
     */
    void Steered(FlowKey key, uint32_t generation);
    /**
     * Move a flow back to the packet path.
     * @param key the flow
     * @param release send RELEASE when done
     * @param down send DOWN when done
     * @param backoff go to BACKOFF when done
     */
    void Return(const FlowKey& key, bool release, bool down, bool backoff);
    /**
     * Unsteering is done.
     * @param key the flow
     * @param generation the flow's generation when Unsteer was called
     * @param backoff go to BACKOFF
     */
    void Returned(FlowKey key, uint32_t generation, bool backoff);
    /**
     * Change a flow's state and trace it.
     * @param key the flow
     * @param flow its record
     * @param to the new state
     */
    void SetState(const FlowKey& key, Flow& flow, FlowState to);
    /**
     * Send a message to the pfd.
     * @param type the type
     * @param key the flow
     */
    void SendToPfd(OffloadMessage::Type type, const FlowKey& key);
    /**
     * @param key a flow
     * @return true if the daemon does not watch it (circuit subnet, control datagrams)
     */
    bool Ignored(const FlowKey& key) const;

    uint16_t m_port{0};            //!< Port
    Ipv4Address m_pfdAddress;      //!< PipeFittingAddress
    uint16_t m_pfdPort{0};         //!< PipeFittingPort
    Policy m_policy{Policy::RATE}; //!< DetectionPolicy
    Time m_sampleInterval;         //!< Delta of (1)
    uint32_t m_windowSamples{0};   //!< n of (1)
    DataRate m_rateThreshold;      //!< R of (2)
    Time m_holdTime;               //!< H of (2)
    uint64_t m_bytesThreshold{0};  //!< BytesThreshold
    uint64_t m_hintThreshold{0};   //!< HintThreshold
    Time m_idleTimeout;            //!< IdleTimeout
    Time m_keepaliveInterval;      //!< KeepaliveInterval
    Time m_backoff;                //!< Backoff
    uint32_t m_priority{0};        //!< Priority
    Time m_rto;                    //!< RetransmitTimeout
    uint32_t m_maxRetransmits{0};  //!< MaxRetransmits

    Ptr<NetDevice> m_circuitDevice;               //!< circuit NIC
    Ptr<FlowSteering> m_steering;                 //!< the node's FlowSteering
    Ptr<OffloadMessenger> m_messenger;            //!< control channel
    Ipv4Address m_hostAddress;                    //!< packet-network address
    Ipv4Address m_circuitNetwork;                 //!< circuit subnet
    Ipv4Mask m_circuitMask;                       //!< its mask
    bool m_running{false};                        //!< between start and stop
    EventId m_sampleEvent;                        //!< next Sample
    EventId m_keepaliveEvent;                     //!< next Keepalive
    std::map<FlowKey, Flow> m_flows;              //!< known flows
    std::set<Destination> m_hints;                //!< announced big, no flow yet
    Ptr<ReservationQueueDisc> m_reservation;      //!< shared NIC, or null
    Ptr<AggregateSteering> m_aggregateSteering;   //!< the node's, for AddAggregate
    std::map<uint32_t, Ipv4Address> m_aggregates; //!< aggregate index -> peer border

    TracedCallback<Ipv4Address, std::string, bool> m_messageTxTrace;       //!< MessageTx
    TracedCallback<Ipv4Address, std::string, bool> m_messageRxTrace;       //!< MessageRx
    TracedCallback<Ipv4Address, std::string> m_unreachableTrace;           //!< PeerUnreachable
    TracedCallback<Ipv4Address, std::string> m_malformedTrace;             //!< MessageMalformed
    TracedCallback<const FlowKey&, FlowState, FlowState> m_flowStateTrace; //!< FlowStateChange
    TracedCallback<const FlowKey&, DataRate, uint64_t> m_detectedTrace;    //!< Detected
    TracedCallback<const FlowKey&, bool> m_pathChangeTrace;                //!< PathChange
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_ENDPOINT_DAEMON_H
