/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TSO_BURST_H
#define HYBRIDNET_TSO_BURST_H

#include "ns3/nstime.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief One TCP segmentation offload send as a driver's per-packet work sees it: which of
 * the segments the node's TCP hands down would have been one skb in Linux.
 *
 * Linux's tcp_write_xmit hands a device with NETIF_F_TSO one skb of up to GSO_MAX_SIZE =
 * 65536 B of payload (Linux 2.6.20-2.6.28, include/linux/netdevice.h), which the stack and
 * the driver process once and the adapter cuts into segments. ns-3's TCP hands the segments
 * one by one, so a device that models TSO groups them back: a segment (a TCP data segment:
 * payload P > 0)
 *
 *   (1) continues the open burst iff it belongs to the same connection (the flow key), is
 *       handed down at the same simulation time as the burst's first segment, carries the
 *       burst's next sequence number, and the burst's payload stays at most 65536 B;
 *   (2) otherwise starts a new burst; any other packet (an ACK without payload, UDP, ICMP)
 *       closes the open burst.
 *
 * So k back-to-back segments of P bytes of one connection form
 *
 *   (3) ceil(k / floor(65536 / P)) bursts,
 *
 * and a device charges its per-skb work once per burst. Approximation: a burst is what the
 * node's TCP sends at one instant (a window's worth after an ACK, a queue disc's run after a
 * wake), not Linux's tcp_tso_should_defer, which may hold a send back to fill an skb.
 */
class TsoBurst
{
  public:
    static constexpr uint32_t GSO_MAX_SIZE = 65536; //!< bytes of payload in one skb at most

    /**
     * Rules (1)-(2) for the next packet handed down.
     * @param flow the connection's key (any value that differs between connections)
     * @param sequence the TCP sequence number of its first payload byte
     * @param payload P, bytes; 0 for any packet that is not a TCP data segment
     * @param now when it is handed down
     * @return true if it continues the open burst (no per-skb work), false if it starts one
     *         or is not a data segment
     */
    bool Continues(uint64_t flow, uint32_t sequence, uint32_t payload, Time now);

    /** @return the bursts started so far, (3) */
    uint64_t GetBursts() const;

  private:
    bool m_open{false};    //!< a burst is open
    uint64_t m_flow{0};    //!< its connection
    Time m_time;           //!< when its first segment was handed down
    uint32_t m_nextSeq{0}; //!< the sequence number that continues it
    uint32_t m_bytes{0};   //!< its payload so far
    uint64_t m_bursts{0};  //!< bursts started
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TSO_BURST_H
