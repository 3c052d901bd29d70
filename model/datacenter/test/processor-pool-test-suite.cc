/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * ProcessorPool (processor sharing on k processors) against a schedule derived by hand
 * from its equations (1)-(3). k = 2; A (3 ms) and B (1 ms) arrive at 0, C (2 ms) at 0.5 ms:
 *   0 - 0.5 ms     n = 2, r = 1:    A 0.5 done, B 0.5 done
 *   0.5 - 1.25 ms  n = 3, r = 2/3:  B's last 0.5 ms takes 0.75 ms: B leaves at 1.25 ms
 *                                   (A 1.0 done, C 0.5 done)
 *   1.25 - 2.75    n = 2, r = 1:    C's last 1.5 ms: C leaves at 2.75 ms (A 2.5 done)
 *   2.75 - 3.25    n = 1, r = 1:    A leaves at 3.25 ms
 * busy processor time = 2 x 2.75 + 0.5 = 6 ms = 3 + 1 + 2 (work conserved), (3). On 7
 * processors 7 jobs of 4 ms that arrive together all leave at 4 ms (n <= k: one each).
 * Deliberate mistake tried: r = 1 / n, one processor's worth shared among all jobs (the
 * 2-processor schedule and the 7-processor case both fail).
 */
#include "hybridnet/processor-pool.h"

#include "ns3/core-module.h"
#include "ns3/test.h"

#include <map>
#include <string>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

class ProcessorSharingScheduleTestCase : public TestCase
{
  public:
    ProcessorSharingScheduleTestCase()
        : TestCase("processor sharing on 2 processors: A 3 ms, B 1 ms at 0, C 2 ms at 0.5 ms "
                   "leave at 3.25, 1.25, 2.75 ms")
    {
    }

  private:
    void Done(std::string job)
    {
        m_left[job] = Simulator::Now();
    }

    void DoRun() override
    {
        auto pool = CreateObjectWithAttributes<ProcessorPool>("Processors", UintegerValue(2));
        auto submit = [this, pool](const std::string& job, Time demand) {
            pool->Submit(demand,
                         MakeCallback(&ProcessorSharingScheduleTestCase::Done, this).Bind(job));
        };
        Simulator::Schedule(Seconds(0), [submit]() { submit("A", MilliSeconds(3)); });
        Simulator::Schedule(Seconds(0), [submit]() { submit("B", MilliSeconds(1)); });
        Simulator::Schedule(MicroSeconds(500), [submit]() { submit("C", MilliSeconds(2)); });
        Time busy;
        Simulator::Schedule(MilliSeconds(10), [pool, &busy]() { busy = pool->GetBusyTime(); });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(m_left["B"], MicroSeconds(1250), "B");
        NS_TEST_EXPECT_MSG_EQ(m_left["C"], MicroSeconds(2750), "C");
        NS_TEST_EXPECT_MSG_EQ(m_left["A"], MicroSeconds(3250), "A");
        NS_TEST_EXPECT_MSG_EQ_TOL(busy.GetSeconds(), 6e-3, 1e-12, "busy processor time");
        Simulator::Destroy();
    }

    std::map<std::string, Time> m_left;
};

class ProcessorPoolUnloadedTestCase : public TestCase
{
  public:
    ProcessorPoolUnloadedTestCase()
        : TestCase("7 jobs of 4 ms on 7 processors all leave at 4 ms")
    {
    }

  private:
    void Done()
    {
        m_last = Simulator::Now();
        ++m_done;
    }

    void DoRun() override
    {
        auto pool = CreateObjectWithAttributes<ProcessorPool>("Processors", UintegerValue(7));
        for (int j = 0; j < 7; ++j)
        {
            pool->Submit(MilliSeconds(4), MakeCallback(&ProcessorPoolUnloadedTestCase::Done, this));
        }
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(m_done, 7, "every job");
        NS_TEST_EXPECT_MSG_EQ(m_last, MilliSeconds(4), "each had a processor");
        Simulator::Destroy();
    }

    Time m_last;
    int m_done{0};
};

class ProcessorPoolTestSuite : public TestSuite
{
  public:
    ProcessorPoolTestSuite()
        : TestSuite("hybridnet-datacenter-processor-pool", Type::UNIT)
    {
        AddTestCase(new ProcessorSharingScheduleTestCase(), Duration::QUICK);
        AddTestCase(new ProcessorPoolUnloadedTestCase(), Duration::QUICK);
    }
};

ProcessorPoolTestSuite g_processorPoolTestSuite;

} // namespace
