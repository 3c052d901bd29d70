# SPDX-License-Identifier: GPL-2.0-only
"""The validation report: docs/validation/README.md with a gnuplot figure per case."""

from __future__ import annotations

import math
import re
import subprocess
import tempfile
from pathlib import Path

from . import paths, validation
from .validation import Case, Outcome


def relative_text(check) -> str:
    """How a relative_to check's simulated number is formed, for the tolerance column."""
    if check.relative_to is None:
        return ""
    return (
        f"; simulated: {check.metric} of `{check.variant}` / {check.metric} of "
        f"`{check.relative_to}`, same RngRun"
    )


def _fmt(x: float | None, digits: int = 4) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{x:.{digits}g}"


def simulated_text(o: Outcome) -> str:
    if o.mean is None:
        return "not run"
    if o.ci_low is None or math.isnan(o.ci_low):
        return f"{_fmt(o.mean)} (n={len(o.samples)})"
    return f"{_fmt(o.mean)} [{_fmt(o.ci_low)}, {_fmt(o.ci_high)}]"


def percent_text(error: float | None) -> str:
    if error is None or math.isnan(error):
        return "-"
    return f"{100 * error:+.1f} %"


def error_text(o: Outcome) -> str:
    return percent_text(o.error)


def round_text(o: Outcome) -> str:
    """The round-level twin's mean, error and verdict, for the case table."""
    if o.round_verdict in ("", "not modelled"):
        return o.round_verdict or "-"
    return f"{_fmt(o.round_mean)} ({percent_text(o.round_error)}): {o.round_verdict}"


def round_level_text(case: Case, level: str | None) -> str:
    """What the round-level column holds, for a case whose variants ran at the round level."""
    twins = [v for v in case.variants if v.name.endswith(validation.ROUND)]
    if not twins or level not in twins[0].levels:
        return ""
    return (
        " Every variant also ran at the round level (`--fidelity=round`, one step per round "
        "trip; its error against packet level in [docs/modules/tcp.md]"
        "(../modules/tcp.md#round-level-flows)), its full-level set-up included: the column "
        "*round level* gives its mean (error): verdict by the same tolerance, beside packet "
        "level's, neither declared nor counted in the totals."
        + (f" Without a round-level twin: {case.round_skipped}." if case.round_skipped else "")
    )


def verdict_text(o: Outcome) -> str:
    if o.verdict == "not run":
        return "not run at this level"
    return o.verdict if o.as_expected else f"**{o.verdict} (declared: {o.expected})**"


def _write_plot_data(case: Case, outcomes: list[Outcome], docs: dict, data: Path) -> None:
    lines = ["# index label measured measured_min measured_max sim_mean ci_low ci_high"]
    for i, (check, o) in enumerate(zip(case.checks, outcomes, strict=True)):
        ref = case.references[check.reference]
        low = ref.min if ref.value is None else ref.value
        high = ref.max if ref.value is None else ref.value
        mid = (low + high) / 2
        sim = [o.mean, o.ci_low, o.ci_high]
        sim = ["NaN" if v is None or math.isnan(v) else f"{v:.17g}" for v in sim]
        lines.append(f'{i} "{check.id}" {mid:.17g} {low:.17g} {high:.17g} {" ".join(sim)}')
    (data / "checks.dat").write_text("\n".join(lines) + "\n")
    for variant in case.variants:
        if not docs.get(variant.name):
            continue
        doc = docs[variant.name][0]  # the level's first replication
        for name in case.series:
            table = doc["series"].get(name)
            if not table:
                continue
            columns = list(table)
            rows = zip(*(table[c]["values"] for c in columns), strict=True)
            text = (
                "# "
                + " ".join(columns)
                + "\n"
                + "".join(" ".join(f"{v:.17g}" for v in row) + "\n" for row in rows)
            )
            (data / f"{variant.name}-{name}.dat").write_text(text)


def plot(case: Case, outcomes: list[Outcome], docs: dict, out_dir: Path) -> list[Path]:
    """Run the case's plot.gp; return the figures written (PNG and PDF)."""
    script = case.folder / "plot.gp"
    if not script.is_file():
        return []
    out_dir.mkdir(parents=True, exist_ok=True)
    base = out_dir / case.id
    with tempfile.TemporaryDirectory(prefix="hybridnet-plot-") as tmp:
        _write_plot_data(case, outcomes, docs, Path(tmp))
        subprocess.run(
            ["gnuplot", "-e", f"datadir='{tmp}'; outbase='{base}'", str(script)],
            check=True,
            capture_output=True,
            text=True,
        )
    pdf = base.with_suffix(".pdf")
    if pdf.is_file():
        _fix_pdf_creation_date(pdf)
    return [p for p in (base.with_suffix(".png"), pdf) if p.is_file()]


def _fix_pdf_creation_date(pdf: Path) -> None:
    """Cairo stamps the wall clock into the PDF; a fixed date of the same length keeps the
    committed figures byte-identical from run to run (and the cross-reference offsets)."""
    raw = pdf.read_bytes()
    pdf.write_bytes(
        re.sub(rb"/CreationDate \(D:\d{14}Z\)", b"/CreationDate (D:19700101000000Z)", raw)
    )


#: The summary's three tables: title, what the reference column holds, and a sentence.
SUMMARY_GROUPS = (
    (
        "measurement",
        "Published measurements",
        "published",
        "Numbers the studies measured and published. A calibration number may set a model "
        "parameter once (its source names the parameter where one was); a check is a "
        "prediction.",
    ),
    (
        "claim",
        "The studies' claims",
        "claimed",
        'What the authors said in words ("essentially the same", "roughly doubles", an '
        "ordering), written as a ratio or an ordering of simulated numbers.",
    ),
    (
        "derived",
        "Derived expectations",
        "derived",
        "First-principles bounds, rules from the algorithms' specifications, expectations the "
        "authors computed rather than measured, and what-ifs. None of these is a measurement.",
    ),
)


def headline(rows: list[tuple[Case, Outcome]]) -> list[str]:
    """The report's first lines: published measurements used as checks within tolerance,
    out of all the cases cover, with the misses; then claims and derived checks apart."""

    def judged(origin: str, use: str | None = None) -> list:
        return [
            (c, o)
            for c, o in rows
            if o.origin == origin and o.verdict != "not run" and (use is None or o.use == use)
        ]

    def passed(judged_rows: list) -> int:
        return sum(o.verdict == "pass" for _, o in judged_rows)

    def later(origin: str, judged_rows: list) -> str:
        covered = sum(o.origin == origin for _, o in rows)
        more = covered - len(judged_rows)
        return f"{more} more only at the full level" if more else ""

    measured = judged("measurement")
    measured_later = later("measurement", measured)
    measured_later = f"; {measured_later}" if measured_later else ""
    calibrations = sum(o.use == "calibration" for _, o in measured)
    lines = [
        f"**Published measurements: {passed(measured)} of {len(measured)} within tolerance** "
        f"(at the level each case ran{measured_later}). {calibrations} of them are calibration "
        "numbers, from which a model parameter may be set once (the row's source names the "
        "parameter where one was); the others are checks: predictions.",
        "",
    ]
    misses = [(c, o) for c, o in measured if o.verdict != "pass"]
    lines += [
        f"- {o.verdict}: [{c.id}](#{c.id}) {o.check} ({o.use}): {o.explanation}" for c, o in misses
    ]
    claims, derived = judged("claim"), judged("derived")
    lines += [""] if misses else []
    claims_later, derived_later = later("claim", claims), later("derived", derived)
    lines += [
        f"The studies' claims: {passed(claims)} of {len(claims)} hold"
        + (f" ({claims_later})" if claims_later else "")
        + f". Derived expectations (bounds, rules, what-ifs): {passed(derived)} of "
        f"{len(derived)} pass" + (f" ({derived_later})" if derived_later else "") + ".",
        "",
    ]
    return lines


def summary_tables(rows: list[tuple[Case, Outcome]]) -> list[str]:
    lines = []
    for origin, title, column, sentence in SUMMARY_GROUPS:
        lines += [
            f"### {title}",
            "",
            sentence,
            "",
            f"| case | check | use | {column} | simulated: mean [95 % CI] | error | verdict "
            "| why |",
            "|---|---|---|---|---|---|---|---|",
        ]
        lines += [
            f"| [{c.id}](#{c.id}) | {o.check} | {o.use} | {o.target} {o.unit} | "
            f"{simulated_text(o)} | {error_text(o)} | {verdict_text(o)} | {o.explanation} |"
            for c, o in rows
            if o.origin == origin
        ]
        lines.append("")
    return lines


def standin_text(case: Case, level: str | None) -> str:
    """What the quick level ran instead of the study's set-up, if it differs."""
    if level != "quick" or case.standin is None:
        return ""
    flags = ", ".join(f"`--{k}={v}`" for k, v in case.standin.flags.items())
    return (
        f" A stand-in at this level: {flags} ({case.standin.why}); the full level runs the study's."
    )


def runs_text(case: Case, level: str) -> str:
    """The RngRun values of the case at ``level``, and of each variant with its own."""
    text = "RngRun " + ", ".join(str(r) for r in case.replications[level])
    own = [v for v in case.variants_at(level) if level in v.replications]
    for runs in dict.fromkeys(v.replications[level] for v in own):
        names = ", ".join(f"`{v.name}`" for v in own if v.replications[level] == runs)
        text += f"; {names}: RngRun " + ", ".join(str(r) for r in runs)
    return text


def case_section(
    case: Case, level: str | None, outcomes: list[Outcome], docs: dict, out: Path
) -> str:
    figures = plot(case, outcomes, docs, out) if level else []
    lines = [
        f'<a id="{case.id}"></a>',
        f"## {case.title}",
        "",
        f"Study: `{case.study}`, {case.figure}. Scenario: `{case.scenario}`. "
        f"Case folder: [validation/{case.id}](../../validation/{case.id}/README.md).",
        "",
        (f"Run at the {level} level, {runs_text(case, level)}." if level else "Not run yet.")
        + standin_text(case, level)
        + round_level_text(case, level),
        "",
    ]
    twins = bool(round_level_text(case, level))
    for fig in figures:
        if fig.suffix == ".png":
            lines += [f"![{case.title}]({fig.name})", "", f"([PDF]({fig.stem}.pdf))", ""]
    round_head = (" round level |", "---|") if twins else ("", "")
    lines += [
        "| check | quantity | origin | use | reference | simulated | error | verdict |"
        f"{round_head[0]} tolerance |",
        f"|---|---|---|---|---|---|---|---|{round_head[1]}---|",
    ]
    for check, o in zip(case.checks, outcomes, strict=True):
        ref = case.references[check.reference]
        round_cell = f" {round_text(o)} |" if twins else ""
        lines.append(
            f"| {o.check} | {ref.quantity} | {o.origin} | {o.use} | {o.target} {o.unit} | "
            f"{simulated_text(o)} | {error_text(o)} | {verdict_text(o)} |{round_cell} "
            f"{check.kind}, {100 * check.tolerance:g} %: {check.tolerance_why}"
            f"{relative_text(check)} |"
        )
    explained = [(c, o) for c, o in zip(case.checks, outcomes, strict=True) if o.explanation]
    if explained:
        lines += ["", "Why:"]
        lines += [f"- **{c.id}** ({o.verdict}): {o.explanation}" for c, o in explained]
    return "\n".join(lines) + "\n"


def write(cases: list[Case], results: dict) -> Path:
    """Write docs/validation/README.md (and figures) for ``results``: case id -> (level,
    outcomes, result documents by variant); cases without results are listed as not run."""
    out = paths.report_dir()
    out.mkdir(parents=True, exist_ok=True)
    rows, sections = [], []
    for case in cases:
        level, outcomes, docs = results.get(case.id, (None, validation.evaluate(case, {}), {}))
        rows += [(case, o) for o in outcomes]
        sections.append(case_section(case, level, outcomes, docs, out))
    text = "\n".join(
        [
            "# Validation report",
            "",
            "Generated by `hybridnet validate` (or `hybridnet report`) from the cases in "
            "[validation/](../../validation/); do not edit by hand. How cases are built and "
            "judged: [validation method](../validation-method.md).",
            "",
            *headline(rows),
            "Verdicts: **pass** (within the stated tolerance), **miss** (outside it, with the "
            "reason), **inconsistent** (the published number violates a first-principles bound). "
            "Simulated values are the mean over replications (RngRun) with a Student-t 95 % "
            "confidence interval.",
            "",
            "## Summary",
            "",
            *summary_tables(rows),
            *sections,
        ]
    )
    path = out / "README.md"
    path.write_text(text)
    return path
