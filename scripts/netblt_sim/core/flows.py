# SPDX-License-Identifier: GPL-2.0-only
"""Several NETBLT transfers in one simulation (RFC 1030 §8: "several NETBLT processes in
parallel, each tuned to take a fraction of the Wideband Network's available bandwidth"), each
between its own pair of hosts, all on one network: on the Wideband path N PC/ATs on Subnet 26
send to N SUN-3s on ISI's Ethernet through the same gateways, T1 line and channel; on the ring
and the Ethernets N pairs share the one medium. The ideal point-to-point link joins two hosts
only.

- `FlowSet`: the flows (a `TransferParameters` each: its own sizes, burst and interval; network,
  seed and the network's settings the same for all), each flow's start, and what-if values of
  the network's attributes over its `models/` files (`AttributeOverride`). Several flows are
  NETBLT's: a TCP transfer (`protocol="tcp"`) is a flow set of one, starting at once.
- `flow_set(flows=N, phase=..., share_rate=..., overrides=..., **transfer)`: N alike flows,
  started together ("synchronized"), evenly spread over a burst interval ("staggered") or at
  random points of it ("random"); with `share_rate` each flow's burst interval is N times the
  given one, so that together they offer what one flow would.
- `run_transfers_together(flows, start_ms=..., overrides=...)`: runs them, for a `FlowSetRecord`:
  one `TransferRecord` per flow and the shared path's `PathRecord`. `run_flow_set` runs a
  `FlowSet`, `simulate` a run of either kind (what the executor calls), and
  `trace_time_sequences` also returns every flow's time-sequence trace.
- `flow_sets_frame(sets, records)`: one row per flow.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING, Any, get_type_hints

from netblt_sim.core import runtime
from netblt_sim.core.networks import POINT_TO_POINT
from netblt_sim.core.parameters import TCP, TransferParameters, transfer_parameters
from netblt_sim.core.transfer import (
    RUN_COLUMNS,
    TransferObserver,
    TransferRecord,
    build_experiment,
    installed,
    milliseconds_to_time,
    parameters_dict,
    plain_fields,
    record_from_cpp,
    run_columns,
    run_transfer,
    setters,
    with_whole_numbers,
)

if TYPE_CHECKING:
    import pandas as pd

# How a flow set's starts were chosen: all at once, evenly over one burst interval, at random
# points of it, or as given.
PHASES: tuple[str, ...] = ("synchronized", "staggered", "random", "given")
# The parameters each flow has for itself (its sending client's attributes); every other field
# of TransferParameters is the run's and must be the same for every flow.
PER_FLOW_FIELDS: dict[str, str] = {
    "bs": "BurstSize",
    "bi_ms": "BurstInterval",
    "psz": "PacketSize",
    "bfsz": "BufferSize",
    "xfsz_bytes": "TransferSize",
    "nbufs": "MaxOutstandingBuffers",
    "checksum_data": "ChecksumData",
    "death_timeout_s": "DeathTimeout",
}
# The names `flow_set` takes besides `transfer_parameters`'s, and that make a grid's runs flow
# sets.
FLOW_SET_NAMES: tuple[str, ...] = ("flows", "phase", "share_rate", "overrides")
# Object kinds whose attributes a what-if may change, with the ns-3 type that has them (None:
# the network's experiment class).
OVERRIDE_TYPES: dict[str, str | None] = {
    "experiment": None,
    "cpu": "ns3::HostCpu",
    "netblt": "ns3::NetbltL4Protocol",
    "packet-buffers": "ns3::PacketBufferPool",
    "wideband-channel": "ns3::WidebandChannel",
    "wideband-device": "ns3::WidebandNetDevice",
}
MAX_FLOWS = 1000  # the experiment's Flows attribute's limit
# The sending clients start this far into the run (NetbltExperiment's default StartTime); a
# flow's start_ms is counted from there.
CLIENT_START_MS = 1.0
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

    @property
    def network(self) -> str:
        return self.flows[0].network

    @property
    def seed(self) -> int:
        return self.flows[0].seed

    def validate(self) -> None:
        """Raises ValueError naming the first impossible value and what is allowed."""
        if not self.flows:
            raise ValueError("flows = (): give at least one flow")
        if len(self.flows) > MAX_FLOWS:
            raise ValueError(f"{len(self.flows)} flows: at most {MAX_FLOWS}")
        for index, flow in enumerate(self.flows):
            if not isinstance(flow, TransferParameters):
                raise ValueError(f"flows[{index}] = {flow!r}: must be TransferParameters")
            flow.validate()
        first = self.flows[0]
        if len(self.flows) > 1 and first.protocol == TCP:
            raise ValueError(f"protocol = {TCP!r}: a TCP transfer runs alone (one flow, hosts 0 "
                             f"and 1), not {len(self.flows)} at once; several flows are "
                             "NETBLT's (protocol='netblt')")  # fmt: skip
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
        if first.protocol == TCP and any(start != 0 for start in self.start_ms):
            raise ValueError(f"protocol = {TCP!r}: start_ms = {list(self.start_ms)!r}: a TCP "
                             "transfer starts at the usual 1 ms (start_ms 0)")  # fmt: skip
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
    `ns3::NetbltPathRecord` with snake_case names (zero where the network has no such part)."""

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


_PATH_FIELD_TYPES: dict[str, type] = get_type_hints(PathRecord)
Run = TransferParameters | FlowSet
RunRecord = TransferRecord | FlowSetRecord


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
    flows: int = 1,
    phase: str = "synchronized",
    share_rate: bool = False,
    overrides: Mapping[str, Mapping[str, object]] | None = None,
    **transfer: object,
) -> FlowSet:
    """`flows` alike transfers (`transfer` as `transfer_parameters` takes it) run together.

    `phase`: "synchronized" (every flow starts at the same instant), "staggered" (flow i starts
    i/N of a burst interval later) or "random" (flow 0 at once, each other at a point of its
    first burst interval drawn uniformly, to the microsecond, by Python's `random.Random(seed)`).
    `share_rate`: each flow's burst interval is `flows` times the given one, so that together
    they offer the rate one flow would. `overrides`: see `overrides_from`. Validated."""
    if isinstance(flows, bool) or not isinstance(flows, int) or not 1 <= flows <= MAX_FLOWS:
        raise ValueError(f"flows = {flows!r}: must be a whole number from 1 to {MAX_FLOWS}")
    if not isinstance(share_rate, bool):
        raise ValueError(f"share_rate = {share_rate!r}: must be True or False")
    params = transfer_parameters(**transfer)
    if share_rate:
        params = transfer_parameters(**(asdict(params) | {"bi_ms": params.bi_ms * flows}))
    interval_us = params.bi_ms * 1000
    if phase == "synchronized":
        start_us = [0] * flows
    elif phase == "staggered":
        start_us = [round(index * interval_us / flows) for index in range(flows)]
    elif phase == "random":
        draw = random.Random(params.seed)
        start_us = [0] + [draw.randrange(interval_us) for _ in range(flows - 1)]
    else:
        raise ValueError(f"phase = {phase!r}: must be one of {list(PHASES[:3])} (or give each "
                         "flow's start to run_transfers_together)")  # fmt: skip
    result = FlowSet((params,) * flows, tuple(us / 1000 for us in start_us), phase,
                     overrides_from(overrides))  # fmt: skip
    result.validate()
    return result


def run_transfers_together(
    flows: Sequence[TransferParameters] | FlowSet,
    start_ms: Sequence[float] | None = None,
    overrides: Mapping[str, Mapping[str, object]] | None = None,
) -> FlowSetRecord:
    """Runs the transfers together in one simulation, each between its own two hosts, for one
    record per flow and the path's. `flows`: a `FlowSet`, or the flows' parameters (their run
    fields alike) with `start_ms` (each flow's start in ms, default all at once) and
    `overrides` (see `overrides_from`)."""
    if isinstance(flows, FlowSet):
        if start_ms is not None or overrides is not None:
            raise ValueError("give start_ms and overrides with a list of flows, not a FlowSet")
        return run_flow_set(flows)
    given = tuple(flows)
    starts = tuple(float(s) for s in start_ms) if start_ms is not None else (0.0,) * len(given)
    return run_flow_set(FlowSet(given, starts, "given", overrides_from(overrides)))


def run_flow_set(flows: FlowSet, observer: TransferObserver | None = None) -> FlowSetRecord:
    """Runs a flow set to the end (validated first; same seed, same records); an `observer`
    watches it as `run_transfer`'s does."""
    record, _ = _run(flows, time_sequences=False, observer=observer)
    return record


def simulate(run: Run) -> RunRecord:
    """A transfer's record (`run_transfer`) or a flow set's (`run_flow_set`)."""
    if isinstance(run, FlowSet):
        return run_flow_set(run)
    return run_transfer(run)


def trace_time_sequences(run: Run) -> tuple[FlowSetRecord, pd.DataFrame]:
    """Runs a transfer or a flow set with every flow's time-sequence trace kept: its record
    (a single transfer as a flow set of one) and the trace, one row per event (`flow`,
    `time_s`, `event`: one of `TIME_SEQUENCE_EVENTS`, `buffer`, `packet`, `offset_bytes`: the
    packet's first byte in the transfer, or the buffer's for a RESEND and a delivery, and
    `amount`: data bytes, packets asked for by a RESEND, 0 for a delivery)."""
    flows = run if isinstance(run, FlowSet) else FlowSet((run,), (0.0,), "given")
    check_traceable(flows)
    return _run(flows, time_sequences=True)


def check_traceable(flows: FlowSet) -> None:
    """Raises ValueError unless the flow set's time-sequence traces can be kept: they come from
    NETBLT's trace sources, so a TCP transfer has none."""
    if flows.flows and flows.flows[0].protocol == TCP:
        raise ValueError(f"protocol = {TCP!r}: time-sequence traces are NETBLT's (its sender's "
                         "and receiver's trace sources); give protocol='netblt'")  # fmt: skip


# ns3::NetbltTimeSequence::Kind, in order.
TIME_SEQUENCE_EVENTS: tuple[str, ...] = ("sent", "retransmitted", "received", "resend",
                                         "delivered")  # fmt: skip


def _run(
    flows: FlowSet, time_sequences: bool, observer: TransferObserver | None = None
) -> tuple[FlowSetRecord, Any]:
    flows.validate()
    first = flows.flows[0]
    ns, experiment = build_experiment(first)
    experiment.SetAttribute("Flows", ns.UintegerValue(len(flows.flows)))
    experiment.SetAttribute("RecordTimeSequences", ns.BooleanValue(time_sequences))
    for index, (flow, start) in enumerate(zip(flows.flows, flows.start_ms, strict=True)):
        for name, attribute in PER_FLOW_FIELDS.items():
            if getattr(flow, name) != getattr(first, name):
                experiment.SetFlowAttribute(index, attribute, _flow_value(ns, name, flow))
        if start != 0:
            start_time = milliseconds_to_time(ns, CLIENT_START_MS + start)
            experiment.SetFlowAttribute(index, "StartTime", ns.TimeValue(start_time))
    _apply_overrides(ns, experiment, flows.overrides)
    experiment.Install()
    try:
        installed(ns, first, observer)
        ns.Simulator.Run()
        if observer is not None:
            observer.finished(ns)
        records = tuple(record_from_cpp(experiment.GetRecord(i)) for i in range(len(flows.flows)))
        path = PathRecord(**plain_fields(experiment.GetPathRecord(), _PATH_FIELD_TYPES))
        traces = _time_sequences_frame(experiment, len(flows.flows)) if time_sequences else None
        return FlowSetRecord(records, path), traces
    finally:
        ns.Simulator.Destroy()


def _flow_value(ns: runtime.NsNamespace, name: str, flow: TransferParameters) -> object:
    value = getattr(flow, name)
    if name == "bi_ms":
        return ns.TimeValue(ns.MilliSeconds(value))
    if name == "death_timeout_s":
        return ns.TimeValue(ns.Seconds(value))
    if name == "checksum_data":
        return ns.BooleanValue(value)
    return ns.UintegerValue(value)


def _apply_overrides(
    ns: runtime.NsNamespace, experiment: Any, overrides: Sequence[AttributeOverride]
) -> None:
    """Sets each what-if value through the experiment's setter of its kind, once its type has
    the attribute and the value reads as one (ValueError naming it otherwise)."""
    setter_of: dict[str, Callable[[str, object], None]] = setters(experiment, "both")
    for override in overrides:
        type_name = OVERRIDE_TYPES[override.kind]
        type_id = experiment.GetInstanceTypeId() if type_name is None else (
            ns.TypeId.LookupByName(type_name))  # fmt: skip
        if override.kind not in setter_of:
            raise ValueError(f"overrides: {override}: {type_id.GetName()} is not part of the "
                             f"{experiment.GetInstanceTypeId().GetName()}")  # fmt: skip
        information = ns.TypeId.AttributeInformation()
        if not type_id.LookupAttributeByName(override.name, information):
            raise ValueError(f"overrides: {override}: {type_id.GetName()} has no attribute "
                             f"{override.name!r}")  # fmt: skip
        checker = information.checker
        value = _readable(checker, override.value) and checker.CreateValidValue(
            ns.StringValue(override.value)
        )
        if not value:
            raise ValueError(f"overrides: {override}: {override.value!r} is not a value of "
                             f"{type_id.GetName()}::{override.name}")  # fmt: skip
        setter_of[override.kind](override.name, value.__deref__())


# A duration as ns-3's Time reads it from a string: a number and an optional unit.
_TIME_TEXT = re.compile(r"\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*(s|ms|us|ns|ps|fs|min|h|d|y)?\s*")


def _readable(checker: Any, text: str) -> bool:
    """Whether ns-3 can read `text` as the checker's value without aborting the process: its
    Time and enum values abort on a string they cannot read (the other kinds refuse it)."""
    kind = str(checker.GetValueTypeName())
    if kind == "ns3::TimeValue":
        return _TIME_TEXT.fullmatch(text) is not None
    if kind.startswith("ns3::EnumValue") and checker.HasUnderlyingTypeInformation():
        return text in str(checker.GetUnderlyingTypeInformation()).split("|")
    return True


def _time_sequences_frame(experiment: Any, flows: int) -> pd.DataFrame:
    import pandas as pd  # noqa: PLC0415 - only traces need it

    frames = []
    for flow in range(flows):
        sequence = experiment.GetTimeSequence(flow)
        kinds = _array(sequence.GetKinds(), "uint8")
        frames.append(pd.DataFrame({
            "flow": flow,
            "time_s": _array(sequence.GetTimes(), "float64"),
            "event": [TIME_SEQUENCE_EVENTS[kind] for kind in kinds.tolist()],
            "buffer": _array(sequence.GetBuffers(), "uint32").astype("int64"),
            "packet": _array(sequence.GetPackets(), "uint32").astype("int64"),
            "offset_bytes": _array(sequence.GetOffsets(), "uint64").astype("int64"),
            "amount": _array(sequence.GetAmounts(), "uint32").astype("int64"),
        }))  # fmt: skip
    return pd.concat(frames, ignore_index=True)


def _array(vector: Any, dtype: str) -> Any:
    """A copy of a `std::vector` of numbers as a numpy array (through its buffer: element by
    element, cppyy takes about 40 us each)."""
    import numpy as np  # noqa: PLC0415 - only traces need it

    size = int(vector.size())
    if size == 0:
        return np.zeros(0, dtype=dtype)
    view = vector.data()
    view.reshape((size,))
    return np.frombuffer(view, dtype=dtype, count=size).copy()


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
        path = {_path_column(name): value for name, value in asdict(record.path).items()}
        for index, (params, flow) in enumerate(zip(flows.flows, record.flows, strict=True)):
            rows.append({
                "run": run, "flows": len(flows.flows), "phase": flows.phase, "flow": index,
                "start_ms": flows.start_ms[index],
                "overrides": "; ".join(str(o) for o in flows.overrides),
            } | parameters_dict(params) | asdict(flow) | totals | path)  # fmt: skip
    every_flow = [params for flows in sets for params in flows.flows]
    columns = [*FLOW_COLUMNS, *run_columns(every_flow), *RUN_TOTAL_COLUMNS, *PATH_COLUMNS]
    return with_whole_numbers(pd.DataFrame(rows, columns=columns))


def _path_column(name: str) -> str:
    return name if name.startswith("path_") else f"path_{name}"


PATH_COLUMNS: tuple[str, ...] = tuple(_path_column(f.name) for f in fields(PathRecord))
FLOW_SET_COLUMNS: tuple[str, ...] = FLOW_COLUMNS + RUN_COLUMNS + RUN_TOTAL_COLUMNS + PATH_COLUMNS
