# SPDX-License-Identifier: GPL-2.0-only
"""Parameter sweeps on Dask: plan the runs of a spec, run what is missing, store results.

    from hybridnet import sweep, sweep_spec
    report = sweep.run(sweep_spec.load("window.toml"), "results/window")

With no scheduler or cluster, a local Dask cluster uses this machine's cores (one run per
core).  ``scheduler="tcp://host:8786"`` joins a running Dask cluster;
``cluster="slurm"`` (or ``"pbs"``, ``"sge"``) starts workers as batch jobs through
dask-jobqueue.  Workers need this hybridnet (same venv, same build path) and the driver
needs only the results directory: results travel back to the driver, which alone writes
the store.

Running a sweep again runs only what is missing: runs already done are skipped, failed
runs are retried with the same seed up to ``retries`` times and then quarantined (never
counted as done).  A run's ID includes the code version, so a new commit is a new sweep.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from . import paths, scenarios
from .runs import RunOutcome, RunTask, execute, run_id
from .store import Store
from .sweep_spec import SweepSpec
from .validation import confidence_interval


class SweepError(RuntimeError):
    """The sweep cannot start (dirty tree, busy store, no cluster); one line."""


@dataclass
class ClusterOptions:
    """Batch-queue settings for ``cluster=slurm|pbs|sge`` (dask-jobqueue)."""

    queue: str | None = None
    account: str | None = None
    walltime: str = "01:00:00"
    memory: str = "4GB"
    jobs: int = 1
    extra: list = field(default_factory=list)  # extra scheduler directives


@dataclass
class SweepReport:
    planned: int = 0
    already_done: int = 0
    done: int = 0
    retried: int = 0
    quarantined: list = field(default_factory=list)  # (run ID, detail, stderr tail)
    code_version: str = ""

    @property
    def complete(self) -> bool:
        return not self.quarantined


def code_version() -> tuple[str, bool]:
    """`git describe --always --dirty --tags` of the source tree, and whether it is dirty.
    A dirty version carries a hash of the uncommitted changes (`git diff HEAD`), so runs
    from two different uncommitted states never share IDs."""
    git = ["git", "-C", str(paths.SOURCE_DIR)]
    proc = subprocess.run([*git, "describe", "--always", "--dirty", "--tags"],
                          capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        return "unknown", True
    version = proc.stdout.strip()
    if not version.endswith("-dirty"):
        return version, False
    diff = subprocess.run([*git, "diff", "HEAD"], capture_output=True, check=False).stdout
    return f"{version}-{hashlib.sha256(diff).hexdigest()[:8]}", True


def plan(spec: SweepSpec, code: str, extra_runs: dict | None = None) -> list[RunTask]:
    """The runs of a spec: every point with its runs (plus ``extra_runs[point]``)."""
    program = str(scenarios.executable(spec.scenario))
    tasks = []
    for point in spec.points:
        key = tuple(sorted(point.items()))
        for run in sorted({*spec.runs, *(extra_runs or {}).get(key, ())}):
            tasks.append(RunTask(run_id(spec.scenario, point, spec.seed, run, code),
                                 spec.scenario, program, key, spec.seed, run, spec.timeout_s,
                                 spec.memory_limit))
    return tasks


#: The command each batch system needs, by --cluster kind.
BATCH_SUBMIT = {"slurm": "sbatch", "pbs": "qsub", "sge": "qsub"}


def _walltime_seconds(walltime: str) -> int:
    parts = walltime.split(":")
    if len(parts) != 3 or not all(p.isdigit() for p in parts) or int(parts[1]) > 59 \
            or int(parts[2]) > 59:
        raise SweepError(f"--walltime: '{walltime}' is not HH:MM:SS")
    seconds = int(parts[0]) * 3600 + int(parts[1]) * 60 + int(parts[2])
    if seconds < 120:
        raise SweepError(f"--walltime: '{walltime}' is below the 00:02:00 a worker needs")
    return seconds


def _check_cluster_options(cluster: str, options: ClusterOptions) -> int:
    """SweepError (one line) for batch options that cannot work; the walltime in seconds."""
    from dask.utils import parse_bytes  # noqa: PLC0415 - slow import

    if shutil.which(BATCH_SUBMIT[cluster]) is None:
        raise SweepError(f"--cluster {cluster}: '{BATCH_SUBMIT[cluster]}' is not on PATH "
                         "(run the sweep on a node of that batch system)")
    try:
        parse_bytes(options.memory)
    except ValueError:
        raise SweepError(f"--memory: '{options.memory}' is not a size such as 4GB") from None
    return _walltime_seconds(options.walltime)


def _connect(scheduler: str):
    from dask.distributed import Client  # noqa: PLC0415

    try:
        return Client(scheduler, timeout="30s")
    except (OSError, ValueError) as e:
        raise SweepError(f"--scheduler {scheduler}: cannot connect ({e})") from None


def _start_cluster(cluster: str | None, options: ClusterOptions, jobs: int | None,
                   log_directory: Path | None):
    """A client and the cluster it owns: batch jobs (options already checked) or local."""
    from dask.distributed import Client, LocalCluster  # noqa: PLC0415

    if cluster:
        import dask_jobqueue  # noqa: PLC0415

        walltime = _walltime_seconds(options.walltime)
        # A worker retires before its job's walltime ends; adapt() then starts a new job, so
        # a sweep longer than one walltime goes on instead of waiting for dead workers.
        margin = min(300, walltime // 10)
        kinds = {"slurm": dask_jobqueue.SLURMCluster, "pbs": dask_jobqueue.PBSCluster,
                 "sge": dask_jobqueue.SGECluster}
        batch = kinds[cluster](cores=1, processes=1, memory=options.memory,
                               queue=options.queue, account=options.account,
                               walltime=options.walltime,
                               job_extra_directives=options.extra,
                               log_directory=str(log_directory) if log_directory else None,
                               worker_extra_args=["--lifetime", f"{walltime - margin}s",
                                                  "--lifetime-stagger", f"{margin // 2}s"])
        batch.adapt(minimum_jobs=options.jobs, maximum_jobs=options.jobs)
        return Client(batch), batch
    # No dashboard wanted, but Dask serves HTTP anyway (default: every interface, port 8787,
    # which a second local sweep then cannot have): loopback, ports of the system's choice.
    local = LocalCluster(n_workers=jobs or os.cpu_count() or 1, threads_per_worker=1,
                         processes=False, dashboard_address="127.0.0.1:0",
                         worker_dashboard_address="127.0.0.1:0")
    return Client(local), local


class _Progress:
    def __init__(self, total: int, enabled: bool):
        self.total, self.count, self.enabled = total, 0, enabled
        self.tty = sys.stderr.isatty()
        self.bar = None
        self.last_line = 0.0
        if enabled and self.tty:
            from tqdm import tqdm  # noqa: PLC0415

            self.bar = tqdm(total=total, unit="run", file=sys.stderr)

    def grow(self, n: int = 1) -> None:
        self.total += n
        if self.bar:
            self.bar.total = self.total
            self.bar.refresh()

    def step(self, failed: int) -> None:
        self.count += 1
        if not self.enabled:
            return
        if self.bar:
            self.bar.set_postfix(failed=failed)
            self.bar.update(1)
        elif time.monotonic() - self.last_line > 30 or self.count == self.total:
            self.last_line = time.monotonic()
            print(f"sweep: {self.count}/{self.total} runs finished, {failed} failed",
                  file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.bar:
            self.bar.close()


def _needs_more(spec: SweepSpec, store: Store, tasks: list[RunTask]) -> bool:
    """Whether a point's finished runs leave the metric's 95 % half-width too wide."""
    until = spec.until
    values = []
    for t in tasks:
        if store.status(t.run_id) == "done":
            metric = store.load_result(t.run_id)["metrics"].get(until.metric)
            if metric is None:
                raise SweepError(f"replications.until: the result has no metric '{until.metric}'")
            values.append(metric["value"])
    if len(tasks) >= until.max_runs or len(values) < 2:
        return len(values) < 2 and len(tasks) < until.max_runs
    low, high = confidence_interval(values)
    mean = statistics.fmean(values)
    return (high - low) / 2 > until.half_width * abs(mean)


def run(spec: SweepSpec, results_dir: str | Path, *, scheduler: str | None = None,
        cluster: str | None = None, cluster_options: ClusterOptions | None = None,
        jobs: int | None = None, allow_dirty: bool = False, progress: bool = True,
        retry_quarantined: bool = False,
        on_event: Callable[[str], None] | None = None) -> SweepReport:
    """Run what is missing of ``spec`` into ``results_dir``; see the module docstring.
    ``retry_quarantined`` gives quarantined runs a fresh set of attempts."""
    code, dirty = code_version()
    if dirty and not allow_dirty:
        raise SweepError(f"the source tree has uncommitted changes ({code}); commit them, or "
                         "pass --allow-dirty (recorded with the sweep)")
    # Bad cluster options or an unreachable scheduler leave no trace; a cluster of our own
    # starts only once this driver holds the directory and has runs to give it.
    options = cluster_options or ClusterOptions()
    if cluster:
        _check_cluster_options(cluster, options)
    dask = (_connect(scheduler), None) if scheduler else None
    try:
        store = Store(results_dir)
    except BaseException:
        if dask:
            _close(dask)
        raise
    report = SweepReport(code_version=code)
    try:
        with store.driver():
            store.begin_sweep(json.dumps({"source": str(spec.source), "scenario": spec.scenario,
                                          "points": spec.points, "runs": spec.runs}), code,
                              allow_dirty)
            extra: dict = {}
            for row in store.rows():
                if (row["code"], row["scenario"], row["seed"]) == (code, spec.scenario,
                                                                   spec.seed):
                    key = tuple(sorted(json.loads(row["point"]).items()))
                    extra.setdefault(key, set()).add(row["run"])
            tasks = plan(spec, code, extra)
            by_id = {t.run_id: t for t in tasks}
            store.reconcile(by_id, code)
            by_point: dict = {}
            for t in tasks:
                by_point.setdefault(t.point, []).append(t)
            report.planned = len(tasks)
            finished = ("done",) if retry_quarantined else ("done", "quarantined")
            todo = [t for t in tasks if store.status(t.run_id) not in finished]
            fresh = {t.run_id for t in todo if store.status(t.run_id) == "quarantined"}
            report.already_done = sum(store.status(t.run_id) == "done" for t in tasks)
            if spec.until:
                for point, point_tasks in by_point.items():
                    if all(store.status(t.run_id) in ("done", "quarantined") for t in point_tasks) \
                            and _needs_more(spec, store, point_tasks):
                        todo.append(_next_run(spec, code, point_tasks, by_id, by_point))
                        report.planned += 1
            bar = _Progress(len(todo), progress)
            if todo:
                dask = dask or _start_cluster(cluster, options, jobs,
                                              Path(results_dir) / "jobs")
                _execute_all(spec, store, code, todo, fresh, by_point, by_id, report, bar,
                             dask[0], on_event)
            bar.close()
    finally:
        store.close()
        if dask:
            _close(dask)
    return report


def _close(client_and_cluster) -> None:
    client, cluster = client_and_cluster
    client.close()
    if cluster is not None:
        cluster.close()


def _next_run(spec, code, point_tasks, by_id, by_point) -> RunTask:
    last = max(point_tasks, key=lambda t: t.run)
    new = RunTask(run_id(spec.scenario, dict(last.point), spec.seed, last.run + 1, code),
                  last.scenario, last.program, last.point, spec.seed, last.run + 1,
                  last.timeout_s, last.memory_limit)
    by_id[new.run_id] = new
    by_point[new.point].append(new)
    return new


def _execute_all(spec, store, code, todo, fresh, by_point, by_id, report, bar, client,
                 on_event) -> None:
    """Submit ``todo`` and record every outcome; retry, quarantine and add replications as
    they come back.  ``fresh`` runs start again at attempt 1 (retry_quarantined)."""
    from dask.distributed import as_completed  # noqa: PLC0415

    futures = {}

    def submit(task: RunTask, attempt: int):
        future = client.submit(execute, task, pure=False)
        futures[future] = (task, attempt)
        return future

    pending = as_completed([submit(t, 1 if t.run_id in fresh else store.attempts(t.run_id) + 1)
                            for t in todo])
    failures = 0
    for future in pending:
        task, attempt = futures.pop(future)
        try:
            outcome = future.result()
        except Exception as e:  # the worker died with the task (KilledWorker) or similar
            outcome = RunOutcome(task.run_id, "worker-lost", stderr_tail=str(e)[-2000:])
        if outcome.status == "done":
            store.record_done(task, code, outcome, attempt)
            report.done += 1
        elif attempt <= spec.retries and outcome.status != "bad-input":
            store.record_failure(task, code, outcome, attempt, quarantined=False)
            report.retried += 1
            pending.add(submit(task, attempt + 1))
            if on_event:
                on_event(f"retry {task.run_id} ({outcome.detail})")
            continue
        else:
            store.record_failure(task, code, outcome, attempt, quarantined=True)
            report.quarantined.append((task.run_id, outcome.detail, outcome.stderr_tail))
            failures += 1
        bar.step(failures)
        point_tasks = by_point[task.point]
        if spec.until and all(store.status(t.run_id) in ("done", "quarantined")
                              for t in point_tasks) and _needs_more(spec, store, point_tasks):
            new = _next_run(spec, code, point_tasks, by_id, by_point)
            report.planned += 1
            bar.grow()
            pending.add(submit(new, 1))
