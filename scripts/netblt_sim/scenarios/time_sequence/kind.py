# SPDX-License-Identifier: GPL-2.0-only
"""The kind "time-sequence" for the registry."""

from netblt_sim.scenarios.kind import ScenarioKind
from netblt_sim.scenarios.time_sequence.scenario import (
    TIME_SEQUENCE_KIND,
    TimeSequenceScenario,
    parse_time_sequences,
    run_time_sequences,
)

TIME_SEQUENCE: ScenarioKind[TimeSequenceScenario] = ScenarioKind(
    TIME_SEQUENCE_KIND,
    TimeSequenceScenario,
    lambda path, raw, _: parse_time_sequences(path, raw),
    run_time_sequences,
)
