/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_PAGE_CACHE_H
#define HYBRIDNET_PAGE_CACHE_H

#include "hybridnet/disk-array.h"

#include "ns3/callback.h"
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Linux 2.6's page cache for one file transfer on a DiskArray: write-back of
 * dirty data (pdflush, balance_dirty_pages) and sequential read-ahead.
 *
 * One file, laid out contiguously from logical address 0 of the array: an application
 * writes it sequentially (Write), or reads it sequentially (Read), or both one after the
 * other. M = Memory, the memory that can hold page cache (the kernel's total_pages).
 *
 *   (1) dirty limit L = DirtyRatio M / 100; background threshold B = DirtyBackgroundRatio
 *       M / 100, or DirtyRatio M / 200 if DirtyBackgroundRatio >= DirtyRatio
 *       (get_dirty_limits()).
 *
 * Writes. W = bytes the application has written, I = bytes handed to the array, O = bytes
 * the array has completed; the dirty bytes (dirty or under write-back, the sum
 * balance_dirty_pages() compares with L) are
 *
 *   (2) dirty = W - O.
 *
 *   (3) Write(n) copies n bytes into the cache: W += n. It returns at once if then
 *       dirty <= L; otherwise the writer blocks until write-back brings dirty <= L.
 *
 *   (4) A write-back pass is handed to the array when none is in flight and W - I > B
 *       (pdflush's background_writeout()), or a writer is blocked, or a Flush() waits. A
 *       pass is min(WritebackChunk, W - I) bytes from I, its end rounded down to a whole
 *       stripe of the array (DiskArray::GetFullStripeSize()) if that leaves at least one
 *       stripe.
 *
 * So nothing reaches the disks while W - I <= B, and a writer that outruns the array is
 * held at dirty = L and then writes at the array's write rate. Rounding a pass to whole
 * stripes stands for the RAID controller gathering the pass's requests (the block layer
 * queues them together) into full stripes in its cache: sequential write-back does not
 * read-modify-write. Flush(done) (fsync) completes when O reaches the W of its call.
 *
 * Reads. The cache holds one contiguous range [lo, hi) of the file, hi - lo <= M: written
 * data (dirty data is never dropped) and data read from the array. E = end of the reads
 * handed to the array (E >= hi), A = ReadAhead.
 *
 *   (5) Read(n) at the read position q: if [q, q + n) lies in [lo, hi) it completes at once
 *       (a file read twice, or written then read); otherwise it completes when hi reaches
 *       q + n. Either way reads of A bytes each are handed to the array from E on until
 *       E >= q + n + A: the reader's bytes plus one window ahead (2.6 keeps its current
 *       and its ahead window, one to two windows in front of the reader); never past W
 *       for a file written in this run (its end of file).
 *
 *   (6) When hi - lo exceeds M, clean data is dropped from lo on (oldest first).
 *
 * While the reader waits for the array, the array has the next window queued, so a
 * reader faster than the array reads at the array's rate (DiskArray (9)); A = 0 reads
 * only what is asked, on demand. A read that does not continue [lo, E] (q < lo or
 * q > E, after SetReadPosition()) starts the range anew at q.
 *
 * Departures from 2.6, and why. balance_dirty_pages() makes the throttled writer write
 * back 1.5 ratelimit_pages itself and re-check; here it waits for the passes of (4),
 * which continue while it is blocked: the same long-run rate, without modelling which
 * task submits the I/O. The read-ahead window is A from the first read on (2.6 starts
 * smaller and doubles it to the maximum on a sequential stream). Not modelled: kupdate
 * (data older than dirty_expire_centisecs, 30 s, written every 5 s), so below B dirty
 * data stay until Flush(); the halving of L and B by mapped memory (get_dirty_limits()
 * clamps DirtyRatio to half the unmapped memory) and their scaling for highmem hosts
 * (page_writeback_init()): a host profile sets the effective ratios. The CPU cost of
 * the copies is not this class's job: the host model charges them (HostCpu).
 *
 * Sources (Linux 2.6 of 2004): mm/page-writeback.c: dirty_background_ratio = 10,
 * vm_dirty_ratio = 40, MAX_WRITEBACK_PAGES = 1024 (4 MiB of 4 KiB pages per pass),
 * get_dirty_limits(), balance_dirty_pages(), background_writeout(); include/linux/mm.h:
 * VM_MAX_READAHEAD = 128 (KiB).
 */
class PageCache : public Object
{
  public:
    /**
     * Signature of WritebackComplete, fired when a write-back pass is on the disks.
     * @param bytes the pass's size
     * @param dirty dirty bytes (2) after it
     */
    typedef void (*WritebackCompleteCallback)(uint32_t bytes, uint64_t dirty);

    /**
     * Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    PageCache();
    ~PageCache() override;

    PageCache(const PageCache&) = delete;
    PageCache& operator=(const PageCache&) = delete;

    /**
     * @param array the array the file lives on (required before the first request; if none
     *        is set, a DiskArray aggregated to this object is used)
     */
    void SetDiskArray(Ptr<DiskArray> array);
    /** @return the array */
    Ptr<DiskArray> GetDiskArray() const;

    /**
     * The application writes n bytes at the end of the file, (3). One writer at a time.
     * @param bytes n
     * @param done runs when the write returns (at once, or when dirty <= L)
     */
    void Write(uint32_t bytes, Callback<void> done);
    /**
     * The application reads n bytes at the read position and advances it, (5). One
     * reader at a time.
     * @param bytes n
     * @param done runs when the bytes are in the cache
     */
    void Read(uint32_t bytes, Callback<void> done);
    /** @param offset the next Read()'s position (lseek) */
    void SetReadPosition(uint64_t offset);
    /**
     * fsync: completes when every byte written so far is on the disks.
     * @param done runs then
     */
    void Flush(Callback<void> done);

    /** @return L of (1), bytes */
    uint64_t GetDirtyLimit() const;
    /** @return B of (1), bytes */
    uint64_t GetBackgroundThreshold() const;
    /** @return dirty of (2), bytes */
    uint64_t GetDirty() const;
    /** @return O, bytes on the disks */
    uint64_t GetBytesOnDisk() const;

  protected:
    void DoDispose() override;

  private:
    /** @return the array, aborting if none */
    Ptr<DiskArray> Array();
    /** Hands the next write-back pass to the array if (4) asks for one. */
    void StartWriteback();
    /** @return the end of the next pass, (4) */
    uint64_t PassEnd() const;
    /**
     * A pass is on the disks.
     * @param end its end offset
     */
    void WritebackDone(uint64_t end);
    /**
     * Hands reads to the array until E >= @p need + A, (5).
     * @param need the reader's end offset
     */
    void ReadAhead(uint64_t need);
    /**
     * A read is in memory.
     * @param begin its first byte
     * @param end one past its last byte
     */
    void ReadDone(uint64_t begin, uint64_t end);
    /** Drops clean data, (6). */
    void Evict();
    /** Updates the Dirty trace, (2). */
    void UpdateDirty();

    // Attributes
    uint64_t m_memory;          //!< M, bytes
    uint32_t m_dirtyRatio;      //!< percent
    uint32_t m_backgroundRatio; //!< percent
    uint32_t m_readAhead;       //!< A, bytes
    uint32_t m_writebackChunk;  //!< bytes

    Ptr<DiskArray> m_array; //!< where the file lives

    // Write state, (2)-(4)
    uint64_t m_written{0};          //!< W
    uint64_t m_issued{0};           //!< I
    uint64_t m_onDisk{0};           //!< O
    bool m_passInFlight{false};     //!< a pass is with the array
    Callback<void> m_blockedWriter; //!< the writer waiting for dirty <= L
    std::vector<std::pair<uint64_t, Callback<void>>> m_flushes; //!< (W at the call, done)

    // Read state, (5), (6)
    uint64_t m_lo{0};         //!< lo
    uint64_t m_hi{0};         //!< hi
    uint64_t m_readIssued{0}; //!< E
    uint64_t m_readPos{0};    //!< q
    uint64_t m_readerNeed{0}; //!< q + n of the waiting reader
    Callback<void> m_reader;  //!< the reader waiting for hi >= q + n

    TracedValue<uint64_t> m_dirty{0}; //!< (2)
    /** Fired when a pass is on the disks: (bytes, dirty). */
    TracedCallback<uint32_t, uint64_t> m_writebackComplete;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_PAGE_CACHE_H
