/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "offload-engine.h"

#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetOffloadEngine");
NS_OBJECT_ENSURE_REGISTERED(OffloadEngine);

TypeId
OffloadEngine::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::OffloadEngine")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<OffloadEngine>()
            .AddAttribute("SegmentRate",
                          "S of equation (1): TCP segments (data, ACKs, retransmissions, "
                          "both directions together) the card's protocol processor handles "
                          "per second; a segment takes s = 1 / S. 0: not modelled (s = 0). "
                          "Range: 0 to 10^9 segments/s. The NIC profile sets it.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&OffloadEngine::m_segmentRate),
                          MakeUintegerChecker<uint64_t>(0, 1'000'000'000))
            .AddTraceSource("Backlog",
                            "Segments submitted and not yet departed (in service or "
                            "waiting), equation (2).",
                            MakeTraceSourceAccessor(&OffloadEngine::m_backlog),
                            "ns3::hybridnet::OffloadEngine::BacklogTracedCallback");
    return tid;
}

OffloadEngine::OffloadEngine()
{
    NS_LOG_FUNCTION(this);
}

OffloadEngine::~OffloadEngine() = default;

void
OffloadEngine::DoDispose()
{
    m_waiting.clear();
    Object::DoDispose();
}

Time
OffloadEngine::GetServiceTime() const
{
    if (m_segmentRate == 0)
    {
        return Time(0);
    }
    // (1), rounded up to the time step so that the engine is never faster than S.
    const int64_t stepsPerSecond = Seconds(1).GetTimeStep();
    const auto rate = static_cast<int64_t>(m_segmentRate);
    return TimeStep((stepsPerSecond + rate - 1) / rate);
}

uint64_t
OffloadEngine::GetSegmentRate() const
{
    return m_segmentRate;
}

uint64_t
OffloadEngine::GetSegments() const
{
    return m_departed;
}

void
OffloadEngine::Process(Callback<void> done)
{
    const Time now = Simulator::Now();
    const Time service = GetServiceTime();
    m_freeAt = std::max(now, m_freeAt) + service; // (2)
    m_reserved += service;
    m_backlog += 1;
    m_waiting.push_back(done);
    // Departures are scheduled in the order of (2), so they run first come, first served.
    Simulator::Schedule(m_freeAt - now, &OffloadEngine::Depart, this);
}

void
OffloadEngine::Depart()
{
    NS_ASSERT(!m_waiting.empty());
    Callback<void> done = m_waiting.front();
    m_waiting.pop_front();
    m_backlog -= 1;
    ++m_departed;
    if (!done.IsNull())
    {
        done();
    }
}

Time
OffloadEngine::GetBusyTime() const
{
    // (3): the work not yet done is what lies beyond now.
    const Time ahead = std::max(Time(0), m_freeAt - Simulator::Now());
    return m_reserved - ahead;
}

double
OffloadEngine::GetUtilisation() const
{
    const Time now = Simulator::Now();
    return now.IsStrictlyPositive() ? GetBusyTime().GetSeconds() / now.GetSeconds() : 0.0;
}

} // namespace hybridnet
} // namespace ns3
