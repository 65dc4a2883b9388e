# SPDX-License-Identifier: GPL-2.0-only
"""The one road of every run: a set of flows (`flows.FlowSet`) in one simulation, whatever asked
for it. A single transfer is a set of one (`FlowSet.single`), which `run_transfer` runs and
whose `TransferRecord` it returns; several transfers at once (RFC 1030 §8) are
`run_transfers_together` or `run_flow_set`; `trace_time_sequences` also keeps every flow's
time-sequence trace.

`simulate` validates the set, reseeds every random stream from its seed, builds the network's
C++ testbed (`transfer.build_testbed`, the network looked up once and passed down) and one C++
transfer per flow, NETBLT or TCP, with its own parameters and start (`transfer.set_parameters`),
applies the models and the set's what-if values, runs the simulator to the end and returns a
record per flow and the shared path's (`flows.FlowSetRecord`); an observer
(`transfer.TransferObserver`) may watch it from inside.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, get_type_hints

from netblt_sim.core import runtime
from netblt_sim.core.flows import (
    OVERRIDE_TYPES,
    AttributeOverride,
    FlowSet,
    FlowSetRecord,
    PathRecord,
    overrides_from,
)
from netblt_sim.core.interruption import run_simulator
from netblt_sim.core.networks import get_network
from netblt_sim.core.parameters import TransferParameters
from netblt_sim.core.transfer import (
    TransferObserver,
    TransferRecord,
    apply_models,
    build_testbed,
    build_transfer,
    milliseconds_to_time,
    plain_fields,
    record_from_cpp,
    set_parameters,
    setters,
)

if TYPE_CHECKING:
    import pandas as pd

# The sending clients start this far into the run (the transfers' default StartTime); a flow's
# start_ms is counted from there.
CLIENT_START_MS = 1.0
# ns3::NetbltTimeSequence::Kind, in order.
TIME_SEQUENCE_EVENTS: tuple[str, ...] = ("sent", "retransmitted", "received", "resend",
                                         "delivered")  # fmt: skip
_PATH_FIELD_TYPES: dict[str, type] = get_type_hints(PathRecord)


def run_transfer(
    params: TransferParameters, observer: TransferObserver | None = None, progress: bool = False
) -> TransferRecord:
    """Runs one transfer to the end and returns its record: the one flow of
    `FlowSet.single(params)`, run by `simulate`.

    Validates first (ValueError), so that a bad value never aborts the process inside ns-3.
    Every random stream is reseeded from `params.seed` before the testbed is built, so a
    run gives the same record whatever ran before it in this process. An `observer` is told
    when the transfer is set up and when the simulator has run (for example
    `rate_trace.RateTraceObserver`). With `progress`, a run longer than a few seconds shows
    its simulated time against its bound (`interruption.run_simulator`). Several transfers at
    once, and what-if values of any object's attributes: `run_transfers_together`.
    """
    record, _ = simulate(FlowSet.single(params), observer=observer, progress=progress)
    return record.flows[0]


def run_transfers_together(
    flows: Sequence[TransferParameters] | FlowSet,
    start_ms: Sequence[float] | None = None,
    overrides: Mapping[str, Mapping[str, object]] | None = None,
) -> FlowSetRecord:
    """Runs the transfers together in one simulation, each between its own two hosts, for one
    record per flow and the path's. `flows`: a `FlowSet`, or the flows' parameters (their run
    fields alike) with `start_ms` (each flow's start in ms, default all at once) and
    `overrides` (see `flows.overrides_from`)."""
    if isinstance(flows, FlowSet):
        if start_ms is not None or overrides is not None:
            raise ValueError("give start_ms and overrides with a list of flows, not a FlowSet")
        return run_flow_set(flows)
    given = tuple(flows)
    starts = tuple(float(s) for s in start_ms) if start_ms is not None else (0.0,) * len(given)
    return run_flow_set(FlowSet(given, starts, "given", overrides_from(overrides)))


def run_flow_set(flows: FlowSet, observer: TransferObserver | None = None) -> FlowSetRecord:
    """Runs a flow set to the end (validated first; same seed, same records); an `observer`
    watches it as `run_transfer`'s does. What the executor runs."""
    record, _ = simulate(flows, time_sequences=False, observer=observer)
    return record


def trace_time_sequences(run: TransferParameters | FlowSet) -> tuple[FlowSetRecord, pd.DataFrame]:
    """Runs a transfer or a flow set with every flow's time-sequence trace kept: its record
    (a single transfer as a flow set of one) and the trace, one row per event (`flow`,
    `time_s`, `event`: one of `TIME_SEQUENCE_EVENTS`, `buffer`, `packet`, `offset_bytes`: the
    packet's first byte in the transfer, or the buffer's for a RESEND and a delivery, and
    `amount`: data bytes, packets asked for by a RESEND, 0 for a delivery). A TCP flow's are
    its data segments sent and sent again and its client's reads (buffer and packet 0)."""
    flows = run if isinstance(run, FlowSet) else FlowSet.single(run)
    record, trace = simulate(flows, time_sequences=True)
    assert trace is not None
    return record, trace


def simulate(
    flows: FlowSet, time_sequences: bool = False, observer: TransferObserver | None = None,
    progress: bool = False,
) -> tuple[FlowSetRecord, pd.DataFrame | None]:
    """Runs the flow set to the end: its record, and every flow's time-sequence trace if
    `time_sequences` (else None). Ctrl-C stops it (KeyboardInterrupt, no record) and
    `progress` shows it (`interruption.run_simulator`)."""
    flows.validate()
    first = flows.flows[0]
    network = get_network(first.network)
    ns, testbed = build_testbed(first, network)
    transfers = [(flow.protocol, build_transfer(ns, flow)) for flow in flows.flows]
    apply_models(ns, network, testbed, transfers, first.model_overrides)
    for flow, start, (_, transfer) in zip(flows.flows, flows.start_ms, transfers, strict=True):
        set_parameters(ns, transfer, flow)
        if start != 0:
            start_time = milliseconds_to_time(ns, CLIENT_START_MS + start)
            transfer.SetSenderAttribute("StartTime", ns.TimeValue(start_time))
        if time_sequences:
            transfer.SetAttribute("RecordTimeSequence", ns.BooleanValue(True))
        testbed.AddTransfer(transfer)
    _apply_overrides(ns, testbed, transfers, flows.overrides)
    # The testbed only sets the transfers up; this process owns the simulator.
    testbed.Install()
    try:
        if observer is not None:
            observer.installed(ns)
        run_simulator(ns, max(flow.max_simulated_s for flow in flows.flows), progress)
        if observer is not None:
            observer.finished(ns)
        records = tuple(record_from_cpp(testbed.GetRecord(i)) for i in range(len(flows.flows)))
        path = PathRecord(**plain_fields(testbed.GetPathRecord(), _PATH_FIELD_TYPES))
        traces = _time_sequences_frame(transfers) if time_sequences else None
        return FlowSetRecord(records, path), traces
    finally:
        ns.Simulator.Destroy()


def _apply_overrides(
    ns: runtime.NsNamespace,
    testbed: Any,
    transfers: Sequence[tuple[str, Any]],
    overrides: Sequence[AttributeOverride],
) -> None:
    """Sets each what-if value through the setter of its kind (the testbed's, or every
    transfer's that takes it), once its type has the attribute and the value reads as one
    (ValueError naming it otherwise)."""
    setter_of: dict[str, Callable[[str, object], None]] = setters(testbed, transfers, "both")
    for override in overrides:
        type_name = OVERRIDE_TYPES[override.kind]
        type_id = testbed.GetInstanceTypeId() if type_name is None else (
            ns.TypeId.LookupByName(type_name))  # fmt: skip
        if override.kind not in setter_of:
            raise ValueError(f"overrides: {override}: {type_id.GetName()} is not part of the "
                             f"{testbed.GetInstanceTypeId().GetName()}")  # fmt: skip
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


def _time_sequences_frame(transfers: Sequence[tuple[str, Any]]) -> pd.DataFrame:
    import pandas as pd  # noqa: PLC0415 - only traces need it

    frames = []
    for flow, (_, transfer) in enumerate(transfers):
        sequence = transfer.GetTimeSequence()
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
