# SPDX-License-Identifier: GPL-2.0-only
"""hybridnet tune: the study's buffer arithmetic on its worked examples, the advice checked
by simulation against the window bound, and bad input in one line."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli

from hybridnet import tune


@pytest.mark.parametrize(
    "bandwidth,rtt,expected",
    [
        # LBNL-ANL: OC-12 at 539 Mb/s (67 MB/s) times the 25 ms the study multiplies: "1.7 MB"
        (539e6, 0.025, 1684375),
        # CERN-SLAC: 12 MB/s end to end, latency 84 ms: "1.008 MB"
        (12e6 * 8, 0.084, 1008000),
        # CERN-RAL: slowest hop 10 MB/s, ping 55 ms: "buffers of 550 KB"
        (10e6 * 8, 0.055, 550000),
    ],
)
def test_the_worked_examples(bandwidth, rtt, expected):
    advice = tune.Advice(bandwidth, rtt, tune.DEFAULT_BUFFER)
    assert advice.buffer == expected
    assert advice.streams == -(-expected // tune.DEFAULT_BUFFER)
    assert advice.default_share == pytest.approx(8 * tune.DEFAULT_BUFFER / rtt / bandwidth)


def test_the_advice_checked_by_simulation(tmp_path):
    """100 Mb/s, 20 ms: BDP 250,000 B; 32 KiB allows 13.1 Mb/s (the window bound, which the
    untuned run cannot beat); the advised buffer fills the path; 8 untuned streams nearly."""
    out = tmp_path / "tune.json"
    proc = run_cli("tune", "--bandwidth", "100Mbps", "--rtt", "20ms", "--output", str(out))
    assert proc.returncode == 0, proc.stderr
    assert "socket buffer: bandwidth x RTT = 250000 B" in proc.stdout
    doc = json.loads(out.read_text())
    assert doc["advice"]["streams"] == 8
    untuned, tuned, streams = doc["checks"]
    assert untuned["goodput"] <= 8 * 32768 / 0.020 / 1e6 * 1.001
    assert untuned["share"] == pytest.approx(doc["advice"]["default_share"], rel=0.05)
    assert tuned["share"] >= 0.95
    assert streams["share"] >= 0.9


@pytest.mark.parametrize(
    "args,phrase",
    [
        (["lbnl-cern", "--bandwidth", "1Gbps", "--rtt", "1ms"], "give a PATH"),
        ([], "give a PATH"),
        (["--bandwidth", "1Gbps"], "--bandwidth and --rtt go together"),
        (["--bandwidth", "1Gbps", "--rtt", "50"], "--rtt: '50' is not a number with a unit"),
        (["--bandwidth", "0bps", "--rtt", "5ms"], "--bandwidth: '0bps' is outside"),
        (["nosuchpath"], "--path"),
        (["lbnl-cern", "--default-buffer", "32"], "--default-buffer"),
    ],
)
def test_bad_input_is_one_line_exit_2(args, phrase):
    proc = run_cli("tune", *args)
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("hybridnet tune: error: ")
    assert phrase in lines[0]
    assert proc.stdout == ""
