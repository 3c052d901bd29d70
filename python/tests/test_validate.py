# SPDX-License-Identifier: GPL-2.0-only
"""Validation on the run engine: runs land in the case's store, a second validation runs
only what is missing or changed, a killed validation resumes, failed runs are named."""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hybridnet import paths, validate, validation
from hybridnet.store import Store

SCENARIO = "hybridnet-test-faults"  # a clock and ten random draws: metric 'value' in [0, 1)

CASE_TOML = """\
title = "Engine test"
study = "none"
figure = "none"
scenario = "{scenario}"
flags = {{ simTime = "{sim_time}" }}
[replications]
quick = [1, 2]
full = [1, 2, 3]
[[variant]]
name = "a"
levels = ["quick", "full"]
[[variant]]
name = "b"
flags = {{ fault = "{fault}", faultOnRun = "2" }}
levels = ["quick", "full"]
[[check]]
id = "first-draw"
reference = "unit-interval"
variant = "a"
metric = "value"
kind = "range"
tolerance = {tolerance}
tolerance_why = "a uniform draw"
expect = "pass"
"""

REFERENCE = """\
id,quantity,value,min,max,unit,source,use,origin
unit-interval,first draw,,0.0001,1,,theory,check,derived
"""


def make_case(root: Path, *, sim_time="100ms", fault="none", tolerance=0.0) -> validation.Case:
    folder = root / "cases" / "engine-test"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "case.toml").write_text(
        CASE_TOML.format(scenario=SCENARIO, sim_time=sim_time, fault=fault, tolerance=tolerance)
    )
    (folder / "reference.csv").write_text(REFERENCE)
    return validation.load_case(folder)


@pytest.fixture(autouse=True)
def stores(tmp_path, monkeypatch):
    """Stores in the test's folder, not in the build's validation folder."""
    root = tmp_path / "stores"
    monkeypatch.setattr(validate, "results_dir", lambda: root)
    return root


def run(case, level="quick"):
    seen = []
    finished = validate.run([case], level, 2, seen.append)
    assert [d.case.id for d in seen] == [d.case.id for d in finished] == [case.id]
    return finished[0]


def attempts(stores: Path, case) -> dict:
    store = Store(stores / case.id)
    try:
        return {r["run_id"]: (r["status"], r["attempts"]) for r in store.rows()}
    finally:
        store.close()


def test_runs_land_in_the_case_store_and_a_second_validation_runs_none(tmp_path, stores):
    case = make_case(tmp_path)
    first = run(case)
    assert not first.from_store and not first.failed
    assert [o.verdict for o in first.outcomes] == ["pass"]
    assert {v: len(d) for v, d in first.docs.items()} == {"a": 2, "b": 2}
    assert [d["rng"]["run"] for d in first.docs["a"]] == [1, 2]
    before = attempts(stores, case)
    assert len(before) == 4 and all(a == ("done", 1) for a in before.values())
    second = run(case)
    assert second.from_store and second.wall_s == 0.0
    assert attempts(stores, case) == before
    assert second.docs == first.docs
    assert validate.stored_results(case)[0] == "quick"


def test_each_finished_run_is_counted_for_progress(tmp_path):
    counts = []
    validate.run(
        [make_case(tmp_path)],
        "quick",
        2,
        lambda _: None,
        lambda done, total: counts.append((done, total)),
    )
    assert counts == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_only_the_missing_run_is_repeated(tmp_path, stores):
    case = make_case(tmp_path)
    first = run(case)
    plan = validate.CaseRun.plan(case, "quick")
    lost = plan.tasks[1][1].run_id
    store = Store(stores / case.id)
    store.db.execute("DELETE FROM runs WHERE run_id=?", (lost,))
    store.result_path(lost).unlink()
    store.close()
    again = run(case)
    assert not again.from_store
    assert _without_wall(again.docs) == _without_wall(first.docs)  # same flags, seed, build
    rows = attempts(stores, case)
    assert rows[lost] == ("done", 1) and len(rows) == 4


def test_a_changed_check_needs_no_run_a_changed_flag_does(tmp_path, stores):
    run(make_case(tmp_path))
    assert run(make_case(tmp_path, tolerance=0.5)).from_store
    changed = run(make_case(tmp_path, sim_time="200ms"))
    assert not changed.from_store
    assert len(attempts(stores, changed.case)) == 8  # the old runs stay, four new ones


def test_full_level_reuses_the_quick_runs_it_shares(tmp_path, stores):
    case = make_case(tmp_path)
    run(case)
    full = run(case, "full")
    assert {v: len(d) for v, d in full.docs.items()} == {"a": 3, "b": 3}
    assert len(attempts(stores, case)) == 6
    assert validate.stored_results(case)[0] == "full"


def test_a_full_level_equal_to_the_quick_level_is_reported_as_quick(tmp_path, stores):
    case = make_case(tmp_path)
    same = dataclasses.replace(case, replications={"quick": (1, 2), "full": (1, 2)})
    run(same)
    assert validate.stored_results(same)[0] == "quick"


def test_a_failed_run_is_named_and_the_case_not_evaluated(tmp_path, stores):
    case = make_case(tmp_path, fault="exit")
    done = run(case)
    assert done.outcomes == [] and done.docs == {}
    [(variant, outcome)] = done.failed
    assert variant == "b" and outcome.status == "exit"
    assert "fault" in outcome.stderr_tail
    rows = attempts(stores, case)
    assert sorted(rows.values()) == [("done", 1)] * 3 + [("quarantined", 1 + validate.RETRIES)]
    assert validate.stored_results(case) is None


def test_bad_case_flags_are_refused():
    with pytest.raises(validation.CaseError, match="RngRun"):
        validation._flags({"RngRun": "2"}, "case.toml")


def test_costs_come_from_the_last_runs_else_from_the_cost_table(tmp_path, stores, monkeypatch):
    case = make_case(tmp_path)
    table = tmp_path / "runs.csv"
    table.write_text("case,variant,run,wall_s\nengine-test,b,2,7.5\n")
    monkeypatch.setattr(validate, "cost_table_path", lambda: table)
    plan = validate.CaseRun.plan(case, "quick")
    store = validate.open_store(case)
    try:
        cost = validate._cost_function([(plan, store)])
        assert [cost(t) for _, t in plan.tasks] == [0.0, 0.0, 0.0, 7.5]
    finally:
        store.close()
    run(case)
    store = validate.open_store(case)
    try:
        cost = validate._cost_function([(plan, store)])
        walls = {r["run_id"]: r["wall_s"] for r in store.rows("done")}
        assert [cost(t) for _, t in plan.tasks] == [walls[t.run_id] for _, t in plan.tasks]
    finally:
        store.close()


def test_build_identity_follows_the_inputs_only(tmp_path, monkeypatch):
    for name, text in [("model/a.cc", "x"), ("docs/a.md", "y"), ("CMakeLists.txt", "z")]:
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(text)
    monkeypatch.setattr(paths, "SOURCE_DIR", tmp_path)

    def identity() -> str:
        validate.build_identity.cache_clear()
        return validate.build_identity()

    try:
        first = identity()
        (tmp_path / "docs/a.md").write_text("a documentation change")
        (tmp_path / "model/.a.cc.swp").write_text("an editor's file")
        (tmp_path / "model/test").mkdir()
        (tmp_path / "model/test/a-test-suite.cc").write_text("a new test suite")
        assert identity() == first
        (tmp_path / "model/a.cc").write_text("a source change")
        second = identity()
        assert second != first
        (tmp_path / "model/a.cc").rename(tmp_path / "model/b.cc")  # same bytes, new name
        assert identity() not in (first, second)
    finally:
        monkeypatch.undo()
        validate.build_identity.cache_clear()


KILLABLE = """\
import sys
from pathlib import Path
from hybridnet import validate, validation
validate.results_dir = lambda: Path(sys.argv[1])
case = validation.load_case(Path(sys.argv[2]))
validate.run([case], "quick", 1, lambda d: print("finished", d.case.id, flush=True))
"""


def test_killed_validation_resumes_where_it_stopped(tmp_path, stores, monkeypatch):
    # Four runs of about 1 s each, one at a time; the driver is killed after the first.
    case = make_case(tmp_path, sim_time="15s")
    env = {**os.environ, "HYBRIDNET_BUILD_DIR": str(paths.build_dir())}
    driver = subprocess.Popen(
        [sys.executable, "-c", KILLABLE, str(stores), str(case.folder)],
        env=env,
        start_new_session=True,
    )
    runs = stores / case.id / "runs"
    deadline = time.monotonic() + 120
    while not list(runs.glob("*.json")) and time.monotonic() < deadline:
        time.sleep(0.05)
    os.killpg(driver.pid, signal.SIGKILL)
    driver.wait()
    kept = {p.name for p in runs.glob("*.json")}
    assert 1 <= len(kept) < 4
    resumed = run(case)
    assert not resumed.from_store and [o.verdict for o in resumed.outcomes] == ["pass"]
    rows = attempts(stores, case)
    assert len(rows) == 4 and all(status == "done" for status, _ in rows.values())
    # A run whose result was kept is not run again.
    assert all(rows[name.removesuffix(".json")] == ("done", 1) for name in kept)
    # And the resumed results equal an uninterrupted validation's, wall clock aside.
    clean = tmp_path / "clean"
    monkeypatch.setattr(validate, "results_dir", lambda: clean)
    fresh = run(case)
    assert _without_wall(fresh.docs) == _without_wall(resumed.docs)


def _without_wall(docs: dict) -> str:
    return json.dumps(
        {
            v: [{k: x for k, x in d.items() if k != "wallClock"} for d in ds]
            for v, ds in docs.items()
        },
        sort_keys=True,
    )
