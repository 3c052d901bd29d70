# SPDX-License-Identifier: GPL-2.0-only
"""Result files load into pandas with units in the column names."""

from __future__ import annotations

import subprocess

from conftest import SHORT_RUN

from hybridnet import results


def test_frame_and_series(gige_iperf, tmp_path):
    files = []
    for run in (1, 2):
        path = tmp_path / f"run{run}.json"
        subprocess.run([str(gige_iperf), *SHORT_RUN, f"--RngRun={run}", f"--output={path}"],
                       check=True, capture_output=True)
        files.append(path)
    df = results.frame(files)
    assert list(df["RngRun"]) == [1, 2]
    assert df["linkRate [bit/s]"].iloc[0] == 1e9
    assert (df["goodput [Mb/s]"] > 0).all()
    rtt = results.series(files[0], "pingRtt")
    assert list(rtt.columns) == ["seq", "rtt [us]"]
    assert len(rtt) == 5
