/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_PING_PONG_SERVER_H
#define HYBRIDNET_PING_PONG_SERVER_H

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/type-id.h"

#include <cstdint>
#include <map>

namespace ns3
{

class Socket;

namespace hybridnet
{

/**
 * @brief The responding side of PingPongClient's request/response test (netserver of
 * netperf TCP_RR): it listens on a stream socket of any factory (attribute Protocol) and,
 * on each accepted connection, answers every m = MessageSize bytes it has read with m
 * bytes of its own, written as soon as the m-th byte is read. Costs no CPU time itself.
 */
class PingPongServer : public Application
{
  public:
    static TypeId GetTypeId();
    PingPongServer();

    /** @return responses written in full */
    uint64_t GetResponses() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /** @return accept every connection */
    bool AcceptRequest(Ptr<Socket> socket, const Address& from);
    /** A connection was accepted. */
    void Accepted(Ptr<Socket> socket, const Address& from);
    /** Bytes arrived on a connection. */
    void Receive(Ptr<Socket> socket);
    /** Room in a connection's send buffer. */
    void SendSpace(Ptr<Socket> socket, uint32_t available);
    /** Write what is owed on a connection. */
    void Answer(Ptr<Socket> socket);

    /** One connection's state. */
    struct Connection
    {
        uint32_t received{0}; //!< bytes of the current request read so far
        uint64_t owed{0};     //!< response bytes not yet written
    };

    Address m_local;                           //!< Local
    TypeId m_protocol;                         //!< Protocol
    uint32_t m_messageSize{0};                 //!< MessageSize, m
    Ptr<Socket> m_listener;                    //!< the listening socket
    std::map<Ptr<Socket>, Connection> m_conns; //!< accepted connections
    uint64_t m_written{0};                     //!< response bytes written
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_PING_PONG_SERVER_H
