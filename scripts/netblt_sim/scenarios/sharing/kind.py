# SPDX-License-Identifier: GPL-2.0-only
"""The kind "sharing" for the registry."""

from netblt_sim.scenarios.kind import ScenarioKind
from netblt_sim.scenarios.sharing.report import run_sharing
from netblt_sim.scenarios.sharing.scenario import SHARING_KIND, SharingScenario, parse_sharing

SHARING: ScenarioKind[SharingScenario] = ScenarioKind(
    SHARING_KIND, SharingScenario, lambda path, raw, _: parse_sharing(path, raw), run_sharing
)
