# SPDX-License-Identifier: GPL-2.0-only
"""claim_bands: the share of Morris points at which a check holds, the assumption a check
hinges on, a claims analysis run again on its store simulates nothing and reads only the grid
points its check selects, every Morris point with one seed and the floor's trajectories with a
second, and a check whose run set is missing is refused by name; finding_bands: a table's
finding as a figure of 1 or 0 on a table's rows."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from conftest import spied_runs, toy_bands

from netblt_sim.batch.executor import TransferExecutor, run_transfers
from netblt_sim.core import runtime
from netblt_sim.core.parameters import TransferParameters
from netblt_sim.core.transfer import TransferRecord
from netblt_sim.scenarios.bands.claims import ClaimAnalysis, analyse_claims, share_holding
from netblt_sim.scenarios.bands.claims_report import claims_frame
from netblt_sim.scenarios.bands.findings import checkable, finding_figure
from netblt_sim.scenarios.bands.scenario import BandsScenario
from netblt_sim.scenarios.bands.uncertainty import Factor, MorrisIndices, common_seed_floor
from netblt_sim.scenarios.measure.scenario import Check, parse_measure
from netblt_sim.scenarios.registry import load_scenario
from netblt_sim.scenarios.table.scenario import TableScenario


def test_the_share_holding_counts_the_points_within_the_widened_bounds() -> None:
    no_losses = Check("no losses", "runs", "lost", "max", 0.0, 0.0)
    figures = np.array([0.0, 0.0, 3.0, np.nan])  # a failed point is left out
    assert share_holding(no_losses, figures) == pytest.approx(2 / 3)
    within = Check("926-942", "runs", "steady_state_kbps", "median", 926.0, 942.0, 5.0)
    # Widened by 5 %: 879.7 to 989.1.
    figures = np.array([880.0, 870.0, 989.0, 990.0])
    assert share_holding(within, figures) == pytest.approx(0.5)
    at_least = Check("resets", "runs", "station_resets", "min", 1.0, None)
    assert share_holding(at_least, np.array([1.0, 7.0, 0.0, 0.0])) == pytest.approx(0.5)
    assert np.isnan(share_holding(at_least, np.array([np.nan])))


def test_a_check_hinges_on_the_factor_whose_level_separates_failing_from_holding() -> None:
    factors = [Factor("models/x/y.json:a.Load", "y:a.Load", 0.0, 1.0, 0.0, "", "toy"),
               Factor("models/x/y.json:a.Inert", "y:a.Inert", 10.0, 20.0, 10.0, "ms", "toy")]  # fmt: skip
    points = np.array([[0.0, 10.0], [1.0, 20.0], [1.0, 10.0], [0.0, 20.0], [1 / 3, 15.0]])
    figures = 100 * points[:, 0]  # lost: fails wherever the load is above 0
    check = Check("no losses", "runs", "lost", "max", 0.0, 0.0)
    analysis = ClaimAnalysis(
        "toy", "proteon-ring", check, factors, points, figures,
        0.0, np.array([0.0, 0.0]), MorrisIndices((1.0, 0.0), (1.0, 0.0), (0.0, 0.0)), 7,
    )  # fmt: skip
    assert analysis.share_holding() == pytest.approx(2 / 5)
    hinge = analysis.hinge()
    assert hinge is not None
    factor, end, failing, holding = hinge
    assert (factor.name, end) == ("y:a.Load", "high")
    assert failing == pytest.approx((1 + 1 + 1 / 3) / 3) and holding == pytest.approx(0.0)
    row = claims_frame([analysis]).iloc[0]
    assert row["dominant_assumption"] == "y:a.Load" and row["hinge_end"] == "high"
    assert bool(row["holds_at_nominal"]) and row["p5"] == 0.0 and row["p95"] == 100.0


def cheap_claims(tmp_path: Path) -> BandsScenario:
    """One claim on the ring: two burst intervals and two seeds, the check reading only the
    longer interval; Morris with 2 trajectories over the ring's 10 factors (none left out, so
    the PC/AT's ControlPacketSize is one)."""
    measure = parse_measure(tmp_path / "toy-claim.json", {
        "kind": "measure", "title": "toy", "source": "toy",
        "runs": [{"label": "ring", "network": "proteon-ring",
                  "transfer": {"bs": 5, "psz": 1990, "bfsz": 19900, "xfsz_kb": 199, "nbufs": 1},
                  "grid": {"bi_ms": [30, 40], "seed": [1, 2]}}],
        "checks": [{"claim": "no losses at 40 ms", "runs": "ring", "quantity": "lost",
                    "statistic": "max", "where": {"bi_ms": {">": 35}}, "low": 0, "high": 0}],
    })  # fmt: skip
    return toy_bands(claims=(measure,), claims_description="toy")


def test_a_claims_analysis_run_again_on_its_store_simulates_nothing(
    ns: runtime.NsNamespace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scenario = cheap_claims(tmp_path)
    store = tmp_path / "store.sqlite"
    batches = spied_runs(monkeypatch)
    with TransferExecutor(store=store) as executor:
        claims = analyse_claims(scenario, executor)
        first = executor.counts
    (analysis,) = claims.checks
    assert claims.runs == first.simulated
    factors = len(analysis.factors)
    assert factors == 10
    # Each Morris point: the 40 ms interval alone, with seed_base; the first trajectory's
    # again with floor_seed; the nominal: 2 intervals x 2 seeds.
    size = factors + 1
    (runs,) = batches
    morris, again, nominal = runs[:2 * size], runs[2 * size:3 * size], runs[3 * size:]
    assert {(run.seed, run.bi_ms) for run in morris} == {(100, 40)}
    assert {(run.seed, run.bi_ms) for run in again} == {(101, 40)}
    assert [replace(run, seed=100) for run in again] == morris[:size]
    assert sorted((run.seed, run.bi_ms) for run in nominal) == [(1, 30), (1, 40), (2, 30), (2, 40)]
    assert first.simulated == 2 * 2 + 2 * size + size
    assert analysis.runs == first.simulated
    assert len(analysis.figures) == 2 * (factors + 1) and not np.isnan(analysis.figures).any()
    figures_again = np.array([float(record.lost) for record in
                              executor_records(again, store)])  # fmt: skip
    assert analysis.floor == pytest.approx(common_seed_floor(
        analysis.factors, analysis.points[:size], analysis.figures[:size], figures_again, 4))
    assert len(analysis.nominal_by_seed) == 2
    with TransferExecutor(store=store) as executor:
        (again,) = analyse_claims(scenario, executor).checks
        assert executor.counts.simulated == 0
        assert executor.counts.cached == first.simulated
    assert again.indices == analysis.indices
    assert np.array_equal(again.figures, analysis.figures)


def executor_records(runs: list[TransferParameters], store: Path) -> list[TransferRecord]:
    """The stored records of `runs` (none simulated)."""
    with TransferExecutor(store=store) as executor:
        records = run_transfers(runs, None, executor)
        assert executor.counts.simulated == 0
    return records


def test_a_check_whose_run_set_is_missing_is_refused_by_name(tmp_path: Path) -> None:
    scenario = cheap_claims(tmp_path)
    (measure,) = scenario.claims
    lost = replace(measure, checks=(replace(measure.checks[0], runs="nowhere"),))
    with pytest.raises(ValueError, match="check 'no losses at 40 ms': toy-claim: no run set "
                       r"'nowhere'; its run sets are \['ring'\]"):  # fmt: skip
        analyse_claims(replace(scenario, claims=(lost,)), None)


def test_a_tables_finding_is_1_where_it_holds_0_where_not_and_nan_where_unstated() -> None:
    table = load_scenario("table-III")
    assert isinstance(table, TableScenario)
    (worse, fewer) = checkable(table)  # the two of Table III with a verdict, on its rows alone
    assert worse.headline() == "Two outstanding buffers do worse than one"
    rows = pd.DataFrame({"psz": [1438, 1438, 1438, 512], "bi_ms": [30, 30, 30, 30],
                         "nbufs": [1, 2, 2, 2], "sim_speed_mbps": [1.4, 1.0, 1.1, 2.0]})  # fmt: skip
    assert finding_figure(worse, rows) == 1.0
    rows.loc[0, "sim_speed_mbps"] = 1.05  # one buffer now slower than two's median
    assert finding_figure(worse, rows) == 0.0
    assert np.isnan(finding_figure(worse, rows[rows["nbufs"] == 2]))  # no one-buffer row
    assert np.isnan(finding_figure(worse, None))  # a run of the point failed
    assert fewer.headline() == "With two buffers, longer burst intervals lose fewer packets"
