/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_CIRCUIT_SWITCH_CONSOLE_CLIENT_H
#define HYBRIDNET_CIRCUIT_SWITCH_CONSOLE_CLIENT_H

#include "ns3/address.h"
#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <deque>
#include <string>

namespace ns3
{

class Node;
class Socket;

namespace hybridnet
{

/**
 * @brief A minimal client of CircuitSwitchConsoleServer: sends command lines over one TCP
 * connection and hands back each reply, as an operator (or a script with expect) at a
 * telnet session would.
 *
 * Commands are sent one at a time: a line goes out when the previous reply (the text up to
 * the next Prompt) is complete.  Commands given before the connection is up wait for the
 * banner.  The reply to `quit` is the text received before the server closes.  If the
 * connection fails or closes, every waiting command gets "ERROR: console connection
 * closed".
 */
class CircuitSwitchConsoleClient : public Object
{
  public:
    /**
     * Receives the reply to a command.
     * @param reply the reply text, without the prompt and the last newline
     */
    typedef Callback<void, std::string> ReplyCallback;

    /**
     * TracedCallback signature of Reply.
     * @param line the command line
     * @param reply its reply
     * @param sent when the line was sent (the reply is complete now)
     */
    typedef void (*ReplyTracedCallback)(std::string line, std::string reply, Time sent);

    static TypeId GetTypeId();
    CircuitSwitchConsoleClient();
    ~CircuitSwitchConsoleClient() override;

    /**
     * Open the session.
     * @param node the node the client runs on (with an internet stack)
     * @param server the server's address and port (InetSocketAddress)
     */
    void Open(Ptr<Node> node, const Address& server);

    /**
     * Queue a command line.
     * @param line the command, without newline
     * @param reply called with its reply (may be null)
     */
    void Send(std::string line, ReplyCallback reply = ReplyCallback());

    /** Close the session (waiting commands are dropped without reply). */
    void Close();

    /** @return the banner the server sent (empty until it arrives) */
    std::string GetBanner() const;
    /** @return whether the session is open (banner received, not closed) */
    bool IsOpen() const;

  protected:
    void DoDispose() override;

  private:
    /** A command waiting for its reply. */
    struct Pending
    {
        std::string line;     //!< the command
        ReplyCallback reply;  //!< the caller's callback
        Time sent;            //!< when it was sent
        bool inFlight{false}; //!< sent, reply not complete
    };

    /** @param socket the connected socket */
    void HandleConnect(Ptr<Socket> socket);
    /** @param socket the socket whose connection failed */
    void HandleConnectFail(Ptr<Socket> socket);
    /** @param socket the socket with data */
    void HandleRead(Ptr<Socket> socket);
    /** @param socket the closed socket */
    void HandleClose(Ptr<Socket> socket);
    /** Send the head command if the session is ready and nothing is in flight. */
    void SendNext();
    /**
     * Complete the head command.
     * @param reply its reply
     */
    void Deliver(const std::string& reply);
    /** Fail every waiting command. */
    void FailAll();
    /** Clear the socket's callbacks. */
    void Detach();

    std::string m_prompt;                                        //!< Prompt
    Ptr<Socket> m_socket;                                        //!< the session
    bool m_open{false};                                          //!< banner received
    bool m_closed{false};                                        //!< session over
    std::string m_banner;                                        //!< banner text
    std::string m_buffer;                                        //!< text received, not yet a reply
    std::deque<Pending> m_pending;                               //!< commands, head first
    TracedCallback<std::string, std::string, Time> m_replyTrace; //!< Reply
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_CIRCUIT_SWITCH_CONSOLE_CLIENT_H
