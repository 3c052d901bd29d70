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

class HostCpu;
class HostProcess;

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
 *     (2) t_{k+1} = min(a_k, t_k + MinInterval)        (MinInterval = 10 ms: 100 per second;
 *                                                       on a host model a_k becomes (4))
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
 * Between a reply and the request it triggers in flood mode the ping process runs as
 * iputils' main loop does: woken by the reply (HostProcess (1)), it reads it (recvmsg()),
 * writes "\b \b" to the terminal (ping -f's output: a dot per request, taken back per
 * reply) and sends the next request, each call through HostCpu::RunSystemCall:
 *
 *     (4)  t_{k+1} = a_k + wake-up + 2 x system call        (flood, reply k the newest)
 *
 * in place of (2)'s a_k, so the flood's rate falls with the host's costs while no RTT
 * changes.  The terminal's own work for those bytes (a console, a pseudo-terminal over
 * ssh) has no source and is left out, as is the dot's write() after each request (off the
 * path: it ends long before the reply).
 *
 * Departure from ping: the RTT is taken in simulated time when the reply reaches the
 * application's socket, before the process is woken (iputils takes the receive time from
 * the kernel's SO_TIMESTAMP stamp, which is also free of the wake-up).
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
    /** The woken process reads the newest reply (recvmsg()), (4). */
    void ReadReply();
    /** It writes ping -f's backspace, then sends the next request, (4). */
    void WriteBackspace();
    /** Read echo replies from the raw socket. */
    void Receive(Ptr<Socket> socket);

    Ipv4Address m_remote;                   //!< destination
    uint32_t m_count{0};                    //!< N
    uint32_t m_size{0};                     //!< ICMP data bytes
    Time m_minInterval;                     //!< MinInterval of (2)
    Time m_interval;                        //!< Interval of (2'), 0 for (2)
    uint16_t m_identifier{0};               //!< ICMP echo identifier
    Ptr<Socket> m_socket;                   //!< raw ICMP socket
    Ptr<HostCpu> m_cpu;                     //!< the node's CPU (null without one)
    Ptr<HostProcess> m_process;             //!< the ping process (null without a HostCpu)
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
