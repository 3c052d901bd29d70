/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TCP_SEND_STREAM_H
#define HYBRIDNET_TCP_SEND_STREAM_H

#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <deque>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The bytes an application wrote into a TCP socket and that are not yet
 * acknowledged, as the application's own Packets, addressed by 64-bit stream offset
 * (0 = first byte written).  Segments are cut out of it without copying payload.
 *
 * Why a new class: ns-3's TcpTxBuffer keeps one list item per segment sent, splits and
 * merges items as segments are cut, and walks the list from the front to find a sequence
 * number; on a long fat pipe (10^4 - 10^6 segments outstanding) those walks dominate the
 * simulation.  Here the stored items are the application's writes, never re-cut, and a
 * byte is found by binary search.  Which bytes are SACKed, lost or retransmitted is not
 * this class's business (see TcpSendScoreboard, which uses the same stream offsets).
 *
 * **State.**  A sequence of packets P_1 .. P_n (the writes not yet wholly released, in
 * write order; empty writes are not stored) with their start offsets a_1 < a_2 < ... < a_n,
 * the release point b and the end e:
 *
 *     (1)  a_{i+1} = a_i + |P_i|,   e = a_n + |P_n|   (or e = b when n = 0)
 *     (2)  a_1 <= b < a_1 + |P_1|   when n > 0
 *
 * Begin() = b, End() = e, Size() = e - b.  (2) says a packet partly below b is kept whole:
 * ReleaseBelow does not trim it (trimming would share the same buffer anyway, so it would
 * free no memory, and it would cost a fragment per ACK); a packet is dropped when all its
 * bytes are below b.  The bytes in [a_1, b) are no longer addressable.
 *
 * **Copy(o, L)** finds the packet holding byte o by binary search on the a_i,
 *
 *     (3)  i = max { j : a_j <= o },
 *
 * and cuts the pieces [o, o + L) ∩ [a_j, a_j + |P_j|) for j = i, i + 1, ... with
 * Packet::CreateFragment.  One piece is returned as it is (it shares P_i's buffer: no byte
 * is copied).  Several pieces are joined with Packet::AddAtEnd onto an empty Packet: for
 * zero-filled payload (BulkSendApplication, Packet(size)) ns-3 joins the virtual zero areas
 * without writing a byte, so the segment stays as cheap as the writes; payload with real
 * bytes is copied by ns-3's Buffer::AddAtEnd (once per segment, as in every ns-3 socket).
 *
 * **Tags.**  Byte tags follow their bytes (CreateFragment and AddAtEnd keep them at the
 * right offsets).  Packet tags: the segment carries the packet tags of P_i, the write that
 * holds its first byte (what ns-3's TcpTxBuffer does when it merges items); they are
 * copied through Packet::GetPacketTagIterator and the tag's registered constructor.
 *
 * **Costs** (n = packets held, k = pieces of one Copy, i.e. writes it spans):
 *
 *     Append          O(1) amortised (Packet::Copy shares the buffer: no byte copied)
 *     Copy            O(log n + k), plus ns-3's byte copy for real payload spanning k > 1
 *     ReleaseBelow    O(1) amortised per packet released (each is removed once)
 *     Begin, End, Size, GetPacketCount   O(1)
 *
 * GetEntriesVisited counts the packets touched by the binary search (one per halving
 * step), by Copy and by ReleaseBelow: a measure of work that does not depend on the host.
 */
class TcpSendStream
{
  public:
    TcpSendStream();

    /**
     * Appends an application write.  The stream keeps a Packet::Copy of @p data (no byte
     * is copied, and later changes to @p data do not reach the stream).  An empty packet
     * adds nothing.
     * @param data the payload, with its tags
     */
    void Append(Ptr<const Packet> data);

    /** @return stream offset one past the last byte written (total bytes ever appended) */
    uint64_t End() const;
    /** @return stream offset of the first byte still held (everything below was released) */
    uint64_t Begin() const;
    /** @return bytes held: End() - Begin() */
    uint64_t Size() const;

    /**
     * A new Packet with bytes [@p offset, @p offset + @p length), by (3).  Requires
     * Begin() <= offset, offset + length <= End() and length > 0 (misuse aborts).
     * O(log n + pieces).
     * @param offset stream offset of the first byte
     * @param length bytes
     * @return the segment's payload
     */
    Ptr<Packet> Copy(uint64_t offset, uint32_t length) const;

    /**
     * Releases every byte below @p offset (cumulatively acknowledged).  Requires
     * offset <= End() (misuse aborts); an offset at or below Begin() changes nothing.
     * A packet partly below @p offset is kept whole, invariant (2).  Amortised O(1) per
     * packet released.
     * @param offset the new Begin()
     */
    void ReleaseBelow(uint64_t offset);

    /** @return packets held (n), including one partly released */
    std::size_t GetPacketCount() const;
    /** @return stored packets touched by all operations so far (a host-independent work count) */
    uint64_t GetEntriesVisited() const;

  private:
    /** One stored write. */
    struct Entry
    {
        uint64_t start;      //!< a_i, stream offset of its first byte
        Ptr<const Packet> p; //!< P_i
    };

    std::deque<Entry> m_entries;  //!< P_1 .. P_n with their a_i
    uint64_t m_begin{0};          //!< b
    uint64_t m_end{0};            //!< e
    mutable uint64_t m_visits{0}; //!< GetEntriesVisited
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TCP_SEND_STREAM_H
