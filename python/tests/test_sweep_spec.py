# SPDX-License-Identifier: GPL-2.0-only
"""Sweep specs: how a grid expands, and every kind of bad spec stopping the sweep with one
line and exit code 2 before anything is written."""

from __future__ import annotations

import math
import subprocess
from pathlib import Path

import pytest
from conftest import run_cli

from hybridnet import paths, scenarios, sweep_spec
from hybridnet.sweep_spec import SpecError

SOURCE = Path("spec.toml")


def parse(**doc):
    doc.setdefault("scenario", "gige-iperf")
    doc.setdefault("replications", {"count": 1})
    return sweep_spec.parse(doc, SOURCE)


# --- grid expansion --------------------------------------------------------------------


def test_product_times_zip_with_fixed_flags_in_every_point():
    spec = parse(
        fixed={"duration": "1s", "pingCount": 0},
        product={"window": ["16KiB", "64KiB", "256KiB"], "linkDelay": ["1us", "1ms"]},
        zip={"linkRate": ["100Mbps", "1Gbps"], "queueSize": [100, 1000]},
    )
    assert len(spec.points) == 2 * 3 * 2
    assert spec.varied == ("linkRate", "queueSize", "window", "linkDelay")
    assert all(p["duration"] == "1s" and p["pingCount"] == "0" for p in spec.points)
    # zip pairs its lists element by element, never crosses them
    assert {(p["linkRate"], p["queueSize"]) for p in spec.points} == {
        ("100Mbps", "100"),
        ("1Gbps", "1000"),
    }
    # the product is complete within each zip row
    combos = {(p["linkRate"], p["window"], p["linkDelay"]) for p in spec.points}
    assert len(combos) == 12
    # order: zip rows outermost, then the product in the order written (last fastest)
    assert [(p["window"], p["linkDelay"]) for p in spec.points[:3]] == [
        ("16KiB", "1us"),
        ("16KiB", "1ms"),
        ("64KiB", "1us"),
    ]


def test_no_grid_is_one_point_of_fixed_flags():
    spec = parse(fixed={"duration": "1s"})
    assert spec.points == ({"duration": "1s"},)
    assert spec.varied == ()


def test_value_types_become_flag_texts():
    spec = parse(product={"queueSize": [10, 20]}, fixed={"pingCount": 3, "duration": "2s"})
    assert [p["queueSize"] for p in spec.points] == ["10", "20"]
    assert spec.points[0]["pingCount"] == "3"


@pytest.mark.parametrize(
    "name,rng,expected",
    [
        (
            "linkDelay",
            {"from": "1ms", "to": "5ms", "steps": 5},
            ["1ms", "2ms", "3ms", "4ms", "5ms"],
        ),
        ("linkDelay", {"from": "0.5ms", "to": "1ms", "steps": 3}, ["0.5ms", "0.75ms", "1ms"]),
        (
            "linkDelay",
            {"from": "1us", "to": "1000us", "steps": 4, "scale": "log"},
            ["1us", "10us", "100us", "1000us"],
        ),
        # both ends integers: rounded to integers (10 ** 0.5 = 3.16 -> 3, 10 ** 1.5 = 31.6 -> 32)
        (
            "queueSize",
            {"from": 1, "to": 1000, "steps": 7, "scale": "log"},
            ["1", "3", "10", "32", "100", "316", "1000"],
        ),
        ("queueSize", {"from": 1, "to": 10, "steps": 4}, ["1", "4", "7", "10"]),
        ("window", {"from": "16KiB", "to": "64KiB", "steps": 3}, ["16KiB", "40KiB", "64KiB"]),
        # an end that is not an integer: no rounding
        ("queueSize", {"from": 1.0, "to": 2, "steps": 3}, ["1", "1.5", "2"]),
        ("window", {"from": "16.0KiB", "to": "17KiB", "steps": 3}, ["16KiB", "16.5KiB", "17KiB"]),
    ],
)
def test_ranges(name, rng, expected):
    spec = parse(product={name: rng})
    assert [p[name] for p in spec.points] == expected


def test_log_range_is_geometric():
    spec = parse(product={"linkDelay": {"from": "1.0ms", "to": "2ms", "steps": 3, "scale": "log"}})
    middle = float(spec.points[1]["linkDelay"].removesuffix("ms"))
    assert math.isclose(middle, math.sqrt(2), rel_tol=1e-11)


def test_count_and_runs():
    assert parse(replications={"count": 3}).runs == (1, 2, 3)
    assert parse(replications={"runs": [5, 7, 2]}).runs == (5, 7, 2)
    until = parse(
        replications={"count": 2, "until": {"metric": "goodput", "halfWidth": 0.05, "maxRuns": 9}}
    ).until
    assert (until.metric, until.half_width, until.max_runs) == ("goodput", 0.05, 9)


def test_defaults():
    spec = parse()
    assert (spec.seed, spec.timeout_s, spec.retries, spec.memory_limit, spec.until) == (
        1,
        3600.0,
        2,
        None,
        None,
    )
    spec = parse(seed=7, timeout="90s", retries=0, memoryLimit="1GiB")
    assert (spec.seed, spec.timeout_s, spec.retries, spec.memory_limit) == (7, 90.0, 0, 2**30)


@pytest.mark.parametrize(
    "doc,message",
    [
        ({"replications": {"count": 1, "runs": [1]}}, "exactly one of 'runs' and 'count'"),
        ({"replications": {}}, "exactly one of 'runs' and 'count'"),
        ({"product": {"queueSize": {"from": 1, "to": 2, "steps": 3}}}, "repeated values"),
        ({"product": {"linkDelay": {"from": "1us", "to": "1ms", "steps": 3}}}, "same unit"),
        (
            {"product": {"linkDelay": {"from": "0ms", "to": "1ms", "steps": 3, "scale": "log"}}},
            "log range needs 'from' above 0",
        ),
        (
            {"product": {"linkDelay": {"from": "1ms", "to": "2ms", "steps": 3, "scale": "cubic"}}},
            "not linear or log",
        ),
        ({"fixed": {"window": ["16KiB"]}}, "vary it in [product]"),
        ({"fixed": {"window": "16KiB"}, "product": {"window": ["32KiB"]}}, "in both [fixed]"),
        (
            {"replications": {"count": 1, "until": {"metric": "goodput", "halfWidth": 0.1}}},
            "at least 2 initial runs",
        ),
        (
            {"replications": {"count": 2, "until": {"metric": "goodput", "halfWidth": 1.5}}},
            "halfWidth",
        ),
        (
            {
                "replications": {
                    "count": 5,
                    "until": {"metric": "goodput", "halfWidth": 0.1, "maxRuns": 3},
                }
            },
            "maxRuns",
        ),
        ({"retries": -1}, "'retries' must be an integer from 0 to 100"),
        ({"memoryLimit": "1MiB"}, "at least 64MiB"),
        ({"seed": 0}, "'seed' must be an integer"),
    ],
)
def test_structure_errors(doc, message):
    with pytest.raises(SpecError) as e:
        parse(**doc)
    assert message in str(e.value)
    assert "\n" not in str(e.value)


# --- bad specs through the command ---------------------------------------------------

GOOD_TOML = """\
scenario = "gige-iperf"
[fixed]
duration = "100ms"
pingCount = 0
[product]
window = ["16KiB", "64KiB"]
[replications]
count = 2
"""

BAD_SPECS = {
    "unknown-scenario": (
        ".toml",
        GOOD_TOML.replace('"gige-iperf"', '"no-such-scenario"'),
        "unknown scenario 'no-such-scenario'",
    ),
    "unknown-parameter": (
        ".toml",
        GOOD_TOML.replace("window =", "windw ="),
        "unknown parameter 'windw' of gige-iperf (did you mean window?)",
    ),
    "size-without-unit": (
        ".toml",
        GOOD_TOML.replace('"64KiB"', '"16"'),
        "point (window=16): gige-iperf: error: --window: '16' has no unit",
    ),
    "negative-duration": (
        ".toml",
        GOOD_TOML.replace('"100ms"', "-1"),
        "point (window=16KiB): gige-iperf: error: --duration: negative time",
    ),
    "out-of-range": (".toml", GOOD_TOML.replace('"64KiB"', '"2GiB"'), "--window"),
    "empty-list": (
        ".toml",
        GOOD_TOML.replace('["16KiB", "64KiB"]', "[]"),
        "[product] window: an empty list",
    ),
    "inverted-range": (
        ".toml",
        GOOD_TOML.replace('["16KiB", "64KiB"]', '{ from = "64KiB", to = "16KiB", steps = 3 }'),
        "empty or inverted range",
    ),
    "one-step": (
        ".toml",
        GOOD_TOML.replace('["16KiB", "64KiB"]', '{ from = "16KiB", to = "64KiB", steps = 1 }'),
        "steps: an integer from 2 to 10000",
    ),
    "zip-lengths": (
        ".toml",
        GOOD_TOML + '[zip]\nlinkRate = ["1Gbps", "10Gbps"]\nqueueSize = [100]\n',
        "the lists in [zip] must have the same length",
    ),
    "run-option": (
        ".toml",
        GOOD_TOML.replace("window =", "RngRun = [1, 2]\nwindow ="),
        "[product] RngRun is set by the sweep",
    ),
    "count-zero": (
        ".toml",
        GOOD_TOML.replace("count = 2", "count = 0"),
        "'count' must be an integer from 1",
    ),
    "runs-repeated": (
        ".toml",
        GOOD_TOML.replace("count = 2", "runs = [1, 1]"),
        "runs: distinct RngRun values from 1",
    ),
    "runs-nested": (
        ".toml",
        GOOD_TOML.replace("count = 2", "runs = [[]]"),
        "runs: distinct RngRun values from 1",
    ),
    "no-replications": (
        ".toml",
        GOOD_TOML.replace("[replications]\ncount = 2\n", ""),
        "[replications] needs 'runs'",
    ),
    "timeout-no-unit": (
        ".toml",
        'timeout = "10"\n' + GOOD_TOML,
        "timeout: '10' is not a number with a unit",
    ),
    "timeout-too-long": (".toml", 'timeout = "200h"\n' + GOOD_TOML, "at most 168h"),
    "toml-syntax": (
        ".toml",
        GOOD_TOML.replace('"64KiB"]', '"64KiB"'),
        "spec.toml: Unclosed array (at line 7, column 1)",
    ),
    "yaml-syntax": (
        ".yaml",
        "scenario: gige-iperf\nproduct:\n  window: [16KiB, 64KiB\nreplications: {count: 1}\n",
        "spec.yaml: expected ',' or ']', but got ':' (at line 4, column 13)",
    ),
    "yaml-not-mapping": (".yaml", "- gige-iperf\n", "the top level must be a mapping"),
    "yaml-duplicate-key": (
        ".yaml",
        "scenario: gige-iperf\nscenario: host-netperf\nreplications: {count: 1}\n",
        "spec.yaml: 'scenario' appears twice (at line 2, column 1)",
    ),
    "yaml-duplicate-nested-key": (
        ".yaml",
        "scenario: gige-iperf\nfixed: {duration: 1s, duration: 2s}\n",
        "'duration' appears twice (at line 2, column",
    ),
    "unknown-key": (".toml", "scenaro = 1\n" + GOOD_TOML, "unknown key 'scenaro' (allowed: "),
    "wrong-suffix": (".json", "{}", "must end in .toml, .yaml or .yml"),
}


@pytest.mark.parametrize("case", sorted(BAD_SPECS))
def test_bad_spec_is_one_line_exit_2_and_writes_nothing(tmp_path, case):
    suffix, text, expected = BAD_SPECS[case]
    spec = tmp_path / f"spec{suffix}"
    spec.write_text(text)
    proc = run_cli("sweep", spec.name, "--results", "results", "--allow-dirty", cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and expected in lines[0], proc.stderr
    assert proc.stdout == ""
    assert [p.name for p in tmp_path.iterdir()] == [spec.name], "bad input left files behind"


def test_binary_spec_names_its_file(tmp_path):
    spec = tmp_path / "spec.yaml"
    spec.write_bytes(b"scenario: gige-iperf\n\xff\xfe\x00garbage")
    proc = run_cli("sweep", spec.name, "--results", "results", "--allow-dirty", cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "hybridnet: error: sweep spec spec.yaml: not UTF-8 text (byte 21)"
    assert [p.name for p in tmp_path.iterdir()] == [spec.name]


def test_missing_spec_file(tmp_path):
    proc = run_cli("sweep", "nothere.toml", "--results", "results", cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "hybridnet: error: sweep spec nothere.toml: no such file"
    assert list(tmp_path.iterdir()) == []


def test_good_toml_and_equivalent_yaml_load_the_same(tmp_path):
    (tmp_path / "a.toml").write_text(GOOD_TOML)
    (tmp_path / "a.yaml").write_text(
        "scenario: gige-iperf\n"
        "fixed: {duration: 100ms, pingCount: 0}\n"
        "product:\n  window: [16KiB, 64KiB]\n"
        "replications: {count: 2}\n"
    )
    toml, yaml = (sweep_spec.load(tmp_path / f"a.{s}") for s in ("toml", "yaml"))
    assert toml.points == yaml.points and toml.runs == yaml.runs == (1, 2)
    assert toml.describe() == "gige-iperf: 2 point(s) x 2 run(s)"


def test_documented_example_specs_agree():
    """examples/sweeps/window.{toml,yaml}, quoted in docs/sweeps.md, are one spec."""
    folder = paths.SOURCE_DIR / "examples" / "sweeps"
    toml, yaml = (sweep_spec.load(folder / f"window.{s}") for s in ("toml", "yaml"))
    assert toml.describe() == (
        "gige-iperf: 18 point(s) x 3 run(s), more until goodput is known to +-1 %"
    )
    for field in (
        "scenario",
        "points",
        "varied",
        "runs",
        "until",
        "seed",
        "timeout_s",
        "retries",
        "memory_limit",
    ):
        assert getattr(toml, field) == getattr(yaml, field), field
    assert sorted({p["linkDelay"] for p in toml.points}) == ["1000us", "100us", "10us"]
    docs = (paths.SOURCE_DIR / "docs" / "sweeps.md").read_text()
    for path in (folder / "window.toml", folder / "window.yaml"):
        body = "\n".join(line for line in path.read_text().splitlines() if not line.startswith("#"))
        assert body.strip() in docs, f"docs/sweeps.md does not quote {path.name}"


def test_port_contention_example_spec_is_valid():
    """examples/sweeps/port-contention.toml (docs/modules/offload.md): one point per pfd
    policy, each accepted by lightpath-cluster --check."""
    spec = sweep_spec.load(paths.SOURCE_DIR / "examples" / "sweeps" / "port-contention.toml")
    assert sorted(p["busyPolicy"] for p in spec.points) == ["deny", "preempt", "queue"]
    assert spec.describe() == "lightpath-cluster: 3 point(s) x 1 run(s)"


def test_host_limits_example_spec_is_valid():
    """examples/sweeps/host-limits.toml (docs/testbed.md): every pair of end hosts."""
    spec = sweep_spec.load(paths.SOURCE_DIR / "examples" / "sweeps" / "host-limits.toml")
    profiles = ["accelerator-xeon", "farm-pentium-800", "none"]
    pairs = sorted((p["sender"], p["receiver"]) for p in spec.points)
    assert pairs == sorted((s, r) for s in profiles for r in profiles)
    assert spec.describe() == "wan-bulk-transfer: 9 point(s) x 1 run(s)"


def test_cross_traffic_example_spec_is_valid():
    """examples/sweeps/cross-traffic.toml (docs/testbed.md): every rate with both patterns."""
    spec = sweep_spec.load(paths.SOURCE_DIR / "examples" / "sweeps" / "cross-traffic.toml")
    pairs = sorted((p["crossUdpRate"], p["crossUdpPattern"]) for p in spec.points)
    rates = ["0bps", "200Mbps", "400Mbps", "600Mbps"]
    assert pairs == sorted((r, k) for r in rates for k in ("exponential", "pareto"))
    assert spec.describe() == "wan-bulk-transfer: 8 point(s) x 1 run(s)"


def test_disk_streams_example_spec_is_valid():
    """examples/sweeps/disk-streams.toml (docs/modules/apps.md): both tools, 1-8 streams."""
    spec = sweep_spec.load(paths.SOURCE_DIR / "examples" / "sweeps" / "disk-streams.toml")
    pairs = sorted((p["tool"], p["streams"]) for p in spec.points)
    assert pairs == sorted((t, n) for t in ("bbftp", "bbcp") for n in ("1", "2", "4", "8"))
    assert spec.describe() == "disk-transfer: 8 point(s) x 1 run(s)"


def assert_accepted(scenario: str, points: list[dict]) -> None:
    """Every point's flags pass the scenario's own --check (exit code 0)."""
    program = str(scenarios.executable(scenario))
    for point in points:
        flags = [f"--{k}={v}" for k, v in point.items()]
        proc = subprocess.run([program, *flags, "--check=true"], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr


def test_lightpath_wan_whatif_spec_is_valid():
    """examples/sweeps/lightpath-wan-whatif.toml (docs/modules/offload.md): set-up latency x
    cross-traffic load x offload model, 3 x 3 x 3 points, each accepted by --check.
    Mistake tried: offload "shared" for "shared-nic" in the spec (refused by --check)."""
    spec = sweep_spec.load(paths.SOURCE_DIR / "examples" / "sweeps" / "lightpath-wan-whatif.toml")
    assert spec.describe() == "lightpath-wan: 27 point(s) x 1 run(s)"
    grid = {(p["waveLatency"], p["crossUdpRate"], p["offload"]) for p in spec.points}
    assert grid == {
        (w, u, m)
        for w in ("0s", "3s", "10s")
        for u in ("0bps", "200Mbps", "400Mbps")
        for m in ("host", "switch", "shared-nic")
    }
    assert_accepted("lightpath-wan", spec.points[::13])


def test_lightpath_wan_break_even_spec_is_valid():
    """examples/sweeps/lightpath-wan-break-even.toml (docs/modules/offload.md): transfer size
    x set-up latency x RTT x load, each on the packet WAN and on demand with its size
    announced; every point accepted by --check (the zip keeps --hintThreshold off the
    packet runs, which the scenario refuses). Mistake tried: the zip's hint "1B" for both
    modes (the spec refused as it loads: the packet points break the rule)."""
    spec = sweep_spec.load(
        paths.SOURCE_DIR / "examples" / "sweeps" / "lightpath-wan-break-even.toml"
    )
    assert spec.describe() == "lightpath-wan: 168 point(s) x 1 run(s)"
    sizes = sorted({int(p["bulkSize"].removesuffix("MB")) for p in spec.points})
    assert sizes == [1, 2, 4, 8, 16, 32, 64]
    assert {(p["mode"], p["hintThreshold"]) for p in spec.points} == {
        ("packet", "0B"),
        ("on-demand", "1B"),
    }
    assert_accepted("lightpath-wan", spec.points[::11])


def test_vpi_datacenter_saturation_spec_is_valid():
    """examples/sweeps/vpi-datacenter-saturation.toml (docs/modules/datacenter.md, the
    saturation what-if): browsers x demandScale x inner, 5 x 5 x 3 points, each accepted by
    --check. Mistake tried: demandScale "0" in the spec (refused as the spec loads: range
    0.01 to 1000)."""
    spec = sweep_spec.load(
        paths.SOURCE_DIR / "examples" / "sweeps" / "vpi-datacenter-saturation.toml"
    )
    assert spec.describe() == "vpi-datacenter: 75 point(s) x 1 run(s)"
    grid = {(p["browsers"], p["demandScale"], p["inner"]) for p in spec.points}
    assert grid == {
        (n, d, i)
        for n in ("100", "300", "600", "1000", "2000")
        for d in ("1", "5", "10", "17.5", "25")
        for i in ("tengig", "ipoib", "sdp")
    }
    assert_accepted("vpi-datacenter", spec.points[::7])


@pytest.mark.parametrize("name,sizes", [("vpi-latency", 21), ("vpi-bandwidth", 15)])
def test_vpi_curve_specs_are_valid(name, sizes):
    """examples/sweeps/vpi-*.toml (docs/modules/infiniband.md): every stack at every size."""
    spec = sweep_spec.load(paths.SOURCE_DIR / "examples" / "sweeps" / f"{name}.toml")
    stacks = {p["stack"] for p in spec.points}
    assert stacks == {"verbs", "sdp", "ipoib-datagram", "ipoib-connected", "tengig"}
    assert len({p["messageSize"] for p in spec.points}) == sizes
    assert spec.describe() == f"vpi-microbench: {5 * sizes} point(s) x 1 run(s)"


@pytest.mark.parametrize(
    "name,scenario,points",
    [
        ("fidelity-error-map", "wan-bulk-transfer", 72),
        ("sharing-error-map", "wan-shared-bottleneck", 72),
        ("recovery-error-map", "wan-bulk-transfer", 20),
    ],
)
def test_fidelity_error_map_spec_pairs_the_fidelities(name, scenario, points):
    """examples/sweeps/*-error-map.toml (docs/modules/tcp.md): every point
    at both fidelities, and the round-level half is accepted by the scenario's --check."""
    spec = sweep_spec.load(paths.SOURCE_DIR / "examples" / "sweeps" / f"{name}.toml")
    assert spec.describe() == f"{scenario}: {points} point(s) x 1 run(s)"
    others = [tuple(sorted((k, v) for k, v in p.items() if k != "fidelity")) for p in spec.points]
    assert all(others.count(o) == 2 for o in others)
    assert_accepted(
        scenario, [{**p, "fidelity": "round"} for p in spec.points[:6] + spec.points[-6:]]
    )
