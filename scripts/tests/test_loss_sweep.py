# SPDX-License-Identifier: GPL-2.0-only
"""scripts/reproduce's robustness sweep on the ideal link: run by `sweep`, drawn by `plots`,
written with its CSV as the committed file has it."""

from __future__ import annotations

import csv
from pathlib import Path

import pandas as pd
import pytest
from conftest import REPO_ROOT

from netblt_sim import runtime
from netblt_sim.atomic import write_report
from netblt_sim.executor import TransferExecutor
from netblt_sim.plots import plot_throughput_and_retransmissions_vs_loss
from netblt_sim.reproduce import SWEEP_NAME, loss_sweep

COMMITTED = REPO_ROOT / "results" / f"{SWEEP_NAME}.csv"


def committed_lines_of_seed(seed: int) -> list[str]:
    lines = COMMITTED.read_text(encoding="utf-8").splitlines(keepends=True)
    seed_column = next(csv.reader(lines[:1])).index("seed")
    rows = [line for line in lines[1:] if next(csv.reader([line]))[seed_column] == str(seed)]
    return lines[:1] + rows


def test_the_sweep_of_one_seed_writes_the_committed_rows_of_that_seed(
    ns: runtime.NsNamespace, tmp_path: Path
) -> None:
    frame = loss_sweep(1)
    assert list(frame["loss_percent"].unique()) == [0, 1, 2, 5, 10, 20, 30]
    figure = plot_throughput_and_retransmissions_vs_loss(frame, "one seed")
    csv_path, png_path = write_report(tmp_path / SWEEP_NAME, frame, None, figure, "")
    assert (csv_path.name, png_path.name) == (f"{SWEEP_NAME}.csv", f"{SWEEP_NAME}.png")
    written = csv_path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert written == committed_lines_of_seed(1)
    assert png_path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{SWEEP_NAME}.csv", f"{SWEEP_NAME}.png"]


def test_the_sweep_from_a_warm_store_simulates_nothing_and_writes_the_same_rows(
    ns: runtime.NsNamespace, tmp_path: Path
) -> None:
    written = []
    for expected_simulated in (14, 0):
        with TransferExecutor(store=tmp_path / "runs.sqlite") as executor:
            frame = loss_sweep(1, executor)
            assert executor.counts.simulated == expected_simulated
        csv_path = tmp_path / f"{expected_simulated}.csv"
        frame.to_csv(csv_path, index=False)
        written.append(csv_path.read_bytes())
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
