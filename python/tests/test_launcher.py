# SPDX-License-Identifier: GPL-2.0-only
"""The one launcher: every way a process can end is named, and nothing outlives a launch."""

from __future__ import annotations

import os
import signal
import time

import pytest

from hybridnet import launcher


def sh(script: str, **kwargs) -> launcher.Finished:
    return launcher.launch(["sh", "-c", script], cwd="/tmp", **kwargs)


@pytest.mark.parametrize(
    ("script", "status", "exit_code", "sig"),
    [
        ("exit 0", "done", 0, None),
        ("echo 'error: --x: bad' >&2; exit 2", "bad-input", 2, None),
        ("exit 3", "exit", 3, None),
        ("kill -TERM $$", "signal", None, "SIGTERM"),
        ("kill -SEGV $$", "signal", None, "SIGSEGV"),
        ("kill -KILL $$", "oom", None, "SIGKILL"),  # the kernel's OOM killer sends SIGKILL
        ("echo 'std::bad_alloc' >&2; kill -ABRT $$", "oom", None, "SIGABRT"),
        ("echo 'Cannot allocate memory' >&2; exit 1", "oom", 1, None),
    ],
)
def test_every_ending_is_classified(script, status, exit_code, sig):
    end = sh(script)
    assert (end.status, end.exit_code, end.signal) == (status, exit_code, sig)
    assert end.status in launcher.STATUSES


def test_timeout_kills_the_whole_process_group_even_when_silent():
    # The child starts a grandchild in its group and neither writes anything.
    marker = f"299.{os.getpid()}"  # a sleep time found in no other command line
    start = time.monotonic()
    end = sh(f"sleep {marker} & exec sleep {marker}", timeout_s=0.5)
    assert end.status == "timeout"
    assert time.monotonic() - start < 10
    time.sleep(0.2)
    assert not [
        p for p in os.listdir("/proc") if p.isdigit() and marker in _cmdline(p) and alive(int(p))
    ]


def _cmdline(pid: str) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().decode(errors="replace")
    except OSError:
        return ""


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a killed child not yet reaped by init is a zombie: not alive)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


def test_children_left_behind_are_killed_when_the_program_ends():
    # The child holds stderr open: the launch must end with the program, not with the pipe.
    start = time.monotonic()
    end = sh("sleep 300 & echo $! >&2; exit 0")
    assert end.status == "done"
    assert time.monotonic() - start < 10
    pid = int(end.stderr_tail.strip())
    deadline = time.monotonic() + 5
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(pid)


def test_stderr_tail_keeps_the_last_lines_and_on_line_consumes_its_own():
    seen = []

    def progress(line: str) -> bool:
        if line.startswith("progress "):
            seen.append(line)
            return True
        return False

    script = "for i in $(seq 1 50); do echo progress $i >&2; echo message $i >&2; done"
    end = sh(script, on_line=progress)
    assert len(seen) == 50
    tail = end.stderr_tail.splitlines()
    assert len(tail) == launcher.STDERR_TAIL_LINES
    assert tail[-1] == "message 50" and all(t.startswith("message") for t in tail)


def test_stdout_is_captured_only_when_asked():
    assert sh("echo hello").stdout == ""
    assert sh("echo hello", capture_stdout=True).stdout == "hello\n"


def test_memory_limit_applies_to_the_program():
    # 64 MiB of address space cannot hold a 256 MiB buffer: Python fails with MemoryError.
    end = launcher.launch(
        ["python3", "-c", "b = bytearray(256 << 20)"], cwd="/tmp", memory_limit=64 << 20
    )
    assert end.status == "exit" and "MemoryError" in end.stderr_tail


def test_detail_names_the_ending():
    assert sh("exit 3").detail == "exit status 3"
    assert sh("kill -TERM $$").detail == f"killed by {signal.Signals.SIGTERM.name}"
    assert sh("exit 2").detail == "bad-input"
