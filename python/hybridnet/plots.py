# SPDX-License-Identifier: GPL-2.0-only
"""Figures of a sweep: the mean of one metric against one parameter, with 95 % error bars,
one line per value of another parameter (gnuplot, PNG and PDF).

    from hybridnet import plots
    plots.plot("sweeps/window", x="linkDelay", y="goodput", by="window", logx=True)
    plots.figure("sweeps/window", x="linkDelay", y="goodput", by="window").lines  # the data

Names are a parameter of the sweep's points (``--x``, ``--by``, ``--where``) and a metric
of the scenario's result (``--y``) as written in the spec and the result, without units;
the axes show the parameter's SI value and the metric's unit.  Every other parameter that
varies between the points must be ``--by`` or pinned with ``--where NAME=VALUE``, so that
each line is one curve.  When the directory holds runs of several code versions, the
figure shows those of the code version of the latest sweep that has results.
"""

from __future__ import annotations

import math
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from . import analysis
from .report import _fix_pdf_creation_date
from .store import Store

#: Called with datafile (one block per line: a title row, then x mean ci95 rows),
#: nseries, outbase, xlabel, ylabel, keytitle, title, logx, logy.
SCRIPT = r"""
set termoption noenhanced
set datafile missing "NaN"
set xlabel xlabel
set ylabel ylabel
set title title
if (logx) { set logscale x; set format x "%g" }
if (logy) { set logscale y; set format y "%g" }
set autoscale xfix
set offsets graph 0.03, graph 0.03, 0, 0
set key outside right top title keytitle
set grid
do for [t in "png pdf"] {
  if (t eq "png") { set terminal pngcairo noenhanced size 900,560 font ",10"; set output outbase.".png" }
  if (t eq "pdf") { set terminal pdfcairo noenhanced size 6.4in,4in font ",9"; set output outbase.".pdf" }
  plot for [i=0:nseries-1] datafile index i using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 title columnheader(1)
}
"""


class PlotError(ValueError):
    """A name or a choice does not fit the sweep; the message is one line."""


class GnuplotFailed(RuntimeError):
    """gnuplot is missing or failed; the message is its last line."""


def run_gnuplot(script: Path, variables: dict[str, str]) -> None:
    """Run a gnuplot script with ``variables`` set first (``name=value``, values already in
    gnuplot syntax); GnuplotFailed with gnuplot's last line if it fails or is missing."""
    try:
        proc = subprocess.run(
            ["gnuplot", "-e", "; ".join(f"{k}={v}" for k, v in variables.items()), str(script)],
            capture_output=True,
            text=True,
            check=False,
        )
    except FileNotFoundError:
        raise GnuplotFailed("gnuplot not found (Debian package gnuplot-nox)") from None
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or [f"exit status {proc.returncode}"])[-1]
        raise GnuplotFailed(f"gnuplot: {last}")


def _unit_column(frame, name: str) -> str | None:
    """The column of ``name`` with its unit ("linkDelay [s]"), or the bare name."""
    for col in frame.columns:
        if col == name or col.startswith(f"{name} ["):
            return col
    return None


def _quote(text: str) -> str:
    """A gnuplot single-quoted string."""
    return "'" + text.replace("'", "''") + "'"


def _data_row(text: str) -> str:
    """A gnuplot data-file string (double quotes; the values are flag texts)."""
    return '"' + text.replace('"', "'") + '"'


def _latest_code(results_dir: Path, codes: list[str]) -> str:
    if len(codes) == 1:
        return codes[0]
    store = Store(results_dir)
    try:
        sweeps = store.sweeps()
    finally:
        store.close()
    for row in reversed(sweeps):
        if row["code"] in codes:
            return row["code"]
    return sorted(codes)[-1]


def _select(frame, params: list[str], where: list[str]):
    pinned = {}
    for item in where:
        name, sep, value = item.partition("=")
        if not sep or name not in params:
            raise PlotError(
                f"--where: '{item}' is not PARAM=VALUE with PARAM one of: {', '.join(params)}"
            )
        values = sorted(set(frame[f"point.{name}"].dropna()))
        if value not in values:
            raise PlotError(
                f"--where {name}: '{value}' is not a value of the sweep; one of: "
                f"{', '.join(values)}"
            )
        pinned[name] = value
        frame = frame[frame[f"point.{name}"] == value]
    return frame, pinned


@dataclass(frozen=True)
class Figure:
    """What a plot shows: axis labels, title, and per line its label and (x, mean, ci95)
    points in increasing x (ci95 0 where a point has one run)."""

    xlabel: str
    ylabel: str
    title: str
    key_title: str
    lines: tuple  # of (label, ((x, mean, ci95), ...))


def figure(
    results_dir: str | Path,
    x: str,
    y: str,
    by: str | None = None,
    *,
    where: list[str] | None = None,
    logx: bool = False,
    logy: bool = False,
) -> Figure:
    """The data of a plot (see :func:`plot`); PlotError for a name or choice that does not
    fit the sweep."""
    results_dir = Path(results_dir)
    if not (results_dir / "index.sqlite").is_file():
        raise PlotError(f"{results_dir} is not a sweep results directory")
    frame = analysis.runs_frame(results_dir)
    if frame.empty:
        raise PlotError(f"{results_dir} holds no finished runs yet")
    metrics_cols = frame.attrs["metrics"]
    code = _latest_code(results_dir, sorted(set(frame["code"])))
    frame = frame[frame["code"] == code].copy()
    params = sorted(c.removeprefix("point.") for c in frame.columns if c.startswith("point."))
    metrics = {c.split(" [")[0]: c for c in metrics_cols}

    numeric = [
        p
        for p in params
        if (col := _unit_column(frame, p)) is not None and frame[col].dtype.kind in "fiu"
    ]
    if x not in numeric:
        raise PlotError(
            f"--x: '{x}' is not a numeric parameter of the sweep; one of: "
            f"{', '.join(numeric) or '(none)'}"
        )
    if y not in metrics:
        raise PlotError(
            f"--y: '{y}' is not a metric of the results; one of: {', '.join(sorted(metrics))}"
        )
    if by is not None and (by not in params or by == x):
        raise PlotError(
            f"--by: '{by}' is not a parameter of the sweep other than --x; one of: "
            f"{', '.join(p for p in params if p != x)}"
        )
    frame, pinned = _select(frame, params, where or [])
    if frame.empty:
        raise PlotError("no point of the sweep has all the --where values")
    for p in params:
        if p in (x, by) or p in pinned:
            continue
        values = sorted(set(frame[f"point.{p}"].fillna("(default)")))
        if len(values) > 1:
            raise PlotError(
                f"'{p}' varies too ({', '.join(values)}): pass --by {p} or --where {p}=VALUE"
            )
    frame.attrs["metrics"] = metrics_cols
    table = analysis.aggregate(frame)
    xcol, ycol = _unit_column(frame, x), metrics[y]
    if logx and (table[xcol] <= 0).any():
        raise PlotError(f"--logx: {x} has values at or below 0")
    if logy and (table[f"{ycol} mean"] <= 0).any():
        raise PlotError(f"--logy: {y} has means at or below 0")

    if by is None:
        groups = [("mean, 95 % CI", table)]
    else:
        order = table.sort_values(_unit_column(frame, by), kind="stable")
        labels = list(dict.fromkeys(order[f"point.{by}"].fillna("(default)")))
        groups = [
            (label, table[table[f"point.{by}"].fillna("(default)") == label]) for label in labels
        ]
    lines = []
    for label, rows in groups:
        rows = rows.sort_values(xcol, kind="stable")
        points = tuple(
            # One run gives no interval: the point is drawn without a bar.
            (float(xv), float(mean), 0.0 if math.isnan(half) else float(half))
            for xv, mean, half in zip(
                rows[xcol], rows[f"{ycol} mean"], rows[f"{ycol} ci95"], strict=True
            )
        )
        lines.append((label, points))
    title = (
        f"{frame['scenario'].iloc[0]}: {y} vs {x}"
        + "".join(f", {k}={v}" for k, v in pinned.items())
        + f" (code {code})"
    )
    return Figure(xcol, f"{ycol} (mean, 95 % CI)", title, by or "", tuple(lines))


def plot(
    results_dir: str | Path,
    x: str,
    y: str,
    by: str | None = None,
    *,
    logx: bool = False,
    logy: bool = False,
    output: str | Path | None = None,
    where: list[str] | None = None,
) -> list[Path]:
    """Draw the mean of metric ``y`` against parameter ``x``, one line per value of ``by``;
    return the PNG and the PDF written (``output`` + .png/.pdf, default
    ``<results_dir>/plot-<y>-vs-<x>``)."""
    fig = figure(results_dir, x, y, by, where=where, logx=logx, logy=logy)
    blocks = [
        "\n".join(
            [
                f"{_data_row(label)} x mean ci95",
                *(f"{xv:.17g} {mean:.17g} {half:.17g}" for xv, mean, half in points),
            ]
        )
        + "\n"
        for label, points in fig.lines
    ]
    base = Path(output) if output else Path(results_dir) / f"plot-{y}-vs-{x}"
    base.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="hybridnet-plot-") as tmp:
        datafile = Path(tmp) / "plot.dat"
        datafile.write_text("\n\n".join(blocks))
        script = Path(tmp) / "plot.gp"
        script.write_text(SCRIPT)
        variables = {
            "datafile": _quote(str(datafile)),
            "outbase": _quote(str(base)),
            "xlabel": _quote(fig.xlabel),
            "ylabel": _quote(fig.ylabel),
            "keytitle": _quote(fig.key_title),
            "title": _quote(fig.title),
            "nseries": str(len(blocks)),
            "logx": str(int(logx)),
            "logy": str(int(logy)),
        }
        run_gnuplot(script, variables)
    png, pdf = base.with_name(base.name + ".png"), base.with_name(base.name + ".pdf")
    _fix_pdf_creation_date(pdf)
    return [png, pdf]
