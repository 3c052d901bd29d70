/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of TcpSendStream and TcpReceiveBuffer.  Expected values come from the definitions
 * in the class comments: stream offsets and invariants (1)-(3) of TcpSendStream, the
 * reassembly invariants (1)-(4) and the SACK order (5) of TcpReceiveBuffer (RFC 2018
 * section 4), and RFC 793's rule that duplicate bytes are ignored.  Payload bytes are a
 * function of their stream offset, so that a byte taken from the wrong offset fails.
 * Receive-side cases are checked against a per-byte model written in this file (a
 * std::vector<bool> of held bytes and, for the SACK order, the time of the last segment
 * that covered each byte); scaling cases count the work the classes report
 * (GetEntriesVisited) for a 100 times larger window, without timing.
 */
#include "hybridnet/tcp-receive-buffer.h"
#include "hybridnet/tcp-send-stream.h"

#include "ns3/tag.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

using Blocks = std::vector<std::pair<uint64_t, uint64_t>>;

/** @return the payload byte at stream offset @p o (a hash: no short period) */
uint8_t
ByteAt(uint64_t o)
{
    return static_cast<uint8_t>(((o + 1) * 2654435761ULL) >> 13);
}

/** @return a packet holding the real bytes of stream offsets [@p offset, @p offset + @p size) */
Ptr<Packet>
MakePayload(uint64_t offset, uint32_t size)
{
    std::vector<uint8_t> bytes(size);
    for (uint32_t i = 0; i < size; ++i)
    {
        bytes[i] = ByteAt(offset + i);
    }
    return Create<Packet>(bytes.data(), size);
}

/**
 * @return the offset of the first byte of @p p that differs from stream offsets
 * [@p offset, ...), or -1 if all match
 */
int64_t
FirstWrongByte(Ptr<const Packet> p, uint64_t offset)
{
    std::vector<uint8_t> bytes(p->GetSize());
    p->CopyData(bytes.data(), bytes.size());
    for (std::size_t i = 0; i < bytes.size(); ++i)
    {
        if (bytes[i] != ByteAt(offset + i))
        {
            return static_cast<int64_t>(offset + i);
        }
    }
    return -1;
}

/** A tag with one number, to follow packet and byte tags through the buffers. */
class StreamTestTag : public Tag
{
  public:
    /** @return the TypeId */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::hybridnet::StreamBuffersTestTag")
                                .SetParent<Tag>()
                                .SetGroupName("Hybridnet")
                                .AddConstructor<StreamTestTag>();
        return tid;
    }

    StreamTestTag() = default;

    /** @param value the number carried */
    explicit StreamTestTag(uint32_t value)
        : m_value(value)
    {
    }

    TypeId GetInstanceTypeId() const override
    {
        return GetTypeId();
    }

    uint32_t GetSerializedSize() const override
    {
        return 4;
    }

    void Serialize(TagBuffer i) const override
    {
        i.WriteU32(m_value);
    }

    void Deserialize(TagBuffer i) override
    {
        m_value = i.ReadU32();
    }

    void Print(std::ostream& os) const override
    {
        os << m_value;
    }

    /** @return the number carried */
    uint32_t Get() const
    {
        return m_value;
    }

  private:
    uint32_t m_value{0}; //!< the number carried
};

// ---------------------------------------------------------------------------------------
// TcpSendStream
// ---------------------------------------------------------------------------------------

/**
 * Writes of mixed sizes; Copy at every kind of boundary returns exactly the bytes at its
 * stream offsets (3); ReleaseBelow keeps a partly released packet whole (2) and drops
 * whole ones; Copy after a release and after the stream emptied.
 */
class SendStreamCopyTestCase : public TestCase
{
  public:
    SendStreamCopyTestCase()
        : TestCase("send stream Copy and ReleaseBelow address bytes by stream offset")
    {
    }

  private:
    /** Check Copy(offset, length) against the stream bytes. */
    void CheckCopy(const TcpSendStream& s, uint64_t offset, uint32_t length)
    {
        Ptr<Packet> p = s.Copy(offset, length);
        NS_TEST_ASSERT_MSG_EQ(p->GetSize(),
                              length,
                              "Copy(" << offset << ", " << length << ") size");
        NS_TEST_EXPECT_MSG_EQ(FirstWrongByte(p, offset),
                              -1,
                              "Copy(" << offset << ", " << length << "): first wrong byte");
    }

    void DoRun() override
    {
        const std::vector<uint32_t> sizes{536, 1448, 3, 65536, 1, 1448};
        TcpSendStream s;
        uint64_t end = 0;
        std::vector<uint64_t> starts;
        for (uint32_t size : sizes)
        {
            starts.push_back(end);
            s.Append(MakePayload(end, size));
            end += size;
            s.Append(Create<Packet>()); // empty writes add nothing
        }
        NS_TEST_ASSERT_MSG_EQ(s.End(), end, "End = bytes written");
        NS_TEST_EXPECT_MSG_EQ(s.Begin(), 0, "nothing released");
        NS_TEST_EXPECT_MSG_EQ(s.Size(), end, "Size = End - Begin");
        NS_TEST_EXPECT_MSG_EQ(s.GetPacketCount(), sizes.size(), "one entry per non-empty write");

        // Every packet boundary: first byte, last byte, the two bytes around the boundary,
        // a span starting at it and one ending at it.
        for (std::size_t i = 0; i < sizes.size(); ++i)
        {
            const uint64_t a = starts[i];
            const uint64_t b = a + sizes[i];
            CheckCopy(s, a, 1);
            CheckCopy(s, b - 1, 1);
            CheckCopy(s, a, sizes[i]);
            if (i > 0)
            {
                CheckCopy(s, a - 1, 2); // spans 2 packets
            }
            if (sizes[i] > 2)
            {
                CheckCopy(s, a + 1, sizes[i] - 2); // inside
            }
        }
        CheckCopy(s, 530, 1460);  // 2 packets, neither whole
        CheckCopy(s, 1980, 10);   // 3 packets: 1448-byte tail, 3-byte write, 65536
        CheckCopy(s, 500, 68000); // many packets
        CheckCopy(s, 0, static_cast<uint32_t>(end)); // everything
        CheckCopy(s, 3000, 1448);                    // inside the 64 KiB write
        CheckCopy(s, end - 1, 1);                    // last byte

        // Partial release: the first packet is kept whole (2), Begin moves.
        s.ReleaseBelow(500);
        NS_TEST_EXPECT_MSG_EQ(s.Begin(), 500, "Begin after a partial release");
        NS_TEST_EXPECT_MSG_EQ(s.Size(), end - 500, "Size after a partial release");
        NS_TEST_EXPECT_MSG_EQ(s.GetPacketCount(), sizes.size(), "partly released packet kept");
        CheckCopy(s, 500, 100);
        CheckCopy(s, 500, 1000);
        s.ReleaseBelow(400);
        NS_TEST_EXPECT_MSG_EQ(s.Begin(), 500, "release below Begin is a no-op");
        s.ReleaseBelow(536);
        NS_TEST_EXPECT_MSG_EQ(s.GetPacketCount(), sizes.size() - 1, "first write released");
        CheckCopy(s, 536, 1448);
        s.ReleaseBelow(starts[3] + 1);
        NS_TEST_EXPECT_MSG_EQ(s.GetPacketCount(), sizes.size() - 3, "two more writes released");
        NS_TEST_EXPECT_MSG_EQ(s.Begin(), starts[3] + 1, "Begin");
        CheckCopy(s, starts[3] + 1, 65535 + 1 + 100);
        s.ReleaseBelow(end - 1); // the last write's last byte is still held
        NS_TEST_EXPECT_MSG_EQ(s.GetPacketCount(), 1, "the last write is kept for its last byte");
        NS_TEST_EXPECT_MSG_EQ(s.Size(), 1, "one byte held");
        if (s.GetPacketCount() != 1)
        {
            return; // (the runner continues after a failed check: Copy would read nothing)
        }
        CheckCopy(s, end - 1, 1);
        s.ReleaseBelow(end);
        NS_TEST_EXPECT_MSG_EQ(s.GetPacketCount(), 0, "all released");
        NS_TEST_EXPECT_MSG_EQ(s.Size(), 0, "empty");
        NS_TEST_EXPECT_MSG_EQ(s.Begin(), end, "Begin = End when empty");

        // Writes after the stream emptied continue the offsets.
        s.Append(MakePayload(end, 1000));
        s.Append(MakePayload(end + 1000, 1000));
        NS_TEST_EXPECT_MSG_EQ(s.Begin(), end, "Begin after new writes");
        NS_TEST_EXPECT_MSG_EQ(s.End(), end + 2000, "End after new writes");
        CheckCopy(s, end + 500, 1000);
    }
};

/**
 * Tags: byte tags follow their bytes into a Copy; a Copy carries the packet tags of the
 * write holding its first byte (class comment, Tags), also when it spans writes.
 */
class SendStreamTagTestCase : public TestCase
{
  public:
    SendStreamTagTestCase()
        : TestCase("send stream keeps byte tags on their bytes and the first write's packet tags")
    {
    }

  private:
    void DoRun() override
    {
        TcpSendStream s;
        for (uint32_t i = 0; i < 3; ++i)
        {
            Ptr<Packet> p = MakePayload(1000 * i, 1000);
            p->AddPacketTag(StreamTestTag(10 + i));
            p->AddByteTag(StreamTestTag(20 + i));
            s.Append(p);
            // Changing the caller's packet afterwards does not reach the stream.
            p->RemoveAtEnd(500);
        }
        NS_TEST_ASSERT_MSG_EQ(s.End(), 3000, "appended packets stored as written");
        for (uint64_t offset : {200, 1200, 1500})
        {
            Ptr<Packet> p = s.Copy(offset, 1448);
            const uint32_t first = static_cast<uint32_t>(offset / 1000);
            StreamTestTag tag;
            NS_TEST_EXPECT_MSG_EQ(p->PeekPacketTag(tag), true, "packet tag present");
            NS_TEST_EXPECT_MSG_EQ(tag.Get(), 10 + first, "packet tag of the first write");
            uint32_t count = 0;
            ByteTagIterator it = p->GetByteTagIterator();
            while (it.HasNext())
            {
                ByteTagIterator::Item item = it.Next();
                item.GetTag(tag);
                const uint32_t write = tag.Get() - 20;
                const uint64_t lo = std::max<uint64_t>(offset, 1000 * write) - offset;
                const uint64_t hi = std::min<uint64_t>(offset + 1448, 1000 * (write + 1)) - offset;
                NS_TEST_EXPECT_MSG_EQ(item.GetStart(), lo, "byte tag start, write " << write);
                NS_TEST_EXPECT_MSG_EQ(item.GetEnd(), hi, "byte tag end, write " << write);
                ++count;
            }
            NS_TEST_EXPECT_MSG_EQ(count,
                                  (offset + 1448 - 1) / 1000 - first + 1,
                                  "one byte tag per write");
        }
    }
};

/**
 * Zero-filled writes (BulkSendApplication) stay virtual: a segment cut from them, from one
 * write or across several, serializes to exactly the size of a fresh zero-filled Packet of
 * its length.  ns-3 serializes a Buffer's real bytes only, never its zero area
 * (Buffer::GetSerializedSize), so each byte of zeros that a Copy materialised would add one
 * byte (rounded to 4).  Packet tags, byte tags and metadata are empty on both sides (packet
 * metadata is off, ns-3's default).  The same holds for Read of the receive buffer.
 */
class ZeroPayloadTestCase : public TestCase
{
  public:
    ZeroPayloadTestCase()
        : TestCase("zero-filled payload is cut and joined without materialising bytes")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t segment = 1448;
        const uint32_t virtualSize = Create<Packet>(segment)->GetSerializedSize();
        NS_TEST_ASSERT_MSG_LT(virtualSize, segment, "a zero-filled Packet serializes small");
        TcpSendStream s;
        for (uint32_t size : {1000, 1000, 100, 65536})
        {
            s.Append(Create<Packet>(size));
        }
        for (uint64_t offset : {0, 100, 900, 1990, 3000})
        {
            Ptr<Packet> p = s.Copy(offset, segment);
            NS_TEST_EXPECT_MSG_EQ(p->GetSize(), segment, "size at offset " << offset);
            NS_TEST_EXPECT_MSG_EQ(p->GetSerializedSize(),
                                  virtualSize,
                                  "no materialised bytes at offset " << offset);
        }

        TcpReceiveBuffer rx;
        rx.Add(1000, Create<Packet>(1000));
        rx.Add(0, Create<Packet>(1000));
        rx.Add(2000, Create<Packet>(1000));
        Ptr<Packet> p = rx.Read(500);
        NS_TEST_EXPECT_MSG_EQ(p->GetSerializedSize(),
                              Create<Packet>(500)->GetSerializedSize(),
                              "Read inside one packet: no materialised bytes");
        p = rx.Read(segment);
        NS_TEST_EXPECT_MSG_EQ(p->GetSize(), segment, "Read across packets: size");
        NS_TEST_EXPECT_MSG_EQ(p->GetSerializedSize(),
                              virtualSize,
                              "Read across packets: no materialised bytes");
    }
};

/**
 * Work per operation does not grow with the stream: Copy's binary search touches
 * O(log n) entries and ReleaseBelow one per released packet.
 */
class SendStreamScalingTestCase : public TestCase
{
  public:
    SendStreamScalingTestCase()
        : TestCase("send stream Copy is O(log n) and ReleaseBelow O(1) per packet")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t n : {1000U, 100000U})
        {
            TcpSendStream s;
            for (uint32_t i = 0; i < n; ++i)
            {
                s.Append(Create<Packet>(1448));
            }
            const uint64_t before = s.GetEntriesVisited();
            s.Copy(uint64_t{1448} * (n / 2) + 700, 1448);
            const uint64_t copyVisits = s.GetEntriesVisited() - before;
            // upper_bound on n entries: at most floor(log2 n) + 1 comparisons; then the
            // first entry, and each of the 2 pieces of the span.
            const uint64_t bound = static_cast<uint64_t>(std::log2(n)) + 1 + 3;
            NS_TEST_EXPECT_MSG_LT_OR_EQ(copyVisits, bound, "Copy work for n = " << n);
            const uint64_t beforeRelease = s.GetEntriesVisited();
            for (uint32_t i = 1; i <= n; ++i)
            {
                s.ReleaseBelow(uint64_t{1448} * i - 1); // every ACK releases one packet
            }
            s.ReleaseBelow(s.End());
            NS_TEST_EXPECT_MSG_EQ(s.GetEntriesVisited() - beforeRelease,
                                  n,
                                  "one visit per packet released, n = " << n);
        }
    }
};

// ---------------------------------------------------------------------------------------
// TcpReceiveBuffer and its per-byte model
// ---------------------------------------------------------------------------------------

/**
 * The per-byte model: which bytes were received, how many were read, and for each byte
 * the time of the last segment that covered it (while it was above rcv_nxt).  Written from
 * the definitions: rcv_nxt is the first byte not received; out-of-order bytes are the
 * received bytes above it; the SACK blocks are the maximal runs of those bytes, ordered by
 * the latest segment that covered any byte of the run (RFC 2018 section 4).
 */
class ByteModel
{
  public:
    /** @param size stream bytes modelled */
    explicit ByteModel(uint64_t size)
        : m_have(size, false),
          m_time(size, 0)
    {
    }

    /** A segment [lo, hi) arrives. @return the rcv_nxt advance */
    uint64_t Add(uint64_t lo, uint64_t hi)
    {
        ++m_now;
        m_top = std::max(m_top, hi);
        for (uint64_t o = std::max(lo, m_next); o < hi; ++o)
        {
            m_have[o] = true;
            m_time[o] = m_now;
        }
        const uint64_t before = m_next;
        while (m_next < m_have.size() && m_have[m_next])
        {
            ++m_next;
        }
        return m_next - before;
    }

    /** The application reads up to @p bytes. @return bytes read */
    uint64_t Read(uint64_t bytes)
    {
        const uint64_t n = std::min(bytes, m_next - m_read);
        m_read += n;
        return n;
    }

    /** @return rcv_nxt */
    uint64_t Next() const
    {
        return m_next;
    }

    /** @return first byte not read */
    uint64_t ReadPoint() const
    {
        return m_read;
    }

    /** @return received bytes above rcv_nxt */
    uint64_t OutOfOrder() const
    {
        if (m_top <= m_next)
        {
            return 0;
        }
        return std::count(m_have.begin() + m_next, m_have.begin() + m_top, true);
    }

    /** @return one past the highest received byte, or rcv_nxt */
    uint64_t Highest() const
    {
        for (uint64_t o = m_top; o > m_next; --o)
        {
            if (m_have[o - 1])
            {
                return o;
            }
        }
        return m_next;
    }

    /** @return the maximal runs above rcv_nxt, most recently covered first */
    Blocks Runs() const
    {
        std::vector<std::pair<uint64_t, std::pair<uint64_t, uint64_t>>> runs; // time, run
        uint64_t o = m_next;
        while (o < m_top)
        {
            if (!m_have[o])
            {
                ++o;
                continue;
            }
            const uint64_t start = o;
            uint64_t latest = 0;
            while (o < m_top && m_have[o])
            {
                latest = std::max(latest, m_time[o]);
                ++o;
            }
            runs.push_back({latest, {start, o}});
        }
        std::sort(runs.begin(), runs.end(), [](const auto& a, const auto& b) {
            return a.first > b.first;
        });
        Blocks blocks;
        for (const auto& r : runs)
        {
            blocks.push_back(r.second);
        }
        return blocks;
    }

  private:
    std::vector<bool> m_have;     //!< byte received
    std::vector<uint64_t> m_time; //!< time of the last segment that covered the byte
    uint64_t m_next{0};           //!< rcv_nxt
    uint64_t m_read{0};           //!< bytes read
    uint64_t m_now{0};            //!< segments added so far
    uint64_t m_top{0};            //!< one past the highest byte ever covered
};

/**
 * @return "" if buffer and model agree on NextExpected, Available, OutOfOrderBytes,
 * HighestReceived and the complete SACK block list, else a description of both
 */
std::string
Disagreement(const TcpReceiveBuffer& rx, const ByteModel& model)
{
    const Blocks runs = model.Runs();
    const Blocks blocks = rx.SackBlocks(1000000);
    if (rx.NextExpected() == model.Next() && rx.Available() == model.Next() - model.ReadPoint() &&
        rx.OutOfOrderBytes() == model.OutOfOrder() && rx.HighestReceived() == model.Highest() &&
        blocks == runs)
    {
        return "";
    }
    std::ostringstream os;
    os << "NextExpected " << rx.NextExpected() << " (model " << model.Next() << "), Available "
       << rx.Available() << " (model " << model.Next() - model.ReadPoint() << "), OutOfOrderBytes "
       << rx.OutOfOrderBytes() << " (model " << model.OutOfOrder() << "), HighestReceived "
       << rx.HighestReceived() << " (model " << model.Highest() << "), blocks";
    for (const auto& b : blocks)
    {
        os << " [" << b.first << "," << b.second << ")";
    }
    os << " (model";
    for (const auto& b : runs)
    {
        os << " [" << b.first << "," << b.second << ")";
    }
    os << ")";
    return os.str();
}

/** Segments in order: each becomes in order at once; nothing is held out of order. */
class InOrderTestCase : public TestCase
{
  public:
    InOrderTestCase()
        : TestCase("receive buffer: in-order segments are delivered at once")
    {
    }

  private:
    void DoRun() override
    {
        TcpReceiveBuffer rx;
        uint64_t o = 0;
        for (uint32_t size : {536, 1448, 3, 1448})
        {
            NS_TEST_EXPECT_MSG_EQ(rx.Add(o, MakePayload(o, size)), size, "advance = segment size");
            o += size;
            NS_TEST_EXPECT_MSG_EQ(rx.NextExpected(), o, "NextExpected");
            NS_TEST_EXPECT_MSG_EQ(rx.Available(), o, "Available");
            NS_TEST_EXPECT_MSG_EQ(rx.OutOfOrderBytes(), 0, "nothing out of order");
            NS_TEST_EXPECT_MSG_EQ(rx.HighestReceived(), o, "HighestReceived = NextExpected");
            NS_TEST_EXPECT_MSG_EQ(rx.SackBlocks(4).empty(), true, "no SACK blocks");
        }
        Ptr<Packet> p = rx.Read(100000);
        NS_TEST_EXPECT_MSG_NE(p, nullptr, "data to read");
        if (p == nullptr)
        {
            return;
        }
        NS_TEST_EXPECT_MSG_EQ(p->GetSize(), o, "everything read");
        NS_TEST_EXPECT_MSG_EQ(FirstWrongByte(p, 0), -1, "content");
        NS_TEST_EXPECT_MSG_EQ(rx.Available(), 0, "nothing left");
        NS_TEST_EXPECT_MSG_EQ(rx.Read(100), nullptr, "Read of an empty buffer");
    }
};

/**
 * Every arrival order of a small set of segments (disjoint ones, and overlapping ones):
 * after each segment the buffer agrees with the per-byte model, the return value is the
 * advance of rcv_nxt, and the bytes read at the end are the stream's.
 */
class PermutationTestCase : public TestCase
{
  public:
    /**
     * @param name what the segments are like
     * @param segments [lo, hi) stream ranges
     */
    PermutationTestCase(const std::string& name,
                        std::vector<std::pair<uint64_t, uint64_t>> segments)
        : TestCase("receive buffer agrees with a per-byte model in every arrival order: " + name),
          m_segments(std::move(segments))
    {
    }

  private:
    void DoRun() override
    {
        uint64_t size = 0;
        for (const auto& s : m_segments)
        {
            size = std::max(size, s.second);
        }
        std::vector<std::size_t> order(m_segments.size());
        std::iota(order.begin(), order.end(), 0);
        uint32_t orders = 0;
        do
        {
            ++orders;
            TcpReceiveBuffer rx;
            ByteModel model(size);
            for (std::size_t i : order)
            {
                const auto [lo, hi] = m_segments[i];
                const uint32_t advance = rx.Add(lo, MakePayload(lo, hi - lo));
                const uint64_t expected = model.Add(lo, hi);
                NS_TEST_EXPECT_MSG_EQ(advance,
                                      expected,
                                      "advance after [" << lo << "," << hi << ")");
                const std::string diff = Disagreement(rx, model);
                NS_TEST_EXPECT_MSG_EQ(diff, "", "after [" << lo << "," << hi << ")");
                if (!diff.empty())
                {
                    return; // one report per case is enough
                }
            }
            NS_TEST_EXPECT_MSG_EQ(rx.NextExpected(), size, "everything in order at the end");
            Ptr<Packet> p = rx.Read(static_cast<uint32_t>(size));
            NS_TEST_EXPECT_MSG_NE(p, nullptr, "data to read");
            if (p == nullptr)
            {
                return;
            }
            NS_TEST_EXPECT_MSG_EQ(p->GetSize(), size, "all bytes read");
            NS_TEST_EXPECT_MSG_EQ(FirstWrongByte(p, 0), -1, "content");
        } while (std::next_permutation(order.begin(), order.end()));
        NS_TEST_EXPECT_MSG_EQ(orders, 120, "5! orders tried");
    }

    std::vector<std::pair<uint64_t, uint64_t>> m_segments; //!< the segments
};

/**
 * Overlapping, duplicate and partly old segments: bytes below rcv_nxt and bytes already
 * held are ignored (RFC 793), the rest is kept once.
 */
class OverlapTestCase : public TestCase
{
  public:
    OverlapTestCase()
        : TestCase("receive buffer ignores old and duplicate bytes and keeps new ones once")
    {
    }

  private:
    void DoRun() override
    {
        TcpReceiveBuffer rx;
        NS_TEST_EXPECT_MSG_EQ(rx.Add(0, MakePayload(0, 1000)), 1000, "first segment");
        NS_TEST_EXPECT_MSG_EQ(rx.Add(0, MakePayload(0, 1000)), 0, "duplicate of in-order data");
        NS_TEST_EXPECT_MSG_EQ(rx.Add(500, MakePayload(500, 1000)), 500, "half old: 500 new bytes");
        NS_TEST_EXPECT_MSG_EQ(rx.NextExpected(), 1500, "NextExpected");
        NS_TEST_EXPECT_MSG_EQ(rx.Available(), 1500, "no byte counted twice");
        NS_TEST_EXPECT_MSG_EQ(rx.Add(2000, MakePayload(2000, 1000)), 0, "out of order");
        NS_TEST_EXPECT_MSG_EQ(rx.Add(2500, MakePayload(2500, 1000)), 0, "overlaps its island");
        NS_TEST_EXPECT_MSG_EQ(rx.OutOfOrderBytes(), 1500, "[2000, 3500) held once");
        NS_TEST_EXPECT_MSG_EQ(rx.Add(2200, MakePayload(2200, 300)),
                              0,
                              "duplicate inside the island");
        NS_TEST_EXPECT_MSG_EQ(rx.OutOfOrderBytes(), 1500, "duplicate not counted");
        NS_TEST_EXPECT_MSG_EQ(rx.GetSegmentCount(), 2, "duplicate not stored");
        NS_TEST_EXPECT_MSG_EQ(rx.Add(4000, MakePayload(4000, 500)), 0, "second island");
        NS_TEST_EXPECT_MSG_EQ(rx.HighestReceived(), 4500, "HighestReceived");
        // One segment from old data across the hole, the first island, the second hole and
        // into the second island: its new bytes are [1500, 2000) and [3500, 4000).
        NS_TEST_EXPECT_MSG_EQ(rx.Add(1000, MakePayload(1000, 3200)), 3000, "fills both holes");
        NS_TEST_EXPECT_MSG_EQ(rx.NextExpected(), 4500, "NextExpected");
        NS_TEST_EXPECT_MSG_EQ(rx.OutOfOrderBytes(), 0, "nothing out of order");
        NS_TEST_EXPECT_MSG_EQ(rx.GetSegmentCount(), 0, "no entry left");
        NS_TEST_EXPECT_MSG_EQ(rx.GetIslandCount(), 0, "no island left");
        NS_TEST_EXPECT_MSG_EQ(rx.Available(), 4500, "Available");
        Ptr<Packet> p = rx.Read(10000);
        NS_TEST_EXPECT_MSG_EQ(p->GetSize(), 4500, "read");
        NS_TEST_EXPECT_MSG_EQ(FirstWrongByte(p, 0), -1, "content: each byte from its own offset");
        NS_TEST_EXPECT_MSG_EQ(rx.Add(4400, Create<Packet>()), 0, "empty payload");
        NS_TEST_EXPECT_MSG_EQ(rx.SackBlocks(4).empty(), true, "empty payload is not SACKed");
    }
};

/** Read splits packets where maxBytes falls inside one and keeps the rest. */
class ReadTestCase : public TestCase
{
  public:
    ReadTestCase()
        : TestCase("receive buffer Read splits packets at maxBytes")
    {
    }

  private:
    void DoRun() override
    {
        TcpReceiveBuffer rx;
        uint64_t o = 0;
        for (uint32_t size : {100, 200, 300})
        {
            rx.Add(o, MakePayload(o, size));
            o += size;
        }
        NS_TEST_EXPECT_MSG_EQ(rx.Read(0), nullptr, "Read(0)");
        uint64_t read = 0;
        for (uint32_t maxBytes : {50, 100, 1, 149, 250, 1000})
        {
            Ptr<Packet> p = rx.Read(maxBytes);
            const uint64_t expected = std::min<uint64_t>(maxBytes, 600 - read);
            NS_TEST_EXPECT_MSG_NE(p, nullptr, "Read(" << maxBytes << ")");
            if (p == nullptr)
            {
                return;
            }
            NS_TEST_EXPECT_MSG_EQ(p->GetSize(), expected, "Read(" << maxBytes << ") size");
            NS_TEST_EXPECT_MSG_EQ(FirstWrongByte(p, read), -1, "Read(" << maxBytes << ") content");
            read += expected;
            NS_TEST_EXPECT_MSG_EQ(rx.Available(), 600 - read, "Available");
        }
        NS_TEST_EXPECT_MSG_EQ(rx.Read(1), nullptr, "all read");
        NS_TEST_EXPECT_MSG_EQ(rx.NextExpected(), 600, "NextExpected unchanged by reads");
    }
};

/**
 * The SACK block order of RFC 2018 section 4, worked by hand: the first block holds the
 * segment that arrived last; the others follow in the order of their last arrival; islands
 * merge; maxBlocks limits the list; after the hole fills, no block lies below rcv_nxt.
 */
class SackOrderTestCase : public TestCase
{
  public:
    SackOrderTestCase()
        : TestCase("receive buffer SACK blocks follow RFC 2018 section 4 order")
    {
    }

  private:
    /** Add [lo, hi) and compare SackBlocks(maxBlocks) with @p expected. */
    void Step(TcpReceiveBuffer& rx,
              uint64_t lo,
              uint64_t hi,
              uint32_t maxBlocks,
              const Blocks& expected)
    {
        rx.Add(lo, MakePayload(lo, hi - lo));
        const Blocks blocks = rx.SackBlocks(maxBlocks);
        std::ostringstream got;
        for (const auto& b : blocks)
        {
            got << " [" << b.first << "," << b.second << ")";
        }
        NS_TEST_EXPECT_MSG_EQ((blocks == expected),
                              true,
                              "after [" << lo << "," << hi << "): blocks" << got.str());
    }

    void DoRun() override
    {
        TcpReceiveBuffer rx;
        Step(rx, 0, 100, 4, {});
        Step(rx, 200, 300, 4, {{200, 300}});
        Step(rx, 400, 500, 4, {{400, 500}, {200, 300}});
        Step(rx, 600, 700, 4, {{600, 700}, {400, 500}, {200, 300}});
        Step(rx, 300, 400, 4, {{200, 500}, {600, 700}}); // merges two islands: one block
        Step(rx, 800, 900, 4, {{800, 900}, {200, 500}, {600, 700}});
        Step(rx, 1000, 1100, 4, {{1000, 1100}, {800, 900}, {200, 500}, {600, 700}});
        Step(rx, 1200, 1300, 3, {{1200, 1300}, {1000, 1100}, {800, 900}});           // maxBlocks
        Step(rx, 650, 700, 4, {{600, 700}, {1200, 1300}, {1000, 1100}, {800, 900}}); // duplicate
        Step(rx, 900, 1000, 4, {{800, 1100}, {600, 700}, {1200, 1300}, {200, 500}}); // adjacent
        NS_TEST_EXPECT_MSG_EQ((rx.SackBlocks(1) == Blocks{{800, 1100}}), true, "maxBlocks 1");
        NS_TEST_EXPECT_MSG_EQ(rx.SackBlocks(0).empty(), true, "maxBlocks 0");
        Step(rx, 100, 200, 4, {{800, 1100}, {600, 700}, {1200, 1300}}); // [0, 500) in order
        NS_TEST_EXPECT_MSG_EQ(rx.NextExpected(), 500, "hole filled up to the first island's end");
        Step(rx, 500, 600, 4, {{800, 1100}, {1200, 1300}}); // in order up to 700
        NS_TEST_EXPECT_MSG_EQ(rx.NextExpected(), 700, "NextExpected");
        Step(rx, 700, 1200, 4, {}); // everything in order
        NS_TEST_EXPECT_MSG_EQ(rx.NextExpected(), 1300, "NextExpected");
        NS_TEST_EXPECT_MSG_EQ(rx.HighestReceived(), 1300, "HighestReceived");
    }
};

/**
 * Random segments (fixed seeds) against the per-byte model: sizes of 1 byte to 2 SMSS,
 * offsets from below rcv_nxt to far above it, with reads in between; after every segment
 * NextExpected, Available, OutOfOrderBytes, HighestReceived and SackBlocks (all of them,
 * in order) agree, the first block holds the segment just received when it stays out of
 * order, and every Read returns the stream's bytes.
 */
class DifferentialTestCase : public TestCase
{
  public:
    /** @param seed seed of the segment generator */
    explicit DifferentialTestCase(uint32_t seed)
        : TestCase("receive buffer agrees with a per-byte model on random segments, seed " +
                   std::to_string(seed)),
          m_seed(seed)
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t size = 4000000;
        std::mt19937 rng(m_seed);
        uint32_t segments = 0;
        std::size_t mostIslands = 0;
        TcpReceiveBuffer rx;
        ByteModel model(size);
        for (uint32_t i = 0; i < 4000 && model.Next() < size; ++i)
        {
            const uint64_t next = model.Next();
            // A quarter of the segments start at or below rcv_nxt (they fill the first
            // hole, often partly old), the others up to 8000 bytes above it.
            const bool fill = std::uniform_int_distribution<int>(0, 3)(rng) == 0;
            const uint64_t back = std::min<uint64_t>(next, 1000);
            const uint64_t lo = fill ? next - std::uniform_int_distribution<uint64_t>(0, back)(rng)
                                     : next + std::uniform_int_distribution<uint64_t>(1, 8000)(rng);
            const uint64_t len = std::uniform_int_distribution<uint64_t>(1, 2000)(rng);
            const uint64_t hi = std::min(size, lo + len);
            if (lo >= hi)
            {
                continue;
            }
            const uint32_t advance = rx.Add(lo, MakePayload(lo, hi - lo));
            NS_TEST_EXPECT_MSG_EQ(advance, model.Add(lo, hi), "advance, segment " << i);
            ++segments;
            mostIslands = std::max(mostIslands, rx.GetIslandCount());
            const std::string diff = Disagreement(rx, model);
            NS_TEST_EXPECT_MSG_EQ(diff, "", "segment " << i << " [" << lo << "," << hi << ")");
            if (!diff.empty())
            {
                return; // one report per case is enough
            }
            if (hi > rx.NextExpected())
            {
                const auto first = rx.SackBlocks(4).at(0);
                const bool holds =
                    first.first <= std::max(lo, rx.NextExpected()) && hi <= first.second;
                NS_TEST_EXPECT_MSG_EQ(holds, true, "first block holds the last segment, " << i);
            }
            const Blocks runs = model.Runs();
            const Blocks prefix(runs.begin(), runs.begin() + std::min<std::size_t>(3, runs.size()));
            NS_TEST_EXPECT_MSG_EQ((rx.SackBlocks(3) == prefix),
                                  true,
                                  "SackBlocks(3), segment " << i);
            if (i % 7 == 0)
            {
                const uint32_t want = std::uniform_int_distribution<uint32_t>(1, 5000)(rng);
                const uint64_t from = model.ReadPoint();
                const uint64_t n = model.Read(want);
                Ptr<Packet> p = rx.Read(want);
                if (n == 0)
                {
                    NS_TEST_EXPECT_MSG_EQ(p, nullptr, "nothing to read");
                }
                else
                {
                    NS_TEST_EXPECT_MSG_NE(p, nullptr, "data to read");
                    if (p == nullptr)
                    {
                        return;
                    }
                    NS_TEST_EXPECT_MSG_EQ(p->GetSize(), n, "Read size");
                    NS_TEST_EXPECT_MSG_EQ(FirstWrongByte(p, from), -1, "Read content");
                }
            }
        }
        // The case exercises what it claims: many segments, many holes at once, progress.
        NS_TEST_EXPECT_MSG_EQ(segments, 4000, "segments added");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(mostIslands, 5, "several islands at once");
        NS_TEST_EXPECT_MSG_GT(model.Next(), 100000, "the stream advanced");
    }

    uint32_t m_seed; //!< generator seed
};

/**
 * Filling the hole behind n out-of-order segments costs O(1) per segment, and so does
 * each out-of-order arrival, for n = 10^3 and 10^5 (arrivals above the hole ascending, or
 * descending); SackBlocks(4) costs the same for both.  Work is GetEntriesVisited.
 */
class ReceiveScalingTestCase : public TestCase
{
  public:
    /** @param descending out-of-order segments arrive from the highest down */
    explicit ReceiveScalingTestCase(bool descending)
        : TestCase(std::string("receive buffer work per segment does not grow with the window, ") +
                   (descending ? "descending" : "ascending") + " arrivals"),
          m_descending(descending)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t mss = 1000;
        double addPerSegment[2];
        double fillPerSegment[2];
        uint64_t sackVisits[2];
        int k = 0;
        for (uint32_t n : {1000U, 100000U})
        {
            TcpReceiveBuffer rx;
            uint64_t before = rx.GetEntriesVisited();
            for (uint32_t j = 1; j < n; ++j)
            {
                const uint32_t i = m_descending ? n - j : j;
                rx.Add(uint64_t{mss} * i, Create<Packet>(mss));
            }
            addPerSegment[k] = double(rx.GetEntriesVisited() - before) / (n - 1);
            NS_TEST_EXPECT_MSG_EQ(rx.GetIslandCount(), 1, "one island");
            before = rx.GetEntriesVisited();
            rx.SackBlocks(4);
            sackVisits[k] = rx.GetEntriesVisited() - before;
            before = rx.GetEntriesVisited();
            NS_TEST_EXPECT_MSG_EQ(rx.Add(0, Create<Packet>(mss)), uint64_t{mss} * n, "hole filled");
            fillPerSegment[k] = double(rx.GetEntriesVisited() - before) / n;
            NS_TEST_EXPECT_MSG_EQ(rx.Available(), uint64_t{mss} * n, "all in order");
            ++k;
        }
        // Each arrival touches its island and stores one entry (3 visits); the fill moves
        // each entry once (1 visit each, plus 3 for its own island).
        NS_TEST_EXPECT_MSG_LT_OR_EQ(addPerSegment[1], 3.0, "visits per out-of-order arrival");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(addPerSegment[1], addPerSegment[0] * 1.01, "arrival cost flat");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(fillPerSegment[1], 1.01, "visits per segment made in order");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(fillPerSegment[1], fillPerSegment[0] * 1.01, "fill cost flat");
        NS_TEST_EXPECT_MSG_EQ(sackVisits[1], sackVisits[0], "SackBlocks cost independent of n");
    }

    bool m_descending; //!< arrival order above the hole
};

/** The test suite. */
class TcpStreamBuffersTestSuite : public TestSuite
{
  public:
    TcpStreamBuffersTestSuite()
        : TestSuite("hybridnet-tcp-stream-buffers", Type::UNIT)
    {
        AddTestCase(new SendStreamCopyTestCase(), Duration::QUICK);
        AddTestCase(new SendStreamTagTestCase(), Duration::QUICK);
        AddTestCase(new ZeroPayloadTestCase(), Duration::QUICK);
        AddTestCase(new SendStreamScalingTestCase(), Duration::QUICK);
        AddTestCase(new InOrderTestCase(), Duration::QUICK);
        AddTestCase(new PermutationTestCase("disjoint segments of mixed sizes",
                                            {{0, 3}, {3, 10}, {10, 11}, {11, 20}, {20, 24}}),
                    Duration::QUICK);
        AddTestCase(new PermutationTestCase("overlapping and duplicate segments",
                                            {{0, 5}, {3, 12}, {12, 13}, {10, 20}, {3, 12}}),
                    Duration::QUICK);
        AddTestCase(new PermutationTestCase("segments overlapping several others",
                                            {{2, 4}, {6, 8}, {10, 12}, {1, 11}, {0, 14}}),
                    Duration::QUICK);
        AddTestCase(new OverlapTestCase(), Duration::QUICK);
        AddTestCase(new ReadTestCase(), Duration::QUICK);
        AddTestCase(new SackOrderTestCase(), Duration::QUICK);
        for (uint32_t seed : {1U, 2U, 3U})
        {
            AddTestCase(new DifferentialTestCase(seed), Duration::QUICK);
        }
        AddTestCase(new ReceiveScalingTestCase(false), Duration::QUICK);
        AddTestCase(new ReceiveScalingTestCase(true), Duration::QUICK);
    }
};

TcpStreamBuffersTestSuite g_tcpStreamBuffersTestSuite; //!< static instance

} // namespace
