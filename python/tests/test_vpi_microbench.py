# SPDX-License-Identifier: GPL-2.0-only
"""vpi-microbench: strict flags, the stacks' device MTUs, a bus-bound verbs stream against
first principles, and the OFED 1.4-era mlx4_en defaults' prediction for AIC."""

from __future__ import annotations

import json
import subprocess

import pytest
from conftest import rejected

BAD = [
    # (arguments, text the one-line message must contain)
    (["--stack=rdma"], "one of verbs, sdp, ipoib-datagram, ipoib-connected, tengig"),
    (["--aic=false"], "aic=false needs a tengig stack"),
    (["--stack=tengig", "--streams=2"], "streams above 1 need test bandwidth"),
    (["--test=bandwidth", "--streams=2"], "streams above 1 need test bandwidth and a socket"),
    (["--stack=ipoib-connected", "--test=bandwidth", "--messageSize=8B"], "at least 16B"),
    (["--messageSize=2MiB"], "range 1B to 1MiB"),
    (["--messageSize=64"], "has no unit"),
    (["--iterations=10"], "range 11 to 1000000"),
    (["--streams=9"], "range 1 to 8"),
    (["--host=opteron"], "--host: no host profile 'opteron'"),
    (["--rxFrames=44"], "rxFrames needs a tengig stack"),
    (["--stack=tengig", "--rxFrames=70000"], "range 0 to 65535"),
    (["--stack=tengig+sdp"], "a tengig+ stack needs test bandwidth"),
    (["--tcp=linux"], "one of lfn, ns3"),
    (
        ["--stack=tengig", "--tcp=ns3", "--window=0B"],
        "--window=0B (the kernel's buffers) needs --tcp=lfn",
    ),
    (["--window=1KiB"], "window is 0B or at least 2KiB"),
    (["--ibWidth=8"], "ibWidth is 1, 4 or 12 lanes (no 8X"),
    (["--ibWidth=13"], "range 1 to 12"),
    (["--ibSpeed=EDR"], "one of SDR, DDR, QDR"),
    (["--ibMtu=3000B"], "ibMtu is 256B, 512B, 1KiB, 2KiB or 4KiB"),
    (["--ibMtu=8KiB"], "range 256B to 4KiB"),
]


def run(bin_dir, folder, *args) -> dict:
    out = folder / "r.json"
    subprocess.run(
        [str(bin_dir / "vpi-microbench"), *args, f"--output={out}"], check=True, cwd=folder
    )
    return {k: m["value"] for k, m in json.loads(out.read_text())["metrics"].items()}


@pytest.mark.parametrize("args,expected", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_flag_is_one_line_exit_2(bin_dir, tmp_path, args, expected):
    line = rejected(bin_dir / "vpi-microbench", tmp_path, args)
    assert expected in line, line


@pytest.mark.parametrize(
    "stack,mtu", [("ipoib-datagram", 2044), ("ipoib-connected", 65520), ("tengig", 1500)]
)
def test_ip_device_mtu(bin_dir, tmp_path, stack, mtu):
    """IPoIB's MTU is the IB MTU (2048) less its 4-byte header in datagram mode and
    IPOIB_CM_MTU in connected mode; the 10 GbE port's is Ethernet's."""
    metrics = run(bin_dir, tmp_path, f"--stack={stack}", "--iterations=11")
    assert metrics["mtu"] == mtu
    assert metrics["exchanges"] == 11


def test_both_ports_add_up(bin_dir, tmp_path):
    """10 GbE and SDP at once from one adapter: the aggregate is the sum of the two ports'
    streams, and SDP's copies (on the application's processor, SdpSocket (8)) leave the 10
    GbE port's network processing alone: its stream is what it is without SDP."""
    args = ["--test=bandwidth", "--messageSize=64KiB", "--duration=10ms"]
    both = run(bin_dir, tmp_path, "--stack=tengig+sdp", *args)
    alone = run(bin_dir, tmp_path, "--stack=tengig", *args)
    assert both["bandwidth"] == pytest.approx(both["bandwidthTengig"] + both["bandwidthIb"])
    assert both["bandwidthTengig"] == pytest.approx(alone["bandwidth"], rel=0.01)
    assert both["bandwidthIb"] > 5000


def test_verbs_stream_is_pcie_read_bound(bin_dir, tmp_path):
    """64 KiB SENDs on PCIe 1.x x8 (the profile): the adapter's payload reads cross the bus
    in 128-byte TLPs with 20 bytes of overhead, 16 Gb/s x 128 / 148 = 13837.8 Mb/s, below
    the 4X DDR link's 16 x 2048 / 2076 = 15784 Mb/s (InfinibandHca (7))."""
    metrics = run(bin_dir, tmp_path, "--test=bandwidth", "--messageSize=64KiB", "--duration=10ms")
    assert metrics["bandwidth"] == pytest.approx(16e3 * 128 / 148, rel=0.005)


def test_aic_moot_with_the_ofed_1_4_defaults(bin_dir, tmp_path):
    """mlx4_en of the OFED 1.4 era programs rx-frames = 44 / MTU + 1 = 1: each completion
    raises its event at once, so the adaptive period cannot delay a ping-pong's packets and
    the latency is the same with adaptive-rx on and off (AdaptiveRxCoalescing (A0), (A3))."""
    on = run(bin_dir, tmp_path, "--stack=tengig", "--iterations=50", "--aic=true")
    off = run(bin_dir, tmp_path, "--stack=tengig", "--iterations=50", "--aic=false")
    assert on["latency"] == off["latency"]


def test_rx_frames_44_waits_for_the_period(bin_dir, tmp_path):
    """With rx-frames 44 (later drivers' default) a lone ping-pong packet never reaches the
    count: its event waits for rx-usecs 16 after the previous one (A3), and the previous
    event of each side is the one its last packet raised a round trip earlier, so every
    one-way step ends 16 us after the step before it: one-way latency = 16 us exactly (the
    rest of the path, about 7 us, fits inside the wait). Mistake tried: the driver's default
    F taken as 44 frames without the division by the MTU - the default run then waits 16 us
    too and the second assertion fails."""
    frames = run(bin_dir, tmp_path, "--stack=tengig", "--iterations=50", "--rxFrames=44")
    default = run(bin_dir, tmp_path, "--stack=tengig", "--iterations=50")
    assert frames["latency"] == pytest.approx(16.0, abs=1e-9)
    assert default["latency"] < 15.0  # the path alone, well inside the period


def test_messages_larger_than_the_send_buffer_stream(bin_dir, tmp_path):
    """With the kernel's own buffers (--window=0B: a 16 KiB send buffer at first) a TCP
    sender's write() of 64 KiB or 1 MiB blocks and hands the socket what fits
    (TcpStreamSender), as Linux's does; without a TCP offload engine the model charges
    nothing per write (NicNetDevice (T2): the copy per segment), so the receiver gets
    exactly the bytes of 16 KiB writes. (Whole messages, as ns-3's BulkSend hands them,
    never fit: no byte at all.)"""
    args = ["--stack=tengig", "--test=bandwidth", "--window=0B", "--duration=10ms"]
    fits = run(bin_dir, tmp_path, *args, "--messageSize=16KiB")
    assert fits["bytesMeasured"] > 0
    for size in ("64KiB", "1MiB"):
        larger = run(bin_dir, tmp_path, *args, f"--messageSize={size}")
        assert larger["bytesMeasured"] == fits["bytesMeasured"], size


def test_kernel_buffers_hold_connected_mode_segments(bin_dir, tmp_path):
    """IPoIB connected mode's 64 KB segments with the kernel's own buffers (--window=0B:
    16 KiB to send, 87380 B to receive, less than two segments' window): Linux raises both
    at ESTABLISHED (tcp_fixup_sndbuf, tcp_fixup_rcvbuf: LfnTcpSocket (11a)-(11b)) and takes
    the receiver's window clamp from the raised buffer, then moderation grows it towards
    tcp_rmem[2] = 4 MiB, so the stream outruns the benchmark's 4 MiB setsockopt, which
    net.core.rmem_max caps at 2 x 128 KiB. Mistake tried: the clamp taken before the
    buffers are raised - the window stays below one segment and no byte arrives."""
    args = ["--stack=ipoib-connected", "--test=bandwidth", "--messageSize=64KiB", "--duration=10ms"]
    kernel = run(bin_dir, tmp_path, *args, "--window=0B")
    set_ = run(bin_dir, tmp_path, *args, "--window=4MiB")
    assert kernel["bytesMeasured"] > 0
    assert kernel["bandwidth"] > set_["bandwidth"]


def test_infiniband_link_flags(bin_dir, tmp_path):
    """--ibWidth, --ibSpeed, --ibMtu reach the ports: a 1X SDR link carries verbs SENDs at
    its payload rate, 2 Gb/s of data (2.5 Gbaud, 8b/10b) times 2048 / 2078 (a 2048 B packet
    is 2076 B with LRH, BTH, ICRC and VCRC, and its two delimiters add 2 B on one lane),
    within one 64 KiB message of the 10 ms measured; and IPoIB's datagram MTU follows the
    IB MTU, 4096 - 4 = 4092 (IpoibNetDevice (1)). Mistake tried: the width flag not passed
    to the ports (4X as before: 13.8 Gb/s, the PCIe ceiling)."""
    sdr = run(
        bin_dir,
        tmp_path,
        "--stack=verbs",
        "--test=bandwidth",
        "--messageSize=64KiB",
        "--ibWidth=1",
        "--ibSpeed=SDR",
    )
    link = 2e9 * 2048 / 2078 / 1e6  # Mb/s
    one_message = 8 * 65536 / 0.010 / 1e6  # Mb/s: one message more or less in 10 ms
    assert abs(sdr["bandwidth"] - link) <= one_message
    ud = run(bin_dir, tmp_path, "--stack=ipoib-datagram", "--test=latency", "--ibMtu=4KiB")
    assert ud["mtu"] == 4092
