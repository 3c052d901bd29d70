/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of ClusterEventLog on the example cluster: a pipe request (the study's
 * pipecreator) from node1 to node2 through the real epd, pfd and accelerator console,
 * with the accelerator's command latency pinned to L, must leave a timeline in which
 *   - the timeline starts at the epd at the request, and every entry is in time order;
 *   - the pfd sends `connection 1 2` and the accelerator logs the command issued at the
 *     REQUEST's arrival and the circuit up at issue + L + S (OpticalCircuitSwitch (3)-(4));
 *   - the pfd's circuit goes CONNECTING -> SETTING_UP -> ACTIVE, and the epd logs its
 *     state changes;
 *   - no ACK datagram is logged, and WriteTo puts every entry into a result document.
 */
#include "hybridnet/cluster-builder.h"
#include "hybridnet/cluster-event-log.h"
#include "hybridnet/cluster-topology.h"
#include "hybridnet/endpoint-daemon.h"
#include "hybridnet/result-document.h"

#include "ns3/names.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** The example topology with the command latency pinned to @p latency. */
ClusterTopology
PinnedExample(const std::string& latency)
{
    namespace fs = std::filesystem;
    const fs::path root =
        fs::path(__FILE__).parent_path().parent_path().parent_path().parent_path();
    std::ifstream in(root / "examples" / "topologies" / "lightpath-accelerator.json");
    auto doc = nlohmann::ordered_json::parse(in);
    doc["accelerator"]["commandLatencyMin"] = latency;
    doc["accelerator"]["commandLatencyMax"] = latency;
    doc["accelerator"]["switchingTime"] = "20ms";
    return ClusterTopology::Parse(doc.dump());
}

class PipeTimelineTestCase : public TestCase
{
  public:
    PipeTimelineTestCase()
        : TestCase("event log: a pipe request's timeline from the epd through the pfd and "
                   "the console to the lit circuit, in order, without ACKs")
    {
    }

  private:
    void DoRun() override
    {
        const Time latency = Seconds(1);
        const Time switching = MilliSeconds(20);
        ClusterBuilder cluster;
        cluster.Build(PinnedExample("1s"));
        ClusterEventLog log;
        log.Connect(cluster);
        const Time request = Seconds(1);
        Simulator::Schedule(request, [&cluster]() {
            cluster.GetEndpointDaemon("node1")->RequestPipe(cluster.GetPacketAddress("node2"));
        });
        Simulator::Stop(Seconds(4));
        Simulator::Run();

        const auto& entries = log.GetEntries();
        NS_TEST_ASSERT_MSG_GT(entries.size(), 0, "nothing logged");
        auto find = [&](const std::string& object,
                        const std::string& event,
                        const std::string& part) -> const ClusterEventLog::Entry* {
            auto it = std::find_if(entries.begin(), entries.end(), [&](const auto& e) {
                return e.object == object && e.event == event &&
                       e.detail.find(part) != std::string::npos;
            });
            return it == entries.end() ? nullptr : &*it;
        };
        NS_TEST_EXPECT_MSG_EQ(
            std::is_sorted(entries.begin(),
                           entries.end(),
                           [](const auto& a, const auto& b) { return a.time < b.time; }),
            true,
            "entries in time order");
        const auto* sent = find("epd:node1", "send", "REQUEST");
        const auto* received = find("pfd", "receive", "REQUEST");
        const auto* command = find("ocs", "command", "'connection 1 2'");
        const auto* up = find("ocs", "circuitUp", "ports 1-2");
        const auto* console = find("pfd", "console", "'connection 1 2'");
        const auto* active = find("pfd", "state", "SETTING_UP -> ACTIVE");
        const auto* epdState = find("epd:node1", "state", "REQUESTED");
        NS_TEST_ASSERT_MSG_NE(sent, nullptr, "the epd's REQUEST is logged");
        NS_TEST_ASSERT_MSG_NE(received, nullptr, "the pfd's receipt is logged");
        NS_TEST_ASSERT_MSG_NE(command, nullptr, "the accelerator's command is logged");
        NS_TEST_ASSERT_MSG_NE(up, nullptr, "the circuit coming up is logged");
        NS_TEST_ASSERT_MSG_NE(console, nullptr, "the pfd's console reply is logged");
        NS_TEST_ASSERT_MSG_NE(active, nullptr, "the circuit becomes active");
        NS_TEST_ASSERT_MSG_NE(epdState, nullptr, "the epd's state changes are logged");
        NS_TEST_EXPECT_MSG_EQ(sent->time, request, "REQUEST at the request");
        NS_TEST_EXPECT_MSG_EQ(entries.front().time, request, "nothing before the request");
        NS_TEST_EXPECT_MSG_EQ(entries.front().object, "epd:node1", "the epd starts the timeline");
        // The command reaches the switch a few hundred microseconds after the REQUEST
        // arrives (the console's TCP session over 10 Mb/s), and completes L + S later.
        NS_TEST_EXPECT_MSG_GT(up->time, received->time + latency + switching, "up after L + S");
        NS_TEST_EXPECT_MSG_LT(up->time,
                              received->time + latency + switching + MilliSeconds(5),
                              "up within 5 ms of console delay of L + S");
        NS_TEST_EXPECT_MSG_EQ(command->time, up->time, "the command completes when lit");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(active->time, up->time, "active after the light");
        NS_TEST_EXPECT_MSG_EQ(std::none_of(entries.begin(),
                                           entries.end(),
                                           [](const auto& e) {
                                               return e.detail.find(": ACK ") != std::string::npos;
                                           }),
                              true,
                              "no ACK is logged");

        ResultDocument doc;
        log.WriteTo(doc);
        const auto json = nlohmann::json::parse(doc.Serialize());
        NS_TEST_EXPECT_MSG_EQ(json["events"].size(), entries.size(), "every entry written");
    }

    void DoTeardown() override
    {
        Simulator::Destroy();
        Names::Clear();
    }
};

class ClusterEventLogTestSuite : public TestSuite
{
  public:
    ClusterEventLogTestSuite()
        : TestSuite("hybridnet-cluster-event-log", Type::UNIT)
    {
        AddTestCase(new PipeTimelineTestCase, Duration::QUICK);
    }
};

ClusterEventLogTestSuite g_clusterEventLogTestSuite;

} // namespace
