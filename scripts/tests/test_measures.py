# SPDX-License-Identifier: GPL-2.0-only
"""Measure scenarios: figures of RFC 1030 §7's text, the scenarios, bad files, the checks' logic
and the committed results."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pandas as pd
import pytest
from conftest import REPO_ROOT

from netblt_sim.scenarios.measure.scenario import Check, MeasureScenario
from netblt_sim.scenarios.registry import SCENARIOS_DIR, load_scenario, load_scenarios

RESULTS = REPO_ROOT / "results"
CHECKED = ["wideband-best-run", "wideband-first-phase", "wideband-overload"]


def load_measure(name: str, scenarios_dir: Path = SCENARIOS_DIR) -> MeasureScenario:
    scenario = load_scenario(name, scenarios_dir)
    assert isinstance(scenario, MeasureScenario)
    return scenario


def test_every_section_7_experiment_has_a_scenario() -> None:
    reported = [s.name for s in load_scenarios() if isinstance(s, MeasureScenario)
                and s.report == "checks"]  # fmt: skip
    assert reported == CHECKED
    best = load_measure("wideband-best-run")
    assert {s.transfer["xfsz_kb"] for s in best.run_sets} == {500, 750}
    assert all(s.grid["bi_ms"] == (55,) and s.transfer["psz"] == 1432 for s in best.run_sets)
    overload = load_measure("wideband-overload")
    assert [s.grid["bi_ms"] for s in overload.run_sets] == [(50,), (55,)]
    first = load_measure("wideband-first-phase")
    assert [s.network for s in first.run_sets] == ["wideband-first-phase", "wideband"]


def _write(tmp_path: Path, **changes: object) -> Path:
    raw = json.loads((SCENARIOS_DIR / "wideband-overload.json").read_text())
    raw.update(changes)
    (tmp_path / "wideband-overload.json").write_text(json.dumps(raw))
    return tmp_path


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"kind": "claim"}, "kind = 'claim': must be one of"),
        ({"checks": []}, "checks is empty"),
        ({"runs": [{"label": "x"}]}, "runs\\[0\\]: no \\['network'"),
        ({"runs": []}, "runs must be a list of at least one run set"),
    ],
)
def test_a_bad_measure_file_is_refused_by_name(
    tmp_path: Path, change: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        load_measure("wideband-overload", _write(tmp_path, **change))


def test_a_check_naming_an_unknown_quantity_or_run_set_is_refused(tmp_path: Path) -> None:
    raw = json.loads((SCENARIOS_DIR / "wideband-overload.json").read_text())
    check = dict(raw["checks"][0], quantity="speed")
    with pytest.raises(ValueError, match="quantity = 'speed': must be one of"):
        load_measure("wideband-overload", _write(tmp_path, checks=[check]))
    check = dict(raw["checks"][0], runs="nowhere")
    with pytest.raises(ValueError, match="runs = 'nowhere': must be one of"):
        load_measure("wideband-overload", _write(tmp_path, checks=[check]))
    check = dict(raw["checks"][0], tolerance=5)
    with pytest.raises(ValueError, match=r"checks\[0\]: unknown key\(s\) \['tolerance'\]"):
        load_measure("wideband-overload", _write(tmp_path, checks=[check]))


def test_checks_measure_the_statistic_of_their_run_set() -> None:
    runs = pd.DataFrame(
        {
            "label": ["a", "a", "a", "a", "b"],
            "bi_ms": [10, 10, 20, 20, 10],
            "steady_state_mbps": [0.5, 0.7, 0.9, 0.8, 2.0],
            "lost": [10, 30, 1, 3, 0],
            "data_packets_sent": [100, 100, 100, 100, 100],
            "station_resets": [0, 0, 0, 1, 5],
        }
    )
    best = Check("fastest", "a", "steady_state_kbps", "max", 800, 900)
    assert best.measure(runs) == 900 and best.holds(runs)
    at_best = Check("loss there", "a", "data_packets_lost_pct", "best_interval_median", 0, 1)
    assert at_best.measure(runs) == 2.0 and not at_best.holds(runs)
    widened = Check("loss there", "a", "data_packets_lost_pct", "best_interval_median", 0, 1.9, 10)
    assert widened.bounds() == (0.0, pytest.approx(2.09)) and widened.holds(runs)
    no_limit = Check("resets", "b", "station_resets", "min", 1, None)
    assert no_limit.bounds() == (1.0, math.inf) and no_limit.holds(runs)
    # Only the runs that match `where`: at 20 ms, one reset in two runs.
    at_20 = Check("resets at 20", "a", "station_resets", "max", 0, 0, where=(("bi_ms", "==", 20),))
    assert at_20.measure(runs) == 1 and not at_20.holds(runs)


@pytest.mark.parametrize("name", CHECKED)
def test_committed_results_state_every_check(name: str) -> None:
    text = (RESULTS / name / f"{name}.md").read_text(encoding="utf-8")
    scenario = load_measure(name)
    for check in scenario.checks:
        assert check.claim in text
    runs = pd.read_csv(RESULTS / name / f"{name}.csv")
    assert len(runs) == len(scenario.parameters())
    assert (RESULTS / name / f"{name}-throughput-vs-burst-interval.png").stat().st_size > 10_000


def test_the_overload_resets_the_station_and_the_best_rate_does_not() -> None:
    runs = pd.read_csv(RESULTS / "wideband-overload" / "wideband-overload.csv")
    assert (runs.loc[runs["bi_ms"] == 50, "station_resets"] >= 1).all()
    assert (runs.loc[runs["bi_ms"] == 55, "station_resets"] == 0).all()
