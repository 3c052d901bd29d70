/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TCP_LINUX_RECEIVER_H
#define HYBRIDNET_TCP_LINUX_RECEIVER_H

#include "ns3/nstime.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The receiving half of a Linux 2.4/2.6 TCP connection that decides how much window
 * to offer and when to acknowledge at once: the receive window's slow start (rcv_ssthresh)
 * and the quick-ACK and ping-pong modes of the delayed-ACK engine.  LfnTcpSocket consults
 * it when its LinuxReceiver attribute is set.
 *
 * Sources: Linux 2.6.11 net/ipv4/tcp_output.c (tcp_select_initial_window,
 * __tcp_select_window, tcp_event_ack_sent, tcp_event_data_sent), net/ipv4/tcp_input.c
 * (tcp_init_buffer_space, tcp_grow_window, tcp_incr_quickack, tcp_event_data_recv,
 * tcp_data_queue), include/net/tcp.h (tcp_dec_quickack_mode, TCP_MAX_QUICKACKS = 16,
 * TCP_MIN_RCVMSS = 536); Linux 2.4 has the same rules (tcp_opt instead of tcp_sock).
 *
 * With M our MSS (advmss), m the peer's MSS as measured (rcv_mss), F the window the free
 * buffer allows (LfnTcpSocket (3)-(4)) and C the window clamp:
 *
 * **Window.**  The first window offered (the SYN's) is the buffer's window quantised to M
 * and, when M > 2^wscale, at most k M with k = 4 for M <= 1460, 3 for M <= 4380, else 2
 * (RFC 3390's initial windows, "enough for senders"); r = rcv_ssthresh starts there:
 *
 *     (1)  r_0 = min(F_0 rounded down to M, k M)
 *
 * Every in-order data segment of P >= 128 B, while r < C and r < F, grows it by an
 * increment i and, when i > 0, asks for an immediate ACK (tcp_grow_window):
 *
 *     (2)  r := min(r + i, C),   q := max(q, 1)   if i > 0
 *
 * The increment depends on the kernel memory the segment takes, T = skb->truesize (the
 * driver's receive buffer and the sk_buff, NicNetDevice (R8)), through the window that
 * much buffer is worth, w(T) = T - T / 2^AdvWinScale (tcp_win_from_space), and on the
 * window of the whole buffer, W_B (tcp_full_space) - check #2, "increase window, if skb
 * with such overhead will fit to rcvbuf in future":
 *
 *     (2b) i = 2 M                        if w(T) <= P  (or T unknown: not modelled);
 *          else, with t = w(T) / 2 and h = W_B / 2, halving both while r <= h:
 *          i = 2 m at the first halving where t <= P, 0 once r > h
 *                                           (__tcp_grow_window)
 *
 * so a segment whose buffer costs more than 4/3 of its payload grows r only while
 * r <= W_B / 2^k, k the halvings t needs to fit in P: an e1000 receiver at MTU 1500 (2 KiB
 * buffers, T about 2.3 KiB, w(T) = 1.7 KiB > 1448 B, t = 0.86 KiB) stops at the first
 * increment past W_B / 2 - with Linux 2.4's default 87380 B buffer, W_B = 65535 B and r
 * ends at 34752 B - and at MTU 9000 (16 KiB buffers) the same.
 *
 * C reserves one segment of the buffer's window W_B (tcp_init_buffer_space, "Force
 * reservation of one segment"): C = max(2 M, W_B - M) when W_B > 2 M, else W_B.  The window
 * offered is
 *
 *     (3)  W = min(F, r)
 *
 * so a receiver opens its window to a sender in slow start by two segments per segment
 * received, ahead of the sender's cwnd, and never offers more than C.
 *
 * **Quick ACKs.**  q counts the ACKs still to be sent at once.  On the first data segment
 * of the connection, and on one that comes more than an RTO after the previous one
 * (tcp_event_data_recv), and on a segment that brings no new data (a retransmission:
 * tcp_enter_quickack_mode, which also leaves ping-pong mode):
 *
 *     (4)  q := max(q, min(16, n)),   n = W_adv / (2 m), or 2 if that is 0
 *
 * with W_adv the window last advertised and m measured from the segments received (the
 * largest payload seen, starting at min(M, 536)).  While q > 0 and the connection is not in
 * ping-pong mode, every in-order data segment is acknowledged at once (tcp_in_quickack_mode);
 * each segment sent with an ACK decrements q (tcp_dec_quickack_mode), and q drops to 0 when
 * the free window falls below half the clamp (__tcp_select_window).
 *
 * **Ping-pong.**  A connection that sends data within a (below) of the last data it
 * received is interactive (tcp_event_data_sent): quick ACKs stop until a delayed ACK's
 * timer expires, which leaves the mode.
 *
 * **Delayed-ACK timeout** (tcp_event_data_recv, tcp_send_delayed_ack, tcp_delack_timer,
 * tcp_enter_quickack_mode; include/net/tcp.h TCP_ATO_MIN = TCP_DELACK_MIN = HZ/25 = 40 ms,
 * TCP_DELACK_MAX = HZ/5 = 200 ms).  The estimate a (Linux's ato) starts at A = 40 ms with the
 * first data segment and follows the time m since the previous one:
 *
 *     (5)  a := a/2 + A/2                 if m <= A/2
 *          a := min(a/2 + m, RTO)         if A/2 < m < a        (otherwise unchanged)
 *
 * A delayed-ACK timer that expires doubles it, a := min(2a, RTO), or in ping-pong mode ends
 * the mode and sets a := A; a duplicate sets a := A.  The timer is set to
 *
 *     (6)  t = a                                                 if a <= 40 ms
 *          t = min(a, T_max, max(srtt, 40 ms))                   otherwise (srtt if known)
 *
 * with T_max = 200 ms in ping-pong mode, else HZ/2 = 500 ms.  So on a LAN (srtt below
 * 40 ms) a delayed ACK waits 40 ms, on a long path at most one smoothed RTT, and a bulk
 * receiver keeps a = 40 ms (m small: a/2 + 20 ms has 40 ms as its fixed point).
 *
 * Not modelled: skb->truesize against the free space F (Linux charges T, not P, for each
 * segment held, tcp_space; here F counts payload), memory pressure, the timer's jiffy
 * granularity (10 ms on 2.4), and the 200 ms cap for a receiver whose last segment was
 * pushed short (TCP_ACK_PUSHED).
 */
class TcpLinuxReceiver
{
  public:
    /**
     * The SYN's window, (1); sets r_0 and forgets any earlier connection's state.
     * @param space F_0, the window the empty buffer allows (bytes)
     * @param mss M, our MSS (bytes, > 0)
     * @param windowShift the receive window scale we announce
     * @return the window to put in the SYN (bytes)
     */
    uint32_t Start(uint32_t space, uint32_t mss, uint8_t windowShift);

    /**
     * Set the clamp C from the buffer's window (after the handshake and whenever the buffer
     * changes).
     * @param bufferWindow W_B, the window of the whole buffer (bytes)
     */
    void SetClamp(uint32_t bufferWindow);

    /**
     * An in-order data segment was queued, (2), (2b) and (4).
     * @param bytes P, its payload (bytes)
     * @param trueSizeWindow w(T) of (2b), the window its kernel memory is worth (bytes; 0:
     *        T not modelled)
     * @param freeWindow F after it was queued (bytes)
     * @param now the time
     * @param rto the current retransmission timeout
     */
    void DataReceived(uint32_t bytes,
                      uint32_t trueSizeWindow,
                      uint32_t freeWindow,
                      Time now,
                      Time rto);
    /** A segment with no new data arrived (a retransmission), (4); a := A. */
    void DuplicateReceived();
    /**
     * The window is advertised: (3), and q := 0 when the free window is below half the
     * clamp.  Records W_adv for (4).
     * @param freeWindow F (bytes)
     * @return W (bytes)
     */
    uint32_t Offer(uint32_t freeWindow);

    /**
     * @param freeWindow F (bytes)
     * @return W of (3), without recording it
     */
    uint32_t WindowFor(uint32_t freeWindow) const;

    /** @return true if an in-order data segment is to be acknowledged at once */
    bool QuickAck() const;
    /** A segment carrying an ACK was sent: q decrements. */
    void AckSent();
    /**
     * A data segment was sent: ping-pong mode if it follows received data within a.
     * @param now the time
     */
    void DataSent(Time now);
    /**
     * The delayed-ACK timer expired with an ACK pending: a doubles, or ping-pong mode ends.
     * @param rto the current retransmission timeout (a's ceiling)
     */
    void DelayedAckExpired(Time rto);
    /**
     * @param srtt the smoothed RTT (zero: none measured yet)
     * @return t of (6), the delayed-ACK timer to set
     */
    Time DelayedAckTimeout(Time srtt) const;
    /** @return a, the delayed-ACK estimate (ato) */
    Time GetAto() const;

    /** @return r, rcv_ssthresh (bytes) */
    uint32_t GetWindowThreshold() const;
    /** @return C, the clamp (bytes) */
    uint32_t GetClamp() const;
    /** @return q, the quick ACKs left */
    uint32_t GetQuickAcks() const;
    /** @return m, the peer's MSS as measured (bytes) */
    uint32_t GetReceiveMss() const;
    /** @return true in ping-pong mode */
    bool IsPingPong() const;

  private:
    /**
     * @param bytes P
     * @param trueSizeWindow w(T), 0 if not modelled
     * @return i of (2b)
     */
    uint32_t GrowthStep(uint32_t bytes, uint32_t trueSizeWindow) const;

    void IncreaseQuickAcks(); //!< (4)
    /**
     * (5), and (4) after an idle RTO.
     * @param gap m, the time since the previous data segment
     * @param rto the current retransmission timeout
     */
    void AdaptAto(Time gap, Time rto);

    uint32_t m_mss{0};            //!< M
    uint32_t m_rcvMss{0};         //!< m
    uint32_t m_threshold{0};      //!< r
    uint32_t m_clamp{0};          //!< C
    uint32_t m_bufferWindow{0};   //!< W_B of (2b)
    uint32_t m_advertised{0};     //!< W_adv
    uint32_t m_quickAcks{0};      //!< q
    bool m_pingPong{false};       //!< ping-pong mode
    bool m_dataSeen{false};       //!< a data segment has arrived (Linux: ato != 0)
    Time m_ato{MilliSeconds(40)}; //!< a of (5)
    Time m_lastData{Seconds(0)};  //!< when the last in-order data segment arrived
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TCP_LINUX_RECEIVER_H
