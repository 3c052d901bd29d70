/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TCP_FAST_H
#define HYBRIDNET_TCP_FAST_H

#include "ns3/nstime.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/traced-value.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief FAST TCP (Jin, Wei and Low 2004): a delay-based window update that keeps alpha
 * packets of each flow queued in the path.
 *
 * With w the window (segments), baseRTT the smallest RTT seen (the propagation delay
 * estimate) and RTT the mean RTT over the last window of ACKs, once per RTT:
 *
 *     (1)  w <- min( 2 w,  (1 - gamma) w + gamma (baseRTT / RTT  w + alpha) )
 *
 * gamma in (0, 1] (Gamma), alpha > 0 packets (Alpha).  The fixed point of (1) is
 *
 *     (2)  w* (1 - baseRTT / RTT) = alpha,
 *
 * i.e. w* / RTT x (RTT - baseRTT) = alpha: the flow's packets in the queue equal alpha,
 * whatever the RTT and rate; N flows sharing a bottleneck keep N alpha packets queued and
 * get equal rates.  When RTT does not depend on w, (1) approaches w* geometrically, the
 * error shrinking by the factor 1 - gamma (1 - baseRTT/RTT) per RTT (faster when the queue
 * grows with w), and never more than doubles w per RTT.
 *
 * **This implementation.**  "Once per RTT" is once per window of segments acknowledged:
 * the update is applied when the segments acknowledged since the last update reach the
 * window set by that update (so it needs no timer and runs the same on any socket).  RTT
 * samples are TcpSocketState::m_lastRtt (the RTT of the segment just acknowledged), or the
 * rtt argument of PktsAcked when m_lastRtt is zero; baseRTT is their minimum over the
 * connection, RTT their mean over the window.  Slow start (cwnd < ssthresh) is Reno's.  On
 * a loss FAST behaves as the paper's implementation does: ssthresh = max(w / 2, 2)
 * (Reno's halving), after which (1) resumes.  Not modelled: the Caltech implementation's
 * pacing of the window change over the RTT and its own slow-start exit by delay.
 *
 * Reference: C. Jin, D. X. Wei, S. H. Low, "FAST TCP: Motivation, Architecture,
 * Algorithms, Performance", IEEE INFOCOM 2004.
 */
class TcpFast : public TcpNewReno
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpFast();
    /**
     * @brief Copy constructor (for Fork).
     * @param other the object to copy
     */
    TcpFast(const TcpFast& other);
    ~TcpFast() override;

    std::string GetName() const override;
    uint32_t GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight) override;
    void PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt) override;
    void CongestionStateSet(Ptr<TcpSocketState> tcb,
                            const TcpSocketState::TcpCongState_t newState) override;
    Ptr<TcpCongestionOps> Fork() override;

    /** @return baseRTT (zero before the first sample) */
    Time GetBaseRtt() const;

  protected:
    void CongestionAvoidance(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;

  private:
    double m_alpha{0}; //!< alpha of (1), packets
    double m_gamma{0}; //!< gamma of (1)

    TracedValue<Time> m_baseRtt{Time(0)}; //!< baseRTT
    Time m_rttSum{0};                     //!< Sum of the RTT samples of this window
    uint32_t m_rttCount{0};               //!< Number of RTT samples of this window
    uint32_t m_acked{0};                  //!< Segments acknowledged since the last update
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TCP_FAST_H
