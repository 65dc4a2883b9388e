# SPDX-License-Identifier: GPL-2.0-only
"""The Python API for experiments: one run, a grid of runs as a DataFrame, and its plot.

    from netblt_sim import run, sweep, plot_throughput_vs_burst_interval

    record = run(network="proteon-ring", bs=5, bi_ms=40, psz=1990, bfsz=19900, xfsz_kb=1990,
                 nbufs=1, seed=1)
    frame = sweep({"bi_ms": range(25, 46, 5), "nbufs": [1, 2]}, network="proteon-ring",
                  psz=1990, bfsz=19900, xfsz_kb=1990)
    plot_throughput_vs_burst_interval(frame).savefig("ring.png")

All runs share this process and the ns-3 libraries loaded by the first one; every run reseeds
all its random streams from its `seed`, so it gives the record a fresh process would give.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from netblt_sim.transfer import (
    TransferParameters,
    TransferRecord,
    records_frame,
    run_transfer,
    run_transfers,
)

if TYPE_CHECKING:
    import pandas as pd

PARAMETER_NAMES: frozenset[str] = frozenset(f.name for f in fields(TransferParameters))


def parameters(**values: Any) -> TransferParameters:
    """TransferParameters from keyword values; `xfsz_kb` (RFC 1030's unit, 1000 bytes) is
    accepted in place of `xfsz_bytes`. Unknown names raise ValueError listing the known ones."""
    values = dict(values)
    if "xfsz_kb" in values:
        if "xfsz_bytes" in values:
            raise ValueError("give xfsz_kb or xfsz_bytes, not both")
        kilobytes = values.pop("xfsz_kb")
        if isinstance(kilobytes, bool) or not isinstance(kilobytes, int):
            raise ValueError(f"xfsz_kb = {kilobytes!r}: must be a whole number of 1000 bytes")
        values["xfsz_bytes"] = kilobytes * 1000
    unknown = sorted(set(values) - PARAMETER_NAMES)
    if unknown:
        known = sorted(PARAMETER_NAMES | {"xfsz_kb"})
        raise ValueError(f"unknown parameter(s) {unknown}; known: {known}")
    return TransferParameters(**values)


def run(**values: Any) -> TransferRecord:
    """Runs one transfer (see `parameters` for the names) and returns its record."""
    return run_transfer(parameters(**values))


def sweep(
    grid: Mapping[str, Iterable[Any]], *, progress: bool = True, **fixed: Any
) -> pd.DataFrame:
    """Runs every combination of `grid` (name -> values) with the `fixed` values and returns one
    row per run: the parameters, then the record's fields. Every combination is validated before
    the first run, so a bad value fails at once and nothing is simulated."""
    names = list(grid)
    overlap = sorted(set(names) & set(fixed))
    if overlap:
        raise ValueError(f"{overlap} given both in the grid and as fixed values")
    runs = [
        parameters(**fixed, **dict(zip(names, combination, strict=True)))
        for combination in itertools.product(*(list(grid[name]) for name in names))
    ]
    for p in runs:
        p.validate()
    return records_frame(run_transfers(runs, "transfers" if progress else None), runs)
