/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * HostBus: transfer times of equations (1)-(5), peak rate and efficiency, the calibration
 * (7) and the PCI-X check, FIFO service (6) on a shared and a split bus, the read latency
 * (6a), busy time, traces,
 * the configuration validator and the attribute checkers.
 */
#include "hybridnet/host-bus.h"

#include "ns3/core-module.h"
#include "ns3/data-rate.h"
#include "ns3/test.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** Attribute settings of one bus, applied in order. */
using Settings = std::vector<std::pair<std::string, Ptr<AttributeValue>>>;

Ptr<AttributeValue>
U(uint64_t v)
{
    return Create<UintegerValue>(v);
}

Ptr<HostBus>
MakeBus(const Settings& settings)
{
    Ptr<HostBus> bus = CreateObject<HostBus>();
    for (const auto& [name, value] : settings)
    {
        bus->SetAttribute(name, *value);
    }
    return bus;
}

uint64_t
CeilDiv(uint64_t a, uint64_t b)
{
    return (a + b - 1) / b;
}

/**
 * Equation (1) in its closed form (every burst limit is a multiple of w):
 * C(n) = ceil(n / w) + ceil(n / B) O_K.
 */
uint64_t
ParallelClocks(uint64_t bytes, uint64_t widthBits, uint64_t burst, uint64_t overheadClocks)
{
    return CeilDiv(bytes, widthBits / 8) + CeilDiv(bytes, burst) * overheadClocks;
}

/** Equation (5): TLPs of a write, ceil(n / MPS). */
uint64_t
WriteTlps(uint64_t bytes, uint64_t mps)
{
    return CeilDiv(bytes, mps);
}

/** Equation (5): Completions of a read in requests of MRRS: full requests, then the rest. */
uint64_t
ReadTlps(uint64_t bytes, uint64_t mps, uint64_t mrrs)
{
    const uint64_t requests = CeilDiv(bytes, mrrs);
    const uint64_t last = bytes - (requests - 1) * mrrs;
    return (requests - 1) * CeilDiv(mrrs, mps) + CeilDiv(last, mps);
}

/** x / y seconds rounded up to the time step. */
Time
CeilTime(unsigned __int128 x, unsigned __int128 y)
{
    const auto steps = static_cast<unsigned __int128>(Seconds(1).GetTimeStep());
    return TimeStep(static_cast<uint64_t>((x * steps + y - 1) / y));
}

/** Equation (1): C clocks at f MHz. */
Time
ClocksToTime(uint64_t clocks, uint64_t clockMhz)
{
    return CeilTime(clocks, static_cast<unsigned __int128>(clockMhz) * 1'000'000);
}

/** Equation (5): 8 (n + H c) bits at L x 2 g Gb/s. */
Time
PcieTime(uint64_t bytes, uint64_t tlps, uint64_t overhead, uint64_t lanes, uint64_t generation)
{
    return CeilTime(8 * (bytes + overhead * tlps),
                    static_cast<unsigned __int128>(lanes) * generation * 2'000'000'000);
}

std::string
DirectionName(HostBus::Direction direction)
{
    return direction == HostBus::TO_MEMORY ? "to memory" : "from memory";
}

/** T(n) of equations (1)-(5) and E(n) of (4), (5) for one configuration and transfer. */
class TransferTimeTestCase : public TestCase
{
  public:
    TransferTimeTestCase(std::string config,
                         Settings settings,
                         HostBus::Direction direction,
                         uint32_t bytes,
                         Time expected,
                         double efficiency)
        : TestCase(config + ", " + std::to_string(bytes) + " B " + DirectionName(direction) + ": " +
                   std::to_string(expected.GetNanoSeconds()) + " ns"),
          m_settings(std::move(settings)),
          m_direction(direction),
          m_bytes(bytes),
          m_expected(expected),
          m_efficiency(efficiency)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostBus> bus = MakeBus(m_settings);
        NS_TEST_ASSERT_MSG_EQ(bus->GetTransferTime(m_direction, m_bytes), m_expected, "T(n)");
        NS_TEST_EXPECT_MSG_EQ_TOL(bus->GetEfficiency(m_direction, m_bytes),
                                  m_efficiency,
                                  1e-12,
                                  "E(n), exact");
        if (m_bytes > 0)
        {
            // E(n) = 8 n / (T(n) R), up to the rounding of T(n) to the time step.
            const double fromTime =
                8.0 * m_bytes / (m_expected.GetSeconds() * bus->GetPeakRate().GetBitRate());
            NS_TEST_EXPECT_MSG_EQ_TOL(bus->GetEfficiency(m_direction, m_bytes),
                                      fromTime,
                                      fromTime * TimeStep(1).GetSeconds() / m_expected.GetSeconds(),
                                      "E(n) = 8 n / (T R)");
        }
    }

    Settings m_settings;
    HostBus::Direction m_direction;
    uint32_t m_bytes;
    Time m_expected;
    double m_efficiency;
};

/** R of equations (4) and (5). */
class PeakRateTestCase : public TestCase
{
  public:
    PeakRateTestCase(std::string config, Settings settings, uint64_t expectedBps)
        : TestCase("peak rate of " + config + ": " + std::to_string(expectedBps / 1'000'000) +
                   " Mbps"),
          m_settings(std::move(settings)),
          m_expected(expectedBps)
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(MakeBus(m_settings)->GetPeakRate().GetBitRate(), m_expected, "R");
    }

    Settings m_settings;
    uint64_t m_expected;
};

/**
 * Calibration (7) with the default attributes: 32-bit 33 MHz PCI carries 1500 B frames at
 * about 850 of 1056 Mb/s. 1 % tolerance: one clock more or less of BurstOverhead moves the
 * rate by 1.1 to 1.5 % and fails.
 */
class CalibrationTestCase : public TestCase
{
  public:
    CalibrationTestCase()
        : TestCase("calibration: default bus is PCI 32-bit 33 MHz, 1500 B at 850 of 1056 Mbps")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostBus> bus = CreateObject<HostBus>();
        NS_TEST_ASSERT_MSG_EQ(bus->GetKind(), HostBus::PCI, "default kind");
        NS_TEST_EXPECT_MSG_EQ(bus->GetPeakRate(), DataRate("1056Mbps"), "theory");
        for (auto direction : {HostBus::TO_MEMORY, HostBus::FROM_MEMORY})
        {
            const double rate = 8.0 * 1500 / bus->GetTransferTime(direction, 1500).GetSeconds();
            NS_TEST_EXPECT_MSG_EQ_TOL(rate, 850e6, 8.5e6, "practice, " << DirectionName(direction));
            NS_TEST_EXPECT_MSG_EQ_TOL(bus->GetEfficiency(direction, 1500) * 1056e6,
                                      850e6,
                                      8.5e6,
                                      "efficiency x theory");
        }
    }
};

/**
 * The PCI-X check of the class comment: a 16080 B frame read at Mmrbc 512 on 64-bit 133 MHz
 * PCI-X. The expected rate is the model's own, from (1)-(3) with the calibrated O = 15: 32
 * bursts, 2010 data clocks, 32 x (15 + 1) overhead clocks; the study expected 7 Gbps from
 * PCI-X timing (a check, not tuned to).
 */
class PciXCheckTestCase : public TestCase
{
  public:
    PciXCheckTestCase()
        : TestCase("PCI-X 64-bit 133 MHz mmrbc 512, 16080 B read: model rate vs 7 Gbps check")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostBus> bus = MakeBus({{"Kind", Create<EnumValue<HostBus::Kind>>(HostBus::PCI_X)},
                                    {"Width", U(64)},
                                    {"Clock", U(133)},
                                    {"Mmrbc", U(512)}});
        const uint64_t clocks = 16080 / 8 + 32 * (15 + 1);
        const double expected = 16080.0 * 8 * 133e6 / clocks; // 6.784 Gb/s
        const double rate =
            8.0 * 16080 / bus->GetTransferTime(HostBus::FROM_MEMORY, 16080).GetSeconds();
        NS_TEST_EXPECT_MSG_EQ_TOL(rate,
                                  expected,
                                  expected * 1e-4,
                                  "model rate " << rate / 1e9 << " Gbps vs 7 Gbps expected by "
                                                << "the study (ratio " << rate / 7e9 << ")");
    }
};

/** E(n) of (4), (5) rises with the burst limit: Mmrbc, PciBurstSize, MaxPayloadSize. */
class EfficiencyRisesTestCase : public TestCase
{
  public:
    EfficiencyRisesTestCase()
        : TestCase("efficiency rises with mmrbc, PCI burst size and PCIe max payload size")
    {
    }

  private:
    void DoRun() override
    {
        const auto pciX = Create<EnumValue<HostBus::Kind>>(HostBus::PCI_X);
        double last = 0;
        for (uint64_t mmrbc : {512, 1024, 2048, 4096})
        {
            Ptr<HostBus> bus =
                MakeBus({{"Kind", pciX}, {"Width", U(64)}, {"Clock", U(133)}, {"Mmrbc", U(mmrbc)}});
            const double e = bus->GetEfficiency(HostBus::FROM_MEMORY, 16080);
            NS_TEST_EXPECT_MSG_GT(e, last, "PCI-X read, mmrbc " << mmrbc);
            // Writes are not limited by mmrbc: always 4096 B bursts.
            NS_TEST_EXPECT_MSG_EQ_TOL(bus->GetEfficiency(HostBus::TO_MEMORY, 16080),
                                      16080.0 / (8 * (2010 + 4 * 16)),
                                      1e-12,
                                      "PCI-X write, mmrbc " << mmrbc);
            last = e;
        }
        last = 0;
        for (uint64_t burst : {16, 32, 64, 128, 256, 512, 1024})
        {
            const double e =
                MakeBus({{"PciBurstSize", U(burst)}})->GetEfficiency(HostBus::TO_MEMORY, 1500);
            NS_TEST_EXPECT_MSG_GT(e, last, "PCI burst " << burst);
            last = e;
        }
        last = 0;
        const auto pcie = Create<EnumValue<HostBus::Kind>>(HostBus::PCI_EXPRESS);
        for (uint64_t mps : {128, 256, 512})
        {
            const double e = MakeBus({{"Kind", pcie}, {"MaxPayloadSize", U(mps)}})
                                 ->GetEfficiency(HostBus::TO_MEMORY, 1500);
            NS_TEST_EXPECT_MSG_GT(e, last, "PCIe MPS " << mps);
            last = e;
        }
    }
};

/**
 * (6): a transfer to memory and one from memory queued at t = 0. On a shared bus (PCI,
 * PCI-X) the second waits for the first; on PCI Express they overlap, and only a second
 * transfer in the same direction waits.
 */
class FifoTestCase : public TestCase
{
  public:
    FifoTestCase(std::string config, Settings settings, bool shared)
        : TestCase(std::string("FIFO on ") + config +
                   (shared ? ": one shared queue" : ": one queue per direction")),
          m_settings(std::move(settings)),
          m_shared(shared)
    {
    }

  private:
    void Done(std::string name)
    {
        m_done.emplace_back(name, Simulator::Now());
    }

    void DoRun() override
    {
        Ptr<HostBus> bus = MakeBus(m_settings);
        NS_TEST_ASSERT_MSG_EQ(bus->IsShared(), m_shared, "kind");
        const Time rx = bus->GetTransferTime(HostBus::TO_MEMORY, 1500);
        const Time tx = bus->GetTransferTime(HostBus::FROM_MEMORY, 9000);
        const Time rx2 = bus->GetTransferTime(HostBus::TO_MEMORY, 16);
        auto done = [this](std::string name) {
            return MakeCallback(&FifoTestCase::Done, this).Bind(name);
        };
        bus->Transfer(HostBus::TO_MEMORY, 1500, done("rx"));
        bus->Transfer(HostBus::FROM_MEMORY, 9000, done("tx"));
        bus->Transfer(HostBus::TO_MEMORY, 16, done("rx2"));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(m_done.size(), 3u, "three transfers");
        if (m_shared)
        {
            NS_TEST_EXPECT_MSG_EQ(m_done[0].first, "rx", "first come");
            NS_TEST_EXPECT_MSG_EQ(m_done[0].second, rx, "served alone");
            NS_TEST_EXPECT_MSG_EQ(m_done[1].first, "tx", "then the opposite direction");
            NS_TEST_EXPECT_MSG_EQ(m_done[1].second, rx + tx, "waited for rx");
            NS_TEST_EXPECT_MSG_EQ(m_done[2].first, "rx2", "then the third");
            NS_TEST_EXPECT_MSG_EQ(m_done[2].second, rx + tx + rx2, "waited for both");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(m_done[0].first, "rx", "to-memory link");
            NS_TEST_EXPECT_MSG_EQ(m_done[0].second, rx, "served alone");
            NS_TEST_EXPECT_MSG_EQ(m_done[1].first, "rx2", "same link, after rx");
            NS_TEST_EXPECT_MSG_EQ(m_done[1].second, rx + rx2, "waited for rx only");
            NS_TEST_EXPECT_MSG_EQ(m_done[2].first, "tx", "from-memory link");
            NS_TEST_EXPECT_MSG_EQ(m_done[2].second, tx, "overlapped, did not wait");
        }
        Simulator::Destroy();
    }

    Settings m_settings;
    bool m_shared;
    std::vector<std::pair<std::string, Time>> m_done;
};

/**
 * (6a) on a shared PCI bus with a read latency D_r = 1 us: a 1500 B read and a 16 B write
 * requested at t = 0 - the write takes the free bus at once (T_w = 0.58 us < D_r), the read
 * joins the FIFO at D_r and ends at D_r + T_r; then ten 1500 B reads requested together end
 * at D_r + k T_r, k = 1..10: the latency is paid once, the bus stays saturated.
 */
class ReadLatencyTestCase : public TestCase
{
  public:
    ReadLatencyTestCase()
        : TestCase("read latency (6a): the bus serves others meanwhile, back-to-back reads "
                   "pay it once")
    {
    }

  private:
    void Done(std::string name)
    {
        m_done.emplace_back(name, Simulator::Now());
    }

    void DoRun() override
    {
        const Time latency = MicroSeconds(1);
        Ptr<HostBus> bus = MakeBus({{"ReadLatency", Create<TimeValue>(latency)}});
        const Time read = bus->GetTransferTime(HostBus::FROM_MEMORY, 1500);
        const Time write = bus->GetTransferTime(HostBus::TO_MEMORY, 16);
        NS_TEST_ASSERT_MSG_LT(write, latency, "the write must fit in the read's latency");
        auto done = [this](std::string name) {
            return MakeCallback(&ReadLatencyTestCase::Done, this).Bind(name);
        };
        bus->Transfer(HostBus::FROM_MEMORY, 1500, done("read"));
        bus->Transfer(HostBus::TO_MEMORY, 16, done("write"));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(m_done.size(), 2u, "two transfers");
        NS_TEST_EXPECT_MSG_EQ(m_done[0].first, "write", "the write overtakes the waiting read");
        NS_TEST_EXPECT_MSG_EQ(m_done[0].second, write, "the bus was free for it");
        NS_TEST_EXPECT_MSG_EQ(m_done[1].first, "read", "then the read");
        NS_TEST_EXPECT_MSG_EQ(m_done[1].second, latency + read, "D_r + T_r");

        m_done.clear();
        const Time start = Simulator::Now();
        for (int k = 0; k < 10; ++k)
        {
            bus->Transfer(HostBus::FROM_MEMORY, 1500, done("burst"));
        }
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(m_done.size(), 10u, "ten reads");
        for (int k = 0; k < 10; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(m_done[k].second - start, latency + (k + 1) * read, "read " << k);
        }
        NS_TEST_EXPECT_MSG_EQ(bus->GetBusyTime(), read * 11 + write, "latency is not bus time");
        Simulator::Destroy();
    }

    std::vector<std::pair<std::string, Time>> m_done;
};

/** Busy time per direction and in total, the Backlog and TransferComplete traces. */
class BusyTimeTestCase : public TestCase
{
  public:
    BusyTimeTestCase(std::string config, Settings settings)
        : TestCase("busy time and traces on " + config),
          m_settings(std::move(settings))
    {
    }

  private:
    void Backlog(uint32_t, uint32_t newValue)
    {
        m_maxBacklog = std::max(m_maxBacklog, newValue);
        m_lastBacklog = newValue;
    }

    void Complete(HostBus::Direction direction, uint32_t bytes, Time service)
    {
        m_traced[direction] += service;
        m_tracedBytes[direction] += bytes;
        ++m_completions;
    }

    void DoRun() override
    {
        Ptr<HostBus> bus = MakeBus(m_settings);
        bus->TraceConnectWithoutContext("Backlog", MakeCallback(&BusyTimeTestCase::Backlog, this));
        bus->TraceConnectWithoutContext("TransferComplete",
                                        MakeCallback(&BusyTimeTestCase::Complete, this));
        const Time rx = bus->GetTransferTime(HostBus::TO_MEMORY, 1500);
        const Time fetch = bus->GetTransferTime(HostBus::FROM_MEMORY, 16);
        const Time tx = bus->GetTransferTime(HostBus::FROM_MEMORY, 1500);
        bus->Transfer(HostBus::TO_MEMORY, 1500, Callback<void>());
        bus->Transfer(HostBus::FROM_MEMORY, 16, Callback<void>());
        bus->Transfer(HostBus::FROM_MEMORY, 1500, Callback<void>());
        NS_TEST_EXPECT_MSG_EQ(bus->GetBacklog(), 3u, "all queued or in service");
        NS_TEST_EXPECT_MSG_EQ(bus->GetBusyTime(), Time(0), "only completed transfers count");
        Simulator::Run();
        const Time end = Simulator::Now();
        NS_TEST_EXPECT_MSG_EQ(bus->GetBusyTime(HostBus::TO_MEMORY), rx, "to memory");
        NS_TEST_EXPECT_MSG_EQ(bus->GetBusyTime(HostBus::FROM_MEMORY), fetch + tx, "from memory");
        NS_TEST_EXPECT_MSG_EQ(bus->GetBusyTime(), rx + fetch + tx, "both directions");
        if (bus->IsShared())
        {
            NS_TEST_EXPECT_MSG_EQ(end, bus->GetBusyTime(), "work-conserving: busy = elapsed");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(end, std::max(rx, fetch + tx), "the longer link ends last");
            NS_TEST_EXPECT_MSG_GT(bus->GetBusyTime(), end, "two links: busy > elapsed");
        }
        NS_TEST_EXPECT_MSG_EQ(m_maxBacklog, 3u, "backlog peak");
        NS_TEST_EXPECT_MSG_EQ(m_lastBacklog, 0u, "backlog drained");
        NS_TEST_EXPECT_MSG_EQ(bus->GetBacklog(), 0u, "backlog getter");
        NS_TEST_EXPECT_MSG_EQ(m_completions, 3u, "one TransferComplete each");
        NS_TEST_EXPECT_MSG_EQ(m_traced[HostBus::TO_MEMORY], rx, "traced service, to memory");
        NS_TEST_EXPECT_MSG_EQ(m_traced[HostBus::FROM_MEMORY], fetch + tx, "traced service, from");
        NS_TEST_EXPECT_MSG_EQ(m_tracedBytes[HostBus::TO_MEMORY], 1500u, "traced bytes, to");
        NS_TEST_EXPECT_MSG_EQ(m_tracedBytes[HostBus::FROM_MEMORY], 1516u, "traced bytes, from");
        Simulator::Destroy();
    }

    Settings m_settings;
    uint32_t m_maxBacklog{0};
    uint32_t m_lastBacklog{0};
    uint32_t m_completions{0};
    Time m_traced[2];
    uint32_t m_tracedBytes[2]{0, 0};
};

/** CheckConfiguration(): "" for existing combinations, else a message naming the parameter. */
class ValidatorTestCase : public TestCase
{
  public:
    ValidatorTestCase(std::string description,
                      HostBus::Kind kind,
                      uint32_t width,
                      uint32_t clockMhz,
                      uint32_t lanes,
                      uint32_t mmrbc,
                      std::string parameter)
        : TestCase("validator " + description),
          m_kind(kind),
          m_width(width),
          m_clockMhz(clockMhz),
          m_lanes(lanes),
          m_mmrbc(mmrbc),
          m_parameter(std::move(parameter))
    {
    }

  private:
    void DoRun() override
    {
        const std::string message =
            HostBus::CheckConfiguration(m_kind, m_width, m_clockMhz, m_lanes, m_mmrbc);
        if (m_parameter.empty())
        {
            NS_TEST_EXPECT_MSG_EQ(message, "", "accepted");
            return;
        }
        NS_TEST_EXPECT_MSG_NE(message, "", "rejected");
        NS_TEST_EXPECT_MSG_NE(message.find(m_parameter + " "),
                              std::string::npos,
                              "names " << m_parameter << ": " << message);
        NS_TEST_EXPECT_MSG_EQ(message.find('\n'), std::string::npos, "one line");
        NS_TEST_EXPECT_MSG_NE(message.find("accept"), std::string::npos, "lists accepted values");
    }

    HostBus::Kind m_kind;
    uint32_t m_width;
    uint32_t m_clockMhz;
    uint32_t m_lanes;
    uint32_t m_mmrbc;
    std::string m_parameter; //!< expected in the message; "" = valid
};

/** Attribute checkers refuse values that are invalid by themselves and keep the old value. */
class CheckerTestCase : public TestCase
{
  public:
    CheckerTestCase()
        : TestCase("attribute checkers refuse invalid values, accept valid ones")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostBus> bus = CreateObject<HostBus>();
        const std::vector<std::pair<std::string, uint64_t>> invalid{
            {"Width", 16},
            {"Width", 48},
            {"Width", 128},
            {"Clock", 50},
            {"Clock", 0},
            {"Lanes", 3},
            {"Lanes", 32},
            {"Mmrbc", 768},
            {"Mmrbc", 256},
            {"PciBurstSize", 100},
            {"PciBurstSize", 8192},
            {"BurstOverhead", 65},
            {"Generation", 3},
            {"Generation", 0},
            {"MaxPayloadSize", 64},
            {"MaxPayloadSize", 384},
            {"MaxReadRequestSize", 8192},
            {"TlpOverhead", 19},
            {"TlpOverhead", 29},
        };
        for (const auto& [name, value] : invalid)
        {
            UintegerValue before;
            bus->GetAttribute(name, before);
            NS_TEST_EXPECT_MSG_EQ(bus->SetAttributeFailSafe(name, UintegerValue(value)),
                                  false,
                                  name << " = " << value << " refused");
            UintegerValue after;
            bus->GetAttribute(name, after);
            NS_TEST_EXPECT_MSG_EQ(after.Get(), before.Get(), name << " unchanged");
        }
        const std::vector<std::pair<std::string, uint64_t>> valid{{"Width", 64},
                                                                  {"Clock", 133},
                                                                  {"Lanes", 16},
                                                                  {"Mmrbc", 4096},
                                                                  {"PciBurstSize", 16},
                                                                  {"BurstOverhead", 0},
                                                                  {"Generation", 2},
                                                                  {"MaxPayloadSize", 4096},
                                                                  {"MaxReadRequestSize", 128},
                                                                  {"TlpOverhead", 28}};
        for (const auto& [name, value] : valid)
        {
            NS_TEST_EXPECT_MSG_EQ(bus->SetAttributeFailSafe(name, UintegerValue(value)),
                                  true,
                                  name << " = " << value << " accepted");
        }
        NS_TEST_EXPECT_MSG_EQ(
            bus->SetAttributeFailSafe("Kind",
                                      EnumValue<HostBus::Kind>(static_cast<HostBus::Kind>(7))),
            false,
            "no such kind");
        NS_TEST_EXPECT_MSG_EQ(bus->SetAttributeFailSafe("Kind", StringValue("PciX")), true, "PciX");
        NS_TEST_EXPECT_MSG_EQ(bus->GetKind(), HostBus::PCI_X, "kind set");
    }
};

class HostBusTestSuite : public TestSuite
{
  public:
    HostBusTestSuite()
        : TestSuite("hybridnet-host-bus", Type::UNIT)
    {
        using D = HostBus::Direction;
        const D to = HostBus::TO_MEMORY;
        const D from = HostBus::FROM_MEMORY;
        const auto pciX = Create<EnumValue<HostBus::Kind>>(HostBus::PCI_X);
        const auto pcie = Create<EnumValue<HostBus::Kind>>(HostBus::PCI_EXPRESS);
        // Calibrated O of equation (7); PCI-X adds the attribute phase, (3).
        const uint64_t o = 15;
        const uint64_t ox = o + 1;

        // Conventional PCI, (1) and (2): B = PciBurstSize in both directions.
        auto pci = [&](std::string config,
                       Settings s,
                       D d,
                       uint32_t n,
                       uint64_t w,
                       uint64_t f,
                       uint64_t b) {
            const uint64_t c = ParallelClocks(n, w, b, o);
            AddTestCase(new TransferTimeTestCase(config,
                                                 s,
                                                 d,
                                                 n,
                                                 ClocksToTime(c, f),
                                                 n == 0 ? 0.0 : double(n) / (w / 8 * c)),
                        Duration::QUICK);
        };
        // Defaults: 32 bit, 33 MHz, 256 B bursts. 1500 B: 375 + 6 x 15 = 465 clocks.
        pci("PCI 32-bit 33 MHz", {}, to, 1500, 32, 33, 256);
        pci("PCI 32-bit 33 MHz", {}, from, 1500, 32, 33, 256);
        pci("PCI 32-bit 33 MHz", {}, to, 16, 32, 33, 256);  // descriptor: 4 + 15
        pci("PCI 32-bit 33 MHz", {}, to, 257, 32, 33, 256); // 2 bursts, 65 data clocks
        pci("PCI 32-bit 33 MHz", {}, to, 0, 32, 33, 256);   // nothing
        pci("PCI 32-bit 33 MHz, 64 B bursts", {{"PciBurstSize", U(64)}}, to, 1500, 32, 33, 64);
        pci("PCI 32-bit 33 MHz, 1024 B bursts",
            {{"PciBurstSize", U(1024)}},
            from,
            1500,
            32,
            33,
            1024);
        pci("PCI 64-bit 66 MHz", {{"Width", U(64)}, {"Clock", U(66)}}, to, 1500, 64, 66, 256);
        pci("PCI 64-bit 66 MHz", {{"Width", U(64)}, {"Clock", U(66)}}, from, 9000, 64, 66, 256);

        // PCI-X, (1)-(3): reads in Mmrbc bursts, writes in 4096 B, O + 1 clocks each.
        auto pcix = [&](std::string config,
                        Settings s,
                        D d,
                        uint32_t n,
                        uint64_t f,
                        uint64_t b,
                        uint64_t overhead) {
            Settings all{{"Kind", pciX}, {"Width", U(64)}, {"Clock", U(f)}};
            all.insert(all.end(), s.begin(), s.end());
            const uint64_t c = ParallelClocks(n, 64, b, overhead);
            AddTestCase(new TransferTimeTestCase(config,
                                                 all,
                                                 d,
                                                 n,
                                                 ClocksToTime(c, f),
                                                 double(n) / (8 * c)),
                        Duration::QUICK);
        };
        for (uint64_t mmrbc : {512, 1024, 2048, 4096})
        {
            pcix("PCI-X 64-bit 133 MHz mmrbc " + std::to_string(mmrbc),
                 {{"Mmrbc", U(mmrbc)}},
                 from,
                 16080,
                 133,
                 mmrbc,
                 ox);
        }
        pcix("PCI-X 64-bit 133 MHz mmrbc 512", {{"Mmrbc", U(512)}}, to, 16080, 133, 4096, ox);
        pcix("PCI-X 64-bit 100 MHz mmrbc 512", {}, from, 1500, 100, 512, ox);
        pcix("PCI-X 64-bit 66 MHz mmrbc 1024", {{"Mmrbc", U(1024)}}, to, 9000, 66, 4096, ox);
        pcix("PCI-X 64-bit 133 MHz, overhead 0",
             {{"BurstOverhead", U(0)}},
             from,
             16080,
             133,
             512,
             1); // the attribute phase remains

        // PCI Express, (5).
        auto express = [&](std::string config,
                           uint64_t lanes,
                           uint64_t gen,
                           uint64_t mps,
                           uint64_t mrrs,
                           D d,
                           uint32_t n) {
            Settings all{{"Kind", pcie},
                         {"Lanes", U(lanes)},
                         {"Generation", U(gen)},
                         {"MaxPayloadSize", U(mps)},
                         {"MaxReadRequestSize", U(mrrs)}};
            const uint64_t tlps = d == to ? WriteTlps(n, mps) : ReadTlps(n, mps, mrrs);
            AddTestCase(new TransferTimeTestCase(config,
                                                 all,
                                                 d,
                                                 n,
                                                 PcieTime(n, tlps, 20, lanes, gen),
                                                 double(n) / (n + 20 * tlps)),
                        Duration::QUICK);
        };
        express("PCIe x8 gen1 MPS 128", 8, 1, 128, 512, to, 1500); // 12 TLPs, 870 ns
        express("PCIe x8 gen1 MPS 128 MRRS 512", 8, 1, 128, 512, from, 1500);
        express("PCIe x1 gen2 MPS 256", 1, 2, 256, 512, to, 1500);
        express("PCIe x4 gen1 MPS 256 MRRS 128", 4, 1, 256, 128, from, 1500); // 12 requests
        express("PCIe x16 gen1 MPS 256 MRRS 512", 16, 1, 256, 512, from, 16080);
        express("PCIe x2 gen1 MPS 128", 2, 1, 128, 512, to, 16);

        AddTestCase(new PeakRateTestCase("PCI 32-bit 33 MHz", {}, 1'056'000'000), Duration::QUICK);
        AddTestCase(new PeakRateTestCase("PCI 64-bit 66 MHz",
                                         {{"Width", U(64)}, {"Clock", U(66)}},
                                         4'224'000'000),
                    Duration::QUICK);
        AddTestCase(new PeakRateTestCase("PCI-X 64-bit 133 MHz",
                                         {{"Kind", pciX}, {"Width", U(64)}, {"Clock", U(133)}},
                                         8'512'000'000),
                    Duration::QUICK);
        AddTestCase(
            new PeakRateTestCase("PCIe x8 gen1", {{"Kind", pcie}, {"Lanes", U(8)}}, 16'000'000'000),
            Duration::QUICK);
        AddTestCase(new PeakRateTestCase("PCIe x16 gen2",
                                         {{"Kind", pcie}, {"Lanes", U(16)}, {"Generation", U(2)}},
                                         64'000'000'000),
                    Duration::QUICK);

        AddTestCase(new CalibrationTestCase, Duration::QUICK);
        AddTestCase(new PciXCheckTestCase, Duration::QUICK);
        AddTestCase(new EfficiencyRisesTestCase, Duration::QUICK);

        AddTestCase(new FifoTestCase("PCI", {}, true), Duration::QUICK);
        AddTestCase(
            new FifoTestCase("PCI-X", {{"Kind", pciX}, {"Width", U(64)}, {"Clock", U(133)}}, true),
            Duration::QUICK);
        AddTestCase(new FifoTestCase("PCIe", {{"Kind", pcie}}, false), Duration::QUICK);
        AddTestCase(new ReadLatencyTestCase, Duration::QUICK);
        AddTestCase(new BusyTimeTestCase("PCI", {}), Duration::QUICK);
        AddTestCase(new BusyTimeTestCase("PCIe", {{"Kind", pcie}, {"Lanes", U(1)}}),
                    Duration::QUICK);

        const auto P = HostBus::PCI;
        const auto X = HostBus::PCI_X;
        const auto E = HostBus::PCI_EXPRESS;
        auto validator = [&](std::string d,
                             HostBus::Kind k,
                             uint32_t w,
                             uint32_t f,
                             uint32_t l,
                             uint32_t m,
                             std::string p) {
            AddTestCase(new ValidatorTestCase(d, k, w, f, l, m, p), Duration::QUICK);
        };
        validator("accepts PCI 32-bit 33 MHz", P, 32, 33, 8, 512, "");
        validator("accepts PCI 32-bit 66 MHz", P, 32, 66, 8, 512, "");
        validator("accepts PCI 64-bit 66 MHz", P, 64, 66, 8, 512, "");
        validator("accepts PCI-X 64-bit 66 MHz", X, 64, 66, 8, 512, "");
        validator("accepts PCI-X 64-bit 100 MHz", X, 64, 100, 8, 1024, "");
        validator("accepts PCI-X 64-bit 133 MHz mmrbc 4096", X, 64, 133, 8, 4096, "");
        validator("accepts PCIe x16 (width and clock unused)", E, 32, 33, 16, 512, "");
        validator("rejects PCI at 133 MHz", P, 32, 133, 8, 512, "Clock");
        validator("rejects PCI at 100 MHz", P, 64, 100, 8, 512, "Clock");
        validator("rejects PCI-X at 33 MHz", X, 64, 33, 8, 512, "Clock");
        validator("rejects PCI-X 32-bit", X, 32, 133, 8, 512, "Width");
        validator("rejects width 16", P, 16, 33, 8, 512, "Width");
        validator("rejects width 16 on PCIe", E, 16, 33, 8, 512, "Width");
        validator("rejects clock 50 MHz", P, 32, 50, 8, 512, "Clock");
        validator("rejects mmrbc 768", X, 64, 133, 8, 768, "Mmrbc");
        validator("rejects lanes 3", E, 32, 33, 3, 512, "Lanes");
        validator("rejects lanes 32", E, 32, 33, 32, 512, "Lanes");
        validator("rejects kind 7", static_cast<HostBus::Kind>(7), 32, 33, 8, 512, "Kind");

        AddTestCase(new CheckerTestCase, Duration::QUICK);
    }
};

HostBusTestSuite g_hostBusTestSuite;

} // namespace
