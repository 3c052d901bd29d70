/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TCP_SCALABLE_LINUX_H
#define HYBRIDNET_TCP_SCALABLE_LINUX_H

#include "ns3/tcp-congestion-ops.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Scalable TCP (Kelly 2003) as Linux 2.6's tcp_scalable.c runs it.
 *
 * Kelly's rule, per segment acknowledged without loss and per congestion event:
 *
 *     (1)  w <- w + a,          a = 0.01
 *     (2)  w <- w - b w,        b = 0.125
 *
 * so the recovery time after a loss, ln(1/(1-b)) / ln(1+a) RTTs, does not depend on the
 * rate.
 *
 * **Linux 2.6** (tcp_scalable.c of 2.6.13-2.6.2x; the studies' 2.6.6 ran the same rule
 * from the DataTAG/altAIMD patch) counts ACKs, not segments, with an integer counter:
 *
 *     (3)  per ACK:  if cnt >= min(w, N) then (w <- w + 1, cnt <- 0) else cnt <- cnt + 1
 *     (4)  ssthresh = max(w - floor(w b), 2),   w = cwnd in segments
 *
 * with N = AiCount = 50: one segment per N + 1 ACKs.  With the usual delayed ACKs (two
 * segments per ACK) that is a ~= 1/100 per segment, Kelly's (1); with an ACK per segment
 * it is 1/50.  Below w = N the rule is Reno's (one segment per w + 1 ACKs).
 *
 * **Differences from ns-3's TcpScalable** (ns-3.44): ns-3 counts segments acknowledged
 * (as later Linux kernels' tcp_cong_avoid_ai does), so it grows 1/50 per segment - twice
 * Kelly's a with delayed ACKs; it may add several segments on one stretch ACK and drops the
 * remainder of the counter when it does; its decrease is floor(0.875 x bytesInFlight)
 * where Linux's is w - floor(w/8) of cwnd (one segment more, rounding up); its attributes
 * have no range checks (MDFactor 0 or 1.5, AIFactor 0 are accepted).
 *
 * Slow start is ns-3's (TcpNewReno: cwnd < ssthresh; Linux uses cwnd <= ssthresh).
 *
 * Reference: T. Kelly, "Scalable TCP: Improving Performance in Highspeed Wide Area
 * Networks", ACM CCR 33(2), 2003.
 */
class TcpScalableLinux : public TcpNewReno
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpScalableLinux();
    /**
     * @brief Copy constructor (for Fork).
     * @param other the object to copy
     */
    TcpScalableLinux(const TcpScalableLinux& other);
    ~TcpScalableLinux() override;

    std::string GetName() const override;
    uint32_t GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight) override;
    Ptr<TcpCongestionOps> Fork() override;

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
    uint32_t m_aiCount{0}; //!< N of (3): ACKs per one-segment increase at large w
    double m_mdFactor{0};  //!< b of (2), (4)
    uint32_t m_ackCnt{0};  //!< cnt of (3)
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TCP_SCALABLE_LINUX_H
