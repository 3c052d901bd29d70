# SPDX-License-Identifier: GPL-2.0-only
"""disk-transfer: strict flags and storage checks, one result file, and the transfer against
first principles: nothing moves faster than the disks it crosses (DiskArray (9)), a memory
to memory transfer of the same hosts is bounded by the path alone, and the set-up takes its
round trips (bbftp 3, bbcp 8, each after the control connection's handshake)."""

from __future__ import annotations

import json
import subprocess

import pytest
from conftest import rejected

from hybridnet import profiles, results

MBNG = "mbng-xeon-2.2-raid5"

#: MB-NG's 6.2 ms at 1 Gb/s with the study's RAID5 hosts at both ends; a 64 MiB file takes
#: about a second of simulated time.
SHORT = [
    "--rtt=6.2ms",
    "--bottleneckRate=1Gbps",
    "--accessRate=1Gbps",
    f"--sender={MBNG}",
    f"--receiver={MBNG}",
    "--sndBuf=4MB",
    "--rcvBuf=4MB",
    "--rmemMax=64MiB",
    "--wmemMax=64MiB",
    "--fileSize=64MiB",
]

BAD = [
    # (arguments, text the one-line message must contain)
    (["--tool=gridftp"], "--tool"),
    (["--streams=0"], "--streams"),
    (["--streams=65"], "--streams"),
    (["--fileSize=0B"], "--fileSize"),
    (["--blockSize=512B"], "--blockSize"),
    (["--read=tape"], "--read"),
    (["--write=disk"], "write=disk needs a receiver profile with a disk section"),
    (["--read=disk"], "read=disk needs a sender profile with a disk section"),
    ([f"--receiver={MBNG}", "--fileSize=600GB"], "does not fit on the disks of " + MBNG),
    ([f"--receiver={MBNG}", "--tcp=ns3"], "tcp ns3 with a receiver that writes to disk"),
    (["--sender=nosuch"], "--sender"),
    (
        [f"--receiver={MBNG}", "--tcpOffload=on"],
        f"tcpOffload=on: the NIC of --receiver={MBNG} has no TCP offload engine",
    ),
    (["--tcpOffload=yes"], "--tcpOffload"),
]


def profile_with(tmp_path, name: str, disk: dict) -> str:
    """A user's profile: the bundled MB-NG host with @p disk's settings replacing its own."""
    folder = tmp_path.parent / f"{tmp_path.name}-profiles"
    folder.mkdir(exist_ok=True)
    doc = json.loads((profiles.directory() / f"{MBNG}.json").read_text())
    doc["disk"].update(disk)
    path = folder / f"{name}.json"
    path.write_text(json.dumps(doc))
    return str(path)


@pytest.fixture(scope="session")
def disk(bin_dir):
    return bin_dir / "disk-transfer"


def reject(disk, tmp_path, args):
    return rejected(disk, tmp_path, args)


@pytest.mark.parametrize("args,expected", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_one_line_exit_2(disk, tmp_path, args, expected):
    assert expected in reject(disk, tmp_path, args)


@pytest.mark.parametrize(
    "settings,expected",
    [
        ({"Disks": {"value": 2, "unit": "disks", "source": "test"}}, "Raid5 needs at least 3"),
        ({"Disks": {"value": 33, "unit": "disks", "source": "test"}}, "disk.Disks"),
        ({"Level": {"value": "Raid6", "source": "test"}}, "disk.Level"),
        ({"StripeSize": {"value": 65000, "unit": "B", "source": "test"}}, "StripeSize 65000"),
    ],
    ids=["raid5-two-disks", "33-disks", "raid6", "stripe-not-power-of-two"],
)
def test_arrays_that_do_not_exist_are_refused(disk, tmp_path, settings, expected):
    receiver = profile_with(tmp_path, "bad", settings)
    assert expected in reject(disk, tmp_path, [f"--receiver={receiver}"])


def test_tcp_offload_on_a_toe_nic_is_accepted(disk):
    chelsio = "tengig-opteron-v20z-chelsio"
    proc = subprocess.run(
        [str(disk), f"--sender={chelsio}", f"--receiver={chelsio}", "--tcpOffload=on", "--check"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr


def run(disk, tmp_path, *args, name="r.json"):
    """A run with SHORT's flags, those named in @p args replaced."""
    given = {a.split("=")[0] for a in args}
    base = [a for a in SHORT if a.split("=")[0] not in given]
    out = tmp_path / name
    proc = subprocess.run(
        [str(disk), *base, *args, f"--output={out}"], capture_output=True, text=True, cwd=tmp_path
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(out.read_text())


def metric(doc, name):
    return doc["metrics"][name]["value"]


def test_disk_to_disk_is_bounded_by_the_arrays(disk, tmp_path):
    doc = run(disk, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]
    assert len(results.frame([tmp_path / "r.json"])) == 1
    assert metric(doc, "complete") == 1
    size = 64 * 2**20
    assert metric(doc, "bytesWritten") == size
    # the calibrated array: reads at (N - 1) r = 1200, writes at the parity engine's 600
    assert metric(doc, "arrayReadRate") == pytest.approx(1200)
    assert metric(doc, "arrayWriteRate") == pytest.approx(600)
    assert metric(doc, "throughput") <= metric(doc, "arrayReadRate")
    # every byte crosses the receiver's disks: no faster than the array writes
    assert metric(doc, "onDiskTime") >= 8 * size / 600e6
    series = results.series(tmp_path / "r.json", "transfer")
    assert list(series.columns) == [
        "time [s]",
        "sent [Mb/s]",
        "received [Mb/s]",
        "written [Mb/s]",
        "onDisk [Mb/s]",
        "dirty [B]",
    ]


def test_memory_to_memory_is_bounded_by_the_path(disk, tmp_path):
    doc = run(disk, tmp_path, "--read=memory", "--write=memory")
    assert "arrayReadRate" not in doc["metrics"]
    assert "diskUtilisationReceiver" not in doc["metrics"]
    # Ethernet access links: 1448 B of payload in 1538 B on the wire
    assert metric(doc, "throughput") < 1000 * 1448 / 1538
    # the path, not the disks, limits it: faster than reading the RAID5 array through
    # bbftp's read-then-send loop
    from_disk = run(disk, tmp_path, "--write=memory", name="d.json")
    assert metric(doc, "throughput") > metric(from_disk, "throughput")


@pytest.mark.parametrize("tool,exchanges", [("bbftp", 3), ("bbcp", 8)])
def test_setup_takes_its_round_trips(disk, tmp_path, tool, exchanges):
    doc = run(disk, tmp_path, f"--tool={tool}", "--fileSize=1MiB", "--rtt=100ms")
    # the control connection's handshake, then one round trip per exchange; the hosts' own
    # latencies (NIC, CPU, an ARP exchange on each Ethernet link) add well under 1 %
    assert metric(doc, "setupTime") == pytest.approx((1 + exchanges) * 0.1, rel=0.01)


def test_progress_follows_the_file_not_the_time_limit(disk, tmp_path):
    """The run ends when the file is on disk, seconds into a one-hour --timeLimit: progress
    lines follow the file's bytes written (one per percent passed, in order, up to 0.99),
    and the result does not depend on whether they are written."""
    out = tmp_path / "p.json"
    proc = subprocess.run(
        [str(disk), *SHORT, "--progress=true", f"--output={out}"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    lines = [line.split() for line in proc.stderr.splitlines()]
    fractions = [float(f[1]) for f in lines if f and f[0] == "hybridnet-progress"]
    assert fractions == sorted(set(fractions)), "increasing, each once"
    assert len(fractions) >= 90 and fractions[-1] == pytest.approx(0.99)
    quiet = run(disk, tmp_path, name="q.json")
    loud = json.loads(out.read_text())
    assert quiet["metrics"] == loud["metrics"]
    assert quiet["eventCount"] == loud["eventCount"], "the polls run either way"
