/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * farm-tokens: an event-filter farm of four PCs behind a sub-farm controller, one of them
 * at half speed, once with round robin and once with control tokens.
 *
 *     source ---- SFC ---- node 0 (speed 0.5)
 *                     \--- node 1, node 2, node 3 (speed 1)     (point-to-point, 1 Gb/s)
 *
 * 150 events a second, 10 kB each, for 4 s; 20 ms of processing at speed 1, queues of 5.
 * Round robin sends the slow node every 4th event, 37.5 a second, of which it finishes 25:
 * its queue fills and it loses the rest. Tokens (two credits a node) send each node what it
 * finishes. Prints each node's decided and lost events and the mean latency. Its Python
 * twin, farm-tokens.py, prints the same lines.
 *
 * Run:  build/bin/farm-tokens
 */
#include "hybridnet/farm-module.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"

#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::hybridnet;

namespace
{

double g_latencySum = 0; //!< seconds, over the decisions the SFC received
uint64_t g_latencyCount = 0;

void
Decided(uint32_t, uint64_t, Time latency, bool)
{
    g_latencySum += latency.GetSeconds();
    ++g_latencyCount;
}

void
Run(const std::string& policy)
{
    g_latencySum = 0;
    g_latencyCount = 0;
    NodeContainer hosts(6); // 0 source, 1 SFC, 2-5 nodes
    InternetStackHelper().Install(hosts);
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    link.SetChannelAttribute("Delay", StringValue("10us"));
    Ipv4AddressHelper ip("10.0.0.0", "255.255.255.0");
    const Ipv4Address sfcAddress =
        ip.Assign(link.Install(hosts.Get(0), hosts.Get(1))).GetAddress(1);
    std::vector<Ipv4Address> nodeAddresses;
    for (uint32_t i = 0; i < 4; ++i)
    {
        ip.NewNetwork();
        nodeAddresses.push_back(
            ip.Assign(link.Install(hosts.Get(1), hosts.Get(2 + i))).GetAddress(1));
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    ObjectFactory policyFactory(policy);
    auto sfc = CreateObject<SubFarmController>();
    sfc->SetAttribute("Policy", PointerValue(policyFactory.Create<FarmAssignmentPolicy>()));
    sfc->TraceConnectWithoutContext("Decided", MakeCallback(&Decided));
    hosts.Get(1)->AddApplication(sfc);
    std::vector<Ptr<FarmNode>> nodes;
    for (uint32_t i = 0; i < 4; ++i)
    {
        auto node = CreateObject<FarmNode>();
        node->SetAttribute("Index", UintegerValue(i));
        node->SetAttribute("Controller", AddressValue(InetSocketAddress(sfcAddress, 9001)));
        node->SetAttribute("ProcessingTime",
                           StringValue("ns3::ConstantRandomVariable[Constant=0.02]"));
        node->SetAttribute("Speed", DoubleValue(i == 0 ? 0.5 : 1.0));
        node->SetAttribute("QueueLimit", UintegerValue(5));
        node->SetAttribute("Credits",
                           UintegerValue(policy == "ns3::hybridnet::TokenAssignment" ? 2 : 0));
        hosts.Get(2 + i)->AddApplication(node);
        sfc->AddNode(InetSocketAddress(nodeAddresses[i], 9100));
        nodes.push_back(node);
    }
    auto source = CreateObject<FarmEventSource>();
    source->SetAttribute("Remote", AddressValue(InetSocketAddress(sfcAddress, 9000)));
    source->SetAttribute(
        "InterArrival",
        StringValue("ns3::ConstantRandomVariable[Constant=0.00666666666666666667]"));
    source->SetAttribute("EventSize", StringValue("ns3::ConstantRandomVariable[Constant=10000]"));
    source->SetAttribute("MaxEvents", UintegerValue(600));
    source->SetStartTime(MilliSeconds(1));
    hosts.Get(0)->AddApplication(source);
    Simulator::Stop(Seconds(5));
    Simulator::Run();

    std::cout << policy << ": " << source->GetSent() << " events, " << sfc->GetDecided()
              << " decided, mean latency " << std::fixed << std::setprecision(3)
              << 1e3 * g_latencySum / double(g_latencyCount) << " ms\n";
    for (uint32_t i = 0; i < 4; ++i)
    {
        std::cout << "  node " << i << ": " << nodes[i]->GetDecided() << " decided, "
                  << nodes[i]->GetLost() << " lost\n";
    }
    Simulator::Destroy();
}

} // namespace

int
main()
{
    Run("ns3::hybridnet::RoundRobinAssignment");
    Run("ns3::hybridnet::TokenAssignment");
    return 0;
}
