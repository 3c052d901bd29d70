/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ttl-expiry.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/icmpv4-l4-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/output-stream-wrapper.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTtlExpiry");
NS_OBJECT_ENSURE_REGISTERED(TtlExpiry);

TypeId
TtlExpiry::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::TtlExpiry")
            .SetParent<Ipv4RoutingProtocol>()
            .SetGroupName("Hybridnet")
            .AddConstructor<TtlExpiry>()
            .AddAttribute("Rate",
                          "Rate of equation (1): tokens a second, one per time-exceeded "
                          "message. 1/s per destination on a Linux 2.2-2.6 router "
                          "(sysctl_icmp_ratelimit = 1 HZ). 1/s; range 0 (no limit, the "
                          "default: ns-3's router) to 1e9.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&TtlExpiry::m_rate),
                          MakeDoubleChecker<double>(0.0, 1e9))
            .AddAttribute("Burst",
                          "Burst of equation (1): the bucket's depth, messages. 6 on Linux "
                          "(XRLIM_BURST_FACTOR). Range 1 to 1e9.",
                          DoubleValue(6.0),
                          MakeDoubleAccessor(&TtlExpiry::m_burst),
                          MakeDoubleChecker<double>(1.0, 1e9))
            .AddAttribute("GenerationDelay",
                          "Time the router's slow path takes to make one message, equation "
                          "(2). Range 0 s (the default: at once, as ns-3's router) to 10 s.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&TtlExpiry::m_generationDelay),
                          MakeTimeChecker(Seconds(0), Seconds(10)))
            .AddTraceSource("Answer",
                            "A time-exceeded message leaves; argument: the expired "
                            "packet's IP header.",
                            MakeTraceSourceAccessor(&TtlExpiry::m_answerTrace),
                            "ns3::hybridnet::TtlExpiry::AnswerCallback");
    return tid;
}

TtlExpiry::TtlExpiry() = default;
TtlExpiry::~TtlExpiry() = default;

void
TtlExpiry::DoDispose()
{
    m_sending.Cancel();
    m_waiting.clear();
    m_ipv4 = nullptr;
    Ipv4RoutingProtocol::DoDispose();
}

Ptr<Ipv4Route>
TtlExpiry::RouteOutput(Ptr<Packet> /* p */,
                       const Ipv4Header& /* header */,
                       Ptr<NetDevice> /* oif */,
                       Socket::SocketErrno& sockerr)
{
    sockerr = Socket::ERROR_NOROUTETOHOST;
    return nullptr;
}

bool
TtlExpiry::RouteInput(Ptr<const Packet> p,
                      const Ipv4Header& header,
                      Ptr<const NetDevice> /* idev */,
                      const UnicastForwardCallback& /* ucb */,
                      const MulticastForwardCallback& /* mcb */,
                      const LocalDeliverCallback& /* lcb */,
                      const ErrorCallback& /* ecb */)
{
    const Ipv4Address to = header.GetDestination();
    if (header.GetTtl() > 1 || to.IsBroadcast() || to.IsMulticast())
    {
        return false;
    }
    ++m_expired;
    if (!TakeToken())
    {
        ++m_suppressed;
        NS_LOG_LOGIC("suppressed: " << header);
        return true;
    }
    m_waiting.emplace_back(header, p->Copy());
    if (!m_sending.IsPending())
    {
        m_sending = Simulator::Schedule(m_generationDelay, &TtlExpiry::SendNext, this);
    }
    return true;
}

bool
TtlExpiry::TakeToken()
{
    if (m_rate == 0)
    {
        return true;
    }
    const Time now = Simulator::Now();
    m_tokens = m_bucketStarted
                   ? std::min(m_burst, m_tokens + m_rate * (now - m_lastFill).GetSeconds())
                   : m_burst;
    m_bucketStarted = true;
    m_lastFill = now;
    if (m_tokens < 1)
    {
        return false;
    }
    m_tokens -= 1;
    return true;
}

void
TtlExpiry::SendNext()
{
    auto [header, packet] = m_waiting.front();
    m_waiting.pop_front();
    Ptr<Icmpv4L4Protocol> icmp =
        DynamicCast<Icmpv4L4Protocol>(m_ipv4->GetProtocol(Icmpv4L4Protocol::PROT_NUMBER));
    NS_ABORT_MSG_UNLESS(icmp, "TtlExpiry: the router has no ICMP");
    icmp->SendTimeExceededTtl(header, packet, false);
    ++m_answered;
    m_answerTrace(header);
    if (!m_waiting.empty())
    {
        m_sending = Simulator::Schedule(m_generationDelay, &TtlExpiry::SendNext, this);
    }
}

void
TtlExpiry::NotifyInterfaceUp(uint32_t /* interface */)
{
}

void
TtlExpiry::NotifyInterfaceDown(uint32_t /* interface */)
{
}

void
TtlExpiry::NotifyAddAddress(uint32_t /* interface */, Ipv4InterfaceAddress /* address */)
{
}

void
TtlExpiry::NotifyRemoveAddress(uint32_t /* interface */, Ipv4InterfaceAddress /* address */)
{
}

void
TtlExpiry::SetIpv4(Ptr<Ipv4> ipv4)
{
    m_ipv4 = ipv4;
}

void
TtlExpiry::PrintRoutingTable(Ptr<OutputStreamWrapper> stream, Time::Unit /* unit */) const
{
    *stream->GetStream() << "TtlExpiry: time exceeded after " << m_generationDelay.As(Time::US)
                         << ", at most " << m_rate << "/s (burst " << m_burst << ")\n";
}

uint64_t
TtlExpiry::GetExpired() const
{
    return m_expired;
}

uint64_t
TtlExpiry::GetAnswered() const
{
    return m_answered;
}

uint64_t
TtlExpiry::GetSuppressed() const
{
    return m_suppressed;
}

} // namespace hybridnet
} // namespace ns3
