# SPDX-License-Identifier: GPL-2.0-only
"""The hybridnet command as a user runs it."""

from __future__ import annotations

import json

import pytest
from conftest import SHORT_RUN, run_cli

from hybridnet import paths


def test_list_names_scenarios_with_descriptions():
    proc = run_cli("list")
    assert proc.returncode == 0, proc.stderr
    line = next(x for x in proc.stdout.splitlines() if x.startswith("gige-iperf "))
    assert "iperf" in line and "ping" in line


def test_run_keeps_result_and_prints_summary(tmp_path):
    out = tmp_path / "sub" / "run.json"
    proc = run_cli("run", "gige-iperf", *SHORT_RUN, f"--output={out}")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(out.read_text())
    assert f"result: {out}" in proc.stdout
    assert f"{doc['metrics']['goodput']['value']:.6g} Mb/s" in proc.stdout
    # Not a terminal: progress comes as a line per 10 %.
    assert "gige-iperf: 50 %" in proc.stderr


def test_run_default_output_folder(tmp_path):
    proc = run_cli("run", "gige-iperf", *SHORT_RUN, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    files = list((tmp_path / "hybridnet-results").glob("gige-iperf-*.json"))
    assert len(files) == 1


@pytest.mark.parametrize(
    "args,expected",
    [
        (["run", "gige-iperf", "--duration=10"], "--duration"),
        (["run", "gige-iperf", "--linkrate=1Gbps"], "did you mean --linkRate?"),
        (["run", "no-such-scenario"], "unknown scenario 'no-such-scenario'"),
        (["validate", "--only", "no-such-case"], "unknown case 'no-such-case'"),
        (["validate", "--jobs=0"], "--jobs"),
        (["validate", "--jobs=two"], "--jobs"),
        (["validate", "--quick", "--full"], "not allowed with argument"),
        (["frobnicate"], "invalid choice"),
        (
            ["run", "lightpath-cluster", "--topology=nosuch"],
            "no bundled name (lightpath-accelerator",
        ),
        (["run", "lightpath-cluster", "--flow1=node1>node9"], "'node9' is not a compute host"),
        (["run", "lightpath-cluster", "--flow1=node1"], "--flow1: 'node1' has another form"),
        (["run", "lightpath-cluster", "--rateThreshold=200Mbps"], "unless --mode=automatic"),
        (
            ["run", "lightpath-cluster", "--mode=automatic", "--rateThreshold=900Tbps"],
            "epd.rateThreshold: '900Tbps' is out of range",
        ),
    ],
)
def test_bad_input_is_one_line_exit_2(tmp_path, args, expected):
    proc = run_cli(*args, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and expected in lines[0], proc.stderr
    assert "Traceback" not in proc.stderr
    assert list(tmp_path.iterdir()) == [], "bad input left files behind"


def test_check_validates_without_running(tmp_path):
    ok = run_cli("run", "gige-iperf", "--check", "--duration=10s", cwd=tmp_path)
    assert ok.returncode == 0 and list(tmp_path.iterdir()) == []
    bad = run_cli("run", "gige-iperf", "--check", "--duration=10", cwd=tmp_path)
    assert bad.returncode == 2 and "--duration" in bad.stderr


def test_scenario_help_passes_through():
    proc = run_cli("run", "gige-iperf", "--help")
    assert proc.returncode == 0
    assert "--linkRate=<rate>  [1Gbps]" in proc.stdout


def test_topology_file_contradiction_is_one_line_exit_2(tmp_path):
    """A topology file with two NICs on one switch port: rejected before the run, by --check
    too, with the setting's JSON path."""
    source = paths.SOURCE_DIR / "examples" / "topologies" / "lightpath-accelerator.json"
    bad = tmp_path / "inputs" / "two-on-one-port.json"
    bad.parent.mkdir()
    bad.write_text(source.read_text().replace('"switchPort": 2', '"switchPort": 1'))
    out = tmp_path / "out"
    out.mkdir()
    for extra in ([], ["--check"]):
        proc = run_cli("run", "lightpath-cluster", f"--topology={bad}", *extra, cwd=out)
        assert proc.returncode == 2, proc.stderr
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and "hosts[2].packetNic.switchPort" in lines[0], proc.stderr
        assert "Traceback" not in proc.stderr
    assert list(out.iterdir()) == []


def test_a_rule_message_names_only_what_the_user_gave(tmp_path):
    proc = run_cli("run", "gige-iperf", "--bidirectional=true", "--loopback=true", cwd=tmp_path)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
    assert "(given: --bidirectional=true --loopback=true)" in proc.stderr
    assert "--output" not in proc.stderr and "--progress" not in proc.stderr


def test_progress_false_runs_without_progress_lines(tmp_path):
    proc = run_cli(
        "run", "gige-iperf", *SHORT_RUN, "--progress=false", "--output=r.json", cwd=tmp_path
    )
    assert proc.returncode == 0, proc.stderr
    assert "%" not in proc.stderr and (tmp_path / "r.json").is_file()
    proc = run_cli("run", "gige-iperf", *SHORT_RUN, "--progress=maybe", cwd=tmp_path)
    assert proc.returncode == 2 and "--progress: 'maybe' is not true or false" in proc.stderr
