# SPDX-License-Identifier: GPL-2.0-only
"""House rules as configuration (docs/style.md): the C++ is as .clang-format lays it out,
the Python as ruff formats and lints it. A change that is not formatted fails here."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hybridnet import paths

CLANG_FORMAT = "clang-format-15"
RUFF = Path(sys.executable).with_name("ruff")


def tracked(*patterns: str) -> list[str]:
    out = subprocess.run(
        ["git", "-C", str(paths.SOURCE_DIR), "ls-files", *patterns],
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        pytest.skip("not a git checkout: the style check runs on tracked files")
    return [line for line in out.stdout.splitlines() if line]


def test_cpp_is_formatted():
    if shutil.which(CLANG_FORMAT) is None:
        pytest.fail(f"{CLANG_FORMAT} is not installed (python3 python/bootstrap.py installs it)")
    files = tracked("*.cc", "*.h")
    proc = subprocess.run(
        [CLANG_FORMAT, "--dry-run", "-Werror", *files],
        cwd=paths.SOURCE_DIR,
        capture_output=True,
        text=True,
        check=False,
    )
    drifted = sorted(
        {line.split(":")[0] for line in proc.stderr.splitlines() if ": error:" in line}
    )
    assert proc.returncode == 0, (
        f"not formatted (run: git ls-files '*.cc' '*.h' | xargs "
        f"{CLANG_FORMAT} -i): {', '.join(drifted)}"
    )


@pytest.mark.parametrize("command", [["format", "--check"], ["check"]], ids=["format", "lint"])
def test_python_follows_ruff(command):
    proc = subprocess.run(
        [str(RUFF), *command, "."],
        cwd=paths.SOURCE_DIR,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
