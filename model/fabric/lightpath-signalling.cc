/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "lightpath-signalling.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetLightpathSignalling");
NS_OBJECT_ENSURE_REGISTERED(LightpathSignalling);

TypeId
LightpathSignalling::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::LightpathSignalling")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<LightpathSignalling>()
            .AddTraceSource("DomainEvent",
                            "A domain set up (up), refused (refused) or tore down (down) its "
                            "segment of a lightpath",
                            MakeTraceSourceAccessor(&LightpathSignalling::m_domainEvent),
                            "ns3::hybridnet::LightpathSignalling::DomainEventCallback");
    return tid;
}

LightpathSignalling::LightpathSignalling() = default;
LightpathSignalling::~LightpathSignalling() = default;

void
LightpathSignalling::DoDispose()
{
    m_paths.clear();
    Object::DoDispose();
}

uint64_t
LightpathSignalling::Request(std::vector<LightpathHop> hops, ResultCallback done)
{
    NS_ABORT_MSG_IF(hops.empty(), "LightpathSignalling::Request: a lightpath needs a domain");
    const uint64_t id = m_nextId++;
    const Time first = hops.front().delay;
    m_paths[id] = Lightpath{std::move(hops), std::move(done), false};
    Simulator::Schedule(first, &LightpathSignalling::SetUpAt, this, id, 0);
    return id;
}

bool
LightpathSignalling::Release(uint64_t id, ResultCallback done)
{
    auto it = m_paths.find(id);
    if (it == m_paths.end() || !it->second.up)
    {
        return false;
    }
    it->second.up = false;
    it->second.done = std::move(done);
    m_active -= 1;
    Simulator::Schedule(it->second.hops.front().delay,
                        &LightpathSignalling::TearDownAt,
                        this,
                        id,
                        0,
                        true,
                        std::string());
    return true;
}

uint32_t
LightpathSignalling::GetActive() const
{
    return m_active;
}

uint64_t
LightpathSignalling::GetOtherOwner(const LightpathHop& hop, uint64_t id) const
{
    for (uint32_t port : {hop.portIn, hop.portOut})
    {
        auto it = m_owners.find(Port{PeekPointer(hop.fabric), port});
        if (it != m_owners.end() && it->second != id)
        {
            return it->second;
        }
    }
    return 0;
}

void
LightpathSignalling::SetOwner(const LightpathHop& hop, uint64_t id)
{
    for (uint32_t port : {hop.portIn, hop.portOut})
    {
        if (id == 0)
        {
            m_owners.erase(Port{PeekPointer(hop.fabric), port});
        }
        else
        {
            m_owners[Port{PeekPointer(hop.fabric), port}] = id;
        }
    }
}

void
LightpathSignalling::SetUpAt(uint64_t id, size_t i)
{
    const LightpathHop& hop = m_paths.at(id).hops[i];
    auto done = MakeCallback(&LightpathSignalling::SetUpDone, this).Bind(id, i);
    const std::string command =
        "connection " + std::to_string(hop.portIn) + " " + std::to_string(hop.portOut);
    if (const uint64_t owner = GetOtherOwner(hop, id); owner != 0)
    {
        const std::string why = "a port is reserved by lightpath " + std::to_string(owner);
        hop.fabric->Submit(command,
                           OpticalCircuitSwitch::ManagementAction([why]() { return why; }),
                           done);
        return;
    }
    SetOwner(hop, id);
    hop.fabric->Connect(hop.portIn, hop.portOut, done);
}

void
LightpathSignalling::SetUpDone(uint64_t id, size_t i, bool success, std::string why)
{
    Lightpath& path = m_paths.at(id);
    const std::string& domain = path.hops[i].domain;
    if (!success)
    {
        NS_LOG_INFO("lightpath " << id << ": " << domain << " refused: " << why);
        m_domainEvent(id, domain, "refused");
        if (GetOtherOwner(path.hops[i], id) == 0)
        {
            SetOwner(path.hops[i], 0); // the switch refused our own reservation
        }
        GoBack(id, i, domain + ": " + why);
        return;
    }
    m_domainEvent(id, domain, "up");
    if (i + 1 < path.hops.size())
    {
        Simulator::Schedule(path.hops[i + 1].delay, &LightpathSignalling::SetUpAt, this, id, i + 1);
        return;
    }
    path.up = true;
    m_active += 1;
    Answer(id, i, true, "", false);
}

void
LightpathSignalling::TearDownAt(uint64_t id, size_t i, bool forward, std::string reason)
{
    const LightpathHop& hop = m_paths.at(id).hops[i];
    hop.fabric->Disconnect(
        hop.portIn,
        hop.portOut,
        MakeCallback(&LightpathSignalling::TearDownDone, this).Bind(id, i, forward, reason));
}

void
LightpathSignalling::TearDownDone(uint64_t id,
                                  size_t i,
                                  bool forward,
                                  std::string reason,
                                  bool success,
                                  std::string why)
{
    Lightpath& path = m_paths.at(id);
    NS_ABORT_MSG_UNLESS(success,
                        "lightpath " << id << ": " << path.hops[i].domain
                                     << " could not tear down its segment: " << why);
    m_domainEvent(id, path.hops[i].domain, "down");
    SetOwner(path.hops[i], 0);
    if (!forward)
    {
        GoBack(id, i, reason);
        return;
    }
    if (i + 1 < path.hops.size())
    {
        Simulator::Schedule(path.hops[i + 1].delay,
                            &LightpathSignalling::TearDownAt,
                            this,
                            id,
                            i + 1,
                            true,
                            std::string());
        return;
    }
    Answer(id, i, true, "", true);
}

void
LightpathSignalling::GoBack(uint64_t id, size_t i, std::string reason)
{
    if (i == 0)
    {
        Answer(id, 0, false, reason, true);
        return;
    }
    Simulator::Schedule(m_paths.at(id).hops[i].delay,
                        &LightpathSignalling::TearDownAt,
                        this,
                        id,
                        i - 1,
                        false,
                        reason);
}

void
LightpathSignalling::Answer(uint64_t id, size_t i, bool success, std::string reason, bool forget)
{
    Time back;
    const Lightpath& path = m_paths.at(id);
    for (size_t k = 0; k <= i; ++k)
    {
        back += path.hops[k].delay;
    }
    Simulator::Schedule(back, &LightpathSignalling::Deliver, this, id, success, reason, forget);
}

void
LightpathSignalling::Deliver(uint64_t id, bool success, std::string reason, bool forget)
{
    auto it = m_paths.find(id);
    ResultCallback done = it->second.done;
    if (forget)
    {
        m_paths.erase(it);
    }
    if (!done.IsNull())
    {
        done(success, reason);
    }
}

} // namespace hybridnet
} // namespace ns3
