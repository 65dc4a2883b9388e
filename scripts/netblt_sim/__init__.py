# SPDX-License-Identifier: GPL-2.0-only
"""Python layer of the NETBLT (RFC 998) ns-3 project: run simulated transfers, sweep them, and
regenerate RFC 1030's measurements.

The public API is imported here (`from netblt_sim import run_transfer, sweep, ...`); the code
lives in sub-packages that are layers, lowest first, each importing only those before it:

- `wire`: RFC 998 §8 packets as bytes (the decoder, the checksum, pcap files read back);
- `core`: one simulation: ns-3 loaded (`runtime`), the networks and `models/`, parameters
  (`transfer_parameters`), a run as a set of flows (`flows.FlowSet`; a single transfer the set of
  one) run by `simulation` (`run_transfer`, `run_transfers_together`, `trace_time_sequences`),
  and its records;
- `batch`: many runs: grids, the executor (this process or a Dask cluster), the SQLite result
  store and its reader (`results_frame`, `to_xarray`: no ns-3 or build needed), runs with their
  traces, `sweep`;
- `reporting`: outcomes and verdicts, RFC 1030's findings, plots, atomic writes;
- `scenarios`: one folder per kind of `scenarios/*.json` and `registry`, the one list of kinds;
- `tools`: the programs behind `scripts/`.

Nothing here imports ns-3 until a simulation is run: `import netblt_sim` is cheap.
`netblt_sim.__version__` is the project's release (the repository's VERSION; CHANGES.md).
"""

from importlib.metadata import version as _distribution_version

from netblt_sim.batch.results import results_frame, to_xarray
from netblt_sim.batch.sweep import sweep
from netblt_sim.core.flows import FlowSet, FlowSetRecord, flow_set, flow_sets_frame
from netblt_sim.core.simulation import run_transfers_together, trace_time_sequences
from netblt_sim.core.parameters import TransferParameters, transfer_parameters
from netblt_sim.core.transfer import TransferRecord, records_frame
from netblt_sim.core.simulation import run_transfer
from netblt_sim.reporting.plots import (
    plot_losses_vs_burst_interval,
    plot_throughput_vs_burst_interval,
    plot_time_sequence,
)

__version__: str = _distribution_version("netblt-sim")

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
    "results_frame",
    "run_transfer",
    "run_transfers_together",
    "sweep",
    "to_xarray",
    "trace_time_sequences",
    "transfer_parameters",
]
