/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tcp-send-stream.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/tag.h"

#include <algorithm>
#include <memory>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTcpSendStream");

namespace
{

/** Copy the packet tags of @p from onto @p to (replacing tags of the same type). */
void
CopyPacketTags(const Packet& from, Packet& to)
{
    PacketTagIterator it = from.GetPacketTagIterator();
    while (it.HasNext())
    {
        PacketTagIterator::Item item = it.Next();
        TypeId tid = item.GetTypeId();
        NS_ABORT_MSG_IF(!tid.HasConstructor(),
                        "packet tag " << tid.GetName() << " has no registered constructor");
        std::unique_ptr<ObjectBase> base(tid.GetConstructor()());
        auto tag = dynamic_cast<Tag*>(base.get());
        NS_ABORT_MSG_IF(tag == nullptr, tid.GetName() << " is not a Tag");
        item.GetTag(*tag);
        to.ReplacePacketTag(*tag);
    }
}

} // namespace

TcpSendStream::TcpSendStream()
{
    NS_LOG_FUNCTION(this);
}

void
TcpSendStream::Append(Ptr<const Packet> data)
{
    NS_LOG_FUNCTION(this << data);
    NS_ABORT_MSG_IF(data == nullptr, "null packet appended");
    const uint32_t size = data->GetSize();
    if (size == 0)
    {
        return;
    }
    m_entries.push_back(Entry{m_end, data->Copy()});
    m_end += size;
}

uint64_t
TcpSendStream::End() const
{
    return m_end;
}

uint64_t
TcpSendStream::Begin() const
{
    return m_begin;
}

uint64_t
TcpSendStream::Size() const
{
    return m_end - m_begin;
}

Ptr<Packet>
TcpSendStream::Copy(uint64_t offset, uint32_t length) const
{
    NS_LOG_FUNCTION(this << offset << length);
    NS_ABORT_MSG_IF(length == 0, "Copy of zero bytes");
    NS_ABORT_MSG_IF(offset < m_begin || offset + length > m_end,
                    "Copy of [" << offset << ", " << offset + length << ") outside the held ["
                                << m_begin << ", " << m_end << ")");
    // (3): the last entry starting at or below offset.
    auto it = std::upper_bound(m_entries.begin(),
                               m_entries.end(),
                               offset,
                               [this](uint64_t o, const Entry& e) {
                                   ++m_visits;
                                   return o < e.start;
                               });
    --it;
    const uint64_t last = offset + length;
    const Entry& first = *it;
    const uint64_t firstEnd = first.start + first.p->GetSize();
    ++m_visits;
    if (last <= firstEnd)
    {
        // One piece: shares the stored buffer.
        return first.p->CreateFragment(static_cast<uint32_t>(offset - first.start), length);
    }
    // Several pieces: joined onto an empty packet, so that zero areas join without a copy.
    Ptr<Packet> out = Create<Packet>();
    uint64_t o = offset;
    for (; o < last; ++it)
    {
        ++m_visits;
        const uint64_t entryEnd = it->start + it->p->GetSize();
        const uint64_t pieceEnd = std::min(entryEnd, last);
        out->AddAtEnd(it->p->CreateFragment(static_cast<uint32_t>(o - it->start),
                                            static_cast<uint32_t>(pieceEnd - o)));
        o = pieceEnd;
    }
    CopyPacketTags(*first.p, *out);
    return out;
}

void
TcpSendStream::ReleaseBelow(uint64_t offset)
{
    NS_LOG_FUNCTION(this << offset);
    NS_ABORT_MSG_IF(offset > m_end,
                    "release below " << offset << " beyond the written end " << m_end);
    if (offset <= m_begin)
    {
        return;
    }
    m_begin = offset;
    while (!m_entries.empty() && m_entries.front().start + m_entries.front().p->GetSize() <= offset)
    {
        ++m_visits;
        m_entries.pop_front();
    }
}

std::size_t
TcpSendStream::GetPacketCount() const
{
    return m_entries.size();
}

uint64_t
TcpSendStream::GetEntriesVisited() const
{
    return m_visits;
}

} // namespace hybridnet
} // namespace ns3
