/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_CLUSTER_EVENT_LOG_H
#define HYBRIDNET_CLUSTER_EVENT_LOG_H

#include "ns3/nstime.h"

#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

class ClusterBuilder;
class NetLogger;
class ResultDocument;

/**
 * @brief The timeline of a hybrid cluster's control plane: one timestamped entry per
 * thing that happened to a named object, so that a user can draw each flow's lifeline
 * from detection through request, circuit set-up, move and teardown.
 *
 *     ClusterEventLog log;
 *     log.Connect(cluster);          // after ClusterBuilder::Build, before Simulator::Run
 *     ...
 *     log.WriteTo(scenario.Result()); // the result file's "events" member
 *
 * Object IDs and the events recorded (trace source in parentheses):
 *
 * | object            | event        | from                                              |
 * |-------------------|--------------|---------------------------------------------------|
 * | `epd:<host>`      | detect       | EndpointDaemon Detected (rate, bytes)             |
 * | `epd:<host>`      | state        | EndpointDaemon FlowStateChange (from -> to)       |
 * | `epd:<host>`      | send, receive| EndpointDaemon MessageTx / MessageRx (the text)   |
 * | `epd:<host>`      | unreachable  | EndpointDaemon PeerUnreachable                    |
 * | `pfd`             | state        | PipeFittingDaemon CircuitStateChange              |
 * | `pfd`             | console      | PipeFittingDaemon Console (command and reply)     |
 * | `pfd`             | send, receive| PipeFittingDaemon MessageTx / MessageRx           |
 * | `pfd`             | unreachable  | PipeFittingDaemon PeerUnreachable                 |
 * | `ocs`             | circuitUp, circuitDown | OpticalCircuitSwitch CircuitStateChange |
 * | `ocs`             | command      | OpticalCircuitSwitch CommandComplete              |
 * | `flow:<FlowKey>`  | path         | FlowSteering PathChange on the host that sends it |
 *
 * ACK datagrams are not logged (they would double the log and say nothing a reader of
 * the timeline needs; the messenger's traces still carry them).
 */
class ClusterEventLog
{
  public:
    /** One entry. */
    struct Entry
    {
        Time time;          //!< when it happened
        std::string object; //!< the object's ID (table of the class comment)
        std::string event;  //!< what happened, one word
        std::string detail; //!< free text
    };

    /**
     * Connect to the trace sources of every daemon, the accelerator and every host's
     * FlowSteering of a built cluster.
     * @param cluster the cluster (must outlive the simulation run)
     */
    void Connect(const ClusterBuilder& cluster);

    /** @return the entries so far, in order of time (ties: in order of occurrence) */
    const std::vector<Entry>& GetEntries() const;

    /**
     * Add every entry to a result document's event log.
     * @param result the document
     */
    void WriteTo(ResultDocument& result) const;

    /**
     * Add every entry to a NetLogger, as ULM events: PROG the object's kind (epd, pfd, ocs,
     * flow), HOST the host it runs on (the epd's host; for a flow its source address; pfd
     * and ocs their own name), NL.EVNT the event, ID the object, DETAIL the free text - so
     * `hybridnet lifelines` draws each object's timeline.
     * @param log the logger
     */
    void WriteTo(NetLogger& log) const;

  private:
    /**
     * Record an entry at the current simulation time.
     * @param object the object's ID
     * @param event the event word
     * @param detail free text
     */
    void Add(std::string object, std::string event, std::string detail);

    std::vector<Entry> m_entries; //!< the log
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_CLUSTER_EVENT_LOG_H
