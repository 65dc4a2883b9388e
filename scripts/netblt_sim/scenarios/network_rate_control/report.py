# SPDX-License-Identifier: GPL-2.0-only
"""The results of a network-rate-control scenario (see `network_rate_control`): runs it and
writes, together (`atomic.write_together`),

- `<name>.csv`: one row per flow of every run: `network` (the identifier, `networks.NETWORKS`),
  `network_name` (the scenario's label for it), `case`, `flows`, `flow`, the flow's `kind`
  (adaptive, static or tcp), `algorithm_name` (the scenario's label), the flow's `rate_control`
  (a key of `parameters.RATE_POLICIES`; empty for TCP) and the run's `gateway_feedback` (a key of
  `parameters.GATEWAY_FEEDBACK`; empty: none), `start`, `seed`, the static grid's `bs` and
  `bi_ms`, `steady_state_mbps`, `aggregate_mbps`, `jain_index`, `best_static_mbps` and
  `station_resets` (the columns of `dynamic-rate-control.csv`), then `convergence_s`,
  `pct_of_best_static` (the aggregate's), `pct_of_capacity`, `jain_windows_min`,
  `resets_per_hour`, `queue_p99_bytes`, `queue_peak_bytes`, `queue_delay_p99_s` (the 99th
  percentile's time on the channel: what the earth station adds to the round trip over its
  floor), `retransmitted_fraction`, `explicit_rate_heard`, `source_quenches`, `completed`;
- `<name>.md`: each network's best static setting, the targets and which algorithm (which
  signal) met each, and every case's medians over the seeds with its worst seed;
- `<name>-rate-and-queue.png`: for one seed of each Wideband case, each flow's rate in force and
  the earth station's queue against time, one column per algorithm.
"""

from __future__ import annotations

import functools
import math
from pathlib import Path
from typing import TYPE_CHECKING, cast

import pandas as pd

from netblt_sim.core.models import load_model
from netblt_sim.reporting.network_names import display_name
from netblt_sim.core.parameters import NETBLT, STATIC_RATE_POLICY
from netblt_sim.reporting.atomic import write_together
from netblt_sim.reporting.outcome import Outcome, Verdict
from netblt_sim.reporting.plots import files_only
from netblt_sim.scenarios.network_rate_control import wording
from netblt_sim.scenarios.network_rate_control.metrics import (
    common_interval,
    convergence_s,
    jain_index,
    lowest_window_jain,
    netblt_spans,
)
from netblt_sim.scenarios.network_rate_control.scenario import (
    NetworkRateControlScenario,
    RunResult,
    simulate,
)
from netblt_sim.scenarios.network_rate_control.summary import (
    STATIC_GRID,
    WIDEBAND,
    best_static,
    case_summary,
    target_criteria,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from netblt_sim.batch.executor import TransferExecutor



@functools.cache
def esi_bytes() -> int:
    """The earth station's ESI, what its queue is measured against (models/networks/
    wideband.json), read when a report first needs it."""
    return int(load_model("networks", "wideband").value("wideband-device", "EsiBufferBytes").value)


def run_network_rate_control(scenario: NetworkRateControlScenario, results_dir: Path,
                             executor: TransferExecutor | None = None) -> Outcome:  # fmt: skip
    """Runs every transfer (see `scenario.simulate`) and writes the three files."""
    results = simulate(scenario.runs(), executor)
    frame = results_frame(scenario, results)
    summary = case_summary(frame)
    verdicts = judge(scenario, summary)
    stem = results_dir / scenario.name
    paths = write_together(stem.with_suffix(".csv"), frame, stem.with_suffix(".md"),
                           wording.markdown(scenario, frame, summary, verdicts, esi_bytes()),
                           [(stem.with_name(f"{stem.name}-rate-and-queue.png"),
                             plot_rate_and_queue(scenario, results))])  # fmt: skip
    return Outcome(paths, frame, verdicts)


def _rows(scenario: NetworkRateControlScenario, result: RunResult) -> list[dict[str, object]]:
    run, record, trace = result.run, result.record, result.trace
    flows = run.params.flows
    spans = netblt_spans(trace.rate, flows)
    single = len(flows) == 1
    if single:
        speeds = [trace.rate.steady_state_mbps(flows[0].bfsz, scenario.steady_state_from)]
        interval = (math.nan, math.nan)
    else:
        interval = common_interval(spans, scenario.steady_state_from)
        speeds = [trace.rate.window_mbps(p.bfsz, *interval, flow=span.trace_flow)
                  if span is not None else flow.steady_state_mbps
                  for p, span, flow in zip(flows, spans, record.flows, strict=True)]  # fmt: skip
    case = run.case
    round_trip = case.round_trip_s if case is not None else math.nan
    capacity = record.path.channel_capacity_mbps
    queue_p99 = trace.queue.quantile_bytes(0.99)
    seconds = max(flow.simulated_seconds for flow in record.flows)
    netblt = [f for p, f in zip(flows, record.flows, strict=True) if p.protocol == NETBLT]
    sent = sum(f.data_packets_sent for f in netblt)
    shared: dict[str, object] = {
        "network": run.network.network, "network_name": run.network.label,
        "case": case.label if case else STATIC_GRID, "flows": len(flows),
        "algorithm_name": run.algorithm.label if run.algorithm else STATIC_RATE_POLICY,
        "gateway_feedback": run.algorithm.gateway_feedback if run.algorithm else None,
        "start": run.start, "seed": run.seed,
        "aggregate_mbps": sum(speeds), "jain_index": jain_index(speeds),
        "station_resets": record.path.station_resets,
        "convergence_s": (convergence_s(trace.rate, flows, spans, round_trip)
                          if case is not None else math.nan),
        "pct_of_capacity": 100 * sum(speeds) / capacity if capacity > 0 else math.nan,
        "jain_windows_min": (lowest_window_jain(trace.rate, flows, spans, interval, round_trip)
                             if not single else math.nan),
        "resets_per_hour": 3600 * record.path.station_resets / seconds if seconds else math.nan,
        "queue_p99_bytes": queue_p99, "queue_peak_bytes": trace.queue.peak_bytes(),
        "queue_delay_p99_s": queue_p99 * 8 / (capacity * 1e6) if capacity > 0 else math.nan,
        "retransmitted_fraction": (sum(f.retransmitted for f in netblt) / sent
                                   if sent else math.nan),
    }  # fmt: skip
    rows = []
    for index, (params, flow, speed) in enumerate(zip(flows, record.flows, speeds, strict=True)):
        kind = ("tcp" if params.protocol != NETBLT else
                "static" if params.rate_control in (None, STATIC_RATE_POLICY) else "adaptive")
        rows.append(shared | {
            "flow": index, "kind": kind,
            "rate_control": None if kind == "tcp" else params.rate_control or STATIC_RATE_POLICY,
            "bs": params.bs if kind == "static" else None,
            "bi_ms": params.bi_ms if kind == "static" else None, "steady_state_mbps": speed,
            "explicit_rate_heard": flow.explicit_rate_heard,
            "source_quenches": flow.source_quenches,
            "completed": flow.completed and flow.intact,
        })  # fmt: skip
    return rows


COLUMNS: tuple[str, ...] = ("network", "network_name", "case", "flows", "flow", "kind")
COLUMNS += ("algorithm_name", "rate_control", "gateway_feedback", "start")
COLUMNS += ("seed", "bs", "bi_ms", "steady_state_mbps", "aggregate_mbps", "jain_index")
COLUMNS += ("best_static_mbps", "station_resets", "convergence_s", "pct_of_best_static")
COLUMNS += ("pct_of_capacity", "jain_windows_min", "resets_per_hour", "queue_p99_bytes")
COLUMNS += ("queue_peak_bytes", "queue_delay_p99_s", "retransmitted_fraction")
COLUMNS += ("explicit_rate_heard", "source_quenches", "completed")


def results_frame(scenario: NetworkRateControlScenario, results: list[RunResult]) -> pd.DataFrame:
    """One row per flow of every run, with its network's best static throughput beside it."""
    frame = pd.DataFrame([row for result in results for row in _rows(scenario, result)])
    frame["best_static_mbps"] = frame["network"].map(best_static(frame)["steady_state_mbps"])
    frame["pct_of_best_static"] = 100 * frame["aggregate_mbps"] / frame["best_static_mbps"]
    frame = frame.astype({"bs": "Int64", "bi_ms": "Int64"})
    return frame[list(COLUMNS)]


def judge(scenario: NetworkRateControlScenario, summary: pd.DataFrame) -> tuple[Verdict, ...]:
    """The issue's targets for every algorithm and start (`summary.target_criteria`): one flow on
    every network at `single_pct` % of the best static setting with no reset; four and eight
    flows on the Wideband, together, arriving one by one and half of them further away, at
    `aggregate_pct` % of one flow's best static, Jain's index at least `jain`, no reset and every
    arrival converged within `convergence_s` (the worst seed's)."""
    verdicts = []
    for key, row in summary.iterrows():
        network, case, flows, algorithm, start = cast(tuple[str, str, int, str, str], key)
        criteria = target_criteria(scenario, network, case, flows, row)
        if criteria is None:
            continue
        if flows == 1:
            claim = (f"{network}, {case}, one flow, {algorithm} from {start}: "
                     f"{wording.figure(row['pct'], 1)} % of the best static (target "
                     f"{scenario.targets.single_pct:g} %), {row['resets']} station resets")  # fmt: skip
        else:
            claim = (f"{network}, {case}, {flows} flows, {algorithm} from {start}: aggregate "
                     f"{wording.figure(row['pct'], 1)} % of one flow's best static (target "
                     f"{scenario.targets.aggregate_pct:g} %), Jain's index "
                     f"{wording.figure(row['jain'], 3)} (target {scenario.targets.jain:g}), worst "
                     f"arrival converged in {wording.figure(row['worst_convergence'], 1)} s "
                     f"(target {scenario.targets.convergence_s:g} s), {row['resets']} station "
                     "resets")  # fmt: skip
        verdicts.append(Verdict(claim, all(criteria.values()), algorithm))
    return tuple(verdicts)


def plot_rate_and_queue(scenario: NetworkRateControlScenario, results: list[RunResult]
                        ) -> Figure:  # fmt: skip
    """For the first seed and first start of each Wideband case (its largest count of flows),
    each NETBLT flow's rate in force and the earth station's queue against time; one column per
    algorithm."""
    files_only()
    import matplotlib.pyplot as plt  # noqa: PLC0415 - only plots need it

    chosen: dict[tuple[str, str], RunResult] = {}
    for result in results:
        run = result.run
        if (run.case is None or run.algorithm is None or run.network.network != WIDEBAND
                or run.seed != scenario.seeds[0] or run.start != next(iter(run.network.starts))
                or len(run.params.flows) != max(run.case.flows)):  # fmt: skip
            continue
        count = len(run.params.flows)
        chosen.setdefault((f"{run.case.label}, {count} flow{'s' if count > 1 else ''}",
                           run.algorithm.label), result)  # fmt: skip
    rows = list(dict.fromkeys(key[0] for key in chosen))
    columns = list(dict.fromkeys(key[1] for key in chosen))
    figure, axes = plt.subplots(max(len(rows), 1), max(len(columns), 1), squeeze=False,
                                figsize=(3.2 * max(len(columns), 1), 2.4 * max(len(rows), 1)),
                                sharex="row", sharey=True)  # fmt: skip
    for (row, column), result in chosen.items():
        axis = axes[rows.index(row)][columns.index(column)]
        psz = result.run.params.flows[-1].psz
        for flow in sorted({c.flow for c in result.trace.rate.changes}):
            changes = result.trace.rate.flow_changes(flow)
            axis.step([c.seconds for c in changes], [c.rate_mbps(psz) for c in changes],
                      where="post", linewidth=0.7)  # fmt: skip
        queue = axis.twinx()
        peaks = result.trace.queue.peaks
        queue.plot([p.seconds for p in peaks], [p.bytes / 1024 for p in peaks], color="0.6",
                   linewidth=0.5)  # fmt: skip
        queue.axhline(esi_bytes() / 1024, color="red", linewidth=0.6, linestyle=":")
        queue.set_ylim(0, 1.1 * esi_bytes() / 1024)
        axis.set_ylim(0, 1.3)
        axis.set_title(f"{column}\n{row}", fontsize=7)
        axis.tick_params(labelsize=6)
        queue.tick_params(labelsize=6)
        if columns.index(column) == len(columns) - 1:
            queue.set_ylabel("earth station's queue (KB)", fontsize=7)
    # A case that does not run an algorithm leaves its panel empty: hidden, not an empty axis.
    for row_index, row in enumerate(rows):
        for column_index, column in enumerate(columns):
            if (row, column) not in chosen:
                axes[row_index][column_index].set_visible(False)
    for axis in axes[-1]:
        axis.set_xlabel("simulated time (s)", fontsize=7)
    for axis_row in axes:  # on each row's first shown panel (a hidden one shows no label)
        shown = [axis for axis in axis_row if axis.get_visible()]
        if shown:
            shown[0].set_ylabel("rate in force (Mbit/s)", fontsize=7)
    figure.suptitle(f"{display_name(WIDEBAND)} ({WIDEBAND}), seed {scenario.seeds[0]}: rate "
                    "in force per flow (coloured lines, Mbit/s)\nand the earth station's queue "
                    "(grey, KB; dotted red: the ESI's size)", fontsize=8)  # fmt: skip
    # The title's two lines above the panels, not over the first row's titles.
    figure.tight_layout(rect=(0, 0, 1, 1 - 0.5 / figure.get_figheight()))
    return figure
