# SPDX-License-Identifier: GPL-2.0-only
"""The sweep engine on real gige-iperf runs (a few tenths of a second each): the store,
resuming, run IDs, adaptive replications, the dirty-tree guard, export, status, plots and
the batch-queue (SLURM) path up to the job script."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pandas as pd
import pytest
from conftest import run_cli

from hybridnet import cli, plots, runs, store, sweep, sweep_spec
from hybridnet.runs import RunOutcome, run_id
from hybridnet.store import Store

# host = none: plain Ethernet hosts, which draw no random numbers (deterministic runs); they
# have no kernel, so a transfer sets its window (unless a spec sweeps it).
SHORT = {"duration": "100ms", "pingCount": 2, "pingInterval": "10ms", "host": "none"}


def write_spec(folder, name, body):
    window = {} if "window" in body else {"window": "64KiB"}
    fixed = "\n".join(f"{k} = {json.dumps(v)}" for k, v in {**SHORT, **window}.items())
    path = folder / name
    path.write_text(f'scenario = "gige-iperf"\ntimeout = "2min"\n[fixed]\n{fixed}\n{body}')
    return sweep_spec.load(path)


@pytest.fixture(scope="module")
def swept(tmp_path_factory):
    """Two windows x RngRun 1, 2, run once for the module."""
    folder = tmp_path_factory.mktemp("sweep")
    spec = write_spec(
        folder, "window.toml", '[product]\nwindow = ["16KiB", "64KiB"]\n[replications]\ncount = 2\n'
    )
    results = folder / "results"
    report = sweep.run(spec, results, jobs=2, allow_dirty=True, progress=False)
    return spec, results, report


def test_sweep_stores_every_run(swept):
    spec, results, report = swept
    assert (report.planned, report.already_done, report.done, report.retried) == (4, 0, 4, 0)
    assert report.complete and report.quarantined == []
    store = Store(results)
    try:
        rows = store.rows()
        assert len(rows) == 4
        assert {r["status"] for r in rows} == {"done"} and {r["attempts"] for r in rows} == {1}
        assert {(json.loads(r["point"])["window"], r["run"]) for r in rows} == {
            ("16KiB", 1),
            ("16KiB", 2),
            ("64KiB", 1),
            ("64KiB", 2),
        }
        for r in rows:  # each result is the run its row says
            doc = store.load_result(r["run_id"])
            assert doc["parameters"]["window"]["text"] == json.loads(r["point"])["window"]
            assert doc["rng"] == {"seed": 1, "run": r["run"]}
            assert doc["parameters"]["duration"]["text"] == "100ms"
        assert sorted(p.stem for p in store.runs_dir.iterdir()) == sorted(r["run_id"] for r in rows)
        (last,) = store.sweeps()
        assert (last["code"], last["allow_dirty"]) == (report.code_version, 1)
    finally:
        store.close()


def test_rerun_runs_nothing(swept):
    spec, results, first = swept
    before = {p.name: p.stat().st_mtime_ns for p in (results / "runs").iterdir()}
    report = sweep.run(spec, results, jobs=2, allow_dirty=True, progress=False)
    assert (report.planned, report.already_done, report.done) == (4, 4, 0)
    assert {p.name: p.stat().st_mtime_ns for p in (results / "runs").iterdir()} == before


def test_run_ids_are_stable_and_depend_on_code_and_point(swept):
    spec, results, report = swept
    store = Store(results)
    try:
        stored = {r["run_id"] for r in store.rows()}
    finally:
        store.close()
    assert {t.run_id for t in sweep.plan(spec, report.code_version)} == stored
    assert not {t.run_id for t in sweep.plan(spec, "other-version")} & stored
    point = {"window": "16KiB", "duration": "100ms"}
    same = run_id("gige-iperf", dict(reversed(point.items())), 1, 1, "v1")
    assert run_id("gige-iperf", point, 1, 1, "v1") == same
    others = {
        run_id("gige-iperf", {**point, "window": "64KiB"}, 1, 1, "v1"),
        run_id("gige-iperf", point, 2, 1, "v1"),
        run_id("gige-iperf", point, 1, 2, "v1"),
        run_id("gige-iperf", point, 1, 1, "v2"),
    }
    assert same not in others and len(others) == 4


def test_dirty_tree_refused_without_allow_dirty(tmp_path, monkeypatch):
    monkeypatch.setattr(sweep, "code_version", lambda: ("abc1234-dirty", True))
    spec = write_spec(tmp_path, "s.toml", "[replications]\ncount = 1\n")
    with pytest.raises(sweep.SweepError, match="uncommitted changes .abc1234-dirty.*--allow-dirty"):
        sweep.run(spec, tmp_path / "results", progress=False)
    assert not (tmp_path / "results").exists()


def test_until_stops_at_initial_runs_when_metric_does_not_vary(tmp_path, monkeypatch):
    # gige-iperf with --host=none is deterministic: every RngRun gives the same goodput.
    monkeypatch.setattr(sweep, "code_version", lambda: ("abc1234-dirty", True))
    spec = write_spec(
        tmp_path,
        "s.toml",
        "[replications]\ncount = 2\n"
        'until = { metric = "goodput", halfWidth = 0.001, maxRuns = 6 }\n',
    )
    report = sweep.run(spec, tmp_path / "results", jobs=2, allow_dirty=True, progress=False)
    assert (report.planned, report.done, report.code_version) == (2, 2, "abc1234-dirty")
    store = Store(tmp_path / "results")
    try:
        assert sorted(r["run"] for r in store.rows("done")) == [1, 2]
        assert store.sweeps()[-1]["allow_dirty"] == 1
    finally:
        store.close()


def fill(store, spec, code, goodputs, template):
    """Store synthetic done runs 1, 2, ... of the spec's one point with these goodputs;
    return the point's tasks (at least the spec's initial runs)."""
    key = tuple(sorted(spec.points[0].items()))
    tasks = sweep.plan(spec, code, {key: set(range(1, len(goodputs) + 1))})
    for task, value in zip(tasks, goodputs, strict=False):  # tasks may outnumber goodputs
        doc = {
            **template,
            "rng": {"seed": 1, "run": task.run},
            "metrics": {**template["metrics"], "goodput": {"value": value, "unit": "Mb/s"}},
        }
        store.record_done(
            task,
            code,
            RunOutcome(task.run_id, "done", 0, None, "", json.dumps(doc), 0.1, "test"),
            1,
        )
    return tasks


@pytest.fixture
def template(swept):
    _, results, _ = swept
    return json.loads(next((results / "runs").iterdir()).read_text())


UNTIL = '[replications]\ncount = 2\nuntil = { metric = "goodput", halfWidth = 0.01, maxRuns = 4 }\n'


# halfWidth 0.01 (1 % of the mean), maxRuns 4; half-width = t(0.975, n-1) sd / sqrt(n)
@pytest.mark.parametrize(
    "goodputs,more",
    [
        ([900.0, 900.0], False),  # no spread: 0
        ([900.0, 1000.0], True),  # 12.706 * 70.7 / 1.414 = 635 > 9.5
        ([950.0, 951.0], False),  # 12.706 * 0.707 / 1.414 = 6.35 < 9.505
        ([950.0, 960.0, 970.0], True),  # 4.303 * 10 / 1.732 = 24.8 > 9.6
        ([900.0, 1000.0, 900.0, 1000.0], False),  # wide, but maxRuns reached
    ],
)
def test_needs_more_against_the_student_t_half_width(tmp_path, template, goodputs, more):
    spec = write_spec(tmp_path, "s.toml", UNTIL)
    store = Store(tmp_path / "results")
    try:
        tasks = fill(store, spec, "v1", goodputs, template)
        assert sweep._needs_more(spec, store, tasks) == more
    finally:
        store.close()


def test_needs_more_without_two_results_and_with_unknown_metric(tmp_path, template):
    spec = write_spec(tmp_path, "s.toml", UNTIL)
    store = Store(tmp_path / "results")
    try:
        tasks = fill(store, spec, "v1", [900.0], template)
        # run 2 not done yet (no row): fewer than 2 values, below maxRuns
        assert sweep._needs_more(spec, store, tasks)
        bad = write_spec(tmp_path, "t.toml", UNTIL.replace('"goodput"', '"goodputt"'))
        with pytest.raises(sweep.SweepError, match="no metric 'goodputt'"):
            sweep._needs_more(bad, store, tasks)
    finally:
        store.close()


def test_until_adds_runs_while_the_metric_varies_up_to_max_runs(tmp_path, template, monkeypatch):
    # Runs 1 and 2 are synthetic and far apart (900, 1000 Mb/s); the real runs 3 and 4 give
    # ~962 Mb/s: the interval stays wider than 1 %, so the sweep adds runs up to maxRuns = 4.
    monkeypatch.setattr(sweep, "code_version", lambda: ("synthetic-v1", False))
    spec = write_spec(tmp_path, "s.toml", UNTIL)
    store = Store(tmp_path / "results")
    try:
        fill(store, spec, "synthetic-v1", [900.0, 1000.0], template)
    finally:
        store.close()
    report = sweep.run(spec, tmp_path / "results", jobs=2, progress=False)
    assert (report.already_done, report.done, report.quarantined) == (2, 2, [])
    store = Store(tmp_path / "results")
    try:
        assert sorted(r["run"] for r in store.rows("done")) == [1, 2, 3, 4]
        real = [
            store.load_result(r["run_id"])["metrics"]["goodput"]["value"]
            for r in store.rows("done")
            if r["run"] > 2
        ]
        assert len(set(real)) == 1 and 900 < real[0] < 938.17  # the 8 KiB-write ceiling
    finally:
        store.close()
    again = sweep.run(spec, tmp_path / "results", jobs=2, progress=False)
    assert (again.planned, again.already_done, again.done) == (4, 4, 0)


def test_until_planned_counts_every_run(tmp_path, template, monkeypatch):
    monkeypatch.setattr(sweep, "code_version", lambda: ("synthetic-v1", False))
    spec = write_spec(tmp_path, "s.toml", UNTIL)
    store = Store(tmp_path / "results")
    try:
        fill(store, spec, "synthetic-v1", [900.0, 1000.0], template)
    finally:
        store.close()
    report = sweep.run(spec, tmp_path / "results", jobs=2, progress=False)
    assert report.planned == report.already_done + report.done == 4


def test_export_csv_and_parquet(swept, tmp_path):
    _, results, _ = swept
    for suffix in ("csv", "parquet"):
        out = tmp_path / f"runs.{suffix}"
        proc = run_cli("export", str(results), "--output", str(out))
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.strip() == f"export: {out}"
        frame = pd.read_csv(out) if suffix == "csv" else pd.read_parquet(out)
        assert len(frame) == 4
        for col in (
            "run_id",
            "code",
            "point.window",
            "point.duration",
            "RngSeed",
            "RngRun",
            "window [B]",
            "linkDelay [s]",
            "goodput [Mb/s]",
            "pingRttMean [us]",
            "wallTime [s]",
        ):
            assert col in frame.columns, col
        assert sorted(frame["window [B]"].unique()) == [16384, 65536]
    out = tmp_path / "points.parquet"
    assert run_cli("export", str(results), "--output", str(out), "--per-point").returncode == 0
    points = pd.read_parquet(out)
    assert list(points["point.window"]) == ["16KiB", "64KiB"] and list(points["n"]) == [2, 2]
    assert list(points["goodput [Mb/s] ci95"]) == [0.0, 0.0]  # deterministic scenario
    proc = run_cli("export", str(results), "--output", str(tmp_path / "runs.xlsx"))
    assert proc.returncode == 2 and "must end in .csv or .parquet" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_status(swept, tmp_path, template):
    _, results, report = swept
    proc = run_cli("status", str(results))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == f"{results}: 4 done, 0 failed, 0 quarantined"
    assert lines[1].startswith("last sweep started ")
    assert lines[1].endswith(f"code {report.code_version} (dirty tree allowed)")
    # failed and quarantined runs are listed with how they ended
    spec = write_spec(tmp_path, "s.toml", "[replications]\ncount = 2\n")
    store = Store(tmp_path / "r")
    try:
        t1, t2 = sweep.plan(spec, "v1")
        store.begin_sweep("{}", "v1", False)
        store.record_failure(
            t1,
            "v1",
            RunOutcome(t1.run_id, "timeout", None, None, "line 1\nlast words"),
            3,
            quarantined=True,
        )
        store.record_failure(t2, "v1", RunOutcome(t2.run_id, "exit", 1), 1, quarantined=False)
    finally:
        store.close()
    proc = run_cli("status", str(tmp_path / "r"))
    lines = proc.stdout.splitlines()
    assert lines[0] == f"{tmp_path / 'r'}: 0 done, 1 failed, 1 quarantined"
    assert lines[1].endswith(", code v1")  # no "(dirty tree allowed)"
    assert f"  failed {t2.run_id} after 1 attempt(s): exit status 1" in lines[2]
    assert lines[3].startswith(f"  quarantined {t1.run_id} after 3 attempt(s): timeout last words")
    assert lines[3].endswith("RngRun=1")
    proc = run_cli("status", str(tmp_path / "nothing"))
    assert proc.returncode == 2 and "is not a sweep results directory" in proc.stderr


def test_plot_writes_png_and_pdf(swept, tmp_path):
    _, results, _ = swept
    proc = run_cli("plot", str(results), "--x", "window", "--y", "goodput", "--logx")
    assert proc.returncode == 0, proc.stderr
    png, pdf = results / "plot-goodput-vs-window.png", results / "plot-goodput-vs-window.pdf"
    assert proc.stdout.splitlines() == [f"plot: {png}", f"plot: {pdf}"]
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert pdf.read_bytes()[:5] == b"%PDF-"
    assert b"/CreationDate (D:19700101000000Z)" in pdf.read_bytes()
    base = tmp_path / "figs" / "rtt"
    proc = run_cli(
        "plot",
        str(results),
        "--x",
        "window",
        "--y",
        "pingRttMean",
        "--output",
        str(base),
        "--where",
        "window=16KiB",
    )
    assert proc.returncode == 0, proc.stderr
    assert base.with_suffix(".png").is_file() and base.with_suffix(".pdf").is_file()


def test_plotted_data_are_the_means_and_half_widths(swept, tmp_path, template):
    _, results, _ = swept
    fig = plots.figure(results, "window", "goodput")
    assert (fig.xlabel, fig.ylabel) == ("window [B]", "goodput [Mb/s] (mean, 95 % CI)")
    ((label, points),) = fig.lines
    store = Store(results)
    try:
        goodput = {
            (json.loads(r["point"])["window"]): store.load_result(r["run_id"])["metrics"][
                "goodput"
            ]["value"]
            for r in store.rows("done")
        }
    finally:
        store.close()
    assert points == ((16384.0, goodput["16KiB"], 0.0), (65536.0, goodput["64KiB"], 0.0))
    by = plots.figure(results, "duration", "goodput", "window")
    assert by.key_title == "window" and by.lines == (
        ("16KiB", ((0.1, goodput["16KiB"], 0.0),)),
        ("64KiB", ((0.1, goodput["64KiB"], 0.0),)),
    )
    # A point whose runs differ: 900 and 1000 Mb/s, half-width t(0.975, 1) 70.71 / 1.414
    spec = write_spec(tmp_path, "s.toml", "[replications]\ncount = 2\n")
    store = Store(tmp_path / "r")
    try:
        fill(store, spec, "v1", [900.0, 1000.0], template)
    finally:
        store.close()
    ((_, ((_, mean, half),)),) = plots.figure(tmp_path / "r", "duration", "goodput").lines
    assert mean == 950.0 and half == pytest.approx(12.7062 * 50.0, rel=1e-4)


@pytest.mark.parametrize(
    "args,expected",
    [
        (
            ["--x", "windw", "--y", "goodput"],
            "--x: 'windw' is not a numeric parameter of the sweep; one of: duration, pingCount, "
            "pingInterval, window",
        ),
        (
            ["--x", "window", "--y", "goodpt"],
            "--y: 'goodpt' is not a metric of the results; one of: bytesReceived, goodput, ",
        ),
        (
            ["--x", "window", "--y", "goodput", "--by", "colour"],
            "--by: 'colour' is not a parameter of the sweep other than --x; one of: duration, ",
        ),
        (["--x", "duration", "--y", "goodput"], "'window' varies too (16KiB, 64KiB): pass --by"),
        (
            ["--x", "window", "--y", "goodput", "--where", "window=1KiB"],
            "--where window: '1KiB' is not a value of the sweep; one of: 16KiB, 64KiB",
        ),
        (["--y", "goodput"], "the following arguments are required: --x"),
    ],
)
def test_plot_rejects_unknown_names(swept, args, expected):
    _, results, _ = swept
    before = sorted(p.name for p in results.iterdir())
    proc = run_cli("plot", str(results), *args)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and expected in lines[0], proc.stderr
    assert sorted(p.name for p in results.iterdir()) == before


def test_slurm_cluster_job_script(monkeypatch, tmp_path):
    """The sweep's SLURMCluster (checked options, then started), up to the job script:
    nothing is submitted."""
    import dask_jobqueue  # noqa: PLC0415 - slow import, this test only

    adapted = []

    class Unsubmitted(dask_jobqueue.SLURMCluster):
        def adapt(self, minimum_jobs=None, maximum_jobs=None, **kwargs):
            adapted.append((minimum_jobs, maximum_jobs))

    monkeypatch.setattr(dask_jobqueue, "SLURMCluster", Unsubmitted)
    monkeypatch.setattr(sweep.shutil, "which", lambda name: f"/usr/bin/{name}")
    options = sweep.ClusterOptions(
        queue="compute",
        account="proj42",
        walltime="02:00:00",
        memory="8GB",
        jobs=3,
        extra=["--constraint=haswell"],
    )
    sweep._check_cluster_options("slurm", options)
    client, cluster = sweep._start("slurm", options, None, tmp_path / "jobs")
    try:
        script = cluster.job_script()
    finally:
        client.close()
        cluster.close()
    assert adapted == [(3, 3)], "the jobs are kept up, not started once"
    lines = script.splitlines()
    for directive in (
        "#SBATCH -p compute",
        "#SBATCH -A proj42",
        "#SBATCH -t 02:00:00",
        "#SBATCH --mem=8G",
        "#SBATCH -n 1",
        "#SBATCH --cpus-per-task=1",
        "#SBATCH --constraint=haswell",
        f"#SBATCH -e {tmp_path}/jobs/dask-worker-%J.err",
    ):
        assert directive in lines, script
    worker = lines[-1]
    assert worker.startswith(f"{sys.executable} -m distributed.cli.dask_worker tcp://")
    assert "--nthreads 1" in worker
    # Walltime 2 h: the worker retires 5 min before it (10 % capped at 5 min).
    assert "--lifetime 6900s --lifetime-stagger 150s" in worker


@pytest.mark.parametrize(
    "change,message",
    [
        ({}, "'sbatch' is not on PATH"),
        ({"memory": "lots"}, "--memory: 'lots' is not a size"),
        ({"walltime": "2h"}, "--walltime: '2h' is not HH:MM:SS"),
        ({"walltime": "00:01:00"}, "below the 00:02:00"),
    ],
)
def test_bad_cluster_options_fail_before_anything_starts(monkeypatch, change, message):
    if change:
        monkeypatch.setattr(sweep.shutil, "which", lambda name: f"/usr/bin/{name}")
    options = sweep.ClusterOptions(**change)
    with pytest.raises(sweep.SweepError, match=message):
        sweep._check_cluster_options("slurm", options)


def test_cluster_flags_reach_the_cluster_options(tmp_path, monkeypatch, capsys):

    seen = {}

    def fake_run(spec, results_dir, **kwargs):
        seen.update(kwargs, results_dir=results_dir)
        return sweep.SweepReport(code_version="v1")

    monkeypatch.setattr(sweep, "run", fake_run)
    write_spec(tmp_path, "s.toml", "[replications]\ncount = 1\n")
    assert (
        cli.main(
            [
                "sweep",
                str(tmp_path / "s.toml"),
                "--results",
                str(tmp_path / "r"),
                "--cluster",
                "slurm",
                "--queue",
                "compute",
                "--account",
                "proj42",
                "--walltime",
                "02:00:00",
                "--memory",
                "8GB",
                "--cluster-jobs",
                "3",
                "--job-directive=--constraint=haswell",
                "--job-directive=--qos=low",
            ]
        )
        == 0
    )
    assert seen["cluster"] == "slurm" and seen["scheduler"] is None
    assert seen["cluster_options"] == sweep.ClusterOptions(
        queue="compute",
        account="proj42",
        walltime="02:00:00",
        memory="8GB",
        jobs=3,
        extra=["--constraint=haswell", "--qos=low"],
    )
    assert "sweep: 0 runs planned" in capsys.readouterr().out


def test_retry_quarantined_gives_fresh_attempts(tmp_path, monkeypatch):
    monkeypatch.setattr(sweep, "code_version", lambda: ("synthetic-v1", False))
    path = tmp_path / "faults.toml"
    path.write_text(
        'scenario = "hybridnet-test-faults"\ntimeout = "1min"\nretries = 1\n'
        '[fixed]\nfault = "exit"\nfaultOnRun = 2\nsimTime = "1ms"\n'
        "[replications]\nruns = [1, 2]\n"
    )
    spec = sweep_spec.load(path)
    results = tmp_path / "results"
    first = sweep.run(spec, results, jobs=1, progress=False)
    assert [q[1] for q in first.quarantined] == ["exit status 1"]
    again = sweep.run(spec, results, jobs=1, progress=False)
    assert again.done == 0 and again.retried == 0 and again.quarantined == [], (
        "a quarantined run is not retried by a plain resume"
    )
    retried = sweep.run(spec, results, jobs=1, progress=False, retry_quarantined=True)
    assert retried.retried == 1 and len(retried.quarantined) == 1 and retried.done == 0
    index = store.Store(results)
    try:
        (row,) = index.rows("quarantined")
        assert row["attempts"] == 2, "attempts start again from 1"
        assert index.counts() == {"done": 1, "quarantined": 1}
    finally:
        index.close()


def test_dirty_version_names_the_uncommitted_changes(tmp_path, monkeypatch):
    repo = tmp_path / "repo"
    repo.mkdir()
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.invalid"]
    (repo / "a.cc").write_text("int a;\n")
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "a.cc"], check=True)
    subprocess.run([*git, "commit", "-qm", "a"], check=True)
    monkeypatch.setattr(sweep.paths, "SOURCE_DIR", repo)
    clean, dirty = sweep.code_version()
    assert not dirty and not clean.endswith("dirty")
    (repo / "a.cc").write_text("int a = 1;\n")
    one, dirty = sweep.code_version()
    assert dirty and one.startswith(f"{clean}-dirty-")
    (repo / "a.cc").write_text("int a = 2;\n")
    two, _ = sweep.code_version()
    assert two != one, "two uncommitted states must not share run IDs"


def test_scratch_of_killed_runs_is_removed(tmp_path, monkeypatch):
    # issue 24: a run killed with SIGKILL left its scratch folder in the temp directory
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    dead = tmp_path / f"{runs.SCRATCH_PREFIX}{gone}-0123abcd-x1"
    alive = tmp_path / f"{runs.SCRATCH_PREFIX}{os.getpid()}-0123abcd-x2"
    other = tmp_path / f"{runs.SCRATCH_PREFIX}abc-x3"
    for folder in (dead, alive, other):
        folder.mkdir()
        (folder / "result.json").write_text("{}")
    assert runs.remove_orphaned_scratch() == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([alive.name, other.name])
