/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * grid-transfer: the bundled grid site (examples/topologies/grids/grid-testbed.json, 510 hosts)
 * built by GridBuilder, and two TCP transfers across it at once: a tape server to a Fast
 * Ethernet CPU server (its 100 Mb/s link the bottleneck) and a disk server to a GigE CPU
 * server (1 Gb/s), each through two edge switches, three routers and two trunks.
 *
 *     tape 0 --switch-- tape ==1G== core ==8G== cpu --switch-- cpu-fe 0
 *     disk 0 --switch-- disk ==3G== core ==8G== cpu --switch-- cpu-gige 0
 *
 * ns-3's TCP with 1448 B segments and its 128 KiB buffers, 0.5 s.  Prints one line per transfer:
 * its ends and its goodput, Mb/s (at most the link rate x 1448 / 1538: the payload of an
 * Ethernet frame on the wire).  The Python twin is grid-transfer.py.
 *
 * Run:  build/bin/grid-transfer [topology.json]
 */
#include "hybridnet/testbed-module.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"

#include <iomanip>
#include <iostream>

using namespace ns3;
using namespace ns3::hybridnet;

int
main(int argc, char* argv[])
{
    const std::string file = argc > 1 ? argv[1] : HYBRIDNET_GRID_DIR "/grid-testbed.json";
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
    GridBuilder site(GridTopology::Load(file));
    site.Build();
    const GridTopology& t = site.GetTopology();

    const std::vector<std::pair<std::string, std::string>> transfers{{"tape", "cpu-fe"},
                                                                     {"disk", "cpu-gige"}};
    std::vector<Ptr<PacketSink>> sinks;
    for (const auto& [from, to] : transfers)
    {
        const size_t g = t.FindGroup(to);
        const InetSocketAddress at(site.GetAddress(g, 0), uint16_t(5001 + sinks.size()));
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), at.GetPort()));
        sinks.push_back(DynamicCast<PacketSink>(sink.Install(site.GetHosts(g).Get(0)).Get(0)));
        BulkSendHelper bulk("ns3::TcpSocketFactory", at);
        bulk.Install(site.GetHosts(t.FindGroup(from)).Get(0));
    }
    Simulator::Stop(Seconds(0.5));
    Simulator::Run();
    for (size_t i = 0; i < transfers.size(); ++i)
    {
        std::cout << transfers[i].first << " 0 -> " << transfers[i].second << " 0: " << std::fixed
                  << std::setprecision(3) << sinks[i]->GetTotalRx() * 8 / 0.5e6 << " Mb/s\n";
    }
    Simulator::Destroy();
    return 0;
}
