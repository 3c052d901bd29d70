/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "aggregate-steering.h"

#include "ns3/abort.h"
#include "ns3/arp-cache.h"
#include "ns3/icmpv4-l4-protocol.h"
#include "ns3/icmpv4.h"
#include "ns3/ipv4-interface.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/ipv4-list-routing.h"
#include "ns3/ipv4-route.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/output-stream-wrapper.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/tag.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetAggregateSteering");
NS_OBJECT_ENSURE_REGISTERED(AggregateSteering);

namespace
{

/** The serial of equation (3): which node forwarded the packet and its number there. */
class AggregateSteeringTag : public Tag
{
  public:
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::hybridnet::AggregateSteeringTag")
                                .SetParent<Tag>()
                                .SetGroupName("Hybridnet")
                                .AddConstructor<AggregateSteeringTag>();
        return tid;
    }

    AggregateSteeringTag() = default;

    AggregateSteeringTag(uint32_t node, uint64_t serial)
        : m_node(node),
          m_serial(serial)
    {
    }

    TypeId GetInstanceTypeId() const override
    {
        return GetTypeId();
    }

    uint32_t GetSerializedSize() const override
    {
        return 12;
    }

    void Serialize(TagBuffer buffer) const override
    {
        buffer.WriteU32(m_node);
        buffer.WriteU64(m_serial);
    }

    void Deserialize(TagBuffer buffer) override
    {
        m_node = buffer.ReadU32();
        m_serial = buffer.ReadU64();
    }

    void Print(std::ostream& os) const override
    {
        os << "node=" << m_node << " serial=" << m_serial;
    }

    uint32_t m_node{0};   //!< forwarding node
    uint64_t m_serial{0}; //!< serial there
};

NS_OBJECT_ENSURE_REGISTERED(AggregateSteeringTag);

} // namespace

TypeId
AggregateSteering::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::AggregateSteering")
            .SetParent<Ipv4RoutingProtocol>()
            .SetGroupName("Hybridnet")
            .AddConstructor<AggregateSteering>()
            .AddAttribute("SettleTime",
                          "S of equations (1), (4) and (5): how much longer the rest of the "
                          "old path beyond this node can take than the new one; a moved "
                          "aggregate's held packets go out S after its last old-path packet "
                          "left the node. Default 0: right only when the circuit is not "
                          "faster than the old path; compute (5) otherwise. Range: 0 s to 10 s.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&AggregateSteering::m_settleTime),
                          MakeTimeChecker(Seconds(0), Seconds(10)))
            .AddAttribute("DrainTimeout",
                          "Longest wait of (3) for the last old-path packet to leave the node "
                          "(it may have been dropped inside it), longer than a packet can wait "
                          "in the node's output queues. Range: 1 us to 60 s.",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&AggregateSteering::m_drainTimeout),
                          MakeTimeChecker(MicroSeconds(1), Seconds(60)))
            .AddAttribute("ResolveTimeout",
                          "Longest wait of (2) for the new next hop to answer the ICMP echo "
                          "that resolves its MAC address. Range: 1 us to 60 s.",
                          TimeValue(MilliSeconds(100)),
                          MakeTimeAccessor(&AggregateSteering::m_resolveTimeout),
                          MakeTimeChecker(MicroSeconds(1), Seconds(60)))
            .AddAttribute("MaxHeldPackets",
                          "Capacity of an aggregate's hold queue during a move, packets; more "
                          "are dropped. Range: 1 to 10000000.",
                          UintegerValue(100000),
                          MakeUintegerAccessor(&AggregateSteering::m_maxHeld),
                          MakeUintegerChecker<uint32_t>(1, 10000000))
            .AddTraceSource("Forwarded",
                            "Every forwarded packet of an aggregate, when it is handed to IP's "
                            "forwarding (held packets when released).",
                            MakeTraceSourceAccessor(&AggregateSteering::m_forwardedTrace),
                            "ns3::hybridnet::AggregateSteering::ForwardedTracedCallback")
            .AddTraceSource("PathChange",
                            "An aggregate's new path is in use, equation (4).",
                            MakeTraceSourceAccessor(&AggregateSteering::m_pathChangeTrace),
                            "ns3::hybridnet::AggregateSteering::PathChangeTracedCallback");
    return tid;
}

AggregateSteering::AggregateSteering()
{
    NS_LOG_FUNCTION(this);
}

AggregateSteering::~AggregateSteering()
{
    NS_LOG_FUNCTION(this);
}

void
AggregateSteering::DoDispose()
{
    for (auto& aggregate : m_aggregates)
    {
        aggregate.timer.Cancel();
    }
    for (const auto& device : m_watched)
    {
        device->TraceDisconnectWithoutContext("PhyTxEnd",
                                              MakeCallback(&AggregateSteering::PhyTxEnd, this));
    }
    if (m_ipv4)
    {
        m_ipv4->TraceDisconnectWithoutContext("LocalDeliver",
                                              MakeCallback(&AggregateSteering::LocalDeliver, this));
    }
    m_aggregates.clear();
    m_watched.clear();
    m_inNode.clear();
    m_ipv4 = nullptr;
    Ipv4RoutingProtocol::DoDispose();
}

uint32_t
AggregateSteering::AddAggregate(Ipv4Address source,
                                Ipv4Mask sourceMask,
                                Ipv4Address destination,
                                Ipv4Mask destinationMask)
{
    Aggregate aggregate;
    aggregate.source = source.CombineMask(sourceMask);
    aggregate.sourceMask = sourceMask;
    aggregate.destination = destination.CombineMask(destinationMask);
    aggregate.destinationMask = destinationMask;
    m_aggregates.push_back(aggregate);
    return static_cast<uint32_t>(m_aggregates.size() - 1);
}

uint32_t
AggregateSteering::GetNAggregates() const
{
    return static_cast<uint32_t>(m_aggregates.size());
}

void
AggregateSteering::Steer(uint32_t aggregate,
                         Ptr<NetDevice> device,
                         Ipv4Address nextHop,
                         DoneCallback done)
{
    NS_ABORT_MSG_IF(aggregate >= m_aggregates.size(),
                    "AggregateSteering::Steer: no aggregate " << aggregate << " (0 to "
                                                              << m_aggregates.size() << ")");
    NS_ABORT_MSG_IF(!m_ipv4, "AggregateSteering::Steer: not installed on a node with IPv4");
    NS_ABORT_MSG_IF(!device || device->GetNode() != m_ipv4->GetObject<Node>(),
                    "AggregateSteering::Steer: the device is not a device of this node");
    const int32_t interface = m_ipv4->GetInterfaceForDevice(device);
    NS_ABORT_MSG_IF(interface < 0 || !m_ipv4->IsUp(interface),
                    "AggregateSteering::Steer: the device has no IPv4 interface that is up");
    const Ipv4InterfaceAddress local = m_ipv4->GetAddress(interface, 0);
    NS_ABORT_MSG_IF(nextHop == local.GetLocal() ||
                        nextHop.CombineMask(local.GetMask()) !=
                            local.GetLocal().CombineMask(local.GetMask()),
                    "AggregateSteering::Steer: next hop " << nextHop
                                                          << " is not another address on the "
                                                             "device's subnet");
    WatchDevices();
    RequestMove(aggregate, Path{device, nextHop}, done);
}

void
AggregateSteering::Unsteer(uint32_t aggregate, DoneCallback done)
{
    NS_ABORT_MSG_IF(aggregate >= m_aggregates.size(),
                    "AggregateSteering::Unsteer: no aggregate " << aggregate);
    RequestMove(aggregate, Path{}, done);
}

bool
AggregateSteering::IsSteered(uint32_t aggregate) const
{
    const Aggregate& a = m_aggregates.at(aggregate);
    if (!a.requests.empty())
    {
        return a.requests.back().target.device != nullptr;
    }
    return (a.phase != Phase::STABLE ? a.target : a.current).device != nullptr;
}

uint64_t
AggregateSteering::GetForwarded(uint32_t aggregate) const
{
    return m_aggregates.at(aggregate).forwarded;
}

uint32_t
AggregateSteering::GetHeldPackets() const
{
    return m_heldPackets;
}

uint64_t
AggregateSteering::GetHoldDrops() const
{
    return m_holdDrops;
}

int64_t
AggregateSteering::Match(const Ipv4Header& header) const
{
    for (size_t i = 0; i < m_aggregates.size(); ++i)
    {
        const Aggregate& a = m_aggregates[i];
        if (header.GetSource().CombineMask(a.sourceMask) == a.source &&
            header.GetDestination().CombineMask(a.destinationMask) == a.destination)
        {
            return static_cast<int64_t>(i);
        }
    }
    return -1;
}

Ptr<Ipv4Route>
AggregateSteering::FallbackRoute(const Ipv4Header& header) const
{
    Ptr<Ipv4ListRouting> list = DynamicCast<Ipv4ListRouting>(m_ipv4->GetRoutingProtocol());
    if (!list)
    {
        return nullptr;
    }
    for (uint32_t i = 0; i < list->GetNRoutingProtocols(); ++i)
    {
        int16_t priority = 0;
        Ptr<Ipv4RoutingProtocol> other = list->GetRoutingProtocol(i, priority);
        if (other == this)
        {
            continue;
        }
        Socket::SocketErrno error;
        Ptr<Ipv4Route> route = other->RouteOutput(Create<Packet>(), header, nullptr, error);
        if (route)
        {
            return route;
        }
    }
    return nullptr;
}

Ptr<Ipv4Route>
AggregateSteering::RouteOutput(Ptr<Packet> /* p */,
                               const Ipv4Header& /* header */,
                               Ptr<NetDevice> /* oif */,
                               Socket::SocketErrno& sockerr)
{
    sockerr = Socket::ERROR_NOROUTETOHOST; // the node's own packets: the other protocols
    return nullptr;
}

bool
AggregateSteering::RouteInput(Ptr<const Packet> p,
                              const Ipv4Header& header,
                              Ptr<const NetDevice> idev,
                              const UnicastForwardCallback& ucb,
                              const MulticastForwardCallback& /* mcb */,
                              const LocalDeliverCallback& /* lcb */,
                              const ErrorCallback& ecb)
{
    const Ipv4Address destination = header.GetDestination();
    if (m_aggregates.empty() || destination.IsMulticast() || destination.IsBroadcast() ||
        m_ipv4->IsDestinationAddress(destination, m_ipv4->GetInterfaceForDevice(idev)))
    {
        return false;
    }
    const int64_t match = Match(header);
    if (match < 0)
    {
        return false;
    }
    const auto index = static_cast<uint32_t>(match);
    Aggregate& a = m_aggregates[index];
    if (a.phase == Phase::STABLE && !a.current.device && !FallbackRoute(header))
    {
        return false; // no route: the list reports the error
    }
    Held held{p->Copy(), header, ucb, ecb};
    if (a.phase == Phase::DRAINING || a.phase == Phase::SETTLING)
    {
        if (a.held.size() >= m_maxHeld)
        {
            ++m_holdDrops;
            return true; // dropped
        }
        a.held.push_back(held);
        ++m_heldPackets;
        return true;
    }
    Forward(index, held);
    return true;
}

void
AggregateSteering::Forward(uint32_t index, const Held& held)
{
    Aggregate& a = m_aggregates[index];
    Ptr<Ipv4Route> route;
    if (a.current.device)
    {
        route = Create<Ipv4Route>();
        route->SetDestination(held.header.GetDestination());
        route->SetSource(held.header.GetSource());
        route->SetGateway(a.current.nextHop);
        route->SetOutputDevice(a.current.device);
    }
    else
    {
        route = FallbackRoute(held.header);
    }
    if (!route)
    {
        held.ecb(held.packet, held.header, Socket::ERROR_NOROUTETOHOST);
        return;
    }
    if (a.inNode)
    {
        m_inNode.erase(a.lastSerial);
    }
    a.everSent = true;
    a.inNode = true;
    a.lastSerial = m_nextSerial++;
    ++a.forwarded;
    m_inNode[a.lastSerial] = index;
    AggregateSteeringTag tag(m_ipv4->GetObject<Node>()->GetId(), a.lastSerial);
    held.packet->ReplacePacketTag(tag);
    m_forwardedTrace(held.packet, held.header, index, a.current.device != nullptr);
    held.ucb(route, held.packet, held.header);
}

void
AggregateSteering::RequestMove(uint32_t index, Path target, DoneCallback done)
{
    Aggregate& a = m_aggregates[index];
    if (a.phase != Phase::STABLE)
    {
        a.requests.push_back(Request{target, done});
        return;
    }
    a.target = target;
    a.done = done;
    StartMove(index);
}

void
AggregateSteering::StartMove(uint32_t index)
{
    Aggregate& a = m_aggregates[index];
    const bool same =
        (!a.target.device && !a.current.device) ||
        (a.target.device == a.current.device && a.target.nextHop == a.current.nextHop);
    if (same)
    {
        CallBack(a.done);
        a.done = DoneCallback();
        if (!a.requests.empty())
        {
            a.target = a.requests.front().target;
            a.done = a.requests.front().done;
            a.requests.pop_front();
            StartMove(index);
        }
        return;
    }
    a.phase = Phase::RESOLVING;
    if (!a.target.device || IsResolved(a.target.device, a.target.nextHop))
    {
        BeginHold(index);
        return;
    }
    m_resolving[index] = a.target.nextHop;
    SendProbe(a.target.device, a.target.nextHop);
    a.timer = Simulator::Schedule(m_resolveTimeout, [this, index]() {
        NS_LOG_WARN("AggregateSteering: no answer from " << m_resolving[index]);
        m_resolving.erase(index);
        BeginHold(index);
    });
}

bool
AggregateSteering::IsResolved(Ptr<NetDevice> device, Ipv4Address nextHop) const
{
    Ptr<ArpCache> cache =
        m_ipv4->GetInterface(m_ipv4->GetInterfaceForDevice(device))->GetArpCache();
    if (!cache)
    {
        return true; // the device needs no ARP
    }
    ArpCache::Entry* entry = cache->Lookup(nextHop);
    return entry && (entry->IsPermanent() || entry->IsAutoGenerated() ||
                     (entry->IsAlive() && !entry->IsExpired()));
}

void
AggregateSteering::SendProbe(Ptr<NetDevice> device, Ipv4Address nextHop)
{
    const Ipv4Address local =
        m_ipv4->GetAddress(m_ipv4->GetInterfaceForDevice(device), 0).GetLocal();
    Icmpv4Echo echo;
    echo.SetIdentifier(static_cast<uint16_t>(m_ipv4->GetObject<Node>()->GetId()));
    echo.SetSequenceNumber(m_probeSequence++);
    Ptr<Packet> probe = Create<Packet>();
    probe->AddHeader(echo);
    Icmpv4Header icmp;
    icmp.SetType(Icmpv4Header::ICMPV4_ECHO);
    if (Node::ChecksumEnabled())
    {
        icmp.EnableChecksum();
    }
    probe->AddHeader(icmp);
    Ptr<Ipv4Route> route = Create<Ipv4Route>();
    route->SetDestination(nextHop);
    route->SetSource(local);
    route->SetGateway(nextHop);
    route->SetOutputDevice(device);
    m_ipv4->Send(probe, local, nextHop, Icmpv4L4Protocol::PROT_NUMBER, route);
}

void
AggregateSteering::LocalDeliver(const Ipv4Header& header,
                                Ptr<const Packet> /* packet */,
                                uint32_t /* interface */)
{
    std::vector<uint32_t> resolved;
    for (const auto& [index, nextHop] : m_resolving)
    {
        const Aggregate& a = m_aggregates[index];
        if (nextHop == header.GetSource() && IsResolved(a.target.device, nextHop))
        {
            resolved.push_back(index);
        }
    }
    for (uint32_t index : resolved)
    {
        m_resolving.erase(index);
        m_aggregates[index].timer.Cancel();
        BeginHold(index);
    }
}

void
AggregateSteering::BeginHold(uint32_t index)
{
    Aggregate& a = m_aggregates[index];
    if (!a.everSent)
    {
        a.phase = Phase::SETTLING;
        Release(index);
        return;
    }
    a.phase = Phase::DRAINING;
    if (!a.inNode)
    {
        Drained(index, a.leftAt);
        return;
    }
    a.timer = Simulator::Schedule(m_drainTimeout, [this, index]() {
        Aggregate& late = m_aggregates[index];
        NS_LOG_WARN("AggregateSteering: aggregate " << index << " not drained in DrainTimeout");
        m_inNode.erase(late.lastSerial);
        late.inNode = false;
        late.leftAt = Simulator::Now();
        Drained(index, late.leftAt);
    });
}

void
AggregateSteering::PhyTxEnd(Ptr<const Packet> frame)
{
    AggregateSteeringTag tag;
    if (m_inNode.empty() || !frame->PeekPacketTag(tag) ||
        tag.m_node != m_ipv4->GetObject<Node>()->GetId())
    {
        return;
    }
    auto it = m_inNode.find(tag.m_serial);
    if (it == m_inNode.end())
    {
        return;
    }
    const uint32_t index = it->second;
    m_inNode.erase(it);
    Aggregate& a = m_aggregates[index];
    a.inNode = false;
    a.leftAt = Simulator::Now();
    if (a.phase == Phase::DRAINING)
    {
        a.timer.Cancel();
        Drained(index, a.leftAt);
    }
}

void
AggregateSteering::Drained(uint32_t index, Time leftAt)
{
    Aggregate& a = m_aggregates[index];
    a.phase = Phase::SETTLING;
    const Time release = leftAt + m_settleTime;
    if (release <= Simulator::Now())
    {
        Release(index);
        return;
    }
    a.timer =
        Simulator::Schedule(release - Simulator::Now(), &AggregateSteering::Release, this, index);
}

void
AggregateSteering::Release(uint32_t index)
{
    Aggregate& a = m_aggregates[index];
    a.current = a.target;
    a.target = Path{};
    a.phase = Phase::STABLE;
    NS_LOG_INFO("aggregate " << index << " now on " << a.current.nextHop << ", releasing "
                             << a.held.size());
    m_pathChangeTrace(index, a.current.device, a.current.nextHop);
    std::deque<Held> held;
    held.swap(a.held);
    m_heldPackets -= static_cast<uint32_t>(held.size());
    for (const Held& h : held)
    {
        Forward(index, h);
    }
    Aggregate& after = m_aggregates[index];
    CallBack(after.done);
    after.done = DoneCallback();
    if (!after.requests.empty())
    {
        after.target = after.requests.front().target;
        after.done = after.requests.front().done;
        after.requests.pop_front();
        StartMove(index);
    }
}

void
AggregateSteering::WatchDevices()
{
    if (!m_ipv4)
    {
        return;
    }
    Ptr<Node> node = m_ipv4->GetObject<Node>();
    for (uint32_t i = 0; node && i < node->GetNDevices(); ++i)
    {
        Ptr<NetDevice> device = node->GetDevice(i);
        if (!m_watched.contains(device))
        {
            device->TraceConnectWithoutContext("PhyTxEnd",
                                               MakeCallback(&AggregateSteering::PhyTxEnd, this));
            m_watched.insert(device);
        }
    }
}

void
AggregateSteering::CallBack(DoneCallback done)
{
    if (!done.IsNull())
    {
        Simulator::ScheduleNow([done]() { done(); });
    }
}

void
AggregateSteering::NotifyInterfaceUp(uint32_t /* interface */)
{
    WatchDevices();
}

void
AggregateSteering::NotifyInterfaceDown(uint32_t /* interface */)
{
}

void
AggregateSteering::NotifyAddAddress(uint32_t /* interface */, Ipv4InterfaceAddress /* address */)
{
}

void
AggregateSteering::NotifyRemoveAddress(uint32_t /* interface */, Ipv4InterfaceAddress /* address */)
{
}

void
AggregateSteering::SetIpv4(Ptr<Ipv4> ipv4)
{
    NS_ABORT_MSG_IF(m_ipv4, "AggregateSteering: installed twice");
    m_ipv4 = DynamicCast<Ipv4L3Protocol>(ipv4);
    NS_ABORT_MSG_UNLESS(m_ipv4, "AggregateSteering: the node's IPv4 is not Ipv4L3Protocol");
    m_ipv4->TraceConnectWithoutContext("LocalDeliver",
                                       MakeCallback(&AggregateSteering::LocalDeliver, this));
    WatchDevices();
}

void
AggregateSteering::PrintRoutingTable(Ptr<OutputStreamWrapper> stream, Time::Unit /* unit */) const
{
    std::ostream& os = *stream->GetStream();
    os << "AggregateSteering: " << m_aggregates.size() << " aggregates\n";
    for (size_t i = 0; i < m_aggregates.size(); ++i)
    {
        const Aggregate& a = m_aggregates[i];
        os << i << " " << a.source << "/" << a.sourceMask.GetPrefixLength() << " > "
           << a.destination << "/" << a.destinationMask.GetPrefixLength() << " via "
           << (a.current.device ? a.current.nextHop : Ipv4Address::GetAny()) << "\n";
    }
}

} // namespace hybridnet
} // namespace ns3
