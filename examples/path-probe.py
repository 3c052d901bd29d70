#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The bundled hop-by-hop path (examples/topologies/paths/lbnl-cern.json, ten hops from LBNL
to CERN about 2000) built by HopPathBuilder from Python, and pipechar run over it from the
first host: 16 trains of 8 datagrams of 1500 B per hop.

Prints the same report as its C++ twin, path-probe.cc: a line per hop with its capacity
(the narrowest link so far times 1500 / 1502), utilisation and jitter; the last hop marked
as the bottleneck, the hops behind a narrower one as unreliable.

Run:  .venv/bin/python examples/path-probe.py [path.json]
"""

import sys
from pathlib import Path

import hybridnet

ns = hybridnet.ns  # ns-3 and hybridnet, loaded through cppyy


def main() -> None:
    default = Path(__file__).resolve().parent / "topologies" / "paths" / "lbnl-cern.json"
    path = ns.hybridnet.HopPathBuilder(
        ns.hybridnet.HopPath.Load(sys.argv[1] if len(sys.argv) > 1 else str(default))
    )
    path.Build()
    pipechar = ns.CreateObject[ns.hybridnet.Pipechar]()
    pipechar.SetAttribute("Remote", ns.Ipv4AddressValue(path.GetReceiverAddress()))
    path.GetSender().AddApplication(pipechar)
    ns.Simulator.Run()
    print(pipechar.GetReport(), end="")
    ns.Simulator.Destroy()


if __name__ == "__main__":
    main()
