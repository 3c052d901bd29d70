# SPDX-License-Identifier: GPL-2.0-only
"""vpi-datacenter: strict flags; the interactive response-time law on an unloaded system;
bytes that add up between the tiers; SDP keeps IP off the inner path; the what-if
multipliers scale the table's demands and sizes and leave it alone at 1; the saturation
case's rows are the operational bounds."""

from __future__ import annotations

import csv
import importlib.util
import json
import math
import subprocess

import pytest
from conftest import rejected

from hybridnet import paths

BAD = [
    # (arguments, text the one-line message must contain)
    (["--mix=buying"], "one of browsing, shopping, ordering"),
    (["--inner=rdma"], "one of tengig, ipoib, sdp"),
    (["--ipoibMode=ud"], "one of connected, datagram"),
    (["--ipoibMode=datagram"], "ipoibMode=datagram needs inner=ipoib"),
    (["--browsers=0"], "range 1 to 10000"),
    (["--browsers=10001"], "range 1 to 10000"),
    (["--duration=5s"], "range 10s to 10h"),
    (["--duration=15s"], "whole number of 10 s intervals"),
    (["--duration=300"], "has no unit"),
    (["--warmup=-1s"], "--warmup"),
    (["--thinkTime=0s"], "--thinkTime"),
    (["--window=1KiB"], "window is 0B or at least 2KiB"),
    (["--tcp=linux"], "one of lfn, ns3"),
    (["--tcp=ns3"], "--window=0B (the kernel's buffers) needs --tcp=lfn"),
    (["--host=opteron"], "--host: no host profile 'opteron'"),
    (["--aic=maybe"], "is not a boolean"),
    (["--ibDelay=2s"], "range 0s to 1s"),
    (["--ibWidth=8"], "ibWidth is 1, 4 or 12 lanes"),
    (["--ibMtu=3000B"], "ibMtu is 256B, 512B, 1KiB, 2KiB or 4KiB"),
    (["--linkDelay=5"], "has no unit"),
    (["--RngRun=0"], "--RngRun"),
    (["--demandScale=0"], "--demandScale: '0' is out of range; expected real, range 0.01 to 1000"),
    (["--demandScale=1001"], "--demandScale: '1001' is out of range"),
    (["--demandScale=fast"], "--demandScale: 'fast' is not a finite decimal number"),
    (["--sizeScale=0.05"], "--sizeScale: '0.05' is out of range; expected real, range 0.1 to 100"),
    (["--sizeScale=101"], "--sizeScale: '101' is out of range"),
]

BROWSERS = 50
THINK = 1.0  # s, mean Z; the maximum is 10 Z
MEASURED = 20.0  # s


def run(bin_dir, folder, *args) -> dict:
    out = folder / "r.json"
    subprocess.run(
        [str(bin_dir / "vpi-datacenter"), *args, f"--output={out}"],
        check=True,
        cwd=folder,
        capture_output=True,
    )
    return {k: m["value"] for k, m in json.loads(out.read_text())["metrics"].items()}


def short(bin_dir, folder, inner: str) -> dict:
    return run(
        bin_dir,
        folder,
        f"--inner={inner}",
        f"--browsers={BROWSERS}",
        f"--thinkTime={THINK:g}s",
        f"--duration={MEASURED:g}s",
        "--warmup=10s",
    )


@pytest.mark.parametrize("args,expected", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_flag_is_one_line_exit_2(bin_dir, tmp_path, args, expected):
    line = rejected(bin_dir / "vpi-datacenter", tmp_path, args)
    assert expected in line, line


@pytest.fixture(scope="module")
def ipoib(bin_dir, tmp_path_factory) -> dict:
    return short(bin_dir, tmp_path_factory.mktemp("ipoib"), "ipoib")


def test_throughput_is_n_over_think_plus_response(ipoib):
    """EmulatedBrowser (2): X = N / (E[TT] + R) on an unloaded system, with E[TT] = Z (1 -
    e^-10) (TpcwThinkTime (2)) and R the measured mean response time; the count over the
    measured interval T is within 4.5 standard deviations of a renewal count, sqrt(N T
    Z^2 / (E[TT] + R)^3) (the think time's variance is below Z^2)."""
    cycle = THINK * (1 - math.exp(-10)) + ipoib["responseTimeMean"]
    expected = BROWSERS / cycle * MEASURED
    bound = 4.5 * math.sqrt(BROWSERS * MEASURED * THINK**2 / cycle**3)
    assert abs(ipoib["interactions"] - expected) <= bound, (ipoib["interactions"], expected)
    assert ipoib["wips"] == pytest.approx(ipoib["interactions"] / MEASURED)
    assert ipoib["responseTimeMedian"] <= ipoib["responseTimeP90"]


def test_bytes_add_up(ipoib):
    """The web tier forwards each request unchanged (TpcwInteractionTable: appRequest =
    clientRequest), so the two links carry the same request bytes but for the requests in
    flight at the ends of the interval (at most one of at most 900 B per browser at each);
    the pages the application server returns are part of what the web tier sends back."""
    in_flight = 2 * BROWSERS * 900
    assert abs(ipoib["requestBytesClientWeb"] - ipoib["requestBytesWebApp"]) <= in_flight
    assert ipoib["responseBytesWebApp"] < ipoib["responseBytesClientWeb"]
    assert 0 < ipoib["requestBytesAppDb"] < ipoib["requestBytesWebApp"]


def test_ipoib_carries_the_inner_tiers(ipoib):
    assert ipoib["ipPacketsInner"] > 0


@pytest.mark.parametrize("inner", ["sdp", "tengig"])
def test_no_ip_on_ipoib_without_it(bin_dir, tmp_path, inner):
    """SDP carries the inner tiers' bytes over RC queue pairs: not one IP packet goes through
    the IPoIB interfaces (tengig: the 10 GbE ports carry them)."""
    metrics = short(bin_dir, tmp_path, inner)
    assert metrics["ipPacketsInner"] == 0
    assert metrics["interactions"] > 0
    assert metrics["requestBytesAppDb"] > 0


SATURATION = paths.SOURCE_DIR / "validation" / "connectx-vpi-datacenter-saturation"


def bounds_module():
    """The case's bounds.py (docs/modules/datacenter.md (1)-(6))."""
    spec = importlib.util.spec_from_file_location("saturation_bounds", SATURATION / "bounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_default_run_leaves_the_table_as_assumed(ipoib):
    """At --demandScale=1 (the default) the web tier spends the table's 0.5 ms on every
    interaction: appDemandWeb = busy / interactions is 0.5 ms but for the jobs in flight at
    the interval's ends (at most one per browser, 0.5 ms each); the application and database
    pools' demands are the mix's (1) over the assumed times within the realised mix's scatter
    (about 1,000 interactions: 1 % for the application's 3-5 ms, 4 % for the database's
    coefficient of variation of 1.32; 4 standard deviations). Mistakes tried: bounds.py's
    database time of Search Results 1 ms for 10 (D_db 3.19 ms against the run's 4.93: fails)."""
    edge = BROWSERS * 0.5e-3 / ipoib["interactions"]
    assert abs(ipoib["appDemandWeb"] - 0.5e-3) <= edge
    demands = bounds_module().demands(1.0)
    assert ipoib["appDemandApp"] == pytest.approx(demands["app"], rel=0.04)
    assert ipoib["appDemandDb"] == pytest.approx(demands["db"], rel=0.16)


def test_what_if_multipliers_scale_demands_and_sizes(bin_dir, tmp_path, ipoib):
    """--demandScale=2 doubles every tier's processor time (the web tier's exactly: 1 ms per
    interaction but for the jobs in flight at the ends); --sizeScale=2 doubles every message,
    so the request bytes per interaction double, within the difference between the two runs'
    realised mixes (the same browsers' draws; a GET is 450 B and a POST 900 B: 2 %). Over SDP,
    the cheapest stack to simulate: the bytes and demands do not depend on it. Mistake tried:
    sizeScale applied to the responses only (request bytes per interaction x 1)."""
    scaled = run(
        bin_dir,
        tmp_path,
        "--inner=sdp",
        f"--browsers={BROWSERS}",
        f"--thinkTime={THINK:g}s",
        f"--duration={MEASURED:g}s",
        "--warmup=10s",
        "--demandScale=2",
        "--sizeScale=2",
    )
    edge = BROWSERS * 1e-3 / scaled["interactions"]
    assert abs(scaled["appDemandWeb"] - 1e-3) <= edge
    per = scaled["requestBytesClientWeb"] / scaled["interactions"]
    per_default = ipoib["requestBytesClientWeb"] / ipoib["interactions"]
    assert per == pytest.approx(2 * per_default, rel=0.02)
    assert scaled["appDemandDb"] == pytest.approx(2 * ipoib["appDemandDb"], rel=0.1)


def test_saturation_case_rows_are_the_bounds():
    """validation/connectx-vpi-datacenter-saturation: the derived rows equal bounds.py's (4)
    at the case's demandScale 50 and 1 s think time (1 / D_max at saturation, N / (D + E[TT])
    at 20 browsers) to their printed digits. Mistake tried: a pool of 8 processors in
    bounds.py (saturation 33.83: fails)."""
    rows = {r["id"]: r for r in csv.DictReader((SATURATION / "reference.csv").open())}
    b = bounds_module().bounds(50.0, 1.0, 20)
    assert float(rows["saturation-throughput"]["value"]) == pytest.approx(b["saturation"], rel=2e-6)
    assert float(rows["think-bound-n20"]["value"]) == pytest.approx(b["light"], rel=5e-5)
    assert all(r["origin"] == "derived" for r in rows.values())
