# SPDX-License-Identifier: GPL-2.0-only
"""How much of a simulated figure rests on the models' assumptions: SALib's Morris screening and
Sobol indices over the ranges of `models/` (see `models`: every assumption states one), with
seeds as their own variance component.

- `factors(network, left_out)`: every entry with a range (low < high) of the `models/` files the
  network applies, as a `Factor` (its override key, range and nominal value); the host files'
  TCP costs only for TCP runs; `left_out` names entries to leave at their values (a scenario says
  why: for example the PC/AT's receive costs on the Wideband path, whose receiver is the SUN-3).
- `morris_sample(factors, trajectories, levels, seed)` and `sobol_sample(factors, n, seed)`: the
  points, in the factors' own units (SALib's samples scaled to the ranges).
- `point_parameters(base, factors, point, seed)`: one transfer of a configuration at a point, its
  values given as `model_overrides`; `run_points` runs a configuration's points through an
  executor (a Dask cluster with `client=` or `workers=`, and the result store: an analysis
  stopped and started again simulates only the runs it had not finished).
- `morris_indices(factors, sample, outputs, levels)`: per factor μ* (the mean absolute
  elementary effect), μ and σ. SALib divides each output difference by the step in the
  normalised [0, 1] unit, so μ* is in the output's unit per whole range: for an output linear in
  one factor, μ* = slope x (high - low) (scripts/tests/test_uncertainty.py). `sobol_indices`:
  first-order and total indices (S1, ST).
- `common_seed_floor(factors, points, outputs, again, levels)`: the μ* a factor without any
  effect shows when every point runs with one common seed (common random numbers), measured:
  the elementary effects of some trajectories under two common seeds differ only by the seeds'
  noise (`effect_differences`), E|d| / √2 (`absolute_floor`). Below it, a factor's effect is
  not told from the seeds'. `normal_floor(differences)`: what normal noise of the same mean
  square would give, which a heavy tail inflates. `seed_noise_floor(seed_sd, levels)`: what the floor would be with a seed per
  point (each elementary effect the difference of two independent seeds' outputs over the
  step), from the seeds' spread at the nominal point, or from `seed_spread(outputs, again)` at
  the points run with both seeds: the measured floor beside the latter says how much of the
  seeds' noise the common seed takes out of the elementary effects (how far it keeps the runs
  of a step aligned).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from netblt_sim.core.networks import get_network
from netblt_sim.core.overrides import entry_key
from netblt_sim.core.parameters import TransferParameters, transfer_parameters

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from netblt_sim.batch.executor import TransferExecutor

# The host files' kinds that only TCP runs apply.
TCP_ONLY_KINDS: tuple[str, ...] = ("tcp",)


@dataclass(frozen=True)
class Factor:
    """One model entry varied over its range."""

    key: str  # the override key (`overrides`): models/<category>/<file>.json:<kind>.<attribute>
    name: str  # short: <file>:<kind>.<attribute>
    low: float
    high: float
    nominal: float
    unit: str
    range_source: str


def factors(network: str, left_out: Iterable[str] = (), protocol: str = "netblt") -> list[Factor]:
    """Every entry with a range of `network`'s model files (see the module's text), in file
    order; ValueError names a `left_out` key that is not one of them."""
    found = []
    for model in get_network(network).models():
        for kind, entries in model.attributes.items():
            if kind in TCP_ONLY_KINDS and protocol != "tcp":
                continue
            for attribute, entry in entries.items():
                if entry.range is None or entry.range[0] == entry.range[1]:
                    continue
                key = entry_key(model, kind, attribute)
                found.append(Factor(key.text, key.short, entry.range[0], entry.range[1],
                                    entry.value, entry.unit, entry.range_source or ""))  # fmt: skip
    skipped = set(left_out)
    unknown = skipped - {factor.key for factor in found}
    if unknown:
        raise ValueError(
            f"left_out {sorted(unknown)}: not a ranged entry of network {network!r}'s models "
            f"(those are {[factor.key for factor in found]})"
        )
    return [factor for factor in found if factor.key not in skipped]


def problem(factors_: Sequence[Factor]) -> dict[str, object]:
    """SALib's problem of the factors: their names and ranges."""
    return {
        "num_vars": len(factors_),
        "names": [factor.key for factor in factors_],
        "bounds": [[factor.low, factor.high] for factor in factors_],
    }


def morris_sample(
    factors_: Sequence[Factor], trajectories: int, levels: int, seed: int
) -> NDArray[np.float64]:
    """Morris's trajectories: trajectories x (factors + 1) points, one per row, in the factors'
    units (each value on one of `levels` evenly spaced levels of its range)."""
    from SALib.sample import morris  # noqa: PLC0415 - SALib only for an analysis

    points = morris.sample(problem(factors_), trajectories, num_levels=levels, seed=seed)
    return np.asarray(points, dtype=np.float64)


def sobol_sample(factors_: Sequence[Factor], n: int, seed: int) -> NDArray[np.float64]:
    """Saltelli's sample for first-order and total Sobol indices: n x (factors + 2) points (`n`
    a power of two)."""
    from SALib.sample import sobol  # noqa: PLC0415

    points = sobol.sample(problem(factors_), n, calc_second_order=False, seed=seed)
    return np.asarray(points, dtype=np.float64)


def point_parameters(
    base: Mapping[str, object], factors_: Sequence[Factor], point: Sequence[float], seed: int
) -> TransferParameters:
    """The transfer `base` (transfer_parameters' keywords) at one point of the factors, with
    `seed`."""
    values = {factor.key: float(value) for factor, value in zip(factors_, point, strict=True)}
    return transfer_parameters(**base, seed=seed, model_overrides=values)


def run_points(
    base: Mapping[str, object],
    factors_: Sequence[Factor],
    points: NDArray[np.float64],
    seeds: Sequence[int],
    label: str | None,
    executor: TransferExecutor | None = None,
) -> NDArray[np.float64]:
    """The steady-state throughput (Mbit/s) of `base` at each point, with the seed of the same
    index, through `executor` (see `executor.run_transfers`)."""
    from netblt_sim.batch.executor import run_transfers  # noqa: PLC0415

    runs = [point_parameters(base, factors_, point, seed)
            for point, seed in zip(points, seeds, strict=True)]  # fmt: skip
    records = run_transfers(runs, label, executor)
    return np.array([record.steady_state_mbps for record in records], dtype=np.float64)


@dataclass(frozen=True)
class MorrisIndices:
    """Morris's measures per factor, in the output's unit per whole range."""

    mu_star: tuple[float, ...]
    mu: tuple[float, ...]
    sigma: tuple[float, ...]

    def shares(self) -> tuple[float, ...]:
        """Each factor's μ* as a fraction of their sum (0 each if every μ* is 0)."""
        total = sum(self.mu_star)
        return tuple(m / total if total > 0 else 0.0 for m in self.mu_star)


def morris_indices(
    factors_: Sequence[Factor],
    sample: NDArray[np.float64],
    outputs: NDArray[np.float64],
    levels: int,
) -> MorrisIndices:
    """μ*, μ and σ of each factor from a Morris sample and its outputs."""
    from SALib.analyze import morris  # noqa: PLC0415

    result = morris.analyze(problem(factors_), sample, outputs, num_levels=levels,
                            num_resamples=100, seed=1)  # fmt: skip
    return MorrisIndices(*(tuple(float(v) for v in result[name])
                           for name in ("mu_star", "mu", "sigma")))  # fmt: skip


@dataclass(frozen=True)
class SobolIndices:
    """First-order and total Sobol indices per factor, with their 95 % confidence halves."""

    first: tuple[float, ...]
    total: tuple[float, ...]
    first_conf: tuple[float, ...]
    total_conf: tuple[float, ...]


def sobol_indices(
    factors_: Sequence[Factor], outputs: NDArray[np.float64], seed: int
) -> SobolIndices:
    """S1 and ST of each factor from the outputs of `sobol_sample`'s points."""
    from SALib.analyze import sobol  # noqa: PLC0415

    result = sobol.analyze(problem(factors_), outputs, calc_second_order=False,
                           num_resamples=100, seed=seed)  # fmt: skip
    return SobolIndices(*(tuple(float(v) for v in result[name])
                          for name in ("S1", "ST", "S1_conf", "ST_conf")))  # fmt: skip


def normalised_levels(
    factors_: Sequence[Factor], points: NDArray[np.float64]
) -> NDArray[np.float64]:
    """Each point's value of each factor as a fraction of its range: 0 at the low end, 1 at the
    high end."""
    lows = np.array([f.low for f in factors_])
    spans = np.array([f.high - f.low for f in factors_])
    levels: NDArray[np.float64] = (points - lows) / spans
    return levels


def step(levels: int) -> float:
    """Morris's step in the normalised unit (SALib's delta): levels / (2 (levels - 1))."""
    return levels / (2 * (levels - 1))


def seed_noise_floor(seed_sd: float, levels: int) -> float:
    """The expected μ* of a factor without effect when each point has its own seed: E|Δy| / Δ
    with Δy the difference of two independent outputs of standard deviation `seed_sd`,
    E|Δy| = 2 seed_sd / √π."""
    return 2.0 * seed_sd / math.sqrt(math.pi) / step(levels)


def common_seed_floor(
    factors_: Sequence[Factor],
    points: NDArray[np.float64],
    outputs: NDArray[np.float64],
    again: NDArray[np.float64],
    levels: int,
) -> float:
    """The expected μ* of a factor without effect when every point runs with one common seed,
    measured rather than assumed: a common seed cancels from an elementary effect only as far
    as the two runs of a step stay aligned, which no formula knows.

    `points` are whole Morris trajectories (`morris_sample`'s rows, factors + 1 per trajectory),
    `outputs` their outputs with one common seed and `again` with another. The factors' effect
    on a step is the same under both seeds, so each of `effect_differences` d = EE_1 - EE_2 is
    the difference of two independent noises, and a factor without effect has μ* = E|noise|,
    which lies between E|d| / 2 and E|d| whatever the noise's distribution. The floor is
    E|d| / √2 (`absolute_floor`), E|noise| exactly for normal noise; σ_EE √(2/π) from the mean
    square (`normal_floor`), the same for normal noise, overshoots the whole bracket where a few
    steps carry most of the noise (a run that stalls under one seed and not the other), as the
    tables' do. NaN if no step is left. With a seed per point this is `seed_noise_floor`; with
    runs the seed does not touch, 0."""
    return absolute_floor(effect_differences(factors_, points, outputs, again, levels))


def absolute_floor(differences: NDArray[np.float64]) -> float:
    """The floor from the mean absolute `effect_differences`, E|d| / √2 (see
    `common_seed_floor`); NaN if there are none."""
    return float(np.mean(np.abs(differences))) / math.sqrt(2) if differences.size else math.nan


def normal_floor(differences: NDArray[np.float64]) -> float:
    """The floor normal noise would have for the same mean square `effect_differences`:
    σ_EE √(2/π) with σ_EE² = mean(d²) / 2; NaN if there are none. Beside `absolute_floor` it
    says how heavy the noise's tail is."""
    if not differences.size:
        return math.nan
    return math.sqrt(float(np.mean(differences**2)) / 2) * math.sqrt(2 / math.pi)


def effect_differences(
    factors_: Sequence[Factor],
    points: NDArray[np.float64],
    outputs: NDArray[np.float64],
    again: NDArray[np.float64],
    levels: int,
) -> NDArray[np.float64]:
    """Per step j of each trajectory of `points` (one factor moves, by Δ in the normalised unit,
    signed, SALib's step), the elementary effect EE_r = (y_r[j+1] - y_r[j]) / Δ under `outputs`'
    seed less that under `again`'s; a step with a failed run (NaN) is left out."""
    size = len(factors_) + 1
    if len(points) % size or outputs.shape != (len(points),) or again.shape != outputs.shape:
        raise ValueError(f"{len(points)} points, {outputs.shape} and {again.shape} outputs: "
                         f"need whole trajectories of {size} points, one output each")  # fmt: skip
    moves = np.diff(normalised_levels(factors_, points).reshape(-1, size, len(factors_)), axis=1)
    signs = np.sign(moves.sum(axis=2))  # one factor moves per step
    delta = np.where(signs == 0, np.nan, signs * step(levels))
    differences = (np.diff(outputs.reshape(-1, size), axis=1)
                   - np.diff(again.reshape(-1, size), axis=1)) / delta  # fmt: skip
    kept: NDArray[np.float64] = differences[~np.isnan(differences)]
    return kept


def seed_spread(outputs: NDArray[np.float64], again: NDArray[np.float64]) -> float:
    """The standard deviation of a run's output between seeds at the points run with two seeds
    (`outputs` with one, `again` with the other): √(mean((y_1 - y_2)²) / 2), a point with a
    failed run (NaN) left out; NaN if none is left. `seed_noise_floor` of it is the floor a seed
    per point would give at those points."""
    differences = outputs - again
    kept = differences[~np.isnan(differences)]
    return math.sqrt(float(np.mean(kept**2)) / 2) if kept.size else float("nan")
