/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_ROUND_TCP_FLOW_H
#define HYBRIDNET_ROUND_TCP_FLOW_H

#include "round-tcp-bottleneck.h"

#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-recovery-ops.h"
#include "ns3/tcp-socket-state.h"
#include "ns3/traced-callback.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The path of a round-level flow: one drop-tail bottleneck behind the sender's
 * access link.
 *
 *     (1) tau = 8 s_w / C      bottleneck time per full segment (s_w: its wire bytes)
 *         R0  = R_p + tau      round trip of a lone segment (R_p: propagation, both ways)
 *         P   = R0 / tau       segments in flight with an empty queue (the pipe)
 *
 * The ACKs' own serialisation and the access links' store and forward are left out (a few
 * microseconds against round trips of milliseconds).
 */
struct RoundTcpPath
{
    DataRate bottleneck;   //!< C, the bottleneck's rate
    DataRate access;       //!< C_a, the sender's link rate (the fastest a burst can arrive)
    Time propagation;      //!< R_p, the round trip's propagation delay
    uint32_t wireBytes{0}; //!< s_w, a full segment's bytes on the bottleneck's wire
    uint32_t queue{0};     //!< B, the bottleneck's queue in packets

    /** @return tau of (1) */
    Time SegmentTime() const;
    /** @return R0 of (1) */
    Time BaseRtt() const;
    /** @return P of (1), in segments */
    double Pipe() const;
};

/**
 * @brief One bulk TCP flow over a RoundTcpPath, one step per round trip: the round-level
 * fidelity of the WAN scenarios, which runs the same congestion-control objects as packet
 * level (any ns3::TcpCongestionOps: ns-3's and the congestion module's) through their
 * interface, so no algorithm is written twice.
 *
 * **A round.** The first round leaves R_p after Start, the SYN and SYN-ACK's round trip
 * (0). Round k sends the window
 *
 *     (2) w_k = max(1, floor(min(cwnd, W_max) / S))     segments (S: payload per segment;
 *                                                       W_max: the send buffer's and the
 *                                                       receiver's window, bytes)
 *
 * ACK-clocked: what the last round still has in flight when this one's first segment is
 * sent is queued beyond the pipe, and the round arrives at the bottleneck at g times its
 * rate - the rate of the last round's ACKs that sent it times the segments each released -
 * at most the access link's; it leaves at its own rate once the queue before it has
 * drained, at the bottleneck's while one is left:
 *
 *     (3) v_k = w_{k-1} - c_k                 in flight (c_k: the last round's segments
 *                                             acknowledged before round k's first is sent)
 *         q_k = min(B, max(0, v_k - P))       standing queue (one flow)
 *         g_k = min(w_k d_{k-1} / s_k, C_a / C)   arrival rate over C (s_k: the last round's
 *                                             segments over whose ACKs round k was sent;
 *                                             the first round, and after a timeout, C_a / C)
 *         d_k = 1 if w_k / g_k - q_k <= w_k, else max(w_k / P, w_k / (w_k / g_k - q_k))
 *                                             departure rate over C (d_0 = 1)
 *         Q_k = q_k + w_k max(0, 1 - 1 / g_k) peak queue
 *         o_k = max(0, ceil(Q_k - B))         drop-tail overflow
 *
 * (in congestion avoidance, growth one segment: Q_k = q_k + 1, so the first overflow comes
 * when w exceeds P + B; in slow start, g = 2 or 1.5, the burst overflows a queue B once
 * w (1 - 1/g) > B, long before the window reaches the pipe; a recovery's round, one
 * segment per two ACKs, leaves at about half the rate, so the slow start back to ssthresh
 * after it arrives at about 1.5 / 2 and builds no queue; the ACK that ends a recovery
 * with nothing in flight releases a window at once, g = C_a / C, into an empty queue,
 * v = 0.) **Flows that share the bottleneck** (SetBottleneck) take q_k from
 * RoundTcpBottleneck (6) instead, for the others' windows in flight and this one's v_k,
 * at a moment of the round drawn uniformly (where its growth arrives; the others' windows
 * change during the round, and alone nothing does, so a lone flow decides at the start),
 * and put their own burst on top of it: a flow whose growth meets a full queue loses, as in (3);
 * outside recovery (whose rounds send the reduced window, the room the others' excess needs) it
 * also loses its share of windows the full queue cannot hold, RoundTcpBottleneck (7). From that
 * moment the bottleneck counts the round's arriving segments as its window. The a_k = w_k - o_k
 * segments that pass the bottleneck arrive, and the loss injection drops l_k of them (the receive
 * path's LossInjector: every N-th arriving segment after an offset, or each with
 * probability p, one draw per arriving segment in order from the flow's stream as the
 * injector draws per packet, so that with the same stream both fidelities drop the same
 * arrivals; retransmissions count). The round lasts as long as the bottleneck is busy
 * with it, at least the empty path's round trip, and its segments see the standing queue:
 *
 *     (4) T_k = max(R0 + q'_k tau, a_k tau),    rtt_k = R0 + q_k tau
 *
 * (q'_k: the standing queue with the round's a_k in place of v_k; alone, T_k = max(R0,
 * a_k tau).)
 *
 * **Growth.** Without loss the a_k segments are acknowledged by floor((a_k + h) / d) ACKs
 * (d = DelAckCount), each covering d, h the segments the last round left unacknowledged:
 * the receiver's delayed ACK holds the (a_k + h) mod d left over for the next round's
 * first segment, which comes within DelAckTimeout when R0 is shorter (else the timer
 * acknowledges them at the round's end, and h = 0): for each ACK, PktsAcked(tcb, n, r_i)
 * with the round trip of its i-th segment, the queue it met - the standing queue and the
 * round's burst before it -
 *
 *    (4b) r_i = R0 + min(B, q_k + i max(0, 1 - 1 / g_k)) tau
 *
 * (delay-based and RTT-ratio algorithms - FAST, HSTCP-LP, H-TCP's backoff - see the
 * queue a slow-start burst builds within a round), and, if the window limits the sender
 * (cwnd <= W_max: TcpSocketState::m_isCwndLimited, as Linux's tcp_is_cwnd_limited and
 * LfnTcpSocket), IncreaseWindow(tcb, n) - ACK by ACK as packet level calls them, so
 * ACK-counting and segment-counting algorithms differ as they should. The calls come at
 * the round's end (one event per round), so an algorithm that reads Simulator::Now()
 * (H-TCP, CUBIC) sees the round's time, all ACKs of a round at once.
 *
 * **Loss.** In a round with L = o_k + l_k > 0 losses the segments before the first loss
 * are acknowledged first, with growth, as their ACKs come before the duplicates:
 *
 *     (5) n_k = min(w_k - o_k g_k / (g_k - 1), i_k)      (w_k - o_k if g_k <= 1)
 *
 * (the burst's drops are spread over its tail, every g/(g - 1)-th segment once the queue is
 * full; i_k is the first injected drop's place among the arrivals). With at least three
 * duplicate ACKs (dupthresh) - one per arriving segment of the round (the segments the
 * first ACKs release arrive after the hole too) and one per segment that limited transmit
 * (RFC 3042, LfnTcpSocket's default) sends on the first two, at most two and within
 * W_max - it enters fast recovery; with fewer it times out (below).
 *
 * **Recovery, ACK by ACK.** From the first loss on, the round's ACKs are played one by one
 * to the flow's recovery algorithm (any ns3::TcpRecoveryOps: ns-3's classic, the congestion
 * module's Linux rate halving or PRR; SetRecovery) as a socket plays them, with the
 * segments in flight counted as a SACK sender counts them (RFC 6675's pipe, Linux's
 * tcp_packets_in_flight):
 *
 *     (8) F <- F - 1 per duplicate ACK;  F <- F - h when h holes are marked lost
 *         (all L with SACK, the head alone without: NewReno marks one per partial ACK)
 *     (9) after every ACK the sender sends s = min(cwnd / S, W_max / S) - F segments
 *         (F <- F + s), the holes marked lost first,
 *    (10) and new data only up to snd_una + W_max (the receiver's right edge,
 *         LfnTcpSocket (2a)): in recovery, at most W_max / S - E new segments, E those
 *         from the first hole on; snd_una reaches a later round's new holes only when
 *         the retransmission sent before them has arrived
 *
 * (so a window-limited flow, W_max = the window, sends nothing new in a recovery: F
 * drains with the duplicate ACKs, and Linux's rate halving, cwnd <= F + S, follows it
 * down to a few segments, from which the flow slow-starts when the recovery ends - as
 * LfnTcpSocket and Linux 2.6 do).
 *
 * The third duplicate ACK enters recovery: CongestionStateSet(CA_RECOVERY), ssthresh =
 * GetSsThresh(tcb, F S), the ops' EnterRecovery, the first hole sent again whatever cwnd;
 * every later duplicate ACK calls DoRecovery, every send UpdateBytesSent. The segments sent
 * in answer to a round's ACKs are the next round (its w_k); in recovery their order is
 * kept, so the next round's ACKs are duplicates up to the last hole's retransmission, whose
 * ACK - if no hole is left - ends the recovery: cwnd = ssthresh and the ops' ExitRecovery
 * (with F the segments sent after it: Linux's min(cwnd, ssthresh, F + 3 S)), CA_OPEN, and
 * the window grows by the segments this cumulative ACK covers (PktsAcked, IncreaseWindow),
 * as on packets; the round's later ACKs are ordinary ones. A hole left (NewReno, or a
 * retransmission or older segment lost) keeps the recovery - without SACK, once it has
 * lasted the RTO of (12), every hole is marked lost and sent again (Linux's "Trick #3",
 * LfnTcpSocket (8b)); a loss after that ACK begins another, a second reduction. A round
 * that leaves nothing to send and holes only in flight waits for the retransmission
 * timeout (below).
 *
 * **Local congestion.** One ACK that releases more segments than the sender's own queue
 * holds (LocalQueue: its qdisc, 1000 packets on the WAN scenarios' bare ends) sends the
 * queue's worth and enters CWR as Linux's tcp_enter_cwr (LfnTcpSocket (14)): ssthresh =
 * GetSsThresh(tcb, F S), the ops' EnterRecovery; its ACKs call DoRecovery without growth
 * until one beyond the last segment then sent completes it (ExitRecovery,
 * CA_EVENT_COMPLETE_CWR). Only a cumulative ACK that covers much - the one that ends a
 * recovery and slow-starts a window below ssthresh - releases such a burst.
 *
 * **Timeouts.** The timer is the sockets': every ACK's round trip r_i of (4b) updates
 *
 *    (11) rttvar <- rttvar + (|srtt - r_i| - rttvar) / 4,  srtt <- srtt + (r_i - srtt) / 8
 *         (RFC 6298, LfnTcpSocket's estimator; the handshake's R0 first: srtt = R0,
 *         rttvar = R0 / 2)
 *    (12) RTO = max(MinRto, srtt + 4 rttvar)      RtoFormula rfc6298 (LfnTcpSocket's and
 *                                                 ns-3's default)
 *         RTO = srtt + max(4 rttvar, MinRto)      RtoFormula linux (Linux 2.4/2.6)
 *
 * (the WAN scenarios take both from the bare ends' socket). A round with fewer than three
 * duplicate ACKs times out after the RTO: CongestionStateSet(CA_LOSS), ssthresh =
 * GetSsThresh(tcb, w_k S), cwnd = one segment, and the lost segments are sent again first,
 * in slow start; a round after a timeout with fewer than three duplicate ACKs times out
 * again after twice the wait (the backoff, at most 120 s). So does a recovery whose first
 * hole's retransmission is lost again, once that hole has waited an RTO. And the timer
 * restarted with the recovery's first retransmission fires before its ACK comes back when
 * its round trip - the queue it met at its place j in the next round, (4b) - exceeds the
 * RTO the socket had when it sent it:
 *
 *    (13) r_j > RTO:  the ACKs of the last (r_j - RTO) / tau segments ahead of it have not
 *         come either; after the others' duplicate ACKs, CA_LOSS with ssthresh =
 *         GetSsThresh(tcb, F S), F what is then in flight, cwnd one segment
 *
 * (RFC 6298's timer on a long path, where rttvar is a fraction of a millisecond, fires
 * behind any queue that grew within a round; Linux's waits 200 ms more). The retransmission
 * and the rest of that round still arrive: the flow slow-starts at once, its holes sent
 * again first.
 *
 * **Delivered bytes** are the segments that arrived new (retransmissions not counted), S
 * each; within a round they are taken to arrive evenly, so GetBytesDelivered() at any time
 * interpolates the round in progress.
 *
 * **Left out, each a source of error that the cross-validation against packet level
 * measures**: the shape of a round's train (g_k is its mean: one ACK's burst within a
 * round otherwise spread over the ACK clock is averaged over it), the receiver's
 * window growth and autotuning (W_max is fixed), Linux's undo, the go-back-N after a
 * timeout of (13) (packet level sends again segments still queued, thousands on a long
 * path, which cost the bottleneck's time), the ACKs' own losses, where
 * in a window its holes lie (all are marked at the third duplicate ACK; the queue's drops
 * reach the end of their round; the recovery's last ACK covers from the last hole, partial
 * ACKs grow nothing); with a shared bottleneck, the queue's changes between the flows'
 * moments, and which flow's segments a full queue drops beyond (3) and RoundTcpBottleneck
 * (7) (packet level's losses are less synchronised between flows of unequal round trips:
 * docs/modules/tcp.md).
 */
class RoundTcpFlow : public Object
{
  public:
    static TypeId GetTypeId();
    RoundTcpFlow();
    ~RoundTcpFlow() override;

    /** The retransmission timeout's formula, (12). */
    enum RtoFormula
    {
        RFC6298_RTO, //!< max(MinRto, srtt + 4 rttvar)
        LINUX_RTO,   //!< srtt + max(4 rttvar, MinRto)
    };

    /**
     * TracedCallback signature of the "Round" trace: a round has ended.
     * @param rtt the round's rtt_k of (4)
     * @param cwnd the congestion window after the round, bytes
     * @param ssThresh the slow-start threshold after the round, bytes
     * @param delivered the bytes delivered so far
     */
    typedef void (*RoundTracedCallback)(Time rtt,
                                        uint32_t cwnd,
                                        uint32_t ssThresh,
                                        uint64_t delivered);

    /** @param path the path; set before Start */
    void SetPath(const RoundTcpPath& path);
    /**
     * Share a bottleneck with other flows (before Start; without, the flow has its own).
     * @param bottleneck the bottleneck; its rate, queue and wire bytes those of the path
     */
    void SetBottleneck(Ptr<RoundTcpBottleneck> bottleneck);
    /** @param congestion the algorithm (not shared with another flow) */
    void SetCongestionControl(Ptr<TcpCongestionOps> congestion);
    /**
     * @param recovery the recovery algorithm (not shared with another flow); without one,
     *        ns-3's TcpClassicRecovery
     */
    void SetRecovery(Ptr<TcpRecoveryOps> recovery);
    /**
     * Connect at @p start: the first round leaves R_p later (0).
     * @param start when
     */
    void Start(Time start);
    /**
     * Assign fixed random-variable streams (random loss; the phase of a round's losses on a
     * shared bottleneck).
     * @param stream first stream index
     * @return the number of streams used (2)
     */
    int64_t AssignStreams(int64_t stream);

    /** @return the payload bytes that arrived new, up to now (interpolated in a round) */
    uint64_t GetBytesDelivered() const;
    /** @return the rounds completed */
    uint64_t GetRounds() const;
    /** @return the fast recoveries entered */
    uint32_t GetRecoveries() const;
    /** @return the retransmission timeouts */
    uint32_t GetTimeouts() const;
    /** @return the segments sent again */
    uint64_t GetRetransmits() const;
    /** @return the segments the bottleneck's queue dropped */
    uint64_t GetOverflowDrops() const;
    /** @return the segments the loss injection dropped */
    uint64_t GetInjectedDrops() const;
    /** @return the bursts the sender's own queue could not hold (entries into CWR or not) */
    uint32_t GetSendStalls() const;
    /** @return the congestion window, bytes */
    uint32_t GetCongestionWindow() const;
    /** @return the slow-start threshold, bytes */
    uint32_t GetSlowStartThreshold() const;
    /** @return the congestion state (open, recovery, loss) */
    TcpSocketState::TcpCongState_t GetCongestionState() const;
    /**
     * @return the bytes in flight as the sender counts them, F S of (8) at the round's start:
     *         the round's segments, with the holes not yet known (without SACK) and a
     *         segment whose ACK the receiver delays (0 while waiting for a timeout)
     */
    uint32_t GetBytesInFlight() const;
    /** @return the smoothed round trip (srtt = 7/8 srtt + 1/8 rtt_k per round) */
    Time GetSmoothedRtt() const;

  private:
    /** One round's numbers, from (2)-(4). */
    struct RoundPlan
    {
        uint32_t sent{0};          //!< w_k (or a recovery round's segments)
        uint32_t overflow{0};      //!< o_k
        uint32_t injected{0};      //!< l_k
        uint32_t retransmits{0};   //!< segments of the round sent again
        uint32_t beforeLoss{0};    //!< segments acknowledged before the first loss (5)
        uint32_t afterLastLoss{0}; //!< segments that arrived after the last loss
        uint64_t first{0};         //!< sends before the round's first segment (its place)
        double standing{0};        //!< q_k, the queue its first segment meets
        double rise{0};            //!< max(0, 1 - 1 / g_k): the queue's growth per segment
        double burst{0};           //!< g_k
        Time rtt;                  //!< rtt_k
        Time duration;             //!< T_k
    };

    void DoDispose() override;
    /** Send what the window allows from nothing in flight (the first round, a timeout). */
    void SendFromIdle();
    /** Begin the round of the segments sent in answer to the last one's ACKs. */
    void StartRound();
    void EndRound();
    /**
     * @param segments the round's w_k
     * @return its plan from (3) and (4) without its losses (its duration with the overflow
     *         of the queue at its start)
     */
    RoundPlan Plan(uint32_t segments) const;
    /**
     * @param segments the round's w_k
     * @param standing the queue it meets, q_k
     * @return o_k of (3) and the burst's g_k
     */
    std::pair<uint32_t, double> Overflow(uint32_t segments, double standing) const;
    /** The round's losses o_k, l_k and n_k, (3) and (5), from the queue now. */
    void DecideLosses();
    /**
     * @param arriving the round's arriving segments
     * @param first set to the index (from 0) among them of the first dropped one, if any
     * @param last set to the index of the last dropped one, if any
     * @return l_k: the injected drops among them
     */
    uint32_t InjectedDrops(uint32_t arriving, uint32_t* first, uint32_t* last);
    /** @return w_k of (2): the segments the window allows in flight */
    uint32_t Window() const;

    /**
     * The ACKs of a round begun outside recovery (open, CWR): in order, then duplicates.
     * @param arrived the round's arriving segments
     * @param inOrder those before its first loss (all if none was lost)
     * @param lost its lost segments
     * @return whether it timed out
     */
    bool AcksInOpen(uint32_t arrived, uint32_t inOrder, uint32_t lost);
    /**
     * The ACKs of a recovery round: duplicates up to its last retransmission's, which ends
     * the recovery if no hole is left; then as AcksInOpen.
     * @param arrived the round's arriving segments
     * @param lost its lost segments
     * @return whether it timed out
     */
    bool AcksInRecovery(uint32_t arrived, uint32_t lost);
    /**
     * The ACKs of a round after a timeout: in order, with growth, until no hole is left.
     * @param arrived the round's arriving segments
     * @param lost its lost segments
     * @return whether it timed out again
     */
    bool AcksInLoss(uint32_t arrived, uint32_t lost);
    /**
     * Acknowledge @p segments in order, ACK by ACK (d each): PktsAcked, IncreaseWindow in
     * the open state when the window limits the sender, DoRecovery in CWR; (9) after each.
     * The last round's held segment comes first; fewer than d left at the end are held for
     * the next round's first (the receiver's delayed ACK), unless @p flush or the base round
     * trip is at least DelAckTimeout.
     * @param segments the segments
     * @param flush acknowledge the rest at once (an out-of-order segment follows)
     */
    void AckInOrder(uint32_t segments, bool flush);
    /**
     * @return the round trip of the segment at m_place, in time steps: R0 and the queue it
     *         met, q_k and the round's burst before it, (4b)
     */
    double SampleRttSteps() const;
    /**
     * @param place a place in the round in progress, from 0
     * @return the round trip of its segment, (4b), in time steps
     */
    double RttAtSteps(double place) const;
    /** @return the retransmission timeout of (12) from the estimate, before any backoff */
    Time Rto() const;
    /**
     * (13): whether the recovery's first retransmission, arrived in the round just ended,
     * came back after the timer that its send started had fired; if so its duplicate ACKs
     * before that moment, then the timeout.
     * @return whether it timed out
     */
    bool RetransmissionOutlivedTimer();
    /**
     * Duplicate ACKs from outside recovery: limited transmit on the first two, recovery
     * from the third, DoRecovery on the rest.
     * @param dupAcks the duplicate ACKs
     * @param lost the holes they report
     */
    void DuplicateAcks(uint32_t dupAcks, uint32_t lost);
    /** One duplicate ACK in recovery, (8) and (9). */
    void RecoveryAck();
    /** A NewReno partial ACK: the next hole marked lost and sent again. */
    void PartialAck();
    /**
     * @param arrived the round's arriving segments
     * @return whether their duplicate ACKs, with limited transmit's, reach dupthresh, 3
     */
    bool DetectsLoss(uint32_t arrived) const;
    /**
     * Fast recovery at the third duplicate ACK.
     * @param lost the holes found
     * @param outstanding the segments from the first hole to the last sent (RecoverFS)
     */
    void EnterRecovery(uint32_t lost, uint32_t outstanding);
    /**
     * The ACK of the last hole's retransmission: the ops' ExitRecovery, the open state, the
     * window's growth by the segments it covers.
     * @param covered the segments it covers
     */
    void ExitRecovery(uint32_t covered);
    /**
     * Holes found in a recovery round: marked lost, and the recovery's last ACK covers from
     * them on.
     * @param holes the holes
     * @param unaThere whether snd_una has reached the first of them (no retransmission sent
     *        before them is still to arrive): (10)'s edge then counts from it
     */
    void NewHoles(uint32_t holes, bool unaThere);
    /** @return (10)'s E: the segments from snd_una's hole to snd_nxt */
    uint64_t EdgeSpan() const;
    /**
     * @param holes holes found lost, (8): out of flight, to be sent again (all with SACK,
     *        the first without)
     */
    void MarkLost(uint32_t holes);
    /** (9): send what the window allows after an ACK; a burst beyond LocalQueue: CWR. */
    void Fill();
    /** @param segments the segments of the round an ACK now acknowledges (or reports) */
    void Arrive(uint32_t segments);
    /**
     * @param segments segments to send now, the holes marked lost first
     */
    void Send(uint32_t segments);
    /**
     * The retransmission timeout: CA_LOSS, ssthresh = GetSsThresh(tcb, F S), cwnd = S.
     * @param flight F, the segments in flight when the timer fired
     */
    void EnterLoss(uint32_t flight);
    /** The retransmission timeout after the round just ended, nothing more to come. */
    void TimeOut();
    void SetState(TcpSocketState::TcpCongState_t state);
    /** @param segments bytes in flight for the ops to read: F S */
    void SetFlight(uint32_t segments);

    RoundTcpPath m_path;
    Ptr<RoundTcpBottleneck> m_bottleneck;
    uint32_t m_member{0};      //!< this flow's index at the bottleneck
    int64_t m_baseRttSteps{0}; //!< R0 in time steps
    double m_segmentSteps{0};  //!< tau in time steps
    Ptr<TcpCongestionOps> m_congestion;
    Ptr<TcpRecoveryOps> m_recovery;
    Ptr<TcpSocketState> m_tcb;
    Ptr<UniformRandomVariable> m_uniform;
    Ptr<UniformRandomVariable> m_phase; //!< where in a round its growth meets a shared queue
    EventId m_event;
    EventId m_decision; //!< DecideLosses within the round (a shared bottleneck)

    // attributes
    uint32_t m_segmentSize;
    uint32_t m_initialCwnd;
    uint32_t m_initialSsThresh;
    uint32_t m_delAckCount;
    Time m_delAckTimeout;
    bool m_sack;
    bool m_limitedTransmit;
    uint32_t m_localQueue;
    uint64_t m_maxWindow;
    Time m_minRto;
    RtoFormula m_rtoFormula{RFC6298_RTO};
    uint64_t m_lossInterval;
    uint64_t m_lossOffset;
    double m_lossRate;

    // state
    RoundPlan m_round;            //!< the round in progress
    Time m_roundStart;            //!< when it began
    bool m_inRound{false};        //!< a round is in progress (not waiting for a timeout)
    uint32_t m_lastWindow{0};     //!< w_{k-1}
    double m_lastDensity{1};      //!< d_{k-1} of (3)
    double m_span{0};             //!< s_k of (3)
    uint32_t m_ahead{0};          //!< v_k of (3)
    uint64_t m_acks{0};           //!< the round's segments acknowledged or reported so far
    uint64_t m_ackStart{0};       //!< m_acks before the ACK in hand
    uint64_t m_nextFirstAck{0};   //!< m_ackStart at the next round's first segment's send
    uint64_t m_nextLastAck{0};    //!< m_acks at its last segment's send
    uint32_t m_backoff{0};        //!< timeouts in a row (the wait doubles with each)
    uint32_t m_holes{0};          //!< lost segments not yet repaired
    uint32_t m_known{0};          //!< of them, marked lost (sent again or not)
    uint32_t m_resend{0};         //!< of those, not yet sent again
    uint32_t m_pipe{0};           //!< F of (8): segments in flight as the sender counts them
    uint64_t m_sends{0};          //!< segments sent so far, new and again (their places)
    uint64_t m_lastResend{0};     //!< the place of the last segment sent again
    uint64_t m_firstResend{0};    //!< the place of the recovery's first retransmission
    Time m_rtoAtResend;           //!< the timer's duration when it was sent
    double m_srttSteps{0};        //!< srtt of (11), time steps
    double m_rttvarSteps{0};      //!< rttvar of (11), time steps
    uint32_t m_next{0};           //!< segments sent for the next round
    uint32_t m_nextResent{0};     //!< of them, sent again
    uint32_t m_covered{0};        //!< segments from the last hole to the recovery's start
    uint32_t m_edgeSpan{0};       //!< (10)'s E at the recovery point: from snd_una's hole
    uint64_t m_recoveryPoint{0};  //!< the place of the last segment sent before it began
    Time m_recoveryStart;         //!< when it began
    Time m_unaAdvanced;           //!< when its first hole last arrived (the RTO timer's start)
    uint32_t m_recoveryResent{0}; //!< segments sent again in it
    uint64_t m_place{0};          //!< the place of the last segment acknowledged in order
    uint32_t m_held{0};           //!< segments arrived in order, their ACK delayed
    uint64_t m_cwrEnd{0};         //!< the place of the last segment sent when CWR began
    uint32_t m_sendStalls{0};
    uint64_t m_arrived{0};   //!< segments that passed the bottleneck (the injector's count)
    uint64_t m_delivered{0}; //!< bytes delivered by completed rounds
    uint64_t m_rounds{0};
    uint32_t m_recoveries{0};
    uint32_t m_timeouts{0};
    uint64_t m_retransmits{0};
    uint64_t m_overflowDrops{0};
    uint64_t m_injectedDrops{0};

    TracedCallback<Time, uint32_t, uint32_t, uint64_t> m_roundTrace;
    TracedCallback<uint32_t, uint32_t> m_cWndTrace; //!< the socket state's cwnd
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_ROUND_TCP_FLOW_H
