# SPDX-License-Identifier: GPL-2.0-only
"""One scenario run as a task of the run engine (sweeps and validation): launched through
``launcher`` in a clean scratch folder, with a time limit and a memory limit, and an
outcome that says exactly how it ended.

This is the function Dask workers execute; it must be importable on every worker.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import shutil
import socket
import tempfile
from dataclasses import dataclass
from pathlib import Path

from . import launcher

#: How a run ended: a launch's status, or the worker died with it, or it wrote no result.
#: Only "done" counts as done.
STATUSES = (*launcher.STATUSES, "worker-lost", "no-result")


@dataclass(frozen=True)
class RunTask:
    run_id: str
    scenario: str
    program: str  # path of the scenario executable on the worker
    point: tuple  # ((flag, text), ...) of the parameter point, sorted
    seed: int
    run: int
    timeout_s: float
    memory_limit: int | None = None  # bytes of address space

    def flags(self) -> dict:
        return {**dict(self.point), "RngSeed": str(self.seed), "RngRun": str(self.run)}


@dataclass(frozen=True)
class RunOutcome:
    run_id: str
    status: str
    exit_code: int | None = None
    signal: str | None = None
    stderr_tail: str = ""
    result: str | None = None  # the result document's text, for status "done"
    wall_s: float = 0.0
    host: str = ""

    @property
    def detail(self) -> str:
        return launcher.describe(self.status, self.exit_code, self.signal)


def run_id(scenario: str, point: dict, seed: int, run: int, code_version: str) -> str:
    """Stable identity of a run: same scenario, parameters, seed, run and code, same ID."""
    key = json.dumps(
        {
            "scenario": scenario,
            "point": sorted(point.items()),
            "seed": seed,
            "run": run,
            "code": code_version,
        },
        sort_keys=True,
    )
    return hashlib.sha256(key.encode()).hexdigest()[:20]


#: Scratch folders are "<temp>/hybridnet-run-<pid>-<run ID>-<random>", <pid> the process
#: that made them: one killed with SIGKILL runs no cleanup, so the next run on the machine
#: removes the folders of processes that no longer exist.
SCRATCH_PREFIX = "hybridnet-run-"


def _process_exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's
    return True


def remove_orphaned_scratch() -> int:
    """Remove the scratch folders whose process is gone; returns how many."""
    removed = 0
    for folder in Path(tempfile.gettempdir()).glob(f"{SCRATCH_PREFIX}*"):
        pid = folder.name[len(SCRATCH_PREFIX) :].split("-", 1)[0]
        if pid.isdigit() and len(pid) <= 10 and not _process_exists(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)
            removed += 1
    return removed


def execute(task: RunTask) -> RunOutcome:
    """Run one scenario process in a scratch folder; never raises for anything the run does."""
    remove_orphaned_scratch()
    scratch = tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-{task.run_id}-")
    host = socket.gethostname()
    try:
        output = os.path.join(scratch, "result.json")
        argv = [
            task.program,
            *[f"--{k}={v}" for k, v in task.flags().items()],
            f"--output={output}",
        ]
        end = launcher.launch(
            argv, cwd=scratch, timeout_s=task.timeout_s, memory_limit=task.memory_limit
        )
        outcome = RunOutcome(
            task.run_id,
            end.status,
            end.exit_code,
            end.signal,
            end.stderr_tail,
            None,
            end.wall_s,
            host,
        )
        if end.status != "done":
            return outcome
        if not os.path.isfile(output):
            return dataclasses.replace(outcome, status="no-result")
        with open(output) as f:
            return dataclasses.replace(outcome, result=f.read())
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
