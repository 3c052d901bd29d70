# SPDX-License-Identifier: GPL-2.0-only
"""A sweep's results as tables: one row per run, or one row per parameter point with the
mean, standard deviation, count and 95 % Student-t half-width of every metric."""

from __future__ import annotations

import json
import math
import os
import statistics
from pathlib import Path

from . import results
from .stats import confidence_interval
from .store import Store


def runs_frame(results_dir: str | Path):
    """One row per done run: run ID, the point's flag texts, RngSeed/RngRun, parameters in
    SI units and metrics (units in the column names, as results.flat)."""
    import pandas as pd  # noqa: PLC0415

    store = Store(results_dir)
    try:
        rows = []
        metrics: dict = {}
        for row in store.rows("done"):
            doc = store.load_result(row["run_id"])
            for name, m in doc["metrics"].items():
                metrics[f"{name} [{m['unit']}]" if m["unit"] else name] = True
            point = {f"point.{k}": v for k, v in json.loads(row["point"]).items()}
            rows.append(
                {"run_id": row["run_id"], "code": row["code"], **point, **results.flat(doc)}
            )
    finally:
        store.close()
    frame = pd.DataFrame(rows)
    frame.attrs["metrics"] = list(metrics)
    return frame


def aggregate(frame):
    """Per parameter point (the ``point.*`` columns) and code version: mean, sd, n and the
    95 % half-width of every metric column, sorted by the points' SI parameter values."""
    import pandas as pd  # noqa: PLC0415

    # Runs of different code versions are different experiments: never pooled.
    point_cols = [c for c in frame.columns if c.startswith("point.")] + ["code"]
    # SI values of the point's parameters, for sorting and plotting ("linkDelay [s]").
    si_cols = [
        c
        for c in frame.columns
        if f"point.{c.split(' [')[0]}" in point_cols and not c.startswith("point.")
    ]
    metric_cols = [c for c in frame.attrs.get("metrics", []) if c in frame.columns]
    out = []
    for key, group in frame.groupby(point_cols, sort=False, dropna=False):
        row = dict(zip(point_cols, key if isinstance(key, tuple) else (key,), strict=True))
        row.update({c: group[c].iloc[0] for c in si_cols})
        row["n"] = len(group)
        for col in metric_cols:
            values = [v for v in group[col] if not (isinstance(v, float) and math.isnan(v))]
            mean = statistics.fmean(values) if values else math.nan
            sd = statistics.stdev(values) if len(values) > 1 else math.nan
            low, high = confidence_interval(values) if len(values) > 1 else (math.nan, math.nan)
            row[f"{col} mean"] = mean
            row[f"{col} sd"] = sd
            row[f"{col} ci95"] = (high - low) / 2
        out.append(row)
    table = pd.DataFrame(out)
    sort_by = [c for c in si_cols if table[c].dtype.kind in "fi"] or point_cols
    return table.sort_values(sort_by, kind="stable").reset_index(drop=True) if out else table


def export(results_dir: str | Path, output: str | Path, per_point: bool = False) -> Path:
    """Write the runs (or the per-point table) as CSV or Parquet, by the file's suffix."""
    output = Path(output)
    if output.suffix not in (".csv", ".parquet"):
        raise ValueError(f"--output: '{output}' must end in .csv or .parquet")
    frame = runs_frame(results_dir)
    if per_point:
        frame = aggregate(frame)
    output.parent.mkdir(parents=True, exist_ok=True)
    staged = output.with_name(f".{output.name}.tmp{os.getpid()}")  # no torn file, ever
    try:
        if output.suffix == ".csv":
            frame.to_csv(staged, index=False)
        else:
            frame.to_parquet(staged, index=False)
        os.replace(staged, output)
    finally:
        staged.unlink(missing_ok=True)
    return output
