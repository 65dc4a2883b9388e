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
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from netblt_sim import runtime
from netblt_sim.atomic import atomic_outputs
from netblt_sim.claims import load_claim, run_claim
from netblt_sim.measures import load_measure, run_measure
from netblt_sim.regenerate import regenerate_table
from netblt_sim.scenarios import load_scenario
from netblt_sim.tables import verdict
from netblt_sim.parameters import TransferParameters, transfer_parameters
from netblt_sim.transfer import records_frame, run_transfers

LOSS_PERCENTAGES: tuple[int, ...] = (0, 1, 2, 5, 10, 20, 30)
OUTSTANDING_BUFFERS: tuple[int, ...] = (1, 4)
DEFAULT_SEED_COUNT = 5
TRANSFER_BYTES = 143_800
SWEEP_NAME = "point-to-point-loss-sweep"
TABLE_SCENARIOS: tuple[str, ...] = ("table-II", "table-III", "table-IV")
CLAIM_SCENARIOS: tuple[str, ...] = ("ethernet-private",)
MEASURE_SCENARIOS: tuple[str, ...] = ("wideband-best-run", "wideband-overload", "wideband-first-phase")


def sweep_parameters(seed_count: int) -> list[TransferParameters]:
    """Every run of the sweep, loss outermost so that the progress bar moves through it."""
    return [
        transfer_parameters(xfsz_bytes=TRANSFER_BYTES, loss=percent / 100, nbufs=nbufs, seed=seed)
        for percent, nbufs, seed in itertools.product(
            LOSS_PERCENTAGES, OUTSTANDING_BUFFERS, range(1, seed_count + 1)
        )
    ]


def run_sweep(parameters: Sequence[TransferParameters]) -> pd.DataFrame:
    records = run_transfers(parameters, SWEEP_NAME)
    frame = records_frame(records, parameters)
    frame.insert(0, "loss_percent", [round(p.loss * 100, 6) for p in parameters])
    return frame


def plot_sweep(frame: pd.DataFrame, destination: Path) -> None:
    """Mean over seeds with the min-max range as error bars, one line per NBUFS; writes the
    figure to `destination` directly (callers wanting atomicity pass a temporary path).

    Throughput is averaged over the transfers that completed intact only (a failed transfer
    has no meaningful steady-state rate); retransmissions over all of them.
    """
    import matplotlib  # noqa: PLC0415 - heavy; only needed here

    matplotlib.use("Agg")  # files only, no display
    import matplotlib.pyplot as plt  # noqa: PLC0415

    figure, (throughput_axes, retransmission_axes) = plt.subplots(
        2, 1, figsize=(7, 7), sharex=True, constrained_layout=True
    )
    succeeded = frame["completed"] & frame["intact"]
    for axes, column, runs_to_plot in (
        (throughput_axes, "steady_state_mbps", frame[succeeded]),
        (retransmission_axes, "retransmitted", frame),
    ):
        for nbufs, runs in runs_to_plot.groupby("nbufs"):
            by_loss = runs.groupby("loss_percent")[column].agg(["mean", "min", "max"])
            # Clipped: rounding can put the mean a hair outside [min, max].
            below = (by_loss["mean"] - by_loss["min"]).clip(lower=0)
            above = (by_loss["max"] - by_loss["mean"]).clip(lower=0)
            axes.errorbar(
                by_loss.index,
                by_loss["mean"],
                yerr=[below, above],
                marker="o",
                capsize=3,
                label=f"NBUFS = {nbufs}",
            )
    seeds = frame["seed"].nunique()
    failed = int((~succeeded).sum())
    throughput_axes.set_title(
        f"NETBLT, 10 Mbit/s point-to-point, {TRANSFER_BYTES}-byte transfers\n"
        f"mean and range over {seeds} seeds; {failed} of {len(frame)} transfers did not\n"
        "complete intact and are left out of the throughput panel",
        fontsize="medium",
    )
    throughput_axes.set_ylabel("steady-state throughput (Mbit/s)")
    retransmission_axes.set_ylabel("DATA packets retransmitted")
    retransmission_axes.set_xlabel("packet loss in each direction (%)")
    for axes in (throughput_axes, retransmission_axes):
        axes.grid(True, alpha=0.3)
        axes.legend()
    try:
        figure.savefig(destination, dpi=120)
    finally:
        plt.close(figure)


def write_results(frame: pd.DataFrame, csv_path: Path, png_path: Path) -> None:
    """Writes the table and its plot together: both are replaced, or neither."""
    with atomic_outputs(csv_path, png_path) as (csv_temporary, png_temporary):
        frame.to_csv(csv_temporary, index=False)
        plot_sweep(frame, png_temporary)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="reproduce", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--results-dir", type=Path, default=runtime.REPO_ROOT / "results", help="where to write"
    )
    parser.add_argument(
        "--seeds", type=int, default=DEFAULT_SEED_COUNT, help="seeds per (loss, NBUFS) point"
    )
    arguments = parser.parse_args(argv)
    if arguments.seeds < 1:
        parser.exit(2, f"reproduce: error: --seeds {arguments.seeds}: must be at least 1\n")
    started = time.monotonic()
    scenarios = [load_scenario(name) for name in TABLE_SCENARIOS]
    claims = [load_claim(name) for name in CLAIM_SCENARIOS]
    measures = [load_measure(name) for name in MEASURE_SCENARIOS]
    parameters = sweep_parameters(arguments.seeds)
    print("loading ns-3 and the project's libraries", flush=True)
    runtime.load()
    for scenario in scenarios:
        table_started = time.monotonic()
        outcome = regenerate_table(scenario, arguments.results_dir)
        errors = outcome.configurations["error_pct"].abs()
        print(
            f"table {scenario.table}: {len(outcome.compared)} rows, {len(errors)} configurations, "
            f"largest configuration error {errors.max():.2f}%, mean {errors.mean():.2f}% "
            f"({time.monotonic() - table_started:.1f} s)"
        )
        print("wrote " + ", ".join(str(path) for path in outcome.paths))
    for claim in claims:
        claim_started = time.monotonic()
        claim_outcome = run_claim(claim, arguments.results_dir)
        print(
            f"{claim.name}: {len(claim_outcome.runs)} runs, claim {verdict(claim_outcome.holds)} "
            f"({time.monotonic() - claim_started:.1f} s)"
        )
        print("wrote " + ", ".join(str(path) for path in claim_outcome.paths))
    for measure in measures:
        measure_started = time.monotonic()
        measure_outcome = run_measure(measure, arguments.results_dir)
        held = sum(check.holds(measure_outcome.runs) for check in measure.checks)
        print(
            f"{measure.name}: {len(measure_outcome.runs)} runs, {held} of {len(measure.checks)} "
            f"checks hold ({time.monotonic() - measure_started:.1f} s)"
        )
        print("wrote " + ", ".join(str(path) for path in measure_outcome.paths))
    frame = run_sweep(parameters)
    csv_path = arguments.results_dir / f"{SWEEP_NAME}.csv"
    png_path = arguments.results_dir / f"{SWEEP_NAME}.png"
    write_results(frame, csv_path, png_path)
    incomplete = int((~(frame["completed"] & frame["intact"])).sum())
    print(f"wrote {csv_path} and {png_path}")
    if incomplete:
        print(
            f"note: {incomplete} of {len(frame)} transfers did not complete intact", file=sys.stderr
        )
    print(f"wall time {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
