# SPDX-License-Identifier: GPL-2.0-only
"""host-netperf: strict flags (the bus, the protocol, the datagram size, the coalescing
timers), one result file, and rates against first principles."""

from __future__ import annotations

import json
import subprocess

import pytest

from hybridnet import paths

SHORT = ["--duration=100ms"]

BAD = [
    # (arguments, text the one-line message must contain)
    (["--busWidth=48"], "busWidth is 32 or 64 (bits) with busKind Pci, 64 with PciX"),
    (["--busClock=77"], "busClock is 33 or 66 (MHz) with busKind Pci, 66, 100 or 133 with PciX"),
    (["--mmrbc=300B"], "mmrbc is 512B, 1024B, 2048B or 4096B"),
    (["--protocol=udp", "--bothDirections"], "bothDirections needs protocol tcp"),
    (["--bothDirections=yes"], "--bothDirections"),
    (["--mmrbc=300"], "has no unit"),
    (["--busKind=PciX"], "busClock is"),  # the farm PCs' 33 MHz is no PCI-X clock
    (["--busKind=PciX", "--busClock=133"], "busWidth is"),  # nor their 32 bits
    (["--busKind=Isa"], "one of profile, Pci, PciX, PciExpress"),
    (["--protocol=sctp"], "one of tcp, udp"),
    (["--protocol=udp", "--messageSize=1473B"], "messageSize + 28B (IP 20B, UDP 8B) <= mtu"),
    (["--protocol=udp", "--mtu=9000B", "--messageSize=8973B"], "<= mtu"),
    (["--rxIntDelay=10"], "has no unit"),
    (["--rxIntDelay=0.2us"], "whole 1.024us units"),
    (["--rxAbsIntDelay=68ms"], "--rxAbsIntDelay"),
    (["--itr=2"], "itr is 0, 1, 3, 4 or 100..100000"),
    (["--sender=pentium"], "--sender: no host profile 'pentium'; bundled: accelerator-xeon"),
    (["--receiver=none"], "--receiver: no host profile 'none'"),
    (["--checksumOffload=yes"], "one of profile, on, off"),
    (["--linkRate=40Gbps"], "range 10Mbps to 10Gbps"),
    (["--mtu=20000B"], "range 576B to 16144B"),
    (["--window=1KiB"], "window is at least 2KiB, or 0B with protocol tcp"),
    (["--protocol=udp", "--window=0B"], "window is at least 2KiB, or 0B with protocol tcp"),
    (["--window=0B", "--tcp=ns3"], "--window=0B (the kernel's buffers) needs --tcp=lfn"),
]


@pytest.fixture(scope="session")
def host_netperf(bin_dir):
    return bin_dir / "host-netperf"


def assert_rejected(host_netperf, args, folder, expected):
    """host-netperf with ``args`` in ``folder``: one error line holding ``expected``, exit
    code 2, nothing written."""
    proc = subprocess.run(
        [str(host_netperf), *SHORT, *args, f"--output={folder / 'r.json'}"],
        capture_output=True,
        text=True,
        cwd=folder,
    )
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("host-netperf: error: ")
    assert expected in lines[0], lines[0]
    assert proc.stdout == ""
    assert list(folder.iterdir()) == [], "a rejected run wrote a file"


@pytest.mark.parametrize("args,expected", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_flag_is_one_line_exit_2(host_netperf, tmp_path, args, expected):
    assert_rejected(host_netperf, args, tmp_path, expected)


def test_window_0b_needs_the_receivers_kernel(host_netperf, tmp_path):
    """--window=0B takes the kernel's buffers: a receiver whose profile (a user's file) has
    no kernel section is refused in one line, nothing written."""
    profile = tmp_path / "profiles" / "bare.json"
    profile.parent.mkdir()
    bare = {"description": "a host without a kernel section", "include": ["linux-network-stack"]}
    profile.write_text(json.dumps(bare))
    run = tmp_path / "run"
    run.mkdir()
    args = ["--window=0B", f"--receiver={profile}"]
    assert_rejected(host_netperf, args, run, "bare.json names no kernel")


#: Broken profile files: (what to change in farm-pentium-800.json, the message's phrase).
BAD_PROFILES = [
    (
        ('"Frequency"', '"Frequncy"'),
        "cpu.Frequncy: ns3::hybridnet::HostCpu has no attribute "
        "'Frequncy' (did you mean 'Frequency'?)",
    ),
    (('"value": 800000000, "unit": "Hz"', '"value": 800000000'), "cpu.Frequency.unit: missing"),
    (
        ('"value": 33, "unit": "MHz"', '"value": 34, "unit": "MHz"'),
        "bus.Clock.value: '34' is out of range",
    ),
    (('"description"', '"descripton"'), "unknown key 'descripton'"),
]


def profile_file(folder, change=None):
    """The bundled farm-pentium-800 profile as a user's file, with one change."""
    text = (paths.SOURCE_DIR / "scenarios/testbed/host-profiles/farm-pentium-800.json").read_text()
    if change:
        assert change[0] in text
        text = text.replace(change[0], change[1])
    path = folder / "my-host.json"
    path.write_text(text)
    return path


@pytest.mark.parametrize("change,expected", BAD_PROFILES, ids=[c[1] for c, _ in BAD_PROFILES])
def test_bad_profile_file_is_one_line_exit_2(host_netperf, tmp_path, change, expected):
    profiles = tmp_path / "profiles"
    profiles.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    path = profile_file(profiles, change)
    proc = subprocess.run(
        [str(host_netperf), *SHORT, f"--sender={path}", f"--output={out / 'r.json'}"],
        capture_output=True,
        text=True,
        cwd=out,
    )
    assert proc.returncode == 2, proc.stderr
    (line,) = proc.stderr.strip().splitlines()
    assert line.startswith("host-netperf: error: "), line
    assert expected in line, line
    assert list(out.iterdir()) == [], "a rejected run wrote a file"


def test_own_profile_file_runs_as_the_bundled_one(host_netperf, tmp_path):
    """A copy of a bundled profile gives the same run; the parameter records the path."""
    path = profile_file(tmp_path)
    docs = []
    for sender in ("farm-pentium-800", str(path)):
        out = tmp_path / f"{len(docs)}.json"
        subprocess.run(
            [str(host_netperf), *SHORT, f"--sender={sender}", f"--output={out}"],
            check=True,
            cwd=tmp_path,
        )
        docs.append(json.loads(out.read_text()))
    assert docs[1]["parameters"]["sender"]["text"] == str(path)
    assert docs[0]["metrics"] == docs[1]["metrics"]


def test_check_rejects_a_bad_bus_too(host_netperf, tmp_path):
    """--check judges the cross-flag rules without simulating."""
    proc = subprocess.run(
        [str(host_netperf), "--busWidth=48", "--check"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert proc.returncode == 2
    ok = subprocess.run(
        [
            str(host_netperf),
            "--busKind=PciX",
            "--busWidth=64",
            "--busClock=100",
            "--mmrbc=1024B",
            "--check",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert ok.returncode == 0, ok.stderr


def test_help_explains_units_and_rules(host_netperf):
    proc = subprocess.run([str(host_netperf), "--help"], capture_output=True, text=True)
    assert proc.returncode == 0
    for text in (
        "--rxIntDelay=<time>",
        "1.024 us",
        "--busClock=<count>",
        "MHz",
        "--mmrbc=<size>",
        "busWidth is 32 or 64 (bits)",
        "--messageSize=<size>",
    ):
        assert text in proc.stdout, text


def run(host_netperf, tmp_path, *args):
    out = tmp_path / "r.json"
    proc = subprocess.run(
        [str(host_netperf), *args, f"--output={out}"], capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(out.read_text())


def test_udp_on_33mhz_pci_runs_at_the_senders_bus_ceiling(host_netperf, tmp_path):
    doc = run(host_netperf, tmp_path, "--protocol=udp", "--duration=200ms")
    m = {k: v["value"] for k, v in doc["metrics"].items()}
    # Per 1472 B datagram the sender's 32-bit/33 MHz bus moves a 16 B descriptor
    # (4 + 15 clocks), the 1518 B frame (380 + 6 x 15) and a 16 B write-back (19): 508 clocks.
    ceiling = 8 * 1472 / (508 / 33e6) / 1e6
    assert m["busCeilingSender"] == pytest.approx(ceiling, rel=1e-4)
    assert m["throughput"] == pytest.approx(ceiling, rel=5e-3)
    assert m["sendRate"] >= m["throughput"]
    assert m["datagramsLost"] == 0
    assert m["busUtilisationSender"] > 0.99
    assert m["messageSize"] == 1472  # mtu - 28 B by default


def test_udp_on_pcix_reaches_the_wire(host_netperf, tmp_path):
    doc = run(
        host_netperf,
        tmp_path,
        "--protocol=udp",
        "--duration=200ms",
        "--mtu=9000B",
        "--busKind=PciX",
        "--busWidth=64",
        "--busClock=133",
        "--mmrbc=512B",
    )
    m = {k: v["value"] for k, v in doc["metrics"].items()}
    wire = 1e3 * 8972 / (8972 + 28 + 38)
    assert m["wireCeiling"] == pytest.approx(wire, rel=1e-6)
    assert m["throughput"] == pytest.approx(wire, rel=5e-3)
    assert doc["parameters"]["mmrbc"] == {"text": "512B", "value": 512.0, "unit": "B"}


def test_both_directions_share_one_network_processor(host_netperf, tmp_path):
    """--bothDirections: two V20z with Chelsio TOEs, a stream each way. Each host copies
    its outgoing and its incoming stream on the one processor that runs the network code
    (HostCpu, NicNetDevice (O3)), so the two streams together get M = 6114 Mb/s (0.5 %:
    the start of a 300 ms run), each M / 2 = 3057 Mb/s (2 %: the first tens of milliseconds
    favour one direction, 3016 + 3078 Mb/s here, 3045 + 3055 over 2 s)."""
    hosts = ["--sender=tengig-opteron-v20z-chelsio", "--receiver=tengig-opteron-v20z-chelsio"]
    flags = ["--protocol=tcp", "--linkRate=10Gbps", "--window=4MiB", "--duration=300ms"]
    doc = run(host_netperf, tmp_path, *hosts, *flags, "--bothDirections")
    m = doc["metrics"]
    forward, reverse = m["throughput"]["value"], m["reverseThroughput"]["value"]
    assert forward + reverse == pytest.approx(6114, rel=0.005)
    assert forward == pytest.approx(3057, rel=0.02)
    assert reverse == pytest.approx(3057, rel=0.02)
    one_way = run(host_netperf, tmp_path, *hosts, *flags)["metrics"]
    assert "reverseThroughput" not in one_way
    assert one_way["throughput"]["value"] > 1.9 * forward


def test_tcp_runs_and_reports_both_hosts(host_netperf, tmp_path):
    doc = run(host_netperf, tmp_path, "--protocol=tcp", "--duration=200ms")
    m = doc["metrics"]
    assert 0 < m["throughput"]["value"] <= m["wireCeiling"]["value"]
    for who in ("Sender", "Receiver"):
        assert 0 < m[f"cpuUtilisation{who}"]["value"] <= 1
        assert 0 < m[f"busUtilisation{who}"]["value"] <= 1
        assert m[f"interruptRate{who}"]["unit"] == "1/s"
    assert "sendRate" not in m  # UDP only
