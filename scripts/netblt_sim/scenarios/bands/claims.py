# SPDX-License-Identifier: GPL-2.0-only
"""The claims of a bands scenario (its `claims`, see `bands`): every check of the measure
scenarios it names, RFC 1030's claims of its text, over the ranges of the assumptions of the
check's network.

For each check, over the factors of its run set's network (`BandsScenario.network_factors`):

1. the nominal point: the run set as its scenario gives it (the check's own seeds; the same
   runs as the measure scenario, so they come from the result store), its figure over them
   and per seed;
2. Morris screening (the scenario's `morris`; one sample per network, so that checks on one
   network share their points): at point i, the run set's grid without its seeds, only the
   grid points the check's `where` selects, with seed `seed_base` at every point (common
   random numbers) and stopped at `max_simulated_s`; the check's figure at each point, whether
   it holds there, and Morris's indices of the figure;
3. the seeds' floor under the common seed: the sample's first `floor_trajectories`
   trajectories again with `floor_seed`, the check's figure there, and the μ* a factor
   without effect shows (`common_seed_floor`).

All runs go through the executor in one batch (equal runs are run once, and a stopped analysis
simulates only what it had not finished). The files: `claim_bands_report`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from netblt_sim.batch.grid import combinations
from netblt_sim.reporting.findings import matching
from netblt_sim.scenarios.bands.scenario import (
    BandsScenario,
    RunBatch,
    complete_trajectories_indices,
    varied,
)
from netblt_sim.scenarios.bands.uncertainty import (
    Factor,
    MorrisIndices,
    common_seed_floor,
    morris_sample,
    normalised_levels,
    point_parameters,
)
from netblt_sim.scenarios.measure.scenario import Check, MeasureScenario, RunSet

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from netblt_sim.batch.executor import TransferExecutor
    from netblt_sim.core.transfer import TransferRecord

SEED = "seed"
# The quantity of a table's finding analysed as a check (see `finding_bands`).
FINDING_QUANTITY = "finding (1 holds, 0 not)"


@dataclass
class ClaimAnalysis:
    """What the runs gave for one check (or one finding of a table, see `finding_bands`)."""

    scenario: str  # the measure (or table) scenario's name
    network: str  # the network whose factors vary
    check: Check
    factors: list[Factor]
    points: NDArray[np.float64]  # the Morris points, one per row, in the factors' units
    figures: NDArray[np.float64]  # the check's figure per Morris point (NaN: a run failed)
    nominal: float  # the check's figure over its own seeds
    nominal_by_seed: NDArray[np.float64]  # the figure of each of its seeds alone
    indices: MorrisIndices
    runs: int  # the check's runs: its Morris points', their floor's and its nominal seeds'
    # The seeds' μ* floor under the common seed (`common_seed_floor`); NaN where not measured.
    floor: float = float("nan")
    # The figure at the first of `points` again with `floor_seed` (NaN: a run failed).
    again: NDArray[np.float64] = field(default_factory=lambda: np.zeros(0))

    def holding(self) -> NDArray[np.bool_]:
        """Whether the check holds at each Morris point whose runs all finished."""
        return holding(self.check, self.figures)

    def share_holding(self) -> float:
        """The fraction of the Morris points (whose runs all finished) at which it holds."""
        return share_holding(self.check, self.figures)

    def band(self) -> NDArray[np.float64]:
        """The figure over the assumption ranges and seeds: per Morris point and per nominal
        seed, a failed point left out."""
        samples = np.concatenate([self.figures, self.nominal_by_seed])
        kept: NDArray[np.float64] = samples[~np.isnan(samples)]
        return kept

    def hinge(self) -> tuple[Factor, str, float, float] | None:
        """What the check hinges on, if it holds at some Morris points and not at others: the
        factor whose mean level (0-1 of its range) differs most between the points where it
        fails and those where it holds, the end it fails toward ("low" or "high"), and its mean
        level over the failing and over the holding points."""
        holds = self.holding()
        if holds.all() or not holds.any():
            return None
        levels = normalised_levels(self.factors, self.points[~np.isnan(self.figures)])
        failing, holding_ = levels[~holds].mean(axis=0), levels[holds].mean(axis=0)
        top = int(np.argmax(np.abs(failing - holding_)))
        end = "high" if failing[top] > holding_[top] else "low"
        return self.factors[top], end, float(failing[top]), float(holding_[top])


def holding(check: Check, figures: NDArray[np.float64]) -> NDArray[np.bool_]:
    """Whether `check` holds at each of `figures` that is not NaN."""
    return np.array([check.within(float(f)) for f in figures if not np.isnan(f)], dtype=np.bool_)


def share_holding(check: Check, figures: NDArray[np.float64]) -> float:
    """The fraction of the figures (NaN left out) within the check's bounds; NaN if none is
    left."""
    holds = holding(check, figures)
    return float(holds.mean()) if holds.size else float("nan")


def checked_run_set(measure: MeasureScenario, check: Check) -> RunSet:
    """The run set a check reads; ValueError names a check whose run set is missing."""
    try:
        return measure.run_set(check.runs)
    except ValueError as error:
        raise ValueError(f"check {check.claim!r}: {error}") from None


def point_bases(run_set: RunSet, check: Check) -> list[dict[str, Any]]:
    """The keywords (without seed) of the run set's grid points a check reads at a Morris
    point: its grid without seeds, less the points its `where` leaves out (where that names
    the grid's parameters)."""
    grid = {name: values for name, values in run_set.grid.items() if name != SEED}
    fixed = {name: value for name, value in run_set.transfer.items() if name != SEED}
    bases = combinations(grid, fixed | {"network": run_set.network})
    frame = pd.DataFrame(bases)
    if check.where and {column for column, _, _ in check.where} <= set(frame.columns):
        kept = set(matching(frame, check.where).index)
        bases = [base for index, base in enumerate(bases) if index in kept]
    return bases


@dataclass
class _Plan:
    measure: MeasureScenario
    check: Check
    run_set: RunSet
    factors: list[Factor]
    points: NDArray[np.float64]
    nominal: slice
    morris: list[slice]  # per point
    floor: list[slice]  # per `floor_points` point, with `floor_seed`


@dataclass
class ClaimsAnalysis:
    """Each check's analysis, in the scenario's order, how many distinct runs they read, and
    the tables' findings (`finding_bands`)."""

    checks: list[ClaimAnalysis]
    runs: int
    findings: list[ClaimAnalysis] = field(default_factory=list)


def analyse_claims(scenario: BandsScenario, executor: TransferExecutor | None) -> ClaimsAnalysis:
    """Runs every check's nominal seeds, Morris points and their floor's in one batch (see the
    module's text) and returns each check's analysis."""
    batch = RunBatch()
    samples: dict[str, tuple[list[Factor], NDArray[np.float64]]] = {}
    plans = []
    for measure in scenario.claims:
        for check in measure.checks:
            run_set = checked_run_set(measure, check)
            if run_set.network not in samples:
                factors_ = scenario.network_factors(run_set.network)
                samples[run_set.network] = (factors_, morris_sample(
                    factors_, scenario.trajectories, scenario.levels, scenario.morris_seed))
            factors_, points = samples[run_set.network]
            bases = [varied(scenario, base) for base in point_bases(run_set, check)]
            morris = [batch.add([point_parameters(base, factors_, point, scenario.seed_base)
                                 for base in bases]) for point in points]  # fmt: skip
            floor = [batch.add([point_parameters(base, factors_, point, scenario.floor_seed)
                                for base in bases])
                     for point in scenario.floor_points(points, factors_)]  # fmt: skip
            plans.append(_Plan(measure, check, run_set, factors_, points,
                               batch.add(run_set.parameters()), morris, floor))  # fmt: skip
    records = batch.records(f"{scenario.name}: claims, nominal and Morris", executor)
    return ClaimsAnalysis([_analysis(scenario, plan, batch.runs, records) for plan in plans],
                          len(set(batch.runs)))  # fmt: skip


def _analysis(scenario: BandsScenario, plan: _Plan, runs: list[Any],
              records: list[TransferRecord | None]) -> ClaimAnalysis:  # fmt: skip
    check = plan.check
    nominal = _frame(plan.run_set, runs[plan.nominal], records[plan.nominal])
    seeds = sorted(set(nominal[SEED])) if nominal is not None else []
    figures = _figures(plan, runs, records, plan.morris)
    again = _figures(plan, runs, records, plan.floor)
    indices = complete_trajectories_indices(plan.factors, plan.points, figures, scenario.levels)
    floor = common_seed_floor(plan.factors, plan.points[:len(again)], figures[:len(again)],
                              again, scenario.levels)  # fmt: skip
    return ClaimAnalysis(
        plan.measure.name, plan.run_set.network, check, plan.factors, plan.points, figures,
        _figure(check, nominal),
        np.array([_figure(check, nominal[nominal[SEED] == seed]) for seed in seeds]
                 if nominal is not None else [], dtype=np.float64),
        indices, sum(s.stop - s.start for s in [*plan.morris, *plan.floor, plan.nominal]), floor,
        again,
    )  # fmt: skip


def _figures(plan: _Plan, runs: list[Any], records: list[TransferRecord | None],
             slices: list[slice]) -> NDArray[np.float64]:  # fmt: skip
    """The check's figure at each point whose runs are `slices` (NaN: a run failed)."""
    return np.array([_figure(plan.check, _frame(plan.run_set, runs[s], records[s]))
                     for s in slices], dtype=np.float64)  # fmt: skip


def _frame(run_set: RunSet, runs: list[Any], records: list[TransferRecord | None]
           ) -> pd.DataFrame | None:  # fmt: skip
    """The runs as the measure scenario's frame has them (labelled with their set); None if
    any of them failed."""
    from netblt_sim.core.transfer import records_frame  # noqa: PLC0415

    finished = [record for record in records if record is not None]
    if len(finished) < len(records):
        return None
    frame = records_frame(finished, runs)
    frame.insert(0, "label", run_set.label)
    return frame


def _figure(check: Check, frame: pd.DataFrame | None) -> float:
    return float("nan") if frame is None else check.measure(frame)
