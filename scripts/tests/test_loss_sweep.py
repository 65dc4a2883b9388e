# SPDX-License-Identifier: GPL-2.0-only
"""The robustness sweep on the ideal link, a measure scenario (`scenarios/point-to-point-loss-sweep.json`)
written by its "loss-sweep" report: the CSV as the committed file has it, and the plot."""

from __future__ import annotations

import csv
from dataclasses import replace
from pathlib import Path

import pandas as pd
import pytest
from conftest import REPO_ROOT

from netblt_sim.batch.executor import TransferExecutor
from netblt_sim.core import runtime
from netblt_sim.reporting.plots import plot_throughput_and_retransmissions_vs_loss
from netblt_sim.scenarios.measure.scenario import MeasureScenario
from netblt_sim.scenarios.registry import load_scenario, run_scenario

NAME = "point-to-point-loss-sweep"
COMMITTED = REPO_ROOT / "results" / NAME / f"{NAME}.csv"


def committed_lines_of_seed(seed: int) -> list[str]:
    lines = COMMITTED.read_text(encoding="utf-8").splitlines(keepends=True)
    seed_column = next(csv.reader(lines[:1])).index("seed")
    rows = [line for line in lines[1:] if next(csv.reader([line]))[seed_column] == str(seed)]
    return lines[:1] + rows


def sweep_of_seed_1() -> MeasureScenario:
    """The scenario with its grid's seeds cut down to the first."""
    scenario = load_scenario(NAME)
    assert isinstance(scenario, MeasureScenario) and scenario.report == "loss-sweep"
    (run_set,) = scenario.run_sets
    assert run_set.grid["seed"] == (1, 2, 3, 4, 5)
    return replace(scenario, run_sets=(replace(run_set, grid={**run_set.grid, "seed": (1,)}),))


def test_the_sweep_of_one_seed_writes_the_committed_rows_of_that_seed(
    ns: runtime.NsNamespace, tmp_path: Path
) -> None:
    outcome = run_scenario(sweep_of_seed_1(), tmp_path)
    assert list(outcome.runs["loss_percent"].unique()) == [0, 1, 2, 5, 10, 20, 30]
    csv_path, png_path = outcome.paths
    assert (csv_path.name, png_path.name) == (f"{NAME}.csv", f"{NAME}.png")
    written = csv_path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert written == committed_lines_of_seed(1)
    assert png_path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{NAME}.csv", f"{NAME}.png"]
    assert [str(v) for v in outcome.verdicts] == [
        "every transfer completes with every byte intact: holds"
    ]


def test_the_sweep_from_a_warm_store_simulates_nothing_and_writes_the_same_rows(
    ns: runtime.NsNamespace, tmp_path: Path
) -> None:
    written = []
    for expected_simulated in (14, 0):
        results = tmp_path / str(expected_simulated)
        results.mkdir()
        with TransferExecutor(store=tmp_path / "runs.sqlite") as executor:
            outcome = run_scenario(sweep_of_seed_1(), results, executor)
            assert executor.counts.simulated == expected_simulated
        written.append(outcome.paths[0].read_bytes())
    assert written[0] == written[1]


def test_the_loss_plot_leaves_failed_transfers_out_of_the_throughput_panel() -> None:
    runs = pd.DataFrame(
        {
            "loss_percent": [0.0, 0.0, 10.0, 10.0, 0.0, 10.0],
            "nbufs": [1, 1, 1, 1, 4, 4],
            "seed": [1, 2, 1, 2, 1, 1],
            "completed": [True, True, True, False, True, True],
            "intact": [True] * 6,
            "steady_state_mbps": [2.0, 2.0, 1.0, 0.0, 3.0, 2.5],
            "retransmitted": [0, 0, 5, 9, 0, 4],
        }
    )
    figure = plot_throughput_and_retransmissions_vs_loss(runs, "a test")
    throughput, retransmissions = figure.axes
    assert throughput.get_title().startswith("a test\nmean and range over 2 seeds; 1 of 6 ")
    assert [t.get_text() for t in throughput.get_legend().get_texts()] == ["NBUFS = 1", "NBUFS = 4"]
    # NBUFS 1 at 10 %: only the transfer that completed counts for throughput, both for
    # retransmissions.
    assert list(throughput.lines[0].get_ydata()) == [2.0, 1.0]
    assert list(retransmissions.lines[0].get_ydata()) == [0.0, 7.0]
    with pytest.raises(ValueError, match="no 'loss_percent' column"):
        plot_throughput_and_retransmissions_vs_loss(runs.drop(columns=["loss_percent"]), "x")
