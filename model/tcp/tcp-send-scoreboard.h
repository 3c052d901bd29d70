/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TCP_SEND_SCOREBOARD_H
#define HYBRIDNET_TCP_SEND_SCOREBOARD_H

#include "ns3/sequence-number.h"

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The sender's view of its send buffer for one TCP connection: which bytes are
 * written but unsent, which are outstanding, and of those which are SACKed, lost and
 * retransmitted - kept as sequence ranges, so that the cost of an event does not grow
 * with the window W.
 *
 * Why a new class: ns-3's TcpTxBuffer keeps one list item per segment and walks the list
 * on every ACK (NextSeg, GetPacketFromList, IsRetransmittedDataAcked, Update,
 * UpdateLostCount); on a long fat pipe (W ~ 10^4 - 10^5 segments) those walks are > 90 %
 * of the simulation's CPU time.  This class is the scoreboard only: it stores no payload
 * (the socket keeps one byte buffer and cuts segments out of it by sequence number).
 *
 * **Stream offsets.**  Inside, every byte is named by its 64-bit stream offset o (0 for the
 * byte at the initial sequence number s0 given to the constructor), which only increases.
 * Sequence numbers are converted at the edges only:
 *
 *     (1)  seq(o) = (s0 + o) mod 2^32
 *     (2)  o(seq) = o_una + (int32_t)(seq - seq(o_una))
 *
 * i.e. a sequence number is read as the offset nearest to snd_una (within +- 2^31), so
 * ordering never breaks at the 2^32 wrap.  Written-but-unacked data must stay below 2^31
 * bytes (TCP's own limit, RFC 7323 section 2.3).
 *
 * **State.**  Three offsets o_una <= o_nxt <= o_end (snd_una, snd_nxt = HighData + 1,
 * end of the written data), and
 * - a range map covering [o_una, o_nxt) exactly: start -> (end, flags), flags a subset of
 *   {SACKED, LOST, RETRANSMITTED}, SACKED never together with the other two; adjacent
 *   ranges with equal flags are always merged, so the map has O(number of SACK holes and
 *   retransmission runs) entries, not O(W);
 * - a mirror of the SACKed ranges ("islands": maximal runs of SACKed bytes), start -> end,
 *   so that the highest islands are found without walking the range map;
 * - counters of SACKed, lost (and not SACKed) and retransmitted (and not SACKed) bytes;
 * - the loss mark o_lost: a byte below o_lost that is not SACKed is lost;
 * - the retransmission cursor o_cur: every byte in [o_una, o_cur) is SACKed or
 *   retransmitted.
 *
 * **Pipe** (RFC 6675 section 4, SetPipe: for every unSACKed outstanding octet, +1 if it is
 * not lost and +1 if it was retransmitted) is kept in O(1):
 *
 *     (3)  pipe = (o_nxt - o_una) - sacked - lost + retransmitted
 *
 * **IsLost** (RFC 6675 section 4).  An octet S is lost when the SACKed data above it holds
 * DupThresh discontiguous SACKed sequences or more than (DupThresh - 1) * SMSS bytes.
 * Since the scoreboard does not remember segment boundaries, a SACKed island of b bytes
 * counts as ceil(b / SMSS) segments (at least one: a discontiguous sequence; as many as
 * full-sized segments it holds otherwise).  With islands I_1, I_2, ... above S:
 *
 *     (4)  IsLost(S) = sum_i ceil(|I_i| / SMSS) >= DupThresh
 *                      or sum_i |I_i| > (DupThresh - 1) * SMSS
 *
 * Adding SACK information only adds terms to (4), and a cumulative ACK removes only data
 * below S, so IsLost is sticky (the one exception, islands merging into fewer "segments",
 * does not unmark a byte already marked: a loss once declared stays declared, as in
 * RFC 6675's Update()).  (4) holds for every unSACKed byte below the start of the k-th
 * island from the top, k the smallest number of top islands that satisfy (4); that point
 * is found by looking at the top DupThresh islands at most (each counts >= 1 segment):
 *
 *     (5)  F = start of the k-th highest island;  o_lost := max(o_lost, F)
 *
 * and only the ranges in [old o_lost, F) are marked: the loss mark only moves up, so each
 * range is marked once (amortised O(1) per range created), never rescanned from snd_una.
 *
 * **NextSegment** (RFC 6675 section 4, NextSeg):
 * 1. the lowest unSACKed, lost, not yet retransmitted range (rule 1; (1.a) "S2 > HighRxt"
 *    is kept per range, as a RETRANSMITTED flag, rather than as one HighRxt pointer);
 * 2. else, if unsent data exist, up to one segment of new data from snd_nxt (rule 2; the
 *    receive and congestion windows are the socket's to check);
 * 3. else the lowest unSACKed, not retransmitted range below the highest SACKed octet
 *    (rule 3);
 * rule 4 (the rescue retransmission) is left to the socket.  All three rules read the first
 * unSACKed, not retransmitted range at or above o_cur, because lost bytes are a prefix of
 * the unSACKed bytes: if that range is not lost, no lost unretransmitted byte exists.
 *
 * **SACK blocks** (RFC 2018 section 3; at most 4 per ACK on the wire, any number accepted
 * here).  A block [left, right) is
 * - rejected if right <= left in sequence space (malformed) or right > snd_nxt (it covers
 *   data never sent: RFC 2018 only allows blocks of received data; Linux's
 *   tcp_is_sackblock_valid does the same);
 * - ignored if right <= snd_una (stale, or a D-SACK of RFC 2883: the data are already
 *   cumulatively acknowledged);
 * - else clipped to [max(left, snd_una), right) and its bytes marked SACKed; overlapping,
 *   repeated and adjacent blocks merge into one island.
 * SACKed bytes lose their LOST and RETRANSMITTED flags (they left the network).
 *
 * **Retransmission timeout** (RFC 6675 section 5.1, RFC 2018 section 8): every unSACKed
 * outstanding byte is marked lost and not retransmitted, and with discardSack the SACK
 * information is dropped first (the receiver may have reneged).
 *
 * **Lost retransmissions** (RFC 6675 detects them only by the timeout; Linux's
 * tcp_sacktag_write_queue, the check it calls event "C", in its form without FACK).  Each
 * retransmission remembers o_nxt at the time it was sent, n_r (Linux's ack_seq): what was
 * sent after it.  With H one past the highest SACKed byte, MarkLostRetransmissions declares
 * a retransmission lost when
 *
 *     (6)  H >= n_r + DupThresh * SMSS
 *
 * (DupThresh segments sent after it arrived, as (4) asks of an original), and its
 * unSACKed bytes become lost and not retransmitted, so rule 1 sends them again.  Retransmissions
 * are kept in the order sent, n_r never decreasing, so (6) is checked from the oldest and
 * stops at the first that fails: amortised O(1) per retransmission.
 *
 * **Costs** (W = bytes or segments in flight; R = entries in the range map, R <= W and in
 * practice O(number of holes)):
 *
 *     Append                  O(1)
 *     MarkSent (new data)     O(1) amortised (extends the last range)
 *     MarkSent (retransmit)   O(log R + ranges covered)
 *     NextSegment             O(log R) amortised (o_cur only moves up between timeouts)
 *     OnCumulativeAck         O(log R) amortised (each range is removed once)
 *     OnSack(b blocks)        O(b log R) amortised (ranges covered by a block merge into
 *                             one), plus the loss update (5): O(DupThresh log R) to find F,
 *                             and amortised O(1) per range newly marked lost
 *     OnRetransmissionTimeout O(R) - once per timeout
 *     ClearLost               O(R) - once per undone timeout
 *     MarkLostRetransmissions amortised O(log R + ranges covered) per retransmission
 *     MarkLostBefore          O(log R) plus amortised O(1) per range newly marked lost
 *     GetPipe and counters    O(1);  IsSacked, IsLost, IsRetransmitted: O(log R)
 *
 * GetNodesVisited counts the map entries touched by all operations (each touch costs
 * O(log R) or O(1) inside std::map): a measure of work that does not depend on the host.
 *
 * **Left for the socket:** payload, windows (rwnd, cwnd), RecoveryPoint and entering or
 * leaving loss recovery, the rescue retransmission (rule 4), timers, SYN and FIN
 * sequence space, and what to do with ACKs of unsent data (ignored here).
 *
 * References: RFC 2018 (TCP Selective Acknowledgment Options); RFC 2883 (D-SACK);
 * RFC 6675 (A Conservative Loss Recovery Algorithm Based on SACK for TCP).
 */
class TcpSendScoreboard
{
  public:
    /** Which NextSeg rule of RFC 6675 section 4 chose a segment. */
    enum class Rule
    {
        LOST = 1,     //!< rule 1: lost, not yet retransmitted data
        NEW_DATA = 2, //!< rule 2: data never sent
        UNSACKED = 3, //!< rule 3: unSACKed, not lost, not retransmitted data below a SACK
    };

    /** A segment to send. */
    struct Segment
    {
        SequenceNumber32 seq; //!< first byte
        uint32_t size;        //!< bytes, 1..maxSize
        Rule rule;            //!< the rule that chose it
    };

    /** One SACK block as carried on the wire: bytes [left, right). */
    struct SackBlock
    {
        SequenceNumber32 left;  //!< first SACKed byte
        SequenceNumber32 right; //!< one past the last SACKed byte
    };

    /** What OnSack did with its blocks. */
    struct SackResult
    {
        uint32_t newlySacked{0}; //!< bytes SACKed now that were not SACKed before
        uint32_t accepted{0};    //!< blocks applied (wholly or clipped at snd_una)
        uint32_t stale{0};       //!< blocks ignored: entirely below snd_una (incl. D-SACK)
        uint32_t rejected{0};    //!< blocks rejected: malformed or beyond snd_nxt
    };

    /**
     * @param initialSeq sequence number of the first byte the scoreboard tracks (ISN + 1
     *        for the first data byte after a SYN)
     * @param smss sender maximum segment size in bytes (> 0), used by IsLost (4)
     * @param dupThresh DupThresh of RFC 6675 (> 0; 3 in the RFC)
     */
    TcpSendScoreboard(SequenceNumber32 initialSeq, uint32_t smss, uint32_t dupThresh = 3);

    /**
     * The application wrote @p bytes more.  O(1).
     * @param bytes number of bytes
     */
    void Append(uint32_t bytes);

    /**
     * The next segment to send by RFC 6675 NextSeg rules 1 to 3 (see the class comment).
     * Does not mark anything sent.  O(log R) amortised.
     * @param maxSize largest segment in bytes (> 0)
     * @return the segment, or nothing if no rule applies
     */
    std::optional<Segment> NextSegment(uint32_t maxSize);

    /**
     * Bytes [seq, seq + size) were sent.  New data must start at snd_nxt and lie within
     * the written data; a retransmission must lie below snd_nxt (bytes below snd_una are
     * skipped, SACKed bytes are not flagged).  Misuse aborts.
     * @param seq first byte
     * @param size bytes (> 0)
     * @param retransmission true for a retransmission
     */
    void MarkSent(SequenceNumber32 seq, uint32_t size, bool retransmission);

    /**
     * A cumulative ACK: every byte before @p ack was received.  An ACK at or below
     * snd_una, or above snd_nxt, changes nothing.
     * @param ack the acknowledgment number
     * @return the bytes by which snd_una advanced
     */
    uint32_t OnCumulativeAck(SequenceNumber32 ack);

    /**
     * The SACK blocks of one ACK (RFC 2018), then the loss update (5).
     * @param blocks the blocks in any order
     * @return what was done with them
     */
    SackResult OnSack(const std::vector<SackBlock>& blocks);

    /**
     * A retransmission timeout: every unSACKed outstanding byte becomes lost and not
     * retransmitted (RFC 6675 section 5.1).  O(R).
     * @param discardSack forget all SACK information first (RFC 2018 section 8)
     */
    void OnRetransmissionTimeout(bool discardSack);

    /**
     * Forget every loss mark: no outstanding byte is lost, o_lost := o_una (Linux's
     * tcp_try_undo_loss, when the timeout turns out to have been spurious).  Retransmitted
     * bytes keep their flag; SACK information received later marks losses again by (4).
     * The one exception to "a loss once declared stays declared".  O(R).
     */
    void ClearLost();

    /**
     * Every unSACKed outstanding byte before @p seq is lost: the loss mark o_lost rises to
     * @p seq (clipped to [snd_una, snd_nxt]); a mark at or below o_lost changes nothing.
     * For loss evidence other than SACK (Linux's timed-out segments, tcp_update_scoreboard).
     * Retransmitted bytes keep their flag, so rule 1 does not choose them again.
     * Amortised O(1) per range newly marked, as (5).
     * @param seq one past the last byte to mark
     */
    void MarkLostBefore(SequenceNumber32 seq);

    /**
     * Declare lost every retransmission that (6) finds lost: its unSACKed bytes become
     * lost and not retransmitted (rule 1 chooses them again).  Linux checks only in
     * Recovery; the socket decides when to call.
     * @return the retransmitted bytes declared lost
     */
    uint32_t MarkLostRetransmissions();

    /** @return RFC 6675 pipe in bytes, equation (3).  O(1). */
    uint32_t GetPipe() const;
    /** @return outstanding bytes, snd_nxt - snd_una */
    uint32_t GetBytesInFlight() const;
    /** @return written bytes not yet sent */
    uint32_t GetUnsentBytes() const;
    /** @return SACKed outstanding bytes */
    uint32_t GetSackedBytes() const;
    /** @return lost (and not SACKed) outstanding bytes */
    uint32_t GetLostBytes() const;
    /** @return retransmitted (and not SACKed) outstanding bytes */
    uint32_t GetRetransmittedBytes() const;
    /** @return snd_una (HighACK of RFC 6675) */
    SequenceNumber32 GetHighAck() const;
    /** @return snd_nxt (HighData + 1 of RFC 6675) */
    SequenceNumber32 GetNextSeq() const;
    /** @return one past the highest SACKed byte, or snd_una if nothing is SACKed */
    SequenceNumber32 GetHighSacked() const;

    /**
     * @param seq a byte
     * @return true if @p seq is outstanding and SACKed.  O(log R).
     */
    bool IsSacked(SequenceNumber32 seq) const;
    /**
     * @param seq a byte
     * @return true if @p seq is outstanding, not SACKed and lost.  O(log R).
     */
    bool IsLost(SequenceNumber32 seq) const;
    /**
     * @param seq a byte
     * @return true if @p seq is outstanding, not SACKed and retransmitted.  O(log R).
     */
    bool IsRetransmitted(SequenceNumber32 seq) const;

    /** @return entries of the range map (R) */
    std::size_t GetRangeCount() const;
    /** @return map entries touched by all operations so far (a host-independent work count) */
    uint64_t GetNodesVisited() const;

  private:
    /** Flags of a range. */
    enum Flag : uint8_t
    {
        SACKED = 1,
        LOST = 2,
        RETRANSMITTED = 4,
    };

    /** A range of the range map: its end and flags (its start is the key). */
    struct Range
    {
        uint64_t end;  //!< one past the last byte
        uint8_t flags; //!< Flag bits
    };

    using RangeMap = std::map<uint64_t, Range>; //!< start -> range

    /** A retransmission, for (6). */
    struct Retransmission
    {
        uint64_t start;     //!< first byte
        uint64_t end;       //!< one past the last byte
        uint64_t sentBelow; //!< n_r: o_nxt when it was sent
    };

    /** @return the offset of @p seq by equation (2) */
    int64_t ToOffset(SequenceNumber32 seq) const;
    /** @return the sequence number of @p offset by equation (1) */
    SequenceNumber32 ToSeq(uint64_t offset) const;
    /** @return the entry holding @p offset (in [o_una, o_nxt)), or end() */
    RangeMap::const_iterator Find(uint64_t offset) const;
    /** @return the entry that starts at @p offset after splitting, or end() at o_nxt */
    RangeMap::iterator Split(uint64_t offset);
    /** Set the flags of one entry, keeping the byte counters. */
    void SetFlags(RangeMap::iterator it, uint8_t flags);
    /**
     * Apply @p change to the flags of every byte in [lo, hi), then merge equal neighbours.
     * @return the entry holding lo afterwards
     */
    template <typename F>
    RangeMap::iterator Apply(uint64_t lo, uint64_t hi, F change);
    /** Loss update, equation (5). */
    void UpdateLost();
    /** Mark the unSACKed bytes in [o_lost, @p frontier) lost; o_lost := frontier. */
    void RaiseLostMark(uint64_t frontier);

    SequenceNumber32 m_initialSeq;                //!< s0
    uint32_t m_smss;                              //!< SMSS
    uint32_t m_dupThresh;                         //!< DupThresh
    uint64_t m_una{0};                            //!< o_una
    uint64_t m_nxt{0};                            //!< o_nxt
    uint64_t m_end{0};                            //!< end of the written data
    uint64_t m_lostMark{0};                       //!< o_lost
    uint64_t m_cursor{0};                         //!< o_cur
    uint64_t m_sacked{0};                         //!< SACKed bytes
    uint64_t m_lost{0};                           //!< lost, unSACKed bytes
    uint64_t m_retransmitted{0};                  //!< retransmitted, unSACKed bytes
    RangeMap m_ranges;                            //!< covers [o_una, o_nxt)
    std::map<uint64_t, uint64_t> m_islands;       //!< SACKed islands, start -> end
    std::deque<Retransmission> m_retransmissions; //!< in the order sent, for (6)
    mutable uint64_t m_visits{0};                 //!< GetNodesVisited
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TCP_SEND_SCOREBOARD_H
