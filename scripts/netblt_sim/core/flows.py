# SPDX-License-Identifier: GPL-2.0-only
"""What a run is and what it gives: a set of flows in one simulation (`FlowSet`), each a
transfer between its own pair of hosts, all on one network, and its outcome (`FlowSetRecord`).
Every run is one (`simulation` runs it): a single transfer is a set of one (`FlowSet.single`);
several are RFC 1030 §8's parallel NETBLT processes ("several NETBLT processes in parallel, each
tuned to take a fraction of the Wideband Network's available bandwidth"): on the Wideband path
N PC/ATs on Subnet 26 send to N SUN-3s on ISI's Ethernet through the same gateways, T1 line and
channel; on the ring and the Ethernets N pairs share the one medium. The ideal point-to-point
link joins two hosts only.

- `FlowSet`: the flows (a `TransferParameters` each: its own sizes, burst and interval; network,
  seed and the network's settings the same for all), each flow's start, and what-if values of
  the network's attributes over its `models/` files (`AttributeOverride`). Several flows are
  NETBLT's or TCP's, in any mix (each flow names its `protocol`).
- `flow_set(flows=N, phase=..., share_rate=..., overrides=..., **transfer)`: N alike flows,
  started together ("synchronized"), evenly spread over a burst interval ("staggered") or at
  random points of it ("random"); with `share_rate` each flow's burst interval is N times the
  given one, so that together they offer what one flow would. `flows` may instead list each
  flow's own values (NETBLT and TCP flows together), and `start_ms` give each flow's start.
- `FlowSetRecord`: one `TransferRecord` per flow and the shared path's `PathRecord`.
- `flow_sets_frame(sets, records)`: one row per flow.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING, Any

from netblt_sim.core.networks import POINT_TO_POINT
from netblt_sim.core.parameters import (
    NETBLT,
    NETBLT_ONLY_FIELDS,
    TCP,
    TCP_ONLY_FIELDS,
    TransferParameters,
    field_values,
    transfer_parameters,
)
from netblt_sim.core.transfer import (
    RUN_COLUMNS,
    TRANSFER_ATTRIBUTES,
    TransferRecord,
    parameters_dict,
    run_columns,
    with_whole_numbers,
)

if TYPE_CHECKING:
    import pandas as pd

# How a flow set's starts were chosen: all at once, evenly over one burst interval, at random
# points of it, or as given.
PHASES: tuple[str, ...] = ("synchronized", "staggered", "random", "given")
# The parameters each flow has for itself: its protocol and what its transfer takes
# (`transfer.TRANSFER_ATTRIBUTES`); every other field of TransferParameters is the run's (its
# network, seed, models and limits) and must be the same for every flow.
PER_FLOW_FIELDS: tuple[str, ...] = ("protocol", *dict.fromkeys(
    name for attributes in TRANSFER_ATTRIBUTES.values() for name in attributes))  # fmt: skip
# The names `flow_set` takes besides `transfer_parameters`'s, and that make a grid's runs flow
# sets.
FLOW_SET_NAMES: tuple[str, ...] = ("flows", "phase", "share_rate", "overrides", "start_ms")
# Object kinds whose attributes a what-if may change, with the ns-3 type that has them (None:
# the network's experiment class).
OVERRIDE_TYPES: dict[str, str | None] = {
    "experiment": None,
    "cpu": "ns3::HostCpu",
    "netblt": "ns3::NetbltL4Protocol",
    "packet-buffers": "ns3::PacketBufferPool",
    "arp": "ns3::ArpCache",
    "wideband-channel": "ns3::WidebandChannel",
    "wideband-device": "ns3::WidebandNetDevice",
}
MAX_FLOWS = 1000  # the experiment's Flows attribute's limit
# Columns of `flow_sets_frame` before RUN_COLUMNS, and the run's own after them.
FLOW_COLUMNS: tuple[str, ...] = ("run", "flows", "phase", "flow", "start_ms", "overrides")
RUN_TOTAL_COLUMNS: tuple[str, ...] = ("aggregate_mbps", "jain_index")


@dataclass(frozen=True)
class AttributeOverride:
    """A what-if value of one ns-3 attribute over the network's `models/` files: `kind` one of
    `OVERRIDE_TYPES`, `value` as ns-3 reads it from a string ("0", "45s", "Refuse")."""

    kind: str
    name: str
    value: str

    def __str__(self) -> str:
        return f"{self.kind}.{self.name}={self.value}"


@dataclass(frozen=True)
class FlowSet:
    """Transfers run together in one simulation, each between its own two hosts."""

    flows: tuple[TransferParameters, ...]  # one per flow; the run's fields the same for all
    start_ms: tuple[float, ...]  # each flow's start, ms after the usual 1 ms
    phase: str = "given"  # how start_ms were chosen (PHASES)
    overrides: tuple[AttributeOverride, ...] = ()  # what-if values, set after models/

    @classmethod
    def single(cls, params: TransferParameters) -> FlowSet:
        """A single transfer: the set of one flow, started at the usual 1 ms."""
        return cls((params,), (0.0,))

    @property
    def is_single(self) -> bool:
        """Whether this is `single` of its flow (no other start, phase or what-if value), which
        the result store keys as the transfer alone."""
        return (len(self.flows) == 1 and self.start_ms == (0.0,) and self.phase == "given"
                and not self.overrides)  # fmt: skip

    @property
    def network(self) -> str:
        return self.flows[0].network

    @property
    def seed(self) -> int:
        return self.flows[0].seed

    def validate(self) -> None:
        """Raises ValueError naming the first impossible value and what is allowed. A set found
        valid is not checked again (it is frozen)."""
        if self.__dict__.get("_validated"):
            return
        self._check()
        object.__setattr__(self, "_validated", True)

    def _check(self) -> None:
        if not self.flows:
            raise ValueError("flows = (): give at least one flow")
        if len(self.flows) > MAX_FLOWS:
            raise ValueError(f"{len(self.flows)} flows: at most {MAX_FLOWS}")
        for index, flow in enumerate(self.flows):
            if not isinstance(flow, TransferParameters):
                raise ValueError(f"flows[{index}] = {flow!r}: must be TransferParameters")
            flow.validate()
        first = self.flows[0]
        if len(self.flows) > 1 and first.network == POINT_TO_POINT:
            raise ValueError(f"network = {POINT_TO_POINT!r} joins two hosts: it carries one "
                             f"flow, not {len(self.flows)}")  # fmt: skip
        shared = [f.name for f in fields(TransferParameters) if f.name not in PER_FLOW_FIELDS]
        for index, flow in enumerate(self.flows[1:], start=1):
            for name in shared:
                if getattr(flow, name) != getattr(first, name):
                    raise ValueError(
                        f"flows[{index}].{name} = {getattr(flow, name)!r}, flows[0].{name} = "
                        f"{getattr(first, name)!r}: the flows of a run share it (only "
                        f"{sorted(PER_FLOW_FIELDS)} may differ)"
                    )
        if len(self.start_ms) != len(self.flows):
            raise ValueError(f"start_ms has {len(self.start_ms)} values for {len(self.flows)} "
                             "flows: give one per flow")  # fmt: skip
        for index, start in enumerate(self.start_ms):
            if isinstance(start, bool) or not isinstance(start, int | float):
                raise ValueError(f"start_ms[{index}] = {start!r}: must be a number of ms")
            if not (math.isfinite(start) and 0 <= start <= first.max_simulated_s * 1e3):
                raise ValueError(f"start_ms[{index}] = {start!r}: must be from 0 to "
                                 f"max_simulated_s ({first.max_simulated_s} s)")  # fmt: skip
        if self.phase not in PHASES:
            raise ValueError(f"phase = {self.phase!r}: must be one of {list(PHASES)}")
        for override in self.overrides:
            if not isinstance(override, AttributeOverride):
                raise ValueError(f"overrides: {override!r} is not an AttributeOverride")
            if override.kind not in OVERRIDE_TYPES:
                raise ValueError(f"overrides: kind {override.kind!r} must be one of "
                                 f"{sorted(OVERRIDE_TYPES)}")  # fmt: skip


@dataclass(frozen=True)
class PathRecord:
    """What the network between the hosts did in a run, shared by its flows:
    `ns3::PathRecord` with snake_case names (zero where the network has no such part)."""

    path_drops: int  # lost between the hosts' interfaces (as each flow's record says)
    station_resets: int  # earth-station channel-processor resets (ESI overload)
    esi_overflows: int  # datagrams an ESI without room refused or dropped (upgraded interface)
    gateway_queue_peak: int  # most packets MIT's gateway queued for the T1 line
    bsat_queue_peak: int  # most datagrams BBN's BSAT queued for a control slot
    esi_peak_bytes: int  # most bytes BBN's ESI held, requested and not yet sent
    largest_request: int  # most datagrams one control slot of BBN's asked for
    datagrams_sent: int  # datagrams BBN's station put on the channel
    reservations_lost: int  # requests of BBN's the channel lost
    channel_capacity_mbps: float  # usable bits per frame / frame period (Appendix I)
    events: int  # simulator events executed
    simulated_seconds: float  # when the last end of any flow closed (or the bound)


@dataclass(frozen=True)
class FlowSetRecord:
    """The outcome of a flow set: each flow's record, in flow order, and the path's."""

    flows: tuple[TransferRecord, ...]
    path: PathRecord

    @property
    def aggregate_mbps(self) -> float:
        """The flows' steady-state throughputs added up."""
        return sum(flow.steady_state_mbps for flow in self.flows)

    @property
    def jain_index(self) -> float:
        """Jain's fairness index of the flows' steady-state throughputs: (sum x)^2 / (n sum
        x^2), 1 when all are equal, 1/n when one flow has everything; NaN if all are 0."""
        speeds = [flow.steady_state_mbps for flow in self.flows]
        squares = sum(x * x for x in speeds)
        return sum(speeds) ** 2 / (len(speeds) * squares) if squares > 0 else math.nan

    @classmethod
    def from_dict(cls, values: Mapping[str, Any]) -> FlowSetRecord:
        """From `asdict` of one (as the result store keeps it)."""
        return cls(tuple(TransferRecord(**flow) for flow in values["flows"]),
                   PathRecord(**values["path"]))  # fmt: skip




def overrides_from(raw: Mapping[str, Mapping[str, object]] | None) -> tuple[AttributeOverride, ...]:
    """What-if values given as {kind: {attribute: value}}, values as ns-3 reads them from a
    string (a number, "45s", "Refuse", True); ValueError names a bad entry."""
    if raw is None:
        return ()
    if not isinstance(raw, Mapping):
        raise ValueError(f"overrides = {raw!r}: must be {{kind: {{attribute: value}}}}")
    overrides = []
    for kind, values in raw.items():
        if kind not in OVERRIDE_TYPES:
            raise ValueError(f"overrides: kind {kind!r} must be one of {sorted(OVERRIDE_TYPES)}")
        if not isinstance(values, Mapping):
            raise ValueError(f"overrides[{kind!r}] = {values!r}: must be {{attribute: value}}")
        for name, value in values.items():
            if isinstance(value, bool):
                text = "true" if value else "false"
            elif isinstance(value, int | float | str):
                text = str(value)
            else:
                raise ValueError(f"overrides[{kind!r}][{name!r}] = {value!r}: must be a "
                                 "number, a string or a boolean")  # fmt: skip
            overrides.append(AttributeOverride(kind, str(name), text))
    return tuple(overrides)


def flow_set(
    flows: int | Sequence[Mapping[str, object]] = 1,
    phase: str = "synchronized",
    share_rate: bool = False,
    overrides: Mapping[str, Mapping[str, object]] | None = None,
    start_ms: Sequence[float] | None = None,
    **transfer: object,
) -> FlowSet:
    """Transfers run together: `flows` alike ones (`transfer` as `transfer_parameters` takes
    it), or one per mapping of `flows`, each its own values over those of `transfer`'s that its
    protocol takes (its `protocol`, sizes, rates, window: `PER_FLOW_FIELDS`; a NETBLT burst
    given in `transfer` is every NETBLT flow's, a window every TCP flow's), for example NETBLT
    beside TCP:
    `flow_set([{}, {"protocol": "tcp", "window_bytes": 16384}], network="proteon-ring")`.

    `phase`: "synchronized" (every flow starts at the same instant), "staggered" (flow i starts
    i/N of the first flow's burst interval later) or "random" (flow 0 at once, each other at a
    point of the first flow's first burst interval drawn uniformly, to the microsecond, by
    Python's `random.Random(seed)`; for a run number `rng_run` other than 1,
    `random.Random(seed + (rng_run - 1) x 2**32)`); `start_ms` instead gives each flow's start
    (phase "given"). `share_rate`: each of N alike flows' burst interval is N times the given
    one, so that together they offer the rate one flow would. `overrides`: see
    `overrides_from`. Validated."""
    if isinstance(flows, bool) or not isinstance(flows, int | list | tuple):
        raise ValueError(f"flows = {flows!r}: must be a number of alike flows or a list of each "
                         "flow's values")  # fmt: skip
    if not isinstance(share_rate, bool):
        raise ValueError(f"share_rate = {share_rate!r}: must be True or False")
    if isinstance(flows, int):
        if not 1 <= flows <= MAX_FLOWS:
            raise ValueError(f"flows = {flows!r}: must be a whole number from 1 to {MAX_FLOWS}")
        params = transfer_parameters(**transfer)
        if share_rate:
            params = transfer_parameters(**(asdict(params) | {"bi_ms": params.bi_ms * flows}))
        every = (params,) * flows
    else:
        if share_rate:
            raise ValueError("share_rate = True: it divides the rate of alike flows; give flows "
                             "as a number")  # fmt: skip
        every = tuple(_own_flow(index, values, transfer) for index, values in enumerate(flows))
        if not every:
            raise ValueError("flows = []: give at least one flow")
    if start_ms is not None:
        if phase not in ("synchronized", "given"):
            raise ValueError(f"phase = {phase!r} and start_ms given: give one or the other")
        result = FlowSet(every, tuple(start_ms), "given", overrides_from(overrides))
    else:
        starts = _starts(phase, every[0], len(every))
        result = FlowSet(every, starts, phase, overrides_from(overrides))
    result.validate()
    return result


def _own_flow(index: int, values: object, transfer: Mapping[str, object]) -> TransferParameters:
    """Flow `index` of a list: its own values over the shared ones its protocol takes (a NETBLT
    burst interval given for every flow is not a TCP flow's, nor a window a NETBLT flow's)."""
    if not isinstance(values, Mapping):
        raise ValueError(f"flows[{index}] = {values!r}: must be a mapping of the flow's values")
    protocol = values.get("protocol", transfer.get("protocol", NETBLT))
    others = NETBLT_ONLY_FIELDS if protocol == TCP else TCP_ONLY_FIELDS
    shared = {name: value for name, value in transfer.items() if name not in others}
    try:
        return transfer_parameters(**(shared | dict(values)))
    except ValueError as error:
        raise ValueError(f"flows[{index}]: {error}") from None


def _starts(phase: str, first: TransferParameters, count: int) -> tuple[float, ...]:
    """Each flow's start in ms for a phase, over the first flow's burst interval."""
    interval_us = first.bi_ms * 1000
    if phase == "synchronized":
        start_us = [0] * count
    elif phase == "staggered":
        start_us = [round(index * interval_us / count) for index in range(count)]
    elif phase == "random":
        # Run 1 draws as it always has; another run number draws phases of its own, as ns-3
        # gives it streams of its own (seed < 2**32, so each pair has its own generator seed).
        draw = random.Random(first.seed + (first.rng_run - 1) * 2**32)
        start_us = [0] + [draw.randrange(interval_us) for _ in range(count - 1)]
    else:
        raise ValueError(f"phase = {phase!r}: must be one of {list(PHASES[:3])} (or give each "
                         "flow's start_ms)")  # fmt: skip
    return tuple(us / 1000 for us in start_us)


def flow_sets_frame(sets: Sequence[FlowSet], records: Sequence[FlowSetRecord]) -> pd.DataFrame:
    """One row per flow of each set, in order: `FLOW_COLUMNS` (the set's index in `sets`, its
    number of flows and phase, the flow's index and start, the set's what-if values as text), the
    flow's parameter
    and record columns (`RUN_COLUMNS`, the TCP columns only if some flow is TCP), the set's `RUN_TOTAL_COLUMNS` (the flows' steady-state
    throughputs added up, and Jain's fairness index of them) and its path record's fields, each
    prefixed `path_` unless it already is."""
    import pandas as pd  # noqa: PLC0415 - only tables need it

    if len(sets) != len(records):
        raise ValueError(f"{len(sets)} flow sets for {len(records)} records: need one each")
    rows = []
    for run, (flows, record) in enumerate(zip(sets, records, strict=True)):
        totals = {"aggregate_mbps": record.aggregate_mbps, "jain_index": record.jain_index}
        path = {_path_column(name): value for name, value in field_values(record.path).items()}
        for index, (params, flow) in enumerate(zip(flows.flows, record.flows, strict=True)):
            rows.append({
                "run": run, "flows": len(flows.flows), "phase": flows.phase, "flow": index,
                "start_ms": flows.start_ms[index],
                "overrides": "; ".join(str(o) for o in flows.overrides),
            } | parameters_dict(params) | field_values(flow) | totals | path)  # fmt: skip
    every_flow = [params for flows in sets for params in flows.flows]
    columns = [*FLOW_COLUMNS, *run_columns(every_flow), *RUN_TOTAL_COLUMNS, *PATH_COLUMNS]
    return with_whole_numbers(pd.DataFrame(rows, columns=columns))


def _path_column(name: str) -> str:
    return name if name.startswith("path_") else f"path_{name}"


PATH_COLUMNS: tuple[str, ...] = tuple(_path_column(f.name) for f in fields(PathRecord))
FLOW_SET_COLUMNS: tuple[str, ...] = FLOW_COLUMNS + RUN_COLUMNS + RUN_TOTAL_COLUMNS + PATH_COLUMNS
