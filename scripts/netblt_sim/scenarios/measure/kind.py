# SPDX-License-Identifier: GPL-2.0-only
"""The kind "measure" for the registry."""

from netblt_sim.scenarios.kind import ScenarioKind
from netblt_sim.scenarios.measure.report import run_measure
from netblt_sim.scenarios.measure.scenario import MEASURE_KIND, MeasureScenario, parse_measure

MEASURE: ScenarioKind[MeasureScenario] = ScenarioKind(
    MEASURE_KIND, MeasureScenario, lambda path, raw, _: parse_measure(path, raw), run_measure
)
