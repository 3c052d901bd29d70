# SPDX-License-Identifier: GPL-2.0-only
"""Result files load into pandas with units in the column names."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest
from conftest import SHORT_RUN

from hybridnet import results


def fake_result(path, run=1, series=None):
    """A minimal result document, as the C++ writer lays it out, without running a scenario."""
    doc = {
        "schemaVersion": 1,
        "scenario": "unit",
        "rng": {"seed": 1, "run": run},
        "parameters": {"rate": {"text": "1Gbps", "value": 1e9, "unit": "bit/s"}},
        "metrics": {"goodput": {"value": 10.0 * run, "unit": "Mb/s"}},
        "simulatedTime": {"value": 1.0, "unit": "s"},
        "eventCount": 5,
        "series": series or {},
    }
    path.write_text(json.dumps(doc))
    return path


def test_frame_and_series(gige_iperf, tmp_path):
    files = []
    for run in (1, 2):
        path = tmp_path / f"run{run}.json"
        subprocess.run(
            [str(gige_iperf), *SHORT_RUN, f"--RngRun={run}", f"--output={path}"],
            check=True,
            capture_output=True,
        )
        files.append(path)
    df = results.frame(files)
    assert list(df["RngRun"]) == [1, 2]
    assert df["linkRate [bit/s]"].iloc[0] == 1e9
    assert (df["goodput [Mb/s]"] > 0).all()
    rtt = results.series(files[0], "pingRtt")
    assert list(rtt.columns) == ["seq", "rtt [us]"]
    assert len(rtt) == 5


def test_events_written_by_result_document(tmp_path):
    # The C++ writer through the loader: events come back by time, ties in the order added.
    path = tmp_path / "events.json"
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            textwrap.dedent(f"""
        import hybridnet
        ns = hybridnet.ns
        doc = ns.hybridnet.ResultDocument()
        doc.SetScenario("unit", "event log")
        doc.AddEvent(ns.Seconds(6.0), "ocs", "circuitUp", "1-2")
        doc.AddEvent(ns.MilliSeconds(4250), "epd:node1", "detect",
                     "flow:10.0.0.1:49153>10.0.0.2:5001/6")
        doc.AddEvent(ns.Seconds(6.0), "pfd", "reply", "")
        assert doc.Write({str(path)!r}) == ""
    """),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    log = results.events(path)
    assert tuple(log.columns) == results.EVENT_COLUMNS
    assert list(log["time [s]"]) == [4.25, 6.0, 6.0]
    assert list(log["object"]) == ["epd:node1", "ocs", "pfd"]
    assert list(log["event"]) == ["detect", "circuitUp", "reply"]
    assert log["detail"].iloc[0] == "flow:10.0.0.1:49153>10.0.0.2:5001/6"


def test_events_empty_without_log(gige_iperf, tmp_path):
    # A run that logs nothing has no "events" member; the frame is empty but typed.
    path = tmp_path / "run.json"
    subprocess.run(
        [str(gige_iperf), *SHORT_RUN, f"--output={path}"], check=True, capture_output=True
    )
    assert "events" not in json.loads(path.read_text())
    log = results.events(path)
    assert tuple(log.columns) == results.EVENT_COLUMNS
    assert len(log) == 0
    assert log["time [s]"].dtype == "float64"


def test_frame_takes_one_file_a_folder_or_a_sweep(tmp_path):
    # issue 24: frame("one.json") iterated the string's characters ("IsADirectoryError: '/'")
    one = fake_result(tmp_path / "b.json", run=2)
    fake_result(tmp_path / "a.json", run=1)
    assert list(results.frame(str(one))["RngRun"]) == [2]
    assert list(results.frame(tmp_path)["RngRun"]) == [1, 2]  # a folder: by file name
    sweep = tmp_path / "sweep"
    (sweep / "runs").mkdir(parents=True)
    fake_result(sweep / "runs" / "x.json", run=7)
    assert list(results.frame(sweep)["goodput [Mb/s]"]) == [70.0]
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(results.ResultFileError, match="no result files"):
        results.frame(empty)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"not": "a result"}', "not a hybridnet result \\(no 'scenario' member\\)"),
        (b"[1, 2]", "not a result file \\(not a JSON object\\)"),
        (b'{"scenario": ', "not JSON: .* at line 1"),
        (b"\xff\xfe\x00garbage", "not UTF-8 text"),
    ],
)
def test_a_file_that_is_not_a_result_is_named(tmp_path, content, message):
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    with pytest.raises(results.ResultFileError, match=message) as e:
        results.frame([bad])
    assert str(e.value).startswith(f"{bad}: ")
    assert "\n" not in str(e.value)


def test_missing_files_and_folders_are_named(tmp_path):
    with pytest.raises(results.ResultFileError, match="cannot be read \\(No such file"):
        results.load(tmp_path / "nope.json")
    with pytest.raises(results.ResultFileError, match="a folder, not a result file"):
        results.series(tmp_path, "pingRtt")


def test_unknown_series_lists_those_there_are(tmp_path):
    path = fake_result(
        tmp_path / "r.json",
        series={
            "pingRtt": {"seq": {"unit": "", "values": [1]}, "rtt": {"unit": "us", "values": [9]}}
        },
    )
    assert list(results.series(path, "pingRtt").columns) == ["seq", "rtt [us]"]
    with pytest.raises(results.ResultFileError, match="no series 'nope'; it has: pingRtt"):
        results.series(path, "nope")
