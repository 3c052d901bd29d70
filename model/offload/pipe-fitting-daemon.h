/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_PIPE_FITTING_DAEMON_H
#define HYBRIDNET_PIPE_FITTING_DAEMON_H

#include "hybridnet/flow-key.h"
#include "hybridnet/lightpath-signalling.h"
#include "offload-message.h"

#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

class CircuitSwitchConsoleClient;
class OffloadMessenger;

/**
 * @brief The pipe-fitting daemon (pfd) of the lightpath accelerator study: runs on the
 * cluster front end, owns the accelerator's circuits, grants, queues or denies the
 * end-point daemons' (EndpointDaemon, epd) requests, drives the accelerator through its
 * text console (CircuitSwitchConsoleClient, TCP ConsolePort of ConsoleAddress) and tells
 * both end points when to move a flow.
 *
 * **Configuration.**  AddEndpoint(host, circuit, port) for every compute host: its
 * packet-network address (the one in flow keys), its circuit NIC's address (the next hop
 * the other end steers to) and the accelerator port its circuit NIC is cabled to.  The
 * epds listen on EndpointPort, the pfd on Port (UDP, packet network).
 *
 * **Circuits.**  A request for flow F = a:x>b:y/p (a pipe: ports and protocol 0) from the
 * requester a needs ports P(a) and P(b); each port is in at most one circuit.  Requests
 * are ordered by priority (higher first), then arrival; a request can be granted when
 * neither of its ports is held by a circuit (any state but QUEUED) nor wanted by a queued
 * request ahead of it (no overtaking on a port).  A request that cannot be granted:
 *
 * - BusyPolicy Queue: QUEUED to the requester; granted when its ports are free.
 * - BusyPolicy Deny: `DENIED reason=busy`.
 * - BusyPolicy Preempt: if every circuit holding its ports has a strictly lower priority,
 *   they are torn down (TEARDOWN reason=preempted to both of their ends) and the request
 *   waits at the head of the queue for the ports; otherwise it is queued as under Queue.
 *
 * Unknown hosts (or a = b) are answered `DENIED reason=unknown-host`.  A REQUEST for a
 * flow that has a record already (either direction) only gets QUEUED again if queued.
 *
 * **Life of a circuit** (CircuitState; T_c = ConsoleTimeout, T_s = SetupTimeout,
 * T_k = KeepaliveTimeout; messages: OffloadMessage, reliability: OffloadMessenger rules
 * (R1)-(R3) with RetransmitTimeout and MaxRetransmits):
 *
 *     QUEUED --ports free--> CONNECTING: console `connection P(a) P(b)`
 *     CONNECTING --"OK..."--> SETTING_UP: `SETUP flow=F via=c(b)` to a's epd,
 *         `SETUP flow=F' via=c(a)` to b's epd (F' = F reversed, c = circuit address)
 *     CONNECTING --"ERROR...", or no reply in T_c--> CLOSED: `DENIED reason=switch-error`
 *         (after a timeout also `no connection P(a) P(b)`, in case the command completes)
 *     SETTING_UP --READY from both ends--> ACTIVE
 *     SETTING_UP --no READY from both in T_s--> RELEASING (reason setup-timeout)
 *     ACTIVE --RELEASE from one end--> RELEASING: TEARDOWN reason=released to the other
 *     ACTIVE --no READY/KEEPALIVE from an end for T_k--> RELEASING: TEARDOWN
 *         reason=unreachable to the other end (the end point disappeared)
 *     SETTING_UP/ACTIVE --a message to an end given up on--> RELEASING: TEARDOWN
 *         reason=unreachable to the other end
 *     SETTING_UP/ACTIVE --preempted--> RELEASING: TEARDOWN reason=preempted to both
 *     RELEASING --DOWN (or RELEASE) from every end told, or given up on--> DISCONNECTING:
 *         console `no connection P(a) P(b)`
 *     DISCONNECTING --any reply, or none in T_c--> CLOSED: the ports are free, the queue
 *         is served
 *
 * So the epds have moved their packets back to the packet path before the light goes
 * out, and the setup time seen by the requester is, with the OpticalCircuitSwitch's
 * command latency L and switching time S and d the one-way delays of the control
 * messages and the console's TCP session,
 *
 *     (1) t_ready - t_request = d_REQUEST + d_console + t_q + L + S + d_reply
 *                               + max over the ends (d_SETUP + drain + d_READY)
 *
 * (t_q: console commands ahead; drain: FlowSteering's no-overtaking wait), a value that
 * comes out of those mechanisms and is not fitted.  A lost message adds
 * RetransmitTimeout per loss.  A READY or KEEPALIVE for a flow without a circuit gets a
 * TEARDOWN (reason=unknown) so an epd that missed a teardown falls back; a RELEASE for a
 * queued request withdraws it; a RELEASE while CONNECTING, or a preemption then,
 * disconnects right after the connect succeeds (a preempted requester gets
 * `DENIED reason=preempted`).  If the console session closes, the next command opens a
 * new one.  StopApplication models the daemon exiting: it forgets its records and leaves
 * the circuits as they are on the switch; the epds fall back to the packet path when
 * their KEEPALIVEs go unacknowledged (OffloadMessenger equation (1)).
 *
 * **Multi-domain circuits** (optional; off unless SetLightpathSignalling is called).  A
 * pfd whose campus reaches another campus over a chain of optical domains (campus
 * accelerator -> metro switch -> transoceanic wave -> remote campus accelerator) declares
 * the remote campus's hosts with AddRemoteEndpoint (port: on the remote campus's switch)
 * and the chains with AddTrunk (LightpathHop list from the local campus's domain to the
 * remote one's; the first hop's portIn and the last hop's portOut are filled in per
 * request with P(local end) and P(remote end)).  Ports are told apart by campus, so port
 * p here and port p there are different ports.  A request between a local and a remote
 * host needs, besides its two ports, a trunk that no circuit holds (trunks are taken
 * lowest first; a queued cross-campus request ahead of it has the first claim on a free
 * trunk, as on a port); its CONNECTING step is then not a console command but
 * LightpathSignalling::Request over the trunk's hops, so the time from CONNECTING to
 * SETTING_UP is LightpathSignalling (1),
 *
 *     (2) T_up = sum_i (L_i + S_i) + 2 sum_i d_i
 *
 * and equation (1) above holds with d_console + t_q + L + S + d_reply replaced by T_up.
 * A domain that refuses (a port reserved by another lightpath, e.g. a LightpathCalendar
 * booking, or in another circuit of its switch) fails the request after LightpathSignalling
 * (2): every domain that had set up its segment has torn it down again (the signalling's
 * rollback), the requester gets `DENIED reason=domain-refused` and the flow stays on the
 * packet path.  A circuit's DISCONNECTING step is LightpathSignalling::Release.  Requests
 * between two local hosts still go through the console; with no ConsoleAddress they, and
 * requests between two remote hosts, are `DENIED reason=no-route`.  Not modelled: choosing
 * a trunk by load or crank-back to another trunk after a refusal; preemption frees ports,
 * not trunks.
 *
 * Why a new class: the study's pfd is software whose behaviour (timing, policies) is the
 * object of the study; ns-3 has no circuit control plane.
 */
class PipeFittingDaemon : public Application
{
  public:
    /** BusyPolicy values. */
    enum class Policy : uint8_t
    {
        QUEUE,   //!< wait for the ports
        DENY,    //!< DENIED reason=busy
        PREEMPT, //!< tear down lower-priority circuits, else wait
    };

    /** The states of a request and its circuit (class comment). */
    enum class CircuitState : uint8_t
    {
        QUEUED,        //!< waiting for its ports
        CONNECTING,    //!< `connection` sent to the console
        SETTING_UP,    //!< SETUP sent, waiting for READY from both ends
        ACTIVE,        //!< both ends steered
        RELEASING,     //!< TEARDOWN sent, waiting for DOWN
        DISCONNECTING, //!< `no connection` sent to the console
        CLOSED,        //!< gone, ports free
        DENIED,        //!< DENIED sent
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
     * TracedCallback signature of CircuitStateChange.
     * @param key the request's flow (the requester's direction)
     * @param portA the requester's accelerator port
     * @param portB the peer's accelerator port
     * @param from old state
     * @param to new state
     * @param reason why (e.g. busy, released, preempted, unreachable; empty if none)
     */
    typedef void (*CircuitStateTracedCallback)(const FlowKey& key,
                                               uint32_t portA,
                                               uint32_t portB,
                                               CircuitState from,
                                               CircuitState to,
                                               std::string reason);
    /**
     * TracedCallback signature of Console.
     * @param line the command line sent to the accelerator
     * @param reply its reply ("(timeout)" if none came in ConsoleTimeout)
     * @param sent when it was sent
     */
    typedef void (*ConsoleTracedCallback)(std::string line, std::string reply, Time sent);
    /**
     * TracedValue signature of QueueLength.
     * @param oldValue previous value
     * @param newValue new value
     */
    typedef void (*QueueLengthTracedCallback)(uint32_t oldValue, uint32_t newValue);

    static TypeId GetTypeId();
    PipeFittingDaemon();
    ~PipeFittingDaemon() override;

    /**
     * Declare a compute host (before the daemon starts).
     * @param hostAddress its packet-network address
     * @param circuitAddress its circuit NIC's address
     * @param acceleratorPort the accelerator port of its circuit NIC (>= 1)
     */
    void AddEndpoint(Ipv4Address hostAddress, Ipv4Address circuitAddress, uint32_t acceleratorPort);

    /**
     * Declare a host of the remote campus (multi-domain circuits; before the daemon starts).
     * @param hostAddress its packet-network address
     * @param circuitAddress its circuit NIC's address
     * @param remotePort the port of its circuit NIC on the remote campus's switch (>= 1)
     */
    void AddRemoteEndpoint(Ipv4Address hostAddress,
                           Ipv4Address circuitAddress,
                           uint32_t remotePort);

    /**
     * Set up circuits between local and remote hosts with @p signalling (class comment:
     * multi-domain circuits); before the daemon starts.
     * @param signalling the inter-domain signalling
     */
    void SetLightpathSignalling(Ptr<LightpathSignalling> signalling);

    /**
     * Add a chain of domains between the two campuses (before the daemon starts).
     * @param hops the domains from the local campus's to the remote campus's (at least
     *        one); hops.front().portIn and hops.back().portOut are set per request
     */
    void AddTrunk(std::vector<LightpathHop> hops);

    /**
     * @param key a flow, in either direction
     * @return the state of its request or circuit (CLOSED if none)
     */
    CircuitState GetCircuitState(const FlowKey& key) const;
    /** @return requests and circuits in any state but CLOSED and DENIED */
    uint32_t GetNCircuits() const;

    /**
     * @param state a state
     * @return its name ("QUEUED", ...)
     */
    static std::string GetCircuitStateName(CircuitState state);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /** A compute host. */
    struct Endpoint
    {
        Ipv4Address circuitAddress; //!< its circuit NIC's address
        uint32_t port{0};           //!< its accelerator port
        bool remote{false};         //!< on the remote campus (AddRemoteEndpoint)
    };

    /** A request and its circuit. */
    struct Circuit
    {
        uint64_t id{0};                           //!< arrival order
        FlowKey key;                              //!< the requester's direction
        uint32_t priority{0};                     //!< the request's priority
        uint32_t portA{0};                        //!< requester's port
        uint32_t portB{0};                        //!< peer's port
        bool remoteA{false};                      //!< requester on the remote campus
        bool remoteB{false};                      //!< peer on the remote campus
        std::optional<size_t> trunk;              //!< its trunk while it holds one
        uint64_t lightpath{0};                    //!< its LightpathSignalling id, 0 if none
        InetSocketAddress epdA{Ipv4Address(), 0}; //!< requester's epd
        InetSocketAddress epdB{Ipv4Address(), 0}; //!< peer's epd
        CircuitState state{CircuitState::QUEUED}; //!< state
        bool ready[2]{false, false};              //!< READY from end 0 (requester), 1 (peer)
        bool waitDown[2]{false, false};           //!< TEARDOWN sent, DOWN not yet in
        Time heard[2];                            //!< last READY/KEEPALIVE of each end
        bool released{false};                     //!< withdrawn or preempted while CONNECTING
        std::string releaseReason;                //!< "withdrawn" or "preempted"
        EventId timer;                            //!< console, setup or keepalive timer
    };

    /**
     * @param message a message delivered by the messenger
     * @param from its source
     */
    void Receive(const OffloadMessage& message, const InetSocketAddress& from);
    /**
     * @param message a message an epd did not acknowledge
     * @param to its destination
     */
    void GiveUp(const OffloadMessage& message, const InetSocketAddress& to);
    /**
     * @param message a REQUEST
     * @param from its source
     */
    void HandleRequest(const OffloadMessage& message, const InetSocketAddress& from);
    /**
     * Find the record of a flow and which end it is for.
     * @param key a flow key as an epd sent it
     * @param[out] end 0 if it is the requester's direction, 1 the peer's
     * @return the record's id, or nothing
     */
    std::optional<uint64_t> Find(const FlowKey& key, int& end) const;
    /**
     * @param circuit a request
     * @param newRequest whether it is not yet in the table (then every queued request of
     *        equal or higher priority is ahead of it)
     * @return whether its ports are free and no queued request ahead of it wants them
     */
    bool CanGrant(const Circuit& circuit, bool newRequest) const;
    /** @return whether @p x and @p y share a port (ports told apart by campus) */
    static bool SharesPort(const Circuit& x, const Circuit& y);
    /** @return whether @p circuit crosses the two campuses (needs a trunk) */
    static bool CrossesCampuses(const Circuit& circuit);
    /** @return the lowest trunk no circuit holds, or nothing */
    std::optional<size_t> FreeTrunk() const;
    /** @return the trunks no circuit holds */
    size_t FreeTrunks() const;
    /**
     * @param id a cross-campus request whose ports are free: take a trunk and request the
     *        lightpath over its domains
     */
    void ConnectLightpath(uint64_t id);
    /** Grant every queued request that can be, in order. */
    void ServeQueue();
    /** @param id a request whose ports are free: send `connection` */
    void Connect(uint64_t id);
    /**
     * @param id the request
     * @param reply the console's reply to `connection`
     */
    void Connected(uint64_t id, std::string reply);
    /** @param id a circuit that is lit: SETUP to both ends */
    void SendSetups(uint64_t id);
    /**
     * Start tearing a circuit down.
     * @param id the circuit
     * @param reason the TEARDOWN's reason
     * @param tell which ends to send a TEARDOWN to (index 0 requester, 1 peer)
     */
    void Teardown(uint64_t id, const std::string& reason, std::vector<int> tell);
    /** @param id a circuit whose ends are back on the packet path: `no connection` */
    void Disconnect(uint64_t id);
    /**
     * End a record (CLOSED or DENIED) and serve the queue.
     * @param id the record
     * @param state CLOSED or DENIED
     * @param reason why
     */
    void Close(uint64_t id, CircuitState state, const std::string& reason);
    /** @param id an ACTIVE circuit: check its ends' keepalives */
    void CheckKeepalive(uint64_t id);
    /**
     * Send a console command, with its own timeout.
     * @param line the command
     * @param done called with the reply, or "(timeout)" after ConsoleTimeout (once)
     */
    void ConsoleCommand(const std::string& line, Callback<void, std::string> done);
    /**
     * @param circuit a record
     * @param end 0 (requester) or 1 (peer)
     * @param type the message type
     * @param reason for DENIED and TEARDOWN
     */
    void SendTo(const Circuit& circuit,
                int end,
                OffloadMessage::Type type,
                const std::string& reason = "");
    /**
     * @param circuit a record
     * @param to the new state
     * @param reason why
     */
    void SetState(Circuit& circuit, CircuitState to, const std::string& reason = "");
    /** Recount QueueLength. */
    void UpdateQueueLength();

    uint16_t m_port{0};             //!< Port
    uint16_t m_epdPort{0};          //!< EndpointPort
    Ipv4Address m_consoleAddress;   //!< ConsoleAddress
    uint16_t m_consolePort{0};      //!< ConsolePort
    Policy m_policy{Policy::QUEUE}; //!< BusyPolicy
    Time m_consoleTimeout;          //!< ConsoleTimeout
    Time m_setupTimeout;            //!< SetupTimeout
    Time m_keepaliveTimeout;        //!< KeepaliveTimeout
    Time m_rto;                     //!< RetransmitTimeout
    uint32_t m_maxRetransmits{0};   //!< MaxRetransmits

    std::map<Ipv4Address, Endpoint> m_endpoints;     //!< by packet-network address
    std::map<uint64_t, Circuit> m_circuits;          //!< live records, by id
    uint64_t m_nextId{1};                            //!< next record id
    Ptr<OffloadMessenger> m_messenger;               //!< control channel
    Ptr<CircuitSwitchConsoleClient> m_console;       //!< console session
    Ptr<LightpathSignalling> m_signalling;           //!< multi-domain set-up, or none
    std::vector<std::vector<LightpathHop>> m_trunks; //!< AddTrunk
    bool m_running{false};                           //!< between start and stop

    TracedValue<uint32_t> m_queueLength{0};                          //!< QueueLength
    TracedCallback<Ipv4Address, std::string, bool> m_messageTxTrace; //!< MessageTx
    TracedCallback<Ipv4Address, std::string, bool> m_messageRxTrace; //!< MessageRx
    TracedCallback<Ipv4Address, std::string> m_unreachableTrace;     //!< PeerUnreachable
    TracedCallback<Ipv4Address, std::string> m_malformedTrace;       //!< MessageMalformed
    TracedCallback<const FlowKey&, uint32_t, uint32_t, CircuitState, CircuitState, std::string>
        m_circuitTrace;                                            //!< CircuitStateChange
    TracedCallback<std::string, std::string, Time> m_consoleTrace; //!< Console
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_PIPE_FITTING_DAEMON_H
