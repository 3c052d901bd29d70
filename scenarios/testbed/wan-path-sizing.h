/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_WAN_PATH_SIZING_H
#define HYBRIDNET_WAN_PATH_SIZING_H

#include "result-document.h"

#include "ns3/data-rate.h"
#include "ns3/nstime.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The queue and the socket buffers of a WAN path sized for one bulk TCP flow, and
 * what a socket makes of them: the arithmetic the WAN TCP scenarios (wan-bulk-transfer,
 * wan-shared-bottleneck) share.
 *
 * The path: one bottleneck of rate R (bit/s), a round-trip propagation delay RTT, links
 * whose IP MTU is M = S + 52 B for a segment size S (IP 20 B, TCP 20 B, timestamps 12 B),
 * 2 B of PPP framing per packet.  With the bottleneck's drop-tail queue of Q packets:
 *
 *     (1)  BDP = ceil(R x RTT / 8)                                   bytes
 *     (2)  Q   = queuePackets if queuePackets > 0, else max(1, ceil(BDP / M))
 *     (3)  W   = (floor(BDP / (M + 2)) + Q) x S
 *
 * W is the payload the path holds with the queue full, in whole packets: a flow whose window
 * is W never overflows the queue.  The buffers the application sets (SO_SNDBUF, SO_RCVBUF)
 * are the requested ones, or, when a request is 0 ("sized for the path"):
 *
 *     (4)  fit(x)     = min(max(x, S), windowScaling ? 1 GiB : 65535 B)
 *     (5)  sndBufSet  = fit(2 W)                  (ns3 semantics)  fit(W)              (linux)
 *     (6)  rcvBufSet  = fit(W)                    (ns3 semantics)  fit(ceil(2^a W / (2 k))) (linux)
 *
 * with a = AdvWinScale and k = 2^a - 1 (a = 2: k = 3, ceil(2 W / 3)).  With linux semantics
 * LfnTcpSocket doubles the value set, clipped to the kernel maximum, and advertises
 * B - B / 2^a of the buffer B (equations (4), (5) of lfn-tcp-socket.h), so that rcvBufSet of
 * (6) advertises W; sndBufSet = W under linux gives 2 W of send buffer, as 2 W under ns3:
 *
 *     (7)  sndBufEffective = linux ? 2 min(sndBufSet, wmemMax) : sndBufSet
 *     (8)  rcvBufEffective = linux ? 2 min(rcvBufSet, rmemMax) : rcvBufSet
 *     (9)  maxAdvertisedWindow = linux ? B - floor(B / 2^a) : B,   B = rcvBufEffective,
 *          at most 65535 B without window scaling
 *
 * and the largest goodput the bottleneck carries, payload over wire bytes:
 *
 *     (10) goodputCeiling = R x S / (M + 2)                          bit/s
 *
 * A requested buffer is taken as it is (the scenarios' flag rules keep it at least S, and
 * at most 65535 B without window scaling).  Nothing here is measured: every number follows
 * from the flags.
 */
class WanPathSizing
{
  public:
    /** IPv4 20 B + TCP 20 B + timestamps option 12 B: the IP MTU is segmentSize + this. */
    static constexpr uint32_t kTcpIpHeaders = 52;
    /** Point-to-point (PPP) framing per packet. */
    static constexpr uint32_t kPppHeader = 2;
    /** 1 GiB: the largest buffer (LfnTcpSocket's RmemMax and WmemMax ceiling). */
    static constexpr uint64_t kMaxBuffer = 1ULL << 30;
    /** The 16-bit window field: the largest window without window scaling. */
    static constexpr uint64_t kUnscaledWindow = 65535;

    /** What the sizing needs to know of the sockets. */
    struct Sockets
    {
        uint32_t segmentSize{1448}; //!< S, bytes
        uint64_t sndBuf{0};         //!< requested SO_SNDBUF, bytes; 0: sized for the path
        uint64_t rcvBuf{0};         //!< requested SO_RCVBUF, bytes; 0: sized for the path
        bool linuxSemantics{false}; //!< LfnTcpSocket BufferSemantics linux
        bool windowScaling{true};   //!< window-scale option on
        uint64_t rmemMax{0};        //!< net.core.rmem_max, bytes (linux only)
        uint64_t wmemMax{0};        //!< net.core.wmem_max, bytes (linux only)
        uint32_t advWinScale{2};    //!< a of equations (6), (9)
    };

    /**
     * Size the path.
     * @param rate R, the bottleneck's rate
     * @param rtt the round-trip propagation delay
     * @param queuePackets the bottleneck queue in packets; 0: one BDP, equation (2)
     * @param sockets the segment size, requested buffers and buffer semantics
     */
    WanPathSizing(DataRate rate, Time rtt, uint32_t queuePackets, const Sockets& sockets);

    /** @return the IP MTU M = S + 52 B of every link, bytes */
    uint32_t GetMtu() const;
    /** @return BDP of equation (1), bytes */
    uint64_t GetBdp() const;
    /** @return Q of equation (2), packets */
    uint32_t GetQueuePackets() const;
    /** @return W of equation (3), bytes */
    uint64_t GetPathWindow() const;
    /** @return the SO_SNDBUF to set, equation (5) or the request, bytes */
    uint64_t GetSndBufSet() const;
    /** @return the SO_RCVBUF to set, equation (6) or the request, bytes */
    uint64_t GetRcvBufSet() const;
    /** @return the send buffer the socket keeps, equation (7), bytes */
    uint64_t GetSndBufEffective() const;
    /** @return the receive buffer the socket keeps, equation (8), bytes */
    uint64_t GetRcvBufEffective() const;
    /** @return the largest window the receiver advertises, equation (9), bytes */
    uint64_t GetMaxAdvertisedWindow() const;
    /** @return the payload ceiling of the bottleneck, equation (10) */
    double GetGoodputCeiling() const;

    /**
     * Write the derived metrics: bdp (B), queueCapacity (packets), goodputCeiling (Mb/s),
     * and the buffers of the ends whose kernel the flags are (a host that runs its
     * profile's kernel sets and grows its own): sndBufEffective; rcvBufEffective and
     * maxAdvertisedWindow (B).
     * @param result the result
     * @param senderBuffers whether the sender's buffers are these
     * @param receiverBuffers whether the receiver's are
     */
    void WriteTo(ResultDocument& result, bool senderBuffers, bool receiverBuffers) const;

  private:
    DataRate m_rate;
    uint32_t m_segmentSize;
    uint64_t m_bdp;
    uint32_t m_queue;
    uint64_t m_pathWindow;
    uint64_t m_sndBufSet;
    uint64_t m_rcvBufSet;
    uint64_t m_sndBufEffective;
    uint64_t m_rcvBufEffective;
    uint64_t m_maxAdvertised;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_WAN_PATH_SIZING_H
