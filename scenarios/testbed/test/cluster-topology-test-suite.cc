/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of ClusterTopology: a valid file is read with every value and default where the
 * class comment puts it; every contradiction and malformed value of the class comment is
 * rejected by Parse() with one line that starts with the JSON path of the setting and
 * names what it conflicts with.  Each rejection case mutates one thing of a valid base
 * topology (the base itself must parse, checked by its own case), so a case fails if the
 * check it names is missing.
 */
#include "hybridnet/cluster-topology.h"
#include "hybridnet/host-profile.h"
#include "input-reject-test-case.h"

#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/type-id.h"

#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

using Json = nlohmann::ordered_json;

/** The parser under test. */
void
Parse(const std::string& text)
{
    ClusterTopology::Parse(text);
}

/** A valid topology: front end, three compute nodes, daemons, one static circuit. */
const char* const kBase = R"({
  "description": "test cluster",
  "hostProfile": "accelerator-xeon",
  "packetNetwork": "10.0.0.0/24",
  "circuitNetwork": "192.168.0.0/24",
  "managementNetwork": "10.0.1.0/24",
  "links": { "rate": "1Gbps", "packetCableDelay": "50ns" },
  "packetSwitch": { "ports": 24, "queuePackets": 100, "flowControl": true },
  "accelerator": { "ports": 6, "managementAddress": "10.0.1.2", "switchingTime": "20ms",
                   "commandLatencyMin": "1s", "commandLatencyMax": "2s" },
  "hosts": [
    { "name": "frontend", "frontEnd": true,
      "packetNic": { "address": "10.0.0.254", "switchPort": 24 },
      "managementNic": { "address": "10.0.1.1" } },
    { "name": "node1",
      "packetNic": { "address": "10.0.0.1", "switchPort": 1 },
      "circuitNic": { "address": "192.168.0.1", "acceleratorPort": 1 } },
    { "name": "node2",
      "packetNic": { "address": "10.0.0.2", "switchPort": 2 },
      "circuitNic": { "address": "192.168.0.2", "acceleratorPort": 2 } },
    { "name": "node3",
      "packetNic": { "address": "10.0.0.3", "switchPort": 3 },
      "circuitNic": { "address": "192.168.0.3", "acceleratorPort": 6 } }
  ],
  "staticCircuits": [ { "hosts": ["node1", "node2"] } ],
  "epd": { "hosts": ["node1", "node2", "node3"], "detectionPolicy": "rate",
           "rateThreshold": "100Mbps", "holdTime": "3500ms", "bytesThreshold": "64MiB",
           "rateWindowSamples": 2, "keepaliveInterval": "1s" },
  "pfd": { "busyPolicy": "deny", "consoleTimeout": "10s", "keepaliveTimeout": "3s",
           "maxRetransmits": 5 }
})";

Json
Base()
{
    return Json::parse(kBase);
}

/** The base parses, and every value lands where the class comment says. */
class ValidTopologyTestCase : public TestCase
{
  public:
    ValidTopologyTestCase()
        : TestCase("base topology: every value read, typed and as written")
    {
    }

  private:
    void DoRun() override
    {
        auto t = ClusterTopology::Parse(kBase);
        NS_TEST_EXPECT_MSG_EQ(t.hostProfile, "accelerator-xeon", "host profile");
        NS_TEST_EXPECT_MSG_EQ(t.packetNetwork.ToString(), "10.0.0.0/24", "packet network");
        NS_TEST_EXPECT_MSG_EQ(t.circuitNetwork.GetMask(), Ipv4Mask("255.255.255.0"), "mask");
        NS_TEST_EXPECT_MSG_EQ(t.circuitNetwork.GetBroadcast(),
                              Ipv4Address("192.168.0.255"),
                              "broadcast");
        NS_TEST_EXPECT_MSG_EQ(t.links.rate->GetBitRate(), 1000000000ULL, "rate");
        NS_TEST_EXPECT_MSG_EQ(*t.links.packetCableDelay, NanoSeconds(50), "cable delay");
        NS_TEST_EXPECT_MSG_EQ(t.links.fiberCableDelay.has_value(), false, "unset stays unset");
        NS_TEST_EXPECT_MSG_EQ(t.packetSwitch.ports, 24, "switch ports");
        NS_TEST_EXPECT_MSG_EQ(*t.packetSwitch.queuePackets, 100, "queue");
        NS_TEST_EXPECT_MSG_EQ(*t.packetSwitch.flowControl, true, "flow control");
        NS_TEST_EXPECT_MSG_EQ(t.accelerator.ports, 6, "accelerator ports");
        NS_TEST_EXPECT_MSG_EQ(*t.accelerator.commandLatencyMax, Seconds(2), "latency");
        NS_TEST_ASSERT_MSG_EQ(t.hosts.size(), 4, "hosts");
        if (t.hosts.size() != 4)
        {
            return;
        }
        NS_TEST_EXPECT_MSG_EQ(t.GetFrontEnd().name, "frontend", "front end");
        NS_TEST_EXPECT_MSG_EQ(*t.GetFrontEnd().managementNic, Ipv4Address("10.0.1.1"), "mgmt");
        const auto* node3 = t.FindHost("node3");
        NS_TEST_ASSERT_MSG_NE(node3, nullptr, "node3");
        if (!node3 || !node3->circuitNic)
        {
            return;
        }
        NS_TEST_EXPECT_MSG_EQ(node3->packetNic.address, Ipv4Address("10.0.0.3"), "address");
        NS_TEST_EXPECT_MSG_EQ(node3->packetNic.switchPort, 3, "switch port");
        NS_TEST_EXPECT_MSG_EQ(node3->circuitNic->acceleratorPort, 6, "accelerator port");
        NS_TEST_EXPECT_MSG_EQ(t.FindHost("node9"), nullptr, "no such host");
        NS_TEST_ASSERT_MSG_EQ(t.staticCircuits.size(), 1, "circuits");
        if (t.staticCircuits.size() != 1)
        {
            return;
        }
        NS_TEST_EXPECT_MSG_EQ(t.staticCircuits[0].hostB, "node2", "circuit end");
        NS_TEST_EXPECT_MSG_EQ(t.staticCircuits[0].at.has_value(), false, "power-up circuit");
        NS_TEST_EXPECT_MSG_EQ(t.epdHosts.size(), 3, "epd hosts");
        NS_TEST_EXPECT_MSG_EQ(t.HasDaemons(), true, "daemons");
        const auto* policy = t.epd.Find("detectionPolicy");
        NS_TEST_ASSERT_MSG_NE(policy, nullptr, "policy kept");
        if (!policy)
        {
            return;
        }
        NS_TEST_EXPECT_MSG_EQ(policy->text, "rate", "as written");
        NS_TEST_EXPECT_MSG_EQ(std::get<std::string>(policy->value), "Rate", "enum name");
        NS_TEST_EXPECT_MSG_EQ(policy->attribute, "DetectionPolicy", "attribute");
        const auto* hold = t.epd.Find("holdTime");
        NS_TEST_EXPECT_MSG_EQ(std::get<Time>(hold->value), MilliSeconds(3500), "hold time");
        NS_TEST_EXPECT_MSG_EQ(hold->text, "3500ms", "hold time text");
        NS_TEST_EXPECT_MSG_EQ(std::get<uint64_t>(t.epd.Find("bytesThreshold")->value),
                              64ULL << 20,
                              "size in bytes");
        NS_TEST_EXPECT_MSG_EQ(std::get<uint64_t>(t.pfd.Find("maxRetransmits")->value), 5, "count");
        NS_TEST_EXPECT_MSG_EQ(t.epd.Find("idleTimeout"), nullptr, "not given: default");
    }
};

/** What an omitted optional member means. */
class DefaultsTestCase : public TestCase
{
  public:
    DefaultsTestCase()
        : TestCase("defaults: accelerator ports from NumPorts, epd on every circuit host, "
                   "no daemons without sections")
    {
    }

  private:
    void DoRun() override
    {
        Json doc = Base();
        doc["accelerator"].erase("ports");
        doc["epd"].erase("hosts");
        doc["hosts"][2].erase("circuitNic");
        doc.erase("staticCircuits");
        auto t = ClusterTopology::Parse(doc.dump());
        NS_TEST_EXPECT_MSG_EQ(t.accelerator.ports, 6, "OpticalCircuitSwitch NumPorts default");
        std::vector<std::string> expected = {"node1", "node3"};
        NS_TEST_EXPECT_MSG_EQ((t.epdHosts == expected), true, "epd hosts: circuit NIC hosts");

        doc.erase("epd");
        doc.erase("pfd");
        auto none = ClusterTopology::Parse(doc.dump());
        NS_TEST_EXPECT_MSG_EQ(none.HasDaemons(), false, "no daemon sections");
        NS_TEST_EXPECT_MSG_EQ(none.epdHosts.size(), 0, "no epd");
    }
};

/** Every daemon key maps to an existing attribute that accepts a parsed value. */
class DaemonKeysTestCase : public TestCase
{
  public:
    DaemonKeysTestCase()
        : TestCase(
              "daemon keys: camelCase of existing EndpointDaemon and PipeFittingDaemon attributes")
    {
    }

  private:
    void DoRun() override
    {
        for (const auto* keys : {&ClusterTopology::GetEndpointSettingKeys(),
                                 &ClusterTopology::GetPipeFittingSettingKeys()})
        {
            for (const auto& k : *keys)
            {
                TypeId tid;
                NS_TEST_ASSERT_MSG_EQ(TypeId::LookupByNameFailSafe(k.typeId, &tid), true, k.typeId);
                TypeId::AttributeInformation info;
                NS_TEST_EXPECT_MSG_EQ(tid.LookupAttributeByName(k.attribute, &info),
                                      true,
                                      k.typeId << " has no attribute " << k.attribute);
                std::string camel = k.attribute;
                camel[0] = std::tolower(camel[0]);
                NS_TEST_EXPECT_MSG_EQ(k.key, camel, "key is the attribute in camelCase");
                for (const auto& [word, name] : k.choices)
                {
                    NS_TEST_EXPECT_MSG_NE(info.checker->CreateValidValue(StringValue(name)),
                                          nullptr,
                                          k.attribute << " rejects " << name);
                }
            }
        }
    }
};

/** Load() reads a file and prefixes messages with its path. */
class LoadTestCase : public TestCase
{
  public:
    LoadTestCase()
        : TestCase("load: file read; messages start with the file's path")
    {
    }

  private:
    void DoRun() override
    {
        namespace fs = std::filesystem;
        fs::path dir = fs::path(CreateTempDirFilename("cluster-topology"));
        fs::create_directories(dir);
        fs::path good = dir / "good.json";
        std::ofstream(good) << kBase;
        NS_TEST_EXPECT_MSG_EQ(ClusterTopology::Load(good.string()).hosts.size(), 4, "loaded");

        Json doc = Base();
        doc["packetSwitch"]["ports"] = 0;
        fs::path bad = dir / "bad.json";
        std::ofstream(bad) << doc.dump();
        std::string message;
        try
        {
            ClusterTopology::Load(bad.string());
        }
        catch (const ClusterTopologyError& e)
        {
            message = e.what();
        }
        NS_TEST_EXPECT_MSG_EQ(message.rfind(bad.string() + ": packetSwitch.ports: ", 0),
                              0,
                              "message: " << message);
        message = "";
        try
        {
            ClusterTopology::Load((dir / "missing.json").string());
        }
        catch (const ClusterTopologyError& e)
        {
            message = e.what();
        }
        NS_TEST_EXPECT_MSG_NE(message.find("cannot read"), std::string::npos, message);
        fs::remove_all(dir);
    }
};

class ClusterTopologyTestSuite : public TestSuite
{
  public:
    ClusterTopologyTestSuite()
        : TestSuite("hybridnet-cluster-topology", Type::UNIT)
    {
        AddTestCase(new ValidTopologyTestCase, Duration::QUICK);
        AddTestCase(new DefaultsTestCase, Duration::QUICK);
        AddTestCase(new DaemonKeysTestCase, Duration::QUICK);
        AddTestCase(new LoadTestCase, Duration::QUICK);

        // A mutation of the base: change it, then expect the message.
        auto reject = [this](const std::string& name,
                             const InputRejectTestCase::Mutation& mutate,
                             const std::string& path,
                             const std::string& phrase) {
            AddTestCase(InputRejectTestCase::Mutated(name, Parse, kBase, mutate, path, phrase),
                        Duration::QUICK);
        };
        // A text: syntax.
        auto rejectText = [this](const std::string& name,
                                 const std::string& text,
                                 const std::string& path,
                                 const std::string& phrase) {
            AddTestCase(new InputRejectTestCase(name, Parse, text, path, phrase), Duration::QUICK);
        };
        auto setHost = [](size_t i, const std::string& pointer, Json value) {
            return [=](Json& d) { d["hosts"][i][Json::json_pointer(pointer)] = value; };
        };

        // Syntax and types.  The missing comma: nlohmann reports the last character it
        // read, the closing quote of the unexpected "packetNetwork" on line 3 (columns 3-17).
        rejectText(
            "malformed JSON (missing comma)",
            "{\n  \"hostProfile\": \"accelerator-xeon\"\n  \"packetNetwork\": \"10.0.0.0/24\"\n}",
            "topology",
            "syntax error at line 3, column 17");
        rejectText("malformed JSON (truncated)",
                   "{\"hosts\": [",
                   "topology",
                   "syntax error at line 1");
        rejectText("not an object", "[1, 2]", "topology", "expected an object");
        rejectText("key given twice",
                   R"({"hosts": [{"name": "a", "packetNic": {"switchPort": 1, "switchPort": 2}}]})",
                   "hosts[0].packetNic.switchPort",
                   "given twice");
        // hostile files: a number beyond a double, nesting without end (issue 24: an
        // uncaught nlohmann exception and a stack overflow)
        rejectText("number beyond a double",
                   R"({"packetSwitch": {"ports": 1e400}})",
                   "packetSwitch.ports",
                   "number overflow parsing '1e400'");
        rejectText("nested 100,000 deep",
                   R"({"hosts": )" + std::string(100000, '[') + std::string(100000, ']') + "}",
                   "topology",
                   "nested deeper than 32 levels");
        reject(
            "wrong type (port as a string)",
            [](Json& d) { d["packetSwitch"]["ports"] = "24"; },
            "packetSwitch.ports",
            "expected a whole number from 1 to 1024, got string \"24\"");
        reject(
            "wrong type (hosts not a list)",
            [](Json& d) { d["hosts"] = Json::object(); },
            "hosts",
            "expected a non-empty list");
        reject("wrong type (frontEnd not a boolean)",
               setHost(0, "/frontEnd", "yes"),
               "hosts[0].frontEnd",
               "expected true or false");
        reject(
            "wrong type (time as number)",
            [](Json& d) { d["accelerator"]["switchingTime"] = 20; },
            "accelerator.switchingTime",
            "expected a time with its unit (a string), got number 20");

        // Keys.
        reject(
            "unknown key, with suggestion",
            [](Json& d) {
                d["hosts"][1]["circuitNic"].erase("acceleratorPort");
                d["hosts"][1]["circuitNic"]["acceleratorport"] = 1;
            },
            "hosts[1].circuitNic.acceleratorport",
            "unknown key 'acceleratorport' (did you mean 'acceleratorPort'?); valid keys of "
            "hosts[1].circuitNic: address, acceleratorPort");
        reject(
            "unknown daemon setting, with the valid ones",
            [](Json& d) { d["epd"]["holdtme"] = "1s"; },
            "epd.holdtme",
            "(did you mean 'holdTime'?); valid keys of epd: hosts, detectionPolicy");
        reject(
            "missing required key (NIC address)",
            [](Json& d) { d["hosts"][1]["packetNic"].erase("address"); },
            "hosts[1].packetNic.address",
            "missing");
        reject(
            "missing required key (circuitNetwork)",
            [](Json& d) { d.erase("circuitNetwork"); },
            "circuitNetwork",
            "missing");
        reject(
            "unknown host profile, names listed",
            [](Json& d) { d["hostProfile"] = "xeon"; },
            "hostProfile",
            "no host profile 'xeon'; bundled: " +
                [] {
                    std::string all;
                    for (const auto& n : HostProfile::Names())
                    {
                        all += (all.empty() ? "" : ", ") + n;
                    }
                    return all;
                }());
        reject(
            "a host profile file that does not load",
            [](Json& d) { d["hostProfile"] = "/nonexistent/host.json"; },
            "hostProfile",
            "/nonexistent/host.json: cannot read the host profile");

        // Hosts and ports.
        reject("duplicate host name",
               setHost(2, "/name", "node1"),
               "hosts[2].name",
               "duplicate host name 'node1' (also hosts[1])");
        reject("invalid host name",
               setHost(2, "/name", "node 2"),
               "hosts[2].name",
               "is not a host name");
        reject("two NICs on one switch port",
               setHost(2, "/packetNic/switchPort", 1),
               "hosts[2].packetNic.switchPort",
               "switch port 1 is already taken by hosts[1].packetNic.switchPort");
        reject("two hosts on one accelerator port",
               setHost(3, "/circuitNic/acceleratorPort", 2),
               "hosts[3].circuitNic.acceleratorPort",
               "accelerator port 2 is already taken by hosts[2].circuitNic.acceleratorPort");
        reject("switch port 0",
               setHost(1, "/packetNic/switchPort", 0),
               "hosts[1].packetNic.switchPort",
               "0 is out of range 1 to 24");
        reject("switch port beyond the switch",
               setHost(1, "/packetNic/switchPort", 25),
               "hosts[1].packetNic.switchPort",
               "25 is beyond the packet switch's 24 ports (packetSwitch.ports)");
        reject("accelerator port beyond the accelerator",
               setHost(2, "/circuitNic/acceleratorPort", 7),
               "hosts[2].circuitNic.acceleratorPort",
               "7 is beyond the accelerator's 6 ports (accelerator.ports)");
        reject(
            "accelerator port beyond a smaller accelerator",
            [](Json& d) { d["accelerator"]["ports"] = 4; },
            "hosts[3].circuitNic.acceleratorPort",
            "6 is beyond the accelerator's 4 ports (accelerator.ports)");
        reject("accelerator port 0",
               setHost(1, "/circuitNic/acceleratorPort", 0),
               "hosts[1].circuitNic.acceleratorPort",
               "0 is out of range 1 to 6");
        reject("negative port",
               setHost(1, "/packetNic/switchPort", -1),
               "hosts[1].packetNic.switchPort",
               "-1 is out of range 1 to 24");

        // Addresses and networks.
        reject("packet address outside its subnet",
               setHost(1, "/packetNic/address", "10.0.2.1"),
               "hosts[1].packetNic.address",
               "10.0.2.1 is outside packetNetwork 10.0.0.0/24");
        reject("circuit address in the packet subnet",
               setHost(1, "/circuitNic/address", "10.0.0.11"),
               "hosts[1].circuitNic.address",
               "10.0.0.11 is outside circuitNetwork 192.168.0.0/24");
        reject(
            "accelerator address outside the management subnet",
            [](Json& d) { d["accelerator"]["managementAddress"] = "10.0.0.200"; },
            "accelerator.managementAddress",
            "10.0.0.200 is outside managementNetwork 10.0.1.0/24");
        reject("duplicate address",
               setHost(2, "/packetNic/address", "10.0.0.1"),
               "hosts[2].packetNic.address",
               "10.0.0.1 is already the address of hosts[1].packetNic.address");
        reject("management address of the front end = the accelerator's",
               setHost(0, "/managementNic/address", "10.0.1.2"),
               "hosts[0].managementNic.address",
               "10.0.1.2 is already the address of accelerator.managementAddress");
        reject("network address as host address",
               setHost(1, "/packetNic/address", "10.0.0.0"),
               "hosts[1].packetNic.address",
               "10.0.0.0 is the network address of packetNetwork 10.0.0.0/24");
        reject("broadcast address as host address",
               setHost(2, "/circuitNic/address", "192.168.0.255"),
               "hosts[2].circuitNic.address",
               "192.168.0.255 is the broadcast address of circuitNetwork 192.168.0.0/24");
        reject("malformed address",
               setHost(1, "/packetNic/address", "10.0.0.256"),
               "hosts[1].packetNic.address",
               "'10.0.0.256' is not an IPv4 address");
        reject(
            "network with host bits",
            [](Json& d) { d["packetNetwork"] = "10.0.0.1/24"; },
            "packetNetwork",
            "'10.0.0.1/24' has host bits set; the network is 10.0.0.0/24");
        reject(
            "malformed network",
            [](Json& d) { d["circuitNetwork"] = "192.168.0.0/33"; },
            "circuitNetwork",
            "is not an IPv4 network a.b.c.d/n");
        reject(
            "overlapping networks",
            [](Json& d) { d["managementNetwork"] = "10.0.0.0/16"; },
            "managementNetwork",
            "10.0.0.0/16 overlaps packetNetwork 10.0.0.0/24");
        reject(
            "management netmask other than 24 bits",
            [](Json& d) { d["managementNetwork"] = "10.0.1.0/30"; },
            "managementNetwork",
            "is not a /24");

        // Front end.
        reject(
            "no front end",
            [](Json& d) {
                d["hosts"][0].erase("frontEnd");
                d["hosts"][0].erase("managementNic");
            },
            "hosts",
            "no front end");
        reject("two front ends",
               setHost(2, "/frontEnd", true),
               "hosts[2].frontEnd",
               "a second front end; hosts[0] (frontend) is already the front end");
        reject(
            "front end without a management cable",
            [](Json& d) { d["hosts"][0].erase("managementNic"); },
            "hosts[0]",
            "the front end 'frontend' has no managementNic");
        reject("management cable on a compute node",
               setHost(1, "/managementNic", Json{{"address", "10.0.1.9"}}),
               "hosts[1].managementNic",
               "only the front end has the accelerator's management cable");

        // Names used elsewhere.
        reject(
            "epd on a host that does not exist",
            [](Json& d) { d["epd"]["hosts"][2] = "node9"; },
            "epd.hosts[2]",
            "no host named 'node9' in hosts (did you mean 'node1'?)");
        reject(
            "static circuit to a host that does not exist",
            [](Json& d) { d["staticCircuits"][0]["hosts"][1] = "nod2"; },
            "staticCircuits[0].hosts[1]",
            "no host named 'nod2' in hosts (did you mean 'node2'?)");
        reject(
            "static circuit on a host without a circuit NIC",
            [](Json& d) { d["staticCircuits"][0]["hosts"][1] = "frontend"; },
            "staticCircuits[0].hosts[1]",
            "a static circuit on host 'frontend', which has no circuitNic");
        reject(
            "epd on a host without a circuit NIC",
            [](Json& d) { d["epd"]["hosts"][0] = "frontend"; },
            "epd.hosts[0]",
            "an epd on host 'frontend', which has no circuitNic");
        reject(
            "epd host listed twice",
            [](Json& d) { d["epd"]["hosts"][2] = "node1"; },
            "epd.hosts[2]",
            "'node1' is listed twice");
        reject(
            "a port in two static circuits",
            [](Json& d) {
                d["staticCircuits"].push_back(Json{{"hosts", {"node3", "node2"}}, {"at", "30s"}});
            },
            "staticCircuits[1].hosts[1]",
            "'node2' (accelerator port 2) is already in staticCircuits[0]");
        reject(
            "a circuit from a host to itself",
            [](Json& d) { d["staticCircuits"][0]["hosts"][1] = "node1"; },
            "staticCircuits[0].hosts",
            "a circuit joins two different hosts");
        reject(
            "a circuit with three ends",
            [](Json& d) { d["staticCircuits"][0]["hosts"].push_back("node3"); },
            "staticCircuits[0].hosts",
            "expected two host names");

        // Values.
        reject(
            "time without unit",
            [](Json& d) { d["pfd"]["consoleTimeout"] = "10"; },
            "pfd.consoleTimeout",
            "'10' has no unit");
        reject(
            "rate with a bad unit",
            [](Json& d) { d["epd"]["rateThreshold"] = "12abc"; },
            "epd.rateThreshold",
            "unknown unit 'abc'");
        reject(
            "negative time",
            [](Json& d) { d["staticCircuits"][0]["at"] = "-1s"; },
            "staticCircuits[0].at",
            "negative time");
        reject(
            "size without unit",
            [](Json& d) { d["epd"]["bytesThreshold"] = "1000"; },
            "epd.bytesThreshold",
            "'1000' has no unit");
        reject(
            "count as a negative number",
            [](Json& d) { d["pfd"]["maxRetransmits"] = -1; },
            "pfd.maxRetransmits",
            "-1 is out of range");
        reject(
            "choice not offered",
            [](Json& d) { d["pfd"]["busyPolicy"] = "wait"; },
            "pfd.busyPolicy",
            "'wait' is not one of queue, deny, preempt");

        // Ranges of the attributes the values set.
        reject(
            "switching time out of the attribute's range",
            [](Json& d) { d["accelerator"]["switchingTime"] = "11s"; },
            "accelerator.switchingTime",
            "'11s' is out of range 0 s to 10 s (ns3::hybridnet::OpticalCircuitSwitch "
            "attribute SwitchingTime)");
        reject(
            "accelerator with one port",
            [](Json& d) { d["accelerator"]["ports"] = 1; },
            "accelerator.ports",
            "'1' is out of range 2 to 1024");
        reject(
            "link rate above the NIC's",
            [](Json& d) { d["links"]["rate"] = "40Gbps"; },
            "links.rate",
            "'40Gbps' is out of range 10 Mb/s to 10 Gb/s");
        reject(
            "rate threshold below the epd's",
            [](Json& d) { d["epd"]["rateThreshold"] = "999bps"; },
            "epd.rateThreshold",
            "'999bps' is out of range 1 kb/s to 100 Gb/s");
        reject(
            "hold time out of the epd's range",
            [](Json& d) { d["epd"]["holdTime"] = "2h"; },
            "epd.holdTime",
            "'2h' is out of range 0 to 1 h");
        reject(
            "retransmissions out of the pfd's range",
            [](Json& d) { d["pfd"]["maxRetransmits"] = 101; },
            "pfd.maxRetransmits",
            "'101' is out of range 0 to 100");
        reject(
            "switch with more ports than accepted",
            [](Json& d) { d["packetSwitch"]["ports"] = 1025; },
            "packetSwitch.ports",
            "1025 is out of range 1 to 1024");
        reject(
            "cable delay out of the channel's range",
            [](Json& d) { d["links"]["packetCableDelay"] = "2s"; },
            "links.packetCableDelay",
            "'2s' is out of range 0 s to 1 s");

        // Settings that must agree.
        reject(
            "command latency range empty",
            [](Json& d) { d["accelerator"]["commandLatencyMin"] = "3s"; },
            "accelerator.commandLatencyMin",
            "commandLatencyMin 3s exceeds commandLatencyMax 2s");
        reject(
            "command latency range empty against the default maximum",
            [](Json& d) {
                d["accelerator"].erase("commandLatencyMax");
                d["accelerator"]["commandLatencyMin"] = "2500ms";
            },
            "accelerator.commandLatencyMin",
            "commandLatencyMin 2500ms exceeds commandLatencyMax 2s (default)");
        reject(
            "pfd keepalive timeout not above the epd keepalive interval",
            [](Json& d) { d["pfd"]["keepaliveTimeout"] = "1s"; },
            "pfd.keepaliveTimeout",
            "pfd.keepaliveTimeout 1s does not exceed epd.keepaliveInterval 1s");
        reject(
            "epd keepalive interval not below the pfd's default timeout",
            [](Json& d) {
                d["pfd"].erase("keepaliveTimeout");
                d["epd"]["keepaliveInterval"] = "5s";
            },
            "epd.keepaliveInterval",
            "pfd.keepaliveTimeout 3s (default) does not exceed epd.keepaliveInterval 5s");
        reject(
            "pfd console timeout shorter than the accelerator's slowest command",
            [](Json& d) { d["pfd"]["consoleTimeout"] = "2010ms"; },
            "pfd.consoleTimeout",
            "pfd.consoleTimeout 2010ms does not exceed the accelerator's slowest command, "
            "accelerator.commandLatencyMax 2s + accelerator.switchingTime 20ms");
    }
};

ClusterTopologyTestSuite g_clusterTopologyTestSuite;

} // namespace
