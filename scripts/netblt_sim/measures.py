# SPDX-License-Identifier: GPL-2.0-only
"""Experiments RFC 1030 describes in its text with measured figures (`scenarios/`, kind
"measure"), such as §7's best Wideband run (926-942 kbit/s) or its overload test.

A measure scenario has run sets (a transfer configuration on a network, swept over burst
intervals and seeds) and checks: a quantity of the runs of one set (`QUANTITIES`), reduced by a
statistic (`STATISTICS`), against the range the RFC gives, widened by a tolerance. `run_measure`
writes

- `<name>.csv`: one row per run, the run set's label, parameter and record columns;
- `<name>.md`: the RFC's words, each check with its simulated and published figures and whether
  it holds, and the median throughput and losses per run set and burst interval;
- `<name>-throughput-vs-burst-interval.png`: median throughput against burst interval per set.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from netblt_sim.atomic import write_report
from netblt_sim.findings import verdict
from netblt_sim.networks import get_network
from netblt_sim.parameters import TransferParameters, transfer_parameters
from netblt_sim.plots import plot_quantity_vs_burst_interval
from netblt_sim.scenarios import SCENARIOS_DIR, TRANSFER_FIELDS, read_scenario_file
from netblt_sim.executor import run_transfers
from netblt_sim.transfer import records_frame

if TYPE_CHECKING:
    from netblt_sim.executor import TransferExecutor

MEASURE_KIND = "measure"
MEASURE_KEYS: tuple[str, ...] = ("name", "title", "source", "runs", "checks")
RUN_KEYS: tuple[str, ...] = ("label", "network", "transfer", "burst_interval_ms", "seeds")
CHECK_KEYS: tuple[str, ...] = ("claim", "runs", "quantity", "statistic", "low", "high")

# What a check can measure of a run, from its record columns.
QUANTITIES: dict[str, Callable[[pd.DataFrame], pd.Series]] = {
    "steady_state_kbps": lambda runs: runs["steady_state_mbps"] * 1000,
    "data_packets_lost_pct": lambda runs: 100 * runs["lost"] / runs["data_packets_sent"].clip(lower=1),
    "station_resets": lambda runs: runs["station_resets"].astype(float),
}
# How a check reduces the quantity over the runs of its set. "best_interval_median": the
# median at the burst interval whose median throughput is highest.
STATISTICS: tuple[str, ...] = ("median", "min", "max", "best_interval_median")


@dataclass(frozen=True)
class RunSet:
    """One transfer configuration on one network, over burst intervals and seeds."""

    label: str
    network: str
    transfer: dict[str, float]  # TRANSFER_FIELDS as given; transfer_parameters checks them
    burst_intervals_ms: tuple[int, ...]
    seeds: tuple[int, ...]

    def parameters(self) -> list[TransferParameters]:
        """Every run: burst interval outermost, then seed."""
        return [
            transfer_parameters(**self.transfer, bi_ms=bi_ms, seed=seed, network=self.network)
            for bi_ms in self.burst_intervals_ms
            for seed in self.seeds
        ]


@dataclass(frozen=True)
class Check:
    """A figure of the RFC's text: `statistic` of `quantity` over the runs of set `runs` lies in
    [low, high] (high None: no upper bound) widened by `tolerance_pct` of each bound."""

    claim: str  # the figure in words
    runs: str  # a RunSet label
    quantity: str  # a key of QUANTITIES
    statistic: str  # one of STATISTICS
    low: float
    high: float | None
    tolerance_pct: float = 0.0

    def bounds(self) -> tuple[float, float]:
        widen = self.tolerance_pct / 100
        high = math.inf if self.high is None else self.high * (1 + widen)
        return self.low * (1 - widen), high

    def measure(self, runs: pd.DataFrame) -> float:
        """The simulated figure over the runs of this check's set."""
        own = runs[runs["label"] == self.runs]
        values = QUANTITIES[self.quantity](own)
        if self.statistic == "best_interval_median":
            speeds = own.groupby("bi_ms")["steady_state_mbps"].median()
            best = speeds.idxmax()
            return float(values[own["bi_ms"] == best].median())
        return float(getattr(values, self.statistic)())

    def holds(self, runs: pd.DataFrame) -> bool:
        low, high = self.bounds()
        return low <= self.measure(runs) <= high


@dataclass(frozen=True)
class MeasureScenario:
    """Figures of RFC 1030's text and the runs that check them."""

    name: str
    title: str
    source: str  # the RFC's words
    run_sets: tuple[RunSet, ...]
    checks: tuple[Check, ...]

    def parameters(self) -> list[tuple[str, TransferParameters]]:
        """Every run with its set's label, set by set."""
        return [(s.label, p) for s in self.run_sets for p in s.parameters()]


def _require(where: str, raw: dict[str, Any], keys: tuple[str, ...]) -> None:
    missing = [key for key in keys if key not in raw]
    if missing:
        raise ValueError(f"{where}: no {missing}; it needs {list(keys)}")


def _run_set(where: str, raw: dict[str, Any]) -> RunSet:
    _require(where, raw, RUN_KEYS)
    get_network(raw["network"])
    transfer = raw["transfer"]
    _require(f"{where}.transfer", transfer, TRANSFER_FIELDS)
    intervals = tuple(int(b) for b in raw["burst_interval_ms"])
    seeds = tuple(int(s) for s in raw["seeds"])
    if not intervals or not seeds:
        raise ValueError(f"{where}: burst_interval_ms and seeds need at least one value each")
    return RunSet(
        raw["label"], raw["network"], {k: transfer[k] for k in TRANSFER_FIELDS}, intervals, seeds
    )


def _check(where: str, raw: dict[str, Any], labels: set[str]) -> Check:
    _require(where, raw, CHECK_KEYS)
    if raw["runs"] not in labels:
        raise ValueError(f"{where}.runs = {raw['runs']!r}: must be one of {sorted(labels)}")
    if raw["quantity"] not in QUANTITIES:
        raise ValueError(f"{where}.quantity = {raw['quantity']!r}: must be one of {sorted(QUANTITIES)}")
    if raw["statistic"] not in STATISTICS:
        raise ValueError(f"{where}.statistic = {raw['statistic']!r}: must be one of {list(STATISTICS)}")
    high = None if raw["high"] is None else float(raw["high"])
    if high is not None and high < float(raw["low"]):
        raise ValueError(f"{where}: low {raw['low']} is above high {high}")
    return Check(raw["claim"], raw["runs"], raw["quantity"], raw["statistic"], float(raw["low"]),
                 high, float(raw.get("tolerance_pct", 0.0)))  # fmt: skip


def load_measure(name: str, scenarios_dir: Path = SCENARIOS_DIR) -> MeasureScenario:
    """Reads `scenarios/<name>.json`; ValueError names the bad entry and what is allowed."""
    path, raw = read_scenario_file(name, MEASURE_KIND, MEASURE_KEYS, scenarios_dir)
    run_sets = tuple(_run_set(f"{path}: runs[{i}]", r) for i, r in enumerate(raw["runs"]))
    labels = {s.label for s in run_sets}
    if len(labels) != len(run_sets):
        raise ValueError(f"{path}: run set labels must differ")
    checks = tuple(_check(f"{path}: checks[{i}]", c, labels) for i, c in enumerate(raw["checks"]))
    if not checks:
        raise ValueError(f"{path}: checks is empty; give at least one")
    scenario = MeasureScenario(raw["name"], raw["title"], raw["source"], run_sets, checks)
    scenario.parameters()  # refuses an impossible transfer now, by name
    return scenario


@dataclass(frozen=True)
class MeasureOutcome:
    """What was written, and whether every check held."""

    paths: tuple[Path, ...]
    runs: pd.DataFrame
    holds: bool


def _figure(value: float) -> str:
    return "no limit" if math.isinf(value) else f"{value:.4g}"


def _markdown(scenario: MeasureScenario, runs: pd.DataFrame) -> str:
    lines = [f"# {scenario.title}", "", "Regenerated by `scripts/reproduce`; do not edit by hand.",
             "", f"> {scenario.source}", "", "## Checks", "",
             "| claim | runs | simulated | allowed | holds |", "|---|---|---:|---|---|"]  # fmt: skip
    for check in scenario.checks:
        low, high = check.bounds()
        lines.append(
            f"| {check.claim} | {check.runs} | {_figure(check.measure(runs))} | "
            f"{_figure(low)} to {_figure(high)} | {verdict(check.holds(runs))} |"
        )
    lines += ["", "## Runs", ""]
    for run_set in scenario.run_sets:
        t = run_set.transfer
        lines.append(
            f"- **{run_set.label}**: `{run_set.network}`, {t['psz']}-byte packets, "
            f"{t['bfsz']}-byte buffers, bursts of {t['bs']}, {t['nbufs']} buffers, "
            f"{t['xfsz_kb']} kB, seeds {', '.join(str(s) for s in run_set.seeds)}."
        )
    lines += ["", "| runs | BI (ms) | SPEED median (Mbit/s) | #LOSS median | #RXM median | "
              "station resets |", "|---|---:|---:|---:|---:|---:|"]  # fmt: skip
    grouped = runs.groupby(["label", "bi_ms"], sort=False)
    for (label, bi_ms), rows in grouped:
        lines.append(
            f"| {label} | {bi_ms} | {rows['steady_state_mbps'].median():.3f} | "
            f"{rows['lost'].median():g} | {rows['retransmitted'].median():g} | "
            f"{int(rows['station_resets'].sum())} |"
        )
    lines.append("")
    return "\n".join(lines)


def run_measure(
    scenario: MeasureScenario, results_dir: Path, executor: TransferExecutor | None = None
) -> MeasureOutcome:
    """Runs every set (through `executor` if given, see `run_transfers`) and writes the CSV,
    Markdown and plot together."""
    labelled = scenario.parameters()
    parameters = [p for _, p in labelled]
    runs = records_frame(run_transfers(parameters, scenario.name, executor), parameters)
    runs.insert(0, "label", [label for label, _ in labelled])
    holds = all(check.holds(runs) for check in scenario.checks)
    figure = plot_quantity_vs_burst_interval(runs, "steady_state_mbps", title=scenario.title)
    paths = write_report(results_dir / scenario.name, runs, _markdown(scenario, runs), figure,
                         "-throughput-vs-burst-interval")  # fmt: skip
    return MeasureOutcome(paths, runs, holds)
