# SPDX-License-Identifier: GPL-2.0-only
"""lightpath-cluster: gige-iperf's traffic over the circuit network - bidirectional iperf
and flood ping with gige-iperf's metric names - checked against what the mode implies."""

from __future__ import annotations

import json
import subprocess

import pytest


@pytest.fixture(scope="session")
def lightpath_cluster(bin_dir):
    return bin_dir / "lightpath-cluster"


def run(binary, tmp_path, *args) -> dict:
    out = tmp_path / "r.json"
    proc = subprocess.run(
        [str(binary), *args, f"--output={out}"], capture_output=True, text=True, cwd=tmp_path
    )
    assert proc.returncode == 0, proc.stderr
    return {k: v["value"] for k, v in json.loads(out.read_text())["metrics"].items()}


@pytest.mark.parametrize("mode,share", [("static", 1.0), ("packet", 0.0)])
def test_bidirectional_runs_flow_1_both_ways_on_its_network(
    lightpath_cluster, tmp_path, mode, share
):
    """iperf -d: the reverse flow is flow 2, on flow 1's network - over the circuit NIC
    for every byte in static mode, never in packet mode; gige-iperf's names hold the sums."""
    m = run(lightpath_cluster, tmp_path, f"--mode={mode}", "--bidirectional=true", "--duration=1s")
    assert m["goodput"] == m["goodput1"]
    assert m["reverseGoodput"] == m["goodput2"]
    assert m["aggregateGoodput"] == pytest.approx(m["goodput"] + m["reverseGoodput"])
    assert m["reverseGoodput"] > 0
    assert m["circuitShare1"] == share
    assert m["circuitShare2"] == share


def test_bidirectional_is_flow_2(lightpath_cluster, tmp_path):
    proc = subprocess.run(
        [str(lightpath_cluster), "--bidirectional=true", "--flow2=node3>node4", "--check=true"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert proc.returncode == 2
    assert "bidirectional is without --flow2" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_flood_ping_over_a_circuit(lightpath_cluster, tmp_path):
    """ping -f over the circuit: every request answered, sent on the reply (FloodPing), so
    faster than one per 10 ms, and the flood statistics of gige-iperf are there."""
    count = 200
    m = run(
        lightpath_cluster,
        tmp_path,
        "--mode=static",
        "--duration=100ms",
        f"--pingCount={count}",
        "--pingFlood=true",
    )
    assert m["pingsAnswered"] == count
    assert m["pingRate"] > 100
    assert m["floodRttMin"] <= m["floodRttMax"]
    assert m["pingRttMin"] <= m["floodRttMin"]
