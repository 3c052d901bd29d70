# SPDX-License-Identifier: GPL-2.0-only
"""The Python example runs and agrees with first principles and with its C++ twin."""

from __future__ import annotations

import importlib.util
import math
import re
import subprocess
import sys

from hybridnet import paths


def goodput(text: str) -> float:
    return float(re.search(r"connection 0: \d+ B in [\d.]+ s = ([\d.]+) Mb/s", text).group(1))


def twins_stdout(name: str, tmp_path, bin_dir) -> str:
    """Run example ``name``'s Python twin and its C++ program; both must succeed and print
    the same; returns what they print."""
    script = paths.SOURCE_DIR / "examples" / f"{name}.py"
    py = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path, timeout=300
    )
    assert py.returncode == 0, py.stderr
    cpp = subprocess.run([str(bin_dir / name)], capture_output=True, text=True, check=True)
    assert py.stdout == cpp.stdout
    return py.stdout


def test_python_example_matches_cpp_twin(tmp_path, bin_dir):
    py = subprocess.run(
        [sys.executable, str(paths.SOURCE_DIR / "examples" / "iperf-two-hosts.py")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
    )
    assert py.returncode == 0, py.stderr
    cpp = subprocess.run(
        [str(bin_dir / "iperf-two-hosts")], capture_output=True, text=True, check=True
    )
    # 100 Mb/s point-to-point link, 1448 B segments: at most 100 x 1448 / 1502 Mb/s.
    assert 90.0 < goodput(py.stdout) <= 100 * 1448 / 1502
    assert goodput(py.stdout) == goodput(cpp.stdout)


def test_pipe_request_twins_print_the_same_timeline(tmp_path, bin_dir):
    stdout = twins_stdout("pipe-request", tmp_path, bin_dir)
    lines = stdout.splitlines()
    # The timeline starts with node1's request at t = 1 s and reaches an active circuit
    # between accelerator ports 1 and 2 (node1's and node2's circuit NICs).
    assert lines[0].startswith("1.000000 epd:node1 ")
    assert any(" ocs circuitUp ports 1-2" in line for line in lines)
    assert any(" pfd state " in line and "SETTING_UP -> ACTIVE" in line for line in lines)


def test_lfn_tcp_transfer_twins_print_the_same_log(tmp_path, bin_dir):
    stdout = twins_stdout("lfn-tcp-transfer", tmp_path, bin_dir)
    lines = stdout.splitlines()
    header = lines[0].split(",")
    rows = [dict(zip(header, line.split(","), strict=True)) for line in lines[1:-1]]
    # one row every 0.5 s from the socket's creation to the stop at 5 s
    assert len(rows) == 10
    # the 20 MB transfer completes within 5 s on 100 Mb/s (1.6 s at line rate + slow start)
    assert lines[-1].startswith("received 20000000 B")
    assert int(rows[-1]["bytes_acked"]) == 20000000
    # the smoothed RTT settles at the path's 100 ms round trip (plus queueing)
    assert 100.0 <= float(rows[-1]["srtt_ms"]) < 150.0


def test_farm_tokens_twins_print_the_same_counts(tmp_path, bin_dir):
    stdout = twins_stdout("farm-tokens", tmp_path, bin_dir)
    lines = stdout.splitlines()
    # round robin: the slow node is sent every 4th of 600 events, 150, at 37.5 a second; at
    # 40 ms an event it finishes 99 in the 4 s of events (its first comes after 1 ms) and the
    # 5 its queue holds after them: 104 decided, 46 lost
    assert lines[1] == "  node 0: 104 decided, 46 lost"
    assert all(line.endswith(": 150 decided, 0 lost") for line in lines[2:5])
    # tokens: every event decided, none lost, the slow node sent what it finishes
    assert lines[5].startswith("ns3::hybridnet::TokenAssignment: 600 events, 600 decided")
    assert all(line.endswith(" 0 lost") for line in lines[6:10])


def test_farm_throttle_twins_print_the_same_counts(tmp_path, bin_dir):
    stdout = twins_stdout("farm-throttle", tmp_path, bin_dir)
    counts = [
        [int(w) for w in line.split(":")[1].replace(",", " ").split() if w.isdigit()]
        for line in stdout.splitlines()
    ]
    # (triggers, read out, throttled, dropped, decided); the farm finishes 4 / 10 ms = 400
    # events a second of the 1,000 triggered for 2 s
    held, free = counts
    assert held[0] == free[0] == 2000
    assert held[3] == 0 and held[1] + held[2] == 2000
    assert abs(held[1] - 800) <= 20 and held[4] == held[1]
    assert free[2] == 0 and free[1] == 2000
    assert abs(free[3] - 1200) <= 20 and free[4] + free[3] == 2000


def test_grid_transfer_twins_print_the_same_goodputs(tmp_path, bin_dir):
    stdout = twins_stdout("grid-transfer", tmp_path, bin_dir)
    rates = [float(re.search(r": ([\d.]+) Mb/s$", line).group(1)) for line in stdout.splitlines()]
    # each at most its receiver's link rate x 1448 / 1538 (an Ethernet frame's payload on
    # the wire), and near it after a slow start of a few hundred microseconds: the tape
    # server's flow held by the Fast Ethernet host, the disk server's by GigE
    assert len(rates) == 2
    assert 0.9 * 100 * 1448 / 1538 < rates[0] <= 100 * 1448 / 1538
    assert 0.9 * 1000 * 1448 / 1538 < rates[1] <= 1000 * 1448 / 1538


def test_path_probe_twins_print_the_same_report(tmp_path, bin_dir):
    stdout = twins_stdout("path-probe", tmp_path, bin_dir)
    lines = stdout.splitlines()
    assert lines[0] == "pipechar to 10.0.10.2: 16 trains of 8 x 1500 B per hop"
    # hop 6 the transatlantic 134.8 Mb/s link, x 1500 / 1502; hop 10 the bottleneck
    assert " 6: 10.0.6.2  134.6" in lines[6]
    assert lines[10].endswith("<- bottleneck") and "99.88" in lines[10]
    assert sum("unreliable" in line for line in lines) == 6


def test_block_pipeline_twins_print_the_same_events(tmp_path, bin_dir):
    stdout = twins_stdout("block-pipeline", tmp_path, bin_dir)
    lines = stdout.splitlines()
    assert len(lines) == 4 * 8  # four blocks, eight stage events each
    # block 0 computed for 5 ms (the ComputeTime), the next block begun as it is sent
    assert lines[0].startswith("DATE=20000101000000.002009 ") and "produce.start ID=0" in lines[0]
    assert lines[1].startswith("DATE=20000101000000.007009 ") and "produce.end ID=0" in lines[1]
    assert "produce.start ID=1" in lines[4] and lines[4].startswith(lines[1].split()[0])


def test_verbs_latency_twins_and_the_bus_ceiling(tmp_path, bin_dir):
    """The verbs API from Python (cppyy) prints what C++ prints; latency grows with size, and
    a 1 MiB SEND streams just under the PCIe x8 gen 1 read ceiling: 16 Gb/s x 128 / (128 +
    20) = 13.84 Gb/s of payload (HostBus (5), MPS 128 B), less the first packet's latency."""
    lines = twins_stdout("verbs-latency", tmp_path, bin_dir).splitlines()
    rows = [re.match(r"\s*(\d+) B\s+one-way\s+([\d.]+) us\s+([\d.]+) Mb/s", line) for line in lines]
    assert all(rows) and len(rows) == 6, lines
    sizes = [int(r.group(1)) for r in rows]
    latencies = [float(r.group(2)) for r in rows]
    assert sizes == [1, 64, 1024, 4096, 65536, 1048576]
    assert latencies == sorted(latencies) and len(set(latencies)) == 6
    ceiling = 16000 * 128 / 148
    assert 0.99 * ceiling <= float(rows[-1].group(3)) <= ceiling


def test_break_even_is_where_the_packet_time_meets_t_up():
    """examples/lightpath-break-even.py: F_0 is the size whose packet-path time equals T_up,
    interpolated log-log (a power law FCT = c F^k is met exactly), none outside the sweep.
    Mistake tried: linear interpolation in F (the power-law case then gives 2.24, not 2)."""
    spec = importlib.util.spec_from_file_location(
        "break_even", paths.SOURCE_DIR / "examples" / "lightpath-break-even.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sizes = [1.0, 4.0, 16.0]
    times = [0.5 * f**0.5 for f in sizes]  # 0.5, 1, 2 s
    assert math.isclose(module.break_even(sizes, times, 0.5 * 2**0.5), 2.0)
    assert math.isclose(module.break_even(sizes, times, 2.0), 16.0)
    assert math.isnan(module.break_even(sizes, times, 0.4))
    assert math.isnan(module.break_even(sizes, times, 3.0))
