/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TTL_EXPIRY_H
#define HYBRIDNET_TTL_EXPIRY_H

#include "ns3/event-id.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/nstime.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <deque>
#include <utility>

namespace ns3
{

class Packet;

namespace hybridnet
{

/**
 * @brief A router's answer to a packet whose TTL runs out: the ICMP time-exceeded message
 * (RFC 792 type 11, code 0) that traceroute, pathchar, pchar and pipechar hear - made on
 * the router's slow path, as real routers make it, not at once and always as ns-3's
 * Ipv4L3Protocol does.
 *
 * It is a routing protocol placed in the router's Ipv4ListRouting above the others
 * (TtlExpiryHelper): Ipv4ListRouting delivers packets for the router itself before it asks
 * any protocol, so RouteInput sees only packets to forward.  A packet arriving with TTL <=
 * 1 would expire in forwarding (RFC 1812 5.3.1: the TTL is decremented before forwarding
 * and a packet with TTL 0 after it is discarded, answered with time exceeded); this
 * protocol takes it (returns true) before the forwarding protocols see it, and
 *
 * 1. **rate limit** (token bucket, Linux's xrlim_allow in net/ipv4/icmp.c): the bucket
 *    holds b(t) tokens, at most Burst, filling at Rate per second; a message is made only
 *    if b >= 1, which it takes,
 *
 *        (1)  b(t_k) = min(Burst, b(t_{k-1}) - s_{k-1} + Rate (t_k - t_{k-1})),
 *             s_k = 1 if b(t_k) >= 1 (answered) else 0 (suppressed),
 *
 *    the bucket full at the start; Rate 0 means no limit.  Linux 2.2 to 2.6 routers: one
 *    token a second (sysctl_icmp_ratelimit = 1 HZ; time exceeded is in the default
 *    icmp_ratemask 0x1818) and a burst of 6 (XRLIM_BURST_FACTOR), per destination - the
 *    probing host here, so per router;
 * 2. **generation on the slow path**: the route processor makes one message at a time,
 *    each taking GenerationDelay, in arrival order,
 *
 *        (2)  d_k = max(t_k, d_{k-1}) + GenerationDelay,
 *
 *    the message leaving at d_k through Icmpv4L4Protocol::SendTimeExceededTtl, which
 *    routes it back to the source with the router's address on the way out (RFC 1812
 *    4.3.2.4 allows either interface's) and quotes the expired packet's IP header as it
 *    arrived and its first 8 bytes of payload (the UDP ports pchar matches).
 *
 * Packets to broadcast or multicast addresses are left to the other protocols (no ICMP
 * error for them, RFC 1812 4.3.2.7).  Counters: GetExpired (packets taken), GetAnswered,
 * GetSuppressed (by (1)); trace Answer fires when a message leaves.
 */
class TtlExpiry : public Ipv4RoutingProtocol
{
  public:
    /** @return the TypeId */
    static TypeId GetTypeId();

    /** Signature of the Answer trace: the expired packet's IP header. */
    typedef void (*AnswerCallback)(const Ipv4Header& header);

    TtlExpiry();
    ~TtlExpiry() override;

    /** Always null: this protocol only takes expiring packets. */
    Ptr<Ipv4Route> RouteOutput(Ptr<Packet> p,
                               const Ipv4Header& header,
                               Ptr<NetDevice> oif,
                               Socket::SocketErrno& sockerr) override;
    /** Takes a unicast packet with TTL <= 1 (see the class comment); false otherwise. */
    bool RouteInput(Ptr<const Packet> p,
                    const Ipv4Header& header,
                    Ptr<const NetDevice> idev,
                    const UnicastForwardCallback& ucb,
                    const MulticastForwardCallback& mcb,
                    const LocalDeliverCallback& lcb,
                    const ErrorCallback& ecb) override;
    void NotifyInterfaceUp(uint32_t interface) override;
    void NotifyInterfaceDown(uint32_t interface) override;
    void NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void SetIpv4(Ptr<Ipv4> ipv4) override;
    void PrintRoutingTable(Ptr<OutputStreamWrapper> stream,
                           Time::Unit unit = Time::S) const override;

    /** @return packets taken because their TTL ran out */
    uint64_t GetExpired() const;
    /** @return time-exceeded messages sent */
    uint64_t GetAnswered() const;
    /** @return expired packets left unanswered by the rate limit (1) */
    uint64_t GetSuppressed() const;

  protected:
    void DoDispose() override;

  private:
    /** @return true if (1) lets a message be made now (and takes its token) */
    bool TakeToken();
    /** Send the oldest waiting message and schedule the next, (2). */
    void SendNext();

    Ptr<Ipv4> m_ipv4;
    double m_rate{0};            //!< Rate, tokens per second (0: no limit)
    double m_burst{6};           //!< Burst, tokens
    Time m_generationDelay;      //!< GenerationDelay
    double m_tokens{0};          //!< b at m_lastFill
    Time m_lastFill;             //!< when b was last brought up to date
    bool m_bucketStarted{false}; //!< the bucket starts full at the first expiry
    std::deque<std::pair<Ipv4Header, Ptr<Packet>>> m_waiting; //!< on the slow path
    EventId m_sending;                                        //!< the message being made
    uint64_t m_expired{0};
    uint64_t m_answered{0};
    uint64_t m_suppressed{0};
    TracedCallback<const Ipv4Header&> m_answerTrace; //!< Answer: the expired packet's header
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TTL_EXPIRY_H
