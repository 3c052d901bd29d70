# SPDX-License-Identifier: GPL-2.0-only
"""The run engine: scenario runs on Dask workers, every outcome recorded in a Store.

Sweeps (``sweep.run``) and validation (``validation.run``) both hand their runs here.  Each
task runs as ``runs.execute`` on a worker (one OS process per run, through ``launcher``);
results travel back to the driver, which alone writes the stores.  A failed run is retried
with the same seed up to ``retries`` times, then quarantined; a run that rejected its input
is quarantined at once (it would fail again).  Runs start longest first when the caller
knows their costs (``cost``): with P workers, longest-processing-time-first ordering ends
at most (4/3 - 1/(3P)) times the optimal makespan (Graham, 1969), where submission order
can leave one long run alone at the end.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from .runs import RunOutcome, RunTask, execute
from .store import Store


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
class Tally:
    """What one ``run_tasks`` call did."""

    done: int = 0
    retried: int = 0
    quarantined: list = field(default_factory=list)  # (task, outcome)


def start_local(jobs: int | None):
    """A client of a local cluster: ``jobs`` workers (default: one per core) of one thread."""
    from dask.distributed import Client, LocalCluster  # noqa: PLC0415

    # No dashboard wanted, but Dask serves HTTP anyway (default: every interface, port 8787,
    # which a second local driver then cannot have): loopback, ports of the system's choice.
    local = LocalCluster(
        n_workers=jobs or os.cpu_count() or 1,
        threads_per_worker=1,
        processes=False,
        dashboard_address="127.0.0.1:0",
        worker_dashboard_address="127.0.0.1:0",
    )
    return Client(local), local


def start_batch(kind: str, options: ClusterOptions, walltime_s: int, log_directory: Path | None):
    """A client of batch-job workers (SLURM, PBS or SGE through dask-jobqueue);
    ``walltime_s`` is ``options.walltime`` in seconds, checked by the caller."""
    import dask_jobqueue  # noqa: PLC0415
    from dask.distributed import Client  # noqa: PLC0415

    # A worker retires before its job's walltime ends; adapt() then starts a new job, so a
    # sweep longer than one walltime goes on instead of waiting for dead workers.
    margin = min(300, walltime_s // 10)
    kinds = {
        "slurm": dask_jobqueue.SLURMCluster,
        "pbs": dask_jobqueue.PBSCluster,
        "sge": dask_jobqueue.SGECluster,
    }
    batch = kinds[kind](
        cores=1,
        processes=1,
        memory=options.memory,
        queue=options.queue,
        account=options.account,
        walltime=options.walltime,
        job_extra_directives=options.extra,
        log_directory=str(log_directory) if log_directory else None,
        worker_extra_args=[
            "--lifetime",
            f"{walltime_s - margin}s",
            "--lifetime-stagger",
            f"{margin // 2}s",
        ],
    )
    batch.adapt(minimum_jobs=options.jobs, maximum_jobs=options.jobs)
    return Client(batch), batch


def close(client_and_cluster) -> None:
    client, cluster = client_and_cluster
    client.close()
    if cluster is not None:
        cluster.close()


def run_tasks(
    client,
    todo: Iterable[RunTask],
    *,
    store_of: Callable[[RunTask], Store],
    code_of: Callable[[RunTask], str],
    retries: int,
    fresh: set | frozenset = frozenset(),
    cost: Callable[[RunTask], float] | None = None,
    on_final: Callable[[RunTask, RunOutcome], Iterable[RunTask]] | None = None,
    on_event: Callable[[str], None] | None = None,
) -> Tally:
    """Run ``todo`` and record every outcome in ``store_of(task)`` as a run of the code
    version ``code_of(task)``.

    A task's first attempt continues its store's count, except for the run IDs in
    ``fresh`` (quarantined runs given a new set of attempts).  ``on_final(task, outcome)``
    is called once a task is done or quarantined and returns further tasks to run (an
    adaptive sweep's next replication).
    """
    from dask.distributed import as_completed  # noqa: PLC0415

    futures: dict = {}

    def submit(task: RunTask, attempt: int):
        priority = cost(task) if cost else 0
        future = client.submit(execute, task, pure=False, priority=priority)
        futures[future] = (task, attempt)
        return future

    todo = sorted(todo, key=cost, reverse=True) if cost else list(todo)
    pending = as_completed(
        [submit(t, 1 if t.run_id in fresh else store_of(t).attempts(t.run_id) + 1) for t in todo]
    )
    tally = Tally()
    for future in pending:
        task, attempt = futures.pop(future)
        try:
            outcome = future.result()
        except Exception as e:  # the worker died with the task (KilledWorker) or similar
            outcome = RunOutcome(task.run_id, "worker-lost", stderr_tail=str(e)[-2000:])
        store = store_of(task)
        if outcome.status == "done":
            store.record_done(task, code_of(task), outcome, attempt)
            tally.done += 1
        elif attempt <= retries and outcome.status != "bad-input":
            store.record_failure(task, code_of(task), outcome, attempt, quarantined=False)
            tally.retried += 1
            pending.add(submit(task, attempt + 1))
            if on_event:
                on_event(f"retry {task.run_id} ({outcome.detail})")
            continue
        else:
            store.record_failure(task, code_of(task), outcome, attempt, quarantined=True)
            tally.quarantined.append((task, outcome))
        for new in on_final(task, outcome) if on_final else ():
            pending.add(submit(new, 1))
    return tally
