#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Set up hybridnet on a Debian bookworm machine with Python 3.11, then do one job.

    python3 python/bootstrap.py validate   # set up, run the quick validation suite, the report
    python3 python/bootstrap.py test       # set up, run the quick test set through ctest

Set-up, each step skipped when already done (so a second run is fast):
  1. Debian packages (pinned below; installed with apt-get when running as root),
  2. the virtual environment .venv with the pinned packages of requirements.txt and
     hybridnet itself (editable),
  3. the C++ build in build/ (CMake + Ninja, incremental).

Standard library only: this runs before the virtual environment exists.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1]
VENV = SOURCE / ".venv"
BUILD = SOURCE / "build"
VENV_PYTHON = VENV / "bin" / "python"
STAMP = VENV / ".hybridnet-requirements"

#: Debian bookworm packages and the versions hybridnet is tested with.
DEBIAN_PACKAGES = {
    "clang-format-15": "1:15.0.6-4+b1",
    "cmake": "3.25.1-1",
    "ninja-build": "1.11.1-2~deb12u1",
    "g++": "4:12.2.0-3",
    "git": "1:2.39.5-0+deb12u3",
    "gnuplot-nox": "5.4.4+dfsg1-2+b2",
    "libboost-dev": "1.74.0.3",
    "libmimalloc-dev": "2.0.9+ds-2",
    "nlohmann-json3-dev": "3.11.2-2",
}
#: Needed only when Python is Debian's own (its venv module is packaged separately).
DEBIAN_VENV_PACKAGE = {"python3-venv": "3.11.2-1+b1"}


class SetupError(RuntimeError):
    pass


def say(message: str) -> None:
    print(f"hybridnet setup: {message}", flush=True)


def run(*args: str | Path, **kwargs) -> None:
    subprocess.run([str(a) for a in args], check=True, **kwargs)


def installed_version(package: str) -> str | None:
    proc = subprocess.run(
        ["dpkg-query", "-W", "-f=${Status} ${Version}", package],
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0 or not proc.stdout.startswith("install ok installed"):
        return None
    return proc.stdout.split()[-1]


def debian_packages() -> None:
    if shutil.which("dpkg-query") is None:
        raise SetupError("this set-up needs Debian (dpkg-query not found)")
    wanted = dict(DEBIAN_PACKAGES)
    if sys.executable.startswith("/usr/bin/"):
        wanted.update(DEBIAN_VENV_PACKAGE)
    missing = {p: v for p, v in wanted.items() if installed_version(p) is None}
    for package, version in wanted.items():
        have = installed_version(package)
        if have is not None and have != version:
            say(f"note: {package} {have} is installed; hybridnet is tested with {version}")
    if not missing:
        return
    if os.geteuid() != 0:
        raise SetupError(
            "missing Debian packages; as root run: apt-get install "
            + " ".join(f"{p}={v}" for p, v in missing.items())
        )
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    say(f"installing Debian packages: {', '.join(missing)}")
    run("apt-get", "update", "-qq", env=env)
    pinned = [f"{p}={v}" for p, v in missing.items()]
    try:
        run("apt-get", "install", "-y", "-qq", "--no-install-recommends", *pinned, env=env)
    except subprocess.CalledProcessError:
        # Debian replaces a version when a point release or security update supersedes
        # it; the pinned one is then gone from the archive.  Take bookworm's current one.
        say(
            "warning: a pinned version is no longer in the archive; installing bookworm's "
            "current versions of: " + ", ".join(missing)
        )
        run("apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing, env=env)


def requirements_stamp() -> str:
    digest = hashlib.sha256()
    for name in ("requirements.txt", "pyproject.toml"):
        digest.update((SOURCE / name).read_bytes())
    return digest.hexdigest()


def virtual_environment() -> None:
    if sys.version_info[:2] != (3, 11):
        raise SetupError(f"hybridnet needs Python 3.11, this is {sys.version.split()[0]}")
    if not VENV_PYTHON.exists():
        say("creating .venv")
        run(sys.executable, "-m", "venv", VENV)
    stamp = requirements_stamp()
    if STAMP.is_file() and STAMP.read_text() == stamp:
        return
    say("installing pinned Python packages (requirements.txt) and hybridnet")
    pip = [VENV_PYTHON, "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    run(*pip, "-r", SOURCE / "requirements.txt")
    run(*pip, "--no-deps", "-e", SOURCE)
    STAMP.write_text(stamp)


def build() -> None:
    if not (BUILD / "build.ninja").is_file():
        say("configuring the C++ build")
        run(
            "cmake",
            "-S",
            SOURCE,
            "-B",
            BUILD,
            "-G",
            "Ninja",
            "-DCMAKE_BUILD_TYPE=Release",
            f"-DHYBRIDNET_PYTHON={VENV_PYTHON}",
        )
    say("building")
    run("cmake", "--build", BUILD)


def main(argv: list[str]) -> int:
    jobs = {"validate", "test"}
    if len(argv) != 1 or argv[0] not in jobs:
        print(
            f"bootstrap.py: error: expected one job, one of: {', '.join(sorted(jobs))}",
            file=sys.stderr,
        )
        return 2
    try:
        debian_packages()
        virtual_environment()
        build()
    except SetupError as e:
        print(f"hybridnet setup: error: {e}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as e:
        print(
            f"hybridnet setup: error: {' '.join(map(str, e.cmd))} failed with status "
            f"{e.returncode}",
            file=sys.stderr,
        )
        return 1
    if argv[0] == "validate":
        command = [VENV / "bin" / "hybridnet", "validate", "--quick"]
    else:
        command = [
            "ctest",
            "--test-dir",
            BUILD,
            "-L",
            "quick",
            "-j",
            str(os.cpu_count() or 1),
            "--output-on-failure",
            "--no-tests=error",
        ]
    return subprocess.run([str(c) for c in command]).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
