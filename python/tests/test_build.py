# SPDX-License-Identifier: GPL-2.0-only
"""Build properties users rely on: every program can create any hybridnet class by TypeId
name (a flag, Python) because every module library is loaded, referenced or not."""

from __future__ import annotations

import re
import subprocess

import pytest

from hybridnet import paths


def needed(binary) -> set[str]:
    out = subprocess.run(
        ["readelf", "-d", str(binary)], capture_output=True, text=True, check=True
    ).stdout
    return set(re.findall(r"\(NEEDED\)\s+Shared library: \[(.+?)\]", out))


MANIFEST = paths.manifest()
PROGRAMS = [*MANIFEST["scenarios"], "iperf-two-hosts"]


@pytest.mark.parametrize("program", PROGRAMS)
def test_programs_load_every_module(program):
    libs = needed(paths.bin_dir() / program)
    for module in MANIFEST["modules"]:
        assert f"libhybridnet-{module['name']}.so" in libs, (
            f"{program} does not load hybridnet-{module['name']}: its TypeIds would be "
            "unknown to flags that name them"
        )


def test_test_runner_loads_every_test_library():
    libs = needed(paths.bin_dir() / "hybridnet-test-runner")
    for module in MANIFEST["modules"]:
        assert f"libhybridnet-{module['name']}-test.so" in libs


def test_programs_find_the_wheel_without_environment():
    # RPATH to the wheel's lib64: the program starts with no LD_LIBRARY_PATH.
    proc = subprocess.run(
        [str(paths.bin_dir() / "gige-iperf"), "--schema"],
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin"},
    )
    assert proc.returncode == 0, proc.stderr


def test_no_model_module_includes_the_testbed():
    """The layers: scenarios -> testbed -> model. A model source that includes a testbed
    header would compile against the staged headers and still break the layering."""
    testbed = {p.name for p in (paths.SOURCE_DIR / "scenarios" / "testbed").glob("*.h")}
    include = re.compile(r'#include\s+"(?:hybridnet/)?([^"/]+\.h)"')
    offenders = []
    for source in sorted((paths.SOURCE_DIR / "model").rglob("*")):
        if source.suffix not in (".h", ".cc"):
            continue
        for header in include.findall(source.read_text()):
            if header in testbed:
                offenders.append(f"{source.relative_to(paths.SOURCE_DIR)} includes {header}")
    assert not offenders, offenders
