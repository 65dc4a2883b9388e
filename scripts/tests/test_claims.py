# SPDX-License-Identifier: GPL-2.0-only
"""Experiments of RFC 1030's text: the claim scenarios, their checks and committed results."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from conftest import REPO_ROOT

from netblt_sim import plot_losses_vs_burst_interval, runtime
from netblt_sim.claims import claim_holds, load_claim, losses_by_interval
from netblt_sim.scenarios import SCENARIOS_DIR, load_scenario
from netblt_sim.parameters import TransferParameters
from netblt_sim.transfer import run_transfer

RESULTS = REPO_ROOT / "results"


@pytest.fixture(scope="module")
def committed() -> pd.DataFrame:
    return pd.read_csv(RESULTS / "ethernet-private.csv")


def write_variant(tmp_path: Path, **changes: object) -> Path:
    raw = json.loads((SCENARIOS_DIR / "ethernet-private.json").read_text(encoding="utf-8"))
    raw.update(changes)
    (tmp_path / "variant.json").write_text(json.dumps(raw), encoding="utf-8")
    return tmp_path


def test_private_ethernet_scenario_sweeps_both_networks() -> None:
    scenario = load_claim("ethernet-private")
    runs = scenario.parameters()
    assert len(runs) == 2 * 21 * 3
    assert {p.network for p in runs} == {"ethernet-private", "ethernet"}
    assert {(p.psz, p.bfsz, p.nbufs, p.bs, p.xfsz_bytes) for p in runs} == {
        (1438, 14380, 2, 5, 1_438_000)
    }
    assert min(p.bi_ms for p in runs) == 30 and max(p.bi_ms for p in runs) == 50
    assert scenario.no_losses_above_bi_ms == 40


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"kind": "table"}, "kind 'table', expected 'claim'"),
        ({"network": "token-bus"}, "token-bus"),
        ({"burst_interval_ms": {"from": 45, "to": 40, "step": 1}}, "from <= to"),
        ({"transfer": {"bs": 5, "psz": 1438}}, "transfer lacks ['bfsz', 'nbufs', 'xfsz_kb']"),
        ({"seeds": []}, "seeds is empty"),
    ],
)
def test_bad_claim_scenarios_are_refused_by_name(
    tmp_path: Path, changes: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_claim("variant", write_variant(tmp_path, **changes))


def test_a_claim_scenario_without_a_required_key_is_refused(tmp_path: Path) -> None:
    raw = json.loads((SCENARIOS_DIR / "ethernet-private.json").read_text(encoding="utf-8"))
    del raw["source"]
    (tmp_path / "variant.json").write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(ValueError, match=r"no \['source'\]; a claim scenario needs"):
        load_claim("variant", tmp_path)


def test_a_claim_is_not_read_as_a_table() -> None:
    with pytest.raises(ValueError, match="kind 'claim', expected 'table'"):
        load_scenario("ethernet-private")


def test_claim_holds_only_without_losses_above_the_bound() -> None:
    scenario = load_claim("ethernet-private")
    runs = pd.DataFrame(
        {
            "network": ["ethernet-private"] * 3 + ["ethernet"] * 2,
            "bi_ms": [40, 41, 45, 41, 45],
            "lost": [30, 0, 0, 8, 6],
        }
    )
    assert claim_holds(scenario, runs)
    runs.loc[2, "lost"] = 1
    assert not claim_holds(scenario, runs)
    # Nothing measured above the bound proves nothing.
    assert not claim_holds(scenario, runs[runs["bi_ms"] <= 40])


def test_committed_results_state_the_claim_and_its_contrast(committed: pd.DataFrame) -> None:
    assert len(committed) == 126
    assert (committed["completed"] & committed["intact"]).all()
    summary = losses_by_interval(committed)
    above = summary.index > 40
    assert (summary.loc[above, ("max", "ethernet-private")] == 0).all()
    # Subnet 26's noise keeps losing packets where the private LAN loses none.
    assert (summary.loc[above, ("median", "ethernet")] > 0).all()
    assert summary.loc[~above, ("max", "ethernet-private")].max() > 0
    text = (RESULTS / "ethernet-private.md").read_text(encoding="utf-8")
    assert "above 40 ms. Simulated: holds." in text
    assert (RESULTS / "ethernet-private-losses-vs-burst-interval.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(("network", "bi_ms", "seed"), [("ethernet-private", 45, 1), ("ethernet", 33, 2)])
def test_regenerating_a_run_gives_the_committed_figures(
    ns: runtime.NsNamespace, committed: pd.DataFrame, network: str, bi_ms: int, seed: int
) -> None:
    line = committed[
        (committed["network"] == network) & (committed["bi_ms"] == bi_ms) & (committed["seed"] == seed)
    ].iloc[0]
    record = run_transfer(
        TransferParameters(
            bs=5, bi_ms=bi_ms, psz=1438, bfsz=14380, xfsz_bytes=1_438_000, nbufs=2, seed=seed,
            network=network,
        )  # fmt: skip
    )
    assert record.lost == line["lost"] and record.data_timeouts == line["data_timeouts"]
    assert record.steady_state_mbps == pytest.approx(line["steady_state_mbps"], rel=1e-12)


def test_losses_plot_names_a_missing_network() -> None:
    runs = pd.DataFrame({"network": ["ethernet"], "bi_ms": [40], "lost": [3]})
    with pytest.raises(ValueError, match="no runs on network 'ethernet-private'"):
        plot_losses_vs_burst_interval(runs, ("ethernet", "ethernet-private"))
