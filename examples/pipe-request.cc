/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * pipe-request: the study's `pipecreator` - node1 asks for a circuit to node2, the pfd
 * connects the two accelerator ports through the console, and the event log shows the
 * request's timeline.  The cluster is built from the example topology file.
 *
 *     node1 --REQUEST--> frontend (pfd) --"connection 1 2"--> accelerator
 *     node1 <==== circuit (192.168.0.1 - 192.168.0.2) ====> node2
 *
 * Prints one line per event: time (s), object, event, detail.  The Python twin is
 * pipe-request.py.
 *
 * Run:  build/bin/pipe-request [topology.json]
 */
#include "hybridnet/offload-module.h"
#include "hybridnet/testbed-module.h"

#include "ns3/core-module.h"

#include <iomanip>
#include <iostream>

using namespace ns3;
using namespace ns3::hybridnet;

int
main(int argc, char* argv[])
{
    const std::string file =
        argc > 1 ? argv[1] : HYBRIDNET_TOPOLOGY_DIR "/lightpath-accelerator.json";
    ClusterBuilder cluster;
    cluster.Build(ClusterTopology::Load(file));
    ClusterEventLog log;
    log.Connect(cluster);

    Simulator::Schedule(Seconds(1), [&cluster]() {
        cluster.GetEndpointDaemon("node1")->RequestPipe(cluster.GetPacketAddress("node2"));
    });
    Simulator::Stop(Seconds(4));
    Simulator::Run();

    for (const auto& e : log.GetEntries())
    {
        std::cout << std::fixed << std::setprecision(6) << e.time.GetSeconds() << " " << e.object
                  << " " << e.event << " " << e.detail << "\n";
    }
    Simulator::Destroy();
    return 0;
}
