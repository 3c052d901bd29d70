# SPDX-License-Identifier: GPL-2.0-only
"""Strict flags, end to end: every bad value ends the scenario program with one line
naming the flag and the accepted range, exit code 2, no stack trace, no file written."""

from __future__ import annotations

import json
import subprocess

import pytest
from conftest import SHORT_RUN

BAD = [
    # (argument, text the message must contain)
    ("--queueSize=12abc", "--queueSize"),
    ("--queueSize=1.5x", "--queueSize"),
    ("--queueSize=0x10", "--queueSize"),
    ("--queueSize=", "empty value"),
    ("--queueSize=1e3", "range 1 to 1000000"),
    ("--queueSize=-1", "cannot be negative"),
    ("--queueSize=99999999999999999999999", "too large"),
    ("--queueSize=0", "range 1 to 1000000"),
    ("--linkRate=nanGbps", "--linkRate"),
    ("--linkRate=infMbps", "--linkRate"),
    ("--linkRate=1Gbpsx", "unknown unit"),
    ("--linkRate=40Gbps", "range 10Mbps to 10Gbps"),  # the Ethernet device's range
    ("--interval=10", "has no unit"),
    ("--interval=-1s", "negative time"),
    ("--interval=2h", "range 1ms to 1h"),
    ("--mtu=1500", "has no unit"),
    ("--mtu=20000B", "range 576B to 16144B"),
    ("--window=1.5KiB", "not a decimal integer"),
    ("--window=1KiB", "window is 0B or at least 2KiB"),
    ("--tcp=ns3", "--window=0B (the kernel's buffers) needs --tcp=lfn"),
    ("--host=none", "--window=0B: --host=none names no kernel"),
    ("--congestionOps=ns3::TcpFoo", "ns3::TcpCongestionOps"),
    ("--RngRun=0", "--RngRun"),
    ("--RngSeed=abc", "--RngSeed"),
    ("--linkrate=1Gbps", "did you mean --linkRate?"),
    ("--queuesize=3", "did you mean --queueSize?"),
    ("--pingCount=3", "given more than once"),
    ("--interval", "needs a value"),
    ("duration=10s", "unexpected argument"),
    ("--output=/nonexistent-folder/x.json", "existing folder"),
    ("--segmentSize=1449B", "segmentSize + 52B"),  # with timestamps, does not fit 1500B
    ("--mtu=1000B", "<= mtu"),
    ("--pingSize=+56B", "has a sign"),
    ("--linkDelay=1.5ps", "time resolution"),
    ("--itr=2", "itr is 0, 1, 3, 4 or 100..100000"),
    ("--itr=99", "itr is 0, 1, 3, 4 or 100..100000"),
    ("--itr=100001", "range 0 to 100000"),
    ("--itr=-1", "range 0 to 100000"),
    ("--rxRing=79", "range 80 to 4096"),
    ("--txRing=4097", "range 80 to 4096"),
    ("--host=pentium", "--host: no host profile 'pentium'; bundled: accelerator-xeon"),
    ("--throttleClock=Free", "one of FreeRunning, Restart"),
    ("--receivers=3", "range 1 to 2"),
    ("--receivers=0", "range 1 to 2"),
    ("--loopback=yes", "--loopback"),
    ("--loopback=true --host=none", "loopback is one transfer on a modelled host"),
    ("--loopback=true --receivers=2", "loopback is one transfer on a modelled host"),
    ("--bidirectional=true --receivers=2", "bidirectional is with one receiver"),
    ("--loopback=true --segmentSize=16385B", "loopback MTU (16436B)"),
    ("--writeSize=0B", "range 1B to"),
    ("--writeSize=8K", "--writeSize"),
    ("--host=none --serverHost=farm-pentium-800", "serverHost is same with --host=none"),
    ("--serverHost=none", "--serverHost"),
    ("--serverHost=pentium", "--serverHost: no host profile 'pentium'"),
]


def test_a_ping_series_longer_than_the_clock_is_refused(gige_iperf, tmp_path):
    """A million hours of pings would run past the picosecond clock's 106 days (an overflow
    abort in ns-3's int64x64); the rule refuses it before anything runs, and allows 30
    days."""
    args = [str(gige_iperf), "--duration=10ms", "--check=true", "--pingInterval=1h"]
    proc = subprocess.run([*args, "--pingCount=1000000"], capture_output=True, text=True)
    assert proc.returncode == 2
    assert "pingCount x pingInterval is at most 30 days" in proc.stderr
    proc = subprocess.run([*args, "--pingCount=720"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize("arg,expected", BAD, ids=[a for a, _ in BAD])
def test_bad_flag_is_one_line_exit_2(gige_iperf, tmp_path, arg, expected):
    out = tmp_path / "result.json"
    args = [str(gige_iperf), *SHORT_RUN, *arg.split()]
    if not arg.startswith("--output"):
        args.append(f"--output={out}")
    proc = subprocess.run(args, capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert expected in lines[0]
    assert lines[0].startswith("gige-iperf: error: ")
    assert proc.stdout == ""
    assert list(tmp_path.iterdir()) == [], "a rejected run wrote a file"


def test_flood_ping_count_limit(gige_iperf, tmp_path):
    proc = subprocess.run(
        [
            str(gige_iperf),
            "--duration=0s",
            "--pingFlood=true",
            "--pingCount=70000",
            f"--output={tmp_path / 'r.json'}",
        ],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2
    assert "pingFlood sends at most 65536 pings" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_help_lists_every_flag_with_default_unit_and_range(gige_iperf):
    proc = subprocess.run([str(gige_iperf), "--help"], capture_output=True, text=True)
    assert proc.returncode == 0
    schema = json.loads(
        subprocess.run(
            [str(gige_iperf), "--schema"], capture_output=True, text=True, check=True
        ).stdout
    )
    for flag in schema["flags"]:
        assert f"--{flag['name']}=<{flag['kind']}>  [{flag['default']}]" in proc.stdout
        if flag["unit"]:
            assert f"unit: {flag['unit']}" in proc.stdout
    assert "range: 10Mbps to 10Gbps" in proc.stdout


def test_good_flags_run(gige_iperf, tmp_path):
    out = tmp_path / "r.json"
    proc = subprocess.run(
        [str(gige_iperf), *SHORT_RUN, "--linkRate=155.52Mbps", f"--output={out}"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(out.read_text())
    assert doc["parameters"]["linkRate"] == {
        "text": "155.52Mbps",
        "value": 155520000.0,
        "unit": "bit/s",
    }
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"], "temporary file left behind"


def test_server_host_names_the_servers_machine(gige_iperf, tmp_path):
    """--serverHost: host0 keeps --host's profile, the servers run their own. Two iperf
    streams out of a 2.4 GHz Xeon (accelerator-xeon): into the 800 MHz farm PCs (32-bit/
    33 MHz PCI) each server works harder and the two take less than two more Xeons."""

    def run(*extra):
        out = tmp_path / "r.json"
        args = [str(gige_iperf), "--duration=1s", "--pingCount=0", "--receivers=2", *extra]
        proc = subprocess.run([*args, f"--output={out}"], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        doc = json.loads(out.read_text())
        return {k: v["value"] for k, v in doc["metrics"].items()}, doc["parameters"]

    same, parameters = run()
    assert parameters["serverHost"]["text"] == "same"
    slow, _ = run("--serverHost=farm-pentium-800")
    assert slow["cpuUtilisationClient"] < same["cpuUtilisationClient"]
    for server in ("Server", "Server2"):
        assert slow[f"cpuUtilisation{server}"] > same[f"cpuUtilisation{server}"]
    assert slow["aggregateGoodput"] < same["aggregateGoodput"]
