# SPDX-License-Identifier: GPL-2.0-only
"""The kind "network-rate-control" for the registry."""

from netblt_sim.scenarios.kind import ScenarioKind
from netblt_sim.scenarios.network_rate_control.report import run_network_rate_control
from netblt_sim.scenarios.network_rate_control.scenario import (
    NETWORK_RATE_CONTROL_KIND,
    NetworkRateControlScenario,
    parse_network_rate_control,
)

NETWORK_RATE_CONTROL: ScenarioKind[NetworkRateControlScenario] = ScenarioKind(
    NETWORK_RATE_CONTROL_KIND,
    NetworkRateControlScenario,
    lambda path, raw, _: parse_network_rate_control(path, raw),
    run_network_rate_control,
)
