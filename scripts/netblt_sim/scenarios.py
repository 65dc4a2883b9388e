# SPDX-License-Identifier: GPL-2.0-only
"""The experiments of `scenarios/`: one JSON file each, named by its file, of a `kind`
(`KINDS`): "table", a published table of RFC 1030 regenerated (see `tables`), "measure",
figures checked by runs, RFC 1030's claims of its text among them (see `measures`),
"time-sequence", chosen runs drawn as time-sequence plots (see `time_sequences`),
"rate-control", adaptive rate policies against the best static settings (see `rate_control`), or
"bands", the published tables' configurations with their uncertainty over the models' ranges
(see `bands`).

`load_scenario(name)` is the one loader of a scenario file, `load_scenarios()` loads every file
(what `scripts/reproduce` runs: no scenario is named in code), and `run_scenario` runs one
(through an executor if given) and writes its result files, `results/<name>.*`, for an `Outcome`
of the same type whatever the kind.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from netblt_sim.bands import BANDS_KIND, BandsScenario, parse_bands
from netblt_sim.bands_report import run_bands
from netblt_sim.measures import MEASURE_KIND, MeasureScenario, parse_measure
from netblt_sim.outcome import Outcome
from netblt_sim.rate_control import RATE_CONTROL_KIND, RateControlScenario, parse_rate_control
from netblt_sim.rate_control_report import run_rate_control
from netblt_sim.regenerate import regenerate_table
from netblt_sim.reports import run_measure
from netblt_sim.runtime import REPO_ROOT
from netblt_sim.tables import TABLE_KIND, TableScenario, parse_table
from netblt_sim.time_sequences import (
    TIME_SEQUENCE_KIND,
    TimeSequenceScenario,
    parse_time_sequences,
    run_time_sequences,
)

if TYPE_CHECKING:
    from netblt_sim.executor import TransferExecutor

SCENARIOS_DIR: Path = REPO_ROOT / "scenarios"
# The kinds of scenario, in the order `load_scenarios` gives them.
KINDS: tuple[str, ...] = (TABLE_KIND, MEASURE_KIND, TIME_SEQUENCE_KIND, RATE_CONTROL_KIND)
KINDS += (BANDS_KIND,)
Scenario = (TableScenario | MeasureScenario | TimeSequenceScenario | RateControlScenario
            | BandsScenario)  # fmt: skip
Named = TypeVar("Named", TableScenario, MeasureScenario)


def scenario_names(scenarios_dir: Path | None = None) -> list[str]:
    """The name of every scenario file of the directory (default `SCENARIOS_DIR`), in name
    order."""
    return sorted(path.stem for path in (scenarios_dir or SCENARIOS_DIR).glob("*.json"))


def load_scenario(name: str, scenarios_dir: Path | None = None) -> Scenario:
    """Reads `<scenarios_dir>/<name>.json` (default `SCENARIOS_DIR`), of whichever kind it says;
    ValueError names a missing file (and the scenarios there are), a bad kind or a bad entry."""
    path = (scenarios_dir or SCENARIOS_DIR) / f"{name}.json"
    if not path.is_file():
        raise ValueError(
            f"no scenario {name!r} ({path}); available: {scenario_names(scenarios_dir)}"
        )
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise ValueError(f"{path}: not JSON ({error})") from None
    kind = raw.get("kind") if isinstance(raw, dict) else None
    if kind == TABLE_KIND:
        return parse_table(path, raw)
    if kind == MEASURE_KIND:
        return parse_measure(path, raw)
    if kind == TIME_SEQUENCE_KIND:
        return parse_time_sequences(path, raw)
    if kind == RATE_CONTROL_KIND:
        return parse_rate_control(path, raw)
    if kind == BANDS_KIND:
        claims = raw.get("claims")
        tables = _named(raw.get("tables"), TableScenario, scenarios_dir)
        measures = _named(claims.get("scenarios") if isinstance(claims, dict) else None,
                          MeasureScenario, scenarios_dir)  # fmt: skip
        return parse_bands(path, raw, tables, measures)
    raise ValueError(f"{path}: kind = {kind!r}: must be one of {list(KINDS)}")


def _named(names: object, kind: type[Named], scenarios_dir: Path | None) -> dict[str, Named]:
    """The scenarios of `kind` among `names` (a bands file's list, as written: anything else
    is left for its parser to refuse by name)."""
    return {
        name: scenario
        for name in (names if isinstance(names, list) else [])
        if isinstance(name, str) and name in scenario_names(scenarios_dir)
        and isinstance(scenario := load_scenario(name, scenarios_dir), kind)
    }  # fmt: skip


def load_scenarios(scenarios_dir: Path | None = None) -> list[Scenario]:
    """Every scenario of the directory (default `SCENARIOS_DIR`), each checked before any
    runs: the tables, then the measures, each kind in name order."""
    scenarios = [load_scenario(name, scenarios_dir) for name in scenario_names(scenarios_dir)]
    return sorted(scenarios, key=lambda scenario: KINDS.index(kind_of(scenario)))


def kind_of(scenario: Scenario) -> str:
    if isinstance(scenario, TableScenario):
        return TABLE_KIND
    if isinstance(scenario, MeasureScenario):
        return MEASURE_KIND
    if isinstance(scenario, TimeSequenceScenario):
        return TIME_SEQUENCE_KIND
    if isinstance(scenario, BandsScenario):
        return BANDS_KIND
    return RATE_CONTROL_KIND


def run_scenario(
    scenario: Scenario, results_dir: Path, executor: TransferExecutor | None = None
) -> Outcome:
    """Runs the scenario's transfers (through `executor` if given) and writes its result files
    in `results_dir` together; an error leaves the previous ones."""
    if isinstance(scenario, TableScenario):
        return regenerate_table(scenario, results_dir, executor)
    if isinstance(scenario, TimeSequenceScenario):
        return run_time_sequences(scenario, results_dir)
    if isinstance(scenario, MeasureScenario):
        return run_measure(scenario, results_dir, executor)
    if isinstance(scenario, BandsScenario):
        return run_bands(scenario, results_dir, executor)
    return run_rate_control(scenario, results_dir, executor)
