/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "lightpath-calendar.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetLightpathCalendar");
NS_OBJECT_ENSURE_REGISTERED(LightpathCalendar);

TypeId
LightpathCalendar::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::LightpathCalendar")
                            .SetParent<Object>()
                            .SetGroupName("Hybridnet")
                            .AddConstructor<LightpathCalendar>();
    return tid;
}

LightpathCalendar::LightpathCalendar() = default;
LightpathCalendar::~LightpathCalendar() = default;

void
LightpathCalendar::DoDispose()
{
    m_signalling = nullptr;
    m_slots.clear();
    m_planned.clear();
    Object::DoDispose();
}

void
LightpathCalendar::SetSignalling(Ptr<LightpathSignalling> signalling)
{
    m_signalling = signalling;
}

Time
LightpathCalendar::GetSetUpLead(const std::vector<LightpathHop>& hops)
{
    Time lead;
    for (const auto& hop : hops)
    {
        TimeValue latency;
        TimeValue switching;
        hop.fabric->GetAttribute("CommandLatencyMax", latency);
        hop.fabric->GetAttribute("SwitchingTime", switching);
        lead += latency.Get() + switching.Get() + hop.delay * 2;
    }
    return lead;
}

std::vector<LightpathCalendar::Window>
LightpathCalendar::Windows(const std::vector<LightpathHop>& hops, Time t)
{
    std::vector<Window> windows;
    Time early = t;
    Time late = t;
    for (const auto& hop : hops)
    {
        TimeValue latencyMin;
        TimeValue latencyMax;
        TimeValue switching;
        hop.fabric->GetAttribute("CommandLatencyMin", latencyMin);
        hop.fabric->GetAttribute("CommandLatencyMax", latencyMax);
        hop.fabric->GetAttribute("SwitchingTime", switching);
        early += hop.delay;
        late += hop.delay;
        const Time leaves = late + latencyMax.Get() + switching.Get();
        windows.push_back(Window{PeekPointer(hop.fabric), early, leaves});
        early += latencyMin.Get() + switching.Get();
        late = leaves;
    }
    return windows;
}

Time
LightpathCalendar::Clearance(const std::vector<LightpathHop>& hops, Time t, bool earlier) const
{
    for (const Window& own : Windows(hops, t))
    {
        for (const Window& planned : m_planned)
        {
            if (own.controller == planned.controller && own.from < planned.to &&
                planned.from < own.to)
            {
                return earlier ? planned.from - own.to : planned.to - own.from;
            }
        }
    }
    return Time(0);
}

std::pair<Time, Time>
LightpathCalendar::PlanCommands(const std::vector<LightpathHop>& hops, Time start, Time end) const
{
    Time setUp = start - GetSetUpLead(hops);
    for (Time move = Clearance(hops, setUp, true); !move.IsZero();
         move = Clearance(hops, setUp, true))
    {
        setUp += move;
    }
    Time release = end;
    for (Time move = Clearance(hops, release, false); !move.IsZero();
         move = Clearance(hops, release, false))
    {
        release += move;
    }
    return {setUp, release};
}

std::string
LightpathCalendar::CheckPorts(const std::vector<LightpathHop>& hops, Time from, Time to) const
{
    for (const auto& hop : hops)
    {
        for (uint32_t port : {hop.portIn, hop.portOut})
        {
            auto it = m_slots.find(Port{PeekPointer(hop.fabric), port});
            if (it == m_slots.end())
            {
                continue;
            }
            for (const Slot& slot : it->second)
            {
                if (from < slot.to && slot.from < to)
                {
                    return hop.domain + " port " + std::to_string(port) + " is held by booking " +
                           std::to_string(slot.booking) + " from " +
                           std::to_string(slot.from.GetSeconds()) + " s to " +
                           std::to_string(slot.to.GetSeconds()) + " s";
                }
            }
        }
    }
    return "";
}

uint64_t
LightpathCalendar::Book(const std::vector<LightpathHop>& hops,
                        Time start,
                        Time end,
                        OutcomeCallback outcome,
                        std::string& reason)
{
    NS_ABORT_MSG_IF(!m_signalling, "LightpathCalendar::Book: no signalling (SetSignalling)");
    const auto [setUp, release] = PlanCommands(hops, start, end);
    const uint64_t id = Reserve(hops, start, end, reason);
    if (id == 0)
    {
        return 0;
    }
    Simulator::Schedule(setUp - Simulator::Now(),
                        &LightpathCalendar::StartSetUp,
                        this,
                        id,
                        hops,
                        outcome);
    Simulator::Schedule(release - Simulator::Now(),
                        &LightpathCalendar::StartRelease,
                        this,
                        id,
                        outcome);
    return id;
}

uint64_t
LightpathCalendar::Reserve(const std::vector<LightpathHop>& hops,
                           Time start,
                           Time end,
                           std::string& reason)
{
    NS_ABORT_MSG_IF(hops.empty(), "LightpathCalendar: a lightpath needs a domain");
    if (end <= start)
    {
        reason = "the slot's end must be after its start";
        return 0;
    }
    const Time lead = GetSetUpLead(hops);
    const auto [setUp, release] = PlanCommands(hops, start, end);
    if (setUp < Simulator::Now())
    {
        reason = "the slot starts too soon: its set-up (" +
                 std::to_string((start - setUp).GetSeconds()) + " s) would begin in the past";
        return 0;
    }
    reason = CheckPorts(hops, setUp, release + lead);
    if (!reason.empty())
    {
        return 0;
    }
    const uint64_t id = m_nextId++;
    for (const auto& hop : hops)
    {
        for (uint32_t port : {hop.portIn, hop.portOut})
        {
            m_slots[Port{PeekPointer(hop.fabric), port}].push_back(Slot{setUp, release + lead, id});
        }
    }
    for (Time t : {setUp, release})
    {
        const auto windows = Windows(hops, t);
        m_planned.insert(m_planned.end(), windows.begin(), windows.end());
    }
    return id;
}

void
LightpathCalendar::StartSetUp(uint64_t id, std::vector<LightpathHop> hops, OutcomeCallback outcome)
{
    auto answered = [this, id, outcome](bool success, std::string reason) {
        if (!success)
        {
            m_lightpaths.erase(id);
        }
        if (!outcome.IsNull())
        {
            outcome(id, true, success, reason);
        }
    };
    m_lightpaths[id] =
        m_signalling->Request(std::move(hops), LightpathSignalling::ResultCallback(answered));
}

void
LightpathCalendar::StartRelease(uint64_t id, OutcomeCallback outcome)
{
    auto it = m_lightpaths.find(id);
    if (it == m_lightpaths.end())
    {
        return; // its set-up failed
    }
    const uint64_t lightpath = it->second;
    m_lightpaths.erase(it);
    auto answered = [id, outcome](bool success, std::string reason) {
        if (!outcome.IsNull())
        {
            outcome(id, false, success, reason);
        }
    };
    if (!m_signalling->Release(lightpath, LightpathSignalling::ResultCallback(answered)))
    {
        answered(false, "the lightpath was not up at the end of its slot");
    }
}

} // namespace hybridnet
} // namespace ns3
