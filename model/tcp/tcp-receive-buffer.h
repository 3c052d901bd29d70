/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TCP_RECEIVE_BUFFER_H
#define HYBRIDNET_TCP_RECEIVE_BUFFER_H

#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <deque>
#include <map>
#include <utility>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The receiver's reassembly buffer for one TCP connection: in-order bytes not yet
 * read by the application, and out-of-order segments kept as received, addressed by
 * 64-bit stream offset (0 = first data byte, i.e. IRS + 1).  Also produces the SACK blocks
 * of RFC 2018.
 *
 * Why a new class: ns-3's TcpRxBuffer keeps out-of-order data in a map of packets and, on
 * every segment, walks it from the front to find what became in order and to rebuild the
 * SACK list; with 10^4 - 10^6 segments out of order behind one hole, filling the hole or
 * adding a segment costs O(window).  Here each operation touches the entries it changes.
 *
 * **State.**  The offset r = rcv_nxt (NextExpected), the in-order queue (packets holding
 * [r - A, r), A = Available, in order), and above r:
 * - the segment map: start -> Packet, one entry per received piece of new data, trimmed
 *   (CreateFragment) so that entries never overlap; every entry lies above r;
 * - the island map: start -> (end, stamp), the maximal runs of held bytes ("islands"),
 *   adjacent runs merged; stamp orders islands by the last segment received into them;
 * - the recency map: stamp -> island start, the island map's stamps sorted.
 * Invariants (S = the set of bytes held out of order):
 *
 *     (1)  S = union of the segment entries = union of the islands;  every island start > r
 *     (2)  OutOfOrderBytes = |S| = sum of island lengths (a counter, O(1))
 *     (3)  HighestReceived = end of the last island, or r if there is none
 *
 * (1)'s "start > r": an island starting at r would be in order.
 *
 * **Add(o, P)** of L = |P| bytes:  bytes below r are cut off (lo = max(o, r)); the islands
 * overlapping or adjacent to [lo, o + L) are found from the island map by one upper_bound;
 * the gaps between them inside [lo, o + L) are the new bytes, each stored as one
 * CreateFragment of P; those islands and [lo, o + L) merge into one island, which gets the
 * next stamp.  If that island starts at r, its entries move to the in-order queue
 * (segment map entries from r, in order) and
 *
 *     (4)  r := end of that island,   return value = advance of r.
 *
 * A segment that arrives in order and touches no island goes straight to the in-order
 * queue, O(1).  Otherwise Add costs O((1 + m) log n), m the islands merged into the
 * segment's (each island is created once and merged once, so m is O(1) amortised), plus
 * O(1) per entry moved to the in-order queue (each entry moves once): filling a hole
 * behind 10^5 segments is O(1) per segment, and no operation walks from the front.
 * Bytes already held, below r or not, are ignored (duplicates, RFC 793).  A segment that
 * brings no new byte but lies in an island still makes that island the most recent, as
 * RFC 2018 section 4 asks for the segment that "triggered this ACK".
 *
 * **SackBlocks(k)** (RFC 2018 section 4).  The first block must contain the most recently
 * received segment, the following ones repeat the most recently reported blocks.  Since
 * every ACK reports the islands in the order of their last arrival, "most recently
 * reported" is "most recently received into": the blocks are the islands in decreasing
 * stamp order, at most k of them, as [start, end) stream offsets:
 *
 *     (5)  SackBlocks(k) = the k islands of highest stamp, highest first
 *
 * They never overlap (islands are disjoint), never lie below r (1), and a block of an
 * island that merged or became in order is never reported (the island is gone).  Islands
 * merged by a segment take the new stamp.  Where a block's island became in order, the
 * next most recent island fills its place.  O(k log n).
 *
 * **Read(m)** removes up to m bytes from the in-order queue; a packet that m ends inside is
 * split with CreateFragment.  Several packets are joined onto an empty Packet with AddAtEnd
 * (as ns-3's TcpRxBuffer does): byte tags follow the bytes, packet tags are not returned,
 * zero-filled payload joins without a byte copy.
 *
 * **Costs** (n = segment entries held, k = blocks asked for, p = packets one Read returns):
 *
 *     Add                 O(1) in order; else O((1 + m) log n) + O(1) per entry moved
 *                         in order; O(log n) amortised
 *     Read                O(p) amortised
 *     SackBlocks          O(k log n)
 *     NextExpected, Available, OutOfOrderBytes, HighestReceived   O(1)
 *
 * GetEntriesVisited counts the map entries (segment, island and recency maps) and the
 * queued packets touched by all operations: a measure of work that does not depend on the
 * host.
 *
 * **Left for the socket:** sequence numbers (it converts with the scoreboard's equations
 * (1)-(2) around rcv_nxt), the receive window and trimming to it, FIN, D-SACK (RFC 2883),
 * and the limit of 4 (3 with timestamps) blocks per option.
 *
 * References: RFC 793 (Transmission Control Protocol); RFC 2018 (TCP Selective
 * Acknowledgment Options).
 */
class TcpReceiveBuffer
{
  public:
    TcpReceiveBuffer();

    /**
     * Adds a segment's payload starting at stream offset @p offset.  Bytes below
     * NextExpected() and bytes already held are ignored; the caller has already cut
     * anything beyond its receive window.  Records this segment as the most recently
     * received for the SACK order (5).  An empty payload changes nothing.
     * @param offset stream offset of the payload's first byte
     * @param payload the payload (the buffer keeps fragments of it; no byte is copied)
     * @return the number of bytes that became in order (the advance of NextExpected())
     */
    uint32_t Add(uint64_t offset, Ptr<const Packet> payload);

    /** @return rcv_nxt as a stream offset: every byte below it has been received */
    uint64_t NextExpected() const;
    /** @return in-order bytes the application has not read yet */
    uint64_t Available() const;
    /** @return bytes held out of order (above NextExpected(), duplicates counted once), (2) */
    uint64_t OutOfOrderBytes() const;
    /** @return highest stream offset + 1 held out of order, or NextExpected() if none, (3) */
    uint64_t HighestReceived() const;

    /**
     * Removes and returns up to @p maxBytes in-order bytes as one Packet.
     * @param maxBytes most bytes to return
     * @return the bytes, or nullptr if none are available or @p maxBytes is 0
     */
    Ptr<Packet> Read(uint32_t maxBytes);

    /**
     * The SACK blocks to send, (5): at most @p maxBlocks [start, end) ranges of
     * out-of-order data as stream offsets, the one containing the most recently received
     * out-of-order segment first, then the others by decreasing recency; disjoint, none
     * below NextExpected().  Empty if nothing is held out of order.  O(maxBlocks log n).
     * @param maxBlocks most blocks to return
     * @return the blocks
     */
    std::vector<std::pair<uint64_t, uint64_t>> SackBlocks(uint32_t maxBlocks) const;

    /** @return out-of-order segment entries held (n) */
    std::size_t GetSegmentCount() const;
    /** @return islands of out-of-order data (maximal runs of held bytes) */
    std::size_t GetIslandCount() const;
    /** @return map entries and queued packets touched by all operations so far */
    uint64_t GetEntriesVisited() const;

  private:
    /** An island of out-of-order data (its start is the key). */
    struct Island
    {
        uint64_t end;   //!< one past its last byte
        uint64_t stamp; //!< arrival order of the last segment received into it
    };

    using IslandMap = std::map<uint64_t, Island>; //!< start -> island

    /** Move the in-order island starting at r to the in-order queue, (4). */
    void Deliver(IslandMap::iterator island);

    uint64_t m_next{0};                         //!< r (rcv_nxt)
    uint64_t m_available{0};                    //!< A
    uint64_t m_outOfOrder{0};                   //!< |S|
    uint64_t m_stamp{0};                        //!< last stamp given
    std::deque<Ptr<Packet>> m_inOrder;          //!< [r - A, r)
    std::map<uint64_t, Ptr<Packet>> m_segments; //!< segment map
    IslandMap m_islands;                        //!< island map
    std::map<uint64_t, uint64_t> m_recency;     //!< stamp -> island start
    mutable uint64_t m_visits{0};               //!< GetEntriesVisited
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TCP_RECEIVE_BUFFER_H
