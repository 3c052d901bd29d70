/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TCP_HIGH_SPEED_LINUX_H
#define HYBRIDNET_TCP_HIGH_SPEED_LINUX_H

#include "ns3/tcp-congestion-ops.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief HighSpeed TCP (RFC 3649) as Linux 2.6's tcp_highspeed.c runs it.
 *
 * RFC 3649 replaces Reno's constants a = 1, b = 1/2 by functions of the window w (in
 * segments):
 *
 *     (1)  per ACK in congestion avoidance:  w <- w + a(w) / w
 *     (2)  per congestion event:             w <- (1 - b(w)) w
 *
 * with a(w) = 1, b(w) = 1/2 for w <= Low_Window = 38 (HighSpeed is Reno there) and
 *
 *     (3)  b(w) = (High_Decrease - 1/2) (ln w - ln 38) / (ln 83000 - ln 38) + 1/2
 *     (4)  a(w) = w^2 p(w) 2 b(w) / (2 - b(w)),   p(w) = 0.078 / w^1.2
 *
 * (RFC 3649 section 5, High_Decrease = 0.1).  Appendix B tabulates (3)-(4) as rows
 * (w_k, a = k, b_k), w_1 = 38, w_2 = 118, ...: w_k is where (4) reaches about k.
 *
 * **What Linux does, and so this class** (net/ipv4/tcp_highspeed.c, the modular file that
 * entered mainline with 2.6.13 and kept its algorithm through 2.6.x; the 2.6.6 hosts of
 * the WAN studies ran the same algorithm from the DataTAG/altAIMD patch):
 * - a table of 72 rows (w_k, md_k) with w_1 = 38 ... w_72 = 89053 and the decrease in
 *   fixed point, b_k = md_k / 256 (0.5, 0.4375, 0.40625, ...);
 * - an index i (0-based) kept between ACKs and moved, in congestion avoidance only, to
 *   the row with w_{i-1} < w <= w_i (i = 0 for w <= 38; i stays at the last row above
 *   89053).  Then
 *
 *     (5)  a(w) = i + 1,    b(w) = md_i / 256
 *
 *   i.e. row k's decrease applies on (w_{k-1}, w_k] and the increase there is k;
 * - per ACK (not per segment acknowledged): cnt += i + 1; if cnt >= w then cnt -= w and
 *   w <- w + 1 (at most one segment per ACK);
 * - on a congestion event: ssthresh = max(w - floor(w md_i / 256), 2) with w = cwnd (not
 *   the data in flight) and the index as last moved: a loss in slow start, before any
 *   congestion-avoidance ACK moved the index, halves (i = 0).
 *
 * **Differences from ns-3's TcpHighSpeed** (ns-3.44, tcp-highspeed.cc):
 * - ns-3's table has a 73rd row (94717: a = 73, b = 0.09) that Linux does not have, and
 *   above it continues with a = 73; Linux stops at 89053 (a = 72, b = 24/256 = 0.094);
 * - ns-3 stores b as the RFC's two-decimal values, Linux as md/256 (0.44 vs 0.4375 ...);
 * - ns-3's row for 53667 is 53677 in Linux;
 * - ns-3 counts segments acknowledged (a(w) per segment), Linux counts ACKs: with delayed
 *   ACKs (2 segments per ACK) Linux grows half as fast as ns-3;
 * - ns-3 computes the decrease from bytesInFlight and looks b up at that window; Linux
 *   from cwnd with the index as last moved;
 * - ns-3 can add several segments on one stretch ACK; Linux at most one.
 * Both Linux and ns-3 apply row k on (w_{k-1}, w_k], which by (4) gives a(w) about one
 * more than the formula just above w_{k-1}; the class keeps Linux's reading.
 *
 * Slow start is ns-3's (TcpNewReno: cwnd < ssthresh; Linux uses cwnd <= ssthresh).
 *
 * Reference: S. Floyd, "HighSpeed TCP for Large Congestion Windows", RFC 3649, 2003.
 */
class TcpHighSpeedLinux : public TcpNewReno
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpHighSpeedLinux();
    /**
     * @brief Copy constructor (for Fork).
     * @param other the object to copy
     */
    TcpHighSpeedLinux(const TcpHighSpeedLinux& other);
    ~TcpHighSpeedLinux() override;

    std::string GetName() const override;
    uint32_t GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight) override;
    Ptr<TcpCongestionOps> Fork() override;

    /** @return the number of rows of Linux's table (72) */
    static uint32_t GetTableSize();
    /**
     * @param row a 0-based row, < GetTableSize()
     * @return the upper window (segments) of @p row
     */
    static uint32_t GetTableWindow(uint32_t row);
    /**
     * @param w congestion window in segments
     * @return the row i of equation (5) for @p w: w_{i-1} < w <= w_i, the last row above it
     */
    static uint32_t LookupRow(uint32_t w);
    /**
     * @param row a 0-based row
     * @return a(w) of equation (5) on @p row: row + 1
     */
    static uint32_t GetIncrease(uint32_t row);
    /**
     * @param row a 0-based row
     * @return b(w) of equation (5) on @p row: md / 256
     */
    static double GetDecrease(uint32_t row);

    /** @return the current table row (the index i of equation (5)) */
    uint32_t GetRow() const;

    /**
     * Grow cwnd only while it limits the sender (Linux 2.6's tcp_is_cwnd_limited test at
     * the top of cong_avoid; ns-3's sockets set TcpSocketState::m_isCwndLimited).
     * @param tcb the connection's state
     * @param segmentsAcked segments acknowledged
     */
    void IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;

  protected:
    void CongestionAvoidance(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;

  private:
    uint32_t m_row{0};    //!< Index i of (5), moved in congestion avoidance only
    uint32_t m_ackCnt{0}; //!< Linux's snd_cwnd_cnt: increase credit, in 1/w segments
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TCP_HIGH_SPEED_LINUX_H
