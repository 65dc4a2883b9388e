# SPDX-License-Identifier: GPL-2.0-only
"""A calibration's run and files (see `scenario`): the search, the best vectors judged on the
tables' own rows and on the held-out claims, and

- `results/<name>.csv`: one row per vector (the nominal, then the best) and configuration
  (`CALIBRATION_COLUMNS`): the tables' figures there, whether the configuration is in bounds by
  the tables' criteria, its implausibility at the vector and the smallest any point reached;
- `results/<name>-design.csv`: every simulated point (`DESIGN_COLUMNS` and a column per factor,
  in its own unit), with its rank, its largest implausibility and how many configurations are
  non-implausible there;
- `results/<name>.md` (`wording`), `results/<name>-implausibility.png` and
  `results/<name>-factors.png` (`plots`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from netblt_sim.reporting.atomic import write_together
from netblt_sim.reporting.outcome import Outcome, Verdict
from netblt_sim.scenarios.calibration.history_matching import (
    Search,
    by_group,
    history_match,
    implausibility,
    medians,
)
from netblt_sim.scenarios.calibration.runs import HeldOut, claims, simulator, table_rows
from netblt_sim.scenarios.calibration.scenario import SPEED, CalibrationScenario
from netblt_sim.scenarios.table.scenario import CONFIGURATION_COLUMNS

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from netblt_sim.batch.executor import TransferExecutor

NOMINAL = "nominal"
CALIBRATION_COLUMNS: tuple[str, ...] = ("vector", "table", "configuration", *CONFIGURATION_COLUMNS)
CALIBRATION_COLUMNS += ("published_median", "sim_median", "error_pct", "speed_in_bounds")
CALIBRATION_COLUMNS += ("counts_in_range", "in_bounds", "implausibility")
CALIBRATION_COLUMNS += ("smallest_implausibility", "smallest_implausibility_emulated")
CALIBRATION_COLUMNS += ("best_error_pct",)
DESIGN_COLUMNS: tuple[str, ...] = ("wave", "point", "rank", "configurations_non_implausible")
DESIGN_COLUMNS += ("largest_implausibility", "least_matched")


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


def in_bounds(scenario: CalibrationScenario, frames: list[pd.DataFrame]) -> list[bool]:
    """Per configuration of the tables' frames (`table.scenario.configurations`), whether its
    median SPEED is within the table's target and every published count within its range."""
    found = []
    for table, frame in zip(scenario.tables, frames, strict=True):
        counts = frame[[c for c in frame.columns if c.endswith("_in_range")]].all(axis=1)
        found += list((frame["error_pct"].abs() <= table.throughput_target_pct) & counts)
    return [bool(v) for v in found]


def calibrate(scenario: CalibrationScenario, executor: TransferExecutor | None) -> Calibration:
    """Runs the search, then the nominal and the search's `best` best points on the tables'
    rows and the held-out claims; the best vectors are ordered by how many configurations
    their tables' rows put in bounds (then by the search's rank)."""
    simulate = simulator(scenario, executor)
    targets = scenario.targets()
    search = history_match(scenario.dimensions(), targets, simulate, scenario.settings)
    nominal = simulate(scenario.nominal_point()[None, :], 0)
    nominal_groups = by_group(implausibility(
        medians(nominal), np.zeros((1, len(targets))), targets, search.seed_variance,
        nominal.shape[1]), targets, search.groups)[0]  # fmt: skip
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


def calibration_frame(calibration: Calibration) -> pd.DataFrame:
    """One row per vector and configuration (`CALIBRATION_COLUMNS`)."""
    search = calibration.search
    simulated, emulated = search.smallest()
    best = best_errors(calibration)
    rows = []
    for vector, label in enumerate(calibration.labels):
        at = calibration.implausibility_at(vector)
        bounds = calibration.in_bounds(vector)
        group = 0
        for table, frame in zip(calibration.scenario.tables, calibration.tables[vector],
                                strict=True):  # fmt: skip
            for _, row in frame.iterrows():
                counts = bool(row[[c for c in frame.columns if c.endswith("_in_range")]].all())
                rows.append({
                    "vector": label, "table": table.table,
                    "configuration": search.groups[group].split(": ", 1)[1],
                    **{c: row[c] for c in CONFIGURATION_COLUMNS},
                    "published_median": row["pub_speed_median"],
                    "sim_median": row["sim_speed_median"], "error_pct": row["error_pct"],
                    "speed_in_bounds": bool(abs(row["error_pct"]) <= table.throughput_target_pct),
                    "counts_in_range": counts, "in_bounds": bounds[group],
                    "implausibility": _rounded(at[group]),
                    "smallest_implausibility": _rounded(simulated[group]),
                    "smallest_implausibility_emulated": _rounded(emulated[group]),
                    "best_error_pct": round(float(best[group]), 2),
                })  # fmt: skip
                group += 1
    return pd.DataFrame(rows, columns=list(CALIBRATION_COLUMNS))


def _rounded(value: float) -> float:
    return float(value) if not np.isfinite(value) else round(float(value), 3)


def design_frame(calibration: Calibration) -> pd.DataFrame:
    """Every simulated point (`DESIGN_COLUMNS`, then each factor's value)."""
    search = calibration.search
    factors_ = calibration.scenario.factors()
    groups = search.group_implausibility()
    rank = np.empty(len(groups), dtype=int)
    rank[search.ranked()] = np.arange(1, len(groups) + 1)
    waves = np.concatenate([np.full(len(w.points), w.number) for w in search.waves])
    frame = pd.DataFrame({
        "wave": waves, "point": np.arange(1, len(groups) + 1), "rank": rank,
        "configurations_non_implausible": (groups <= search.settings.cutoff).sum(axis=1),
        "largest_implausibility": [_rounded(v) for v in groups.max(axis=1)],
        "least_matched": [search.groups[i] for i in groups.argmax(axis=1)],
    })  # fmt: skip
    for index, factor in enumerate(factors_):
        frame[factor.factor.name] = [factor.value(u) for u in search.points[:, index]]
    return frame


def verdicts(calibration: Calibration) -> tuple[Verdict, ...]:
    """Whether one vector puts every configuration in bounds, whether the best vector puts more
    in bounds than the nominal with none leaving, and whether the held-out claims that hold at
    the nominal still hold there."""
    nominal, best = calibration.in_bounds(0), calibration.in_bounds(1)
    total = len(nominal)
    leaving = [g for g, (a, b) in enumerate(zip(nominal, best, strict=True)) if a and not b]
    kept = [b.holds for a, b in zip(calibration.held[0], calibration.held[1], strict=True)
            if a.holds]  # fmt: skip
    return (
        Verdict(f"one vector inside every stated range puts all {total} configurations in "
                "bounds (a non-implausible simulated point)",
                len(calibration.search.non_implausible()) > 0),
        Verdict(f"the best vector puts more configurations in bounds than the models' values "
                f"({sum(best)} against {sum(nominal)} of {total}), none leaving "
                f"({len(leaving)} leave)", sum(best) > sum(nominal) and not leaving),
        Verdict(f"the held-out claims that hold at the models' values hold at the best vector "
                f"({sum(kept)} of {len(kept)})", all(kept)),
    )  # fmt: skip


def run_calibration(scenario: CalibrationScenario, results_dir: Path,
                    executor: TransferExecutor | None = None) -> Outcome:  # fmt: skip
    """Runs the calibration and writes its files together (see the module's text)."""
    from netblt_sim.scenarios.calibration.plots import plot_factors, plot_implausibility  # noqa: PLC0415
    from netblt_sim.scenarios.calibration.wording import calibration_markdown  # noqa: PLC0415

    calibration = calibrate(scenario, executor)
    frame = calibration_frame(calibration)
    design = design_frame(calibration)
    stem = results_dir / scenario.name
    markdown = calibration_markdown(calibration, frame, design)
    paths = write_together(
        stem.with_name(f"{stem.name}.csv"), frame, stem.with_name(f"{stem.name}.md"), markdown,
        [(stem.with_name(f"{stem.name}-implausibility.png"), plot_implausibility(calibration)),
         (stem.with_name(f"{stem.name}-factors.png"), plot_factors(calibration))],
        [(stem.with_name(f"{stem.name}-design.csv"), design)],
    )  # fmt: skip
    best = calibration.in_bounds(1)
    details = (f"best vector {sum(best)} of {len(best)} configurations in bounds (models' "
               f"values {sum(calibration.in_bounds(0))})")  # fmt: skip
    return Outcome(paths, frame, verdicts(calibration), details)
