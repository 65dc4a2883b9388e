# SPDX-License-Identifier: GPL-2.0-only
"""RFC 1030's findings per table, read from `scenarios/table-*.json`: how they are evaluated,
malformed ones refused by key, and the committed reports stating them."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from conftest import REPO_ROOT

from netblt_sim.core.transfer import RUN_COLUMNS
from netblt_sim.reporting.findings import evaluate, load_findings
from netblt_sim.scenarios.registry import SCENARIOS_DIR, load_scenario
from netblt_sim.scenarios.table.scenario import CSV_COLUMNS

COLUMNS = {"rows": CSV_COLUMNS, "curves": RUN_COLUMNS}
TABLES = ("table-II", "table-III", "table-IV")

ROWS = pd.DataFrame(
    {
        "psz": [1438, 1438, 1438, 1438, 512],
        "nbufs": [1, 1, 2, 2, 2],
        "bi_ms": [30, 30, 30, 40, 30],
        "xfsz_kb": [1438, 1438, 1438, 1438, 2048],
        "bfsz": [14380, 14380, 14380, 14380, 10240],
        "sim_speed_mbps": [1.4, 1.5, 1.0, 1.2, 0.8],
        "sim_loss": [2, 4, 30, 12, 9],
        "pub_loss": [1, 3, 20, 10, 8],
    }
)


Change = Callable[[dict[str, Any]], object]


def finding(**entry: object) -> list[dict[str, object]]:
    return [entry]


def notes(raw: list[dict[str, object]], rows: pd.DataFrame = ROWS) -> list[str]:
    findings = load_findings("test", raw, {"rows": list(rows.columns), "curves": []})
    return evaluate(findings, {"rows": rows, "curves": pd.DataFrame()})


def test_a_comparison_states_its_figures_and_verdict() -> None:
    raw = finding(
        statement="one {one:.2f}, two {two:.2f} (RFC: {rfc}), finding {verdict}.",
        published={"rfc": 1.45},
        figures={
            "one": {"where": {"nbufs": 1}, "column": "sim_speed_mbps", "statistic": "median"},
            "two": {"where": {"nbufs": 2, "psz": {">": 1000}}, "column": "sim_speed_mbps",
                    "statistic": "median"},
        },  # fmt: skip
        holds=[{"left": "two", "op": "<", "right": "one"}],
    )
    assert notes(raw) == ["one 1.45, two 1.10 (RFC: 1.45), finding holds."]
    raw[0]["holds"] = [{"left": "two", "op": ">=", "right": "one", "times": 0.75}]
    assert notes(raw) == ["one 1.45, two 1.10 (RFC: 1.45), finding holds."]
    raw[0]["holds"] = [{"left": "two", "op": ">=", "right": "one"}]
    assert notes(raw) == ["one 1.45, two 1.10 (RFC: 1.45), finding does NOT hold."]


def test_a_finding_without_rows_or_requirement_is_left_out() -> None:
    nothing = finding(
        statement="{x:g}", figures={"x": {"where": {"psz": 9000}, "column": "sim_loss",
                                         "statistic": "max"}},
    )  # fmt: skip
    assert notes(nothing) == []
    # A sum or a count of nothing is 0, not missing.
    count = finding(
        statement="{n:g}", figures={"n": {"where": {"psz": 9000}, "statistic": "count"}}
    )
    assert notes(count) == ["0"]
    required = finding(
        statement="{r:.2f}",
        figures={
            "lossy": {"where": {"sim_loss": {">": 10}}, "statistic": "count"},
            "r": {"column": "sim_loss", "statistic": "correlation", "with": "pub_loss"},
        },
        requires=[{"left": "lossy", "op": ">", "right": 2}],
    )
    assert notes(required) == []
    assert notes(required, pd.concat([ROWS, ROWS])) == ["0.99"]


def test_for_each_group_transforms_and_derived_columns() -> None:
    raw = finding(
        statement="{psz} at {bi_ms}: {buffers:g} buffers, {per_buffer:.2f} lost per buffer, "
        "{kbps:.0f} kbit/s, {pct:.0f} %",
        published={"best": 2.0},
        for_each={"where": {"nbufs": 2}, "columns": ["psz", "bi_ms"]},
        figures={
            "buffers": {"column": "buffers", "statistic": "median"},
            "per_buffer": {"column": "sim_loss", "statistic": "median", "per": "buffers"},
            "kbps": {"column": "sim_speed_mbps", "statistic": "max", "scale": 1000},
            "pct": {"column": "sim_speed_mbps", "statistic": "median", "percent_of": "best"},
        },
    )
    assert notes(raw) == [
        "512 at 30: 200 buffers, 0.04 lost per buffer, 800 kbit/s, 40 %",
        "1438 at 30: 100 buffers, 0.30 lost per buffer, 1000 kbit/s, 50 %",
        "1438 at 40: 100 buffers, 0.12 lost per buffer, 1200 kbit/s, 60 %",
    ]
    zero = finding(
        statement="{ratio}",
        figures={
            "none": {"where": {"psz": 9000}, "statistic": "count"},
            "ratio": {"column": "sim_loss", "statistic": "max", "per": "none"},
        },
    )
    assert math.isnan(float(notes(zero)[0]))


def table_iii_with(tmp_path: Path, change: Change) -> Path:
    """scenarios/table-III.json with `change(raw)` applied, written to tmp_path."""
    raw = json.loads((SCENARIOS_DIR / "table-III.json").read_text(encoding="utf-8"))
    change(raw)
    (tmp_path / "table-III.json").write_text(json.dumps(raw), encoding="utf-8")
    return tmp_path


def _set(path: str, value: object) -> Change:
    """A change setting raw[...path...] (dot-separated keys and list indices) to `value`."""

    def change(raw: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = raw
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        target[int(last) if isinstance(target, list) else last] = value

    return change


# A change to scenarios/table-III.json (a key path and its new value) and what the refusal says.
MALFORMED: list[tuple[str, object, str]] = [
    ("findings.0.figures.one.statistic", "mean", "one.statistic = 'mean': must be a statistic"),
    ("findings.0.figures.one.column", "sim_sped", "names ['sim_sped'], not columns of the rows"),
    ("findings.3.figures.fastest.of", "tables", "fastest.of = 'tables': must be a frame"),
    ("findings.0.figures.one.where", {"psz": {"~": 1438}}, "where.psz = '~': must be an operator"),
    ("findings.0.figures.one.where", {"psz": "big"}, "where.psz = 'big': must be a finite number"),
    ("findings.0.holds.0.right", "three", "findings[0].holds[0].right = 'three': must be a figure"),
    ("findings.0.statement", "{one:.3f} {three}", "findings[0].statement: {three} is not one of"),
    ("findings.3.statement", "{fastest:.3q}", "statement: Unknown format code 'q'"),
    ("findings.3.statement", "{verdict}", "findings[3].statement: {verdict} is not one of"),
    ("findings.4.figures.deaf_per_control.per", "noise", "'noise': must be an earlier figure"),
    ("findings.4.for_each.columns", [], "findings[4].for_each.columns = []"),
    ("findings.1.figures.at_30.colour", "red", "at_30: unknown key(s) ['colour']"),
    ("findings.2.figures.simulated.with", None, "a correlation, and only one, needs it"),
    ("findings.0.published.one_buffer_mbps", "1.45", "'1.45': must be a finite number"),
    ("count_range", {"low": 0.5}, "count_range = {'low': 0.5}: must have exactly"),
    ("count_range", {"low": 0.5, "high": -2}, "count_range.high = -2: must be a positive"),
    ("throughput_target_pct", "5 %", "throughput_target_pct = '5 %': must be a positive"),
]


@pytest.mark.parametrize(("path", "value", "message"), MALFORMED)
def test_a_malformed_table_scenario_is_refused_naming_the_key(
    tmp_path: Path, path: str, value: object, message: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        load_scenario("table-III", table_iii_with(tmp_path, _set(path, value)))


def test_a_table_scenario_without_findings_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=re.escape("no ['findings']; it needs")):
        load_scenario("table-III", table_iii_with(tmp_path, lambda raw: raw.pop("findings")))


@pytest.mark.parametrize("name", TABLES)
def test_every_finding_of_a_table_is_in_its_committed_report(name: str) -> None:
    """The committed Markdown states each finding of the scenario: the text of its statement up to
    its first figure, once per group for a `for_each` finding."""
    text = (REPO_ROOT / "results" / name / f"{name}.md").read_text(encoding="utf-8")
    scenario = load_scenario(name)
    assert scenario.findings
    for finding in scenario.findings:
        lead = finding.statement.split("{", 1)[0]
        assert lead and f"- {lead}" in text, lead


def test_findings_name_only_columns_of_their_frames() -> None:
    for name in TABLES:
        raw = json.loads((SCENARIOS_DIR / f"{name}.json").read_text(encoding="utf-8"))
        assert len(load_findings(name, raw["findings"], COLUMNS)) == len(raw["findings"])
