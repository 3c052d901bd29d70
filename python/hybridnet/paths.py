# SPDX-License-Identifier: GPL-2.0-only
"""Where hybridnet's source tree, build tree and build manifest are."""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path

SOURCE_DIR = Path(__file__).resolve().parents[2]


class BuildMissing(RuntimeError):
    """The C++ build (or its manifest) is not where it should be."""


def build_dir() -> Path:
    """The CMake build tree: $HYBRIDNET_BUILD_DIR, else <source>/build."""
    return Path(os.environ.get("HYBRIDNET_BUILD_DIR", SOURCE_DIR / "build")).resolve()


@cache
def manifest() -> dict:
    """The build's hybridnet-manifest.json (written by CMake)."""
    path = build_dir() / "hybridnet-manifest.json"
    if not path.is_file():
        raise BuildMissing(
            f"{path} not found: build hybridnet first (python3 python/bootstrap.py test)"
        )
    return json.loads(path.read_text())


def bin_dir() -> Path:
    return Path(manifest()["bin_dir"])


def validation_dir() -> Path:
    return SOURCE_DIR / "validation"


def report_dir() -> Path:
    return SOURCE_DIR / "docs" / "validation"
