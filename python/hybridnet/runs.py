# SPDX-License-Identifier: GPL-2.0-only
"""One scenario run as a sweep task: its own process group, a clean scratch folder, a
time limit and a memory limit, and an outcome that says exactly how it ended.

This is the function Dask workers execute; it must be importable on every worker.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass

#: How a run ended.  Only "done" counts as done.
STATUSES = ("done", "bad-input", "exit", "signal", "timeout", "oom", "worker-lost", "no-result")
STDERR_TAIL_LINES = 20


@dataclass(frozen=True)
class RunTask:
    run_id: str
    scenario: str
    program: str          # path of the scenario executable on the worker
    point: tuple          # ((flag, text), ...) of the parameter point, sorted
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
        if self.status == "exit":
            return f"exit status {self.exit_code}"
        if self.status == "signal":
            return f"killed by {self.signal}"
        return self.status


def run_id(scenario: str, point: dict, seed: int, run: int, code_version: str) -> str:
    """Stable identity of a run: same scenario, parameters, seed, run and code, same ID."""
    key = json.dumps({"scenario": scenario, "point": sorted(point.items()), "seed": seed,
                      "run": run, "code": code_version}, sort_keys=True)
    return hashlib.sha256(key.encode()).hexdigest()[:20]


def _command(task: RunTask, output: str) -> list[str]:
    argv = [task.program, *[f"--{k}={v}" for k, v in task.flags().items()], f"--output={output}"]
    if task.memory_limit:
        argv = ["prlimit", f"--as={task.memory_limit}", "--", *argv]
    # The run dies with the worker thread that started it: no orphans if a worker dies.
    # setpriv sets the death signal only once it runs; a parent that died before that is
    # caught by the shell, which goes on only if its parent is still this process.
    guard = 'test "$PPID" = "$0" && exec "$@"'
    return ["setpriv", "--pdeathsig", "KILL", "--", "sh", "-c", guard, str(os.getpid()), *argv]


def _kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _classify(returncode: int, stderr: str, timed_out: bool) -> tuple[str, str | None]:
    if timed_out:
        return "timeout", None
    memory = "bad_alloc" in stderr or "Cannot allocate memory" in stderr
    if returncode == 2:
        return "bad-input", None
    if returncode < 0:
        name = signal.Signals(-returncode).name
        if memory or name == "SIGKILL":  # a std::bad_alloc abort, or the kernel's OOM killer
            return "oom", name
        return "signal", name
    if memory:
        return "oom", None
    return "exit", None


def execute(task: RunTask) -> RunOutcome:
    """Run one scenario process; never raises for anything the run does."""
    scratch = tempfile.mkdtemp(prefix=f"hybridnet-run-{task.run_id}-")
    start = time.monotonic()
    host = socket.gethostname()
    try:
        output = os.path.join(scratch, "result.json")
        proc = subprocess.Popen(_command(task, output), cwd=scratch, stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                start_new_session=True)
        timed_out = False
        try:
            _, err = proc.communicate(timeout=task.timeout_s)
        except subprocess.TimeoutExpired:
            timed_out = True
            _kill_group(proc.pid)
            _, err = proc.communicate()
        finally:
            _kill_group(proc.pid)  # anything the run left behind in its group
        stderr = err.decode(errors="replace")
        tail = "\n".join(stderr.splitlines()[-STDERR_TAIL_LINES:])
        wall = time.monotonic() - start
        if proc.returncode == 0 and not timed_out:
            if not os.path.isfile(output):
                return RunOutcome(task.run_id, "no-result", 0, None, tail, None, wall, host)
            with open(output) as f:
                return RunOutcome(task.run_id, "done", 0, None, tail, f.read(), wall, host)
        status, sig = _classify(proc.returncode, stderr, timed_out)
        return RunOutcome(task.run_id, status, proc.returncode if proc.returncode >= 0 else None,
                          sig, tail, None, wall, host)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
