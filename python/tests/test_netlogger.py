# SPDX-License-Identifier: GPL-2.0-only
"""NetLogger ULM files: the Python reader against a line written by hand from the format's
rules (the same line the C++ UlmRecord test writes), against a scenario's own ULM file
(lightpath-cluster --netlogger: every event of the result's timeline, in order, to the
microsecond), lifelines in order of time per object, and `hybridnet lifelines`."""

from __future__ import annotations

import json
import subprocess

import pytest
from conftest import run_cli

from hybridnet import netlogger

LINE = (
    "DATE=20000229010203.500001 HOST=dpss1.lbl.gov PROG=get NL.EVNT=block.write.end ID=17 "
    'SIZE=1048576 MSG="said \\"hi\\" \\\\ twice" EMPTY=""'
)
EPOCH = 951696000  # 2000-02-28 00:00:00 UTC


def test_a_hand_written_line_reads_back_every_field():
    r = netlogger.parse_line(LINE, EPOCH)
    assert r.time == pytest.approx(86400 + 3723.500001, abs=1e-9)  # across the leap day
    assert (r.host, r.prog, r.event, r.id) == ("dpss1.lbl.gov", "get", "block.write.end", "17")
    assert r.fields == (("SIZE", "1048576"), ("MSG", 'said "hi" \\ twice'), ("EMPTY", ""))


@pytest.mark.parametrize(
    "line,phrase",
    [
        ("HOST=h DATE=20000101000000.000000 PROG=p NL.EVNT=e ID=i", "not DATE HOST"),
        ("DATE=2000010100000.000000 HOST=h PROG=p NL.EVNT=e ID=i", "YYYYMMDDhhmmss"),
        ("DATE=19991231000000.000000 HOST=h PROG=p NL.EVNT=e ID=i", "before the epoch"),
        ("DATE=20000101000000.000000 HOST=h PROG=p NL.EVNT=e ID=i lonely", "NAME=value"),
    ],
)
def test_malformed_lines_are_refused(line, phrase):
    with pytest.raises(netlogger.UlmError, match=phrase):
        netlogger.parse_line(line)


def test_lifelines_follow_each_object_in_time():
    records = [
        netlogger.Record(2.0, "h", "p", "write", "b1"),
        netlogger.Record(0.0, "h", "p", "read", "b1"),
        netlogger.Record(0.5, "h", "p", "read", "b2"),
        netlogger.Record(1.0, "h", "p", "send", "b1"),
        netlogger.Record(1.5, "h", "p", "other", "b2"),
    ]
    stages, lines = netlogger.lifelines(records, events=["read", "send", "write"])
    assert stages == ["read", "send", "write"]
    assert lines == {"b1": [(0.0, 0), (1.0, 1), (2.0, 2)], "b2": [(0.5, 0)]}
    stages, lines = netlogger.lifelines(records, ids=["b2"])
    assert stages == ["write", "read", "send", "other"]  # first appearance in the file
    assert lines == {"b2": [(0.5, 1), (1.5, 3)]}


@pytest.fixture(scope="module")
def cluster_run(bin_dir, tmp_path_factory):
    folder = tmp_path_factory.mktemp("cluster")
    argv = [str(bin_dir / "lightpath-cluster"), "--mode=automatic", "--duration=8s"]
    argv += [f"--output={folder / 'r.json'}", f"--netlogger={folder / 'run.ulm'}"]
    subprocess.run(argv, check=True, capture_output=True)
    return json.loads((folder / "r.json").read_text()), folder / "run.ulm"


def test_cluster_timeline_as_ulm(cluster_run):
    doc, ulm = cluster_run
    records = netlogger.read(ulm)
    events = doc["events"]
    assert len(records) == len(events) > 10
    for r, e in zip(records, events, strict=True):
        assert r.time == pytest.approx(int(e["time"] * 1e6) / 1e6, abs=1e-9)
        assert (r.id, r.event, dict(r.fields)["DETAIL"]) == (e["object"], e["event"], e["detail"])
        kind, _, rest = e["object"].partition(":")
        assert r.prog == kind
        assert r.host == (rest.split(":")[0] if kind == "flow" else rest or kind)
    assert "netlogger" not in doc["parameters"]
    frame = netlogger.frame(records)
    assert list(frame.columns[:5]) == ["time", "host", "prog", "event", "id"]
    assert frame["time"].is_monotonic_increasing


def test_lifelines_command(cluster_run, tmp_path):
    _, ulm = cluster_run
    proc = run_cli("lifelines", str(ulm), "--output", str(tmp_path / "life"))
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "life.png").stat().st_size > 0 and (tmp_path / "life.pdf").is_file()
    bad = tmp_path / "bad.ulm"
    bad.write_text("DATE=20000101000000.000000 HOST=h PROG=p NL.EVNT=e ID=i\nnonsense\n")
    proc = run_cli("lifelines", str(bad))
    assert proc.returncode == 2
    assert (
        proc.stderr.strip() == f"hybridnet lifelines: error: {bad}:2: 'nonsense' is not NAME=value"
    )
    assert not (tmp_path / "bad-lifelines.png").exists()
