# SPDX-License-Identifier: GPL-2.0-only
"""Model overrides: a transfer run with some `models/` values replaced within their ranges.

A run's `model_overrides` (a `TransferParameters` field, given to `transfer_parameters` as a
mapping) name model entries by key, `models/<category>/<file>.json:<kind>.<attribute>`, for
example

    transfer_parameters(network="ethernet", ...,
                        model_overrides={"models/networks/mit-subnet-26.json:background.Load": 0.1})

Only an entry that states a range (`models.ModelValue.range`) may be overridden, and only with a
value inside it; the file must be one the run's network applies. Each value replaces the entry's
wherever that file is applied (a "both" file on both hosts); it is part of the run's store key,
and a run without overrides is keyed and simulated exactly as before overrides existed.
"""

from __future__ import annotations

import functools
import math
import numbers
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from netblt_sim.core.models import SWITCH_UNIT, HardwareModel, ModelValue
from netblt_sim.core.networks import Network

KEY_PREFIX = "models/"
KEY_SUFFIX = ".json"
# What a normalised set of overrides is: (key, value) pairs in key order.
Overrides = tuple[tuple[str, float], ...]


@dataclass(frozen=True)
class EntryKey:
    """Where a model entry is: `models/<category>/<name>.json:<kind>.<attribute>`."""

    category: str
    name: str
    kind: str
    attribute: str

    @property
    def text(self) -> str:
        return f"{KEY_PREFIX}{self.category}/{self.name}{KEY_SUFFIX}:{self.kind}.{self.attribute}"

    @property
    def short(self) -> str:
        """`<name>:<kind>.<attribute>`, for tables and plots."""
        return f"{self.name}:{self.kind}.{self.attribute}"


def entry_key(model: HardwareModel, kind: str, attribute: str) -> EntryKey:
    """The key of one entry of a loaded model file."""
    return EntryKey(model.path.parent.name, model.name, kind, attribute)


def _file_key(model: HardwareModel) -> str:
    return f"{KEY_PREFIX}{model.path.parent.name}/{model.name}{KEY_SUFFIX}"


_KEY_FORM = "models/<category>/<file>.json:<kind>.<attribute>"


def parse_key(text: object) -> EntryKey:
    """The EntryKey of its text; ValueError names the text and the form it must have."""
    if not isinstance(text, str):
        raise ValueError(f"model override key {text!r}: must be a string {_KEY_FORM}")
    return _parse_key_text(text)


@functools.lru_cache(maxsize=4096)
def _parse_key_text(text: str) -> EntryKey:
    # Cached: a design's every point names the same few keys.
    form = _KEY_FORM
    path, colon, entry = text.partition(":")
    kind, dot, attribute = entry.partition(".")
    parts = path.removeprefix(KEY_PREFIX).removesuffix(KEY_SUFFIX).split("/")
    if (not colon or not dot or not kind or not attribute or "." in attribute
            or not path.startswith(KEY_PREFIX) or not path.endswith(KEY_SUFFIX)
            or len(parts) != 2 or not all(parts)):  # fmt: skip
        raise ValueError(f"model override key {text!r}: must be {form}")
    return EntryKey(parts[0], parts[1], kind, attribute)


def normalise(raw: object) -> Overrides:
    """Overrides from a mapping of key to number (or (key, value) pairs), as sorted pairs of
    plain floats; ValueError names a bad key or value (what they may be is checked against a
    network by `check`)."""
    if isinstance(raw, Mapping):
        pairs: Iterable[object] = raw.items()
    elif isinstance(raw, tuple | list):
        pairs = raw
    else:
        raise ValueError(
            f"model_overrides = {raw!r}: must be a mapping of model entry keys to numbers"
        )
    values: dict[str, float] = {}
    for pair in pairs:
        if not isinstance(pair, tuple | list) or len(pair) != 2:
            raise ValueError(f"model_overrides: {pair!r} is not a (key, value) pair")
        key, value = pair
        text = parse_key(key).text
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise ValueError(f"model_overrides[{text!r}] = {value!r}: must be a number")
        if not math.isfinite(float(value)):
            raise ValueError(f"model_overrides[{text!r}] = {value!r}: must be finite")
        if text in values:
            raise ValueError(f"model_overrides: {text!r} given twice")
        values[text] = float(value)
    return tuple(sorted(values.items()))


def check(network: Network, overrides: Overrides) -> None:
    """ValueError naming the first override that `network` cannot take: a file it does not
    apply, an entry the file lacks, an entry without a range, a value outside the range."""
    models = {_file_key(model): model for model in network.models()} if overrides else {}
    for text, value in overrides:
        model, entry = _entry(network, models, parse_key(text))
        if entry.range is None:
            raise ValueError(
                f"model override {text!r}: the entry states no range, so it is not varied "
                f"(only entries with a range may be overridden; its value {entry.value:g} "
                f"{entry.unit} comes from: {entry.source[:80]})"
            )
        if entry.unit == SWITCH_UNIT and value not in (0, 1):
            raise ValueError(
                f"model override {text!r} = {value!r}: a switch is 0 (off) or 1 (on)"
            )
        low, high = entry.range
        if not low <= value <= high:
            raise ValueError(
                f"model override {text!r} = {value!r}: outside the entry's range "
                f"[{low:g}, {high:g}] {entry.unit} ({model.path.name}: {entry.range_source})"
            )


def _entry(network: Network, models: Mapping[str, HardwareModel], key: EntryKey
           ) -> tuple[HardwareModel, ModelValue]:  # fmt: skip
    path = f"{KEY_PREFIX}{key.category}/{key.name}{KEY_SUFFIX}"
    if path not in models:
        raise ValueError(
            f"model override {key.text!r}: network {network.name!r} does not apply {path}; it "
            f"applies {sorted(models)}"
        )
    model = models[path]
    entries = model.attributes.get(key.kind, {})
    if key.attribute not in entries:
        known = sorted(
            entry_key(model, kind, name).text
            for kind, values in model.attributes.items() for name in values
        )  # fmt: skip
        raise ValueError(f"model override {key.text!r}: no such entry; {path} has {known}")
    return model, entries[key.attribute]


def with_overrides(model: HardwareModel, overrides: Overrides) -> HardwareModel:
    """`model` with the values of the overrides that name its entries (itself if none do)."""
    mine = {}
    for text, value in overrides:
        key = parse_key(text)
        if entry_key(model, key.kind, key.attribute) == key:
            mine[(key.kind, key.attribute)] = value
    if not mine:
        return model
    attributes = {
        kind: {
            name: replace(entry, value=mine[(kind, name)]) if (kind, name) in mine else entry
            for name, entry in entries.items()
        }
        for kind, entries in model.attributes.items()
    }
    return replace(model, attributes=attributes)


def describe(overrides: Overrides) -> str:
    """The overrides as one line of text (a table cell): `key=value; ...`, or empty."""
    return "; ".join(f"{text}={value:g}" for text, value in overrides)
