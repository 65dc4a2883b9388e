# SPDX-License-Identifier: GPL-2.0-only
"""The findings of a bands scenario's tables over their Morris points (with its `claims`, see
`claim_bands`): RFC 1030's findings of its text that a table scenario checks (its `findings`
with a `holds` condition), with no runs of their own.

The tables' Morris screening runs every configuration of a table at the same points, so each
point gives a whole table: each published row the run of its configuration there (the same
seed, `seed_base`, at every point). On that table, as `regenerate` builds it, the finding is
checked, as it is at the nominal point on the table's own rows. A finding's figure is 1 where it
holds and 0 where it does not, so that the claims' analysis (`ClaimAnalysis`: the share of
points holding, Morris's indices, the assumption it hinges on) applies as it is; its seeds'
floor from the tables of the points the screening ran again with `floor_seed`. Findings that
read the burst-interval curves, which the Morris points do not run, or that state one verdict
per group (`for_each`) are left out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from netblt_sim.scenarios.bands.claims import FINDING_QUANTITY, ClaimAnalysis
from netblt_sim.scenarios.bands.scenario import (
    BandsScenario,
    TableAnalysis,
    base_transfers,
    complete_trajectories_indices,
    varied,
)
from netblt_sim.scenarios.bands.uncertainty import common_seed_floor, point_parameters
from netblt_sim.scenarios.measure.scenario import Check
from netblt_sim.scenarios.table.scenario import CONFIGURATION_COLUMNS, TableScenario, compare

if TYPE_CHECKING:
    from netblt_sim.batch.executor import TransferExecutor
    from netblt_sim.reporting.findings import Finding

CURVES = "curves"


def checkable(table: TableScenario) -> list[Finding]:
    """The table's findings that a Morris point's table can check (see the module's text)."""
    return [finding for finding in table.findings
            if finding.holds and finding.for_each is None
            and not finding.columns()[CURVES]]  # fmt: skip


def finding_figure(finding: Finding, rows: pd.DataFrame | None) -> float:
    """1.0 if the finding holds on the table's rows, 0.0 if not, NaN if it cannot be stated
    there (or a run of the point failed: None)."""
    if rows is None:
        return float("nan")
    verdicts = finding.verdicts({"rows": rows, CURVES: pd.DataFrame()})
    return float(all(verdicts)) if verdicts else float("nan")


def analyse_findings(scenario: BandsScenario, analyses: list[TableAnalysis],
                     executor: TransferExecutor | None) -> list[ClaimAnalysis]:  # fmt: skip
    """Each checkable finding of each table over the table's Morris points (its analysis from
    `bands.screen`) and at the nominal point (the table's rows, from the store)."""
    from netblt_sim.batch.executor import run_transfers  # noqa: PLC0415

    found = []
    for analysis in analyses:
        table = analysis.table
        findings = checkable(table)
        if not findings:
            continue
        published = table.published()
        parameters = [table.row_parameters(row) for _, row in published.iterrows()]
        nominal = compare(table, parameters, run_transfers(parameters, None, executor))
        tables = point_tables(scenario, analysis, published)
        again = point_tables(scenario, analysis, published, floor=True)
        for finding in findings:
            conditions = " and ".join(str(condition) for condition in finding.holds)
            check = Check(finding.headline(), "Morris points' tables", FINDING_QUANTITY,
                          conditions, 1.0, 1.0)  # fmt: skip
            figures = np.array([finding_figure(finding, rows) for rows in tables])
            at_nominal = finding_figure(finding, nominal)
            indices = complete_trajectories_indices(analysis.factors, analysis.morris_points,
                                                    figures, scenario.levels)  # fmt: skip
            figures_again = np.array([finding_figure(finding, rows) for rows in again])
            floor = common_seed_floor(analysis.factors, analysis.morris_points[:len(again)],
                                      figures[:len(again)], figures_again,
                                      scenario.levels)  # fmt: skip
            found.append(ClaimAnalysis(table.name, table.network, check, analysis.factors,
                                       analysis.morris_points, figures, at_nominal,
                                       np.array([at_nominal]), indices, 0, floor,
                                       figures_again))  # fmt: skip
    return found


def point_tables(scenario: BandsScenario, analysis: TableAnalysis, published: pd.DataFrame,
                 floor: bool = False) -> list[pd.DataFrame | None]:  # fmt: skip
    """The table at each Morris point (`tables.compare`'s rows: each of the table's `published`
    rows the run of its configuration there), or with `floor` at each point run again with
    `floor_seed` (`BandsScenario.floor_points`); None where a run failed."""
    table = analysis.table
    columns = list(CONFIGURATION_COLUMNS)
    numbered = analysis.configurations[columns].reset_index()
    of_row = published[columns].merge(numbered, on=columns, how="left")["index"].tolist()
    bases = base_transfers(table, analysis.configurations)
    points = scenario.floor_points(analysis.morris_points, analysis.factors) if floor else (
        analysis.morris_points)
    by_configuration = analysis.floor_records if floor else analysis.morris_records
    seed = scenario.floor_seed if floor else scenario.seed_base
    tables: list[pd.DataFrame | None] = []
    for i, point in enumerate(points):
        records = [by_configuration[c][i] for c in of_row]
        finished = [record for record in records if record is not None]
        if len(finished) < len(records):
            tables.append(None)
            continue
        parameters = [point_parameters(varied(scenario, bases[c]), analysis.factors, point, seed)
                      for c in of_row]  # fmt: skip
        tables.append(compare(table, parameters, finished))
    return tables
