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
    (["--subfarms=0"], "--subfarms"),
    (["--readoutUnits=0"], "--readoutUnits"),
    (["--readoutQueue=0"], "--readoutQueue"),
    (["--throttleOn=1.5"], "--throttleOn"),
    (["--throttleOn=0.5", "--throttleOff=0.6"], "throttleOff <= throttleOn"),
    (["--processing=trace"], "processingTrace is given exactly when processing=trace"),
    (["--processingTrace=t.txt"], "processingTrace is given exactly when processing=trace"),
    (["--processing=trace", "--processingTrace=missing.txt"], "missing.txt: cannot be read"),
    (["--sfcHost=pentium"], "--sfcHost"),
    (["--acceptFraction=1.5"], "--acceptFraction"),
    (["--slowHost=farm-pentium-800"], "slowHost is same with --nodeHost=none"),
    (["--nodeHost=none", "--slowHost=none"], "--slowHost"),
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


@pytest.mark.parametrize(
    "text,expected",
    [
        ("20ms\n12\n", "t.txt:2: '12' has no unit"),
        ("# processing times\n\n20ms\n0s\n", "t.txt:4: '0s' is no duration (> 0)"),
        ("20ms\n-3ms\n", "t.txt:2:"),
        ("12abc\n", "t.txt:1:"),
        ("# nothing\n\n", "no times"),
    ],
)
def test_bad_trace_file_names_its_line(farm, tmp_path, text, expected):
    trace = tmp_path / "t.txt"
    trace.write_text(text)
    out = tmp_path / "r.json"
    proc = subprocess.run(
        [str(farm), "--processing=trace", f"--processingTrace={trace}", f"--output={out}"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("event-filter-farm: error: --processingTrace:")
    assert expected in lines[0]
    assert not out.exists()


def test_a_trace_of_one_time_is_the_deterministic_time(farm, tmp_path):
    """A trace whose every line is 20 ms draws 20 ms every time: the same latencies and
    counts as --processing=deterministic --processingTime=20ms; a trace of 10 ms and 30 ms
    lines has the same mean, and on identical nodes with round robin its variance queues
    events: a higher p99."""
    trace = tmp_path / "one.txt"
    trace.write_text("# one time\n20ms\n 20ms \n\n20ms\n")
    fixed = run(farm, tmp_path, name="d.json")
    traced = run(farm, tmp_path, "--processing=trace", f"--processingTrace={trace}", name="t.json")
    for name in ("eventsDecided", "latencyMean", "latencyP99", "queueMax"):
        assert metric(traced, name) == metric(fixed, name), name
    two = tmp_path / "two.txt"
    two.write_text("10ms\n30ms\n")
    varied = run(farm, tmp_path, "--processing=trace", f"--processingTrace={two}", name="v.json")
    assert metric(varied, "latencyP99") > metric(fixed, "latencyP99") + 5


#: tokens with two credits on 16 nodes of fixed 20 ms: a node's cycle is its event's
#: transfer (TRANSFER_MS, overlapping the previous event's processing) and 20 ms, so the
#: farm finishes 16 / 20 ms = 800 events/s
OVERLOAD = ["--policy=tokens", "--credits=2", "--eventRate=1000", "--sfcBuffer=2MB"]


def test_the_throttle_turns_overload_into_dead_time(farm, tmp_path):
    """1,000 events/s into a farm that finishes 800: with the throttle the trigger reads out
    what the farm takes and the rest, a fifth, is dead time; nothing is lost in the farm.
    Without it (throttleOn=1) the same fifth is lost at the SFC's full buffer."""
    held = run(farm, tmp_path, *OVERLOAD, "--throttleOn=0.5", "--throttleOff=0.25", name="h.json")
    assert metric(held, "lossFraction") == 0
    assert metric(held, "throttledFraction") == pytest.approx(0.2, abs=0.02)
    assert metric(held, "throttles") > 1
    free = run(farm, tmp_path, *OVERLOAD, "--throttleOn=1", name="f.json")
    assert metric(free, "eventsThrottled") == 0
    dropped = metric(free, "sfcDropped") / metric(free, "eventsSent")
    assert dropped == pytest.approx(0.2, abs=0.03)
    # round robin sends at once: its buffer never fills, so it never throttles
    rr_args = replaced(OVERLOAD, ["--policy=roundRobin", "--throttleOn=0.5"])
    rr = run(farm, tmp_path, *rr_args, name="r.json")
    assert metric(rr, "throttles") == 0 and metric(rr, "nodeLost") > 0


def test_events_built_from_units_across_subfarms(farm, tmp_path):
    """Three sub-farms fed by four read-out units: event k goes to SFC k mod 3, each unit
    sends a quarter of it; every event is built, and the nodes series names each node's
    sub-farm."""
    doc = run(farm, tmp_path, "--subfarms=3", "--readoutUnits=4", "--nodes=4", "--eventRate=150")
    assert metric(doc, "triggers") == metric(doc, "eventsSent")
    assert metric(doc, "readoutIncomplete") == 0
    assert metric(doc, "eventsEntered") == metric(doc, "eventsSent")
    assert metric(doc, "eventsDecided") == metric(doc, "eventsEntered")
    nodes = doc["series"]["nodes"]
    assert nodes["subfarm"]["values"] == [0] * 4 + [1] * 4 + [2] * 4
    assert nodes["node"]["values"] == [0, 1, 2, 3] * 3
    assert all(d > 0 for d in nodes["decided"]["values"])


def test_event_building_incast_overflows_a_short_readout_queue(farm, tmp_path):
    """Sixty units send their shares of an event (1,667 B: two fragments each) to one SFC
    port at once: 120 frames arrive together. A read-out port that holds 50 frames loses
    the rest of every event (all incomplete); one that holds 1,000 loses none."""
    args = ["--readoutUnits=60", "--duration=1s", "--warmup=0.5s"]
    short = run(farm, tmp_path, *args, "--readoutQueue=50", name="s.json")
    assert metric(short, "readoutIncomplete") == metric(short, "eventsSent")
    assert metric(short, "eventsEntered") == 0
    deep = run(farm, tmp_path, *args, "--readoutQueue=1000", name="d.json")
    assert metric(deep, "readoutIncomplete") == 0


#: the events' bytes the SFC moves across its I/O bus each second, in from the read-out and
#: out to the nodes: 2 x 667 x 100 kB x 8 = 1.07 Gb/s, more than a 32-bit/33 MHz PCI bus
#: carries at all (32 x 33e6 = 1.056 Gb/s, before any DMA overhead)
SFC_BUS_BPS = 2 * 667 * 100_000 * 8


def test_an_sfc_on_the_study_pc_saturates_its_pci_bus(farm, tmp_path):
    """The study's 1.8 GHz PC as the SFC, both GigE NICs on its 32-bit/33 MHz PCI bus: the
    events cross the bus twice (SFC_BUS_BPS > 32 x 33 MHz), so the bus is busy all the time
    and the SFC cannot pass on what arrives - the farm decides far fewer events than the
    667 a second sent, the rest wait in the SFC's transmit queue (latencies of a second);
    the lightpath study's Xeon (32-bit/66 MHz PCI, twice the bus) forwards them all."""
    assert SFC_BUS_BPS > 32 * 33e6
    pc = run(farm, tmp_path, "--sfcHost=farm-pentium-1800", name="pc.json")
    assert metric(pc, "busUtilisationSfc") > 0.99
    assert metric(pc, "decidedRate") < 0.7 * 667
    assert metric(pc, "latencyMean") > 500
    xeon = run(farm, tmp_path, "--sfcHost=accelerator-xeon", name="xeon.json")
    assert SFC_BUS_BPS < 32 * 66e6
    assert 0.5 < metric(xeon, "busUtilisationSfc") < 0.9
    assert metric(xeon, "decidedRate") == pytest.approx(667, rel=0.01)
    assert metric(xeon, "lossFraction") == 0
    assert "cpuUtilisationNode0" not in xeon["metrics"]  # the nodes have no host model


def test_receiving_events_costs_the_nodes_processing_time(farm, tmp_path):
    """With the study's PCs as nodes, each event's 70 frames cost the node CPU time that its
    processing yields to (FarmNode (3)): the same events on identical nodes take longer than
    on plain nodes, by the node's network CPU share and no more than a few per cent."""
    plain = run(farm, tmp_path, name="plain.json")
    pcs = run(farm, tmp_path, "--nodeHost=farm-pentium-800", name="pcs.json")
    network = metric(pcs, "cpuUtilisationNode0")
    assert 0 < network < 0.1
    assert metric(pcs, "utilisationMax") > metric(plain, "utilisationMax")
    # a node's time in service grows by the CPU time its receiving takes meanwhile
    stretch = metric(pcs, "utilisationMax") / metric(plain, "utilisationMax") - 1
    assert 0 < stretch < 2 * network / (1 - network)


def test_accepted_events_go_to_storage_whole(farm, tmp_path):
    """Every accepted event reaches its sub-farm's storage whole: with every event accepted
    at 100 events/s of 100 kB, storage takes what the farm decides, 10 MB/s over the run;
    at the study's 0.005 (20 MB/s of 4 GB/s) about one event in 200; none at 0."""
    all_ = run(farm, tmp_path, "--acceptFraction=1", "--eventRate=100", name="all.json")
    decided = metric(all_, "eventsDecided")
    assert metric(all_, "eventsAccepted") == decided
    assert metric(all_, "eventsStored") == decided
    assert metric(all_, "storageRate") == pytest.approx(decided * 100_000 / 3 / 1e6)
    assert metric(all_, "storageRate") == pytest.approx(10, rel=0.01)
    study = run(farm, tmp_path, name="study.json")
    assert metric(study, "eventsStored") == metric(study, "eventsAccepted")
    assert 0 < metric(study, "eventsAccepted") < 0.02 * metric(study, "eventsDecided")
    none = run(farm, tmp_path, "--acceptFraction=0", name="none.json")
    assert metric(none, "eventsStored") == 0
