# SPDX-License-Identifier: GPL-2.0-only
"""The break-even transfer size of an on-demand lightpath, from sweeps of
examples/sweeps/lightpath-wan-break-even.toml (or slices of it): per condition (set-up
time T_up, RTT, cross flows) and transfer size, the completion time on the packet WAN
alone and on demand with the size announced, their ratio, and the derived break-even size
F_0 - the size whose packet-path time equals T_up (docs/modules/offload.md: a transfer
ends before its lightpath is up exactly when its packet-path time is below D + T_up; D =
0 with hints), interpolated log-log between the swept sizes.

    python examples/lightpath-break-even.py sweeps/lightpath-wan-break-even [more dirs] \\
        --output docs/modules/offload-break-even.csv
    gnuplot docs/modules/offload-break-even.gp
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))

import pandas  # noqa: E402

from hybridnet import analysis  # noqa: E402

CONDITION = ["circuitSetUpTime [s]", "wanDelay [s]", "crossFlows"]


def break_even(sizes: list[float], packet: list[float], t_up: float) -> float:
    """F with FCT_p(F) = t_up, log-log between the two sizes around it (NaN outside)."""
    for (f0, t0), (f1, t1) in zip(
        zip(sizes, packet, strict=True), zip(sizes[1:], packet[1:], strict=True), strict=False
    ):
        if t0 <= t_up <= t1:
            w = math.log(t_up / t0) / math.log(t1 / t0)
            return math.exp(math.log(f0) + w * math.log(f1 / f0))
    return math.nan


def table(dirs: list[str]):
    frame = pandas.concat([analysis.runs_frame(d) for d in dirs], ignore_index=True)
    fct = next(c for c in frame.columns if c.startswith("fctElephantsMean"))
    frame["size_MB"] = frame["bulkSize [B]"] / 1e6
    t_up = frame.groupby(CONDITION[1:] + ["waveLatency [s]"])["circuitSetUpTime [s]"].transform(
        "max"
    )  # the packet runs report the same T_up of their flags
    frame["tup_s"] = t_up
    wide = frame.pivot_table(
        index=["tup_s", "wanDelay [s]", "crossFlows", "size_MB"], columns="mode", values=fct
    ).reset_index()
    wide["ratio"] = wide["on-demand"] / wide["packet"]
    rows = []
    for key, group in wide.groupby(["tup_s", "wanDelay [s]", "crossFlows"]):
        group = group.sort_values("size_MB")
        f0 = break_even(list(group["size_MB"]), list(group["packet"]), key[0])
        for _, row in group.iterrows():
            rows.append((*key, row["size_MB"], row["packet"], row["on-demand"], row["ratio"], f0))
    return rows


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dirs", nargs="+", help="sweep results directories")
    parser.add_argument("--output", required=True, help="CSV file to write")
    args = parser.parse_args(argv)
    header = "tup_s,rtt_s,cross_flows,size_MB,fct_packet_s,fct_on_demand_s,ratio,f0_MB"
    lines = [header]
    for row in table(args.dirs):
        t_up, delay, flows, size, packet, demand, ratio, f0 = row
        lines.append(
            f"{t_up:.3f},{2 * delay:.3f},{int(flows)},{size:g},{packet:.4f},{demand:.4f},"
            f"{ratio:.4f},{f0:.3g}"
        )
    Path(args.output).write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
