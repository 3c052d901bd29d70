/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * HostCpu: service time of equation (1), the priority order of (2), utilisation.
 */
#include "hybridnet/host-cpu.h"

#include "ns3/core-module.h"
#include "ns3/data-rate.h"
#include "ns3/test.h"

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
        : TestCase("service of " + std::to_string(cycles) + " cycles and " +
                   std::to_string(bytes) + " B at " + std::to_string(frequency) + " Hz, 4 Gbps copy"),
          m_frequency(frequency),
          m_cycles(cycles),
          m_bytes(bytes),
          m_expected(expected)
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostCpu> cpu = CreateObjectWithAttributes<HostCpu>(
            "Frequency", UintegerValue(m_frequency),
            "MemoryCopyRate", DataRateValue(DataRate("4Gbps")));
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
        Ptr<HostCpu> cpu = CreateObjectWithAttributes<HostCpu>("Frequency", UintegerValue(1'000'000'000));
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
        Ptr<HostCpu> cpu = CreateObjectWithAttributes<HostCpu>("Frequency", UintegerValue(1'000'000'000));
        const auto cycles = static_cast<uint64_t>(m_offered * 10'000);
        for (int i = 0; i < 1000; ++i)
        {
            Simulator::Schedule(MicroSeconds(10 * i), &UtilisationTestCase::Submit, this, cpu, cycles);
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
        // 2.4 GHz: 2400 cycles = 1 us; 1500 B at 4 Gb/s = 3 us.
        AddTestCase(new ServiceTimeTestCase(2'400'000'000, 2400, 0, MicroSeconds(1)), Duration::QUICK);
        AddTestCase(new ServiceTimeTestCase(2'400'000'000, 0, 1500, MicroSeconds(3)), Duration::QUICK);
        AddTestCase(new ServiceTimeTestCase(800'000'000, 2400, 1500, MicroSeconds(6)), Duration::QUICK);
        // 1 cycle at 2.4 GHz = 0.4167 ns, rounded up to 1 ns.
        AddTestCase(new ServiceTimeTestCase(2'400'000'000, 1, 0, NanoSeconds(1)), Duration::QUICK);
        AddTestCase(new PriorityTestCase, Duration::QUICK);
        AddTestCase(new UtilisationTestCase(0.3), Duration::QUICK);
        AddTestCase(new UtilisationTestCase(0.9), Duration::QUICK);
        AddTestCase(new UtilisationTestCase(1.5), Duration::QUICK);
    }
};

HostCpuTestSuite g_hostCpuTestSuite;

} // namespace
