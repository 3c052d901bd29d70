/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TCP_LINUX_RECOVERY_H
#define HYBRIDNET_TCP_LINUX_RECOVERY_H

#include "ns3/tcp-recovery-ops.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The congestion window in fast recovery as Linux 2.6 sets it: halved gradually,
 * one segment every second ACK, and never more than one segment above what is in flight.
 *
 * Read in Linux 2.6.11's net/ipv4/tcp_input.c (the release nearest the studies' 2.6.6 at
 * hand; from 2.6.13 each congestion module may set the floor of (1), min_cwnd, which the
 * Reno default keeps at ssthresh / 2).  With w = cwnd and F = the bytes in flight as
 * the socket counts them after this ACK (Linux's tcp_packets_in_flight: sent, less SACKed
 * or duplicate-ACKed, less marked lost, plus retransmitted), S = SMSS and c an ACK counter,
 * on every ACK in Recovery, including the one that enters it (tcp_cwnd_down):
 *
 *     (1)  c <- c + 1;  if c = 2 then (c <- 0; if w > ssthresh / 2 then w <- w - S)
 *     (2)  w <- max(S, min(w, F + S))
 *
 * and on the ACK that ends Recovery (tcp_complete_cwr, then tcp_moderate_cwnd in
 * tcp_try_to_open, tcp_max_burst = 3 in 2.6.11's include/net/tcp.h):
 *
 *     (3)  w <- min(w, ssthresh)
 *     (4)  w <- min(w, F + 3 S)
 *
 * c starts at 0 with each recovery.  By (2) a sender sends at most one segment per ACK,
 * and by (1) one less every second ACK: about one segment per two ACKs once w has met F
 * (Mathis' "rate halving"), so a window that lost one segment shrinks to about half in the
 * recovery's round trip without a pause and without a burst.  Several losses in one window
 * (a NewReno recovery of several round trips) take w on down by (1), to ssthresh / 2 at
 * least, and by (2) to what the network still holds; after (3) the sender slow-starts back
 * to ssthresh.  (4) keeps a cumulative ACK that covers much at once from releasing more than
 * three segments in a burst.
 *
 * **Departures from TcpClassicRecovery** (ns-3, RFC 6582 / RFC 6675): there, w = ssthresh
 * from the first ACK of the recovery and the send rule alone limits the sender, so the
 * whole reduction happens at once (a pause of half a window) and a sender whose F falls
 * below ssthresh - after several losses, or after the segments re-sent by a timed-out
 * marking - sends ssthresh - F at once.
 *
 * **What this class does not do** (the socket's part of Linux's state machine, outside
 * the TcpRecoveryOps interface): undo of a needless reduction (tcp_try_undo_*: needs D-SACK
 * or timestamps of retransmissions), and moderation in Disorder and Loss.  The socket calls
 * ExitRecovery after setting w = ssthresh (ns-3's TcpSocketBase does, and LfnTcpSocket
 * follows it), so (3) uses the w this class set last.
 *
 * Reference: M. Mathis, J. Semke, J. Mahdavi, K. Lahey, "The Rate-Halving Algorithm for TCP
 * Congestion Control", draft-mathis-tcp-ratehalving-00, 1999.
 */
class TcpLinuxRecovery : public TcpRecoveryOps
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpLinuxRecovery();
    /**
     * @brief Copy constructor (for Fork).
     * @param other the object to copy
     */
    TcpLinuxRecovery(const TcpLinuxRecovery& other);
    ~TcpLinuxRecovery() override;

    std::string GetName() const override;
    void EnterRecovery(Ptr<TcpSocketState> tcb,
                       uint32_t dupAckCount,
                       uint32_t unAckDataCount,
                       uint32_t deliveredBytes) override;
    void DoRecovery(Ptr<TcpSocketState> tcb, uint32_t deliveredBytes, bool isDupAck) override;
    void ExitRecovery(Ptr<TcpSocketState> tcb) override;
    Ptr<TcpRecoveryOps> Fork() override;

  private:
    /** (1) and (2) for one ACK. @param tcb the connection's state */
    void CwndDown(Ptr<TcpSocketState> tcb);

    uint32_t m_maxBurst{0}; //!< the 3 of (4), segments
    uint32_t m_ackCount{0}; //!< c of (1)
    uint32_t m_cwnd{0};     //!< w as (1)-(2) left it, bytes (the socket resets it before (3))
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TCP_LINUX_RECOVERY_H
