# SPDX-License-Identifier: GPL-2.0-only
"""Runs a measure scenario (see `measures`) and writes its results as its `report` asks
(`VIEWS`), all files together (`atomic.write_report`):

- "checks": `<name>.csv` (one row per run: the run set's label, parameter and record columns),
  `<name>.md` (the source's words, each check with its simulated and allowed figures and its
  verdict, the median throughput and losses per run set and burst interval) and
  `<name>-throughput-vs-burst-interval.png` (median throughput per run set);
- "losses": a claim about losses on networks set side by side: `<name>.csv` (parameter and
  record columns), `<name>.md` (each claim, its verdict, and the losses per burst interval on
  each network) and `<name>-losses-vs-burst-interval.png` (median losses per network, the
  first check's burst-interval bound marked);
- "loss-sweep": `<name>.csv` (the loss in percent, parameter and record columns) and
  `<name>.png` (throughput and retransmissions against loss), no Markdown;
- "protocols": NETBLT beside TCP on the same hosts and networks: `<name>.csv` (label, network,
  protocol, window or buffers, seed, steady-state throughput first, then every parameter and
  record column), `<name>.md` (each check, each network's best NETBLT and best TCP and their
  ratio, every configuration with TCP's window bound where the run set gives its round trip)
  and `<name>.png` (a bar chart per network, throughput against window or buffers, and against
  loss);
- RFC 1030 §8's experiments of flow sets, `flow_reports.FLOW_VIEWS`: "parallel-flows",
  "long-transfers", "upgraded-interface".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

from netblt_sim.batch.executor import run_flow_sets, run_transfers
from netblt_sim.core.flows import flow_sets_frame
from netblt_sim.core.transfer import records_frame
from netblt_sim.reporting.atomic import write_report
from netblt_sim.reporting.outcome import Outcome, Report, Verdict, verdict
from netblt_sim.reporting.plots import (
    plot_losses_vs_burst_interval,
    plot_protocol_comparison,
    plot_quantity_vs_burst_interval,
    plot_throughput_and_retransmissions_vs_loss,
)
from netblt_sim.reporting.tables import markdown_table
from netblt_sim.scenarios.measure.flow_report import FLOW_VIEWS
from netblt_sim.scenarios.measure.scenario import MeasureScenario

if TYPE_CHECKING:
    from netblt_sim.batch.executor import TransferExecutor
    from netblt_sim.core.parameters import TransferParameters


def run_measure(
    scenario: MeasureScenario, results_dir: Path, executor: TransferExecutor | None = None
) -> Outcome:
    """Runs every set (through `executor` if given, see `run_transfers`; a scenario of flow sets
    through `run_flow_sets`, one row per flow), checks every check and writes the view's files
    together."""
    if scenario.uses_flows:
        labelled_sets = scenario.flow_sets()
        sets = [flow_set for _, flow_set in labelled_sets]
        runs = flow_sets_frame(sets, run_flow_sets(sets, scenario.name, executor))
        runs.insert(0, "label", [label for label, flows in labelled_sets for _ in flows.flows])
    else:
        labelled = scenario.parameters()
        parameters = [p for _, p in labelled]
        runs = records_frame(run_transfers(parameters, scenario.name, executor), parameters)
        runs.insert(0, "label", [label for label, _ in labelled])
    report = VIEWS[scenario.report](scenario, runs)
    paths = write_report(results_dir / scenario.name, report.frame, report.markdown,
                         report.figure, report.plot_suffix)  # fmt: skip
    verdicts = tuple(Verdict(check.claim, check.holds(runs)) for check in scenario.checks)
    return Outcome(paths, report.frame, verdicts)


def _each(values: Iterable[object]) -> str:
    """The distinct values, in order, as a list in words; whole numbers without a point."""
    texts = [f"{v:g}" if isinstance(v, float) else str(v) for v in values]
    return ", ".join(dict.fromkeys(texts))


def _transfer(runs: list[TransferParameters], outstanding: str) -> str:
    """A run set's transfer in words, as RFC 1030 gives one."""
    return (
        f"{_each(p.psz for p in runs)}-byte packets, {_each(p.bfsz for p in runs)}-byte "
        f"buffers, bursts of {_each(p.bs for p in runs)}, {_each(p.nbufs for p in runs)} "
        f"buffers{outstanding}, {_each(p.xfsz_bytes / 1000 for p in runs)} kB"
    )


def _checks_markdown(scenario: MeasureScenario, runs: pd.DataFrame) -> str:
    lines = [*scenario.heading(), "## Checks", "", *scenario.checks_table(runs), "", "## Runs", ""]
    for run_set in scenario.run_sets:
        params = run_set.parameters()
        lines.append(
            f"- **{run_set.label}**: `{run_set.network}`, {_transfer(params, '')}, seeds "
            f"{_each(p.seed for p in params)}."
        )
    cells = [
        [f"{label}", f"{bi_ms}", f"{rows['steady_state_mbps'].median():.3f}",
         f"{rows['lost'].median():g}", f"{rows['retransmitted'].median():g}",
         f"{int(rows['station_resets'].sum())}"]
        for (label, bi_ms), rows in runs.groupby(["label", "bi_ms"], sort=False)
    ]  # fmt: skip
    columns = ["runs", "BI (ms)", "SPEED median (Mbit/s)", "#LOSS median", "#RXM median",
               "station resets"]  # fmt: skip
    lines += ["", markdown_table(columns, cells, "lrrrrr"), ""]
    return "\n".join(lines)


def checks_view(scenario: MeasureScenario, runs: pd.DataFrame) -> Report:
    figure = plot_quantity_vs_burst_interval(runs, "steady_state_mbps", title=scenario.title)
    return Report(runs, _checks_markdown(scenario, runs), figure, "-throughput-vs-burst-interval")


def losses_by_interval(runs: pd.DataFrame) -> pd.DataFrame:
    """Median, least and most losses per burst interval, one column group per network."""
    grouped = runs.groupby(["network", "bi_ms"])["lost"]
    summary = grouped.agg(["median", "min", "max"]).reset_index()
    return summary.pivot(index="bi_ms", columns="network", values=["median", "min", "max"])


def _losses_markdown(scenario: MeasureScenario, runs: pd.DataFrame) -> str:
    summary = losses_by_interval(runs)
    networks = [run_set.network for run_set in scenario.run_sets]
    first = scenario.run_sets[0].parameters()
    intervals = [p.bi_ms for p in first]
    lines = [
        f"# {scenario.title}",
        "",
        f"> {scenario.source}",
        "",
        f"Transfer: {_transfer(first, ' outstanding')}; burst intervals {min(intervals)}-"
        f"{max(intervals)} ms; seeds {_each(p.seed for p in first)} on each network.",
        "",
    ]
    for check in scenario.checks:
        own = runs[runs["label"] == check.runs]
        lossy = sorted(own.loc[own["lost"] > 0, "bi_ms"].unique())
        lines += [
            f"Claim: {check.claim}. Simulated: {verdict(check.holds(runs))}. Burst intervals "
            f"with losses there: {', '.join(str(int(b)) for b in lossy) if lossy else 'none'} ms.",
            "",
        ]
    cells = [
        [f"{bi_ms}"] + [
            f"{summary.loc[bi_ms, ('median', n)]:g} "
            f"({summary.loc[bi_ms, ('min', n)]:g}-{summary.loc[bi_ms, ('max', n)]:g})"
            for n in networks
        ]
        for bi_ms in summary.index
    ]
    columns = ["BI (ms)", *(f"{n} losses median (min-max)" for n in networks)]
    lines += [markdown_table(columns, cells, "l" * len(columns)), ""]
    return "\n".join(lines)


def _claimed_bi_ms(scenario: MeasureScenario) -> float | None:
    """The burst interval the first check's `where` bounds, if any: where its claim begins."""
    return next((value for column, _, value in scenario.checks[0].where if column == "bi_ms"),
                None)  # fmt: skip


def losses_view(scenario: MeasureScenario, runs: pd.DataFrame) -> Report:
    figure = plot_losses_vs_burst_interval(
        runs,
        tuple(run_set.network for run_set in scenario.run_sets),
        marked_bi_ms=_claimed_bi_ms(scenario),
        title=scenario.title,
    )
    markdown = _losses_markdown(scenario, runs)
    return Report(runs.drop(columns="label"), markdown, figure, "-losses-vs-burst-interval")


def loss_sweep_view(scenario: MeasureScenario, runs: pd.DataFrame) -> Report:
    frame = runs.drop(columns="label")
    frame.insert(0, "loss_percent", [round(float(loss) * 100, 6) for loss in frame["loss"]])
    figure = plot_throughput_and_retransmissions_vs_loss(frame, scenario.title)
    return Report(frame, None, figure, "")


# What identifies a configuration of a run set: its protocol's parameters and the loss.
_CONFIGURATION_COLUMNS: tuple[str, ...] = ("label", "protocol", "nbufs", "window_bytes")
_CONFIGURATION_COLUMNS += ("congestion_control", "loss")
LEADING_COLUMNS: tuple[str, ...] = ("label", "network", "protocol", "window_bytes", "nbufs")
LEADING_COLUMNS += ("seed", "steady_state_mbps")


def window_bounds(scenario: MeasureScenario, runs: pd.DataFrame) -> pd.Series:
    """Each TCP run's window bound, window x 8 / round trip in Mbit/s, where its run set gives
    its path's round trip (NaN otherwise, and for NETBLT)."""
    round_trip_s = runs["label"].map({s.label: s.round_trip_ms for s in scenario.run_sets}) / 1e3
    window = runs["window_bytes"].astype("float64").clip(upper=65535)  # no window scaling
    return window * 8 / round_trip_s / 1e6


def configurations(scenario: MeasureScenario, runs: pd.DataFrame) -> pd.DataFrame:
    """One row per configuration of each run set, in the scenario's order: the median, least
    and most throughput over its seeds, median losses, retransmissions, timeouts and CPU
    seconds, and TCP's window bound."""
    frame = runs.assign(window_bound_mbps=window_bounds(scenario, runs))
    grouped = frame.groupby(list(_CONFIGURATION_COLUMNS), sort=False, dropna=False)
    return grouped.agg(
        network=("network", "first"),
        seeds=("seed", "nunique"),
        speed_median=("steady_state_mbps", "median"),
        speed_min=("steady_state_mbps", "min"),
        speed_max=("steady_state_mbps", "max"),
        completed=("completed", "all"),
        lost=("lost", "median"),
        retransmitted=("retransmitted", "median"),
        timeouts=("retransmission_timeouts", "median"),
        sender_cpu_s=("sender_cpu_seconds", "median"),
        receiver_cpu_s=("receiver_cpu_seconds", "median"),
        window_bound_mbps=("window_bound_mbps", "first"),
    ).reset_index()


def _setting(row: pd.Series) -> str:
    """A configuration in words: NETBLT's buffers, or TCP's window and recovery."""
    if row["protocol"] == "tcp":
        return f"{int(row['window_bytes']) // 1024} KB window, {row['congestion_control']}"
    return f"NBUFS {int(row['nbufs'])}"


def _best(rows: pd.DataFrame) -> pd.Series | None:
    """The configuration with the highest median throughput, of those without loss imposed."""
    lossless = rows[rows["loss"] == 0]
    if lossless.empty:
        return None
    return lossless.iloc[int(lossless["speed_median"].to_numpy().argmax())]


# The headers of the protocols report's tables.
_BEST_HEADERS = ["network", "NETBLT best (Mbit/s)", "its configuration", "TCP best (Mbit/s)",
                 "its configuration", "NETBLT / TCP", "TCP's window bound (Mbit/s)"]  # fmt: skip
_CONFIGURATION_HEADERS = ["runs", "network", "protocol", "configuration", "loss %", "seeds",
                          "SPEED median (min-max) Mbit/s", "window bound", "#LOSS", "#RXM", "RTO",
                          "CPU s sender / receiver", "all complete"]  # fmt: skip


def _best_rows(table: pd.DataFrame) -> list[list[str]]:
    """Per network: NETBLT's best and TCP's best configuration, their ratio and TCP's window
    bound, as cells."""
    rows = []
    for network, network_rows in table.groupby("network", sort=False):
        netblt = _best(network_rows[network_rows["protocol"] == "netblt"])
        tcp = _best(network_rows[network_rows["protocol"] == "tcp"])
        cells = [f"{network}"]
        for best in (netblt, tcp):
            cells += ["-", "-"] if best is None else [f"{best['speed_median']:.3f}",
                                                     f"{best['label']}: {_setting(best)}"]  # fmt: skip
        ratio = (f"{netblt['speed_median'] / tcp['speed_median']:.1f}"
                 if netblt is not None and tcp is not None and tcp["speed_median"] > 0 else "-")  # fmt: skip
        bound = tcp["window_bound_mbps"] if tcp is not None else float("nan")
        rows.append([*cells, ratio, "-" if pd.isna(bound) else f"{bound:.3f}"])
    return rows


def _configuration_row(row: pd.Series) -> list[str]:
    bound = "-" if pd.isna(row["window_bound_mbps"]) else f"{row['window_bound_mbps']:.3f}"
    return [f"{row['label']}", f"{row['network']}", f"{row['protocol']}", _setting(row),
            f"{row['loss'] * 100:g}", f"{row['seeds']}",
            f"{row['speed_median']:.3f} ({row['speed_min']:.3f}-{row['speed_max']:.3f})", bound,
            f"{row['lost']:g}", f"{row['retransmitted']:g}", f"{row['timeouts']:g}",
            f"{row['sender_cpu_s']:.2f} / {row['receiver_cpu_s']:.2f}",
            "yes" if row["completed"] else "NO"]  # fmt: skip


def _protocols_markdown(scenario: MeasureScenario, table: pd.DataFrame, runs: pd.DataFrame) -> str:
    lines = [*scenario.heading(), "## Checks", "", *scenario.checks_table(runs)]
    lines += ["", "## Each network: NETBLT's best beside TCP's best", "",
              markdown_table(_BEST_HEADERS, _best_rows(table), "lrlrlrr")]
    lines += ["", "## Every configuration", "",
              "Medians over the seeds; SPEED is RFC 1030 §3's steady-state throughput, for TCP "
              "the data first sent before the segment with the last byte over the time since the "
              "first data segment. #LOSS: data packets or segments sent and not received; "
              "#RXM: sent again; RTO: TCP's retransmission timeouts.", "",
              markdown_table(_CONFIGURATION_HEADERS,
                             [_configuration_row(row) for _, row in table.iterrows()],
                             "llllrrlrrrrll"), ""]  # fmt: skip
    return "\n".join(lines)


def protocols_view(scenario: MeasureScenario, runs: pd.DataFrame) -> Report:
    table = configurations(scenario, runs)
    frame = runs[[*LEADING_COLUMNS, *(c for c in runs.columns if c not in LEADING_COLUMNS)]]
    figure = plot_protocol_comparison(runs, bounds=window_bounds(scenario, runs),
                                      title=scenario.title)  # fmt: skip
    return Report(frame, _protocols_markdown(scenario, table, runs), figure, "")


VIEWS: dict[str, Callable[[MeasureScenario, pd.DataFrame], Report]] = {
    "checks": checks_view,
    "losses": losses_view,
    "loss-sweep": loss_sweep_view,
    "protocols": protocols_view,
    **FLOW_VIEWS,
}

