# SPDX-License-Identifier: GPL-2.0-only
"""What a stored record must be before a store hands it out: intact, and one a run could make.

A store is a file anyone may have edited, damaged or written with another package, and what it
returns goes into `results/`. So every row read is checked twice:

- its digest (`record_digest`): the SHA-256 of its key and its record's text (and its trace's
  for a traced run), written with the row. A byte changed by hand, a row copied under another
  key or a row written without one fails it;
- its record (`record_problem`): the fields of `FlowSetRecord` and nothing else, each of its
  type (a count a whole number from 0, a float finite and from 0, a flag true or false), one
  record per flow of the run, and no throughput above what the path carries: the real
  throughput (bytes delivered over the whole transfer) of any run, and the steady-state
  throughput where the hosts are modelled, at most the fastest link the network's `models/`
  give (with the top of its range: an override may raise it), or the point-to-point link's
  rate. The ideal link's instant hosts may offer more than it carries, and RFC 1030 §3's
  steady-state rate is measured where they send, so there it is not bounded.

A row that fails either is not used: the run is simulated again and the store says how many
it dropped and why (`ResultStore.dropped`).
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import fields
from typing import Any, get_type_hints

from netblt_sim.core.flows import FlowSet, FlowSetRecord, PathRecord
from netblt_sim.core.networks import NETWORKS, POINT_TO_POINT
from netblt_sim.core.transfer import TransferRecord

# A record's own throughputs bounded by the path's rate (`path_rate_bps`), by network kind.
BOUNDED_EVERYWHERE: tuple[str, ...] = ("real_mbps",)
BOUNDED_WITH_MODELLED_HOSTS: tuple[str, ...] = ("steady_state_mbps",)
BIT_RATE_UNIT = "bit/s"
# The largest count a record's C++ counterpart holds (uint64_t).
MAX_COUNT = 2**64 - 1



class StoreWarning(UserWarning):
    """Stored runs were left out for failing their check (the message names the store)."""


_TRANSFER_TYPES: dict[str, Any] = get_type_hints(TransferRecord)
_PATH_TYPES: dict[str, Any] = get_type_hints(PathRecord)
_FLOW_SET_FIELDS: frozenset[str] = frozenset(f.name for f in fields(FlowSetRecord))


def record_digest(key: str, record_text: str, trace_text: object = None) -> str:
    """The digest a store writes beside a row: SHA-256 over its key, its record's JSON text and,
    for a traced run, its trace's JSON text, each on a line of its own."""
    parts = [key, record_text] if trace_text is None else [key, record_text, str(trace_text)]
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()


def path_rate_bps(run: FlowSet) -> float:
    """The fastest rate anything on the run's path carries: its point-to-point link's, or the
    highest bit rate (with its range's top) of the network's `models/` files."""
    if run.network == POINT_TO_POINT:
        return float(max(flow.link_rate_bps for flow in run.flows))
    rates = [
        max(entry.value, entry.range[1] if entry.range else entry.value)
        for model in NETWORKS[run.network].models()
        for entries in model.attributes.values()
        for entry in entries.values()
        if entry.unit == BIT_RATE_UNIT
    ]
    if not rates:
        raise ValueError(f"network {run.network!r}: its models give no rate in {BIT_RATE_UNIT}")
    return max(rates)


def checked_row(key: str, run: FlowSet, text: object, written: object, trace: object = None,
                digest_key: str | None = None) -> tuple[FlowSetRecord | None, str | None]:
    """A stored row's record if its digest (`written`, over `digest_key` or `key`, the record's
    text and the trace's, if a traced row) matches and its record passes `record_problem` for
    `run`, else (None, why not)."""
    if written is None:
        return None, "no digest (written before stores kept one)"
    texts = (text,) if trace is None else (text, trace)
    if not all(isinstance(t, str) for t in texts) or written != record_digest(
            digest_key or key, *texts):  # fmt: skip
        return None, "its digest does not match its key and record"
    return decoded_record(text, run)


def decoded_record(text: object, run: FlowSet) -> tuple[FlowSetRecord | None, str | None]:
    """The record a row's `record` text holds if it passes `record_problem` for `run`, else
    (None, why not)."""
    if not isinstance(text, str):
        return None, f"its record is {type(text).__name__}, not JSON text"
    try:
        values = json.loads(text)
    except ValueError as error:
        return None, f"its record is not JSON ({error})"
    problem = record_problem(values, run)
    if problem is not None:
        return None, problem
    return FlowSetRecord.from_dict(values), None


def record_problem(values: object, run: FlowSet) -> str | None:
    """None if `values` (a record's JSON value) is a `FlowSetRecord` a run of `run` could have
    made (see the module's text), else what is wrong, naming the field and its value."""
    if not isinstance(values, dict) or set(values) != _FLOW_SET_FIELDS:
        return f"its record is not a FlowSetRecord (fields {_field_names(values)})"
    flows, path = values["flows"], values["path"]
    if not isinstance(flows, list) or len(flows) != len(run.flows):
        count = len(flows) if isinstance(flows, list) else type(flows).__name__
        return f"its record has {count} flow records for a run of {len(run.flows)} flow(s)"
    problem = _fields_problem("path", path, _PATH_TYPES)
    if problem is not None:
        return problem
    rate_mbps = path_rate_bps(run) / 1e6
    bounded = BOUNDED_EVERYWHERE + (
        BOUNDED_WITH_MODELLED_HOSTS if run.network != POINT_TO_POINT else ())
    for index, flow in enumerate(flows):
        where = f"flows[{index}]"
        problem = _fields_problem(where, flow, _TRANSFER_TYPES)
        if problem is not None:
            return problem
        for name in bounded:
            if flow[name] > rate_mbps:
                return (f"{where}.{name} = {flow[name]!r} Mbit/s is above the {rate_mbps:g} "
                        f"Mbit/s the {run.network} path carries")  # fmt: skip
    return None


def _fields_problem(where: str, values: object, types: dict[str, Any]) -> str | None:
    if not isinstance(values, dict) or set(values) != set(types):
        return f"its {where} record does not have {type(values).__name__} fields {sorted(types)}"
    for name, kind in types.items():
        value = values[name]
        if not _fits(kind, value):
            return (f"{where}.{name} = {value!r}: must be "
                    f"{_ALLOWED.get(kind, kind.__name__)}")  # fmt: skip
    return None


_ALLOWED: dict[Any, str] = {
    bool: "true or false",
    int: f"a whole number from 0 to {MAX_COUNT}",
    float: "a finite number from 0",
    str: "text",
}


def _fits(kind: Any, value: object) -> bool:
    if kind is bool:
        return isinstance(value, bool)
    if isinstance(value, bool):
        return False
    if kind is int:
        return isinstance(value, int) and 0 <= value <= MAX_COUNT
    if kind is float:
        return isinstance(value, int | float) and math.isfinite(value) and value >= 0
    return kind is str and isinstance(value, str)


def _field_names(values: object) -> str:
    return str(sorted(values)) if isinstance(values, dict) else f"none: a {type(values).__name__}"
