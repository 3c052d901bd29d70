/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_SDP_CREDITS_H
#define HYBRIDNET_SDP_CREDITS_H

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief One end of an SDP connection's credit-based flow control: the BSDH's Bufs, MSeq
 * and MSeqAck (OFED 1.4 sdp_bcopy.c: sdp_post_send fills them, sdp_handle_recv reads them,
 * sdp_post_sends decides what may go; sdp.h SDP_MIN_BUFS, SDP_TX_SIZE).
 *
 * A credit is one private receive buffer the peer has posted. At connection set-up each end
 * holds the count the other advertised in its Hello or HelloAck:
 *
 *     (1) credits = R_peer,  r = R_own
 *
 * (r: the credits the peer holds as far as this end knows). Each message sent carries
 * Bufs = posted (the buffers this end has posted now), MSeq = its sequence number (1, 2, ...)
 * and MSeqAck = the MSeq of the last message received; it uses one credit and sets
 * r = posted. Each message received uses one posted buffer, decrements r and sets
 *
 *     (3) credits = max(0, Bufs - (MSeq_last_sent - MSeqAck))
 *
 * (the buffers the peer had posted, less this end's messages it had not yet seen). A message
 * with payload may be sent when
 *
 *     (4) credits > K  and  in flight < S       (K = SDP_MIN_BUFS, S = SDP_TX_SIZE)
 *
 * a control message (DISCONN) when credits >= 1 and in flight < S, and a credit update
 * (an empty DATA message) is due when
 *
 *     (5) c < posted  and  credits > 1  and  in flight < S,   c = r if r <= K, else 2 r.
 *
 * MSeq is 32 bits and wraps (unsigned arithmetic in (3)).
 */
class SdpCredits
{
  public:
    /** The flow-control fields of one BSDH. */
    struct Bsdh
    {
        uint32_t bufs{0};    //!< Bufs: receive buffers posted by the sender
        uint32_t mseq{0};    //!< MSeq
        uint32_t mseqAck{0}; //!< MSeqAck
    };

    /**
     * @param minBufs K of (4), (5)
     * @param sendRing S of (4), (5)
     */
    SdpCredits(uint32_t minBufs, uint32_t sendRing);

    /**
     * Connection set-up, (1).
     * @param peerPosted the buffers the peer advertised (its Hello / HelloAck)
     * @param advertised the buffers this end advertised
     */
    void Start(uint32_t peerPosted, uint32_t advertised);
    /** A private receive buffer has been posted. */
    void BufferPosted();

    /**
     * A message is posted: one credit used. Requires credits >= 1.
     * @return the fields of its BSDH
     */
    Bsdh Sent();
    /** A message's SEND completed. */
    void Completed();
    /**
     * A message arrived in a posted buffer, (3).
     * @param bsdh its fields
     */
    void Received(const Bsdh& bsdh);

    /** @return whether a message with payload may go, (4) */
    bool CanSendData() const;
    /** @return whether a control message may go */
    bool CanSendControl() const;
    /** @return whether a credit update is due, (5) */
    bool CreditUpdateNeeded() const;

    /** @return credits held */
    uint32_t GetCredits() const;
    /** @return receive buffers posted */
    uint32_t GetPosted() const;
    /** @return messages posted and not completed */
    uint32_t GetInFlight() const;

  private:
    uint32_t m_minBufs;          //!< K
    uint32_t m_sendRing;         //!< S
    uint32_t m_credits{0};       //!< credits
    uint32_t m_remoteCredits{0}; //!< r
    uint32_t m_posted{0};        //!< posted
    uint32_t m_inFlight{0};      //!< in flight
    uint32_t m_mseq{0};          //!< MSeq of the last message sent
    uint32_t m_mseqAck{0};       //!< MSeq of the last message received
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_SDP_CREDITS_H
