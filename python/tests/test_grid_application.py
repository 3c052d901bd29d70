# SPDX-License-Identifier: GPL-2.0-only
"""grid-application: strict flags, and the block pipeline held to its equations end to end -
a serial sender's block time is its stages' sum, an overlapped one's their maximum; each
block's series row runs through the stages in order; the --netlogger file holds every
block's eight events (and a host model's vmstat) and `hybridnet.netlogger` reads it."""

from __future__ import annotations

import json
import subprocess

import pytest
from conftest import rejected

from hybridnet import netlogger

FAST = ["--rtt=2ms", "--bottleneckRate=1Gbps", "--blocks=32", "--blockSize=256KiB"]
FAST += ["--sndBuf=1MiB", "--rcvBuf=1MiB"]

BAD = [
    (["--source=disk"], "source=disk needs a sender profile with a disk section"),
    (["--sink=disk", "--receiver=accelerator-xeon"], "sink=disk needs a receiver profile"),
    (["--tcp=ns3"], "accepted tcp=lfn"),
    (["--blocks=0"], "--blocks"),
    (["--pause=2"], "--pause"),
    (["--source=tape"], "--source"),
    (["--blocks=100000", "--blockSize=1GiB"], "blocks x blockSize <= 1 TiB"),
]


@pytest.fixture(scope="session")
def app(bin_dir):
    return bin_dir / "grid-application"


def run(app, tmp_path, *args):
    out = tmp_path / "r.json"
    given = {a.split("=")[0] for a in args}
    argv = [str(app), *(f for f in FAST if f.split("=")[0] not in given), *args, f"--output={out}"]
    proc = subprocess.run(argv, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(out.read_text())
    return {k: v["value"] for k, v in doc["metrics"].items()}, doc


@pytest.mark.parametrize("args,expected", BAD)
def test_bad_input_is_one_line_exit_2(app, tmp_path, args, expected):
    assert expected in rejected(app, tmp_path, args)


@pytest.mark.parametrize("overlap", [False, True])
def test_compute_bound_sender_runs_at_its_stage_time(app, tmp_path, overlap):
    """A 5 ms computation per 256 KiB block against a 2.1 ms send at 1 Gb/s: serial, a
    block takes produce + send (1); overlapped, the computation alone (2)."""
    m, _ = run(
        app,
        tmp_path,
        "--source=compute",
        "--sourceCompute=5ms",
        f"--senderOverlap={str(overlap).lower()}",
    )
    assert m["complete"] == 1
    assert m["produceMean"] == pytest.approx(0.005, rel=1e-9)
    expected = 0.005 if overlap else 0.005 + m["sendMean"]
    assert m["stageBlock"] == pytest.approx(expected, rel=1e-9)
    assert m["blockTime"] == pytest.approx(expected, rel=0.05)


def test_series_and_ulm_follow_each_block(app, tmp_path):
    ulm = tmp_path / "run.ulm"
    m, doc = run(
        app,
        tmp_path,
        "--sink=compute",
        "--sinkCompute=1ms",
        "--sender=accelerator-xeon",
        "--monitorInterval=10ms",
        f"--netlogger={ulm}",
    )
    table = doc["series"]["blocks"]
    columns = list(table)[1:]
    assert columns[0] == "produceStart" and columns[-1] == "consumeEnd"
    rows = list(zip(*(table[c]["values"] for c in columns), strict=True))
    assert len(rows) == 32
    for row in rows:  # each block's server stages, then its client stages, in order
        assert list(row[:4]) == sorted(row[:4]) and list(row[4:]) == sorted(row[4:])
    records = netlogger.read(ulm)
    blocks = [r for r in records if r.prog in ("server", "client")]
    assert len(blocks) == 32 * 8
    assert {r.event for r in records if r.prog == "vmstat"} == {"vmstat"}
    assert all(0 <= float(dict(r.fields)["CPU.UTIL"]) <= 1 for r in records if r.prog == "vmstat")
    netstat = [dict(r.fields) for r in records if r.prog == "netstat" and r.host == "sender"]
    assert netstat and all(int(f["TCP.RETRANS"]) >= 0 for f in netstat)
    ifstat = [dict(r.fields) for r in records if r.prog == "ifstat"]
    assert ifstat and sum(int(f["PKTS"]) for f in ifstat) > 32 * 256 * 1024 / 1500 * 0.9
    stages, lines = netlogger.lifelines(records, ids=["0"])
    assert [stages[s] for _, s in lines["0"]][:2] == ["produce.start", "produce.end"]
    assert "netlogger" not in doc["parameters"]


def test_requests_wait_the_delayed_ack_under_nagle(app, tmp_path):
    """An rfio-style client on a 1 ms LAN (256 KiB blocks): with TCP_NODELAY on both sockets
    a block costs its transfer and a round trip; with Nagle on the control socket every
    request from the third on waits the server's 200 ms delayed ACK."""
    lan = ["--rtt=1ms", "--blocks=8", "--requests=true", "--noDelay=true"]
    fast, _ = run(app, tmp_path, *lan, "--controlNoDelay=true")
    slow, _ = run(app, tmp_path, *lan, "--controlNoDelay=false")
    assert fast["blockTime"] < 0.01
    assert slow["blockTime"] >= 0.2 * 6 / 8


def test_put_names_the_client_the_sender(app, tmp_path):
    ulm = tmp_path / "put.ulm"
    _, doc = run(app, tmp_path, "--operation=put", f"--netlogger={ulm}")
    assert len(doc["series"]["blocks"]["block"]["values"]) == 32
    progs = {(r.prog, r.event) for r in netlogger.read(ulm)}
    assert ("client", "send.start") in progs and ("server", "consume.end") in progs
