/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "flow-steering.h"

#include "ns3/abort.h"
#include "ns3/arp-cache.h"
#include "ns3/icmpv4-l4-protocol.h"
#include "ns3/icmpv4.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-interface.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/tag.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetFlowSteering");
NS_OBJECT_ENSURE_REGISTERED(FlowSteering);

namespace
{

/**
 * The mark of equation (3): which FlowSteering handed the packet to IP (node id) and its
 * serial number there.  Internal to FlowSteering: a packet tag is per-packet metadata, it
 * never changes the bytes.
 */
class FlowSteeringTag : public Tag
{
  public:
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::hybridnet::FlowSteeringTag")
                                .SetParent<Tag>()
                                .SetGroupName("Hybridnet")
                                .AddConstructor<FlowSteeringTag>();
        return tid;
    }

    FlowSteeringTag() = default;

    FlowSteeringTag(uint32_t node, uint64_t serial)
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

    uint32_t m_node{0};   //!< node of the FlowSteering
    uint64_t m_serial{0}; //!< serial number there
};

NS_OBJECT_ENSURE_REGISTERED(FlowSteeringTag);

} // namespace

TypeId
FlowSteering::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::FlowSteering")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<FlowSteering>()
            .AddAttribute("SettleTime",
                          "S of equations (1), (4) and (5): how much longer the rest of the "
                          "old path, beyond this host, can take than the new one; a moved "
                          "flow's held packets go out S after its last old-path packet left "
                          "the host. The default is (5) for the study's GigE switch with a "
                          "100-frame output queue and 8000 interrupts/s. Range: 0 s to 10 s.",
                          TimeValue(MicroSeconds(1500)),
                          MakeTimeAccessor(&FlowSteering::m_settleTime),
                          MakeTimeChecker(Seconds(0), Seconds(10)))
            .AddAttribute("DrainTimeout",
                          "Longest wait of (3) for the last old-path packet to leave the host "
                          "(it may have been dropped inside it); then the settle time starts. "
                          "Longer than a packet can wait in the host's queues (a 1000-packet "
                          "queue disc and 100 device frames of 1538 B at 1 Gb/s: 13.5 ms). "
                          "Range: 1 us to 60 s.",
                          TimeValue(MilliSeconds(100)),
                          MakeTimeAccessor(&FlowSteering::m_drainTimeout),
                          MakeTimeChecker(MicroSeconds(1), Seconds(60)))
            .AddAttribute("ResolveTimeout",
                          "Longest wait of (2) for the new next hop to answer the ICMP echo "
                          "that resolves its MAC address; then the move goes on (packets may "
                          "then wait for ARP). Range: 1 us to 60 s.",
                          TimeValue(MilliSeconds(100)),
                          MakeTimeAccessor(&FlowSteering::m_resolveTimeout),
                          MakeTimeChecker(MicroSeconds(1), Seconds(60)))
            .AddAttribute("MaxHeldPackets",
                          "Capacity of a flow's hold queue during a move, packets; more are "
                          "dropped (HoldDrop). Range: 1 to 1000000.",
                          UintegerValue(1000),
                          MakeUintegerAccessor(&FlowSteering::m_maxHeld),
                          MakeUintegerChecker<uint32_t>(1, 1000000))
            .AddTraceSource("Tx",
                            "Every outgoing transport packet of the node, when it is handed "
                            "to IP (held packets when they are released).",
                            MakeTraceSourceAccessor(&FlowSteering::m_txTrace),
                            "ns3::hybridnet::FlowSteering::TxTracedCallback")
            .AddTraceSource("PathChange",
                            "A flow's new path is in use: equation (4), or at once for a flow "
                            "that never sent.",
                            MakeTraceSourceAccessor(&FlowSteering::m_pathChangeTrace),
                            "ns3::hybridnet::FlowSteering::PathChangeTracedCallback")
            .AddTraceSource("HoldDrop",
                            "A packet dropped because its flow's hold queue was full.",
                            MakeTraceSourceAccessor(&FlowSteering::m_holdDropTrace),
                            "ns3::hybridnet::FlowSteering::HoldDropTracedCallback")
            .AddTraceSource("HeldPackets",
                            "Packets in the hold queues of all flows, equation (3).",
                            MakeTraceSourceAccessor(&FlowSteering::m_heldPackets),
                            "ns3::hybridnet::FlowSteering::HeldTracedCallback");
    return tid;
}

FlowSteering::FlowSteering()
{
    NS_LOG_FUNCTION(this);
}

FlowSteering::~FlowSteering()
{
    NS_LOG_FUNCTION(this);
}

bool
FlowSteering::Path::SameAs(const Path& other) const
{
    if (!device || !other.device)
    {
        return !device && !other.device;
    }
    return device == other.device && nextHop == other.nextHop;
}

void
FlowSteering::NotifyNewAggregate()
{
    NS_LOG_FUNCTION(this);
    if (!m_node)
    {
        m_node = GetObject<Node>();
    }
    if (m_node && !m_ipv4)
    {
        m_ipv4 = m_node->GetObject<Ipv4L3Protocol>();
        if (m_ipv4)
        {
            m_ipv4->TraceConnectWithoutContext("LocalDeliver",
                                               MakeCallback(&FlowSteering::LocalDeliver, this));
        }
    }
    if (m_ipv4)
    {
        HookTransports();
        WatchDevices();
    }
    Object::NotifyNewAggregate();
}

void
FlowSteering::HookTransports()
{
    const auto ours = MakeCallback(&FlowSteering::SendDown, this);
    for (int number = 0; number < 256; ++number)
    {
        Ptr<IpL4Protocol> transport = m_ipv4->GetProtocol(number);
        if (!transport)
        {
            continue;
        }
        IpL4Protocol::DownTargetCallback current = transport->GetDownTarget();
        // Not yet given its down target by its own NotifyNewAggregate, or already ours.
        if (current.IsNull() || current.IsEqual(ours))
        {
            continue;
        }
        NS_LOG_LOGIC("steering protocol " << number << " of node " << m_node->GetId());
        m_downTargets[static_cast<uint8_t>(number)] = current;
        transport->SetDownTarget(ours);
    }
}

void
FlowSteering::WatchDevices()
{
    for (uint32_t i = 0; i < m_node->GetNDevices(); ++i)
    {
        Ptr<NetDevice> device = m_node->GetDevice(i);
        if (m_watched.contains(device))
        {
            continue;
        }
        // Devices without PhyTxEnd (loopback) are remembered too: nothing to connect.
        device->TraceConnectWithoutContext("PhyTxEnd", MakeCallback(&FlowSteering::PhyTxEnd, this));
        m_watched.insert(device);
    }
}

void
FlowSteering::DoDispose()
{
    NS_LOG_FUNCTION(this);
    if (m_ipv4)
    {
        const auto ours = MakeCallback(&FlowSteering::SendDown, this);
        for (const auto& [number, original] : m_downTargets)
        {
            Ptr<IpL4Protocol> transport = m_ipv4->GetProtocol(number);
            if (transport && transport->GetDownTarget().IsEqual(ours))
            {
                transport->SetDownTarget(original);
            }
        }
        m_ipv4->TraceDisconnectWithoutContext("LocalDeliver",
                                              MakeCallback(&FlowSteering::LocalDeliver, this));
    }
    for (const auto& device : m_watched)
    {
        device->TraceDisconnectWithoutContext("PhyTxEnd",
                                              MakeCallback(&FlowSteering::PhyTxEnd, this));
    }
    for (auto& [key, flow] : m_flows)
    {
        flow.timer.Cancel();
    }
    m_flows.clear();
    m_resolving.clear();
    m_inHost.clear();
    m_watched.clear();
    m_downTargets.clear();
    m_ipv4 = nullptr;
    m_node = nullptr;
    Object::DoDispose();
}

void
FlowSteering::Steer(const FlowKey& key,
                    Ptr<NetDevice> device,
                    Ipv4Address nextHop,
                    DoneCallback done)
{
    NS_LOG_FUNCTION(this << key << device << nextHop);
    NS_ABORT_MSG_IF(!m_ipv4, "FlowSteering::Steer: not aggregated to a node with IPv4");
    NS_ABORT_MSG_IF(!device, "FlowSteering::Steer(" << key << "): no device");
    NS_ABORT_MSG_IF(device->GetNode() != m_node,
                    "FlowSteering::Steer(" << key << "): device " << device->GetIfIndex()
                                           << " of node " << device->GetNode()->GetId()
                                           << " is not a device of node " << m_node->GetId());
    NS_ABORT_MSG_IF(m_ipv4->GetInterfaceForAddress(key.source) < 0,
                    "FlowSteering::Steer(" << key << "): " << key.source
                                           << " is not an address of node " << m_node->GetId()
                                           << " (only outgoing flows can be steered)");
    const int32_t interface = m_ipv4->GetInterfaceForDevice(device);
    NS_ABORT_MSG_IF(interface < 0,
                    "FlowSteering::Steer(" << key << "): device " << device->GetIfIndex()
                                           << " has no IPv4 interface");
    NS_ABORT_MSG_IF(!m_ipv4->IsUp(interface),
                    "FlowSteering::Steer(" << key << "): the IPv4 interface of device "
                                           << device->GetIfIndex() << " is down");
    bool onSubnet = false;
    for (uint32_t i = 0; i < m_ipv4->GetNAddresses(interface); ++i)
    {
        const Ipv4InterfaceAddress address = m_ipv4->GetAddress(interface, i);
        onSubnet |= address.GetLocal().CombineMask(address.GetMask()) ==
                        nextHop.CombineMask(address.GetMask()) &&
                    nextHop != address.GetLocal() &&
                    !nextHop.IsSubnetDirectedBroadcast(address.GetMask());
    }
    NS_ABORT_MSG_IF(!onSubnet,
                    "FlowSteering::Steer(" << key << "): next hop " << nextHop
                                           << " is not another host on the subnet of device "
                                           << device->GetIfIndex() << "'s interface");
    WatchDevices();
    RequestMove(key, Path{device, nextHop, MakeRoute(device, nextHop, key)}, done);
}

void
FlowSteering::Unsteer(const FlowKey& key, DoneCallback done)
{
    NS_LOG_FUNCTION(this << key);
    NS_ABORT_MSG_IF(!m_ipv4, "FlowSteering::Unsteer: not aggregated to a node with IPv4");
    RequestMove(key, Path{nullptr, Ipv4Address::GetAny(), nullptr}, done);
}

bool
FlowSteering::IsSteered(const FlowKey& key) const
{
    auto it = m_flows.find(key);
    if (it == m_flows.end())
    {
        return false;
    }
    const Flow& flow = it->second;
    // The last request decides where the flow is going.
    if (!flow.requests.empty())
    {
        return flow.requests.back().target.device != nullptr;
    }
    if (flow.phase != Phase::STABLE)
    {
        return flow.target.device != nullptr;
    }
    return flow.current.device != nullptr;
}

uint32_t
FlowSteering::GetHeldPackets() const
{
    return m_heldPackets;
}

uint64_t
FlowSteering::GetHoldDrops() const
{
    return m_holdDrops;
}

Time
FlowSteering::GetSettleTime() const
{
    return m_settleTime;
}

Ptr<Ipv4Route>
FlowSteering::MakeRoute(Ptr<NetDevice> device, Ipv4Address nextHop, const FlowKey& key)
{
    Ptr<Ipv4Route> route = Create<Ipv4Route>();
    route->SetDestination(key.destination);
    route->SetSource(key.source);
    route->SetGateway(nextHop);
    route->SetOutputDevice(device);
    return route;
}

void
FlowSteering::CallBack(DoneCallback done)
{
    if (!done.IsNull())
    {
        Simulator::ScheduleNow([done]() { done(); });
    }
}

void
FlowSteering::SendDown(Ptr<Packet> packet,
                       Ipv4Address source,
                       Ipv4Address destination,
                       uint8_t protocol,
                       Ptr<Ipv4Route> route)
{
    const FlowKey key = FlowKey::FromTransport(packet, source, destination, protocol);
    Flow& flow = m_flows[key];
    if (flow.phase == Phase::DRAINING || flow.phase == Phase::SETTLING)
    {
        if (flow.held.size() >= m_maxHeld)
        {
            NS_LOG_LOGIC("hold queue of " << key << " full: drop");
            ++m_holdDrops;
            m_holdDropTrace(packet, key);
            return;
        }
        flow.held.push_back(Held{packet, source, destination, protocol, route});
        m_heldPackets = m_heldPackets + 1;
        return;
    }
    SendOnPath(key, flow, Held{packet, source, destination, protocol, route});
}

void
FlowSteering::SendOnPath(const FlowKey& key, Flow& flow, const Held& held)
{
    if (flow.inHost)
    {
        m_inHost.erase(flow.lastSerial);
    }
    flow.everSent = true;
    flow.inHost = true;
    flow.lastSerial = m_nextSerial++;
    m_inHost[flow.lastSerial] = key;
    FlowSteeringTag tag(m_node->GetId(), flow.lastSerial);
    held.packet->ReplacePacketTag(tag);
    const bool steered = flow.current.device != nullptr;
    m_txTrace(held.packet, key, steered);
    const auto target = m_downTargets.find(held.protocol);
    NS_ASSERT(target != m_downTargets.end());
    target->second(held.packet,
                   held.source,
                   held.destination,
                   held.protocol,
                   steered ? flow.current.route : held.route);
}

void
FlowSteering::RequestMove(const FlowKey& key, Path target, DoneCallback done)
{
    Flow& flow = m_flows[key];
    if (flow.phase != Phase::STABLE)
    {
        NS_LOG_LOGIC(key << " is moving: the request waits");
        flow.requests.push_back(Request{target, done});
        return;
    }
    flow.target = target;
    flow.done = done;
    StartMove(key);
}

void
FlowSteering::StartMove(const FlowKey& key)
{
    Flow& flow = m_flows[key];
    if (flow.target.SameAs(flow.current))
    {
        NS_LOG_LOGIC(key << " already on that path");
        CallBack(flow.done);
        flow.done = DoneCallback();
        if (!flow.requests.empty())
        {
            Request next = flow.requests.front();
            flow.requests.pop_front();
            flow.target = next.target;
            flow.done = next.done;
            StartMove(key);
        }
        return;
    }
    flow.phase = Phase::RESOLVING;
    Ptr<NetDevice> device = flow.target.device;
    Ipv4Address nextHop = flow.target.nextHop;
    if (!device)
    {
        RoutingTablePath(key, device, nextHop);
    }
    if (!device || IsResolved(device, nextHop))
    {
        BeginHold(key);
        return;
    }
    NS_LOG_LOGIC(key << ": resolving " << nextHop);
    flow.resolving = nextHop;
    m_resolving.insert(key);
    SendProbe(device, nextHop);
    flow.timer = Simulator::Schedule(m_resolveTimeout, [this, key]() {
        NS_LOG_WARN("FlowSteering: no answer from " << m_flows[key].resolving << " for " << key
                                                    << " within ResolveTimeout");
        BeginHold(key);
    });
}

void
FlowSteering::RoutingTablePath(const FlowKey& key,
                               Ptr<NetDevice>& device,
                               Ipv4Address& nextHop) const
{
    device = nullptr;
    Ptr<Ipv4RoutingProtocol> routing = m_ipv4->GetRoutingProtocol();
    if (!routing)
    {
        return;
    }
    Ipv4Header header;
    header.SetSource(key.source);
    header.SetDestination(key.destination);
    header.SetProtocol(key.protocol);
    Socket::SocketErrno error;
    Ptr<Ipv4Route> route = routing->RouteOutput(Create<Packet>(), header, nullptr, error);
    if (!route)
    {
        return;
    }
    device = route->GetOutputDevice();
    nextHop = route->GetGateway().IsAny() ? key.destination : route->GetGateway();
}

bool
FlowSteering::IsResolved(Ptr<NetDevice> device, Ipv4Address nextHop) const
{
    const int32_t interface = m_ipv4->GetInterfaceForDevice(device);
    if (interface < 0)
    {
        return true; // nothing to resolve on
    }
    Ptr<ArpCache> cache = m_ipv4->GetInterface(interface)->GetArpCache();
    if (!cache)
    {
        return true; // the device needs no ARP
    }
    ArpCache::Entry* entry = cache->Lookup(nextHop);
    return entry && (entry->IsPermanent() || entry->IsAutoGenerated() ||
                     (entry->IsAlive() && !entry->IsExpired()));
}

void
FlowSteering::SendProbe(Ptr<NetDevice> device, Ipv4Address nextHop)
{
    const int32_t interface = m_ipv4->GetInterfaceForDevice(device);
    Ipv4Address local;
    for (uint32_t i = 0; i < m_ipv4->GetNAddresses(interface); ++i)
    {
        const Ipv4InterfaceAddress address = m_ipv4->GetAddress(interface, i);
        if (address.GetLocal().CombineMask(address.GetMask()) ==
            nextHop.CombineMask(address.GetMask()))
        {
            local = address.GetLocal();
        }
    }
    Icmpv4Echo echo;
    echo.SetIdentifier(static_cast<uint16_t>(m_node->GetId()));
    echo.SetSequenceNumber(m_probeSequence++);
    Ptr<Packet> probe = Create<Packet>();
    probe->AddHeader(echo);
    Icmpv4Header icmp;
    icmp.SetType(Icmpv4Header::ICMPV4_ECHO);
    icmp.SetCode(0);
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
FlowSteering::LocalDeliver(const Ipv4Header& header,
                           Ptr<const Packet> /* packet */,
                           uint32_t interface)
{
    std::vector<FlowKey> resolved;
    for (const FlowKey& key : m_resolving) // empty but during (2)
    {
        const Flow& flow = m_flows[key];
        if (flow.resolving == header.GetSource())
        {
            Ptr<NetDevice> device = flow.target.device;
            Ipv4Address nextHop = flow.target.nextHop;
            if (!device)
            {
                RoutingTablePath(key, device, nextHop);
            }
            if (device &&
                m_ipv4->GetInterfaceForDevice(device) == static_cast<int32_t>(interface) &&
                IsResolved(device, nextHop))
            {
                resolved.push_back(key);
            }
        }
    }
    for (const FlowKey& key : resolved)
    {
        m_flows[key].timer.Cancel();
        BeginHold(key);
    }
}

void
FlowSteering::BeginHold(const FlowKey& key)
{
    Flow& flow = m_flows[key];
    flow.resolving = Ipv4Address();
    m_resolving.erase(key);
    if (!flow.everSent)
    {
        NS_LOG_LOGIC(key << " never sent: moves at once");
        flow.phase = Phase::SETTLING;
        Release(key);
        return;
    }
    flow.phase = Phase::DRAINING;
    if (!flow.inHost)
    {
        Drained(key, flow.leftAt);
        return;
    }
    NS_LOG_LOGIC(key << ": waiting for packet " << flow.lastSerial << " to leave");
    flow.timer = Simulator::Schedule(m_drainTimeout, &FlowSteering::DrainTimedOut, this, key);
}

void
FlowSteering::PhyTxEnd(Ptr<const Packet> frame)
{
    FlowSteeringTag tag;
    if (m_inHost.empty() || !frame->PeekPacketTag(tag) || tag.m_node != m_node->GetId())
    {
        return;
    }
    auto it = m_inHost.find(tag.m_serial);
    if (it == m_inHost.end())
    {
        return;
    }
    const FlowKey key = it->second;
    m_inHost.erase(it);
    Flow& flow = m_flows[key];
    flow.inHost = false;
    flow.leftAt = Simulator::Now();
    if (flow.phase == Phase::DRAINING)
    {
        flow.timer.Cancel();
        Drained(key, flow.leftAt);
    }
}

void
FlowSteering::DrainTimedOut(const FlowKey& key)
{
    Flow& flow = m_flows[key];
    NS_LOG_WARN("FlowSteering: packet " << flow.lastSerial << " of " << key
                                        << " did not leave within DrainTimeout");
    m_inHost.erase(flow.lastSerial);
    flow.inHost = false;
    flow.leftAt = Simulator::Now();
    Drained(key, flow.leftAt);
}

void
FlowSteering::Drained(const FlowKey& key, Time leftAt)
{
    Flow& flow = m_flows[key];
    flow.phase = Phase::SETTLING;
    const Time release = leftAt + m_settleTime;
    NS_LOG_LOGIC(key << ": last old-path packet left at " << leftAt.As(Time::US) << ", release at "
                     << release.As(Time::US));
    if (release <= Simulator::Now())
    {
        Release(key);
        return;
    }
    flow.timer = Simulator::Schedule(release - Simulator::Now(), &FlowSteering::Release, this, key);
}

void
FlowSteering::Release(const FlowKey& key)
{
    Flow& flow = m_flows[key];
    flow.current = flow.target;
    flow.target = Path{};
    flow.phase = Phase::STABLE;
    NS_LOG_INFO(key << " now on " << (flow.current.device ? "device" : "the routing table") << " "
                    << flow.current.nextHop << ", releasing " << flow.held.size());
    m_pathChangeTrace(key, flow.current.device, flow.current.nextHop);
    std::deque<Held> held;
    held.swap(flow.held);
    m_heldPackets = m_heldPackets - static_cast<uint32_t>(held.size());
    for (const Held& h : held)
    {
        // A transport may send from the Tx trace or IP's traces; the flow stays stable.
        SendOnPath(key, m_flows[key], h);
    }
    Flow& after = m_flows[key];
    CallBack(after.done);
    after.done = DoneCallback();
    if (!after.requests.empty())
    {
        Request next = after.requests.front();
        after.requests.pop_front();
        after.target = next.target;
        after.done = next.done;
        StartMove(key);
    }
}

} // namespace hybridnet
} // namespace ns3
