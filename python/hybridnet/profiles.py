# SPDX-License-Identifier: GPL-2.0-only
"""Host profiles for reading: the bundled ones, and every value of one with its source.

A host profile is a JSON file read by the C++ ``HostProfile`` (docs/testbed.md), which is
the authority on what is valid: it checks every attribute name, type, unit and range when
a scenario loads the profile (including which sections and attributes exist).  This
module only shows profiles - a bundled name or a
file, with the values of the parts it includes - so that a user can see what a host is
made of before running it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from . import jsonfile, paths


class ProfileError(ValueError):
    """A profile that cannot be shown; one line naming the file."""


@dataclass(frozen=True)
class Value:
    section: str
    attribute: str
    value: str  # as written, with the unit when the file gives one
    source: str
    origin: str  # the profile's file name, or the part it comes from


def directory() -> Path:
    return paths.SOURCE_DIR / "scenarios" / "testbed" / "host-profiles"


def bundled() -> list[tuple[str, str]]:
    """(name, description) of every bundled profile."""
    return [(p.stem, _read(p).get("description", "")) for p in sorted(directory().glob("*.json"))]


def _read(path: Path) -> dict:
    return jsonfile.read_object(path, ProfileError, "a host profile")


def locate(name: str) -> Path:
    """A bundled profile's file, or ``name`` itself when it is a path (as the scenarios'
    --host flag takes it)."""
    if "/" in name or (len(name) > 5 and name.endswith(".json")):  # as HostProfile::Load
        return Path(name)
    path = directory() / f"{name}.json"
    if not path.is_file():
        known = ", ".join(n for n, _ in bundled())
        raise ProfileError(f"unknown host profile '{name}'; one of: {known}, or a file path")
    return path


def values(name: str) -> tuple[str, list[Value]]:
    """The description and every value of a profile: its parts' first, then its own."""
    path = locate(name)
    doc = _read(path)
    found = []
    for part in doc.get("include", []):
        part_path = directory() / "parts" / f"{part}.json"
        if not part_path.is_file():
            raise ProfileError(f"{path}: include: no part '{part}' in {part_path.parent}")
        found += _section_values(_read(part_path), f"part {part}", part_path)
    found += _section_values(doc, path.stem, path)
    return doc.get("description", ""), found


def _section_values(doc: dict, origin: str, path: Path) -> list[Value]:
    found = []
    for section, attributes in doc.items():
        if section in ("description", "include"):
            continue
        if not isinstance(attributes, dict):
            raise ProfileError(f"{path}: '{section}' must be an object of attributes")
        for attribute, entry in attributes.items():
            if not isinstance(entry, dict) or "value" not in entry:
                raise ProfileError(f'{path}: {section}.{attribute} has no "value"')
            source = str(entry.get("source", ""))
            found.append(Value(section, attribute, _text(entry), source, origin))
    return found


def _text(entry: dict) -> str:
    """A value as written, with its unit: ``800000000 Hz``; ``128 x 1.024 us`` when the
    unit is itself a quantity (the e1000's delay registers count units of 1.024 us)."""
    value = entry["value"]
    text = json.dumps(value) if isinstance(value, bool) else str(value)
    unit = str(entry.get("unit", ""))
    if not unit:
        return text
    return f"{text} x {unit}" if unit[0].isdigit() else f"{text} {unit}"
