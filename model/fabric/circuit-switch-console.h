/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_CIRCUIT_SWITCH_CONSOLE_H
#define HYBRIDNET_CIRCUIT_SWITCH_CONSOLE_H

#include "ns3/callback.h"
#include "ns3/ipv4-address.h"
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{
namespace hybridnet
{

class OpticalCircuitSwitch;

/**
 * @brief The text command set of the lightpath accelerator's management console, parsed
 * and executed against an OpticalCircuitSwitch.
 *
 * Execute(line, reply) parses one command line and calls reply with the reply text,
 * always from a later event (never from inside Execute).  Commands, with port numbers
 * 1..NumPorts and the time t_r from Execute to the reply:
 *
 *     connection <p1> <p2>          set up circuit {p1, p2}          t_r = t_q + L (+ S)
 *     no connection <p1> <p2>       tear it down                     t_r = t_q + L (+ S)
 *     default connection            restore DefaultConnections       t_r = t_q + L (+ S)
 *     no connection cycle           leave connection-cycle mode      t_r = t_q + L
 *     clear connections             tear down every circuit          t_r = t_q + L (+ S)
 *     ip address dhcp               management address from DHCP     t_r = t_q + L
 *     ip address <addr> [<mask>]    static address (mask or /len;
 *                                   default 255.255.255.0)           t_r = t_q + L
 *     ip default gateway <addr>     default gateway                  t_r = t_q + L
 *     show connections              the circuit map                  t_r = 0
 *     show ip interface             the IP settings                  t_r = 0
 *     show help                     this list                        t_r = 0
 *     show version                  model and software version       t_r = 0
 *     quit                          end the session ("Goodbye")      t_r = 0
 *
 * (L, S and the queueing delay t_q of commands ahead in the controller are those of
 * OpticalCircuitSwitch equations (3) and (4); + S when the circuit map changes.)  The
 * state-changing commands all go through the switch's controller, in order, and take its
 * command latency; the show commands read the state at once.  Keywords are
 * case-insensitive and separated by blanks.
 *
 * Replies, for a client that parses them: "OK" (possibly followed by a warning in
 * parentheses) for a state-changing command that succeeded; "ERROR: <reason>" for any
 * failure: syntax errors (unknown or incomplete command, wrong number of arguments, a
 * port or address that is not a number) at once, semantic errors (port out of range, port
 * already in another circuit, no such circuit, cycle mode active) from the controller
 * after L.  An empty line gets an empty reply.
 *
 * The IP commands change the console's record of its management interface, which `show
 * ip interface` reports; they do not readdress the simulated interface (its address is
 * the one the scenario assigned, from which the record starts: SetInterfaceRecord).  A
 * static address with a netmask other than /24 is accepted with a warning: the study's
 * accelerator "disliked" other netmasks.
 */
class CircuitSwitchConsole : public Object
{
  public:
    /**
     * Receives the reply to a command.
     * @param reply the reply text, lines separated by '\n', no trailing newline
     */
    typedef Callback<void, std::string> ReplyCallback;

    /**
     * TracedCallback signature of Command.
     * @param line the command line
     * @param reply its reply
     */
    typedef void (*CommandCallback)(std::string line, std::string reply);

    static TypeId GetTypeId();
    CircuitSwitchConsole();
    ~CircuitSwitchConsole() override;

    /** @param ocs the switch the commands act on */
    void SetSwitch(Ptr<OpticalCircuitSwitch> ocs);
    /** @return the switch */
    Ptr<OpticalCircuitSwitch> GetSwitch() const;

    /**
     * Set the record of the management interface (static), as `ip address` would, at once.
     * @param address the address
     * @param mask the netmask
     */
    void SetInterfaceRecord(Ipv4Address address, Ipv4Mask mask);

    /**
     * Parse and execute one command line.
     * @param line the command, without line terminator
     * @param reply called with the reply (from a later event)
     * @return false if the line ends the session (`quit`), true otherwise
     */
    bool Execute(std::string line, ReplyCallback reply);

    /** @return the reply to `show help` */
    static std::string GetHelpText();

  protected:
    void DoDispose() override;

  private:
    /** A command line, split into words, and where its reply goes. */
    struct Command
    {
        std::string line;               //!< the line, without '\r'
        std::vector<std::string> raw;   //!< its words as typed
        std::vector<std::string> words; //!< its words in lower case (words[0]: the verb)
        ReplyCallback reply;            //!< receives the reply
    };

    /** A switch method that changes the circuit map (ClearConnections, ...). */
    typedef void (OpticalCircuitSwitch::*MapAction)(Callback<void, bool, std::string>);

    /**
     * Reply now (from a new event).
     * @param command the command
     * @param text the reply
     */
    void ReplyNow(const Command& command, const std::string& text);
    /**
     * Reply "ERROR: <reason>" now (from a new event).
     * @param command the command
     * @param reason what is wrong
     */
    void ReplyError(const Command& command, const std::string& reason);
    /**
     * Reply now that the command is unknown.
     * @param command the command
     */
    void ReplyUnknown(const Command& command);
    /**
     * Deliver a reply and fire the trace.
     * @param line the command line
     * @param reply the callback
     * @param text the reply
     */
    void Deliver(std::string line, ReplyCallback reply, std::string text);
    /**
     * @param command the command
     * @param warning a warning to add to "OK", if any
     * @return a completion callback that replies "OK" or "ERROR: <reason>"
     */
    Callback<void, bool, std::string> Completion(const Command& command,
                                                 const std::string& warning = "");
    /**
     * Submit a change of the interface record to the switch's controller, which runs it
     * after the command latency; the reply is "OK" then.
     * @param command the command
     * @param change the change
     * @param warning a warning to add to "OK", if any
     */
    void SubmitInterfaceChange(const Command& command,
                               std::function<void()> change,
                               const std::string& warning = "");
    /**
     * Read the two port numbers at words[first] and words[first + 1]; if one is not a
     * number, reply the syntax error now.
     * @param command the command
     * @param first index of the first port
     * @return the ports, or nothing after an error reply
     */
    std::optional<std::pair<uint32_t, uint32_t>> ParsePorts(const Command& command,
                                                            std::size_t first);

    // Execute's verb table: one handler per verb (or verb family), which returns false if
    // the command ends the session, true otherwise.

    /** `connection <p1> <p2>` @param command the command @return true */
    bool ExecuteConnection(const Command& command);
    /**
     * `no connection <p1> <p2>` and `no connection cycle`
     * @param command the command
     * @return true
     */
    bool ExecuteNo(const Command& command);
    /** `default connection` @param command the command @return true */
    bool ExecuteDefault(const Command& command);
    /** `clear connections` @param command the command @return true */
    bool ExecuteClear(const Command& command);
    /**
     * `<verb> <keyword>`, two words that make the switch change its circuit map.
     * @param command the command
     * @param keyword the second word
     * @param action the switch method that changes the map
     * @return true
     */
    bool ExecuteMapCommand(const Command& command, const std::string& keyword, MapAction action);
    /** `show ...`, answered at once @param command the command @return true */
    bool ExecuteShow(const Command& command);
    /** `ip address ...` and `ip default gateway ...` @param command the command @return true */
    bool ExecuteIp(const Command& command);
    /** `ip address dhcp` and `ip address <addr> [<mask>]` @param command the command */
    void ExecuteIpAddress(const Command& command);
    /** `ip default gateway <addr>` @param command the command */
    void ExecuteIpDefaultGateway(const Command& command);
    /** `quit` @param command the command @return false if the session ends */
    bool ExecuteQuit(const Command& command);

    /** @return the reply to `show connections` */
    std::string ShowConnections() const;
    /** @return the reply to `show ip interface` */
    std::string ShowIpInterface() const;

    Ptr<OpticalCircuitSwitch> m_switch;                      //!< the switch
    std::string m_version;                                   //!< Version
    bool m_dhcp{false};                                      //!< ip address dhcp
    bool m_hasAddress{false};                                //!< a static address is set
    Ipv4Address m_address;                                   //!< static address
    Ipv4Mask m_mask;                                         //!< its netmask
    bool m_hasGateway{false};                                //!< a gateway is set
    Ipv4Address m_gateway;                                   //!< ip default gateway
    TracedCallback<std::string, std::string> m_commandTrace; //!< Command
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_CIRCUIT_SWITCH_CONSOLE_H
