/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TCP_LINUX_UNDO_H
#define HYBRIDNET_TCP_LINUX_UNDO_H

#include <cstdint>
#include <optional>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Linux 2.4/2.6's undo of a fast recovery or a retransmission timeout that a late
 * segment shows to have been needless: what was taken for lost was only delayed (reordered,
 * or held by a delay spike), so the reduction of cwnd and ssthresh is taken back.
 * LfnTcpSocket consults it in the Recovery and Loss states.
 *
 * Sources: Linux 2.6.11 net/ipv4/tcp_input.c (tcp_packet_delayed, tcp_undo_cwr,
 * tcp_may_undo, tcp_try_undo_recovery, tcp_try_undo_partial, tcp_try_undo_loss,
 * tcp_moderate_cwnd, tcp_current_ssthresh, tcp_enter_loss, tcp_fastretrans_alert) and
 * net/ipv4/tcp_output.c (tcp_retransmit_skb: retrans_stamp, undo_retrans); Linux 2.4 has
 * the same rules.
 *
 * State: the marker u (set when a recovery or a timeout begins, cleared by a full undo),
 * the retransmissions n sent since (undo_retrans), the time stamp t_R of the first
 * retransmission since the last time nothing retransmitted was outstanding (retrans_stamp,
 * on the clock of the TCP time-stamp option; Linux clears it in Open, which it enters only
 * with no retransmission out, so it is cleared here when a recovery or timeout starts with
 * none out) and s_P, the ssthresh before the reduction (prior_ssthresh).  With c = cwnd in whole
 * segments:
 *
 *     (1)  s_P = max(ssthresh, (c/2 + c/4) SMSS)         when a recovery or a timeout reduces
 *                                                         ssthresh from Open or Disorder,
 *          s_P = ssthresh                                 from Recovery (tcp_current_ssthresh);
 *          a timeout sets u only if no outstanding segment was retransmitted, and n := 0
 *          (tcp_enter_loss, tcp_clear_retrans)
 *     (2)  delayed  iff  n = 0  or  the ACK echoes a time stamp e != 0 with e < t_R
 *                                                         (tcp_packet_delayed)
 *     (3)  may undo  iff  u is set  and  delayed          (tcp_may_undo: n = 0 is in (2))
 *     (4)  undo:  cwnd := max(cwnd, 2 ssthresh)  (max(cwnd, ssthresh) if s_P = 0);
 *                 with ssthresh:  ssthresh := max(ssthresh, s_P);
 *                 then cwnd := min(cwnd, pipe + 3 SMSS)   (tcp_undo_cwr, tcp_moderate_cwnd with
 *                                                          tcp_max_burst = reordering = 3)
 *
 * The socket applies (4) without ssthresh at a partial ACK (tcp_try_undo_partial: "the hole
 * is filled with a delayed packet, rather than with a retransmit"; such an ACK does not
 * mark the next segment lost either: "if the first packet was delayed, the rest ones are
 * most probably delayed as well"), and with ssthresh when Recovery ends or, without SACK,
 * is held at the recovery point (tcp_try_undo_recovery), which clears u.  After a timeout
 * (Loss), every ACK that (3) allows undoes with ssthresh, and the socket forgets its loss
 * marks, so go-back-N stops (tcp_try_undo_loss; with SACK the connection is Open again,
 * without it Loss lasts until the recovery point is acknowledged).  A segment
 * retransmitted because it was lost is acknowledged by an ACK echoing the retransmission's
 * time stamp, e >= t_R, so a real loss is never undone (with time stamps of 1 ms, a
 * segment sent in the same millisecond as the first retransmission does not count as
 * earlier).  Without time stamps only (2)'s n = 0 is left, which a recovery never meets
 * once it has retransmitted.
 *
 * Not modelled: the undo by D-SACK (the receiver sends no D-SACK) and the reordering
 * metric Linux raises on an undo (tcp_update_reordering: DupThresh stays).
 */
class TcpLinuxUndo
{
  public:
    /**
     * A recovery begins, (1).
     * @param priorSsthresh s_P in bytes (0: the recovery did not start from Open or Disorder)
     * @param retransmissionsOut retransmitted segments still outstanding (Linux's
     *        retrans_out, the start of n; none: t_R is cleared)
     */
    void Start(uint32_t priorSsthresh, uint32_t retransmissionsOut);

    /**
     * A retransmission timeout, (1).
     * @param priorSsthresh s_P in bytes, if the timeout reduces ssthresh (none: s_P kept)
     * @param retransmittedOut an outstanding segment was retransmitted (u stays unset, t_R
     *        is kept; otherwise t_R is cleared)
     */
    void StartLoss(std::optional<uint32_t> priorSsthresh, bool retransmittedOut);

    /**
     * A segment was retransmitted: n grows, and the first sets t_R.
     * @param timestamp its TSval (the time-stamp option's clock)
     */
    void Retransmitted(uint32_t timestamp);

    /**
     * (3) for the ACK being processed.
     * @param echo the time stamp it echoes (none: no time-stamp option)
     * @return true if the reduction may be undone
     */
    bool MayUndo(std::optional<uint32_t> echo) const;

    /** cwnd and ssthresh, bytes. */
    struct Window
    {
        uint32_t cwnd;     //!< congestion window
        uint32_t ssThresh; //!< slow-start threshold
    };

    /**
     * (4).
     * @param now cwnd and ssthresh before
     * @param pipe the bytes in flight (Linux's tcp_packets_in_flight)
     * @param smss the sender's MSS (bytes)
     * @param withSsthresh restore ssthresh too (a full undo; it clears u)
     * @return cwnd and ssthresh after
     */
    Window Undo(Window now, uint32_t pipe, uint32_t smss, bool withSsthresh);

    /**
     * (1)'s s_P for the state now.
     * @param now cwnd and ssthresh
     * @param smss the sender's MSS (bytes)
     * @return max(ssthresh, (c/2 + c/4) SMSS)
     */
    static uint32_t CurrentSsthresh(Window now, uint32_t smss);

  private:
    bool m_marker{false};                   //!< u is set
    uint32_t m_retransmissions{0};          //!< n
    std::optional<uint32_t> m_firstStamp{}; //!< t_R
    uint32_t m_priorSsthresh{0};            //!< s_P, bytes
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TCP_LINUX_UNDO_H
