# SPDX-License-Identifier: GPL-2.0-only
"""The kind "bands" for the registry: its file names table scenarios (`tables`) and measure
scenarios (`claims.scenarios`), which the loader parses for it."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from netblt_sim.scenarios.bands.report import run_bands
from netblt_sim.scenarios.bands.scenario import BANDS_KIND, BandsScenario, parse_bands
from netblt_sim.scenarios.kind import MissingScenarioError, ScenarioKind, ScenarioLoader
from netblt_sim.scenarios.measure.scenario import MeasureScenario
from netblt_sim.scenarios.table.scenario import TableScenario

Named = TypeVar("Named", TableScenario, MeasureScenario)


def _parse(path: Path, raw: object, load: ScenarioLoader) -> BandsScenario:
    claims = raw.get("claims") if isinstance(raw, dict) else None
    tables = _named(raw.get("tables") if isinstance(raw, dict) else None, TableScenario, load)
    measures = _named(claims.get("scenarios") if isinstance(claims, dict) else None,
                      MeasureScenario, load)  # fmt: skip
    return parse_bands(path, raw, tables, measures)


def _named(names: object, kind: type[Named], load: ScenarioLoader) -> dict[str, Named]:
    """The scenarios of `kind` among `names` (a bands file's list, as written: a name of no
    scenario, or of another kind, is left for `parse_bands` to refuse by name)."""
    found: dict[str, Named] = {}
    for name in names if isinstance(names, list) else []:
        if not isinstance(name, str):
            continue
        try:
            scenario = load(name)
        except MissingScenarioError:
            continue
        if isinstance(scenario, kind):
            found[name] = scenario
    return found


BANDS: ScenarioKind[BandsScenario] = ScenarioKind(BANDS_KIND, BandsScenario, _parse, run_bands)
