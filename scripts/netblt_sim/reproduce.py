# SPDX-License-Identifier: GPL-2.0-only
"""`scripts/reproduce`: the project's result files, from the build to `results/`.

For each published table with a scenario (`TABLE_SCENARIOS`) it writes `table-<T>.csv`,
`table-<T>.md` and `table-<T>-throughput-vs-burst-interval.png` (see `regenerate`). It also runs
each experiment of the RFC's text with a scenario (`CLAIM_SCENARIOS`, see `claims`): its
`<name>.csv`, `.md` and `-losses-vs-burst-interval.png`; and each experiment stated as measured
figures (`MEASURE_SCENARIOS`, see `measures`): its `<name>.csv`, `.md` and
`-throughput-vs-burst-interval.png`. Last comes a robustness sweep on the
ideal point-to-point link: packet loss 0-30 % in each direction x 1
and 4 outstanding buffers x a few seeds, 143800-byte transfers. That sweep writes

- `results/point-to-point-loss-sweep.csv`: one row per run, parameter and record columns;
- `results/point-to-point-loss-sweep.png`: steady-state throughput and retransmissions
  against loss.

Every file is written under a temporary name and renamed into place, so an error leaves the
previous results (or none), never half of new ones.

Runs go to `--workers` processes (default: one per core; 1 runs them in this process) and
through a result store (`DEFAULT_STORE`, `.cache/netblt-results.sqlite` under the repository
root, or `--store PATH`; `--no-store` for none): a run already stored for the same parameters,
build and model values is not simulated again, so reproduce run twice with nothing changed
simulates nothing the second time and writes the same files.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from netblt_sim import runtime
from netblt_sim.atomic import write_report
from netblt_sim.claims import load_claim, run_claim
from netblt_sim.executor import TransferExecutor, check_workers, run_transfers
from netblt_sim.findings import verdict
from netblt_sim.measures import load_measure, run_measure
from netblt_sim.plots import plot_throughput_and_retransmissions_vs_loss
from netblt_sim.regenerate import regenerate_table
from netblt_sim.scenarios import load_scenario
from netblt_sim.sweep import grid_parameters
from netblt_sim.transfer import records_frame

LOSS_PERCENTAGES: tuple[int, ...] = (0, 1, 2, 5, 10, 20, 30)
OUTSTANDING_BUFFERS: tuple[int, ...] = (1, 4)
DEFAULT_SEED_COUNT = 5
TRANSFER_BYTES = 143_800
SWEEP_NAME = "point-to-point-loss-sweep"
TABLE_SCENARIOS: tuple[str, ...] = ("table-II", "table-III", "table-IV")
CLAIM_SCENARIOS: tuple[str, ...] = ("ethernet-private",)
MEASURE_SCENARIOS: tuple[str, ...] = ("wideband-best-run", "wideband-overload", "wideband-first-phase")
DEFAULT_STORE: Path = runtime.REPO_ROOT / ".cache" / "netblt-results.sqlite"


def loss_sweep(seed_count: int, executor: TransferExecutor | None = None) -> pd.DataFrame:
    """Every run of the robustness sweep, loss outermost so that the progress bar moves through
    it, with the loss in percent first (as `sweep` would, through `executor` if given)."""
    runs = grid_parameters(
        {
            "loss": [percent / 100 for percent in LOSS_PERCENTAGES],
            "nbufs": OUTSTANDING_BUFFERS,
            "seed": range(1, seed_count + 1),
        },
        xfsz_bytes=TRANSFER_BYTES,
    )
    frame = records_frame(run_transfers(runs, SWEEP_NAME, executor), runs)
    frame.insert(0, "loss_percent", [round(float(loss) * 100, 6) for loss in frame["loss"]])
    return frame


def default_workers() -> int:
    """One worker process per core this process may run on."""
    return len(os.sched_getaffinity(0))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="reproduce", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--results-dir", type=Path, default=runtime.REPO_ROOT / "results", help="where to write"
    )
    parser.add_argument(
        "--seeds", type=int, default=DEFAULT_SEED_COUNT, help="seeds per (loss, NBUFS) point"
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=default_workers(),
        help="worker processes (a local Dask cluster; 1: run in this process; default: one "
        "per core, %(default)s here)",
    )
    stored = parser.add_mutually_exclusive_group()
    stored.add_argument(
        "--store",
        type=Path,
        default=None,
        help=f"the SQLite result store (default: {DEFAULT_STORE}, its directory created)",
    )
    stored.add_argument(
        "--no-store", action="store_true", help="simulate every run, keep nothing"
    )
    arguments = parser.parse_args(argv)
    if arguments.seeds < 1:
        parser.exit(2, f"reproduce: error: --seeds {arguments.seeds}: must be at least 1\n")
    started = time.monotonic()
    try:
        check_workers(arguments.workers)
    except (TypeError, ValueError) as error:
        parser.exit(2, f"reproduce: error: --workers {arguments.workers}: {error}\n")
    store: Path | None = None
    if not arguments.no_store:
        store = arguments.store
        if store is None:
            store = DEFAULT_STORE
            store.parent.mkdir(parents=True, exist_ok=True)
    try:
        executor = TransferExecutor(workers=arguments.workers, store=store)
    except (TypeError, ValueError) as error:
        parser.exit(2, f"reproduce: error: --store {store}: {error}\n")
    with executor:
        return _reproduce(arguments.results_dir, arguments.seeds, executor, started)


def _reproduce(
    results_dir: Path, seeds: int, executor: TransferExecutor, started: float
) -> int:
    scenarios = [load_scenario(name) for name in TABLE_SCENARIOS]
    claims = [load_claim(name) for name in CLAIM_SCENARIOS]
    measures = [load_measure(name) for name in MEASURE_SCENARIOS]
    where = f"{executor.workers} worker processes" if executor.distributed else "this process"
    store = f"result store {executor.store.path}" if executor.store else "no result store"
    print(f"running transfers in {where}, {store}", flush=True)
    for scenario in scenarios:
        table_started = time.monotonic()
        outcome = regenerate_table(scenario, results_dir, executor)
        errors = outcome.configurations["error_pct"].abs()
        print(
            f"table {scenario.table}: {len(outcome.compared)} rows, {len(errors)} configurations, "
            f"largest configuration error {errors.max():.2f}%, mean {errors.mean():.2f}% "
            f"({time.monotonic() - table_started:.1f} s)"
        )
        print("wrote " + ", ".join(str(path) for path in outcome.paths))
    for claim in claims:
        claim_started = time.monotonic()
        claim_outcome = run_claim(claim, results_dir, executor)
        print(
            f"{claim.name}: {len(claim_outcome.runs)} runs, claim {verdict(claim_outcome.holds)} "
            f"({time.monotonic() - claim_started:.1f} s)"
        )
        print("wrote " + ", ".join(str(path) for path in claim_outcome.paths))
    for measure in measures:
        measure_started = time.monotonic()
        measure_outcome = run_measure(measure, results_dir, executor)
        held = sum(check.holds(measure_outcome.runs) for check in measure.checks)
        print(
            f"{measure.name}: {len(measure_outcome.runs)} runs, {held} of {len(measure.checks)} "
            f"checks hold ({time.monotonic() - measure_started:.1f} s)"
        )
        print("wrote " + ", ".join(str(path) for path in measure_outcome.paths))
    frame = loss_sweep(seeds, executor)
    figure = plot_throughput_and_retransmissions_vs_loss(
        frame, f"NETBLT, 10 Mbit/s point-to-point, {TRANSFER_BYTES}-byte transfers"
    )
    csv_path, png_path = write_report(results_dir / SWEEP_NAME, frame, None, figure, "")
    incomplete = int((~(frame["completed"] & frame["intact"])).sum())
    print(f"wrote {csv_path} and {png_path}")
    if incomplete:
        print(
            f"note: {incomplete} of {len(frame)} transfers did not complete intact", file=sys.stderr
        )
    counts = executor.counts
    print(
        f"transfers: {counts.simulated} simulated, {counts.cached} from the result store"
        + (f" ({executor.store.path}, {executor.store.count()} runs)" if executor.store else "")
    )
    print(f"wall time {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
