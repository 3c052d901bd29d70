/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tcp-receive-buffer.h"

#include "ns3/abort.h"
#include "ns3/assert.h"
#include "ns3/log.h"

#include <algorithm>
#include <iterator>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTcpReceiveBuffer");

TcpReceiveBuffer::TcpReceiveBuffer()
{
    NS_LOG_FUNCTION(this);
}

uint32_t
TcpReceiveBuffer::Add(uint64_t offset, Ptr<const Packet> payload)
{
    NS_LOG_FUNCTION(this << offset << payload);
    NS_ABORT_MSG_IF(payload == nullptr, "null payload");
    const uint32_t size = payload->GetSize();
    const uint64_t hi = offset + size;
    if (size == 0 || hi <= m_next)
    {
        return 0; // empty, or entirely old (a duplicate of delivered data)
    }
    const uint64_t lo = std::max(offset, m_next);
    auto fragment = [&](uint64_t from, uint64_t to) {
        return payload->CreateFragment(static_cast<uint32_t>(from - offset),
                                       static_cast<uint32_t>(to - from));
    };

    // Common case: in order and touching no island - straight to the in-order queue.
    if (lo == m_next && (m_islands.empty() || hi < m_islands.begin()->first))
    {
        ++m_visits;
        m_inOrder.push_back(fragment(lo, hi));
        m_available += hi - lo;
        m_next = hi;
        return static_cast<uint32_t>(hi - lo);
    }

    // The first island overlapping or adjacent to [lo, hi): the last one starting at or
    // below lo if it reaches lo, else the first one starting above lo.
    auto it = m_islands.upper_bound(lo);
    if (it != m_islands.begin() && std::prev(it)->second.end >= lo)
    {
        --it;
    }
    uint64_t mergedLo = lo;
    uint64_t mergedHi = hi;
    uint64_t cursor = lo; // bytes below cursor (within [lo, hi)) are stored or held
    uint64_t added = 0;
    auto store = [&](uint64_t from, uint64_t to) {
        ++m_visits;
        m_segments.emplace(from, fragment(from, to));
        added += to - from;
    };
    while (it != m_islands.end() && it->first <= hi)
    {
        ++m_visits;
        if (it->first > cursor)
        {
            store(cursor, it->first); // the gap below this island
        }
        cursor = std::max(cursor, it->second.end);
        mergedLo = std::min(mergedLo, it->first);
        mergedHi = std::max(mergedHi, it->second.end);
        m_recency.erase(it->second.stamp);
        it = m_islands.erase(it);
    }
    if (cursor < hi)
    {
        store(cursor, hi);
    }
    m_outOfOrder += added;
    const uint64_t stamp = ++m_stamp;
    auto island = m_islands.emplace_hint(it, mergedLo, Island{mergedHi, stamp});
    m_recency.emplace_hint(m_recency.end(), stamp, mergedLo);
    ++m_visits;

    if (mergedLo == m_next)
    {
        const uint64_t before = m_next;
        Deliver(island);
        return static_cast<uint32_t>(m_next - before);
    }
    return 0;
}

void
TcpReceiveBuffer::Deliver(IslandMap::iterator island)
{
    NS_LOG_FUNCTION(this << island->first);
    NS_ASSERT(island->first == m_next);
    const uint64_t end = island->second.end;
    auto it = m_segments.begin();
    NS_ASSERT(it != m_segments.end() && it->first == m_next);
    for (; it != m_segments.end() && it->first < end; ++it)
    {
        ++m_visits;
        m_inOrder.push_back(it->second);
    }
    m_segments.erase(m_segments.begin(), it);
    m_recency.erase(island->second.stamp);
    m_islands.erase(island);
    m_outOfOrder -= end - m_next;
    m_available += end - m_next;
    m_next = end;
}

uint64_t
TcpReceiveBuffer::NextExpected() const
{
    return m_next;
}

uint64_t
TcpReceiveBuffer::Available() const
{
    return m_available;
}

uint64_t
TcpReceiveBuffer::OutOfOrderBytes() const
{
    return m_outOfOrder;
}

uint64_t
TcpReceiveBuffer::HighestReceived() const
{
    return m_islands.empty() ? m_next : m_islands.rbegin()->second.end;
}

Ptr<Packet>
TcpReceiveBuffer::Read(uint32_t maxBytes)
{
    NS_LOG_FUNCTION(this << maxBytes);
    if (maxBytes == 0 || m_available == 0)
    {
        return nullptr;
    }
    const uint64_t want = std::min<uint64_t>(maxBytes, m_available);
    Ptr<Packet> out = Create<Packet>(); // zero areas join onto an empty packet without a copy
    uint64_t got = 0;
    while (got < want)
    {
        ++m_visits;
        Ptr<Packet>& front = m_inOrder.front();
        const uint32_t size = front->GetSize();
        const uint64_t need = want - got;
        if (size <= need)
        {
            out->AddAtEnd(front);
            got += size;
            m_inOrder.pop_front();
        }
        else
        {
            out->AddAtEnd(front->CreateFragment(0, static_cast<uint32_t>(need)));
            front = front->CreateFragment(static_cast<uint32_t>(need),
                                          size - static_cast<uint32_t>(need));
            got = want;
        }
    }
    m_available -= want;
    return out;
}

std::vector<std::pair<uint64_t, uint64_t>>
TcpReceiveBuffer::SackBlocks(uint32_t maxBlocks) const
{
    std::vector<std::pair<uint64_t, uint64_t>> blocks;
    for (auto it = m_recency.rbegin(); it != m_recency.rend() && blocks.size() < maxBlocks; ++it)
    {
        m_visits += 2;
        auto island = m_islands.find(it->second);
        NS_ASSERT(island != m_islands.end() && island->second.stamp == it->first);
        blocks.emplace_back(island->first, island->second.end);
    }
    return blocks;
}

std::size_t
TcpReceiveBuffer::GetSegmentCount() const
{
    return m_segments.size();
}

std::size_t
TcpReceiveBuffer::GetIslandCount() const
{
    return m_islands.size();
}

uint64_t
TcpReceiveBuffer::GetEntriesVisited() const
{
    return m_visits;
}

} // namespace hybridnet
} // namespace ns3
