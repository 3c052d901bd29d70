# SPDX-License-Identifier: GPL-2.0-only
"""The hybridnet command: list and run scenarios, validate, write the report.

    hybridnet list
    hybridnet run <scenario> [--flag=value ...]      (flags: hybridnet run <scenario> --help)
    hybridnet validate [--quick | --full] [--only ID ...] [--jobs N] [--no-report]
    hybridnet report
    hybridnet docs
    hybridnet profiles [NAME | FILE]
    hybridnet sweep <spec.toml|yaml> [--results DIR] [--scheduler URL | --cluster KIND ...]
    hybridnet status <DIR>
    hybridnet export <DIR> --output FILE.csv|FILE.parquet [--per-point]
    hybridnet plot <DIR> --x PARAM --y METRIC [--by PARAM] [--where PARAM=VALUE ...]
                   [--logx] [--logy] [--output BASE]
    hybridnet tune [PATH | --bandwidth RATE --rtt TIME] [--default-buffer SIZE] [--no-check]
    hybridnet lifelines <FILE.ulm> [--events E1,E2,...] [--ids ID1,...] [--output BASE]

Exit codes: 0 success, 1 a run failed or a verdict differs from its case's declaration,
2 bad input (a one-line message names the parameter and what is accepted).
"""

from __future__ import annotations

import argparse
import datetime
import subprocess
import sys
import time
from pathlib import Path

from . import (
    analysis,
    architecture,
    attributes,
    netlogger,
    outputs,
    paths,
    plots,
    profiles,
    report,
    scenarios,
    store,
    sweep,
    sweep_spec,
    tune,
    validate,
    validation,
)

EXIT_FAILED = 1
EXIT_BAD_INPUT = 2


class BadInput(Exception):
    """A one-line message about a parameter and its accepted values."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2, no usage dump
        raise BadInput(f"{self.prog}: error: {message}")


def _positive_int(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not an integer from 1 up")
    return int(text)


class _Progress:
    """A progress bar on a terminal, a line per 10 % elsewhere."""

    def __init__(self, name: str):
        self.name = name
        self.tty = sys.stderr.isatty()
        self.last_decile = -1

    def __call__(self, fraction: float, sim: float, wall: float) -> None:
        if self.tty:
            bar = "#" * int(30 * fraction)
            sys.stderr.write(
                f"\r{self.name} [{bar:<30}] {100 * fraction:5.1f} %  "
                f"simulated {sim:.3f} s  wall {wall:.1f} s"
            )
            sys.stderr.flush()
        elif int(10 * fraction) > self.last_decile:
            self.last_decile = int(10 * fraction)
            print(
                f"{self.name}: {100 * fraction:.0f} % (simulated {sim:.3f} s, wall {wall:.1f} s)",
                file=sys.stderr,
                flush=True,
            )

    def done(self) -> None:
        if self.tty:
            sys.stderr.write("\n")


def cmd_list(_args) -> int:
    rows = [(name, scenarios.schema(name).description) for name in scenarios.names()]
    width = max((len(n) for n, _ in rows), default=0)
    for name, description in rows:
        print(f"{name:<{width}}  {description}")
    return 0


def print_summary(doc: dict, path: Path) -> None:
    metrics = doc["metrics"]
    width = max((len(k) for k in metrics), default=0)
    print(
        f"{doc['scenario']}: simulated {doc['simulatedTime']['value']:g} s, "
        f"{doc['eventCount']} events, wall {doc['wallClock']['wallTime']['value']:.2f} s"
    )
    for name, m in metrics.items():
        print(f"  {name:<{width}}  {m['value']:.6g} {m['unit']}")
    print(f"result: {path}")


def _output_flag(flags: list[str]) -> Path | None:
    """The one --output of a run's flags, checked for writing; removed from ``flags``."""
    given = [f for f in flags if f == "--output" or f.startswith("--output=")]
    if len(given) > 1:
        raise BadInput("hybridnet run: error: --output: given more than once")
    if not given:
        return None
    if given[0] == "--output":
        raise BadInput("hybridnet run: error: --output: needs a value (--output=FILE.json)")
    flags.remove(given[0])
    return outputs.check(given[0].removeprefix("--output="), "--output")


def _progress_flag(flags: list[str]) -> bool:
    """Whether to show progress: --progress[=true|false] (default true), removed from
    ``flags`` (the runner reads the scenario's progress lines itself)."""
    given = [f for f in flags if f == "--progress" or f.startswith("--progress=")]
    if len(given) > 1:
        raise BadInput("hybridnet run: error: --progress: given more than once")
    if not given:
        return True
    flags.remove(given[0])
    value = given[0].partition("=")[2] or "true"
    if value not in ("true", "false"):
        raise BadInput(
            f"hybridnet run: error: --progress: {outputs.show(value)} is not true or false"
        )
    return value == "true"


def cmd_run(args) -> int:
    flags = list(args.flags)
    if any(f in ("--help", "-h", "--schema") for f in flags):
        # The scenario documents its own flags; no result to keep.
        return subprocess.run([str(scenarios.executable(args.scenario)), *flags]).returncode
    if any(f.startswith("--check") for f in flags):
        # The scenario checks its own flags; the output here, as a run would (a run
        # creates the output's folders, so the scenario's own check of it is not asked).
        _output_flag(flags)
        return subprocess.run([str(scenarios.executable(args.scenario)), *flags]).returncode
    output = _output_flag(flags)
    show_progress = _progress_flag(flags)
    if output is None:
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
        output = Path("hybridnet-results") / f"{args.scenario}-{stamp}.json"
    progress = _Progress(args.scenario) if show_progress else None
    try:
        doc = scenarios.run(args.scenario, flags, output, progress=progress)
    finally:
        if progress:
            progress.done()
    print_summary(doc, output)
    return 0


def _select_cases(only: list[str] | None) -> list[validation.Case]:
    cases = validation.discover()
    if not only:
        return cases
    known = {c.id for c in cases}
    for case_id in only:
        if case_id not in known:
            raise BadInput(
                f"hybridnet validate: error: --only: unknown case '{case_id}'; "
                f"one of: {', '.join(sorted(known))}"
            )
    return [c for c in cases if c.id in only]


class _ValidationLog:
    """Prints a block per case as it finishes and counts verdicts."""

    #: Seconds between two lines saying how many runs have finished.
    HEARTBEAT_S = 60.0

    def __init__(self, total: int):
        self.total, self.count = total, 0
        self.passed = self.failed = 0
        self.unexpected: list[str] = []
        self.start = self.last_line = time.monotonic()

    def run_finished(self, finished: int, to_run: int) -> None:
        """A line a minute while runs go on (a long case reports only when it ends)."""
        now = time.monotonic()
        if now - self.last_line >= self.HEARTBEAT_S and finished < to_run:
            self.last_line = now
            print(
                f"validation: {finished} of {to_run} runs finished, "
                f"{(now - self.start) / 60:.0f} min",
                flush=True,
            )

    def __call__(self, done: validate.CaseDone) -> None:
        self.last_line = time.monotonic()
        self.count += 1
        case, level = done.case, done.level
        variants = case.variants_at(level)
        runs = (
            f"{len(variants)} variant(s), {sum(len(case.runs(v, level)) for v in variants)} run(s)"
        )
        when = "from the store" if done.from_store else f"{done.wall_s:.0f} s of runs"
        verdicts = [o.verdict for o in done.outcomes if o.verdict != "not run"]
        counts = (
            ", ".join(f"{verdicts.count(v)} {v}" for v in validation.VERDICTS if v in verdicts)
            or "runs failed"
        )
        print(
            f"[{self.count}/{self.total}] {case.id} ({level}: {runs}, {when}): {counts}", flush=True
        )
        for variant, outcome in done.failed:
            last = (outcome.stderr_tail.splitlines() or ["no message"])[-1]
            print(f"  run failed: variant {variant}: {outcome.detail}: {last}")
            self.unexpected.append(f"{case.id} (a run failed)")
        for o in done.outcomes:
            if o.verdict == "not run":
                continue
            mark = "" if o.as_expected else f"   <-- declared {o.expected}"
            print(
                f"  {o.check:<28} {o.origin:<11} {o.target:>10} {o.unit:<5} simulated "
                f"{report.simulated_text(o):<28} {o.verdict}{mark}",
                flush=True,
            )
            self.passed += o.verdict == "pass"
            self.failed += o.verdict != "pass"
            if not o.as_expected:
                self.unexpected.append(f"{case.id}/{o.check}")


def _stored_report_input(cases: list[validation.Case]) -> dict:
    """case id -> (level, outcomes, documents) of every case complete in its store."""
    found = {}
    for case in cases:
        stored = validate.stored_results(case)
        if stored is not None:
            level, docs = stored
            found[case.id] = (level, validation.evaluate(case, docs, level), docs)
    return found


def cmd_validate(args) -> int:
    level = "full" if args.full else "quick"
    cases = _select_cases(args.only)
    print(
        f"validation: {len(cases)} case(s) at the {level} level; results in "
        f"{validate.results_dir()} (a second run reuses them)",
        flush=True,
    )
    log = _ValidationLog(len(cases))
    finished = validate.run(cases, level, args.jobs, log, log.run_finished)
    if not args.no_report:
        all_cases = validation.discover()
        found = _stored_report_input(all_cases)
        found.update({d.case.id: (d.level, d.outcomes, d.docs) for d in finished if d.docs})
        print(f"report: {report.write(all_cases, found)}")
        print(f"costs: {validate.update_cost_table(all_cases)}")
    print(f"validation: {log.passed} passed, {log.failed} failed")
    if log.unexpected:
        print(f"verdicts that differ from their case's declaration: {', '.join(log.unexpected)}")
        return EXIT_FAILED
    print(
        f"the {log.failed} failed check(s) are declared misses, each explained in the report; "
        "every verdict is the one its case declares"
    )
    return 0


def cmd_report(_args) -> int:
    cases = validation.discover()
    found = _stored_report_input(cases)
    missing = [c.id for c in cases if c.id not in found]
    if missing:
        print(
            f"report: no results of this build for {len(missing)} case(s) (listed as not "
            f"run): {', '.join(missing)}; run 'hybridnet validate'",
            file=sys.stderr,
        )
    print(f"report: {report.write(cases, found)}")
    return 0


def cmd_profiles(args) -> int:
    if args.profile is None:
        rows = profiles.bundled()
        width = max((len(n) for n, _ in rows), default=0)
        for name, description in rows:
            print(f"{name:<{width}}  {description}")
        print(f"files: {profiles.directory()}; 'hybridnet profiles NAME' shows every value")
        return 0
    description, found = profiles.values(args.profile)
    print(description)
    for section in dict.fromkeys(v.section for v in found):  # in the order they come
        print(section)
        for v in (v for v in found if v.section == section):
            print(f"  {v.attribute} = {v.value}   [{v.origin}] {v.source}")
    return 0


def cmd_docs(_args) -> int:
    print(f"attributes: {attributes.write()}")
    print(f"layers: {architecture.write()}")
    return 0


def cmd_sweep(args) -> int:
    spec = sweep_spec.load(args.spec)
    results_dir = Path(args.results or Path("sweeps") / Path(args.spec).stem)
    options = sweep.ClusterOptions(
        queue=args.queue,
        account=args.account,
        walltime=args.walltime,
        memory=args.memory,
        jobs=args.cluster_jobs,
        extra=args.job_directive,
    )
    report_ = sweep.run(
        spec,
        results_dir,
        scheduler=args.scheduler,
        cluster=args.cluster,
        cluster_options=options,
        jobs=args.jobs,
        allow_dirty=args.allow_dirty,
        retry_quarantined=args.retry_quarantined,
        progress=True,
        # the header only once the directory is ours: a refused driver prints one line
        on_start=lambda: print(f"sweep: {spec.describe()} -> {results_dir}", flush=True),
    )
    print(
        f"sweep: {report_.planned} runs planned, {report_.already_done} already done, "
        f"{report_.done} done now, {report_.retried} retried, "
        f"{len(report_.quarantined)} quarantined (code {report_.code_version})"
    )
    for run_id, detail, tail in report_.quarantined:
        last = tail.strip().splitlines()[-1] if tail.strip() else ""
        print(f"  quarantined {run_id}: {detail}{': ' + last if last else ''}")
    return 0 if report_.complete else EXIT_FAILED


def cmd_status(args) -> int:
    if not (Path(args.results) / "index.sqlite").is_file():
        raise BadInput(f"hybridnet status: error: {args.results} is not a sweep results directory")
    index = store.Store(args.results)
    try:
        counts = index.counts()
        print(
            f"{args.results}: "
            + ", ".join(f"{counts.get(s, 0)} {s}" for s in ("done", "failed", "quarantined"))
        )
        for sweep_row in index.sweeps()[-1:]:
            dirty = " (dirty tree allowed)" if sweep_row["allow_dirty"] else ""
            print(f"last sweep started {sweep_row['started']}, code {sweep_row['code']}{dirty}")
        for row in index.rows("failed") + index.rows("quarantined"):
            last = row["stderr_tail"].strip().splitlines()[-1:] or [""]
            print(
                f"  {row['status']} {row['run_id']} after {row['attempts']} attempt(s): "
                f"{row['detail']} {last[0]}  {row['point']} RngRun={row['run']}"
            )
    finally:
        index.close()
    return 0


def cmd_export(args) -> int:
    if not (Path(args.results) / "index.sqlite").is_file():
        raise BadInput(f"hybridnet export: error: {args.results} is not a sweep results directory")
    outputs.check(args.output, "--output")
    print(f"export: {analysis.export(args.results, args.output, per_point=args.per_point)}")
    return 0


def cmd_plot(args) -> int:
    if args.output:
        for suffix in (".png", ".pdf"):
            outputs.check(f"{args.output}{suffix}", "--output")
    try:
        figures = plots.plot(
            args.results,
            args.x,
            args.y,
            args.by,
            logx=args.logx,
            logy=args.logy,
            output=args.output,
            where=args.where,
        )
    except plots.PlotError as e:
        raise BadInput(f"hybridnet plot: error: {e}") from None
    except plots.GnuplotFailed as e:
        print(f"hybridnet plot: error: {e}", file=sys.stderr)
        return EXIT_FAILED
    for figure in figures:
        print(f"plot: {figure}")
    return 0


def cmd_lifelines(args) -> int:
    base = args.output or str(Path(args.file).with_suffix("")) + "-lifelines"
    for suffix in (".png", ".pdf"):
        outputs.check(f"{base}{suffix}", "--output")

    def split(text: str) -> list[str]:
        return [x for x in text.split(",") if x]

    try:
        figures = netlogger.plot_lifelines(
            args.file,
            base,
            events=split(args.events) if args.events else None,
            ids=split(args.ids) if args.ids else None,
        )
    except (OSError, netlogger.UlmError) as e:
        raise BadInput(f"hybridnet lifelines: error: {e}") from None
    except plots.GnuplotFailed as e:
        print(f"hybridnet lifelines: error: {e}", file=sys.stderr)
        return EXIT_FAILED
    for figure in figures:
        print(f"lifelines: {figure}")
    return 0


def cmd_tune(args) -> int:
    if (args.path is None) == (args.bandwidth is None and args.rtt is None):
        raise BadInput(
            "hybridnet tune: error: give a PATH (a path file or one of "
            f"{', '.join(tune.bundled_paths())}) or both --bandwidth and --rtt, not both"
        )
    if args.path is None and (args.bandwidth is None or args.rtt is None):
        raise BadInput("hybridnet tune: error: --bandwidth and --rtt go together")
    if args.output:
        outputs.check(args.output, "--output")
    try:
        bandwidth = rtt = None
        if args.path is None:
            bandwidth = tune.quantity(args.bandwidth, tune.RATE_UNITS, "--bandwidth", 1e3, 1e12)
            rtt = tune.quantity(args.rtt, tune.TIME_UNITS, "--rtt", 1e-6, 10.0)
        buffer = tune.quantity(args.default_buffer, tune.SIZE_UNITS, "--default-buffer", 1, 2**30)
        outcome = tune.tune(args.path, bandwidth, rtt, int(buffer), simulate=not args.no_check)
    except tune.TuneError as e:
        raise BadInput(f"hybridnet tune: error: {e}") from None
    except scenarios.ScenarioError as e:
        if e.exit_code == 2:
            raise BadInput(f"hybridnet tune: error: {e.message.splitlines()[-1]}") from None
        raise
    print(tune.report(outcome), end="")
    if args.output:
        target = Path(args.output)
        target.parent.mkdir(parents=True, exist_ok=True)
        staged = target.with_name(f".{target.name}.tmp")
        staged.write_text(outcome.to_json())
        staged.replace(target)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="hybridnet", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sub.add_parser("list", help="scenarios with a one-line description each").set_defaults(
        func=cmd_list
    )
    run = sub.add_parser(
        "run",
        help="run one scenario, show progress, print a summary, keep the JSON result",
        description="Run a scenario once. Flags carry units (--duration=10s, "
        "--linkRate=1Gbps); `hybridnet run <scenario> --help` lists them. "
        "--output=FILE sets the result file (default: hybridnet-results/).",
    )
    run.add_argument("scenario")
    run.add_argument("flags", nargs=argparse.REMAINDER, help="--flag=value ...")
    run.set_defaults(func=cmd_run)
    val = sub.add_parser("validate", help="run validation cases, compare, write the report")
    level = val.add_mutually_exclusive_group()
    level.add_argument("--quick", action="store_true", help="the quick set (default; minutes)")
    level.add_argument("--full", action="store_true", help="every variant and replication")
    val.add_argument(
        "--only", action="append", metavar="ID", help="run only this case (repeatable)"
    )
    val.add_argument(
        "--jobs",
        type=_positive_int,
        default=None,
        help="simulations at once (integer from 1; default: CPU count)",
    )
    val.add_argument("--no-report", action="store_true", help="do not write docs/validation/")
    val.set_defaults(func=cmd_validate)
    sub.add_parser(
        "report", help="write docs/validation/ from the last validation runs"
    ).set_defaults(func=cmd_report)
    sub.add_parser(
        "docs",
        help="write docs/attributes.md from the compiled classes and the "
        "layers of docs/architecture.md from the CMake files",
    ).set_defaults(func=cmd_docs)
    prof = sub.add_parser(
        "profiles",
        help="the bundled host profiles; with a name or file, every value with its source",
    )
    prof.add_argument(
        "profile",
        nargs="?",
        metavar="NAME|FILE",
        help="a bundled profile (as --host takes it) or a profile file",
    )
    prof.set_defaults(func=cmd_profiles)
    sw = sub.add_parser(
        "sweep",
        help="run a parameter sweep (what is missing of it) on Dask",
        description="Run a sweep spec (TOML or YAML; see docs/sweeps.md). "
        "Runs already done are skipped; failed runs are retried "
        "with the same seed, then quarantined.",
    )
    sw.add_argument("spec", help="sweep spec file (.toml, .yaml, .yml)")
    sw.add_argument(
        "--results", metavar="DIR", help="results directory (default: sweeps/<spec name>)"
    )
    where = sw.add_mutually_exclusive_group()
    where.add_argument(
        "--scheduler", metavar="URL", help="join a running Dask scheduler, e.g. tcp://host:8786"
    )
    where.add_argument(
        "--cluster",
        choices=["slurm", "pbs", "sge"],
        help="start Dask workers as batch jobs (dask-jobqueue)",
    )
    sw.add_argument(
        "--jobs",
        type=_positive_int,
        default=None,
        help="local runs at once (integer from 1; default: CPU count)",
    )
    sw.add_argument("--queue", help="batch queue/partition (with --cluster)")
    sw.add_argument("--account", help="batch account/project (with --cluster)")
    sw.add_argument("--walltime", default="01:00:00", help="batch job walltime HH:MM:SS")
    sw.add_argument("--memory", default="4GB", help="memory per batch job, e.g. 4GB")
    sw.add_argument(
        "--cluster-jobs",
        type=_positive_int,
        default=1,
        help="batch jobs (one worker each) to start (integer from 1)",
    )
    sw.add_argument(
        "--job-directive",
        action="append",
        default=[],
        metavar="DIRECTIVE",
        help="extra batch directive (with --cluster; repeatable), e.g. "
        "--job-directive=--constraint=haswell",
    )
    sw.add_argument(
        "--retry-quarantined",
        action="store_true",
        help="give quarantined runs a fresh set of attempts",
    )
    sw.add_argument(
        "--allow-dirty",
        action="store_true",
        help="run from a source tree with uncommitted changes (recorded)",
    )
    sw.set_defaults(func=cmd_sweep)
    st = sub.add_parser("status", help="what a sweep directory holds: done, failed, quarantined")
    st.add_argument("results", metavar="DIR")
    st.set_defaults(func=cmd_status)
    ex = sub.add_parser("export", help="a sweep's runs (or per-point statistics) as CSV/Parquet")
    ex.add_argument("results", metavar="DIR")
    ex.add_argument("--output", required=True, help="FILE.csv or FILE.parquet")
    ex.add_argument(
        "--per-point",
        action="store_true",
        help="one row per parameter point: mean, sd, n, 95 %% half-width",
    )
    ex.set_defaults(func=cmd_export)
    pl = sub.add_parser(
        "plot",
        help="a metric's mean (95 %% CI) against a parameter, PNG and PDF",
        description="Plot the mean of a metric with 95 %% error bars against a "
        "parameter's SI value, one line per value of --by "
        "(gnuplot; see docs/sweeps.md).",
    )
    pl.add_argument("results", metavar="DIR")
    pl.add_argument("--x", required=True, metavar="PARAM", help="parameter on the x axis")
    pl.add_argument("--y", required=True, metavar="METRIC", help="metric on the y axis")
    pl.add_argument("--by", metavar="PARAM", help="one line per value of this parameter")
    pl.add_argument(
        "--where",
        action="append",
        default=[],
        metavar="PARAM=VALUE",
        help="keep only the points with this value (repeatable)",
    )
    pl.add_argument("--logx", action="store_true", help="logarithmic x axis")
    pl.add_argument("--logy", action="store_true", help="logarithmic y axis")
    pl.add_argument(
        "--output", metavar="BASE", help="figure path without suffix (default: DIR/plot-<y>-vs-<x>)"
    )
    pl.set_defaults(func=cmd_plot)
    ll = sub.add_parser(
        "lifelines",
        help="each object's path through the stages of a NetLogger ULM file, PNG and PDF",
        description="Draw the lifelines of a ULM file (NetLogger's event lines, as "
        "scenarios write them with --netlogger): the stages (event names) on the y axis, "
        "time (s) on the x axis, one line per object ID, as nlv drew them (gnuplot).",
    )
    ll.add_argument("file", metavar="FILE", help="the ULM file")
    ll.add_argument(
        "--events",
        metavar="E1,E2,...",
        help="the stages, bottom to top (default: every event, in order of first appearance)",
    )
    ll.add_argument("--ids", metavar="ID1,ID2,...", help="only these objects (default: all)")
    ll.add_argument(
        "--output", metavar="BASE", help="figure path without suffix (default: FILE-lifelines)"
    )
    ll.set_defaults(func=cmd_lifelines)
    tn = sub.add_parser(
        "tune",
        help="the data-grid study's buffer and streams advice for a path, checked by simulation",
        description="Measure a path in the simulator (pchar's round trip, pipechar's "
        "bottleneck) or take --bandwidth and --rtt, print the socket buffer the study advises "
        "(bandwidth x RTT) and the parallel streams an untuned buffer would need, then check "
        "the advice by simulating bulk TCP on the path with and without it.",
    )
    tn.add_argument(
        "path",
        nargs="?",
        metavar="PATH",
        help="a path file (docs/testbed.md) or a bundled one's name (examples/topologies/paths)",
    )
    tn.add_argument("--bandwidth", metavar="RATE", help="the bottleneck, e.g. 539Mbps")
    tn.add_argument("--rtt", metavar="TIME", help="the round trip, e.g. 50ms")
    tn.add_argument(
        "--default-buffer",
        default="32KiB",
        metavar="SIZE",
        help="the untuned socket buffer (default 32KiB: 'default buffers were 24-32 KB')",
    )
    tn.add_argument("--no-check", action="store_true", help="advise without simulating it")
    tn.add_argument("--output", metavar="FILE.json", help="also write the outcome as JSON")
    tn.set_defaults(func=cmd_tune)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return args.func(args)
    except BadInput as e:
        print(e, file=sys.stderr)
        return EXIT_BAD_INPUT
    except (ValueError, validation.CaseError, profiles.ProfileError, outputs.OutputError) as e:
        print(f"hybridnet: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (sweep.SweepError, store.StoreBusy) as e:
        print(f"hybridnet: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except paths.BuildMissing as e:
        print(f"hybridnet: error: {e}", file=sys.stderr)
        return EXIT_FAILED
    except scenarios.ScenarioError as e:
        print(e.message, file=sys.stderr)
        return EXIT_BAD_INPUT if e.exit_code == scenarios.BAD_INPUT else EXIT_FAILED
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
