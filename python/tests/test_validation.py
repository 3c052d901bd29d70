# SPDX-License-Identifier: GPL-2.0-only
"""The validation framework on synthetic cases: verdicts, statistics, case-file errors."""

from __future__ import annotations

import dataclasses
import math
import textwrap

import pytest

from hybridnet import report, stats, validation
from hybridnet.validation import CaseError, Check, Reference


def ref(value=None, lo=None, hi=None):
    return Reference("r", "q", value, lo, hi, "Mb/s", "src", "check", "measurement")


def check(kind, tolerance=0.0):
    return Check("c", "r", "v", "m", kind, tolerance, "why", "pass", "reason")


@pytest.mark.parametrize(
    "kind,reference,tol,mean,verdict,error",
    [
        ("range", ref(lo=891, hi=920), 0.0, 900, "pass", 0.0),
        ("range", ref(lo=891, hi=920), 0.0, 962, "miss", 962 / 920 - 1),
        ("range", ref(lo=891, hi=920), 0.0, 880, "miss", 880 / 891 - 1),
        ("range", ref(lo=891, hi=920), 0.05, 950, "pass", 950 / 920 - 1),
        ("value", ref(value=186), 0.1, 200, "pass", 200 / 186 - 1),
        ("value", ref(value=186), 0.1, 210, "miss", 210 / 186 - 1),
        ("value", ref(value=186), 0.1, 160, "miss", 160 / 186 - 1),
        ("at-most", ref(value=941.48), 0.0, 941.0, "pass", 0.0),
        ("at-most", ref(value=941.48), 0.0, 962.0, "miss", 962 / 941.48 - 1),
        ("at-least", ref(value=1.0), 0.0, 1.02, "pass", 0.0),
        ("at-least", ref(value=1.0), 0.0, 0.97, "miss", 0.97 - 1),
        ("at-least", ref(value=1.0), 0.05, 0.97, "pass", 0.97 - 1),
    ],
)
def test_judge(kind, reference, tol, mean, verdict, error):
    got, err, explanation = validation.judge(check(kind, tol), reference, mean, None)
    assert got == verdict
    assert err == pytest.approx(error)
    assert (explanation == "") == (verdict == "pass")


def test_published_number_above_bound_is_inconsistent():
    bound = Reference("b", "ceiling", 941.48, None, None, "Mb/s", "physics", "check", "derived")
    got, err, explanation = validation.judge(check("range"), ref(lo=930, hi=960), 935, bound)
    assert got == "inconsistent" and math.isnan(err), "a peak above the bound"
    assert "941.48" in explanation
    got, _, _ = validation.judge(check("range"), ref(lo=891, hi=941), 935, bound)
    assert got == "pass"


def test_confidence_interval_student_t():
    # n = 2, samples 1 and 3: mean 2, s = sqrt(2), t(0.975, 1) = 12.7062
    lo, hi = stats.confidence_interval([1.0, 3.0])
    assert (lo + hi) / 2 == pytest.approx(2.0)
    assert (hi - lo) / 2 == pytest.approx(12.7062, rel=1e-4)
    assert all(math.isnan(x) for x in stats.confidence_interval([5.0]))


REFERENCE = textwrap.dedent("""\
    id,quantity,value,min,max,unit,source,use,origin
    a,"goodput",,891,920,Mb/s,study,calibration,measurement
    b,"ceiling",941.48,,,Mb/s,physics,check,derived
    """)
CASE = textwrap.dedent("""\
    title = "t"
    study = "s"
    figure = "f"
    scenario = "gige-iperf"
    flags = { pingCount = "0" }
    [replications]
    quick = [1, 2]
    full = [1, 2, 3]
    [[variant]]
    name = "v"
    flags = { duration = "10s" }
    levels = ["quick", "full"]
    [[check]]
    id = "c"
    reference = "a"
    variant = "v"
    metric = "goodput"
    kind = "range"
    tolerance = 0.0
    tolerance_why = "w"
    expect = "miss"
    reason = "no host model"
    bound = "b"
    """)


def write_case(tmp_path, case=CASE, reference=REFERENCE):
    folder = tmp_path / "study-table"
    folder.mkdir(parents=True)
    (folder / "case.toml").write_text(case)
    (folder / "reference.csv").write_text(reference)
    return folder


def test_valid_case_loads_and_evaluates(tmp_path):
    case = validation.load_case(write_case(tmp_path))
    assert case.replications == {"quick": (1, 2), "full": (1, 2, 3)}
    docs = [{"metrics": {"goodput": {"value": v, "unit": "Mb/s"}}} for v in (962.0, 961.0)]
    (o,) = validation.evaluate(case, {"v": docs})
    assert o.mean == pytest.approx(961.5)
    assert o.verdict == "miss" and o.as_expected
    docs = [{"metrics": {"goodput": {"value": 900.0, "unit": "Mb/s"}}}] * 2
    (o,) = validation.evaluate(case, {"v": docs})
    assert o.verdict == "pass" and not o.as_expected, "a change of verdict must show"


def test_a_check_may_declare_a_verdict_per_level(tmp_path):
    text = CASE.replace('expect = "miss"', 'expect = { quick = "miss", full = "pass" }')
    case = validation.load_case(write_case(tmp_path, text))
    assert case.checks[0].expected("quick") == "miss"
    assert case.checks[0].expected("full") == "pass"
    docs = [{"metrics": {"goodput": {"value": 900.0, "unit": "Mb/s"}}}] * 2
    (o,) = validation.evaluate(case, {"v": docs}, "full")
    assert o.verdict == "pass" and o.as_expected, "the full level's own declaration"
    (o,) = validation.evaluate(case, {"v": docs}, "quick")
    assert o.verdict == "pass" and not o.as_expected, "the quick level's declaration"


def test_a_standin_replaces_case_flags_at_the_quick_level_only(tmp_path):
    text = CASE.replace(
        'flags = { pingCount = "0" }', 'flags = { pingCount = "0", duration = "10s" }'
    )
    text = text.replace('flags = { duration = "10s" }', "")
    text = text.replace(
        "[replications]", '[standin]\nflags = { duration = "2s" }\nwhy = "w"\n[replications]'
    )
    case = validation.load_case(write_case(tmp_path, text))
    (v,) = case.variants
    assert case.point(v, "quick") == {"pingCount": "0", "duration": "2s"}
    assert case.point(v, "full") == {"pingCount": "0", "duration": "10s"}
    own = dataclasses.replace(v, flags={"duration": "100ms"})
    assert case.point(own, "quick")["duration"] == "100ms", "a variant's own flag wins"


def test_metric_unit_must_match_reference(tmp_path):
    case = validation.load_case(write_case(tmp_path))
    docs = [{"metrics": {"goodput": {"value": 1.0, "unit": "Gb/s"}}}]
    with pytest.raises(CaseError, match="unit"):
        validation.evaluate(case, {"v": docs})


RELATIVE_CASE = textwrap.dedent("""\
    title = "t"
    study = "s"
    figure = "f"
    scenario = "gige-iperf"
    [replications]
    quick = [1, 2]
    full = [1, 2]
    [[variant]]
    name = "one"
    levels = ["quick", "full"]
    [[variant]]
    name = "two"
    levels = ["quick", "full"]
    [[check]]
    id = "doubles"
    reference = "double"
    variant = "two"
    relative_to = "one"
    metric = "goodput"
    kind = "value"
    tolerance = 0.1
    tolerance_why = "roughly"
    expect = "pass"
    """)
RELATIVE_REFERENCE = (
    ",".join(validation.REFERENCE_COLUMNS) + '\ndouble,"ratio",2,,,,"src",check,claim\n'
)


def test_relative_check_pairs_replications(tmp_path):
    case = validation.load_case(write_case(tmp_path, RELATIVE_CASE, RELATIVE_REFERENCE))

    def docs(values):
        return [
            {"rng": {"seed": 1, "run": run}, "metrics": {"goodput": {"value": v, "unit": "Mb/s"}}}
            for run, v in zip((1, 2), values, strict=True)
        ]

    (o,) = validation.evaluate(case, {"one": docs([900.0, 1000.0]), "two": docs([1800.0, 1900.0])})
    assert o.samples == pytest.approx([2.0, 1.9])
    assert o.verdict == "pass"
    (o,) = validation.evaluate(case, {"one": docs([900.0, 1000.0]), "two": docs([1000.0, 1000.0])})
    assert o.verdict == "miss"
    with pytest.raises(CaseError, match="every replication"):
        validation.evaluate(case, {"one": docs([900.0, 0.0]), "two": docs([1800.0, 1900.0])})


def test_a_variant_may_run_replications_of_its_own(tmp_path):
    """A cheap, noisy variant runs more RngRuns than the case; a check relative to it pairs
    each of its own variant's runs with the same RngRun there."""
    text = RELATIVE_CASE.replace(
        'name = "one"\nlevels = ["quick", "full"]',
        'name = "one"\nlevels = ["quick", "full"]\nreplications = { quick = [1, 2, 3, 4] }',
    )
    case = validation.load_case(write_case(tmp_path, text, RELATIVE_REFERENCE))
    one, two = case.variants
    assert case.runs(one, "quick") == (1, 2, 3, 4) and case.runs(one, "full") == (1, 2)
    assert case.runs(two, "quick") == (1, 2)

    def docs(runs, values):
        return [
            {"rng": {"seed": 1, "run": run}, "metrics": {"goodput": {"value": v, "unit": "Mb/s"}}}
            for run, v in zip(runs, values, strict=True)
        ]

    base = docs((1, 2, 3, 4), [900.0, 1000.0, 1.0, 1.0])
    (o,) = validation.evaluate(case, {"one": base, "two": docs((2, 1), [1900.0, 1800.0])})
    assert o.samples == pytest.approx([1.9, 2.0]), "paired by RngRun, not by position"
    assert "`one`: RngRun 1, 2, 3, 4" in report.runs_text(case, "quick")
    assert report.runs_text(case, "full") == "RngRun 1, 2"
    # the other way round, "two" would have runs that "one" does not
    swapped = text.replace(
        'variant = "two"\nrelative_to = "one"', 'variant = "one"\nrelative_to = "two"'
    )
    with pytest.raises(CaseError, match="must run every RngRun of variant 'one'"):
        validation.load_case(write_case(tmp_path / "b", swapped, RELATIVE_REFERENCE))
    for i, (new, message) in enumerate(
        (("quick = [1, 1]", "distinct RngRun values"), ("fast = [1]", "unknown key 'fast'"))
    ):
        with pytest.raises(CaseError, match=message):
            bad = text.replace("quick = [1, 2, 3, 4]", new)
            validation.load_case(write_case(tmp_path / str(i), bad, RELATIVE_REFERENCE))


@pytest.mark.parametrize(
    "edit,message",
    [
        ('relative_to = "one"', 'relative_to = "two"'),
        ('relative_to = "one"', 'relative_to = "three"'),
    ],
)
def test_relative_to_must_name_another_variant(tmp_path, edit, message):
    with pytest.raises(CaseError, match="is not another defined variant"):
        validation.load_case(
            write_case(tmp_path, RELATIVE_CASE.replace(edit, message), RELATIVE_REFERENCE)
        )


@pytest.mark.parametrize(
    "edit,message",
    [
        (lambda c, r: (c.replace('expect = "miss"', 'expect = "maybe"'), r), "expect 'maybe'"),
        (
            lambda c, r: (c.replace('expect = "miss"', 'expect = { quick = "miss" }'), r),
            "a verdict or a table",
        ),
        (
            lambda c, r: (
                c.replace('expect = "miss"', 'expect = { quick = "pass", full = "miss" }').replace(
                    'reason = "no host model"\n', ""
                ),
                r,
            ),
            "needs a reason",
        ),
        (lambda c, r: (c.replace('reason = "no host model"\n', ""), r), "needs a reason"),
        (lambda c, r: (c.replace('kind = "range"', 'kind = "value"'), r), "does not fit"),
        (lambda c, r: (c.replace('reference = "a"', 'reference = "z"'), r), "'z' is not in"),
        (lambda c, r: (c.replace('variant = "v"', 'variant = "w"'), r), "variant 'w'"),
        (lambda c, r: (c.replace("tolerance = 0.0", "tolerance = 2.0"), r), "outside 0 to 1"),
        (lambda c, r: (c.replace("quick = [1, 2]", "quick = [0]"), r), "RngRun values >= 1"),
        (lambda c, r: (c.replace('duration = "10s"', "duration = 10"), r), "string with its unit"),
        (lambda c, r: (c + "colour = 1\n", r), "unknown key 'colour'"),
        (lambda c, r: (c.replace('bound = "b"', 'bound = "a"'), r), "single value, not a range"),
        (
            lambda c, r: (c.replace('title = "t"', 'title = "t"\nseries = "pingRtt"'), r),
            "list of series names",
        ),
        (lambda c, r: (c + c[c.index("[[check]]") :], r), "check id 'c' is repeated"),
        (lambda c, r: (c, r.replace(",891,920,", ",0,920,")), "is 0"),
        (lambda c, r: (c, r.replace("891,920", "930,920")), "above max"),
        (lambda c, r: (c, r.replace("891,920", "8x1,920")), "not a number"),
        (lambda c, r: (c, r.replace("891,920", "nan,920")), "not a finite number"),
        (lambda c, r: (c, r.replace(",891,920,", "900,891,920,")), "value or both min and max"),
        (lambda c, r: (c, r.replace("calibration", "guess")), "use: 'guess'"),
        (lambda c, r: (c, r.replace("derived", "bound")), "origin: 'bound'"),
        (lambda c, r: (c, r.replace("id,quantity", "name,quantity")), "columns must be"),
        (
            lambda c, r: (c + '[standin]\nflags = { duration = "2s" }\nwhy = "w"\n', r),
            "flag 'duration' is not a case-wide flag",
        ),
        (lambda c, r: (c + '[standin]\nflags = { pingCount = "1" }\n', r), "missing 'why'"),
    ],
)
def test_bad_case_files_give_one_line(tmp_path, edit, message):
    case, reference = edit(CASE, REFERENCE)
    with pytest.raises(CaseError) as e:
        validation.load_case(write_case(tmp_path, case, reference))
    assert message in str(e.value)
    assert "\n" not in str(e.value)


def test_repository_cases_are_valid():
    cases = validation.discover()
    assert {c.id for c in cases} >= {
        "lightpath-accelerator-packet-bandwidth",
        "lightpath-accelerator-ping-rtt",
    }
    for case in cases:
        assert (case.folder / "README.md").is_file()
        assert (case.folder / "plot.gp").is_file()


def test_plot_data_is_plain_numbers(tmp_path):
    """Outcomes straight from evaluate() (numpy scalars inside) must reach gnuplot as
    numbers: a repr like np.float64(...) silently drops the simulated series."""
    case = validation.load_case(write_case(tmp_path))
    docs = [{"metrics": {"goodput": {"value": v, "unit": "Mb/s"}}} for v in (962.0, 961.0)]
    outcomes = validation.evaluate(case, {"v": docs})
    data = tmp_path / "data"
    data.mkdir()
    report._write_plot_data(case, outcomes, {"v": docs}, data)
    (row,) = [x for x in (data / "checks.dat").read_text().splitlines() if not x.startswith("#")]
    fields = row.split()
    assert fields[1] == '"c"'
    values = [float(f) for f in [fields[0], *fields[2:]]]
    assert values[4] == pytest.approx(961.5)


def outcome(check_id, origin, verdict, use="check", explanation=""):
    return validation.Outcome(
        check=check_id,
        reference=check_id,
        quantity="q",
        unit="Mb/s",
        target="100",
        origin=origin,
        use=use,
        verdict=verdict,
        expected=verdict,
        explanation=explanation,
    )


def test_headline_counts_published_measurements_and_keeps_the_rest_apart(tmp_path):
    case = validation.load_case(write_case(tmp_path))
    rows = [
        (case, o)
        for o in [
            outcome("m-pass", "measurement", "pass"),
            outcome("m-cal", "measurement", "pass", use="calibration"),
            outcome("m-miss", "measurement", "miss", explanation="a known reason"),
            outcome("m-full", "measurement", "not run"),
            outcome("claim", "claim", "pass"),
            outcome("bound", "derived", "miss", explanation="a bound"),
        ]
    ]
    text = "\n".join(report.headline(rows))
    assert "**Published measurements: 2 of 3 within tolerance**" in text
    assert "1 more only at the full level" in text and "1 of them are calibration" in text
    assert "m-miss (check): a known reason" in text and "bound" not in text.split("\n\n")[1]
    assert "claims: 1 of 1 hold" in text and "what-ifs): 0 of 1 pass" in text
    tables = "\n".join(report.summary_tables(rows)).split("### ")[1:]
    assert [t.splitlines()[0] for t in tables] == [
        "Published measurements",
        "The studies' claims",
        "Derived expectations",
    ]
    published, claims, derived = tables
    assert "| published |" in published and "| derived |" in derived
    assert "| bound |" not in published and "| bound |" in derived
    assert "| claim |" in claims and "| m-pass |" not in claims


ROUND_CASE = CASE.replace('scenario = "gige-iperf"', 'scenario = "wan-bulk-transfer"').replace(
    'flags = { pingCount = "0" }', 'flags = { rtt = "6ms" }\nround_level = ["quick", "full"]'
)


def test_round_level_twins_every_variant_and_judges_it_apart(tmp_path):
    """round_level: each variant's twin runs with --fidelity=round at those levels; a check
    on it is judged by the same rule beside packet level's, without a declared verdict, so
    it changes neither the check's verdict nor whether it is as expected."""
    case = validation.load_case(write_case(tmp_path, ROUND_CASE))
    assert [v.name for v in case.variants] == ["v", "v@round"]
    twin = case.variant("v@round")
    assert case.point(twin, "quick") == {"rtt": "6ms", "duration": "10s", "fidelity": "round"}
    assert twin.levels == ("quick", "full")
    packet = [{"metrics": {"goodput": {"value": 961.0, "unit": "Mb/s"}}}] * 2
    rounds = [{"metrics": {"goodput": {"value": 900.0, "unit": "Mb/s"}}}] * 2
    (o,) = validation.evaluate(case, {"v": packet, "v@round": rounds})
    assert (o.verdict, o.as_expected) == ("miss", True)
    assert (o.round_mean, o.round_verdict, o.round_error) == (900.0, "pass", 0.0)
    (o,) = validation.evaluate(case, {"v": packet})
    assert (o.round_mean, o.round_verdict) == (None, "")
    (o,) = validation.evaluate(case, {"v": packet, "v@round": [{"metrics": {}}] * 2})
    assert o.round_verdict == "not modelled"
    (o,) = validation.evaluate(case, {"v@round": rounds})
    assert (o.verdict, o.round_verdict) == ("not run", "pass")


def test_round_level_needs_a_scenario_with_fidelity(tmp_path):
    text = ROUND_CASE.replace('scenario = "wan-bulk-transfer"', 'scenario = "gige-iperf"')
    with pytest.raises(validation.CaseError, match="round_level needs a scenario with --fidelity"):
        validation.load_case(write_case(tmp_path, text))
    text = ROUND_CASE.replace('round_level = ["quick", "full"]', 'round_level = ["fast"]')
    with pytest.raises(validation.CaseError, match="round_level must be a subset of quick, full"):
        validation.load_case(write_case(tmp_path / "b", text))


def test_report_puts_the_round_level_beside_packet_level(tmp_path):
    case = validation.load_case(write_case(tmp_path, ROUND_CASE))
    packet = [{"metrics": {"goodput": {"value": 961.0, "unit": "Mb/s"}}}] * 2
    rounds = [{"metrics": {"goodput": {"value": 962.0, "unit": "Mb/s"}}}] * 2
    outcomes = validation.evaluate(case, {"v": packet, "v@round": rounds})
    text = report.case_section(case, "quick", outcomes, {}, tmp_path / "out")
    assert "| verdict | round level | tolerance |" in text
    assert "| 962 (+4.6 %): miss |" in text
    assert "Every variant also ran at the round level" in text
    plain = validation.load_case(write_case(tmp_path / "plain"))
    outcomes = validation.evaluate(plain, {"v": packet})
    assert "round level" not in report.case_section(plain, "quick", outcomes, {}, tmp_path / "o")


def test_round_level_may_skip_variants_it_cannot_model(tmp_path):
    table = 'round_level = { levels = ["full"], skip = ["v"], skip_why = "host profiles" }'
    text = ROUND_CASE.replace('round_level = ["quick", "full"]', table)
    case = validation.load_case(write_case(tmp_path, text))
    assert [v.name for v in case.variants] == ["v"]
    assert case.round_skipped == "`v`: host profiles"
    for i, bad in enumerate(('skip = ["w"], skip_why = "x"', 'skip = ["v"]')):
        text = ROUND_CASE.replace(
            'round_level = ["quick", "full"]', f'round_level = {{ levels = ["full"], {bad} }}'
        )
        with pytest.raises(validation.CaseError, match="skip names defined variants"):
            validation.load_case(write_case(tmp_path / str(i), text))
