# SPDX-License-Identifier: GPL-2.0-only
"""Adaptive rate control against hand-tuned static settings (`scenarios/*.json` of kind
"rate-control"; RFC 1030 §8's open question, the project's issue 26).

A rate-control scenario names adaptive `algorithms` (keys of `parameters.RATE_POLICIES`), the
`starts` each is given (name -> {"start_bs", "start_bi_ms"}), the `seeds`, and `networks`: each
with a `label`, a `network`, the `transfer` (its `bs` and `bi_ms` are the negotiated ceiling the
adaptive senders may not pass), optional `starts` overriding the scenario's for that network,
the `static_grid` the best static configuration is searched over (a list of grids of `bs` and
`bi_ms`, every combination of each, the same seeds), and the largest published SPEED
(`published_best_mbps`, with `published_best` saying where from). `steady_state_from` is the
share of the transfer after which the steady-state throughput is measured
(`rate_trace.RateTrace.steady_state_mbps`);
`target_pct` the share of the best static throughput each algorithm must reach from either
start, with no earth-station reset.

`run_rate_control` runs every transfer with its rate trace (through the executor's Dask cluster
if it has one; a run's trace is not in the result store, so every run is simulated) and writes
`<name>.csv`, `<name>.md` and `<name>-rate-vs-time.png` (see `rate_control_report`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from netblt_sim.findings import json_object
from netblt_sim.grid import load_grid
from netblt_sim.networks import get_network
from netblt_sim.parameters import (
    RATE_POLICIES,
    RATE_START_FIELDS,
    STATIC_RATE_POLICY,
    TransferParameters,
    transfer_parameters,
)

if TYPE_CHECKING:
    from netblt_sim.executor import TransferExecutor
    from netblt_sim.rate_trace import RateTrace
    from netblt_sim.transfer import TransferRecord

RATE_CONTROL_KIND = "rate-control"
SCENARIO_KEYS: tuple[str, ...] = ("kind", "title", "source", "algorithms", "starts", "seeds")
SCENARIO_KEYS += ("networks", "steady_state_from", "target_pct")
NETWORK_KEYS: tuple[str, ...] = ("label", "network", "transfer", "starts", "static_grid")
NETWORK_KEYS += ("published_best_mbps", "published_best")
STATIC_GRID_NAMES: tuple[str, ...] = ("bs", "bi_ms")


@dataclass(frozen=True)
class NetworkCase:
    """One network of the scenario: its transfer, starts, static grid and published best."""

    label: str
    network: str
    transfer: Mapping[str, Any]  # as given; transfer_parameters checks it
    starts: Mapping[str, Mapping[str, int]]  # start name -> {start_bs, start_bi_ms}
    static_grid: tuple[Mapping[str, tuple[Any, ...]], ...]
    published_best_mbps: float
    published_best: str

    def adaptive(self, algorithm: str, start: str, seed: int) -> TransferParameters:
        return transfer_parameters(**self.transfer, **self.starts[start], network=self.network,
                                   rate_control=algorithm, seed=seed)  # fmt: skip

    def static(self, bs: int, bi_ms: int, seed: int) -> TransferParameters:
        values = dict(self.transfer) | {"bs": bs, "bi_ms": bi_ms}
        return transfer_parameters(**values, network=self.network,
                                   rate_control=STATIC_RATE_POLICY, seed=seed)  # fmt: skip


@dataclass(frozen=True)
class RateControlScenario:
    """Adaptive algorithms from each start on each network, beside the best static settings."""

    name: str
    title: str
    source: str
    algorithms: tuple[str, ...]
    seeds: tuple[int, ...]
    networks: tuple[NetworkCase, ...]
    steady_state_from: float
    target_pct: float

    def runs(self) -> list[Run]:
        """Every run: per network, the static grid (burst size outermost), then each algorithm
        from each start; seeds innermost."""
        runs: list[Run] = []
        for case in self.networks:
            for grid in case.static_grid:
                for bs in grid["bs"]:
                    for bi_ms in grid["bi_ms"]:
                        runs += [Run(case, STATIC_RATE_POLICY, "", s, case.static(bs, bi_ms, s))
                                 for s in self.seeds]  # fmt: skip
            for algorithm in self.algorithms:
                for start in case.starts:
                    runs += [Run(case, algorithm, start, s, case.adaptive(algorithm, start, s))
                             for s in self.seeds]  # fmt: skip
        return runs


@dataclass(frozen=True)
class Run:
    """One transfer of the scenario."""

    case: NetworkCase
    algorithm: str  # a key of RATE_POLICIES
    start: str  # the start's name; "" for a static run
    seed: int
    params: TransferParameters


@dataclass(frozen=True)
class RunResult:
    """A run with what it gave."""

    run: Run
    record: TransferRecord
    trace: RateTrace


def _starts(where: str, raw: object) -> dict[str, dict[str, int]]:
    if not isinstance(raw, dict) or not raw:
        raise ValueError(f"{where}: must be an object of start name -> {list(RATE_START_FIELDS)}")
    starts: dict[str, dict[str, int]] = {}
    for name, values in raw.items():
        json_object(f"{where}.{name}", values, RATE_START_FIELDS, RATE_START_FIELDS)
        starts[name] = dict(values)
    return starts


def _fraction(where: str, raw: object, low: float, high: float) -> float:
    if isinstance(raw, bool) or not isinstance(raw, int | float) or not low <= raw < high:
        raise ValueError(f"{where} = {raw!r}: must be a number from {low} to below {high}")
    return float(raw)


def _network_case(where: str, raw: object, starts: Mapping[str, Mapping[str, int]]
                  ) -> NetworkCase:  # fmt: skip
    required = ("label", "network", "transfer", "static_grid", "published_best_mbps",
                "published_best")  # fmt: skip
    entry = json_object(where, raw, NETWORK_KEYS, required)
    get_network(entry["network"])
    transfer = entry["transfer"]
    if not isinstance(transfer, dict):
        raise ValueError(f"{where}.transfer = {transfer!r}: must be an object of name -> value")
    raw_grids = entry["static_grid"]
    if not isinstance(raw_grids, list) or not raw_grids:
        raise ValueError(
            f"{where}.static_grid: must be a list of grids of {list(STATIC_GRID_NAMES)}"
        )
    grids = tuple(load_grid(f"{where}.static_grid[{i}]", g) for i, g in enumerate(raw_grids))
    for index, grid in enumerate(grids):
        if sorted(grid) != sorted(STATIC_GRID_NAMES):
            raise ValueError(
                f"{where}.static_grid[{index}]: must give exactly {list(STATIC_GRID_NAMES)}"
            )
    own = _starts(f"{where}.starts", entry["starts"]) if "starts" in entry else {}
    best = _fraction(f"{where}.published_best_mbps", entry["published_best_mbps"], 0, math.inf)
    return NetworkCase(entry["label"], entry["network"], transfer, dict(starts) | own, grids,
                       best, str(entry["published_best"]))  # fmt: skip


def parse_rate_control(path: Path, raw: object) -> RateControlScenario:
    """The scenario of file `path` from its contents, every run built (so an impossible transfer
    is refused now); ValueError names the bad entry and what is allowed."""
    entry = json_object(str(path), raw, SCENARIO_KEYS, SCENARIO_KEYS)
    algorithms = entry["algorithms"]
    adaptive = sorted(set(RATE_POLICIES) - {STATIC_RATE_POLICY})
    if not isinstance(algorithms, list) or not algorithms or not set(algorithms) <= set(adaptive):
        raise ValueError(f"{path}: algorithms = {algorithms!r}: must be a list of {adaptive}")
    seeds = entry["seeds"]
    if not isinstance(seeds, list) or not seeds or not all(
        isinstance(s, int) and not isinstance(s, bool) for s in seeds
    ):
        raise ValueError(f"{path}: seeds = {seeds!r}: must be a list of whole numbers")
    starts = _starts(f"{path}: starts", entry["starts"])
    if not isinstance(entry["networks"], list) or not entry["networks"]:
        raise ValueError(f"{path}: networks must be a list of at least one network")
    cases = tuple(_network_case(f"{path}: networks[{i}]", n, starts)
                  for i, n in enumerate(entry["networks"]))  # fmt: skip
    if len({c.label for c in cases}) != len(cases):
        raise ValueError(f"{path}: network labels must differ")
    scenario = RateControlScenario(
        path.stem, entry["title"], entry["source"], tuple(algorithms), tuple(seeds), cases,
        _fraction(f"{path}: steady_state_from", entry["steady_state_from"], 0, 1),
        _fraction(f"{path}: target_pct", entry["target_pct"], 0, math.inf),
    )  # fmt: skip
    try:
        scenario.runs()
    except ValueError as error:
        raise ValueError(f"{path}: {error}") from None
    return scenario


def simulate(runs: Sequence[Run], executor: TransferExecutor | None) -> list[RunResult]:
    """Every run with its record and rate trace, in order: on the executor's Dask cluster if it
    has one, else in this process."""
    from netblt_sim.rate_trace import run_rate_traced  # noqa: PLC0415 - loads ns-3 on use

    parameters = [run.params for run in runs]
    if executor is not None and executor.distributed:
        client = executor.client()
        outcomes = client.gather(client.map(run_rate_traced, parameters, pure=False))
    else:
        outcomes = [run_rate_traced(params) for params in parameters]
    return [RunResult(run, record, trace)
            for run, (record, trace) in zip(runs, outcomes, strict=True)]  # fmt: skip
