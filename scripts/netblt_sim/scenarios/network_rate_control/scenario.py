# SPDX-License-Identifier: GPL-2.0-only
"""Rate control with the network's help (`scenarios/*.json` of kind "network-rate-control";
issue 37): every algorithm, adaptive or network-assisted, from each start, on every network,
with one to eight flows at once, beside each network's best static setting.

A file names `algorithms` (label -> {"rate_control": a key of `parameters.RATE_POLICIES`,
"gateway_feedback": a key of `parameters.GATEWAY_FEEDBACK`, optional}), the `starts`, the `seeds`,
`steady_state_from` (as "rate-control"), `networks` (each as a "rate-control" file's network:
label, network, transfer with the negotiated ceiling, starts, static grid, published best) with
their `round_trips_s` (network -> the path's round trip without queues, which the convergence and
the windows of Jain's index count in), `targets` ({"single_pct", "aggregate_pct", "jain",
"convergence_s"}) and `cases`: each {"label", "network" (a network's identifier, `networks.NETWORKS`), "flows" (a list of
counts), "every_s" (a flow arrives every so many seconds; 0: all together), "xfsz_kb" (each
flow's transfer), optional "static_flow" ({"bs", "bi_ms"}: flow 0 is a static NETBLT sender that
does not adapt) or "tcp_flow" ({"window_bytes", "congestion_control"}: flow 0 is TCP), optional
"far_delay_ms" (every other flow's receiving host that much further away: its round trip
longer by it), optional "algorithms" (the labels run in this case; default all)}.

`simulate` runs every run with its `queue_trace.NetworkTrace` through the executor's store and
cluster (`traced.run_traced`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from netblt_sim.batch.traced import NETWORK, run_traced
from netblt_sim.core.flows import FlowSet, FlowSetRecord, flow_set
from netblt_sim.core.parameters import (
    GATEWAY_FEEDBACK,
    RATE_POLICIES,
    STATIC_RATE_POLICY,
    TCP,
)
from netblt_sim.reporting.findings import json_object
from netblt_sim.scenarios.rate_control.scenario import (
    NetworkCase,
    parse_fraction,
    parse_network_case,
    parse_starts,
)

if TYPE_CHECKING:
    from netblt_sim.batch.executor import TransferExecutor
    from netblt_sim.core.queue_trace import NetworkTrace

NETWORK_RATE_CONTROL_KIND = "network-rate-control"
SCENARIO_KEYS: tuple[str, ...] = ("kind", "title", "source", "algorithms", "starts", "seeds")
SCENARIO_KEYS += ("steady_state_from", "networks", "round_trips_s", "targets", "cases")
ALGORITHM_KEYS: tuple[str, ...] = ("rate_control", "gateway_feedback")
TARGET_KEYS: tuple[str, ...] = ("single_pct", "aggregate_pct", "jain", "convergence_s")
CASE_KEYS: tuple[str, ...] = ("label", "network", "flows", "every_s", "xfsz_kb")
CASE_KEYS += ("static_flow", "tcp_flow", "far_delay_ms", "algorithms")
STATIC_FLOW_KEYS: tuple[str, ...] = ("bs", "bi_ms")
TCP_FLOW_KEYS: tuple[str, ...] = ("window_bytes", "congestion_control")
MAX_FLOWS = 8


@dataclass(frozen=True)
class Algorithm:
    """A rate policy and what the gateways tell it."""

    label: str
    rate_control: str
    gateway_feedback: str | None


@dataclass(frozen=True)
class Targets:
    """What the issue asks of an algorithm."""

    single_pct: float  # one flow: of the best static setting
    aggregate_pct: float  # several flows on the Wideband: of one flow's best static
    jain: float
    convergence_s: float


@dataclass(frozen=True)
class Case:
    """Some flows on one network, every algorithm and start."""

    label: str
    network: NetworkCase
    round_trip_s: float
    flows: tuple[int, ...]
    every_s: float
    xfsz_kb: float
    static_flow: Mapping[str, int] | None
    tcp_flow: Mapping[str, Any] | None
    far_delay_ms: float | None  # every other flow's (1, 3, ...) receiver delay
    algorithms: tuple[str, ...]

    def flow_set(self, count: int, algorithm: Algorithm, start: str, seed: int) -> FlowSet:
        """`count` flows of `algorithm` from `start` (flow 0 static or TCP if the case says)."""
        adaptive: dict[str, object] = dict(self.network.transfer) | dict(self.network.starts[start])
        adaptive |= {"xfsz_kb": self.xfsz_kb, "rate_control": algorithm.rate_control}
        flows: list[dict[str, object]] = [dict(adaptive) for _ in range(count)]
        if self.static_flow is not None:
            flows[0] = dict(self.network.transfer) | dict(self.static_flow)
            flows[0] |= {"xfsz_kb": self.xfsz_kb, "rate_control": STATIC_RATE_POLICY}
        if self.tcp_flow is not None:
            flows[0] = {"protocol": TCP, "xfsz_kb": self.xfsz_kb} | dict(self.tcp_flow)
        if self.far_delay_ms is not None:
            for flow in flows[1::2]:
                flow["receiver_delay_ms"] = self.far_delay_ms
        starts = [i * self.every_s * 1e3 for i in range(count)]
        return flow_set(flows, network=self.network.network, seed=seed, start_ms=starts,
                        gateway_feedback=algorithm.gateway_feedback)  # fmt: skip


@dataclass(frozen=True)
class Run:
    """One run of the scenario: a static setting of one flow, or a case's flows."""

    network: NetworkCase
    case: Case | None  # None: the static grid
    algorithm: Algorithm | None  # None: the static grid
    start: str  # "" for the static grid
    seed: int
    params: FlowSet


@dataclass(frozen=True)
class RunResult:
    """A run with what it gave."""

    run: Run
    record: FlowSetRecord
    trace: NetworkTrace


@dataclass(frozen=True)
class NetworkRateControlScenario:
    """Every algorithm from each start, one to eight flows, beside the best static settings."""

    name: str
    title: str
    source: str
    algorithms: tuple[Algorithm, ...]
    seeds: tuple[int, ...]
    steady_state_from: float
    networks: tuple[NetworkCase, ...]
    targets: Targets
    cases: tuple[Case, ...]

    def algorithm(self, label: str) -> Algorithm:
        return next(a for a in self.algorithms if a.label == label)

    def runs(self) -> list[Run]:
        """Per network its static grid, then every case's counts, algorithms, starts; seeds
        innermost."""
        runs: list[Run] = []
        for network in self.networks:
            for grid in network.static_grid:
                for bs in grid["bs"]:
                    for bi_ms in grid["bi_ms"]:
                        runs += [Run(network, None, None, "", seed,
                                     FlowSet.single(network.static(bs, bi_ms, seed)))
                                 for seed in self.seeds]  # fmt: skip
        for case in self.cases:
            for count in case.flows:
                for label in case.algorithms:
                    algorithm = self.algorithm(label)
                    for start in case.network.starts:
                        runs += [Run(case.network, case, algorithm, start, seed,
                                     case.flow_set(count, algorithm, start, seed))
                                 for seed in self.seeds]  # fmt: skip
        return runs


def _algorithms(where: str, raw: object) -> tuple[Algorithm, ...]:
    if not isinstance(raw, dict) or not raw:
        raise ValueError(f"{where}: must be an object of label -> {list(ALGORITHM_KEYS)}")
    adaptive = sorted(set(RATE_POLICIES) - {STATIC_RATE_POLICY})
    algorithms = []
    for label, values in raw.items():
        entry = json_object(f"{where}.{label}", values, ALGORITHM_KEYS, ALGORITHM_KEYS[:1])
        if entry["rate_control"] not in adaptive:
            raise ValueError(f"{where}.{label}.rate_control = {entry['rate_control']!r}: "
                             f"must be one of {adaptive}")  # fmt: skip
        feedback = entry.get("gateway_feedback")
        if feedback is not None and feedback not in GATEWAY_FEEDBACK:
            raise ValueError(f"{where}.{label}.gateway_feedback = {feedback!r}: must be one "
                             f"of {sorted(GATEWAY_FEEDBACK)} or absent")  # fmt: skip
        algorithms.append(Algorithm(label, entry["rate_control"], feedback))
    return tuple(algorithms)


def _case(where: str, raw: object, networks: Mapping[str, NetworkCase],
          round_trips: Mapping[str, float], algorithms: Sequence[str]) -> Case:  # fmt: skip
    entry = json_object(where, raw, CASE_KEYS, CASE_KEYS[:5])
    if entry["network"] not in networks:
        raise ValueError(f"{where}.network = {entry['network']!r}: must be one of "
                         f"{sorted(networks)}")  # fmt: skip
    counts = entry["flows"]
    if not isinstance(counts, list) or not counts or not all(
        isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= MAX_FLOWS for n in counts
    ):
        raise ValueError(f"{where}.flows = {counts!r}: must be a list of counts 1 to {MAX_FLOWS}")
    static = tcp = None
    if "static_flow" in entry:
        static = json_object(f"{where}.static_flow", entry["static_flow"], STATIC_FLOW_KEYS,
                             STATIC_FLOW_KEYS)  # fmt: skip
    if "tcp_flow" in entry:
        tcp = json_object(f"{where}.tcp_flow", entry["tcp_flow"], TCP_FLOW_KEYS, TCP_FLOW_KEYS)
    if static is not None and tcp is not None:
        raise ValueError(f"{where}: a static_flow or a tcp_flow, not both (each is flow 0)")
    if (static is not None or tcp is not None) and min(counts) < 2:
        raise ValueError(f"{where}.flows = {counts!r}: a static or TCP flow needs others beside")
    chosen = entry.get("algorithms", list(algorithms))
    if not isinstance(chosen, list) or not chosen or not set(chosen) <= set(algorithms):
        raise ValueError(f"{where}.algorithms = {chosen!r}: must be a list of {list(algorithms)}")
    far = (parse_fraction(f"{where}.far_delay_ms", entry["far_delay_ms"], 0, math.inf)
           if "far_delay_ms" in entry else None)  # fmt: skip
    if far is not None and min(counts) < 2:
        raise ValueError(f"{where}.flows = {counts!r}: far flows need near ones beside")
    network = entry["network"]
    return Case(str(entry["label"]), networks[network], round_trips[network], tuple(counts),
                parse_fraction(f"{where}.every_s", entry["every_s"], 0, math.inf),
                parse_fraction(f"{where}.xfsz_kb", entry["xfsz_kb"], 1e-3, math.inf),
                static, tcp, far, tuple(chosen))  # fmt: skip


def parse_network_rate_control(path: Path, raw: object) -> NetworkRateControlScenario:
    """The scenario of file `path` from its contents, every run built (so an impossible transfer
    is refused now); ValueError names the bad entry and what is allowed."""
    entry = json_object(str(path), raw, SCENARIO_KEYS, SCENARIO_KEYS)
    algorithms = _algorithms(f"{path}: algorithms", entry["algorithms"])
    seeds = entry["seeds"]
    if not isinstance(seeds, list) or len(seeds) < 1 or not all(
        isinstance(s, int) and not isinstance(s, bool) for s in seeds
    ):
        raise ValueError(f"{path}: seeds = {seeds!r}: must be a list of whole numbers")
    starts = parse_starts(f"{path}: starts", entry["starts"])
    if not isinstance(entry["networks"], list) or not entry["networks"]:
        raise ValueError(f"{path}: networks must be a list of at least one network")
    networks = tuple(parse_network_case(f"{path}: networks[{i}]", n, starts)
                     for i, n in enumerate(entry["networks"]))  # fmt: skip
    # Cases and round trips name a network by its identifier, as every results CSV does, so
    # each network appears once.
    by_network = {network.network: network for network in networks}
    if len(by_network) != len(networks):
        raise ValueError(f"{path}: networks must differ")
    round_trips = entry["round_trips_s"]
    if not isinstance(round_trips, dict) or sorted(round_trips) != sorted(by_network):
        raise ValueError(f"{path}: round_trips_s must give each network's, {sorted(by_network)}")
    trips = {name: parse_fraction(f"{path}: round_trips_s.{name}", value, 1e-6, math.inf)
             for name, value in round_trips.items()}  # fmt: skip
    targets = json_object(f"{path}: targets", entry["targets"], TARGET_KEYS, TARGET_KEYS)
    labels = [algorithm.label for algorithm in algorithms]
    if not isinstance(entry["cases"], list) or not entry["cases"]:
        raise ValueError(f"{path}: cases must be a list of at least one case")
    cases = tuple(_case(f"{path}: cases[{i}]", c, by_network, trips, labels)
                  for i, c in enumerate(entry["cases"]))  # fmt: skip
    scenario = NetworkRateControlScenario(
        path.stem, str(entry["title"]), str(entry["source"]), algorithms, tuple(seeds),
        parse_fraction(f"{path}: steady_state_from", entry["steady_state_from"], 0, 1),
        networks,
        Targets(*(parse_fraction(f"{path}: targets.{key}", targets[key], 0, math.inf)
                  for key in TARGET_KEYS)),
        cases,
    )  # fmt: skip
    try:
        scenario.runs()  # every flow set is validated as it is built
    except ValueError as error:
        raise ValueError(f"{path}: {error}") from None
    return scenario


def simulate(runs: Sequence[Run], executor: TransferExecutor | None) -> list[RunResult]:
    """Every run with its record and network trace, in order, through the executor (its store
    and its Dask cluster, if it has them: `traced.run_traced`), else in this process."""
    results = run_traced([run.params for run in runs], NETWORK, executor)
    return [RunResult(run, record, trace)
            for run, (record, trace) in zip(runs, results, strict=True)]  # fmt: skip
