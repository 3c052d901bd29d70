# SPDX-License-Identifier: GPL-2.0-only
"""event-filter-farm: strict flags, one result file, determinism, and the study's expected
outcome in its crispest form - periodic arrivals and fixed processing times, so that the
numbers follow from the rates: round robin overloads slow nodes and loses what they cannot
finish, tokens do not; on identical nodes both give the same latencies."""

from __future__ import annotations

import json
import subprocess

import pytest
from conftest import replaced

#: 3 s of events, fixed processing times: each of 16 nodes is sent 667 / 16 = 41.7 events
#: a second, 20 ms each (83 % busy at speed 1)
SHORT = ["--duration=3s", "--warmup=0.5s", "--arrivals=periodic", "--processing=deterministic"]

BAD = [
    # (arguments, text the one-line message must contain)
    (["--nodes=0"], "--nodes"),
    (["--queueLimit=0"], "--queueLimit"),
    (["--credits=0"], "--credits"),
    (["--policy=random"], "one of roundRobin, tokens, leastOutstanding"),
    (["--processing=pareto"], "--processing"),
    (["--processingCv=-1"], "--processingCv"),
    (["--eventRate=0"], "--eventRate"),
    (["--eventRate=12abc"], "--eventRate"),
    (["--processingTime=20"], "--processingTime"),
    (["--slowNodes=17"], "slowNodes <= nodes"),
    (["--failNodes=16"], "failNodes < nodes"),
    (["--warmup=10s"], "warmup < duration"),
    (["--sfcBuffer=0B"], "--sfcBuffer"),
    (["--credits=11"], "credits <= queueLimit"),
]


@pytest.fixture(scope="session")
def farm(bin_dir):
    return bin_dir / "event-filter-farm"


def run(farm, tmp_path, *args, name="r.json"):
    out = tmp_path / name
    proc = subprocess.run(
        [str(farm), *replaced(SHORT, args), f"--output={out}"], capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(out.read_text())


def metric(doc, name):
    return doc["metrics"][name]["value"]


@pytest.mark.parametrize("args,expected", BAD)
def test_bad_input_is_one_line_exit_2(farm, tmp_path, args, expected):
    out = tmp_path / "r.json"
    proc = subprocess.run(
        [str(farm), *args, f"--output={out}"], capture_output=True, text=True, cwd=tmp_path
    )
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("event-filter-farm: error: ")
    assert expected in lines[0]
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []


def test_same_seed_same_bytes(farm, tmp_path):
    args = ["--arrivals=poisson", "--processing=exponential", "--policy=leastOutstanding"]
    raw = []
    for name in ("a.json", "b.json"):
        run(farm, tmp_path, *args, name=name)
        raw.append((tmp_path / name).read_bytes().partition(b'"wallClock"')[0])
    assert raw[0] == raw[1]


def test_result_loads_with_every_series(farm, tmp_path):
    doc = run(farm, tmp_path, "--nodes=4", "--eventRate=150")
    assert {"nodes", "occupancy", "latencyCdf"} <= set(doc["series"])
    nodes = doc["series"]["nodes"]
    assert nodes["node"]["values"] == [0, 1, 2, 3]
    assert metric(doc, "eventsDecided") == metric(doc, "eventsEntered")
    cdf = doc["series"]["latencyCdf"]
    assert cdf["latency"]["values"] == sorted(cdf["latency"]["values"])


#: an event of 100,000 B as fragments of 1444 B (D = 1472 less the farm header's 28): 69
#: frames of 1538 B on the wire (1500 B IP, Ethernet header, FCS, preamble and gap) and one
#: of 458 B; they reach the node at its Fast Ethernet rate, after the first has crossed
#: the SFC's GigE and two links of 500 ns
TRANSFER_MS = ((69 * 1538 + 458) * 8 / 100e6 + 1538 * 8 / 1e9 + 2 * 500e-9) * 1e3


def test_identical_nodes_round_robin_and_tokens_alike(farm, tmp_path):
    """Periodic arrivals and fixed service on identical nodes: every node is sent every
    16th event whichever the policy (tokens: each node's token comes back before its turn),
    so no event waits and every latency is the event's transfer to its node plus 20 ms."""
    rr = run(farm, tmp_path, "--policy=roundRobin", name="rr.json")
    tokens = run(farm, tmp_path, "--policy=tokens", "--credits=2", name="tk.json")
    for doc in (rr, tokens):
        assert metric(doc, "lossFraction") == 0
        for name in ("latencyMean", "latencyP50", "latencyMax"):
            assert metric(doc, name) == pytest.approx(20 + TRANSFER_MS, abs=0.02), name
    assert metric(rr, "latencyMean") == pytest.approx(metric(tokens, "latencyMean"), rel=0.01)


def test_slow_nodes_round_robin_loses_tokens_do_not(farm, tmp_path):
    """Four of 16 nodes at half speed (40 ms an event): the farm's capacity, 12 / 20 ms + 4
    / 40 ms = 700 events/s, exceeds the 667 offered, but round robin sends each slow node
    41.7 a second of which it finishes 25: once its queue of 10 is full it loses the rest,
    (41.7 - 25) / 41.7 of its events over the run less the queue, about 40 %, a tenth of
    all. Tokens, with two credits so that a node's next event is on its way while it
    processes, send each node what it finishes: nothing lost."""
    slow = ["--slowNodes=4", "--slowSpeed=0.5", "--switchQueue=200"]
    rr = run(farm, tmp_path, *slow, "--policy=roundRobin", name="rr.json")
    tokens = run(farm, tmp_path, *slow, "--policy=tokens", "--credits=2", name="tk.json")
    sent = metric(rr, "eventsSent")
    # each slow node: sent sent / 16, finishes 3 s / 40 ms = 75, holds 10 at the end
    expected = 4 * (sent / 16 - 75 - 10)
    assert metric(rr, "nodeLost") == pytest.approx(expected, abs=8)
    assert metric(tokens, "lossFraction") == 0
    assert metric(tokens, "latencyP99") < metric(rr, "latencyP99")
    lost = rr["series"]["nodes"]["lost"]["values"]
    assert all(v > 0 for v in lost[:4]) and all(v == 0 for v in lost[4:])


def test_a_failed_node_under_tokens_costs_nothing_but_capacity(farm, tmp_path):
    """A node that fails stops sending tokens, so tokens send it nothing after the events it
    held; round robin keeps sending it every 16th event, all lost."""
    fail = ["--failNodes=1", "--failAt=1s"]
    rr = run(farm, tmp_path, *fail, "--policy=roundRobin", name="rr.json")
    tokens = run(farm, tmp_path, *fail, "--policy=tokens", "--credits=2", name="tk.json")
    failed_rr = rr["series"]["nodes"]["lost"]["values"][-1]
    failed_tokens = tokens["series"]["nodes"]["lost"]["values"][-1]
    # round robin: every 16th event of the 2 s after the failure
    assert failed_rr == pytest.approx(2 * 667 / 16, abs=3)
    assert failed_tokens <= 2  # what it held when it failed
