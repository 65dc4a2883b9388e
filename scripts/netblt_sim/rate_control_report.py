# SPDX-License-Identifier: GPL-2.0-only
"""The results of a rate-control scenario (see `rate_control`): runs it and writes, together
(`atomic.write_report`),

- `<name>.csv`: one row per run, static grid and adaptive alike: `network` (the case's label),
  `algorithm`, `start`, `seed`, the burst size and interval run (the static setting, or the
  adaptive run's negotiated ceiling) and its start, `steady_state_mbps` (over the transfer from
  `steady_state_from` on), `whole_transfer_mbps` (RFC 1030's measure over the whole transfer),
  `best_static_mbps` and `pct_of_best_static`, `published_best_mbps`, the mean rate in force over
  the measured stretch, the values in force at the end, losses, retransmissions, data timeouts,
  `station_resets`, completion;
- `<name>.md`: the grid searched, each network's best static configuration, each algorithm and
  start beside it (median over the seeds) with its verdict, and what is missing;
- `<name>-rate-vs-time.png`: per network, the rate in force against time for each algorithm and
  start (first seed), beside the best static configuration's rate and steady-state throughput.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, cast

import pandas as pd

from netblt_sim.atomic import write_report
from netblt_sim.outcome import Outcome, Verdict, verdict
from netblt_sim.parameters import STATIC_RATE_POLICY
from netblt_sim.rate_control import RateControlScenario, RunResult, simulate

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from netblt_sim.executor import TransferExecutor
    from netblt_sim.rate_trace import RateTrace

MISSING = (
    "Four adaptive flows sharing the Wideband at once (aggregate throughput and Jain's fairness "
    "index) are not simulated: they need several transfers in one simulation (the multi-flow "
    "experiment of issue 24), which this build does not have."
)


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


def mean_rate_mbps(trace: RateTrace, psz: int, start: float, end: float) -> float:
    """The time-weighted mean of the rate in force (first flow) from `start` to `end` s."""
    changes = trace.flow_changes(0)
    if not changes or end <= start:
        return math.nan
    total = 0.0
    for index, change in enumerate(changes):
        until = changes[index + 1].seconds if index + 1 < len(changes) else end
        overlap = min(until, end) - max(change.seconds, start)
        if overlap > 0:
            total += overlap * change.rate_mbps(psz)
    return total / (end - start)


def _row(scenario: RateControlScenario, result: RunResult) -> dict[str, object]:
    run, record, trace = result.run, result.record, result.trace
    params = run.params
    starts = {s.buffer: s.seconds for s in trace.buffer_starts if s.flow == 0}
    measured_from = math.nan
    if starts:
        first, last = min(starts), max(starts)
        measured_from = starts[first + math.floor(scenario.steady_state_from * (last - first))]
    end = trace.flow_changes(0)[-1] if trace.flow_changes(0) else None
    return {
        "network": run.case.label,
        "network_name": run.case.network,
        "algorithm": run.algorithm,
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
        "steady_state_mbps": trace.steady_state_mbps(params.bfsz, scenario.steady_state_from),
        "whole_transfer_mbps": record.steady_state_mbps,
        "mean_rate_mbps": mean_rate_mbps(trace, params.psz, measured_from,
                                         max(starts.values(), default=math.nan)),  # fmt: skip
        "final_bs": end.burst_size if end else None,
        "final_bi_ms": end.burst_interval_ms if end else None,
        "final_nbufs": end.outstanding_buffers if end else None,
        "lost": record.lost,
        "retransmitted": record.retransmitted,
        "data_timeouts": record.data_timeouts,
        "station_resets": record.station_resets,
        "completed": record.completed,
        "intact": record.intact,
        "simulated_seconds": record.simulated_seconds,
    }


def results_frame(scenario: RateControlScenario, results: list[RunResult]) -> pd.DataFrame:
    """One row per run, with each network's best static throughput beside it."""
    frame = pd.DataFrame([_row(scenario, result) for result in results])
    best = {network: b.steady_state_mbps for network, b in best_static(frame).items()}
    frame["best_static_mbps"] = frame["network"].map(best)
    frame["pct_of_best_static"] = 100 * frame["steady_state_mbps"] / frame["best_static_mbps"]
    published = {case.label: case.published_best_mbps for case in scenario.networks}
    frame["published_best_mbps"] = frame["network"].map(published)
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
    static = frame[frame["algorithm"] == STATIC_RATE_POLICY]
    medians = static.groupby(["network", "bs", "bi_ms"], sort=False)["steady_state_mbps"].median()
    best: dict[str, BestStatic] = {}
    for network, group in medians.groupby(level="network", sort=False):
        _, bs, bi_ms = cast(tuple[str, int, int], group.idxmax())
        best[str(network)] = BestStatic(int(bs), int(bi_ms), float(group.max()))
    return best


def adaptive_summary(frame: pd.DataFrame) -> pd.DataFrame:
    """Per network, algorithm and start: medians over the seeds, the worst seed, resets."""
    adaptive = frame[frame["algorithm"] != STATIC_RATE_POLICY]
    grouped = adaptive.groupby(["network", "algorithm", "start"], sort=False)
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
        verdicts.append(Verdict(claim, holds))
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
        "| network | BS | BI (ms) | steady state (Mbit/s) | largest published SPEED (Mbit/s) |",
        "| --- | ---: | ---: | ---: | --- |",
    ]  # fmt: skip
    for case in scenario.networks:
        b = best[case.label]
        lines.append(f"| {case.label} | {b.bs} | {b.bi_ms} | {b.steady_state_mbps:.3f} | "
                     f"{case.published_best_mbps:g} ({case.published_best}) |")  # fmt: skip
    lines += [
        "", "## Adaptive algorithms", "",
        "| network | algorithm | start | steady state (Mbit/s) | % of best static | worst seed % "
        "| mean rate in force (Mbit/s) | #LOSS | #RXM | station resets | complete | target |",
        "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |",
    ]  # fmt: skip
    held = iter(verdicts)
    for key, row in summary.iterrows():
        network, algorithm, start = cast(tuple[str, str, str], key)
        lines.append(
            f"| {network} | {algorithm} | {start} | {row['steady_state_mbps']:.3f} | "
            f"{row['pct_of_best_static']:.1f} | {row['worst_pct']:.1f} | "
            f"{row['mean_rate_mbps']:.3f} | {row['lost']:g} | {row['retransmitted']:g} | "
            f"{row['station_resets']} | {'yes' if row['completed'] else 'NO'} | "
            f"{verdict(next(held).holds)} |"
        )
    met = sum(v.holds for v in verdicts)
    lines += ["", f"Targets met: {met} of {len(verdicts)}.", "", "## Missing", "", MISSING, ""]
    return "\n".join(lines)


def plot_rate_vs_time(scenario: RateControlScenario, results: list[RunResult],
                      frame: pd.DataFrame) -> Figure:  # fmt: skip
    """Per network, the rate in force against time of each algorithm and start (first seed),
    the best static configuration's rate (dashed) and steady-state throughput (dotted)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    best = best_static(frame)
    columns = 2
    rows = math.ceil(len(scenario.networks) / columns)
    figure, axes = plt.subplots(rows, columns, figsize=(11, 3.6 * rows), dpi=110, squeeze=False)
    palette = plt.get_cmap("tab10")
    seed = scenario.seeds[0]
    for index, case in enumerate(scenario.networks):
        ax = axes[index // columns][index % columns]
        curves = [r for r in results if r.run.case is case and r.run.seed == seed
                  and r.run.algorithm != STATIC_RATE_POLICY]  # fmt: skip
        for number, result in enumerate(curves):
            changes = result.trace.flow_changes(0)
            times = [c.seconds for c in changes] + [result.record.simulated_seconds]
            rates = [c.rate_mbps(result.run.params.psz) for c in changes]
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
    for index in range(len(scenario.networks), rows * columns):
        axes[index // columns][index % columns].set_visible(False)
    figure.suptitle(scenario.title, fontsize=10)
    figure.tight_layout()
    return figure
