/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tcp-send-scoreboard.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <iterator>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTcpSendScoreboard");

TcpSendScoreboard::TcpSendScoreboard(SequenceNumber32 initialSeq, uint32_t smss, uint32_t dupThresh)
    : m_initialSeq(initialSeq),
      m_smss(smss),
      m_dupThresh(dupThresh)
{
    NS_ABORT_MSG_IF(smss == 0, "SMSS must be > 0");
    NS_ABORT_MSG_IF(dupThresh == 0, "DupThresh must be > 0");
}

int64_t
TcpSendScoreboard::ToOffset(SequenceNumber32 seq) const
{
    return static_cast<int64_t>(m_una) + static_cast<int64_t>(seq - ToSeq(m_una));
}

SequenceNumber32
TcpSendScoreboard::ToSeq(uint64_t offset) const
{
    return SequenceNumber32(m_initialSeq.GetValue() + static_cast<uint32_t>(offset));
}

void
TcpSendScoreboard::Append(uint32_t bytes)
{
    m_end += bytes;
    NS_ABORT_MSG_IF(m_end - m_una >= (uint64_t{1} << 31), "more than 2^31 bytes unacknowledged");
}

TcpSendScoreboard::RangeMap::const_iterator
TcpSendScoreboard::Find(uint64_t offset) const
{
    if (offset < m_una || offset >= m_nxt)
    {
        return m_ranges.end();
    }
    ++m_visits;
    auto it = m_ranges.upper_bound(offset);
    return std::prev(it);
}

TcpSendScoreboard::RangeMap::iterator
TcpSendScoreboard::Split(uint64_t offset)
{
    if (offset >= m_nxt)
    {
        return m_ranges.end();
    }
    ++m_visits;
    auto it = std::prev(m_ranges.upper_bound(offset));
    if (it->first == offset)
    {
        return it;
    }
    const Range upper{it->second.end, it->second.flags};
    it->second.end = offset;
    return m_ranges.emplace_hint(std::next(it), offset, upper);
}

void
TcpSendScoreboard::SetFlags(RangeMap::iterator it, uint8_t flags)
{
    const uint64_t length = it->second.end - it->first;
    const uint8_t old = it->second.flags;
    m_sacked -= (old & SACKED) ? length : 0;
    m_lost -= (old & LOST) ? length : 0;
    m_retransmitted -= (old & RETRANSMITTED) ? length : 0;
    m_sacked += (flags & SACKED) ? length : 0;
    m_lost += (flags & LOST) ? length : 0;
    m_retransmitted += (flags & RETRANSMITTED) ? length : 0;
    it->second.flags = flags;
}

template <typename F>
TcpSendScoreboard::RangeMap::iterator
TcpSendScoreboard::Apply(uint64_t lo, uint64_t hi, F change)
{
    if (lo >= hi)
    {
        return m_ranges.end();
    }
    auto first = Split(lo);
    Split(hi);
    for (auto it = first; it != m_ranges.end() && it->first < hi; ++it)
    {
        ++m_visits;
        SetFlags(it, change(it->second.flags));
    }
    // Merge equal neighbours from the entry before lo to the entry that starts at hi.
    auto it = first;
    if (it != m_ranges.begin())
    {
        --it;
    }
    for (auto next = std::next(it); next != m_ranges.end() && next->first <= hi;
         next = std::next(it))
    {
        ++m_visits;
        if (next->second.flags == it->second.flags)
        {
            it->second.end = next->second.end;
            m_ranges.erase(next);
        }
        else
        {
            it = next;
        }
    }
    return std::prev(m_ranges.upper_bound(lo));
}

std::optional<TcpSendScoreboard::Segment>
TcpSendScoreboard::NextSegment(uint32_t maxSize)
{
    NS_ABORT_MSG_IF(maxSize == 0, "segment size must be > 0");
    m_cursor = std::max(m_cursor, m_una);
    // The first unSACKed, not retransmitted range at or above the cursor.
    auto it = Find(m_cursor);
    while (it != m_ranges.end() && (it->second.flags & (SACKED | RETRANSMITTED)))
    {
        ++m_visits;
        ++it;
    }
    m_cursor = it == m_ranges.end() ? m_nxt : std::max(m_cursor, it->first);
    if (it != m_ranges.end() && (it->second.flags & LOST))
    {
        const auto size =
            static_cast<uint32_t>(std::min<uint64_t>(maxSize, it->second.end - m_cursor));
        NS_LOG_LOGIC("rule 1 " << ToSeq(m_cursor) << " " << size);
        return Segment{ToSeq(m_cursor), size, Rule::LOST};
    }
    if (m_end > m_nxt)
    {
        const auto size = static_cast<uint32_t>(std::min<uint64_t>(maxSize, m_end - m_nxt));
        NS_LOG_LOGIC("rule 2 " << ToSeq(m_nxt) << " " << size);
        return Segment{ToSeq(m_nxt), size, Rule::NEW_DATA};
    }
    if (it != m_ranges.end() && !m_islands.empty() && m_cursor < m_islands.rbegin()->second)
    {
        const auto size =
            static_cast<uint32_t>(std::min<uint64_t>(maxSize, it->second.end - m_cursor));
        NS_LOG_LOGIC("rule 3 " << ToSeq(m_cursor) << " " << size);
        return Segment{ToSeq(m_cursor), size, Rule::UNSACKED};
    }
    return std::nullopt;
}

void
TcpSendScoreboard::MarkSent(SequenceNumber32 seq, uint32_t size, bool retransmission)
{
    NS_ABORT_MSG_IF(size == 0, "empty segment");
    const int64_t lo = ToOffset(seq);
    const int64_t hi = lo + size;
    if (!retransmission)
    {
        NS_ABORT_MSG_IF(lo != static_cast<int64_t>(m_nxt) || static_cast<uint64_t>(hi) > m_end,
                        "new data must start at snd_nxt and have been written");
        ++m_visits;
        if (!m_ranges.empty() && m_ranges.rbegin()->second.flags == 0)
        {
            m_ranges.rbegin()->second.end = hi;
        }
        else
        {
            m_ranges.emplace_hint(m_ranges.end(), m_nxt, Range{static_cast<uint64_t>(hi), 0});
        }
        m_nxt = hi;
        return;
    }
    NS_ABORT_MSG_IF(hi > static_cast<int64_t>(m_nxt), "retransmission of unsent data");
    if (hi <= static_cast<int64_t>(m_una))
    {
        return;
    }
    const auto start = static_cast<uint64_t>(std::max<int64_t>(lo, m_una));
    Apply(start, hi, [](uint8_t flags) -> uint8_t {
        return (flags & SACKED) ? flags : (flags | RETRANSMITTED);
    });
    m_retransmissions.push_back(Retransmission{start, static_cast<uint64_t>(hi), m_nxt});
}

uint32_t
TcpSendScoreboard::MarkLostRetransmissions()
{
    const uint64_t highSacked = m_islands.empty() ? m_una : m_islands.rbegin()->second;
    const uint64_t retransmittedBefore = m_retransmitted;
    while (!m_retransmissions.empty())
    {
        ++m_visits;
        const Retransmission r = m_retransmissions.front();
        if (r.end > m_una && highSacked < r.sentBelow + uint64_t{m_dupThresh} * m_smss)
        {
            break; // (6) fails for this one, and for every later one
        }
        m_retransmissions.pop_front();
        if (r.end <= m_una)
        {
            continue; // acknowledged
        }
        const uint64_t lo = std::max(r.start, m_una);
        Apply(lo, r.end, [](uint8_t flags) -> uint8_t {
            const bool inFlight = (flags & RETRANSMITTED) && !(flags & SACKED);
            return inFlight ? uint8_t((flags & ~RETRANSMITTED) | LOST) : flags;
        });
        m_cursor = std::min(m_cursor, lo);
    }
    return static_cast<uint32_t>(retransmittedBefore - m_retransmitted);
}

uint32_t
TcpSendScoreboard::OnCumulativeAck(SequenceNumber32 ack)
{
    const int64_t offset = ToOffset(ack);
    if (offset <= static_cast<int64_t>(m_una) || offset > static_cast<int64_t>(m_nxt))
    {
        return 0;
    }
    const auto acked = static_cast<uint64_t>(offset);
    Split(acked);
    while (!m_ranges.empty() && m_ranges.begin()->first < acked)
    {
        ++m_visits;
        SetFlags(m_ranges.begin(), 0);
        m_ranges.erase(m_ranges.begin());
    }
    while (!m_islands.empty() && m_islands.begin()->first < acked)
    {
        ++m_visits;
        const uint64_t end = m_islands.begin()->second;
        m_islands.erase(m_islands.begin());
        if (end > acked)
        {
            m_islands.emplace(acked, end);
        }
    }
    const auto advanced = static_cast<uint32_t>(acked - m_una);
    m_una = acked;
    m_lostMark = std::max(m_lostMark, m_una);
    m_cursor = std::max(m_cursor, m_una);
    while (!m_retransmissions.empty() && m_retransmissions.front().end <= m_una)
    {
        m_retransmissions.pop_front(); // acknowledged (the rest when they reach the front)
    }
    return advanced;
}

TcpSendScoreboard::SackResult
TcpSendScoreboard::OnSack(const std::vector<SackBlock>& blocks)
{
    SackResult result;
    for (const auto& block : blocks)
    {
        const int64_t left = ToOffset(block.left);
        const int64_t right = left + static_cast<int32_t>(block.right - block.left);
        if (right <= left || right > static_cast<int64_t>(m_nxt))
        {
            NS_LOG_LOGIC("rejected SACK " << block.left << "-" << block.right);
            ++result.rejected;
            continue;
        }
        if (right <= static_cast<int64_t>(m_una))
        {
            NS_LOG_LOGIC("stale SACK " << block.left << "-" << block.right);
            ++result.stale;
            continue;
        }
        ++result.accepted;
        const uint64_t before = m_sacked;
        const auto lo = static_cast<uint64_t>(std::max<int64_t>(left, m_una));
        auto it = Apply(lo, right, [](uint8_t) -> uint8_t { return SACKED; });
        result.newlySacked += static_cast<uint32_t>(m_sacked - before);
        // The entry is now a maximal SACKed run: it replaces the islands inside it.
        const uint64_t start = it->first;
        const uint64_t end = it->second.end;
        for (auto island = m_islands.lower_bound(start);
             island != m_islands.end() && island->first < end;)
        {
            ++m_visits;
            island = m_islands.erase(island);
        }
        m_islands.emplace(start, end);
    }
    UpdateLost();
    return result;
}

void
TcpSendScoreboard::UpdateLost()
{
    // Equation (5): the top islands, at most DupThresh of them.
    uint64_t segments = 0;
    uint64_t bytes = 0;
    uint64_t frontier = m_una;
    for (auto island = m_islands.rbegin(); island != m_islands.rend(); ++island)
    {
        ++m_visits;
        const uint64_t length = island->second - island->first;
        segments += (length + m_smss - 1) / m_smss;
        bytes += length;
        if (segments >= m_dupThresh || bytes > uint64_t{m_dupThresh - 1} * m_smss)
        {
            frontier = island->first;
            break;
        }
    }
    RaiseLostMark(frontier);
}

void
TcpSendScoreboard::MarkLostBefore(SequenceNumber32 seq)
{
    const int64_t offset = ToOffset(seq);
    if (offset <= static_cast<int64_t>(m_una))
    {
        return;
    }
    RaiseLostMark(std::min(static_cast<uint64_t>(offset), m_nxt));
}

void
TcpSendScoreboard::RaiseLostMark(uint64_t frontier)
{
    if (frontier <= m_lostMark)
    {
        return;
    }
    NS_LOG_LOGIC("loss mark " << ToSeq(m_lostMark) << " -> " << ToSeq(frontier));
    Apply(m_lostMark, frontier, [](uint8_t flags) -> uint8_t {
        return (flags & SACKED) ? flags : (flags | LOST);
    });
    m_lostMark = frontier;
}

void
TcpSendScoreboard::OnRetransmissionTimeout(bool discardSack)
{
    if (discardSack)
    {
        m_visits += m_ranges.size() + m_islands.size();
        m_ranges.clear();
        m_islands.clear();
        m_sacked = m_retransmitted = 0;
        m_lost = m_nxt - m_una;
        if (m_nxt > m_una)
        {
            m_ranges.emplace(m_una, Range{m_nxt, LOST});
        }
    }
    else
    {
        Apply(m_una, m_nxt, [](uint8_t flags) -> uint8_t {
            return (flags & SACKED) ? flags : uint8_t{LOST};
        });
    }
    m_lostMark = m_nxt;
    m_cursor = m_una;
    m_retransmissions.clear();
}

void
TcpSendScoreboard::ClearLost()
{
    Apply(m_una, m_nxt, [](uint8_t flags) -> uint8_t { return flags & ~LOST; });
    m_lostMark = m_una;
}

uint32_t
TcpSendScoreboard::GetPipe() const
{
    return static_cast<uint32_t>(m_nxt - m_una - m_sacked - m_lost + m_retransmitted);
}

uint32_t
TcpSendScoreboard::GetBytesInFlight() const
{
    return static_cast<uint32_t>(m_nxt - m_una);
}

uint32_t
TcpSendScoreboard::GetUnsentBytes() const
{
    return static_cast<uint32_t>(m_end - m_nxt);
}

uint32_t
TcpSendScoreboard::GetSackedBytes() const
{
    return static_cast<uint32_t>(m_sacked);
}

uint32_t
TcpSendScoreboard::GetLostBytes() const
{
    return static_cast<uint32_t>(m_lost);
}

uint32_t
TcpSendScoreboard::GetRetransmittedBytes() const
{
    return static_cast<uint32_t>(m_retransmitted);
}

SequenceNumber32
TcpSendScoreboard::GetHighAck() const
{
    return ToSeq(m_una);
}

SequenceNumber32
TcpSendScoreboard::GetNextSeq() const
{
    return ToSeq(m_nxt);
}

SequenceNumber32
TcpSendScoreboard::GetHighSacked() const
{
    return ToSeq(m_islands.empty() ? m_una : m_islands.rbegin()->second);
}

bool
TcpSendScoreboard::IsSacked(SequenceNumber32 seq) const
{
    const auto it = Find(ToOffset(seq));
    return it != m_ranges.end() && (it->second.flags & SACKED);
}

bool
TcpSendScoreboard::IsLost(SequenceNumber32 seq) const
{
    const auto it = Find(ToOffset(seq));
    return it != m_ranges.end() && (it->second.flags & LOST);
}

bool
TcpSendScoreboard::IsRetransmitted(SequenceNumber32 seq) const
{
    const auto it = Find(ToOffset(seq));
    return it != m_ranges.end() && (it->second.flags & RETRANSMITTED);
}

std::size_t
TcpSendScoreboard::GetRangeCount() const
{
    return m_ranges.size();
}

uint64_t
TcpSendScoreboard::GetNodesVisited() const
{
    return m_visits;
}

} // namespace hybridnet
} // namespace ns3
