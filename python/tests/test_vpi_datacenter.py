# SPDX-License-Identifier: GPL-2.0-only
"""vpi-datacenter: strict flags; the interactive response-time law on an unloaded system;
bytes that add up between the tiers; SDP keeps IP off the inner path."""

from __future__ import annotations

import json
import math
import subprocess

import pytest
from conftest import rejected

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
    (["--window=1KiB"], "range 2KiB to 1GiB"),
    (["--host=opteron"], "--host: no host profile 'opteron'"),
    (["--aic=maybe"], "is not a boolean"),
    (["--ibDelay=2s"], "range 0s to 1s"),
    (["--linkDelay=5"], "has no unit"),
    (["--RngRun=0"], "--RngRun"),
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
