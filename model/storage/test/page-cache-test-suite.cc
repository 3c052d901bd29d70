/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * PageCache on a DiskArray: expected times from the class comments' equations. Unless a
 * case says otherwise: one disk (RAID0, N = 1), r = 400 Mb/s (4 MiB in 83.88608 ms),
 * P = 13 ms (seek 8 ms, 6000 rpm), Memory M = 100 MiB, so L = 40 MiB and B = 10 MiB, (1);
 * write-back passes of 4 MiB, read-ahead windows of 128 KiB.
 * Writes below B stay in memory and return at once; above L the writer is held at the
 * array's rate; Flush waits for every byte; read-ahead keeps the array busy behind a
 * reader; cached data are read at once; the thresholds; the helper.
 */
#include "hybridnet/disk-array-helper.h"
#include "hybridnet/disk-array.h"
#include "hybridnet/page-cache.h"

#include "ns3/core-module.h"
#include "ns3/node.h"
#include "ns3/test.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint64_t kKiB = 1024;
constexpr uint64_t kMiB = 1024 * kKiB;
const Time kAccess = MilliSeconds(13);

/** b bytes at r = 400 Mb/s: 20 ns a byte. */
Time
Media(uint64_t bytes)
{
    return NanoSeconds(bytes * 20);
}

const Time kPass = Media(4 * kMiB);

/** A page cache on its array (M = 100 MiB), counting the array's completed requests. */
struct Rig
{
    Ptr<DiskArray> array;     //!< the array
    Ptr<PageCache> cache;     //!< the cache on it
    uint32_t reads{0};        //!< completed reads
    uint32_t writes{0};       //!< completed writes
    uint64_t writtenBytes{0}; //!< bytes of completed writes
    Time lastWrite;           //!< completion of the last write

    explicit Rig(DiskArray::Level level = DiskArray::RAID0,
                 uint32_t disks = 1,
                 uint32_t readAhead = 128 * kKiB)
    {
        array = CreateObject<DiskArray>();
        array->SetAttribute("Level", EnumValue(level));
        array->SetAttribute("Disks", UintegerValue(disks));
        array->SetAttribute("DiskRate", DataRateValue(DataRate(400'000'000)));
        array->SetAttribute("SeekTime", TimeValue(MilliSeconds(8)));
        array->SetAttribute("SpindleSpeed", UintegerValue(6000));
        array->SetAttribute("ControllerRate", DataRateValue(DataRate("100Gbps")));
        array->TraceConnectWithoutContext("RequestComplete", MakeCallback(&Rig::Complete, this));
        cache = CreateObject<PageCache>();
        cache->SetAttribute("Memory", UintegerValue(100 * kMiB));
        cache->SetAttribute("ReadAhead", UintegerValue(readAhead));
        cache->SetDiskArray(array);
    }

    Rig(const Rig&) = delete;
    Rig& operator=(const Rig&) = delete;

    void Complete(DiskArray::Direction direction, uint32_t bytes, Time)
    {
        if (direction == DiskArray::READ)
        {
            ++reads;
            return;
        }
        ++writes;
        writtenBytes += bytes;
        lastWrite = Simulator::Now();
    }
};

/**
 * An application that writes or reads @p count blocks of @p size bytes one after the
 * other, each call when the previous returns (after @p think), and records the times.
 */
class App
{
  public:
    App(Ptr<PageCache> cache, bool write, uint32_t size, uint32_t count, Time think = Time(0))
        : m_cache(cache),
          m_write(write),
          m_size(size),
          m_count(count),
          m_think(think)
    {
    }

    /** @param at absolute start time */
    void Start(Time at)
    {
        Simulator::Schedule(at - Simulator::Now(), &App::Next, this);
    }

    std::vector<Time> returned; //!< return time of each call

  private:
    void Next()
    {
        if (returned.size() + m_pending >= m_count)
        {
            return;
        }
        m_pending = 1;
        auto done = MakeCallback(&App::Returned, this);
        if (m_write)
        {
            m_cache->Write(m_size, done);
        }
        else
        {
            m_cache->Read(m_size, done);
        }
    }

    void Returned()
    {
        m_pending = 0;
        returned.push_back(Simulator::Now());
        Simulator::Schedule(m_think, &App::Next, this);
    }

    Ptr<PageCache> m_cache;
    bool m_write;
    uint32_t m_size;
    uint32_t m_count;
    Time m_think;
    uint32_t m_pending{0};
};

/** A test case that runs the simulator: destroyed after the case, even if a check fails. */
class SimTestCase : public TestCase
{
  public:
    using TestCase::TestCase;

  private:
    void DoTeardown() override
    {
        Simulator::Destroy();
    }
};

/** (3), (4): below B nothing reaches the disks; crossing B starts one 4 MiB pass. */
class BackgroundTestCase : public SimTestCase
{
  public:
    BackgroundTestCase()
        : SimTestCase("writes below B return at once and stay in memory; W - I > B starts a pass")
    {
    }

  private:
    void DoRun() override
    {
        Rig rig;
        Ptr<PageCache> cache = rig.cache;
        std::vector<std::pair<uint32_t, uint64_t>> passes;
        cache->TraceConnectWithoutContext(
            "WritebackComplete",
            MakeCallback(+[](std::vector<std::pair<uint32_t, uint64_t>>* p,
                             uint32_t bytes,
                             uint64_t dirty) {
                p->emplace_back(bytes, dirty);
            }).Bind(&passes));
        App first(cache, true, kMiB, 10); // W = 10 MiB = B: not above it
        first.Start(Seconds(0));
        Simulator::Stop(Seconds(10));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(first.returned.size(), 10, "all ten writes returned");
        if (first.returned.size() != 10)
        {
            return; // without --stop-on-failure the runner goes on
        }
        NS_TEST_EXPECT_MSG_EQ(first.returned.back(), Seconds(0), "at once");
        NS_TEST_EXPECT_MSG_EQ(rig.writes, 0, "nothing written to the array");
        NS_TEST_EXPECT_MSG_EQ(cache->GetDirty(), 10 * kMiB, "dirty (2)");
        App second(cache, true, 3 * kMiB, 1); // W = 13 MiB > B: one pass, then 9 MiB <= B
        second.Start(Seconds(10));
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(second.returned.size(), 1, "the write returned");
        if (second.returned.size() != 1)
        {
            return; // without --stop-on-failure the runner goes on
        }
        NS_TEST_EXPECT_MSG_EQ(second.returned[0], Seconds(10), "at once");
        NS_TEST_EXPECT_MSG_EQ(rig.writes, 1, "one pass");
        NS_TEST_EXPECT_MSG_EQ(rig.writtenBytes, 4 * kMiB, "of WritebackChunk");
        NS_TEST_EXPECT_MSG_EQ(rig.lastWrite, Seconds(10) + kAccess + kPass, "P + 4 MiB over r");
        NS_TEST_ASSERT_MSG_EQ(passes.size(), 1, "WritebackComplete");
        if (passes.size() != 1)
        {
            return; // without --stop-on-failure the runner goes on
        }
        NS_TEST_EXPECT_MSG_EQ(passes[0].first, 4 * kMiB, "pass bytes");
        NS_TEST_EXPECT_MSG_EQ(passes[0].second, 9 * kMiB, "dirty after it");
        NS_TEST_EXPECT_MSG_EQ(cache->GetBytesOnDisk(), 4 * kMiB, "O");
    }
};

/**
 * (3): a writer of 400 x 1 MiB is held at dirty <= L = 40 MiB. Passes run back to back
 * from time 0 (P once), so O = 4 m MiB at P + m T (T = 4 MiB / r); write k (W = k MiB)
 * returns when O >= k - 40 MiB: write 400 at P + 90 T, write 100 at P + 15 T: 300 MiB in
 * 75 T, the array's rate exactly. After the writer, passes go on while W - I > B: O stops
 * at 392 MiB. Dirty never exceeds L + one write (41 MiB).
 */
class ThrottleTestCase : public SimTestCase
{
  public:
    ThrottleTestCase()
        : SimTestCase("a writer above L is held at the array's write rate; write-back stops at B")
    {
    }

  private:
    void DoRun() override
    {
        Rig rig;
        Ptr<PageCache> cache = rig.cache;
        uint64_t maxDirty = 0;
        cache->TraceConnectWithoutContext("Dirty",
                                          MakeCallback(+[](uint64_t* m, uint64_t, uint64_t v) {
                                              *m = std::max(*m, v);
                                          }).Bind(&maxDirty));
        App writer(cache, true, kMiB, 400);
        writer.Start(Seconds(0));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(writer.returned.size(), 400, "all writes returned");
        if (writer.returned.size() != 400)
        {
            return; // without --stop-on-failure the runner goes on
        }
        NS_TEST_EXPECT_MSG_EQ(writer.returned[39], Seconds(0), "write 40: dirty = L");
        NS_TEST_EXPECT_MSG_EQ(writer.returned[40], kAccess + kPass, "write 41 waits a pass");
        NS_TEST_EXPECT_MSG_EQ(writer.returned[99], kAccess + 15 * kPass, "write 100");
        NS_TEST_EXPECT_MSG_EQ(writer.returned[399], kAccess + 90 * kPass, "write 400");
        const double rate =
            300.0 * kMiB * 8 / (writer.returned[399] - writer.returned[99]).GetSeconds();
        NS_TEST_EXPECT_MSG_EQ_TOL(rate, 400e6, 1.0, "long-run rate = r");
        NS_TEST_EXPECT_MSG_EQ(maxDirty, 41 * kMiB, "dirty <= L + one write");
        NS_TEST_EXPECT_MSG_EQ(cache->GetBytesOnDisk(), 392 * kMiB, "stops at W - I <= B");
    }
};

/**
 * (4) on RAID5, N = 4 (S = 192 KiB): passes are rounded down to whole stripes, 21 stripes
 * (4032 KiB) each, every disk writing 21 U per pass: O = 4032 m KiB at P + 21 m U / r. The
 * writer of 400 x 1 MiB returns write k when O >= k - 40 MiB: write 100 after m = 16
 * passes, write 400 after m = 92, the array's (N - 1) r.
 */
class StripeWritebackTestCase : public SimTestCase
{
  public:
    StripeWritebackTestCase()
        : SimTestCase("write-back passes in whole stripes: a RAID5 writer at (N - 1) r")
    {
    }

  private:
    void DoRun() override
    {
        Rig rig(DiskArray::RAID5, 4);
        Ptr<PageCache> cache = rig.cache;
        App writer(cache, true, kMiB, 400);
        writer.Start(Seconds(0));
        Simulator::Run();
        const Time pass = Media(21 * 64 * kKiB);
        NS_TEST_ASSERT_MSG_EQ(writer.returned.size(), 400, "all writes returned");
        if (writer.returned.size() != 400)
        {
            return; // without --stop-on-failure the runner goes on
        }
        NS_TEST_EXPECT_MSG_EQ(writer.returned[99], kAccess + 16 * pass, "write 100");
        NS_TEST_EXPECT_MSG_EQ(writer.returned[399], kAccess + 92 * pass, "write 400");
        NS_TEST_EXPECT_MSG_EQ(rig.writtenBytes % (3 * 64 * kKiB), 0, "whole stripes only");
    }
};

/** Flush: 8 MiB + 5000 B below B: passes of 4, 4 MiB and 5000 B back to back. */
class FlushTestCase : public SimTestCase
{
  public:
    FlushTestCase()
        : SimTestCase("Flush completes when the array has written every byte")
    {
    }

  private:
    void DoRun() override
    {
        Rig rig;
        Ptr<PageCache> cache = rig.cache;
        const uint32_t size = 8 * kMiB + 5000;
        App writer(cache, true, size, 1);
        writer.Start(Seconds(0));
        std::vector<Time> flushed;
        auto flush = [cache, &flushed]() {
            cache->Flush(Callback<void>([&flushed]() { flushed.push_back(Simulator::Now()); }));
        };
        Simulator::Schedule(Seconds(1), flush);
        Simulator::Schedule(Seconds(2), flush); // nothing dirty: at once
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(flushed.size(), 2, "both flushes");
        if (flushed.size() != 2)
        {
            return; // without --stop-on-failure the runner goes on
        }
        NS_TEST_EXPECT_MSG_EQ(flushed[0],
                              Seconds(1) + kAccess + 2 * kPass + Media(5000),
                              "P + (8 MiB + 5000 B) over r");
        NS_TEST_EXPECT_MSG_EQ(flushed[0], rig.lastWrite, "with the array's last write");
        NS_TEST_EXPECT_MSG_EQ(rig.writtenBytes, size, "every byte");
        NS_TEST_EXPECT_MSG_EQ(rig.writes, 3, "three passes");
        NS_TEST_EXPECT_MSG_EQ(flushed[1], Seconds(2), "a flush with nothing dirty");
        NS_TEST_EXPECT_MSG_EQ(cache->GetDirty(), 0, "clean");
    }
};

/**
 * (5): a reader of 100 x 1 MiB, thinking 1.31072 ms (64 KiB of disk time) after each
 * read. With 128 KiB windows the disk always has the next window (2.62 ms) queued: the
 * last read returns at P + 100 MiB / r, the disk's rate. Without read-ahead every read
 * waits for its own disk read after the think time: P + 100 MiB / r + 99 thinks.
 */
class ReadAheadTestCase : public SimTestCase
{
  public:
    ReadAheadTestCase(uint32_t readAhead, Time expected)
        : SimTestCase("reader with think time, one disk, ReadAhead " +
                      std::to_string(readAhead / kKiB) + " KiB: last read at " +
                      std::to_string(expected.GetMicroSeconds()) + " us"),
          m_readAhead(readAhead),
          m_expected(expected)
    {
    }

  private:
    void DoRun() override
    {
        Rig rig(DiskArray::RAID0, 1, m_readAhead);
        Ptr<PageCache> cache = rig.cache;
        App reader(cache, false, kMiB, 100, Media(64 * kKiB));
        reader.Start(Seconds(0));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(reader.returned.size(), 100, "all reads returned");
        if (reader.returned.size() != 100)
        {
            return; // without --stop-on-failure the runner goes on
        }
        NS_TEST_EXPECT_MSG_EQ(reader.returned.back(), m_expected, "last read");
    }

    uint32_t m_readAhead;
    Time m_expected;
};

/**
 * (5) on RAID5, N = 4 (stripes of 192 KiB), windows of 576 KiB (3 stripes), 100 reads of
 * 1 MiB: the window holding byte 100 MiB ends at stripe 534; disks 0 and 1 hold data in
 * stripes 0 and 533 and never wait, so the last read returns at P + 534 U / r: the
 * array's (N - 1) r.
 */
class ArrayReadAheadTestCase : public SimTestCase
{
  public:
    ArrayReadAheadTestCase()
        : SimTestCase("reader on a 4-disk RAID5 with 3-stripe windows: (N - 1) r, P + 534 U over r")
    {
    }

  private:
    void DoRun() override
    {
        Rig rig(DiskArray::RAID5, 4, 576 * kKiB);
        Ptr<PageCache> cache = rig.cache;
        App reader(cache, false, kMiB, 100);
        reader.Start(Seconds(0));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(reader.returned.size(), 100, "all reads returned");
        if (reader.returned.size() != 100)
        {
            return; // without --stop-on-failure the runner goes on
        }
        NS_TEST_EXPECT_MSG_EQ(reader.returned.back(), kAccess + Media(534 * 64 * kKiB), "last");
    }
};

/** (5): a file written and then read is read from memory at once. */
class WrittenThenReadTestCase : public SimTestCase
{
  public:
    WrittenThenReadTestCase()
        : SimTestCase("a file written then read is read at once; the array sees nothing")
    {
    }

  private:
    void DoRun() override
    {
        Rig rig;
        App writer(rig.cache, true, kMiB, 8);
        App reader(rig.cache, false, 8 * kMiB, 1);
        writer.Start(Seconds(0));
        reader.Start(Seconds(1));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(reader.returned.size(), 1, "the read returned");
        if (reader.returned.size() != 1)
        {
            return; // without --stop-on-failure the runner goes on
        }
        NS_TEST_EXPECT_MSG_EQ(reader.returned[0], Seconds(1), "at once");
        NS_TEST_EXPECT_MSG_EQ(rig.reads + rig.writes, 0, "no disk request");
    }
};

/**
 * (5), (6): a file of F MiB read in 1 MiB reads, then its first 8 MiB again at 10 s. With
 * F <= M = 100 MiB they are still cached: at once, no new disk read. With F = 150 MiB only
 * the last 100 MiB stay: one positioning back to 0 and 8 MiB at r.
 */
class ReadTwiceTestCase : public SimTestCase
{
  public:
    ReadTwiceTestCase(uint32_t fileMiB, Time expected)
        : SimTestCase("a " + std::to_string(fileMiB) + " MiB file read twice: its start at +" +
                      std::to_string(expected.GetMicroSeconds()) + " us"),
          m_fileMiB(fileMiB),
          m_expected(expected)
    {
    }

  private:
    void DoRun() override
    {
        Rig rig;
        App once(rig.cache, false, kMiB, m_fileMiB);
        App again(rig.cache, false, 8 * kMiB, 1);
        once.Start(Seconds(0));
        Simulator::Schedule(Seconds(10), &PageCache::SetReadPosition, rig.cache, 0);
        again.Start(Seconds(10));
        Simulator::Stop(Seconds(9));
        Simulator::Run();
        const uint32_t firstReads = rig.reads;
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(again.returned.size(), 1, "the second read returned");
        if (again.returned.size() != 1)
        {
            return; // without --stop-on-failure the runner goes on
        }
        NS_TEST_EXPECT_MSG_EQ(again.returned[0], Seconds(10) + m_expected, "second read");
        const bool fromDisk = rig.reads > firstReads;
        NS_TEST_EXPECT_MSG_EQ(fromDisk,
                              m_expected.IsStrictlyPositive(),
                              "new disk reads only for evicted data");
    }

    uint32_t m_fileMiB;
    Time m_expected;
};

/** (1) and the checkers. */
class ThresholdTestCase : public TestCase
{
  public:
    ThresholdTestCase()
        : TestCase("thresholds (1): L, B, B = L over 2 when DirtyBackgroundRatio >= DirtyRatio")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PageCache> cache = CreateObject<PageCache>();
        const uint64_t m = 1024 * kMiB;
        NS_TEST_EXPECT_MSG_EQ(cache->GetDirtyLimit(), 40 * m / 100, "defaults: 40 % of 1 GiB");
        NS_TEST_EXPECT_MSG_EQ(cache->GetBackgroundThreshold(), 10 * m / 100, "10 %");
        cache->SetAttribute("DirtyBackgroundRatio", UintegerValue(50));
        NS_TEST_EXPECT_MSG_EQ(cache->GetBackgroundThreshold(), 20 * m / 100, "40 over 2 %");
        NS_TEST_EXPECT_MSG_EQ(cache->SetAttributeFailSafe("DirtyRatio", UintegerValue(4)),
                              false,
                              "DirtyRatio below 5");
        NS_TEST_EXPECT_MSG_EQ(cache->SetAttributeFailSafe("Memory", UintegerValue(kMiB)),
                              false,
                              "Memory below 16 MiB");
    }
};

/** DiskArrayHelper: both objects aggregated, attributes applied, the cache on the array. */
class HelperTestCase : public SimTestCase
{
  public:
    HelperTestCase()
        : SimTestCase("helper: Install aggregates a DiskArray and a PageCache that uses it")
    {
    }

  private:
    void DoRun() override
    {
        DiskArrayHelper storage;
        storage.SetDiskArrayAttribute("Level", EnumValue(DiskArray::RAID5));
        storage.SetDiskArrayAttribute("Disks", UintegerValue(4));
        storage.SetPageCacheAttribute("DirtyRatio", UintegerValue(20));
        NodeContainer nodes;
        nodes.Create(2);
        const std::vector<Ptr<PageCache>> caches = storage.Install(nodes);
        NS_TEST_ASSERT_MSG_EQ(caches.size(), 2, "one per node");
        if (caches.size() != 2)
        {
            return; // without --stop-on-failure the runner goes on
        }
        for (uint32_t i = 0; i < 2; ++i)
        {
            Ptr<DiskArray> array = nodes.Get(i)->GetObject<DiskArray>();
            NS_TEST_ASSERT_MSG_NE(array, nullptr, "array aggregated");
            if (!array)
            {
                return;
            }
            NS_TEST_EXPECT_MSG_EQ(nodes.Get(i)->GetObject<PageCache>(), caches[i], "cache");
            NS_TEST_EXPECT_MSG_EQ(caches[i]->GetDiskArray(), array, "the cache's array");
            NS_TEST_EXPECT_MSG_EQ(array->GetFullStripeSize(), 3 * 64 * kKiB, "RAID5, 4 disks");
            NS_TEST_EXPECT_MSG_EQ(caches[i]->GetDirtyLimit(), 20 * 1024 * kMiB / 100, "L");
        }
    }
};

class PageCacheTestSuite : public TestSuite
{
  public:
    PageCacheTestSuite()
        : TestSuite("hybridnet-page-cache", Type::UNIT)
    {
        AddTestCase(new BackgroundTestCase, Duration::QUICK);
        AddTestCase(new ThrottleTestCase, Duration::QUICK);
        AddTestCase(new StripeWritebackTestCase, Duration::QUICK);
        AddTestCase(new FlushTestCase, Duration::QUICK);
        AddTestCase(new ReadAheadTestCase(128 * kKiB, kAccess + Media(100 * kMiB)),
                    Duration::QUICK);
        AddTestCase(new ReadAheadTestCase(0, kAccess + Media(100 * kMiB) + 99 * Media(64 * kKiB)),
                    Duration::QUICK);
        AddTestCase(new ArrayReadAheadTestCase, Duration::QUICK);
        AddTestCase(new WrittenThenReadTestCase, Duration::QUICK);
        AddTestCase(new ReadTwiceTestCase(8, Time(0)), Duration::QUICK);
        AddTestCase(new ReadTwiceTestCase(150, kAccess + Media(8 * kMiB)), Duration::QUICK);
        AddTestCase(new ThresholdTestCase, Duration::QUICK);
        AddTestCase(new HelperTestCase, Duration::QUICK);
    }
};

PageCacheTestSuite g_pageCacheTestSuite;

} // namespace
