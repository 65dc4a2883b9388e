# SPDX-License-Identifier: GPL-2.0-only
"""A grid of runs as a DataFrame, one row per run, and its plot.

    from netblt_sim import plot_throughput_vs_burst_interval, sweep

    frame = sweep({"bi_ms": range(25, 46, 5), "nbufs": [1, 2]}, network="proteon-ring",
                  psz=1990, bfsz=19900, xfsz_kb=1990)
    plot_throughput_vs_burst_interval(frame).savefig("ring.png")

All runs share this process and the ns-3 libraries loaded by the first one; every run reseeds
all its random streams from its `seed`, so it gives the record a fresh process would give.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from netblt_sim.parameters import transfer_parameters
from netblt_sim.transfer import records_frame, run_transfers

if TYPE_CHECKING:
    import pandas as pd


def sweep(
    grid: Mapping[str, Iterable[Any]], *, progress: str | None = "transfers", **fixed: Any
) -> pd.DataFrame:
    """Runs every combination of `grid` (name -> values) with the `fixed` values (names as
    `transfer_parameters` takes them) and returns one row per run: the parameters, then the
    record's fields, in the order of `itertools.product` over the grid. `progress` labels the
    progress bar (None: no bar). Every combination is validated before the first run, so a bad
    value fails at once and nothing is simulated."""
    names = list(grid)
    overlap = sorted(set(names) & set(fixed))
    if overlap:
        raise ValueError(f"{overlap} given both in the grid and as fixed values")
    runs = [
        transfer_parameters(**fixed, **dict(zip(names, combination, strict=True)))
        for combination in itertools.product(*(list(grid[name]) for name in names))
    ]
    return records_frame(run_transfers(runs, progress), runs)
