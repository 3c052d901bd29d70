/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of TcpSendScoreboard.  Expected values come from the class comment's equations and
 * the RFC rules it cites: cumulative ACKs (RFC 793), SACK blocks (RFC 2018, RFC 2883),
 * IsLost (4), NextSeg rules 1-3 and pipe (3) of RFC 6675, the retransmission timeout
 * (RFC 6675 section 5.1).  A differential test replays random event sequences on a
 * per-byte model written straight from the RFC text; a scaling test counts the map entries
 * touched per ACK for a 100 times larger window.
 */
#include "hybridnet/tcp-send-scoreboard.h"

#include "ns3/test.h"

#include <algorithm>
#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

using Rule = TcpSendScoreboard::Rule;
using SackBlock = TcpSendScoreboard::SackBlock;

const uint32_t kNearWrap = 4294957296U; //!< 2^32 - 10000: data wrap around 2^32

/** @return @p isn + @p offset as a sequence number (mod 2^32) */
SequenceNumber32
Seq(uint32_t isn, uint64_t offset)
{
    return SequenceNumber32(isn + static_cast<uint32_t>(offset));
}

/** @return the SACK block of stream bytes [lo, hi) */
SackBlock
Block(uint32_t isn, uint64_t lo, uint64_t hi)
{
    return SackBlock{Seq(isn, lo), Seq(isn, hi)};
}

/** @return the stream offset of @p seq, for a stream that starts at @p isn */
uint32_t
Rel(uint32_t isn, SequenceNumber32 seq)
{
    return seq.GetValue() - isn;
}

/** Write @p bytes and send them in segments of @p mss (rule 2). */
void
SendNew(TcpSendScoreboard& sb, uint32_t bytes, uint32_t mss)
{
    sb.Append(bytes);
    while (auto segment = sb.NextSegment(mss))
    {
        if (segment->rule != Rule::NEW_DATA)
        {
            break;
        }
        sb.MarkSent(segment->seq, segment->size, false);
    }
}

/** Name suffix for the initial sequence number. */
std::string
IsnName(uint32_t isn)
{
    return isn == kNearWrap ? ", data wrapping at 2^32" : "";
}

/**
 * A cumulative ACK removes exactly the bytes below it, including SACKed ones; duplicate,
 * old and beyond-snd_nxt ACKs change nothing.
 */
class CumulativeAckTestCase : public TestCase
{
  public:
    CumulativeAckTestCase(uint32_t isn)
        : TestCase("cumulative ACK removes exactly the acknowledged bytes" + IsnName(isn)),
          m_isn(isn)
    {
    }

  private:
    void DoRun() override
    {
        TcpSendScoreboard sb(Seq(m_isn, 0), 1000);
        SendNew(sb, 10000, 1000);
        NS_TEST_ASSERT_MSG_EQ(sb.GetBytesInFlight(), 10000, "10 segments outstanding");
        NS_TEST_EXPECT_MSG_EQ(sb.OnCumulativeAck(Seq(m_isn, 3500)), 3500, "advance");
        NS_TEST_EXPECT_MSG_EQ(sb.GetBytesInFlight(), 6500, "in flight after the ACK");
        NS_TEST_EXPECT_MSG_EQ(Rel(m_isn, sb.GetHighAck()), 3500, "snd_una");
        NS_TEST_EXPECT_MSG_EQ(sb.GetPipe(), 6500, "pipe (3) = in flight, nothing SACKed or lost");
        NS_TEST_EXPECT_MSG_EQ(sb.OnCumulativeAck(Seq(m_isn, 3500)), 0, "duplicate ACK");
        NS_TEST_EXPECT_MSG_EQ(sb.OnCumulativeAck(Seq(m_isn, 2000)), 0, "old ACK");
        NS_TEST_EXPECT_MSG_EQ(sb.OnCumulativeAck(Seq(m_isn, 10001)), 0, "ACK of unsent data");
        NS_TEST_EXPECT_MSG_EQ(sb.GetBytesInFlight(), 6500, "in flight unchanged");
        sb.OnSack({Block(m_isn, 5000, 7000)});
        NS_TEST_EXPECT_MSG_EQ(sb.GetSackedBytes(), 2000, "SACKed");
        NS_TEST_EXPECT_MSG_EQ(sb.OnCumulativeAck(Seq(m_isn, 6000)), 2500, "ACK into the island");
        NS_TEST_EXPECT_MSG_EQ(sb.GetSackedBytes(), 1000, "SACKed bytes above the ACK remain");
        NS_TEST_EXPECT_MSG_EQ(sb.GetBytesInFlight(), 4000, "in flight");
        NS_TEST_EXPECT_MSG_EQ(sb.GetPipe(), 3000, "pipe (3) = 4000 - 1000 SACKed");
        NS_TEST_EXPECT_MSG_EQ(sb.IsSacked(Seq(m_isn, 5999)), false, "acked byte is gone");
        NS_TEST_EXPECT_MSG_EQ(sb.IsSacked(Seq(m_isn, 6000)), true, "SACKed byte above");
        NS_TEST_EXPECT_MSG_EQ(sb.OnCumulativeAck(Seq(m_isn, 10000)), 4000, "ACK of everything");
        NS_TEST_EXPECT_MSG_EQ(sb.GetBytesInFlight(), 0, "nothing in flight");
        NS_TEST_EXPECT_MSG_EQ(sb.GetSackedBytes(), 0, "nothing SACKed");
        NS_TEST_EXPECT_MSG_EQ(sb.GetRangeCount(), 0, "no ranges");
    }

    uint32_t m_isn;
};

/**
 * RFC 2018 blocks: adjacent and overlapping blocks merge into one island and count their
 * bytes once; blocks at or below snd_una (stale, D-SACK) are ignored; a block straddling
 * snd_una is clipped; blocks beyond snd_nxt and empty or inverted blocks are rejected.
 */
class SackBlockTestCase : public TestCase
{
  public:
    SackBlockTestCase(uint32_t isn)
        : TestCase("SACK blocks merge, overlap, stale ones are ignored and invalid ones "
                   "rejected" +
                   IsnName(isn)),
          m_isn(isn)
    {
    }

  private:
    void DoRun() override
    {
        TcpSendScoreboard sb(Seq(m_isn, 0), 1000);
        SendNew(sb, 10000, 1000);
        sb.OnCumulativeAck(Seq(m_isn, 2000));

        auto r = sb.OnSack({Block(m_isn, 3000, 4000), Block(m_isn, 4000, 5000)});
        NS_TEST_EXPECT_MSG_EQ(r.accepted, 2, "adjacent: accepted");
        NS_TEST_EXPECT_MSG_EQ(r.newlySacked, 2000, "adjacent: newly SACKed");
        NS_TEST_EXPECT_MSG_EQ(sb.GetRangeCount(), 3, "hole, one island, tail");
        NS_TEST_EXPECT_MSG_EQ(Rel(m_isn, sb.GetHighSacked()), 5000, "high SACKed");

        r = sb.OnSack({Block(m_isn, 4500, 6000), Block(m_isn, 3500, 5500)});
        NS_TEST_EXPECT_MSG_EQ(r.accepted, 2, "overlapping: accepted");
        NS_TEST_EXPECT_MSG_EQ(r.newlySacked, 1000, "overlapping: only 5000-6000 is new");
        NS_TEST_EXPECT_MSG_EQ(sb.GetSackedBytes(), 3000, "SACKed 3000-6000");
        NS_TEST_EXPECT_MSG_EQ(sb.GetRangeCount(), 3, "still one island");

        r = sb.OnSack({Block(m_isn, 0, 1000), Block(m_isn, 1000, 2000)});
        NS_TEST_EXPECT_MSG_EQ(r.stale, 2, "stale and D-SACK blocks");
        NS_TEST_EXPECT_MSG_EQ(r.accepted + r.rejected + r.newlySacked, 0, "nothing else");
        NS_TEST_EXPECT_MSG_EQ(sb.GetSackedBytes(), 3000, "SACKed unchanged");

        r = sb.OnSack({Block(m_isn, 1500, 2500)});
        NS_TEST_EXPECT_MSG_EQ(r.accepted, 1, "straddling snd_una: accepted");
        NS_TEST_EXPECT_MSG_EQ(r.newlySacked, 500, "straddling snd_una: clipped to 2000-2500");
        NS_TEST_EXPECT_MSG_EQ(sb.IsSacked(Seq(m_isn, 2000)), true, "first outstanding byte");

        r = sb.OnSack({Block(m_isn, 9000, 10001),
                       Block(m_isn, 10000, 11000),
                       Block(m_isn, 7000, 7000),
                       Block(m_isn, 8000, 7000)});
        NS_TEST_EXPECT_MSG_EQ(r.rejected, 4, "beyond snd_nxt, empty, inverted");
        NS_TEST_EXPECT_MSG_EQ(r.accepted, 0, "none accepted");
        NS_TEST_EXPECT_MSG_EQ(sb.IsSacked(Seq(m_isn, 9000)), false, "rejected block not applied");
        NS_TEST_EXPECT_MSG_EQ(sb.GetSackedBytes(), 3500, "SACKed 2000-2500, 3000-6000");

        r = sb.OnSack({Block(m_isn, 9000, 10000)});
        NS_TEST_EXPECT_MSG_EQ(r.accepted, 1, "block ending at snd_nxt");
        NS_TEST_EXPECT_MSG_EQ(sb.GetSackedBytes(), 4500, "SACKed");
        // The island 3000-6000 holds 3 segments: by (5) the hole 2500-3000 is lost.
        NS_TEST_EXPECT_MSG_EQ(sb.GetLostBytes(), 500, "lost 2500-3000");
        NS_TEST_EXPECT_MSG_EQ(sb.GetPipe(), 8000 - 4500 - 500, "pipe (3)");
    }

    uint32_t m_isn;
};

/**
 * IsLost (4) at the DupThresh boundary: the hole [0, 1000) with SMSS 1000 and DupThresh 3,
 * and SACK blocks above it; the lost bytes are the unSACKed bytes below the start of the
 * k-th highest island (5).
 */
class IsLostTestCase : public TestCase
{
  public:
    /**
     * @param name what the blocks are
     * @param blocks SACK blocks, stream offsets
     * @param lostBytes expected lost bytes
     * @param probes bytes and whether each is lost
     */
    IsLostTestCase(std::string name,
                   std::vector<std::pair<uint64_t, uint64_t>> blocks,
                   uint32_t lostBytes,
                   std::vector<std::pair<uint64_t, bool>> probes)
        : TestCase("IsLost with " + name + ": " + std::to_string(lostBytes) + " bytes lost"),
          m_blocks(std::move(blocks)),
          m_lostBytes(lostBytes),
          m_probes(std::move(probes))
    {
    }

  private:
    void DoRun() override
    {
        TcpSendScoreboard sb(Seq(1, 0), 1000, 3);
        SendNew(sb, 10000, 1000);
        std::vector<SackBlock> blocks;
        for (auto [lo, hi] : m_blocks)
        {
            blocks.push_back(Block(1, lo, hi));
        }
        sb.OnSack(blocks);
        NS_TEST_EXPECT_MSG_EQ(sb.GetLostBytes(), m_lostBytes, "lost bytes");
        for (auto [offset, lost] : m_probes)
        {
            NS_TEST_EXPECT_MSG_EQ(sb.IsLost(Seq(1, offset)), lost, "IsLost at " << offset);
        }
        NS_TEST_EXPECT_MSG_EQ(sb.GetPipe(), 10000 - sb.GetSackedBytes() - m_lostBytes, "pipe (3)");
    }

    std::vector<std::pair<uint64_t, uint64_t>> m_blocks;
    uint32_t m_lostBytes;
    std::vector<std::pair<uint64_t, bool>> m_probes;
};

/**
 * NextSeg (RFC 6675 section 4): rule 1 (lowest lost, not retransmitted) before rule 2 (new
 * data) before rule 3 (unSACKed below the highest SACK); pipe (3) after each step.
 */
class NextSegmentTestCase : public TestCase
{
  public:
    NextSegmentTestCase(uint32_t isn)
        : TestCase("NextSegment takes lost data lowest first, then new data, then unSACKed "
                   "data" +
                   IsnName(isn)),
          m_isn(isn)
    {
    }

  private:
    /** Expect the next segment to be [offset, offset + size) by @p rule, and send it. */
    void ExpectAndSend(TcpSendScoreboard& sb,
                       uint32_t maxSize,
                       uint64_t offset,
                       uint32_t size,
                       Rule rule,
                       uint32_t pipeAfter)
    {
        auto segment = sb.NextSegment(maxSize);
        NS_TEST_ASSERT_MSG_EQ(segment.has_value(), true, "a segment at " << offset);
        NS_TEST_EXPECT_MSG_EQ(Rel(m_isn, segment->seq), offset, "segment start");
        NS_TEST_EXPECT_MSG_EQ(segment->size, size, "segment size at " << offset);
        NS_TEST_EXPECT_MSG_EQ(static_cast<int>(segment->rule),
                              static_cast<int>(rule),
                              "rule at " << offset);
        sb.MarkSent(segment->seq, segment->size, segment->rule != Rule::NEW_DATA);
        NS_TEST_EXPECT_MSG_EQ(sb.GetPipe(), pipeAfter, "pipe after sending " << offset);
    }

    void DoRun() override
    {
        // Segments 0..9 out, 1 and 3..5 SACKed: the top island counts 3 segments, so by
        // (5) the holes 0 and 2 are lost; pipe = 10000 - 4000 - 2000 = 4000.
        {
            TcpSendScoreboard sb(Seq(m_isn, 0), 1000);
            SendNew(sb, 10000, 1000);
            sb.Append(2000);
            sb.OnSack({Block(m_isn, 3000, 6000), Block(m_isn, 1000, 2000)});
            NS_TEST_EXPECT_MSG_EQ(sb.GetLostBytes(), 2000, "holes 0 and 2 lost");
            NS_TEST_EXPECT_MSG_EQ(sb.GetPipe(), 4000, "pipe before recovery");
            ExpectAndSend(sb, 600, 0, 600, Rule::LOST, 4600);
            ExpectAndSend(sb, 600, 600, 400, Rule::LOST, 5000);
            ExpectAndSend(sb, 1000, 2000, 1000, Rule::LOST, 6000);
            ExpectAndSend(sb, 1000, 10000, 1000, Rule::NEW_DATA, 7000);
            ExpectAndSend(sb, 1500, 11000, 1000, Rule::NEW_DATA, 8000);
            NS_TEST_EXPECT_MSG_EQ(sb.NextSegment(1000).has_value(),
                                  false,
                                  "only data above the highest SACK is left");
            NS_TEST_EXPECT_MSG_EQ(sb.GetRetransmittedBytes(), 2000, "retransmitted");
        }
        // Segments 0..3 out, 1 SACKed: 0 is not lost (one segment above).  With unsent
        // data rule 2 wins; without, rule 3 resends 0 once.
        {
            TcpSendScoreboard sb(Seq(m_isn, 0), 1000);
            SendNew(sb, 4000, 1000);
            sb.OnSack({Block(m_isn, 1000, 2000)});
            NS_TEST_EXPECT_MSG_EQ(sb.GetLostBytes(), 0, "nothing lost");
            sb.Append(500);
            ExpectAndSend(sb, 1000, 4000, 500, Rule::NEW_DATA, 3500);
            ExpectAndSend(sb, 1000, 0, 1000, Rule::UNSACKED, 4500);
            NS_TEST_EXPECT_MSG_EQ(sb.NextSegment(1000).has_value(), false, "nothing left");
        }
    }

    uint32_t m_isn;
};

/**
 * A recovery in progress, the start of the two cases below: ten segments of 1000 bytes
 * sent, 3000-6000 SACKed (so 0-3000 lost by (5)), one lost segment retransmitted.
 */
class RecoveryInProgressTestCase : public TestCase
{
  protected:
    using TestCase::TestCase;

    /** @param retransmitted stream offset of the segment retransmitted (below 3000) */
    void Start(TcpSendScoreboard& sb, uint64_t retransmitted)
    {
        SendNew(sb, 10000, 1000);
        sb.OnSack({Block(7, 3000, 6000)});
        NS_TEST_EXPECT_MSG_EQ(sb.GetLostBytes(), 3000, "0-3000 lost by (5)");
        sb.MarkSent(Seq(7, retransmitted), 1000, true);
        NS_TEST_EXPECT_MSG_EQ(sb.GetPipe(), 10000 - 3000 - 3000 + 1000, "pipe (3)");
    }
};

/**
 * The retransmission timeout (RFC 6675 section 5.1): every unSACKed byte is lost and not
 * retransmitted, a lost retransmission included; with discardSack the SACKs are forgotten.
 */
class TimeoutTestCase : public RecoveryInProgressTestCase
{
  public:
    TimeoutTestCase(bool discardSack)
        : RecoveryInProgressTestCase(std::string("retransmission timeout ") +
                                     (discardSack ? "discarding" : "keeping") +
                                     " SACK information"),
          m_discard(discardSack)
    {
    }

  private:
    void DoRun() override
    {
        TcpSendScoreboard sb(Seq(7, 0), 1000);
        Start(sb, 0);
        sb.OnRetransmissionTimeout(m_discard);
        NS_TEST_EXPECT_MSG_EQ(sb.GetSackedBytes(), m_discard ? 0 : 3000, "SACKed");
        NS_TEST_EXPECT_MSG_EQ(sb.GetLostBytes(), m_discard ? 10000 : 7000, "all unSACKed lost");
        NS_TEST_EXPECT_MSG_EQ(sb.GetRetransmittedBytes(), 0, "retransmissions forgotten");
        NS_TEST_EXPECT_MSG_EQ(sb.GetPipe(), 0, "pipe (3) after a timeout");
        auto segment = sb.NextSegment(1000);
        NS_TEST_ASSERT_MSG_EQ(segment.has_value(), true, "a segment");
        NS_TEST_EXPECT_MSG_EQ(Rel(7, segment->seq), 0, "the lost retransmission again");
        NS_TEST_EXPECT_MSG_EQ(static_cast<int>(segment->rule), 1, "rule 1");
    }

    bool m_discard;
};

/**
 * ClearLost after a timeout and one go-back-N retransmission (Linux's tcp_try_undo_loss):
 * nothing is lost, the retransmitted segment keeps its flag, pipe (3) counts every unSACKed
 * byte once and the retransmission twice, and the next segment is new data (rule 2); a
 * later SACK marks losses again by (4).
 */
class ClearLostTestCase : public RecoveryInProgressTestCase
{
  public:
    ClearLostTestCase()
        : RecoveryInProgressTestCase("loss marks cleared after a spurious timeout")
    {
    }

  private:
    void DoRun() override
    {
        TcpSendScoreboard sb(Seq(7, 0), 1000);
        Start(sb, 0);
        sb.OnRetransmissionTimeout(false);
        sb.MarkSent(Seq(7, 0), 1000, true); // go-back-N: the head again
        sb.Append(1000);
        sb.ClearLost();
        NS_TEST_EXPECT_MSG_EQ(sb.GetLostBytes(), 0, "nothing lost");
        NS_TEST_EXPECT_MSG_EQ(sb.GetRetransmittedBytes(), 1000, "the head stays retransmitted");
        NS_TEST_EXPECT_MSG_EQ(sb.GetSackedBytes(), 3000, "SACKs kept");
        NS_TEST_EXPECT_MSG_EQ(sb.GetPipe(), 10000 - 3000 + 1000, "pipe (3)");
        auto segment = sb.NextSegment(1000);
        NS_TEST_ASSERT_MSG_EQ(segment.has_value(), true, "a segment");
        NS_TEST_EXPECT_MSG_EQ(Rel(7, segment->seq), 10000, "new data");
        NS_TEST_EXPECT_MSG_EQ(static_cast<int>(segment->rule), 2, "rule 2");
        sb.OnSack({Block(7, 7000, 8000), Block(7, 9000, 10000)});
        NS_TEST_EXPECT_MSG_EQ(sb.IsLost(Seq(7, 1000)), true, "(4): three SACKed segments above");
        NS_TEST_EXPECT_MSG_EQ(sb.IsLost(Seq(7, 6000)), false, "two discontiguous islands above");
    }
};

/**
 * A retransmission later SACKed leaves the network (RFC 6675 SetPipe: a SACKed octet counts
 * nothing, retransmitted or not).  ns-3's TcpTxBuffer kept such a segment in its
 * retransmission count until the cumulative ACK (ns-3 issue #1190, fixed after 3.44), so
 * its pipe stayed one segment too high for the rest of the recovery.
 */
class SackedRetransmissionTestCase : public RecoveryInProgressTestCase
{
  public:
    SackedRetransmissionTestCase()
        : RecoveryInProgressTestCase(
              "a retransmitted segment later SACKed no longer counts in pipe (ns-3 #1190)")
    {
    }

  private:
    void DoRun() override
    {
        TcpSendScoreboard sb(Seq(7, 0), 1000);
        Start(sb, 1000); // a segment that is not the head
        sb.OnSack({Block(7, 1000, 2000), Block(7, 3000, 6000)});
        NS_TEST_EXPECT_MSG_EQ(sb.GetRetransmittedBytes(), 0, "the SACKed retransmission left");
        NS_TEST_EXPECT_MSG_EQ(sb.GetLostBytes(), 2000, "0-1000 and 2000-3000 still lost");
        NS_TEST_EXPECT_MSG_EQ(sb.GetPipe(), 10000 - 4000 - 2000, "pipe (3): 4000 bytes");
    }
};

/**
 * A lost retransmission is found from SACKs of data sent after it, (6), as Linux's
 * tcp_sacktag_write_queue finds it: without, it waits for the retransmission timeout
 * (ns-3 issue #1349, TcpSocketBase).  The head, retransmitted when snd_nxt was 10000, is
 * lost only when 3 segments beyond 10000 are SACKed (H = 13000), not before (H = 12999);
 * then rule 1 sends it again and pipe no longer counts it.
 */
class LostRetransmissionTestCase : public RecoveryInProgressTestCase
{
  public:
    LostRetransmissionTestCase()
        : RecoveryInProgressTestCase("a lost retransmission, found from SACKs of later data "
                                     "(ns-3 #1349)")
    {
    }

  private:
    void DoRun() override
    {
        TcpSendScoreboard sb(Seq(7, 0), 1000);
        Start(sb, 0);
        sb.MarkSent(Seq(7, 1000), 1000, true);
        sb.Append(3000);
        for (uint64_t offset = 10000; offset < 13000; offset += 1000)
        {
            sb.MarkSent(Seq(7, offset), 1000, false);
        }
        sb.OnSack({Block(7, 3000, 12999)});
        NS_TEST_EXPECT_MSG_EQ(sb.MarkLostRetransmissions(), 0, "H = 12999: still in flight");
        NS_TEST_EXPECT_MSG_EQ(sb.GetRetransmittedBytes(), 2000, "both retransmissions");
        sb.OnSack({Block(7, 3000, 13000)});
        NS_TEST_EXPECT_MSG_EQ(sb.MarkLostRetransmissions(), 2000, "H = 13000: both lost (6)");
        NS_TEST_EXPECT_MSG_EQ(sb.GetRetransmittedBytes(), 0, "none in flight");
        NS_TEST_EXPECT_MSG_EQ(sb.GetLostBytes(), 3000, "0-3000 lost again");
        NS_TEST_EXPECT_MSG_EQ(sb.GetPipe(), 13000 - 10000 - 3000, "pipe (3)");
        auto segment = sb.NextSegment(1000);
        NS_TEST_ASSERT_MSG_EQ(segment.has_value(), true, "a segment");
        NS_TEST_EXPECT_MSG_EQ(Rel(7, segment->seq), 0, "the head again");
        NS_TEST_EXPECT_MSG_EQ(static_cast<int>(segment->rule), 1, "rule 1");
        NS_TEST_EXPECT_MSG_EQ(sb.MarkLostRetransmissions(), 0, "declared once");
    }
};

/**
 * A per-byte scoreboard written straight from the RFC text, to compare with: SACK blocks
 * per RFC 2018 as the class comment handles them, IsLost (4) evaluated for every byte after
 * every ACK (sticky), SetPipe and NextSeg rules 1-3 of RFC 6675 by scanning bytes.
 */
class NaiveScoreboard
{
  public:
    NaiveScoreboard(uint32_t isn, uint32_t smss, uint32_t dupThresh)
        : m_isn(isn),
          m_smss(smss),
          m_dupThresh(dupThresh)
    {
    }

    /** @return the offset of a sequence number, nearest to snd_una */
    int64_t Offset(SequenceNumber32 seq) const
    {
        const uint32_t una = m_isn + static_cast<uint32_t>(una_);
        return static_cast<int64_t>(una_) + static_cast<int32_t>(seq.GetValue() - una);
    }

    void Append(uint32_t bytes)
    {
        end_ += bytes;
        sacked.resize(end_, 0);
        lost.resize(end_, 0);
        retransmitted.resize(end_, 0);
    }

    void MarkSent(SequenceNumber32 seq, uint32_t size, bool retransmission)
    {
        const int64_t lo = Offset(seq);
        if (!retransmission)
        {
            nxt_ = lo + size;
            return;
        }
        for (int64_t b = std::max<int64_t>(lo, una_); b < lo + size; ++b)
        {
            if (!sacked[b])
            {
                retransmitted[b] = 1;
            }
        }
    }

    uint32_t Ack(SequenceNumber32 ack)
    {
        const int64_t a = Offset(ack);
        if (a <= static_cast<int64_t>(una_) || a > static_cast<int64_t>(nxt_))
        {
            return 0;
        }
        const auto advanced = static_cast<uint32_t>(a - una_);
        una_ = a;
        return advanced;
    }

    void Sack(const std::vector<SackBlock>& blocks)
    {
        for (const auto& block : blocks)
        {
            const int64_t l = Offset(block.left);
            const int64_t r = Offset(block.right);
            if (r <= l || r > static_cast<int64_t>(nxt_) || r <= static_cast<int64_t>(una_))
            {
                continue;
            }
            for (int64_t b = std::max<int64_t>(l, una_); b < r; ++b)
            {
                sacked[b] = 1;
                lost[b] = 0;
                retransmitted[b] = 0;
            }
        }
        // IsLost (4) for every unSACKed byte, from the top down.
        uint64_t segments = 0;
        uint64_t bytes = 0;
        uint64_t run = 0;
        for (uint64_t b = nxt_; b-- > una_;)
        {
            if (sacked[b])
            {
                ++run;
                continue;
            }
            segments += (run + m_smss - 1) / m_smss;
            bytes += run;
            run = 0;
            if (segments >= m_dupThresh || bytes > (m_dupThresh - 1) * m_smss)
            {
                lost[b] = 1;
            }
        }
    }

    /** Every unSACKed byte before @p seq is lost. */
    void MarkLostBefore(SequenceNumber32 seq)
    {
        const int64_t to = std::min<int64_t>(Offset(seq), static_cast<int64_t>(nxt_));
        for (int64_t b = static_cast<int64_t>(una_); b < to; ++b)
        {
            lost[b] = sacked[b] ? 0 : 1;
        }
    }

    void Timeout(bool discard)
    {
        for (uint64_t b = una_; b < nxt_; ++b)
        {
            if (discard)
            {
                sacked[b] = 0;
            }
            if (!sacked[b])
            {
                lost[b] = 1;
                retransmitted[b] = 0;
            }
        }
    }

    /** SetPipe of RFC 6675 section 4 over the per-byte flags. */
    uint32_t Pipe() const
    {
        uint32_t pipe = 0;
        for (uint64_t b = una_; b < nxt_; ++b)
        {
            if (!sacked[b])
            {
                pipe += (lost[b] ? 0 : 1) + (retransmitted[b] ? 1 : 0);
            }
        }
        return pipe;
    }

    uint32_t Count(const std::vector<uint8_t>& flag) const
    {
        uint32_t n = 0;
        for (uint64_t b = una_; b < nxt_; ++b)
        {
            n += flag[b] && !sacked[b] ? 1 : 0;
        }
        return n;
    }

    uint64_t HighSacked() const
    {
        for (uint64_t b = nxt_; b-- > una_;)
        {
            if (sacked[b])
            {
                return b + 1;
            }
        }
        return una_;
    }

    /** NextSeg rules 1-3 of RFC 6675 section 4, byte by byte. */
    std::optional<TcpSendScoreboard::Segment> NextSeg(uint32_t maxSize) const
    {
        auto run = [&](uint64_t start, Rule rule) {
            uint64_t e = start;
            while (e < nxt_ && e - start < maxSize && !sacked[e] && !retransmitted[e] &&
                   lost[e] == lost[start])
            {
                ++e;
            }
            return TcpSendScoreboard::Segment{Seq(m_isn, start),
                                              static_cast<uint32_t>(e - start),
                                              rule};
        };
        for (uint64_t b = una_; b < nxt_; ++b)
        {
            if (!sacked[b] && lost[b] && !retransmitted[b])
            {
                return run(b, Rule::LOST);
            }
        }
        if (end_ > nxt_)
        {
            return TcpSendScoreboard::Segment{
                Seq(m_isn, nxt_),
                static_cast<uint32_t>(std::min<uint64_t>(maxSize, end_ - nxt_)),
                Rule::NEW_DATA};
        }
        const uint64_t high = HighSacked();
        for (uint64_t b = una_; b < high; ++b)
        {
            if (!sacked[b] && !retransmitted[b])
            {
                return run(b, Rule::UNSACKED);
            }
        }
        return std::nullopt;
    }

    uint32_t m_isn;
    uint32_t m_smss;
    uint32_t m_dupThresh;
    uint64_t una_{0};
    uint64_t nxt_{0};
    uint64_t end_{0};
    std::vector<uint8_t> sacked;
    std::vector<uint8_t> lost;
    std::vector<uint8_t> retransmitted;
};

/**
 * Differential test: random sequences of writes, sends (NextSegment), arbitrary
 * retransmissions, ACKs with 1 to 4 SACK blocks (valid, stale, straddling, beyond snd_nxt,
 * inverted), loss marks (MarkLostBefore) and timeouts, from a fixed seed; after every step the
 * scoreboard and the naive model agree on every byte's flags, the counters, pipe and the next
 * segment.
 */
class DifferentialTestCase : public TestCase
{
  public:
    DifferentialTestCase(uint32_t seed, uint32_t isn)
        : TestCase("scoreboard agrees with a per-byte RFC 6675 model after every step, seed " +
                   std::to_string(seed) + IsnName(isn)),
          m_seed(seed),
          m_isn(isn)
    {
    }

  private:
    static constexpr uint32_t kSmss = 10; //!< SMSS of the random runs
    static constexpr int kSteps = 3000;   //!< steps per run

    /** @return true if @p sb and @p ref agree, after reporting any difference */
    bool Agree(TcpSendScoreboard& sb, const NaiveScoreboard& ref, int step, uint32_t maxSize)
    {
        std::ostringstream where;
        where << " at step " << step;
        NS_TEST_EXPECT_MSG_EQ(Rel(m_isn, sb.GetHighAck()), ref.una_, "snd_una" << where.str());
        NS_TEST_EXPECT_MSG_EQ(Rel(m_isn, sb.GetNextSeq()), ref.nxt_, "snd_nxt" << where.str());
        NS_TEST_EXPECT_MSG_EQ(sb.GetUnsentBytes(), ref.end_ - ref.nxt_, "unsent" << where.str());
        uint32_t sackedRef = 0;
        for (uint64_t b = ref.una_; b < ref.nxt_; ++b)
        {
            sackedRef += ref.sacked[b];
        }
        NS_TEST_EXPECT_MSG_EQ(sb.GetSackedBytes(), sackedRef, "SACKed bytes" << where.str());
        NS_TEST_EXPECT_MSG_EQ(sb.GetLostBytes(), ref.Count(ref.lost), "lost" << where.str());
        NS_TEST_EXPECT_MSG_EQ(sb.GetRetransmittedBytes(),
                              ref.Count(ref.retransmitted),
                              "retransmitted" << where.str());
        NS_TEST_EXPECT_MSG_EQ(sb.GetPipe(), ref.Pipe(), "pipe" << where.str());
        NS_TEST_EXPECT_MSG_EQ(Rel(m_isn, sb.GetHighSacked()),
                              ref.HighSacked(),
                              "high SACKed" << where.str());
        const uint64_t from = ref.una_ >= 3 ? ref.una_ - 3 : 0;
        for (uint64_t b = from; b < ref.nxt_ + 3; ++b)
        {
            const bool in = b >= ref.una_ && b < ref.nxt_;
            const auto seq = Seq(m_isn, b);
            NS_TEST_EXPECT_MSG_EQ(sb.IsSacked(seq),
                                  in && ref.sacked[b],
                                  "IsSacked " << b << where.str());
            NS_TEST_EXPECT_MSG_EQ(sb.IsLost(seq),
                                  in && !ref.sacked[b] && ref.lost[b],
                                  "IsLost " << b << where.str());
            NS_TEST_EXPECT_MSG_EQ(sb.IsRetransmitted(seq),
                                  in && !ref.sacked[b] && ref.retransmitted[b],
                                  "IsRetransmitted " << b << where.str());
            if (IsStatusFailure())
            {
                return false;
            }
        }
        auto mine = sb.NextSegment(maxSize);
        auto theirs = ref.NextSeg(maxSize);
        NS_TEST_EXPECT_MSG_EQ(mine.has_value(), theirs.has_value(), "a segment" << where.str());
        if (mine && theirs)
        {
            NS_TEST_EXPECT_MSG_EQ(mine->seq, theirs->seq, "segment start" << where.str());
            NS_TEST_EXPECT_MSG_EQ(mine->size, theirs->size, "segment size" << where.str());
            NS_TEST_EXPECT_MSG_EQ(static_cast<int>(mine->rule),
                                  static_cast<int>(theirs->rule),
                                  "segment rule" << where.str());
        }
        return !IsStatusFailure();
    }

    void DoRun() override
    {
        std::mt19937 rng(m_seed);
        auto uniform = [&rng](uint64_t n) { return n == 0 ? 0 : rng() % n; };
        TcpSendScoreboard sb(Seq(m_isn, 0), kSmss, 3);
        NaiveScoreboard ref(m_isn, kSmss, 3);
        int counts[6] = {0, 0, 0, 0, 0, 0};
        int rules[4] = {0, 0, 0, 0};
        for (int step = 0; step < kSteps; ++step)
        {
            const uint64_t op = uniform(100);
            const uint32_t maxSize = 1 + uniform(2 * kSmss);
            if (op < 12)
            {
                // The application pauses every other 200 steps, so that the unsent data run
                // out and NextSeg's rule 3 gets its turn.
                if (ref.end_ - ref.una_ < 400 && (step / 200) % 2 == 0)
                {
                    const auto bytes = static_cast<uint32_t>(uniform(60));
                    sb.Append(bytes);
                    ref.Append(bytes);
                }
                ++counts[0];
            }
            else if (op < 45)
            {
                auto segment = sb.NextSegment(maxSize);
                if (segment)
                {
                    ++rules[static_cast<int>(segment->rule)];
                    sb.MarkSent(segment->seq, segment->size, segment->rule != Rule::NEW_DATA);
                    ref.MarkSent(segment->seq, segment->size, segment->rule != Rule::NEW_DATA);
                }
                ++counts[1];
            }
            else if (op < 50 && ref.nxt_ > ref.una_)
            {
                // A retransmission the socket chose itself (e.g. rule 4), possibly starting
                // below snd_una.
                const uint64_t lo =
                    ref.una_ - std::min<uint64_t>(ref.una_, 5) + uniform(ref.nxt_ - ref.una_ + 5);
                if (lo < ref.nxt_)
                {
                    const auto size =
                        static_cast<uint32_t>(1 + uniform(std::min<uint64_t>(30, ref.nxt_ - lo)));
                    sb.MarkSent(Seq(m_isn, lo), size, true);
                    ref.MarkSent(Seq(m_isn, lo), size, true);
                }
                ++counts[2];
            }
            else if (op < 85)
            {
                std::vector<SackBlock> blocks;
                const uint64_t n = 1 + uniform(4);
                for (uint64_t i = 0; i < n; ++i)
                {
                    const int64_t lo = static_cast<int64_t>(ref.una_) - 30 +
                                       static_cast<int64_t>(uniform(ref.nxt_ - ref.una_ + 45));
                    const int64_t hi =
                        lo + static_cast<int64_t>(uniform(41)) - (uniform(10) == 0 ? 20 : 0);
                    blocks.push_back(
                        SackBlock{SequenceNumber32(m_isn + static_cast<uint32_t>(lo)),
                                  SequenceNumber32(m_isn + static_cast<uint32_t>(hi))});
                }
                if (uniform(3) == 0 && ref.nxt_ > ref.una_)
                {
                    // A duplicate ACK carries the highest unacknowledged data's SACK.
                    sb.OnCumulativeAck(Seq(m_isn, ref.una_));
                }
                sb.OnSack(blocks);
                ref.Sack(blocks);
                ++counts[3];
            }
            else if (op < 88)
            {
                // Loss evidence other than SACK (a timed-out head), anywhere around the
                // outstanding data.
                const SequenceNumber32 to(m_isn + static_cast<uint32_t>(ref.una_) - 5 +
                                          static_cast<uint32_t>(uniform(ref.nxt_ - ref.una_ + 11)));
                sb.MarkLostBefore(to);
                ref.MarkLostBefore(to);
                ++counts[5];
            }
            else if (op < 98)
            {
                // Mostly small advances, as during recovery; sometimes anywhere.
                const uint64_t span = uniform(4) == 0 ? ref.nxt_ - ref.una_
                                                      : std::min<uint64_t>(ref.nxt_ - ref.una_, 15);
                const int64_t a =
                    static_cast<int64_t>(ref.una_) - 5 + static_cast<int64_t>(uniform(span + 11));
                const SequenceNumber32 ack(m_isn + static_cast<uint32_t>(a));
                NS_TEST_EXPECT_MSG_EQ(sb.OnCumulativeAck(ack), ref.Ack(ack), "advance at " << step);
                ++counts[4];
            }
            else
            {
                const bool discard = uniform(2) == 0;
                sb.OnRetransmissionTimeout(discard);
                ref.Timeout(discard);
            }
            if (!Agree(sb, ref, step, maxSize))
            {
                return;
            }
        }
        // The run must have exercised every operation and every NextSeg rule.
        for (int c : counts)
        {
            NS_TEST_EXPECT_MSG_GT(c, kSteps / 50, "operation mix");
        }
        NS_TEST_EXPECT_MSG_GT(ref.una_, 1000, "the run moved through the stream");
        for (int rule = 1; rule <= 3; ++rule)
        {
            NS_TEST_EXPECT_MSG_GT(rules[rule], 0, "segments sent by NextSeg rule " << rule);
        }
    }

    uint32_t m_seed;
    uint32_t m_isn;
};

/**
 * Wrap-around: one scripted recovery started at initial sequence number 1 and at 2^32 -
 * 10000 (so that the window crosses 2^32) gives the same answers, relative to the start.
 */
class WrapAroundTestCase : public TestCase
{
  public:
    WrapAroundTestCase()
        : TestCase("the same recovery gives the same answers across the 2^32 wrap")
    {
    }

  private:
    static std::vector<uint64_t> Script(uint32_t isn)
    {
        std::vector<uint64_t> out;
        TcpSendScoreboard sb(Seq(isn, 0), 1000);
        auto observe = [&]() {
            out.insert(out.end(),
                       {sb.GetPipe(),
                        sb.GetSackedBytes(),
                        sb.GetLostBytes(),
                        sb.GetRetransmittedBytes(),
                        sb.GetBytesInFlight(),
                        Rel(isn, sb.GetHighAck()),
                        Rel(isn, sb.GetHighSacked()),
                        sb.GetRangeCount()});
            auto segment = sb.NextSegment(1000);
            out.push_back(segment ? Rel(isn, segment->seq) : 999999);
            out.push_back(segment ? static_cast<uint64_t>(segment->rule) : 0);
        };
        SendNew(sb, 20000, 1000);
        observe();
        sb.OnSack({Block(isn, 9000, 11000)}); // across 2^32 for isn = 2^32 - 10000
        observe();
        sb.OnSack({Block(isn, 12000, 13000), Block(isn, 9000, 11000)});
        observe();
        sb.OnSack({Block(isn, 14000, 15000), Block(isn, 25000, 26000), Block(isn, 0, 0)});
        observe();
        while (auto segment = sb.NextSegment(1000))
        {
            if (segment->rule != Rule::LOST)
            {
                break;
            }
            sb.MarkSent(segment->seq, segment->size, true);
            observe();
        }
        out.push_back(sb.OnCumulativeAck(Seq(isn, 10500)));
        observe();
        sb.OnRetransmissionTimeout(false);
        observe();
        out.push_back(sb.OnCumulativeAck(Seq(isn, 20000)));
        observe();
        return out;
    }

    void DoRun() override
    {
        const auto low = Script(1);
        const auto wrapped = Script(kNearWrap);
        NS_TEST_ASSERT_MSG_EQ(low.size(), wrapped.size(), "same number of observations");
        for (std::size_t i = 0; i < low.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(wrapped[i], low[i], "observation " << i);
        }
        // And the unwrapped answers are the ones the RFC rules give: after the SACKs
        // 9000-11000, 12000-13000, 14000-15000 the three top islands put the loss mark at
        // 9000 (5): 0-9000 lost, 11000-12000 and 13000-14000 not.
        NS_TEST_EXPECT_MSG_EQ(low[3 * 10 + 2], 9000, "lost bytes after the third ACK");
        NS_TEST_EXPECT_MSG_EQ(low[3 * 10 + 0], 20000 - 4000 - 9000, "pipe after the third ACK");
    }
};

/**
 * Per-ACK work does not grow with the window W (in segments of 1000 bytes).  The map
 * entries touched per ACK, mean and worst, for W = 10^5 must be less than 10 times those
 * for W = 10^3 (a per-segment list, or a rescan from snd_una, gives about 100 times).
 *
 * One hole: W segments in flight, the first lost, then 100 ACKs each SACKing one more
 * segment above the hole and each followed by NextSegment and MarkSent (rule 1 once, then
 * one new segment per ACK), then the ACK that ends recovery and the ACK of everything.
 * Pipe (3) stays at W segments: (W + 100) out, 100 SACKed, one lost and retransmitted.
 *
 * Every other segment lost: W + 200 segments out, the odd ones below W SACKed (set-up, not
 * counted), then 100 ACKs each SACKing segment W + 2i and each followed by one rule-1
 * retransmission.  Each ACK moves the loss mark (5) past one more hole, so the loss update
 * must start where it stopped.  Afterwards the holes below the third-highest island are
 * lost: W/2 + 97, and pipe (3) = 3 holes above the mark + 100 retransmissions.
 */
class ScalingTestCase : public TestCase
{
  public:
    /**
     * @param everyOther true: every other segment lost; false: one hole
     */
    ScalingTestCase(bool everyOther)
        : TestCase(std::string("work per ACK does not grow with the window (10^3 and 10^5 "
                               "segments), ") +
                   (everyOther ? "every other segment lost" : "one hole")),
          m_everyOther(everyOther)
    {
    }

  private:
    static constexpr uint32_t kMss = 1000; //!< segment size
    static constexpr uint32_t kAcks = 100; //!< ACKs measured

    /** @return bytes [first, last) segment */
    static SackBlock Segments(uint64_t first, uint64_t last)
    {
        return Block(1, first * kMss, last * kMss);
    }

    /** @return mean and worst map entries touched per ACK, after checking pipe */
    std::pair<double, uint64_t> RunOneHole(uint64_t window)
    {
        TcpSendScoreboard sb(Seq(1, 0), kMss);
        SendNew(sb, static_cast<uint32_t>(window * kMss), kMss);
        sb.Append((kAcks + 1) * kMss);
        const uint64_t start = sb.GetNodesVisited();
        uint64_t worst = 0;
        auto measured = [&](auto&& ackEvent) {
            const uint64_t before = sb.GetNodesVisited();
            ackEvent();
            worst = std::max(worst, sb.GetNodesVisited() - before);
        };
        for (uint32_t i = 1; i <= kAcks; ++i)
        {
            measured([&]() {
                sb.OnCumulativeAck(Seq(1, 0));
                sb.OnSack({Segments(1, i + 1)});
                while (auto segment = sb.NextSegment(kMss))
                {
                    sb.MarkSent(segment->seq, segment->size, segment->rule != Rule::NEW_DATA);
                    if (segment->rule == Rule::NEW_DATA)
                    {
                        break;
                    }
                }
            });
        }
        NS_TEST_EXPECT_MSG_EQ(sb.GetPipe(), window * kMss, "pipe holds W segments");
        NS_TEST_EXPECT_MSG_EQ(sb.GetLostBytes(), kMss, "segment 0 lost");
        NS_TEST_EXPECT_MSG_EQ(sb.GetRetransmittedBytes(), kMss, "segment 0 retransmitted");
        measured([&]() { sb.OnCumulativeAck(Seq(1, (kAcks + 1) * uint64_t{kMss})); });
        measured([&]() { sb.OnCumulativeAck(sb.GetNextSeq()); });
        NS_TEST_EXPECT_MSG_EQ(sb.GetBytesInFlight(), 0, "all acknowledged");
        return {double(sb.GetNodesVisited() - start) / (kAcks + 2), worst};
    }

    /** @return mean and worst map entries touched per ACK, after checking pipe */
    std::pair<double, uint64_t> RunEveryOther(uint64_t window)
    {
        TcpSendScoreboard sb(Seq(1, 0), kMss);
        SendNew(sb, static_cast<uint32_t>((window + 2 * kAcks) * kMss), kMss);
        for (uint64_t odd = 1; odd < window; odd += 2)
        {
            sb.OnSack({Segments(odd, odd + 1)});
        }
        const uint64_t start = sb.GetNodesVisited();
        uint64_t worst = 0;
        for (uint64_t i = 0; i < kAcks; ++i)
        {
            const uint64_t before = sb.GetNodesVisited();
            sb.OnCumulativeAck(Seq(1, 0));
            sb.OnSack({Segments(window + 2 * i, window + 2 * i + 1)});
            if (auto segment = sb.NextSegment(kMss); segment && segment->rule == Rule::LOST)
            {
                sb.MarkSent(segment->seq, segment->size, true);
            }
            worst = std::max(worst, sb.GetNodesVisited() - before);
        }
        NS_TEST_EXPECT_MSG_EQ(sb.GetLostBytes(), (window / 2 + kAcks - 3) * kMss, "lost holes");
        NS_TEST_EXPECT_MSG_EQ(sb.GetRetransmittedBytes(), kAcks * kMss, "retransmitted");
        NS_TEST_EXPECT_MSG_EQ(sb.GetPipe(), (kAcks + 3) * kMss, "pipe (3)");
        return {double(sb.GetNodesVisited() - start) / kAcks, worst};
    }

    void DoRun() override
    {
        auto run = [this](uint64_t window) {
            return m_everyOther ? RunEveryOther(window) : RunOneHole(window);
        };
        const auto [smallMean, smallWorst] = run(1000);
        const auto [largeMean, largeWorst] = run(100000);
        NS_TEST_EXPECT_MSG_GT(smallMean, 0.0, "work counted");
        NS_TEST_EXPECT_MSG_LT(largeMean / smallMean,
                              10.0,
                              "mean per-ACK work " << smallMean << " -> " << largeMean);
        NS_TEST_EXPECT_MSG_LT(double(largeWorst) / double(smallWorst),
                              10.0,
                              "worst per-ACK work " << smallWorst << " -> " << largeWorst);
    }

    bool m_everyOther;
};

class TcpSendScoreboardTestSuite : public TestSuite
{
  public:
    TcpSendScoreboardTestSuite()
        : TestSuite("hybridnet-tcp-send-scoreboard", Type::UNIT)
    {
        for (uint32_t isn : {1U, kNearWrap})
        {
            AddTestCase(new CumulativeAckTestCase(isn), Duration::QUICK);
            AddTestCase(new SackBlockTestCase(isn), Duration::QUICK);
            AddTestCase(new NextSegmentTestCase(isn), Duration::QUICK);
        }
        // DupThresh 3, SMSS 1000, hole [0, 1000), SACKs above.
        using Probes = std::vector<std::pair<uint64_t, bool>>;
        AddTestCase(new IsLostTestCase("2 separate segments SACKed above",
                                       {{1000, 2000}, {3000, 4000}},
                                       0,
                                       Probes{{0, false}, {2000, false}}),
                    Duration::QUICK);
        AddTestCase(new IsLostTestCase("3 separate segments SACKed above",
                                       {{1000, 2000}, {3000, 4000}, {5000, 6000}},
                                       1000,
                                       Probes{{0, true}, {999, true}, {2000, false}}),
                    Duration::QUICK);
        AddTestCase(new IsLostTestCase("4 separate segments SACKed above",
                                       {{1000, 2000}, {3000, 4000}, {5000, 6000}, {7000, 8000}},
                                       2000,
                                       Probes{{0, true}, {2000, true}, {4000, false}}),
                    Duration::QUICK);
        AddTestCase(
            new IsLostTestCase("2 SMSS in one island above", {{1000, 3000}}, 0, Probes{{0, false}}),
            Duration::QUICK);
        AddTestCase(new IsLostTestCase("2 SMSS + 1 byte in one island above",
                                       {{1000, 3001}},
                                       1000,
                                       Probes{{0, true}, {3001, false}}),
                    Duration::QUICK);
        AddTestCase(new IsLostTestCase("3 one-byte islands above",
                                       {{1000, 1001}, {2000, 2001}, {3000, 3001}},
                                       1000,
                                       Probes{{0, true}, {1001, false}}),
                    Duration::QUICK);
        AddTestCase(new IsLostTestCase("2 one-byte islands above",
                                       {{1000, 1001}, {2000, 2001}},
                                       0,
                                       Probes{{0, false}}),
                    Duration::QUICK);
        AddTestCase(new TimeoutTestCase(false), Duration::QUICK);
        AddTestCase(new TimeoutTestCase(true), Duration::QUICK);
        AddTestCase(new ClearLostTestCase(), Duration::QUICK);
        AddTestCase(new SackedRetransmissionTestCase(), Duration::QUICK);
        AddTestCase(new LostRetransmissionTestCase(), Duration::QUICK);
        for (uint32_t seed : {1U, 2U, 3U})
        {
            AddTestCase(new DifferentialTestCase(seed, 1), Duration::QUICK);
            AddTestCase(new DifferentialTestCase(seed, kNearWrap), Duration::QUICK);
        }
        AddTestCase(new WrapAroundTestCase(), Duration::QUICK);
        AddTestCase(new ScalingTestCase(false), Duration::QUICK);
        AddTestCase(new ScalingTestCase(true), Duration::QUICK);
    }
};

TcpSendScoreboardTestSuite g_tcpSendScoreboardTestSuite; //!< static instance

} // namespace
