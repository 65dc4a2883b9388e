# SPDX-License-Identifier: GPL-2.0-only
"""The runs of a calibration (`scenario`): the simulator that history matching calls, and a
vector of values judged the tables' way and on the held-out claims.

- `simulator(scenario, executor)`: for the points of a wave, every configuration of every
  table at each point with each of the scenario's seeds (the same at every point), one batch
  through the executor and its result store; the outputs of `CalibrationScenario.targets`.
- `table_rows(scenario, point, executor)`: each table's published rows run at a point as the
  table scenario runs them (each row with its own seed), so that a vector's configurations are
  in bounds by exactly the criteria of `results/table-*/table-*.md`; at the nominal point (`None`) they
  are the table scenarios' own runs.
- `claims(scenario, point, executor)`: each held-out check (the bands' claims) at a point, on
  its own seeds and run set, and whether it holds there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from netblt_sim.core.parameters import TransferParameters, transfer_parameters
from netblt_sim.scenarios.bands.claims import checked_run_set
from netblt_sim.scenarios.bands.scenario import RunBatch, base_transfers, configurations
from netblt_sim.scenarios.calibration.scenario import SPEED, CalibrationScenario
from netblt_sim.scenarios.table.scenario import TableScenario, compare
from netblt_sim.scenarios.table.scenario import configurations as table_configurations

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from netblt_sim.batch.executor import TransferExecutor
    from netblt_sim.core.transfer import TransferRecord
    from netblt_sim.scenarios.calibration.history_matching import Simulator

# Each target's figure from a run's record: SPEED as it is, a count on the log(1 + count) scale.
QUANTITIES: dict[str, str] = {SPEED: "steady_state_mbps", "loss": "lost",
                              "rxm": "retransmitted", "dtmos": "data_timeouts"}  # fmt: skip


def simulator(scenario: CalibrationScenario, executor: TransferExecutor | None) -> Simulator:
    """The simulator of the search (see the module's text)."""
    outputs = scenario.outputs()
    bases = [base_transfers(table, configurations(table)) for table in scenario.tables]

    def runs(table: TableScenario, table_bases: list[dict[str, object]],
             point: NDArray[np.float64]) -> list[TransferParameters]:
        """Every configuration of the table at the point, each with every seed."""
        overrides = scenario.overrides(table.network, point)
        return [transfer_parameters(**base, seed=scenario.seed_base + seed,
                                    model_overrides=overrides,
                                    max_simulated_s=scenario.max_simulated_s)
                for base in table_bases for seed in scenario.seeds]  # fmt: skip

    def simulate(points: NDArray[np.float64], wave: int) -> NDArray[np.float64]:
        batch = RunBatch()
        slices = [[batch.add(runs(table, table_bases, point))
                   for table, table_bases in zip(scenario.tables, bases, strict=True)]
                  for point in points]  # fmt: skip
        records = batch.records(f"{scenario.name}: wave {wave}", executor)
        seeds = len(scenario.seeds)
        found = np.empty((len(points), seeds, len(outputs)))
        for p, point_slices in enumerate(slices):
            for column, output in enumerate(outputs):
                start = point_slices[output.table].start + output.configuration * seeds
                found[p, :, column] = [figure(record, output.quantity)
                                       for record in records[start:start + seeds]]  # fmt: skip
        return found

    return simulate


def figure(record: TransferRecord | None, quantity: str) -> float:
    """A target's figure from one run (NaN if the run failed)."""
    if record is None:
        return math.nan
    value = float(getattr(record, QUANTITIES[quantity]))
    return value if quantity == SPEED else math.log1p(value)


def _row_runs(scenario: CalibrationScenario, table: TableScenario,
              point: NDArray[np.float64] | None) -> list[TransferParameters]:  # fmt: skip
    rows = [row for _, row in table.published().iterrows()]
    if point is None:
        return [table.row_parameters(row) for row in rows]
    overrides = scenario.overrides(table.network, point)
    return [table.row_parameters(row, model_overrides=overrides,
                                 max_simulated_s=scenario.max_simulated_s) for row in rows]


def table_rows(scenario: CalibrationScenario, points: list[NDArray[np.float64] | None],
               executor: TransferExecutor | None) -> list[list[pd.DataFrame]]:  # fmt: skip
    """Per point (None: the nominal), per table, `table.scenario.configurations` of its
    published rows run there; a failed run counts as a transfer that delivered nothing."""
    batch = RunBatch()
    plans = [[(table, batch.add(_row_runs(scenario, table, point))) for table in scenario.tables]
             for point in points]  # fmt: skip
    records = batch.records(f"{scenario.name}: the tables' rows at the best vectors", executor)
    found = []
    for plan in plans:
        per_table = []
        for table, rows in plan:
            params = batch.runs[rows]
            compared = compare(table, params, [_or_nothing(r, p) for r, p in
                                               zip(records[rows], params, strict=True)])  # fmt: skip
            per_table.append(table_configurations(table, compared))
        found.append(per_table)
    return found


def _or_nothing(record: TransferRecord | None, params: TransferParameters) -> TransferRecord:
    if record is None:
        raise RuntimeError(f"a table row failed at a best vector ({params}): see the log")
    return record


@dataclass(frozen=True)
class HeldOut:
    """A held-out check at a point: its figure and whether it holds."""

    scenario: str
    claim: str
    figure: float
    holds: bool


def claims(scenario: CalibrationScenario, points: list[NDArray[np.float64] | None],
           executor: TransferExecutor | None) -> list[list[HeldOut]]:  # fmt: skip
    """Per point (None: the nominal), every held-out check (see the module's text)."""
    from netblt_sim.core.transfer import records_frame  # noqa: PLC0415

    batch = RunBatch()
    plans = []
    for point in points:
        for measure in scenario.bands.claims:
            for check in measure.checks:
                run_set = checked_run_set(measure, check)
                runs = run_set.parameters() if point is None else run_set.parameters(
                    model_overrides=scenario.overrides(run_set.network, point),
                    max_simulated_s=scenario.max_simulated_s)  # fmt: skip
                plans.append((measure.name, check, run_set.label, batch.add(runs)))
    records = batch.records(f"{scenario.name}: held-out claims", executor)
    found: list[HeldOut] = []
    for name, check, label, chosen in plans:
        finished = records[chosen]
        if any(record is None for record in finished):
            found.append(HeldOut(name, check.claim, math.nan, False))
            continue
        frame = records_frame([r for r in finished if r is not None], batch.runs[chosen])
        frame.insert(0, "label", label)
        value = float(check.measure(frame))
        found.append(HeldOut(name, check.claim, value, check.within(value)))
    per_point = len(found) // max(len(points), 1)
    return [found[i * per_point:(i + 1) * per_point] for i in range(len(points))]
