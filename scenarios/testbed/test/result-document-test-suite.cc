/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of ResultDocument: member order and content of the JSON, the atomic write (no
 * file, not even a temporary one, is left behind when writing fails), the event log
 * (sorted by time, ties in insertion order; no "events" member without events).
 */
#include "hybridnet/result-document.h"

#include "ns3/test.h"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

ResultDocument
MakeDocument()
{
    ResultDocument doc;
    doc.SetScenario("unit", "a document under test");
    doc.SetParameters({{"simTime", "250ms", "s", true, 0.25}, {"mode", "reno", "", false, 0}});
    doc.SetRng(3, 7);
    doc.SetRunStatistics(0.25, 1234, 0.5);
    doc.SetMetric("goodput", 941.5, "Mb/s");
    doc.SetMetric("goodput", 900.0, "Mb/s"); // replaces
    doc.SetSeries("pingRtt", {{"seq", "", {1, 2}}, {"rtt", "us", {71.0, 302.0}}});
    return doc;
}

class SerializeTestCase : public TestCase
{
  public:
    SerializeTestCase()
        : TestCase("serialize: members in schema order, values as set")
    {
    }

  private:
    void DoRun() override
    {
        auto text = MakeDocument().Serialize();
        auto j = nlohmann::ordered_json::parse(text);
        std::vector<std::string> keys;
        for (const auto& [key, value] : j.items())
        {
            keys.push_back(key);
        }
        std::vector<std::string> expected = {"schemaVersion",
                                             "scenario",
                                             "description",
                                             "parameters",
                                             "rng",
                                             "versions",
                                             "simulatedTime",
                                             "eventCount",
                                             "metrics",
                                             "series",
                                             "wallClock"};
        NS_TEST_ASSERT_MSG_EQ((keys == expected), true, "member order");
        NS_TEST_EXPECT_MSG_EQ(j["parameters"]["simTime"]["value"].get<double>(), 0.25, "SI value");
        NS_TEST_EXPECT_MSG_EQ(j["parameters"]["mode"]["value"].get<std::string>(), "reno", "text");
        NS_TEST_EXPECT_MSG_EQ(j["rng"]["run"].get<int>(), 7, "run");
        NS_TEST_EXPECT_MSG_EQ(j["eventCount"].get<int>(), 1234, "events");
        NS_TEST_EXPECT_MSG_EQ(j["metrics"].size(), 1, "replaced metric counted once");
        NS_TEST_EXPECT_MSG_EQ(j["metrics"]["goodput"]["value"].get<double>(), 900.0, "replaced");
        NS_TEST_EXPECT_MSG_EQ(j["series"]["pingRtt"]["rtt"]["values"][1].get<double>(),
                              302.0,
                              "series values");
        // wallClock holds the process's peak memory, read when each document is made: it
        // may grow between the two (a fresh runner process grows while parsing `text`)
        auto again = nlohmann::ordered_json::parse(MakeDocument().Serialize());
        auto first = nlohmann::ordered_json::parse(text);
        again.erase("wallClock");
        first.erase("wallClock");
        NS_TEST_EXPECT_MSG_EQ(again.dump(), first.dump(), "serialization is a function");
    }
};

class EventLogTestCase : public TestCase
{
  public:
    EventLogTestCase()
        : TestCase("events: between series and wallClock, by time, ties in insertion order")
    {
    }

  private:
    void DoRun() override
    {
        auto doc = MakeDocument();
        std::string without = doc.Serialize();
        doc.AddEvent(Seconds(6), "ocs", "circuitUp", "1-2");
        doc.AddEvent(MilliSeconds(4250),
                     "epd:node1",
                     "detect",
                     "flow:10.0.0.1:49153>10.0.0.2:5001/6");
        doc.AddEvent(Seconds(6), "pfd", "reply", "");
        auto j = nlohmann::ordered_json::parse(doc.Serialize());
        std::vector<std::string> keys;
        for (const auto& [key, value] : j.items())
        {
            keys.push_back(key);
        }
        std::vector<std::string> expected = {"schemaVersion",
                                             "scenario",
                                             "description",
                                             "parameters",
                                             "rng",
                                             "versions",
                                             "simulatedTime",
                                             "eventCount",
                                             "metrics",
                                             "series",
                                             "events",
                                             "wallClock"};
        NS_TEST_ASSERT_MSG_EQ((keys == expected), true, "member order");
        const auto& events = j["events"];
        NS_TEST_ASSERT_MSG_EQ(events.size(), 3, "every event written once");
        NS_TEST_EXPECT_MSG_EQ(events[0]["time"].get<double>(), 4.25, "earliest first, seconds");
        NS_TEST_EXPECT_MSG_EQ(events[0]["object"].get<std::string>(), "epd:node1", "object");
        NS_TEST_EXPECT_MSG_EQ(events[0]["event"].get<std::string>(), "detect", "event");
        NS_TEST_EXPECT_MSG_EQ(events[0]["detail"].get<std::string>(),
                              "flow:10.0.0.1:49153>10.0.0.2:5001/6",
                              "detail");
        NS_TEST_EXPECT_MSG_EQ(events[1]["object"].get<std::string>(), "ocs", "tie: added first");
        NS_TEST_EXPECT_MSG_EQ(events[2]["object"].get<std::string>(), "pfd", "tie: added second");
        NS_TEST_EXPECT_MSG_EQ(events[2]["detail"].get<std::string>(), "", "empty detail");
        NS_TEST_EXPECT_MSG_EQ((without.find("\"events\"") == std::string::npos),
                              true,
                              "events member written without events");
    }
};

class AtomicWriteTestCase : public TestCase
{
  public:
    AtomicWriteTestCase()
        : TestCase("write: whole file on success, nothing on failure")
    {
    }

  private:
    void DoRun() override
    {
        namespace fs = std::filesystem;
        fs::path dir = fs::path(CreateTempDirFilename("result-document"));
        fs::create_directories(dir);
        auto doc = MakeDocument();
        fs::path good = dir / "run.json";
        NS_TEST_ASSERT_MSG_EQ(doc.Write(good.string()), "", "write failed");
        std::ifstream in(good);
        std::stringstream content;
        content << in.rdbuf();
        NS_TEST_EXPECT_MSG_EQ(content.str(), doc.Serialize(), "file differs from document");

        fs::path bad = dir / "missing-folder" / "run.json";
        NS_TEST_EXPECT_MSG_NE(doc.Write(bad.string()), "", "write to a missing folder succeeded");
        size_t entries = std::distance(fs::directory_iterator(dir), fs::directory_iterator());
        NS_TEST_EXPECT_MSG_EQ(entries, 1, "a failed write left a file behind");
        fs::remove_all(dir);
    }
};

class ResultDocumentTestSuite : public TestSuite
{
  public:
    ResultDocumentTestSuite()
        : TestSuite("hybridnet-result-document", Type::UNIT)
    {
        AddTestCase(new SerializeTestCase, Duration::QUICK);
        AddTestCase(new EventLogTestCase, Duration::QUICK);
        AddTestCase(new AtomicWriteTestCase, Duration::QUICK);
    }
};

ResultDocumentTestSuite g_resultDocumentTestSuite; //!< static instance

} // namespace
