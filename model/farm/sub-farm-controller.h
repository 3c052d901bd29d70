/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_SUB_FARM_CONTROLLER_H
#define HYBRIDNET_SUB_FARM_CONTROLLER_H

#include "farm-assignment-policy.h"
#include "farm-message.h"

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <deque>
#include <vector>

namespace ns3
{

class Socket;

namespace hybridnet
{

/**
 * @brief A sub-farm controller (SFC): receives whole events from the read-out, holds them
 * in a bounded buffer, and sends each to one farm node chosen by its assignment policy.
 *
 * An event that arrives complete at InputPort enters the farm (its latency's origin) if
 * the buffer has room:
 *
 *     (1) B_held + E <= BufferSize    (B_held the bytes of the events waiting, E the event's)
 *
 * else it is lost (Dropped). Waiting events leave in arrival order: the oldest goes to the
 * node the policy chooses, as fragments of at most DatagramSize bytes (SendFarmEvent),
 * from ControlPort, and its bytes leave the buffer when the socket has taken them; a
 * policy that chooses none (tokens: no token held) keeps it and those behind it waiting
 * until a token or a decision arrives at ControlPort, which the SFC passes to the policy
 * before trying again. Decisions carry the event's entry time, so the SFC sees each
 * event's latency (Decided).
 *
 * The SFC throttles the trigger. With h = ThrottleOn and l = ThrottleOff (fractions of
 * BufferSize, l <= h), it sends a THROTTLE datagram to the trigger (Trigger: the FarmEventSource's
 * address) when
 *
 *     (2) B_held > h x BufferSize            after an event enters,
 *
 * and a RELEASE when
 *
 *     (3) B_held <= l x BufferSize           after events leave,
 *
 * so the trigger reads no events out between the two (FarmEventSource); h = 1 never
 * throttles (an event beyond the buffer is lost, (1)). The hysteresis h - l keeps the
 * signal from toggling per event. Round robin never fills the buffer (it sends at once), so
 * only a policy that waits for the nodes can throttle.
 *
 * Left out (a later step): the SFC's own host costs (a host model on its node charges them
 * per packet).
 */
class SubFarmController : public Application
{
  public:
    /**
     * TracedCallback signature of Decided.
     * @param node the node that decided
     * @param id the event's id
     * @param latency from its entry into the SFC to the decision's arrival there
     * @param accepted the decision
     */
    typedef void (*DecidedCallback)(uint32_t node, uint64_t id, Time latency, bool accepted);

    /**
     * TracedCallback signature of Dropped and Assigned.
     * @param id the event's id
     * @param bytes its size, E
     */
    typedef void (*EventCallback)(uint64_t id, uint32_t bytes);

    /**
     * TracedValue signature of Buffered.
     * @param oldValue previous B_held, bytes
     * @param newValue new B_held, bytes
     */
    typedef void (*BufferedTracedCallback)(uint64_t oldValue, uint64_t newValue);

    /**
     * Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    SubFarmController();
    ~SubFarmController() override;

    /**
     * Add a farm node; its index is the count of nodes added before it.
     * @param node its event address (InetSocketAddress of its FarmNode Port)
     */
    void AddNode(const Address& node);
    /** @return the nodes added */
    uint32_t GetNodes() const;
    /** @return events that entered the farm */
    uint64_t GetEntered() const;
    /** @return events begun and not complete: a fragment lost on the way from the read-out */
    uint64_t GetIncomplete() const;
    /** @return events lost to a full buffer, (1) */
    uint64_t GetDropped() const;
    /** @return events sent to nodes */
    uint64_t GetAssigned() const;
    /** @return decisions received */
    uint64_t GetDecided() const;
    /** @return of them, acceptances */
    uint64_t GetAccepted() const;
    /** @return tokens received */
    uint64_t GetTokens() const;
    /** @return throttles sent, (2): each signals every source */
    uint64_t GetThrottles() const;
    /** @return the time the trigger has been held throttled, (2) to (3), until now */
    Time GetThrottledTime() const;
    /** @return B_held of (1): bytes of the events waiting */
    uint64_t GetBuffered() const;
    /** @return the assignment policy */
    Ptr<FarmAssignmentPolicy> GetPolicy() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /** @param socket the input socket, readable */
    void ReceiveInput(Ptr<Socket> socket);
    /** @param socket the control socket, readable */
    void ReceiveControl(Ptr<Socket> socket);
    /** @param event a complete event from the read-out: (1) */
    void Enter(FarmMessageHeader event);
    /** Send waiting events while the policy names a node; then (3). */
    void Dispatch();
    /**
     * Send the trigger a datagram of H bytes.
     * @param kind HELLO, THROTTLE or RELEASE
     */
    void SignalTrigger(FarmMessageHeader::Kind kind);

    // Attributes
    uint16_t m_inputPort{0};            //!< InputPort
    uint16_t m_controlPort{0};          //!< ControlPort
    uint64_t m_bufferSize{0};           //!< BufferSize, bytes
    uint32_t m_datagramSize{0};         //!< DatagramSize, bytes
    Ptr<FarmAssignmentPolicy> m_policy; //!< Policy
    double m_throttleOn{1};             //!< ThrottleOn, h
    double m_throttleOff{1};            //!< ThrottleOff, l
    Address m_trigger;                  //!< Trigger

    std::vector<Address> m_nodes;                                  //!< node i's event address
    bool m_throttling{false};                                      //!< between (2) and (3)
    Time m_throttledSince;                                         //!< when (2) last held
    Time m_throttledTime;                                          //!< throttled before that
    uint64_t m_throttles{0};                                       //!< (2) signalled
    Ptr<Socket> m_input;                                           //!< from the read-out
    Ptr<Socket> m_control;                                         //!< to and from the nodes
    FarmEventReassembly m_reassembly;                              //!< events arriving
    std::deque<FarmMessageHeader> m_waiting;                       //!< events waiting, oldest first
    TracedValue<uint64_t> m_buffered;                              //!< Buffered, B_held
    uint64_t m_entered{0};                                         //!< events entered
    uint64_t m_dropped{0};                                         //!< events lost to a full buffer
    uint64_t m_assigned{0};                                        //!< events sent to nodes
    uint64_t m_decided{0};                                         //!< decisions received
    uint64_t m_accepted{0};                                        //!< acceptances received
    uint64_t m_tokens{0};                                          //!< tokens received
    TracedCallback<uint64_t, uint32_t> m_droppedTrace;             //!< Dropped
    TracedCallback<uint64_t, uint32_t> m_assignedTrace;            //!< Assigned
    TracedCallback<uint32_t, uint64_t, Time, bool> m_decidedTrace; //!< Decided
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_SUB_FARM_CONTROLLER_H
