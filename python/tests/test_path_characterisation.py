# SPDX-License-Identifier: GPL-2.0-only
"""path-characterisation: strict flags and path files, and pchar and pipechar over known
paths held to first principles - the ground truth in the series is the file's, pchar's
duration is the closed sum of its gaps and the idle path's round trips (Pchar (3)), its
estimates on an exact clock are the links' rates, pipechar's capacities are the narrowest
link so far times 1500 / 1502 (PPP), and cross traffic on a hop shows as utilisation there."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from conftest import rejected

BUNDLED = (
    Path(__file__).resolve().parents[2] / "examples" / "topologies" / "paths" / "lbnl-cern.json"
)
#: a small path: rates (bit/s) and one-way delays (s)
SMALL = [(100e6, 1e-3), (10e6, 5e-3), (100e6, 1e-3)]
PPP = 2  # bytes of framing per packet
ANSWER = 56  # bytes of an ICMP error: IP, ICMP, the quoted IP header and 8 bytes

BAD = [
    (["--mtu=1600B"], "above the path's MTU of 1500 B"),
    (["--firstHop=0"], "--firstHop"),
    (["--maxHops=256"], "--maxHops"),
    (["--firstHop=5", "--maxHops=3"], "firstHop <= maxHops"),
    (["--increment=1000B"], "at least two probe sizes"),
    (["--timerResolution=1"], "--timerResolution"),
    (["--tool=traceroute"], "--tool"),
    (["--path=missing"], "--path"),
]


@pytest.fixture(scope="session")
def tool(bin_dir):
    return bin_dir / "path-characterisation"


def write_path(tmp_path: Path, hops, cross=None) -> Path:
    doc = {"hops": []}
    for i, (rate, delay) in enumerate(hops):
        hop = {"name": f"h{i + 1}", "rate": f"{rate:.0f}bps", "delay": f"{delay * 1e6:.0f}us"}
        if cross and i in cross:
            hop["cross"] = {"rate": cross[i]}
        doc["hops"].append(hop)
    path = tmp_path / "path.json"
    path.write_text(json.dumps(doc))
    return path


def run(tool, tmp_path, *args):
    out = tmp_path / "r.json"
    proc = subprocess.run([str(tool), *args, f"--output={out}"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return json.loads(out.read_text())


def metric(doc, name):
    return doc["metrics"][name]["value"]


def column(doc, name):
    return doc["series"]["hops"][name]["values"]


def bad_input(tool, tmp_path, args):
    """Refused in one line, exit 2, and neither the result nor the --report file written."""
    folder = tmp_path / "refused"
    folder.mkdir()
    return rejected(tool, folder, [*args, f"--report={folder / 'report.txt'}"])


@pytest.mark.parametrize("args,expected", BAD)
def test_bad_input_is_one_line_exit_2(tool, tmp_path, args, expected):
    assert expected in bad_input(tool, tmp_path, args)


@pytest.mark.parametrize(
    "change,expected",
    [
        (lambda d: d["hops"][1].update(rate="0bps"), "hops[1].rate"),
        (lambda d: d.update(hops=[]), "hops: must be a list of 1 to 64 hops"),
        (lambda d: d["hops"][0].update(speed="1Gbps"), "hops[0].speed"),
        (lambda d: d["hops"][5].update(cross={"rate": "200Mbps"}), "hops[5].cross.rate"),
    ],
)
def test_bad_path_file_names_file_and_setting(tool, tmp_path, change, expected):
    doc = json.loads(BUNDLED.read_text())
    change(doc)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    line = bad_input(tool, tmp_path, [f"--path={path}"])

    assert f"{path}: {expected}" in line


def pchar_duration(hops, sizes, repetitions, gap):
    """Pchar's time on an idle path: per hop and size, repetitions x (gap + round trip)."""
    total = 0.0
    for h in range(1, len(hops) + 1):
        for s in sizes:
            rtt = sum(8 * (s + PPP + ANSWER + PPP) / r + 2 * d for r, d in hops[:h])
            total += repetitions * (gap + rtt)
    return total


def test_pchar_exact_clock_gives_the_links(tool, tmp_path):
    path = write_path(tmp_path, SMALL)
    doc = run(
        tool,
        tmp_path,
        f"--path={path}",
        "--tool=pchar",
        "--timerResolution=0s",
        "--repetitions=2",
        "--increment=256B",
        "--gap=10ms",
    )
    assert metric(doc, "complete") == 1 and metric(doc, "hopsMeasured") == 3
    assert column(doc, "rate") == [r / 1e6 for r, _ in SMALL]
    assert column(doc, "delay") == pytest.approx([d for _, d in SMALL], rel=1e-12)
    assert column(doc, "estimate") == pytest.approx([r / 1e6 for r, _ in SMALL], rel=1e-6)
    assert metric(doc, "bandwidthErrorMax") < 1e-6
    assert metric(doc, "negativeBandwidths") == 0
    sizes = range(256, 1501, 256)
    assert metric(doc, "duration") == pytest.approx(pchar_duration(SMALL, sizes, 2, 0.01), rel=1e-9)
    assert metric(doc, "probes") == 3 * len(sizes) * 2


def test_pchar_stops_at_max_hops_and_writes_its_report(tool, tmp_path):
    report = tmp_path / "pchar.txt"
    doc = run(
        tool, tmp_path, "--tool=pchar", "--maxHops=2", "--repetitions=1", f"--report={report}"
    )
    assert metric(doc, "hopsMeasured") == 2 and metric(doc, "hops") == 10
    text = report.read_text()
    assert text.startswith("pchar to 10.0.10.2 using UDP/IPv4")
    assert text.count("Hop char:") == 2


def test_pipechar_on_the_bundled_path(tool, tmp_path):
    """Each hop's capacity is the narrowest link so far times 1500 / 1502; the bottleneck is
    the last hop; the hops behind a narrower link are not reliable."""
    doc = run(tool, tmp_path, "--tool=pipechar", "--trains=4")
    rates = column(doc, "rate")
    narrowest = [min(rates[: i + 1]) * 1500 / 1502 for i in range(len(rates))]
    # one 1 us tick in a train of 7 gaps: at most 1 / (7 x 12.016 us) at 1 Gb/s
    assert column(doc, "estimate") == pytest.approx(narrowest, rel=0.012)
    reliable = [1.0 if i == 0 or r < min(rates[:i]) * 0.9 else 0.0 for i, r in enumerate(rates)]
    assert column(doc, "reliable") == reliable
    assert metric(doc, "bottleneckFound") == 1 and metric(doc, "estimatedBottleneckHop") == 10
    assert metric(doc, "probes") == 10 * 4 * 8


def test_cross_traffic_shows_as_utilisation_at_its_hop(tool, tmp_path):
    """Half the 10 Mb/s hop in cross traffic spreads trains there (idle, the 1 us clock's
    rounding gives at most 0.2 %); the first hop, before it, sees none."""
    path = write_path(tmp_path, SMALL, cross={1: "5Mbps"})
    doc = run(tool, tmp_path, f"--path={path}", "--tool=pipechar", "--trains=32")
    utilisation = column(doc, "utilisation")
    assert utilisation[0] < 0.01
    assert utilisation[1] > 0.02
    assert column(doc, "jitter")[1] > 10 * column(doc, "jitter")[0]
    # the least-disturbed train still finds the link
    assert column(doc, "estimate")[1] == pytest.approx(10 * 1500 / 1502, rel=0.01)
