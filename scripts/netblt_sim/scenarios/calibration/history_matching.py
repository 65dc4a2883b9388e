# SPDX-License-Identifier: GPL-2.0-only
"""History matching (Craig et al. 1997; Vernon et al. 2010): the region of a simulator's inputs
where every output agrees with its observation within their stated uncertainties, found in
waves, or the proof that there is none and which outputs no input reaches.

The simulator is any function of points of the unit cube (one coordinate per factor,
`design.Dimension`) to outputs per point and seed: `simulate(points, wave)` returns an array of
points x seeds x outputs. Every point of every wave runs the same seeds (common random numbers),
so that two points differ by their inputs and not by their seeds.

Each output has a `Target`: an interval it should lie in (a published figure widened by the
tolerance its table states, or a published range widened by its count factor), the variance of
the published figure itself, and the group it belongs to (a configuration of a table, in bounds
when all of its outputs are). The implausibility of an output at a point is how far the
expected simulated value lies outside its interval, in standard deviations of everything
uncertain about that distance:

    I(x) = dist(E[f(x)], [low, high]) / sqrt(V_obs + V_seed / seeds + V_em(x))

with V_obs the published figure's variance, V_seed the seeds' variance of the output (pooled
over every simulated point) and V_em the emulator's variance (0 at a simulated point). A group's
implausibility is the largest of its outputs'; a point is non-implausible when every group's is
at most `cutoff` (3, Pukelsheim's three-sigma rule for a unimodal distribution).

`history_match` runs the waves: the first a Latin hypercube over the whole cube; each next one
chosen among candidates (scrambled Sobol points over the whole cube, and as many scattered about
the least implausible points simulated so far) by an emulator (`emulator.Emulator`) fitted on
every point simulated so far: for each group the candidate it finds least implausible for that
group alone (so that how close each group can come is simulated, not only predicted), then the
candidates it leaves non-implausible for every group, spread out (`design.spread`), or, if it
leaves fewer, the least implausible ones. A group that no simulated point and no candidate
brings within the cutoff even alone is set aside from then on (its mismatch is the model's, not
any input's), and the waves refocus on the region of the others. After the last wave a last
emulator judges a fresh set of candidates: the share of the uniform ones it leaves
non-implausible is the region's share of the cube.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from netblt_sim.scenarios.calibration.design import (
    Dimension,
    around,
    latin_hypercube,
    snap,
    sobol_points,
    spread,
)
from netblt_sim.scenarios.calibration.emulator import Emulator

if TYPE_CHECKING:
    from numpy.typing import NDArray

# Points x seeds x outputs from points of the unit cube, in the wave numbered (from 1).
Simulator = Callable[["NDArray[np.float64]", int], "NDArray[np.float64]"]
# The least implausible simulated points that candidates are scattered about.
CENTRES = 16
# The emulators' hyperparameters are fitted on at most this many of the least implausible
# simulated points: the fit's cost grows as the cube of their number (157 outputs on 27 factors:
# 21 s on 192 points, 88 s on 320, 147 s on 448).
TUNING_POINTS = 192
# Standardised prediction errors of a new wave within this many standard deviations count as
# the emulator validated there (the three-sigma rule again).
VALIDATION_SD = 3.0


@dataclass(frozen=True)
class Target:
    """What one output should be: in [low, high], the published figure's variance, the group
    (configuration) it belongs to and the coordinates it depends on."""

    name: str
    group: str
    low: float
    high: float
    observation_variance: float
    inputs: tuple[int, ...]


@dataclass(frozen=True)
class SearchSettings:
    """The waves' sizes, the candidates each emulator judges, the cutoff and the design's
    seed; `local_share` of the candidates are scattered about the least implausible points,
    with a step of `local_scale` in each coordinate."""

    waves: tuple[int, ...]
    candidates: int
    cutoff: float = 3.0
    seed: int = 0
    local_share: float = 0.5
    local_scale: float = 0.1


@dataclass
class Wave:
    """One wave: its points and outputs; for a wave chosen by an emulator, the groups set aside
    (no simulated point and no candidate brought them within the cutoff, even alone), the
    share of the uniform candidates that emulator left non-implausible for every other group,
    and the share of this wave's outputs it predicted within `VALIDATION_SD` standard
    deviations."""

    number: int
    points: NDArray[np.float64]
    outputs: NDArray[np.float64]  # points x seeds x outputs
    region_share: float | None = None
    validated: float | None = None
    set_aside: tuple[str, ...] = ()


def implausibility(mean: NDArray[np.float64], variance: NDArray[np.float64],
                   targets: Sequence[Target], seed_variance: NDArray[np.float64],
                   seeds: int) -> NDArray[np.float64]:  # fmt: skip
    """Each output's implausibility (a row per point, a column per target) for expected values
    `mean` with emulator variance `variance`; an unknown value (NaN) is infinitely
    implausible, a value inside its interval 0."""
    low = np.array([t.low for t in targets])
    high = np.array([t.high for t in targets])
    observed = np.array([t.observation_variance for t in targets])
    distance = np.maximum(low - mean, 0.0) + np.maximum(mean - high, 0.0)
    total = observed + seed_variance / seeds + variance
    with np.errstate(divide="ignore", invalid="ignore"):
        scaled = np.where(distance > 0, distance / np.sqrt(total), 0.0)
    return np.where(np.isnan(mean), np.inf, scaled)


@dataclass
class Search:
    """What a history match found (see the module's text)."""

    dimensions: list[Dimension]
    targets: list[Target]
    settings: SearchSettings
    waves: list[Wave]
    seed_variance: NDArray[np.float64]  # per output, pooled over every simulated point
    candidates: NDArray[np.float64]  # the last emulator's candidates, uniform ones first
    uniform: int  # how many of them are uniform
    candidate_implausibility: NDArray[np.float64]  # candidates x groups
    emulator: Emulator  # the last, fitted on every simulated point
    groups: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.groups = group_names(self.targets)

    @property
    def points(self) -> NDArray[np.float64]:
        """Every simulated point, wave by wave."""
        return np.concatenate([w.points for w in self.waves])

    @property
    def wave_numbers(self) -> NDArray[np.intp]:
        """Every simulated point's wave."""
        return np.concatenate([np.full(len(w.points), w.number) for w in self.waves])

    @property
    def medians(self) -> NDArray[np.float64]:
        """Every simulated point's median over the seeds, per output."""
        return medians(np.concatenate([w.outputs for w in self.waves]))

    def group_implausibility(self) -> NDArray[np.float64]:
        """Each simulated point's implausibility per group (its outputs' largest), by its own
        runs."""
        return point_implausibility(np.concatenate([w.outputs for w in self.waves]),
                                    self.targets, self.groups, self.seed_variance)  # fmt: skip

    def non_implausible(self, leave_out: Collection[str] = ()) -> NDArray[np.intp]:
        """The simulated points at which every group (but those of `leave_out`) is
        non-implausible."""
        worst = self._kept(self.group_implausibility(), leave_out).max(axis=1)
        return np.flatnonzero(worst <= self.settings.cutoff)

    def region_share(self, leave_out: Collection[str] = ()) -> float:
        """The share of the cube the last emulator leaves non-implausible (its uniform
        candidates), every group but those of `leave_out` considered."""
        judged = self._kept(self.candidate_implausibility[: self.uniform], leave_out)
        return float(np.mean(judged.max(axis=1) <= self.settings.cutoff))

    def region(self, leave_out: Collection[str] = ()) -> NDArray[np.float64]:
        """The non-implausible points (every group but those of `leave_out`): every candidate
        the last emulator leaves and every simulated point that is by its own runs."""
        worst = self._kept(self.candidate_implausibility, leave_out).max(axis=1)
        chosen = self.candidates[worst <= self.settings.cutoff]
        return np.concatenate([chosen, self.points[self.non_implausible(leave_out)]])

    def _kept(self, values: NDArray[np.float64], leave_out: Collection[str]
              ) -> NDArray[np.float64]:  # fmt: skip
        """The columns of groups not in `leave_out` (every group must not be left out)."""
        kept = _kept_columns(self.groups, leave_out)
        if not kept:
            raise ValueError("every group is left out: nothing to judge a point by")
        return values[:, kept]

    def smallest(self) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """Per group, the smallest implausibility at a simulated point and among the last
        emulator's candidates."""
        return (self.group_implausibility().min(axis=0),
                self.candidate_implausibility.min(axis=0))  # fmt: skip

    def ranked(self) -> NDArray[np.intp]:
        """The simulated points, best first: the most groups non-implausible, then the most in
        bounds (implausibility 0: every output's median inside its interval), then the smallest
        largest implausibility."""
        groups = self.group_implausibility()
        inside = (groups == 0).sum(axis=1)
        held = (groups <= self.settings.cutoff).sum(axis=1)
        return np.lexsort((groups.max(axis=1), -inside, -held)).astype(np.intp)

    def judge(self, points: NDArray[np.float64]) -> NDArray[np.float64]:
        """Each point's implausibility per group by the last emulator."""
        return _judged(self.emulator, points, self.targets, self.groups, self.seed_variance,
                       self.waves[0].outputs.shape[1])  # fmt: skip

    def pulls(self, group: str, at: NDArray[np.float64], count: int = 2) -> list[Pull]:
        """What pulls `group` against the others at point `at`, by the last emulator: each
        coordinate moved alone to either end of the cube; the moves that make the group less
        implausible and put other groups over the cutoff that were not, the group's lowest
        implausibility first."""
        column = self.groups.index(group)
        cutoff = self.settings.cutoff
        moved = []
        for index in range(len(self.dimensions)):
            for end in (0.0, 1.0):
                if at[index] != end:
                    point = at.copy()
                    point[index] = end
                    moved.append((index, end, point))
        if not moved:
            return []
        judged = self.judge(np.stack([at, *(point for _, _, point in moved)]))
        within = np.delete(judged <= cutoff, column, axis=1)
        names = [g for g in self.groups if g != group]
        found = []
        for k, (index, end, _) in enumerate(moved, start=1):
            lost = [names[i] for i in np.flatnonzero(within[0] & ~within[k])]
            if judged[k, column] < judged[0, column] and lost:
                found.append(Pull(index, end, float(judged[0, column]),
                                  float(judged[k, column]), tuple(lost)))  # fmt: skip
        found.sort(key=lambda pull: (pull.own_after, len(pull.others_lost)))
        return found[:count]


@dataclass(frozen=True)
class Pull:
    """Coordinate `index` moved to `end` (0 or 1) from a point: the group's implausibility
    before and after, and the other groups it puts over the cutoff, by the emulator."""

    index: int
    end: float
    own_before: float
    own_after: float
    others_lost: tuple[str, ...]


def group_names(targets: Sequence[Target]) -> list[str]:
    """The targets' groups, in the order they first come."""
    return list(dict.fromkeys(t.group for t in targets))


def point_implausibility(outputs: NDArray[np.float64], targets: Sequence[Target],
                         groups: Sequence[str], seed_variance: NDArray[np.float64]
                         ) -> NDArray[np.float64]:  # fmt: skip
    """Each simulated point's implausibility per group by its own runs (`outputs`: points x
    seeds x outputs), its median over the seeds taken as the expected value."""
    values = medians(outputs)
    return by_group(implausibility(values, np.zeros_like(values), targets, seed_variance,
                                   outputs.shape[1]), targets, groups)  # fmt: skip


def medians(outputs: NDArray[np.float64]) -> NDArray[np.float64]:
    """The median over the seeds (axis 1); NaN where a seed's run failed."""
    return np.asarray(np.median(outputs, axis=1), dtype=np.float64)


def by_group(values: NDArray[np.float64], targets: Sequence[Target], groups: Sequence[str]
             ) -> NDArray[np.float64]:  # fmt: skip
    """Per group, the largest of its outputs' columns."""
    columns = [[i for i, t in enumerate(targets) if t.group == g] for g in groups]
    return np.stack([values[:, chosen].max(axis=1) for chosen in columns], axis=1)


def pooled_seed_variance(outputs: NDArray[np.float64]) -> NDArray[np.float64]:
    """Per output, the seeds' variance at a point averaged over the points (failed runs left
    out)."""
    with np.errstate(invalid="ignore"):
        per_point = np.nanvar(outputs, axis=1, ddof=1)
    return np.asarray(np.nan_to_num(np.nanmean(per_point, axis=0)), dtype=np.float64)


def history_match(dimensions: Sequence[Dimension], targets: Sequence[Target],
                  simulate: Simulator, settings: SearchSettings) -> Search:  # fmt: skip
    """Runs the waves of `settings` (see the module's text) and the last emulator's judgement;
    ValueError names settings it cannot run."""
    if not settings.waves or min(settings.waves) < 2:
        raise ValueError(f"waves = {settings.waves}: must list at least one wave of 2 points")
    if settings.candidates < 1 or settings.cutoff <= 0:
        raise ValueError(f"candidates = {settings.candidates}, cutoff = {settings.cutoff}: "
                         "must be positive")  # fmt: skip
    dimensions, targets = list(dimensions), list(targets)
    rng = np.random.default_rng(settings.seed)
    groups = group_names(targets)
    seeds = 0
    waves: list[Wave] = []
    set_aside: tuple[str, ...] = ()
    for number, size in enumerate(settings.waves, start=1):
        if not waves:
            points = latin_hypercube(size, dimensions, rng)
            wave = Wave(number, points, _simulated(simulate, points, number, targets))
            seeds = wave.outputs.shape[1]
        else:
            so_far = _SoFar.of(waves, targets, groups)
            emulator = _fitted(so_far, targets, groups, set_aside)
            candidates, uniform = _candidates(so_far, groups, set_aside, settings, dimensions,
                                              rng)  # fmt: skip
            judged = _judged(emulator, candidates, targets, groups, so_far.seed_variance, seeds)
            # No simulated point and no candidate brings these within the cutoff even alone:
            # their mismatch is the model's, no input's, and the waves refocus on the others.
            set_aside = tuple(g for g, a, b in zip(groups, so_far.implausibility.min(axis=0),
                                                   judged.min(axis=0), strict=True)
                              if a > settings.cutoff and b > settings.cutoff)  # fmt: skip
            kept = _kept_columns(groups, set_aside)
            points = _chosen(candidates, judged, kept, size, settings.cutoff)
            outputs = _simulated(simulate, points, number, targets)
            share = float(np.mean(judged[:uniform][:, kept].max(axis=1) <= settings.cutoff))
            wave = Wave(number, points, outputs, share,
                        _validated(emulator, points, outputs, so_far.seed_variance), set_aside)  # fmt: skip
        waves.append(wave)
    so_far = _SoFar.of(waves, targets, groups)
    emulator = _fitted(so_far, targets, groups, set_aside)
    candidates, uniform = _candidates(so_far, groups, set_aside, settings, dimensions, rng)
    judged = _judged(emulator, candidates, targets, groups, so_far.seed_variance, seeds)
    return Search(dimensions, targets, settings, waves, so_far.seed_variance, candidates,
                  uniform, judged, emulator)  # fmt: skip


@dataclass(frozen=True)
class _SoFar:
    """Every point simulated so far: the points, their medians over the seeds, the seeds'
    pooled variance and each point's implausibility per group."""

    points: NDArray[np.float64]
    values: NDArray[np.float64]
    seed_variance: NDArray[np.float64]
    implausibility: NDArray[np.float64]

    @classmethod
    def of(cls, waves: Sequence[Wave], targets: Sequence[Target], groups: Sequence[str]
           ) -> _SoFar:  # fmt: skip
        outputs = np.concatenate([w.outputs for w in waves])
        seed_variance = pooled_seed_variance(outputs)
        return cls(np.concatenate([w.points for w in waves]), medians(outputs), seed_variance,
                   point_implausibility(outputs, targets, groups, seed_variance))  # fmt: skip

    def least_implausible(self, kept: Sequence[int], count: int) -> NDArray[np.intp]:
        """The `count` points least implausible for the groups of columns `kept`, best first."""
        worst = self.implausibility[:, list(kept)].max(axis=1)
        return np.argsort(worst, kind="stable")[:count]


def _kept_columns(groups: Sequence[str], set_aside: Collection[str]) -> list[int]:
    """The columns of the groups not set aside."""
    return [i for i, group in enumerate(groups) if group not in set_aside]


def _simulated(simulate: Simulator, points: NDArray[np.float64], number: int,
               targets: Sequence[Target]) -> NDArray[np.float64]:  # fmt: skip
    outputs = np.asarray(simulate(points, number), dtype=np.float64)
    if outputs.ndim != 3 or outputs.shape[0] != len(points) or outputs.shape[2] != len(targets):
        raise ValueError(f"the simulator gave outputs of shape {outputs.shape}: must be "
                         f"points ({len(points)}) x seeds x outputs ({len(targets)})")  # fmt: skip
    if outputs.shape[1] < 2:
        raise ValueError("the simulator ran one seed per point: the seeds' variance needs two")
    return outputs


def _fitted(so_far: _SoFar, targets: Sequence[Target], groups: Sequence[str],
            set_aside: Sequence[str]) -> Emulator:  # fmt: skip
    """An emulator fitted on every simulated point, its hyperparameters on the `TUNING_POINTS`
    least implausible for the groups not set aside (the region the next wave refocuses on)."""
    tuning = np.sort(so_far.least_implausible(_kept_columns(groups, set_aside), TUNING_POINTS))
    return Emulator([t.inputs for t in targets]).fit(so_far.points, so_far.values, tuning)


def _candidates(so_far: _SoFar, groups: Sequence[str], set_aside: Sequence[str],
                settings: SearchSettings, dimensions: Sequence[Dimension],
                rng: np.random.Generator) -> tuple[NDArray[np.float64], int]:  # fmt: skip
    """Uniform candidates, then candidates about the simulated points least implausible for
    the groups not set aside."""
    local = int(round(settings.candidates * settings.local_share))
    uniform = sobol_points(settings.candidates - local, len(dimensions), rng)
    centres = so_far.points[so_far.least_implausible(_kept_columns(groups, set_aside), CENTRES)]
    scattered = around(centres, local, settings.local_scale, rng)
    return snap(np.concatenate([uniform, scattered]), dimensions), len(uniform)


def _judged(emulator: Emulator, candidates: NDArray[np.float64], targets: Sequence[Target],
            groups: Sequence[str], seed_variance: NDArray[np.float64],
            seeds: int) -> NDArray[np.float64]:  # fmt: skip
    """Each candidate's implausibility per group, by the emulator."""
    mean, variance = emulator.predict(candidates)
    return by_group(implausibility(mean, variance, targets, seed_variance, seeds), targets,
                    groups)  # fmt: skip


def _chosen(candidates: NDArray[np.float64], judged: NDArray[np.float64], kept: Sequence[int],
            size: int, cutoff: float) -> NDArray[np.float64]:  # fmt: skip
    """`size` candidates: for each group the one the emulator finds least implausible for it
    alone (so that every group's best is simulated), then, spread out, those left
    non-implausible for every group of `kept` or, if fewer are, the least implausible
    `4 x size` for them."""
    own = list(dict.fromkeys(int(i) for i in np.argmin(judged, axis=0)))[:size]
    worst = judged[:, list(kept)].max(axis=1)
    order = [int(i) for i in np.argsort(worst, kind="stable") if int(i) not in own]
    chosen_from = int(np.sum(worst[order] <= cutoff))
    pool = np.array(order[: chosen_from if chosen_from >= size else max(4 * size, chosen_from)],
                    dtype=np.intp)  # fmt: skip
    spread_out = spread(candidates[pool], size - len(own), first=0)  # the least implausible first
    return np.concatenate([candidates[own], candidates[pool[spread_out]]])


def _validated(emulator: Emulator, points: NDArray[np.float64], outputs: NDArray[np.float64],
               seed_variance: NDArray[np.float64]) -> float:  # fmt: skip
    """The share of the new points' (point, output) pairs that the emulator predicted within
    `VALIDATION_SD` standard deviations (its variance and the seeds' over the seeds run)."""
    mean, variance = emulator.predict(points)
    observed = medians(outputs)
    sd = np.sqrt(variance + seed_variance / outputs.shape[1])
    with np.errstate(divide="ignore", invalid="ignore"):
        errors = np.abs(observed - mean) / sd
    errors = np.where(np.abs(observed - mean) == 0, 0.0, errors)
    known = ~np.isnan(observed)
    return float(np.mean(errors[known] <= VALIDATION_SD))
