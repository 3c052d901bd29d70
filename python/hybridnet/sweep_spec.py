# SPDX-License-Identifier: GPL-2.0-only
"""Sweep specifications: which scenario, which parameter grid, how many replications.

A spec is TOML (``.toml``) or YAML (``.yaml``, ``.yml``) with these keys::

    scenario = "gige-iperf"
    seed = 1                    # RngSeed of every run (default 1)
    timeout = "10min"           # wall-clock limit of one run (h, min, s, ms; default 1h)
    retries = 2                 # re-runs of a failed run, same seed, before quarantine
    memoryLimit = "4GiB"        # address-space limit of one run (optional)

    [fixed]                     # flags of every run
    duration = "10s"

    [product]                   # every combination of these
    window = ["16KiB", "64KiB", "256KiB"]
    linkDelay = { from = "1ms", to = "100ms", steps = 5, scale = "log" }

    [zip]                       # varied together (equal lengths), times the product
    linkRate = ["100Mbps", "1Gbps"]
    queueSize = [100, 1000]

    [replications]
    runs = [1, 2, 3]            # RngRun values; or count = 5 for 1..5
    until = { metric = "goodput", halfWidth = 0.02, maxRuns = 30 }

``until`` adds replications to a parameter point, one RngRun at a time, until the 95 %
Student-t confidence half-width of the metric's mean is at most ``halfWidth`` times the
mean (or ``maxRuns`` is reached).  A range gives ``steps`` values from ``from`` to ``to``
inclusive, evenly spaced (``scale = "linear"``, the default) or geometrically (``"log"``),
in the unit of ``from``; when both ends are integers, values are rounded to integers.

Everything is checked before anything runs: keys, types, ranges, and every grid point by
the scenario's own strict parser (``--check``).  A problem is a one-line SpecError.
"""

from __future__ import annotations

import difflib
import itertools
import math
import re
import subprocess
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from . import scenarios

TIME_UNITS = {"h": 3600.0, "min": 60.0, "s": 1.0, "ms": 1e-3}
SIZE_UNITS = {
    "B": 1,
    "kB": 10**3,
    "KB": 10**3,
    "MB": 10**6,
    "GB": 10**9,
    "KiB": 2**10,
    "MiB": 2**20,
    "GiB": 2**30,
}
TOP_KEYS = {
    "scenario",
    "seed",
    "timeout",
    "retries",
    "memoryLimit",
    "fixed",
    "product",
    "zip",
    "replications",
}


class SpecError(ValueError):
    """A sweep spec is invalid; the message is one line naming the key and what is accepted."""


@dataclass(frozen=True)
class Until:
    metric: str
    half_width: float
    max_runs: int


@dataclass(frozen=True)
class SweepSpec:
    source: Path
    scenario: str
    points: tuple  # of dicts flag -> text: every grid point, fixed flags included
    varied: tuple  # names of the flags that vary between points
    runs: tuple  # initial RngRun values of every point
    until: Until | None
    seed: int
    timeout_s: float
    retries: int
    memory_limit: int | None  # bytes

    def describe(self) -> str:
        return f"{self.scenario}: {len(self.points)} point(s) x {len(self.runs)} run(s)" + (
            f", more until {self.until.metric} is known to +-{100 * self.until.half_width:g} %"
            if self.until
            else ""
        )


def _quantity(text: str, units: dict, what: str) -> float:
    m = re.fullmatch(r"([0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?)\s*([A-Za-z]+)", text.strip())
    if not m or m.group(2) not in units:
        raise SpecError(f"{what}: '{text}' is not a number with a unit ({', '.join(units)})")
    return float(m.group(1)) * units[m.group(2)]


def _text(value, where: str) -> str:
    """A flag value as the scenario reads it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise SpecError(f"{where}: {value} is not a finite number")
        return repr(value)
    if isinstance(value, str):
        return value
    raise SpecError(f"{where}: {value!r} is not a value (a string with its unit, or a number)")


def _split_number(text: str, where: str) -> tuple[float, str, bool]:
    m = re.fullmatch(r"([+-]?[0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?)([A-Za-z/]*)", text)
    if not m:
        raise SpecError(f"{where}: '{text}' is not a number with an optional unit")
    number = m.group(1)
    return float(number), m.group(2), re.fullmatch(r"[+-]?[0-9]+", number) is not None


def _format(value: float, unit: str, integral: bool) -> str:
    return f"{round(value)}{unit}" if integral else f"{value:.12g}{unit}"


def _range(spec: dict, where: str) -> list[str]:
    unknown = set(spec) - {"from", "to", "steps", "scale"}
    if unknown:
        raise SpecError(f"{where}: unknown key '{sorted(unknown)[0]}' (from, to, steps, scale)")
    for key in ("from", "to", "steps"):
        if key not in spec:
            raise SpecError(f"{where}: a range needs 'from', 'to' and 'steps'")
    lo, lo_unit, lo_int = _split_number(_text(spec["from"], where), f"{where}.from")
    hi, hi_unit, hi_int = _split_number(_text(spec["to"], where), f"{where}.to")
    if lo_unit != hi_unit:
        raise SpecError(
            f"{where}: 'from' and 'to' must have the same unit ('{lo_unit}' and '{hi_unit}')"
        )
    if not lo < hi:
        raise SpecError(f"{where}: empty or inverted range: 'from' must be below 'to'")
    steps = spec["steps"]
    if not isinstance(steps, int) or isinstance(steps, bool) or not 2 <= steps <= 10000:
        raise SpecError(f"{where}.steps: an integer from 2 to 10000")
    scale = spec.get("scale", "linear")
    if scale not in ("linear", "log"):
        raise SpecError(f"{where}.scale: '{scale}' is not linear or log")
    if scale == "log" and lo <= 0:
        raise SpecError(f"{where}: a log range needs 'from' above 0")
    if scale == "linear":
        values = [lo + (hi - lo) * k / (steps - 1) for k in range(steps)]
    else:
        values = [lo * (hi / lo) ** (k / (steps - 1)) for k in range(steps)]
    texts = [_format(v, lo_unit, lo_int and hi_int) for v in values]
    if len(set(texts)) != len(texts):
        raise SpecError(f"{where}: {steps} steps give repeated values; use fewer steps")
    return texts


def _values(value, where: str) -> list[str]:
    if isinstance(value, dict):
        return _range(value, where)
    if isinstance(value, list):
        if not value:
            raise SpecError(f"{where}: an empty list")
        return [_text(v, f"{where}[{i}]") for i, v in enumerate(value)]
    return [_text(value, where)]


def _table(doc: dict, key: str, where: str) -> dict:
    table = doc.get(key, {})
    if not isinstance(table, dict):
        raise SpecError(f"{where}: '{key}' must be a table of flag = value(s)")
    return table


def _int(doc: dict, key: str, where: str, default: int, lo: int, hi: int) -> int:
    value = doc.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise SpecError(f"{where}: '{key}' must be an integer from {lo} to {hi}")
    return value


def _load_yaml(text: str):
    """YAML as ``yaml.safe_load`` reads it, but a key repeated in a mapping is an error
    (YAML 1.2 requires unique keys; PyYAML would keep the last one silently)."""
    import yaml  # noqa: PLC0415 - slow import, YAML specs only

    class UniqueKeyLoader(yaml.SafeLoader):
        def construct_mapping(self, node, deep=False):
            seen = set()
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=deep)
                if key in seen:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"'{key}' appears twice", key_node.start_mark
                    )
                seen.add(key)
            return super().construct_mapping(node, deep)

    return yaml.load(text, Loader=UniqueKeyLoader)  # a SafeLoader: no arbitrary objects


def read(path: str | Path) -> dict:
    path = Path(path)
    if not path.is_file():
        raise SpecError(f"sweep spec {path}: no such file")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise SpecError(f"sweep spec {path}: not UTF-8 text (byte {e.start})") from None
    try:
        if path.suffix == ".toml":
            return tomllib.loads(text)  # a repeated key is a TOML error
        if path.suffix in (".yaml", ".yml"):
            doc = _load_yaml(text)
            if not isinstance(doc, dict):
                raise SpecError(f"sweep spec {path}: the top level must be a mapping")
            return doc
    except (tomllib.TOMLDecodeError, ValueError) as e:
        if isinstance(e, SpecError):
            raise
        raise SpecError(f"sweep spec {path}: {str(e).splitlines()[0]}") from None
    except Exception as e:  # yaml.YAMLError and its subclasses
        # A MarkedYAMLError's first line is its context ("while parsing a flow sequence");
        # the problem and where it is are what the user needs.
        mark = getattr(e, "problem_mark", None)
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        at = f" (at line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        raise SpecError(f"sweep spec {path}: {problem}{at}") from None
    raise SpecError(f"sweep spec {path}: the file name must end in .toml, .yaml or .yml")


def parse(doc: dict, source: Path) -> SweepSpec:
    """Check a spec's structure and expand its grid (without running the scenario)."""
    where = f"sweep spec {source}"
    unknown = sorted(set(doc) - TOP_KEYS)
    if unknown:
        raise SpecError(
            f"{where}: unknown key '{unknown[0]}' (allowed: {', '.join(sorted(TOP_KEYS))})"
        )
    scenario = doc.get("scenario")
    if not isinstance(scenario, str):
        raise SpecError(f"{where}: 'scenario' must name a scenario (see 'hybridnet list')")
    try:
        schema = scenarios.schema(scenario)
    except ValueError as e:
        raise SpecError(f"{where}: {e}") from None
    flags = {f.name for f in schema.flags} - set(scenarios.RUN_OPTIONS)

    tables = {key: _table(doc, key, where) for key in ("fixed", "product", "zip")}
    seen: dict[str, str] = {}
    for key, table in tables.items():
        for name in table:
            if name in scenarios.RUN_OPTIONS:
                raise SpecError(
                    f"{where}: [{key}] {name} is set by the sweep "
                    "(seed, replications), not a parameter"
                )
            if name not in flags:
                near = difflib.get_close_matches(name, sorted(flags), n=1)
                hint = f" (did you mean {near[0]}?)" if near else ""
                raise SpecError(f"{where}: [{key}] unknown parameter '{name}' of {scenario}{hint}")
            if name in seen:
                raise SpecError(f"{where}: '{name}' is in both [{seen[name]}] and [{key}]")
            seen[name] = key
    fixed = {}
    for name, value in tables["fixed"].items():
        if isinstance(value, (list, dict)):
            raise SpecError(f"{where}: [fixed] {name} must be one value; vary it in [product]")
        fixed[name] = _text(value, f"{where}: [fixed] {name}")
    product = {n: _values(v, f"{where}: [product] {n}") for n, v in tables["product"].items()}
    zipped = {n: _values(v, f"{where}: [zip] {n}") for n, v in tables["zip"].items()}
    lengths = {len(v) for v in zipped.values()}
    if len(lengths) > 1:
        raise SpecError(f"{where}: the lists in [zip] must have the same length")

    zip_points = [
        dict(zip(zipped, values, strict=True)) for values in zip(*zipped.values(), strict=True)
    ] or [{}]
    product_points = [
        dict(zip(product, values, strict=True)) for values in itertools.product(*product.values())
    ]
    points = tuple({**fixed, **z, **p} for z in zip_points for p in product_points)
    varied = tuple([*zipped, *product])

    reps = doc.get("replications")
    if not isinstance(reps, dict):
        raise SpecError(
            f"{where}: [replications] needs 'runs' (a list of RngRun values) or 'count'"
        )
    unknown = sorted(set(reps) - {"runs", "count", "until"})
    if unknown:
        raise SpecError(f"{where}: [replications] unknown key '{unknown[0]}' (runs, count, until)")
    if ("runs" in reps) == ("count" in reps):
        raise SpecError(f"{where}: [replications] needs exactly one of 'runs' and 'count'")
    if "runs" in reps:
        runs = reps["runs"]
        if (
            not isinstance(runs, list)
            or not runs
            or any(not isinstance(r, int) or isinstance(r, bool) or r < 1 for r in runs)
            or len(set(runs)) != len(runs)  # after the type test: a list is unhashable
        ):
            raise SpecError(f"{where}: [replications] runs: distinct RngRun values from 1")
        runs = tuple(runs)
    else:
        runs = tuple(range(1, _int(reps, "count", f"{where}: [replications]", 1, 1, 100000) + 1))
    until = None
    if "until" in reps:
        u = reps["until"]
        uwhere = f"{where}: [replications] until"
        if not isinstance(u, dict) or set(u) - {"metric", "halfWidth", "maxRuns"}:
            raise SpecError(f"{uwhere}: a table with metric, halfWidth and maxRuns")
        hw = u.get("halfWidth")
        if not isinstance(u.get("metric"), str):
            raise SpecError(f"{uwhere}: 'metric' names a metric of the scenario's result")
        if not isinstance(hw, (int, float)) or isinstance(hw, bool) or not 0 < hw < 1:
            raise SpecError(f"{uwhere}: 'halfWidth' is a fraction of the mean, above 0 and below 1")
        max_runs = _int(u, "maxRuns", uwhere, 30, max(2, len(runs)), 100000)
        if len(runs) < 2:
            raise SpecError(f"{uwhere}: needs at least 2 initial runs for a confidence interval")
        until = Until(u["metric"], float(hw), max_runs)

    timeout = doc.get("timeout", "1h")
    timeout_s = _quantity(_text(timeout, where), TIME_UNITS, f"{where}: timeout")
    if not 0 < timeout_s <= 7 * 24 * 3600:
        raise SpecError(f"{where}: timeout must be above 0 and at most 168h")
    memory = doc.get("memoryLimit")
    memory_limit = None
    if memory is not None:
        memory_limit = int(_quantity(_text(memory, where), SIZE_UNITS, f"{where}: memoryLimit"))
        if memory_limit < 64 * 2**20:
            raise SpecError(f"{where}: memoryLimit must be at least 64MiB")
    return SweepSpec(
        source=source,
        scenario=scenario,
        points=points,
        varied=varied,
        runs=runs,
        until=until,
        seed=_int(doc, "seed", where, 1, 1, 2**32 - 1),
        timeout_s=timeout_s,
        retries=_int(doc, "retries", where, 2, 0, 100),
        memory_limit=memory_limit,
    )


def check_points(spec: SweepSpec, jobs: int = 4) -> None:
    """Run the scenario's ``--check`` on every grid point; SpecError on the first bad one."""
    program = str(scenarios.executable(spec.scenario))

    def check(point: dict) -> str | None:
        args = [program, "--check", *scenarios.flag_arguments(point)]
        proc = subprocess.run(args, capture_output=True, text=True, check=False)
        if proc.returncode == 0:
            return None
        message = (proc.stderr.strip().splitlines() or [f"exit status {proc.returncode}"])[-1]
        return message

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for point, problem in zip(spec.points, pool.map(check, spec.points), strict=True):
            if problem:
                where = ", ".join(f"{k}={v}" for k, v in point.items() if k in spec.varied)
                raise SpecError(
                    f"sweep spec {spec.source}: point ({where or 'fixed flags'}): {problem}"
                )


def load(path: str | Path) -> SweepSpec:
    """Read, parse and check a spec."""
    spec = parse(read(path), Path(path))
    check_points(spec)
    return spec
