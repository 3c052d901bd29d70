#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The bundled grid site (examples/topologies/grids/grid-testbed.json, 510 hosts) built by
GridBuilder from Python, and two TCP transfers across it at once: a tape server to a Fast
Ethernet CPU server (its 100 Mb/s link the bottleneck) and a disk server to a GigE CPU
server (1 Gb/s), each through two edge switches, three routers and two trunks.

    tape 0 --switch-- tape ==1G== core ==8G== cpu --switch-- cpu-fe 0
    disk 0 --switch-- disk ==3G== core ==8G== cpu --switch-- cpu-gige 0

ns-3's TCP with 1448 B segments and its 128 KiB buffers, 0.5 s. Prints the same lines as its C++
twin, grid-transfer.cc: each transfer's ends and goodput, Mb/s.

Run:  .venv/bin/python examples/grid-transfer.py [topology.json]
"""

import sys
from pathlib import Path

import hybridnet

ns = hybridnet.ns  # ns-3 and hybridnet, loaded through cppyy


def main() -> None:
    default = Path(__file__).resolve().parent / "topologies" / "grids" / "grid-testbed.json"
    path = sys.argv[1] if len(sys.argv) > 1 else str(default)
    ns.Config.SetDefault("ns3::TcpSocket::SegmentSize", ns.UintegerValue(1448))
    site = ns.hybridnet.GridBuilder(ns.hybridnet.GridTopology.Load(path))
    site.Build()
    t = site.GetTopology()
    transfers = [("tape", "cpu-fe"), ("disk", "cpu-gige")]
    sinks = []
    for source, sink_group in transfers:
        g = t.FindGroup(sink_group)
        port = 5001 + len(sinks)
        at = ns.InetSocketAddress(site.GetAddress(g, 0), port)
        sink = ns.PacketSinkHelper(
            "ns3::TcpSocketFactory", ns.InetSocketAddress(ns.Ipv4Address.GetAny(), port).ConvertTo()
        )
        sinks.append(sink.Install(site.GetHosts(g).Get(0)).Get(0))
        bulk = ns.BulkSendHelper("ns3::TcpSocketFactory", at.ConvertTo())
        bulk.Install(site.GetHosts(t.FindGroup(source)).Get(0))
    ns.Simulator.Stop(ns.Seconds(0.5))
    ns.Simulator.Run()
    for (source, sink_group), app in zip(transfers, sinks, strict=True):
        received = ns.DynamicCast[ns.PacketSink](app).GetTotalRx()
        print(f"{source} 0 -> {sink_group} 0: {received * 8 / 0.5e6:.3f} Mb/s")
    ns.Simulator.Destroy()


if __name__ == "__main__":
    main()
