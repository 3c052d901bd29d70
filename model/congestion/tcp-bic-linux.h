/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TCP_BIC_LINUX_H
#define HYBRIDNET_TCP_BIC_LINUX_H

#include "ns3/tcp-congestion-ops.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief BIC-TCP (Xu, Harfoush and Rhee) as Linux 2.6's tcp_bic.c runs it.
 *
 * BIC searches for the window W_max at which the last loss happened.  With w the window
 * (segments), B the binary-search divisor (BinarySearchCoefficient, 4), S_max the largest
 * step (MaxIncrement, 16), and the step per RTT d, congestion avoidance adds one segment
 * every cnt segments acknowledged, cnt = w / d:
 *
 *     (1)  w <= LowWindow:                 cnt = w                    (Reno)
 *     (2)  w <  W_max,  D = floor((W_max - w) / B):
 *              D > S_max:                  cnt = w / S_max            (additive increase)
 *              D <= 1:                     cnt = w SmoothPart / B     (smoothed arrival)
 *              otherwise:                  cnt = w / D                (binary search)
 *     (3)  w >= W_max ("max probing", slow start mirrored around W_max):
 *              w < W_max + B:              cnt = w SmoothPart / B
 *              w < W_max + S_max (B - 1):  cnt = w (B - 1) / (w - W_max)
 *              otherwise:                  cnt = w / S_max
 *     (4)  no loss yet: cnt <= 20 (at least 5 % per RTT);  cnt >= 1
 *
 * all divisions on integers.  On a congestion event, with beta = Beta (819/1024):
 *
 *     (5)  W_max = w (1 + beta) / 2  if w < W_max and FastConvergence, else W_max = w
 *     (6)  ssthresh = max(floor(w / 2), 2)        if w <= LowWindow
 *          ssthresh = max(floor(w beta), 2)       otherwise
 *
 * A retransmission timeout (state Loss) forgets W_max; Init sets ssthresh to
 * InitialSsThresh (100 segments in Linux) unless it is 0.  cnt counts segments: Linux
 * counts ACKs against cnt divided by its measured segments-per-ACK ratio, which is the same
 * for ACK counts from (2)-(3); in the Reno region Linux counts ACKs unscaled.
 *
 * **Linux version read**: net/ipv4/tcp_bic.c as in 2.6.13-2.6.18 (smooth_part 20,
 * max_increment 16, low_window 14, beta 819, initial_ssthresh 100).  The 2.6.6-2.6.12
 * kernels carried BIC inside tcp_input.c/tcp.h with the same structure; up to 2.6.10 its
 * fast convergence computed W_max = w 15/4 instead of w 15/16 (reported by Leith et al.,
 * February 2005, fixed in 2.6.11), which this class does not reproduce.
 *
 * **Differences from ns-3's TcpBic** (ns-3.44, tcp-bic.cc):
 * - SmoothPart defaults to 5 (Linux 20): ns-3 closes the last B segments to W_max four
 *   times faster;
 * - fast convergence sets W_max = beta w (0.8 w); Linux (1 + beta)/2 w (0.9 w), the BIC
 *   paper's (W_max + W_min)/2;
 * - at w = LowWindow ns-3 already runs BIC (uses w < LowWindow for both (1) and (6));
 *   Linux is still Reno there;
 * - ns-3's low-window decrease halves bytesInFlight, Linux halves cwnd;
 * - no InitialSsThresh, no reset of W_max on a timeout;
 * - one ACK can do a slow-start step and a congestion-avoidance step;
 * - Beta accepts values >= 1 (no decrease, or an increase on loss).
 *
 * Reference: L. Xu, K. Harfoush, I. Rhee, "Binary Increase Congestion Control (BIC) for
 * Fast Long-Distance Networks", IEEE INFOCOM 2004.
 */
class TcpBicLinux : public TcpNewReno
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpBicLinux();
    /**
     * @brief Copy constructor (for Fork).
     * @param other the object to copy
     */
    TcpBicLinux(const TcpBicLinux& other);
    ~TcpBicLinux() override;

    std::string GetName() const override;
    void Init(Ptr<TcpSocketState> tcb) override;
    void IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;
    uint32_t GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight) override;
    void CongestionStateSet(Ptr<TcpSocketState> tcb,
                            const TcpSocketState::TcpCongState_t newState) override;
    Ptr<TcpCongestionOps> Fork() override;

    /**
     * @param w congestion window, segments
     * @return cnt of (1)-(4) for @p w and the current W_max
     */
    uint32_t GetAckCount(uint32_t w) const;
    /** @return W_max, segments (0 before the first loss) */
    uint32_t GetLastMaxCwnd() const;

  private:
    // Attributes
    bool m_fastConvergence{true};  //!< Apply (5)'s fast convergence
    double m_beta{0};              //!< beta of (5)-(6)
    uint32_t m_maxIncrement{0};    //!< S_max
    uint32_t m_lowWindow{0};       //!< LowWindow
    uint32_t m_smoothPart{0};      //!< SmoothPart
    uint32_t m_b{0};               //!< B
    uint32_t m_initialSsThresh{0}; //!< Initial ssthresh, segments (0: keep the socket's)

    // State
    uint32_t m_lastMaxCwnd{0}; //!< W_max
    uint32_t m_lossCwnd{0};    //!< w at the last loss (0: none)
    uint32_t m_cwndCnt{0};     //!< Segments acknowledged since the last increment
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TCP_BIC_LINUX_H
