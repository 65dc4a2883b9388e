# SPDX-License-Identifier: GPL-2.0-only
"""Scenarios of kind "calibration" (`scenarios/calibration.json`): one vector of model values for
every table, searched by history matching (`history_matching`) over the ranges `models/`
states, or the proof that none brings every configuration in bounds.

The file names a bands scenario (`bands`), whose tables, factors and held-out claims it takes:

- the factors: the union over the tables of the factors the bands vary (each table's network's
  ranged entries less the bands' `left_out`), with the switches the bands leave out to measure
  on their own put back (an entry whose unit is `switch`, or one the file's `options` names with
  why it takes only its range's ends). One value per factor applies to every table whose
  network applies its file; an entry the bands leave out on a table for another reason (the
  3C500's re-arm cost on the Wideband path, which leaves its transfers unopened) stays at its
  value there, as the bands' file says why;
- the measure per configuration (`CalibrationScenario.targets`): its published median SPEED
  within the table's `throughput_target_pct`, with the published rows' spread as that median's
  variance, and each published count (#LOSS, #RXM, DTMOS) within the table's `count_range`
  of the published ones, on a log(1 + count) scale;
- the held-out checks: the bands' `claims` (RFC 1030's claims of its text, §6 and §7), never
  used by the search, reported at the best vectors.

Every point runs each configuration once per `seeds` seed (seed `seed_base` + seed, the same
seeds at every point: common random numbers), stopped at `max_simulated_s`. `waves` are the
waves' sizes, `candidates` how many points each wave's emulator judges, `cutoff` the
implausibility bound, `design_seed` the designs' random generator's seed, `best` how many best
vectors are run on the tables' own rows and the held-out checks.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np
import pandas as pd

from netblt_sim.core.models import COUNT_UNITS, SWITCH_UNIT
from netblt_sim.reporting.findings import json_object
from netblt_sim.scenarios.bands.report import configuration_text
from netblt_sim.scenarios.bands.scenario import BandsScenario, configurations
from netblt_sim.scenarios.bands.uncertainty import Factor, factors
from netblt_sim.scenarios.calibration.design import Dimension
from netblt_sim.scenarios.calibration.history_matching import SearchSettings, Target
from netblt_sim.scenarios.table.scenario import CONFIGURATION_COLUMNS, COUNTS, TableScenario

CALIBRATION_KIND = "calibration"
CALIBRATION_KEYS: tuple[str, ...] = ("kind", "title", "description", "bands", "options")
CALIBRATION_KEYS += ("seeds", "seed_base", "waves", "candidates", "cutoff", "design_seed", "best")
CALIBRATION_KEYS += ("max_simulated_s",)
SPEED = "speed"
# A value is kept to this many significant digits: a design's point is a model file's entry.
SIGNIFICANT_DIGITS = 6


@dataclass(frozen=True)
class CalibrationFactor:
    """A factor of the search: a ranged entry, and whether it takes only its range's ends."""

    factor: Factor
    two_valued: bool

    def value(self, coordinate: float) -> float:
        """The entry's value at a coordinate of the unit cube: an end for a two-valued factor,
        a whole number for a count, else kept to `SIGNIFICANT_DIGITS`."""
        low, high = self.factor.low, self.factor.high
        if self.two_valued:
            return high if coordinate >= 0.5 else low
        value = low + coordinate * (high - low)
        if self.factor.unit in COUNT_UNITS:
            return float(round(value))
        return float(f"{value:.{SIGNIFICANT_DIGITS}g}")

    def coordinate(self, value: float) -> float:
        """The coordinate of a value (the nominal's, for example)."""
        return (value - self.factor.low) / (self.factor.high - self.factor.low)


@dataclass(frozen=True)
class CalibrationScenario:
    """A joint calibration of the tables of a bands scenario (see the module's text)."""

    name: str
    title: str
    description: str
    bands: BandsScenario
    options: Mapping[str, str]  # factor key -> why it takes only its range's ends
    seeds: tuple[int, ...]
    seed_base: int
    settings: SearchSettings
    best: int
    max_simulated_s: float

    @property
    def tables(self) -> tuple[TableScenario, ...]:
        return self.bands.tables

    def network_keys(self, network: str) -> list[str]:
        """The factor keys a run on `network` takes: a table's on that network, else the
        network's ranged entries less the bands' `left_out` for it, the two-valued put back."""
        table = next((t for t in self.tables if t.network == network), None)
        left_out = self.bands.left_out.get(table.name if table else network, {})
        every = factors(network)
        return [f.key for f in every if f.key not in left_out or self._two_valued(f)]

    def factors(self) -> list[CalibrationFactor]:
        """Every factor of the search: the union of the tables' keys, in table order."""
        return list(self._factors)

    @cached_property
    def _factors(self) -> tuple[CalibrationFactor, ...]:
        # Every run of a search asks (`overrides`): read the model files once.
        found: dict[str, CalibrationFactor] = {}
        for table in self.tables:
            keys = set(self.network_keys(table.network))
            for factor in factors(table.network):
                if factor.key in keys and factor.key not in found:
                    found[factor.key] = CalibrationFactor(factor, self._two_valued(factor))
        return tuple(found.values())

    def dimensions(self) -> list[Dimension]:
        return [Dimension(f.factor.name, f.two_valued) for f in self.factors()]

    def _two_valued(self, factor: Factor) -> bool:
        return factor.unit == SWITCH_UNIT or factor.key in self.options

    def overrides(self, network: str, point: np.ndarray) -> dict[str, float]:
        """A run's `model_overrides` on `network` at a point of the unit cube."""
        keys = set(self.network_keys(network))
        return {f.factor.key: f.value(float(u))
                for f, u in zip(self._factors, point, strict=True) if f.factor.key in keys}  # fmt: skip

    def nominal_point(self) -> np.ndarray:
        """The models as they are, as a point of the unit cube."""
        return np.array([f.coordinate(f.factor.nominal) for f in self.factors()])

    def targets(self) -> list[Target]:
        """Each configuration's outputs and what they should be (`outputs`)."""
        return [output.target for output in self.outputs()]

    def outputs(self) -> list[Output]:
        """Each configuration's outputs and what they should be (see the module's text), table
        by table, configuration by configuration: SPEED, then each published count."""
        keys = [f.factor.key for f in self.factors()]
        found = []
        for t, table in enumerate(self.tables):
            inputs = tuple(keys.index(k) for k in self.network_keys(table.network) if k in keys)
            published = table.published()
            grouped = published.groupby(list(CONFIGURATION_COLUMNS), sort=False)
            pooled = _pooled_relative_variance(grouped["speed_mbps"])
            tolerance = table.throughput_target_pct / 100
            low, high = table.count_range.low, table.count_range.high
            for j, ((_, rows), (_, configuration)) in enumerate(
                    zip(grouped, configurations(table).iterrows(), strict=True)):  # fmt: skip
                group = f"{table.name}: {configuration_text(configuration.to_dict())}"
                median = float(configuration["published_median"])
                found.append(Output(t, j, SPEED, Target(
                    f"{group}: {SPEED}", group, median * (1 - tolerance),
                    median * (1 + tolerance), _median_variance(rows["speed_mbps"], pooled),
                    inputs)))  # fmt: skip
                for count in COUNTS:
                    if rows[count].isna().all():
                        continue  # a count the table does not publish (Table IV's DTMOS)
                    found.append(Output(t, j, count, Target(
                        f"{group}: {count}", group, math.log1p(low * float(rows[count].min())),
                        math.log1p(high * float(rows[count].max())), 0.0, inputs)))  # fmt: skip
        return found


@dataclass(frozen=True)
class Output:
    """A target of the search and where its figure comes from: the `table`-th table's
    `configuration`-th configuration's `quantity` (SPEED or a count of `COUNTS`)."""

    table: int
    configuration: int
    quantity: str
    target: Target


def _median_variance(rows: pd.Series, pooled_relative: float) -> float:
    """The variance of a configuration's published median SPEED: its rows' variance over their
    number (times π/2, a median's efficiency, from three rows); one row: the table's pooled
    relative variance times the row squared."""
    values = rows.to_numpy(dtype=np.float64)
    if len(values) == 1:
        return float(pooled_relative * values[0] ** 2)
    efficiency = math.pi / 2 if len(values) >= 3 else 1.0
    return float(np.var(values, ddof=1) / len(values) * efficiency)


def _pooled_relative_variance(speeds: Iterable[tuple[object, pd.Series]]) -> float:
    """The mean of (sd / median)^2 over the configurations (name, rows) with at least two
    rows."""
    relative = [float(np.var(g, ddof=1) / np.median(g) ** 2) for _, g in speeds if len(g) > 1]
    return float(np.mean(relative)) if relative else 0.0


def _whole(where: str, raw: object, lowest: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < lowest:
        raise ValueError(f"{where} = {raw!r}: must be a whole number, at least {lowest}")
    return raw


def parse_calibration(path: Path, raw: object, bands: object) -> CalibrationScenario:
    """The calibration scenario of file `path` from its contents and the bands scenario it
    names (parsed by the loader); ValueError names a bad entry."""
    entry = json_object(str(path), raw, CALIBRATION_KEYS, CALIBRATION_KEYS)
    if not isinstance(bands, BandsScenario):
        raise ValueError(f"{path}: bands = {entry['bands']!r}: must name a scenario of kind bands")
    options = entry["options"]
    if not isinstance(options, dict) or not all(isinstance(w, str) and w for w in options.values()):
        raise ValueError(f"{path}: options: must map a factor key to why it takes only its "
                         "range's ends")  # fmt: skip
    seeds = entry["seeds"]
    if not isinstance(seeds, list) or len(seeds) < 2 or len(set(seeds)) < len(seeds):
        raise ValueError(f"{path}: seeds = {seeds!r}: must list at least two distinct seeds "
                         "(the seeds' variance needs two)")  # fmt: skip
    waves = entry["waves"]
    if not isinstance(waves, list) or not waves:
        raise ValueError(f"{path}: waves = {waves!r}: must list each wave's number of points")
    cutoff = entry["cutoff"]
    if isinstance(cutoff, bool) or not isinstance(cutoff, int | float) or not cutoff > 0:
        raise ValueError(f"{path}: cutoff = {cutoff!r}: must be a positive number")
    scenario = CalibrationScenario(
        name=path.stem, title=str(entry["title"]), description=str(entry["description"]),
        bands=bands, options=options,
        seeds=tuple(_whole(f"{path}: seeds[{i}]", s, 1) for i, s in enumerate(seeds)),
        seed_base=_whole(f"{path}: seed_base", entry["seed_base"], 0),
        settings=SearchSettings(
            waves=tuple(_whole(f"{path}: waves[{i}]", w, 2) for i, w in enumerate(waves)),
            candidates=_whole(f"{path}: candidates", entry["candidates"], 1),
            cutoff=float(cutoff), seed=_whole(f"{path}: design_seed", entry["design_seed"], 0)),
        best=_whole(f"{path}: best", entry["best"], 1),
        max_simulated_s=float(_whole(f"{path}: max_simulated_s", entry["max_simulated_s"], 1)),
    )  # fmt: skip
    known = {f.factor.key for f in scenario.factors()} | {
        f.key for t in scenario.tables for f in factors(t.network)}  # fmt: skip
    unknown = sorted(set(options) - known)
    if unknown:
        raise ValueError(f"{path}: options names {unknown}: not a ranged entry of the tables' "
                         f"networks ({sorted(known)})")  # fmt: skip
    groups = {t.group for t in scenario.targets()}
    if max(scenario.settings.waves[1:], default=len(groups)) < len(groups):
        raise ValueError(f"{path}: waves = {waves}: a wave after the first needs at least one "
                         f"point per configuration ({len(groups)})")  # fmt: skip
    return scenario
