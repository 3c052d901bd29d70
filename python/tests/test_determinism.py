# SPDX-License-Identifier: GPL-2.0-only
"""Same parameters and seed in two separate processes: byte-identical result files apart
from the wall-clock member."""

from __future__ import annotations

import json
import subprocess

from conftest import SHORT_RUN

from hybridnet import scenarios


def run(gige_iperf, path, *extra):
    subprocess.run(
        [str(gige_iperf), *SHORT_RUN, *extra, f"--output={path}"], check=True, capture_output=True
    )
    return path.read_bytes()


def without_wall_clock(raw: bytes) -> bytes:
    head, sep, _ = raw.partition(b'"wallClock"')
    assert sep, "no wallClock member"
    return head


def test_two_processes_byte_identical(gige_iperf, tmp_path):
    a = run(gige_iperf, tmp_path / "a.json", "--RngRun=3")
    b = run(gige_iperf, tmp_path / "b.json", "--RngRun=3")
    assert without_wall_clock(a) == without_wall_clock(b)
    # The wall-clock member is the last one: nothing else hides after it.
    assert list(json.loads(a))[-1] == "wallClock"


def test_progress_output_does_not_change_results(gige_iperf, tmp_path):
    a = run(gige_iperf, tmp_path / "a.json")
    b = run(gige_iperf, tmp_path / "b.json", "--progress")
    assert without_wall_clock(a) == without_wall_clock(b)


def test_result_records_everything(gige_iperf, tmp_path):
    doc = json.loads(run(gige_iperf, tmp_path / "a.json", "--RngSeed=7", "--RngRun=9"))
    assert doc["schemaVersion"] == 1
    assert doc["rng"] == {"seed": 7, "run": 9}
    assert doc["versions"]["ns3"] == "3.44"
    assert doc["versions"]["hybridnet"]
    schema = json.loads(
        subprocess.run(
            [str(gige_iperf), "--schema"], capture_output=True, check=True, text=True
        ).stdout
    )
    model_flags = [f["name"] for f in schema["flags"] if f["name"] not in scenarios.RUN_OPTIONS]
    assert list(doc["parameters"]) == model_flags, "every parameter, defaults included"
    assert doc["metrics"]["goodput"]["unit"] == "Mb/s"
    assert doc["simulatedTime"]["unit"] == "s"
    assert doc["eventCount"] > 0
