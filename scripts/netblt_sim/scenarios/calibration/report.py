# SPDX-License-Identifier: GPL-2.0-only
"""A calibration's run and files (see `scenario`): the search, the best vectors judged on the
tables' own rows and on the held-out claims, and

- `results/<name>/<name>.csv`: one row per vector (the nominal, then the best) and configuration
  (`CALIBRATION_COLUMNS`): the tables' figures there, whether the configuration is in bounds by
  the tables' criteria, its implausibility at the vector and the smallest any point reached;
- `results/<name>/<name>-design.csv`: every simulated point (`DESIGN_COLUMNS` and a column per factor,
  in its own unit), with its rank, its largest implausibility and how many configurations are
  non-implausible there;
- `results/<name>/<name>.md` (`wording`), `results/<name>/<name>-implausibility.png` and
  `results/<name>/<name>-factors.png` (`plots`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from netblt_sim.reporting.atomic import write_together
from netblt_sim.reporting.outcome import Outcome, Verdict
from netblt_sim.scenarios.calibration.analysis import (
    Calibration,
    best_errors,
    bounds,
    calibrate,
)
from netblt_sim.scenarios.calibration.plots import plot_factors, plot_implausibility
from netblt_sim.scenarios.calibration.scenario import CalibrationScenario
from netblt_sim.scenarios.calibration.wording import calibration_markdown
from netblt_sim.scenarios.table.scenario import CONFIGURATION_COLUMNS

if TYPE_CHECKING:
    from netblt_sim.batch.executor import TransferExecutor

CALIBRATION_COLUMNS: tuple[str, ...] = ("vector", "table", "configuration", *CONFIGURATION_COLUMNS)
CALIBRATION_COLUMNS += ("published_median_mbps", "sim_median_mbps", "error_pct", "speed_in_bounds")
CALIBRATION_COLUMNS += ("counts_in_range", "in_bounds", "implausibility")
CALIBRATION_COLUMNS += ("smallest_implausibility", "smallest_implausibility_emulated")
CALIBRATION_COLUMNS += ("best_error_pct",)
DESIGN_COLUMNS: tuple[str, ...] = ("wave", "point", "rank", "configurations_non_implausible")
DESIGN_COLUMNS += ("largest_implausibility", "least_matched")


def calibration_frame(calibration: Calibration) -> pd.DataFrame:
    """One row per vector and configuration (`CALIBRATION_COLUMNS`)."""
    search = calibration.search
    simulated, emulated = search.smallest()
    best = best_errors(calibration)
    rows = []
    for vector, label in enumerate(calibration.labels):
        at = calibration.implausibility_at(vector)
        group = 0
        for table, frame in zip(calibration.scenario.tables, calibration.tables[vector],
                                strict=True):  # fmt: skip
            speed, counts = bounds(table, frame)
            for (_, row), speed_in, counts_in in zip(frame.iterrows(), speed, counts,
                                                      strict=True):  # fmt: skip
                rows.append({
                    "vector": label, "table": table.table,
                    "configuration": search.groups[group].split(": ", 1)[1],
                    **{c: row[c] for c in CONFIGURATION_COLUMNS},
                    "published_median_mbps": row["pub_speed_median"],
                    "sim_median_mbps": row["sim_speed_median"], "error_pct": row["error_pct"],
                    "speed_in_bounds": bool(speed_in), "counts_in_range": bool(counts_in),
                    "in_bounds": bool(speed_in and counts_in),
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
    frame = pd.DataFrame({
        "wave": search.wave_numbers, "point": np.arange(1, len(groups) + 1), "rank": rank,
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
    leaving, kept = calibration.leaving(), calibration.claims_kept()
    return (
        Verdict(f"one vector inside every stated range puts all {len(nominal)} configurations "
                "in bounds (a non-implausible simulated point)",
                len(calibration.search.non_implausible()) > 0),
        Verdict(f"the best vector puts more configurations in bounds than the models' values "
                f"({sum(best)} against {sum(nominal)} of {len(nominal)}), none leaving "
                f"({len(leaving)} leave)", sum(best) > sum(nominal) and not leaving),
        Verdict(f"the held-out claims that hold at the models' values hold at the best vector "
                f"({sum(kept)} of {len(kept)})", all(kept)),
    )  # fmt: skip


def run_calibration(scenario: CalibrationScenario, results_dir: Path,
                    executor: TransferExecutor | None = None) -> Outcome:  # fmt: skip
    """Runs the calibration and writes its files together (see the module's text)."""
    calibration = calibrate(scenario, executor)
    frame = calibration_frame(calibration)
    design = design_frame(calibration)
    stem = results_dir / scenario.name
    markdown = calibration_markdown(calibration, frame)
    paths = write_together(
        stem.with_name(f"{stem.name}.csv"), frame, stem.with_name(f"{stem.name}.md"), markdown,
        [(stem.with_name(f"{stem.name}-implausibility.png"), plot_implausibility(calibration)),
         (stem.with_name(f"{stem.name}-factors.png"), plot_factors(calibration))],
        [(stem.with_name(f"{stem.name}-design.csv"), design)],
    )  # fmt: skip
    best = calibration.in_bounds(1)
    details = (f"best vector {sum(best)} of {len(best)} configurations in bounds (models' "
               f"values {sum(calibration.in_bounds(0))})")  # fmt: skip
    nominal = sum(calibration.in_bounds(0))
    answer = (f"Yes: the best vector found puts all {len(best)} configurations of Tables II-IV "
              f"in bounds (the models' stated values {nominal})." if all(best) else
              f"No: no vector found puts all {len(best)} configurations of Tables II-IV in "
              f"bounds (the best by implausibility {sum(best)}, the models' stated values "
              f"{nominal}).")  # fmt: skip
    return Outcome(paths, frame, verdicts(calibration), details, answer)
