/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * block-pipeline: a data-grid application's block pipeline over one 100 Mb/s, 1 ms link -
 * a server that computes each 64 KiB block for 5 ms and send()s it, reading the next block
 * while it sends (asynchronous I/O), and a client that reads each block and writes it to
 * /dev/null - with every stage logged by a NetLogger (netlogger module), as NetLogger's
 * instrumented applications did.
 *
 *     n0 (BlockPipelineSender) ====== 100 Mb/s, 1 ms ====== n1 (BlockPipelineReceiver)
 *
 * Prints the run's events as NetLogger ULM lines (DATE HOST PROG NL.EVNT ID): four blocks,
 * eight events each; `hybridnet lifelines` draws them from a file.  The Python twin is
 * block-pipeline.py.
 *
 * Run:  build/bin/block-pipeline
 */
#include "hybridnet/apps-module.h"
#include "hybridnet/netlogger-module.h"
#include "hybridnet/tcp-module.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"

#include <iostream>

using namespace ns3;
using namespace ns3::hybridnet;

int
main()
{
    NodeContainer nodes(2);
    LfnTcpHelper().Install(nodes); // a window update when the client reads, as Linux
    InternetStackHelper().Install(nodes);
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
    link.SetChannelAttribute("Delay", StringValue("1ms"));
    Ipv4InterfaceContainer ip =
        Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(link.Install(nodes));

    Ptr<NetLogger> log = CreateObject<NetLogger>();
    Ptr<BlockPipelineReceiver> client = CreateObject<BlockPipelineReceiver>();
    client->SetAttribute("Blocks", UintegerValue(4));
    client->SetAttribute("BlockSize", UintegerValue(65536));
    client->SetLogger(log);
    nodes.Get(1)->AddApplication(client);
    Ptr<BlockPipelineSender> server = CreateObject<BlockPipelineSender>();
    server->SetAttribute("Remote", Ipv4AddressValue(ip.GetAddress(1)));
    server->SetAttribute("Blocks", UintegerValue(4));
    server->SetAttribute("BlockSize", UintegerValue(65536));
    server->SetAttribute("Source", StringValue("Compute"));
    server->SetAttribute("ComputeTime", StringValue("5ms"));
    server->SetAttribute("Overlap", BooleanValue(true));
    server->SetLogger(log);
    nodes.Get(0)->AddApplication(server);
    client->SetDoneCallback(Callback<void>([]() { Simulator::Stop(); }));
    Simulator::Run();

    for (const UlmRecord& record : log->GetRecords())
    {
        std::cout << record.Format(log->GetEpoch()) << "\n";
    }
    Simulator::Destroy();
    return 0;
}
