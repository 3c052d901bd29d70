/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_LFN_TCP_SOCKET_H
#define HYBRIDNET_LFN_TCP_SOCKET_H

#include "deadline-timer.h"
#include "tcp-header-reader.h"
#include "tcp-linux-receiver.h"
#include "tcp-linux-undo.h"
#include "tcp-receive-buffer.h"
#include "tcp-send-scoreboard.h"
#include "tcp-send-stream.h"

#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"
#include "ns3/queue-disc.h"
#include "ns3/rtt-estimator.h"
#include "ns3/sequence-number.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-recovery-ops.h"
#include "ns3/tcp-socket-state.h"
#include "ns3/tcp-socket.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <deque>
#include <memory>
#include <optional>
#include <vector>

namespace ns3
{

class Ipv4EndPoint;
class Ipv4Header;
class Ipv4Interface;
class NetDevice;
class Node;
class TcpL4Protocol;

namespace hybridnet
{

/**
 * @brief A TCP socket for long fat networks (RFC 7323's LFNs): ns-3's TcpSocket API and
 * ns-3's congestion-control and recovery interfaces, with a cost per segment that does not
 * grow with the window.
 *
 * **What it is.**  A full TCP endpoint over IPv4 that ns-3 applications (BulkSend,
 * PacketSink, OnOff) and hybridnet's own use unchanged.  It runs on ns-3's TcpL4Protocol
 * for demultiplexing, checksums and RSTs (LfnTcpL4Protocol only changes which socket its
 * factory creates), and hosts any ns-3 TcpCongestionOps and TcpRecoveryOps through the
 * same TcpSocketState that ns-3's TcpSocketBase fills, calling them at the same points:
 * PktsAcked then IncreaseWindow on a new ACK in Open/Disorder (IncreaseWindow only while
 * cwnd limits the sender, m_isCwndLimited: Linux 2.4 and 2.6 tcp_ack call tcp_cong_avoid
 * only if prior_in_flight >= snd_cwnd, so a flow held by the receive window or the send
 * buffer does not grow cwnd past it; hybridnet's algorithms check it themselves, ns-3's,
 * such as TcpLinuxReno, do not), GetSsThresh and
 * EnterRecovery at DupThresh, DoRecovery per duplicate and partial ACK, ExitRecovery at
 * RecoveryPoint, CwndEvent(CA_EVENT_LOSS) and cwnd = 1 SMSS on a timeout.  So
 * congestion-control algorithms plug in as they do in ns-3.
 *
 * **Why a new socket.**  TcpSocketBase keeps one list item per segment in TcpTxBuffer and
 * TcpRxBuffer and one RTT-history item per segment, and walks those lists on every ACK;
 * on a long fat pipe (10^4 - 10^6 segments in flight) the walks dominate the run time
 * (bench tcp-window).  Here the state is kept where it costs O(1) amortised or O(log R)
 * per event (R = SACK holes, not segments):
 * - send side: TcpSendStream (the application's Packets by stream offset; segments cut
 *   with CreateFragment, payload never copied) and TcpSendScoreboard (outstanding,
 *   SACKed, lost, retransmitted bytes as ranges, RFC 6675 pipe in O(1));
 * - receive side: TcpReceiveBuffer (out-of-order segments by offset, islands for SACK);
 * - RTT: a FIFO of (end offset, send time) of new data, popped as ACKs cover it (RFC 6298
 *   with Karn's rule: no sample from an ACK at or below a retransmitted byte), or the
 *   echoed timestamp when timestamps are on (as TcpSocketBase: 1 ms ticks).
 *
 * **Send rule** (RFC 5681, RFC 6675 section 5 (C)).  With rwnd the peer's window,
 *
 *     (1)  pipe = RFC 6675 pipe                                   (SACK on)
 *          pipe = (snd_nxt - snd_una) - min(D * SMSS, snd_nxt - snd_una - SMSS)_+
 *                                                                  (SACK off, see (8))
 *     (2)  send while  min(cwnd, rwnd) - pipe > 0,
 *     (2a) and new data only up to  snd_una + rwnd,
 *
 * (2a) the receiver's right edge (RFC 9293 section 3.8.6; Linux's tcp_snd_wnd_test): in a
 * recovery pipe leaves out what the receiver holds out of order, so (2) alone would send
 * beyond the window it offered, and the receiver would drop those segments (TcpSocketBase
 * has (2) alone).
 * D the duplicate ACKs of the current recovery (and of limited transmit): without SACK,
 * each duplicate ACK says one segment above the hole left the network (ns-3 calls this a
 * "Reno SACK"; the retransmitted head replaces the lost original, net zero); D returns to 0
 * when a full ACK ends the recovery (Linux's tcp_reset_reno_sack; ns-3 keeps it, so a later
 * stray duplicate ACK would start a recovery without a loss).  Segments are
 * chosen by RFC 6675 NextSeg rules 1-3 (rule 3 only in recovery, as ns-3); silly-window
 * avoidance and Nagle as TcpSocketBase.  Without SACK the head is retransmitted explicitly
 * on entering recovery and on each partial ACK (NewReno, RFC 6582).
 *
 * **Timers.**  The retransmission timeout, by RtoFormula,
 *
 *     (15a) RTO = max(MinRto, srtt + max(G, 4 rttvar))     rfc6298: RFC 6298 (2.4), with
 *                                                          Linux's 200 ms minimum as default
 *     (15b) RTO = srtt + max(4 rttvar, MinRto)             linux: Linux 2.4/2.6
 *
 * (15b) is the steady state of Linux's tcp_rtt_estimator and tcp_set_rto (2.4.20, 2.6.11):
 * rto = srtt + rttvar, where rttvar, kept as four mean deviations, is the largest of the
 * last round trip's and never below TCP_RTO_MIN (mdev_max restarts at TCP_RTO_MIN every
 * round trip); so on a long path whose RTT barely varies Linux waits a round trip plus
 * 200 ms, where (15a) waits barely more than a round trip and a queue of a few
 * milliseconds fires a spurious timeout. (Linux's per-round-trip maximum and the slow decay
 * of rttvar are not modelled.) The RTO doubles per timeout up to 60 s; on a timeout every unSACKed
 * outstanding byte is marked lost (go-back-N from snd_una), SACK information is kept
 * (RFC 6675 section 5.1 allows it; TcpSocketBase keeps it too).  Delayed ACKs: every
 * DelAckCount-th in-order segment or after DelAckTimeout (with LinuxReceiver, Linux's
 * adaptive timeout, TcpLinuxReceiver (5)-(6): 40 ms on a LAN), immediately on out-of-order
 * data or a filled hole (RFC 5681 section 4.2).  Zero window: a persist timer sends one byte
 * beyond the window, doubling up to 60 s (RFC 9293 section 3.8.6.1).
 *
 * **Retransmission timer in recovery** (Linux's rules, read in the 2.6.11 sources of
 * net/ipv4/tcp_input.c and tcp_output.c, the release nearest the studies' 2.6.6 at hand):
 *
 *     (8a)  every ACK of new data restarts the timer at now + RTO (tcp_ack_packets_out,
 *           RFC 6298 (5.3)), partial ACKs included;
 *     (8b)  in recovery, on every duplicate or partial ACK: if the segment at snd_una, never
 *           retransmitted, was sent more than an RTO ago, every segment first sent more
 *           than an RTO ago that is neither SACKed nor retransmitted is lost
 *           (tcp_update_scoreboard), and is retransmitted as (2) allows;
 *     (8c)  in Disorder, a duplicate ACK with such a head starts a recovery before
 *           DupThresh (tcp_time_to_recover, "Trick #3");
 *     (8d)  retransmitting the segment at snd_una restarts the timer
 *           (tcp_xmit_retransmit_queue);
 *     (8e)  in recovery with SACK, a retransmission is lost once SACKed data reach
 *           DupThresh segments beyond what had been sent when it was sent
 *           (tcp_sacktag_write_queue's lost-retransmit check, its form without FACK;
 *           TcpSendScoreboard (6)), and is retransmitted again as (2) allows.
 *
 * TcpSocketBase restarts the timer on the first partial ACK only (RFC 6582's "impatient"
 * variant), so a NewReno recovery that repairs one hole per RTT ends in a timeout, a cwnd
 * of one segment and go-back-N once it outlasts an RTO, and it finds a lost retransmission
 * only by the timeout (ns-3 issue #1349); by (8) it goes on, and after an RTO
 * the old segments still unacknowledged are sent again at once, without SACK some of them
 * needlessly, as Linux did.  With (8b) marking lost without SACK, (1) counts Linux's way:
 * the duplicate-ACK estimate D * SMSS is capped at flight - max(lost, SMSS)
 * (tcp_check_reno_reordering), and pipe = flight - lost - D * SMSS + retransmitted.
 *
 * **What the recovery ops read, and when recovery ends** (Linux's tcp_fastretrans_alert):
 *
 *     (9)   the segment at snd_una is marked lost on entering a recovery and, without SACK,
 *           on each partial ACK (tcp_update_scoreboard's tcp_mark_head_lost), before (8b)'s
 *           marking; then TcpSocketState::m_bytesInFlight = (1) and the recovery ops run,
 *           then the head is retransmitted (RFC 6582 / RFC 6675: at once, whatever cwnd);
 *     (10)  without SACK, an ACK of exactly the recovery point holds Recovery until an ACK
 *           above it (tcp_try_undo_recovery: "to prevent false fast retransmits"); the ops
 *           see it as a partial ACK, with nothing to retransmit.
 *
 * So the ops see Linux's tcp_packets_in_flight, and TcpLinuxRecovery (the congestion
 * module) caps cwnd at it plus one segment as tcp_cwnd_down.  Linux retransmits the head
 * only when cwnd has room, at most one ACK later than here.  TcpSocketBase leaves recovery
 * at an ACK of the recovery point; by (10) a stray duplicate ACK right after it, from a
 * segment sent twice, cannot start a new recovery.
 *
 * **Receive window** (what is advertised):
 *
 *     (3)  rwnd_adv = B - A - O                                    (BufferSemantics ns3)
 *     (4)  rwnd_adv = (B - A - O) - (B - A - O) / 2^AdvWinScale    (BufferSemantics linux)
 *
 * B the receive buffer, A in-order bytes the application has not read, O bytes held out of
 * order.  With BufferSemantics linux (Linux 2.6, what the WAN studies' hosts ran):
 *
 *     (5)  B = 2 min(SO_RCVBUF, RmemMax),  send buffer = 2 min(SO_SNDBUF, WmemMax)
 *
 * (the kernel doubles the value set, for its own overhead, and clips to the system maxima
 * net.core.rmem_max/wmem_max), and (4) keeps 1/2^tcp_adv_win_scale of it for overhead
 * (tcp_adv_win_scale = 2 in Linux 2.4 and 2.6: a quarter).  A socket whose application
 * does not set its buffers gets the kernel's defaults as they are, not doubled (Linux's
 * tcp_v4_init_sock: sk_rcvbuf = tcp_rmem[1], sk_sndbuf = tcp_wmem[1]), and the kernel
 * grows them.  With RcvBufAutoTuning (B starts at RcvBufSize, tcp_rmem[1]) and
 * ModerateRcvBuf (Linux 2.6.7's dynamic right-sizing, tcp_rcv_space_adjust; Linux 2.4 keeps
 * tcp_rmem[1], so its window scale still comes from tcp_rmem[2] = AutoTuningMax) once per
 * RTT the receive buffer grows to
 *
 *     (6)  B = min(AutoTuningMax, max(B, 2 * 2 * bytes read by the application in the last RTT))
 *
 * (twice the per-RTT rate so the sender is not window-limited, twice again for overhead).
 * With SndBufAutoTuning (Linux 2.4 and 2.6 tcp_new_space, net/ipv4/tcp_input.c; S starts
 * at SndBufSize, tcp_wmem[1]), on every ACK that frees room while the application waits
 * for it (it found the buffer full: SOCK_NOSPACE) and cwnd is not full, the send buffer
 * grows to
 *
 *     (11) S = min(SndBufAutoTuningMax, max(S, 2 max(cwnd, (DupThresh + 1) SMSS)))
 *
 * At ESTABLISHED (Linux's tcp_init_buffer_space: tcp_fixup_sndbuf and tcp_fixup_rcvbuf,
 * the same in 2.4 and 2.6) a buffer the application has not set is raised to hold a few
 * segments, with SMSS_c the MSS clamp (the smaller of ours and the peer's) and AdvMSS ours:
 *
 *     (11a) S = max(S, min(3 SMSS_c, SndBufAutoTuningMax))
 *     (11b) B = max(B, min(4 R, AutoTuningMax)),  R the least AdvMSS + 128 j (j >= 0) whose
 *           window (4) holds AdvMSS: R - R / 2^AdvWinScale >= AdvMSS
 *
 * (with MSS 1448 and the kernels' 16 KiB and 87380 B defaults neither changes anything;
 * with IPoIB connected mode's 65480 B segments both do).
 * (Linux counts each segment's memory - payload, MAX_TCP_HEADER of room for headers, the
 * sk_buff itself - against both the buffer and (11)-(11b); here all count payload, so a
 * buffer of the same size holds more segments than Linux's).  A buffer the
 * application sets on a connected socket locks it, as setsockopt does: no growth after.
 * The window scale is chosen at the SYN from the largest buffer the socket can reach.
 *
 * **Window update on read** (Linux's tcp_cleanup_rbuf, net/ipv4/tcp.c, the same in 2.4 and
 * 2.6).  With rcv_wup = rcv_nxt and rcv_wnd the window when a window was last advertised,
 * W_now = rcv_wup + rcv_wnd - rcv_nxt what is left of it, W_new the window (3)-(4) would
 * offer now (after receiver silly-window avoidance) and W_clamp the window of the empty
 * buffer, an application read sends an ACK at once when
 *
 *     (7a)  a delayed ACK is pending and  rcv_nxt - rcv_wup > SMSS,   or
 *     (7b)  2 W_now <= W_clamp  and  W_new > 0  and  W_new >= 2 W_now.
 *
 * So a reader that falls behind reopens the window as soon as it catches up, instead of
 * when the next data segment arrives (which a sender facing a closed window never sends).
 * A read from inside the socket's receive callback is judged after that segment's own ACK
 * rule, as Linux's reader runs after the softirq that queued the data.
 *
 * **Linux's receiver** (LinuxReceiver; TcpLinuxReceiver's equations (1)-(4)).  With it the
 * window offered is not the whole free window (3)-(4) but
 *
 *     (12)  W = min(F, r),   r = rcv_ssthresh
 *
 * with F the window (3)-(4) allows and r starting at 2-4 segments in the SYN, growing by two
 * segments per in-order segment received up to the buffer's window less one segment; while
 * r grows, and in Linux's quick-ACK mode (the first segments, after an idle RTO, after a
 * duplicate), an in-order segment is acknowledged at once instead of per DelAckCount,
 * except in ping-pong mode (data sent within Linux's ato of data received), and a delayed
 * ACK waits TcpLinuxReceiver (6) (ato, 40 ms on a LAN), not DelAckTimeout.  The
 * kernel memory a segment takes, T = skb->truesize, limits the growth (TcpLinuxReceiver
 * (2b)): T is what the device the segment came in on reports as its attribute
 * RxSkbTrueSize (NicNetDevice (R8): the driver's receive buffer and the sk_buff), read once
 * per device; a device without it (plain Ethernet, loopback, point-to-point) gives none, and
 * every segment grows r.  (T is not charged against F: F counts payload.)  And the segment
 * that completes DelAckCount is acknowledged at once only while the right edge of the
 * window advances (Linux's __tcp_ack_snd_check, 2.4 and 2.6.11):
 *
 *     (12b)  ACK at once  iff  W >= rcv_wnd,   W of (12) now, rcv_wnd the window last advertised
 *
 * otherwise the ACK waits for the reader's window update (7a) or the delayed-ACK timer, so a
 * reader that lets data pile up in the buffer (a process woken after the NIC's poll) gets
 * one ACK per read, not one per two segments ("tcp_recvmsg() will send ACK otherwise").
 *
 * **Undo of a needless recovery or timeout** (Linux's tcp_try_undo_partial,
 * tcp_try_undo_recovery and tcp_try_undo_loss; TcpLinuxUndo's equations (1)-(4)).  A segment
 * taken for lost may only have been late (reordered, or its ACK held by a delay spike): the
 * ACK it brings then echoes a time stamp older than the first retransmission, which no ACK
 * of a retransmission can (the receiver echoes a duplicate's time stamp too, RFC 7323
 * section 4.3).  When TcpLinuxUndo (3) allows it,
 *
 *     (13)  in Recovery, a partial ACK restores cwnd (TcpLinuxUndo (4), ssthresh kept) and
 *           marks and retransmits nothing ((9) skipped; (8b) still applies); an ACK at the
 *           recovery point, or one that ends Recovery, restores cwnd and ssthresh, then
 *           cwnd := min(cwnd, ssthresh) as Recovery ends (tcp_complete_cwr);
 *           in Loss (after a timeout that found nothing retransmitted outstanding), any ACK
 *           restores cwnd and ssthresh and the scoreboard forgets its loss marks, so
 *           go-back-N stops; with SACK the connection is Open again, without it Loss lasts
 *           until the recovery point is acknowledged.
 *
 * So a flow whose segment is reordered past DupThresh sends one needless retransmission
 * and keeps its window, and a timeout that a delay spike caused costs one retransmission;
 * TcpSocketBase (RFC 6582) retransmits at every partial ACK, goes back N after the timeout
 * and keeps the halved window.  The undo by D-SACK is not modelled (TcpLinuxUndo).
 *
 * **Local congestion** (Linux 2.4 and 2.6 tcp_transmit_skb, tcp_write_xmit, tcp_enter_cwr,
 * tcp_cwnd_down, tcp_complete_cwr in net/ipv4/tcp_output.c and tcp_input.c).  A segment
 * the sender's own queue discipline cannot take (the root queue disc of the route's output
 * device is full: Linux's qdisc returns NET_XMIT_DROP) is not lost, it is not sent:
 *
 *     (14)  the send round stops with the segment unsent (SendStall); from Open or Disorder
 *           the connection enters CWR: ssthresh := the ops' value for the flight, cwnd
 *           brought down to the flight (TcpRecoveryOps::EnterRecovery, with TcpLinuxRecovery
 *           Linux's min(cwnd, in flight + 1)), high mark := snd_nxt; in CWR cwnd never
 *           grows and each ACK takes it down (DoRecovery: one segment every second ACK),
 *           until an ACK beyond the high mark completes CWR (ExitRecovery: cwnd :=
 *           min(cwnd, ssthresh)); duplicate ACKs may still start a recovery, which then
 *           keeps ssthresh (it was reduced once already) and has no prior one to undo to.
 *
 * So a slow start that outruns its own interface (a 1000-packet txqueuelen behind a 1 GbE
 * NIC fills long before a 177 ms path's window is open) halves ssthresh once and goes on
 * without a loss, where a TCP that lets the queue drop (ns-3's TcpSocketBase) retransmits
 * every dropped segment - without SACK one per round trip.  With nothing in flight a held
 * segment is retried after an RTO (Linux's probe timer).  Only data segments are held; a
 * pure ACK the queue drops is lost as any other (Linux also enters CWR then).
 *
 * **Instrumentation** (Web100 names in brackets): traces CongestionWindow [CurCwnd],
 * SlowStartThreshold [CurSsthresh], RTT [SmoothedRTT], RTTVar [RTTVar], BytesInFlight
 * [PipeSize], CongState, RTO [CurRTO]; counters in GetStats(): bytes acked [ThruBytesAcked],
 * retransmitted segments [PktsRetrans], duplicate ACKs [DupAcksIn], timeouts [Timeouts],
 * fast retransmits [FastRetran], SACK blocks received [SACKBlocksRcvd], retransmissions
 * found lost by (8e) (no Web100 name; Linux's TCPLostRetransmit counter), reductions undone
 * by (13) (Linux's TCPFullUndo + TCPPartialUndo), segments held by (14) [SendStall]. LfnTcpStatsLog
 * samples them into a CSV.
 *
 * **Departures from TcpSocketBase** (each explained in docs/modules/tcp.md): IPv4 only;
 * no ECN, no pacing and no rate sample (so ops with HasCongControl(), e.g. BBR, are
 * refused); an MSS option on the SYN; receiver silly-window avoidance; window probes
 * without data (snd_una - 1, as Linux); SACK blocks beyond snd_nxt are rejected
 * (RFC 2018); an application write is sent at once, not 1 ns later; a window update on
 * read (7); Linux's retransmission timer in recovery (8); Recovery held at the recovery
 * point without SACK (10); the undo of a needless recovery (13); local congestion (14). The ISN is
 * 0 as in TcpSocketBase.
 *
 * References: RFC 9293 (TCP); RFC 5681 (congestion control); RFC 6582 (NewReno);
 * RFC 6675 (SACK loss recovery); RFC 2018 (SACK); RFC 6298 (RTO); RFC 7323 (window scale,
 * timestamps); RFC 3042 (limited transmit); Linux 2.6 net/ipv4/tcp_input.c
 * (tcp_rcv_space_adjust, tcp_win_from_space) for (4)-(6).
 */
class LfnTcpSocket : public TcpSocket
{
  public:
    /** How socket-buffer sizes are interpreted. */
    enum BufferSemantics
    {
        NS3_BUFFERS,   //!< the value set is the buffer, all of it advertised (3)
        LINUX_BUFFERS, //!< Linux 2.6: doubled, clipped to the maxima, part advertised (4), (5)
    };

    /** How the retransmission timeout follows from the RTT estimate, (15). */
    enum RtoFormula
    {
        RFC6298_RTO, //!< (15a): max(MinRto, srtt + max(G, 4 rttvar))
        LINUX_RTO,   //!< (15b): srtt + max(4 rttvar, MinRto)
    };

    /** Web100-style counters of one connection. */
    struct Stats
    {
        uint64_t bytesAcked{0};       //!< ThruBytesAcked
        uint64_t bytesReceived{0};    //!< ThruBytesReceived (in order)
        uint64_t segmentsSent{0};     //!< DataSegsOut
        uint64_t retransmits{0};      //!< PktsRetrans
        uint64_t fastRetransmits{0};  //!< FastRetran (recoveries entered)
        uint64_t dupAcksIn{0};        //!< DupAcksIn
        uint64_t timeouts{0};         //!< Timeouts
        uint64_t sackBlocksRcvd{0};   //!< SACKBlocksRcvd
        uint64_t zeroWindowProbes{0}; //!< window probes sent
        uint64_t sendStalls{0};       //!< SendStall: segments held by a full local queue, (14)
        uint64_t lostRetransmits{0};  //!< retransmissions found lost by (8e), in SMSS (Linux's
                                      //!< TCPLostRetransmit)
        uint64_t undos{0};            //!< reductions undone by (13), full or partial (Linux's
                                      //!< TCPFullUndo + TCPPartialUndo)
    };

    /**
     * TracedCallback signature of the Tx and Rx traces.
     * @param payload the segment's payload
     * @param header its TCP header
     * @param socket this socket
     */
    typedef void (*TxRxTracedCallback)(Ptr<const Packet> payload,
                                       const TcpHeader& header,
                                       Ptr<const TcpSocket> socket);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    LfnTcpSocket();
    /**
     * Copy the configuration (not the connection) of a listening socket, for a new
     * connection (as TcpSocketBase's copy constructor).
     * @param sock the listening socket
     */
    LfnTcpSocket(const LfnTcpSocket& sock);
    ~LfnTcpSocket() override;

    /**
     * Attach the socket to its node and TCP layer (done by the factory).
     * @param node the node
     * @param tcp the node's TCP layer
     */
    void SetNodeAndTcp(Ptr<Node> node, Ptr<TcpL4Protocol> tcp);
    /**
     * Set the congestion-control algorithm (before the connection starts).
     * @param algo an ns-3 TcpCongestionOps; ops with HasCongControl() are refused
     */
    void SetCongestionControlAlgorithm(Ptr<TcpCongestionOps> algo);
    /**
     * Set the loss-recovery algorithm (before the connection starts).
     * @param recovery a TcpRecoveryOps: ns-3's TcpClassicRecovery, or the congestion
     *        module's TcpLinuxRecovery or TcpPrrRecoveryRfc6937 (RFC 6937; ns-3's own
     *        TcpPrrRecovery also runs, with its defects #1350 and #1351: DeliveredData
     *        counted twice with SACK, RecoverFS from pipe)
     */
    void SetRecoveryAlgorithm(Ptr<TcpRecoveryOps> recovery);
    /** @return the congestion-control algorithm */
    Ptr<TcpCongestionOps> GetCongestionControlAlgorithm() const;
    /** @return the connection's state shared with the congestion-control algorithm */
    Ptr<const TcpSocketState> GetSocketState() const;
    /** @return the Web100-style counters */
    const Stats& GetStats() const;
    /** @return the current retransmission timeout */
    Time GetRto() const;
    /** @return the RTT variation of RFC 6298 */
    Time GetRttVariation() const;
    /** @return the peer's receive window in bytes (scaled) */
    uint32_t GetPeerWindow() const;
    /** @return the TCP state */
    TcpStates_t GetState() const;
    /** @return the send scoreboard's work counter (see TcpSendScoreboard::GetNodesVisited) */
    uint64_t GetScoreboardNodesVisited() const;
    /** @return bytes written and not yet acknowledged, sent or not (the send queue) */
    uint64_t GetSendQueueBytes() const;

    // Socket
    SocketErrno GetErrno() const override;
    SocketType GetSocketType() const override;
    Ptr<Node> GetNode() const override;
    int Bind() override;
    int Bind6() override;
    int Bind(const Address& address) override;
    int Close() override;
    int ShutdownSend() override;
    int ShutdownRecv() override;
    int Connect(const Address& address) override;
    int Listen() override;
    uint32_t GetTxAvailable() const override;
    int Send(Ptr<Packet> p, uint32_t flags) override;
    int SendTo(Ptr<Packet> p, uint32_t flags, const Address& toAddress) override;
    uint32_t GetRxAvailable() const override;
    Ptr<Packet> Recv(uint32_t maxSize, uint32_t flags) override;
    Ptr<Packet> RecvFrom(uint32_t maxSize, uint32_t flags, Address& fromAddress) override;
    int GetSockName(Address& address) const override;
    int GetPeerName(Address& address) const override;
    bool SetAllowBroadcast(bool allowBroadcast) override;
    bool GetAllowBroadcast() const override;
    void BindToNetDevice(Ptr<NetDevice> netdevice) override;

  protected:
    // TcpSocket attribute accessors
    void SetSndBufSize(uint32_t size) override;
    uint32_t GetSndBufSize() const override;
    void SetRcvBufSize(uint32_t size) override;
    uint32_t GetRcvBufSize() const override;
    void SetSegSize(uint32_t size) override;
    uint32_t GetSegSize() const override;
    void SetInitialSSThresh(uint32_t threshold) override;
    uint32_t GetInitialSSThresh() const override;
    void SetInitialCwnd(uint32_t cwnd) override;
    uint32_t GetInitialCwnd() const override;
    void SetConnTimeout(Time timeout) override;
    Time GetConnTimeout() const override;
    void SetSynRetries(uint32_t count) override;
    uint32_t GetSynRetries() const override;
    void SetDataRetries(uint32_t retries) override;
    uint32_t GetDataRetries() const override;
    void SetDelAckTimeout(Time timeout) override;
    Time GetDelAckTimeout() const override;
    void SetDelAckMaxCount(uint32_t count) override;
    uint32_t GetDelAckMaxCount() const override;
    void SetTcpNoDelay(bool noDelay) override;
    bool GetTcpNoDelay() const override;
    void SetPersistTimeout(Time timeout) override;
    Time GetPersistTimeout() const override;

    void DoDispose() override;

  private:
    /** Segment flags used in SendControl. */
    using Flags = uint8_t;

    void ConnectStateTraces(); //!< re-export the TcpSocketState's traces
    void SetTimerCallbacks();  //!< the deadline timers call this socket
    // Connection set-up and tear-down
    int SetupEndpoint(); //!< @return 0 or -1; allocates m_endPoint for Bind
    void SetupCallbacks();
    void StartConnection();   //!< send SYN
    void CompleteHandshake(); //!< ESTABLISHED on both sides
    void InitSendState();     //!< scoreboard and congestion state at ESTABLISHED
    /** @param forget let the TCP layer drop its reference (not while disposing) */
    void DeallocateEndPoint(bool forget = true);
    void Destroy();        //!< endpoint destroyed by the TCP layer
    void CloseAndNotify(); //!< to CLOSED, tell the application
    void EnterTimeWait();
    void MaybeSendFin();   //!< send FIN once every byte is sent after Close
    void ConsumePeerFin(); //!< the peer's FIN reached rcv_nxt

    // Input
    void ForwardUp(Ptr<Packet> packet,
                   Ipv4Header header,
                   uint16_t port,
                   Ptr<Ipv4Interface> incomingInterface);
    void ProcessListen(Ptr<Packet> packet,
                       const TcpHeader& h,
                       const Address& from,
                       const Address& to);
    void ProcessSynSent(Ptr<Packet> packet, const TcpHeader& h);
    void ProcessSynRcvd(Ptr<Packet> packet, const TcpHeader& h);
    void ProcessSynchronized(Ptr<Packet> packet, const TcpHeader& h);
    void ReadSynOptions(const TcpHeader& h);
    void ReadTimestamp(const TcpHeader& h);
    void UpdateWindow(const TcpHeader& h);
    void ReceivedAck(const TcpHeader& h, bool carriesData);
    void ProcessAck(SequenceNumber32 ack,
                    bool scoreboardUpdated,
                    uint32_t delivered,
                    SequenceNumber32 oldUna,
                    uint32_t bytesAcked,
                    bool carriesData);
    /**
     * Count the segments a new cumulative ACK acknowledges (bytes carried over between
     * ACKs), end a duplicate-ACK run, and take the acknowledged bytes off the duplicate
     * ACKs counted as SACKed without SACK.
     * @return the segments acknowledged
     */
    uint32_t CountNewlyAcked(uint32_t delivered, uint32_t bytesAcked, bool isDupAck);
    /**
     * An ACK in Recovery at or below the recovery point: a partial ACK (@p partial; (9),
     * the head retransmitted without SACK) or, without SACK, the ACK of exactly the point,
     * which holds Recovery (10).
     */
    void RecoveryAck(SequenceNumber32 ack, uint32_t delivered, uint32_t segsAcked, bool partial);
    /**
     * A new ACK that leaves (or keeps) the connection Open: the congestion ops see the
     * segments acknowledged in the state it had, Recovery ends with ExitRecovery, then the
     * window grows.
     */
    void OpenAck(SequenceNumber32 ack,
                 SequenceNumber32 oldUna,
                 uint32_t delivered,
                 uint32_t segsAcked,
                 uint32_t oldDupAckCount,
                 bool isDupAck);
    /**
     * An ACK of new data in CWR, (14): cwnd down, or CWR complete past its high mark.
     * @param ack the cumulative ACK
     * @param delivered bytes it newly delivered
     * @param segsAcked segments it acknowledged
     */
    void CwrAck(SequenceNumber32 ack, uint32_t delivered, uint32_t segsAcked);
    /**
     * @param size bytes of the segment about to be sent
     * @return true if the output device's queue discipline is full: the segment would be
     *         dropped there (Linux's NET_XMIT_DROP), (14)
     */
    bool LocalQueueFull(uint32_t size);
    /** A segment found the local queue full: enter CWR from Open or Disorder, (14). */
    void LocalCongestion();
    /** Tell the congestion ops, then set the congestion state. */
    void SetCongState(TcpSocketState::TcpCongState_t state);
    /**
     * The congestion ops' IncreaseWindow, only while cwnd limits the sender (Linux 2.6
     * tcp_ack: prior_in_flight >= snd_cwnd; m_isCwndLimited).
     * @param segsAcked segments the ACK acknowledged
     */
    void GrowWindow(uint32_t segsAcked);
    void DupAck(uint32_t delivered);
    void EnterRecovery(uint32_t delivered);
    /**
     * (13): undo the recovery's reduction if TcpLinuxUndo allows it for this ACK.
     * @param withSsthresh a full undo (ssthresh too)
     * @return true if undone
     */
    bool TryUndo(bool withSsthresh);
    /** (13) in Loss: undo, forget the loss marks, and with SACK open (tcp_try_undo_loss). */
    void UndoLoss();
    void NewAck(SequenceNumber32 ack, bool resetRto);
    /**
     * Apply an ACK's SACK blocks to the scoreboard (and (8e) in Recovery).
     * @param h the ACK
     * @return the bytes newly SACKed
     */
    uint32_t ReadSack(const TcpHeader& h);
    /**
     * A timeout's ssthresh: reduced unless the head was retransmitted by an earlier timeout
     * of this Loss.
     * @param inFlight the pipe before the timeout (bytes)
     * @param headRetransmitted the segment at snd_una was retransmitted
     * @return TcpLinuxUndo's s_P if ssthresh was reduced
     */
    std::optional<uint32_t> ReduceSsThreshAtTimeout(uint32_t inFlight, bool headRetransmitted);
    void EstimateRtt(uint64_t oldOffset, uint64_t ackOffset);
    void HandshakeRttSample(const TcpHeader& h);
    void TakeRttSample(Time sample);
    void ReceivedData(Ptr<Packet> payload, const TcpHeader& h);
    void AutoTuneReceiveBuffer();
    /**
     * Tell TcpLinuxReceiver (12) what a data segment brought.
     * @param inOrder it starts at rcv_nxt and brought new data
     * @param duplicate it brought no new data
     * @param bytes its payload
     */
    void LinuxReceiverSees(bool inOrder, bool duplicate, uint32_t bytes);
    /**
     * @param interface where the segment came in (may be null)
     * @return its device's RxSkbTrueSize, T of (12), or 0 (none; read once per device)
     */
    uint32_t TrueSizeFrom(Ptr<Ipv4Interface> interface);
    /** @return the window @p space bytes of buffer are worth, (4) (tcp_win_from_space) */
    uint32_t WindowFromSpace(uint32_t space) const;
    /** @return (12b): true without LinuxReceiver, else whether the window's edge advances */
    bool RightEdgeAdvances() const;

    // Output
    /**
     * Send what the windows allow (RFC 6675 (C)).
     * @param fromApplication called from Send(): do not ask the application for more data
     *        (it is writing already; no callback nested in its own Send call)
     * @return segments sent
     */
    uint32_t SendPendingData(bool fromApplication = false);
    uint32_t SendDataSegment(SequenceNumber32 seq, uint32_t size);
    /**
     * A segment without data.
     * @param flags TCP flags
     * @param windowProbe an ACK with sequence number snd_una - 1 (zero-window probe)
     */
    void SendControl(Flags flags, bool windowProbe = false);
    void SendSegment(Ptr<Packet> p, TcpHeader& h);
    void AddOptions(TcpHeader& h, bool syn);
    void RetransmitHead();
    void MarkHeadLost();       //!< (9): the segment at snd_una is lost
    bool HeadTimedOut() const; //!< (8b): the head, never retransmitted, older than an RTO
    void MarkTimedOutLost();   //!< (8b): segments first sent more than an RTO ago are lost
    uint32_t Pipe() const;
    uint32_t AvailableWindow() const;
    uint16_t SynWindow();              //!< the window of our SYN, (12) (1) with LinuxReceiver
    uint16_t AdvertisedWindow();       //!< the window field of a segment; records rcv_wup, rcv_wnd
    uint32_t WindowClamp() const;      //!< the largest window the current buffer offers, (3)-(4)
    bool AckAfterRead() const;         //!< (7): an application read warrants an ACK now
    uint32_t WindowSpace() const;      //!< the window to offer in bytes, (3)-(4), unscaled
    uint32_t ReceiveBuffer() const;    //!< B of (3)-(6): the current receive buffer, bytes
    uint32_t SendBufferSet() const;    //!< the send buffer at set-up, (5) or (11), bytes
    uint32_t ReceiveBufferSet() const; //!< B at set-up, (5) or (6), bytes
    void GrowSendBuffer();             //!< (11) on an ACK that frees room
    void FixupBuffers(uint32_t smss);  //!< (11a)-(11b) at ESTABLISHED
    uint32_t FreeReceiveSpace() const;
    uint8_t WindowShiftForBuffer() const;

    // Timers
    void RetransmissionTimeout();
    void RestartRto();
    /** @return the RTO of (15) from the current RTT estimate, before any backoff */
    Time ComputeRto() const;
    void DelayedAckTimeout();
    void PersistTimeout();

    uint32_t EffectiveSize(uint32_t requested, uint32_t systemMax) const;
    SequenceNumber32 SndUna() const;
    SequenceNumber32 DataEnd() const; //!< sequence number one past the last byte written
    uint64_t ToRxOffset(SequenceNumber32 seq) const;
    bool InRecoveryOrLoss() const;

    // Configuration (attributes)
    uint32_t m_sndBufSize{0};  //!< SO_SNDBUF as set
    uint32_t m_rcvBufSize{0};  //!< SO_RCVBUF as set
    uint32_t m_segmentSize{0}; //!< SMSS without options
    uint32_t m_initialSsThresh{0};
    uint32_t m_initialCwnd{0}; //!< segments
    Time m_connTimeout;
    uint32_t m_synRetries{0};
    uint32_t m_dataRetries{0};
    Time m_delAckTimeout;
    uint32_t m_delAckMaxCount{0};
    bool m_noDelay{false};
    Time m_persistTimeout;
    Time m_minRto;
    RtoFormula m_rtoFormula{RFC6298_RTO};
    Time m_clockGranularity;
    Time m_maxSegLifetime;
    uint32_t m_retxThresh{0};
    bool m_limitedTransmit{false};
    bool m_sackEnabled{false};
    bool m_windowScalingEnabled{false};
    bool m_timestampEnabled{false};
    BufferSemantics m_bufferSemantics{NS3_BUFFERS};
    uint32_t m_rmemMax{0};
    uint32_t m_wmemMax{0};
    uint32_t m_advWinScale{0};
    bool m_autoTuning{false};
    bool m_moderateRcvBuf{true};
    bool m_linuxReceiver{false};       //!< LinuxReceiver: (12) applies
    TcpLinuxReceiver m_linuxRx;        //!< (12): rcv_ssthresh, quick-ACK and ping-pong modes
    TcpLinuxUndo m_undo;               //!< (13): undo of a needless recovery
    std::optional<uint32_t> m_ackEcho; //!< the time stamp the ACK being processed echoes
    const NetDevice* m_trueSizeDevice{nullptr}; //!< the device m_trueSize was read from
    uint32_t m_trueSize{0};                     //!< its RxSkbTrueSize: T of (12), 0 if none
    uint32_t m_segmentTrueSize{0};              //!< T of the segment being processed
    uint32_t m_autoTuningMax{0};
    bool m_sndAutoTuning{false};
    uint32_t m_sndAutoTuningMax{0};

    // Plumbing
    Ptr<Node> m_node;
    Ptr<TcpL4Protocol> m_tcp;
    Ipv4EndPoint* m_endPoint{nullptr};
    Ptr<NetDevice> m_boundDevice;
    Ptr<TcpCongestionOps> m_congestion;
    Ptr<TcpRecoveryOps> m_recovery;
    Ptr<RttEstimator> m_rtt;
    Ptr<TcpSocketState> m_tcb;

    // Connection state
    TracedValue<TcpStates_t> m_state{CLOSED};
    SocketErrno m_errno{ERROR_NOTERROR};
    bool m_shutdownSend{false};
    bool m_shutdownRecv{false};
    bool m_closeOnEmpty{false}; //!< Close() called: FIN after the last byte
    bool m_sending{false};      //!< inside SendPendingData: Send() only appends
    bool m_finSent{false};
    bool m_finAcked{false};
    bool m_closeNotified{false};
    uint32_t m_synCount{0};
    bool m_synRetransmitted{false};
    Time m_synSentTime;
    uint32_t m_dataRetryCount{0};

    // Send side
    TcpSendStream m_stream;
    std::unique_ptr<TcpSendScoreboard> m_scoreboard;
    uint32_t m_pendingBytes{0}; //!< written before the scoreboard existed
    SequenceNumber32 m_iss{0};
    TracedValue<uint32_t> m_effectiveSndBuf{0}; //!< the send buffer, (5) or (11)
    bool m_writerWaiting{false}; //!< (11): the application found the send buffer full
    TracedValue<uint32_t> m_rWnd{0};
    uint8_t m_sndWindShift{0};
    SequenceNumber32 m_highRxAckMark{0};
    SequenceNumber32 m_highRxMark{0};
    SequenceNumber32 m_recover{0};
    bool m_recoverActive{false};
    uint32_t m_dupAckCount{0};
    uint32_t m_renoSacked{0}; //!< D * SMSS of (1), SACK off
    uint32_t m_bytesAckedNotProcessed{0};
    uint64_t m_highRetransmitted{0}; //!< Karn: one past the highest retransmitted offset
    std::deque<std::pair<uint64_t, Time>> m_sendTimes; //!< (end offset, time) of new data
    TracedValue<Time> m_rto;
    DeadlineTimer m_retxTimer; //!< retransmission (and SYN, FIN) timer
    EventId m_persistEvent;
    EventId m_localRetry;          //!< (14): a retry with nothing in flight (probe0)
    Ptr<QueueDisc> m_localQueue;   //!< (14): the output device's queue discipline
    bool m_localQueueKnown{false}; //!< m_localQueue looked up
    SequenceNumber32 m_cwrHigh;    //!< (14): snd_nxt when CWR began (high_seq)
    Time m_persistDelay;
    EventId m_timeWaitEvent;

    // Receive side
    TcpReceiveBuffer m_rxBuffer;
    SequenceNumber32 m_irs{0};
    std::optional<uint64_t> m_peerFinOffset;
    bool m_peerFinConsumed{false};
    uint32_t m_effectiveRcvBuf{0};
    uint8_t m_rcvWindShift{0};
    uint64_t m_rcvWup{0};     //!< rcv_nxt when a window was last advertised (Linux rcv_wup)
    uint64_t m_rcvWnd{0};     //!< that window, bytes (rcv_wnd): its right edge is rcv_wup + rcv_wnd
    bool m_delivering{false}; //!< inside NotifyDataRecv of an arriving segment
    bool m_readWhileDelivering{false}; //!< the application read from that callback
    uint32_t m_timestampToEcho{0};
    TcpHeaderReader m_headerReader;    //!< takes a received segment's header
    Ptr<TcpOptionTS> m_txTimestamp;    //!< the time stamp of sent segments, reused while unheld
    SequenceNumber32 m_lastAckSent{0}; //!< Last.ACK.sent of RFC 7323
    uint32_t m_delAckCount{0};
    DeadlineTimer m_delAckTimer; //!< delayed-ACK timer
    uint32_t m_peerMss{0};
    uint64_t m_readInRtt{0}; //!< bytes read by the application since m_rttStart (6)
    Time m_rttStart;
    Address m_peerAddress;

    Stats m_stats;

    TracedCallback<Ptr<const Packet>, const TcpHeader&, Ptr<const TcpSocket>> m_txTrace;
    TracedCallback<Ptr<const Packet>, const TcpHeader&, Ptr<const TcpSocket>> m_rxTrace;
    TracedCallback<uint32_t, uint32_t> m_cWndTrace;
    TracedCallback<uint32_t, uint32_t> m_ssThTrace;
    TracedCallback<TcpSocketState::TcpCongState_t, TcpSocketState::TcpCongState_t> m_congStateTrace;
    TracedCallback<uint32_t, uint32_t> m_bytesInFlightTrace;
    TracedCallback<Time, Time> m_srttTrace;
    TracedValue<Time> m_rttVar;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_LFN_TCP_SOCKET_H
