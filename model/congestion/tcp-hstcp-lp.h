/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TCP_HSTCP_LP_H
#define HYBRIDNET_TCP_HSTCP_LP_H

#include "ns3/nstime.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/traced-value.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief HSTCP-LP (Kuzmanovic, Knightly and Cottrell 2004): HighSpeed TCP's window growth
 * with TCP-LP's early congestion inference, so that a bulk transfer uses the spare
 * capacity of a high-speed path and yields to other traffic.
 *
 * **One-way delay (TCP-LP, Kuzmanovic and Knightly 2003).**  Each ACK that acknowledges new
 * data and carries timestamps gives, in ticks of the 1 ms timestamp clock,
 *
 *     (1)  d = TSval - TSecr
 *
 * (TcpSocketState::m_rcvTimestampValue, m_rcvTimestampEchoReply: the receiver's clock when
 * it sent the ACK minus the sender's clock when it sent the segment echoed; a constant
 * offset between the clocks cancels in (3)).  TSecr echoes the oldest segment the receiver
 * had not yet acknowledged (RFC 7323), so d also holds the receiver's delayed-ACK wait:
 * up to the delayed-ACK timeout (ns-3: 200 ms) for a segment no second one follows.  To
 * keep that wait out, as TCP Vegas takes its minimum RTT per round for the same reason,
 * the sample is taken once per round: a round ends at the first ACK echoing a segment
 * sent in a later tick than the round began, and its sample is the smallest d of its
 * ACKs, used only if the round acknowledged two segments or more and began with a window
 * of two or more (a receiver that delays ACKs sends at least one of them for two
 * segments, without a wait).  The round samples are smoothed and their extremes kept,
 *
 *     (2)  s <- 7/8 s + 1/8 d;   d_min = min d;   d_max = the largest d but one,
 *
 * (d_max forgets the single largest sample, as Linux's tcp_lp.c).  A duplicate ACK gives no
 * sample: it echoes the segment before the hole (RFC 7323's TS.Recent rule), so its d
 * grows with the wait for the hole; Linux calls pkts_acked only when segments are
 * acknowledged (tcp_clean_rtx_queue), while ns-3's sockets call PktsAcked on duplicate ACKs
 * too (TcpSocketState::m_lastAckedSeq unchanged tells them apart).  The early
 * congestion indication, in whole ticks as Linux compares it, is
 *
 *     (3)  floor(s) > d_min + floor(delta (d_max - d_min))  and  d > the same limit,
 *
 * delta = Threshold (0.15).  The second condition: a round whose own delay is back below
 * the limit shows a queue draining, not building, however slowly s follows it.
 *
 * **Yielding.**  On an indication outside an inference interval the window halves; on one
 * within it, it drops to one segment; either starts a new interval of InferenceRtts (3)
 * smoothed RTTs during which the window does not grow at all.  A yield also sets ssthresh
 * to the reduced window (at least two segments), so that after the interval the flow is
 * in additive increase (the paper: it "enters the additive-increase congestion avoidance
 * phase").  After a yield, as Linux, d_min = floor(s) and d_max = 2 d_min: the next
 * indication needs the delay 15 % above the one that caused this yield.  A round ends at
 * the yield, so the next sample comes from segments sent after it.
 *
 * **Growth and loss (HighSpeed TCP).**  Outside inference, and only while cwnd limits the
 * sender (Linux's tcp_is_cwnd_limited, TcpSocketState::m_isCwndLimited): slow start below
 * ssthresh as Reno; above it HighSpeed's per-ACK increase from Linux's RFC 3649 table (as
 * TcpHighSpeedLinux, equation (5)): a(w) of credit per ACK, one segment per w of credit.
 * On loss ssthresh = w - floor(w b(w)).  Below 38 segments a = 1 and b = 1/2: TCP-LP over
 * Reno.  Without timestamps there is no sample and the class is HighSpeed TCP.
 *
 * **Departures from Linux's tcp_lp.c (read, not copied), each measured in
 * docs/modules/congestion.md.**  Linux samples every ACK, acts on every ACK above the
 * limit, leaves ssthresh alone (so after an interval it slow-starts again), estimates the
 * receiver's clock rate (both ns-3 hosts stamp milliseconds of simulation time, so (1)
 * needs no estimate) and times the interval as 3 (now - TSecr) of the last ACK.  ns-3's
 * TcpLp follows Linux there and stays at one or two segments on an idle 100 Mb/s path.
 *
 * References: A. Kuzmanovic, E. Knightly, R. L. Cottrell, "HSTCP-LP: A Protocol for
 * Low-Priority Bulk Data Transfer in High-Speed High-RTT Networks", PFLDnet 2004;
 * A. Kuzmanovic, E. Knightly, "TCP-LP: A Distributed Algorithm for Low Priority Data
 * Transfer", IEEE INFOCOM 2003; L. Brakmo, L. Peterson, "TCP Vegas", IEEE JSAC 1995.
 */
class TcpHstcpLp : public TcpNewReno
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpHstcpLp();
    /**
     * @brief Copy constructor (for Fork).
     * @param other the object to copy
     */
    TcpHstcpLp(const TcpHstcpLp& other);
    ~TcpHstcpLp() override;

    std::string GetName() const override;
    uint32_t GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight) override;
    void IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;
    void PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt) override;
    Ptr<TcpCongestionOps> Fork() override;

    /** @return true while the window is held after a yield */
    bool IsWithinInference() const;

  protected:
    void CongestionAvoidance(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;

  private:
    /**
     * Take the one-way delay of the ACK just received, (1), into the round's minimum; at
     * the end of a round, update (2).
     * @param tcb the socket state
     * @param segmentsAcked segments the ACK acknowledged
     * @return true if (2) took a new sample
     */
    bool Sample(Ptr<const TcpSocketState> tcb, uint32_t segmentsAcked);
    /**
     * Yield to an early congestion indication.
     * @param tcb the socket state
     */
    void Yield(Ptr<TcpSocketState> tcb);

    double m_threshold{0};     //!< delta of (3)
    double m_inferenceRtts{0}; //!< inference interval, smoothed RTTs

    bool m_haveSample{false};          //!< true once (2) holds a sample
    double m_smoothedOwd{0};           //!< s of (2), ms
    int64_t m_owdMin{0};               //!< d_min of (2), ms
    int64_t m_owdMax{0};               //!< d_max of (2), ms
    int64_t m_owdMaxReserve{0};        //!< largest sample, held back from d_max, ms
    Time m_inferenceEnd{0};            //!< end of the current inference interval
    uint32_t m_roundStartTsMs{0};      //!< sender's timestamp clock when the round began, ms
    int64_t m_roundMin{0};             //!< smallest d of (1) in the round, ms
    uint32_t m_roundSegments{0};       //!< segments acknowledged in the round
    uint32_t m_roundCwnd{0};           //!< cwnd when the round began, bytes
    int64_t m_lastSample{0};           //!< the last round's sample, ms
    SequenceNumber32 m_lastAck{0};     //!< m_lastAckedSeq at the last PktsAcked
    TracedValue<uint32_t> m_yields{0}; //!< early congestion indications acted on
    uint32_t m_row{0};                 //!< HighSpeed table row (moved in congestion avoidance)
    uint32_t m_ackCnt{0};              //!< HighSpeed increase credit
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TCP_HSTCP_LP_H
