/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TCP_PRR_RECOVERY_RFC6937_H
#define HYBRIDNET_TCP_PRR_RECOVERY_RFC6937_H

#include "ns3/tcp-recovery-ops.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Proportional Rate Reduction (PRR) as RFC 6937 specifies it: in fast recovery the
 * sender sends in proportion to what the receiver reports delivered, so that what is in
 * flight falls smoothly from the window before the loss to ssthresh over one round trip,
 * and rises back to ssthresh (slow start, bounded) when losses took it below.
 *
 * With S = SMSS, pipe = m_bytesInFlight as the socket sets it before each call (RFC 6675
 * pipe, counted after the socket has marked what is lost) and ssthresh as the congestion
 * op set it on entering, on the ACK that enters Recovery (EnterRecovery; RFC 6937
 * section 3, "at the beginning of recovery"):
 *
 *     (1)  prr_delivered <- 0;  prr_out <- 0;  RecoverFS <- snd.nxt - snd.una
 *
 * RecoverFS is FlightSize, the unAckDataCount argument (LfnTcpSocket passes its
 * scoreboard's outstanding bytes, SACKed ones included; TcpSocketBase its UnAckDataCount),
 * never below one S (it is a divisor).  Then on every ACK in Recovery, the entering one
 * first (EnterRecovery, DoRecovery; section 3, "on every ACK during recovery"), with d
 * the deliveredBytes argument and E the bytes estimated delivered by duplicate ACKs not
 * yet covered by snd.una (section 3: without SACK, DeliveredData is one S per duplicate
 * ACK, and a partial or full ACK's change in snd.una less one S per duplicate ACK before
 * it):
 *
 *     (2a) a duplicate ACK with d = 0 (no SACK):  D = S;  E <- E + S
 *     (2b) any other ACK:  D = d - min(E, d);  E <- E - min(E, d)
 *     (3)  prr_delivered <- prr_delivered + D
 *     (4)  pipe > ssthresh:   sndcnt = S ceil(prr_delivered ssthresh / (S RecoverFS)) - prr_out
 *     (5)  pipe <= ssthresh:  sndcnt = min(ssthresh - pipe, limit),
 *            limit = max(prr_delivered - prr_out, D) + S    (PRR-SSRB, the default)
 *            limit = prr_delivered - prr_out                 (PRR-CRB)
 *     (6)  cwnd = pipe + max(sndcnt, 0)
 *
 * and on every segment sent or re-sent in Recovery (UpdateBytesSent):
 *
 *     (7)  prr_out <- prr_out + bytes sent
 *
 * With SACK E stays 0 and D is d as the socket passes it: the bytes newly SACKed plus
 * those newly cumulatively acknowledged (RFC 6937's change_in(snd.una) +
 * change_in(SACKd)).  When the entering ACK delivered d = 0 (no SACK), E starts at
 * (dupAckCount - 1) S, the run's earlier duplicate ACKs, and (2a) adds the entering one.
 * One loss in a window of W segments, ssthresh W / 2, sends one segment per two
 * ACKs by (4) (RFC 6937 section 3.1, the first example); a burst of losses that leaves
 * pipe below ssthresh sends by (5) one segment per ACK delivered with CRB (packet
 * conservation) and one more per ACK with SSRB (slow start), until pipe reaches ssthresh.
 * The socket sets cwnd = ssthresh when Recovery ends (LfnTcpSocket and TcpSocketBase do,
 * before ExitRecovery); ExitRecovery leaves it.
 *
 * **Where this departs from the RFC's text, and why**:
 * - (4) rounds up to whole segments, not bytes.  The RFC's examples count in segments and
 *   Linux counts packets (tcp_cwnd_reduction); in bytes, the first ACK of a halving would
 *   allow half a segment, which a sender of whole segments does not send (silly-window
 *   avoidance holds new data), and every send would come one ACK late.
 * - (2a) needs to know that SACK is off, which ns-3 3.44's TcpSocketState does not say; a
 *   duplicate ACK that delivered nothing is taken as one without SACK (both hosting sockets
 *   count a duplicate ACK with SACK only when it SACKs new data, so d > 0).
 * - A negative sndcnt sends nothing (6).  The fast retransmission is the socket's: both
 *   sockets retransmit the head after EnterRecovery whatever cwnd allows, and count it in
 *   prr_out by (7).  RFC 9937 (2025), which obsoletes RFC 6937, changes the bound (SSRB
 *   only on ACKs that advance snd.una without a new loss), forces a first segment, and
 *   refines RecoverFS with SACK terms: none of that is here.
 *
 * **Why a class of our own**: ns-3's TcpPrrRecovery (3.44 to 3.48) adds one S per
 * duplicate ACK to DeliveredData with SACK too, counting delivered data twice (ns-3 issue
 * #1350), and takes RecoverFS from pipe, not FlightSize (#1351).  Both inflate the
 * proportional part: with one loss in 20 segments (ssthresh 10) it sends 15 segments on
 * the recovery's 17 ACKs instead of 10, and pipe ends at 15, not at ssthresh.  It also uses CRB
 * unless a retransmission was cumulatively acknowledged (an approximation of a later draft), skips
 * ACKs that deliver nothing, and rounds in bytes.  The fixes are on ns-3's development
 * branch, in no release yet.
 *
 * Reference: M. Mathis, N. Dukkipati, Y. Cheng, "Proportional Rate Reduction for TCP",
 * RFC 6937, May 2013.
 */
class TcpPrrRecoveryRfc6937 : public TcpRecoveryOps
{
  public:
    /** The reduction bound of (5) while pipe <= ssthresh. */
    enum class ReductionBound
    {
        SSRB, //!< Slow Start Reduction Bound: limit = max(prr_delivered - prr_out, D) + S
        CRB   //!< Conservative Reduction Bound: limit = prr_delivered - prr_out
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpPrrRecoveryRfc6937();
    /**
     * @brief Copy constructor (for Fork).
     * @param other the object to copy
     */
    TcpPrrRecoveryRfc6937(const TcpPrrRecoveryRfc6937& other);
    ~TcpPrrRecoveryRfc6937() override;

    std::string GetName() const override;
    void EnterRecovery(Ptr<TcpSocketState> tcb,
                       uint32_t dupAckCount,
                       uint32_t unAckDataCount,
                       uint32_t deliveredBytes) override;
    void DoRecovery(Ptr<TcpSocketState> tcb, uint32_t deliveredBytes, bool isDupAck) override;
    void ExitRecovery(Ptr<TcpSocketState> tcb) override;
    void UpdateBytesSent(uint32_t bytesSent) override;
    Ptr<TcpRecoveryOps> Fork() override;

  private:
    /**
     * (2)-(6) for one ACK.
     * @param tcb the connection's state
     * @param deliveredBytes d, as the socket passes it
     * @param isDupAck whether the socket counts the ACK as a duplicate
     */
    void OnAck(Ptr<TcpSocketState> tcb, uint32_t deliveredBytes, bool isDupAck);

    ReductionBound m_bound;       //!< the bound of (5), from the attribute
    uint64_t m_prrDelivered{0};   //!< prr_delivered of (1)-(5), bytes
    uint64_t m_prrOut{0};         //!< prr_out of (1), (4), (5), (7), bytes
    uint64_t m_recoverFs{1};      //!< RecoverFS of (1), bytes
    uint64_t m_dupAckEstimate{0}; //!< E of (2), bytes
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TCP_PRR_RECOVERY_RFC6937_H
