# SPDX-License-Identifier: GPL-2.0-only
"""Validation cases: published measurements against simulated ones.

A case is a folder ``validation/<study>-<figure-or-table>/`` with

- ``README.md``: the claim, the study's set-up mapped to our flags, known deviations;
- ``reference.csv``: the published (or first-principles) numbers, one row each:
  ``id, quantity, value, min, max, unit, source, use`` (``use`` is calibration or check);
- ``case.toml``: the scenario, its flags per variant, the replications (RngRun values) of
  the quick and full levels (a variant may list its own, where its measure is noisy and its
  runs cheap), an optional ``[standin]`` (flags that replace case-wide ones at
  the quick level - a shorter run standing in for the study's - with ``why`` the checks keep
  their meaning; a variant's own flags still win), and the checks: which metric is compared
  with which reference row, how (``range``, ``value`` within a relative tolerance,
  ``at-most`` or ``at-least``), the tolerance and why, the verdict we expect today (one
  for both levels, or ``{ quick = ..., full = ... }`` where a stand-in's shorter run and the
  study's length are known to disagree) and the reason; a check with ``relative_to``
  compares the ratio of its variant's metric to another variant's (same RngRun; the other
  variant runs every RngRun of this one), for published claims such as "roughly doubles"
  or "slightly lower";
- ``plot.gp``: a gnuplot script that overlays simulation and measurement.

Verdicts: ``pass`` (within tolerance), ``miss`` (outside it), ``inconsistent`` (the
published number itself violates the first-principles bound named by the check).  A
check's verdict is compared with the one its case declares; a change either way fails the
case until the case (and so the report) is updated.  See docs/validation-method.md.
"""

from __future__ import annotations

import csv
import math
import statistics
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from . import paths
from .stats import confidence_interval

LEVELS = ("quick", "full")
KINDS = ("range", "value", "at-most", "at-least")
VERDICTS = ("pass", "miss", "inconsistent")
#: Scenarios with --fidelity (packet or round): a case of theirs may run its variants at the
#: round level too (case.toml round_level).
ROUND_LEVEL_SCENARIOS = ("wan-bulk-transfer", "wan-shared-bottleneck")
#: The suffix of a variant's round-level twin.
ROUND = "@round"
USES = ("calibration", "check")
#: Where a reference number comes from: a measurement a study published, a study's claim in
#: words (encoded as a ratio or an ordering), or derived (a first-principles bound, a rule,
#: a what-if, an expectation the authors computed rather than measured).
ORIGINS = ("measurement", "claim", "derived")
REFERENCE_COLUMNS = ["id", "quantity", "value", "min", "max", "unit", "source", "use", "origin"]


class CaseError(ValueError):
    """A case folder holds invalid data; the message is one line naming file and field."""


@dataclass(frozen=True)
class Reference:
    id: str
    quantity: str
    value: float | None
    min: float | None
    max: float | None
    unit: str
    source: str
    use: str
    origin: str


@dataclass(frozen=True)
class Variant:
    name: str
    flags: dict
    levels: tuple[str, ...]
    replications: dict = field(default_factory=dict)  # level -> RngRun values, if its own


@dataclass(frozen=True)
class Check:
    id: str
    reference: str
    variant: str
    metric: str
    kind: str
    tolerance: float
    tolerance_why: str
    expect: dict  # level -> the verdict declared for it
    reason: str
    bound: str | None = None
    relative_to: str | None = None  # variant whose metric divides this one's (same RngRun)

    def expected(self, level: str) -> str:
        """The verdict declared for ``level``."""
        return self.expect[level]


@dataclass(frozen=True)
class Standin:
    """What the quick level changes: case-wide flags replaced, and why the checks hold."""

    flags: dict
    why: str


@dataclass(frozen=True)
class Case:
    id: str
    folder: Path
    title: str
    study: str
    figure: str
    scenario: str
    flags: dict
    replications: dict  # level -> tuple of RngRun values
    variants: tuple[Variant, ...]
    checks: tuple[Check, ...]
    references: dict  # id -> Reference
    series: tuple[str, ...] = ()  # result series the plot needs (from replication 1)
    standin: Standin | None = None  # the quick level's shorter runs
    round_skipped: str = ""  # variants without a round-level twin, and why

    def variants_at(self, level: str) -> list[Variant]:
        return [v for v in self.variants if level in v.levels]

    def point(self, variant: Variant, level: str) -> dict:
        """The flags ``variant`` runs with at ``level``: the case's, at the quick level
        replaced by the stand-in's, then the variant's own."""
        standin = self.standin.flags if self.standin and level == "quick" else {}
        return {**self.flags, **standin, **variant.flags}

    def variant(self, name: str) -> Variant:
        return next(v for v in self.variants if v.name == name)

    def runs(self, variant: Variant, level: str) -> tuple[int, ...]:
        """The RngRun values ``variant`` runs at ``level``: its own, else the case's."""
        return variant.replications.get(level, self.replications[level])


@dataclass
class Outcome:
    """One check evaluated: simulated statistics, error and verdict."""

    check: str
    reference: str
    quantity: str
    unit: str
    target: str  # the reference number (or range) as text
    origin: str  # the reference's origin: measurement, claim or derived
    use: str  # calibration or check
    samples: list = field(default_factory=list)
    mean: float | None = None
    ci_low: float | None = None
    ci_high: float | None = None
    error: float | None = None
    verdict: str = "not run"
    expected: str = ""
    explanation: str = ""
    # the same check on the variant's round-level twin, if it ran: not declared, not counted
    round_mean: float | None = None
    round_error: float | None = None
    round_verdict: str = ""  # pass, miss, inconsistent, or "not modelled" (no such metric)

    @property
    def as_expected(self) -> bool:
        return self.verdict == "not run" or self.verdict == self.expected


# --- reading cases -------------------------------------------------------------------


def _number(text: str, where: str) -> float | None:
    text = text.strip()
    if text == "":
        return None
    try:
        v = float(text)
    except ValueError:
        raise CaseError(f"{where}: '{text}' is not a number") from None
    if not math.isfinite(v):
        raise CaseError(f"{where}: '{text}' is not a finite number")
    return v


def read_references(path: Path) -> dict:
    with path.open(newline="") as f:
        reader = csv.DictReader(f)
        if reader.fieldnames != REFERENCE_COLUMNS:
            raise CaseError(f"{path}: columns must be {','.join(REFERENCE_COLUMNS)}")
        refs = {}
        for line, row in enumerate(reader, start=2):
            where = f"{path}:{line}"
            ref = Reference(
                id=row["id"].strip(),
                quantity=row["quantity"].strip(),
                value=_number(row["value"], f"{where} value"),
                min=_number(row["min"], f"{where} min"),
                max=_number(row["max"], f"{where} max"),
                unit=row["unit"].strip(),
                source=row["source"].strip(),
                use=row["use"].strip(),
                origin=row["origin"].strip(),
            )
            if not ref.id or ref.id in refs:
                raise CaseError(f"{where} id: empty or repeated '{ref.id}'")
            if ref.use not in USES:
                raise CaseError(f"{where} use: '{ref.use}' is not one of {', '.join(USES)}")
            if ref.origin not in ORIGINS:
                raise CaseError(
                    f"{where} origin: '{ref.origin}' is not one of {', '.join(ORIGINS)}"
                )
            has_range = ref.min is not None and ref.max is not None
            if (ref.value is None) == (not has_range) or (ref.min is None) != (ref.max is None):
                raise CaseError(f"{where}: give either value or both min and max")
            if has_range and ref.min > ref.max:
                raise CaseError(f"{where}: min {ref.min} is above max {ref.max}")
            refs[ref.id] = ref
    return refs


def _take(table: dict, key: str, kind: type, where: str, default=None):
    if key not in table:
        if default is not None:
            return default
        raise CaseError(f"{where}: missing '{key}'")
    value = table[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        name = getattr(kind, "__name__", "number")
        raise CaseError(f"{where}: '{key}' must be a {name}")
    return value


def _replications(table: dict, levels: tuple, where: str) -> dict:
    """A ``replications`` table: for each of ``levels`` a list of distinct RngRun values
    >= 1, and no other key."""
    _no_unknown_keys(table, set(levels), f"{where} [replications]")
    reps = {}
    for level in levels:
        runs = _take(table, level, list, f"{where} [replications]")
        if (
            not runs
            or any(not isinstance(r, int) or isinstance(r, bool) or r < 1 for r in runs)
            or len(set(runs)) != len(runs)
        ):
            raise CaseError(f"{where} replications.{level}: a list of distinct RngRun values >= 1")
        reps[level] = tuple(runs)
    return reps


def _no_unknown_keys(table: dict, allowed: set, where: str) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise CaseError(
            f"{where}: unknown key '{unknown[0]}' (allowed: {', '.join(sorted(allowed))})"
        )


def _flags(table: dict, where: str) -> dict:
    for k, v in table.items():
        if k in ("RngSeed", "RngRun"):
            raise CaseError(f"{where}: flag '{k}' is set by [replications], not by a case")
        if not isinstance(v, str):
            raise CaseError(f"{where}: flag '{k}' must be a string with its unit, e.g. \"10s\"")
    return dict(table)


def _series(doc: dict, where: str) -> tuple[str, ...]:
    series = doc.get("series", [])
    if not isinstance(series, list) or not all(isinstance(x, str) for x in series):
        raise CaseError(f"{where}: 'series' must be a list of series names")
    return tuple(series)


def _expect(check: dict, where: str) -> dict:
    """``expect``: one verdict for both levels, or a table with one per level."""
    expect = check.get("expect")
    if isinstance(expect, str):
        return dict.fromkeys(LEVELS, expect)
    if isinstance(expect, dict) and set(expect) == set(LEVELS):
        if all(isinstance(v, str) for v in expect.values()):
            return dict(expect)
    raise CaseError(f"{where}: 'expect' must be a verdict or a table {{ quick = ..., full = ... }}")


def _standin(doc: dict, flags: dict, where: str) -> Standin | None:
    if "standin" not in doc:
        return None
    table = _take(doc, "standin", dict, where)
    where = f"{where} [standin]"
    _no_unknown_keys(table, {"flags", "why"}, where)
    standin = Standin(
        _flags(_take(table, "flags", dict, where), where), _take(table, "why", str, where)
    )
    if not standin.flags or not standin.why:
        raise CaseError(f"{where}: needs flags and a why")
    unknown = sorted(set(standin.flags) - set(flags))
    if unknown:
        raise CaseError(f"{where}: flag '{unknown[0]}' is not a case-wide flag it could replace")
    return standin


def _round_twins(doc: dict, variants: list, where: str) -> tuple[list[Variant], str]:
    """round_level = [levels], or { levels = [...], skip = [variants], skip_why = "..." }:
    the twin of every variant not skipped at --fidelity=round (named with ROUND), run at
    those levels whatever the variant's own (the round level's long runs cost seconds), with
    the variant's own replications there; and why the skipped ones have none."""
    spec = doc.get("round_level", [])
    table = spec if isinstance(spec, dict) else {"levels": spec}
    _no_unknown_keys(table, {"levels", "skip", "skip_why"}, f"{where} round_level")
    levels = tuple(_take(table, "levels", list, f"{where} round_level", []))
    skip = _take(table, "skip", list, f"{where} round_level", [])
    why = _take(table, "skip_why", str, f"{where} round_level", "")
    if not levels:
        return [], ""
    if any(level not in LEVELS for level in levels):
        raise CaseError(f"{where}: round_level must be a subset of {', '.join(LEVELS)}")
    if doc.get("scenario") not in ROUND_LEVEL_SCENARIOS:
        raise CaseError(
            f"{where}: round_level needs a scenario with --fidelity "
            f"({', '.join(ROUND_LEVEL_SCENARIOS)})"
        )
    unknown = set(skip) - {v.name for v in variants}
    if unknown or bool(skip) != bool(why):
        raise CaseError(f"{where}: round_level skip names defined variants, with skip_why")
    twins = [
        Variant(
            v.name + ROUND,
            {**v.flags, "fidelity": "round"},
            levels,
            {lv: runs for lv, runs in v.replications.items() if lv in levels},
        )
        for v in variants
        if v.name not in skip
    ]
    return twins, (f"{', '.join(f'`{n}`' for n in skip)}: {why}" if skip else "")


def load_case(folder: Path) -> Case:
    folder = Path(folder)
    path = folder / "case.toml"
    try:
        doc = tomllib.loads(path.read_text())
    except tomllib.TOMLDecodeError as e:
        raise CaseError(f"{path}: {e}") from None
    _no_unknown_keys(
        doc,
        {
            "title",
            "study",
            "figure",
            "scenario",
            "flags",
            "replications",
            "series",
            "standin",
            "variant",
            "check",
            "round_level",
        },
        str(path),
    )
    references = read_references(folder / "reference.csv")
    flags = _flags(_take(doc, "flags", dict, str(path), {}), str(path))
    reps = _replications(_take(doc, "replications", dict, str(path)), LEVELS, str(path))
    variants = []
    for i, v in enumerate(_take(doc, "variant", list, str(path))):
        where = f"{path} [[variant]] #{i + 1}"
        _no_unknown_keys(v, {"name", "flags", "levels", "replications"}, where)
        levels = tuple(_take(v, "levels", list, where))
        if not levels or any(level not in LEVELS for level in levels):
            raise CaseError(f"{where}: levels must be a subset of {', '.join(LEVELS)}")
        own = v.get("replications", {})
        if not isinstance(own, dict):
            raise CaseError(f"{where}: 'replications' must be a dict")
        variants.append(
            Variant(
                _take(v, "name", str, where),
                _flags(_take(v, "flags", dict, where, {}), where),
                levels,
                _replications(own, tuple(level for level in levels if level in own), where),
            )
        )
    twins, round_skipped = _round_twins(doc, variants, str(path))
    variants += twins
    runs_of = {v.name: {lv: v.replications.get(lv, reps[lv]) for lv in LEVELS} for v in variants}
    names = [v.name for v in variants]
    checks = []
    for i, c in enumerate(_take(doc, "check", list, str(path))):
        where = f"{path} [[check]] #{i + 1}"
        _no_unknown_keys(
            c,
            {
                "id",
                "reference",
                "variant",
                "metric",
                "kind",
                "tolerance",
                "tolerance_why",
                "expect",
                "reason",
                "bound",
                "relative_to",
            },
            where,
        )
        check = Check(
            id=_take(c, "id", str, where),
            reference=_take(c, "reference", str, where),
            variant=_take(c, "variant", str, where),
            metric=_take(c, "metric", str, where),
            kind=_take(c, "kind", str, where),
            tolerance=float(_take(c, "tolerance", (int, float), where)),
            tolerance_why=_take(c, "tolerance_why", str, where),
            expect=_expect(c, where),
            reason=_take(c, "reason", str, where, ""),
            bound=c.get("bound"),
            relative_to=c.get("relative_to"),
        )
        if check.reference not in references:
            raise CaseError(f"{where}: reference '{check.reference}' is not in reference.csv")
        if check.bound is not None and check.bound not in references:
            raise CaseError(f"{where}: bound '{check.bound}' is not in reference.csv")
        if check.bound is not None and references[check.bound].value is None:
            raise CaseError(f"{where}: bound '{check.bound}' must be a single value, not a range")
        if check.id in [c.id for c in checks]:
            raise CaseError(f"{where}: check id '{check.id}' is repeated")
        if check.variant not in names:
            raise CaseError(f"{where}: variant '{check.variant}' is not defined")
        if check.relative_to is not None:
            if check.relative_to not in names or check.relative_to == check.variant:
                raise CaseError(
                    f"{where}: relative_to '{check.relative_to}' is not another defined variant"
                )
            if set(variants[names.index(check.variant)].levels) - set(
                variants[names.index(check.relative_to)].levels
            ):
                raise CaseError(
                    f"{where}: relative_to '{check.relative_to}' must run at every "
                    f"level of variant '{check.variant}'"
                )
            if any(
                set(runs_of[check.variant][lv]) - set(runs_of[check.relative_to][lv])
                for lv in LEVELS
            ):
                raise CaseError(
                    f"{where}: relative_to '{check.relative_to}' must run every RngRun "
                    f"of variant '{check.variant}'"
                )
        if check.kind not in KINDS:
            raise CaseError(f"{where}: kind '{check.kind}' is not one of {', '.join(KINDS)}")
        ref = references[check.reference]
        if (check.kind == "range") != (ref.value is None):
            raise CaseError(f"{where}: kind '{check.kind}' does not fit reference '{ref.id}'")
        if 0.0 in (ref.value, ref.min):
            raise CaseError(f"{where}: reference '{ref.id}' is 0: errors are relative to it")
        if not 0 <= check.tolerance <= 1:
            raise CaseError(f"{where}: tolerance {check.tolerance} is outside 0 to 1")
        for verdict in check.expect.values():
            if verdict not in VERDICTS:
                raise CaseError(f"{where}: expect '{verdict}' is not one of {', '.join(VERDICTS)}")
            if verdict != "pass" and not check.reason:
                raise CaseError(f"{where}: an expected {verdict} needs a reason")
        checks.append(check)
    return Case(
        id=folder.name,
        folder=folder,
        title=_take(doc, "title", str, str(path)),
        study=_take(doc, "study", str, str(path)),
        figure=_take(doc, "figure", str, str(path)),
        scenario=_take(doc, "scenario", str, str(path)),
        flags=flags,
        replications=reps,
        variants=tuple(variants),
        checks=tuple(checks),
        references=references,
        series=_series(doc, str(path)),
        standin=_standin(doc, flags, str(path)),
        round_skipped=round_skipped,
    )


def discover(root: Path | None = None) -> list[Case]:
    root = root or paths.validation_dir()
    return [load_case(p.parent) for p in sorted(root.glob("*/case.toml"))]


# --- evaluating ------------------------------------------------------------------------


def describe_reference(ref: Reference) -> str:
    if ref.value is not None:
        return f"{ref.value:g}"
    return f"{ref.min:g}-{ref.max:g}"


def judge(
    check: Check, ref: Reference, mean: float, bound: Reference | None
) -> tuple[str, float, str]:
    """Verdict, relative error and explanation of one simulated mean against its reference."""
    tol = check.tolerance
    published_high = ref.value if ref.value is not None else ref.max
    if bound is not None and published_high > bound.value:
        return (
            "inconsistent",
            math.nan,
            f"the published {describe_reference(ref)} {ref.unit} exceeds the first-principles "
            f"bound {bound.value:g} {bound.unit} ({bound.quantity})",
        )
    if check.kind == "value":
        error = (mean - ref.value) / ref.value
        ok = abs(error) <= tol
    elif check.kind == "at-most":
        error = max(0.0, (mean - ref.value) / ref.value)
        ok = mean <= ref.value * (1 + tol)
    elif check.kind == "at-least":
        error = min(0.0, (mean - ref.value) / ref.value)
        ok = mean >= ref.value * (1 - tol)
    else:
        if mean < ref.min:
            error = (mean - ref.min) / ref.min
        elif mean > ref.max:
            error = (mean - ref.max) / ref.max
        else:
            error = 0.0
        ok = ref.min * (1 - tol) <= mean <= ref.max * (1 + tol)
    return ("pass" if ok else "miss", error, "" if ok else check.reason)


def _metric_values(case: Case, check: Check, docs: list) -> tuple[list[float], str]:
    metrics = [d["metrics"].get(check.metric) for d in docs]
    if any(m is None for m in metrics):
        raise CaseError(f"{case.id} check {check.id}: scenario has no metric '{check.metric}'")
    return [m["value"] for m in metrics], metrics[0]["unit"]


def _samples(case: Case, check: Check, docs: list, base: list | None, unit: str) -> list[float]:
    """The check's samples, one per replication: the metric, or with ``relative_to`` its
    ratio to the other variant's metric of the same RngRun (a dimensionless number)."""
    values, metric_unit = _metric_values(case, check, docs)
    if check.relative_to is None:
        if metric_unit != unit:
            raise CaseError(
                f"{case.id} check {check.id}: metric unit '{metric_unit}' "
                f"differs from reference unit '{unit}'"
            )
        return values
    if unit != "":
        raise CaseError(
            f"{case.id} check {check.id}: a relative_to check compares a ratio; "
            f"its reference unit must be empty, not '{unit}'"
        )
    base_values, _ = _metric_values(case, check, base or [])
    by_run = {d["rng"]["run"]: v for d, v in zip(base or [], base_values, strict=True)}
    bases = [by_run.get(d["rng"]["run"], 0.0) for d in docs]
    if 0.0 in bases:
        raise CaseError(
            f"{case.id} check {check.id}: variant '{check.relative_to}' has no "
            "non-zero metric for every replication"
        )
    return [v / b for v, b in zip(values, bases, strict=True)]


def evaluate(case: Case, results: dict, level: str = "quick") -> list[Outcome]:
    """Outcomes of every check at ``level`` (whose declared verdicts they are compared
    with); ``results`` maps variant name -> list of result documents."""
    outcomes = []
    for check in case.checks:
        ref = case.references[check.reference]
        o = Outcome(
            check=check.id,
            reference=ref.id,
            quantity=ref.quantity,
            unit=ref.unit,
            target=describe_reference(ref),
            origin=ref.origin,
            use=ref.use,
            expected=check.expected(level),
        )
        bound = case.references[check.bound] if check.bound else None
        docs = results.get(check.variant)
        if docs:
            o.samples = _samples(case, check, docs, results.get(check.relative_to), ref.unit)
            o.mean = statistics.fmean(o.samples)
            o.ci_low, o.ci_high = confidence_interval(o.samples)
            o.verdict, o.error, o.explanation = judge(check, ref, o.mean, bound)
        _judge_round_twin(case, check, results, o, bound)
        outcomes.append(o)
    return outcomes


def _judge_round_twin(case: Case, check: Check, results: dict, o: Outcome, bound) -> None:
    """The check on the round-level twins of its variants, if they ran: the mean, error and
    verdict by the same rule, or "not modelled" for a metric the round level leaves out."""
    docs = results.get(check.variant + ROUND)
    base = results.get(check.relative_to + ROUND) if check.relative_to else None
    if not docs or (check.relative_to and not base):
        return
    if any(check.metric not in d["metrics"] for d in docs + (base or [])):
        o.round_verdict = "not modelled"
        return
    ref = case.references[check.reference]
    o.round_mean = statistics.fmean(_samples(case, check, docs, base, ref.unit))
    o.round_verdict, o.round_error, _ = judge(check, ref, o.round_mean, bound)
