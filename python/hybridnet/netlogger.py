# SPDX-License-Identifier: GPL-2.0-only
"""NetLogger ULM files: read them (one event per line, the format of the C++ ``UlmRecord``:
DATE HOST PROG NL.EVNT ID and the event's fields), load them into pandas, and draw each
object's lifeline through the processing stages as NetLogger's nlv did (gnuplot, PNG and PDF).

    from hybridnet import netlogger
    records = netlogger.read("run.ulm")
    netlogger.frame(records)                       # a DataFrame, one row per event
    netlogger.plot_lifelines("run.ulm", "lifelines", events=["read", "send", "write"])
"""

from __future__ import annotations

import calendar
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .plots import _quote, run_gnuplot
from .report import _fix_pdf_creation_date

#: The wall-clock date of t = 0 (NetLogger's Epoch attribute default): 2000-01-01 00:00:00 UTC.
EPOCH = 946684800
FIXED = ("DATE", "HOST", "PROG", "NL.EVNT", "ID")
_FIELD = re.compile(r'\s*([A-Za-z0-9._-]+)=("(?:[^"\\]|\\.)*"|[^ ]*)')
_DATE = re.compile(r"(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})\.(\d{6})")


class UlmError(ValueError):
    """A line that is not a ULM record; the message names the file, line and problem."""


@dataclass(frozen=True)
class Record:
    time: float  # simulated seconds (DATE less the epoch), to the microsecond
    host: str
    prog: str
    event: str
    id: str
    fields: tuple[tuple[str, str], ...] = ()


def _value(text: str) -> str:
    if text.startswith('"'):
        return re.sub(r"\\(.)", r"\1", text[1:-1])
    return text


def parse_line(line: str, epoch: int = EPOCH) -> Record:
    """One ULM line as a Record; UlmError if it is not one."""
    pairs, at = [], 0
    line = line.rstrip("\n")
    while at < len(line.rstrip()):
        m = _FIELD.match(line, at)
        if not m:
            raise UlmError(f"{line[at : at + 40].strip()!r} is not NAME=value")
        pairs.append((m.group(1), _value(m.group(2))))
        at = m.end()
    names = [name for name, _ in pairs[:5]]
    if tuple(names) != FIXED:
        raise UlmError(f"the first fields are {' '.join(names)}, not {' '.join(FIXED)}")
    date = _DATE.fullmatch(pairs[0][1])
    if not date:
        raise UlmError(f"DATE {pairs[0][1]!r} is not YYYYMMDDhhmmss.uuuuuu")
    y, mo, d, h, mi, s, us = (int(g) for g in date.groups())
    seconds = calendar.timegm((y, mo, d, h, mi, s)) - epoch
    if seconds < 0:
        raise UlmError(f"DATE {pairs[0][1]} is before the epoch")
    _, host, prog, event, ident = (v for _, v in pairs[:5])
    return Record(seconds + us / 1e6, host, prog, event, ident, tuple(pairs[5:]))


def read(path: str | Path, epoch: int = EPOCH) -> list[Record]:
    """Every record of a ULM file; UlmError naming the file and line of the first bad one."""
    records = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                records.append(parse_line(line, epoch))
            except UlmError as e:
                raise UlmError(f"{path}:{number}: {e}") from None
    return records


def frame(records: list[Record]):
    """The records as a pandas DataFrame: time, host, prog, event, id, then one column per
    field name (text; missing where an event has no such field)."""
    import pandas as pd  # noqa: PLC0415 (pandas only for frames)

    rows = [
        {"time": r.time, "host": r.host, "prog": r.prog, "event": r.event, "id": r.id}
        | dict(r.fields)
        for r in records
    ]
    return pd.DataFrame(rows)


def lifelines(
    records: list[Record], events: list[str] | None = None, ids: list[str] | None = None
) -> tuple[list[str], dict[str, list[tuple[float, int]]]]:
    """The stages (``events``, or every event name in order of first appearance) and, per
    object ID (``ids``, or all in order of first appearance), its (time, stage index)
    points in order of time: the object's path through the stages. Events not among the
    stages are left out."""
    stages = list(events) if events else list(dict.fromkeys(r.event for r in records))
    index = {name: i for i, name in enumerate(stages)}
    wanted = set(ids) if ids else None
    lines: dict[str, list[tuple[float, int]]] = {}
    for r in sorted(records, key=lambda r: r.time):
        if r.event in index and (wanted is None or r.id in wanted):
            lines.setdefault(r.id, []).append((r.time, index[r.event]))
    if ids:
        lines = {i: lines[i] for i in ids if i in lines}
    return stages, lines


LIFELINE_SCRIPT = r"""
set grid xtics ytics
set xlabel "time (s)"
set yrange [-0.5:nstages - 0.5]
set key outside right font ",8"
if (nlines > 12) { unset key }
set title title noenhanced
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo size 900,560 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo size 6.4in,4in font ",9"; set output outbase.".pdf" }
  plot for [i=0:nlines-1] datafile index i using 1:2 with linespoints lw 2 pt 7 ps 0.6 \
       title columnheader(1) noenhanced
}
"""


def plot_lifelines(
    path: str | Path,
    output: str | Path,
    events: list[str] | None = None,
    ids: list[str] | None = None,
    title: str | None = None,
) -> list[Path]:
    """Draw the lifelines of a ULM file: stages on the y axis (bottom to top in order), time
    on the x axis, one line per object ID; return the PNG and PDF written."""
    stages, lines = lifelines(read(path), events, ids)
    if not lines:
        raise UlmError(f"{path}: no event of the stages {', '.join(stages) or '(none)'}")
    blocks = [
        f'"{ident}"\n' + "".join(f"{t:.6f} {s}\n" for t, s in points)
        for ident, points in lines.items()
    ]
    base = Path(output)
    base.parent.mkdir(parents=True, exist_ok=True)
    tics = ", ".join(f"{_quote(name)} {i}" for i, name in enumerate(stages))
    with tempfile.TemporaryDirectory(prefix="hybridnet-lifelines-") as tmp:
        datafile = Path(tmp) / "lifelines.dat"
        datafile.write_text("\n\n".join(blocks))
        script = Path(tmp) / "lifelines.gp"
        script.write_text(f"set ytics ({tics})\n" + LIFELINE_SCRIPT)
        variables = {
            "datafile": _quote(str(datafile)),
            "outbase": _quote(str(base)),
            "title": _quote(title or f"lifelines: {Path(path).name}"),
            "nstages": str(len(stages)),
            "nlines": str(len(blocks)),
        }
        run_gnuplot(script, variables)
    png, pdf = base.with_name(base.name + ".png"), base.with_name(base.name + ".pdf")
    _fix_pdf_creation_date(pdf)
    return [png, pdf]
