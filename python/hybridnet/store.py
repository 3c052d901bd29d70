# SPDX-License-Identifier: GPL-2.0-only
"""The crash-proof result store of a sweep.

Layout of a results directory::

    runs/<run ID>.json     one result document per successful run, written atomically
    index.sqlite           SQLite index of every run: status, attempts, failure details
    driver.lock            held (flock) by the one driver working on this directory

A result file is written (temporary file, fsync, rename, fsync of the folder) before its
index row is committed; on start the index is reconciled with the files, so a driver
killed at any point loses at most the runs that were in flight.  SQLite runs in WAL mode
with synchronous=FULL; WAL needs a local disk (not NFS), so keep the index on a local
file system or accept that two machines must not open it at once.
"""

from __future__ import annotations

import datetime
import fcntl
import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .runs import RunOutcome, RunTask

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    run_id      TEXT PRIMARY KEY,
    scenario    TEXT NOT NULL,
    point       TEXT NOT NULL,       -- JSON object flag -> text
    seed        INTEGER NOT NULL,
    run         INTEGER NOT NULL,
    code        TEXT NOT NULL,       -- code version the run belongs to
    status      TEXT NOT NULL,       -- done | failed | quarantined
    attempts    INTEGER NOT NULL,
    detail      TEXT NOT NULL,       -- how the last attempt ended
    stderr_tail TEXT NOT NULL,
    wall_s      REAL,
    host        TEXT,
    updated     TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS sweeps (
    started     TEXT NOT NULL,
    spec        TEXT NOT NULL,
    code        TEXT NOT NULL,
    allow_dirty INTEGER NOT NULL
);
"""


class StoreBusy(RuntimeError):
    """Another driver holds the results directory."""


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def write_atomically(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    with open(tmp, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class Store:
    def __init__(self, root: str | Path):
        self.root = Path(root)
        self.runs_dir = self.root / "runs"
        self.runs_dir.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.root / "index.sqlite", timeout=60, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(SCHEMA)
        self.db.row_factory = sqlite3.Row
        self._lock_file = None

    def close(self) -> None:
        self.db.close()
        if self._lock_file:
            self._lock_file.close()

    # --- the one driver ----------------------------------------------------------------

    @contextmanager
    def driver(self) -> Iterator[None]:
        """Hold the directory for one driver; StoreBusy if another driver has it."""
        lock = open(self.root / "driver.lock", "a+")
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            lock.close()
            raise StoreBusy(f"{self.root} is in use by another sweep driver") from None
        self._lock_file = lock
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
            lock.close()
            self._lock_file = None

    # --- writing -----------------------------------------------------------------------

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    def begin_sweep(self, spec_text: str, code: str, allow_dirty: bool) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO sweeps VALUES (?, ?, ?, ?)",
                (_now(), spec_text, code, int(allow_dirty)),
            )

    def _upsert(
        self, task: RunTask, code: str, status: str, attempts: int, outcome: RunOutcome | None
    ) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO runs VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    task.run_id,
                    task.scenario,
                    json.dumps(dict(task.point)),
                    task.seed,
                    task.run,
                    code,
                    status,
                    attempts,
                    outcome.detail if outcome else "done",
                    outcome.stderr_tail if outcome else "",
                    outcome.wall_s if outcome else None,
                    outcome.host if outcome else None,
                    _now(),
                ),
            )

    def record_done(self, task: RunTask, code: str, outcome: RunOutcome, attempts: int) -> None:
        write_atomically(self.result_path(task.run_id), outcome.result)
        self._upsert(task, code, "done", attempts, outcome)

    def record_failure(
        self, task: RunTask, code: str, outcome: RunOutcome, attempts: int, quarantined: bool
    ) -> None:
        self._upsert(task, code, "quarantined" if quarantined else "failed", attempts, outcome)

    def reconcile(self, tasks: dict[str, RunTask], code: str) -> int:
        """Index result files the index does not know as done (a driver killed between
        writing a result and committing its row), and delete the temporary files of a
        driver killed while writing one.  Returns how many were added."""
        for tmp in self.runs_dir.glob(".*.json.tmp*"):
            tmp.unlink(missing_ok=True)  # this driver holds the lock: nobody else writes
        done = {r["run_id"] for r in self.db.execute("SELECT run_id FROM runs WHERE status='done'")}
        added = 0
        for path in self.runs_dir.glob("*.json"):
            run_id = path.stem
            if run_id in done or run_id not in tasks:
                continue
            try:
                json.loads(path.read_text())
            except ValueError:
                path.unlink()  # cannot happen with atomic writes; never keep a torn file
                continue
            attempts = self.attempts(run_id) + 1
            self._upsert(tasks[run_id], code, "done", attempts, None)
            added += 1
        return added

    # --- reading -----------------------------------------------------------------------

    def result_path(self, run_id: str) -> Path:
        return self.runs_dir / f"{run_id}.json"

    def status(self, run_id: str) -> str | None:
        row = self.db.execute("SELECT status FROM runs WHERE run_id=?", (run_id,)).fetchone()
        return row["status"] if row else None

    def attempts(self, run_id: str) -> int:
        row = self.db.execute("SELECT attempts FROM runs WHERE run_id=?", (run_id,)).fetchone()
        return row["attempts"] if row else 0

    def rows(self, status: str | None = None) -> list[dict]:
        query = "SELECT * FROM runs" + (" WHERE status=?" if status else "") + " ORDER BY run_id"
        return [dict(r) for r in self.db.execute(query, (status,) if status else ())]

    def counts(self) -> dict[str, int]:
        return {
            r["status"]: r["n"]
            for r in self.db.execute("SELECT status, COUNT(*) AS n FROM runs GROUP BY status")
        }

    def sweeps(self) -> list[dict]:
        return [dict(r) for r in self.db.execute("SELECT * FROM sweeps ORDER BY started")]

    def load_result(self, run_id: str) -> dict:
        return json.loads(self.result_path(run_id).read_text())
