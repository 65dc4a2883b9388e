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
start, with no earth-station reset. `shared` (optional) runs several adaptive flows at once
across one network case (RFC 1030 §8's parallel flows, `flows.FlowSet`): {"label", "case" (a
network's label: its transfer, starts and best static), "flows", "phase" (`flows.PHASES`),
"xfsz_kb" (each flow's), "jain_target", "aggregate_target_pct" (of the case's best static
throughput, one flow's)}.

`run_rate_control` runs every transfer with its rate trace (through the executor's result store
and Dask cluster, if it has them: `traced.run_traced`) and writes
`<name>.csv`, `<name>.md` and `<name>-rate-vs-time.png` (see `rate_control_report`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from netblt_sim.batch.grid import load_grid
from netblt_sim.batch.traced import RATE, run_traced
from netblt_sim.core.flows import PHASES, FlowSet, FlowSetRecord, flow_set
from netblt_sim.core.networks import get_network
from netblt_sim.core.parameters import (
    RATE_POLICIES,
    RATE_START_FIELDS,
    STATIC_RATE_POLICY,
    TransferParameters,
    transfer_parameters,
)
from netblt_sim.reporting.findings import json_object

if TYPE_CHECKING:
    from netblt_sim.batch.executor import TransferExecutor
    from netblt_sim.core.rate_trace import RateTrace
    from netblt_sim.core.transfer import TransferRecord

RATE_CONTROL_KIND = "rate-control"
SCENARIO_KEYS: tuple[str, ...] = ("kind", "title", "source", "algorithms", "starts", "seeds")
SCENARIO_KEYS += ("networks", "steady_state_from", "target_pct", "shared")
SHARED_KEYS: tuple[str, ...] = ("label", "case", "flows", "phase", "xfsz_kb", "jain_target")
SHARED_KEYS += ("aggregate_target_pct",)
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
class SharedCase:
    """Several adaptive flows at once across one network case."""

    label: str
    case: NetworkCase
    flows: int
    phase: str
    xfsz_kb: float  # each flow's transfer
    jain_target: float
    aggregate_target_pct: float

    def flow_set(self, algorithm: str, start: str, seed: int) -> FlowSet:
        transfer: dict[str, object] = dict(self.case.transfer) | dict(self.case.starts[start])
        transfer |= {"xfsz_kb": self.xfsz_kb, "network": self.case.network,
                     "rate_control": algorithm, "seed": seed}  # fmt: skip
        return flow_set(self.flows, self.phase, False, None, None, **transfer)


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
    shared: SharedCase | None = None

    def runs(self) -> list[Run]:
        """Every run: per network, the static grid (burst size outermost), then each algorithm
        from each start; seeds innermost."""
        runs: list[Run] = []
        for case in self.networks:
            for grid in case.static_grid:
                for bs in grid["bs"]:
                    for bi_ms in grid["bi_ms"]:
                        runs += [Run(case, STATIC_RATE_POLICY, "", s,
                                     FlowSet.single(case.static(bs, bi_ms, s)))
                                 for s in self.seeds]  # fmt: skip
            for algorithm in self.algorithms:
                for start in case.starts:
                    runs += [Run(case, algorithm, start, s,
                                 FlowSet.single(case.adaptive(algorithm, start, s)))
                             for s in self.seeds]  # fmt: skip
        shared = self.shared
        if shared is not None:
            for algorithm in self.algorithms:
                for start in shared.case.starts:
                    runs += [Run(shared.case, algorithm, start, s,
                                 shared.flow_set(algorithm, start, s), shared)
                             for s in self.seeds]  # fmt: skip
        return runs


@dataclass(frozen=True)
class Run:
    """One transfer of the scenario."""

    case: NetworkCase
    algorithm: str  # a key of RATE_POLICIES
    start: str  # the start's name; "" for a static run
    seed: int
    params: FlowSet  # a single transfer's `FlowSet.single`, or the shared case's flows
    shared: SharedCase | None = None  # the flows' case, for several at once

    def flows(self) -> tuple[TransferParameters, ...]:
        return self.params.flows


@dataclass(frozen=True)
class RunResult:
    """A run with what it gave."""

    run: Run
    record: FlowSetRecord
    trace: RateTrace

    def flow_records(self) -> tuple[TransferRecord, ...]:
        return self.record.flows


def parse_starts(where: str, raw: object) -> dict[str, dict[str, int]]:
    if not isinstance(raw, dict) or not raw:
        raise ValueError(f"{where}: must be an object of start name -> {list(RATE_START_FIELDS)}")
    starts: dict[str, dict[str, int]] = {}
    for name, values in raw.items():
        json_object(f"{where}.{name}", values, RATE_START_FIELDS, RATE_START_FIELDS)
        starts[name] = dict(values)
    return starts


def parse_fraction(where: str, raw: object, low: float, high: float) -> float:
    if isinstance(raw, bool) or not isinstance(raw, int | float) or not low <= raw < high:
        raise ValueError(f"{where} = {raw!r}: must be a number from {low} to below {high}")
    return float(raw)


def parse_network_case(where: str, raw: object, starts: Mapping[str, Mapping[str, int]]
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
    own = parse_starts(f"{where}.starts", entry["starts"]) if "starts" in entry else {}
    best = parse_fraction(f"{where}.published_best_mbps", entry["published_best_mbps"], 0, math.inf)
    return NetworkCase(entry["label"], entry["network"], transfer, dict(starts) | own, grids,
                       best, str(entry["published_best"]))  # fmt: skip


def _shared(where: str, raw: object, cases: tuple[NetworkCase, ...]) -> SharedCase:
    entry = json_object(where, raw, SHARED_KEYS, SHARED_KEYS)
    labels = {case.label: case for case in cases}
    if entry["case"] not in labels:
        raise ValueError(f"{where}.case = {entry['case']!r}: must be one of {sorted(labels)}")
    count = entry["flows"]
    if isinstance(count, bool) or not isinstance(count, int) or count < 2:
        raise ValueError(f"{where}.flows = {count!r}: must be a whole number of at least 2")
    if entry["phase"] not in PHASES[:3]:
        raise ValueError(f"{where}.phase = {entry['phase']!r}: must be one of {list(PHASES[:3])}")
    return SharedCase(
        str(entry["label"]), labels[entry["case"]], count, entry["phase"],
        parse_fraction(f"{where}.xfsz_kb", entry["xfsz_kb"], 0, math.inf),
        parse_fraction(f"{where}.jain_target", entry["jain_target"], 0, 1.000001),
        parse_fraction(f"{where}.aggregate_target_pct", entry["aggregate_target_pct"], 0, math.inf),
    )  # fmt: skip


def parse_rate_control(path: Path, raw: object) -> RateControlScenario:
    """The scenario of file `path` from its contents, every run built (so an impossible transfer
    is refused now); ValueError names the bad entry and what is allowed."""
    entry = json_object(str(path), raw, SCENARIO_KEYS, SCENARIO_KEYS[:-1])
    algorithms = entry["algorithms"]
    adaptive = sorted(set(RATE_POLICIES) - {STATIC_RATE_POLICY})
    if not isinstance(algorithms, list) or not algorithms or not set(algorithms) <= set(adaptive):
        raise ValueError(f"{path}: algorithms = {algorithms!r}: must be a list of {adaptive}")
    seeds = entry["seeds"]
    if not isinstance(seeds, list) or not seeds or not all(
        isinstance(s, int) and not isinstance(s, bool) for s in seeds
    ):
        raise ValueError(f"{path}: seeds = {seeds!r}: must be a list of whole numbers")
    starts = parse_starts(f"{path}: starts", entry["starts"])
    if not isinstance(entry["networks"], list) or not entry["networks"]:
        raise ValueError(f"{path}: networks must be a list of at least one network")
    cases = tuple(parse_network_case(f"{path}: networks[{i}]", n, starts)
                  for i, n in enumerate(entry["networks"]))  # fmt: skip
    if len({c.label for c in cases}) != len(cases):
        raise ValueError(f"{path}: network labels must differ")
    shared = _shared(f"{path}: shared", entry["shared"], cases) if "shared" in entry else None
    scenario = RateControlScenario(
        path.stem, entry["title"], entry["source"], tuple(algorithms), tuple(seeds), cases,
        parse_fraction(f"{path}: steady_state_from", entry["steady_state_from"], 0, 1),
        parse_fraction(f"{path}: target_pct", entry["target_pct"], 0, math.inf), shared,
    )  # fmt: skip
    try:
        scenario.runs()
    except ValueError as error:
        raise ValueError(f"{path}: {error}") from None
    return scenario


def simulate(runs: Sequence[Run], executor: TransferExecutor | None) -> list[RunResult]:
    """Every run with its record and rate trace, in order, through the executor (its store and
    its Dask cluster, if it has them: `traced.run_traced`), else in this process."""
    results = run_traced([run.params for run in runs], RATE, executor)
    return [RunResult(run, record, trace)
            for run, (record, trace) in zip(runs, results, strict=True)]  # fmt: skip
