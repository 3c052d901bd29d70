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
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from . import engine, paths, scenarios
from .engine import ClusterOptions
from .runs import RunOutcome, RunTask, run_id
from .stats import confidence_interval
from .store import Store
from .sweep_spec import SweepSpec


class SweepError(RuntimeError):
    """The sweep cannot start (dirty tree, busy store, no cluster); one line."""


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
    proc = subprocess.run(
        [*git, "describe", "--always", "--dirty", "--tags"],
        capture_output=True,
        text=True,
        check=False,
    )
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
            tasks.append(
                RunTask(
                    run_id(spec.scenario, point, spec.seed, run, code),
                    spec.scenario,
                    program,
                    key,
                    spec.seed,
                    run,
                    spec.timeout_s,
                    spec.memory_limit,
                )
            )
    return tasks


#: The command each batch system needs, by --cluster kind.
BATCH_SUBMIT = {"slurm": "sbatch", "pbs": "qsub", "sge": "qsub"}


def _walltime_seconds(walltime: str) -> int:
    parts = walltime.split(":")
    if (
        len(parts) != 3
        or not all(p.isdigit() for p in parts)
        or int(parts[1]) > 59
        or int(parts[2]) > 59
    ):
        raise SweepError(f"--walltime: '{walltime}' is not HH:MM:SS")
    seconds = int(parts[0]) * 3600 + int(parts[1]) * 60 + int(parts[2])
    if seconds < 120:
        raise SweepError(f"--walltime: '{walltime}' is below the 00:02:00 a worker needs")
    return seconds


def _check_cluster_options(cluster: str, options: ClusterOptions) -> int:
    """SweepError (one line) for batch options that cannot work; the walltime in seconds."""
    from dask.utils import parse_bytes  # noqa: PLC0415 - slow import

    if shutil.which(BATCH_SUBMIT[cluster]) is None:
        raise SweepError(
            f"--cluster {cluster}: '{BATCH_SUBMIT[cluster]}' is not on PATH "
            "(run the sweep on a node of that batch system)"
        )
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
            print(
                f"sweep: {self.count}/{self.total} runs finished, {failed} failed",
                file=sys.stderr,
                flush=True,
            )

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


def run(
    spec: SweepSpec,
    results_dir: str | Path,
    *,
    scheduler: str | None = None,
    cluster: str | None = None,
    cluster_options: ClusterOptions | None = None,
    jobs: int | None = None,
    allow_dirty: bool = False,
    progress: bool = True,
    retry_quarantined: bool = False,
    on_event: Callable[[str], None] | None = None,
    on_start: Callable[[], None] | None = None,
) -> SweepReport:
    """Run what is missing of ``spec`` into ``results_dir``; see the module docstring.
    ``retry_quarantined`` gives quarantined runs a fresh set of attempts; ``on_start`` is
    called once this driver holds the directory (a refused driver never calls it)."""
    code, dirty = code_version()
    if dirty and not allow_dirty:
        raise SweepError(
            f"the source tree has uncommitted changes ({code}); commit them, or "
            "pass --allow-dirty (recorded with the sweep)"
        )
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
            engine.close(dask)
        raise
    report = SweepReport(code_version=code)
    try:
        with store.driver():
            if on_start:
                on_start()
            store.begin_sweep(
                json.dumps(
                    {
                        "source": str(spec.source),
                        "scenario": spec.scenario,
                        "points": spec.points,
                        "runs": spec.runs,
                    }
                ),
                code,
                allow_dirty,
            )
            extra: dict = {}
            for row in store.rows():
                if (row["code"], row["scenario"], row["seed"]) == (code, spec.scenario, spec.seed):
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
                for point_tasks in by_point.values():
                    if all(
                        store.status(t.run_id) in ("done", "quarantined") for t in point_tasks
                    ) and _needs_more(spec, store, point_tasks):
                        todo.append(_next_run(spec, code, point_tasks, by_id, by_point))
                        report.planned += 1
            bar = _Progress(len(todo), progress)
            if todo:
                dask = dask or _start(cluster, options, jobs, Path(results_dir) / "jobs")
                _run_todo(
                    spec, store, code, todo, fresh, by_point, by_id, report, bar, dask[0], on_event
                )
            bar.close()
    finally:
        store.close()
        if dask:
            engine.close(dask)
    return report


def _next_run(spec, code, point_tasks, by_id, by_point) -> RunTask:
    last = max(point_tasks, key=lambda t: t.run)
    new = RunTask(
        run_id(spec.scenario, dict(last.point), spec.seed, last.run + 1, code),
        last.scenario,
        last.program,
        last.point,
        spec.seed,
        last.run + 1,
        last.timeout_s,
        last.memory_limit,
    )
    by_id[new.run_id] = new
    by_point[new.point].append(new)
    return new


def _start(cluster: str | None, options: ClusterOptions, jobs: int | None, log_dir: Path):
    """A client and the cluster it owns: batch jobs (options already checked) or local."""
    if cluster:
        return engine.start_batch(cluster, options, _walltime_seconds(options.walltime), log_dir)
    return engine.start_local(jobs)


def _run_todo(
    spec, store, code, todo, fresh, by_point, by_id, report, bar, client, on_event
) -> None:
    """Run ``todo`` on the engine; count, and add replications as points finish."""

    def on_final(task: RunTask, outcome: RunOutcome) -> list[RunTask]:
        if outcome.status != "done":
            report.quarantined.append((task.run_id, outcome.detail, outcome.stderr_tail))
        bar.step(len(report.quarantined))
        point_tasks = by_point[task.point]
        if (
            spec.until
            and all(store.status(t.run_id) in ("done", "quarantined") for t in point_tasks)
            and _needs_more(spec, store, point_tasks)
        ):
            report.planned += 1
            bar.grow()
            return [_next_run(spec, code, point_tasks, by_id, by_point)]
        return []

    tally = engine.run_tasks(
        client,
        todo,
        store_of=lambda _: store,
        code_of=lambda _: code,
        retries=spec.retries,
        fresh=fresh,
        on_final=on_final,
        on_event=on_event,
    )
    report.done += tally.done
    report.retried += tally.retried
