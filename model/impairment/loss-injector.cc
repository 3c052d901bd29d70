/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "loss-injector.h"

#include "receive-loss-shim.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/ipv4-route.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/random-variable-stream.h"
#include "ns3/uinteger.h"

#include <array>
#include <limits>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetLossInjector");
NS_OBJECT_ENSURE_REGISTERED(LossInjector);

namespace
{
constexpr uint8_t kIcmp = 1; //!< IP protocol number of ICMP
constexpr uint8_t kTcp = 6;  //!< IP protocol number of TCP
constexpr uint8_t kUdp = 17; //!< IP protocol number of UDP
} // namespace

TypeId
LossInjector::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::LossInjector")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<LossInjector>()
            .AddAttribute("Mode",
                          "How counted packets are chosen: EveryNth, equation (2), or Random, "
                          "each with probability LossRate.",
                          EnumValue(LossInjector::RANDOM),
                          MakeEnumAccessor<Mode>(&LossInjector::m_mode),
                          MakeEnumChecker(LossInjector::EVERY_NTH,
                                          "EveryNth",
                                          LossInjector::RANDOM,
                                          "Random"))
            .AddAttribute("Interval",
                          "N of equation (2): in mode EveryNth every N-th counted packet "
                          "is dropped. Packets; range 1 to 4294967295 (1 drops all).",
                          UintegerValue(1000),
                          MakeUintegerAccessor(&LossInjector::m_interval),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("Offset",
                          "K of equation (2): in mode EveryNth the first K counted packets "
                          "are never dropped, then packets K+N, K+2N, ... are. Packets; "
                          "range 0 to 4294967295.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&LossInjector::m_offset),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("LossRate",
                          "p: in mode Random each counted packet is dropped with "
                          "probability p. Dimensionless; range 0 to 1 (0, the default, "
                          "drops nothing).",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&LossInjector::m_lossRate),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("Protocol",
                          "Flow filter: IP protocol number (6 TCP, 17 UDP, 1 ICMP); range 0 "
                          "to 255, 0 = any protocol.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&LossInjector::m_protocol),
                          MakeUintegerChecker<uint8_t>())
            .AddAttribute("SourceAddress",
                          "Flow filter: IPv4 source address; 0.0.0.0 = any.",
                          Ipv4AddressValue(Ipv4Address::GetAny()),
                          MakeIpv4AddressAccessor(&LossInjector::m_source),
                          MakeIpv4AddressChecker())
            .AddAttribute("DestinationAddress",
                          "Flow filter: IPv4 destination address; 0.0.0.0 = any.",
                          Ipv4AddressValue(Ipv4Address::GetAny()),
                          MakeIpv4AddressAccessor(&LossInjector::m_destination),
                          MakeIpv4AddressChecker())
            .AddAttribute("SourcePort",
                          "Flow filter: TCP or UDP source port; range 0 to 65535, 0 = any "
                          "(packets of protocols without ports have port 0).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&LossInjector::m_sourcePort),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("DestinationPort",
                          "Flow filter: TCP or UDP destination port; range 0 to 65535, 0 = "
                          "any.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&LossInjector::m_destinationPort),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("PayloadOnly",
                          "Whether only packets that carry transport payload, equation (1), "
                          "are counted (true: TCP data segments, the studies' loss rate per "
                          "segment; false: every packet of the flow, e.g. SYNs and pure "
                          "ACKs too).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&LossInjector::m_payloadOnly),
                          MakeBooleanChecker())
            .AddTraceSource("Drop",
                            "A counted packet is dropped (the transport segment, header "
                            "first, and its flow).",
                            MakeTraceSourceAccessor(&LossInjector::m_dropTrace),
                            "ns3::hybridnet::LossInjector::DropTracedCallback")
            .AddTraceSource("Seen",
                            "Counted packets so far: k of equation (2).",
                            MakeTraceSourceAccessor(&LossInjector::m_seen),
                            "ns3::TracedValueCallback::Uint64")
            .AddTraceSource("Dropped",
                            "Dropped packets so far: D of equation (3).",
                            MakeTraceSourceAccessor(&LossInjector::m_dropped),
                            "ns3::TracedValueCallback::Uint64");
    return tid;
}

LossInjector::LossInjector()
    : m_uniform(CreateObject<UniformRandomVariable>()),
      m_seen(0),
      m_dropped(0)
{
    NS_LOG_FUNCTION(this);
}

LossInjector::~LossInjector()
{
    NS_LOG_FUNCTION(this);
}

void
LossInjector::Attach(Ptr<Node> node, Direction direction)
{
    NS_LOG_FUNCTION(this << node << direction);
    NS_ABORT_MSG_IF(!node, "LossInjector::Attach: no node");
    NS_ABORT_MSG_IF(m_ipv4, "LossInjector::Attach: already attached");
    m_ipv4 = node->GetObject<Ipv4L3Protocol>();
    NS_ABORT_MSG_IF(!m_ipv4,
                    "LossInjector::Attach: node " << node->GetId()
                                                  << " has no IPv4 stack (install it first)");
    NS_ABORT_MSG_IF(direction == RECEIVE && m_protocol == kIcmp,
                    "LossInjector: ICMP (protocol 1) cannot be dropped on the receive path");
    m_direction = direction;
    m_attached = true;
    if (direction == SEND)
    {
        HookSend();
    }
    else
    {
        HookReceive();
    }
}

void
LossInjector::HookSend()
{
    const auto ours = MakeCallback(&LossInjector::SendDown, Ptr<LossInjector>(this));
    for (int number = 0; number < 256; ++number)
    {
        if (m_protocol != 0 && number != m_protocol)
        {
            continue;
        }
        Ptr<IpL4Protocol> transport = m_ipv4->GetProtocol(number);
        if (!transport)
        {
            continue;
        }
        IpL4Protocol::DownTargetCallback current = transport->GetDownTarget();
        if (current.IsNull() || current.IsEqual(ours))
        {
            continue;
        }
        NS_LOG_LOGIC("send path of protocol " << number);
        m_downTargets[static_cast<uint8_t>(number)] = current;
        transport->SetDownTarget(ours);
    }
}

void
LossInjector::HookReceive()
{
    for (int number = 0; number < 256; ++number)
    {
        if ((m_protocol != 0 && number != m_protocol) || number == kIcmp)
        {
            continue;
        }
        Ptr<IpL4Protocol> transport = m_ipv4->GetProtocol(number);
        if (!transport)
        {
            continue;
        }
        NS_LOG_LOGIC("receive path of protocol " << number);
        Ptr<ReceiveLossShim> shim = CreateObject<ReceiveLossShim>();
        shim->Setup(transport, this);
        m_ipv4->Remove(transport);
        m_ipv4->Insert(shim);
        m_shimmed.insert(static_cast<uint8_t>(number));
    }
}

void
LossInjector::Unhook()
{
    if (!m_ipv4)
    {
        return;
    }
    const auto ours = MakeCallback(&LossInjector::SendDown, Ptr<LossInjector>(this));
    // A down target that another hook has wrapped since stays: this injector, detached,
    // then passes its packets on to the original.
    for (auto it = m_downTargets.begin(); it != m_downTargets.end();)
    {
        Ptr<IpL4Protocol> transport = m_ipv4->GetProtocol(it->first);
        if (transport && transport->GetDownTarget().IsEqual(ours))
        {
            transport->SetDownTarget(it->second);
            it = m_downTargets.erase(it);
        }
        else
        {
            ++it;
        }
    }
    for (uint8_t number : m_shimmed)
    {
        Ptr<ReceiveLossShim> shim = DynamicCast<ReceiveLossShim>(m_ipv4->GetProtocol(number));
        if (shim && shim->GetInjector() == this)
        {
            m_ipv4->Remove(shim);
            m_ipv4->Insert(shim->GetTransport());
        }
    }
    m_shimmed.clear();
}

void
LossInjector::DoDispose()
{
    NS_LOG_FUNCTION(this);
    // Deleted without Dispose (last reference gone): no down target or shim refers to it
    // any more, and Unhook's temporary references would delete it a second time.
    if (GetReferenceCount() > 0)
    {
        Unhook();
    }
    m_attached = false;
    m_ipv4 = nullptr;
    m_uniform = nullptr;
    Object::DoDispose();
}

LossInjector::Direction
LossInjector::GetDirection() const
{
    return m_direction;
}

bool
LossInjector::IsAttached() const
{
    return m_attached;
}

bool
LossInjector::Matches(const FlowKey& key) const
{
    return (m_protocol == 0 || key.protocol == m_protocol) &&
           (m_source.IsAny() || key.source == m_source) &&
           (m_destination.IsAny() || key.destination == m_destination) &&
           (m_sourcePort == 0 || key.sourcePort == m_sourcePort) &&
           (m_destinationPort == 0 || key.destinationPort == m_destinationPort);
}

uint32_t
LossInjector::PayloadSize(Ptr<const Packet> packet, uint8_t protocol)
{
    const uint32_t size = packet->GetSize();
    if (protocol == kTcp)
    {
        // Data offset: the high nibble of byte 12, in 32-bit words.
        constexpr uint32_t kOffsetByte = 12;
        if (size <= kOffsetByte)
        {
            return 0;
        }
        std::array<uint8_t, kOffsetByte + 1> head{};
        packet->CopyData(head.data(), head.size());
        const uint32_t header = 4U * (head[kOffsetByte] >> 4);
        return size > header ? size - header : 0;
    }
    if (protocol == kUdp)
    {
        constexpr uint32_t kUdpHeader = 8;
        return size > kUdpHeader ? size - kUdpHeader : 0;
    }
    return size;
}

bool
LossInjector::Judge(Ptr<const Packet> packet, const FlowKey& key)
{
    if (!m_attached || !Matches(key) || (m_payloadOnly && PayloadSize(packet, key.protocol) == 0))
    {
        return false;
    }
    m_seen = m_seen + 1;
    bool drop = false;
    if (m_mode == EVERY_NTH)
    {
        const uint64_t k = m_seen;
        drop = k > m_offset && (k - m_offset) % m_interval == 0;
    }
    else
    {
        drop = m_uniform->GetValue(0.0, 1.0) < m_lossRate;
    }
    if (drop)
    {
        m_dropped = m_dropped + 1;
        NS_LOG_LOGIC("drop packet " << m_seen << " of " << key);
        m_dropTrace(packet, key);
    }
    return drop;
}

void
LossInjector::SendDown(Ptr<Packet> packet,
                       Ipv4Address source,
                       Ipv4Address destination,
                       uint8_t protocol,
                       Ptr<Ipv4Route> route)
{
    const auto target = m_downTargets.find(protocol);
    NS_ASSERT(target != m_downTargets.end());
    if (Judge(packet, FlowKey::FromTransport(packet, source, destination, protocol)))
    {
        return;
    }
    target->second(packet, source, destination, protocol, route);
}

uint64_t
LossInjector::GetSeen() const
{
    return m_seen;
}

uint64_t
LossInjector::GetDropped() const
{
    return m_dropped;
}

int64_t
LossInjector::AssignStreams(int64_t stream)
{
    m_uniform->SetStream(stream);
    return 1;
}

} // namespace hybridnet
} // namespace ns3
