# SPDX-License-Identifier: GPL-2.0-only
"""lightpath-wan at a small size: the transfers' completion times and bytes add up, and
each mode uses the circuits it says (none, on demand after detection, reserved ahead).

Mistakes tried in scenarios/lightpath-wan.cc (each failed the test named, then reverted):
bytesDelivered summing the sizes instead of the bytes delivered (the packet-mode test,
whose bulk transfer cannot finish); the pfd's CircuitStateChange not counted (the on-demand
test: no circuit granted); a booked pair's transfers addressed to the packet network (the
reserved test: the circuit NICs sent fewer bytes than were delivered); the calendar's
set-ups not planned around each other (LightpathCalendar (5); the two-trunk test: the
second lightpath is up late, its transfer's SYN is lost and retried)."""

from __future__ import annotations

import json
import subprocess

import pytest
from conftest import rejected, replaced

SMALL = [
    "--hosts=2",
    "--transfers=6",
    "--bulkTransfers=1",
    "--bulkSize=100MB",
    "--minSize=10kB",
    "--maxSize=5MB",
    "--meanGap=500ms",
    "--bottleneckRate=100Mbps",
    "--wanDelay=10ms",
    "--campusLatency=100ms",
    "--metroLatency=100ms",
    "--waveLatency=200ms",
    "--workloadStart=1s",
    "--duration=15s",
    "--rateThreshold=10Mbps",
    "--crossFlows=1",
    "--crossUdpRate=20Mbps",
    "--crossUdpBurst=50ms",
]


@pytest.fixture(scope="session")
def lightpath_wan(bin_dir):
    return bin_dir / "lightpath-wan"


def run(binary, tmp_path, *args) -> dict:
    out = tmp_path / "r.json"
    proc = subprocess.run(
        [str(binary), *replaced(SMALL, args), f"--output={out}"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(out.read_text())


def check_transfers(doc: dict, duration: float = 15) -> dict:
    """The per-transfer series against the totals: every byte offered once, a completed
    transfer delivered whole, the completion-time statistics those of the series."""
    m = {k: v["value"] for k, v in doc["metrics"].items()}
    s = {k: v["values"] for k, v in doc["series"]["transfers"].items()}
    n = len(s["id"])
    assert m["transfers"] == n == 7
    assert m["bytesOffered"] == sum(s["size"])
    assert m["bytesDelivered"] == sum(s["delivered"])
    assert m["transfersCompleted"] == sum(s["completed"])
    assert m["elephants"] + m["mice"] == n
    assert m["elephants"] == sum(1 for size in s["size"] if size >= 10e6)  # elephantSize
    for size, got, done, fct, start in zip(
        s["size"], s["delivered"], s["completed"], s["fct"], s["start"], strict=True
    ):
        assert got == size if done else got < size
        assert fct > 0 and start + fct <= duration + 1e-9  # within the run
    for kind, flag in (("Elephants", 1.0), ("Mice", 0.0)):
        rows = zip(s["fct"], s["elephant"], s["completed"], strict=True)
        fcts = [f for f, e, d in rows if e == flag and d]
        if fcts:
            assert m[f"fct{kind}Max"] == pytest.approx(max(fcts))
            assert m[f"fct{kind}Mean"] == pytest.approx(sum(fcts) / len(fcts))
    return m


def test_packet_mode_uses_no_circuit(lightpath_wan, tmp_path):
    """Over 4 s the 100 MB transfer cannot cross the 100 Mb/s WAN (8 s at least): it is
    counted with what it delivered, not as complete."""
    doc = run(lightpath_wan, tmp_path, "--mode=packet", "--duration=5s")
    m = check_transfers(doc, duration=5)
    assert m["transfersCompleted"] < m["transfers"]
    assert m["bytesDelivered"] < m["bytesOffered"]
    assert m["circuitsRequested"] == m["circuitBytes"] == m["circuitHoldingTime"] == 0
    assert "circuitHoldingEfficiency" not in m
    assert m["bottleneckDrops"] > 0  # the cross traffic and the transfers meet there


def test_on_demand_moves_the_detected_elephant(lightpath_wan, tmp_path):
    """The 100 MB transfer is detected (10 Mb/s held for the epd's hold time) and moved
    onto a lightpath after T_up = 2 L_campus + L_metro + L_wave + 4 S + 2 (d_1 + wanDelay);
    the circuit carries part of it, at most what it could while held."""
    m = check_transfers(run(lightpath_wan, tmp_path, "--mode=on-demand"))
    assert m["circuitSetUpTime"] == pytest.approx(0.2 + 0.1 + 0.2 + 0.08 + 2 * 0.011)
    assert m["circuitsRequested"] >= m["circuitsGranted"] >= 1
    assert 0 < m["circuitBytes"] < 100e6 * 1.1
    assert 0 < m["circuitHoldingEfficiency"] <= 1


def test_reserved_carries_the_booked_pair_on_the_circuit(lightpath_wan, tmp_path):
    """With one host pair and its trunk booked before the transfers, every transfer goes
    over the lightpath: the circuit NICs send at least every byte delivered, the packet
    WAN carries only the cross traffic."""
    m = check_transfers(run(lightpath_wan, tmp_path, "--mode=reserved", "--hosts=1"))
    assert m["circuitsRequested"] == m["circuitsGranted"] == 1
    assert m["transfersCompleted"] == m["transfers"]
    assert m["circuitBytes"] >= m["bytesDelivered"]
    assert m["circuitHoldingTime"] == pytest.approx(15 - 1 + m["circuitSetUpTime"])


def test_reserved_trunks_are_each_up_in_time_and_independent(lightpath_wan, tmp_path):
    """Two trunks booked for the same slot share every domain's controller: the calendar
    sets the second up one longest command (L_wave + S = 0.22 s) earlier (LightpathCalendar
    (5)), so both are up at workloadStart and the two identical transfers, each on its own
    lightpath, take the same time. Each circuit is held from its request to the end:
    (15 - 1 + T_up) + (15 - 1 + T_up + 0.22) s."""
    doc = run(
        lightpath_wan,
        tmp_path,
        "--mode=reserved",
        "--trunks=2",
        "--transfers=0",
        "--bulkTransfers=2",
        "--bulkSize=20MB",
    )
    m = {k: v["value"] for k, v in doc["metrics"].items()}
    s = {k: v["values"] for k, v in doc["series"]["transfers"].items()}
    assert m["circuitsRequested"] == m["circuitsGranted"] == 2
    assert s["completed"] == [1, 1]
    assert s["fct"][0] == pytest.approx(s["fct"][1], rel=1e-9)
    lead = m["circuitSetUpTime"]
    assert m["circuitHoldingTime"] == pytest.approx(2 * (14 + lead) + 0.22)


@pytest.mark.parametrize(
    "args,needle",
    [
        (["--mode=circuit"], "--mode"),
        (["--trunks=3"], "trunks <= hosts"),
        (["--minSize=10MB"], "minSize < maxSize"),
        (["--mode=reserved", "--workloadStart=100ms"], "workloadStart >= the bookings' lead"),
        (["--paretoShape=0"], "--paretoShape"),
    ],
)
def test_bad_input_is_refused_in_one_line(lightpath_wan, tmp_path, args, needle):
    assert needle in rejected(lightpath_wan, tmp_path, replaced(SMALL, args))
