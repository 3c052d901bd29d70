/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of the netlogger module: a ULM record's line written by hand from the format's
 * rules and read back field for field (quoting, escapes, an empty value, the date to the
 * microsecond across a leap day); malformed lines refused; the logger stamping Now() to
 * the microsecond; and a host monitor's vmstat reporting the busy share of a CPU given a
 * known amount of work in each interval, (1) of HostMonitor; and a queue monitor's ifstat
 * counting a drop-tail queue's packets, drops and length.
 */
#include "hybridnet/host-cpu.h"
#include "hybridnet/host-monitor.h"
#include "hybridnet/net-logger.h"
#include "hybridnet/queue-monitor.h"
#include "hybridnet/ulm-record.h"

#include "ns3/core-module.h"
#include "ns3/network-module.h"

#include <sstream>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

constexpr int64_t kEpoch = 951696000; //!< 2000-02-28 00:00:00 UTC

/** Format by hand, parse back, every field. */
class UlmRoundTripTestCase : public TestCase
{
  public:
    UlmRoundTripTestCase()
        : TestCase("ULM: a record's line as the format writes it, and read back exactly")
    {
    }

  private:
    void DoRun() override
    {
        UlmRecord r;
        r.time = Seconds(86400 + 3723) + MicroSeconds(500001); // a day, 1 h 2 min 3.500001 s
        r.host = "dpss1.lbl.gov";
        r.prog = "get";
        r.event = "block.write.end";
        r.id = "17";
        r.fields = {{"SIZE", "1048576"}, {"MSG", "said \"hi\" \\ twice"}, {"EMPTY", ""}};
        const std::string line = r.Format(kEpoch);
        // 2000 is a leap year: the day after 28 February is the 29th
        NS_TEST_EXPECT_MSG_EQ(line,
                              "DATE=20000229010203.500001 HOST=dpss1.lbl.gov PROG=get "
                              "NL.EVNT=block.write.end ID=17 SIZE=1048576 "
                              "MSG=\"said \\\"hi\\\" \\\\ twice\" EMPTY=\"\"",
                              "the line");
        const UlmRecord back = UlmRecord::Parse(line, kEpoch);
        NS_TEST_EXPECT_MSG_EQ(back.time, r.time, "DATE");
        NS_TEST_EXPECT_MSG_EQ(back.host, r.host, "HOST");
        NS_TEST_EXPECT_MSG_EQ(back.prog, r.prog, "PROG");
        NS_TEST_EXPECT_MSG_EQ(back.event, r.event, "NL.EVNT");
        NS_TEST_EXPECT_MSG_EQ(back.id, r.id, "ID");
        NS_TEST_ASSERT_MSG_EQ(back.fields.size(), 3, "fields");
        for (size_t k = 0; k < 3; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(back.fields[k].first, r.fields[k].first, "name " << k);
            NS_TEST_EXPECT_MSG_EQ(back.fields[k].second, r.fields[k].second, "value " << k);
        }
        NS_TEST_EXPECT_MSG_EQ((back == r), true, "the whole record");
        NS_TEST_EXPECT_MSG_EQ(UlmRecord::Parse("DATE=20000228000000.000000 HOST=h PROG=p "
                                               "NL.EVNT=e ID=i",
                                               kEpoch)
                                  .time,
                              Seconds(0),
                              "the epoch itself");
    }
};

/** Lines that are not ULM records. */
class UlmRejectTestCase : public TestCase
{
  public:
    UlmRejectTestCase()
        : TestCase("ULM: malformed lines and values refused with what is wrong")
    {
    }

  private:
    void DoRun() override
    {
        const std::pair<std::string, std::string> bad[] = {
            {"HOST=h DATE=20000228000000.000000 PROG=p NL.EVNT=e ID=i", "field 1 is not DATE"},
            {"DATE=2000022800000.000000 HOST=h PROG=p NL.EVNT=e ID=i", "YYYYMMDDhhmmss"},
            {"DATE=19991231000000.000000 HOST=h PROG=p NL.EVNT=e ID=i", "before the epoch"},
            {"DATE=20000228000000.000000 HOST=h PROG=p NL.EVNT=e", "field 5 is not ID"},
            {"DATE=20000228000000.000000 HOST=h PROG=p NL.EVNT=e ID=i X=\"open", "closing quote"},
            {"DATE=20000228000000.000000 HOST=h PROG=p NL.EVNT=e ID=i A+B=1", "not a field name"},
            {"DATE=20000228000000.000000 HOST=h PROG=p NL.EVNT=e ID=i lonely", "NAME=value"},
        };
        for (const auto& [line, phrase] : bad)
        {
            std::string what;
            try
            {
                UlmRecord::Parse(line, kEpoch);
            }
            catch (const UlmError& e)
            {
                what = e.what();
            }
            NS_TEST_EXPECT_MSG_NE(what.find(phrase), std::string::npos, line << ": " << what);
        }
        UlmRecord r{Seconds(0), "h", "p", "e", "i", {{"MSG", "two\nlines"}}};
        bool refused = false;
        try
        {
            r.Format(kEpoch);
        }
        catch (const UlmError&)
        {
            refused = true;
        }
        NS_TEST_EXPECT_MSG_EQ(refused, true, "a value with a line break");
    }
};

/**
 * A 1 GHz CPU given 250,000,000 cycles (0.25 s) at t = 0.1 s and 500,000,000 (0.5 s) at
 * t = 1.2 s: vmstat every second logs CPU.UTIL 0.25, then 0.5, then 0; the logger stamps
 * each at the interval's end, to the microsecond; netstat and iostat are absent (no NIC,
 * no bus).
 */
class HostMonitorTestCase : public TestCase
{
  public:
    HostMonitorTestCase()
        : TestCase("host monitor: vmstat's CPU.UTIL is the busy share of each interval, (1)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Node> node = CreateObject<Node>();
        Ptr<HostCpu> cpu =
            CreateObjectWithAttributes<HostCpu>("Frequency", UintegerValue(1'000'000'000));
        node->AggregateObject(cpu);
        Ptr<NetLogger> log = CreateObject<NetLogger>();
        Ptr<HostMonitor> monitor = CreateObject<HostMonitor>();
        monitor->SetAttribute("Host", StringValue("cpu-host"));
        monitor->Start(node, log);
        Simulator::Schedule(Seconds(0.1), [cpu]() {
            cpu->Execute(HostCpu::KERNEL, 250'000'000, 0, Callback<void>());
        });
        Simulator::Schedule(Seconds(1.2), [cpu]() {
            cpu->Execute(HostCpu::KERNEL, 500'000'000, 0, Callback<void>());
        });
        Simulator::Stop(Seconds(3.5));
        Simulator::Run();
        const auto& records = log->GetRecords();
        NS_TEST_ASSERT_MSG_EQ(records.size(), 3, "one vmstat per second, nothing else");
        const char* expected[] = {"0.25", "0.5", "0"};
        for (size_t k = 0; k < 3; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(records[k].time, Seconds(k + 1), "at the interval's end");
            NS_TEST_EXPECT_MSG_EQ(records[k].prog, "vmstat", "PROG");
            NS_TEST_EXPECT_MSG_EQ(records[k].id, "cpu-host", "ID");
            NS_TEST_EXPECT_MSG_EQ(records[k].fields.at(0).first, "CPU.UTIL", "field");
            NS_TEST_EXPECT_MSG_EQ(records[k].fields.at(0).second, expected[k], "interval " << k);
        }
        std::ostringstream out;
        log->Write(out);
        NS_TEST_EXPECT_MSG_EQ(out.str().substr(0, 27), "DATE=20000101000001.000000 ", "epoch");
        Simulator::Destroy();
    }
};

/** The logger stamps Simulator::Now() truncated to the microsecond. */
class LoggerStampTestCase : public TestCase
{
  public:
    LoggerStampTestCase()
        : TestCase("logger: events stamped with Now() to the microsecond, in order")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<NetLogger> log = CreateObject<NetLogger>();
        Simulator::Schedule(NanoSeconds(1'234'567'891),
                            [log]() { log->Log("h", "p", "first", "1"); });
        Simulator::Schedule(Seconds(2), [log]() {
            log->Log("h", "p", "second", "1", {{"A", "b"}});
        });
        Simulator::Run();
        const auto& records = log->GetRecords();
        NS_TEST_ASSERT_MSG_EQ(records.size(), 2, "two events");
        NS_TEST_EXPECT_MSG_EQ(records[0].time, MicroSeconds(1'234'567), "truncated");
        NS_TEST_EXPECT_MSG_EQ(records[1].event, "second", "in order");
        Simulator::Destroy();
    }
};

/**
 * A drop-tail queue of 2 packets offered 3 in the first second (one dropped) and emptied by
 * one in the second: ifstat logs QLEN 2, PKTS 2, DROPS 1, then QLEN 1, PKTS 0, DROPS 0.
 */
class QueueMonitorTestCase : public TestCase
{
  public:
    QueueMonitorTestCase()
        : TestCase("queue monitor: ifstat's queue length, packets in and drops per interval")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Queue<Packet>> queue =
            CreateObjectWithAttributes<DropTailQueue<Packet>>("MaxSize",
                                                              QueueSizeValue(QueueSize("2p")));
        Ptr<NetLogger> log = CreateObject<NetLogger>();
        Ptr<QueueMonitor> monitor = CreateObject<QueueMonitor>();
        monitor->SetAttribute("Port", StringValue("wan0"));
        monitor->Start(queue, log);
        Simulator::Schedule(Seconds(0.5), [queue]() {
            for (int k = 0; k < 3; ++k)
            {
                queue->Enqueue(Create<Packet>(100));
            }
        });
        Simulator::Schedule(Seconds(1.5), [queue]() { queue->Dequeue(); });
        Simulator::Stop(Seconds(2.5));
        Simulator::Run();
        const auto& records = log->GetRecords();
        NS_TEST_ASSERT_MSG_EQ(records.size(), 2, "one ifstat per second");
        const NetLogger::Fields expected[] = {{{"QLEN", "2"}, {"PKTS", "2"}, {"DROPS", "1"}},
                                              {{"QLEN", "1"}, {"PKTS", "0"}, {"DROPS", "0"}}};
        for (size_t k = 0; k < 2; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(records[k].prog, "ifstat", "PROG");
            NS_TEST_EXPECT_MSG_EQ(records[k].id, "wan0", "ID");
            NS_TEST_EXPECT_MSG_EQ((records[k].fields == expected[k]), true, "interval " << k);
        }
        Simulator::Destroy();
    }
};

class NetLoggerTestSuite : public TestSuite
{
  public:
    NetLoggerTestSuite()
        : TestSuite("hybridnet-netlogger", Type::UNIT)
    {
        AddTestCase(new UlmRoundTripTestCase, Duration::QUICK);
        AddTestCase(new UlmRejectTestCase, Duration::QUICK);
        AddTestCase(new HostMonitorTestCase, Duration::QUICK);
        AddTestCase(new LoggerStampTestCase, Duration::QUICK);
        AddTestCase(new QueueMonitorTestCase, Duration::QUICK);
    }
};

NetLoggerTestSuite g_netLoggerTestSuite;

} // namespace
