# SPDX-License-Identifier: GPL-2.0-only
"""The kind "table" for the registry."""

from netblt_sim.scenarios.kind import ScenarioKind
from netblt_sim.scenarios.table.report import regenerate_table
from netblt_sim.scenarios.table.scenario import TABLE_KIND, TableScenario, parse_table

TABLE: ScenarioKind[TableScenario] = ScenarioKind(
    TABLE_KIND, TableScenario, lambda path, raw, _: parse_table(path, raw), regenerate_table
)
