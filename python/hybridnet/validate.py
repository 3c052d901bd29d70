# SPDX-License-Identifier: GPL-2.0-only
"""Running validation cases on the run engine, and reading their results back.

Every case has a store of its own, ``<build>/validation/<case>/`` (the sweep store:
``runs/<run ID>.json`` and ``index.sqlite``), so a killed ``hybridnet validate`` resumes
where it stopped and two validations of different cases never share a lock.  A run's ID
is its case, scenario, flags, seed and RngRun and what the build was made from
(``build_identity``): a run is repeated only when it is missing or when a source, a CMake
file, a host profile or a topology file has changed.  The checks are read from
``case.toml`` each time, so a changed tolerance or declaration needs no new runs.

All cases' runs go to the engine at once, longest first (their wall times from the last
time they ran, else from ``docs/validation/runs.csv``), so the cores stay busy across
cases; a case is reported as soon as its last run ends.
"""

from __future__ import annotations

import csv
import hashlib
import json
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from . import engine, paths, scenarios
from .runs import RunOutcome, RunTask, run_id
from .store import Store, write_atomically
from .validation import Case, Outcome, evaluate

#: ns-3's default seed; validation varies RngRun only.
SEED = 1
#: A run that takes longer has hung (the longest quick run takes about a minute).
TIMEOUT_S = 4 * 3600.0
#: A run that failed once more is tried once more (a lost worker, not a model fault).
RETRIES = 1
#: What the scenario programs are built from or read at run time (build_identity).
INPUTS = ("CMakeLists.txt", "cmake", "model", "scenarios", "examples/topologies")
COST_TABLE_COLUMNS = ["case", "variant", "run", "wall_s"]


def results_dir() -> Path:
    return paths.build_dir() / "validation"


def cost_table_path() -> Path:
    return paths.report_dir() / "runs.csv"


@cache
def build_identity() -> str:
    """Hash of what the scenario programs are built from and read: every file under
    INPUTS (sources, CMake files, host profiles, topology files) and the ns-3 version.

    Inputs, not binaries: the programs embed ``git describe``, so their bytes change with
    every commit, while a commit that touches no input cannot change a result.  The
    stores live in the build tree, so the compiler and its flags are the build's own.
    Rebuild before validating changed sources (as before a sweep)."""
    digest = hashlib.sha256(paths.manifest()["ns3_version"].encode())
    for path in _input_files():
        digest.update(str(path.relative_to(paths.SOURCE_DIR)).encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _input_files() -> list[Path]:
    files = []
    for name in INPUTS:
        top = paths.SOURCE_DIR / name
        found = [top] if top.is_file() else top.rglob("*")
        files += [p for p in found if p.is_file() and not _ignored(p)]
    return sorted(files)


def _ignored(path: Path) -> bool:
    """Editor and tool files (hidden, ``__pycache__``) are not inputs, nor test suites (a
    ``test`` folder of a module or of the testbed): they are built into the test runner,
    never into a scenario program, so a new test keeps the results."""
    parts = path.relative_to(paths.SOURCE_DIR).parts
    hidden = any(part.startswith(".") or part == "__pycache__" for part in parts)
    return hidden or "test" in parts[:-1]


@dataclass(frozen=True)
class CaseRun:
    """A case's runs at one level: (variant name, task) pairs, in variant/RngRun order."""

    case: Case
    level: str
    tasks: tuple

    @classmethod
    def plan(cls, case: Case, level: str) -> CaseRun:
        code = build_identity()
        program = str(scenarios.executable(case.scenario))
        tasks = []
        for variant in case.variants_at(level):
            point = case.point(variant, level)
            key = tuple(sorted(point.items()))
            for run in case.runs(variant, level):
                # The case is part of the identity: two cases may run the same flags, and
                # each case's runs are its own (in its own store).
                identity = run_id(case.scenario, point, SEED, run, f"{code} {case.id}")
                task = RunTask(identity, case.scenario, program, key, SEED, run, TIMEOUT_S)
                tasks.append((variant.name, task))
        return cls(case, level, tuple(tasks))

    @property
    def code(self) -> str:
        return build_identity()

    def results(self, store: Store) -> dict | None:
        """Result documents by variant if every run is done in ``store``, else None."""
        docs: dict = {}
        for variant, task in self.tasks:
            if store.status(task.run_id) != "done":
                return None
            docs.setdefault(variant, []).append(store.load_result(task.run_id))
        return docs


def open_store(case: Case) -> Store:
    return Store(results_dir() / case.id)


def stored_results(case: Case) -> tuple[str, dict] | None:
    """The highest level at which every run of the case is in its store for this build,
    with the result documents by variant; None if no level is complete.  A full level that
    runs exactly the quick level's runs is reported as quick (what the main job runs)."""
    if not (results_dir() / case.id / "index.sqlite").is_file():
        return None
    quick, full = CaseRun.plan(case, "quick"), CaseRun.plan(case, "full")
    plans = [quick] if set(full.tasks) == set(quick.tasks) else [full, quick]
    store = open_store(case)
    try:
        for plan in plans:
            docs = plan.results(store)
            if docs is not None:
                return plan.level, docs
        return None
    finally:
        store.close()


# --- costs: longest runs first ---------------------------------------------------------


def read_cost_table() -> dict:
    """(case, variant, RngRun) -> wall seconds, from docs/validation/runs.csv."""
    path = cost_table_path()
    if not path.is_file():
        return {}
    with path.open(newline="") as f:
        return {
            (r["case"], r["variant"], int(r["run"])): float(r["wall_s"]) for r in csv.DictReader(f)
        }


def update_cost_table(cases: list[Case]) -> Path:
    """Write docs/validation/runs.csv: the wall time of every quick-level run (what the
    main job costs), from the stores; a case without finished quick runs of this build
    keeps its rows."""
    table = {k: v for k, v in read_cost_table().items() if k[0] in {c.id for c in cases}}
    for case in cases:
        if not (results_dir() / case.id / "index.sqlite").is_file():
            continue
        plan = CaseRun.plan(case, "quick")
        store = open_store(case)
        try:
            walls = {r["run_id"]: r["wall_s"] for r in store.rows("done")}
        finally:
            store.close()
        if all(walls.get(t.run_id) is not None for _, t in plan.tasks):
            table = {k: v for k, v in table.items() if k[0] != case.id}
            table.update({(case.id, v, t.run): walls[t.run_id] for v, t in plan.tasks})
    lines = [",".join(COST_TABLE_COLUMNS)]
    lines += [f"{c},{v},{r},{w:.1f}" for (c, v, r), w in sorted(table.items())]
    path = cost_table_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, "\n".join(lines) + "\n")
    return path


def _last_wall_times(store: Store) -> dict:
    """(scenario, point JSON, RngRun) -> wall seconds of the latest finished run, any build."""
    walls = {}
    for row in sorted(store.rows("done"), key=lambda r: r["updated"]):
        if row["wall_s"] is not None:
            walls[(row["scenario"], row["point"], row["run"])] = row["wall_s"]
    return walls


def _cost_function(plans: list[tuple[CaseRun, Store]]) -> Callable[[RunTask], float]:
    table = read_cost_table()
    costs = {}
    for plan, store in plans:
        walls = _last_wall_times(store)
        for variant, task in plan.tasks:
            point = json.dumps(dict(task.point))
            known = walls.get((task.scenario, point, task.run))
            if known is None:
                known = table.get((plan.case.id, variant, task.run), 0.0)
            costs[task.run_id] = known
    return lambda task: costs.get(task.run_id, 0.0)


# --- running -----------------------------------------------------------------------------


@dataclass
class CaseDone:
    """A case whose runs are all finished: its outcomes, or the runs that failed."""

    case: Case
    level: str
    outcomes: list[Outcome]
    docs: dict
    failed: list  # (variant, RunOutcome) of quarantined runs
    from_store: bool
    wall_s: float  # summed wall seconds of the runs done now


def _finish(plan: CaseRun, store: Store, failed: list, from_store: bool, wall_s: float) -> CaseDone:
    docs = {} if failed else plan.results(store)
    outcomes = [] if failed else evaluate(plan.case, docs, plan.level)
    return CaseDone(plan.case, plan.level, outcomes, docs or {}, failed, from_store, wall_s)


def run(
    cases: list[Case],
    level: str,
    jobs: int | None,
    on_case: Callable[[CaseDone], None],
    on_run: Callable[[int, int], None] | None = None,
) -> list[CaseDone]:
    """Run what is missing of ``cases`` at ``level``; ``on_case`` sees each case as it
    finishes (cases complete in the store first), ``on_run(finished, to_run)`` each run.
    StoreBusy if another validation holds one of the cases."""
    with ExitStack() as stack:
        plans = []
        for case in cases:
            store = open_store(case)
            stack.callback(store.close)
            stack.enter_context(store.driver())
            plan = CaseRun.plan(case, level)
            store.reconcile({t.run_id: t for _, t in plan.tasks}, plan.code)
            plans.append((plan, store))
        return _run_plans(plans, jobs, on_case, on_run)


def _run_plans(
    plans: list[tuple[CaseRun, Store]],
    jobs: int | None,
    on_case: Callable[[CaseDone], None],
    on_run: Callable[[int, int], None] | None,
) -> list[CaseDone]:
    finished: list[CaseDone] = []
    owner: dict = {}  # run ID -> (plan, store, variant, task)
    left: dict = {}  # case id -> run IDs not finished
    for plan, store in plans:
        todo = {t.run_id for _, t in plan.tasks if store.status(t.run_id) != "done"}
        if not todo:
            finished.append(_finish(plan, store, [], True, 0.0))
            on_case(finished[-1])
        left[plan.case.id] = todo
        owner.update({t.run_id: (plan, store, v, t) for v, t in plan.tasks if t.run_id in todo})
    if not any(left.values()):
        return finished
    failed: dict = {}
    wall: dict = {}

    def on_final(task: RunTask, outcome: RunOutcome) -> list:
        plan, store, variant, _ = owner[task.run_id]
        if outcome.status != "done":
            failed.setdefault(plan.case.id, []).append((variant, outcome))
        wall[plan.case.id] = wall.get(plan.case.id, 0.0) + outcome.wall_s
        left[plan.case.id].discard(task.run_id)
        if on_run:
            on_run(len(owner) - sum(len(ids) for ids in left.values()), len(owner))
        if not left[plan.case.id]:
            finished.append(
                _finish(plan, store, failed.get(plan.case.id, []), False, wall[plan.case.id])
            )
            on_case(finished[-1])
        return []

    todo = [task for _, _, _, task in owner.values()]
    client = engine.start_local(jobs)
    try:
        engine.run_tasks(
            client[0],
            todo,
            store_of=lambda t: owner[t.run_id][1],
            code_of=lambda t: owner[t.run_id][0].code,
            retries=RETRIES,
            fresh={t.run_id for t in todo if owner[t.run_id][1].status(t.run_id) == "quarantined"},
            cost=_cost_function(plans),
            on_final=on_final,
        )
    finally:
        engine.close(client)
    return finished
