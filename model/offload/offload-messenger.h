/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_OFFLOAD_MESSENGER_H
#define HYBRIDNET_OFFLOAD_MESSENGER_H

#include "offload-message.h"

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/inet-socket-address.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <map>
#include <set>
#include <utility>

namespace ns3
{

class Node;
class Socket;

namespace hybridnet
{

/**
 * @brief The reliable datagram layer that the offload daemons (EndpointDaemon,
 * PipeFittingDaemon) share: OffloadMessages over one UDP socket, acknowledged,
 * retransmitted and de-duplicated.
 *
 * Rules (T = RetransmitTimeout, N = MaxRetransmits, both set by the owning daemon):
 *
 * - (R1) Every message but ACK gets the next sequence number of this messenger
 *   (1, 2, 3, ...: one counter per sender, for all its peers) and is sent at t_0; if no
 *   `ACK <seq>` has come from the destination's address by t_0 + k T it is sent again
 *   (k = 1..N), unchanged.  With no ACK by
 *
 *       (1) t_giveup = t_0 + (N + 1) T
 *
 *   the messenger gives up: the owner's GiveUp callback declares the peer unreachable.
 * - (R2) A received message other than ACK is answered at once by `ACK <seq>` to its
 *   source address and port.  It is handed to the owner only the first time its
 *   (source address, source port, seq) is seen; a duplicate (a retransmission whose ACK was lost)
 * is re-acknowledged and traced as such, not delivered again.  The last DuplicateMemory sequence
 * numbers of each source are remembered (older ones are forgotten: a sender retransmits for (N + 1)
 * T only, and every sender numbers its messages in order).
 * - (R3) An ACK ends the retransmission of its message; an ACK for nothing pending is
 *   ignored.  A datagram that is not exactly a message (OffloadMessage::Parse) is dropped
 *   and traced (Malformed).
 *
 * Why a class of its own: both daemons need exactly these rules; neither ns-3 nor the
 * study's XML daemons give a reliable datagram service on UDP.
 */
class OffloadMessenger : public Object
{
  public:
    /**
     * A message delivered to the owner (R2), or given up on (R1).
     * @param message the message
     * @param peer its source (delivery) or destination (give-up)
     */
    typedef Callback<void, const OffloadMessage&, const InetSocketAddress&> MessageCallback;

    /**
     * TracedCallback signature of Tx.
     * @param peer destination address
     * @param text the datagram's text
     * @param retransmission true for the 2nd..(N+1)th copy of (R1)
     */
    typedef void (*TxTracedCallback)(Ipv4Address peer, std::string text, bool retransmission);

    /**
     * TracedCallback signature of Rx.
     * @param peer source address
     * @param text the datagram's text
     * @param duplicate true if it was seen before (R2) and not delivered
     */
    typedef void (*RxTracedCallback)(Ipv4Address peer, std::string text, bool duplicate);

    /**
     * TracedCallback signature of GiveUp and Malformed.
     * @param peer destination (GiveUp) or source (Malformed) address
     * @param text the message given up on, or the malformed datagram's text
     */
    typedef void (*PeerTextTracedCallback)(Ipv4Address peer, std::string text);

    static TypeId GetTypeId();
    OffloadMessenger();
    ~OffloadMessenger() override;

    /**
     * Bind a UDP socket to @p port on @p node and start receiving.
     * @param node a node with an internet stack
     * @param port the local UDP port
     * @param retransmitTimeout T of (1), > 0
     * @param maxRetransmits N of (1)
     * @param deliver receives every new message but ACKs (R2)
     * @param giveUp receives every message given up on (R1)
     */
    void Open(Ptr<Node> node,
              uint16_t port,
              Time retransmitTimeout,
              uint32_t maxRetransmits,
              MessageCallback deliver,
              MessageCallback giveUp);

    /** Close the socket and stop every retransmission (nothing is given up). */
    void Close();

    /** @return whether the socket is open */
    bool IsOpen() const;

    /**
     * Send a message reliably (R1); its seq is assigned here.
     * @param message the message (not an ACK)
     * @param peer the destination address and port
     * @return the sequence number assigned
     */
    uint32_t Send(OffloadMessage message, const InetSocketAddress& peer);

    /**
     * Stop retransmitting every pending message to @p peer's address that concerns
     * @p flow (nothing is given up).
     * @param peer the destination address
     * @param flow the flow of the messages
     */
    void Cancel(Ipv4Address peer, const FlowKey& flow);

    /** @return messages sent and not yet acknowledged nor given up on */
    uint32_t GetPending() const;

  protected:
    void DoDispose() override;

  private:
    /** A message waiting for its ACK. */
    struct Pending
    {
        OffloadMessage message;  //!< the message
        InetSocketAddress peer;  //!< its destination
        uint32_t retransmits{0}; //!< copies sent after the first
        EventId timer;           //!< next retransmission or give-up
    };

    /** @param socket the socket with data */
    void HandleRead(Ptr<Socket> socket);
    /**
     * Put one datagram on the wire and trace it.
     * @param message the message
     * @param peer its destination
     * @param retransmission whether it is a copy
     */
    void Transmit(const OffloadMessage& message,
                  const InetSocketAddress& peer,
                  bool retransmission);
    /** @param seq the message whose timer expired */
    void Timeout(uint32_t seq);

    Time m_rto;                            //!< T of (1)
    uint32_t m_maxRetransmits{0};          //!< N of (1)
    uint32_t m_duplicateMemory{0};         //!< DuplicateMemory
    MessageCallback m_deliver;             //!< owner's delivery
    MessageCallback m_giveUp;              //!< owner's give-up
    Ptr<Socket> m_socket;                  //!< the UDP socket
    uint32_t m_nextSeq{1};                 //!< next seq of (R1)
    std::map<uint32_t, Pending> m_pending; //!< by seq
    /** (R2): seqs seen, by source (address, port) */
    std::map<std::pair<uint32_t, uint16_t>, std::set<uint32_t>> m_seen;
    TracedCallback<Ipv4Address, std::string, bool> m_txTrace;  //!< Tx
    TracedCallback<Ipv4Address, std::string, bool> m_rxTrace;  //!< Rx
    TracedCallback<Ipv4Address, std::string> m_giveUpTrace;    //!< GiveUp
    TracedCallback<Ipv4Address, std::string> m_malformedTrace; //!< Malformed
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_OFFLOAD_MESSENGER_H
