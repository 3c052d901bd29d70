/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of DeadlineTimer: the callback runs exactly at the last deadline set (as with
 * cancel-and-reschedule), never after Stop, and the scheduler sees one event per expiry
 * or early wake-up, not one per Set.
 */
#include "hybridnet/deadline-timer.h"

#include "ns3/simulator.h"
#include "ns3/test.h"

#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** Records when the callback ran. */
struct Recorder
{
    std::vector<Time> runs;

    void Run()
    {
        runs.push_back(Simulator::Now());
    }
};

/** Moving deadlines: the callback runs once, at the last one; events stay few. */
class DeadlineTimerMovesTestCase : public TestCase
{
  public:
    DeadlineTimerMovesTestCase()
        : TestCase("deadline set 1000 times: one run at the last deadline, few events")
    {
    }

  private:
    void DoRun() override
    {
        Recorder rec;
        DeadlineTimer timer(MakeCallback(&Recorder::Run, &rec));
        // Set(200 ms) every 1 ms for 1 s (an RTO restarted by every ACK): the deadline
        // ends at 999 ms + 200 ms
        for (int i = 0; i < 1000; ++i)
        {
            Simulator::Schedule(MilliSeconds(i), [&timer]() { timer.Set(MilliSeconds(200)); });
        }
        uint64_t before = Simulator::GetEventCount();
        Simulator::Run();
        uint64_t events = Simulator::GetEventCount() - before;
        NS_TEST_ASSERT_MSG_EQ(rec.runs.size(), 1U, "one run");
        if (rec.runs.size() == 1)
        {
            NS_TEST_EXPECT_MSG_EQ(rec.runs[0], MilliSeconds(1199), "at the last deadline");
        }
        // 1000 Set events + wake-ups at 200, 400, ... 1199 ms: at most 1000 + 7
        NS_TEST_EXPECT_MSG_LT_OR_EQ(events, 1007U, "one wake-up per period, not per Set");
        Simulator::Destroy();
    }
};

/** Stop, restart and an earlier deadline than the pending event. */
class DeadlineTimerStopTestCase : public TestCase
{
  public:
    DeadlineTimerStopTestCase()
        : TestCase("stop, restart, earlier deadline")
    {
    }

  private:
    void DoRun() override
    {
        Recorder rec;
        DeadlineTimer timer(MakeCallback(&Recorder::Run, &rec));
        timer.Set(Seconds(1));
        Simulator::Schedule(MilliSeconds(100), [&timer]() { timer.Stop(); });
        // after a stop, a shorter deadline than the still-pending event: runs at 300 ms
        Simulator::Schedule(MilliSeconds(200), [&timer]() { timer.Set(MilliSeconds(100)); });
        // then a stop for good
        Simulator::Schedule(MilliSeconds(400), [&timer]() {
            timer.Set(MilliSeconds(500));
            timer.Stop();
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(rec.runs.size(), 1U, "one run");
        if (rec.runs.size() == 1)
        {
            NS_TEST_EXPECT_MSG_EQ(rec.runs[0], MilliSeconds(300), "at the earlier deadline");
        }
        NS_TEST_EXPECT_MSG_EQ(timer.IsRunning(), false, "stopped");
        Simulator::Destroy();
    }
};

} // namespace

/** The suite. */
class DeadlineTimerTestSuite : public TestSuite
{
  public:
    DeadlineTimerTestSuite()
        : TestSuite("hybridnet-deadline-timer", Type::UNIT)
    {
        AddTestCase(new DeadlineTimerMovesTestCase(), Duration::QUICK);
        AddTestCase(new DeadlineTimerStopTestCase(), Duration::QUICK);
    }
};

static DeadlineTimerTestSuite g_deadlineTimerTestSuite; //!< registers the suite
