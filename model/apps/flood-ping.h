/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_FLOOD_PING_H
#define HYBRIDNET_FLOOD_PING_H

#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <deque>
#include <map>

namespace ns3
{

class Socket;

namespace hybridnet
{

/**
 * @brief Linux ping (iputils): flood ping, `ping -f -c N` - ICMP echo requests sent as fast
 * as the replies come back, or MinInterval apart, whichever is faster - or, with Interval
 * set, periodic ping, `ping -i Interval -c N`.
 *
 * Linux ping (iputils) in flood mode "outputs packets as fast as they come back or one
 * hundred times per second, whichever is more".  With t_k the time request k (k = 0 .. N-1)
 * is sent and a_k the time its reply arrives (infinity if it never does):
 *
 *     (1) t_0 = start
 *     (2) t_{k+1} = min(a_k, t_k + MinInterval)        (MinInterval = 10 ms: 100 per second)
 *     (2') t_{k+1} = t_k + Interval                     (Interval > 0: ping -i)
 *     (3) RTT_k = a_k - t_k                              (reported by the Rtt trace)
 *
 * so on a path whose RTT is below MinInterval exactly one request is outstanding at a time
 * and the probe rate is 1 / mean RTT; on a longer path a request leaves every MinInterval
 * and several are outstanding.  A reply arriving after its successor was sent (the
 * MinInterval branch of (2)) still yields its RTT but does not trigger a send.  Requests
 * carry Size bytes of ICMP data (ping -s; 56 by default, an 84 B IP packet), an identifier
 * per application (from the node's id and the application's index on the node) and the
 * sequence number k.  After N requests it sends no more; replies are taken until the
 * application's stop time.
 *
 * t_k is taken before the request's system call (iputils stamps it with gettimeofday() just
 * before sendmsg()): on a node with a HostCpu the request enters the kernel through
 * HostCpu::RunSystemCall (its equation (4): SyscallCycles, 0 unless the host profile sets
 * it), so the call's entry is part of the RTT, as on Linux.
 *
 * Departures from ping: the RTT is taken in simulated time when the reply reaches the
 * application; the ping process's scheduling delay is not modelled (iputils takes the
 * receive time from the kernel's SO_TIMESTAMP stamp, which is also free of it).  Nor is
 * ping -f's terminal output (a dot written per request, a backspace per reply): each is a
 * write() between a reply and the next request, whose cost is the terminal's (console,
 * pseudo-terminal over ssh), for which no source gives a number; it would slow the flood's
 * rate, not change an RTT.
 */
class FloodPing : public Application
{
  public:
    /**
     * TracedCallback signature of Rtt, equation (3).
     * @param seq sequence number k of the request
     * @param rtt its round-trip time
     */
    typedef void (*RttCallback)(uint16_t seq, Time rtt);

    static TypeId GetTypeId();
    FloodPing();
    ~FloodPing() override;

    /** @return requests sent so far */
    uint32_t GetSent() const;
    /** @return replies received so far */
    uint32_t GetReceived() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /** Send request k = m_sent, and schedule the next by (2) or (2'). */
    void Send();
    /** The oldest request in its system call enters the stack. */
    void Transmit();
    /** Read echo replies from the raw socket. */
    void Receive(Ptr<Socket> socket);

    Ipv4Address m_remote;                   //!< destination
    uint32_t m_count{0};                    //!< N
    uint32_t m_size{0};                     //!< ICMP data bytes
    Time m_minInterval;                     //!< MinInterval of (2)
    Time m_interval;                        //!< Interval of (2'), 0 for (2)
    uint16_t m_identifier{0};               //!< ICMP echo identifier
    Ptr<Socket> m_socket;                   //!< raw ICMP socket
    uint32_t m_sent{0};                     //!< requests sent
    uint32_t m_received{0};                 //!< replies received
    std::map<uint16_t, Time> m_pending;     //!< send times of requests without a reply
    EventId m_next;                         //!< the next send of (2) or (2')
    std::deque<Ptr<Packet>> m_inSystemCall; //!< requests whose sendmsg() has not entered yet
    TracedCallback<uint16_t, Time> m_rtt;   //!< Rtt trace
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_FLOOD_PING_H
