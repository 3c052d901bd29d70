# SPDX-License-Identifier: GPL-2.0-only
"""Statistics of replications, in one place: validation, sweeps and their tables use these.

For n independent replications x_1..x_n with mean m and sample standard deviation s, the
two-sided confidence interval of the mean at level L is

    m -/+ t_{(1+L)/2, n-1} * s / sqrt(n)                                            (1)

(Student's t with n-1 degrees of freedom).  An adaptive sweep (``replications.until``)
adds replications until the half-width is below a target fraction of |m|.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence


def confidence_interval(samples: Sequence[float], level: float = 0.95) -> tuple[float, float]:
    """Interval (1) for the mean; (mean, mean) for identical samples, NaN for n < 2."""
    from scipy import stats  # noqa: PLC0415 - scipy is slow to import

    n = len(samples)
    if n < 2:
        return (math.nan, math.nan)
    mean = statistics.fmean(samples)
    half = float(stats.t.ppf(0.5 + level / 2, n - 1)) * statistics.stdev(samples) / math.sqrt(n)
    return (mean - half, mean + half)
