/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tpcw-think-time.h"

#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTpcwThinkTime");
NS_OBJECT_ENSURE_REGISTERED(TpcwThinkTime);

TypeId
TpcwThinkTime::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::TpcwThinkTime")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<TpcwThinkTime>()
            .AddAttribute("Mean",
                          "Z: mean of the negative exponential think time (TPC-W v1.8 Clause "
                          "5.3.1.1: 7 s). Range: 1 ms to 1 h.",
                          TimeValue(Seconds(7)),
                          MakeTimeAccessor(&TpcwThinkTime::m_mean),
                          MakeTimeChecker(MilliSeconds(1), Hours(1)))
            .AddAttribute("Maximum",
                          "T: the largest think time; longer draws are cut to T (TPC-W v1.8 "
                          "Clause 5.3.1.1: 70 s, 10 Z). Range: 1 ms to 10 h.",
                          TimeValue(Seconds(70)),
                          MakeTimeAccessor(&TpcwThinkTime::m_maximum),
                          MakeTimeChecker(MilliSeconds(1), Hours(10)));
    return tid;
}

TpcwThinkTime::TpcwThinkTime()
    : m_random(CreateObject<UniformRandomVariable>())
{
}

Time
TpcwThinkTime::FromUniform(double r) const
{
    NS_ABORT_MSG_IF(r <= 0 || r > 1, "TpcwThinkTime: r = " << r << " outside (0, 1]");
    return std::min(Seconds(-std::log(r) * m_mean.GetSeconds()), m_maximum); // (1)
}

Time
TpcwThinkTime::Draw()
{
    return FromUniform(1.0 - m_random->GetValue(0.0, 1.0)); // GetValue is in [0, 1)
}

Time
TpcwThinkTime::GetExpectedMean() const
{
    const double z = m_mean.GetSeconds();
    return Seconds(z * (1.0 - std::exp(-m_maximum.GetSeconds() / z))); // (2)
}

int64_t
TpcwThinkTime::AssignStreams(int64_t stream)
{
    m_random->SetStream(stream);
    return 1;
}

} // namespace hybridnet
} // namespace ns3
