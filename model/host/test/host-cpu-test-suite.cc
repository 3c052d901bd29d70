/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * HostCpu: service time of equation (1), the priority order of (2), a waiting process's
 * turn after one timer tick (3), utilisation.
 */
#include "hybridnet/host-cpu.h"

#include "ns3/core-module.h"
#include "ns3/data-rate.h"
#include "ns3/test.h"

#include <optional>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** Equation (1): s = c / f + 8 m / M, rounded up to the time step. */
class ServiceTimeTestCase : public TestCase
{
  public:
    ServiceTimeTestCase(uint64_t frequency, uint64_t cycles, uint64_t bytes, Time expected)
        : TestCase("service of " + std::to_string(cycles) + " cycles and " + std::to_string(bytes) +
                   " B at " + std::to_string(frequency) + " Hz, 4 Gbps copy"),
          m_frequency(frequency),
          m_cycles(cycles),
          m_bytes(bytes),
          m_expected(expected)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostCpu> cpu = CreateObjectWithAttributes<HostCpu>("Frequency",
                                                               UintegerValue(m_frequency),
                                                               "MemoryCopyRate",
                                                               DataRateValue(DataRate("4Gbps")));
        NS_TEST_ASSERT_MSG_EQ(cpu->GetServiceTime(m_cycles, m_bytes), m_expected, "equation (1)");
    }

    uint64_t m_frequency;
    uint64_t m_cycles;
    uint64_t m_bytes;
    Time m_expected;
};

/** Jobs run one at a time; a waiting interrupt job goes before waiting kernel jobs. */
class PriorityTestCase : public TestCase
{
  public:
    PriorityTestCase()
        : TestCase("non-preemptive: a queued HARD_IRQ job runs before queued KERNEL jobs")
    {
    }

  private:
    void Record(std::string name)
    {
        m_order.push_back(name + "@" + std::to_string(Simulator::Now().GetNanoSeconds()));
    }

    void DoRun() override
    {
        // 1 GHz: 1000 cycles = 1 us.
        Ptr<HostCpu> cpu =
            CreateObjectWithAttributes<HostCpu>("Frequency", UintegerValue(1'000'000'000));
        auto submit = [&](HostCpu::Level level, std::string name) {
            cpu->Execute(level, 1000, 0, MakeCallback(&PriorityTestCase::Record, this).Bind(name));
        };
        submit(HostCpu::KERNEL, "k1");   // runs at once: 0..1 us
        submit(HostCpu::KERNEL, "k2");   // waits
        submit(HostCpu::HARD_IRQ, "i1"); // waits, but goes before k2
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(m_order.size(), 3u, "three jobs");
        NS_TEST_EXPECT_MSG_EQ(m_order[0], "k1@1000", "running job is not preempted");
        NS_TEST_EXPECT_MSG_EQ(m_order[1], "i1@2000", "interrupt before queued kernel work");
        NS_TEST_EXPECT_MSG_EQ(m_order[2], "k2@3000", "then the kernel job");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetBusyTime(HostCpu::HARD_IRQ), MicroSeconds(1), "irq time");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetBusyTime(HostCpu::KERNEL), MicroSeconds(2), "kernel time");
        Simulator::Destroy();
    }

    std::vector<std::string> m_order;
};

/**
 * (4): a system call of 1000 cycles at 1 GHz behind a 1 us kernel job. On one processor it
 * queues on the CPU (done at 2 us, 2 us busy); with two the application's processor runs it
 * (done at 1 us, 1 us busy: the kernel job alone); with SyscallCycles 0 at once.
 */
class SystemCallTestCase : public TestCase
{
  public:
    /**
     * @param processors Processors
     * @param cycles SyscallCycles
     * @param done when the call's work may start
     * @param busy the CPU's busy time at the end
     */
    SystemCallTestCase(uint32_t processors, uint64_t cycles, Time done, Time busy)
        : TestCase("system call of " + std::to_string(cycles) + " cycles, " +
                   std::to_string(processors) + " processor(s): done at " +
                   std::to_string(done.GetNanoSeconds()) + " ns"),
          m_processors(processors),
          m_cycles(cycles),
          m_done(done),
          m_busy(busy)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostCpu> cpu = CreateObjectWithAttributes<HostCpu>("Frequency",
                                                               UintegerValue(1'000'000'000),
                                                               "Processors",
                                                               UintegerValue(m_processors),
                                                               "SyscallCycles",
                                                               UintegerValue(m_cycles));
        cpu->Execute(HostCpu::KERNEL, 1000, 0, Callback<void>()); // the CPU is busy 0..1 us
        std::optional<Time> done;
        cpu->RunSystemCall(
            MakeCallback(+[](std::optional<Time>* at) { *at = Simulator::Now(); }).Bind(&done));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(done.has_value(), true, "the call's work runs");
        NS_TEST_EXPECT_MSG_EQ(*done, m_done, "when it runs");
        NS_TEST_EXPECT_MSG_EQ(cpu->GetBusyTime(), m_busy, "this CPU's busy time");
        Simulator::Destroy();
    }

    uint32_t m_processors;
    uint64_t m_cycles;
    Time m_done;
    Time m_busy;
};

/**
 * (2) and (3): kernel work offered back to back (each job queues the next when it ends)
 * keeps a PROCESS job waiting until it has waited one TimerTick; then it runs next.
 */
class ProcessTurnTestCase : public TestCase
{
  public:
    ProcessTurnTestCase(Time tick, uint32_t kernelJobs)
        : TestCase("process job waits for kernel work until one tick of " +
                   std::to_string(tick.GetMicroSeconds()) + " us has passed, " +
                   std::to_string(kernelJobs) + " back-to-back kernel jobs of 10 us"),
          m_tick(tick),
          m_kernelJobs(kernelJobs)
    {
    }

  private:
    void Kernel()
    {
        if (++m_kernelDone < m_kernelJobs)
        {
            m_cpu->Execute(HostCpu::KERNEL,
                           10'000,
                           0,
                           MakeCallback(&ProcessTurnTestCase::Kernel, this));
        }
    }

    void Process()
    {
        m_processAt = Simulator::Now();
    }

    void DoRun() override
    {
        // 1 GHz: a 10,000-cycle kernel job takes 10 us; the process job 1 us.
        m_cpu = CreateObjectWithAttributes<HostCpu>("Frequency",
                                                    UintegerValue(1'000'000'000),
                                                    "TimerTick",
                                                    TimeValue(m_tick));
        m_cpu->Execute(HostCpu::KERNEL,
                       10'000,
                       0,
                       MakeCallback(&ProcessTurnTestCase::Kernel, this));
        m_cpu->Execute(HostCpu::PROCESS,
                       1000,
                       0,
                       MakeCallback(&ProcessTurnTestCase::Process, this));
        Simulator::Run();
        // The process job, queued at 0, may go first at the first job end t = 10 k us with
        // t >= tick; if the kernel work ends earlier, it runs when the kernel work is done.
        const int64_t tickJobs = (m_tick.GetMicroSeconds() + 9) / 10;
        const int64_t before = std::min<int64_t>(tickJobs, m_kernelJobs);
        const Time expected = MicroSeconds(10 * before + 1);
        NS_TEST_EXPECT_MSG_EQ(m_processAt, expected, "process turn, equation (3)");
        NS_TEST_EXPECT_MSG_EQ(m_cpu->GetBusyTime(HostCpu::PROCESS),
                              MicroSeconds(1),
                              "process time");
        NS_TEST_EXPECT_MSG_EQ(m_cpu->GetBusyTime(),
                              MicroSeconds(10 * m_kernelJobs + 1),
                              "all levels count");
        m_cpu = nullptr;
        Simulator::Destroy();
    }

    Time m_tick;
    uint32_t m_kernelJobs;
    uint32_t m_kernelDone{0};
    Ptr<HostCpu> m_cpu;
    Time m_processAt;
};

/**
 * GetBusyTimeNow counts the running job as served so far: two jobs of 1 us at 1 GHz from
 * t = 0 keep the CPU busy to 2 us; sampled at 0.5, 1.5 and 3 us the busy time so far is
 * 0.5, 1.5 and 2 us, where GetBusyTime (finished jobs) says 0, 1 and 2 us.
 */
class BusyTimeNowTestCase : public TestCase
{
  public:
    BusyTimeNowTestCase()
        : TestCase("busy time until now: finished jobs and the running one's part")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostCpu> cpu =
            CreateObjectWithAttributes<HostCpu>("Frequency", UintegerValue(1'000'000'000));
        cpu->Execute(HostCpu::KERNEL, 1000, 0, Callback<void>());
        cpu->Execute(HostCpu::KERNEL, 1000, 0, Callback<void>());
        std::vector<std::pair<Time, Time>> samples; // (now, finished)
        for (const Time& at : {NanoSeconds(500), NanoSeconds(1500), NanoSeconds(3000)})
        {
            Simulator::Schedule(at, [&samples, cpu]() {
                samples.emplace_back(cpu->GetBusyTimeNow(), cpu->GetBusyTime());
            });
        }
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(samples.size(), 3, "three samples");
        const Time expectedNow[] = {NanoSeconds(500), NanoSeconds(1500), NanoSeconds(2000)};
        const Time expectedDone[] = {Time(0), NanoSeconds(1000), NanoSeconds(2000)};
        for (size_t i = 0; i < 3; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(samples[i].first, expectedNow[i], "until now");
            NS_TEST_EXPECT_MSG_EQ(samples[i].second, expectedDone[i], "finished jobs");
        }
    }
};

/** Offered load rho < 1 gives utilisation rho; rho > 1 saturates at 1 and delays grow. */
class UtilisationTestCase : public TestCase
{
  public:
    UtilisationTestCase(double offered)
        : TestCase("utilisation at offered load " + std::to_string(offered)),
          m_offered(offered)
    {
    }

  private:
    void Submit(Ptr<HostCpu> cpu, uint64_t cycles)
    {
        cpu->Execute(HostCpu::KERNEL, cycles, 0, MakeCallback(&UtilisationTestCase::Done, this));
    }

    void Done()
    {
        m_lastDone = Simulator::Now();
    }

    void DoRun() override
    {
        // One job every 10 us of offered * 10 us; 1000 jobs; 1 GHz.
        Ptr<HostCpu> cpu =
            CreateObjectWithAttributes<HostCpu>("Frequency", UintegerValue(1'000'000'000));
        const auto cycles = static_cast<uint64_t>(m_offered * 10'000);
        for (int i = 0; i < 1000; ++i)
        {
            Simulator::Schedule(MicroSeconds(10 * i),
                                &UtilisationTestCase::Submit,
                                this,
                                cpu,
                                cycles);
        }
        const Time end = MicroSeconds(10'000);
        Simulator::Stop(end);
        Simulator::Run();
        const double expected = std::min(1.0, m_offered);
        NS_TEST_EXPECT_MSG_EQ_TOL(cpu->GetUtilisation(), expected, 0.002, "busy / elapsed");
        if (m_offered > 1)
        {
            // Saturated: the backlog at the end is (offered - 1) * 1000 jobs worth of work.
            NS_TEST_EXPECT_MSG_LT(m_lastDone, end + TimeStep(1), "jobs still queued at the end");
        }
        Simulator::Destroy();
    }

    double m_offered;
    Time m_lastDone;
};

class HostCpuTestSuite : public TestSuite
{
  public:
    HostCpuTestSuite()
        : TestSuite("hybridnet-host-cpu", Type::UNIT)
    {
        // Kernel work outlasting the tick: the process runs after the job ending at 1 ms.
        AddTestCase(new ProcessTurnTestCase(MilliSeconds(1), 500), Duration::QUICK);
        // Kernel work outlasting a 155 us tick: the first job end at or after it is 160 us.
        AddTestCase(new ProcessTurnTestCase(MicroSeconds(155), 50), Duration::QUICK);
        // Kernel work shorter than the tick: the process waits for all of it (2).
        AddTestCase(new ProcessTurnTestCase(MilliSeconds(10), 20), Duration::QUICK);
        // 2.4 GHz: 2400 cycles = 1 us; 1500 B at 4 Gb/s = 3 us.
        AddTestCase(new ServiceTimeTestCase(2'400'000'000, 2400, 0, MicroSeconds(1)),
                    Duration::QUICK);
        AddTestCase(new ServiceTimeTestCase(2'400'000'000, 0, 1500, MicroSeconds(3)),
                    Duration::QUICK);
        AddTestCase(new ServiceTimeTestCase(800'000'000, 2400, 1500, MicroSeconds(6)),
                    Duration::QUICK);
        // 1 cycle at 2.4 GHz = 0.4167 ns, rounded up to 1 ns.
        AddTestCase(new ServiceTimeTestCase(2'400'000'000, 1, 0, NanoSeconds(1)), Duration::QUICK);
        AddTestCase(new PriorityTestCase, Duration::QUICK);
        AddTestCase(new SystemCallTestCase(1, 1000, MicroSeconds(2), MicroSeconds(2)),
                    Duration::QUICK);
        AddTestCase(new SystemCallTestCase(2, 1000, MicroSeconds(1), MicroSeconds(1)),
                    Duration::QUICK);
        AddTestCase(new SystemCallTestCase(1, 0, Seconds(0), MicroSeconds(1)), Duration::QUICK);
        AddTestCase(new UtilisationTestCase(0.3), Duration::QUICK);
        AddTestCase(new UtilisationTestCase(0.9), Duration::QUICK);
        AddTestCase(new UtilisationTestCase(1.5), Duration::QUICK);
        AddTestCase(new BusyTimeNowTestCase, Duration::QUICK);
    }
};

HostCpuTestSuite g_hostCpuTestSuite;

} // namespace
