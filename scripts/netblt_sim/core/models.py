# SPDX-License-Identifier: GPL-2.0-only
"""Calibrated descriptions of the 1987 hardware (`models/`): hosts, interfaces and networks.

Each file is JSON. Its `attributes` map an ns-3 object kind to attribute entries, each
`{"value": number, "unit": ..., "source": ...}`: the value, its unit, and the fact it comes from
(a section of RFC 1030 or another document, or the derivation from such facts). A file may also
list the `facts` its derivations start from, in the same form. Loading checks that every entry
says where it comes from; applying converts the entries into ns-3 attribute values.

An entry that rests on an assumption, a calibration or an estimate (its `source` says so: it
contains a word starting "assum", "calibrat" or "estimat", `ASSUMPTION_WORDS`) must also state
`"range": [low, high]`, the values it may plausibly take, and `"range_source"`, why: a source's
bound, a physical bound, or the spread of the analogous value in another source (a spread chosen
without one says so). The range must contain the value; a sourced value may carry one where its
source gives a spread. The ranges are what `uncertainty` varies and what a run's
`model_overrides` (`overrides`) may set.

A file may also name `policies`: per object kind, an attribute whose value is an ns-3 type the
implementation used (for example the NETBLT receiver's data timer), each
`{"type": "ns3::...", "source": ...}`, applied as a `TypeIdValue`.

Object kinds: `cpu` (ns3::HostCpu), `netblt` (ns3::NetbltL4Protocol), `tcp` (the host's TCP
costs, ns3::TcpHostProcessing, used by TCP runs), `device` and `channel`
(the network's net device and channel, for example ns3::ProteonRingNetDevice), `background`
(the other hosts' traffic on a shared Ethernet, ns3::EthernetBackgroundTraffic), `experiment`
(the network's experiment class itself, for what lies between the hosts: lines, gateways),
`wideband-channel` and `wideband-device` (ns3::WidebandChannel, ns3::WidebandNetDevice).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from netblt_sim.core.runtime import REPO_ROOT, NsNamespace

MODELS_DIR: Path = REPO_ROOT / "models"
OBJECT_KINDS: tuple[str, ...] = ("cpu", "netblt", "device", "channel", "experiment")
OBJECT_KINDS += ("background", "wideband-channel", "wideband-device", "packet-buffers", "tcp")
OBJECT_KINDS += ("arp",)
TIME_UNITS_NS: dict[str, float] = {"s": 1e9, "ms": 1e6, "us": 1e3, "ns": 1.0}
# Per-byte costs are written as a time per byte.
PER_BYTE_SUFFIX = "/byte"
# Units of whole-number attributes (ns-3 UintegerValue).
COUNT_UNITS: tuple[str, ...] = ("bytes", "stations", "symbols", "bits/symbol", "datagrams", "buffers")
# A model option (ns-3 BooleanValue): 0 is off, 1 is on, nothing else.
SWITCH_UNIT = "switch"
OTHER_UNITS: tuple[str, ...] = (*COUNT_UNITS, "bit/s", "Mbit/s", "fraction", "frames/s")
OTHER_UNITS += ("symbols/s", "probability", SWITCH_UNIT)
# A source containing one of these word stems marks an assumption-valued entry: it needs a range.
ASSUMPTION_WORDS: tuple[str, ...] = ("assum", "calibrat", "estimat")
_ASSUMPTION_PATTERN = re.compile(r"\b(" + "|".join(ASSUMPTION_WORDS) + ")", re.IGNORECASE)


class ModelError(ValueError):
    """A model file is missing, malformed, or has a value without a source."""


@dataclass(frozen=True)
class ModelValue:
    """One attribute value of a model file."""

    value: float
    unit: str
    source: str
    range: tuple[float, float] | None = None  # (low, high), the plausible values
    range_source: str | None = None  # why that range

    @property
    def is_assumption(self) -> bool:
        """True if the source says the value is an assumption, a calibration or an estimate."""
        return is_assumption_source(self.source)

    def to_ns3(self, ns: NsNamespace) -> Any:
        """The ns-3 AttributeValue for this entry."""
        unit = self.unit.removesuffix(PER_BYTE_SUFFIX)
        if unit in TIME_UNITS_NS:
            return ns.TimeValue(ns.NanoSeconds(round(self.value * TIME_UNITS_NS[unit])))
        if unit == "bit/s":
            return ns.DataRateValue(ns.DataRate(round(self.value)))
        if unit in COUNT_UNITS:
            return ns.UintegerValue(round(self.value))
        if unit == SWITCH_UNIT:
            return ns.BooleanValue(self.value == 1)
        return ns.DoubleValue(float(self.value))

    @property
    def milliseconds(self) -> float:
        """The value in ms (per byte for a per-byte cost); only for time units."""
        unit = self.unit.removesuffix(PER_BYTE_SUFFIX)
        return self.value * TIME_UNITS_NS[unit] / 1e6


@dataclass(frozen=True)
class ModelPolicy:
    """One policy of a model file: the ns-3 type an attribute names (a TypeId attribute)."""

    type_name: str
    source: str

    def to_ns3(self, ns: NsNamespace) -> Any:
        """The ns-3 TypeIdValue; ModelError if no such type is registered."""
        type_id = ns.TypeId()
        if not ns.TypeId.LookupByNameFailSafe(self.type_name, type_id):
            raise ModelError(f"policy type {self.type_name!r} is not a registered ns-3 type")
        return ns.TypeIdValue(type_id)


@dataclass(frozen=True)
class HardwareModel:
    """One file of `models/`: attribute values by object kind, and the facts behind them."""

    name: str
    path: Path
    description: str
    attributes: Mapping[str, Mapping[str, ModelValue]]
    facts: Mapping[str, ModelValue]
    policies: Mapping[str, Mapping[str, ModelPolicy]] = field(default_factory=dict)

    def value(self, kind: str, attribute: str) -> ModelValue:
        """The entry for one attribute; ModelError names what exists if it is missing."""
        try:
            return self.attributes[kind][attribute]
        except KeyError:
            known = {k: sorted(v) for k, v in self.attributes.items()}
            raise ModelError(f"{self.path}: no {kind}.{attribute}; it has {known}") from None


def is_assumption_source(source: str) -> bool:
    """True if `source` marks its value as an assumption, calibration or estimate."""
    return _ASSUMPTION_PATTERN.search(source) is not None


def _entry(path: Path, where: str, raw: object, needs_range: bool = False) -> ModelValue:
    if not isinstance(raw, dict):
        raise ModelError(f"{path}: {where} must be an object with value, unit and source")
    value, unit, source = raw.get("value"), raw.get("unit"), raw.get("source")
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ModelError(f"{path}: {where}.value = {value!r}: must be a number")
    if value < 0:
        raise ModelError(f"{path}: {where}.value = {value!r}: must not be negative")
    if unit == SWITCH_UNIT and value not in (0, 1):
        raise ModelError(f"{path}: {where}.value = {value!r}: a switch is 0 (off) or 1 (on)")
    known_units = [*TIME_UNITS_NS, *(u + PER_BYTE_SUFFIX for u in TIME_UNITS_NS), *OTHER_UNITS]
    if unit not in known_units:
        raise ModelError(f"{path}: {where}.unit = {unit!r}: must be one of {known_units}")
    if not isinstance(source, str) or len(source.strip()) < 10:
        raise ModelError(f"{path}: {where} has no source: every value must say where it comes from")
    value_range = _range(path, where, raw, float(value))
    if value_range is None and needs_range and is_assumption_source(source):
        raise ModelError(
            f"{path}: {where} is an assumption (its source: {source[:60]!r}...) without a range: "
            'give "range": [low, high] and "range_source" (a source\'s bound, a physical bound or '
            "the spread of the analogous value in another source)"
        )
    range_source = raw.get("range_source") if value_range is not None else None
    return ModelValue(float(value), unit, source, value_range, range_source)


def _range(path: Path, where: str, raw: dict[str, Any], value: float) -> tuple[float, float] | None:
    """The entry's (low, high), checked: two numbers, low <= value <= high, with its reason."""
    if "range" not in raw:
        if "range_source" in raw:
            raise ModelError(f"{path}: {where}.range_source without a range")
        return None
    bounds = raw["range"]
    if (not isinstance(bounds, list) or len(bounds) != 2
            or any(isinstance(b, bool) or not isinstance(b, int | float) for b in bounds)):  # fmt: skip
        raise ModelError(f"{path}: {where}.range = {bounds!r}: must be [low, high], two numbers")
    low, high = float(bounds[0]), float(bounds[1])
    if not low <= value <= high:
        raise ModelError(
            f"{path}: {where}.range = {bounds!r} does not contain its value {value!r}"
        )
    if low < 0:
        raise ModelError(f"{path}: {where}.range = {bounds!r}: must not be negative")
    reason = raw.get("range_source")
    if not isinstance(reason, str) or len(reason.strip()) < 10:
        raise ModelError(f"{path}: {where} has a range without range_source: say why that range")
    return (low, high)


def _policy(path: Path, where: str, raw: object) -> ModelPolicy:
    if not isinstance(raw, dict):
        raise ModelError(f"{path}: {where} must be an object with type and source")
    type_name, source = raw.get("type"), raw.get("source")
    if not isinstance(type_name, str) or not type_name.startswith("ns3::"):
        raise ModelError(f"{path}: {where}.type = {type_name!r}: must name an ns-3 type (ns3::...)")
    if not isinstance(source, str) or len(source.strip()) < 10:
        raise ModelError(f"{path}: {where} has no source: every value must say where it comes from")
    return ModelPolicy(type_name, source)


def load_model(category: str, name: str, models_dir: Path = MODELS_DIR) -> HardwareModel:
    """Reads `models/<category>/<name>.json`, checking every entry."""
    path = models_dir / category / f"{name}.json"
    if not path.is_file():
        available = sorted(p.stem for p in (models_dir / category).glob("*.json"))
        raise ModelError(f"no {category} model {name!r} ({path}); available: {available}")
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise ModelError(f"{path}: not valid JSON: {error}") from None
    attributes: dict[str, dict[str, ModelValue]] = {}
    for kind, entries in raw.get("attributes", {}).items():
        if kind not in OBJECT_KINDS:
            raise ModelError(f"{path}: attributes.{kind}: object kind must be one of {OBJECT_KINDS}")
        attributes[kind] = {
            attribute: _entry(path, f"attributes.{kind}.{attribute}", entry, needs_range=True)
            for attribute, entry in entries.items()
        }
    facts = {key: _entry(path, f"facts.{key}", entry) for key, entry in raw.get("facts", {}).items()}
    policies: dict[str, dict[str, ModelPolicy]] = {}
    for kind, entries in raw.get("policies", {}).items():
        if kind not in OBJECT_KINDS:
            raise ModelError(f"{path}: policies.{kind}: object kind must be one of {OBJECT_KINDS}")
        policies[kind] = {
            attribute: _policy(path, f"policies.{kind}.{attribute}", entry)
            for attribute, entry in entries.items()
        }
    description = raw.get("description", "")
    if not isinstance(description, str) or not description:
        raise ModelError(f"{path}: needs a description")
    return HardwareModel(name, path, description, attributes, facts, policies)


Setter = Callable[[str, Any], None]


def apply_model(ns: NsNamespace, model: HardwareModel, setters: Mapping[str, Setter]) -> None:
    """Sets every attribute and policy of `model` through the setter of its object kind."""
    entries_by_kind: list[tuple[str, Mapping[str, ModelValue | ModelPolicy]]] = [
        *model.attributes.items(),
        *model.policies.items(),
    ]
    for kind, entries in entries_by_kind:
        if kind not in setters:
            raise ModelError(f"{model.path}: {kind} attributes do not apply to this experiment")
        for attribute, entry in entries.items():
            setters[kind](attribute, entry.to_ns3(ns))
