/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * path-probe: the bundled hop-by-hop path (examples/topologies/paths/lbnl-cern.json, ten
 * hops from LBNL to CERN about 2000) built by HopPathBuilder, and pipechar run over it from
 * the first host: 16 trains of 8 datagrams of 1500 B per hop.
 *
 *     host --1G-- lbl --1G-- lbl --539M-- snv --539M-- chi --539M-- startap --134.8M-- cern
 *          --1G-- cern --1G-- cern --1G-- cern --100M-- host
 *
 * Prints pipechar's report: a line per hop with its capacity (the narrowest link so far
 * times 1500 / 1502), utilisation and jitter; the last hop marked as the bottleneck, the
 * hops behind a narrower one as unreliable.  The Python twin is path-probe.py.
 *
 * Run:  build/bin/path-probe [path.json]
 */
#include "hybridnet/apps-module.h"
#include "hybridnet/testbed-module.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"

#include <iostream>

using namespace ns3;
using namespace ns3::hybridnet;

int
main(int argc, char* argv[])
{
    const std::string file = argc > 1 ? argv[1] : HYBRIDNET_PATH_DIR "/lbnl-cern.json";
    HopPathBuilder path(HopPath::Load(file));
    path.Build();
    Ptr<Pipechar> pipechar = CreateObject<Pipechar>();
    pipechar->SetAttribute("Remote", Ipv4AddressValue(path.GetReceiverAddress()));
    path.GetSender()->AddApplication(pipechar);
    Simulator::Run();
    std::cout << pipechar->GetReport();
    Simulator::Destroy();
    return 0;
}
