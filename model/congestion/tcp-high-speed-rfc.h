/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TCP_HIGH_SPEED_RFC_H
#define HYBRIDNET_TCP_HIGH_SPEED_RFC_H

#include "ns3/tcp-congestion-ops.h"

#include <cstdint>
#include <string>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief HighSpeed TCP with a(w) and b(w) computed from RFC 3649's formulas, with its four
 * parameters as attributes: the reference the Linux table (TcpHighSpeedLinux) is checked
 * against, and a HighSpeed for parameter studies.
 *
 * With W_L = LowWindow, W_H = HighWindow, B_H = HighDecrease, P_H = HighP, and
 * P_L = (1.2 / W_L)^2 (Reno's response w = 1.2 / sqrt(p) at W_L), for w > W_L:
 *
 *     (1)  b(w) = (B_H - 1/2) (ln w - ln W_L) / (ln W_H - ln W_L) + 1/2
 *     (2)  p(w) = exp( ln P_L + S (ln w - ln W_L) ),   S = (ln P_H - ln P_L) / (ln W_H - ln W_L)
 *     (3)  a(w) = w^2 p(w) 2 b(w) / (2 - b(w))
 *
 * and a = 1, b = 1/2 for w <= W_L (RFC 3649 section 5).  With the defaults (38, 83000,
 * 0.1, 1e-7) (2) is p(w) = 0.0789 / w^1.1976, which the RFC rounds to 0.078 / w^1.2 and
 * uses for its appendix table; a(w) here is 0.6 % (at 39 segments) to 3 % (at 2 x 10^5)
 * above the rounded form's (TcpHighSpeedLinux keeps the table).  Just above W_L, a(w) is
 * slightly below 1 (0.98 at 39 segments).  Per ACK in congestion avoidance
 * w <- w + a(w) / w (the fractions are accumulated, whole segments added); per congestion
 * event ssthresh = max(floor((1 - b(w)) w), 2), w = cwnd.  b(w) is not clamped above W_H:
 * the formulas continue, as the RFC's do.
 *
 * The parameters must satisfy W_L < W_H and P_H < P_L; a checker sees one attribute at a
 * time, so Validate() reports a violation as one line, and Init and the first use abort
 * with it.
 *
 * Reference: S. Floyd, "HighSpeed TCP for Large Congestion Windows", RFC 3649, 2003.
 */
class TcpHighSpeedRfc : public TcpNewReno
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TcpHighSpeedRfc();
    /**
     * @brief Copy constructor (for Fork).
     * @param other the object to copy
     */
    TcpHighSpeedRfc(const TcpHighSpeedRfc& other);
    ~TcpHighSpeedRfc() override;

    std::string GetName() const override;
    void Init(Ptr<TcpSocketState> tcb) override;
    uint32_t GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight) override;
    Ptr<TcpCongestionOps> Fork() override;

    /** @return "" if the attributes are consistent, else a one-line description */
    std::string Validate() const;
    /** @param w window, segments  @return a(w) of (3) */
    double GetIncrease(double w) const;
    /** @param w window, segments  @return b(w) of (1) */
    double GetDecrease(double w) const;

  protected:
    void CongestionAvoidance(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;

  private:
    /** Abort with Validate()'s message if it is not empty. */
    void Check() const;

    uint32_t m_lowWindow{0};  //!< W_L, segments
    uint32_t m_highWindow{0}; //!< W_H, segments
    double m_highDecrease{0}; //!< B_H
    double m_highP{0};        //!< P_H
    double m_credit{0};       //!< Accumulated fractions of a segment
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TCP_HIGH_SPEED_RFC_H
