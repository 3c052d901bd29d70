# SPDX-License-Identifier: GPL-2.0-only
"""Result files of scenario runs, as plain dicts or pandas DataFrames.

One run writes one JSON document (schema in scenarios/testbed/result-document.h)::

    import hybridnet.results as hr
    runs = hr.frame(["a.json", "b.json"])       # one row per run: parameters and metrics
    runs = hr.frame("results/window")           # ... of every result in a folder or sweep
    rtt = hr.series("a.json", "pingRtt")        # one row per sample
    log = hr.events("a.json")                   # one row per logged event, by time

A file that is not a result, or a series a result does not have, raises ResultFileError
(a ValueError) with one line naming the file.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from . import jsonfile

#: Members that depend on the wall clock; everything else is a function of the inputs.
WALL_CLOCK_KEYS = ("wallClock",)


#: Members every result document has (scenarios/testbed/result-document.h).
REQUIRED_KEYS = ("scenario", "rng", "parameters", "metrics", "simulatedTime", "eventCount")


class ResultFileError(ValueError):
    """A file that is not a readable result document, or a name it does not have."""


def load(path: str | Path) -> dict:
    """The result document in @p path; anything else raises ResultFileError."""
    doc = jsonfile.read_object(path, ResultFileError, "a result file")
    missing = [k for k in REQUIRED_KEYS if k not in doc]
    if missing:
        raise ResultFileError(f"{path}: not a hybridnet result (no {missing[0]!r} member)")
    return doc


def result_files(where: str | Path | Iterable[str | Path]) -> list[Path]:
    """The result files @p where names: one file, a folder's *.json files, a sweep results
    folder's runs/*.json, or an iterable of files (in its order); folders sorted by name."""
    if isinstance(where, (str, Path)):
        where = Path(where)
        if not where.is_dir():
            return [where]
        runs = where / "runs"
        folder = runs if runs.is_dir() else where
        return sorted(folder.glob("*.json"))
    return [Path(p) for p in where]


def without_wall_clock(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k not in WALL_CLOCK_KEYS}


def flat(doc: dict) -> dict:
    """One flat row: scenario, rng, parameters (SI values) and metrics, with units in names."""
    row: dict = {
        "scenario": doc["scenario"],
        "RngSeed": doc["rng"]["seed"],
        "RngRun": doc["rng"]["run"],
    }
    for name, p in doc["parameters"].items():
        unit = p.get("unit")
        row[f"{name} [{unit}]" if unit else name] = p["value"]
    for name, m in doc["metrics"].items():
        row[f"{name} [{m['unit']}]" if m["unit"] else name] = m["value"]
    row["simulatedTime [s]"] = doc["simulatedTime"]["value"]
    row["eventCount"] = doc["eventCount"]
    if "wallClock" in doc:
        row["wallTime [s]"] = doc["wallClock"]["wallTime"]["value"]
        if "peakMemory" in doc["wallClock"]:
            row["peakMemory [B]"] = doc["wallClock"]["peakMemory"]["value"]
    return row


def frame(where: str | Path | Iterable[str | Path]):
    """A pandas DataFrame with one row per result file (see :func:`flat`); @p where as
    :func:`result_files` reads it."""
    import pandas as pd  # noqa: PLC0415 - pandas is slow to import

    files = result_files(where)
    if not files:
        raise ResultFileError(f"{where}: no result files (*.json) in it")
    return pd.DataFrame([flat(load(p)) for p in files])


def series(path: str | Path, name: str):
    """A pandas DataFrame of one series of a result file; units in the column names."""
    import pandas as pd  # noqa: PLC0415

    tables = load(path).get("series", {})
    if name not in tables:
        have = ", ".join(sorted(tables)) or "none"
        raise ResultFileError(f"{path}: no series {name!r}; it has: {have}")
    return pd.DataFrame(
        {
            f"{col} [{c['unit']}]" if c["unit"] else col: c["values"]
            for col, c in tables[name].items()
        }
    )


#: Columns of :func:`events`, in order.
EVENT_COLUMNS = ("time [s]", "object", "event", "detail")


def events(path: str | Path):
    """A pandas DataFrame of a result file's event log: one row per event, sorted by time
    (as written), columns :data:`EVENT_COLUMNS`; empty, with those columns, if the run
    logged no events (the file then has no "events" member)."""
    import pandas as pd  # noqa: PLC0415

    log = load(path).get("events", [])
    return pd.DataFrame(
        {
            "time [s]": pd.Series([e["time"] for e in log], dtype="float64"),
            "object": pd.Series([e["object"] for e in log], dtype="object"),
            "event": pd.Series([e["event"] for e in log], dtype="object"),
            "detail": pd.Series([e["detail"] for e in log], dtype="object"),
        }
    )
