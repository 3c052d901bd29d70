# SPDX-License-Identifier: GPL-2.0-only
"""wan-shared-bottleneck: strict flags and list rules, one result file, determinism, and the
sharing of one bottleneck against first principles: AIMD convergence to fairness (Chiu and
Jain), the RTT unfairness of Reno between the random-loss and the synchronized-loss models,
and one congestion control per flow."""

from __future__ import annotations

import json
import math
import subprocess

import pytest
from conftest import assert_round_warning, replaced

from hybridnet import results

#: 100 Mb/s, 1 Gb/s access links: a 1 s run takes well under a second.
SHORT = [
    "--bottleneckRate=100Mbps",
    "--accessRate=1Gbps",
    "--flows=2",
    "--rtts=10ms,20ms",
    "--duration=1s",
]

#: 1448 B of payload in 1502 B on the wire (IP MTU 1500 B + PPP 2 B)
WIRE = 1502

BAD = [
    # (arguments, text the one-line message must contain); the other flags at their defaults
    (["--congestion=TcpFoo"], "unknown congestion control 'TcpFoo'; one of "),
    (["--congestion=TcpLinuxReno,TcpFoo,TcpBic"], "unknown congestion control 'TcpFoo'"),
    (["--congestion=TcpLinuxReno,TcpBic"], "2 names for 3 flows (give one name, or one per"),
    (["--congestion=TcpLinuxReno,TcpBbr,TcpBic"], "ns3::TcpBbr needs rate samples"),
    (["--rtts=10ms,80ms"], "--rtts: 2 values for 3 flows"),
    (["--rtts=10ms,80,180ms"], "--rtts: '80' has no unit"),
    (["--rtts=10ms,,180ms"], "--rtts"),
    (["--rtts=1ms,80ms,180ms"], "flow 1's 1ms is outside 2 x bottleneckDelay (2ms) to 2s"),
    (["--rtts=10ms", "--bottleneckDelay=6ms"], "outside 2 x bottleneckDelay (12ms)"),
    (["--rtts=10ms,3s,180ms"], "flow 2's 3s is outside"),
    (["--starts=0s,1s"], "--starts: 2 values for 3 flows (give one per flow)"),
    (["--starts=0s,1s,10s"], "flow 3 starts at 10s, not before duration 10s"),
    (["--starts=0s,1x,2s"], "--starts"),
    (["--starts=0s,1s,2s", "--startSpread=1s"], "startSpread is 0s when starts is given"),
    (["--startSpread=5s"], "(flows - 1) x startSpread < duration"),
    (["--warmup=10s"], "warmup < duration"),
    (["--flows=17"], "--flows"),
    (["--flows=0"], "--flows"),
    (["--crossFlows=1", "--crossRtt=1ms"], "crossRtt is 0s or at least 2 x bottleneckDelay"),
    (["--crossUdpRate=1Mbps", "--crossStart=10s"], "crossStart < duration"),
    (["--crossFlows=2", "--crossCongestion=Reno"], "--crossCongestion: unknown congestion"),
    (["--accessRate=100Mbps"], "accessRate >= bottleneckRate"),
    (["--tcp=ns3", "--bufferSemantics=linux"], "bufferSemantics linux needs tcp lfn"),
    (["--rcvBuf=1000B"], "rcvBuf is 0B (sized for the path) or at least segmentSize"),
    (["--sndBuf=100KiB", "--windowScaling=off"], "at most 65535B with windowScaling off"),
    (["--rtts="], "--rtts"),
    (["--initialCwnd=0"], "--initialCwnd: '0' is out of range"),
    (["--initialCwnd=70000"], "--initialCwnd: '70000' is out of range"),
    (["--initialSsThresh=2895B"], "initialSsThresh is 0B (none) or at least 2 x segmentSize"),
    (["--initialSsThresh=5GB"], "--initialSsThresh: '5GB' is out of range"),
    (["--receiver=nosuch.json"], "--receiver: "),
    (["--fidelity=fluid"], "one of packet, round"),
    (["--fidelity=round", "--sender=tengig-xeon-2.2"], "fidelity round has bare ends"),
    (["--fidelity=round", "--crossFlows=1"], "fidelity round has no cross traffic"),
    (["--fidelity=round", "--linuxReceiver"], "fidelity round keeps the receive window fixed"),
]


@pytest.fixture(scope="session")
def shared(bin_dir):
    return bin_dir / "wan-shared-bottleneck"


@pytest.mark.parametrize("args,expected", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_one_line_exit_2(shared, tmp_path, args, expected):
    for extra in ([], ["--check"]):
        proc = subprocess.run(
            [str(shared), *args, *extra, f"--output={tmp_path / 'r.json'}"],
            capture_output=True,
            text=True,
            cwd=tmp_path,
        )
        assert proc.returncode == 2, proc.stderr
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1, proc.stderr
        assert lines[0].startswith("wan-shared-bottleneck: error: ")
        assert expected in lines[0], lines[0]
        assert proc.stdout == ""
        assert list(tmp_path.iterdir()) == [], "a rejected run wrote a file"


@pytest.mark.parametrize(
    "args",
    [
        ["--congestion=TcpHighSpeedLinux"],
        ["--congestion=ns3::TcpLinuxReno,TcpScalableLinux,ns3::hybridnet::TcpHighSpeedLinux"],
        ["--flows=2", "--rtts=80ms", "--starts=0s,9s"],
        ["--flows=16", "--rtts=2ms"],
        ["--tcp=ns3", "--congestion=TcpBbr"],
    ],
)
def test_good_lists_are_accepted(shared, args):
    proc = subprocess.run([str(shared), *args, "--check"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def run(shared, tmp_path, *args, name="r.json"):
    """A run with SHORT's flags, those named in @p args replaced."""
    out = tmp_path / name
    proc = subprocess.run(
        [str(shared), *replaced(SHORT, args), f"--output={out}"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(out.read_text())


def metric(doc, name):
    return doc["metrics"][name]["value"]


def goodputs(doc):
    n = sum(1 for m in doc["metrics"] if m.startswith("goodputFlow"))
    return [metric(doc, f"goodputFlow{i}") for i in range(1, n + 1)]


def test_short_run_loads_and_leaves_one_file(shared, tmp_path):
    doc = run(
        shared,
        tmp_path,
        "--flows=3",
        "--rtts=10ms,20ms,40ms",
        "--web100Interval=100ms",
        "--starts=0s,0s,500ms",
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]
    assert len(results.frame([tmp_path / "r.json"])) == 1
    # derived: BDP and the default queue of the longest path (40 ms)
    assert metric(doc, "bdp") == 100e6 * 0.040 / 8
    assert metric(doc, "queueCapacity") == math.ceil(500000 / 1500)
    assert metric(doc, "goodputCeiling") == pytest.approx(100 * 1448 / WIRE)
    assert [metric(doc, f"rttFlow{i}") for i in (1, 2, 3)] == [10, 20, 40]
    g = goodputs(doc)
    # the aggregate: every byte delivered from t = 0 (flow 1's start) over the 1 s
    total = sum(metric(doc, f"bytesReceivedFlow{i}") for i in (1, 2, 3))
    assert metric(doc, "goodput") == pytest.approx(8 * total / 1e6)
    assert metric(doc, "goodputFlow3") == pytest.approx(
        8 * metric(doc, "bytesReceivedFlow3") / 0.5 / 1e6
    )
    assert metric(doc, "goodput") <= metric(doc, "goodputCeiling") * 1.0001
    assert metric(doc, "jainFairness") == pytest.approx(sum(g) ** 2 / (3 * sum(x * x for x in g)))
    assert sum(metric(doc, f"shareFlow{i}") for i in (1, 2, 3)) == pytest.approx(1)
    assert metric(doc, "goodputRatioFlow3") == pytest.approx(g[0] / g[2])
    assert metric(doc, "maxMinRatio") == pytest.approx(max(g) / min(g))
    assert "goodputRatioFlow1" not in doc["metrics"]
    # samples every 100 ms from each flow's start; delivered bytes grow to the flow's total
    for i, start in ((1, 0.0), (3, 0.5)):
        s = results.series(tmp_path / "r.json", f"web100Flow{i}")
        times = list(s.iloc[:, 0])
        assert times == pytest.approx([start + 0.1 * k for k in range(len(times))])
        assert len(times) == round((1 - start) / 0.1)
        delivered = list(s.filter(like="delivered").iloc[:, 0])
        assert delivered == sorted(delivered)
        assert delivered[-1] <= metric(doc, f"bytesReceivedFlow{i}")
        assert max(s.filter(like="cwnd").iloc[:, 0]) <= metric(doc, "maxCwnd")


def test_two_processes_byte_identical(shared, tmp_path):
    args = [
        "--flows=3",
        "--rtts=10ms,30ms,50ms",
        "--congestion=TcpLinuxReno,TcpScalableLinux,TcpHighSpeedLinux",
        "--web100Interval=50ms",
        "--queuePackets=50",
    ]
    a = run(shared, tmp_path, *args, name="a.json")
    run(shared, tmp_path, *args, name="b.json")
    raw_a = (tmp_path / "a.json").read_bytes().partition(b'"wallClock"')[0]
    raw_b = (tmp_path / "b.json").read_bytes().partition(b'"wallClock"')[0]
    assert raw_a == raw_b
    assert metric(a, "bottleneckDrops") > 0  # the flows did share a full queue
    schema = json.loads(
        subprocess.run([str(shared), "--schema"], capture_output=True, check=True, text=True).stdout
    )
    flags = [
        f["name"]
        for f in schema["flags"]
        if f["name"] not in ("RngSeed", "RngRun", "output", "progress", "check")
    ]
    assert list(a["parameters"]) == flags


def test_two_reno_flows_converge_to_fairness(shared, tmp_path):
    """Chiu and Jain (1989): with AIMD, each multiplicative decrease shrinks the difference of
    two windows by the factor 1 - b while the additive increase keeps it. Two Reno flows over
    a 10 ms path at 100 Mb/s (windows of about 40 to 85 segments, so a congestion epoch of
    about 20 RTTs) converge within a few seconds from a start 2 s apart: Jain's index over
    the last 10 s of 20 s is above 0.9 (0.9 is two flows at 1 : 2)."""
    doc = run(shared, tmp_path, "--rtts=10ms", "--starts=0s,2s", "--duration=20s", "--warmup=10s")
    assert metric(doc, "bottleneckDrops") > 0
    assert metric(doc, "utilization") > 0.9
    assert metric(doc, "jainFairness") > 0.9
    # without the warm-up, flow 1's head start shows (its 2 s alone at the full rate)
    whole = run(
        shared, tmp_path, "--rtts=10ms", "--starts=0s,2s", "--duration=20s", name="whole.json"
    )
    assert metric(whole, "goodputFlow1") > metric(doc, "goodputFlow1")


def test_reno_rtt_unfairness_is_bounded_by_the_synchronized_model(shared, tmp_path):
    """Reno's window under loss probability p is about 1.22 / sqrt(p) (d = 1/2 in
    w ~ 1/p^d). With independent (unsynchronized) losses both flows see the same p, so the
    throughput ratio of RTTs R1 < R2 is R2/R1; with losses synchronized in the drop-tail queue
    the increase per epoch is T/R and the decrease w/2, so w ~ 1/R and the ratio is
    (R2/R1)^(1/(1-d)) = (R2/R1)^2 (Xu, Harfoush and Rhee 2004). The effective RTTs include
    the same queueing delay q in [0, Q x 1502 B x 8 / C]: the ratio lies between
    (R2 + qmax)/(R1 + qmax) and (R2/R1)^2. Here R = 20 and 40 ms, Q = 84: 1.66 to 4.

    Asserted: the shorter RTT gets more, and no more than the synchronized model allows.
    The lower end is not: the model's ratio wanders around it with the measurement window,
    one congestion epoch per flow lasting about 40 of its RTTs (Linux recovery: 1.34 over
    20 s, 1.53 over 60 s, 1.57 over 90 s, 1.76 over 120 s; classic recovery 2.37 and 1.66
    over 20 and 120 s), and at 5 and 10 ms with Q = 21 (low 1.66, some 160 epochs per flow
    in 20 s) it settles at 1.50 with either recovery - below the model, whose equal-p and
    1/RTT assumptions leave out the timeouts (eight in 20 s) that the 200 ms minimum RTO
    makes relatively dearer for the shorter RTT. An open difference (docs/testbed.md)."""
    doc = run(
        shared, tmp_path, "--rtts=20ms,40ms", "--queuePackets=84", "--duration=30s", "--warmup=10s"
    )
    qmax = metric(doc, "queueCapacity") * WIRE * 8 / 100e6 * 1e3
    low, high = (40 + qmax) / (20 + qmax), (40 / 20) ** 2
    assert 1.6 < low < 1.7
    ratio = metric(doc, "goodputRatioFlow2")
    assert 1 < ratio <= high, (low, ratio, high)
    assert metric(doc, "utilization") > 0.9


@pytest.mark.parametrize(
    "order", [("TcpLinuxReno", "TcpScalableLinux"), ("TcpScalableLinux", "TcpLinuxReno")]
)
def test_congestion_control_is_per_flow(shared, tmp_path, order):
    """Scalable (b = 1/8) against Reno (b = 1/2) at the same RTT: below Scalable's AI count
    both add one segment per RTT, so synchronized losses balance at w_S / 8 = w_R / 2, a
    share of 0.8 for Scalable (more above its AI count, where it grows 1 % per RTT); random
    losses give about sqrt(30 / 1.5) = 4.5 times Reno's window (share 0.82). Scalable gets
    more than 0.6 whichever flow it is, which it cannot if every flow ran one algorithm."""
    doc = run(
        shared,
        tmp_path,
        "--rtts=10ms",
        f"--congestion={','.join(order)}",
        "--duration=20s",
        "--warmup=5s",
    )
    scalable = order.index("TcpScalableLinux") + 1
    assert metric(doc, f"shareFlow{scalable}") > 0.6


@pytest.mark.parametrize("tcp", ["lfn", "ns3"])
def test_initial_window_and_threshold_reach_every_flow(shared, tmp_path, tcp):
    """Slow start from IW = initialCwnd segments (RFC 5681): on 100 ms paths the first round
    (IW segments) has arrived by 200 ms and the second (2 IW) not before 250 ms, so each flow
    has delivered exactly IW segments. With initialSsThresh = T segments, cwnd stops doubling
    at T: over five rounds (620 ms) at most T + 5 segments (one a round in congestion
    avoidance), where without a threshold it reaches 8 x 10 = 80 or more."""
    args = [
        f"--tcp={tcp}",
        "--flows=2",
        "--rtts=100ms",
        "--bottleneckRate=1Gbps",
        "--accessRate=10Gbps",
    ]
    for iw in (4, 25):
        doc = run(
            shared, tmp_path, *args, "--duration=200ms", f"--initialCwnd={iw}", name=f"iw{iw}.json"
        )
        for i in (1, 2):
            assert metric(doc, f"bytesReceivedFlow{i}") == iw * 1448
    free = run(shared, tmp_path, *args, "--duration=620ms", name="free.json")
    held = run(
        shared, tmp_path, *args, "--duration=620ms", "--initialSsThresh=20KiB", name="held.json"
    )
    threshold = 20 * 1024 / 1448
    assert metric(free, "maxCwnd") >= 80 * 1448
    assert threshold * 1448 <= metric(held, "maxCwnd") <= (threshold + 5) * 1448


def test_host_profiles_count_per_sender_and_slow_the_receiver(shared, tmp_path):
    """--sender gives every sender the profile (counters Sender1, Sender2); a receiver on
    33 MHz PCI (farm-pentium-800) takes at most 781.7 Mb/s (test_wan_bulk_transfer's bus
    arithmetic), below the two flows' 1 Gb/s bottleneck. The hosts run their Linux 2.4
    kernels with the buffers given (2 MiB each after doubling: no window limit), so the
    receiver's ring drops; the floor only catches a broken run: this one second is mostly
    slow start's overshoot into that ring and its recovery, whose length depends on the
    loss pattern (538 to 589 Mb/s over RngRun 1-8)."""
    doc = run(
        shared,
        tmp_path,
        "--bottleneckRate=1Gbps",
        "--sndBuf=1MiB",
        "--rcvBuf=1MiB",
        "--wmemMax=2MiB",
        "--rmemMax=2MiB",
        "--sender=accelerator-xeon",
        "--receiver=farm-pentium-800",
    )
    for who in ("Sender1", "Sender2", "Receiver"):
        assert metric(doc, f"cpuUtilisation{who}") > 0
    assert "cpuUtilisationSender3" not in doc["metrics"]
    bound = 8 * 1448 / (489 / 33e6) / 1e6
    assert 0.6 * bound < metric(doc, "goodput") <= bound
    # every delivered segment's frame and write-back occupy the bus for 489 clocks
    assert metric(doc, "busUtilisationReceiver") >= metric(doc, "goodput") / bound


def test_constant_rate_cross_traffic_leaves_the_flows_the_rest(shared, tmp_path):
    """30 Mb/s of constant-rate UDP (1472 B datagrams, 1502 B on the wire) through the
    100 Mb/s bottleneck leave 100 - 30 x 1502 / 1472 = 69.39 Mb/s of wire to the two flows,
    66.89 Mb/s of their payload: together they take nearly all of it in 4 s, the UDP
    arrives nearly whole (it does not back off), and the dumbbell's numbers keep their
    meaning (the shares of the flows' goodput)."""
    doc = run(shared, tmp_path, "--duration=4s", "--crossUdpRate=30Mbps")
    assert metric(doc, "crossUdpOffered") == pytest.approx(30, rel=0.005)
    assert 0.97 * 30 <= metric(doc, "crossUdpGoodput") <= metric(doc, "crossUdpOffered")
    rest = (100 - 30 * WIRE / 1472) * 1448 / WIRE
    assert 0.9 * rest <= sum(goodputs(doc)) <= rest
    assert metric(doc, "shareFlow1") + metric(doc, "shareFlow2") == pytest.approx(1)


#: Metrics the round level leaves out: mechanisms it does not have (RoundLevelFlows).
PACKET_ONLY = {"lostRetransmits", "undos", "sendStalls", "tcpBytesWritten"}
PACKET_ONLY |= {"tcpBytesUnacknowledged"}


@pytest.mark.parametrize(
    "args,jain",
    [
        (["--rtts=10ms", "--starts=0s,2s", "--duration=20s", "--warmup=10s"], 0.05),
        (["--rtts=20ms,40ms", "--queuePackets=84", "--duration=30s", "--warmup=10s"], None),
    ],
    ids=["reno-10ms-staggered", "reno-20-40ms"],
)
def test_round_fidelity_shares_as_packet_level(shared, tmp_path, args, jain):
    """Two Reno flows at both fidelities on the same flags (the convergence and
    RTT-unfairness cases above): the link as full (aggregate goodput within 1 %), the same
    metric names but for the mechanisms the round level leaves out, and the same series. At
    equal RTTs the shares are as fair (Jain's index within 0.05); which of the two gets more
    in one 10 s window is the phase of their losses (packet level's ratio 0.85, the round
    level's 0.64 to 1.53 over six seeds), so there the ratio is not held to bounds. At 20
    and 40 ms the round level's ratio lies inside the bounds of the random-loss and
    synchronized-loss models that packet level's is tested against, but the shares are not
    as fair: the round level's losses are synchronized (ratio 3.1, near the top of the
    bounds, 4; Jain 0.80) where packet level's are nearly independent (1.25 to 1.76 over 20
    to 120 s; Jain 0.95 to 0.99) - a difference the error map in docs/modules/tcp.md shows
    and explains."""
    extra = [*args, "--web100Interval=100ms"]
    packet = run(shared, tmp_path, *extra, name="packet.json")
    rounds = run(shared, tmp_path, *extra, "--fidelity=round", name="round.json")
    assert metric(rounds, "goodput") == pytest.approx(metric(packet, "goodput"), rel=0.01)
    if jain is not None:
        assert metric(rounds, "jainFairness") == pytest.approx(
            metric(packet, "jainFairness"), abs=jain
        )
    else:
        rtts = [metric(rounds, "rttFlow1"), metric(rounds, "rttFlow2")]
        qmax = metric(rounds, "queueCapacity") * WIRE * 8 / 100e6 * 1e3
        low, high = (rtts[1] + qmax) / (rtts[0] + qmax), (rtts[1] / rtts[0]) ** 2
        assert low / 1.1 < metric(rounds, "goodputRatioFlow2") <= high * 1.1
    assert metric(rounds, "bottleneckDrops") > 0
    assert set(rounds["metrics"]) <= set(packet["metrics"])
    assert set(packet["metrics"]) - set(rounds["metrics"]) <= PACKET_ONLY
    for flow in ("web100Flow1", "web100Flow2"):
        assert list(rounds["series"][flow]) == list(packet["series"][flow])
        times = rounds["series"][flow]["time"]["values"]
        assert times == pytest.approx(packet["series"][flow]["time"]["values"])


def test_round_fidelity_one_flow_is_wan_bulk_transfers(shared, bin_dir, tmp_path):
    """One flow at the round level is the same RoundTcpFlow in both WAN scenarios: on the same
    path, buffers and TCP flags, wan-shared-bottleneck and wan-bulk-transfer deliver the same
    bytes."""
    path = ["--bottleneckRate=100Mbps", "--duration=20s", "--queuePackets=40"]
    doc = run(shared, tmp_path, "--flows=1", "--rtts=30ms", *path, "--fidelity=round")
    out = tmp_path / "bulk.json"
    subprocess.run(
        [str(bin_dir / "wan-bulk-transfer"), "--rtt=30ms", "--accessRate=1Gbps", *path]
        + ["--fidelity=round", f"--output={out}"],
        check=True,
        capture_output=True,
    )
    bulk = json.loads(out.read_text())
    assert metric(doc, "fastRetransmits") > 0
    for name in ("bytesReceivedFlow1", "fastRetransmits", "bottleneckDrops", "maxCwnd"):
        assert metric(doc, name) == metric(bulk, name), name


def test_round_fidelity_is_seeded(shared, tmp_path):
    """Where a round's growth meets the shared queue is drawn from the run's streams: the same
    RngRun gives the same bytes, another a different split of the same full link."""
    args = ["--rtts=10ms,30ms", "--duration=20s", "--fidelity=round"]
    a = run(shared, tmp_path, *args, name="a.json")
    run(shared, tmp_path, *args, name="b.json")
    c = run(shared, tmp_path, *args, "--RngRun=2", name="c.json")
    raw = [(tmp_path / n).read_bytes().partition(b'"wallClock"')[0] for n in ("a.json", "b.json")]
    assert raw[0] == raw[1]
    assert goodputs(c) != goodputs(a)
    assert metric(c, "goodput") == pytest.approx(metric(a, "goodput"), rel=0.01)


@pytest.mark.parametrize(
    "args,warning",
    [
        (["--flows=2", "--rtts=10ms,20ms"], "flows of unequal round trips"),
        (["--flows=2", "--rtts=10ms"], "flows of one round trip"),
        (["--flows=2", "--rtts=10ms", "--congestion=TcpCubic"], "TcpCubic under loss"),
        (["--flows=1", "--rtts=10ms"], None),
    ],
    ids=["unequal", "equal", "cubic", "one-flow"],
)
def test_round_fidelity_warns_where_the_sharing_map_misses(shared, tmp_path, args, warning):
    """Several flows at the round level: the aggregate is within 1 % of packet level in the
    sharing map, the split is not, and the run says so in one line; one flow says nothing."""
    assert_round_warning(shared, replaced(SHORT, args), tmp_path, warning)
