# SPDX-License-Identifier: GPL-2.0-only
"""docs/attributes.md: every hybridnet TypeId's attributes and trace sources, read from
the compiled classes so the tables cannot drift from the code (`hybridnet docs`)."""

from __future__ import annotations

from pathlib import Path

from . import loader, paths

PREFIX = "ns3::hybridnet::"


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def markdown() -> str:
    ns = loader.load()
    tids = [ns.TypeId.GetRegistered(i) for i in range(ns.TypeId.GetRegisteredN())]
    tids = sorted(
        (t for t in tids if str(t.GetName()).startswith(PREFIX)), key=lambda t: str(t.GetName())
    )
    lines = [
        "# Attributes and trace sources",
        "",
        "Generated from the compiled classes by `hybridnet docs`; do not edit by hand "
        "(a test fails when this file differs from the code).",
        "",
    ]
    for tid in tids:
        lines += [f"## {tid.GetName()}", "", f"Parent: `{tid.GetParent().GetName()}`.", ""]
        if tid.GetAttributeN():
            lines += ["| attribute | type | default | meaning, unit, range |", "|---|---|---|---|"]
            for i in range(tid.GetAttributeN()):
                info = tid.GetAttribute(i)
                default = info.initialValue.SerializeToString(info.checker)
                if info.checker.GetValueTypeName() == "ns3::TimeValue":
                    default = f"{ns.Time(default).GetSeconds():g} s"
                lines.append(
                    f"| {info.name} | {_cell(info.checker.GetValueTypeName())} | "
                    f"`{_cell(default)}` | {_cell(info.help)} |"
                )
            lines.append("")
        if tid.GetTraceSourceN():
            lines += ["| trace source | signature | meaning |", "|---|---|---|"]
            for i in range(tid.GetTraceSourceN()):
                info = tid.GetTraceSource(i)
                lines.append(f"| {info.name} | `{_cell(info.callback)}` | {_cell(info.help)} |")
            lines.append("")
    return "\n".join(lines)


def path() -> Path:
    return paths.SOURCE_DIR / "docs" / "attributes.md"


def write() -> Path:
    path().write_text(markdown())
    return path()
