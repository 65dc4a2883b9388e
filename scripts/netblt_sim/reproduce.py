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
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from netblt_sim import runtime
from netblt_sim.atomic import write_report
from netblt_sim.claims import load_claim, run_claim
from netblt_sim.findings import verdict
from netblt_sim.measures import load_measure, run_measure
from netblt_sim.plots import plot_throughput_and_retransmissions_vs_loss
from netblt_sim.regenerate import regenerate_table
from netblt_sim.scenarios import load_scenario
from netblt_sim.sweep import sweep

LOSS_PERCENTAGES: tuple[int, ...] = (0, 1, 2, 5, 10, 20, 30)
OUTSTANDING_BUFFERS: tuple[int, ...] = (1, 4)
DEFAULT_SEED_COUNT = 5
TRANSFER_BYTES = 143_800
SWEEP_NAME = "point-to-point-loss-sweep"
TABLE_SCENARIOS: tuple[str, ...] = ("table-II", "table-III", "table-IV")
CLAIM_SCENARIOS: tuple[str, ...] = ("ethernet-private",)
MEASURE_SCENARIOS: tuple[str, ...] = ("wideband-best-run", "wideband-overload", "wideband-first-phase")


def loss_sweep(seed_count: int) -> pd.DataFrame:
    """Every run of the robustness sweep, loss outermost so that the progress bar moves through
    it, with the loss in percent first."""
    frame = sweep(
        {
            "loss": [percent / 100 for percent in LOSS_PERCENTAGES],
            "nbufs": OUTSTANDING_BUFFERS,
            "seed": range(1, seed_count + 1),
        },
        xfsz_bytes=TRANSFER_BYTES,
        progress=SWEEP_NAME,
    )
    frame.insert(0, "loss_percent", [round(float(loss) * 100, 6) for loss in frame["loss"]])
    return frame


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
    frame = loss_sweep(arguments.seeds)
    figure = plot_throughput_and_retransmissions_vs_loss(
        frame, f"NETBLT, 10 Mbit/s point-to-point, {TRANSFER_BYTES}-byte transfers"
    )
    csv_path, png_path = write_report(arguments.results_dir / SWEEP_NAME, frame, None, figure, "")
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
