#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""A data-grid application's block pipeline from Python, over one 100 Mb/s, 1 ms link: a
server that computes each 64 KiB block for 5 ms and send()s it, reading the next block while
it sends (asynchronous I/O), and a client that reads each block and writes it to /dev/null -
every stage logged by a NetLogger (netlogger module).

    n0 (BlockPipelineSender) ====== 100 Mb/s, 1 ms ====== n1 (BlockPipelineReceiver)

Prints the run's events as NetLogger ULM lines - the same lines as its C++ twin,
block-pipeline.cc - and reads them back with hybridnet.netlogger into each block's lifeline
(to stderr, so that the two twins' standard outputs stay the same).

Run:  .venv/bin/python examples/block-pipeline.py
"""

import sys

import hybridnet
from hybridnet import netlogger

ns = hybridnet.ns  # ns-3 and hybridnet, loaded through cppyy


def main() -> None:
    nodes = ns.NodeContainer(2)
    ns.hybridnet.LfnTcpHelper().Install(nodes)  # a window update when the client reads
    ns.InternetStackHelper().Install(nodes)
    link = ns.PointToPointHelper()
    link.SetDeviceAttribute("DataRate", ns.StringValue("100Mbps"))
    link.SetChannelAttribute("Delay", ns.StringValue("1ms"))
    ip = ns.Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(link.Install(nodes))

    log = ns.CreateObject[ns.hybridnet.NetLogger]()
    client = ns.CreateObject[ns.hybridnet.BlockPipelineReceiver]()
    client.SetAttribute("Blocks", ns.UintegerValue(4))
    client.SetAttribute("BlockSize", ns.UintegerValue(65536))
    client.SetLogger(log)
    nodes.Get(1).AddApplication(client)
    server = ns.CreateObject[ns.hybridnet.BlockPipelineSender]()
    server.SetAttribute("Remote", ns.Ipv4AddressValue(ip.GetAddress(1)))
    server.SetAttribute("Blocks", ns.UintegerValue(4))
    server.SetAttribute("BlockSize", ns.UintegerValue(65536))
    server.SetAttribute("Source", ns.StringValue("Compute"))
    server.SetAttribute("ComputeTime", ns.StringValue("5ms"))
    server.SetAttribute("Overlap", ns.BooleanValue(True))
    server.SetLogger(log)
    nodes.Get(0).AddApplication(server)
    ns.Simulator.Stop(ns.Seconds(10))  # the client is done long before
    ns.Simulator.Run()

    lines = [str(record.Format(log.GetEpoch())) for record in log.GetRecords()]
    print("\n".join(lines))
    stages, lifelines = netlogger.lifelines([netlogger.parse_line(line) for line in lines])
    for block, points in lifelines.items():
        path = " -> ".join(f"{stages[s]} {t * 1e3:.3f} ms" for t, s in points)
        print(f"block {block}: {path}", file=sys.stderr)
    ns.Simulator.Destroy()


if __name__ == "__main__":
    main()
