# SPDX-License-Identifier: GPL-2.0-only
"""The kind "rate-control" for the registry."""

from netblt_sim.scenarios.kind import ScenarioKind
from netblt_sim.scenarios.rate_control.report import run_rate_control
from netblt_sim.scenarios.rate_control.scenario import (
    RATE_CONTROL_KIND,
    RateControlScenario,
    parse_rate_control,
)

RATE_CONTROL: ScenarioKind[RateControlScenario] = ScenarioKind(
    RATE_CONTROL_KIND,
    RateControlScenario,
    lambda path, raw, _: parse_rate_control(path, raw),
    run_rate_control,
)
