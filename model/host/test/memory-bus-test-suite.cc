/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * MemoryBus: its rate (1), the sharing of (3)-(4) and busy time; HostCpu's copies (5) and
 * HostBus's DMA (8) on a host that has one.
 */
#include "hybridnet/host-bus.h"
#include "hybridnet/host-cpu.h"
#include "hybridnet/memory-bus.h"

#include "ns3/core-module.h"
#include "ns3/data-rate.h"
#include "ns3/node.h"
#include "ns3/test.h"

#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** @return a memory bus W bits wide at T MT/s */
Ptr<MemoryBus>
MakeMemoryBus(uint32_t width, uint32_t megaTransfers)
{
    return CreateObjectWithAttributes<MemoryBus>("Width",
                                                 UintegerValue(width),
                                                 "TransferRate",
                                                 UintegerValue(megaTransfers));
}

/** @return a 1 GHz CPU copying at M = 4 Gb/s, aggregated to @p node */
Ptr<HostCpu>
MakeCpu(Ptr<Node> node)
{
    Ptr<HostCpu> cpu = CreateObjectWithAttributes<HostCpu>("Frequency",
                                                           UintegerValue(1'000'000'000),
                                                           "MemoryCopyRate",
                                                           DataRateValue(DataRate("4Gbps")));
    node->AggregateObject(cpu);
    return cpu;
}

/** Equation (1): R = W T, and d = 8 n / R. */
class RateTestCase : public TestCase
{
  public:
    RateTestCase(uint32_t width, uint32_t megaTransfers, uint64_t bitRate, Time perKilobyte)
        : TestCase(std::to_string(width) + " bit x " + std::to_string(megaTransfers) +
                   " MT per s = " + std::to_string(bitRate) + " bps"),
          m_width(width),
          m_megaTransfers(megaTransfers),
          m_bitRate(bitRate),
          m_perKilobyte(perKilobyte)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<MemoryBus> bus = MakeMemoryBus(m_width, m_megaTransfers);
        NS_TEST_EXPECT_MSG_EQ(bus->GetRate().GetBitRate(), m_bitRate, "R = W T");
        NS_TEST_EXPECT_MSG_EQ(bus->GetTransferTime(1000), m_perKilobyte, "d = 8 n / R");
    }

    uint32_t m_width;
    uint32_t m_megaTransfers;
    uint64_t m_bitRate;
    Time m_perKilobyte;
};

/**
 * (3)-(4): a transfer as long as the backlog ends after both (1 + 1 us); one requested after
 * the bus has gone idle runs alone; busy time counts only what has been carried by now.
 */
class ReservationTestCase : public TestCase
{
  public:
    ReservationTestCase()
        : TestCase("3200 B twice at 0 end at 1 and 2 us, 3200 B at 5 us ends at 6 us")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<MemoryBus> bus = MakeMemoryBus(64, 400); // 25.6 Gb/s: 3200 B = 1 us
        std::vector<Time> ends;
        std::vector<Time> busy;
        Simulator::Schedule(Seconds(0), [&]() {
            ends.push_back(bus->Carry(3200));
            ends.push_back(bus->Carry(3200));
            busy.push_back(bus->GetBusyTime());
        });
        Simulator::Schedule(NanoSeconds(1500), [&]() { busy.push_back(bus->GetBusyTime()); });
        Simulator::Schedule(MicroSeconds(5), [&]() { ends.push_back(bus->Carry(3200)); });
        Simulator::Schedule(MicroSeconds(8), [&]() { busy.push_back(bus->GetBusyTime()); });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(ends.size(), 3, "three reservations");
        NS_TEST_EXPECT_MSG_EQ(ends[0], MicroSeconds(1), "first starts at once");
        NS_TEST_EXPECT_MSG_EQ(ends[1], MicroSeconds(2), "second waits for the first");
        NS_TEST_EXPECT_MSG_EQ(ends[2], MicroSeconds(6), "the idle bus takes the third at once");
        NS_TEST_EXPECT_MSG_EQ(busy[0], Seconds(0), "nothing carried at time 0");
        NS_TEST_EXPECT_MSG_EQ(busy[1], NanoSeconds(1500), "carrying since 0");
        NS_TEST_EXPECT_MSG_EQ(busy[2], MicroSeconds(3), "three transfers of 1 us");
        NS_TEST_EXPECT_MSG_EQ(bus->GetCarriedBytes(), 9600, "bytes of every reservation");
        Simulator::Destroy();
    }
};

/**
 * HostCpu (5): a copy of m bytes ends no sooner than its 2 m bytes have crossed the memory
 * bus. 1 GHz CPU, M = 4 Gb/s, a job of 1000 cycles copying 16000 B: (1) gives 1 + 32 = 33 us;
 * a 25.6 Gb/s bus carries 32000 B in 10 us (< 32, no change); a 3.2 Gb/s bus (8 bit x 400
 * MT/s) in 80 us, so the job takes 1 + 80 = 81 us.
 */
class CopyTestCase : public TestCase
{
  public:
    CopyTestCase(uint32_t width, Time expected)
        : TestCase("copy of 16000 B at M = 4 Gbps on a " + std::to_string(width) +
                   "-bit 400 MT per s memory bus takes " +
                   std::to_string(expected.GetMicroSeconds()) + " us"),
          m_width(width),
          m_expected(expected)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Node> node = CreateObject<Node>();
        Ptr<HostCpu> cpu = MakeCpu(node);
        node->AggregateObject(MakeMemoryBus(m_width, 400));
        Time done;
        Simulator::Schedule(Seconds(1), [&]() {
            cpu->Execute(HostCpu::KERNEL, 1000, 16000, Callback<void>([&]() {
                             done = Simulator::Now();
                         }));
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(done - Seconds(1), m_expected, "(5)");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetBusyTime(), m_expected, "the CPU is busy the whole time");
        Simulator::Destroy();
    }

    uint32_t m_width;
    Time m_expected;
};

/**
 * HostBus (8): a DMA cannot outrun memory, and shares it with a copy that started first.
 * PCI-X 64 bit 133 MHz, a 4096 B write: C = 512 + 16 = 528 clocks = 3.970 us (HostBus (1)).
 * Memory bus 8 bit x 400 MT/s = 3.2 Gb/s: 4096 B take 10.24 us, so the DMA takes 10.24 us;
 * if a CPU copy of 1600 B (3200 B on the bus, 8 us) starts first, MemoryBus (3) gives
 * 10.24 + min(10.24, 8) = 18.24 us; a 1024 B DMA (2.56 us on memory, 144 clocks = 1.083 us
 * on PCI-X) behind the same copy 2.56 + 2.56 = 5.12 us.
 */
class DmaTestCase : public TestCase
{
  public:
    DmaTestCase(uint32_t bytes, bool copyFirst, Time expected)
        : TestCase(std::to_string(bytes) + " B DMA on a 3.2 Gbps memory bus" +
                   (copyFirst ? " behind a 1600 B copy" : "") + " ends at " +
                   std::to_string(expected.GetNanoSeconds()) + " ns"),
          m_bytes(bytes),
          m_copyFirst(copyFirst),
          m_expected(expected)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Node> node = CreateObject<Node>();
        Ptr<HostBus> bus = CreateObjectWithAttributes<HostBus>("Kind",
                                                               StringValue("PciX"),
                                                               "Width",
                                                               UintegerValue(64),
                                                               "Clock",
                                                               UintegerValue(133));
        Ptr<HostCpu> cpu = CreateObjectWithAttributes<HostCpu>("MemoryCopyRate",
                                                               DataRateValue(DataRate("10Gbps")));
        node->AggregateObject(bus);
        node->AggregateObject(cpu);
        node->AggregateObject(MakeMemoryBus(8, 400));
        Time done;
        if (m_copyFirst)
        {
            cpu->Execute(HostCpu::KERNEL, 0, 1600, Callback<void>());
        }
        bus->Transfer(HostBus::TO_MEMORY, m_bytes, Callback<void>([&]() {
                          done = Simulator::Now();
                      }));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(done, m_expected, "(8)");
        NS_TEST_EXPECT_MSG_EQ(bus->GetBusyTime(),
                              m_expected,
                              "the I/O bus is held while memory works");
        Simulator::Destroy();
    }

    uint32_t m_bytes;
    bool m_copyFirst;
    Time m_expected;
};

/**
 * (3): a short transfer shares the bus with a long backlog instead of waiting for all of it.
 * 25.6 Gb/s; 25600 B (8 us) at 0, then 3200 B (1 us) at 1 us: B = 7 us, so it ends at
 * 1 + 1 + 1 = 3 us (first come, first served would give 9 us); the bus is busy until 9 us.
 */
class SharingTestCase : public TestCase
{
  public:
    SharingTestCase()
        : TestCase(
              "1 us transfer at 1 us behind a 7 us backlog ends at 3 us, the bus works until 9 us")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<MemoryBus> bus = MakeMemoryBus(64, 400);
        Time end;
        bus->Carry(25600);
        Simulator::Schedule(MicroSeconds(1), [&]() { end = bus->Carry(3200); });
        Time busy;
        Simulator::Schedule(MicroSeconds(20), [&]() { busy = bus->GetBusyTime(); });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(end, MicroSeconds(3), "e = a + d + min(d, B)");
        NS_TEST_EXPECT_MSG_EQ(busy, MicroSeconds(9), "the work of both, F = 9 us");
        Simulator::Destroy();
    }
};

/** A host without a MemoryBus keeps (1) and HostBus (1): the copy above takes 33 us. */
class NoMemoryBusTestCase : public TestCase
{
  public:
    NoMemoryBusTestCase()
        : TestCase("without a MemoryBus a 16000 B copy at 4 Gbps takes 1 + 32 us")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Node> node = CreateObject<Node>();
        Ptr<HostCpu> cpu = MakeCpu(node);
        Time done;
        cpu->Execute(HostCpu::KERNEL, 1000, 16000, Callback<void>([&]() {
                         done = Simulator::Now();
                     }));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(done, MicroSeconds(33), "(1)");
        Simulator::Destroy();
    }
};

class MemoryBusTestSuite : public TestSuite
{
  public:
    MemoryBusTestSuite()
        : TestSuite("hybridnet-memory-bus", Type::UNIT)
    {
        AddTestCase(new RateTestCase(64, 400, 25'600'000'000, NanoSeconds(313)));
        AddTestCase(new RateTestCase(64, 533, 34'112'000'000, NanoSeconds(235)));
        AddTestCase(new RateTestCase(128, 400, 51'200'000'000, NanoSeconds(157)));
        AddTestCase(new ReservationTestCase);
        AddTestCase(new SharingTestCase);
        AddTestCase(new CopyTestCase(64, MicroSeconds(33)));
        AddTestCase(new CopyTestCase(8, MicroSeconds(81)));
        AddTestCase(new DmaTestCase(4096, false, NanoSeconds(10240)));
        AddTestCase(new DmaTestCase(4096, true, NanoSeconds(18240)));
        AddTestCase(new DmaTestCase(1024, true, NanoSeconds(5120)));
        AddTestCase(new NoMemoryBusTestCase);
    }
};

MemoryBusTestSuite g_memoryBusTestSuite;

} // namespace
