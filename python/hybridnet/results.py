# SPDX-License-Identifier: GPL-2.0-only
"""Result files of scenario runs, as plain dicts or pandas DataFrames.

One run writes one JSON document (schema in scenarios/testbed/result-document.h)::

    import hybridnet.results as hr
    runs = hr.frame(["a.json", "b.json"])       # one row per run: parameters and metrics
    rtt = hr.series("a.json", "pingRtt")        # one row per sample
    log = hr.events("a.json")                   # one row per logged event, by time
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

#: Members that depend on the wall clock; everything else is a function of the inputs.
WALL_CLOCK_KEYS = ("wallClock",)


def load(path: str | Path) -> dict:
    return json.loads(Path(path).read_text())


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
    row["wallTime [s]"] = doc["wallClock"]["wallTime"]["value"]
    return row


def frame(paths: Iterable[str | Path]):
    """A pandas DataFrame with one row per result file (see :func:`flat`)."""
    import pandas as pd  # noqa: PLC0415 - pandas is slow to import

    return pd.DataFrame([flat(load(p)) for p in paths])


def series(path: str | Path, name: str):
    """A pandas DataFrame of one series of a result file; units in the column names."""
    import pandas as pd  # noqa: PLC0415

    table = load(path)["series"][name]
    return pd.DataFrame(
        {f"{col} [{c['unit']}]" if c["unit"] else col: c["values"] for col, c in table.items()}
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
