# SPDX-License-Identifier: GPL-2.0-only
"""``hybridnet tune``: the data-grid study's advice for a path (shared reference
wan-tuning-grid.md, "TCP facts used" and "Advice to application designers"), measured and
checked in the simulator.

1. Measure: the path's round trip from pchar (its last hop's partial line at size 0, the
   sum of the per-hop rtts: a ping without a packet's serialisation) and its bottleneck
   from pipechar (scenario ``path-characterisation`` over the path file, ideal host). Or
   take ``--bandwidth`` and ``--rtt`` as given.
2. Advise: the socket buffer of bandwidth x RTT (rounded up to a byte); what an untuned
   buffer B0 allows, B0 / RTT, as a share of the bandwidth; and the parallel streams that
   would fill the path with B0 each, ceil(bandwidth x RTT / B0).
3. Check: simulate bulk TCP (scenario ``wan-bulk-transfer``, LfnTcpSocket, the buffer as
   the window: ``--bufferSemantics=ns3``) on a path of the true bottleneck and round trip -
   the path file's, when a path was measured - with the untuned buffer, the advised one,
   and the advised streams of untuned buffers, and report each goodput as a share of the
   path's TCP ceiling.
"""

from __future__ import annotations

import json
import math
import re
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

from . import paths, scenarios

RATE_UNITS = {"bps": 1.0, "kbps": 1e3, "Mbps": 1e6, "Gbps": 1e9}
TIME_UNITS = {"us": 1e-6, "ms": 1e-3, "s": 1.0}
SIZE_UNITS = {"B": 1, "KB": 1000, "KiB": 1024, "MB": 10**6, "MiB": 2**20}
#: The untuned buffer: "default buffers were 24-32 KB" (the reference page), as 32 KiB.
DEFAULT_BUFFER = 32 * 1024
MAX_STREAMS = 16  # wan-bulk-transfer's --flows limit: the check runs at most this many


class TuneError(ValueError):
    """Bad input to tune; the message is one line naming the setting and what is accepted."""


def quantity(text: str, units: dict, what: str, low: float, high: float) -> float:
    """``text``, a number with one of ``units``, in the base unit (the one worth 1); TuneError
    if it is not one or lies outside [low, high]."""
    m = re.fullmatch(r"([0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?)([A-Za-z]+)", text.strip())
    if not m or m.group(2) not in units:
        raise TuneError(f"{what}: '{text}' is not a number with a unit ({', '.join(units)})")
    value = float(m.group(1)) * units[m.group(2)]
    if not low <= value <= high:
        base = next(name for name, factor in units.items() if factor == 1)
        raise TuneError(f"{what}: '{text}' is outside {low:g}{base} to {high:g}{base}")
    return value


@dataclass
class Advice:
    bandwidth: float  # bit/s, the bottleneck's
    rtt: float  # s
    default_buffer: int  # B
    buffer: int = 0  # B: bandwidth x RTT
    default_share: float = 0.0  # of the bandwidth an untuned buffer allows
    streams: int = 1  # untuned streams that fill the path: ceil(buffer / default buffer)

    def __post_init__(self):
        # rounded to a micro-byte first: 96e6 x 0.084 / 8 is 1008000.0000000001 in binary
        self.buffer = math.ceil(round(self.bandwidth * self.rtt / 8, 6))
        self.default_share = min(1.0, 8 * self.default_buffer / self.rtt / self.bandwidth)
        self.streams = max(1, math.ceil(self.buffer / self.default_buffer))

    def lines(self) -> list[str]:
        mbps = self.bandwidth / 1e6
        return [
            f"bottleneck {mbps:.1f} Mb/s, round trip {self.rtt * 1e3:.3f} ms",
            f"socket buffer: bandwidth x RTT = {self.buffer} B ({self.buffer / 2**20:.2f} MiB):"
            " raise net.core.rmem_max and wmem_max to it and setsockopt(SO_SNDBUF, SO_RCVBUF)",
            f"an untuned {self.default_buffer} B buffer allows {self.default_buffer}/RTT ="
            f" {8 * self.default_buffer / self.rtt / 1e6:.1f} Mb/s,"
            f" {100 * self.default_share:.1f} % of the path",
            f"if buffers cannot be raised: {self.streams} parallel streams of"
            f" {self.default_buffer} B fill the path (switchable, off by default)"
            + (f"; the check runs {MAX_STREAMS}" if self.streams > MAX_STREAMS else ""),
        ]


@dataclass
class Check:
    name: str
    flags: dict
    goodput: float = 0.0  # Mb/s
    share: float = 0.0  # of the path's TCP ceiling


@dataclass
class Outcome:
    advice: Advice
    measured: dict = field(default_factory=dict)  # what pchar and pipechar said
    truth: dict = field(default_factory=dict)  # the path file's bottleneck and round trip
    checks: list[Check] = field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=2)


def _run(name: str, flags: dict, folder: Path) -> dict:
    return scenarios.run(name, flags, folder / f"{name}-{len(list(folder.iterdir()))}.json")


def measure(path: str, folder: Path) -> tuple[dict, dict]:
    """pchar's round trip and pipechar's bottleneck of ``path`` (a bundled name or file);
    and the file's own bottleneck and round trip."""
    pchar = _run("path-characterisation", {"path": path, "tool": "pchar"}, folder)
    pipechar = _run("path-characterisation", {"path": path, "tool": "pipechar"}, folder)
    rtt = sum(pchar["series"]["hops"]["rtt"]["values"])
    m = pipechar["metrics"]
    if "bottleneckCapacity" not in m:
        raise TuneError(f"path: pipechar found no bottleneck on {path}")
    measured = {
        "rtt": rtt,
        "bandwidth": m["bottleneckCapacity"]["value"] * 1e6,
        "bottleneckHop": m["estimatedBottleneckHop"]["value"],
    }
    t = pipechar["metrics"]
    truth = {"rtt": t["pathRtt"]["value"], "bandwidth": t["bottleneckRate"]["value"] * 1e6}
    return measured, truth


def check(advice: Advice, truth: dict, folder: Path, duration: float | None = None) -> list[Check]:
    """Bulk TCP on a path of the true bottleneck and round trip: the untuned buffer, the
    advised buffer, and the advised streams of untuned buffers."""
    rtt, rate = truth["rtt"], truth["bandwidth"]
    seconds = duration or max(10.0, 100 * rtt)
    common = {
        "tcp": "lfn",
        "bottleneckRate": f"{rate:.0f}bps",
        "accessRate": f"{max(10e9, 10 * rate):.0f}bps",
        "rtt": f"{rtt * 1e6:.0f}us",
        "bufferSemantics": "ns3",
        "duration": f"{seconds:g}s",
        "warmup": f"{seconds / 2:g}s",
    }
    untuned = {"sndBuf": f"{advice.default_buffer}B", "rcvBuf": f"{advice.default_buffer}B"}
    streams = min(advice.streams, MAX_STREAMS)
    tuned = {"sndBuf": f"{advice.buffer}B", "rcvBuf": f"{advice.buffer}B"}
    checks = [
        Check("untuned, 1 stream", common | untuned),
        Check("advised buffer, 1 stream", common | tuned),
        Check(f"untuned, {streams} streams", common | untuned | {"flows": streams}),
    ]
    for c in checks:
        m = _run("wan-bulk-transfer", c.flags, folder)["metrics"]
        c.goodput = m["goodput"]["value"]
        c.share = c.goodput / m["goodputCeiling"]["value"]
    return checks


def tune(
    path: str | None = None,
    bandwidth: float | None = None,
    rtt: float | None = None,
    default_buffer: int = DEFAULT_BUFFER,
    simulate: bool = True,
) -> Outcome:
    """Measure (a path) or take (bandwidth, rtt), advise, and check by simulation."""
    with tempfile.TemporaryDirectory(prefix="hybridnet-tune-") as tmp:
        folder = Path(tmp)
        measured: dict = {}
        if path is not None:
            measured, truth = measure(path, folder)
            bandwidth, rtt = measured["bandwidth"], measured["rtt"]
        else:
            truth = {"rtt": rtt, "bandwidth": bandwidth}
        outcome = Outcome(Advice(bandwidth, rtt, default_buffer), measured, truth)
        if simulate:
            outcome.checks = check(outcome.advice, truth, folder)
    return outcome


def report(outcome: Outcome) -> str:
    """The advice and its check as text."""
    lines = []
    if outcome.measured:
        m, t = outcome.measured, outcome.truth
        lines.append(
            f"measured: round trip {m['rtt'] * 1e3:.3f} ms (pchar; the path file: "
            f"{t['rtt'] * 1e3:.3f} ms), bottleneck {m['bandwidth'] / 1e6:.2f} Mb/s at hop "
            f"{m['bottleneckHop']:.0f} (pipechar; the path file: {t['bandwidth'] / 1e6:.2f} Mb/s)"
        )
    lines += outcome.advice.lines()
    if outcome.checks:
        lines.append("checked by simulating bulk TCP on the path (LfnTcpSocket):")
        lines += [
            f"  {c.name}: {c.goodput:.1f} Mb/s, {100 * c.share:.1f} % of the path's TCP ceiling"
            for c in outcome.checks
        ]
    return "\n".join(lines) + "\n"


def bundled_paths() -> list[str]:
    """The bundled path files' names."""
    folder = paths.SOURCE_DIR / "examples" / "topologies" / "paths"
    return sorted(p.stem for p in folder.glob("*.json"))
