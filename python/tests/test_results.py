# SPDX-License-Identifier: GPL-2.0-only
"""Result files load into pandas with units in the column names."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from conftest import SHORT_RUN

from hybridnet import results


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
