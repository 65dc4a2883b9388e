# SPDX-License-Identifier: GPL-2.0-only
"""The kind "calibration" for the registry: its file names a bands scenario (`bands`), which
the loader parses for it."""

from __future__ import annotations

from pathlib import Path

from netblt_sim.scenarios.calibration.report import run_calibration
from netblt_sim.scenarios.calibration.scenario import (
    CALIBRATION_KIND,
    CalibrationScenario,
    parse_calibration,
)
from netblt_sim.scenarios.kind import MissingScenarioError, ScenarioKind, ScenarioLoader


def _parse(path: Path, raw: object, load: ScenarioLoader) -> CalibrationScenario:
    name = raw.get("bands") if isinstance(raw, dict) else None
    try:
        bands = load(name) if isinstance(name, str) else None
    except MissingScenarioError as error:
        raise ValueError(f"{path}: bands = {name!r}: {error}") from None
    return parse_calibration(path, raw, bands)


CALIBRATION: ScenarioKind[CalibrationScenario] = ScenarioKind(
    CALIBRATION_KIND, CalibrationScenario, _parse, run_calibration
)
