# SPDX-License-Identifier: GPL-2.0-only
"""Regenerates one published table of RFC 1030 from its scenario: CSV, Markdown and plot, with
the scenario's findings of RFC 1030's text checked (see `findings`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

from netblt_sim.atomic import write_report
from netblt_sim.executor import run_transfers
from netblt_sim.findings import evaluate
from netblt_sim.plots import plot_throughput_vs_burst_interval
from netblt_sim.scenarios import Scenario
from netblt_sim.tables import compare, configurations, markdown
from netblt_sim.transfer import records_frame

if TYPE_CHECKING:
    from netblt_sim.executor import TransferExecutor


@dataclass(frozen=True)
class TableOutcome:
    """What was written, and the per-configuration comparison for the caller's summary."""

    paths: tuple[Path, ...]
    compared: pd.DataFrame
    configurations: pd.DataFrame


def regenerate_table(
    scenario: Scenario, results_dir: Path, executor: TransferExecutor | None = None
) -> TableOutcome:
    """Runs every published row (own seed each) and the burst-interval curves (through
    `executor` if given, see `run_transfers`), then writes `table-<T>.csv`, `table-<T>.md` and
    `table-<T>-throughput-vs-burst-interval.png` together."""
    published = scenario.published()
    row_parameters = [scenario.row_parameters(row) for _, row in published.iterrows()]
    curve_parameters = scenario.curve_parameters()  # every transfer validated before any runs
    row_records = run_transfers(row_parameters, f"table {scenario.table} rows", executor)
    curve_records = run_transfers(curve_parameters, f"table {scenario.table} curves", executor)
    compared = compare(scenario, row_parameters, row_records)
    curves = records_frame(curve_records, curve_parameters)
    figure = plot_throughput_vs_burst_interval(curves, published, title=scenario.title)
    notes = evaluate(scenario.findings, {"rows": compared, "curves": curves})
    text = markdown(scenario, compared, notes)
    paths = write_report(results_dir / f"table-{scenario.table}", compared, text, figure,
                         "-throughput-vs-burst-interval")  # fmt: skip
    return TableOutcome(paths, compared, configurations(scenario, compared))
