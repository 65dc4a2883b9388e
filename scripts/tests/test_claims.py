# SPDX-License-Identifier: GPL-2.0-only
"""A claim of RFC 1030's text as a measure scenario: §6's private Ethernet (no losses above
40 ms per burst, against Subnet 26), its check, bad files, and the committed results."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from conftest import REPO_ROOT

from netblt_sim import plot_losses_vs_burst_interval
from netblt_sim.core import runtime
from netblt_sim.core.parameters import TransferParameters
from netblt_sim.core.simulation import run_transfer
from netblt_sim.scenarios.measure.report import losses_by_interval
from netblt_sim.scenarios.measure.scenario import Check, MeasureScenario
from netblt_sim.scenarios.registry import SCENARIOS_DIR, load_scenario

NAME = "ethernet-private"
RESULTS = REPO_ROOT / "results" / NAME


@pytest.fixture(scope="module")
def committed() -> pd.DataFrame:
    return pd.read_csv(RESULTS / f"{NAME}.csv")


def load_claim(scenarios_dir: Path = SCENARIOS_DIR) -> MeasureScenario:
    scenario = load_scenario(NAME, scenarios_dir)
    assert isinstance(scenario, MeasureScenario)
    return scenario


def write_variant(tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    """The scenario file with `change(raw)` applied, in tmp_path under its own name."""
    raw = json.loads((SCENARIOS_DIR / f"{NAME}.json").read_text(encoding="utf-8"))
    change(raw)
    (tmp_path / f"{NAME}.json").write_text(json.dumps(raw), encoding="utf-8")
    return tmp_path


def test_the_claim_is_a_measure_of_two_run_sets_and_one_check() -> None:
    scenario = load_claim()
    assert scenario.report == "losses"
    assert [(s.label, s.network) for s in scenario.run_sets] == [
        ("ethernet-private", "ethernet-private"), ("ethernet", "ethernet")
    ]
    runs = [p for _, p in scenario.parameters()]
    assert len(runs) == 2 * 21 * 3
    assert {(p.psz, p.bfsz, p.nbufs, p.bs, p.xfsz_bytes) for p in runs} == {
        (1438, 14380, 2, 5, 1_438_000)
    }
    # Network outermost, then burst interval, then seed.
    assert [(p.network, p.bi_ms, p.seed) for p in runs[:4]] == [
        ("ethernet-private", 30, 1), ("ethernet-private", 30, 2), ("ethernet-private", 30, 3),
        ("ethernet-private", 31, 1),
    ]  # fmt: skip
    assert min(p.bi_ms for p in runs) == 30 and max(p.bi_ms for p in runs) == 50
    (check,) = scenario.checks
    assert (check.runs, check.quantity, check.statistic, check.low, check.high) == (
        "ethernet-private", "lost", "max", 0, 0
    )
    assert check.where == (("bi_ms", ">", 40.0),)


def _set_run(index: int, key: str, value: object) -> Callable[[dict[str, Any]], None]:
    def change(raw: dict[str, Any]) -> None:
        raw["runs"][index][key] = value

    return change


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_set_run(0, "network", "token-bus"), "token-bus"),
        (_set_run(0, "grid", {"bi_ms": {"from": 45, "to": 40}, "seed": [1]}),
         "runs[0].grid.bi_ms = {'from': 45, 'to': 40}: needs from <= to and step >= 1"),
        (_set_run(1, "grid", {"bi_ms": [40], "seed": []}),
         "runs[1].grid.seed is empty: give at least one value"),
        (_set_run(1, "network", "ethernet-private"),
         "report 'losses' sets networks side by side: each run set needs its own network"),
        (_set_run(0, "seeds", [1]), "runs[0]: unknown key(s) ['seeds']"),
        (lambda raw: raw.update(kind="claim"),
         "kind = 'claim': must be one of ['table', 'measure', 'time-sequence', 'rate-control', 'sharing', "
         "'network-rate-control', 'bands', 'calibration']"),
        (lambda raw: raw.pop("source"), "no ['source']; it needs"),
        (lambda raw: raw.update(report="table"), "report = 'table': must be one of"),
        (lambda raw: raw["checks"][0].update(where={"bi": {">": 40}}),
         "checks[0].where names ['bi'], not columns of a run"),
    ],
)  # fmt: skip
def test_bad_claim_scenarios_are_refused_by_name(
    tmp_path: Path, change: Callable[[dict[str, Any]], None], message: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        load_claim(write_variant(tmp_path, change))


def test_the_claim_holds_only_without_losses_above_the_bound() -> None:
    claim = load_claim().checks[0]
    runs = pd.DataFrame(
        {
            "label": ["ethernet-private"] * 3 + ["ethernet"] * 2,
            "bi_ms": [40, 41, 45, 41, 45],
            "lost": [30, 0, 0, 8, 6],
        }
    )
    assert claim.holds(runs)
    runs.loc[2, "lost"] = 1
    assert not claim.holds(runs)
    # Nothing measured above the bound proves nothing.
    assert not claim.holds(runs[runs["bi_ms"] <= 40])
    assert not Check("any", "ethernet-private", "lost", "max", 0, 0).holds(runs)


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
