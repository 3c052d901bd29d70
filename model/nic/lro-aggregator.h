/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_LRO_AGGREGATOR_H
#define HYBRIDNET_LRO_AGGREGATOR_H

#include "packet-headers.h"

#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Large receive offload's rules (Linux 2.6.28 net/ipv4/inet_lro.c, as mlx4_en uses
 * it): which TCP segments taken in one NAPI poll merge, and the packet they become.
 * NicNetDevice (R6') charges the work; this class holds the open aggregates.
 *
 *   (1) a segment is eligible (lro_tcp_ip_check) if its frame is not padded (IPv4 total
 *       length = the frame's L3 bytes), it carries payload, the IPv4 header has no
 *       options, its flags are ACK (and PSH) only, its ECN field is not CE, and its TCP
 *       options are none or one timestamp with a non-zero echo;
 *   (2) an eligible segment joins its connection's aggregate (same addresses and ports) if
 *       it carries the aggregate's next sequence number and a timestamp not older than the
 *       last (__lro_proc_segment), or starts one if the connection has none; otherwise the
 *       connection's aggregate is flushed first and the segment goes up alone;
 *   (3) an aggregate is full - flushed at once - when it holds A frames or its IPv4 total
 *       length exceeds 65535 - MTU, so the next frame could not fit;
 *   (4) the merged packet (lro_update_tcp_ip_header) carries the first frame's Ethernet,
 *       IPv4 and TCP headers, the IPv4 total length of the sum, the LAST segment's
 *       acknowledgment number and window, and the payloads in order (the first segment's
 *       timestamp option stays; inet_lro also writes the last echo reply).
 *
 * The aggregates are kept oldest first (lro_flush_all flushes them in that order); the
 * number of LRO sessions (32 per ring in mlx4_en) is never exhausted (no limit modelled).
 */
class LroAggregator
{
  public:
    /** A received frame in an aggregate. */
    struct Frame
    {
        Ptr<Packet> frame;       //!< the frame with header and trailer
        Time arrival;            //!< its last bit reached the NIC
        uint32_t headerBytes{0}; //!< Ethernet, IPv4 and TCP headers before its payload
        uint32_t payload{0};     //!< its TCP payload P
    };

    /** An aggregate: in-order data segments of one connection taken in a poll. */
    struct Aggregate
    {
        uint64_t flow{0};          //!< PacketHeaders::flow of its segments
        uint32_t source{0};        //!< and their source address
        std::vector<Frame> frames; //!< its frames, in order
        uint32_t nextSequence{0};  //!< sequence number the next segment must carry
        uint32_t ipTotal{0};       //!< IPv4 total length of the merged packet
        uint64_t payload{0};       //!< sum of the payloads P
        uint32_t ack{0};           //!< the last segment's acknowledgment number
        uint16_t window{0};        //!< the last segment's window
        uint32_t tsval{0};         //!< the last segment's timestamp value
    };

    /** What (1)-(2) decide for a segment. */
    enum class Verdict : uint8_t
    {
        JOIN,        //!< it joins (or starts) its connection's aggregate
        FLUSH_FIRST, //!< its connection's aggregate is flushed first, then it goes alone
        ALONE,       //!< not eligible and no aggregate of its connection: it goes alone
    };

    /**
     * Rules (1)-(2).
     * @param headers the segment's headers
     * @param l3Bytes its frame's L3 bytes
     * @param index set to its connection's aggregate, or to the number of aggregates
     * @return the verdict
     */
    Verdict Classify(const PacketHeaders& headers, uint32_t l3Bytes, size_t* index) const;
    /**
     * Add a segment the verdict JOIN let in: to its connection's aggregate, or a new one.
     * @param frame the frame
     * @param headers its headers
     * @param maxFrames A of (3)
     * @param mtu the device's MTU, (3)
     * @param index set to its aggregate
     * @return true if the aggregate is now full, (3)
     */
    bool Add(const Frame& frame,
             const PacketHeaders& headers,
             uint32_t maxFrames,
             uint32_t mtu,
             size_t* index);
    /** @return true if no aggregate is open */
    bool IsEmpty() const;
    /**
     * Take an aggregate out to flush it.
     * @param index its index (0: the oldest)
     * @return the aggregate
     */
    Aggregate Take(size_t index);
    /**
     * Rule (4).
     * @param aggregate a flushed aggregate (one frame: that frame as it came)
     * @return the merged frame (Ethernet header and trailer)
     */
    static Ptr<Packet> Merge(const Aggregate& aggregate);

  private:
    /** @return the index of the connection's aggregate, or m_open.size() */
    size_t Find(const PacketHeaders& headers) const;

    std::vector<Aggregate> m_open; //!< open aggregates, oldest first
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_LRO_AGGREGATOR_H
