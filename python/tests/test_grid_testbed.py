# SPDX-License-Identifier: GPL-2.0-only
"""grid-testbed: strict flags and topology files, and bulk TCP over the bundled site held
to first principles - the max-min fair share computed here, independently of the
scenario's own, from the topology file; the aggregate goodput at that share times the
payload share of the bottleneck's line rate; and the link counters carrying the data one
way along the route and only ACKs the other."""

from __future__ import annotations

import json
import subprocess
from collections import defaultdict
from pathlib import Path

import pytest
from conftest import rejected

TOPOLOGY = (
    Path(__file__).resolve().parents[2] / "examples" / "topologies" / "grids" / "grid-testbed.json"
)
#: full-size segments with timestamps: payload per IP packet, and per Ethernet frame on the
#: wire (header 14, FCS 4, preamble 8, gap 12)
PAYLOAD, IP_PACKET, ETHERNET_WIRE = 1448, 1500, 1538

BAD = [
    (["--from=nosuch"], "--from: 'nosuch' is not a group of"),
    (["--to=tape", "--from=tape", "--flows=0"], "--flows"),
    (["--warmup=3s"], "warmup < duration"),
    (["--duration=2"], "--duration"),
    (["--topology=missing"], "--topology"),
]


@pytest.fixture(scope="session")
def grid(bin_dir):
    return bin_dir / "grid-testbed"


def run(grid, tmp_path, *args, name="r.json"):
    out = tmp_path / name
    proc = subprocess.run([str(grid), *args, f"--output={out}"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return json.loads(out.read_text())


def metric(doc, name):
    return doc["metrics"][name]["value"]


def bad_input(grid, tmp_path, args):
    folder = tmp_path / "refused"
    folder.mkdir()
    return rejected(grid, folder, args)


@pytest.mark.parametrize("args,expected", BAD)
def test_bad_input_is_one_line_exit_2(grid, tmp_path, args, expected):
    assert expected in bad_input(grid, tmp_path, args)


def test_bad_topology_file_names_file_and_setting(grid, tmp_path):
    doc = json.loads(TOPOLOGY.read_text())
    doc["trunks"][2]["between"] = ["tape", "tape"]
    path = tmp_path / "site.json"
    path.write_text(json.dumps(doc))
    line = bad_input(grid, tmp_path, [f"--topology={path}"])
    assert f"{path}: trunks[2].between: joins router 'tape' to itself" in line


def routes(topology: dict, sender: tuple, receiver: tuple) -> list:
    """The links (name, direction) a flow crosses: host links, uplinks between switches,
    the trunks of the fewest-trunk route (the backbone here is a star: at most two)."""
    (g, i), (h, j) = sender, receiver
    groups = {x["name"]: x for x in topology["groups"]}
    a, b = groups[g], groups[h]
    links = [(("host", g, i), 0), (("host", h, j), 1)]
    sa, sb = i // a["hostsPerSwitch"], j // b["hostsPerSwitch"]
    if (g, sa) != (h, sb):
        links += [(("uplink", g, sa), 0), (("uplink", h, sb), 1)]
    hops = [a["router"]] if a["router"] == b["router"] else [a["router"], "core", b["router"]]
    hops = [r for n, r in enumerate(hops) if n == 0 or r != hops[n - 1]]
    for x, y in zip(hops, hops[1:], strict=False):
        links.append((("trunk", *sorted((x, y))), (x, y)))
    return links


def capacity(topology: dict, link) -> float:
    (kind, *key), _ = link
    if kind == "trunk":
        (trunk,) = [t for t in topology["trunks"] if sorted(t["between"]) == key]
        return rate(trunk["rate"])
    group = next(x for x in topology["groups"] if x["name"] == key[0])
    return rate(group["rate"] if kind == "host" else group["uplinkRate"])


def rate(text: str) -> float:
    for unit, scale in (("Gbps", 1e9), ("Mbps", 1e6)):
        if text.endswith(unit):
            return float(text[: -len(unit)]) * scale
    raise ValueError(text)


def max_min(topology: dict, flows: list) -> list[float]:
    """Progressive filling: raise every unfrozen flow's rate together until a link is
    full, freeze the flows on it, repeat."""
    paths = [routes(topology, *f) for f in flows]
    left = {link: capacity(topology, link) for path in paths for link in path}
    share, frozen = [0.0] * len(flows), [False] * len(flows)
    while not all(frozen):
        users = defaultdict(int)
        for n, path in enumerate(paths):
            for link in path:
                users[link] += not frozen[n]
        step = min(left[link] / k for link, k in users.items() if k)
        for link, k in users.items():
            left[link] -= step * k
        for n, path in enumerate(paths):
            if not frozen[n]:
                share[n] += step
                frozen[n] = any(left[link] <= 1e-6 for link in path)
    return share


def flows(topology: dict, source: str, sink: str, count: int) -> list:
    size = {x["name"]: x["hosts"] for x in topology["groups"]}
    same = int(source == sink)
    return [((source, n % size[source]), (sink, (n + same) % size[sink])) for n in range(count)]


#: (from, to, flows): Fast Ethernet senders behind two GigE uplinks (48 and 12 of them);
#: GigE disk servers into the 3 Gb/s trunk; CPU servers among themselves across switches
CASES = [("cpu-fe", "disk", 60), ("disk", "cpu-gige", 48), ("cpu-gige", "cpu-gige", 30)]


@pytest.mark.parametrize("source,sink,count", CASES)
def test_scenario_share_is_max_min(grid, tmp_path, source, sink, count):
    """The scenario's max-min share (1) equals this independent one, sum and minimum."""
    topology = json.loads(TOPOLOGY.read_text())
    share = max_min(topology, flows(topology, source, sink, count))
    doc = run(
        grid,
        tmp_path,
        f"--from={source}",
        f"--to={sink}",
        f"--flows={count}",
        "--duration=2ms",
        "--warmup=1ms",
        "--startWindow=1ms",
    )
    assert metric(doc, "maxMinAggregate") == pytest.approx(sum(share) / 1e6, rel=1e-9)
    assert metric(doc, "maxMinMin") == pytest.approx(min(share) / 1e6, rel=1e-9)


def test_share_by_hand():
    """The progressive filling itself on the first case, by hand: 48 Fast Ethernet senders
    share switch 0's 1 Gb/s uplink (20.8 Mb/s each), the other 12 switch 1's (83.3 Mb/s,
    under their 100 Mb/s links); 2 Gb/s in all, under the 3 Gb/s trunk."""
    topology = json.loads(TOPOLOGY.read_text())
    share = max_min(topology, flows(topology, "cpu-fe", "disk", 60))
    assert share[:48] == pytest.approx([1e9 / 48] * 48)
    assert share[48:] == pytest.approx([1e9 / 12] * 12)


def test_aggregate_at_max_min_and_links_carry_the_route(grid, tmp_path):
    """60 Fast Ethernet senders to the disk servers: the bottlenecks are the two GigE
    uplinks, full, so the aggregate goodput is the max-min sum, 2 Gb/s, times the payload
    share of an Ethernet frame on the wire (1448 / 1538).  The data cross the cpu - core
    trunk from cpu and the core - disk trunk toward disk, and the disk group's uplinks down:
    each as IP bytes, goodput x 1500 / 1448, within what the window's edges move; the
    other directions carry the ACKs only."""
    doc = run(
        grid,
        tmp_path,
        "--from=cpu-fe",
        "--to=disk",
        "--flows=60",
        "--duration=600ms",
        "--warmup=200ms",
    )
    goodput = metric(doc, "goodput")
    assert goodput == pytest.approx(2000 * PAYLOAD / ETHERNET_WIRE, rel=0.02)
    links = doc["series"]["links"]
    rows = zip(
        *(links[c]["values"] for c in ("kind", "index", "direction", "throughput")), strict=True
    )
    carried = {(int(k), int(i), int(d)): t for k, i, d, t in rows}
    data = goodput * IP_PACKET / PAYLOAD
    for row in [
        (0, 0, 1),
        (0, 1, 0),
        (1, 1, 0),
        (1, 2, 1),
    ]:  # cpu>core, core>disk, fe up, disk down
        assert carried[row] == pytest.approx(data, rel=0.02), row
    for row in [(0, 0, 0), (0, 1, 1), (1, 1, 1), (1, 2, 0)]:
        assert carried[row] < 0.05 * data, row
    assert carried[(0, 2, 0)] == carried[(0, 2, 1)] == 0  # the tape trunk is idle
