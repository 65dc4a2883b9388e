# SPDX-License-Identifier: GPL-2.0-only
"""What a calibration (`scenario`) finds: `calibrate` runs the search (`history_matching`, on
`runs.simulator`), then the models' values and the search's best points on the tables' own rows
and the held-out claims (`runs`), for a `Calibration` that the report (`report`, `wording`,
`plots`) reads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from netblt_sim.scenarios.calibration.history_matching import (
    Search,
    history_match,
    point_implausibility,
)
from netblt_sim.scenarios.calibration.runs import HeldOut, claims, simulator, table_rows
from netblt_sim.scenarios.calibration.scenario import SPEED, CalibrationScenario
from netblt_sim.scenarios.table.scenario import TableScenario

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from netblt_sim.batch.executor import TransferExecutor

NOMINAL = "nominal"


@dataclass
class Calibration:
    """What a calibration found: the search, the nominal point's implausibility per group (its
    runs with the search's seeds), and per vector (the nominal first, then the best) its
    simulated point's index (None: the nominal), the tables' configurations there and the
    held-out checks."""

    scenario: CalibrationScenario
    search: Search
    nominal_implausibility: NDArray[np.float64]  # per group
    labels: list[str]
    indices: list[int | None]  # per vector: its point among the search's, None the nominal
    tables: list[list[pd.DataFrame]]  # per vector, per table: table.scenario.configurations
    held: list[list[HeldOut]]  # per vector

    @property
    def groups(self) -> list[str]:
        return self.search.groups

    @property
    def points(self) -> list[NDArray[np.float64] | None]:
        """Per vector, its point of the unit cube (None: the models' values)."""
        return [None if i is None else self.search.points[i] for i in self.indices]

    def implausibility_at(self, vector: int) -> NDArray[np.float64]:
        """A vector's implausibility per group, from its search runs."""
        index = self.indices[vector]
        if index is None:
            return self.nominal_implausibility
        found: NDArray[np.float64] = self.search.group_implausibility()[index]
        return found

    def in_bounds(self, vector: int) -> list[bool]:
        """Per configuration (group order), whether it is in bounds at a vector by the tables'
        criteria (`in_bounds`)."""
        return in_bounds(self.scenario, self.tables[vector])

    def leaving(self) -> list[str]:
        """The configurations in bounds at the models' values and not at the best vector."""
        return [group for group, before, after in zip(self.groups, self.in_bounds(0),
                                                      self.in_bounds(1), strict=True)
                if before and not after]  # fmt: skip

    def claims_kept(self) -> list[bool]:
        """For each held-out claim that holds at the models' values, whether it holds at the
        best vector."""
        return [best.holds for nominal, best in zip(self.held[0], self.held[1], strict=True)
                if nominal.holds]  # fmt: skip

    def adoptable(self) -> bool:
        """Whether the best vector may become the models' values (issue 39's rule): more
        configurations in bounds, none leaving, every held-out claim that holds today kept."""
        return (sum(self.in_bounds(1)) > sum(self.in_bounds(0)) and not self.leaving()
                and all(self.claims_kept()))  # fmt: skip


def in_bounds(scenario: CalibrationScenario, frames: list[pd.DataFrame]) -> list[bool]:
    """Per configuration of the tables' frames (`table.scenario.configurations`), whether its
    median SPEED is within the table's target and every published count within its range."""
    found = []
    for table, frame in zip(scenario.tables, frames, strict=True):
        speed, counts = bounds(table, frame)
        found += list(speed & counts)
    return [bool(v) for v in found]


def bounds(table: TableScenario, frame: pd.DataFrame) -> tuple[pd.Series, pd.Series]:
    """Per configuration of a table's frame (`table.scenario.configurations`): its median SPEED
    within the table's target, and every published count within its range."""
    counts = frame[[c for c in frame.columns if c.endswith("_in_range")]].all(axis=1)
    return frame["error_pct"].abs() <= table.throughput_target_pct, counts


def calibrate(scenario: CalibrationScenario, executor: TransferExecutor | None) -> Calibration:
    """Runs the search, then the nominal and the search's `best` best points on the tables'
    rows and the held-out claims; the best vectors are ordered by how many configurations
    their tables' rows put in bounds (then by the search's rank)."""
    simulate = simulator(scenario, executor)
    targets = scenario.targets()
    search = history_match(scenario.dimensions(), targets, simulate, scenario.settings)
    nominal = simulate(scenario.nominal_point()[None, :], 0)
    nominal_groups = point_implausibility(nominal, targets, search.groups,
                                          search.seed_variance)[0]  # fmt: skip
    chosen = [int(i) for i in search.ranked()[: scenario.best]]
    points: list[NDArray[np.float64] | None] = [None, *(search.points[i] for i in chosen)]
    tables = table_rows(scenario, points, executor)
    held = claims(scenario, points, executor)
    held_in = [sum(in_bounds(scenario, frames)) for frames in tables[1:]]
    order = sorted(range(len(chosen)), key=lambda k: (-held_in[k], k))
    return Calibration(
        scenario, search, nominal_groups,
        [NOMINAL, *(f"best {i}" for i in range(1, len(chosen) + 1))],
        [None, *(chosen[k] for k in order)], [tables[0], *(tables[k + 1] for k in order)],
        [held[0], *(held[k + 1] for k in order)])  # fmt: skip


def best_errors(calibration: Calibration) -> NDArray[np.float64]:
    """Per group, the SPEED error (%, signed) of the simulated point closest to the published
    median, from the search's runs."""
    search = calibration.search
    values = search.medians
    found = []
    for group in search.groups:
        column = next(i for i, t in enumerate(search.targets)
                      if t.group == group and t.name.endswith(f": {SPEED}"))  # fmt: skip
        target = search.targets[column]
        published = (target.low + target.high) / 2
        errors = 100 * (values[:, column] - published) / published
        found.append(float(errors[np.nanargmin(np.abs(errors))]))
    return np.array(found)
