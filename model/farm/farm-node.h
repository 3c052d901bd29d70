/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_FARM_NODE_H
#define HYBRIDNET_FARM_NODE_H

#include "farm-message.h"

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <deque>

namespace ns3
{

class Socket;

namespace hybridnet
{

class HostCpu;

/**
 * @brief A farm node: a PC that receives whole events from its sub-farm controller,
 * queues them, processes one at a time, and sends its decision back.
 *
 * With X the processing time drawn per event (ProcessingTime, in seconds: deterministic,
 * exponential, log-normal or any ns-3 random variable - the time on a reference PC) and
 * v the node's speed relative to that PC (Speed), an event is in service for
 *
 *     (1) s = X / v
 *
 * One event is in service at a time, in arrival order (FIFO); an event that arrives
 * complete (FarmEventReassembly) while the node holds QueueLimit events (in service and
 * waiting) is lost (Lost); one whose fragments do not all arrive never enters. When an
 * event's service ends the node sends the SFC (Controller) a decision - accept with
 * probability AcceptFraction - and, if it holds out tokens (Credits c > 0, for
 * TokenAssignment), a token:
 *
 *     (2) c tokens when the application starts, one per decision after that
 *
 * so at most c of the SFC's token-assigned events are at the node. After these control
 * datagrams an accepted event goes whole to Storage (a FarmStorage; none: nowhere), as
 * fragments of at most DatagramSize bytes. When it starts it
 * registers with the SFC (a hello datagram; a learning switch on the way then knows where
 * it is before its first event comes). A failed node (Fail)
 * drops what it holds and every event that arrives, and sends nothing; Speed may change
 * at any time (a slow-down), and applies from the next event's service.
 *
 * On a host with one processor (a HostCpu aggregated to the node, Processors = 1: the
 * study's commodity PCs) the processing runs in process context, below the network code,
 * which preempts it (interrupts, NAPI polls, protocol processing and copies: every job of
 * the HostCpu). The event's service then ends when the processor has given it s of its
 * time (preemptive resume):
 *
 *     (3) t_end = min { t : (t - t_0) - (B(t) - B(t_0)) = s }
 *
 * with t_0 the service's start and B the HostCpu's busy time until t (GetBusyTimeNow), so
 * each datagram the node receives meanwhile - the next events' fragments, above all -
 * lengthens the service by its CPU time. Without a HostCpu, or with more processors (the
 * application has its own), t_end = t_0 + s. The scheduler's fairness is left out: a
 * processor that the network code keeps busy all the time starves the processing (Linux's
 * ksoftirqd would give it a share after a tick).
 */
class FarmNode : public Application
{
  public:
    /**
     * TracedCallback signature of Decided.
     * @param id the event's id
     * @param latency from its arrival at the SFC to the end of its service
     * @param accepted the decision
     */
    typedef void (*DecidedCallback)(uint64_t id, Time latency, bool accepted);

    /**
     * TracedCallback signature of Lost.
     * @param id the lost event's id
     */
    typedef void (*LostCallback)(uint64_t id);

    /**
     * TracedValue signature of Held.
     * @param oldValue previous count
     * @param newValue new count
     */
    typedef void (*HeldTracedCallback)(uint32_t oldValue, uint32_t newValue);

    /**
     * Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    FarmNode();
    ~FarmNode() override;

    /** Fail now: drop the events held and every one that arrives; send nothing. */
    void Fail();
    /** @return events the node holds, in service and waiting */
    uint32_t GetHeld() const;
    /** @return events decided */
    uint64_t GetDecided() const;
    /** @return of them, accepted */
    uint64_t GetAccepted() const;
    /** @return complete events lost to a full queue or a failure */
    uint64_t GetLost() const;
    /** @return events begun and not complete (a fragment lost on the way) */
    uint64_t GetIncomplete() const;
    /** @return the time spent in service so far (utilisation: over the elapsed time) */
    Time GetBusyTime() const;
    /**
     * Assign a fixed random-variable stream (ProcessingTime, then the accept draw).
     * @param stream the first stream
     * @return the streams used (2)
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /** @param socket the event socket, readable */
    void Receive(Ptr<Socket> socket);
    /** @param event a complete event */
    void Arrive(const FarmMessageHeader& event);
    /** Begin the oldest event's service, (1). */
    void Serve();
    /** At the service's nominal end: done if it has had s of the processor, else later, (3). */
    void CheckService();
    /** The event in service is done: the decision, the token of (2), the next. */
    void Done();
    /** @param message a token or decision for the SFC */
    void SendControl(FarmMessageHeader message);

    // Attributes
    uint16_t m_port{0};                     //!< Port
    Address m_controller;                   //!< Controller
    uint32_t m_index{0};                    //!< Index
    Ptr<RandomVariableStream> m_processing; //!< ProcessingTime, s
    double m_speed{1};                      //!< Speed, v
    uint32_t m_queueLimit{0};               //!< QueueLimit
    uint32_t m_credits{0};                  //!< Credits, c
    double m_acceptFraction{0};             //!< AcceptFraction
    Address m_storage;                      //!< Storage
    uint32_t m_datagramSize{0};             //!< DatagramSize

    Ptr<Socket> m_socket;                                //!< events in, control out
    Ptr<UniformRandomVariable> m_accept;                 //!< the accept draw
    FarmEventReassembly m_reassembly;                    //!< events arriving
    std::deque<FarmMessageHeader> m_queue;               //!< held events, the first in service
    TracedValue<uint32_t> m_held;                        //!< Held
    Ptr<HostCpu> m_cpu;                                  //!< a uniprocessor host's CPU, (3)
    EventId m_service;                                   //!< the service in progress
    Time m_serviceStart;                                 //!< when it began, t_0
    Time m_serviceNeed;                                  //!< s of (1)
    Time m_cpuBusyAtStart;                               //!< B(t_0) of (3)
    Time m_busy;                                         //!< service time of finished events
    bool m_failed{false};                                //!< Fail was called
    uint64_t m_decided{0};                               //!< decisions sent
    uint64_t m_accepted{0};                              //!< of them, acceptances
    uint64_t m_lost{0};                                  //!< complete events lost
    TracedCallback<uint64_t, Time, bool> m_decidedTrace; //!< Decided
    TracedCallback<uint64_t> m_lostTrace;                //!< Lost
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_FARM_NODE_H
