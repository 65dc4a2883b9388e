# SPDX-License-Identifier: GPL-2.0-only
"""Table II: the scenario, the committed results, and their regeneration."""

from __future__ import annotations

import re

import pandas as pd
import pytest
from conftest import REPO_ROOT

from netblt_sim.core import runtime
from netblt_sim.core.simulation import run_transfer
from netblt_sim.scenarios.registry import load_scenario
from netblt_sim.scenarios.table.scenario import CSV_COLUMNS, configurations

RESULTS = REPO_ROOT / "results" / "table-II"
REQUIRED_COLUMNS = (
    "table,row,bs,bi_ms,psz,bfsz,xfsz_kb,nbufs,seed,sim_loss,sim_rxm,sim_dtmos,sim_speed_mbps,"
    "sim_real_mbps,pub_loss,pub_rxm,pub_dtmos,pub_speed_mbps"
).split(",")


@pytest.fixture(scope="module")
def committed() -> pd.DataFrame:
    return pd.read_csv(RESULTS / "table-II.csv")


def test_scenario_has_every_published_row_with_its_own_seed() -> None:
    scenario = load_scenario("table-II")
    published = scenario.published()
    assert len(published) == 39
    assert list(published["row"]) == list(range(1, 40))
    seeds = [scenario.row_parameters(row).seed for _, row in published.iterrows()]
    assert len(set(seeds)) == 39
    assert all(scenario.row_parameters(row).network == "proteon-ring" for _, row in published.iterrows())
    # Curves: every (PSZ, NBUFS) family of the table over a 1 ms grid finer than the RFC's.
    curves = scenario.curve_parameters()
    assert {(p.psz, p.nbufs) for p in curves} == {(1438, 1), (1438, 2), (1990, 1), (1990, 2)}
    assert len({p.bi_ms for p in curves}) > len(set(published["bi_ms"]))


def test_unknown_scenario_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match="table-II"):
        load_scenario("table-IX")


def test_committed_csv_has_the_required_columns_in_published_order(committed: pd.DataFrame) -> None:
    assert list(committed.columns) == list(CSV_COLUMNS)
    assert set(REQUIRED_COLUMNS) <= set(committed.columns)
    published = load_scenario("table-II").published()
    assert list(committed["row"]) == list(published["row"])
    for ours, theirs in (("pub_speed_mbps", "speed_mbps"), ("pub_loss", "loss"), ("bi_ms", "bi_ms")):
        assert list(committed[ours]) == list(published[theirs])


def test_committed_table_meets_the_targets(committed: pd.DataFrame) -> None:
    """Each configuration's median within 3 % of the published median; no loss, retransmission
    or data timeout, as published; every transfer complete and intact."""
    summary = configurations(load_scenario("table-II"), committed)
    assert len(summary) == 20
    assert (summary["error_pct"].abs() <= load_scenario("table-II").throughput_target_pct).all(), summary
    assert (committed[["sim_loss", "sim_rxm", "sim_dtmos"]] == 0).all().all()
    assert committed["sim_completed"].all() and committed["sim_intact"].all()
    recomputed = 100 * (committed["sim_speed_mbps"] - committed["pub_speed_mbps"]) / committed[
        "pub_speed_mbps"
    ]
    assert (recomputed - committed["speed_error_pct"]).abs().max() < 0.01


def test_committed_markdown_reports_each_row_and_configuration() -> None:
    text = (RESULTS / "table-II.md").read_text(encoding="utf-8")
    assert "## Each configuration" in text and "## Each published row" in text
    configurations_part = text.split("## Each configuration")[1].split("## Each published row")[0]
    rows_part = text.split("## Each published row")[1]
    # One line per configuration (BS first, 5 in every one); the cells are padded to the
    # column's width.
    assert len(re.findall(r"^\| +5 \|", configurations_part, re.MULTILINE)) == 20
    assert len(re.findall(r"^\|", rows_part, re.MULTILINE)) == 39 + 2  # header, rule, the rows
    assert "20 of 20" in text


@pytest.mark.parametrize("row_number", [1, 9, 21, 34])
def test_regenerating_a_row_gives_the_committed_figures(
    ns: runtime.NsNamespace, committed: pd.DataFrame, row_number: int
) -> None:
    scenario = load_scenario("table-II")
    row = scenario.published().iloc[row_number - 1]
    record = run_transfer(scenario.row_parameters(row))
    line = committed.iloc[row_number - 1]
    assert round(record.steady_state_mbps, 4) == line["sim_speed_mbps"]
    assert record.lost == line["sim_loss"] and record.retransmitted == line["sim_rxm"]
