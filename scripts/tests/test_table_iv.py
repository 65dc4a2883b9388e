# SPDX-License-Identifier: GPL-2.0-only
"""Table IV: the scenario, the Wideband path, the committed results and their regeneration."""

from __future__ import annotations

import pandas as pd
import pytest
from conftest import REPO_ROOT

from netblt_sim.core import runtime
from netblt_sim.core.networks import NETWORKS, WIDEBAND
from netblt_sim.core.parameters import TransferParameters
from netblt_sim.core.simulation import run_transfer
from netblt_sim.scenarios.registry import load_scenario
from netblt_sim.scenarios.table.scenario import CSV_COLUMNS, configurations

RESULTS = REPO_ROOT / "results" / "table-IV"


@pytest.fixture(scope="module")
def committed() -> pd.DataFrame:
    return pd.read_csv(RESULTS / "table-IV.csv")


def test_scenario_has_every_published_row_on_the_wideband_path() -> None:
    scenario = load_scenario("table-IV")
    published = scenario.published()
    assert len(published) == 28
    parameters = [scenario.row_parameters(row) for _, row in published.iterrows()]
    assert len({p.seed for p in parameters}) == 28
    assert {p.network for p in parameters} == {WIDEBAND}
    assert {(p.psz, p.nbufs) for p in parameters} >= {(1432, 22), (1432, 30), (1438, 22)}


def test_the_path_applies_the_pc_at_then_the_sun_3_to_the_receiver() -> None:
    roles = [(model.name, role) for model, role in NETWORKS[WIDEBAND].models_with_roles()]
    assert roles == [
        ("ibm-pc-at", "both"), ("3com-3c500", "both"), ("mit-subnet-26", "both"),
        ("wideband", "both"), ("sun-3", "receiver"),
    ]  # fmt: skip
    # PSZ 1434 and up make datagrams the Wideband gateways fragment; the hosts' Ethernet
    # MTU still allows them.
    TransferParameters(network=WIDEBAND, psz=1438, bfsz=14380).validate()


def test_committed_csv_follows_the_published_rows(committed: pd.DataFrame) -> None:
    assert list(committed.columns) == list(CSV_COLUMNS)
    published = load_scenario("table-IV").published()
    assert list(committed["row"]) == list(published["row"])
    assert list(committed["pub_rxm"]) == list(published["rxm"])
    assert committed["pub_dtmos"].isna().all()
    assert committed["sim_completed"].all() and committed["sim_intact"].all()


def test_losses_come_from_the_path_and_the_sun(committed: pd.DataFrame) -> None:
    """Every run loses some data packets (the satellite channel's residual errors, Subnet 26's
    noise and the SUN-3's 0.5 %), every loss is retransmitted, and no earth station resets at
    the published rates (the fastest, 5 x 1432 bytes every 55 ms, is 91 datagrams per second
    against the channel's 94)."""
    assert (committed["sim_loss"] > 0).all()
    assert (committed["sim_rxm"] >= committed["sim_loss"]).all()
    assert committed["sim_path_drops"].sum() > 0
    assert (committed["sim_station_resets"] == 0).all()


def test_unfragmented_rate_limited_configurations(committed: pd.DataFrame) -> None:
    """Where the burst rate, not the path, limits (1400-1432 bytes every 80-90 ms), the
    simulated speed is within 7 % of the published median (the 5 % target is met by 1400, 1420
    and 5/80; see src/wideband/doc/wideband.rst); the retransmissions of the 1400-1420-byte and
    5/80 configurations lie in the published range."""
    summary = configurations(load_scenario("table-IV"), committed)
    whole = summary[(summary["psz"] <= 1432) & (summary["bi_ms"] >= 80)]
    assert len(whole) == 5
    assert (whole["error_pct"].abs() <= 7.0).all(), whole
    in_range = summary[(summary["psz"] <= 1420) | (summary["bi_ms"] == 80)]
    assert (in_range["rxm_in_range"]).all(), in_range


def test_markdown_states_the_section_7_findings() -> None:
    text = (RESULTS / "table-IV.md").read_text(encoding="utf-8")
    assert "Packets of 1434 data bytes and more are fragmented" in text
    assert "Best run, 1432-byte packets, 5 every 55 ms" in text
    assert "of 11." in text
    assert "(not published)" in text


@pytest.mark.parametrize("row_number", [1, 14, 23])
def test_regenerating_a_row_gives_the_committed_figures(
    ns: runtime.NsNamespace, committed: pd.DataFrame, row_number: int
) -> None:
    scenario = load_scenario("table-IV")
    row = scenario.published().iloc[row_number - 1]
    record = run_transfer(scenario.row_parameters(row))
    line = committed.iloc[row_number - 1]
    assert round(record.steady_state_mbps, 4) == line["sim_speed_mbps"]
    assert record.lost == line["sim_loss"] and record.retransmitted == line["sim_rxm"]
    assert record.path_drops == line["sim_path_drops"]
