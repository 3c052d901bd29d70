/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_PING_PONG_CLIENT_H
#define HYBRIDNET_PING_PONG_CLIENT_H

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/nstime.h"
#include "ns3/traced-callback.h"
#include "ns3/type-id.h"

#include <cstdint>

namespace ns3
{

class Socket;

namespace hybridnet
{

/**
 * @brief The requesting side of a request/response latency test over a stream socket
 * (netperf TCP_RR with equal request and response sizes, the ping-pong of the InfiniBand
 * benchmarks): it connects, then Iterations times writes one message of m = MessageSize
 * bytes and waits until m bytes have come back; each exchange's round trip is traced.
 *
 *   (1) one-way latency = round trip / 2 (the convention of netperf's and OFED's
 *       latency tests), averaged over the exchanges after the first Warmup ones.
 *
 * The socket type is any ns-3 stream SocketFactory (attribute Protocol): TCP over
 * Ethernet or IPoIB, or SDP - the same application runs over all of them. Bytes are
 * counted, not parsed: a peer that echoes m bytes per m received (PingPongServer) closes
 * the loop. The application itself costs no CPU time (the hosts' stacks do).
 */
class PingPongClient : public Application
{
  public:
    /**
     * TracedCallback signature of RoundTrip.
     * @param rtt the exchange's round trip
     */
    typedef void (*RoundTripCallback)(Time rtt);

    static TypeId GetTypeId();
    PingPongClient();

    /** @return exchanges completed */
    uint32_t GetCompleted() const;
    /** @return (1): the mean one-way latency over the exchanges after the warm-up */
    Time GetMeanOneWayLatency() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /** The connection is up: send the first request. */
    void Connected(Ptr<Socket> socket);
    /** @param socket the failed socket */
    void ConnectionFailed(Ptr<Socket> socket);
    /** Write what is left of the current request. */
    void SendRequest();
    /** @param socket room freed in the send buffer */
    void SendSpace(Ptr<Socket> socket, uint32_t available);
    /** @param socket bytes of the response arrived */
    void Receive(Ptr<Socket> socket);

    Address m_peer;                        //!< Remote
    TypeId m_protocol;                     //!< Protocol
    uint32_t m_messageSize{0};             //!< MessageSize, m
    uint32_t m_iterations{0};              //!< Iterations
    uint32_t m_warmup{0};                  //!< Warmup
    Ptr<Socket> m_socket;                  //!< the connection
    uint32_t m_unsent{0};                  //!< bytes of the request not yet written
    uint32_t m_awaited{0};                 //!< bytes of the response not yet read
    Time m_sentAt;                         //!< start of the current exchange
    uint32_t m_completed{0};               //!< exchanges done
    Time m_measured;                       //!< sum of round trips after the warm-up
    TracedCallback<Time> m_roundTripTrace; //!< RoundTrip
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_PING_PONG_CLIENT_H
