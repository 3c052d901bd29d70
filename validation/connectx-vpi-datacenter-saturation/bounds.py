# SPDX-License-Identifier: GPL-2.0-only
"""Operational-law bounds of the vpi-datacenter what-if (docs/modules/datacenter.md,
"Saturation: operational bounds"): the mix-weighted service demand of each tier's
application processors from TpcwInteractionTable's assumed demands and the shopping
chain's stationary distribution, and the bounds

    X(N) <= N / (D + E[TT])       (4)    X(N) <= 1 / D_max = k / D_b      (5)

Run: python3 bounds.py [demandScale] [thinkTime in s] [browsers ...]. It prints the
reference.csv values of the case and the scatter of the realised mix behind the saturation
checks' tolerance; python/tests/test_vpi_datacenter.py checks they agree.
The numbers below are the model's inputs, restated (not results of a run)."""

from __future__ import annotations

import bisect
import itertools
import math
import random
import statistics
import sys

INTERACTIONS = [
    "home", "new-products", "best-sellers", "product-detail", "search-request",
    "search-results", "shopping-cart", "customer-registration", "buy-request",
    "buy-confirm", "order-inquiry", "order-display", "admin-request", "admin-confirm",
]  # fmt: skip

# TpcwMix (1): the shopping mix's transition table t_ij out of 9999 (the UW-Madison TPC-W
# RBE's EBTPCW2Factory), rows and columns in the order above - as model/datacenter/tpcw-mix.cc.
SHOPPING = [
    [0, 3125, 3124, 0, 308, 0, 2973, 0, 0, 0, 469, 0, 0, 0],
    [156, 0, 0, 9579, 49, 0, 215, 0, 0, 0, 0, 0, 0, 0],
    [167, 0, 0, 305, 9455, 0, 72, 0, 0, 0, 0, 0, 0, 0],
    [774, 0, 0, 456, 7315, 0, 1396, 0, 0, 0, 0, 0, 58, 0],
    [635, 0, 0, 0, 0, 8500, 864, 0, 0, 0, 0, 0, 0, 0],
    [2657, 0, 0, 6637, 10, 0, 695, 0, 0, 0, 0, 0, 0, 0],
    [7407, 0, 0, 0, 0, 0, 7, 2585, 0, 0, 0, 0, 0, 0],
    [94, 0, 0, 0, 1239, 0, 0, 0, 8666, 0, 0, 0, 0, 0],
    [1932, 0, 0, 0, 0, 0, 3453, 0, 0, 4614, 0, 0, 0, 0],
    [84, 0, 0, 0, 9915, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    [72, 0, 0, 0, 1127, 0, 0, 0, 0, 0, 0, 8800, 0, 0],
    [69, 0, 0, 0, 9930, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    [1000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8999],
    [9952, 0, 0, 0, 47, 0, 0, 0, 0, 0, 0, 0, 0, 0],
]

# TpcwInteractionTable's assumed processor times per interaction, ms (one 2.0 GHz core),
# in the order above; the database's is 0 where the interaction does not query it (DBT-1).
DEMAND_MS = {
    "web": [0.5] * 14,
    "app": [3, 5, 5, 3, 3, 5, 3, 3, 3, 3, 3, 3, 3, 3],
    "db": [1, 20, 20, 1, 0, 10, 5, 0, 1, 5, 1, 1, 1, 5],
}
PROCESSORS = 7  # each tier's pool: the profile's 8 processors less the network processor


def stationary(table: list[list[int]], rounds: int = 500) -> list[float]:
    """The chain's stationary distribution, by power iteration from Home."""
    p = [1.0] + [0.0] * (len(table) - 1)
    for _ in range(rounds):
        p = [sum(p[i] * table[i][j] / 9999 for i in range(len(p))) for j in range(len(p))]
    return p


def demands(scale: float = 1.0) -> dict[str, float]:
    """D_r, s per interaction, of each tier's pool (all its processors together), (1)."""
    pi = stationary(SHOPPING)
    return {
        tier: scale * sum(p * d for p, d in zip(pi, ms, strict=True)) / 1000
        for tier, ms in DEMAND_MS.items()
    }


def bounds(scale: float, think: float, browsers: int) -> dict[str, float]:
    d = demands(scale)
    total = sum(d.values())  # (2)
    d_max = max(d.values()) / PROCESSORS  # (3)
    mean_think = think * (1 - math.exp(-10))  # TpcwThinkTime (2), cut at 10 Z
    return {
        "D": total,
        "D_max": d_max,
        "light": browsers / (total + mean_think),  # (4)
        "saturation": 1 / d_max,  # (5)
        "knee": (total + mean_think) / d_max,  # N* (6)
    }


def mix_scatter(browsers: int, interactions: int, walks: int = 200) -> float:
    """Relative standard deviation of the mean database demand of @p interactions completed by
    @p browsers walking the shopping chain (each from Home, 4 interactions of warm-up), over
    @p walks independent walks: the scatter of the saturated throughput 7 / D_db as realised."""
    rng = random.Random(1)
    cumulative = [list(itertools.accumulate(row)) for row in SHOPPING]
    db = DEMAND_MS["db"]
    means = []
    for _ in range(walks):
        state = [0] * browsers
        total = 0.0
        steps = 4 + interactions // browsers
        for step in range(steps):
            for b in range(browsers):
                u = rng.random() * 9999
                state[b] = min(bisect.bisect_right(cumulative[state[b]], u), 13)
                total += db[state[b]] if step >= 4 else 0.0
        means.append(total / (browsers * (steps - 4)))
    mean = statistics.fmean(means)
    return statistics.pstdev(means) / mean


def main(argv: list[str]) -> None:
    scale = float(argv[1]) if len(argv) > 1 else 50.0
    think = float(argv[2]) if len(argv) > 2 else 1.0
    print("D per tier at scale 1, ms:", {k: round(v * 1e3, 4) for k, v in demands().items()})
    for n in [int(a) for a in argv[3:]] or [10, 20, 40, 80, 160, 320]:
        b = bounds(scale, think, n)
        print(f"N={n}: " + ", ".join(f"{k}={v:.6g}" for k, v in b.items()))
    print("scatter of the saturated X, 160 browsers, 3000 interactions:", mix_scatter(160, 3000))


if __name__ == "__main__":
    main(sys.argv)
