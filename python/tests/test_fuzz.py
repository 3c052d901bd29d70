# SPDX-License-Identifier: GPL-2.0-only
"""Hostile input against every scenario binary, property-based (Hypothesis).

Each example is a flag vector drawn from the scenario's own --schema (valid values, values
at and beyond the range, wrong units, no unit, text where a number belongs, control
characters, very long values, repeated and unknown flags), or a file the user names - a
topology, a host profile, a sweep spec - made from a bundled one by replacing values,
removing keys, truncating or changing a character.  With
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

import copy
import json
import string
import subprocess
from pathlib import Path

import pytest
from conftest import derandomized
from hypothesis import given
from hypothesis import strategies as st

from hybridnet import scenarios, sweep_spec

ROOT = Path(__file__).resolve().parents[2]

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


def check(scenario: str, args: list[str], tmp_path: Path) -> int:
    """Run @p args with --check=true and assert the invariants of the module comment.
    @return the exit code (0 accepted, 2 refused)"""
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
    return proc.returncode


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


#: A bundled topology file to mutate, by its name under examples/topologies.
def base_topology(name: str) -> dict:
    return json.loads((ROOT / "examples" / "topologies" / f"{name}.json").read_text())


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
def mutated_texts(draw, base: dict) -> str:
    """@p base with up to three values replaced or keys removed, as JSON text; sometimes
    truncated or with one character changed (so the base itself, which must be accepted,
    is one of the examples)."""
    doc = copy.deepcopy(base)
    places = list(paths_of(doc))[1:]
    for _ in range(draw(st.integers(0, 3))):
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
    return draw(damaged(json.dumps(doc, indent=2)))


@st.composite
def damaged(draw, text: str) -> str:
    """@p text as it is, truncated, or with one character changed."""
    cut = draw(st.integers(0, 9))
    if cut == 0:  # truncated
        return text[: draw(st.integers(0, len(text)))]
    if cut == 1:  # a character changed
        at = draw(st.integers(0, len(text) - 1))
        return (
            text[:at]
            + draw(st.sampled_from(list(string.printable) + ["\x00", "é"]))
            + text[at + 1 :]
        )
    return text


@pytest.mark.parametrize(
    "scenario,flag,bundled",
    [
        ("lightpath-cluster", "topology", "lightpath-accelerator"),
        ("grid-testbed", "topology", "grids/grid-testbed"),
        ("path-characterisation", "path", "paths/lbnl-cern"),
    ],
)
def test_random_topology_files(scenario, flag, bundled, tmp_path):
    topology = tmp_path / "topology.json"
    files = tmp_path / "run"
    files.mkdir()

    codes = set()

    @FUZZ
    @given(mutated_texts(base_topology(bundled)))
    def one(text):
        topology.write_text(text, encoding="utf-8")
        codes.add(check(scenario, [f"--{flag}={topology}"], files))

    one()
    assert codes == {0, 2}, f"the mutations were all {'accepted' if 0 in codes else 'refused'}"


#: The bundled host profiles (scenarios/testbed/host-profiles): each a valid file to mutate.
PROFILES = sorted((ROOT / "scenarios" / "testbed" / "host-profiles").glob("*.json"))


@pytest.mark.parametrize("scenario", ["gige-iperf", "host-netperf"])
def test_random_profile_files(scenario, tmp_path):
    """Mutated host profiles (the --host file of gige-iperf, the --sender file of
    host-netperf): accepted or refused in one line, as every other input."""
    profile = tmp_path / "profile.json"
    files = tmp_path / "run"
    files.mkdir()
    flag = "--host" if scenario == "gige-iperf" else "--sender"
    bases = [json.loads(p.read_text()) for p in PROFILES]

    codes = set()

    @FUZZ
    @given(st.sampled_from(bases).flatmap(mutated_texts))
    def one(text):
        profile.write_text(text, encoding="utf-8")
        codes.add(check(scenario, [f"{flag}={profile}"], files))

    one()
    assert codes == {0, 2}, f"the mutations were all {'accepted' if 0 in codes else 'refused'}"


#: The example sweep specs: valid files to mutate.
SPECS = sorted((ROOT / "examples" / "sweeps").glob("*.*"))


@st.composite
def spec_files(draw) -> tuple[str, str]:
    """(suffix, text): an example spec with values replaced or keys removed (written as
    YAML, which every TOML document is expressible in), or its own text damaged."""
    path = draw(st.sampled_from(SPECS))
    if draw(st.booleans()):
        return path.suffix, draw(damaged(path.read_text()))
    doc = sweep_spec.read(path)
    text = draw(mutated_texts(doc))
    return ".yaml", text  # JSON is YAML


def test_random_sweep_specs(tmp_path):
    """Mutated sweep specs, read and checked in process as `hybridnet sweep` does: a
    SweepSpec or one SpecError of one line, never another exception."""

    outcomes = set()

    @FUZZ
    @given(spec_files())
    def one(spec):
        suffix, text = spec
        path = tmp_path / f"spec{suffix}"
        path.write_text(text, encoding="utf-8")
        try:
            sweep_spec.load(path)
            outcomes.add("accepted")
        except sweep_spec.SpecError as e:
            outcomes.add("refused")
            message = str(e)
            assert "\n" not in message, f"{text[:200]!r}: {message[:300]!r}"
            assert len(message) <= MAX_MESSAGE, f"{text[:200]!r}: {len(message)} characters"

    one()
    assert outcomes == {"accepted", "refused"}, f"the mutations were all {outcomes}"
