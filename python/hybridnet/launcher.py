# SPDX-License-Identifier: GPL-2.0-only
"""The one way hybridnet starts a simulation process.

``launch`` runs a program in its own process group under a parent-death signal (the run
dies with the process that started it, so a killed driver or worker leaves no orphans),
with an optional time limit and address-space limit, and says exactly how it ended:

========== ==========================================================================
status     meaning
========== ==========================================================================
done       exit status 0
bad-input  exit status 2: the program rejected its input (one line on stderr)
exit       any other non-zero exit status
signal     killed by a signal other than the OOM cases
timeout    still running at the time limit; its whole process group was killed
oom        out of memory: std::bad_alloc or ENOMEM on stderr, or SIGKILL (the kernel's
           OOM killer, or the address-space limit)
========== ==========================================================================

Scenario runs (``scenarios.run``), sweep and validation tasks (``runs.execute``) and the
benchmark harness all start their processes here.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

#: Exit status of a program that rejected its input.
BAD_INPUT = 2
#: How a launch can end; only "done" is a success.
STATUSES = ("done", "bad-input", "exit", "signal", "timeout", "oom")
#: Lines of stderr kept with a finished launch.
STDERR_TAIL_LINES = 20


@dataclass(frozen=True)
class Finished:
    """How one launched process ended."""

    status: str
    exit_code: int | None  # None when a signal ended it
    signal: str | None
    stderr_tail: str  # the last STDERR_TAIL_LINES lines not consumed by on_line
    stdout: str  # empty unless capture_stdout
    wall_s: float

    @property
    def detail(self) -> str:
        return describe(self.status, self.exit_code, self.signal)


def describe(status: str, exit_code: int | None, signal_name: str | None) -> str:
    """How a process ended, in words: the status, with the exit status or signal."""
    if status == "exit":
        return f"exit status {exit_code}"
    if status == "signal":
        return f"killed by {signal_name}"
    return status


def _guarded(argv: Sequence[str], memory_limit: int | None) -> list[str]:
    """``argv`` under the parent-death signal and the optional address-space limit."""
    argv = [str(a) for a in argv]
    if memory_limit:
        argv = ["prlimit", f"--as={memory_limit}", "--", *argv]
    # setpriv sets the death signal only once it runs; a parent that died before that is
    # caught by the shell, which goes on only if its parent is still this process.
    guard = 'test "$PPID" = "$0" && exec "$@"'
    return ["setpriv", "--pdeathsig", "KILL", "--", "sh", "-c", guard, str(os.getpid()), *argv]


def _kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except ProcessLookupError:
        pass


class _Deadline:
    """Kills a process group when its time is up (a timer thread: a silent program that
    never writes a line is stopped too)."""

    def __init__(self, pgid: int, timeout_s: float | None):
        self.expired = False
        self._timer = None
        if timeout_s is not None:
            self._timer = threading.Timer(timeout_s, self._expire, (pgid,))
            self._timer.daemon = True
            self._timer.start()

    def _expire(self, pgid: int) -> None:
        self.expired = True
        _kill_group(pgid)

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()


def _reader(
    pipe, keep: Callable[[str], bool], sink: Callable[[str], None], keep_newlines: bool = False
) -> threading.Thread:
    """A started thread that reads ``pipe`` to its end, passing kept lines to ``sink``."""

    def read() -> None:
        with pipe:
            for raw in pipe:
                line = raw if keep_newlines else raw.rstrip("\n")
                if keep(line):
                    sink(line)

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    return thread


def classify(returncode: int, stderr: str, timed_out: bool) -> tuple[str, str | None]:
    """The status and signal name of a process that ended with ``returncode``."""
    if timed_out:
        return "timeout", None
    if returncode == 0:
        return "done", None
    memory = "bad_alloc" in stderr or "Cannot allocate memory" in stderr
    if returncode == BAD_INPUT:
        return "bad-input", None
    if returncode < 0:
        name = signal.Signals(-returncode).name
        if memory or name == "SIGKILL":
            return "oom", name
        return "signal", name
    return ("oom" if memory else "exit"), None


def launch(
    argv: Sequence[str | Path],
    *,
    cwd: str | Path,
    timeout_s: float | None = None,
    memory_limit: int | None = None,
    capture_stdout: bool = False,
    on_line: Callable[[str], bool] | None = None,
) -> Finished:
    """Run ``argv`` to its end in ``cwd``; never raises for anything the program does.

    ``on_line(line)`` sees each stderr line as it comes (e.g. progress lines) and returns
    True when it consumed the line (it is then not kept in the tail); it runs on a reader
    thread.  Only with ``capture_stdout`` is stdout kept (else it is discarded).
    """
    start = time.monotonic()
    proc = subprocess.Popen(
        _guarded(argv, memory_limit),
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE if capture_stdout else subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        errors="replace",
        start_new_session=True,
    )
    timer = _Deadline(proc.pid, timeout_s)
    # Pipes are read by threads, so that the end of the program - not the end of its
    # pipes, which a child left behind may hold open - ends the launch.
    lines: list[str] = []
    out: list[str] = []
    readers = [
        _reader(proc.stderr, lambda line: on_line is None or not on_line(line), lines.append)
    ]
    if capture_stdout:
        readers.append(_reader(proc.stdout, lambda _: True, out.append, keep_newlines=True))
    try:
        proc.wait()
    finally:
        timer.cancel()
        _kill_group(proc.pid)  # anything the program left behind in its group
        proc.wait()
        for reader in readers:
            reader.join()
    stderr = "\n".join(lines)
    status, sig = classify(proc.returncode, stderr, timer.expired)
    return Finished(
        status=status,
        exit_code=proc.returncode if proc.returncode >= 0 else None,
        signal=sig,
        stderr_tail="\n".join(lines[-STDERR_TAIL_LINES:]),
        stdout="".join(out),
        wall_s=time.monotonic() - start,
    )
