/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * DiskArray: request times from the class comment's equations with chosen parameters.
 * Unless a case says otherwise: r = 400 Mb/s (one 64 KiB unit in 1.31072 ms), U = 64 KiB,
 * 6000 rpm (R = 10 ms), seek 8 ms (P = 13 ms), C = 100 Gb/s (not a limit), X = 0.
 * Sequential rates (9) of RAID0 and RAID5, full-stripe writes, partial-stripe
 * read-modify-write (3), positioning (4), the controller and parity ceilings (6), FIFO
 * completion (7), the closed forms, busy time, the configuration check.
 */
#include "hybridnet/disk-array.h"

#include "ns3/core-module.h"
#include "ns3/test.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint64_t kUnit = 64 * 1024;
constexpr uint64_t kMiB = 1 << 20;
const Time kRotation = MilliSeconds(10);
const Time kAccess = MilliSeconds(13); // seek 8 ms + R / 2

/** The parameters of one array. */
struct Params
{
    DiskArray::Level level{DiskArray::RAID0}; //!< Level
    uint32_t disks{1};                        //!< N
    uint64_t unit{kUnit};                     //!< U
    uint64_t controllerBps{100'000'000'000};  //!< C
    uint64_t parityBps{0};                    //!< X
};

Ptr<DiskArray>
MakeArray(const Params& p)
{
    Ptr<DiskArray> array = CreateObject<DiskArray>();
    array->SetAttribute("Level", EnumValue(p.level));
    array->SetAttribute("Disks", UintegerValue(p.disks));
    array->SetAttribute("StripeSize", UintegerValue(p.unit));
    array->SetAttribute("DiskRate", DataRateValue(DataRate(400'000'000)));
    array->SetAttribute("SeekTime", TimeValue(MilliSeconds(8)));
    array->SetAttribute("SpindleSpeed", UintegerValue(6000));
    array->SetAttribute("ControllerRate", DataRateValue(DataRate(p.controllerBps)));
    array->SetAttribute("ParityRate", DataRateValue(DataRate(p.parityBps)));
    return array;
}

/** b bytes at r = 400 Mb/s, exact in nanoseconds for multiples of 50 bytes. */
Time
Media(uint64_t bytes)
{
    return NanoSeconds(bytes * 8 * 1'000'000'000 / 400'000'000);
}

/** 8 n / rate, rounded up to the nanosecond. */
Time
Wire(uint64_t bytes, uint64_t bps)
{
    const auto bits = static_cast<unsigned __int128>(bytes) * 8 * 1'000'000'000;
    return NanoSeconds(static_cast<int64_t>((bits + bps - 1) / bps));
}

/** A request: direction, offset, bytes. */
struct Request
{
    DiskArray::Direction direction; //!< READ or WRITE
    uint64_t offset;                //!< logical address
    uint32_t bytes;                 //!< n
};

/** Queues @p requests at time 0 and returns their completion times, in completion order. */
std::vector<Time>
RunRequests(Ptr<DiskArray> array, const std::vector<Request>& requests, std::vector<size_t>* order)
{
    std::vector<Time> done(requests.size());
    for (size_t i = 0; i < requests.size(); ++i)
    {
        const Request& q = requests[i];
        Callback<void> cb([&done, order, i]() {
            done[i] = Simulator::Now();
            if (order != nullptr)
            {
                order->push_back(i);
            }
        });
        Simulator::Schedule(Seconds(0), [array, q, cb]() {
            if (q.direction == DiskArray::READ)
            {
                array->Read(q.offset, q.bytes, cb);
            }
            else
            {
                array->Write(q.offset, q.bytes, cb);
            }
        });
    }
    Simulator::Run();
    Simulator::Destroy();
    return done;
}

/** @p count back-to-back requests of @p size bytes from offset 0. */
std::vector<Request>
Stream(DiskArray::Direction direction, uint32_t size, uint32_t count)
{
    std::vector<Request> requests;
    for (uint32_t i = 0; i < count; ++i)
    {
        requests.push_back({direction, static_cast<uint64_t>(i) * size, size});
    }
    return requests;
}

/** One request or a stream, completion time of the last request against the expectation. */
class TimeTestCase : public TestCase
{
  public:
    TimeTestCase(std::string name, Params params, std::vector<Request> requests, Time expected)
        : TestCase(name),
          m_params(params),
          m_requests(std::move(requests)),
          m_expected(expected)
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<Time> done = RunRequests(MakeArray(m_params), m_requests, nullptr);
        NS_TEST_EXPECT_MSG_EQ(done.back(), m_expected, "completion of the last request");
    }

    Params m_params;
    std::vector<Request> m_requests;
    Time m_expected;
};

/** FIFO (7): a request that its disk could finish first still completes after its elder. */
class FifoTestCase : public TestCase
{
  public:
    FifoTestCase()
        : TestCase("FIFO: a 4 KiB read on an idle disk completes with the 1 MiB read before it")
    {
    }

  private:
    void DoRun() override
    {
        // RAID0, N = 2, U = 1 MiB: the first request is disk 0's unit, the second disk 1's.
        Params p{DiskArray::RAID0, 2, kMiB};
        std::vector<size_t> order;
        const std::vector<Time> done = RunRequests(
            MakeArray(p),
            {{DiskArray::READ, 0, kMiB}, {DiskArray::READ, kMiB, 4096}, {DiskArray::READ, 0, 4096}},
            &order);
        NS_TEST_EXPECT_MSG_EQ(done[0], kAccess + Media(kMiB), "the large read, (8)");
        NS_TEST_EXPECT_MSG_EQ(done[1], done[0], "its disk finished at P + 4 KiB over r; (7)");
        // third: disk 0 again, one unit (1 MiB) behind its head: one rotation, (4), (5)
        NS_TEST_EXPECT_MSG_EQ(done[2], done[0] + kRotation + Media(4096), "disk 0's FIFO");
        NS_TEST_ASSERT_MSG_EQ(order.size(), 3, "three completions");
        if (order.size() != 3)
        {
            return; // without --stop-on-failure the runner goes on
        }
        for (size_t i = 0; i < order.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(order[i], i, "completion order");
        }
    }
};

/** Traces, backlog, busy time, the service time of (7). */
class TracesTestCase : public TestCase
{
  public:
    TracesTestCase()
        : TestCase("traces: RequestComplete service times, Backlog, busy time with an idle gap")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<DiskArray> array = MakeArray(Params{});
        std::vector<Time> services;
        std::vector<uint32_t> sizes;
        uint32_t maxBacklog = 0;
        array->TraceConnectWithoutContext("RequestComplete",
                                          MakeCallback(+[](std::vector<Time>* s,
                                                           std::vector<uint32_t>* n,
                                                           DiskArray::Direction,
                                                           uint32_t bytes,
                                                           Time service) {
                                              s->push_back(service);
                                              n->push_back(bytes);
                                          }).Bind(&services, &sizes));
        array->TraceConnectWithoutContext("Backlog",
                                          MakeCallback(+[](uint32_t* m, uint32_t, uint32_t v) {
                                              *m = std::max(*m, v);
                                          }).Bind(&maxBacklog));
        // two contiguous 1 MiB reads at 0, then a contiguous 1 MiB write at 1 s
        Simulator::Schedule(Seconds(0), [array]() {
            array->Read(kMiB, Callback<void>());
            array->Read(kMiB, Callback<void>());
        });
        Simulator::Schedule(Seconds(1), [array]() { array->Write(kMiB, Callback<void>()); });
        Simulator::Run();
        const Time busy = array->GetBusyTime();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(services.size(), 3, "three completions");
        if (services.size() != 3)
        {
            return; // without --stop-on-failure the runner goes on
        }
        NS_TEST_EXPECT_MSG_EQ(services[0], kAccess + Media(kMiB), "first: positioned");
        NS_TEST_EXPECT_MSG_EQ(services[1], Media(kMiB), "second: contiguous, after the first");
        NS_TEST_EXPECT_MSG_EQ(services[2], Media(kMiB), "third: contiguous after an idle gap");
        NS_TEST_EXPECT_MSG_EQ(sizes[2], kMiB, "bytes");
        NS_TEST_EXPECT_MSG_EQ(maxBacklog, 2, "backlog");
        NS_TEST_EXPECT_MSG_EQ(busy, kAccess + Media(3 * kMiB), "busy time excludes the idle gap");
        NS_TEST_EXPECT_MSG_EQ(array->GetBacklog(), 0, "empty at the end");
    }
};

/** Getters and closed forms (9) against the attributes. */
class ClosedFormTestCase : public TestCase
{
  public:
    ClosedFormTestCase()
        : TestCase("closed forms (9), R, P, S and capacity from the attributes; defaults: one "
                   "7200-rpm disk")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<DiskArray> single = CreateObject<DiskArray>();
        NS_TEST_EXPECT_MSG_EQ_TOL(single->GetRotationTime().GetSeconds(), 60.0 / 7200, 1e-9, "R");
        NS_TEST_EXPECT_MSG_EQ_TOL(single->GetAccessTime().GetSeconds(),
                                  8.5e-3 + 30.0 / 7200,
                                  1e-9,
                                  "P");
        NS_TEST_EXPECT_MSG_EQ(single->GetSequentialRate(DiskArray::READ),
                              DataRate("58MBps"),
                              "one disk: r");
        NS_TEST_EXPECT_MSG_EQ(single->GetFullStripeSize(), kUnit, "S = U");

        Ptr<DiskArray> raid5 = MakeArray({DiskArray::RAID5, 6, kUnit, 1'500'000'000, 0});
        NS_TEST_EXPECT_MSG_EQ(raid5->GetFullStripeSize(), 5 * kUnit, "S = (N - 1) U");
        NS_TEST_EXPECT_MSG_EQ(raid5->GetSequentialRate(DiskArray::READ).GetBitRate(),
                              1'500'000'000,
                              "5 r = 2 Gbps above C");
        raid5->SetAttribute("ParityRate", DataRateValue(DataRate("600Mbps")));
        NS_TEST_EXPECT_MSG_EQ(raid5->GetSequentialRate(DiskArray::WRITE).GetBitRate(),
                              600'000'000,
                              "writes: X");
        NS_TEST_EXPECT_MSG_EQ(raid5->GetSequentialRate(DiskArray::READ).GetBitRate(),
                              1'500'000'000,
                              "reads do not pass the parity engine");
        NS_TEST_EXPECT_MSG_EQ(
            MakeArray({DiskArray::RAID5, 4})->GetSequentialRate(DiskArray::READ).GetBitRate(),
            1'200'000'000,
            "RAID5, 4 disks: (N - 1) r");
        Ptr<DiskArray> raid0 = MakeArray({DiskArray::RAID0, 3, kUnit});
        raid0->SetAttribute("ParityRate", DataRateValue(DataRate("600Mbps")));
        NS_TEST_EXPECT_MSG_EQ(raid0->GetSequentialRate(DiskArray::WRITE).GetBitRate(),
                              1'200'000'000,
                              "RAID0: N r, no parity");
        // capacity: D x DiskCapacity, the parity taking a disk's worth in RAID5
        NS_TEST_EXPECT_MSG_EQ(single->GetCapacity(), 160'000'000'000ULL, "one 160 GB disk");
        raid5->SetAttribute("DiskCapacity", UintegerValue(1'000'000'000));
        NS_TEST_EXPECT_MSG_EQ(raid5->GetCapacity(), 5'000'000'000ULL, "RAID5, 6 disks: 5 of data");
        raid0->SetAttribute("DiskCapacity", UintegerValue(1'000'000'000));
        NS_TEST_EXPECT_MSG_EQ(raid0->GetCapacity(), 3'000'000'000ULL, "RAID0, 3 disks: all");
    }
};

/** CheckConfiguration and the checkers. */
class ConfigurationTestCase : public TestCase
{
  public:
    ConfigurationTestCase()
        : TestCase("configuration: RAID5 needs 3 disks, stripe sizes, rate ranges, checkers")
    {
    }

  private:
    void DoRun() override
    {
        const DataRate r("50MBps");
        const DataRate c("150MBps");
        const DataRate none(0);
        auto check = [&](DiskArray::Level l, uint32_t n, uint32_t u, DataRate x) {
            return DiskArray::CheckConfiguration(l, n, u, r, c, x);
        };
        NS_TEST_EXPECT_MSG_EQ(check(DiskArray::RAID0, 1, 65536, none), "", "one disk");
        NS_TEST_EXPECT_MSG_EQ(check(DiskArray::RAID5, 3, 4096, none), "", "3-disk RAID5");
        NS_TEST_EXPECT_MSG_EQ(check(DiskArray::RAID5, 32, 1 << 20, c), "", "32 disks, 1 MiB");
        NS_TEST_EXPECT_MSG_NE(check(DiskArray::RAID5, 2, 65536, none).find("at least 3"),
                              std::string::npos,
                              "2-disk RAID5");
        NS_TEST_EXPECT_MSG_NE(check(DiskArray::RAID0, 33, 65536, none).find("Disks"),
                              std::string::npos,
                              "33 disks");
        NS_TEST_EXPECT_MSG_NE(check(DiskArray::RAID0, 2, 3 * 4096, none).find("StripeSize"),
                              std::string::npos,
                              "not a power of two");
        NS_TEST_EXPECT_MSG_NE(check(DiskArray::RAID0, 2, 2048, none).find("StripeSize"),
                              std::string::npos,
                              "below 4 KiB");
        NS_TEST_EXPECT_MSG_NE(
            DiskArray::CheckConfiguration(DiskArray::RAID0, 2, 65536, DataRate(0), c, none)
                .find("DiskRate"),
            std::string::npos,
            "r = 0");
        NS_TEST_EXPECT_MSG_NE(check(DiskArray::RAID5, 4, 65536, DataRate(1000)).find("Parity"),
                              std::string::npos,
                              "X = 1 kb/s");
        Ptr<DiskArray> array = CreateObject<DiskArray>();
        NS_TEST_EXPECT_MSG_EQ(array->SetAttributeFailSafe("Disks", UintegerValue(33)),
                              false,
                              "checker: 33 disks");
        NS_TEST_EXPECT_MSG_EQ(array->SetAttributeFailSafe("StripeSize", UintegerValue(2 << 20)),
                              false,
                              "checker: 2 MiB");
        NS_TEST_EXPECT_MSG_EQ(array->SetAttributeFailSafe("SpindleSpeed", UintegerValue(20000)),
                              false,
                              "checker: 20000 rpm");
    }
};

class DiskArrayTestSuite : public TestSuite
{
  public:
    DiskArrayTestSuite()
        : TestSuite("hybridnet-disk-array", Type::UNIT)
    {
        const auto R0 = DiskArray::RAID0;
        const auto R5 = DiskArray::RAID5;
        const auto READ = DiskArray::READ;
        const auto WRITE = DiskArray::WRITE;
        auto add = [this](std::string name, Params p, std::vector<Request> q, Time expected) {
            AddTestCase(new TimeTestCase(name, p, std::move(q), expected), Duration::QUICK);
        };
        // (9) sequential reads: one request of 16 stripes; the busiest disk reads or passes
        // 16 units: T = P + 16 U / r, rate D r.
        add("RAID0 N=4, 16 stripes read: P + 16 U over r (rate N r)",
            {R0, 4},
            {{READ, 0, static_cast<uint32_t>(16 * 4 * kUnit)}},
            kAccess + Media(16 * kUnit));
        add("RAID5 N=4, 16 stripes read: P + 16 U over r (rate (N - 1) r)",
            {R5, 4},
            {{READ, 0, static_cast<uint32_t>(16 * 3 * kUnit)}},
            kAccess + Media(16 * kUnit));
        // The same rates from 128 KiB requests queued back to back: 96 x 128 KiB = 64
        // stripes of 192 KiB; disks 1 and 2 hold data in stripes 0 and 63 and pass their
        // parity units at r, (4): last completion P + 64 U / r.
        add("RAID5 N=4, 96 back-to-back 128 KiB reads: P + 64 U over r, parity passed at r",
            {R5, 4},
            Stream(READ, 2 * kUnit, 96),
            kAccess + Media(64 * kUnit));
        add("RAID0 N=4, 64 back-to-back 64 KiB reads: P + 16 U over r (disks in parallel)",
            {R0, 4},
            Stream(READ, kUnit, 64),
            kAccess + Media(16 * kUnit));
        // full-stripe RAID5 writes: every disk writes U per stripe
        add("RAID5 N=4, 8 full stripes written: P + 8 U over r (rate (N - 1) r)",
            {R5, 4},
            {{WRITE, 0, static_cast<uint32_t>(8 * 3 * kUnit)}},
            kAccess + Media(8 * kUnit));
        add("RAID5 N=5, 12 full-stripe writes of one stripe each: P + 12 U over r",
            {R5, 5},
            Stream(WRITE, 4 * kUnit, 12),
            kAccess + Media(12 * kUnit));
        // (3) partial stripes: read-modify-write on the data disk(s) and the parity disk
        add("RAID5 N=4, one 64 KiB unit written: P + U over r + R",
            {R5, 4},
            {{WRITE, 0, static_cast<uint32_t>(kUnit)}},
            kAccess + Media(kUnit) + kRotation);
        add("RAID5 N=4, 16 KiB inside a unit written: P + 16 KiB over r + R",
            {R5, 4},
            {{WRITE, 4096, 16384}},
            kAccess + Media(16384) + kRotation);
        add("RAID5 N=4, two units of one stripe written: P + U over r + R (parity whole unit)",
            {R5, 4},
            {{WRITE, kUnit, static_cast<uint32_t>(2 * kUnit)}},
            kAccess + Media(kUnit) + kRotation);
        add("RAID5 N=3, U = 1 MiB unit written (U over r > R): P + 2 U over r",
            {R5, 3, kMiB},
            {{WRITE, 0, static_cast<uint32_t>(kMiB)}},
            kAccess + Media(2 * kMiB));
        // a write of 1.5 stripes: stripe 0 full (U / r on every disk), then the first unit
        // of stripe 1 by read-modify-write on its data disk (2) and parity disk (1), both
        // continuing where stripe 0 left their heads: P + U / r + U / r + R.
        add("RAID5 N=3, 1.5 stripes written: P + U over r (full) + U over r + R (partial)",
            {R5, 3},
            {{WRITE, 0, static_cast<uint32_t>(3 * kUnit)}},
            kAccess + Media(2 * kUnit) + kRotation);
        add("RAID0 N=4, one 64 KiB unit written: P + U over r (no parity)",
            {R0, 4},
            {{WRITE, 0, static_cast<uint32_t>(kUnit)}},
            kAccess + Media(kUnit));
        // (4) positioning
        add("one disk, 10 contiguous 1 MiB reads: seek once, P + 10 MiB over r",
            {R0, 1},
            Stream(READ, kMiB, 10),
            kAccess + Media(10 * kMiB));
        std::vector<Request> scattered;
        for (uint64_t i = 0; i < 10; ++i)
        {
            scattered.push_back({READ, i * 100 * kMiB, static_cast<uint32_t>(kMiB)});
        }
        add("one disk, 10 reads of 1 MiB 100 MiB apart: 10 (P + 1 MiB over r)",
            {R0, 1},
            scattered,
            10 * (kAccess + Media(kMiB)));
        add("one disk, a 64 KiB write then the same 64 KiB again: one rotation between",
            {R0, 1},
            {{WRITE, 0, static_cast<uint32_t>(kUnit)}, {WRITE, 0, static_cast<uint32_t>(kUnit)}},
            kAccess + Media(2 * kUnit) + kRotation);
        add("one disk, a read 32 KiB past the last one: the head passes the gap at r",
            {R0, 1},
            {{READ, 0, static_cast<uint32_t>(kUnit)},
             {READ, kUnit + kUnit / 2, static_cast<uint32_t>(kUnit)}},
            kAccess + Media(kUnit * 5 / 2));
        // (6) ceilings
        add("RAID0 N=8 (3.2 Gbps) under C = 1 Gbps, 32 MiB read: 8 n over C",
            {R0, 8, kUnit, 1'000'000'000},
            {{READ, 0, static_cast<uint32_t>(32 * kMiB)}},
            Wire(32 * kMiB, 1'000'000'000));
        add("RAID0 N=2 (800 Mbps) under C = 1 Gbps, 32 MiB read: P + 16 MiB over r",
            {R0, 2, kUnit, 1'000'000'000},
            {{READ, 0, static_cast<uint32_t>(32 * kMiB)}},
            kAccess + Media(16 * kMiB));
        add("RAID5 N=4 full stripes (1.2 Gbps) under X = 600 Mbps: 8 n over X",
            {R5, 4, kUnit, 100'000'000'000, 600'000'000},
            {{WRITE, 0, static_cast<uint32_t>(64 * 3 * kUnit)}},
            Wire(64 * 3 * kUnit, 600'000'000));
        add("RAID5 N=4 reads ignore X = 600 Mbps: P + 64 U over r",
            {R5, 4, kUnit, 100'000'000'000, 600'000'000},
            {{READ, 0, static_cast<uint32_t>(64 * 3 * kUnit)}},
            kAccess + Media(64 * kUnit));
        AddTestCase(new FifoTestCase, Duration::QUICK);
        AddTestCase(new TracesTestCase, Duration::QUICK);
        AddTestCase(new ClosedFormTestCase, Duration::QUICK);
        AddTestCase(new ConfigurationTestCase, Duration::QUICK);
    }
};

DiskArrayTestSuite g_diskArrayTestSuite;

} // namespace
