/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TCP_HSTCP_LP_H
#define HYBRIDNET_TCP_HSTCP_LP_H

#include "ns3/nstime.h"
#include "ns3/tcp-lp.h"

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
 * TCP-LP part (Kuzmanovic and Knightly 2003), reused from ns-3's TcpLp: the forward
 * one-way delay d of each ACK is TSval - TSecr of the timestamp option
 * (TcpSocketState::m_rcvTimestampValue, m_rcvTimestampEchoReply, in ms), smoothed
 * s <- 7/8 s + 1/8 d; with d_min, d_max the extreme delays seen,
 *
 *     (1)  early congestion indication:  s > d_min + delta (d_max - d_min),  delta = 0.15
 *
 * On an indication the flow yields: outside an inference interval it halves cwnd, inside
 * one (the interval of 3 RTT after the previous yield) it sets cwnd to one segment; during
 * the inference interval the window does not grow.
 *
 * HighSpeed part: outside inference, congestion avoidance is HighSpeed TCP's per ACK,
 * a(w) from Linux's RFC 3649 table (TcpHighSpeedLinux, equation (5)): credit a(w) per ACK,
 * one segment per w of credit; on loss ssthresh = w - floor(w b(w)) (HighSpeed's
 * decrease instead of TCP-LP's Reno halving).  Below 38 segments it is TCP-LP exactly.
 *
 * **How TcpLp is reused.**  TcpLp's delay filter, threshold and yielding run unchanged
 * (its PktsAcked); this class sees a yield as the window reduction TcpLp::PktsAcked makes,
 * and keeps its own record of the inference interval (3 x (now - TSecr) as TcpLp computes
 * it) to hold the HighSpeed increase, because TcpLp keeps its flags private.  A yield at a
 * window of one segment changes nothing observable and so does not restart the interval
 * here (TcpLp's own Reno increase, unused here, would be held).  TcpLp, as ns-3 writes it,
 * departs from Linux's tcp_lp.c: delays in ms of simulation time instead of the remote
 * clock's estimated HZ, |TSval - TSecr| (absolute value), and the inference interval from
 * the last ACK's echo time; these carry over.  Known problem (docs/modules/congestion.md):
 * on ns-3 3.44's TcpSocketBase, TcpLp and therefore this class stay at one or two segments
 * on an idle path, in part because TSval - TSecr includes the receiver's delayed-ACK wait.
 *
 * References: A. Kuzmanovic, E. Knightly, R. L. Cottrell, "HSTCP-LP: A Protocol for
 * Low-Priority Bulk Data Transfer in High-Speed High-RTT Networks", PFLDnet 2004;
 * A. Kuzmanovic, E. Knightly, "TCP-LP: A Distributed Algorithm for Low Priority Data
 * Transfer", IEEE INFOCOM 2003.
 */
class TcpHstcpLp : public TcpLp
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
    void PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt) override;
    Ptr<TcpCongestionOps> Fork() override;

    /** @return true while the window is held after a yield */
    bool IsWithinInference() const;

  protected:
    void CongestionAvoidance(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;

  private:
    Time m_lastYield{0};   //!< Time of the last observed yield (zero: none)
    Time m_inference{0};   //!< Inference interval, 3 x (now - TSecr)
    uint32_t m_row{0};     //!< HighSpeed table row (moved in congestion avoidance)
    uint32_t m_ackCnt{0};  //!< HighSpeed increase credit
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TCP_HSTCP_LP_H
