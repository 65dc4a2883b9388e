# SPDX-License-Identifier: GPL-2.0-only
"""uncertainty and bands: Morris's μ* of a linear toy model is slope x range (SALib's elementary
effects are per normalised unit), an override changes a run, the nominal median of a cheap
configuration lies in its band, and an analysis run again on its store simulates nothing."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from conftest import toy_bands

from netblt_sim.batch.executor import TransferExecutor
from netblt_sim.core import runtime
from netblt_sim.core.parameters import transfer_parameters
from netblt_sim.core.simulation import run_transfer
from netblt_sim.scenarios.bands.report import bands_frame
from netblt_sim.scenarios.bands.scenario import BandsScenario, analyse
from netblt_sim.scenarios.bands.uncertainty import (
    Factor,
    morris_indices,
    morris_sample,
    seed_noise_floor,
)
from netblt_sim.scenarios.registry import load_scenario
from netblt_sim.scenarios.table.scenario import TableScenario

SLOPE = 3.0


def toy_factors() -> list[Factor]:
    return [Factor("models/x/y.json:a.Linear", "y:a.Linear", 2.0, 6.0, 4.0, "ms", "toy"),
            Factor("models/x/y.json:a.Inert", "y:a.Inert", 0.0, 100.0, 1.0, "ms", "toy")]  # fmt: skip


def test_morris_mu_star_of_a_linear_output_is_slope_times_range() -> None:
    factors = toy_factors()
    sample = morris_sample(factors, trajectories=6, levels=4, seed=1)
    assert sample[:, 0].min() == 2.0 and sample[:, 0].max() == 6.0  # in the factor's units
    outputs = SLOPE * sample[:, 0] + 7.0
    indices = morris_indices(factors, sample, outputs, levels=4)
    assert indices.mu_star[0] == pytest.approx(SLOPE * (6.0 - 2.0))
    assert indices.mu[0] == pytest.approx(SLOPE * 4.0)
    assert indices.sigma[0] == pytest.approx(0.0, abs=1e-9)
    assert indices.mu_star[1] == pytest.approx(0.0)
    assert indices.shares() == pytest.approx((1.0, 0.0))


def test_the_seed_noise_floor_is_what_independent_noise_gives() -> None:
    factors = toy_factors()
    sample = morris_sample(factors, trajectories=400, levels=4, seed=2)
    noise = np.random.default_rng(3).normal(0.0, 0.1, len(sample))
    indices = morris_indices(factors, sample, noise, levels=4)
    assert indices.mu_star[1] == pytest.approx(seed_noise_floor(0.1, 4), rel=0.1)


def test_an_override_changes_the_run(ns: runtime.NsNamespace) -> None:
    row = {"network": "proteon-ring", "bs": 5, "bi_ms": 30, "psz": 1990, "bfsz": 19900,
           "xfsz_kb": 199, "nbufs": 1, "seed": 1}  # fmt: skip
    nominal = run_transfer(transfer_parameters(**row))
    key = "models/hosts/ibm-pc-at.json:netblt.ControlReceivePacketCost"
    assert run_transfer(transfer_parameters(**row, model_overrides={key: 2.95})) == nominal
    slower = run_transfer(transfer_parameters(**row, model_overrides={key: 3.0}))
    assert slower.steady_state_mbps < nominal.steady_state_mbps


def cheap_bands(tmp_path: Path) -> BandsScenario:
    """One ring configuration of 199 kB, Morris with 2 trajectories, one Sobol factor."""
    published = tmp_path / "published.csv"
    published.write_text("table,network,row,bs,bi_ms,psz,bfsz,xfsz_kb,nbufs,loss,rxm,dtmos,"
                         "speed_mbps\nII,proteon-ring,1,5,40,1990,19900,199,1,0,0,0,1.49\n")  # fmt: skip
    table = load_scenario("table-II")
    assert isinstance(table, TableScenario)
    table = replace(table, name="toy-II", published_path=published)
    return toy_bands(tables=(table,), nominal_seeds=(1, 2, 3))


def test_the_nominal_lies_in_its_band_and_a_second_analysis_simulates_nothing(
    ns: runtime.NsNamespace, tmp_path: Path
) -> None:
    scenario = cheap_bands(tmp_path)
    store = tmp_path / "store.sqlite"
    with TransferExecutor(store=store) as executor:
        (analysis,) = analyse(scenario, executor)
        first = executor.counts
    factors = len(analysis.factors)
    assert first.simulated == 3 + 2 * (factors + 1) + 2 * (1 + 2)  # nominal, Morris, Sobol
    row = bands_frame(scenario, analysis).iloc[0]
    assert row["p5"] <= row["nominal_median"] <= row["p95"]
    assert row["p5"] < row["p95"]
    with TransferExecutor(store=store) as executor:
        (again,) = analyse(scenario, executor)
        assert executor.counts.simulated == 0
        assert executor.counts.cached == first.simulated
    assert again.indices == analysis.indices
