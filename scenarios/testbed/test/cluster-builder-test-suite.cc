/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of ClusterBuilder: the example topology of the study's testbed is consistent
 * with the shared reference and builds; what is built matches the file one to one (nodes,
 * devices, switch ports, which accelerator port each circuit NIC reaches, addresses,
 * static ARP on the packet network, daemons with the file's settings); an echo crosses
 * the packet network through the switch, and the circuit network only through a lit
 * circuit - at once for a power-up circuit, and for a circuit with a time not before
 * at + L + S (OpticalCircuitSwitch equations (3) and (4)).
 */
#include "hybridnet/cluster-builder.h"
#include "hybridnet/cluster-topology.h"
#include "hybridnet/endpoint-daemon.h"
#include "hybridnet/flow-steering.h"
#include "hybridnet/optical-circuit-switch.h"
#include "hybridnet/packet-switch.h"
#include "hybridnet/phy-relay-port.h"
#include "hybridnet/pipe-fitting-daemon.h"

#include "ns3/arp-cache.h"
#include "ns3/channel.h"
#include "ns3/enum.h"
#include "ns3/ipv4-interface.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/names.h"
#include "ns3/node-list.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/udp-echo-helper.h"
#include "ns3/uinteger.h"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

/** The example file, found from this source file: examples/topologies/. */
std::string
ExamplePath()
{
    namespace fs = std::filesystem;
    fs::path root = fs::path(__FILE__).parent_path().parent_path().parent_path().parent_path();
    return (root / "examples" / "topologies" / "lightpath-accelerator.json").string();
}

/** The example with @p change applied to its JSON. */
ClusterTopology
Example(const std::function<void(nlohmann::ordered_json&)>& change)
{
    std::ifstream in(ExamplePath());
    auto doc = nlohmann::ordered_json::parse(in);
    change(doc);
    return ClusterTopology::Parse(doc.dump());
}

/** The other end of a device's cable. */
Ptr<NetDevice>
Peer(Ptr<NetDevice> device)
{
    Ptr<Channel> channel = device->GetChannel();
    if (!channel || channel->GetNDevices() != 2)
    {
        return nullptr;
    }
    return channel->GetDevice(0) == device ? channel->GetDevice(1) : channel->GetDevice(0);
}

/** Simulator and Names are process-wide: every case starts and ends clean. */
class BuilderTestCase : public TestCase
{
  public:
    using TestCase::TestCase;

  protected:
    void DoTeardown() override
    {
        Simulator::Destroy();
        Names::Clear();
    }
};

/** The example file states the reference's testbed. */
class ExampleTopologyTestCase : public BuilderTestCase
{
  public:
    ExampleTopologyTestCase()
        : BuilderTestCase("example topology: the reference testbed (10.x and 192.168.x "
                          "subnets of 24 bits, 24-port switch, 6-port accelerator)")
    {
    }

  private:
    void DoRun() override
    {
        auto t = ClusterTopology::Load(ExamplePath());
        NS_TEST_EXPECT_MSG_EQ((t.packetNetwork.address.Get() >> 24), 10, "10.x packet subnet");
        NS_TEST_EXPECT_MSG_EQ((t.circuitNetwork.address.Get() >> 16),
                              ((192u << 8) | 168u),
                              "192.168.x circuit subnet");
        NS_TEST_EXPECT_MSG_EQ(t.packetNetwork.prefixLength, 24, "packet /24");
        NS_TEST_EXPECT_MSG_EQ(t.circuitNetwork.prefixLength, 24, "circuit /24");
        NS_TEST_EXPECT_MSG_EQ(t.packetSwitch.ports, 24, "24-port switch");
        NS_TEST_EXPECT_MSG_EQ(t.accelerator.ports, 6, "six-port accelerator");
        NS_TEST_EXPECT_MSG_EQ(t.hostProfile, "accelerator-xeon", "the study's hosts");
        NS_TEST_EXPECT_MSG_EQ(t.links.rate->GetBitRate(), 1000000000ULL, "GigE");
        size_t compute = 0;
        for (const auto& h : t.hosts)
        {
            compute += h.circuitNic ? 1 : 0;
            NS_TEST_EXPECT_MSG_EQ((h.frontEnd != h.circuitNic.has_value()),
                                  true,
                                  h.name << ": compute nodes have two NICs, the front end one");
        }
        NS_TEST_EXPECT_MSG_EQ((compute >= 3 && compute <= 4), true, "3-4 compute nodes");
        NS_TEST_EXPECT_MSG_EQ(t.HasDaemons(), true, "automatic offload: epd and pfd");
        NS_TEST_EXPECT_MSG_EQ(t.epdHosts.size(), compute, "an epd on every compute node");
    }
};

/** Counts and wiring of the built cluster match the file. */
class BuildTestCase : public BuilderTestCase
{
  public:
    BuildTestCase()
        : BuilderTestCase("build: nodes, devices, ports, cables and addresses as in the file")
    {
    }

  private:
    void DoRun() override
    {
        auto t = ClusterTopology::Load(ExamplePath());
        uint32_t nodesBefore = NodeList::GetNNodes();
        ClusterBuilder cluster;
        cluster.Build(t);
        size_t hosts = t.hosts.size();
        size_t circuitNics = 0;
        for (const auto& h : t.hosts)
        {
            circuitNics += h.circuitNic ? 1 : 0;
        }
        // hosts, the two switches, one media converter per circuit NIC
        NS_TEST_EXPECT_MSG_EQ(NodeList::GetNNodes() - nodesBefore,
                              hosts + 2 + circuitNics,
                              "node count");
        NS_TEST_EXPECT_MSG_EQ(cluster.GetHosts().GetN(), hosts, "host nodes");
        NS_TEST_EXPECT_MSG_EQ(cluster.GetPacketSwitch()->GetNPorts(), hosts, "switch ports");
        NS_TEST_EXPECT_MSG_EQ(cluster.GetAccelerator()->GetNPorts(), t.accelerator.ports, "OCS");
        // accelerator node: its fiber ports, the management port, the internet stack's
        // loopback
        NS_TEST_EXPECT_MSG_EQ(cluster.GetAcceleratorNode()->GetNDevices(),
                              t.accelerator.ports + 2,
                              "accelerator devices");

        std::vector<std::pair<uint32_t, Ptr<NetDevice>>> portsByNumber;
        for (const auto& h : t.hosts)
        {
            Ptr<Node> node = cluster.GetNode(h.name);
            NS_TEST_EXPECT_MSG_EQ(Names::Find<Node>(h.name), node, h.name << " named");
            // loopback, packet NIC, and the circuit NIC or the management NIC
            uint32_t devices = 2 + (h.circuitNic ? 1 : 0) + (h.managementNic ? 1 : 0);
            NS_TEST_EXPECT_MSG_EQ(node->GetNDevices(), devices, h.name << " devices");
            Ptr<NetDevice> nic = cluster.GetPacketDevice(h.name);
            NS_TEST_EXPECT_MSG_EQ(nic->GetInstanceTypeId().GetName(),
                                  "ns3::hybridnet::NicNetDevice",
                                  "packet NIC model");
            NS_TEST_EXPECT_MSG_EQ(Peer(nic), cluster.GetSwitchPort(h.name), "NIC cabled to port");
            NS_TEST_EXPECT_MSG_EQ(Peer(nic)->GetNode(), cluster.GetPacketSwitchNode(), "switch");
            portsByNumber.emplace_back(h.packetNic.switchPort, cluster.GetSwitchPort(h.name));
            Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
            int32_t i = ipv4->GetInterfaceForDevice(nic);
            NS_TEST_ASSERT_MSG_GT(i, 0, "packet interface");
            if (i <= 0)
            {
                return;
            }
            NS_TEST_EXPECT_MSG_EQ(ipv4->GetAddress(i, 0).GetLocal(),
                                  h.packetNic.address,
                                  h.name << " packet address");
            NS_TEST_EXPECT_MSG_EQ(ipv4->GetAddress(i, 0).GetMask(),
                                  t.packetNetwork.GetMask(),
                                  "packet mask");
            NS_TEST_EXPECT_MSG_EQ((cluster.GetFlowSteering(h.name) != nullptr), true, "steering");
            if (h.circuitNic)
            {
                // NIC -- copper -- converter -- fiber -- accelerator port p
                Ptr<NetDevice> circuit = cluster.GetCircuitDevice(h.name);
                Ptr<Node> converter = Peer(circuit)->GetNode();
                NS_TEST_ASSERT_MSG_EQ(converter->GetNDevices(), 2, "media converter");
                if (converter->GetNDevices() != 2)
                {
                    return;
                }
                Ptr<NetDevice> fiberSide = converter->GetDevice(0) == Peer(circuit)
                                               ? converter->GetDevice(1)
                                               : converter->GetDevice(0);
                NS_TEST_EXPECT_MSG_EQ(
                    Peer(fiberSide),
                    Ptr<NetDevice>(
                        cluster.GetAccelerator()->GetPort(h.circuitNic->acceleratorPort)),
                    h.name << " reaches accelerator port " << h.circuitNic->acceleratorPort);
                int32_t c = ipv4->GetInterfaceForDevice(circuit);
                NS_TEST_EXPECT_MSG_EQ(ipv4->GetAddress(c, 0).GetLocal(),
                                      h.circuitNic->address,
                                      h.name << " circuit address");
                NS_TEST_EXPECT_MSG_EQ(ipv4->GetAddress(c, 0).GetMask(),
                                      t.circuitNetwork.GetMask(),
                                      "circuit mask");
                NS_TEST_EXPECT_MSG_EQ(cluster.GetCircuitAddress(h.name), h.circuitNic->address, "");
            }
        }
        // PacketSwitch ports in the order of the front-panel numbers.
        std::sort(portsByNumber.begin(), portsByNumber.end(), [](const auto& a, const auto& b) {
            return a.first < b.first;
        });
        for (uint32_t i = 0; i < portsByNumber.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(Ptr<NetDevice>(cluster.GetPacketSwitch()->GetPort(i)),
                                  portsByNumber[i].second,
                                  "switch port index " << i);
        }
        // The management cable ends on the accelerator node.
        NS_TEST_EXPECT_MSG_EQ(Peer(cluster.GetManagementDevice())->GetNode(),
                              cluster.GetAcceleratorNode(),
                              "management cable");
        // Static ARP: node1 knows node3's MAC before any traffic.
        Ptr<Ipv4L3Protocol> ipv4 = cluster.GetNode("node1")->GetObject<Ipv4L3Protocol>();
        auto cache =
            ipv4->GetInterface(ipv4->GetInterfaceForDevice(cluster.GetPacketDevice("node1")))
                ->GetArpCache();
        ArpCache::Entry* entry = cache->Lookup(cluster.GetPacketAddress("node3"));
        NS_TEST_ASSERT_MSG_NE(entry, nullptr, "ARP entry for node3");
        if (!entry)
        {
            return;
        }
        NS_TEST_EXPECT_MSG_EQ(entry->GetMacAddress(),
                              cluster.GetPacketDevice("node3")->GetAddress(),
                              "node3's MAC");
    }
};

/** Daemons where the file puts them, with the file's settings. */
class DaemonsTestCase : public BuilderTestCase
{
  public:
    DaemonsTestCase()
        : BuilderTestCase("daemons: pfd on the front end, epd on the epd hosts, settings applied")
    {
    }

  private:
    void DoRun() override
    {
        auto t = Example([](auto& d) {
            d["epd"]["hosts"] = {"node1", "node3"};
            d["epd"]["holdTime"] = "2500ms";
            d["epd"]["detectionPolicy"] = "bytes";
            d["pfd"]["busyPolicy"] = "deny";
            d["pfd"]["maxRetransmits"] = 7;
        });
        ClusterBuilder cluster;
        cluster.Build(t);
        Ptr<PipeFittingDaemon> pfd = cluster.GetPipeFittingDaemon();
        NS_TEST_ASSERT_MSG_NE(pfd, nullptr, "pfd");
        if (!pfd)
        {
            return;
        }
        NS_TEST_EXPECT_MSG_EQ(pfd->GetNode(), cluster.GetNode("frontend"), "pfd on the front end");
        StringValue text;
        pfd->GetAttribute("BusyPolicy", text);
        NS_TEST_EXPECT_MSG_EQ(text.Get(), "Deny", "pfd policy from the file");
        UintegerValue retransmits;
        pfd->GetAttribute("MaxRetransmits", retransmits);
        NS_TEST_EXPECT_MSG_EQ(retransmits.Get(), 7, "pfd retransmissions from the file");
        Ipv4AddressValue console;
        pfd->GetAttribute("ConsoleAddress", console);
        NS_TEST_EXPECT_MSG_EQ(console.Get(), t.accelerator.managementAddress, "console address");
        for (const std::string name : {"node1", "node3"})
        {
            Ptr<EndpointDaemon> epd = cluster.GetEndpointDaemon(name);
            NS_TEST_ASSERT_MSG_NE(epd, nullptr, "epd on " << name);
            if (!epd)
            {
                return;
            }
            NS_TEST_EXPECT_MSG_EQ(epd->GetNode(), cluster.GetNode(name), "its node");
            TimeValue hold;
            epd->GetAttribute("HoldTime", hold);
            NS_TEST_EXPECT_MSG_EQ(hold.Get(), MilliSeconds(2500), "hold time from the file");
            epd->GetAttribute("DetectionPolicy", text);
            NS_TEST_EXPECT_MSG_EQ(text.Get(), "Bytes", "policy from the file");
            Ipv4AddressValue pfdAddress;
            epd->GetAttribute("PipeFittingAddress", pfdAddress);
            NS_TEST_EXPECT_MSG_EQ(pfdAddress.Get(),
                                  cluster.GetPacketAddress("frontend"),
                                  "epd talks to the pfd on the packet network");
        }
        NS_TEST_EXPECT_MSG_EQ(cluster.GetEndpointDaemon("node2"), nullptr, "node2 not listed");
        NS_TEST_EXPECT_MSG_EQ(cluster.GetEndpointDaemon("frontend"), nullptr, "no epd on fe");
    }
};

/**
 * An echo from node1 to @p destination every @p interval from 0.5 s; the receive times
 * of the replies, and how many frames each of node1's NICs sent.
 */
struct EchoRun
{
    std::vector<Time> replies;
    uint32_t packetNicFrames{0};
    uint32_t circuitNicFrames{0};
};

EchoRun
Echo(ClusterBuilder& cluster, const std::string& to, bool circuit, Time stop)
{
    EchoRun run;
    Ipv4Address destination =
        circuit ? cluster.GetCircuitAddress(to) : cluster.GetPacketAddress(to);
    UdpEchoServerHelper server(9);
    server.Install(cluster.GetNode(to)).Start(Seconds(0));
    UdpEchoClientHelper client(destination, 9);
    client.SetAttribute("MaxPackets", UintegerValue(1000));
    client.SetAttribute("Interval", TimeValue(MilliSeconds(250)));
    client.SetAttribute("PacketSize", UintegerValue(64));
    ApplicationContainer apps = client.Install(cluster.GetNode("node1"));
    apps.Start(MilliSeconds(500));
    apps.Get(0)->TraceConnectWithoutContext("Rx", MakeCallback(+[](EchoRun* r, Ptr<const Packet>) {
                                                      r->replies.push_back(Simulator::Now());
                                                  }).Bind(&run));
    cluster.GetPacketDevice("node1")->TraceConnectWithoutContext(
        "MacTx",
        MakeCallback(+[](uint32_t* n, Ptr<const Packet>) { ++*n; }).Bind(&run.packetNicFrames));
    cluster.GetCircuitDevice("node1")->TraceConnectWithoutContext(
        "MacTx",
        MakeCallback(+[](uint32_t* n, Ptr<const Packet>) { ++*n; }).Bind(&run.circuitNicFrames));
    Simulator::Stop(stop);
    Simulator::Run();
    return run;
}

/** Echo over the packet network: through the switch, nothing on the circuit NIC. */
class PacketEchoTestCase : public BuilderTestCase
{
  public:
    PacketEchoTestCase()
        : BuilderTestCase("echo over the packet network: every request answered, NIC 1 only")
    {
    }

  private:
    void DoRun() override
    {
        ClusterBuilder cluster;
        cluster.Build(Example([](auto& d) {
            d.erase("epd");
            d.erase("pfd");
        }));
        uint32_t towardNode3 = 0;
        cluster.GetSwitchPort("node3")->TraceConnectWithoutContext(
            "PhyTxBegin",
            MakeCallback(+[](uint32_t* n, Ptr<const Packet>) { ++*n; }).Bind(&towardNode3));
        auto run = Echo(cluster, "node3", false, Seconds(2));
        // requests at 0.5, 0.75, ..., 1.75 s: 6, each answered within microseconds
        NS_TEST_EXPECT_MSG_EQ(run.replies.size(), 6, "replies");
        NS_TEST_EXPECT_MSG_EQ(run.packetNicFrames, 6, "requests on NIC 1 (static ARP)");
        NS_TEST_EXPECT_MSG_EQ(run.circuitNicFrames, 0, "nothing on NIC 2");
        NS_TEST_EXPECT_MSG_EQ(towardNode3, 6, "requests through node3's switch port");
    }
};

/**
 * Echo over the circuit network.  A power-up circuit (no "at") is lit from t = 0; a
 * circuit with "at" is lit at at + L + S (equations (3) and (4), L = 1 s fixed here,
 * S = 20 ms); a host without a circuit gets no answer: light goes nowhere.
 */
class CircuitEchoTestCase : public BuilderTestCase
{
  public:
    CircuitEchoTestCase(std::string name, std::string peer, std::optional<Time> at)
        : BuilderTestCase("echo over the circuit network to " + peer + ": " + name),
          m_peer(std::move(peer)),
          m_at(at)
    {
    }

  private:
    void DoRun() override
    {
        std::optional<Time> at = m_at;
        ClusterBuilder cluster;
        cluster.Build(Example([at](auto& d) {
            d.erase("epd");
            d.erase("pfd");
            d["accelerator"]["commandLatencyMin"] = "1s";
            d["accelerator"]["commandLatencyMax"] = "1s";
            d["accelerator"]["switchingTime"] = "20ms";
            nlohmann::ordered_json circuit = {{"hosts", {"node1", "node2"}}};
            if (at)
            {
                circuit["at"] = std::to_string(at->GetMilliSeconds()) + "ms";
            }
            d["staticCircuits"] = nlohmann::ordered_json::array({circuit});
        }));
        auto run = Echo(cluster, m_peer, true, Seconds(5));
        NS_TEST_EXPECT_MSG_EQ(run.packetNicFrames, 0, "nothing on NIC 1");
        NS_TEST_EXPECT_MSG_GT(run.circuitNicFrames, 0, "requests (and ARP) on NIC 2");
        if (m_peer != "node2")
        {
            NS_TEST_EXPECT_MSG_EQ(run.replies.size(), 0, "no circuit, no answer");
            return;
        }
        NS_TEST_ASSERT_MSG_GT(run.replies.size(), 0, "answered");
        if (run.replies.empty())
        {
            return;
        }
        Time lit = at ? *at + Seconds(1) + MilliSeconds(20) : Seconds(0);
        NS_TEST_EXPECT_MSG_GT_OR_EQ(run.replies.front(), lit, "no answer before the light");
        if (!at)
        {
            // requests at 0.5, 0.75, ..., 4.75 s: 18, all answered (ARP on the first)
            NS_TEST_EXPECT_MSG_EQ(run.replies.size(), 18, "every request answered");
            NS_TEST_EXPECT_MSG_LT(run.replies.front(), MilliSeconds(510), "first at once");
        }
        else
        {
            // the last request, at 4.75 s, is long after the light: answered
            NS_TEST_EXPECT_MSG_GT(run.replies.back(), MilliSeconds(4750), "answered at the end");
        }
    }

    std::string m_peer;
    std::optional<Time> m_at;
};

class ClusterBuilderTestSuite : public TestSuite
{
  public:
    ClusterBuilderTestSuite()
        : TestSuite("hybridnet-cluster-builder", Type::SYSTEM)
    {
        AddTestCase(new ExampleTopologyTestCase, Duration::QUICK);
        AddTestCase(new BuildTestCase, Duration::QUICK);
        AddTestCase(new DaemonsTestCase, Duration::QUICK);
        AddTestCase(new PacketEchoTestCase, Duration::QUICK);
        AddTestCase(new CircuitEchoTestCase("power-up circuit", "node2", std::nullopt),
                    Duration::QUICK);
        AddTestCase(new CircuitEchoTestCase("circuit at 1500ms", "node2", MilliSeconds(1500)),
                    Duration::QUICK);
        AddTestCase(new CircuitEchoTestCase("no circuit", "node3", std::nullopt), Duration::QUICK);
    }
};

ClusterBuilderTestSuite g_clusterBuilderTestSuite;

} // namespace
