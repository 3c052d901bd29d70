# SPDX-License-Identifier: GPL-2.0-only
"""wan-bulk-transfer: strict flags and rules, one result file, determinism, and goodput,
windows and injected losses against first principles (window / RTT, the bottleneck's payload
ceiling, Linux 2.6 buffer arithmetic, D = floor(S / N))."""

from __future__ import annotations

import json
import math
import subprocess

import pytest
from conftest import assert_round_warning, replaced

from hybridnet import results

#: A short path: 100 Mb/s, 20 ms; BDP = 250,000 B. Runs take well under a second.
SHORT = ["--bottleneckRate=100Mbps", "--accessRate=1Gbps", "--rtt=20ms", "--duration=1s"]

BAD = [
    # (arguments, text the one-line message must contain); the other flags at their defaults
    (["--congestion=TcpFoo"], "unknown congestion control 'TcpFoo'; one of "),
    (["--congestion=TcpBbr"], "ns3::TcpBbr needs rate samples (CongControl)"),
    (["--sndBuf=1000B"], "sndBuf is 0B (sized for the path) or at least segmentSize"),
    (["--segmentSize=9000B", "--rcvBuf=8000B"], "--segmentSize: '9000B' is out of range"),
    (["--segmentSize=4000B", "--rcvBuf=3000B"], "rcvBuf is 0B (sized for the path) or at least"),
    (["--segmentSize=100B"], "range 536B to 8960B"),
    (["--lossRate=0.001", "--lossEvery=1000"], "lossRate and lossEvery are not both given"),
    (["--lossRate=1.5"], "--lossRate"),
    (["--rtt=12abc"], "--rtt"),
    (["--lossEvery=-1"], "cannot be negative"),
    (["--duration=-1s"], "--duration"),
    (["--rtt=120"], "has no unit"),
    (["--sndBuf=16"], "has no unit"),
    (["--rcvBuf=2GiB"], "--rcvBuf"),
    (["--rcvBuf=100KiB", "--windowScaling=off"], "at most 65535B with windowScaling off"),
    (["--tcp=ns3", "--bufferSemantics=linux"], "bufferSemantics linux needs tcp lfn"),
    (["--rcvBufAutoTuning"], "rcvBufAutoTuning needs bufferSemantics linux"),
    (["--tcp=ns3", "--web100Interval=10ms"], "Web100 traces need LfnTcpSocket"),
    (["--accessRate=100Mbps"], "accessRate >= bottleneckRate"),
    (["--accessDelay=70ms"], "2 x accessDelay <= rtt"),
    (["--flows=17"], "--flows"),
    (["--flows=4", "--startSpread=4s"], "(flows - 1) x startSpread < duration"),
    (["--warmup=10s"], "warmup < duration"),
    (["--warmup=5"], "has no unit"),
    (["--recovery=rack"], "one of linux, classic, prr"),
    (["--tcp=reno"], "one of lfn, ns3"),
    (["--initialCwnd=0"], "--initialCwnd: '0' is out of range"),
    (["--initialCwnd=65536"], "--initialCwnd: '65536' is out of range"),
    (["--initialCwnd=2.5"], "--initialCwnd"),
    (["--initialSsThresh=2000B"], "initialSsThresh is 0B (none) or at least 2 x segmentSize"),
    (["--segmentSize=8960B", "--initialSsThresh=17000B"], "at least 2 x segmentSize"),
    (["--initialSsThresh=4294967296B"], "--initialSsThresh: '4294967296B' is out of range"),
    (["--initialSsThresh=30000"], "has no unit"),
    (["--tcp=ns3", "--linuxReceiver"], "linuxReceiver needs tcp lfn"),
    (["--sender=nosuch"], "--sender: no host profile 'nosuch'; bundled: "),
    (["--receiver="], "--receiver"),
    (
        ["--receiver=farm-pentium-800", "--rtt=20ms", "--accessDelay=6ms"],
        "4 x accessDelay <= rtt with a receiver profile",
    ),
    (
        ["--crossFlows=1", "--rtt=20ms", "--accessDelay=6ms"],
        "4 x accessDelay <= rtt with a receiver profile or cross traffic",
    ),
    (["--crossFlows=1", "--crossCongestion=TcpFoo"], "--crossCongestion: unknown congestion"),
    (["--crossCongestion=TcpFoo"], "--crossCongestion: unknown congestion"),
    (["--crossFlows=1", "--crossCongestion=TcpBbr"], "needs rate samples (CongControl)"),
    (["--crossFlows=65"], "--crossFlows: '65' is out of range"),
    (["--crossUdpRate=10Mbps", "--crossStart=10s"], "crossStart < duration"),
    (["--crossUdpPeak=20Gbps"], "crossUdpPeak <= accessRate"),
    (["--crossUdpRate=2Gbps", "--crossUdpPeak=1Gbps"], "crossUdpRate / crossUdpSources <="),
    (["--crossUdpPattern=weibull"], "one of exponential, pareto"),
    (["--crossUdpBurst=10"], "has no unit"),
    (["--fidelity=fluid"], "one of packet, round"),
    (["--fidelity=round", "--flows=2"], "fidelity round models one flow (flows 1)"),
    (["--fidelity=round", "--sender=tengig-xeon-2.2"], "fidelity round has bare ends"),
    (["--fidelity=round", "--receiver=tengig-xeon-2.2"], "fidelity round has bare ends"),
    (["--fidelity=round", "--crossUdpRate=10Mbps"], "fidelity round has no cross traffic"),
    (
        ["--fidelity=round", "--bufferSemantics=linux", "--rcvBufAutoTuning"],
        "fidelity round keeps the receive window fixed",
    ),
    (["--fidelity=round", "--linuxReceiver"], "fidelity round keeps the receive window fixed"),
    (["--fidelity=round", "--txQueueLen=2000"], "fidelity round has no sender queue"),
    (["--fidelity=round", "--reportInterval=1s"], "reportInterval is 0s with fidelity round"),
    (["--txQueueLen=-1"], "cannot be negative"),
    (["--txQueueLen=1000001"], "--txQueueLen: '1000001' is out of range"),
    (["--reportInterval=1"], "has no unit"),
    (["--reportInterval=1us"], "duration / reportInterval <= 1000000 intervals"),
]


@pytest.fixture(scope="session")
def wan(bin_dir):
    return bin_dir / "wan-bulk-transfer"


@pytest.mark.parametrize("args,expected", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_one_line_exit_2(wan, tmp_path, args, expected):
    for extra in ([], ["--check"]):
        proc = subprocess.run(
            [str(wan), *args, *extra, f"--output={tmp_path / 'r.json'}"],
            capture_output=True,
            text=True,
            cwd=tmp_path,
        )
        assert proc.returncode == 2, proc.stderr
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1, proc.stderr
        assert lines[0].startswith("wan-bulk-transfer: error: ")
        assert expected in lines[0], lines[0]
        assert proc.stdout == ""
        assert list(tmp_path.iterdir()) == [], "a rejected run wrote a file"


def test_unknown_congestion_lists_the_registered_algorithms(wan):
    proc = subprocess.run(
        [str(wan), "--congestion=Reno", "--check"], capture_output=True, text=True
    )
    assert proc.returncode == 2
    names = proc.stderr.strip().split("; one of ")[1].split(", ")
    # ns-3's and hybridnet's algorithms, by short name, found in the TypeId registry
    for name in (
        "TcpLinuxReno",
        "TcpNewReno",
        "TcpHighSpeed",
        "TcpScalable",
        "TcpHtcp",
        "TcpBic",
        "TcpCubic",
        "TcpFast",
        "TcpHstcpLp",
        "TcpHighSpeedLinux",
    ):
        assert name in names, name
    assert "TcpCongestionOps" not in names and names == sorted(names)


@pytest.mark.parametrize(
    "name", ["TcpHighSpeed", "ns3::TcpHighSpeed", "ns3::hybridnet::TcpFast", "TcpScalableLinux"]
)
def test_congestion_by_full_or_short_name(wan, name):
    proc = subprocess.run(
        [str(wan), f"--congestion={name}", "--check"], capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    # BBR is refused on hybridnet's TCP only
    ok = subprocess.run(
        [str(wan), "--congestion=TcpBbr", "--tcp=ns3", "--check"], capture_output=True, text=True
    )
    assert ok.returncode == 0, ok.stderr


def run(wan, tmp_path, *args, name="r.json"):
    """A run with SHORT's flags, those named in @p args replaced."""
    out = tmp_path / name
    proc = subprocess.run(
        [str(wan), *replaced(SHORT, args), f"--output={out}"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(out.read_text())


def metric(doc, name):
    return doc["metrics"][name]["value"]


def test_short_run_loads_and_leaves_one_file(wan, tmp_path):
    doc = run(wan, tmp_path, "--web100Interval=100ms")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]
    frame = results.frame([tmp_path / "r.json"])
    assert len(frame) == 1
    # derived parameters: BDP = 100 Mb/s x 20 ms / 8; one BDP of 1500 B packets, rounded up
    assert metric(doc, "bdp") == 250000
    assert metric(doc, "queueCapacity") == math.ceil(250000 / 1500)
    assert metric(doc, "goodputCeiling") == pytest.approx(100 * 1448 / 1502)
    assert doc["metrics"]["goodput"]["unit"] == "Mb/s"
    # the Web100 samples are in the result file, every 100 ms from the start
    series = results.series(tmp_path / "r.json", "web100Flow1")
    assert len(series) == 10
    times = list(series.iloc[:, 0])
    assert times == pytest.approx([0.1 * i for i in range(10)])
    assert max(series.filter(like="cwnd").iloc[:, 0]) <= metric(doc, "maxCwnd")
    assert list(series.filter(like="bytesAcked").iloc[:, 0]) == sorted(
        series.filter(like="bytesAcked").iloc[:, 0]
    )


def test_two_processes_byte_identical(wan, tmp_path):
    args = ["--flows=2", "--lossRate=0.002", "--web100Interval=50ms", "--RngRun=4"]
    a = run(wan, tmp_path, *args, name="a.json")
    run(wan, tmp_path, *args, name="b.json")
    raw_a = (tmp_path / "a.json").read_bytes().partition(b'"wallClock"')[0]
    raw_b = (tmp_path / "b.json").read_bytes().partition(b'"wallClock"')[0]
    assert raw_a == raw_b
    assert metric(a, "packetsDropped") > 0
    schema = json.loads(
        subprocess.run([str(wan), "--schema"], capture_output=True, check=True, text=True).stdout
    )
    flags = [
        f["name"]
        for f in schema["flags"]
        if f["name"] not in ("RngSeed", "RngRun", "output", "progress", "check")
    ]
    assert list(a["parameters"]) == flags
    c = run(wan, tmp_path, *args[:-1], "--RngRun=5", name="c.json")
    assert metric(c, "packetsDropped") != metric(a, "packetsDropped") or metric(
        c, "bytesReceived"
    ) != metric(a, "bytesReceived"), "the run number changes the drops"


def test_lfn_and_ns3_fill_the_bottleneck_alike(wan, tmp_path):
    """Buffers sized for the path, no injected loss: both TCPs end window-limited at the
    path's capacity, so both deliver close to the payload ceiling and close to each other."""
    lfn = run(wan, tmp_path, "--tcp=lfn", "--duration=2s", name="lfn.json")
    ns3 = run(wan, tmp_path, "--tcp=ns3", "--duration=2s", name="ns3.json")
    ceiling = metric(lfn, "goodputCeiling")
    for doc in (lfn, ns3):
        assert 0.9 * ceiling < metric(doc, "goodput") <= ceiling
        assert metric(doc, "bottleneckDrops") == 0
    assert metric(lfn, "goodput") == pytest.approx(metric(ns3, "goodput"), rel=0.02)
    assert metric(ns3, "retransmits") == 0


def test_a_40_gbps_link_never_beats_its_framing_bound(wan, tmp_path):
    """A 1502 B frame takes 300.4 ns at 40 Gb/s. On ns-3's default nanosecond clock it was sent
    in 300 ns, and a 1 us path filled by one flow delivered 38,613 Mb/s against the framing
    bound of 38,562; the scenarios' picosecond clock keeps it under the bound, and the flow
    (window-limited by nothing here) still fills the link to within 0.1 %."""
    doc = run(
        wan,
        tmp_path,
        "--bottleneckRate=40Gbps",
        "--accessRate=40Gbps",
        "--rtt=1us",
        "--accessDelay=0s",
        "--duration=20ms",
    )
    ceiling = metric(doc, "goodputCeiling")
    assert ceiling == pytest.approx(40e3 * 1448 / 1502)
    assert 0.999 * ceiling < metric(doc, "goodput") <= ceiling


#: Metrics the round level leaves out: mechanisms it does not have (RoundLevelFlows).
PACKET_ONLY = {"lostRetransmits", "undos", "sendStalls", "senderQueueDrops", "tcpBytesWritten"}
PACKET_ONLY |= {"tcpBytesUnacknowledged"}


MBNG = ["--bottleneckRate=1Gbps", "--rtt=6ms", "--lossEvery=25000", "--duration=10s"]
#: a few random losses on a long path (the long-path loss map's points, 30 s, access 10 Gb/s)
LONG_RANDOM = ["--accessRate=10Gbps", "--lossRate=0.00001", "--duration=30s"]


@pytest.mark.parametrize(
    "args,tolerance",
    [
        ([], 0.02),
        (MBNG, 0.01),
        ([*MBNG, "--congestion=TcpScalableLinux"], 0.02),
        ([*MBNG, "--congestion=TcpHighSpeedLinux", "--sack=off"], 0.03),
        ([*LONG_RANDOM, "--rtt=120ms", "--RngRun=1"], 0.02),
        ([*LONG_RANDOM, "--rtt=433ms", "--RngRun=4", "--congestion=TcpHighSpeedLinux"], 0.02),
    ],
    ids=[
        "window-limited-1s",
        "mbng-reno",
        "mbng-scalable",
        "mbng-highspeed-no-sack",
        "random-loss-same-drops",
        "random-loss-edge-drains-flight",
    ],
)
def test_round_fidelity_agrees_with_packet_level(wan, tmp_path, args, tolerance):
    """The round level against packet level on the same flags: goodput within the tolerance
    (the error map's measured errors at 05a53e7: Reno +0.2 %, Scalable +1.2 %, HighSpeed
    without SACK +2.3 %, where packet level times out once in its first recovery and the
    round level does not), the same injected drops within one (more goodput, more arrivals
    to count), the same metric names but for the mechanisms it leaves out, and the Web100
    series' columns it shares. The 1 s window-limited run is mostly slow start. (Where it is
    worse - a slow-start overshoot into a small queue, which packet level may repair with a
    second window reduction - is in docs/modules/tcp.md.) With random loss both levels draw
    one number per arriving segment from the same stream, so the same seed drops the same
    arrivals (Reno at 120 ms: three drops, +0.8 %; with independent draws +11 %); HighSpeed
    at 433 ms loses a second segment of the window before the first one's retransmission
    arrives: the receiver's edge stays at the first hole, nothing new may be sent, the
    flight and with it rate halving's cwnd drain to two segments, and the slow start after
    the recovery takes seconds at both levels (+0.8 %; +29 % when the round level moved the
    edge at the second hole's SACK)."""
    extra = ["--web100Interval=100ms"]
    packet = run(wan, tmp_path, *args, *extra, name="packet.json")
    rounds = run(wan, tmp_path, *args, *extra, "--fidelity=round", name="round.json")
    assert metric(rounds, "goodput") == pytest.approx(metric(packet, "goodput"), rel=tolerance)
    assert metric(rounds, "goodput") <= metric(rounds, "goodputCeiling")
    assert abs(metric(rounds, "packetsDropped") - metric(packet, "packetsDropped")) <= 1
    assert set(rounds["metrics"]) <= set(packet["metrics"])
    assert set(packet["metrics"]) - set(rounds["metrics"]) <= PACKET_ONLY | {"recoveryTime"}
    columns = rounds["series"]["web100Flow1"]
    assert set(columns) <= set(packet["series"]["web100Flow1"])
    assert {"time", "cwnd", "ssthresh", "bytesAcked"} <= set(columns)
    assert len(columns["time"]["values"]) == len(packet["series"]["web100Flow1"]["time"]["values"])


@pytest.mark.parametrize(
    "args",
    [
        ["--initialCwnd=65535", "--segmentSize=8960B", "--initialSsThresh=4294967295B"],
        ["--initialCwnd=1", "--segmentSize=536B", "--delAckCount=64", "--sack=off"],
        ["--lossEvery=1", "--timestamps=off", "--windowScaling=off", "--rcvBuf=65535B"],
        ["--queuePackets=1", "--bufferSemantics=linux", "--sndBuf=1GiB", "--rcvBuf=1GiB"],
    ],
    ids=["largest-window", "smallest-window", "every-segment-lost", "linux-buffers"],
)
def test_round_fidelity_takes_the_flags_whole_ranges(wan, tmp_path, args):
    """Every TCP flag the round level reads, at the ends of its range: a result, never an
    abort (the round level's own attribute ranges once refused values the flags accept)."""
    doc = run(wan, tmp_path, "--fidelity=round", "--duration=2s", *args)
    assert metric(doc, "goodput") <= metric(doc, "goodputCeiling")


def test_round_fidelity_backs_off_when_everything_is_lost(wan, tmp_path):
    """--lossRate=1 at the round level (the flag's whole range): the flow times out and
    waits the bare ends' RTO, RFC 6298's max(200 ms, srtt + 4 rttvar) with the handshake's
    estimate alone (srtt = R0, rttvar = R0 / 2: 3 R0, under 200 ms), then twice as long
    after each timeout in a row, at most 120 s; over 300 s that is the count of waits (plus
    a round trip each) that fit, within one."""
    doc = run(wan, tmp_path, "--fidelity=round", "--lossRate=1", "--duration=300s")
    assert metric(doc, "goodput") == 0
    rtt = 0.020 + 1502 * 8 / 100e6  # --rtt plus a segment at 100 Mb/s
    rto = max(0.2, rtt + 4 * rtt / 2)
    elapsed, count = rtt, 0  # the handshake
    while True:
        elapsed += rtt + min(rto * 2**count, 120)
        if elapsed > 300:
            break
        count += 1
    assert abs(metric(doc, "timeouts") - count) <= 1


def test_round_fidelity_is_deterministic_and_seeded(wan, tmp_path):
    """Random loss at the round level draws from the run's stream: the same RngRun gives the
    same bytes, another RngRun other drops."""
    args = ["--fidelity=round", "--lossRate=0.0005", "--duration=20s"]
    a = (tmp_path / "a.json", tmp_path / "b.json", tmp_path / "c.json")
    for out, extra in zip(a, (["--RngRun=3"], ["--RngRun=3"], ["--RngRun=4"]), strict=True):
        run(wan, tmp_path, *args, *extra, name=out.name)
    raw = [p.read_bytes().partition(b'"wallClock"')[0] for p in a]
    assert raw[0] == raw[1]
    assert raw[0] != raw[2]
    doc = json.loads(a[0].read_text())
    # about p x the segments that arrived, within a few standard deviations
    arrived = metric(doc, "bytesReceived") / 1448
    assert abs(metric(doc, "packetsDropped") - 0.0005 * arrived) < 4 * (0.0005 * arrived) ** 0.5


@pytest.mark.parametrize(
    "args", [[], ["--rtt=50ms", "--sndBuf=128KiB"]], ids=["sized-for-path", "send-buffer-limited"]
)
def test_lfn_does_not_retransmit_without_loss(wan, tmp_path, args):
    doc = run(wan, tmp_path, "--tcp=lfn", *args)
    assert metric(doc, "bottleneckDrops") == 0 and metric(doc, "packetsDropped") == 0
    assert metric(doc, "retransmits") == 0


@pytest.mark.parametrize("tcp", ["lfn", "ns3"])
def test_send_buffer_limited_goodput(wan, tmp_path, tcp):
    """A 128 KiB send buffer (ns3 semantics: all of it for data in flight) on a 50 ms path:
    goodput -> sndBuf / RTT, less slow start."""
    doc = run(wan, tmp_path, f"--tcp={tcp}", "--rtt=50ms", "--duration=3s", "--sndBuf=128KiB")
    assert metric(doc, "sndBufEffective") == 131072
    bound = 8 * 131072 / 0.050 / 1e6
    assert 0.85 * bound < metric(doc, "goodput") <= bound


def test_cwnd_does_not_grow_past_what_it_sends(wan, tmp_path):
    """LfnTcpSocket grows cwnd only while cwnd limits the sender (Linux 2.6 tcp_ack calls
    tcp_cong_avoid only if prior_in_flight >= snd_cwnd), for ns-3's TcpLinuxReno too, which
    does not check it: a flow held by a 128 KiB send buffer for 3 s keeps cwnd within a
    segment of the buffer (without the rule, tried once: 7.2 MB, 55 times the buffer).
    ns-3's TcpSocketBase has no such rule."""
    doc = run(wan, tmp_path, "--rtt=50ms", "--duration=3s", "--sndBuf=128KiB")
    assert metric(doc, "maxCwnd") <= 131072 + 1448


# Window-limited goodput: W / RTT, W the largest advertised window.
#   ns3 semantics: W = rcvBuf; linux: B = 2 min(rcvBuf, rmemMax), W = B - B / 4.
WINDOWS = [
    (["--tcp=lfn", "--rcvBuf=64KiB"], 65536),
    (["--tcp=ns3", "--rcvBuf=64KiB"], 65536),
    (["--bufferSemantics=linux", "--rcvBuf=64KiB", "--rmemMax=1MiB"], 2 * 65536 * 3 // 4),
    (["--bufferSemantics=linux", "--rcvBuf=1MiB"], 2 * 131071 - (2 * 131071 >> 2)),
    (["--windowScaling=off", "--rcvBuf=65535B"], 65535),
]


@pytest.mark.parametrize("args,window", WINDOWS, ids=[" ".join(a) for a, _ in WINDOWS])
def test_window_limited_goodput_is_window_over_rtt(wan, tmp_path, args, window):
    """rtt 50 ms: the window, not the 100 Mb/s link, limits; goodput -> W / RTT (the RTT is
    50 ms plus one packet's serialization), less the first RTTs of slow start."""
    doc = run(wan, tmp_path, "--rtt=50ms", "--duration=3s", *args)
    assert metric(doc, "maxAdvertisedWindow") == window
    bound = 8 * window / 0.050 / 1e6
    assert 0.85 * bound < metric(doc, "goodput") <= bound


def test_warmup_leaves_slow_start_out_of_the_goodput(wan, tmp_path):
    """BulkFlows (2): with --warmup=1s the goodput counts [1 s, 3 s], where the 64 KiB
    window has long been full: W / RTT less the few per cent the round trip gains above
    50 ms (serialization, the window's last partial segment), with none of the slow start
    that keeps the whole run's average (bytesReceived counts it all) below 0.95 W / RTT."""
    doc = run(wan, tmp_path, "--rtt=50ms", "--duration=3s", "--rcvBuf=64KiB", "--warmup=1s")
    bound = 8 * 65536 / 0.050 / 1e6
    assert 0.95 * bound < metric(doc, "goodput") <= bound
    assert metric(doc, "goodputFlow1") == metric(doc, "goodput")
    assert 8 * metric(doc, "bytesReceived") / 3 / 1e6 < 0.95 * bound


def test_interval_reports_add_up_to_the_bytes_received(wan, tmp_path):
    """IntervalGoodput (1): intervals end at 0.3, 0.6, 0.9 and (the run's end) 1.0 s; their
    rates times their lengths are every byte received, and the peak is the best full
    interval, never the short last one. An interval may hold one segment more than the
    link's ceiling allows over its length (arrivals are whole segments)."""
    doc = run(wan, tmp_path, "--reportInterval=300ms", "--flows=2")
    ends = doc["series"]["intervals"]["time"]["values"]
    rates = doc["series"]["intervals"]["goodput"]["values"]
    assert ends == pytest.approx([0.3, 0.6, 0.9, 1.0])
    lengths = [b - a for a, b in zip([0.0, *ends[:-1]], ends, strict=True)]
    delivered = sum(r * t for r, t in zip(rates, lengths, strict=True)) * 1e6 / 8
    assert delivered == pytest.approx(metric(doc, "bytesReceived"), rel=1e-9)
    assert metric(doc, "peakGoodput") == max(rates[:3])
    for rate, length in zip(rates, lengths, strict=True):
        assert rate <= metric(doc, "goodputCeiling") + 8e-6 * 1448 / length


def test_a_longer_txqueuelen_keeps_slow_start_out_of_cwr(wan, tmp_path):
    """Sender link = bottleneck (1 Gb/s, 100 ms): slow start offers twice what the link
    takes, so the sender's queue grows by about half the window each round trip and
    overflows Linux's 1000 packets (CWR: sendStalls) long before the 8,300-packet BDP;
    10,000 packets hold the overshoot. --txQueueLen=1000 is exactly the bare end's default."""
    path = ["--bottleneckRate=1Gbps", "--accessRate=1Gbps", "--rtt=100ms", "--duration=2s"]
    default = run(wan, tmp_path, *path, name="a.json")
    same = run(wan, tmp_path, *path, "--txQueueLen=1000", name="b.json")
    longer = run(wan, tmp_path, *path, "--txQueueLen=10000", name="c.json")
    assert same["metrics"] == default["metrics"]
    assert metric(default, "sendStalls") > 0
    assert metric(longer, "sendStalls") == 0
    assert metric(longer, "bytesReceived") > 1.5 * metric(default, "bytesReceived")


def test_parallel_window_limited_streams_share_equally(wan, tmp_path):
    """Four streams whose windows together fit the path: each gets W / RTT over its own
    transfer time (flow i starts (i - 1) x 200 ms late), so Jain's index is 1 and the total
    is the bytes of all over the whole duration."""
    doc = run(
        wan,
        tmp_path,
        "--rtt=50ms",
        "--duration=3s",
        "--flows=4",
        "--rcvBuf=64KiB",
        "--startSpread=200ms",
    )
    per_flow = 8 * 65536 / 0.050 / 1e6
    for i in range(1, 5):
        assert 0.85 * per_flow < metric(doc, f"goodputFlow{i}") <= per_flow
    total = sum(metric(doc, f"bytesReceivedFlow{i}") for i in range(1, 5))
    assert metric(doc, "bytesReceived") == total
    assert metric(doc, "goodput") == pytest.approx(8 * total / 3 / 1e6)
    assert 0.999 < metric(doc, "jainFairness") <= 1


def test_jain_index_of_unequal_streams(wan, tmp_path):
    """Two window-limited streams, the second started 1.5 s late with 1 s left: rates equal,
    so J = 1; byte counts unequal (the index is of rates, not bytes)."""
    doc = run(
        wan,
        tmp_path,
        "--rtt=50ms",
        "--duration=2.5s",
        "--flows=2",
        "--rcvBuf=64KiB",
        "--startSpread=1.5s",
    )
    assert metric(doc, "bytesReceivedFlow1") > 2 * metric(doc, "bytesReceivedFlow2")
    assert 0.99 < metric(doc, "jainFairness") <= 1


@pytest.mark.parametrize("tcp", ["lfn", "ns3"])
def test_queue_overflow_is_counted_and_repaired(wan, tmp_path, tcp):
    """A 1 MiB window into a 20-packet queue on a 250 kB path: slow start overflows the
    router's queue; every segment lost there before the last RTT is sent again."""
    doc = run(wan, tmp_path, f"--tcp={tcp}", "--queuePackets=20", "--rcvBuf=1MiB")
    assert metric(doc, "queueCapacity") == 20
    assert metric(doc, "bottleneckDrops") > 0
    assert metric(doc, "retransmits") >= 0.5 * metric(doc, "bottleneckDrops")
    assert metric(doc, "fastRetransmits") + metric(doc, "timeouts") >= 1
    # a retransmission found lost was sent: counted in segments, never more than were sent;
    # ns-3's TCP finds none (it has no such check, ns-3 #1349)
    assert metric(doc, "lostRetransmits") <= metric(doc, "retransmits")
    assert tcp == "lfn" or metric(doc, "lostRetransmits") == 0
    assert metric(doc, "packetsDropped") == 0 and metric(doc, "senderQueueDrops") == 0
    assert metric(doc, "goodput") <= metric(doc, "goodputCeiling")


@pytest.mark.parametrize("sack", ["on", "off"])
def test_real_losses_are_never_undone(wan, tmp_path, sack):
    """LfnTcpSocket (13) takes back a reduction only when an ACK echoes a time stamp older
    than the first retransmission since nothing retransmitted was out; an ACK of a
    retransmitted segment never does.  The response-function case's MB-NG path with a drop
    every 1000th segment: slow start overshoots, recoveries follow each other with
    retransmissions still out between them, and every loss is real: nothing is undone (the
    first undo rule cleared the stamp when a recovery ended and undid 61 real recoveries
    of this run)."""
    doc = run(
        wan,
        tmp_path,
        "--tcp=lfn",
        "--congestion=TcpBicLinux",
        "--recovery=linux",
        "--bottleneckRate=1Gbps",
        "--accessRate=10Gbps",
        "--rtt=6ms",
        "--queuePackets=64",
        "--sndBuf=64MiB",
        "--rcvBuf=64MiB",
        "--rmemMax=128MiB",
        "--wmemMax=128MiB",
        "--initialCwnd=10",
        f"--sack={sack}",
        "--timestamps=on",
        "--lossEvery=1000",
        "--duration=1s",
    )
    assert metric(doc, "fastRetransmits") >= 3
    assert metric(doc, "undos") == 0


@pytest.mark.parametrize("tcp", ["lfn", "ns3"])
def test_every_nth_segment_is_dropped_per_flow(wan, tmp_path, tcp):
    """lossEvery=N: each flow loses floor(S / N) of the S data segments its receiver saw; S is
    at least the segments delivered and at most those plus the retransmissions and one
    window still out of order."""
    n = 500
    doc = run(wan, tmp_path, f"--tcp={tcp}", f"--lossEvery={n}", "--flows=2")
    dropped = metric(doc, "packetsDropped")
    delivered = [metric(doc, f"bytesReceivedFlow{i}") / 1448 for i in (1, 2)]
    window = metric(doc, "maxAdvertisedWindow") / 1448
    low = sum(math.floor(d / n) for d in delivered)
    high = sum((d + window) / n for d in delivered) + metric(doc, "retransmits") / n
    assert low >= 2 and low <= dropped <= high
    assert metric(doc, "retransmits") >= dropped
    assert metric(doc, "fastRetransmits") >= 1
    clean = run(wan, tmp_path, f"--tcp={tcp}", "--flows=2", name="clean.json")
    assert metric(clean, "packetsDropped") == 0
    assert metric(doc, "goodput") < metric(clean, "goodput")


def test_random_loss_rate(wan, tmp_path):
    """lossRate=p: D ~ Binomial(S, p); within 4.5 sigma of S p (a 2 ms path, so that S is
    large: about 180 drops expected)."""
    p = 0.01
    doc = run(wan, tmp_path, f"--lossRate={p}", "--duration=3s", "--rtt=2ms")
    s = metric(doc, "bytesReceived") / 1448 + metric(doc, "retransmits")
    d = metric(doc, "packetsDropped")
    assert abs(d - s * p) <= 4.5 * math.sqrt(s * p * (1 - p)) + 1


def test_scalable_recovers_faster_than_reno(wan, tmp_path):
    """The studies' ordering (DataTAG, 1 drop in 10^6): after each loss Reno regains its
    window at one segment per RTT, Scalable at 1 % per ACK, so with one drop in 2000 segments
    on a 50 ms path Scalable delivers clearly more. Also shows --congestion takes effect."""
    args = ["--rtt=50ms", "--duration=4s", "--lossEvery=2000"]
    reno = run(wan, tmp_path, *args, "--congestion=TcpLinuxReno", name="reno.json")
    scalable = run(wan, tmp_path, *args, "--congestion=ns3::TcpScalable", name="stcp.json")
    assert metric(reno, "packetsDropped") >= 3
    assert metric(scalable, "goodput") > 1.5 * metric(reno, "goodput")


# Slow start (RFC 5681): cwnd starts at IW = initialCwnd segments and grows by the segments
# acknowledged, so it at most doubles per round trip; on a 100 ms path with no other limit
# round k's IW x 2^k segments arrive 150 + 100 k ms after the start (the handshake takes the
# first RTT, then half an RTT one way).
SLOW = ["--rtt=100ms"]


@pytest.mark.parametrize("tcp", ["lfn", "ns3"])
@pytest.mark.parametrize("iw", [1, 3, 10, 40])
def test_initial_window_is_the_first_round(wan, tmp_path, tcp, iw):
    """By 200 ms only round 0 has arrived: exactly IW segments, whatever the TCP."""
    doc = run(wan, tmp_path, f"--tcp={tcp}", *SLOW, "--duration=200ms", f"--initialCwnd={iw}")
    assert metric(doc, "bytesReceived") == iw * 1448


@pytest.mark.parametrize("tcp", ["lfn", "ns3"])
def test_larger_initial_window_delivers_more_in_the_first_rounds(wan, tmp_path, tcp):
    """Three rounds (by 420 ms): at most IW (1 + 2 + 4) segments, and, since every round is
    proportional to IW, twice the initial window delivers about twice the bytes (delayed ACKs
    hold back a few segments' growth a round: within 15 %)."""
    got = {}
    for iw in (10, 20):
        doc = run(
            wan,
            tmp_path,
            f"--tcp={tcp}",
            *SLOW,
            "--duration=420ms",
            f"--initialCwnd={iw}",
            name=f"iw{iw}.json",
        )
        got[iw] = metric(doc, "bytesReceived") / 1448
        assert 0.85 * 7 * iw <= got[iw] <= 7 * iw
    assert got[20] / got[10] == pytest.approx(2, rel=0.15)


@pytest.mark.parametrize("tcp", ["lfn", "ns3"])
@pytest.mark.parametrize("ssthresh", [10, 20])
def test_initial_ssthresh_below_the_bdp_ends_slow_start_early(wan, tmp_path, tcp, ssthresh):
    """Five rounds (by 620 ms) of a 1.25 MB path: without a threshold slow start doubles
    10 -> 160 segments; with ssthresh = T segments (T >= IW = 10) cwnd reaches T in
    log2(T / 10) rounds, then Reno's congestion avoidance adds one segment a round: cwnd at
    most T + 5, delivered at most the sum of those rounds."""
    args = [f"--tcp={tcp}", *SLOW, "--duration=620ms"]
    free = run(wan, tmp_path, *args, name="free.json")
    doc = run(wan, tmp_path, *args, f"--initialSsThresh={ssthresh * 1448}B")
    rounds, w = [], 10
    for _ in range(5):
        rounds.append(w)
        w = min(2 * w, ssthresh) if w < ssthresh else w + 1
    assert ssthresh * 1448 <= metric(doc, "maxCwnd") <= (ssthresh + 5) * 1448
    assert metric(doc, "bytesReceived") <= sum(rounds) * 1448
    assert metric(free, "maxCwnd") > 8 * 1448 * ssthresh / 1.5
    assert metric(free, "bytesReceived") > 2.5 * metric(doc, "bytesReceived")


def reductions(doc):
    """(time, cwnd before) of each fast retransmit in the Web100 series of flow 1."""
    s = {k: v["values"] for k, v in doc["series"]["web100Flow1"].items()}
    return [
        (s["time"][i], s["cwnd"][i - 1])
        for i in range(1, len(s["time"]))
        if s["fastRetransmits"][i] != s["fastRetransmits"][i - 1]
    ]


#: A 1 Gb/s, 20 ms path whose window stays far below the BDP (2.5 MB, 1700 segments), so
#: the RTT stays 20 ms: losses come only from the injector.
RECOVERY_PATH = ["--bottleneckRate=1Gbps", "--accessRate=10Gbps", "--rtt=20ms"]


@pytest.mark.parametrize("tcp", ["lfn", "ns3"])
def test_reno_recovers_in_half_a_window_of_rtts(wan, tmp_path, tcp):
    """Reno with one loss at window W (segments): cwnd halves to W/2 and grows one segment
    per RTT, so it regains W after W/2 RTTs. Tolerance 2 RTTs: the fast-recovery round
    itself (cwnd held at ssthresh until the retransmission is acknowledged) adds up to 1;
    Linux Reno's cwnd_cnt may carry up to one round of credit (-1); W/2 rounds to a whole
    segment (0.5) and W sampled every 5 ms may be one segment off (0.5 RTT of W/2).
    Slow start ends at 20 segments (initialSsThresh) so that the queue never overflows;
    the 7000th segment is dropped near W = 120 and the second drop comes after recovery."""
    args = [
        *RECOVERY_PATH,
        "--congestion=TcpLinuxReno",
        "--initialSsThresh=28960B",
        "--lossEvery=7000",
        "--duration=3.3s",
    ]
    traced = run(wan, tmp_path, *args, "--web100Interval=5ms", name="traced.json")
    (_, before), *_ = reductions(traced)
    w = before / 1448
    assert 100 <= w <= 140
    doc = run(wan, tmp_path, f"--tcp={tcp}", *args)
    assert metric(doc, "recoveries") == 1
    assert metric(doc, "recoveryTime") / 0.020 == pytest.approx(w / 2, abs=2)


@pytest.mark.parametrize("tcp", ["lfn", "ns3"])
def test_scalable_recovers_in_a_fixed_number_of_rtts(wan, tmp_path, tcp):
    """Scalable TCP (Kelly): w -> (1 - 1/8) w on a loss, w -> w (1 + a) per RTT, so cwnd
    regains w after ln(1/(1 - 1/8)) / ln(1 + a) RTTs whatever w, i.e. whatever the rate:
    13.42 RTTs for a = 0.01. Linux's rule (one segment per 51 ACKs, two segments an ACK)
    is a = 1/102: 13.69. Tolerance: -1 RTT (Linux reduces to w - floor(w/8), at most a
    segment more than 7 w / 8); above, the fast-recovery round (1 RTT), in which Linux's
    recovery (TcpLinuxRecovery, the default) takes cwnd one segment per two duplicate ACKs
    down to about w / 2 - its floor is ssthresh / 2 - so a slow start from w / 2 back to
    7 w / 8 follows: ln(7/4) / ln(3/2) = 1.38 RTTs with an ACK per two segments; and
    whole-segment steps, one per 102 / w <= 1 RTT for w >= 102. Two windows, ~150 and
    ~400 segments (slow start ended by initialSsThresh), losses every 14 w or more
    segments, so each recovery ends before the next loss."""
    times = []
    for ssthresh, every in ((144800, 3000), (434400, 9000)):
        doc = run(
            wan,
            tmp_path,
            f"--tcp={tcp}",
            *RECOVERY_PATH,
            "--congestion=TcpScalableLinux",
            f"--initialSsThresh={ssthresh}B",
            f"--lossEvery={every}",
            "--duration=2s",
            name=f"s{ssthresh}.json",
        )
        assert metric(doc, "recoveries") >= 2
        assert metric(doc, "maxCwnd") >= ssthresh
        times.append(metric(doc, "recoveryTime") / 0.020)
    for rtts in times:
        assert (
            math.log(8 / 7) / math.log(1.01) - 1
            <= rtts
            <= math.log(8 / 7) / math.log(1 + 1 / 102) + 1 + math.log(7 / 4) / math.log(3 / 2) + 1
        )
    # Reno's W/2 would be ~75 and ~200 RTTs: Scalable's two differ only by the rounding
    # terms above (the fast-recovery round, whole-segment steps: up to 1 RTT each)
    assert abs(times[0] - times[1]) <= 2


def test_no_loss_no_recovery(wan, tmp_path):
    """Without a loss there is no reduction: recoveries 0 and no recoveryTime."""
    doc = run(wan, tmp_path, "--rcvBuf=64KiB")
    assert metric(doc, "recoveries") == 0
    assert "recoveryTime" not in doc["metrics"]


#: A gigabit LAN path: access and bottleneck at 1 Gb/s, 1 ms; buffers sized for the path.
LAN = ["--bottleneckRate=1Gbps", "--accessRate=1Gbps", "--rtt=1ms", "--duration=1s"]

#: Tuned hosts: buffers and kernel maxima given, so a profile's Linux 2.4 kernel (64 KiB of
#: window: 422 Mb/s into farm-pentium-800 on this path) does not limit the LAN flow; 512 KiB
#: effective, a few times the path's window.
TUNED = ["--sndBuf=256KiB", "--rcvBuf=256KiB", "--wmemMax=2MiB", "--rmemMax=2MiB"]


def test_host_profiles_put_ethernet_hosts_on_the_path(wan, tmp_path):
    """Bare ends: the PPP bottleneck's ceiling 1448 / 1502 of 1 Gb/s. Host models at both
    ends (accelerator-xeon: 66 MHz PCI, 2.4 GHz) are cabled by Gigabit Ethernet, whose
    framing (38 B) makes the access link the bottleneck, WanEndHosts (1):
    1 Gb/s x 1448 / (1448 + 90) = 941.5 Mb/s; such a host keeps up with it, and its
    counters appear for both ends."""
    bare = run(wan, tmp_path, *LAN, name="bare.json")
    hosts = run(
        wan,
        tmp_path,
        *LAN,
        *TUNED,
        "--sender=accelerator-xeon",
        "--receiver=accelerator-xeon",
        name="hosts.json",
    )
    assert 0.97 * 964.048 < metric(bare, "goodput") <= 964.048
    assert "cpuUtilisationSender" not in bare["metrics"]
    ethernet = 1000 * 1448 / (1448 + 90)
    assert 0.95 * ethernet < metric(hosts, "goodput") <= ethernet
    for who in ("Sender", "Receiver"):
        assert 0 < metric(hosts, f"cpuUtilisation{who}") < 1
        assert metric(hosts, f"interruptRate{who}") > 0


def test_a_receiver_on_a_slow_bus_limits_the_flow(wan, tmp_path):
    """farm-pentium-800's NIC is on 32-bit/33 MHz PCI. Each data frame (1518 B with its
    FCS) and its 16 B descriptor write-back cross the bus, HostBus (1) with O = 15 and
    256 B bursts: (380 + 6 x 15) + (4 + 15) = 489 clocks = 14.82 us, so the receiver takes
    at most 1448 B per 14.82 us = 781.7 Mb/s (its ACKs' transfers lower that further),
    and its bus is busy at least goodput / 781.7 of the time."""
    slow = run(wan, tmp_path, *LAN, *TUNED, "--receiver=farm-pentium-800", name="slow.json")
    bound = 8 * 1448 / (489 / 33e6) / 1e6
    assert metric(slow, "goodput") <= bound
    assert metric(slow, "goodput") > 0.6 * bound
    # every delivered segment's frame and write-back occupy the bus for 489 clocks
    assert metric(slow, "busUtilisationReceiver") >= metric(slow, "goodput") / bound


#: A 100 ms path the window limits: goodput <= window / RTT.
LONG = ["--bottleneckRate=1Gbps", "--accessRate=1Gbps", "--rtt=100ms", "--duration=5s"]


def window_bound(window_bytes):
    """Mb/s: at most one window of payload per 100 ms round trip."""
    return window_bytes * 8 / 0.1 / 1e6


def e1000_window(buffer_window, mss=1448):
    """Bytes: the window a Linux 2.4 receiver on an e1000 offers at most (TcpLinuxReceiver
    (1), (2b)): from 4 segments it grows by 2 segments per segment received while it is at
    most half the buffer's window - each 1448 B segment takes a 2 KiB receive buffer
    (skb->truesize), worth more window than its payload - and never past the clamp."""
    window = 4 * mss
    while window <= buffer_window // 2:
        window += 2 * mss
    return min(window, buffer_window - mss)


def test_a_profiled_end_runs_its_kernel(wan, tmp_path):
    """farm-pentium-800 runs Linux 2.4 (part linux-2.4-tcp) on an e1000. As receiver:
    tcp_rmem[1] = 87380 B, never grown, a buffer window of 87380 - 87380 / 4 = 65535 B
    (LfnTcpSocket (4)), of which the e1000's 2 KiB buffers per segment let 34752 B be
    offered (e1000_window), so goodput <= 2.78 Mb/s; a given --rcvBuf=1MiB is clipped to the
    kernel's rmem_max, 2 x 65535 B, a 98303 B buffer window offering 49232 B (<= 3.94 Mb/s);
    with --rmemMax=4MiB too it is 2 MiB, 1.5 MiB of window offering 787712 B (<= 63.0
    Mb/s). As sender: a 16 KiB send buffer that grows to at most tcp_wmem[2] = 128 KiB (<=
    10.49 Mb/s; the receiver, a plain end, reports no truesize). Floors: a window of at most
    90 segments opens within about 5 of the 50 round trips (85 %); 544 segments take about
    10 rounds of slow start at x1.5 per round (delayed ACKs) from 10 segments (70 %). The
    buffer metrics are left out for an end that runs its kernel; tcp=ns3 runs no kernel."""
    cases = {
        "kernel": (["--receiver=farm-pentium-800"], window_bound(e1000_window(65535)), 0.85),
        "given": (
            ["--receiver=farm-pentium-800", "--rcvBuf=1MiB"],
            window_bound(e1000_window(98303)),
            0.85,
        ),
        "tuned": (
            ["--receiver=farm-pentium-800", "--rcvBuf=1MiB", "--rmemMax=4MiB"],
            window_bound(e1000_window(3 * 2**19)),
            0.7,
        ),
        "sender": (["--sender=farm-pentium-800"], window_bound(131072), 0.85),
    }
    for name, (flags, bound, floor) in cases.items():
        doc = run(wan, tmp_path, *LONG, *flags, name=f"{name}.json")
        assert floor * bound < metric(doc, "goodput") <= bound, name
        kernel_end = "sender" if name == "sender" else "receiver"
        assert ("sndBufEffective" in doc["metrics"]) == (kernel_end != "sender"), name
        assert ("rcvBufEffective" in doc["metrics"]) == (kernel_end != "receiver"), name
    short = [f for f in LONG if not f.startswith("--duration")] + ["--duration=2s"]
    ns3 = run(wan, tmp_path, *short, "--tcp=ns3", "--receiver=farm-pentium-800", name="ns3.json")
    # no kernel: buffers sized for the path, far above the kernel's 64 KiB window
    assert metric(ns3, "goodput") > 2 * window_bound(65535), "tcp=ns3 runs no kernel"
    assert "rcvBufEffective" in ns3["metrics"]


def test_constant_rate_cross_traffic_takes_its_share(wan, tmp_path):
    """40 Mb/s of constant-rate UDP (1472 B datagrams, 1502 B on the wire) through the 100 Mb/s
    bottleneck leave 100 - 40 x 1502 / 1472 = 59.18 Mb/s of wire for the flow, 57.06 Mb/s of
    its payload (1448 of 1502 B): the flow's goodput over 4 s (its start included) lies a
    little below, and the UDP, which does not back off, loses little."""
    doc = run(wan, tmp_path, "--duration=4s", "--crossUdpRate=40Mbps")
    assert metric(doc, "crossUdpOffered") == pytest.approx(40, rel=0.005)
    assert 0.97 * 40 <= metric(doc, "crossUdpGoodput") <= metric(doc, "crossUdpOffered")
    share = (100 - 40 * 1502 / 1472) * 1448 / 1502
    assert 0.9 * share <= metric(doc, "goodput") <= share
    assert metric(doc, "crossTcpGoodput") == 0
    assert metric(doc, "bottleneckDrops") > 0, "the flow fills the queue it shares"


@pytest.mark.parametrize("pattern,tolerance", [("exponential", 0.1), ("pareto", 0.15)])
def test_on_off_sources_offer_their_mean_rate(wan, tmp_path, pattern, tolerance):
    """CrossTraffic (1): 200 sources, 20 Mb/s together, so 0.1 Mb/s each, at a 0.2 Mb/s peak
    in bursts of 1 s on average, so each is off for 1 s x (0.2 x 200 / 20 - 1) = 1 s on
    average: about 3000 bursts in 30 s, whose total has a relative spread of about 2.6 %
    (exponential periods; Pareto's infinite variance converges more slowly, hence its wider
    band). A peak only twice the share makes the off-period sensitive to (1): without its
    "- 1" the sources would offer a third less. The path (1 Gb/s) and a send-buffer-limited
    flow leave the aggregate undisturbed."""
    args = ["--accessRate=1Gbps", "--bottleneckRate=1Gbps", "--duration=30s", "--sndBuf=16KiB"]
    cross = [
        "--crossUdpRate=20Mbps",
        "--crossUdpSources=200",
        "--crossUdpPeak=200kbps",
        "--crossUdpBurst=1s",
        f"--crossUdpPattern={pattern}",
    ]
    doc = run(wan, tmp_path, *args, *cross)
    assert metric(doc, "crossUdpOffered") == pytest.approx(20, rel=tolerance)
    # all of it arrives, but for what is still on the 20 ms path at the end
    assert metric(doc, "crossUdpGoodput") == pytest.approx(
        metric(doc, "crossUdpOffered"), rel=0.005
    )
    again = run(wan, tmp_path, *args, *cross, name="b.json")
    assert again["metrics"] == doc["metrics"], "fixed streams: the same run twice"


def test_cross_flows_share_the_bottleneck(wan, tmp_path):
    """Three Reno cross flows and the flow on one path of equal RTT: together they fill the
    bottleneck's payload ceiling, and the flow keeps a share of it (not starved, not alone)."""
    doc = run(wan, tmp_path, "--duration=4s", "--crossFlows=3")
    total = metric(doc, "goodput") + metric(doc, "crossTcpGoodput")
    assert 0.9 * metric(doc, "goodputCeiling") <= total <= metric(doc, "goodputCeiling")
    assert 0.1 * total <= metric(doc, "goodput") <= 0.6 * total


@pytest.mark.parametrize(
    "args,warning",
    [
        (["--congestion=TcpCubic", "--lossEvery=1000"], "TcpCubic under loss is outside 5 %"),
        (["--congestion=TcpHtcpLinux", "--rtt=50ms", "--lossEvery=25000"], "H-TCP under"),
        (["--rtt=120ms", "--lossRate=0.00001"], "random loss at 120 ms and more"),
        (["--rtt=120ms", "--lossEvery=100000"], None),
        (["--congestion=TcpScalableLinux", "--lossEvery=1000"], None),
        (["--rtt=50ms", "--lossEvery=25000"], None),
        (["--congestion=TcpHtcpLinux", "--rtt=6ms", "--lossEvery=25000"], None),
        (["--congestion=TcpCubic"], None),
        (["--queuePackets=20", "--sndBuf=4MB", "--rcvBuf=4MB"], "TcpLinuxReno with buffers"),
        (
            ["--congestion=TcpScalableLinux", "--queuePackets=20", "--sndBuf=4MB", "--rcvBuf=4MB"],
            None,
        ),
    ],
    ids=[
        "cubic-loss",
        "htcp-50ms-loss",
        "random-loss-120ms",
        "every-nth-120ms",
        "scalable-loss",
        "reno-50ms-loss",
        "htcp-6ms",
        "cubic",
        "reno-beyond-path",
        "scalable-beyond-path",
    ],
)
def test_round_fidelity_warns_where_the_error_map_misses(wan, tmp_path, args, warning):
    """A round-level run in a region of the first error map outside 5 % of packet level says
    so in one line on stderr, with the error measured there, and runs on; one where the map
    is within 5 % says nothing."""
    assert_round_warning(wan, replaced(SHORT, args), tmp_path, warning)
