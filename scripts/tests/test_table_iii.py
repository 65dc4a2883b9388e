# SPDX-License-Identifier: GPL-2.0-only
"""Table III: the scenario, the committed results, and their regeneration."""

from __future__ import annotations

import pandas as pd
import pytest
from conftest import REPO_ROOT

from netblt_sim.core import runtime
from netblt_sim.core.simulation import run_transfer
from netblt_sim.scenarios.registry import load_scenario
from netblt_sim.scenarios.table.scenario import CSV_COLUMNS, configurations

RESULTS = REPO_ROOT / "results" / "table-III"


@pytest.fixture(scope="module")
def committed() -> pd.DataFrame:
    return pd.read_csv(RESULTS / "table-III.csv")


def test_scenario_has_every_published_row_on_subnet_26() -> None:
    scenario = load_scenario("table-III")
    published = scenario.published()
    assert len(published) == 29
    parameters = [scenario.row_parameters(row) for _, row in published.iterrows()]
    assert len({p.seed for p in parameters}) == 29
    assert {p.network for p in parameters} == {"ethernet"}
    assert scenario.throughput_target_pct == 5.0
    assert {(p.psz, p.nbufs) for p in scenario.curve_parameters()} == {
        (1438, 1), (1438, 2), (512, 1), (512, 2)
    }  # fmt: skip


def test_committed_csv_follows_the_published_rows(committed: pd.DataFrame) -> None:
    assert list(committed.columns) == list(CSV_COLUMNS)
    published = load_scenario("table-III").published()
    assert list(committed["row"]) == list(published["row"])
    assert list(committed["pub_loss"]) == list(published["loss"])
    assert committed["sim_completed"].all() and committed["sim_intact"].all()


def test_single_buffer_configurations_meet_the_targets(committed: pd.DataFrame) -> None:
    """With one buffer outstanding only noise loses packets: throughput within 5 % of the
    published median and some loss, each loss recovered by a data timeout."""
    summary = configurations(load_scenario("table-III"), committed)
    single = summary[summary["nbufs"] == 1]
    assert len(single) == 7
    assert (single["error_pct"].abs() <= 5.0).all(), single
    assert (single["sim_loss_median"] > 0).all()
    assert (committed["sim_rxm"] >= committed["sim_loss"]).all()
    assert committed["sim_loss"].corr(committed["sim_dtmos"]) > 0.9


def test_every_simulated_loss_has_a_cause(committed: pd.DataFrame) -> None:
    """Each lost data packet met a deaf receiver, a full receive buffer, a host without a free
    packet buffer or noise; with one buffer outstanding the receiver sends while data flows only
    when it asks for a resend during recovery, so noise accounts for nearly all of the loss."""
    causes = committed[
        [
            "sim_receiver_deaf_drops",
            "sim_receiver_full_drops",
            "sim_receiver_pool_drops",
            "sim_receiver_noise_drops",
        ]
    ].sum(axis=1)
    assert (causes == committed["sim_loss"]).all()
    single = committed[committed["nbufs"] == 1]
    assert 10 * single["sim_receiver_deaf_drops"].sum() <= single["sim_loss"].sum()
    assert (committed.loc[committed["nbufs"] == 2, "sim_receiver_deaf_drops"] > 0).any()


def test_markdown_states_the_section_6_findings() -> None:
    text = (RESULTS / "table-III.md").read_text(encoding="utf-8")
    assert "Two outstanding buffers do worse than one" in text
    assert "longer burst intervals lose fewer packets" in text
    assert "of 11." in text
    for psz, bi in [(512, 30), (1438, 30), (1438, 40), (1438, 45)]:
        assert f"Two buffers, {psz}-byte packets, 5 every {bi} ms" in text
    assert "per control packet" in text


@pytest.mark.parametrize("row_number", [1, 10, 18])
def test_regenerating_a_row_gives_the_committed_figures(
    ns: runtime.NsNamespace, committed: pd.DataFrame, row_number: int
) -> None:
    scenario = load_scenario("table-III")
    row = scenario.published().iloc[row_number - 1]
    record = run_transfer(scenario.row_parameters(row))
    line = committed.iloc[row_number - 1]
    assert round(record.steady_state_mbps, 4) == line["sim_speed_mbps"]
    assert record.lost == line["sim_loss"] and record.data_timeouts == line["sim_dtmos"]
