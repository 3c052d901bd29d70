/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * HostProcess: the wake-up of equation (1) on a uniprocessor and a multiprocessor host,
 * and (2), a wake-up of a runnable process. With C cycles per context switch at f Hz, one
 * switch takes C / f; expected times are computed here from C and f.
 */
#include "hybridnet/host-cpu.h"
#include "hybridnet/host-process.h"

#include "ns3/core-module.h"
#include "ns3/test.h"

#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr uint64_t kFrequency = 1'000'000'000; //!< 1 GHz: one cycle is 1 ns
constexpr uint64_t kSwitchCycles = 5000;       //!< C: 5 us at 1 GHz

/**
 * A process woken @p wakes times, 1 us apart, starting at 10 us, with an optional kernel
 * job of @p queuedCycles queued just before the first wake-up.
 */
class WakeupTestCase : public TestCase
{
  public:
    WakeupTestCase(std::string name,
                   uint32_t processors,
                   uint32_t wakes,
                   uint64_t queuedCycles,
                   std::vector<Time> expectedRuns,
                   uint64_t expectedWakeups,
                   Time expectedBusy)
        : TestCase(name),
          m_processors(processors),
          m_wakes(wakes),
          m_queuedCycles(queuedCycles),
          m_expectedRuns(expectedRuns),
          m_expectedWakeups(expectedWakeups),
          m_expectedBusy(expectedBusy)
    {
    }

  private:
    void Run()
    {
        m_runs.push_back(Simulator::Now());
    }

    void DoRun() override
    {
        Ptr<HostCpu> cpu = CreateObjectWithAttributes<HostCpu>("Frequency",
                                                               UintegerValue(kFrequency),
                                                               "Processors",
                                                               UintegerValue(m_processors),
                                                               "ContextSwitchCycles",
                                                               UintegerValue(kSwitchCycles));
        Ptr<HostProcess> process = CreateObject<HostProcess>();
        process->SetCpu(cpu);
        if (m_queuedCycles > 0)
        {
            Simulator::Schedule(MicroSeconds(10), [cpu, this]() {
                cpu->Execute(HostCpu::KERNEL, m_queuedCycles, 0, Callback<void>());
            });
        }
        for (uint32_t i = 0; i < m_wakes; ++i)
        {
            Simulator::Schedule(MicroSeconds(10 + i), [process, this]() {
                process->Wake(MakeCallback(&WakeupTestCase::Run, this));
            });
        }
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(m_runs.size(), m_expectedRuns.size(), "runs");
        for (std::size_t i = 0; i < m_runs.size() && i < m_expectedRuns.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(m_runs[i], m_expectedRuns[i], "run " << i);
        }
        NS_TEST_ASSERT_MSG_EQ(process->GetWakeups(), m_expectedWakeups, "wake-ups from SLEEPING");
        NS_TEST_ASSERT_MSG_EQ(cpu->GetBusyTime(), m_expectedBusy, "network CPU busy time");
        NS_TEST_ASSERT_MSG_EQ(process->GetState(), HostProcess::SLEEPING, "asleep at the end");
        Simulator::Destroy();
    }

    uint32_t m_processors;
    uint32_t m_wakes;
    uint64_t m_queuedCycles;
    std::vector<Time> m_expectedRuns;
    uint64_t m_expectedWakeups;
    Time m_expectedBusy;
    std::vector<Time> m_runs;
};

class HostProcessTestSuite : public TestSuite
{
  public:
    HostProcessTestSuite()
        : TestSuite("hybridnet-host-process", Type::UNIT)
    {
        const Time s = NanoSeconds(kSwitchCycles); // C / f at 1 GHz
        // (1), one processor: the run follows one switch; the CPU pays two.
        AddTestCase(new WakeupTestCase("uniprocessor - one wake-up runs after C over f, "
                                       "the CPU is busy 2 C over f",
                                       1,
                                       1,
                                       0,
                                       {MicroSeconds(10) + s},
                                       1,
                                       2 * s),
                    Duration::QUICK);
        // (2): wake-ups at 11..13 us find the process runnable (its switch ends at 15 us).
        AddTestCase(new WakeupTestCase("uniprocessor - wake-ups while runnable add nothing",
                                       1,
                                       4,
                                       0,
                                       {MicroSeconds(10) + s},
                                       1,
                                       2 * s),
                    Duration::QUICK);
        // Seven wake-ups at 10..16 us: those at 11..15 us find it runnable (the one at 15 us
        // was scheduled before the switch that ends then); the run at 15 us is followed by
        // the switch away (15-20 us), so the wake-up at 16 us switches in at 20-25 us.
        AddTestCase(new WakeupTestCase("uniprocessor - a wake-up after the run switches again",
                                       1,
                                       7,
                                       0,
                                       {MicroSeconds(10) + s, MicroSeconds(15) + 2 * s},
                                       2,
                                       4 * s),
                    Duration::QUICK);
        // The switch waits behind kernel work queued before it (FIFO within KERNEL).
        AddTestCase(new WakeupTestCase("uniprocessor - the switch waits for queued kernel work",
                                       1,
                                       1,
                                       3000,
                                       {MicroSeconds(10) + NanoSeconds(3000) + s},
                                       1,
                                       NanoSeconds(3000) + 2 * s),
                    Duration::QUICK);
        // (1), two processors: the run follows one switch on the other processor; the
        // network CPU is not charged.
        AddTestCase(new WakeupTestCase("multiprocessor - the run follows C over f, the network "
                                       "CPU is not charged",
                                       2,
                                       1,
                                       0,
                                       {MicroSeconds(10) + s},
                                       1,
                                       Seconds(0)),
                    Duration::QUICK);
    }
};

HostProcessTestSuite g_hostProcessTestSuite;

} // namespace
