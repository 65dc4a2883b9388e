# SPDX-License-Identifier: GPL-2.0-only
"""Python layer of the NETBLT (RFC 998) ns-3 project: run simulated transfers and read their pcaps.

Modules:
- `runtime`: `load()` imports ns-3 and the project's libraries once per process, quietly.
- `parameters`: `TransferParameters` and `transfer_parameters(**values)`, which builds them from
  any source (keywords, the command line, a table's row, a scenario's transfer).
- `transfer`: `run_transfer(parameters)`, the one way to run a transfer; `TransferRecord`,
  `records_frame()`.
- `flows`: several transfers in one simulation, each between its own pair of hosts (RFC 1030
  §8): `run_transfers_together`, `flow_set`, `trace_time_sequences` (with each flow's
  time-sequence trace, drawn by `plots.plot_time_sequence`); `FlowSetRecord` (a record per flow
  and the shared path's `PathRecord`).
- `sweep`: `sweep(grid, workers=1, client=None, store=None, **fixed)` -> DataFrame; `plots`:
  throughput, losses and other figures against burst interval, throughput and retransmissions
  against loss.
- `executor`, `cluster`, `store`: where a batch of transfers runs (this process or a Dask
  cluster) and the SQLite result store that keeps every finished run.
- `networks`, `models`: the networks and their `models/` files; `grid`: grids of runs.
- `scenarios`: the one loader of `scenarios/*.json` and `run_scenario`; `tables`, `regenerate`:
  published tables regenerated into `results/`, checked against the `findings` of their
  scenario files; `measures`, `reports`: figures checked by runs (the claims of the RFC's text
  among them) and their result files, `flow_reports` those of RFC 1030 §8's experiments;
  `time_sequences`: time-sequence plots of chosen runs; `outcome`: what running any scenario
  gives.
- `pcap`, `wire`, `checksum`: pcap files read with dpkt, and the project's own RFC 998 §8
  decoder.
- `cli`: `scripts/netblt-run`; `reproduce`: `scripts/reproduce`; `bench`: `scripts/bench`;
  `soak`, `soak_shapes`, `soak_network`, `soak_results`: `scripts/soak` (runs build/bin/netblt-soak
  and, on the modelled networks, `soak_network` in chunks and sums up their lines by network).

Nothing here imports ns-3 until a simulation is run: `import netblt_sim` is cheap.
"""

from netblt_sim.batch.sweep import sweep
from netblt_sim.core.flows import (
    FlowSet,
    FlowSetRecord,
    flow_set,
    flow_sets_frame,
    run_transfers_together,
    trace_time_sequences,
)
from netblt_sim.core.parameters import TransferParameters, transfer_parameters
from netblt_sim.core.transfer import TransferRecord, records_frame, run_transfer
from netblt_sim.reporting.plots import (
    plot_losses_vs_burst_interval,
    plot_throughput_vs_burst_interval,
    plot_time_sequence,
)

__all__ = [
    "FlowSet",
    "FlowSetRecord",
    "TransferParameters",
    "TransferRecord",
    "flow_set",
    "flow_sets_frame",
    "plot_losses_vs_burst_interval",
    "plot_throughput_vs_burst_interval",
    "plot_time_sequence",
    "records_frame",
    "run_transfer",
    "run_transfers_together",
    "sweep",
    "trace_time_sequences",
    "transfer_parameters",
]
