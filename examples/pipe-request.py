#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The study's `pipecreator` from Python: node1 asks for a circuit to node2, the pfd
connects the two accelerator ports through the console, and the event log shows the
request's timeline.  The cluster is built from the example topology file.

    node1 --REQUEST--> frontend (pfd) --"connection 1 2"--> accelerator
    node1 <==== circuit (192.168.0.1 - 192.168.0.2) ====> node2

Prints one line per event: time (s), object, event, detail - the same lines as its C++
twin, pipe-request.cc.  The request is scheduled in C++ (a small cppdef'd function):
callbacks stay in C++, Python reads the log after the run.

Run:  .venv/bin/python examples/pipe-request.py [topology.json]
"""

import sys
from pathlib import Path

import cppyy

import hybridnet

ns = hybridnet.ns  # ns-3 and hybridnet, loaded through cppyy

cppyy.cppdef("""
void hybridnet_example_request_pipe(ns3::hybridnet::ClusterBuilder& cluster) {
    ns3::Simulator::Schedule(ns3::Seconds(1), [&cluster]() {
        cluster.GetEndpointDaemon("node1")->RequestPipe(cluster.GetPacketAddress("node2"));
    });
}
""")


def main() -> None:
    default = Path(__file__).resolve().parent / "topologies" / "lightpath-accelerator.json"
    path = sys.argv[1] if len(sys.argv) > 1 else str(default)
    cluster = ns.hybridnet.ClusterBuilder()
    cluster.Build(ns.hybridnet.ClusterTopology.Load(path))
    log = ns.hybridnet.ClusterEventLog()
    log.Connect(cluster)
    cppyy.gbl.hybridnet_example_request_pipe(cluster)
    ns.Simulator.Stop(ns.Seconds(4))
    ns.Simulator.Run()
    for e in log.GetEntries():
        print(f"{e.time.GetSeconds():.6f} {e.object} {e.event} {e.detail}")
    ns.Simulator.Destroy()


if __name__ == "__main__":
    main()
