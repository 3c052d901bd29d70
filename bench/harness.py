#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Benchmarks: simulation speed against stock ns-3 and between model settings, and the
sweep engine's scaling.

Each simulation-speed benchmark (BENCHMARKS) pairs a subject program with a reference: a
stock ns-3 program simulating the same workload, or the same hybridnet program with other
flags (e.g. interrupt coalescing off).  The harness runs them alternately, one OS process
per run, takes the median of data packets and of events per wall-clock second of
Simulator::Run() for each, and reports the ratios subject/reference.

sweep-scaling runs the same N gige-iperf runs through hybridnet.sweep with one and with two
local workers and reports the scaling efficiency T1 / (2 T2), and the engine's own cost per
run from two batches of very short runs.  See bench/README.md.

Run:  .venv/bin/python bench/harness.py gige-iperf --repetitions=5 --duration=5s
      .venv/bin/python bench/harness.py nic-coalescing --repetitions=3 --duration=2s
      .venv/bin/python bench/harness.py sweep-scaling --runs=4 --duration=5s
"""

import argparse
import dataclasses
import datetime
import json
import os
import platform
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from hybridnet import launcher

REPO = Path(__file__).resolve().parent.parent


@dataclasses.dataclass(frozen=True)
class Program:
    """One side of a benchmark: an executable in <build>/bin, the fixed flags that set the
    model up (``flags``, after the per-run arguments), how to read its result, and the name
    of the side in the report."""

    name: str
    args: Callable[[str, Path], list[str]]  # (duration, scratch folder) -> arguments
    read: Callable[[str, Path], dict]  # (stdout, scratch folder) -> the fields of RUN_FIELDS
    label: str
    flags: tuple[str, ...] = ()

    def title(self) -> str:
        return " ".join((self.name, *self.flags))


@dataclasses.dataclass(frozen=True)
class Benchmark:
    """``subject`` measured against ``reference``: ratios are subject / reference.  With
    ``max_wall_ratio``, the report states whether the subject's wall time per data packet
    stays within that multiple of the reference's (wall_goal); with ``min_packet_ratio``,
    whether the subject simulates at least that multiple of the reference's data packets
    per wall-second (packet_goal); with ``max_wall_per_simulated_second`` and
    ``max_bytes_per_segment``, the subject's own wall-seconds per simulated second of
    transfer and peak memory per segment of its window (scale_goal)."""

    description: str
    subject: Program
    reference: Program
    max_wall_ratio: float | None = None
    min_packet_ratio: float | None = None
    max_wall_per_simulated_second: float | None = None
    max_bytes_per_segment: float | None = None  # with the subject's --window in segments
    max_wall_per_readout_second: float | None = None  # event-filter-farm: readout_goal
    work: str = "packets"  # what one unit of work delivered is, in the table's headers

    def sides(self) -> dict[str, Program]:
        return {"subject": self.subject, "reference": self.reference}


def _context(duration: str, repetitions: int, bin_dir: Path) -> dict:
    """When, where and how long: the members every benchmark report starts with."""
    return {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "duration": duration,
        "repetitions": repetitions,
        "machine": {
            "platform": platform.platform(),
            "machine": platform.machine(),
            "cpuCount": os.cpu_count(),
            "python": platform.python_version(),
        },
        "buildDir": str(bin_dir.parent),
    }


# What every Program.read returns.
RUN_FIELDS = ("bytesReceived", "segmentSize", "eventCount", "simulatedSeconds", "wallSeconds")


# Scenario metrics kept in the report when present: what the simulated network did, to
# explain a difference in events (gige-iperf; the NIC metrics only on the host model).
SCENARIO_METRICS = (
    "goodput",
    "interruptRateClient",
    "interruptRateServer",
    "packetsPerInterruptServer",
)


def read_scenario_result(_: str, scratch: Path) -> dict:
    doc = json.loads((scratch / "result.json").read_text())
    metrics = doc["metrics"]
    flows = [m for m in metrics if m.startswith("bytesReceivedFlow")]
    received = metrics.get("bytesReceived", {"value": sum(metrics[m]["value"] for m in flows)})
    return {
        "bytesReceived": received["value"],
        "segmentSize": doc["parameters"]["segmentSize"]["value"],
        "eventCount": doc["eventCount"],
        "simulatedSeconds": doc["simulatedTime"]["value"],
        "wallSeconds": doc["wallClock"]["wallTime"]["value"],
        "metrics": {
            name: doc["metrics"][name]["value"]
            for name in SCENARIO_METRICS
            if name in doc["metrics"]
        },
    }


# Reported when a program gives them (bench/bulk-transfer.cc does).
OPTIONAL_FIELDS = ("peakRssBytes", "transferSeconds")


def read_stdout_line(stdout: str, _: Path) -> dict:
    doc = json.loads(stdout)
    return {field: doc[field] for field in (*RUN_FIELDS, *OPTIONAL_FIELDS) if field in doc}


def read_farm_result(_: str, scratch: Path) -> dict:
    """event-filter-farm: its work is the events decided (a unit of bytesReceived each), its
    read-out lasts --duration (the run goes on a second for the queues to drain)."""
    doc = json.loads((scratch / "result.json").read_text())
    p = doc["parameters"]
    decided = doc["metrics"]["eventsDecided"]["value"]
    return {
        "bytesReceived": decided,
        "segmentSize": 1,
        "eventCount": doc["eventCount"],
        "simulatedSeconds": doc["simulatedTime"]["value"],
        "wallSeconds": doc["wallClock"]["wallTime"]["value"],
        "readoutSeconds": p["duration"]["value"],
        "peakRssBytes": doc["wallClock"]["peakMemory"]["value"],
        # each sub-farm: its SFC, its nodes and its storage sink; and the read-out units
        "hosts": int(
            p["subfarms"]["value"] * (p["nodes"]["value"] + 2) + p["readoutUnits"]["value"]
        ),
        "metrics": {"eventsDecided": decided},
    }


def event_filter_farm(label: str, *flags: str) -> Program:
    """scenarios/event-filter-farm with ``flags`` on top; --duration is the read-out's."""
    program = scenario("event-filter-farm", label, *flags)
    return dataclasses.replace(program, read=read_farm_result)


def scenario(name: str, label: str, *flags: str, fixed: tuple[str, ...] = ()) -> Program:
    """A scenario program (``name``) writing its result file, with ``fixed`` arguments that
    belong to the benchmark's set-up and ``flags`` on top."""
    return Program(
        name,
        lambda duration, scratch: [
            f"--duration={duration}",
            *fixed,
            f"--output={scratch / 'result.json'}",
        ],
        read_scenario_result,
        label,
        flags,
    )


def read_vpi_result(_: str, scratch: Path) -> dict:
    """vpi-microbench (bandwidth): its work is the messages of the measured half (a unit of
    segmentSize each), so the per-packet ratios are per message."""
    doc = json.loads((scratch / "result.json").read_text())
    return {
        "bytesReceived": doc["metrics"]["bytesMeasured"]["value"],
        "segmentSize": doc["parameters"]["messageSize"]["value"],
        "eventCount": doc["eventCount"],
        "simulatedSeconds": doc["simulatedTime"]["value"],
        "wallSeconds": doc["wallClock"]["wallTime"]["value"],
        "metrics": {"bandwidth": doc["metrics"]["bandwidth"]["value"]},
    }


def vpi_microbench(label: str, *flags: str) -> Program:
    """scenarios/vpi-microbench streaming 64 KiB messages for --duration (one stream)."""
    program = scenario(
        "vpi-microbench", label, *flags, fixed=("--test=bandwidth", "--messageSize=64KiB")
    )
    return dataclasses.replace(program, read=read_vpi_result)


def read_vpi_datacenter_result(_: str, scratch: Path) -> dict:
    """vpi-datacenter: its work is the web interactions completed in the measured interval
    (wips x duration; one unit each)."""
    doc = json.loads((scratch / "result.json").read_text())
    wips = doc["metrics"]["wips"]["value"]
    return {
        "bytesReceived": round(wips * doc["parameters"]["duration"]["value"]),
        "segmentSize": 1,
        "eventCount": doc["eventCount"],
        "simulatedSeconds": doc["simulatedTime"]["value"],
        "wallSeconds": doc["wallClock"]["wallTime"]["value"],
        "metrics": {"wips": wips},
    }


def vpi_datacenter(label: str, *flags: str) -> Program:
    """scenarios/vpi-datacenter: 100 browsers, shopping mix, after a 10 s warm-up."""
    program = scenario("vpi-datacenter", label, *flags, fixed=("--warmup=10s",))
    return dataclasses.replace(program, read=read_vpi_datacenter_result)


def read_lightpath_wan_result(_: str, scratch: Path) -> dict:
    """lightpath-wan: its work is the transfers' bytes delivered, in segments."""
    doc = json.loads((scratch / "result.json").read_text())
    return {
        "bytesReceived": doc["metrics"]["bytesDelivered"]["value"],
        "segmentSize": doc["parameters"]["segmentSize"]["value"],
        "eventCount": doc["eventCount"],
        "simulatedSeconds": doc["simulatedTime"]["value"],
        "wallSeconds": doc["wallClock"]["wallTime"]["value"],
        "peakRssBytes": doc["wallClock"]["peakMemory"]["value"],
        "metrics": {"circuitBytes": doc["metrics"]["circuitBytes"]["value"]},
    }


#: lightpath-wan's benchmark workload: 100 heavy-tailed transfers and 2 bulk ones, with
#: bulk TCP and on/off UDP cross traffic on the packet WAN (issue 22's 100-flow run).
LIGHTPATH_WAN_100 = (
    "--transfers=100",
    "--crossFlows=2",
    "--crossUdpRate=100Mbps",
    "--crossUdpSources=10",
    "--crossUdpPeak=100Mbps",
    "--crossUdpBurst=100ms",
)


def lightpath_wan(label: str, *flags: str) -> Program:
    """scenarios/lightpath-wan with the 100-flow workload, --duration simulated."""
    program = scenario("lightpath-wan", label, *LIGHTPATH_WAN_100, *flags)
    return dataclasses.replace(program, read=read_lightpath_wan_result)


def read_probe_result(_: str, scratch: Path) -> dict:
    """path-characterisation: its work is the probes sent (a unit of bytesReceived each)."""
    doc = json.loads((scratch / "result.json").read_text())
    probes = doc["metrics"]["probes"]["value"]
    return {
        "bytesReceived": probes,
        "segmentSize": 1,
        "eventCount": doc["eventCount"],
        "simulatedSeconds": doc["simulatedTime"]["value"],
        "wallSeconds": doc["wallClock"]["wallTime"]["value"],
        "peakRssBytes": doc["wallClock"]["peakMemory"]["value"],
        "metrics": {"probes": probes, "duration": doc["metrics"]["duration"]["value"]},
    }


#: Cross traffic on the bundled LBNL-CERN path: 37 % of ESnet's Sunnyvale-Chicago OC-12
#: (hop 4) and of the transatlantic STM-1 (hop 6), on/off UDP in 1 ms bursts.
LOADED_HOPS = {3: "200Mbps", 5: "50Mbps"}


def loaded_path(scratch: Path) -> Path:
    """The bundled LBNL-CERN path with LOADED_HOPS' cross traffic, written to ``scratch``."""
    doc = json.loads((REPO / "examples/topologies/paths/lbnl-cern.json").read_text())
    for hop, rate in LOADED_HOPS.items():
        doc["hops"][hop]["cross"] = {"rate": rate}
    path = scratch / "lbnl-cern-loaded.json"
    path.write_text(json.dumps(doc))
    return path


def path_characterisation(label: str, *flags: str, loaded: bool = False) -> Program:
    """scenarios/path-characterisation over the bundled LBNL-CERN path (with cross traffic
    if ``loaded``), --duration its time limit: the tool ends the run when it is done."""
    return Program(
        "path-characterisation",
        lambda duration, scratch: [
            f"--timeLimit={duration}",
            *([f"--path={loaded_path(scratch)}"] if loaded else []),
            f"--output={scratch / 'result.json'}",
        ],
        read_probe_result,
        label,
        flags,
    )


def gige_iperf(label: str, *flags: str) -> Program:
    """scenarios/gige-iperf, iperf phase only (--pingCount=0), with ``flags`` on top."""
    return scenario("gige-iperf", label, *flags, fixed=("--pingCount=0",))


def wan_bulk_transfer(label: str, *flags: str) -> Program:
    """scenarios/wan-bulk-transfer, one flow, with ``flags`` on top."""
    return scenario("wan-bulk-transfer", label, *flags)


def path_bulk_transfer(label: str, *flags: str) -> Program:
    """bench/path-bulk-transfer: one TCP transfer over one of the two paths (``flags``)."""
    return Program(
        "path-bulk-transfer",
        lambda duration, scratch: [f"--duration={duration}"],
        read_stdout_line,
        label,
        flags,
    )


def lfn_bulk_transfer(label: str, *flags: str) -> Program:
    """bench/lfn-bulk-transfer: stock-bulk-transfer's program with hybridnet's LfnTcpSocket
    on both hosts."""
    return Program(
        "lfn-bulk-transfer",
        lambda duration, scratch: [f"--duration={duration}"],
        read_stdout_line,
        label,
        flags,
    )


def stock_bulk_transfer(label: str, *flags: str) -> Program:
    """bench/stock-bulk-transfer: stock ns-3 TCP over point-to-point links (``flags``: the
    path's delay, buffers and queues; none: gige-iperf's set-up)."""
    return Program(
        "stock-bulk-transfer",
        lambda duration, scratch: [f"--duration={duration}"],
        read_stdout_line,
        label,
        flags,
    )


# The long-fat-pipe TCP issue's paths (bench/bulk-transfer.cc flags).
R1_FLAGS = ("--oneWayDelay=1ms", "--window=4194304", "--queuePackets=100")
R2_FLAGS = ("--oneWayDelay=50ms", "--window=12500000", "--queuePackets=8334")
R3_FLAGS = (
    "--rate=10Gbps",
    "--oneWayDelay=216500us",
    "--window=541250000",
    "--queuePackets=373791",
)

# tcp-recovery's path (the fairness case's single BIC flow, with ns-3 buffer semantics so
# that TcpSocketBase runs it too).
RECOVERY_FLAGS = (
    "--congestion=TcpBicLinux",
    "--bottleneckRate=100Mbps",
    "--accessRate=1Gbps",
    "--rtt=10ms",
    "--queuePackets=0",
    "--sndBuf=4MiB",
    "--rcvBuf=4MiB",
    "--sack=off",
)

# The land-speed-record path (20,645 km, 433 ms RTT, 10 GbE, 1500 B MTU, one standard TCP
# stream) with BDP-sized Linux buffers, for wan-hosts: its kernel flags are given on the
# command line, so a host profile's kernel keeps them (WanTcpFlags::KernelOverrides).
RECORD_PATH = (
    "--bottleneckRate=10Gbps",
    "--rtt=433ms",
    "--segmentSize=1448B",
    "--rmemMax=1GiB",
    "--wmemMax=1GiB",
)
RECORD_FLAGS = (*RECORD_PATH, "--bufferSemantics=linux", "--sndBuf=541MB", "--rcvBuf=541MB")
RECORD_HOST = "tengig-opteron-v20z-chelsio"
# The MB-NG response-function point (validation high-speed-tcp-wan-response-function):
# Reno, 1 Gb/s, 6 ms, one segment in 25,000 dropped at the receiver.
MBNG_RESPONSE = ("--bottleneckRate=1Gbps", "--rtt=6ms", "--lossEvery=25000")
# Four Reno flows of 40 ms sharing one 1 Gb/s bottleneck (wan-shared-bottleneck).
SHARED_FOUR = ("--flows=4", "--rtts=40ms", "--bottleneckRate=1Gbps")
# The long run's 16 streams with 2 MB windows on the same path (validation
# high-speed-tcp-wan-land-speed-record).
SIXTEEN_STREAMS = (
    *RECORD_PATH,
    "--flows=16",
    "--bufferSemantics=ns3",
    "--sndBuf=2MB",
    "--rcvBuf=2MB",
)

BENCHMARKS = {
    "gige-iperf": Benchmark(
        description="bulk TCP transfer over 1 Gb/s: scenarios/gige-iperf (iperf phase only; "
        "host and NIC model, host -- switch -- host) against stock ns-3 point-to-point "
        "(bench/stock-bulk-transfer, host -- router -- host)",
        subject=gige_iperf("hybridnet"),
        reference=stock_bulk_transfer("stock"),
    ),
    "nic-coalescing": Benchmark(
        description="the cost of the NIC's interrupt coalescing model: gige-iperf (iperf "
        "phase only, 64 KiB buffers so that both sides carry the same transfer) with --itr=8000 "
        "(throttled, the default) against --itr=0 (no throttle: an interrupt as soon as a "
        "frame is ready); goal: at most 10 % more wall time per data packet",
        subject=gige_iperf("coalescing on", "--itr=8000", "--window=64KiB"),
        reference=gige_iperf("coalescing off", "--itr=0", "--window=64KiB"),
        max_wall_ratio=1.10,
    ),
    "circuit-path": Benchmark(
        description="the cost per packet of the circuit path: one TCP transfer between two "
        "plain Ethernet hosts through the optical circuit switch (host - media converter - "
        "OCS port === port - media converter - host, circuit lit) against the same transfer "
        "through the packet switch (bench/path-bulk-transfer); goal: the circuit path takes "
        "at most the packet switch path's wall time per data packet",
        subject=path_bulk_transfer("circuit path", "--path=circuit"),
        reference=path_bulk_transfer("packet-switch path", "--path=switch"),
        max_wall_ratio=1.0,
    ),
    "tcp-window": Benchmark(
        description="what the window costs stock ns-3 TCP (TcpSocketBase; the issue 'TCP "
        "for long fat pipes'): bench/stock-bulk-transfer at R2 (1 Gb/s, 50 ms one-way, "
        "BDP-sized 12.5 MB buffers and 8334-packet queues) against R1 (1 Gb/s, 1 ms "
        "one-way, 4 MB buffers, 100-packet queues); the baseline a long-fat-pipe TCP must "
        "beat (its goal: R2 at least 0.5 x R1 in packets per wall-second)",
        subject=stock_bulk_transfer(
            "stock R2 (50 ms)", "--oneWayDelay=50ms", "--window=12500000", "--queuePackets=8334"
        ),
        reference=stock_bulk_transfer(
            "stock R1 (1 ms)", "--oneWayDelay=1ms", "--window=4194304", "--queuePackets=100"
        ),
    ),
    "lfn-tcp-r1": Benchmark(
        description="hybridnet's long-fat-pipe TCP (LfnTcpSocket) against stock ns-3 TCP on "
        "the issue's R1 path (1 Gb/s, 1 ms one-way, 100-packet queues, 4 MB buffers): the "
        "same program (bench/bulk-transfer.cc) with and without LfnTcpHelper; goal: at least "
        "2x stock's data packets per wall-second",
        subject=lfn_bulk_transfer("hybridnet R1", *R1_FLAGS),
        reference=stock_bulk_transfer("stock R1", *R1_FLAGS),
        min_packet_ratio=2.0,
    ),
    "lfn-tcp-r2": Benchmark(
        description="what the window costs hybridnet's TCP: lfn-bulk-transfer at R2 (1 Gb/s, "
        "50 ms one-way, BDP-sized 12.5 MB buffers and 8334-packet queues) against its own R1; "
        "goal: at least 0.5x R1's data packets per wall-second (stock ns-3: about 0.08, see "
        "tcp-window)",
        subject=lfn_bulk_transfer("hybridnet R2 (50 ms)", *R2_FLAGS),
        reference=lfn_bulk_transfer("hybridnet R1 (1 ms)", *R1_FLAGS),
        min_packet_ratio=0.5,
    ),
    "lfn-tcp-r3": Benchmark(
        description="hybridnet's TCP at the land-speed-record scale R3: 10 Gb/s, 433 ms RTT, "
        "BDP-sized buffers (541 MB, 373,791 segments) and queues, against its own R1 for "
        "scale; goals: at most 30 wall-seconds per simulated second of transfer, at most "
        "1 KB of peak memory (whole process) per segment of the window.  The issue's run is "
        "--duration=60s (slow start alone takes about 10 s)",
        subject=lfn_bulk_transfer("hybridnet R3 (10 Gb/s, 433 ms)", *R3_FLAGS),
        reference=lfn_bulk_transfer("hybridnet R1 (1 ms)", *R1_FLAGS),
        max_wall_per_simulated_second=30.0,
        max_bytes_per_segment=1024.0,
    ),
    "host-tcp": Benchmark(
        description="the cost of hybridnet's TCP on the host model: gige-iperf (iperf phase "
        "only, 64 KiB buffers) with --tcp=lfn (LfnTcpSocket, the default) against --tcp=ns3 "
        "(ns-3's TcpSocketBase); goal: at most the wall time per data packet of TcpSocketBase",
        subject=gige_iperf("LfnTcpSocket", "--tcp=lfn", "--window=64KiB"),
        reference=gige_iperf("TcpSocketBase", "--tcp=ns3", "--window=64KiB"),
        max_wall_ratio=1.0,
    ),
    "tcp-recovery": Benchmark(
        description="the cost of hybridnet's TCP where it recovers all the time: one BIC "
        "flow without SACK on a 100 Mb/s, 10 ms WAN path with a one-BDP queue (an overflow "
        "every few seconds, recoveries that outlast an RTO: LfnTcpSocket's Linux timer rules "
        "(8) and Linux's recovery cwnd at work), wan-bulk-transfer --tcp=lfn against stock "
        "ns-3 (--tcp=ns3 --recovery=classic), both with the socket buffers advertised "
        "whole; goal: at most the wall time per data packet of "
        "TcpSocketBase",
        subject=wan_bulk_transfer("LfnTcpSocket", "--tcp=lfn", *RECOVERY_FLAGS),
        reference=wan_bulk_transfer(
            "TcpSocketBase", "--tcp=ns3", "--recovery=classic", *RECOVERY_FLAGS
        ),
        max_wall_ratio=1.0,
    ),
    "allocator": Benchmark(
        description="what mimalloc saves: gige-iperf (iperf phase only) as every hybridnet "
        "program is linked, allocating through mimalloc, against the same source linked "
        "with glibc's malloc (bench/gige-iperf-glibc); ns-3 allocates a Packet, its Buffer, "
        "an event and its callback per hop; goal: at most the wall time per data packet "
        "of glibc's",
        subject=gige_iperf("mimalloc"),
        reference=scenario("gige-iperf-glibc", "glibc malloc", fixed=("--pingCount=0",)),
        max_wall_ratio=1.0,
    ),
    "wan-hosts": Benchmark(
        description="the cost of host models at both ends of the land-speed-record path "
        "(10 Gb/s, 433 ms RTT, 1500 B MTU, BDP-sized Linux buffers, one Reno stream): "
        f"wan-bulk-transfer with --sender and --receiver {RECORD_HOST} (Opteron, Chelsio "
        "T110 with TCP offload: CPU, PCI-X, memory bus and NIC per packet) against the same "
        "path with bare ends on 40 Gb/s access links (on 10 Gb/s a bare sender overflows its "
        "own queue in slow start); goal (issue 18): at most 1.3x the bare path's wall time per "
        "data packet.  The record's run is about 10 minutes; slow start alone takes about "
        "10 s of it",
        subject=wan_bulk_transfer(
            "host models",
            *RECORD_FLAGS,
            "--accessRate=10Gbps",
            f"--sender={RECORD_HOST}",
            f"--receiver={RECORD_HOST}",
        ),
        # A bare sender on a 10 Gb/s access link loses slow start's bursts (two segments
        # out per segment acknowledged) in its own 1000-packet queue and then crawls back
        # at 433 ms a segment; at 40 Gb/s it carries the record's transfer, as the host
        # models' rings and CPUs do at 10 Gb/s.
        reference=wan_bulk_transfer("bare ends", *RECORD_FLAGS, "--accessRate=40Gbps"),
        max_wall_ratio=1.3,
    ),
    "wan-hosts-16-streams": Benchmark(
        description="the long run of the record path with host models at both ends: 16 "
        "streams of 2 MB windows (ns-3 semantics: the window is the buffer set), 1500 B MTU, "
        f"433 ms RTT, --sender and --receiver {RECORD_HOST}, against the same 16 streams "
        "between bare ends on 40 Gb/s access links; goal (issue 18): at most 1.3x the bare "
        "path's wall time per data packet",
        subject=wan_bulk_transfer(
            "host models",
            *SIXTEEN_STREAMS,
            "--accessRate=10Gbps",
            f"--sender={RECORD_HOST}",
            f"--receiver={RECORD_HOST}",
        ),
        reference=wan_bulk_transfer("bare ends", *SIXTEEN_STREAMS, "--accessRate=40Gbps"),
        max_wall_ratio=1.3,
    ),
    "wan-round": Benchmark(
        description="the round-level fidelity (issue 23): wan-bulk-transfer --fidelity=round "
        "(RoundTcpFlow, one event per round trip) against packet level on the MB-NG "
        "response-function point (Reno, 1 Gb/s, 6 ms, 1 in 25,000 lost); both deliver the "
        "same data (goodput within 1 %, python tests), so the ratio of data packets per "
        "wall-second is the speed-up; goal: at least 100x",
        subject=wan_bulk_transfer("round level", *MBNG_RESPONSE, "--fidelity=round"),
        reference=wan_bulk_transfer("packet level", *MBNG_RESPONSE),
        min_packet_ratio=100.0,
    ),
    "shared-round": Benchmark(
        description="the round level on a shared bottleneck (issue 23): wan-shared-bottleneck "
        "--fidelity=round (four RoundTcpFlows on one RoundTcpBottleneck) against packet "
        "level, four Reno flows of 40 ms on 1 Gb/s; both fill the link (aggregate goodput "
        "within 1 %, python tests), so the ratio of data packets per wall-second is the "
        "speed-up; goal: at least 100x",
        subject=scenario("wan-shared-bottleneck", "round level", *SHARED_FOUR, "--fidelity=round"),
        reference=scenario("wan-shared-bottleneck", "packet level", *SHARED_FOUR),
        min_packet_ratio=100.0,
    ),
    "readout-scale": Benchmark(
        description="the event-filter farm at read-out scale (issue 20): event-filter-farm "
        "with 60 sub-farms of 16 nodes behind 60 read-out units (40 kHz of 100 kB events, "
        "4 GB/s; 1,020 hosts and 61 switches) against one sub-farm and one unit at the same "
        "per-SFC load; the ratio of decided events per wall-second says how the cost per "
        "event grows with the system; goal: at most 180 wall-seconds per second of read-out",
        subject=event_filter_farm("60 x 16", "--subfarms=60", "--readoutUnits=60", "--warmup=0s"),
        reference=event_filter_farm("1 x 16", "--subfarms=1", "--readoutUnits=1", "--warmup=0s"),
        max_wall_per_readout_second=180.0,
        work="decided",
    ),
    "grid-site": Benchmark(
        description="the routed site at the scale of the grid of the event-filter study's "
        "time: grid-testbed on the bundled 510-host site, 100 bulk TCP flows from the disk "
        "servers to the GigE CPU servers (3 Gb/s through two edge switches, three routers "
        "and two trunks each way), against one such flow on the same site; the packets ratio "
        "says what a packet costs when 100 flows share the site",
        subject=scenario("grid-testbed", "100 flows"),
        reference=scenario("grid-testbed", "1 flow", "--flows=1"),
    ),
    "path-cross": Benchmark(
        description="what cross traffic costs the path tools: pipechar (16 trains of 8 "
        "datagrams per hop, 29 simulated seconds) over the bundled ten-hop LBNL-CERN path "
        "with on/off UDP cross traffic at 37 % of hops 4 (200 Mb/s of 539) and 6 (50 Mb/s of "
        "134.8), against the idle path; the same 1,280 probes, so the ratio of probes per "
        "wall-second is the cost of the cross traffic's packets",
        subject=path_characterisation("loaded path", "--tool=pipechar", loaded=True),
        reference=path_characterisation("idle path", "--tool=pipechar"),
        work="probes",
    ),
    "lightpath-wan": Benchmark(
        description="what the circuit control plane costs across the WAN: lightpath-wan "
        "on demand (epds on every host, the pfd setting up lightpaths over four domains) "
        "against the packet WAN alone, the same 100 heavy-tailed transfers and cross "
        "traffic; per delivered segment",
        subject=lightpath_wan("on demand", "--mode=on-demand"),
        reference=lightpath_wan("packet WAN", "--mode=packet"),
    ),
    "vpi-verbs": Benchmark(
        description="what a message costs on the InfiniBand model: vpi-microbench streaming "
        "64 KiB verbs SENDs (HCA, PCIe, credit-based link) against 64 KiB TCP writes over the "
        "10 GbE port of the same host model (vpi-opteron-2.0-connectx); the ratios are per "
        "64 KiB message: events and wall time",
        subject=vpi_microbench("verbs", "--stack=verbs"),
        reference=vpi_microbench("10 GbE TCP", "--stack=tengig"),
        work="messages",
    ),
    "vpi-ipoib": Benchmark(
        description="what a message costs on IPoIB: vpi-microbench streaming 64 KiB TCP "
        "writes over IPoIB in connected mode (65520 B MTU, RC under IP) against the same "
        "writes over the 10 GbE port of the same host model; per 64 KiB message",
        subject=vpi_microbench("IPoIB connected", "--stack=ipoib-connected"),
        reference=vpi_microbench("10 GbE TCP", "--stack=tengig"),
        work="messages",
    ),
    "vpi-datacenter": Benchmark(
        description="what a web interaction costs in the three-tier data center: "
        "vpi-datacenter with the inner tiers over SDP against over 10 GbE TCP (100 browsers, "
        "shopping mix, vpi-opteron-2.0-connectx hosts); per completed interaction: events "
        "and wall time",
        subject=vpi_datacenter("SDP inside", "--inner=sdp"),
        reference=vpi_datacenter("10 GbE inside", "--inner=tengig"),
        work="interactions",
    ),
    "farm-hosts": Benchmark(
        description="the cost of the host model in the event-filter farm: event-filter-farm "
        "with the SFC (accelerator-xeon) and its 16 nodes (farm-pentium-1800) as host models "
        "against plain hosts, same events; both decide them all, so the ratio of events "
        "decided per wall-second is the cost per event",
        subject=event_filter_farm(
            "host model",
            "--sfcHost=accelerator-xeon",
            "--nodeHost=farm-pentium-1800",
            "--warmup=0s",
        ),
        reference=event_filter_farm("plain hosts", "--warmup=0s"),
        work="decided",
    ),
    "nic-model": Benchmark(
        description="the cost of the host and NIC model: gige-iperf (iperf phase only) on "
        "the default host model against --host=none (plain Ethernet devices, same switch; "
        "no kernel, so a 64 KiB window, which carries the same transfer as the hosts' "
        "Linux 2.4 buffers)",
        subject=gige_iperf("host model"),
        reference=gige_iperf("plain Ethernet", "--host=none", "--window=64KiB"),
    ),
}


SWEEP_SCALING = "sweep-scaling"
SWEEP_SCALING_DESCRIPTION = (
    "the sweep engine: N identical gige-iperf runs (--pingCount=0) through hybridnet.sweep "
    "with 1 and with 2 local workers (scaling efficiency T1 / (2 T2)), and the engine's cost "
    "per run from batches of 10 and 40 runs of --duration=1ms"
)
#: The two batches of very short runs whose difference gives the engine's cost per run.
OVERHEAD_BATCHES = (10, 40)
OVERHEAD_DURATION = "1ms"


class HarnessError(Exception):
    """A failure to report in one line (exit code 1)."""


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors: no usage block, exit code 2."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message}\n")


TIME_UNITS = {"h": 3600.0, "min": 60.0, "s": 1.0, "ms": 1e-3, "us": 1e-6, "ns": 1e-9}
TIME_PATTERN = re.compile(r"([0-9]+\.?[0-9]*|\.[0-9]+)(" + "|".join(TIME_UNITS) + ")")
DURATION_RANGE = (1e-3, 3600.0)  # what gige-iperf's --duration accepts
REPETITIONS_RANGE = (1, 1000)


def duration_text(text: str) -> str:
    """A simulated duration with a unit, 1ms to 1h; kept as text, as the programs take it."""
    match = TIME_PATTERN.fullmatch(text)
    if not match:
        raise argparse.ArgumentTypeError(
            f"'{text}' is not a number with a time unit ({', '.join(TIME_UNITS)}), e.g. 5s; "
            "range 1ms to 1h"
        )
    if not DURATION_RANGE[0] <= float(match[1]) * TIME_UNITS[match[2]] <= DURATION_RANGE[1]:
        raise argparse.ArgumentTypeError(f"'{text}' is out of range: 1ms to 1h")
    return text


def repetitions_count(text: str) -> int:
    low, high = REPETITIONS_RANGE
    if not re.fullmatch(r"[0-9]+", text) or not low <= int(text) <= high:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number from {low} to {high}")
    return int(text)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = Parser(
        prog="harness.py",
        description="Measure simulation speed of a hybridnet program relative to a "
        "reference (stock ns-3 running the same workload, or the same program with other "
        "flags), in one invocation.  Speeds are data packets (bytesReceived / segmentSize) "
        "and simulator events per wall-clock second of Simulator::Run(); the report gives "
        "the median over repetitions for each program and the ratios subject/reference "
        "(speeds: 1.0 = same speed, higher = subject faster).",
        epilog="The programs are taken from $HYBRIDNET_BUILD_DIR/bin (default <repo>/build/bin); "
        "build them first with `ninja -C build`.",
    )
    parser.add_argument(
        "benchmark",
        nargs="?",
        choices=sorted([*BENCHMARKS, SWEEP_SCALING]),
        help="benchmark to run (see --list)",
    )
    parser.add_argument("--list", action="store_true", help="list the benchmarks and exit")
    parser.add_argument(
        "--repetitions",
        type=repetitions_count,
        metavar="K",
        help="runs of each program, alternating (whole number, 1 to 1000; default 5); "
        "sweep-scaling: sweeps with 1 and 2 workers, alternating (default 1)",
    )
    parser.add_argument(
        "--runs",
        type=repetitions_count,
        default=4,
        metavar="N",
        help="sweep-scaling only: runs per sweep (whole number, 1 to 1000; default 4; even "
        "numbers split evenly over 2 workers)",
    )
    parser.add_argument(
        "--duration",
        type=duration_text,
        default="5s",
        metavar="TIME",
        help="simulated transfer duration passed to both programs: a number with a unit "
        "(h, min, s, ms, us, ns), 1ms to 1h (default 5s).  Wall time grows with it.",
    )
    parser.add_argument(
        "--output",
        type=Path,
        metavar="PATH",
        help="JSON report; its folder is created (default <build>/bench/<benchmark>.json)",
    )
    args = parser.parse_args(argv)
    if not args.list and args.benchmark is None:
        parser.error("a benchmark name is required (see --list)")
    if args.repetitions is None:
        args.repetitions = 1 if args.benchmark == SWEEP_SCALING else 5
    return args


def build_dir() -> Path:
    return Path(os.environ.get("HYBRIDNET_BUILD_DIR", REPO / "build")).resolve()


def run_once(program: Program, duration: str, bin_dir: Path) -> dict:
    """Run one program in its own process; return its result and the derived speeds."""
    executable = bin_dir / program.name
    with tempfile.TemporaryDirectory(prefix="hybridnet-bench-") as scratch:
        command = [str(executable), *program.args(duration, Path(scratch)), *program.flags]
        end = launcher.launch(command, cwd=scratch, capture_stdout=True)
        if end.status != "done":
            last = (end.stderr_tail.strip().splitlines() or ["no message"])[-1]
            raise HarnessError(f"{program.name} ended ({end.detail}): {last}")
        try:
            run = program.read(end.stdout, Path(scratch))
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise HarnessError(f"cannot read the result of {program.name}: {e!r}") from None
    wall = run["wallSeconds"]
    if wall <= 0:
        raise HarnessError(f"{program.name} reported a wall time of {wall} s")
    packets = run["bytesReceived"] / run["segmentSize"]
    if packets <= 0:
        raise HarnessError(f"{program.title()} delivered no data")
    return {
        "program": program.name,
        "flags": list(program.flags),
        "command": command,
        **run,
        "packetsPerWallSecond": packets / wall,
        "eventsPerWallSecond": run["eventCount"] / wall,
        "eventsPerPacket": run["eventCount"] / packets,
    }


# Medians taken per side; every one of them also gets a ratio subject/reference.
MEASURES = ("packetsPerWallSecond", "eventsPerWallSecond", "eventsPerPacket", "wallSeconds")


def wall_goal(limit: float, ratios: dict) -> dict:
    """The goal: the subject's wall time per data packet delivered (the time it takes to
    simulate the same transfer) at most ``limit`` times the reference's.  The wall time for
    the same simulated time and per event are reported beside it: the first equals it when
    both sides deliver the same bytes, the second tells whether a difference comes from the
    number of events or from their cost."""
    measures = {
        "wallTimePerPacket": 1 / ratios["packetsPerWallSecond"],
        "wallTime": ratios["wallSeconds"],
        "wallTimePerEvent": 1 / ratios["eventsPerWallSecond"],
    }
    return {
        "maxRatio": limit,
        "ratios": measures,
        "met": measures["wallTimePerPacket"] <= limit,
    }


def packet_goal(limit: float, ratios: dict) -> dict:
    """The goal: at least ``limit`` times the reference's data packets per wall-second."""
    ratio = ratios["packetsPerWallSecond"]
    return {"minPacketRatio": limit, "packetRatio": ratio, "met": ratio >= limit}


def window_segments(program: Program) -> float | None:
    """The socket buffer (--window) of a bulk-transfer program in 1448-byte segments."""
    for flag in program.flags:
        if flag.startswith("--window="):
            return int(flag.split("=", 1)[1]) / 1448
    return None


def scale_goal(benchmark: "Benchmark", runs: list[dict]) -> dict:
    """The subject's wall-seconds per simulated second of transfer (median) and peak memory
    per segment of its window (largest run), against the benchmark's limits."""
    subject = [r for r in runs if r["side"] == "subject"]
    per_second = statistics.median(r["wallSeconds"] / r["transferSeconds"] for r in subject)
    peak = max(r["peakRssBytes"] for r in subject)
    segments = window_segments(benchmark.subject)
    per_segment = peak / segments if segments else None
    goal = {
        "wallSecondsPerSimulatedSecond": per_second,
        "maxWallSecondsPerSimulatedSecond": benchmark.max_wall_per_simulated_second,
        "peakRssBytes": peak,
        "windowSegments": segments,
        "peakRssBytesPerSegment": per_segment,
        "maxBytesPerSegment": benchmark.max_bytes_per_segment,
    }
    met = True
    if benchmark.max_wall_per_simulated_second is not None:
        met = met and per_second <= benchmark.max_wall_per_simulated_second
    if benchmark.max_bytes_per_segment is not None and per_segment is not None:
        met = met and per_segment <= benchmark.max_bytes_per_segment
    goal["met"] = met
    return goal


def readout_goal(limit: float, runs: list[dict]) -> dict:
    """The subject's wall-seconds per second of read-out (median), its decided events per
    wall-second, and its peak memory: in all and per host beyond the reference's (the
    marginal cost of a host: the two runs differ in hosts, not in per-host load)."""

    def side(name):
        return [r for r in runs if r["side"] == name]

    per_second = statistics.median(r["wallSeconds"] / r["readoutSeconds"] for r in side("subject"))
    peak = {name: max(r["peakRssBytes"] for r in side(name)) for name in ("subject", "reference")}
    hosts = {name: side(name)[0]["hosts"] for name in ("subject", "reference")}
    extra = hosts["subject"] - hosts["reference"]
    return {
        "wallSecondsPerReadoutSecond": per_second,
        "maxWallSecondsPerReadoutSecond": limit,
        "decidedPerWallSecond": statistics.median(
            r["packetsPerWallSecond"] for r in side("subject")
        ),
        "peakRssBytes": peak,
        "hosts": hosts,
        "peakRssBytesPerHost": (peak["subject"] - peak["reference"]) / extra if extra else None,
        "met": per_second <= limit,
    }


def run_benchmark(name: str, repetitions: int, duration: str, bin_dir: Path) -> dict:
    benchmark = BENCHMARKS[name]
    sides = benchmark.sides()
    for program in sides.values():
        if not os.access(bin_dir / program.name, os.X_OK):
            raise HarnessError(f"{bin_dir / program.name} not found: build with `ninja -C build`")
    runs = []
    for k in range(1, repetitions + 1):
        for side, program in sides.items():
            run = {"side": side, "repetition": k, **run_once(program, duration, bin_dir)}
            print(
                f"  [{k}/{repetitions}] {program.title():<24} {run['wallSeconds']:8.3f} s wall",
                file=sys.stderr,
            )
            runs.append(run)
    medians = {
        side: {
            speed: statistics.median(r[speed] for r in runs if r["side"] == side)
            for speed in MEASURES
        }
        for side in sides
    }
    ratios = {speed: medians["subject"][speed] / medians["reference"][speed] for speed in MEASURES}
    # Each program is deterministic: its runs must all deliver the same bytes, or its
    # median mixes different work.  The two sides may well deliver different bytes (other
    # devices, other interrupt timing): then only the per-packet and per-event speeds
    # compare like with like, not the wall times.
    bytes_per_side = {
        side: sorted({r["bytesReceived"] for r in runs if r["side"] == side}) for side in sides
    }
    repeatable = all(len(b) == 1 for b in bytes_per_side.values())
    all_bytes = [b for side in bytes_per_side.values() for b in side]
    if not repeatable:
        print(
            "harness.py: warning: the runs of one program received different byte counts",
            file=sys.stderr,
        )
    report = {
        "benchmark": name,
        "description": benchmark.description,
        **_context(duration, repetitions, bin_dir),
        "programs": {
            side: {"label": program.label, "program": program.name, "flags": list(program.flags)}
            for side, program in sides.items()
        },
        "runs": runs,
        "medians": medians,
        "ratios": ratios,
        "bytesReceived": bytes_per_side,
        "repeatable": repeatable,
        # The same transfer within 0.1 % (the sides' last round trips may differ).
        "sameWork": max(all_bytes) <= 1.001 * min(all_bytes),
    }
    if benchmark.max_wall_ratio is not None:
        report["goal"] = wall_goal(benchmark.max_wall_ratio, ratios)
    if benchmark.min_packet_ratio is not None:
        report["goal"] = packet_goal(benchmark.min_packet_ratio, ratios)
    if benchmark.max_wall_per_simulated_second is not None:
        report["goal"] = scale_goal(benchmark, runs)
    if benchmark.max_wall_per_readout_second is not None:
        report["goal"] = readout_goal(benchmark.max_wall_per_readout_second, runs)
    report["work"] = benchmark.work
    return report


def print_table(report: dict) -> None:
    def row(label, packets, events, per_packet, wall):
        print(f"{label:<40} {packets:>15} {events:>15} {per_packet:>11} {wall:>8}")

    print(
        f"{report['benchmark']}: medians of {report['repetitions']} run(s) per program, "
        f"--duration={report['duration']}, {report['machine']['cpuCount']} CPUs"
    )
    work = report.get("work", "packets")
    row(
        "",
        f"{work}/wall-s",
        "events/wall-s",
        f"events/{'pkt' if work == 'packets' else work}",
        "wall s",
    )
    programs = report["programs"]
    for side, program in programs.items():
        m = report["medians"][side]
        row(
            f"{program['label']} ({' '.join((program['program'], *program['flags']))})",
            f"{m['packetsPerWallSecond']:,.0f}",
            f"{m['eventsPerWallSecond']:,.0f}",
            f"{m['eventsPerPacket']:.2f}",
            f"{m['wallSeconds']:.3f}",
        )
    ratios = report["ratios"]
    row(
        f"ratio {programs['subject']['label']}/{programs['reference']['label']}",
        f"{ratios['packetsPerWallSecond']:.3f}",
        f"{ratios['eventsPerWallSecond']:.3f}",
        f"{ratios['eventsPerPacket']:.3f}",
        f"{ratios['wallSeconds']:.3f}",
    )
    if not report["sameWork"]:
        packets = work == "packets"
        received = ", ".join(
            f"{programs[side]['label']} {'/'.join(f'{b:,.0f}' for b in counts)} "
            + ("B" if packets else work)
            for side, counts in report["bytesReceived"].items()
        )
        if packets:
            print(
                f"bytes received differ ({received}):\n"
                "  the wall times are for different transfers; compare per packet and per event"
            )
        else:
            print(
                f"the work differs ({received}):\n"
                "  the wall times are for different work; compare per unit of work and per event"
            )
    goal = report.get("goal", {})
    if "minPacketRatio" in goal:
        print(
            f"goal: {programs['subject']['label']} simulates at least "
            f"{goal['minPacketRatio']:.2f} x the data packets per wall-second of "
            f"{programs['reference']['label']}: {goal['packetRatio']:.3f}, goal "
            f"{'met' if goal['met'] else 'NOT met'}"
        )
    elif "wallSecondsPerReadoutSecond" in goal:
        per_host = goal["peakRssBytesPerHost"]
        print(
            f"goal: {programs['subject']['label']}: "
            f"{goal['wallSecondsPerReadoutSecond']:.1f} wall-s per second of read-out (at most "
            f"{goal['maxWallSecondsPerReadoutSecond']:.0f}), "
            f"{goal['decidedPerWallSecond']:,.0f} events decided per wall-second; peak memory "
            f"{goal['peakRssBytes']['subject'] / 2**20:,.0f} MiB for "
            f"{goal['hosts']['subject']:,} hosts"
            + (f", {per_host / 1024:,.0f} KiB per host" if per_host is not None else "")
            + f"; goal {'met' if goal['met'] else 'NOT met'}"
        )
    elif "wallSecondsPerSimulatedSecond" in goal:
        per_segment = goal["peakRssBytesPerSegment"]
        print(
            f"goal: {programs['subject']['label']}: "
            f"{goal['wallSecondsPerSimulatedSecond']:.1f} wall-s per simulated second "
            f"(at most {goal['maxWallSecondsPerSimulatedSecond']:.0f}); peak memory "
            f"{goal['peakRssBytes'] / 2**20:,.0f} MiB = "
            f"{per_segment:,.0f} B per segment of the window (at most "
            f"{goal['maxBytesPerSegment']:,.0f}); goal {'met' if goal['met'] else 'NOT met'}"
        )
    elif goal:
        print(
            f"goal: {programs['subject']['label']} takes at most "
            f"{goal['maxRatio']:.2f} x the wall time of {programs['reference']['label']} "
            "per data packet"
        )
        for measure, text in (
            ("wallTimePerPacket", "wall time per data packet (the goal)"),
            ("wallTime", "wall time, same simulated time"),
            ("wallTimePerEvent", "wall time per event"),
        ):
            print(f"  {text:<38} {goal['ratios'][measure]:8.3f}")
        print(f"  goal {'met' if goal['met'] else 'NOT met'}")


# --- sweep-scaling ----------------------------------------------------------------------


def timed_sweep(folder: Path, duration: str, runs: int, jobs: int) -> dict:
    """One sweep of ``runs`` gige-iperf runs (RngRun 1..runs, identical work) into a fresh
    results directory; its wall time and the runs' own wall times."""
    from hybridnet import paths, sweep, sweep_spec  # noqa: PLC0415 - only this benchmark
    from hybridnet.store import Store  # noqa: PLC0415

    spec_path = folder / "spec.toml"
    spec_path.write_text(
        'scenario = "gige-iperf"\n[fixed]\n'
        f'duration = "{duration}"\npingCount = 0\n'
        f"[replications]\ncount = {runs}\n"
    )
    results = folder / f"results-{duration}-{runs}-jobs{jobs}-{time.monotonic_ns()}"
    try:
        spec = sweep_spec.load(spec_path)
        start = time.monotonic()
        report = sweep.run(spec, results, jobs=jobs, allow_dirty=True, progress=False)
        wall = time.monotonic() - start
    except (sweep_spec.SpecError, sweep.SweepError, paths.BuildMissing) as e:
        raise HarnessError(str(e)) from None
    if not report.complete or report.done != runs:
        raise HarnessError(
            f"the sweep finished {report.done} of {runs} runs "
            f"({len(report.quarantined)} quarantined)"
        )
    store = Store(results)
    try:
        rows = store.rows("done")
        docs = [store.load_result(r["run_id"]) for r in rows]
    finally:
        store.close()
    return {
        "jobs": jobs,
        "runs": runs,
        "duration": duration,
        "sweepWallSeconds": wall,
        "runProcessSecondsSum": sum(r["wall_s"] for r in rows),
        "simulatorRunSecondsSum": sum(d["wallClock"]["wallTime"]["value"] for d in docs),
        "bytesReceived": sorted({d["metrics"]["bytesReceived"]["value"] for d in docs}),
        "codeVersion": report.code_version,
    }


def run_sweep_scaling(repetitions: int, duration: str, runs: int, bin_dir: Path) -> dict:
    if not os.access(bin_dir / "gige-iperf", os.X_OK):
        raise HarnessError(f"{bin_dir / 'gige-iperf'} not found: build with `ninja -C build`")
    if (os.cpu_count() or 1) < 2:
        print("harness.py: warning: fewer than 2 CPUs; 2 workers cannot scale", file=sys.stderr)
    scaling = []
    with tempfile.TemporaryDirectory(prefix="hybridnet-bench-sweep-") as tmp:
        # Warm-up, not counted: the first sweep of a process also imports Dask (about 1 s).
        timed_sweep(Path(tmp), OVERHEAD_DURATION, 1, 1)
        for k in range(1, repetitions + 1):
            for jobs in (1, 2):
                sweep = {"repetition": k, **timed_sweep(Path(tmp), duration, runs, jobs)}
                print(
                    f"  [{k}/{repetitions}] {runs} run(s) of {duration}, --jobs {jobs}: "
                    f"{sweep['sweepWallSeconds']:8.3f} s wall",
                    file=sys.stderr,
                )
                scaling.append(sweep)
        overhead = []
        for batch in OVERHEAD_BATCHES:
            sweep = timed_sweep(Path(tmp), OVERHEAD_DURATION, batch, 1)
            sweep["engineSeconds"] = sweep["sweepWallSeconds"] - sweep["runProcessSecondsSum"]
            print(
                f"  {batch} run(s) of {OVERHEAD_DURATION}, --jobs 1: "
                f"{sweep['sweepWallSeconds']:8.3f} s wall, "
                f"{sweep['runProcessSecondsSum']:.3f} s in the runs",
                file=sys.stderr,
            )
            overhead.append(sweep)
    t1 = statistics.median(s["sweepWallSeconds"] for s in scaling if s["jobs"] == 1)
    t2 = statistics.median(s["sweepWallSeconds"] for s in scaling if s["jobs"] == 2)
    small, large = overhead
    per_run = (large["engineSeconds"] - small["engineSeconds"]) / (large["runs"] - small["runs"])
    same_work = len({b for s in scaling for b in s["bytesReceived"]}) == 1
    if not same_work:
        print("harness.py: warning: the runs received different byte counts", file=sys.stderr)
    return {
        "benchmark": SWEEP_SCALING,
        "description": SWEEP_SCALING_DESCRIPTION,
        **_context(duration, repetitions, bin_dir),
        "runs": runs,
        "codeVersion": scaling[0]["codeVersion"],
        "sweeps": scaling,
        "overheadSweeps": overhead,
        "t1Seconds": t1,
        "t2Seconds": t2,
        "scalingEfficiency": t1 / (2 * t2),
        "engineSecondsPerRun": per_run,
        "engineSecondsFixed": small["engineSeconds"] - per_run * small["runs"],
        "sameWork": same_work,
    }


def print_sweep_table(report: dict) -> None:
    runs = [s for s in report["sweeps"] if s["jobs"] == 1]
    mean_run = statistics.fmean(s["runProcessSecondsSum"] / s["runs"] for s in runs)
    print(
        f"{report['benchmark']}: {report['runs']} gige-iperf run(s) of --duration="
        f"{report['duration']} (about {mean_run:.2f} s each), median of "
        f"{report['repetitions']} sweep(s) per worker count, {report['machine']['cpuCount']} CPUs"
    )
    print(f"  T1 (--jobs 1)                  {report['t1Seconds']:10.3f} s")
    print(f"  T2 (--jobs 2)                  {report['t2Seconds']:10.3f} s")
    print(f"  scaling efficiency T1/(2 T2)   {report['scalingEfficiency']:10.3f}")
    print(f"  engine cost per run            {1000 * report['engineSecondsPerRun']:10.1f} ms")
    print(f"  engine cost per sweep (fixed)  {report['engineSecondsFixed']:10.3f} s")


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    if args.list:
        for name, benchmark in BENCHMARKS.items():
            print(f"{name}: {benchmark.description}")
        print(f"{SWEEP_SCALING}: {SWEEP_SCALING_DESCRIPTION}")
        return 0
    build = build_dir()
    output = args.output or build / "bench" / f"{args.benchmark}.json"
    try:
        if args.benchmark == SWEEP_SCALING:
            report = run_sweep_scaling(args.repetitions, args.duration, args.runs, build / "bin")
        else:
            report = run_benchmark(args.benchmark, args.repetitions, args.duration, build / "bin")
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(json.dumps(report, indent=2) + "\n")
    except (HarnessError, OSError) as e:
        print(f"harness.py: error: {e}", file=sys.stderr)
        return 1
    (print_sweep_table if args.benchmark == SWEEP_SCALING else print_table)(report)
    print(f"report: {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
