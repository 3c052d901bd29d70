/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_CIRCUIT_SWITCH_CONSOLE_SERVER_H
#define HYBRIDNET_CIRCUIT_SWITCH_CONSOLE_SERVER_H

#include "ns3/application.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <deque>
#include <map>
#include <string>

namespace ns3
{

class Socket;
class Address;

namespace hybridnet
{

class CircuitSwitchConsole;

/**
 * @brief The accelerator's management console served over TCP, line by line, as a telnet
 * session would carry it (no telnet option negotiation).
 *
 * Runs on the switch's node (reached from the front end through the 10 Mb/s management
 * Ethernet port).  Protocol, per connection:
 *
 * - on accept the server sends the Banner line and the Prompt (no newline after it);
 * - the client sends command lines terminated by "\n" ("\r\n" accepted);
 * - the lines of a session are executed one after the other: each line goes to
 *   CircuitSwitchConsole::Execute when the previous one has been answered (as an operator
 *   waits for the prompt); the server then sends the reply text, "\n" if it is not empty,
 *   and the Prompt;
 * - after the reply to `quit` ("Goodbye\n") the server closes the connection.
 *
 * So a client reads everything up to the next Prompt as the reply to its command
 * (CircuitSwitchConsoleClient does).  All sessions share one console (one IP record) and
 * one switch controller, which executes the commands of all sessions in order of arrival.
 *
 * The serial console of the real accelerator is not modelled separately: the server
 * listens on every interface of its node, so a scenario can add a slow point-to-point link
 * (e.g. PointToPointHelper at 9600 bps) from the front end and reach the same console
 * through it.
 */
class CircuitSwitchConsoleServer : public Application
{
  public:
    static TypeId GetTypeId();
    CircuitSwitchConsoleServer();
    ~CircuitSwitchConsoleServer() override;

    /**
     * @param console the console to serve; if none is set when the application starts,
     * one is created for the OpticalCircuitSwitch aggregated to the node
     */
    void SetConsole(Ptr<CircuitSwitchConsole> console);
    /** @return the console (null before start if none was set) */
    Ptr<CircuitSwitchConsole> GetConsole() const;

    /** @return connections accepted so far */
    uint32_t GetSessions() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /** One telnet-like session. */
    struct Session
    {
        std::string input;             //!< bytes received, not yet a full line
        std::deque<std::string> lines; //!< full lines waiting
        bool busy{false};              //!< a line is being executed
        bool quit{false};              //!< the line being executed ends the session
    };

    /**
     * @param socket the new connection
     * @param from the peer
     */
    void HandleAccept(Ptr<Socket> socket, const Address& from);
    /** @param socket a connection with data to read */
    void HandleRead(Ptr<Socket> socket);
    /** @param socket a connection closed by the peer or failed */
    void HandleClose(Ptr<Socket> socket);
    /** @param socket execute the next waiting line of this session, if idle */
    void ExecuteNext(Ptr<Socket> socket);
    /**
     * The console has answered: send the reply and the prompt (or close after `quit`).
     * @param socket the session
     * @param reply the reply text
     */
    void Reply(Ptr<Socket> socket, std::string reply);
    /**
     * @param socket a connection
     * @param text bytes to send
     */
    static void SendText(Ptr<Socket> socket, const std::string& text);

    uint16_t m_port{0};                        //!< Port
    std::string m_prompt;                      //!< Prompt
    std::string m_banner;                      //!< Banner
    Ptr<CircuitSwitchConsole> m_console;       //!< the console
    Ptr<Socket> m_listener;                    //!< listening socket
    std::map<Ptr<Socket>, Session> m_sessions; //!< open sessions
    uint32_t m_accepted{0};                    //!< sessions accepted
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_CIRCUIT_SWITCH_CONSOLE_SERVER_H
