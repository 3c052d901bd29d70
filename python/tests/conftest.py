# SPDX-License-Identifier: GPL-2.0-only
"""Shared fixtures: the built programs and a way to run the hybridnet command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from hybridnet import paths


@pytest.fixture(scope="session")
def bin_dir() -> Path:
    return paths.bin_dir()


@pytest.fixture(scope="session")
def gige_iperf(bin_dir) -> Path:
    return bin_dir / "gige-iperf"


def replaced(defaults: list[str], args: tuple | list) -> list[str]:
    """``defaults`` with the flags named in ``args`` replaced by them."""
    given = {a.split("=")[0] for a in args}
    return [a for a in defaults if a.split("=")[0] not in given] + list(args)


def rejected(program: Path, folder: Path, args: list[str]) -> str:
    """Run ``program`` with ``args`` (and --output and --report into ``folder``, an empty
    folder, as its working directory too): it must refuse them as the ground rules say - exit
    code 2, exactly one stderr line "<program>: error: ...", nothing on stdout, no file
    written. Returns the line."""
    proc = subprocess.run(
        [str(program), *args, f"--output={folder / 'r.json'}"],
        capture_output=True,
        text=True,
        cwd=folder,
    )
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith(f"{program.name}: error: ")
    assert proc.stdout == ""
    assert list(folder.iterdir()) == [], "a rejected run wrote a file"
    return lines[0]


def assert_round_warning(program: Path, flags: list[str], tmp_path: Path, warning: str | None):
    """Run ``program`` at --fidelity=round: it succeeds and writes its result; its stderr is
    empty (``warning`` None) or the one line "<program>: warning: fidelity round: <warning>
    ...", naming the error maps' page."""
    out = tmp_path / "r.json"
    proc = subprocess.run(
        [str(program), *flags, "--fidelity=round", f"--output={out}"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    assert out.exists()
    if warning is None:
        assert proc.stderr == ""
        return
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith(f"{program.name}: warning: fidelity round: {warning}")
    assert "%" in lines[0] and "docs/modules/tcp.md" in lines[0]


def run_cli(
    *args: str, cwd: Path | None = None, timeout: float | None = None
) -> subprocess.CompletedProcess:
    """Run `hybridnet ...` as a user would, in its own process."""
    return subprocess.run(
        [sys.executable, "-m", "hybridnet.cli", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
        timeout=timeout,
    )


#: A gige-iperf run that takes well under a second.
SHORT_RUN = ["--duration=200ms", "--pingCount=5", "--pingInterval=10ms"]


def derandomized(variable: str, default: int) -> settings:
    """Hypothesis settings of the property suites: the same examples on every run (a failure
    in CI is a failure on every machine), no deadline, no example database; the count from
    the environment variable ``variable`` (for longer runs by hand) or ``default``."""
    return settings(
        max_examples=int(os.environ.get(variable, str(default))),
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
