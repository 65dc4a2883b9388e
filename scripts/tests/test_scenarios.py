# SPDX-License-Identifier: GPL-2.0-only
"""The one pipeline of `scenarios/`: one loader for every file, found by kind (no scenario named
in code), one outcome type, and result files named after the scenario files."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd
import pytest
from conftest import REPO_ROOT

from netblt_sim.reporting.outcome import Outcome, Verdict
from netblt_sim.reporting.results_index import (
    INDEX_FILE,
    SUMMARY_FILE,
    IndexEntry,
    index_markdown,
)
from netblt_sim.scenarios import registry as scenarios
from netblt_sim.scenarios.bands.claims_report import CLAIM_FILES
from netblt_sim.scenarios.bands.scenario import BandsScenario
from netblt_sim.scenarios.calibration.scenario import CalibrationScenario
from netblt_sim.scenarios.measure.report import VIEWS
from netblt_sim.scenarios.measure.scenario import REPORTS, MeasureScenario
from netblt_sim.scenarios.registry import (
    KINDS,
    SCENARIOS_DIR,
    Scenario,
    kind_of,
    load_scenario,
    load_scenarios,
    scenario_names,
    scenario_question,
)
from netblt_sim.scenarios.table.scenario import TableScenario
from netblt_sim.scenarios.sharing.scenario import SharingScenario
from netblt_sim.scenarios.time_sequence.scenario import TimeSequenceScenario
from netblt_sim.tools import outputs, reproduce


def test_every_scenario_file_loads_tables_first_each_kind_by_name() -> None:
    scenarios = load_scenarios()
    files = sorted(path.stem for path in SCENARIOS_DIR.glob("*.json"))
    assert sorted(s.name for s in scenarios) == files == scenario_names()
    kinds = [kind_of(s) for s in scenarios]
    assert kinds == sorted(kinds, key=KINDS.index) and set(kinds) == set(KINDS)
    for kind in KINDS:
        names = [s.name for s in scenarios if kind_of(s) == kind]
        assert names == sorted(names)
    assert {s.name for s in scenarios if isinstance(s, TableScenario)} == {
        "table-II", "table-III", "table-IV"
    }  # fmt: skip


def bands_files(scenario: BandsScenario) -> set[str]:
    """A bands scenario's files: per table, <table>-bands.csv and .md, <table>-sensitivity.png;
    with claims, claims-bands.csv and .md and claims-sensitivity.png."""
    return {f"{t.name}{suffix}" for t in scenario.tables
            for suffix in ("-bands.csv", "-bands.md", "-sensitivity.png")} | (
        set(CLAIM_FILES) if scenario.claims else set())  # fmt: skip


def calibration_files(scenario: CalibrationScenario) -> set[str]:
    """A calibration's files: <name>.csv, -design.csv, .md, -implausibility.png and
    -factors.png."""
    return {f"{scenario.name}{suffix}" for suffix in (
        ".csv", "-design.csv", ".md", "-implausibility.png", "-factors.png")}  # fmt: skip


def written_by(scenario: Scenario, path: Path) -> bool:
    """`path` is one of the scenario's result files: <name>.csv, .md, .png, -<plot>.png; a
    time-sequence scenario's <name>.md, -<example>.csv and -<example>.png."""
    name = re.escape(scenario.name)
    if isinstance(scenario, BandsScenario):
        return path.name in bands_files(scenario)
    if isinstance(scenario, CalibrationScenario):
        return path.name in calibration_files(scenario)
    if isinstance(scenario, TimeSequenceScenario):
        examples = "|".join(re.escape(e.name) for e in scenario.examples)
        return re.fullmatch(name + rf"(\.md|-({examples})\.(csv|png))", path.name) is not None
    return re.fullmatch(name + r"(\.csv|\.md|(-[a-z-]+)?\.png)", path.name) is not None


def test_every_scenario_has_its_committed_results_in_a_folder_named_after_it() -> None:
    """results/ holds the index and one folder per scenario file, named after it, holding the
    scenario's files and its summary.json, nothing else."""
    results = REPO_ROOT / "results"
    scenarios = load_scenarios()
    assert sorted(p.name for p in results.iterdir()) == sorted(
        [INDEX_FILE, *(s.name for s in scenarios)])  # fmt: skip
    for scenario in scenarios:
        folder = results / scenario.name
        own = sorted(p.name for p in folder.iterdir())
        assert SUMMARY_FILE in own, scenario.name
        own.remove(SUMMARY_FILE)
        assert all(written_by(scenario, folder / name) for name in own), own
        if isinstance(scenario, BandsScenario):
            assert sorted(own) == sorted(bands_files(scenario))
        elif isinstance(scenario, TimeSequenceScenario):
            assert sorted(own) == sorted([f"{scenario.name}.md"] + [
                f"{scenario.name}-{e.name}{suffix}" for e in scenario.examples
                for suffix in (".csv", ".png")])  # fmt: skip
        elif isinstance(scenario, CalibrationScenario):
            assert sorted(own) == sorted(calibration_files(scenario))
        elif isinstance(scenario, SharingScenario):
            assert sorted(own) == sorted(f"{scenario.name}{suffix}" for suffix in (
                ".csv", ".md", "-harm.png", "-time-sequence.png"))  # fmt: skip
        else:
            assert f"{scenario.name}.csv" in own and sum(p.endswith(".png") for p in own) == 1, own
        summary = json.loads((folder / SUMMARY_FILE).read_text(encoding="utf-8"))
        assert summary["scenario"] == scenario.name
        assert summary["question"] == scenario_question(scenario)
        assert sorted(summary["files"]) == own


def test_the_results_index_lists_every_scenario_from_its_summary() -> None:
    """results/README.md is what the summaries give (a line per scenario, tables first), each
    line linking the scenario's folder and files with the checks that hold."""
    results = REPO_ROOT / "results"
    scenarios = load_scenarios()
    entries = [IndexEntry(s.name, scenario_question(s)) for s in scenarios]
    text = (results / INDEX_FILE).read_text(encoding="utf-8")
    assert text == index_markdown(results, entries)
    lines = [line for line in text.splitlines() if line.startswith("- **")]
    assert [line.split("]")[0].removeprefix("- **[") for line in lines] == [
        s.name for s in scenarios]  # fmt: skip
    assert lines[0].startswith("- **[table-II](table-II/)**")
    for scenario, line in zip(scenarios, lines, strict=True):
        summary = json.loads((results / scenario.name / SUMMARY_FILE).read_text("utf-8"))
        held = sum(check["holds"] for check in summary["checks"])
        assert f"Checks holding: {held} of {len(summary['checks'])}." in line
        for name in summary["files"]:
            assert f"]({scenario.name}/{name})" in line
            assert (results / scenario.name / name).is_file()


def test_every_report_a_measure_may_ask_for_is_written_by_a_view() -> None:
    assert set(VIEWS) == set(REPORTS)
    reports = {s.report for s in load_scenarios() if isinstance(s, MeasureScenario)}
    assert reports == set(REPORTS)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"kind": "claim"}', "kind = 'claim': must be one of ['table', 'measure', "
                              "'time-sequence', 'rate-control', 'sharing', 'network-rate-control', "
                              "'bands', 'calibration']"),
        ('{"title": "no kind"}', "kind = None: must be one of ['table', 'measure', "
                                 "'time-sequence', 'rate-control', 'sharing', "
                                 "'network-rate-control', 'bands', 'calibration']"),
        ("[1, 2]", "kind = None: must be one of"),
        ('{"kind": "measure",', "not JSON"),
    ],
)
def test_a_file_of_no_known_kind_is_refused_naming_the_kinds(
    tmp_path: Path, text: str, message: str
) -> None:
    (tmp_path / "odd.json").write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape(message)):
        load_scenario("odd", tmp_path)
    with pytest.raises(ValueError, match=re.escape(f"{tmp_path / 'odd.json'}: ")):
        load_scenarios(tmp_path)


def test_a_scenario_is_named_by_its_file(tmp_path: Path) -> None:
    raw = json.loads((SCENARIOS_DIR / "wideband-overload.json").read_text(encoding="utf-8"))
    (tmp_path / "overload-again.json").write_text(json.dumps(raw), encoding="utf-8")
    assert load_scenario("overload-again", tmp_path).name == "overload-again"
    raw["name"] = "wideband-overload"
    (tmp_path / "overload-again.json").write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape("unknown key(s) ['name']")):
        load_scenario("overload-again", tmp_path)


def test_an_outcome_sums_up_its_verdicts() -> None:
    runs = pd.DataFrame({"lost": [0, 1, 2]})
    outcome = Outcome((Path("a.csv"),), runs, (Verdict("one", True), Verdict("two", False)))
    assert outcome.summary() == "3 runs, 1 of 2 checks hold"
    assert not outcome.holds
    assert str(outcome.verdicts[1]) == "two: does NOT hold"
    detailed = Outcome((), runs, (Verdict("one", True),), "largest error 1%")
    assert detailed.summary() == "3 runs, 1 of 1 checks hold, largest error 1%" and detailed.holds


def test_reproduce_refuses_a_bad_scenario_file_before_running_anything(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    scenarios_dir = tmp_path / "scenarios"
    scenarios_dir.mkdir()
    raw = json.loads((SCENARIOS_DIR / "wideband-overload.json").read_text(encoding="utf-8"))
    (scenarios_dir / "overload.json").write_text(json.dumps(raw), encoding="utf-8")
    raw["checks"][0]["statistic"] = "mean"
    (scenarios_dir / "typo.json").write_text(json.dumps(raw), encoding="utf-8")
    monkeypatch.setattr(scenarios, "SCENARIOS_DIR", scenarios_dir)
    results = tmp_path / "results"
    results.mkdir()
    with pytest.raises(SystemExit) as exit_info:
        reproduce.main(["--workers", "1", "--no-store", "--results-dir", str(results)])
    assert exit_info.value.code == 2
    assert f"{scenarios_dir / 'typo.json'}: checks[0].statistic = 'mean'" in capsys.readouterr().err
    assert list(results.iterdir()) == []  # not even the good scenario's files


def test_a_kind_is_one_entry_of_the_registry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kind of its own: its scenario type, parser and runner, registered by one entry, is
    loaded and run by the same loader and runner as every other, and its scenarios come after
    those of the kinds before it."""
    from dataclasses import dataclass

    from netblt_sim.scenarios.kind import ScenarioKind

    @dataclass(frozen=True)
    class Toy:
        name: str
        words: str

    ran: list[tuple[str, Path]] = []

    def run_toy(scenario: Toy, results_dir: Path, executor: object) -> Outcome:
        ran.append((scenario.words, results_dir))
        return Outcome((), pd.DataFrame(), (Verdict("toy", True),))

    toy = ScenarioKind("toy", Toy, lambda path, raw, _: Toy(path.stem, raw["words"]), run_toy)
    monkeypatch.setattr(scenarios, "KINDS", (*scenarios.KINDS, toy))
    (tmp_path / "a-toy.json").write_text(
        '{"kind": "toy", "question": "Does it speak?", "words": "hello"}', encoding="utf-8")
    raw = json.loads((SCENARIOS_DIR / "wideband-overload.json").read_text(encoding="utf-8"))
    (tmp_path / "b-measure.json").write_text(json.dumps(raw), encoding="utf-8")
    loaded = load_scenarios(tmp_path)
    assert [type(s).__name__ for s in loaded] == ["MeasureScenario", "Toy"]
    assert kind_of(loaded[1]) is toy
    assert scenarios.run_scenario(loaded[1], tmp_path).summary() == "0 runs, 1 of 1 checks hold"
    assert ran == [("hello", tmp_path)]
    monkeypatch.undo()  # the registry without the toy kind: its scenarios are of no kind
    with pytest.raises(TypeError, match="a scenario of no kind"):
        kind_of(Toy("x", "y"))
    with pytest.raises(ValueError, match="kind = 'toy': must be one of"):
        load_scenarios(tmp_path)


def test_reproduce_runs_a_scenario_again_only_when_an_input_or_a_file_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from netblt_sim.batch.executor import TransferExecutor

    overload = load_scenario("wideband-overload")
    results = tmp_path / "results"
    results.mkdir()
    ran: list[str] = []

    def counting_run(scenario: Scenario, results_dir: Path, executor: object) -> Outcome:
        ran.append(scenario.name)
        return scenarios.run_scenario(scenario, results_dir, executor)  # type: ignore[arg-type]

    monkeypatch.setattr(reproduce, "run_scenario", counting_run)

    def run(force: bool = False) -> str:
        with TransferExecutor(store=tmp_path / "runs.sqlite") as executor:
            reproduce.reproduce_scenarios([overload], results, executor, 0.0, force)
        return capsys.readouterr().out

    def files() -> dict[str, bytes]:
        return {path.name: path.read_bytes() for path in folder.iterdir()}

    folder = results / "wideband-overload"
    first = run()
    written = files()
    assert ran == ["wideband-overload"] and "wrote" in first and SUMMARY_FILE in written
    assert sorted(p.name for p in results.iterdir()) == [INDEX_FILE, "wideband-overload"]
    index = (results / INDEX_FILE).read_text(encoding="utf-8")
    assert "- **[wideband-overload](wideband-overload/)**: " in index
    assert "- **table-II**: " in index and "Not run yet." in index  # not in this results_dir
    again = run()
    assert ran == ["wideband-overload"]  # not run again
    assert "(up to date: its inputs and files are unchanged)" in again and "kept" in again
    assert first.splitlines()[1].split(" (")[0] == again.splitlines()[1].split(" (")[0]
    assert files() == written and (results / INDEX_FILE).read_text("utf-8") == index
    run(force=True)
    assert ran == ["wideband-overload"] * 2
    # A file edited by hand, or a changed input, runs it again: the same bytes come back.
    edited = folder / sorted(written)[0]
    edited.write_bytes(b"edited")
    run()
    assert ran == ["wideband-overload"] * 3 and edited.read_bytes() == written[edited.name]
    monkeypatch.setattr(outputs, "inputs_digest", lambda: "another model value")
    run()
    assert ran == ["wideband-overload"] * 4


def test_the_published_data_is_an_input_of_the_scenarios(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A changed published row runs the table scenarios again: data/ is in the inputs' digest."""
    data = tmp_path / "data"
    data.mkdir()
    published = data / "rfc1030-tables.csv"
    published.write_text((outputs.DATA_DIR / "rfc1030-tables.csv").read_text(encoding="utf-8"))
    monkeypatch.setattr(outputs, "DATA_DIR", data)
    outputs.inputs_digest.cache_clear()
    before = outputs.inputs_digest()
    published.write_text(published.read_text(encoding="utf-8").replace(",1.45\n", ",1.46\n", 1))
    outputs.inputs_digest.cache_clear()
    assert outputs.inputs_digest() != before
    outputs.inputs_digest.cache_clear()
