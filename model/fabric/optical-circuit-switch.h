/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_OPTICAL_CIRCUIT_SWITCH_H
#define HYBRIDNET_OPTICAL_CIRCUIT_SWITCH_H

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class Node;
class Packet;
class UniformRandomVariable;

namespace hybridnet
{

class PhyRelayPort;

/**
 * @brief The "lightpath accelerator" of the study: an all-optical (MEMS) circuit switch
 * with NumPorts single-mode fiber ports, which steers light and never touches packets.
 *
 * **Data plane.**  A circuit is an unordered pair of ports {a, b}; each port is in at most
 * one circuit; a circuit carries light both ways at once.  Light that arrives on a port
 * in a lit circuit leaves the other port at the same instant: no queue, no processing,
 * no serialisation (PhyRelayPort equation (1)), so a frame whose last bit leaves host A's
 * NIC at t_e reaches host B through two media converters (latency D each) at
 *
 *     (1) t_rx = t_e + d_cA + D + d_fA + d_fB + D + d_cB
 *
 * (d_c copper cables host-converter, d_f fibers converter-switch), and the throughput of
 * the circuit is that of a direct cable between the NICs.  The light of a frame occupies
 * port p during [t - T_f, t], t its last bit, T_f = PhyRelayPort equation (2) at the
 * port's line rate.  With p lit (in a circuit whose mirrors have settled) continuously
 * since L_p, the frame passes if and only if
 *
 *     (2) p is lit at t  and  L_p <= t - T_f
 *
 * Otherwise it is lost (LightLost, LostFrames): light on a port that is in no circuit or
 * whose circuit is being set up or changed goes nowhere, and a frame cut by a
 * reconfiguration is corrupt (the receiver's FCS would reject it).  A frame forwarded to
 * a port with no fiber attached is also lost (counted on its input port).
 *
 * **Reconfiguration.**  Changing the circuit map moves the mirrors of every port whose
 * peer changes; those ports carry no light during the switching time S (attribute
 * SwitchingTime; MEMS optical switches settle in about 10-50 ms, default 20 ms).  Ports
 * whose circuit does not change stay lit.  A reconfiguration applied at t_a takes a
 * changed port's old circuit down at t_a and lights its new circuit at
 *
 *     (3) t_up = t_a + S
 *
 * **Control plane.**  Management commands (Connect, Disconnect, ClearConnections,
 * RestoreDefaultConnections, StopConnectionCycle, Submit) are executed one at a time, in
 * order of arrival, by the switch's controller.  A command that reaches the controller at
 * t_s (when it arrives, or when the previous one completes) is validated and applied at
 *
 *     (4) t_a = t_s + L,     L ~ Uniform[CommandLatencyMin, CommandLatencyMax]
 *
 * (L the controller's processing time: the study reports that the connect command takes
 * 1-2 s to return; Min = Max gives a constant) and completes at t_a + S if it changed the
 * circuit map (the command returns once the light path is up), at t_a otherwise (failures,
 * no-ops).  Completion is reported through the command's CompletionCallback (success, or
 * failure with a reason: port out of range, port already in another circuit, no such
 * circuit, cycle mode active) and the CommandComplete trace.  Reading the state
 * (GetConnections, IsLit) is immediate.
 *
 * Ports are numbered 1..NumPorts, as on the front panel and in the console commands.
 *
 * Interpretation of two commands of the study's console (not defined in the paper):
 *
 * - `default connection` (RestoreDefaultConnections): replace the circuit map by the
 *   switch's default map, attribute DefaultConnections ("1-2 3-4": pairs of ports), the
 *   map the switch also sets up at power-up (when its node is initialised, lit at once).
 *   The default default is no circuit at all.
 * - `no connection cycle` (StopConnectionCycle): leave the connection-cycle mode.  In this
 *   mode, a self-test that the switch enters at power-up when CycleInterval > 0, the
 *   controller steps every CycleInterval through the perfect matchings of a round-robin
 *   schedule (circle method: every pair of ports once per NumPorts - 1 steps, NumPorts
 *   rounded up to even; the odd port out stays dark), each step a reconfiguration of
 *   (3).  While cycling, the commands that set circuits fail ("connection cycle active");
 *   `no connection cycle` freezes the current map and gives the circuits back to the
 *   operator.  It succeeds when the switch is not cycling (a no-op).
 *
 * Why a new class: ns-3 has no switch that forwards without a MAC and without a queue.
 */
class OpticalCircuitSwitch : public Object
{
  public:
    /**
     * Completion of a management command.
     * @param success whether the command did what it asked
     * @param reason why it failed (empty on success)
     */
    typedef Callback<void, bool, std::string> CompletionCallback;

    /**
     * A management action that changes no circuit (e.g. the console's IP settings), run
     * by the controller at t_a of equation (4).
     * @return empty on success, else the reason of the failure
     */
    typedef Callback<std::string> ManagementAction;

    /** A circuit: two port numbers, first < second. */
    typedef std::pair<uint32_t, uint32_t> Circuit;

    /**
     * TracedCallback signature of CircuitStateChange.
     * @param portA lower port of the circuit
     * @param portB higher port of the circuit
     * @param up true when the circuit starts carrying light (equation (3)), false when it
     *        stops
     * @param time the instant of the change
     */
    typedef void (*CircuitStateCallback)(uint32_t portA, uint32_t portB, bool up, Time time);

    /**
     * TracedCallback signature of LightLost.
     * @param port the port the light arrived on
     * @param frame the frame lost
     */
    typedef void (*LightLostCallback)(uint32_t port, Ptr<const Packet> frame);

    /**
     * TracedCallback signature of CommandComplete.
     * @param command the command ("connection 1 2", ...)
     * @param success whether it succeeded
     * @param reason why it failed (empty on success)
     * @param issued when it was issued (the completion is now)
     */
    typedef void (*CommandCallback)(std::string command,
                                    bool success,
                                    std::string reason,
                                    Time issued);

    /**
     * TracedValue callback signature of LostFrames and LitCircuits.
     * @param oldValue previous value
     * @param newValue new value
     */
    typedef void (*CounterCallback)(uint64_t oldValue, uint64_t newValue);

    static TypeId GetTypeId();
    OpticalCircuitSwitch();
    ~OpticalCircuitSwitch() override;

    OpticalCircuitSwitch(const OpticalCircuitSwitch&) = delete;
    OpticalCircuitSwitch& operator=(const OpticalCircuitSwitch&) = delete;

    /**
     * Create the NumPorts ports on @p node and aggregate the switch to it (one switch per
     * node).  Call once, after setting NumPorts.
     * @param node the node that represents the switch
     */
    void Install(Ptr<Node> node);

    /** @return NumPorts */
    uint32_t GetNPorts() const;
    /**
     * @param port a port number, 1..NumPorts
     * @return its device
     */
    Ptr<PhyRelayPort> GetPort(uint32_t port) const;
    /** @return the node of the ports (null before Install) */
    Ptr<Node> GetNode() const;

    /**
     * Set up circuit {p1, p2}.  Fails if a port is out of range, p1 = p2, either port is in
     * another circuit, or the switch is cycling; succeeds at once (no reconfiguration) if
     * the circuit exists already.
     * @param p1 a port
     * @param p2 another port
     * @param done called on completion, equation (4)
     */
    void Connect(uint32_t p1, uint32_t p2, CompletionCallback done = CompletionCallback());
    /**
     * Tear down circuit {p1, p2}.  Fails if it does not exist or the switch is cycling.
     * @param p1 a port
     * @param p2 the other port
     * @param done called on completion
     */
    void Disconnect(uint32_t p1, uint32_t p2, CompletionCallback done = CompletionCallback());
    /**
     * Tear down every circuit (`clear connections`).  Fails if the switch is cycling.
     * @param done called on completion
     */
    void ClearConnections(CompletionCallback done = CompletionCallback());
    /**
     * Replace the circuit map by DefaultConnections (`default connection`).  Fails if the
     * map is not valid for NumPorts or the switch is cycling.
     * @param done called on completion
     */
    void RestoreDefaultConnections(CompletionCallback done = CompletionCallback());
    /**
     * Leave the connection-cycle mode, keeping the current map (`no connection cycle`).
     * @param done called on completion
     */
    void StopConnectionCycle(CompletionCallback done = CompletionCallback());
    /**
     * Run a management action that changes no circuit through the controller, in order
     * with the other commands and after the command latency, equation (4).
     * @param command its text, for the CommandComplete trace
     * @param action what to do; returns a failure reason, or empty
     * @param done called on completion
     */
    void Submit(std::string command, ManagementAction action, CompletionCallback done);

    /** @return the circuits of the current map (lit or settling), sorted */
    std::vector<Circuit> GetConnections() const;
    /**
     * @param port a port number
     * @return the port it is in a circuit with (lit or settling), 0 if none or out of range
     */
    uint32_t GetPeer(uint32_t port) const;
    /**
     * @param port a port number
     * @return whether the port is in a circuit whose mirrors have settled
     */
    bool IsLit(uint32_t port) const;
    /** @return whether the switch is in connection-cycle mode */
    bool IsCycling() const;
    /** @return commands issued and not yet completed */
    uint32_t GetPendingCommands() const;
    /** @return frames lost on all ports */
    uint64_t GetLostFrames() const;
    /**
     * @param port a port number
     * @return frames lost on that port (0 if out of range)
     */
    uint64_t GetLostFrames(uint32_t port) const;

    /**
     * Fix the random stream of the command latency.
     * @param stream first stream
     * @return streams used (1)
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoInitialize() override;
    void DoDispose() override;

  private:
    /** A command waiting for, or in, the controller. */
    struct Command
    {
        std::string text; //!< for the trace
        /** Validates and applies; returns a failure reason or empty; sets its argument
         *  if the circuit map changed. */
        std::function<std::string(bool&)> apply;
        bool immediate{false};   //!< no command latency (cycle steps)
        CompletionCallback done; //!< the caller's callback
        Time issued;             //!< when it was issued
    };

    /** Queue a command; start it if the controller is idle. */
    void Enqueue(Command command);
    /** Start the command at the head of the queue, equation (4). */
    void StartNext();
    /** The head command's latency has passed: apply it. */
    void ApplyHead();
    /** The mirrors have settled, equation (3): light the new circuits, complete the head. */
    void Settle();
    /**
     * Pop the head command, report its completion, start the next.
     * @param reason failure reason or empty
     */
    void Complete(const std::string& reason);

    /**
     * Move to a new circuit map, equation (3): changed ports go dark now.
     * @param peers peer of each port (index 1..NumPorts, 0 = none)
     * @return whether any port changed
     */
    bool Reconfigure(const std::vector<uint32_t>& peers);
    /**
     * @param port a port number
     * @return a reason if it is out of range, else empty
     */
    std::string CheckPort(uint32_t port) const;
    /**
     * Parse and check a map of circuits.
     * @param text "a-b c-d ..."
     * @param[out] peers the map, sized NumPorts + 1
     * @return a reason if the text is not a valid map for NumPorts, else empty
     */
    std::string ParseMap(const std::string& text, std::vector<uint32_t>& peers) const;
    /** @param nPorts NumPorts; aborts if it changes after Install */
    void SetNumPorts(uint32_t nPorts);
    /** @param text DefaultConnections; aborts if it is not "a-b c-d ..." */
    void SetDefaultConnections(std::string text);
    /** @return DefaultConnections */
    std::string GetDefaultConnections() const;
    /** @return the next map of the connection cycle */
    std::vector<uint32_t> NextCycleMap();
    /** Every CycleInterval: queue a cycle step. */
    void CycleTick();

    /**
     * A frame's last bit arrived on a port: forward it or lose it, equation (2).
     * @param port the port number
     * @param in the port device
     * @param frame the frame
     */
    void LightIn(uint32_t port, Ptr<PhyRelayPort> in, Ptr<Packet> frame);
    /**
     * Count and trace a lost frame.
     * @param port the input port
     * @param frame the frame
     */
    void Lose(uint32_t port, Ptr<const Packet> frame);

    uint32_t m_nPorts{0};                    //!< NumPorts
    Time m_switchingTime;                    //!< S of equation (3)
    Time m_latencyMin;                       //!< CommandLatencyMin
    Time m_latencyMax;                       //!< CommandLatencyMax
    std::string m_defaultText;               //!< DefaultConnections
    Time m_cycleInterval;                    //!< CycleInterval
    Ptr<UniformRandomVariable> m_latencyRng; //!< L of equation (4)

    Ptr<Node> m_node;                       //!< node of the ports
    std::vector<Ptr<PhyRelayPort>> m_ports; //!< index 1..NumPorts (0 unused)
    std::vector<uint32_t> m_peer;           //!< circuit map, 0 = none
    std::vector<bool> m_settling;           //!< mirrors moving, equation (3)
    std::vector<Time> m_litSince;           //!< L_p of equation (2)
    std::vector<uint64_t> m_lostPerPort;    //!< frames lost per port

    std::deque<Command> m_commands; //!< controller queue, head in progress
    bool m_busy{false};             //!< head command in progress
    EventId m_commandEvent;         //!< pending ApplyHead or Settle

    bool m_cycling{false};         //!< connection-cycle mode
    bool m_cycleStepQueued{false}; //!< a cycle step waits in the queue
    uint32_t m_cycleRound{0};      //!< next round of the schedule
    EventId m_cycleEvent;          //!< next CycleTick

    TracedValue<uint64_t> m_lostFrames;                                  //!< LostFrames
    TracedValue<uint64_t> m_litCircuits;                                 //!< LitCircuits
    TracedCallback<uint32_t, uint32_t, bool, Time> m_circuitTrace;       //!< CircuitStateChange
    TracedCallback<uint32_t, Ptr<const Packet>> m_lightLostTrace;        //!< LightLost
    TracedCallback<std::string, bool, std::string, Time> m_commandTrace; //!< CommandComplete
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_OPTICAL_CIRCUIT_SWITCH_H
