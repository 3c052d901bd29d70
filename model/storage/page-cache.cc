/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "page-cache.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetPageCache");
NS_OBJECT_ENSURE_REGISTERED(PageCache);

namespace
{

constexpr uint64_t kMiB = 1 << 20;

/** Runs @p done from a new event at the current time (no recursion into the caller). */
void
CompleteNow(Callback<void> done)
{
    if (!done.IsNull())
    {
        Simulator::ScheduleNow([done]() { done(); });
    }
}

} // namespace

TypeId
PageCache::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::PageCache")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<PageCache>()
            .AddAttribute("Memory",
                          "M, bytes of memory that can hold page cache (the kernel's "
                          "total_pages), the base of the ratios of equation (1) and the "
                          "cache's size, (6). Range: 16 MiB to 1 TiB. Default 1 GiB "
                          "(assumption: a 2004 server).",
                          UintegerValue(1024 * kMiB),
                          MakeUintegerAccessor(&PageCache::m_memory),
                          MakeUintegerChecker<uint64_t>(16 * kMiB, kMiB << 20))
            .AddAttribute("DirtyRatio",
                          "vm.dirty_ratio, percent of Memory: the dirty limit L of equation "
                          "(1) above which a writer blocks. Range: 5 to 100 (the kernel "
                          "raises smaller values to 5). Default 40 (Linux 2.6.6).",
                          UintegerValue(40),
                          MakeUintegerAccessor(&PageCache::m_dirtyRatio),
                          MakeUintegerChecker<uint32_t>(5, 100))
            .AddAttribute("DirtyBackgroundRatio",
                          "vm.dirty_background_ratio, percent of Memory: the background "
                          "threshold B of equation (1) above which write-back starts; at or "
                          "above DirtyRatio, DirtyRatio / 2 is used. Range: 0 to 100. Default "
                          "10 (Linux 2.6.6).",
                          UintegerValue(10),
                          MakeUintegerAccessor(&PageCache::m_backgroundRatio),
                          MakeUintegerChecker<uint32_t>(0, 100))
            .AddAttribute("ReadAhead",
                          "A, bytes of one read-ahead window, equation (5); 0: no read-ahead. "
                          "Range: 0 to 64 MiB. Default 128 KiB (VM_MAX_READAHEAD).",
                          UintegerValue(128 * 1024),
                          MakeUintegerAccessor(&PageCache::m_readAhead),
                          MakeUintegerChecker<uint32_t>(0, 64 * kMiB))
            .AddAttribute("WritebackChunk",
                          "Largest write-back pass, bytes, equation (4). Range: 4 KiB to "
                          "256 MiB. Default 4 MiB (MAX_WRITEBACK_PAGES = 1024 pages of 4 KiB).",
                          UintegerValue(4 * kMiB),
                          MakeUintegerAccessor(&PageCache::m_writebackChunk),
                          MakeUintegerChecker<uint32_t>(4096, 256 * kMiB))
            .AddTraceSource("Dirty",
                            "Dirty bytes, equation (2): written by the application, not yet "
                            "on the disks.",
                            MakeTraceSourceAccessor(&PageCache::m_dirty),
                            "ns3::TracedValueCallback::Uint64")
            .AddTraceSource("WritebackComplete",
                            "A write-back pass is on the disks: (bytes, dirty bytes after).",
                            MakeTraceSourceAccessor(&PageCache::m_writebackComplete),
                            "ns3::hybridnet::PageCache::WritebackCompleteCallback");
    return tid;
}

PageCache::PageCache()
{
    NS_LOG_FUNCTION(this);
}

PageCache::~PageCache() = default;

void
PageCache::DoDispose()
{
    m_array = nullptr;
    m_blockedWriter = Callback<void>();
    m_reader = Callback<void>();
    m_flushes.clear();
    Object::DoDispose();
}

void
PageCache::SetDiskArray(Ptr<DiskArray> array)
{
    m_array = array;
}

Ptr<DiskArray>
PageCache::GetDiskArray() const
{
    return m_array;
}

Ptr<DiskArray>
PageCache::Array()
{
    if (!m_array)
    {
        m_array = GetObject<DiskArray>();
    }
    NS_ABORT_MSG_IF(!m_array, "PageCache: no DiskArray (SetDiskArray or aggregate one)");
    return m_array;
}

uint64_t
PageCache::GetDirtyLimit() const
{
    return m_dirtyRatio * m_memory / 100;
}

uint64_t
PageCache::GetBackgroundThreshold() const
{
    // (1), get_dirty_limits()
    const uint64_t ratio = m_backgroundRatio >= m_dirtyRatio ? m_dirtyRatio / 2 : m_backgroundRatio;
    return ratio * m_memory / 100;
}

uint64_t
PageCache::GetDirty() const
{
    return m_dirty;
}

uint64_t
PageCache::GetBytesOnDisk() const
{
    return m_onDisk;
}

void
PageCache::UpdateDirty()
{
    m_dirty = m_written - m_onDisk; // (2)
}

void
PageCache::Write(uint32_t bytes, Callback<void> done)
{
    NS_LOG_FUNCTION(this << bytes);
    NS_ABORT_MSG_IF(!m_blockedWriter.IsNull(), "PageCache: a second writer while one is blocked");
    Array();
    if (m_written < m_lo || m_written > m_hi)
    {
        // The cached range lies elsewhere (and holds no dirty data): start it anew.
        m_lo = m_written;
        m_hi = m_written;
    }
    m_written += bytes; // (3)
    m_hi = std::max(m_hi, m_written);
    m_readIssued = std::max(m_readIssued, m_hi);
    UpdateDirty();
    Evict();
    const bool blocked = m_dirty > GetDirtyLimit();
    if (blocked)
    {
        m_blockedWriter = done.IsNull() ? Callback<void>([]() {}) : done;
    }
    StartWriteback();
    if (!blocked)
    {
        CompleteNow(done);
    }
}

uint64_t
PageCache::PassEnd() const
{
    // (4)
    const uint64_t end = m_issued + std::min<uint64_t>(m_writebackChunk, m_written - m_issued);
    const uint64_t stripe = m_array->GetFullStripeSize();
    const uint64_t rounded = end / stripe * stripe;
    return rounded > m_issued ? rounded : end;
}

void
PageCache::StartWriteback()
{
    if (m_passInFlight || m_issued >= m_written)
    {
        return;
    }
    const bool background = m_written - m_issued > GetBackgroundThreshold();
    if (!background && m_blockedWriter.IsNull() && m_flushes.empty())
    {
        return;
    }
    const uint64_t begin = m_issued;
    m_issued = PassEnd();
    m_passInFlight = true;
    NS_LOG_LOGIC("write-back [" << begin << ", " << m_issued << ")");
    Array()->Write(begin,
                   static_cast<uint32_t>(m_issued - begin),
                   MakeCallback(&PageCache::WritebackDone, this, m_issued));
}

void
PageCache::WritebackDone(uint64_t end)
{
    NS_LOG_FUNCTION(this << end);
    m_passInFlight = false;
    const auto bytes = static_cast<uint32_t>(end - m_onDisk);
    m_onDisk = end;
    UpdateDirty();
    m_writebackComplete(bytes, m_dirty);
    Evict();
    Callback<void> writer;
    if (!m_blockedWriter.IsNull() && m_dirty <= GetDirtyLimit())
    {
        std::swap(writer, m_blockedWriter);
    }
    std::vector<Callback<void>> flushed;
    auto reached = [this](const auto& flush) { return flush.first <= m_onDisk; };
    for (const auto& flush : m_flushes)
    {
        if (reached(flush))
        {
            flushed.push_back(flush.second);
        }
    }
    std::erase_if(m_flushes, reached);
    StartWriteback();
    if (!writer.IsNull())
    {
        writer();
    }
    for (auto& callback : flushed)
    {
        callback();
    }
}

void
PageCache::Flush(Callback<void> done)
{
    NS_LOG_FUNCTION(this);
    if (m_onDisk >= m_written)
    {
        CompleteNow(done);
        return;
    }
    m_flushes.emplace_back(m_written, done.IsNull() ? Callback<void>([]() {}) : done);
    StartWriteback();
}

void
PageCache::SetReadPosition(uint64_t offset)
{
    m_readPos = offset;
}

void
PageCache::Read(uint32_t bytes, Callback<void> done)
{
    NS_LOG_FUNCTION(this << bytes);
    NS_ABORT_MSG_IF(!m_reader.IsNull(), "PageCache: a second reader while one waits");
    Array();
    const uint64_t q = m_readPos;
    if (q < m_lo || q > m_readIssued)
    {
        NS_ABORT_MSG_IF(m_dirty > 0,
                        "PageCache: read at " << q << " outside the cached range while " << m_dirty
                                              << " bytes are dirty (Flush first)");
        m_lo = q;
        m_hi = q;
        m_readIssued = q;
    }
    const uint64_t need = q + bytes;
    m_readPos = need;
    ReadAhead(need); // (5)
    if (need <= m_hi)
    {
        CompleteNow(done);
        return;
    }
    m_readerNeed = need;
    m_reader = done.IsNull() ? Callback<void>([]() {}) : done;
}

void
PageCache::ReadAhead(uint64_t need)
{
    uint64_t target = need + m_readAhead;
    if (m_written > 0)
    {
        target = std::max(need, std::min(target, m_written)); // not past the written file
    }
    while (m_readIssued < target)
    {
        const uint64_t begin = m_readIssued;
        const uint64_t length = m_readAhead > 0 ? m_readAhead : target - begin;
        m_readIssued = begin + length;
        Array()->Read(begin,
                      static_cast<uint32_t>(length),
                      MakeCallback(&PageCache::ReadDone, this, begin, m_readIssued));
    }
}

void
PageCache::ReadDone(uint64_t begin, uint64_t end)
{
    NS_LOG_FUNCTION(this << begin << end);
    if (begin <= m_hi && end > m_hi)
    {
        m_hi = end;
    }
    Evict();
    if (!m_reader.IsNull() && m_readerNeed <= m_hi)
    {
        Callback<void> reader;
        std::swap(reader, m_reader);
        reader();
    }
}

void
PageCache::Evict()
{
    // (6): clean data only; dirty data lie in [O, W)
    if (m_hi - m_lo <= m_memory)
    {
        return;
    }
    uint64_t lo = m_hi - m_memory;
    if (m_dirty > 0)
    {
        lo = std::min(lo, m_onDisk);
    }
    m_lo = std::max(m_lo, lo);
}

} // namespace hybridnet
} // namespace ns3
