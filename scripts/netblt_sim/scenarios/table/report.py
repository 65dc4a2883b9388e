# SPDX-License-Identifier: GPL-2.0-only
"""Regenerates one published table of RFC 1030 from its scenario (see `tables`): the CSV, the
Markdown report and the plot, with the scenario's findings of RFC 1030's text checked (see
`findings`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

from netblt_sim.batch.executor import run_transfers
from netblt_sim.core.transfer import records_frame
from netblt_sim.reporting.atomic import write_report
from netblt_sim.reporting.findings import evaluate
from netblt_sim.reporting.outcome import Outcome
from netblt_sim.reporting.plots import plot_throughput_vs_burst_interval
from netblt_sim.reporting.tables import markdown_table
from netblt_sim.scenarios.table.scenario import (
    COUNTS,
    TableScenario,
    compare,
    configurations,
    throughput_verdicts,
)

if TYPE_CHECKING:
    from netblt_sim.batch.executor import TransferExecutor


def regenerate_table(
    scenario: TableScenario, results_dir: Path, executor: TransferExecutor | None = None
) -> Outcome:
    """Runs every published row (own seed each) and the burst-interval curves (through
    `executor` if given, see `run_transfers`), then writes `<name>.csv`, `<name>.md` and
    `<name>-throughput-vs-burst-interval.png` together. Its verdicts: each configuration's
    throughput target."""
    published = scenario.published()
    row_parameters = [scenario.row_parameters(row) for _, row in published.iterrows()]
    curve_parameters = scenario.curve_parameters()  # every transfer validated before any runs
    row_records = run_transfers(row_parameters, f"{scenario.name} rows", executor)
    curve_records = run_transfers(curve_parameters, f"{scenario.name} curves", executor)
    compared = compare(scenario, row_parameters, row_records)
    curves = records_frame(curve_records, curve_parameters)
    figure = plot_throughput_vs_burst_interval(curves, published, title=scenario.title)
    notes = evaluate(scenario.findings, {"rows": compared, "curves": curves})
    text = markdown(scenario, compared, notes)
    paths = write_report(results_dir / scenario.name, compared, text, figure,
                         "-throughput-vs-burst-interval")  # fmt: skip
    summary = configurations(scenario, compared)
    errors = summary["error_pct"].abs()
    details = f"largest configuration error {errors.max():.2f}%, mean {errors.mean():.2f}%"
    verdicts = throughput_verdicts(scenario, summary)
    answer = (f"{sum(v.holds for v in verdicts)} of {len(verdicts)} configurations' median "
              f"simulated throughput is within {scenario.throughput_target_pct:g}% of the "
              f"published; the errors are {errors.mean():.1f}% on average, "
              f"{errors.max():.1f}% at most.")  # fmt: skip
    return Outcome(paths, compared, verdicts, details, answer)


def _markdown_table(frame: pd.DataFrame) -> str:
    """The frame as a table of right-aligned columns, each value as `_cell` writes it (a
    column's values as Python's own ints and floats, whatever the frame's other columns)."""
    cells = [[_cell(value) for value in row]
             for row in frame.astype(object).itertuples(index=False)]  # fmt: skip
    return markdown_table([str(c) for c in frame.columns], cells, "r" * len(frame.columns))


def _count(value: object) -> str:
    """A published count: whole numbers without a decimal point, '-' where none was published."""
    if isinstance(value, float):
        return "-" if value != value else f"{value:g}"
    return str(value)


def _pair(simulated: pd.Series, published: pd.Series) -> list[str]:
    return [f"{_count(a)} / {_count(b)}" for a, b in zip(simulated, published, strict=True)]


def _published_counts(compared: pd.DataFrame) -> str:
    """The counts the table publishes, as the report names them: "#LOSS, #RXM and DTMOS"."""
    names = {"loss": "#LOSS", "rxm": "#RXM", "dtmos": "DTMOS"}
    published = [names[c] for c in COUNTS if compared[f"pub_{c}"].notna().any()]
    return ", ".join(published[:-1]) + " and " + published[-1]


def _cell(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.3f}".rstrip("0").rstrip(".") if value == value else ""
    return str(value)


def markdown(
    scenario: TableScenario, compared: pd.DataFrame, notes: Sequence[str] = ()
) -> str:
    """The report: the table as RFC 1030 prints it, simulated beside published, per-row and
    per-configuration errors, and a summary against the throughput target."""
    rows = pd.DataFrame(
        {
            "ROW": compared["row"],
            "BS": compared["bs"], "BI": compared["bi_ms"], "PSZ": compared["psz"],
            "BFSZ": compared["bfsz"], "XFSZ": compared["xfsz_kb"], "NBUFS": compared["nbufs"],
            "#LOSS sim/pub": _pair(compared["sim_loss"], compared["pub_loss"]),
            "#RXM sim/pub": _pair(compared["sim_rxm"], compared["pub_rxm"]),
            "DTMOS sim/pub": _pair(compared["sim_dtmos"], compared["pub_dtmos"]),
            "SPEED sim": compared["sim_speed_mbps"].round(3),
            "SPEED pub": compared["pub_speed_mbps"],
            "error %": compared["speed_error_pct"],
        }
    )  # fmt: skip
    summary = configurations(scenario, compared)
    target = scenario.throughput_target_pct
    low, high = scenario.count_range.low, scenario.count_range.high
    within = (summary["error_pct"].abs() <= target).sum()
    counts_in_range = int(summary[[f"{c}_in_range" for c in COUNTS]].all(axis=1).sum())
    for c in COUNTS:
        summary[f"{c.upper()} sim median (pub range)"] = [
            f"{_count(m)} ({_count(lo)}-{_count(hi)})" if lo == lo else f"{_count(m)} (not published)"
            for m, lo, hi in zip(summary[f"sim_{c}_median"], summary[f"pub_{c}_min"],
                                 summary[f"pub_{c}_max"], strict=True)
        ]
    per_config = summary.rename(
        columns={"bs": "BS", "bi_ms": "BI", "psz": "PSZ", "bfsz": "BFSZ", "xfsz_kb": "XFSZ",
                 "nbufs": "NBUFS", "pub_speed_median": "SPEED pub median",
                 "sim_speed_median": "SPEED sim median", "error_pct": "error %"}
    )[["BS", "BI", "PSZ", "BFSZ", "XFSZ", "NBUFS", "rows", "SPEED pub median", "SPEED sim median",
       "error %", "LOSS sim median (pub range)", "RXM sim median (pub range)",
       "DTMOS sim median (pub range)"]]  # fmt: skip
    clean = int((compared[["sim_loss", "sim_rxm", "sim_dtmos"]].to_numpy() == 0).all(axis=1).sum())
    lines = [
        f"# {scenario.title}",
        "",
        "Regenerated by `scripts/reproduce`; do not edit by hand.",
        "",
        scenario.description,
        "",
        f"Network: `{scenario.network}`. Published rows: `{scenario.published_path.name}`, table "
        f"{scenario.table}. Seeds: {scenario.seed_base} + row number. SPEED is steady-state "
        "throughput in Mbit/s (RFC 1030 §3); error is (simulated - published) / published.",
        "",
        "## Summary",
        "",
        f"- Configurations whose median simulated SPEED is within {target:g}% of "
        f"the published median: {within} of {len(summary)}.",
        f"- Configurations whose median simulated {_published_counts(compared)} all lie within "
        f"[{low:g} x published minimum, {high:g} x published maximum] of "
        f"their rows: {counts_in_range} of {len(summary)}.",
        f"- Largest configuration error: {summary['error_pct'].abs().max():.2f}%; mean absolute "
        f"error {summary['error_pct'].abs().mean():.2f}%.",
        f"- Largest row error: {compared['speed_error_pct'].abs().max():.2f}%.",
        f"- Rows without loss, retransmission or data timeout: {clean} of {len(compared)}.",
        f"- Transfers completed with every byte intact: "
        f"{int((compared['sim_completed'] & compared['sim_intact']).sum())} of {len(compared)}.",
        *[f"- {note}" for note in notes],
        "",
        "## Each configuration",
        "",
        _markdown_table(per_config),
        "",
        "## Each published row",
        "",
        _markdown_table(rows),
        "",
    ]
    return "\n".join(lines)
