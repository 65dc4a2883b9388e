# SPDX-License-Identifier: GPL-2.0-only
"""Runs whose trace a scenario needs as well as their record, through the result store like
every other run, so that nothing is simulated again when nothing changed.

A trace is one of `TRACE_KINDS`: "time-sequence" (every flow's time-sequence trace, a
DataFrame: `simulation.trace_time_sequences`) or "rate" (what each sender's rate policy did,
`rate_trace.RateTrace`: `rate_trace.run_rate_traced`). `run_traced(runs, kind, executor)` gives
each run's record and trace, in order: those the executor's store holds for the run's key (the
key its record has, `store.run_key`) come from it, the others are simulated where the executor
runs (this process, or its Dask cluster) and stored, record and trace together. Without an
executor, or without a store, every run is simulated.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from netblt_sim.core.flows import FlowSet, FlowSetRecord
from netblt_sim.core.rate_trace import BufferStart, RateChange, RateTrace, run_rate_traced
from netblt_sim.core.queue_trace import NetworkTrace, QueuePeak, QueueTrace, run_network_traced
from netblt_sim.core.simulation import trace_time_sequences

if TYPE_CHECKING:
    import pandas as pd

    from netblt_sim.batch.executor import TransferExecutor

Trace = TypeVar("Trace")
# The columns of a time-sequence trace and their numbers' types
# (`simulation.trace_time_sequences`); `event`'s strings are given to pandas as a list, as
# there.
TIME_SEQUENCE_DTYPES: dict[str, str | None] = {"flow": "int64", "time_s": "float64",
                                               "event": None, "buffer": "int64",
                                               "packet": "int64", "offset_bytes": "int64",
                                               "amount": "int64"}  # fmt: skip


@dataclass(frozen=True)
class TraceKind(Generic[Trace]):
    """A trace a run can keep: its name in the store, the module-level function that runs a
    flow set with it (so that a Dask worker can run it), and its plain-JSON form both ways (a
    float as the shortest text that reads back as the same double, so a stored trace reads
    back equal, bit for bit)."""

    name: str
    run: Callable[[FlowSet], tuple[FlowSetRecord, Trace]]
    to_json: Callable[[Trace], object]
    from_json: Callable[[Any], Trace]


def _time_sequence_to_json(trace: pd.DataFrame) -> object:
    return {column: trace[column].tolist() for column in TIME_SEQUENCE_DTYPES}


def _time_sequence_from_json(values: Mapping[str, list[object]]) -> pd.DataFrame:
    import pandas as pd  # noqa: PLC0415 - only traces need it

    frame = pd.DataFrame({column: values[column] for column in TIME_SEQUENCE_DTYPES})
    return frame.astype({name: kind for name, kind in TIME_SEQUENCE_DTYPES.items() if kind})


def _rate_to_json(trace: RateTrace) -> object:
    return {"changes": [asdict(change) for change in trace.changes],
            "buffer_starts": [asdict(start) for start in trace.buffer_starts]}  # fmt: skip


def _rate_from_json(values: Mapping[str, list[dict[str, Any]]]) -> RateTrace:
    return RateTrace(tuple(RateChange(**change) for change in values["changes"]),
                     tuple(BufferStart(**start) for start in values["buffer_starts"]))  # fmt: skip


TIME_SEQUENCE: TraceKind[pd.DataFrame] = TraceKind(
    "time-sequence", trace_time_sequences, _time_sequence_to_json, _time_sequence_from_json
)
RATE: TraceKind[RateTrace] = TraceKind("rate", run_rate_traced, _rate_to_json, _rate_from_json)


def _network_to_json(trace: NetworkTrace) -> object:
    queue = trace.queue
    return {"rate": _rate_to_json(trace.rate),
            "queue": {"peaks": [[peak.seconds, peak.bytes] for peak in queue.peaks],
                      "histogram": list(queue.histogram), "resets": list(queue.resets)}}  # fmt: skip


def _network_from_json(values: Mapping[str, Any]) -> NetworkTrace:
    queue = values["queue"]
    return NetworkTrace(
        _rate_from_json(values["rate"]),
        QueueTrace(tuple(QueuePeak(float(s), int(b)) for s, b in queue["peaks"]),
                   tuple(int(c) for c in queue["histogram"]),
                   tuple(float(t) for t in queue["resets"])),
    )  # fmt: skip


NETWORK: TraceKind[NetworkTrace] = TraceKind(
    "network", run_network_traced, _network_to_json, _network_from_json
)
TRACE_KINDS: dict[str, TraceKind[Any]] = {kind.name: kind for kind in (TIME_SEQUENCE, RATE, NETWORK)}


def run_traced(
    runs: Sequence[FlowSet], kind: TraceKind[Trace], executor: TransferExecutor | None
) -> list[tuple[FlowSetRecord, Trace]]:
    """Each run's record and `kind` trace, in order (see the module's text)."""
    unique = list(dict.fromkeys(runs))
    for run in unique:
        run.validate()
    store = executor.store if executor is not None else None
    keys: dict[FlowSet, str] = {}
    found: dict[FlowSet, tuple[FlowSetRecord, Trace]] = {}
    if executor is not None and store is not None:
        from netblt_sim.batch.store import is_storable  # noqa: PLC0415 - sqlite3 with a store

        maker = executor.key_maker()
        keys = {run: maker.key(run) for run in unique if is_storable(run)}
        stored = store.get_traced({key: run for run, key in keys.items()}, kind.name)
        for run, key in keys.items():
            if key in stored:
                try:
                    found[run] = (stored[key][0], kind.from_json(stored[key][1]))
                except (KeyError, TypeError, ValueError) as error:
                    store.drop(key, f"its {kind.name} trace is not one ({error!r})")
    pending = [run for run in unique if run not in found]
    if executor is not None and executor.distributed and pending:
        client = executor.client()
        outcomes = client.gather(client.map(kind.run, pending, pure=False))
    else:
        outcomes = [kind.run(run) for run in pending]
    for run, outcome in zip(pending, outcomes, strict=True):
        found[run] = outcome
        if store is not None and run in keys:
            store.put_traced(keys[run], kind.name, run, maker.code, maker.models(run.network),
                             outcome[0], kind.to_json(outcome[1]))  # fmt: skip
    if executor is not None:
        executor.counts.simulated += len(pending)
        executor.counts.cached += len(unique) - len(pending)
    return [found[run] for run in runs]
