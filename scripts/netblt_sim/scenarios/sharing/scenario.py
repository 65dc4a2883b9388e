# SPDX-License-Identifier: GPL-2.0-only
"""NETBLT and TCP sharing one path (`scenarios/*.json` of kind "sharing"; the project's issue
35): the first question asked of a rate-based transport, what it does to TCP (RFC 5033 §3 and
RFC 5166 make harm to standard TCP the first criterion; Ware et al., HotNets 2019, define harm
as the share of a flow's throughput alone that a competitor takes).

A sharing scenario names the `seeds`, the adaptive rate policies (`adaptive`, keys of
`parameters.RATE_POLICIES`) with their `adaptive_start` ({"start_bs", "start_bi_ms"}), TCP's
loss recoveries (`congestion_controls`, keys of `parameters.CONGESTION_CONTROLS`), the numbers
of TCP flows one NETBLT flow meets besides one (`more_tcp_flows`), and `networks`: each with a
`label`, a `network`, `netblt` (the transfer at the best published static rate: bs, bi_ms,
psz, bfsz, nbufs, with `published_best` saying where from), `adaptive_bi_ms` (the negotiated
burst interval the adaptive senders may not go below), `xfsz_kb` (what every flow transfers),
the TCP `windows` (bytes), the `default_window` and `stagger_ms` (how long the first flow runs
alone when the flows start apart).

Per network and seed (seeds innermost), `Case`s of flow sets (`flows.flow_set`):

- alone: each NETBLT setting (best static, half its rate, each adaptive policy) and each TCP
  setting (window x loss recovery), by itself on the network;
- together: one NETBLT flow and one TCP flow started at once, for every NETBLT setting and
  every TCP setting;
- apart: the best static NETBLT flow and TCP at its default window, each loss recovery, one
  starting `stagger_ms` after the other ("tcp first", "netblt first");
- more TCP: the best static NETBLT flow against each number of `more_tcp_flows` TCP flows;
- TCP against TCP: two TCP flows at the default window, each loss recovery.

`run_sharing` (see `report`) runs them through the executor and writes the results.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from netblt_sim.core.flows import FlowSet, flow_set
from netblt_sim.core.networks import get_network
from netblt_sim.core.parameters import (
    CONGESTION_CONTROLS,
    NETBLT,
    RATE_POLICIES,
    RATE_START_FIELDS,
    STATIC_RATE_POLICY,
    TCP,
)
from netblt_sim.reporting.findings import json_object

SHARING_KIND = "sharing"
SCENARIO_KEYS: tuple[str, ...] = ("kind", "title", "source", "seeds", "adaptive")
SCENARIO_KEYS += ("adaptive_start", "congestion_controls", "more_tcp_flows", "networks")
NETWORK_KEYS: tuple[str, ...] = ("label", "network", "netblt", "published_best")
NETWORK_KEYS += ("adaptive_bi_ms", "xfsz_kb", "windows", "default_window", "stagger_ms")
NETBLT_KEYS: tuple[str, ...] = ("bs", "bi_ms", "psz", "bfsz", "nbufs")
# The NETBLT settings of every network, in order: the best published static rate, half of it,
# then each adaptive policy.
BEST = "best static"
HALF = "half static"
# How the flows of a case start.
TOGETHER = "together"
TCP_FIRST = "tcp first"
NETBLT_FIRST = "netblt first"


@dataclass(frozen=True)
class NetworkCase:
    """One network of the scenario: its NETBLT settings, transfer size and TCP windows."""

    label: str
    network: str
    netblt: Mapping[str, int]  # the best published static transfer
    published_best: str
    adaptive_bi_ms: int
    xfsz_kb: float
    windows: tuple[int, ...]
    default_window: int
    stagger_ms: float

    def netblt_flow(self, setting: str, start: Mapping[str, int]) -> dict[str, object]:
        """A NETBLT flow's values for a setting (`BEST`, `HALF` or an adaptive policy)."""
        values: dict[str, object] = dict(self.netblt) | {"protocol": NETBLT,
                                                         "xfsz_kb": self.xfsz_kb}  # fmt: skip
        if setting == BEST:
            return values | {"rate_control": STATIC_RATE_POLICY}
        if setting == HALF:
            return values | {"rate_control": STATIC_RATE_POLICY,
                             "bi_ms": 2 * int(self.netblt["bi_ms"])}  # fmt: skip
        return values | {"rate_control": setting, "bi_ms": self.adaptive_bi_ms, **start}

    def tcp_flow(self, window: int, congestion_control: str) -> dict[str, object]:
        return {"protocol": TCP, "xfsz_kb": self.xfsz_kb, "window_bytes": window,
                "congestion_control": congestion_control}  # fmt: skip


@dataclass(frozen=True)
class Case:
    """One flow set of the scenario and what it is: its NETBLT setting ("" without NETBLT), TCP
    window and loss recovery (None without TCP), how many flows of each and how they start."""

    network: NetworkCase
    netblt: str
    window_bytes: int | None
    congestion_control: str | None
    netblt_flows: int
    tcp_flows: int
    start: str
    seed: int
    flows: FlowSet

    @property
    def alone(self) -> bool:
        return self.netblt_flows + self.tcp_flows == 1


@dataclass(frozen=True)
class SharingScenario:
    """NETBLT and TCP flows on each network, alone and together."""

    name: str
    title: str
    source: str
    seeds: tuple[int, ...]
    adaptive: tuple[str, ...]
    adaptive_start: Mapping[str, int]
    congestion_controls: tuple[str, ...]
    more_tcp_flows: tuple[int, ...]
    networks: tuple[NetworkCase, ...]

    @property
    def netblt_settings(self) -> tuple[str, ...]:
        return (BEST, HALF, *self.adaptive)

    def cases(self) -> list[Case]:
        """Every flow set, per network: alone, together, apart, more TCP, TCP against TCP."""
        cases: list[Case] = []
        for network in self.networks:
            for seed in self.seeds:
                cases += self._network_cases(network, seed)
        return cases

    def _network_cases(self, network: NetworkCase, seed: int) -> list[Case]:
        def make(netblt: str, window: int | None, recovery: str | None, netblt_flows: int,
                 tcp_flows: int, start: str = TOGETHER) -> Case:  # fmt: skip
            flows: list[dict[str, object]] = []
            if netblt_flows:
                flows.append(network.netblt_flow(netblt, self.adaptive_start))
            flows += [network.tcp_flow(window or 0, recovery or "")] * tcp_flows
            starts = [0.0] * len(flows)
            if start == TCP_FIRST:
                starts[0] = network.stagger_ms
            elif start == NETBLT_FIRST:
                starts[-1] = network.stagger_ms
            built = flow_set(flows, network=network.network, seed=seed, start_ms=starts)
            return Case(network, netblt, window, recovery, netblt_flows, tcp_flows, start, seed,
                        built)  # fmt: skip

        tcp_settings = [(w, c) for w in network.windows for c in self.congestion_controls]
        cases = [make(setting, None, None, 1, 0) for setting in self.netblt_settings]
        cases += [make("", w, c, 0, 1) for w, c in tcp_settings]
        cases += [make(s, w, c, 1, 1) for s in self.netblt_settings for w, c in tcp_settings]
        for recovery in self.congestion_controls:
            cases += [make(BEST, network.default_window, recovery, 1, 1, start)
                      for start in (TCP_FIRST, NETBLT_FIRST)]  # fmt: skip
            cases += [make(BEST, network.default_window, recovery, 1, count)
                      for count in self.more_tcp_flows]  # fmt: skip
            cases.append(make("", network.default_window, recovery, 0, 2))
        return cases


def _whole_numbers(where: str, raw: object, least: int = 1) -> tuple[int, ...]:
    if not isinstance(raw, list) or not raw or not all(
        isinstance(x, int) and not isinstance(x, bool) and x >= least for x in raw
    ):
        raise ValueError(f"{where} = {raw!r}: must be a list of whole numbers from {least}")
    return tuple(raw)


def _choices(where: str, raw: object, allowed: Sequence[str]) -> tuple[str, ...]:
    if not isinstance(raw, list) or not raw or not set(raw) <= set(allowed):
        raise ValueError(f"{where} = {raw!r}: must be a list of {sorted(allowed)}")
    return tuple(raw)


def _number(where: str, raw: object) -> float:
    if isinstance(raw, bool) or not isinstance(raw, int | float) or not (
        math.isfinite(raw) and raw > 0
    ):
        raise ValueError(f"{where} = {raw!r}: must be a positive number")
    return float(raw)


def _network(where: str, raw: object) -> NetworkCase:
    entry = json_object(where, raw, NETWORK_KEYS, NETWORK_KEYS)
    get_network(entry["network"])
    netblt: Any = json_object(f"{where}.netblt", entry["netblt"], NETBLT_KEYS, NETBLT_KEYS)
    windows = _whole_numbers(f"{where}.windows", entry["windows"])
    default_window = entry["default_window"]
    if default_window not in windows:
        raise ValueError(f"{where}.default_window = {default_window!r}: must be one of the "
                         f"windows {list(windows)}")  # fmt: skip
    return NetworkCase(
        str(entry["label"]), entry["network"], dict(netblt), str(entry["published_best"]),
        _whole_numbers(f"{where}.adaptive_bi_ms", [entry["adaptive_bi_ms"]])[0],
        _number(f"{where}.xfsz_kb", entry["xfsz_kb"]), windows, default_window,
        _number(f"{where}.stagger_ms", entry["stagger_ms"]),
    )  # fmt: skip


def parse_sharing(path: Path, raw: object) -> SharingScenario:
    """The scenario of file `path` from its contents, every flow set built (so an impossible
    transfer is refused now); ValueError names the bad entry and what is allowed."""
    entry = json_object(str(path), raw, SCENARIO_KEYS, SCENARIO_KEYS)
    adaptive = _choices(f"{path}: adaptive", entry["adaptive"],
                        sorted(set(RATE_POLICIES) - {STATIC_RATE_POLICY}))  # fmt: skip
    start = json_object(f"{path}: adaptive_start", entry["adaptive_start"], RATE_START_FIELDS,
                        RATE_START_FIELDS)  # fmt: skip
    if not isinstance(entry["networks"], list) or not entry["networks"]:
        raise ValueError(f"{path}: networks must be a list of at least one network")
    networks = tuple(_network(f"{path}: networks[{i}]", n)
                     for i, n in enumerate(entry["networks"]))  # fmt: skip
    if len({n.label for n in networks}) != len(networks):
        raise ValueError(f"{path}: network labels must differ")
    scenario = SharingScenario(
        path.stem, str(entry["title"]), str(entry["source"]),
        _whole_numbers(f"{path}: seeds", entry["seeds"]), adaptive, dict(start),
        _choices(f"{path}: congestion_controls", entry["congestion_controls"],
                 list(CONGESTION_CONTROLS)),
        _whole_numbers(f"{path}: more_tcp_flows", entry["more_tcp_flows"], least=2), networks,
    )  # fmt: skip
    try:
        scenario.cases()
    except ValueError as error:
        raise ValueError(f"{path}: {error}") from None
    return scenario
