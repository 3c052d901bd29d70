# SPDX-License-Identifier: GPL-2.0-only
"""Sweeps survive what runs, drivers and workers do to them.

Runs that crash, abort, exit, hang or exhaust memory are recorded with how they ended and
quarantined, and the good runs beside them give the results of a clean sweep; a driver
killed with SIGKILL at any point resumes to the results of an uninterrupted sweep, re-running
only what was in flight; a Dask worker killed mid-sweep loses nothing; two drivers never
share a results directory; and no scenario process outlives its driver.

The subject is the test scenario hybridnet-test-faults (scenarios/testbed/test/
fault-scenario.cc).  Every wait has a deadline, and every process a test starts (drivers,
Dask scheduler and workers, and any scenario process left behind) is killed by a finalizer.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import textwrap
import threading
import time
import uuid
from pathlib import Path

import psutil
import pytest

from hybridnet import paths, sweep, sweep_spec
from hybridnet.store import Store

SCENARIO = "hybridnet-test-faults"
#: Environment variable that marks the processes of this module's sweeps (inherited by
#: drivers, workers and runs), so that other test files' runs are never mistaken for ours.
TAG = "HYBRIDNET_RELIABILITY_TAG"
#: Driver generation, read by the logging wrapper of the driver-kill test.
GENERATION = "HYBRIDNET_RELIABILITY_GENERATION"
JOBS = 2
#: Runs of the long sweep; about 1 s of wall time each (one event per simulated us).
LONG_RUNS = 12
#: How long a run may take to die with its driver or worker: well under a run's duration,
#: so that a run that merely finished is not taken for one that was killed.
DEATH_S = 0.4
LONG_SPEC = f"""\
scenario = "{SCENARIO}"
timeout = "2min"
retries = 0
[fixed]
simTime = "15s"
[replications]
count = {LONG_RUNS}
"""
FAULTS = ["none", "segfault", "fatal", "exit", "hang", "memory"]
#: How each fault's run must be recorded: its detail, and a line of its stderr tail.
BAD_RUNS = {
    "segfault": ("killed by SIGSEGV", "fault segfault in run 2"),
    "fatal": ("killed by SIGABRT", "the fatal fault was asked for"),  # NS_FATAL_ERROR
    "exit": ("exit status 1", "fault exit in run 2"),
    "hang": ("timeout", "fault hang in run 2"),
    "memory": ("oom", "std::bad_alloc"),
}
FAULT_SPEC = f"""\
scenario = "{SCENARIO}"
timeout = "5s"
memoryLimit = "512MiB"
retries = 1
[fixed]
faultOnRun = 2
simTime = "200ms"
[product]
fault = {json.dumps(FAULTS)}
[replications]
runs = [1, 2, 3]
"""
CLEAN_SPEC = FAULT_SPEC.replace(f"[product]\nfault = {json.dumps(FAULTS)}\n", "")


# --- helpers ------------------------------------------------------------------------------


def wait_for(predicate, timeout: float, what: str, interval: float = 0.02):
    """Poll until ``predicate()`` is true; its value, or AssertionError at the deadline."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
        time.sleep(interval)


def scenario_processes(tag: str) -> list[psutil.Process]:
    """Live processes of this module's runs (the scenario, or setpriv/prlimit before it)."""
    found = []
    for proc in psutil.process_iter():
        try:
            if proc.status() == psutil.STATUS_ZOMBIE:
                continue  # dead, only not reaped yet
            if any(SCENARIO in arg for arg in proc.cmdline()) and proc.environ().get(TAG) == tag:
                found.append(proc)
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
            pass
    return found


def assert_no_runs_left(tag: str, timeout: float = 10) -> None:
    """No run of ours still alive (killed runs may take a moment to go)."""
    try:
        wait_for(lambda: not scenario_processes(tag), timeout, "the runs to end", 0.1)
    except AssertionError:
        left = []
        for proc in scenario_processes(tag):
            left.append((proc.pid, " ".join(proc.cmdline())))
            proc.kill()
        raise AssertionError(f"runs outlived their driver or worker: {left}") from None


def runs_running_under(pid: int) -> list[psutil.Process]:
    try:
        return [
            c
            for c in psutil.Process(pid).children(recursive=True)
            if any(SCENARIO in arg for arg in c.cmdline())
        ]
    except (psutil.NoSuchProcess, psutil.ZombieProcess):
        return []


def without_wall_clock(raw: bytes) -> bytes:
    """A result file up to its wall-clock member, which must be the last one."""
    assert list(json.loads(raw))[-1] == "wallClock", "wallClock is not the last member"
    head, sep, _ = raw.partition(b'"wallClock"')
    assert sep
    return head


def result_files(results: Path) -> dict[str, bytes]:
    return {p.stem: p.read_bytes() for p in (results / "runs").glob("*.json")}


def index_rows(results: Path) -> list[dict]:
    store = Store(results)
    try:
        return store.rows()
    finally:
        store.close()


def cli_sweep(spec: Path, results: Path, *extra: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "hybridnet.cli",
        "sweep",
        str(spec),
        "--results",
        str(results),
        "--allow-dirty",
        *extra,
    ]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def assert_same_results(results: Path, reference: dict[str, bytes]) -> None:
    """The same run IDs as the reference, each result identical apart from wallClock, and
    nothing else in runs/ (no temporary, torn or extra files); every index row done."""
    runs_dir = results / "runs"
    assert sorted(os.listdir(runs_dir)) == sorted(f"{r}.json" for r in reference)
    got = result_files(results)
    for run_id, expected in reference.items():
        assert without_wall_clock(got[run_id]) == expected, f"run {run_id} differs"
    rows = index_rows(results)
    assert sorted(r["run_id"] for r in rows) == sorted(reference)
    assert {r["status"] for r in rows} == {"done"}


# --- fixtures -----------------------------------------------------------------------------


@pytest.fixture(scope="module", autouse=True)
def tag():
    """Mark this module's processes; at the end, kill any run of ours still alive."""
    value = uuid.uuid4().hex
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(TAG, value)
        yield value
    for proc in scenario_processes(value):
        try:
            proc.kill()
        except psutil.NoSuchProcess:
            pass


@pytest.fixture
def spawn(tmp_path):
    """Start a process (output to a log file); the finalizer kills what is still running."""
    started: list[subprocess.Popen] = []

    def start(args: list, name: str, env: dict | None = None) -> subprocess.Popen:
        with open(tmp_path / f"{name}.log", "wb") as log:
            proc = subprocess.Popen(
                [str(a) for a in args],
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=env,
                cwd=tmp_path,
            )
        started.append(proc)
        return proc

    yield start
    for proc in started:
        if proc.poll() is None:
            proc.kill()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass


@pytest.fixture(scope="module")
def long_spec(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("spec") / "long.toml"
    path.write_text(LONG_SPEC)
    return path


@pytest.fixture(scope="module")
def reference(long_spec, tmp_path_factory) -> dict[str, bytes]:
    """The long sweep, uninterrupted (local Dask cluster): run ID -> result sans wallClock."""
    results = tmp_path_factory.mktemp("reference")
    report = sweep.run(
        sweep_spec.load(long_spec), results, jobs=JOBS, allow_dirty=True, progress=False
    )
    assert report.done == LONG_RUNS and report.complete
    return {k: without_wall_clock(v) for k, v in result_files(results).items()}


@pytest.fixture(scope="module")
def fault_sweep(tmp_path_factory, tag):
    """The faulty sweep through the CLI, and the clean sweep of the same points (fault
    none) through the Python API."""
    root = tmp_path_factory.mktemp("faults")
    (root / "faults.toml").write_text(FAULT_SPEC)
    (root / "clean.toml").write_text(CLEAN_SPEC)
    clean = sweep.run(
        sweep_spec.load(root / "clean.toml"),
        root / "clean",
        jobs=JOBS,
        allow_dirty=True,
        progress=False,
    )
    assert clean.done == 3 and clean.complete
    start = time.monotonic()
    proc = subprocess.run(
        cli_sweep(root / "faults.toml", root / "faults", "--jobs", str(JOBS)),
        capture_output=True,
        text=True,
        timeout=180,
        cwd=root,
        check=False,
    )
    return {
        "root": root,
        "cli": proc,
        "seconds": time.monotonic() - start,
        "left": [(p.pid, p.cmdline()) for p in scenario_processes(tag)],
    }


def by_point(results: Path) -> dict[tuple[str, int], dict]:
    """(fault, RngRun) -> index row of every run."""
    return {(json.loads(r["point"]).get("fault", "none"), r["run"]): r for r in index_rows(results)}


def comparable(path: Path) -> dict:
    """A result without its wall clock and without the fault flag (which names the point)."""
    doc = json.loads(path.read_text())
    del doc["wallClock"]
    del doc["parameters"]["fault"]
    return doc


# --- a. faulty runs -----------------------------------------------------------------------


def test_faulty_runs_leave_the_good_runs_as_a_clean_sweep_would(fault_sweep):
    root = fault_sweep["root"]
    rows = by_point(root / "faults")
    clean = by_point(root / "clean")
    clean_docs = {
        run: comparable(root / "clean" / "runs" / f"{clean[('none', run)]['run_id']}.json")
        for run in (1, 2, 3)
    }
    # Results depend on RngRun, so a mixed-up run would show.
    assert clean_docs[1]["metrics"]["value"] != clean_docs[3]["metrics"]["value"]
    for fault in FAULTS:
        for run in (1, 2, 3) if fault == "none" else (1, 3):
            row = rows[(fault, run)]
            assert (row["status"], row["attempts"]) == ("done", 1), (fault, run, row["detail"])
            raw = (root / "faults" / "runs" / f"{row['run_id']}.json").read_bytes()
            assert list(json.loads(raw))[-1] == "wallClock"
            doc = comparable(root / "faults" / "runs" / f"{row['run_id']}.json")
            assert doc == clean_docs[run], f"fault={fault} run {run} differs from the clean sweep"


def test_faulty_runs_are_recorded_and_quarantined(fault_sweep):
    rows = by_point(fault_sweep["root"] / "faults")
    assert len(rows) == len(FAULTS) * 3
    for fault, (detail, tail_line) in BAD_RUNS.items():
        row = rows[(fault, 2)]
        assert row["status"] == "quarantined", fault
        assert row["detail"] == detail, fault
        assert row["attempts"] == 1 + 1, f"{fault}: quarantined after 1 + retries attempts"
        assert tail_line in row["stderr_tail"], (fault, row["stderr_tail"])
    assert sorted(os.listdir(fault_sweep["root"] / "faults" / "runs")) == sorted(
        f"{r['run_id']}.json" for r in rows.values() if r["status"] == "done"
    )


def test_faulty_sweep_exits_non_zero_with_a_summary_and_leaves_no_process(fault_sweep):
    assert fault_sweep["left"] == [], "runs outlived the sweep"
    proc = fault_sweep["cli"]
    assert proc.returncode == 1, proc.stderr
    rows = by_point(fault_sweep["root"] / "faults")
    assert f"{len(BAD_RUNS)} retried, {len(BAD_RUNS)} quarantined" in proc.stdout
    listed = [line for line in proc.stdout.splitlines() if line.startswith("  quarantined ")]
    assert len(listed) == len(BAD_RUNS), proc.stdout
    for fault, (detail, _) in BAD_RUNS.items():
        assert f"  quarantined {rows[(fault, 2)]['run_id']}: {detail}" in proc.stdout
    print(f"faulty sweep (CLI): {fault_sweep['seconds']:.1f} s")


# --- b. the driver killed -----------------------------------------------------------------


def logging_build(root: Path, log: Path) -> Path:
    """A build folder whose hybridnet-test-faults logs "<generation> <RngRun>" for every
    run it starts, then becomes the real program (for HYBRIDNET_BUILD_DIR)."""
    manifest = dict(paths.manifest())
    real = paths.bin_dir() / SCENARIO
    bin_dir = root / "bin"
    bin_dir.mkdir(parents=True)
    wrapper = bin_dir / SCENARIO
    wrapper.write_text(
        textwrap.dedent(f"""\
        #!/bin/sh
        case " $* " in
          *" --output="*)
            for a; do
              case "$a" in
                --RngRun=*) echo "${GENERATION} ${{a#--RngRun=}}" >> '{log}' ;;
              esac
            done ;;
        esac
        exec '{real}' "$@"
        """)
    )
    wrapper.chmod(0o755)
    manifest["bin_dir"] = str(bin_dir)
    (root / "hybridnet-manifest.json").write_text(json.dumps(manifest))
    return root


def starts(log: Path) -> list[tuple[int, int]]:
    if not log.exists():
        return []
    return [tuple(int(x) for x in line.split()) for line in log.read_text().splitlines()]


def test_driver_killed_at_any_point_resumes_to_the_same_results(
    tmp_path, long_spec, reference, tag, spawn
):
    log = tmp_path / "starts.log"
    # TMPDIR: the scratch folders of runs killed with their driver stay behind; keep them here.
    env = {
        **os.environ,
        "HYBRIDNET_BUILD_DIR": str(logging_build(tmp_path / "build", log)),
        "TMPDIR": str(tmp_path),
    }
    results = tmp_path / "results"
    done_at_kill: dict[int, set[str]] = {}  # generation -> run IDs with a result at its kill
    for generation, results_before_kill in enumerate((0, 3, 7), start=1):
        env[GENERATION] = str(generation)
        driver = spawn(
            cli_sweep(long_spec, results, "--jobs", str(JOBS)), f"driver{generation}", env
        )

        def ready(
            driver=driver, results_before_kill=results_before_kill, generation=generation
        ) -> bool:
            if driver.poll() is not None:
                return True
            if results_before_kill == 0:  # a run in flight
                return any(g == generation for g, _ in starts(log))
            return len(result_files(results)) >= results_before_kill

        what = f"{results_before_kill or 'a run in flight and no'} results"
        wait_for(ready, 120, what)
        assert driver.poll() is None, f"the sweep ended before the kill after {what}"
        driver.send_signal(signal.SIGKILL)
        driver.wait(timeout=10)
        assert_no_runs_left(tag, DEATH_S)
        done_at_kill[generation] = set(result_files(results))
        if generation == 2:
            # What a driver killed while writing a result leaves (store.write_atomically).
            torn = next(r for r in sorted(reference) if r not in done_at_kill[generation])
            (results / "runs" / f".{torn}.json.tmp{driver.pid}").write_text('{"schemaVer')
    assert done_at_kill[1] == set(), "the first kill came after a result"

    env[GENERATION] = str(len(done_at_kill) + 1)
    final = subprocess.run(
        cli_sweep(long_spec, results, "--jobs", str(JOBS)),
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert final.returncode == 0, final.stdout + final.stderr
    assert_same_results(results, reference)
    assert {r["attempts"] for r in index_rows(results)} == {1}
    assert_no_runs_left(tag)

    # Executions: every run started once, plus once more for each kill it was in flight at.
    run_of = {row["run_id"]: row["run"] for row in index_rows(results)}
    started = starts(log)
    assert {run for _, run in started} == set(range(1, LONG_RUNS + 1))
    for generation in range(1, len(done_at_kill) + 2):
        in_generation = [run for g, run in started if g == generation]
        assert len(in_generation) == len(set(in_generation)), "a run started twice in a driver"
    rerun_total = 0
    in_flight_counts = []
    for generation, done in done_at_kill.items():
        began = {run for g, run in started if g == generation}
        in_flight = began - {run_of[r] for r in done}
        rerun = {run for g, run in started if g > generation} & began
        assert rerun == in_flight, f"kill {generation}: re-ran {rerun}, in flight {in_flight}"
        # In flight: executing (at most one per worker) or finished on its worker with the
        # result not yet written by the driver (at most one more per worker).
        assert len(in_flight) <= 2 * JOBS
        in_flight_counts.append(len(in_flight))
        rerun_total += len(rerun)
    assert len(started) == LONG_RUNS + rerun_total
    # the runs of the last driver removed the scratch folders the killed ones left (issue 24)
    left = sorted(p.name for p in tmp_path.glob("hybridnet-run-*"))
    assert left == [], f"scratch folders of killed runs left in TMPDIR: {left}"
    print(
        f"driver kills: runs in flight at each kill {in_flight_counts}, "
        f"{rerun_total} run(s) executed twice, {len(started)} executions for {LONG_RUNS} runs"
    )


DYING_DRIVER = """\
import os, signal, sys
from hybridnet import launcher, runs, scenarios

class Popen(launcher.subprocess.Popen):  # the driver dies the instant a run has started
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        os.kill(os.getpid(), signal.SIGKILL)

launcher.subprocess.Popen = Popen
runs.execute(runs.RunTask("dying-driver", sys.argv[1], str(scenarios.executable(sys.argv[1])),
                          (("simTime", "10min"),), 1, 1, 600.0))
"""


def test_run_started_as_its_driver_dies_does_not_outlive_it(tmp_path, tag):
    # The death signal is set by the run's first program (setpriv), a moment after the
    # fork: a driver that dies in that moment must not leave a run behind (here one that
    # would simulate for about 40 s, silently, so that no broken stderr pipe ends it).
    for _ in range(5):
        proc = subprocess.run(
            [sys.executable, "-c", DYING_DRIVER, SCENARIO],
            timeout=60,
            capture_output=True,
            text=True,
            check=False,
            env={**os.environ, "TMPDIR": str(tmp_path)},
        )
        assert proc.returncode == -signal.SIGKILL, proc.stderr
        assert_no_runs_left(tag, DEATH_S)


# --- c. a Dask worker killed --------------------------------------------------------------


@pytest.fixture
def dask_cluster(tmp_path, spawn):
    """A real Dask scheduler on 127.0.0.1 and two single-thread workers without nannies
    (so that SIGKILL kills the worker itself).  Returns (address, worker processes)."""
    from dask.distributed import Client  # noqa: PLC0415 - slow import

    dask = Path(sys.executable).with_name("dask")
    assert dask.is_file(), f"{dask} not found: the venv has no Dask command"
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    # TMPDIR: the scratch folder of a run killed with its worker stays behind; keep it here.
    env = {
        **os.environ,
        "HYBRIDNET_BUILD_DIR": str(paths.build_dir()),
        "TMPDIR": str(tmp_path),
        "PYTHONPATH": os.pathsep.join(
            filter(None, [str(paths.SOURCE_DIR / "python"), os.environ.get("PYTHONPATH")])
        ),
    }
    spawn(
        [dask, "scheduler", "--host", "127.0.0.1", "--port", port, "--no-dashboard"],
        "scheduler",
        env,
    )
    workers = [
        spawn(
            [
                dask,
                "worker",
                address,
                "--host",
                "127.0.0.1",
                "--nworkers",
                "1",
                "--nthreads",
                "1",
                "--no-nanny",
                "--no-dashboard",
                "--name",
                f"w{i}",
            ],
            f"worker{i}",
            env,
        )
        for i in range(2)
    ]
    with Client(address, timeout="60s") as client:
        client.wait_for_workers(2, timeout=60)
    return address, workers


def test_dask_worker_killed_mid_sweep_loses_nothing(
    tmp_path, long_spec, reference, tag, dask_cluster
):
    address, workers = dask_cluster
    results = tmp_path / "results"
    outcome: dict = {}

    def drive():
        try:
            outcome["report"] = sweep.run(
                sweep_spec.load(long_spec),
                results,
                scheduler=address,
                allow_dirty=True,
                progress=False,
            )
        except BaseException as e:  # noqa: BLE001 - reported by the test
            outcome["error"] = e

    driver = threading.Thread(target=drive, daemon=True)
    driver.start()
    victim = workers[0]
    wait_for(lambda: len(result_files(results)) >= 2 or not driver.is_alive(), 120, "2 results")
    seen = {p.pid for p in runs_running_under(victim.pid)}
    fresh = wait_for(
        lambda: (
            [p for p in runs_running_under(victim.pid) if p.pid not in seen]
            or not driver.is_alive()
        ),
        120,
        "the victim worker starting a run",
    )
    assert driver.is_alive(), f"the sweep ended before the kill: {outcome}"
    victim.send_signal(signal.SIGKILL)
    victim.wait(timeout=10)

    def dead(proc: psutil.Process) -> bool:
        try:
            return proc.status() == psutil.STATUS_ZOMBIE
        except psutil.NoSuchProcess:
            return True

    wait_for(lambda: all(dead(p) for p in fresh), DEATH_S, "the worker's run to die with it")
    driver.join(timeout=180)
    assert not driver.is_alive(), "the sweep did not finish after the worker was killed"
    assert "error" not in outcome, outcome.get("error")
    report = outcome["report"]
    assert (report.done, report.quarantined) == (LONG_RUNS, [])
    assert_same_results(results, reference)
    assert_no_runs_left(tag)


# --- d. two drivers -----------------------------------------------------------------------


def test_second_driver_on_the_same_directory_refuses(tmp_path, long_spec, reference, spawn):
    results = tmp_path / "results"
    first = spawn(cli_sweep(long_spec, results, "--jobs", str(JOBS)), "first")
    wait_for(
        lambda: runs_running_under(first.pid) or first.poll() is not None,
        120,
        "the first driver's runs",
    )
    # Its local Dask cluster serves nothing beyond this machine, and no fixed port that a
    # driver on another results directory would then be refused.
    listening = [
        c.laddr
        for c in psutil.Process(first.pid).net_connections("inet")
        if c.status == psutil.CONN_LISTEN
    ]
    assert all(ip == "127.0.0.1" and port != 8787 for ip, port in listening), listening
    second = subprocess.run(
        cli_sweep(long_spec, results, "--jobs", str(JOBS)),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    first_was_running = first.poll() is None
    assert second.returncode != 0, (
        f"the second driver ran (the first was {'' if first_was_running else 'not '}running)"
    )
    lines = second.stderr.strip().splitlines()
    assert len(lines) == 1 and "another sweep driver" in lines[0], second.stderr
    assert second.stdout == "", f"a refused driver printed {second.stdout!r} (issue 24)"
    assert first_was_running, "the first sweep ended before the second driver tried"
    assert first.wait(timeout=180) == 0, (tmp_path / "first.log").read_text()
    assert_same_results(results, reference)
    store = Store(results)
    try:
        assert len(store.sweeps()) == 1, "the refused driver recorded a sweep"
    finally:
        store.close()
