# SPDX-License-Identifier: GPL-2.0-only
"""The experiments of `scenarios/`: one JSON file each, named by its file, of a `kind`, one of
`KINDS` (each kind's folder says what its files hold):

- "table", a published table of RFC 1030 regenerated (`table`);
- "measure", figures checked by runs, RFC 1030's claims of its text among them (`measure`);
- "time-sequence", chosen runs drawn as time-sequence plots (`time_sequence`);
- "rate-control", adaptive rate policies against the best static settings (`rate_control`);
- "sharing", NETBLT and TCP flows on one path, and what NETBLT does to TCP (`sharing`);
- "network-rate-control", rate control with the network's help, one to eight flows
  (`network_rate_control`);
- "bands", the published tables' configurations with their uncertainty over the models' ranges
  (`bands`);
- "calibration", one vector of model values for every table, by history matching over the
  models' ranges, or the proof that none puts every configuration in bounds (`calibration`).

`load_scenario(name)` is the one loader of a scenario file, `load_scenarios()` loads every file
(what `scripts/reproduce` runs: no scenario is named in code), and `run_scenario` runs one
(through an executor if given) and writes its result files in the folder it is given (reproduce
gives `results/<name>/`, `scenario_results_dir`), for an `Outcome` of the same type whatever the
kind. Every file holds the question its scenario answers (`question`, ending in "?"), which
`scenario_question` gives and results/README.md lists.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from netblt_sim.core.runtime import REPO_ROOT
from netblt_sim.reporting.outcome import Outcome
from netblt_sim.scenarios.bands.kind import BANDS
from netblt_sim.scenarios.calibration.kind import CALIBRATION
from netblt_sim.scenarios.kind import AnyKind, MissingScenarioError, NamedScenario
from netblt_sim.scenarios.measure.kind import MEASURE
from netblt_sim.scenarios.network_rate_control.kind import NETWORK_RATE_CONTROL
from netblt_sim.scenarios.rate_control.kind import RATE_CONTROL
from netblt_sim.scenarios.sharing.kind import SHARING
from netblt_sim.scenarios.table.kind import TABLE
from netblt_sim.scenarios.time_sequence.kind import TIME_SEQUENCE

if TYPE_CHECKING:
    from netblt_sim.batch.executor import TransferExecutor

SCENARIOS_DIR: Path = REPO_ROOT / "scenarios"
# Every kind, in the order `load_scenarios` gives their scenarios (and reproduce runs them).
KINDS: tuple[AnyKind, ...] = (TABLE, MEASURE, TIME_SEQUENCE, RATE_CONTROL, SHARING,
                              NETWORK_RATE_CONTROL, BANDS, CALIBRATION)
Scenario = NamedScenario
# Each loaded scenario's question, by name (a file's last load wins).
_QUESTIONS: dict[str, str] = {}


def scenario_names(scenarios_dir: Path | None = None) -> list[str]:
    """The name of every scenario file of the directory (default `SCENARIOS_DIR`), in name
    order."""
    return sorted(path.stem for path in (scenarios_dir or SCENARIOS_DIR).glob("*.json"))


def load_scenario(name: str, scenarios_dir: Path | None = None) -> Scenario:
    """Reads `<scenarios_dir>/<name>.json` (default `SCENARIOS_DIR`), of whichever kind it says;
    ValueError names a missing file (MissingScenarioError, with the scenarios there are), a bad
    kind or a bad entry."""
    path = (scenarios_dir or SCENARIOS_DIR) / f"{name}.json"
    if not path.is_file():
        raise MissingScenarioError(
            f"no scenario {name!r} ({path}); available: {scenario_names(scenarios_dir)}"
        )
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise ValueError(f"{path}: not JSON ({error})") from None
    name_of_kind = raw.get("kind") if isinstance(raw, dict) else None
    for kind in KINDS:
        if kind.name == name_of_kind:
            question = _question(path, raw)
            scenario: Scenario = kind.parse(path, raw, lambda other: load_scenario(other,
                                                                                 scenarios_dir))
            _QUESTIONS[scenario.name] = question
            return scenario
    raise ValueError(f"{path}: kind = {name_of_kind!r}: must be one of "
                     f"{[kind.name for kind in KINDS]}")  # fmt: skip


def _question(path: Path, raw: dict[str, object]) -> str:
    """Takes the file's `question` out of `raw` (the kinds' parsers know nothing of it)."""
    question = raw.pop("question", None)
    if not isinstance(question, str) or not question.strip().endswith("?"):
        raise ValueError(f"{path}: question = {question!r}: must be the question the scenario "
                         "answers, a string ending in '?'")  # fmt: skip
    return question.strip()


def scenario_question(scenario: Scenario) -> str:
    """The question a loaded scenario answers (its file's `question`, for results/README.md)."""
    return _QUESTIONS[scenario.name]


def load_scenarios(scenarios_dir: Path | None = None) -> list[Scenario]:
    """Every scenario of the directory (default `SCENARIOS_DIR`), each checked before any
    runs: in the order of `KINDS`, each kind in name order."""
    scenarios = [load_scenario(name, scenarios_dir) for name in scenario_names(scenarios_dir)]
    return sorted(scenarios, key=lambda scenario: KINDS.index(kind_of(scenario)))


def kind_of(scenario: Scenario) -> AnyKind:
    """The kind of a scenario; TypeError for an object of none."""
    for kind in KINDS:
        if kind.runs(scenario):
            return kind
    raise TypeError(f"{scenario!r} is a scenario of no kind of {[k.name for k in KINDS]}")


def scenario_results_dir(results_dir: Path, scenario: Scenario) -> Path:
    """Where a scenario's files go: the folder of `results_dir` named after its file, so that a
    file's question is its folder."""
    return results_dir / scenario.name


def run_scenario(
    scenario: Scenario, results_dir: Path, executor: TransferExecutor | None = None
) -> Outcome:
    """Runs the scenario's transfers (through `executor` if given) and writes its result files
    in `results_dir` together; an error leaves the previous ones."""
    return kind_of(scenario).run(scenario, results_dir, executor)
