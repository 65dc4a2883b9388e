# SPDX-License-Identifier: GPL-2.0-only
"""Experiments stated as measured figures (`scenarios/*.json` of kind "measure"): RFC 1030's
claims of its text, such as §6's private Ethernet (no losses above 40 ms per burst) or §7's best
Wideband run (926-942 kbit/s), and the project's own, such as the loss sweep on the ideal link.

A measure scenario has run sets and checks. A run set is a transfer on a network over a grid
(see `grid.load_grid`): `{"label", "network", "transfer": {name: value}, "grid": {name:
values}}`, names as `transfer_parameters` takes them. A run set that names any of
`flows.FLOW_SET_NAMES` (`flows`, `phase`, `share_rate`, `overrides`) in its transfer or grid runs
flow sets, several transfers at once (see `flows.flow_set`); a scenario with one such set runs
every set as flow sets (a plain transfer as a set of one, the same simulation) and its runs have
one row per flow (`flows.flow_sets_frame`), whose columns its checks may use. A check is a figure: a statistic
(`STATISTICS`) of a quantity (a run's column or a derived one, `findings.DERIVED_COLUMNS`) over
the runs of one set, optionally only those that match a `where` (as in `findings`), that must
lie in [low, high] (high null: no upper bound) widened by `tolerance_pct` of each bound. A claim
is a measure too: two run sets (the network it speaks of, and the one it is set against) and
one check. `report` chooses how the results are written (`REPORTS`, see `reports`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from netblt_sim.batch.grid import grid_flow_sets, grid_parameters, is_flow_grid, load_grid
from netblt_sim.core.flows import FLOW_SET_COLUMNS, FlowSet
from netblt_sim.core.networks import get_network
from netblt_sim.core.parameters import TransferParameters
from netblt_sim.core.transfer import RUN_COLUMNS
from netblt_sim.reporting.findings import (
    Clause,
    column_values,
    json_object,
    known_columns,
    load_where,
    matching,
)
from netblt_sim.reporting.outcome import verdict
from netblt_sim.reporting.tables import markdown_table

MEASURE_KIND = "measure"
MEASURE_KEYS: tuple[str, ...] = ("kind", "title", "source", "runs", "checks", "report", "notes")
RUN_KEYS: tuple[str, ...] = ("label", "network", "transfer", "grid", "round_trip_ms")
CHECK_KEYS: tuple[str, ...] = ("claim", "runs", "quantity", "statistic", "low", "high")
CHECK_KEYS += ("tolerance_pct", "where")
# How results are written (see reports.VIEWS): "checks" (the default: each check and the
# throughput per run set and burst interval), "losses" (a claim about losses: losses per
# burst interval on each run set's network, the networks all different), "loss-sweep" (no
# report; throughput and retransmissions against loss), "protocols" (NETBLT beside TCP on
# each network: the best of each, every configuration, and TCP's window bound where a run set
# gives its path's round trip); RFC 1030 §8's experiments, of flow sets (see flow_reports):
# "parallel-flows", "long-transfers", "upgraded-interface".
FLOW_REPORTS: tuple[str, ...] = ("parallel-flows", "long-transfers", "upgraded-interface")
REPORTS: tuple[str, ...] = ("checks", "losses", "loss-sweep", "protocols", *FLOW_REPORTS)
# How a check reduces the quantity over the runs of its set. "best_interval_median": the
# median at the burst interval whose median throughput is highest.
STATISTICS: tuple[str, ...] = ("median", "min", "max", "best_interval_median")
QUANTITIES: frozenset[str] = frozenset(known_columns(RUN_COLUMNS))
FLOW_QUANTITIES: frozenset[str] = frozenset(known_columns(FLOW_SET_COLUMNS))


@dataclass(frozen=True)
class RunSet:
    """A transfer on a network over a grid of parameters."""

    label: str
    network: str
    transfer: Mapping[str, Any]  # fixed values, as given; transfer_parameters checks them
    grid: Mapping[str, tuple[Any, ...]]
    round_trip_ms: float | None = None  # the path's round trip, for TCP's window bound

    @property
    def uses_flows(self) -> bool:
        """Whether its runs are flow sets (it names `flows.FLOW_SET_NAMES`)."""
        return is_flow_grid(self.grid, self.transfer)

    def parameters(self, **more: object) -> list[TransferParameters]:
        """Every run, in the order of the grid (its first name outermost), with `more` of
        transfer_parameters' keywords (such as a calibration's model overrides)."""
        return grid_parameters(self.grid, **self.transfer, network=self.network, **more)

    def flow_sets(self) -> list[FlowSet]:
        """Every run as a flow set, in the order of the grid."""
        return grid_flow_sets(self.grid, **self.transfer, network=self.network)


@dataclass(frozen=True)
class Check:
    """A figure: `statistic` of `quantity` over the runs of set `runs` that match `where` lies
    in [low, high] (high None: no upper bound) widened by `tolerance_pct` of each bound."""

    claim: str  # the figure in words
    runs: str  # a RunSet label
    quantity: str  # a run column or a derived one (QUANTITIES)
    statistic: str  # one of STATISTICS
    low: float
    high: float | None
    tolerance_pct: float = 0.0
    where: tuple[Clause, ...] = ()

    def bounds(self) -> tuple[float, float]:
        widen = self.tolerance_pct / 100
        high = math.inf if self.high is None else self.high * (1 + widen)
        return self.low * (1 - widen), high

    def measure(self, runs: pd.DataFrame) -> float:
        """The simulated figure over the runs of this check's set (NaN if none match)."""
        own = matching(runs[runs["label"] == self.runs], self.where)
        values = column_values(own, self.quantity)
        if self.statistic == "best_interval_median":
            speeds = own.groupby("bi_ms")["steady_state_mbps"].median()
            best = speeds.idxmax()
            return float(values[own["bi_ms"] == best].median())
        return float(getattr(values, self.statistic)())

    def holds(self, runs: pd.DataFrame) -> bool:
        """The figure lies within the bounds; a figure of no runs does not."""
        return self.within(self.measure(runs))

    def within(self, figure: float) -> bool:
        """Whether a figure of this check lies within its bounds (NaN does not)."""
        low, high = self.bounds()
        return low <= figure <= high


@dataclass(frozen=True)
class MeasureScenario:
    """Figures and the runs that check them."""

    name: str
    title: str
    source: str  # what the figures come from: the RFC's words
    run_sets: tuple[RunSet, ...]
    checks: tuple[Check, ...]
    report: str = "checks"  # one of REPORTS
    notes: tuple[str, ...] = ()  # paragraphs the report gives after the source

    @property
    def uses_flows(self) -> bool:
        """Whether its runs are flow sets: any run set's are."""
        return any(run_set.uses_flows for run_set in self.run_sets)

    def parameters(self) -> list[tuple[str, TransferParameters]]:
        """Every run with its set's label, set by set (a scenario of transfers)."""
        return [(s.label, p) for s in self.run_sets for p in s.parameters()]

    def flow_sets(self) -> list[tuple[str, FlowSet]]:
        """Every run as a flow set with its set's label, set by set."""
        return [(s.label, f) for s in self.run_sets for f in s.flow_sets()]

    def run_set(self, label: str) -> RunSet:
        """The run set labelled `label`; ValueError names it and the scenario's labels."""
        for run_set in self.run_sets:
            if run_set.label == label:
                return run_set
        raise ValueError(f"{self.name}: no run set {label!r}; its run sets are "
                         f"{[s.label for s in self.run_sets]}")  # fmt: skip

    def heading(self) -> list[str]:
        """The Markdown report's first lines: the title, where it comes from, the source and
        the notes."""
        lines = [f"# {self.title}", "", "Regenerated by `scripts/reproduce`; do not edit by hand.",
                 "", f"> {self.source}", ""]  # fmt: skip
        for note in self.notes:
            lines += [note, ""]
        return lines

    def checks_table(self, runs: pd.DataFrame) -> list[str]:
        """The Markdown table of the checks: each claim, its run set, the simulated and the
        allowed figures and the verdict."""
        rows = []
        for check in self.checks:
            low, high = check.bounds()
            rows.append([check.claim, check.runs, figure_text(check.measure(runs)),
                         f"{figure_text(low)} to {figure_text(high)}",
                         verdict(check.holds(runs))])  # fmt: skip
        return [markdown_table(["claim", "runs", "simulated", "allowed", "holds"], rows, "llrll")]


def figure_text(value: float) -> str:
    """A figure of a check, to four significant digits, or "no limit"."""
    return "no limit" if math.isinf(value) else f"{value:.4g}"


def _run_set(where: str, raw: object) -> RunSet:
    entry = json_object(where, raw, RUN_KEYS, RUN_KEYS[:4])
    get_network(entry["network"])
    transfer = entry["transfer"]
    if not isinstance(transfer, dict):
        raise ValueError(f"{where}.transfer = {transfer!r}: must be an object of name -> value")
    round_trip = entry.get("round_trip_ms")
    if round_trip is not None and (isinstance(round_trip, bool)
                                   or not isinstance(round_trip, int | float) or round_trip <= 0):
        raise ValueError(f"{where}.round_trip_ms = {round_trip!r}: must be a number of ms above 0")
    return RunSet(entry["label"], entry["network"], transfer,
                  load_grid(f"{where}.grid", entry["grid"]),
                  None if round_trip is None else float(round_trip))  # fmt: skip


def _check(where: str, raw: object, labels: set[str], uses_flows: bool) -> Check:
    entry = json_object(where, raw, CHECK_KEYS, CHECK_KEYS[:6])
    if entry["runs"] not in labels:
        raise ValueError(f"{where}.runs = {entry['runs']!r}: must be one of {sorted(labels)}")
    quantities = FLOW_QUANTITIES if uses_flows else QUANTITIES
    if entry["quantity"] not in quantities:
        raise ValueError(
            f"{where}.quantity = {entry['quantity']!r}: must be one of {sorted(quantities)}"
        )
    if entry["statistic"] not in STATISTICS:
        raise ValueError(
            f"{where}.statistic = {entry['statistic']!r}: must be one of {list(STATISTICS)}"
        )
    selection = load_where(f"{where}.where", entry.get("where", {}))
    columns = FLOW_SET_COLUMNS if uses_flows else RUN_COLUMNS
    unknown = sorted({column for column, _, _ in selection} - set(columns))
    if unknown:
        raise ValueError(f"{where}.where names {unknown}, not columns of a run")
    high = None if entry["high"] is None else float(entry["high"])
    if high is not None and high < float(entry["low"]):
        raise ValueError(f"{where}: low {entry['low']} is above high {high}")
    return Check(entry["claim"], entry["runs"], entry["quantity"], entry["statistic"],
                 float(entry["low"]), high, float(entry.get("tolerance_pct", 0.0)),
                 selection)  # fmt: skip


def parse_measure(path: Path, raw: object) -> MeasureScenario:
    """The measure scenario of file `path` (its name the file's stem) from its contents, every
    run built (so an impossible transfer is refused now); ValueError names the bad entry and
    what is allowed."""
    entry = json_object(str(path), raw, MEASURE_KEYS, MEASURE_KEYS[:5])
    if not isinstance(entry["runs"], list) or not entry["runs"]:
        raise ValueError(f"{path}: runs must be a list of at least one run set")
    run_sets = tuple(_run_set(f"{path}: runs[{i}]", r) for i, r in enumerate(entry["runs"]))
    labels = {s.label for s in run_sets}
    if len(labels) != len(run_sets):
        raise ValueError(f"{path}: run set labels must differ")
    if not isinstance(entry["checks"], list) or not entry["checks"]:
        raise ValueError(f"{path}: checks is empty; give at least one")
    uses_flows = any(run_set.uses_flows for run_set in run_sets)
    checks = tuple(_check(f"{path}: checks[{i}]", c, labels, uses_flows)
                   for i, c in enumerate(entry["checks"]))  # fmt: skip
    report = entry.get("report", REPORTS[0])
    if report not in REPORTS:
        raise ValueError(f"{path}: report = {report!r}: must be one of {list(REPORTS)}")
    networks = [s.network for s in run_sets]
    if report == "losses" and len(set(networks)) != len(networks):
        raise ValueError(f"{path}: report 'losses' sets networks side by side: each run set "
                         f"needs its own network, not {networks}")  # fmt: skip
    if report in FLOW_REPORTS and not uses_flows:
        raise ValueError(f"{path}: report {report!r} reports flow sets: name flows (or phase, "
                         "share_rate, overrides) in a run set")  # fmt: skip
    for index, run_set in enumerate(run_sets):
        try:
            # Refuses an impossible transfer now, by name.
            if uses_flows:
                run_set.flow_sets()
            else:
                run_set.parameters()
        except ValueError as error:
            raise ValueError(f"{path}: runs[{index}]: {error}") from None
    notes = entry.get("notes", [])
    if not isinstance(notes, list) or not all(isinstance(note, str) for note in notes):
        raise ValueError(f"{path}: notes must be a list of paragraphs (strings)")
    return MeasureScenario(path.stem, entry["title"], entry["source"], run_sets, checks, report,
                           tuple(notes))  # fmt: skip
