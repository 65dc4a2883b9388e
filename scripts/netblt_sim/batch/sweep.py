# SPDX-License-Identifier: GPL-2.0-only
"""A grid of runs as a DataFrame, one row per run, and its plot.

::

    from netblt_sim import plot_throughput_vs_burst_interval, sweep

    frame = sweep({"bi_ms": range(25, 46, 5), "nbufs": [1, 2]}, network="proteon-ring",
                  psz=1990, bfsz=19900, xfsz_kb=1990, workers=2, store="ring.sqlite")
    plot_throughput_vs_burst_interval(frame).savefig("ring.png")

By default all runs share this process and the ns-3 libraries loaded by the first one;
`workers=N` runs them on a local Dask cluster of N processes, `client=` on an existing cluster,
and `store=` keeps every finished run in an SQLite file so that a sweep run again simulates only
what is missing (see `executor` and `store`). Every run reseeds all its random streams from its
`seed`, so it gives the record a fresh process would give, and the frame is the same, row for row
and bit for bit, however many processes ran it. Worker processes are spawned and import the main
module: a script that sweeps with `workers` > 1 needs the `if __name__ == "__main__":` guard, and
one read from standard input (`python - < script.py`), which has no file to import, is refused
with `cluster.MainModuleError` saying what to do (an interactive session works).
A grid that names `flows` or `phase` runs several transfers at once per combination::

    frame = sweep({"flows": [1, 2, 4], "phase": ["synchronized", "random"]}, share_rate=True,
                  network="wideband", bs=5, bi_ms=55, psz=1432, bfsz=14320, xfsz_kb=716,
                  nbufs=22)
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from netblt_sim.batch.executor import TransferExecutor, run_flow_sets, run_transfers
from netblt_sim.batch.grid import grid_flow_sets, grid_parameters, is_flow_grid, with_runs
from netblt_sim.core.flows import FlowSet, flow_sets_frame
from netblt_sim.core.parameters import TransferParameters
from netblt_sim.core.transfer import records_frame

if TYPE_CHECKING:
    import pandas as pd
    from distributed import Client

    from netblt_sim.batch.store import ResultStore


def sweep(
    grid: Mapping[str, Iterable[Any]],
    *,
    progress: str | None = "transfers",
    runs: int = 1,
    workers: int = 1,
    client: Client | None = None,
    store: str | os.PathLike[str] | ResultStore | None = None,
    **fixed: Any,
) -> pd.DataFrame:
    """Runs every combination of `grid` (name -> values) with the `fixed` values (names as
    `transfer_parameters` takes them) and returns one row per run: the parameters, then the
    record's fields, in the order of `itertools.product` over the grid. `progress` labels the
    progress bar (None: no bar), which counts runs done, taken from the store and failed.

    `runs`: replications of each combination by ns-3's run number (`rng_run` 1 to `runs`, the
    grid's innermost dimension: a configuration's replications are adjacent rows, with an
    `rng_run` column); 1, the default, runs each combination once as run 1.

    `workers`: 1 (the default) runs in this process; N > 1 starts a local cluster of N worker
    processes for this sweep. `client`: a `distributed.Client` of an existing cluster instead
    (left open). `store`: the path of an SQLite result store (created if missing) or None.
    Every combination, `workers`, `client` and `store` are checked before the first run
    (ValueError or TypeError naming the bad value; `cluster.MainModuleError` for workers > 1
    in a script read from standard input), so nothing is simulated then.

    Several transfers at once: name any of `flows.FLOW_SET_NAMES` in the grid or the fixed
    values (`flows`, `phase`, `share_rate`, `overrides`, `start_ms`, as `flows.flow_set` takes
    them); each combination is then a flow set, and the frame has one row per flow of each
    (`flows.flow_sets_frame`: the flow's columns, the set's aggregate throughput and Jain's
    index, the path's counters). `flows` may list each flow's own values, NETBLT and TCP
    (`protocol="tcp"`) flows together: `sweep({"seed": [1, 2]}, network="ethernet",
    flows=[{}, {"protocol": "tcp", "window_bytes": 16384}])`."""
    plan = SweepPlan.of(grid, runs, **fixed)  # every combination checked before the store opens
    with TransferExecutor(workers=workers, client=client, store=store) as executor:
        return plan.run(executor, progress)


@dataclass(frozen=True)
class SweepPlan:
    """A sweep's runs, built and validated: its flow sets if it runs several transfers at once,
    else its transfers."""

    transfers: list[TransferParameters]
    sets: list[FlowSet] | None

    @classmethod
    def of(cls, grid: Mapping[str, Iterable[Any]], runs: int = 1, **fixed: Any) -> SweepPlan:
        """The runs of `sweep(grid, runs=runs, **fixed)`; ValueError names a bad value."""
        grid = with_runs(grid, fixed, runs)
        if is_flow_grid(grid, fixed):
            sets = grid_flow_sets(grid, **fixed)
            return cls([flow for flows in sets for flow in flows.flows], sets)
        return cls(grid_parameters(grid, **fixed), None)

    @property
    def size(self) -> int:
        """How many runs (a flow set is one run)."""
        return len(self.sets) if self.sets is not None else len(self.transfers)

    def flow_sets(self) -> list[FlowSet]:
        """Every run as the flow set the executor runs (a transfer as the set of one)."""
        return self.sets if self.sets is not None else [FlowSet.single(t) for t in self.transfers]

    def run(self, executor: TransferExecutor, progress: str | None = "transfers") -> pd.DataFrame:
        """The sweep's frame, its runs through `executor` (which counts what it simulated and
        took from its store)."""
        if self.sets is not None:
            return flow_sets_frame(self.sets, run_flow_sets(self.sets, progress, executor))
        return records_frame(run_transfers(self.transfers, progress, executor), self.transfers)
