/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TPCW_THINK_TIME_H
#define HYBRIDNET_TPCW_THINK_TIME_H

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

namespace ns3
{
namespace hybridnet
{

/**
 * @brief An emulated browser's think time, TPC-W v1.8 Clause 5.3.1.1.
 *
 * The time between the end of one web interaction's response and the start of the next
 * request is drawn from a negative exponential distribution of mean Z (Mean, 7 s in the
 * specification), with a maximum T (Maximum, 70 s = 10 Z in the specification):
 *
 *   TT = min(-ln(r) Z, T),  r uniform on (0, 1]                                 (1)
 *
 * so that the mean think time is
 *
 *   E[TT] = Z (1 - exp(-T / Z))        (= 0.99995 Z at T = 10 Z)               (2)
 *
 * and P(TT = T) = exp(-T / Z). Departure: the specification says the distribution is
 * truncated at the maximum; we cap the draw at T (1) rather than draw again - the two
 * differ in the mean by less than 5e-4 Z at T = 10 Z.
 */
class TpcwThinkTime : public Object
{
  public:
    static TypeId GetTypeId();
    TpcwThinkTime();

    /** @return one think time, (1) */
    Time Draw();
    /** @return (1) for a given @p r in (0, 1] */
    Time FromUniform(double r) const;
    /** @return E[TT], (2) */
    Time GetExpectedMean() const;
    /** @return the stream indices used: 1 */
    int64_t AssignStreams(int64_t stream);

  private:
    Time m_mean;                         //!< Mean, Z
    Time m_maximum;                      //!< Maximum, T
    Ptr<UniformRandomVariable> m_random; //!< r
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TPCW_THINK_TIME_H
