/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TCP_HTCP_LINUX_H
#define HYBRIDNET_TCP_HTCP_LINUX_H

#include "ns3/nstime.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <string>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief H-TCP (Leith and Shorten) as Linux 2.6's tcp_htcp.c runs it.
 *
 * Per ACK in congestion avoidance and per congestion event (w in segments):
 *
 *     (1)  w <- w + alpha / w          (one segment per w/alpha segments acknowledged)
 *     (2)  w <- beta w
 *
 * with Delta the time since the last congestion event and Delta_L = 1 s,
 *
 *     (3)  f(Delta) = 1                                            Delta <= Delta_L
 *          f(Delta) = 1 + 10 (Delta - Delta_L) + ((Delta - Delta_L)/2)^2   otherwise
 *     (4)  alpha = 2 (1 - beta) f(Delta) s(RTT_min)
 *     (5)  beta  = clamp(RTT_min / RTT_max, MinBackoff, MaxBackoff)  (adaptive backoff)
 *          beta  = MinBackoff   if the throughput B before the event changed by more than
 *                               ThroughputChange since the previous event: |dB| / B > 0.2
 *
 * (4)'s factor 2 (1 - beta) keeps the mean rate of (1)-(2) that of Reno at f = 1 (Leith and
 * Shorten 2004).  s is Linux's RTT scaling (RttScaling): s = clamp(RTT_min / 100 ms, 0.1,
 * 2), with f s raised to at least 1, which makes alpha proportional to the RTT so that flows
 * of different RTT gain windows at equal rates in time.
 *
 * **Linux details kept** (net/ipv4/tcp_htcp.c; in mainline since 2.6.13, algorithm
 * unchanged since; the WAN studies' 2.6.6 hosts ran the Hamilton Institute's H-TCP patch,
 * which this file descends from):
 * - the adaptive backoff (5) is used only from the second congestion event on (a mode
 *   switch), only when RTT_min > 10 ms, and MinBackoff = 0.5 otherwise;
 * - RTT_max only grows by samples within 20 ms of the current RTT_max (spikes ignored),
 *   and fades at each event: RTT_max <- RTT_min + 0.95 (RTT_max - RTT_min);
 * - B is the maximum of a moving average Bi <- (3 Bi + B_cur) / 4 of the acknowledged
 *   rate, one sample per window (and at least one RTT_min) in the Open/Disorder states,
 *   restarted during the first 4 RTT_min after an event; the test of (5) is
 *   0.8 B_old <= B <= 1.2 B_old (Linux: between(5 maxB, 4 oldB, 6 oldB));
 * - alpha is recomputed at each congestion event and at each increment of (1), Delta
 *   restarts when the socket enters CWR, Recovery or Loss;
 * - the increment of (1) counts segments acknowledged, Linux style: the ACK that adds the
 *   segment does not count.
 * Linux computes in jiffies and in 1/128 fixed point (f an integer); this class in
 * double, so alpha differs from Linux's by less than one fixed-point step of f.
 *
 * **Differences from ns-3's TcpHtcp** (ns-3.44, tcp-htcp.cc):
 * - beta = RTT_min/RTT_max is not clamped to [0.5, 0.8] (0.99 on a lightly queued path);
 * - the throughput test divides two integers (diff / m_lastThroughput is 0 for any
 *   increase below 100 %), so every increase passes as "small", and a decrease always
 *   gives 0.5;
 * - the increase adds mss^2/cwnd + alpha bytes per ACK (alpha in bytes, not alpha
 *   mss^2/cwnd): alpha's growth is all but lost at large windows; and counts one ACK
 *   however many segments it acknowledges;
 * - alpha is 2 f (twice Linux's) until the first loss (beta starts at 0), no RTT scaling,
 *   no mode switch, no RTT_max filter or fading, B is the mean rate since the last event;
 * - DefaultBackoff accepts 1 (no decrease at all).
 *
 * References: D. Leith, R. Shorten, "H-TCP: TCP for high-speed and long-distance
 * networks", PFLDnet 2004; D. Leith, R. Shorten, "H-TCP protocol for high-speed
 * long-distance networks" (Internet-Draft, 2005).
 */
class TcpHtcpLinux : public TcpNewReno
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpHtcpLinux();
    /**
     * @brief Copy constructor (for Fork).
     * @param other the object to copy
     */
    TcpHtcpLinux(const TcpHtcpLinux& other);
    ~TcpHtcpLinux() override;

    std::string GetName() const override;
    void Init(Ptr<TcpSocketState> tcb) override;
    uint32_t GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight) override;
    void PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt) override;
    void CongestionStateSet(Ptr<TcpSocketState> tcb,
                            const TcpSocketState::TcpCongState_t newState) override;
    Ptr<TcpCongestionOps> Fork() override;

    /** @return alpha of (4), segments per RTT */
    double GetAlpha() const;
    /** @return beta of (5) */
    double GetBeta() const;
    /** @return f(Delta) of (3) for a time @p delta since the last congestion event */
    double GetIncreaseFactor(Time delta) const;
    /** @return "" if the attributes are consistent (MinBackoff <= MaxBackoff), else a
     *  one-line description; Init and GetSsThresh abort with it */
    std::string Validate() const;

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
    /** Recompute alpha, equations (3)-(4). */
    void UpdateAlpha();
    /** Recompute beta, equation (5). */
    void UpdateBeta();
    /** Abort with Validate()'s message if it is not empty. */
    void CheckParameters() const;

    // Attributes
    Time m_deltaL;                //!< Delta_L of (3)
    double m_minBackoff{0};       //!< Lower clamp of (5), and the backoff without adaptation
    double m_maxBackoff{0};       //!< Upper clamp of (5)
    double m_throughputChange{0}; //!< Relative change of B that disables (5)
    bool m_rttScaling{true};      //!< Apply s(RTT_min) in (4)
    bool m_bandwidthSwitch{true}; //!< Apply the throughput test of (5)

    // State
    TracedValue<double> m_alpha{1.0}; //!< alpha of (4)
    TracedValue<double> m_beta{0.5};  //!< beta of (5)
    bool m_modeSwitch{false};         //!< Adaptive backoff allowed (after one event)
    uint32_t m_pktsAcked{1};          //!< Segments acknowledged by the current ACK
    uint32_t m_cwndCnt{0};            //!< Segments acknowledged since the last increment
    Time m_minRtt;                    //!< RTT_min (zero: none yet)
    Time m_maxRtt;                    //!< RTT_max (zero: none yet)
    Time m_lastCong;                  //!< Start of the current congestion epoch
    uint32_t m_packetCount{0};        //!< Segments acknowledged in this rate sample
    Time m_lastTime;                  //!< Start of this rate sample
    double m_bi{0};                   //!< Moving average of the rate, segments/s
    double m_maxB{0};                 //!< B: maximum of m_bi in this epoch
    double m_oldMaxB{0};              //!< B of the previous epoch
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TCP_HTCP_LINUX_H
