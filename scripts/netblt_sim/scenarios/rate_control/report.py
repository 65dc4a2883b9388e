# SPDX-License-Identifier: GPL-2.0-only
"""The results of a rate-control scenario (see `rate_control`): runs it and writes, together
(`atomic.write_report`),

- `<name>.csv`: one row per flow of every run, static grid and adaptive alike: `network` (the
  network's identifier, `networks.NETWORKS`), `network_name` (the case's label: the network and
  its settings), `flows` and `flow` (1 and 0 but for several flows at once), `rate_control` (the
  sender's rate policy, a key of `parameters.RATE_POLICIES`), `start`,
  `seed`, the burst size and interval run (the static setting, or the
  adaptive run's negotiated ceiling) and its start, `steady_state_mbps` (over the transfer from
  `steady_state_from` on), `whole_transfer_mbps` (RFC 1030's measure over the whole transfer),
  `best_static_mbps` and `pct_of_best_static`, `published_best_mbps`, the mean rate in force over
  the measured stretch, the values in force at the end, losses, retransmissions, data timeouts,
  `station_resets` (the path's, for several flows), completion, and for several flows at once
  `aggregate_mbps` and `jain_index` (of the flows' steady states);
- `<name>.md`: the grid searched, each network's best static configuration, each algorithm and
  start beside it (median over the seeds) with its verdict, and the flows sharing a network at
  once (aggregate, Jain's index) with theirs;
- `<name>-rate-vs-time.png`: per network, the rate in force against time for each algorithm and
  start (first seed), beside the best static configuration's rate and steady-state throughput;
  per algorithm, each shared flow's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, cast

import pandas as pd

from netblt_sim.core.flows import FlowSetRecord
from netblt_sim.core.parameters import STATIC_RATE_POLICY
from netblt_sim.reporting.atomic import write_report
from netblt_sim.reporting.outcome import Outcome, Verdict, verdict
from netblt_sim.reporting.plots import files_only
from netblt_sim.reporting.tables import markdown_table
from netblt_sim.scenarios.rate_control.scenario import RateControlScenario, RunResult, simulate

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from netblt_sim.batch.executor import TransferExecutor
    from netblt_sim.core.rate_trace import RateTrace



def run_rate_control(
    scenario: RateControlScenario, results_dir: Path, executor: TransferExecutor | None = None
) -> Outcome:
    """Runs every transfer (see `rate_control.simulate`) and writes the three files."""
    results = simulate(scenario.runs(), executor)
    frame = results_frame(scenario, results)
    verdicts = judge(scenario, frame)
    paths = write_report(results_dir / scenario.name, frame,
                         markdown(scenario, frame, verdicts),
                         plot_rate_vs_time(scenario, results, frame),
                         "-rate-vs-time")  # fmt: skip
    return Outcome(paths, frame, verdicts)


def mean_rate_mbps(trace: RateTrace, psz: int, start: float, end: float, flow: int = 0) -> float:
    """The time-weighted mean of the rate in force at a flow from `start` to `end` s."""
    changes = trace.flow_changes(flow)
    if not changes or not end > start:  # NaN bounds too
        return math.nan
    total = 0.0
    for index, change in enumerate(changes):
        until = changes[index + 1].seconds if index + 1 < len(changes) else end
        overlap = min(until, end) - max(change.seconds, start)
        if overlap > 0:
            total += overlap * change.rate_mbps(psz)
    return total / (end - start)


def jain_index(speeds: list[float]) -> float:
    """Jain's fairness index: (sum x)^2 / (n sum x^2); NaN if every x is 0."""
    squares = sum(x * x for x in speeds)
    return sum(speeds) ** 2 / (len(speeds) * squares) if squares > 0 else math.nan


def _rows(scenario: RateControlScenario, result: RunResult) -> list[dict[str, object]]:
    """One row per flow of the run (one for a single transfer)."""
    run, trace = result.run, result.trace
    flows = run.flows()
    # A transfer that did not complete has no steady state: the buffers it started last need
    # not be the ones that were delivered. Flows sharing a path are measured over the time all
    # of them were in their measured stretch, so that their rates add up to what the path
    # carried then.
    complete = all(r.completed and r.intact for r in result.flow_records())
    if not complete:
        speeds = [math.nan] * len(flows)
    elif run.shared is None:
        speeds = [trace.steady_state_mbps(flows[0].bfsz, scenario.steady_state_from)]
    else:
        stretches = [trace.measured_from(scenario.steady_state_from, i) for i in range(len(flows))]
        common = max(s for s, _ in stretches), min(e for _, e in stretches)
        speeds = [trace.window_mbps(p.bfsz, *common, flow=i) for i, p in enumerate(flows)]
    record = result.record
    # A shared case's resets are the path's; a single transfer's its record's, as before.
    resets = record.path.station_resets if run.shared is not None else None
    rows = []
    for index, (params, flow_record) in enumerate(zip(flows, result.flow_records(), strict=True)):
        measured = trace.measured_from(scenario.steady_state_from, index)
        changes = trace.flow_changes(index)
        end = changes[-1] if changes else None
        rows.append({
            "network": run.case.network,
            "network_name": run.shared.label if run.shared else run.case.label,
            "flows": len(flows),
            "flow": index,
            "rate_control": run.algorithm,
            "start": run.start,
            "seed": run.seed,
            "bs": params.bs,
            "bi_ms": params.bi_ms,
            "start_bs": params.start_bs,
            "start_bi_ms": params.start_bi_ms,
            "psz": params.psz,
            "bfsz": params.bfsz,
            "xfsz_bytes": params.xfsz_bytes,
            "nbufs": params.nbufs,
            "steady_state_mbps": speeds[index],
            "whole_transfer_mbps": flow_record.steady_state_mbps,
            "mean_rate_mbps": mean_rate_mbps(trace, params.psz, *measured, index),
            "final_bs": end.burst_size if end else None,
            "final_bi_ms": end.burst_interval_ms if end else None,
            "final_nbufs": end.outstanding_buffers if end else None,
            "lost": flow_record.lost,
            "retransmitted": flow_record.retransmitted,
            "data_timeouts": flow_record.data_timeouts,
            "station_resets": flow_record.station_resets if resets is None else resets,
            "completed": flow_record.completed,
            "intact": flow_record.intact,
            "simulated_seconds": flow_record.simulated_seconds,
            "aggregate_mbps": sum(speeds) if run.shared else math.nan,
            "jain_index": jain_index(speeds) if run.shared else math.nan,
        })  # fmt: skip
    return rows


def results_frame(scenario: RateControlScenario, results: list[RunResult]) -> pd.DataFrame:
    """One row per flow of every run, with its network's best static throughput beside it (for
    several flows at once, their case's: one flow's best)."""
    frame = pd.DataFrame([row for result in results for row in _rows(scenario, result)])
    best = {network: b.steady_state_mbps for network, b in best_static(frame).items()}
    if scenario.shared is not None:
        best[scenario.shared.label] = best[scenario.shared.case.label]
    frame["best_static_mbps"] = frame["network_name"].map(best)
    frame["pct_of_best_static"] = 100 * frame["steady_state_mbps"] / frame["best_static_mbps"]
    published = {case.label: case.published_best_mbps for case in scenario.networks}
    if scenario.shared is not None:
        published[scenario.shared.label] = scenario.shared.case.published_best_mbps
    frame["published_best_mbps"] = frame["network_name"].map(published)
    return frame


@dataclass(frozen=True)
class BestStatic:
    """A network's best static configuration and its median steady-state throughput."""

    bs: int
    bi_ms: int
    steady_state_mbps: float

    def rate_mbps(self, psz: int) -> float:
        return self.bs * psz * 8 / (self.bi_ms * 1e3)


def best_static(frame: pd.DataFrame) -> dict[str, BestStatic]:
    """Per network, the static burst size and interval whose median steady-state throughput
    over the seeds is highest (ties: the first in grid order), with that median."""
    static = frame[frame["rate_control"] == STATIC_RATE_POLICY]
    medians = static.groupby(["network_name", "bs", "bi_ms"], sort=False)["steady_state_mbps"]
    best: dict[str, BestStatic] = {}
    for network, group in medians.median().groupby(level="network_name", sort=False):
        _, bs, bi_ms = cast(tuple[str, int, int], group.idxmax())
        best[str(network)] = BestStatic(int(bs), int(bi_ms), float(group.max()))
    return best


def adaptive_summary(frame: pd.DataFrame) -> pd.DataFrame:
    """Per network, algorithm and start of single transfers: medians over the seeds, the worst
    seed, resets."""
    adaptive = frame[(frame["rate_control"] != STATIC_RATE_POLICY) & (frame["flows"] == 1)]
    grouped = adaptive.groupby(["network_name", "rate_control", "start"], sort=False)
    return pd.DataFrame({
        "steady_state_mbps": grouped["steady_state_mbps"].median(),
        "pct_of_best_static": grouped["pct_of_best_static"].median(),
        "worst_pct": grouped["pct_of_best_static"].min(),
        "mean_rate_mbps": grouped["mean_rate_mbps"].median(),
        "lost": grouped["lost"].median(),
        "retransmitted": grouped["retransmitted"].median(),
        "station_resets": grouped["station_resets"].sum(),
        "completed": grouped["completed"].all() & grouped["intact"].all(),
    })  # fmt: skip


def _figure(value: float, digits: int) -> str:
    """A figure for the report; a dash for none (NaN: a run that did not complete)."""
    return "—" if math.isnan(value) else f"{value:.{digits}f}"


def shared_summary(frame: pd.DataFrame) -> pd.DataFrame:
    """Per algorithm and start of the runs of several flows at once: medians over the seeds of
    the aggregate steady state, its share of one flow's best static, Jain's index; resets."""
    shared = frame[frame["flows"] > 1]
    runs = shared.groupby(["rate_control", "start", "seed"], sort=False).agg(
        aggregate_mbps=("aggregate_mbps", "first"), jain_index=("jain_index", "first"),
        best_static_mbps=("best_static_mbps", "first"), station_resets=("station_resets", "first"),
        lost=("lost", "sum"), completed=("completed", "all"), intact=("intact", "all"))
    runs["aggregate_pct"] = 100 * runs["aggregate_mbps"] / runs["best_static_mbps"]
    grouped = runs.groupby(level=["rate_control", "start"], sort=False)
    return pd.DataFrame({
        "aggregate_mbps": grouped["aggregate_mbps"].median(),
        "aggregate_pct": grouped["aggregate_pct"].median(),
        "jain_index": grouped["jain_index"].median(),
        "worst_jain": grouped["jain_index"].min(),
        "lost": grouped["lost"].median(),
        "station_resets": grouped["station_resets"].sum(),
        "completed": grouped["completed"].all() & grouped["intact"].all(),
    })  # fmt: skip


def judge(scenario: RateControlScenario, frame: pd.DataFrame) -> tuple[Verdict, ...]:
    """One verdict per network, algorithm and start: the median steady-state throughput is at
    least `target_pct` of the best static one, with no station reset and every run complete."""
    verdicts = []
    for key, row in adaptive_summary(frame).iterrows():
        network, algorithm, start = cast(tuple[str, str, str], key)
        holds = (row["pct_of_best_static"] >= scenario.target_pct and row["station_resets"] == 0
                 and bool(row["completed"]))  # fmt: skip
        claim = (f"{network}, {algorithm} from {start}: {row['pct_of_best_static']:.1f} % of the "
                 f"best static throughput (target {scenario.target_pct:g} %), "
                 f"{row['station_resets']} station resets")  # fmt: skip
        verdicts.append(Verdict(claim, holds, algorithm))
    shared = scenario.shared
    if shared is not None:
        for key, row in shared_summary(frame).iterrows():
            algorithm, start = cast(tuple[str, str], key)
            holds = (row["jain_index"] >= shared.jain_target
                     and row["aggregate_pct"] >= shared.aggregate_target_pct
                     and row["station_resets"] == 0 and bool(row["completed"]))  # fmt: skip
            claim = (f"{shared.label}, {algorithm} from {start}: Jain's index "
                     f"{_figure(row['jain_index'], 3)} (target {shared.jain_target:g}), aggregate "
                     f"{_figure(row['aggregate_pct'], 1)} % of one flow's best static (target "
                     f"{shared.aggregate_target_pct:g} %), {row['station_resets']} station "
                     "resets")  # fmt: skip
            verdicts.append(Verdict(claim, holds, algorithm))
    return tuple(verdicts)


def _each(values: tuple[object, ...]) -> str:
    return ", ".join(str(v) for v in values)


def _grid_words(scenario: RateControlScenario) -> list[str]:
    lines = []
    for case in scenario.networks:
        grids = " and ".join(
            f"BS {{{_each(g['bs'])}}} × BI {{{_each(g['bi_ms'])}}} ms" for g in case.static_grid
        )
        t = case.transfer
        lines.append(f"- **{case.label}** (`{case.network}`): {t['psz']}-byte packets, "
                     f"{t['bfsz']}-byte buffers, {t['nbufs']} outstanding, {t['xfsz_kb']} kB; "
                     f"static grid {grids}; adaptive ceiling "
                     f"{t['bs']} every {t['bi_ms']} ms; starts "
                     + "; ".join(f"{name}: {s['start_bs']} every {s['start_bi_ms']} ms"
                                 for name, s in case.starts.items()))  # fmt: skip
    return lines


def markdown(scenario: RateControlScenario, frame: pd.DataFrame,
             verdicts: tuple[Verdict, ...]) -> str:  # fmt: skip
    best = best_static(frame)
    summary = adaptive_summary(frame)
    seeds = ", ".join(str(s) for s in scenario.seeds)
    best_cells = []
    for case in scenario.networks:
        b = best[case.label]
        best_cells.append([case.label, f"{b.bs}", f"{b.bi_ms}", f"{b.steady_state_mbps:.3f}",
                           f"{case.published_best_mbps:g} ({case.published_best})"])  # fmt: skip
    lines = [
        f"# {scenario.title}", "", "Regenerated by `scripts/reproduce`; do not edit by hand.", "",
        f"> {scenario.source}", "",
        f"Steady-state throughput is RFC 1030 §3's measure over the transfer from "
        f"{scenario.steady_state_from:.0%} of its buffers on (an adaptive sender's start left "
        f"behind), Mbit/s, median over seeds {seeds}; the best static configuration is the "
        f"burst size and interval of the grid whose median is highest, measured the same way. "
        f"Target: each algorithm from either start reaches {scenario.target_pct:g} % of it with "
        f"no earth-station reset.", "",
        "## Runs", "", *_grid_words(scenario), "",
        "## Best static configuration", "",
        markdown_table(["network", "BS", "BI (ms)", "steady state (Mbit/s)",
                        "largest published SPEED (Mbit/s)"], best_cells, "lrrrl"),
    ]  # fmt: skip
    held = iter(verdicts)
    cells = []
    for key, row in summary.iterrows():
        network, algorithm, start = cast(tuple[str, str, str], key)
        cells.append([
            network, algorithm, start, _figure(row["steady_state_mbps"], 3),
            _figure(row["pct_of_best_static"], 1), _figure(row["worst_pct"], 1),
            f"{row['mean_rate_mbps']:.3f}", f"{row['lost']:g}", f"{row['retransmitted']:g}",
            f"{row['station_resets']}", "yes" if row["completed"] else "NO",
            verdict(next(held).holds),
        ])  # fmt: skip
    columns = ["network", "algorithm", "start", "steady state (Mbit/s)", "% of best static",
               "worst seed %", "mean rate in force (Mbit/s)", "#LOSS", "#RXM", "station resets",
               "complete", "target"]  # fmt: skip
    lines += ["", "## Adaptive algorithms", "", markdown_table(columns, cells, "lllrrrrrrrll")]
    shared = scenario.shared
    if shared is not None:
        lines += [
            "", f"## {shared.label}", "",
            f"{shared.flows} flows across {shared.case.label} at once, each from its own sender "
            f"to its own receiver ({shared.phase} starts, {shared.xfsz_kb:g} kB each, the rest "
            f"as {shared.case.label}'s transfer), every flow with the same algorithm and start. "
            f"Each flow's steady state is measured over the time every flow was in its measured "
            f"stretch (the second halves overlapping), so that they add up to what the path "
            f"carried then: the aggregate, beside one flow's best static "
            f"({best[shared.case.label].steady_state_mbps:.3f} Mbit/s); Jain's index of them is 1 "
            f"when they are equal. A dash: no run of the three had every flow complete with the "
            f"stretches overlapping. Targets: index at least {shared.jain_target:g}, aggregate at "
            f"least {shared.aggregate_target_pct:g} %, no station reset.", "",
        ]  # fmt: skip
        cells = []
        for key, row in shared_summary(frame).iterrows():
            algorithm, start = cast(tuple[str, str], key)
            cells.append([
                algorithm, start, _figure(row["aggregate_mbps"], 3),
                _figure(row["aggregate_pct"], 1), _figure(row["jain_index"], 3),
                _figure(row["worst_jain"], 3), f"{row['lost']:g}", f"{row['station_resets']}",
                "yes" if row["completed"] else "NO", verdict(next(held).holds),
            ])  # fmt: skip
        columns = ["algorithm", "start", "aggregate (Mbit/s)", "% of one flow's best static",
                   "Jain's index", "worst seed's index", "#LOSS (all flows)", "station resets",
                   "complete", "target"]  # fmt: skip
        lines.append(markdown_table(columns, cells, "llrrrrrrll"))
    met = sum(v.holds for v in verdicts)
    lines += ["", f"Targets met: {met} of {len(verdicts)}.", ""]
    return "\n".join(lines)


def plot_rate_vs_time(scenario: RateControlScenario, results: list[RunResult],
                      frame: pd.DataFrame) -> Figure:  # fmt: skip
    """Per network, the rate in force against time of each algorithm and start (first seed),
    the best static configuration's rate (dashed) and steady-state throughput (dotted)."""
    files_only()
    import matplotlib.pyplot as plt  # noqa: PLC0415

    best = best_static(frame)
    columns = 2
    panels = len(scenario.networks) + (len(scenario.algorithms) if scenario.shared else 0)
    rows = math.ceil(panels / columns)
    figure, axes = plt.subplots(rows, columns, figsize=(11, 3.6 * rows), dpi=110, squeeze=False)
    palette = plt.get_cmap("tab10")
    seed = scenario.seeds[0]
    for index, case in enumerate(scenario.networks):
        ax = axes[index // columns][index % columns]
        curves = [r for r in results if r.run.case is case and r.run.seed == seed
                  and r.run.algorithm != STATIC_RATE_POLICY and r.run.shared is None]  # fmt: skip
        for number, result in enumerate(curves):
            changes = result.trace.flow_changes(0)
            times = [c.seconds for c in changes] + [result.flow_records()[0].simulated_seconds]
            rates = [c.rate_mbps(result.run.flows()[0].psz) for c in changes]
            ax.step(times, rates + rates[-1:], where="post", color=palette(number),
                    label=f"{result.run.algorithm}, from {result.run.start}")  # fmt: skip
        b = best[case.label]
        ax.axhline(b.rate_mbps(int(case.transfer["psz"])), color="black", linestyle="--",
                   linewidth=0.8, label=f"best static rate, {b.bs} every {b.bi_ms} ms")
        ax.axhline(b.steady_state_mbps, color="grey", linestyle=":", linewidth=1,
                   label="best static throughput")  # fmt: skip
        ax.set_title(f"{case.label} (seed {seed})", fontsize=9)
        ax.set_xlabel("time (s)")
        ax.set_ylabel("rate in force (Mbit/s)")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=6, loc="best")
    shared = scenario.shared
    for number, algorithm in enumerate(scenario.algorithms if shared is not None else ()):
        assert shared is not None
        index = len(scenario.networks) + number
        ax = axes[index // columns][index % columns]
        start = next(iter(shared.case.starts))
        run = next(r for r in results if r.run.shared is shared and r.run.seed == seed
                   and r.run.algorithm == algorithm and r.run.start == start)  # fmt: skip
        for flow, params in enumerate(run.run.flows()):
            changes = run.trace.flow_changes(flow)
            times = [c.seconds for c in changes] + [run.flow_records()[flow].simulated_seconds]
            rates = [c.rate_mbps(params.psz) for c in changes]
            ax.step(times, rates + rates[-1:], where="post", color=palette(flow),
                    label=f"flow {flow}")  # fmt: skip
        b = best[shared.case.label]
        ax.axhline(b.steady_state_mbps / shared.flows, color="grey", linestyle=":", linewidth=1,
                   label=f"1/{shared.flows} of one flow's best static throughput")
        ax.set_title(f"{shared.label}: {algorithm} from {start} (seed {seed})", fontsize=9)
        ax.set_xlabel("time (s)")
        ax.set_ylabel("rate in force (Mbit/s)")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=6, loc="best")
    for index in range(panels, rows * columns):
        axes[index // columns][index % columns].set_visible(False)
    figure.suptitle(scenario.title, fontsize=10)
    figure.tight_layout()
    return figure
