# SPDX-License-Identifier: GPL-2.0-only
"""Hostile input against every scenario binary, property-based (Hypothesis).

Each example is a flag vector or a topology file, drawn from the scenario's own --schema
(valid values, values at and beyond the range, wrong units, no unit, text where a number
belongs, control characters, very long values, repeated and unknown flags).  With
--check=true a scenario checks its input without simulating, so an example costs one
process start (about 50 ms).  The invariants, for every example:

- the program ends with exit 0 (input accepted) or exit 2 (refused), never another code
  or a signal;
- a refusal is exactly one line on stderr, "<scenario>: error: ...", at most
  MAX_MESSAGE characters, with no control character in it;
- nothing is written (--check writes no result).

Examples are derandomised: the same inputs on every run, so a failure in CI is a failure
on every machine.  HYBRIDNET_FUZZ_EXAMPLES raises the count for longer runs by hand.
Inputs that once broke a rule are kept in CORPUS and run first.
"""

from __future__ import annotations

import json
import string
import subprocess
from pathlib import Path

import pytest
from conftest import derandomized
from hypothesis import given
from hypothesis import strategies as st

from hybridnet import scenarios

#: Longest acceptable error line (a message names a flag, a value cut to a sane length and
#: the accepted range; the longest legitimate ones list choices).
MAX_MESSAGE = 1000
FUZZ = derandomized("HYBRIDNET_FUZZ_EXAMPLES", 40)

#: Inputs that once broke an invariant (issue 24), per scenario: kept so each stays fixed.
CORPUS = {
    "wan-bulk-transfer": [
        ["--rtt=5ms\n--duration=1s"],
        ["--rtt=" + "9" * 10000],
        ["--congestion=" + "x" * 10000],
    ],
    "gige-iperf": [["--window=16KB"], ["--linkRate=1Gbps\x1b[31m"]],
    "lightpath-cluster": [["--topology=" + "a" * 5000]],
}

UNITS = ["", "s", "ms", "us", "ns", "bps", "kbps", "Mbps", "Gbps", "B", "kB", "KB", "KiB"]
UNITS += ["MiB", "GiB", "%", "x", "Mb/s", "bit/s"]
#: Any text a command line can carry (argv cannot hold a NUL byte).
TEXT = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"], exclude_characters="\x00"),
    max_size=40,
)


def schema(scenario: str) -> list[dict]:
    flags = scenarios.schema(scenario)
    return [f for f in flags.flags if f.name not in ("output", "progress", "check")]


def value_strategy(flag) -> st.SearchStrategy[str]:
    """Values for one flag: its own good values, and the ways a user gets them wrong."""
    good = [v for v in (flag.default, flag.min, flag.max, *flag.choices) if v]
    number = st.one_of(
        st.integers(-(10**20), 10**20).map(str),
        st.floats(allow_nan=True, allow_infinity=True).map(repr),
        st.sampled_from(["1e400", "-0", "0x10", "1_000", "12abc", ".", "", "nan", "inf"]),
    )
    return st.one_of(
        st.sampled_from(good) if good else st.just(""),
        st.tuples(number, st.sampled_from(UNITS)).map("".join),
        TEXT,
        st.sampled_from(["\n", "a\nb", "\t", "\x7f", "\x1b[2J", "é", "..", "/", "-1"]),
        st.integers(1, 20000).map(lambda n: "7" * n),
        st.lists(st.sampled_from(good or ["1"]), min_size=2, max_size=4).map(",".join),
    )


@st.composite
def flag_vectors(draw, flags) -> list[str]:
    chosen = draw(st.lists(st.sampled_from(flags), min_size=0, max_size=4))
    args = [f"--{f.name}={draw(value_strategy(f))}" for f in chosen]
    if draw(st.booleans()) and args:
        args.append(args[0])  # the same flag twice
    if draw(st.integers(0, 9)) == 0:
        args.append(draw(st.sampled_from(["--nope=1", "--", "-x", "positional", "--rtt"])))
    return args


def check(scenario: str, args: list[str], tmp_path: Path) -> None:
    """Run @p args with --check=true and assert the invariants of the module comment."""
    before = set(tmp_path.iterdir())
    proc = subprocess.run(
        [str(scenarios.executable(scenario)), *args, "--check=true"],
        capture_output=True,
        cwd=tmp_path,
        timeout=60,
        check=False,
    )
    shown = repr([a[:80] for a in args])
    assert proc.returncode in (0, 2), f"{shown}: exit {proc.returncode}: {proc.stderr[-300:]!r}"
    err = proc.stderr.decode("utf-8", errors="replace")
    if proc.returncode == 2:
        lines = err.rstrip("\n").split("\n")
        assert len(lines) == 1, f"{shown}: {len(lines)} lines: {err[:300]!r}"
        line = lines[0]
        assert line.startswith(f"{scenario}: error: "), f"{shown}: {line[:200]!r}"
        assert len(line) <= MAX_MESSAGE, f"{shown}: a {len(line)}-character message"
        bad = [c for c in line if ord(c) < 32 or ord(c) == 127]
        assert not bad, f"{shown}: control characters {bad!r} in {line[:200]!r}"
    assert set(tmp_path.iterdir()) == before, f"{shown}: --check wrote files"


@pytest.mark.parametrize("scenario", scenarios.names())
def test_corpus(scenario, tmp_path):
    for args in CORPUS.get(scenario, []):
        check(scenario, args, tmp_path)


@pytest.mark.parametrize("scenario", scenarios.names())
def test_random_flags(scenario, tmp_path):
    flags = schema(scenario)

    @FUZZ
    @given(flag_vectors(flags))
    def one(args):
        check(scenario, args, tmp_path)

    one()


#: A valid topology file to mutate: the smallest bundled one.
def base_topology() -> dict:
    folder = Path(__file__).resolve().parents[2] / "examples" / "topologies"
    smallest = min(folder.glob("*.json"), key=lambda p: p.stat().st_size)
    return json.loads(smallest.read_text())


def paths_of(doc, prefix=()):
    """Every (path, value) of a JSON document, depth first."""
    yield prefix, doc
    items = (
        doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    )
    for key, value in items:
        yield from paths_of(value, (*prefix, key))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=6,
)


@st.composite
def topology_texts(draw) -> str:
    doc = base_topology()
    places = list(paths_of(doc))[1:]
    for _ in range(draw(st.integers(1, 3))):
        path, _old = draw(st.sampled_from(places))
        target = doc
        try:
            for key in path[:-1]:
                target = target[key]
            if draw(st.integers(0, 4)) == 0 and isinstance(target, dict):
                del target[path[-1]]
            else:
                target[path[-1]] = draw(JSON_VALUES)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation replaced the parent
    text = json.dumps(doc, indent=2)
    cut = draw(st.integers(0, 9))
    if cut == 0:  # truncated
        text = text[: draw(st.integers(0, len(text)))]
    elif cut == 1:  # a byte changed
        at = draw(st.integers(0, len(text) - 1))
        text = (
            text[:at]
            + draw(st.sampled_from(list(string.printable) + ["\x00", "é"]))
            + text[at + 1 :]
        )
    return text


def test_random_topology_files(tmp_path):
    topology = tmp_path / "topology.json"
    files = tmp_path / "run"
    files.mkdir()

    @FUZZ
    @given(topology_texts())
    def one(text):
        topology.write_text(text, encoding="utf-8")
        check("lightpath-cluster", [f"--topology={topology}"], files)

    one()
