# SPDX-License-Identifier: GPL-2.0-only
"""Scenario programs: their flag schemas, and running one as its own OS process.

A scenario is a C++ program under ``scenarios/`` (see docs/writing-a-scenario.md).  Its
``--schema`` output is the parameter schema; a run writes exactly one JSON result file.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from . import launcher, paths, runs

#: Exit code of a scenario that rejected its input.
BAD_INPUT = launcher.BAD_INPUT
#: Flags every scenario has that are not model parameters (added by Scenario::Parse).
RUN_OPTIONS = ("RngSeed", "RngRun", "output", "progress", "check")

ProgressCallback = Callable[[float, float, float], None]


class ScenarioError(RuntimeError):
    """A scenario run failed; ``exit_code`` is the program's, ``message`` its last words."""

    def __init__(self, scenario: str, exit_code: int, message: str):
        self.scenario = scenario
        self.exit_code = exit_code
        self.message = message
        super().__init__(message or f"{scenario} exited with status {exit_code}")


@dataclass(frozen=True)
class Flag:
    name: str
    kind: str
    default: str
    unit: str
    min: str
    max: str
    choices: tuple[str, ...]
    help: str


@dataclass(frozen=True)
class Schema:
    scenario: str
    description: str
    flags: tuple[Flag, ...]

    def flag(self, name: str) -> Flag:
        for f in self.flags:
            if f.name == name:
                return f
        raise KeyError(name)


def names() -> list[str]:
    """Names of the scenarios in this build."""
    return list(paths.manifest()["scenarios"])


def executable(name: str) -> Path:
    """Path of a scenario's program; ValueError if there is no such scenario.  Test
    scenarios (built for hybridnet's own tests, not listed) are found too."""
    if name not in names() and name not in paths.manifest().get("test_scenarios", []):
        raise ValueError(
            f"unknown scenario '{name}'; one of: {', '.join(names())} (see 'hybridnet list')"
        )
    return paths.bin_dir() / name


def schema(name: str) -> Schema:
    """The scenario's flags, from its ``--schema`` output."""
    out = subprocess.run(
        [str(executable(name)), "--schema"], capture_output=True, text=True, check=True
    ).stdout
    doc = json.loads(out)
    flags = tuple(
        Flag(
            name=f["name"],
            kind=f["kind"],
            default=f["default"],
            unit=f["unit"],
            min=f["min"],
            max=f["max"],
            choices=tuple(f["choices"]),
            help=f["help"],
        )
        for f in doc["flags"]
    )
    return Schema(doc["scenario"], doc["description"], flags)


def flag_arguments(flags: Mapping[str, object] | Sequence[str]) -> list[str]:
    """``{"duration": "10s"}`` -> ``["--duration=10s"]``; a list of arguments is kept."""
    if isinstance(flags, Mapping):
        return [f"--{k}={v}" for k, v in flags.items()]
    return list(flags)


def _progress_reader(progress: ProgressCallback | None) -> Callable[[str], bool]:
    """A launcher line reader that passes the scenario's progress lines to ``progress``."""

    def read(line: str) -> bool:
        if not line.startswith("hybridnet-progress "):
            return False
        if progress is not None:
            fraction, sim, wall = (float(x) for x in line.split()[1:4])
            progress(fraction, sim, wall)
        return True

    return read


def _signal_number(end: launcher.Finished) -> int:
    return int(signal.Signals[end.signal]) if end.signal else 0


def run(
    name: str,
    flags: Mapping[str, object] | Sequence[str],
    output: Path,
    progress: ProgressCallback | None = None,
) -> dict:
    """Run one scenario in its own process; return its result document.

    The result file appears at ``output`` only if the run succeeds (its folder is created
    then).  ``progress(fraction, simulated_s, wall_s)`` is called as the run advances.
    Raises ScenarioError on a non-zero exit (``exit_code`` 2: the input was rejected).
    """
    args = flag_arguments(flags)
    if any(a.startswith(("--output=", "--progress", "--check")) for a in args):
        raise ValueError("--output, --progress and --check are set by the runner")
    # named as runs.execute names its scratch: the folder of a killed run is removed later
    with tempfile.TemporaryDirectory(prefix=f"{runs.SCRATCH_PREFIX}{os.getpid()}-") as tmp:
        tmp_result = Path(tmp) / "result.json"
        argv = [str(executable(name)), *args, f"--output={tmp_result}"]
        if progress is not None:
            argv.append("--progress")
        end = launcher.launch(argv, cwd=tmp, on_line=_progress_reader(progress))
        if end.status != "done":
            code = end.exit_code if end.exit_code is not None else 128 + _signal_number(end)
            message = "\n".join(end.stderr_tail.splitlines()[-5:])
            raise ScenarioError(name, code, message or f"{name} ended: {end.detail}")
        output = Path(output)
        output.parent.mkdir(parents=True, exist_ok=True)
        staged = output.with_name(f".{output.name}.tmp{os.getpid()}")
        shutil.copyfile(tmp_result, staged)
        os.replace(staged, output)
    return json.loads(output.read_text())
