# SPDX-License-Identifier: GPL-2.0-only
"""uncertainty and bands: Morris's μ* of a linear toy model is slope x range (SALib's elementary
effects are per normalised unit), the seeds' floor under a common seed is the noise of an
elementary effect (measured from two seeds) and their spread at the same points, an override changes a run, the screening runs every
Morris point with one seed and the floor's trajectories with a second, a bad
`floor_trajectories` is refused by name, the nominal median of a cheap configuration lies in its
band, and an analysis run again on its store simulates nothing."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import REPO_ROOT, spied_runs, toy_bands

from netblt_sim.batch.executor import TransferExecutor
from netblt_sim.core import runtime
from netblt_sim.core.parameters import transfer_parameters
from netblt_sim.core.simulation import run_transfer
from netblt_sim.scenarios.bands.report import bands_frame
from netblt_sim.scenarios.bands.scenario import BandsScenario, analyse, parse_bands, screen
from netblt_sim.scenarios.bands.uncertainty import (
    Factor,
    absolute_floor,
    common_seed_floor,
    normal_floor,
    effect_differences,
    morris_indices,
    morris_sample,
    seed_noise_floor,
    seed_spread,
    sobol_sample,
    step,
)
from netblt_sim.scenarios.measure.scenario import MeasureScenario
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


def test_the_common_seed_floor_is_the_noise_of_an_elementary_effect() -> None:
    """Outputs slope x the first factor plus, per seed, an offset common to every point (which
    a common seed cancels) and noise of standard deviation σ drawn per point (which it does
    not). Each elementary effect's noise is then (e[j+1] - e[j]) / Δ, of variance 2 σ² / Δ²,
    and the inert factor's μ* is its mean absolute value, √(2/π) √2 σ / Δ = 2 σ / (√π Δ): what
    `seed_noise_floor` gives for a seed per point, and what two seeds' runs measure."""
    factors = toy_factors()
    sample = morris_sample(factors, trajectories=400, levels=4, seed=2)
    rng = np.random.default_rng(5)
    sigma = 0.1

    def outputs(offset: float, sd: float) -> Any:
        return SLOPE * sample[:, 0] + offset + rng.normal(0.0, sd, len(sample))

    first, second = outputs(7.0, sigma), outputs(-3.0, sigma)
    floor = common_seed_floor(factors, sample, first, second, levels=4)
    expected = np.sqrt(2 / np.pi) * np.sqrt(2) * sigma / step(4)
    assert expected == pytest.approx(seed_noise_floor(sigma, 4))
    assert floor == pytest.approx(expected, rel=0.05)
    # The inert factor's μ* under the first seed alone is that floor.
    assert morris_indices(factors, sample, first, 4).mu_star[1] == pytest.approx(floor, rel=0.1)
    # A seed that moves every point alike cancels: no floor; nor from one seed run twice.
    assert common_seed_floor(factors, sample, outputs(7.0, 0.0), outputs(-3.0, 0.0), 4) == (
        pytest.approx(0.0, abs=1e-9))
    assert common_seed_floor(factors, sample, first, first.copy(), levels=4) == 0.0
    # For normal noise the mean square gives the same floor.
    differences = effect_differences(factors, sample, first, second, 4)
    assert normal_floor(differences) == pytest.approx(floor, rel=0.05)


def test_a_heavy_tail_does_not_inflate_the_floor_as_it_inflates_normal_noise_s() -> None:
    """Noise of 0 at most points and 1 at one in fifty (a run that stalls under one seed and
    not the other): the inert factor's μ*, E|noise|, lies between E|d| / 2 and E|d|, which
    σ_EE √(2/π) overshoots and the floor, E|d| / √2, does not."""
    factors = toy_factors()
    sample = morris_sample(factors, trajectories=2000, levels=4, seed=3)
    rng = np.random.default_rng(6)

    def outputs() -> Any:
        return SLOPE * sample[:, 0] + (rng.random(len(sample)) < 0.02)

    first, second = outputs(), outputs()
    differences = effect_differences(factors, sample, first, second, 4)
    mean_absolute = float(np.mean(np.abs(differences)))
    inert = morris_indices(factors, sample, first, 4).mu_star[1]
    assert mean_absolute / 2 < inert < mean_absolute
    assert normal_floor(differences) > 1.5 * mean_absolute
    floor = common_seed_floor(factors, sample, first, second, 4)
    assert floor == absolute_floor(differences)
    assert mean_absolute / 2 < floor < mean_absolute


def test_a_failed_run_leaves_its_steps_out_of_the_floor() -> None:
    factors = toy_factors()
    sample = morris_sample(factors, trajectories=2, levels=4, seed=1)  # 2 x 3 points
    first = np.array([0.0, 1.0, 1.0, 0.0, 0.0, 3.0])
    second = np.array([0.0, 0.0, 1.0, 0.0, 0.0, 0.0])
    # Steps: trajectory 1 (1 - 0) - 0 and (0 - 1) - 1; trajectory 2 0 and 3 - 0, over ±Δ.
    d = np.array([1.0, -1.0, 0.0, 3.0]) / step(4)
    expected = np.mean(np.abs(d)) / np.sqrt(2)
    assert common_seed_floor(factors, sample, first, second, 4) == pytest.approx(expected)
    second[1] = np.nan  # the first trajectory's two steps are left out
    assert common_seed_floor(factors, sample, first, second, 4) == pytest.approx(
        np.mean(np.abs(d[2:])) / np.sqrt(2))
    assert np.isnan(common_seed_floor(factors, sample, first, np.full(6, np.nan), 4))
    with pytest.raises(ValueError, match="need whole trajectories of 3 points"):
        common_seed_floor(factors, sample[:4], first[:4], second[:4], 4)


def test_the_seed_spread_is_the_standard_deviation_between_two_seeds_at_the_same_points() -> None:
    # √(mean((y1 - y2)²) / 2) of the differences 1 and -1, the failed point left out.
    assert seed_spread(np.array([1.0, 2.0, np.nan]), np.array([0.0, 3.0, 5.0])) == pytest.approx(
        1 / np.sqrt(2))
    assert np.isnan(seed_spread(np.array([np.nan]), np.array([1.0])))
    noise = np.random.default_rng(4).normal(0.0, 0.1, (2, 20000))
    assert seed_spread(noise[0], noise[1]) == pytest.approx(0.1, rel=0.02)


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
    # The Saltelli sample of one factor repeats its B points as AB: with the Morris points'
    # seed at every point, those are run once.
    sobol = len(np.unique(sobol_sample(analysis.sobol_factors, 2, 1), axis=0))
    # Nominal, Morris, the first trajectory again for the floor, Sobol.
    assert first.simulated == 3 + 2 * (factors + 1) + (factors + 1) + sobol
    row = bands_frame(scenario, analysis).iloc[0]
    assert row["p5_mbps"] <= row["nominal_median_mbps"] <= row["p95_mbps"]
    assert row["p5_mbps"] < row["p95_mbps"]
    with TransferExecutor(store=store) as executor:
        (again,) = analyse(scenario, executor)
        assert executor.counts.simulated == 0
        assert executor.counts.cached == first.simulated
    assert again.indices == analysis.indices


def test_the_screening_runs_every_morris_point_with_one_seed_and_the_floor_with_a_second(
    ns: runtime.NsNamespace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scenario = cheap_bands(tmp_path)
    assert (scenario.seed_base, scenario.floor_seed, scenario.trajectories) == (100, 101, 2)
    batches = spied_runs(monkeypatch)
    (analysis,) = screen(scenario, None)
    (runs,) = batches
    size = len(analysis.factors) + 1
    nominal, morris, again = runs[:3], runs[3:3 + 2 * size], runs[3 + 2 * size:]
    assert [run.seed for run in nominal] == [1, 2, 3]
    assert {run.seed for run in morris} == {100} and {run.seed for run in again} == {101}
    # Only the first trajectory again, at the same points.
    assert len(again) == size * scenario.floor_trajectories == size
    assert [replace(run, seed=100) for run in again] == morris[:size]
    assert len({run.model_overrides for run in morris}) > size  # the points differ
    (floor,) = analysis.floors
    assert floor == pytest.approx(common_seed_floor(
        analysis.factors, analysis.morris_points[:size], analysis.morris[0][:size],
        np.array([record.steady_state_mbps for record in analysis.floor_records[0]]), 4))


def bands_file(**morris: object) -> tuple[dict[str, Any], dict[str, TableScenario],
                                          dict[str, MeasureScenario]]:  # fmt: skip
    """scenarios/table-bands.json with `morris` changed, and the scenarios it names."""
    raw = json.loads((REPO_ROOT / "scenarios" / "table-bands.json").read_text(encoding="utf-8"))
    raw.pop("question")  # the registry's, which the kind's parser is given without
    raw["morris"] = {key: value for key, value in (raw["morris"] | morris).items()
                     if value is not None}  # fmt: skip
    tables, measures = {}, {}
    for name in raw["tables"]:
        tables[name] = table = load_scenario(name)
        assert isinstance(table, TableScenario)
    for name in raw["claims"]["scenarios"]:
        measures[name] = measure = load_scenario(name)
        assert isinstance(measure, MeasureScenario)
    return raw, tables, measures


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (0, "morris.floor_trajectories = 0: must be a whole number, at least 1"),
        (1.5, "morris.floor_trajectories = 1.5: must be a whole number, at least 1"),
        (True, "morris.floor_trajectories = True: must be a whole number, at least 1"),
        (9, "morris.floor_trajectories = 9: must be at most morris.trajectories (8)"),
        (None, "morris: no ['floor_trajectories']; it needs"),
    ],
)
def test_a_bad_floor_trajectories_is_refused_by_name(value: object, message: str) -> None:
    raw, tables, measures = bands_file()
    path = Path("table-bands.json")
    assert parse_bands(path, raw, tables, measures).floor_trajectories == 2
    raw, tables, measures = bands_file(floor_trajectories=value)
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_bands(path, raw, tables, measures)
