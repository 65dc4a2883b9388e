# SPDX-License-Identifier: GPL-2.0-only
"""A grid's runs are counted before any is built: past the run limit (100,000 unless
`--max-runs` or `grid.run_limit` says otherwise) it is refused with its number, in a moment and
at no memory, whatever its size."""

from __future__ import annotations

import json
import time
import tracemalloc
from pathlib import Path

import pytest

from netblt_sim import sweep
from netblt_sim.batch.grid import (
    DEFAULT_RUN_LIMIT,
    GridTooLargeError,
    grid_parameters,
    load_grid,
    run_limit,
)
from netblt_sim.batch.sweep import SweepPlan
from netblt_sim.core import runtime
from netblt_sim.tools import campaign, reproduce

BILLION_BURST_INTERVALS = {"bi_ms": {"from": 1, "to": 10**9}}


def _measured(call: object) -> tuple[BaseException, float, int]:
    """What `call` raised, the seconds it took and the peak bytes Python allocated meanwhile."""
    assert callable(call)
    tracemalloc.start()
    started = time.monotonic()
    try:
        call()
    except BaseException as raised:  # noqa: BLE001 - SystemExit included
        error = raised
    else:
        pytest.fail("nothing was refused")
    seconds = time.monotonic() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return error, seconds, peak


def test_a_scenario_grid_of_a_billion_runs_is_refused_within_a_second_at_flat_memory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    raw = json.loads((runtime.REPO_ROOT / "scenarios" / "ethernet-private.json").read_text())
    raw["runs"][0]["grid"] = BILLION_BURST_INTERVALS
    scenario = tmp_path / "huge.json"
    scenario.write_text(json.dumps(raw), encoding="utf-8")
    error, seconds, peak = _measured(lambda: reproduce.main(
        [str(scenario), "--store", str(tmp_path / "runs.sqlite"), "--workers", "1"]))
    assert isinstance(error, SystemExit) and error.code == 2
    assert seconds < 1.0 and peak < 20 * 2**20
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "has 1,000,000,000 runs, more than the limit of 100,000" in line and "huge" in line
    assert not (tmp_path / "runs.sqlite").exists()  # refused before the store was opened


def test_a_grid_file_of_four_million_runs_is_refused_naming_its_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    grid = tmp_path / "grid.json"
    grid.write_text(json.dumps({"grid": {"bi_ms": {"from": 1, "to": 2000},
                                         "seed": {"from": 1, "to": 2000}},
                                "fixed": {"network": "proteon-ring"}}))  # fmt: skip
    error, seconds, peak = _measured(lambda: campaign.main(
        ["sweep", str(grid), "--store", str(tmp_path / "runs.sqlite"), "--workers", "1"]))
    assert isinstance(error, SystemExit) and error.code == 2
    assert seconds < 1.0 and peak < 20 * 2**20
    assert ("the grid of bi_ms (2,000) x seed (2,000) has 4,000,000 runs, more than the limit "
            "of 100,000") in capsys.readouterr().err  # fmt: skip


def test_a_python_sweep_of_a_billion_runs_is_refused_before_one_is_built() -> None:
    error, seconds, peak = _measured(lambda: sweep({"bi_ms": range(1, 10**9 + 1)}, seed=1))
    assert isinstance(error, GridTooLargeError) and seconds < 1.0 and peak < 20 * 2**20
    assert "bi_ms (1,000,000,000) has 1,000,000,000 runs" in str(error)


def test_the_limit_is_the_innermost_run_limit_and_max_runs_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    grid = {"bi_ms": [30, 40, 50], "seed": [1, 2]}
    assert DEFAULT_RUN_LIMIT == 100_000
    with run_limit(6):
        assert len(grid_parameters(grid, network="proteon-ring")) == 6
        with run_limit(5), pytest.raises(GridTooLargeError, match="has 6 runs, more than the "
                                                                  "limit of 5"):  # fmt: skip
            SweepPlan.of(grid, network="proteon-ring")
        with run_limit(2), pytest.raises(GridTooLargeError, match=r"bi_ms = \{'from': 1, 'to': 3"
                                                                  r"\} has 3 runs"):  # fmt: skip
            load_grid("bi_ms", {"bi_ms": {"from": 1, "to": 3}})
    with pytest.raises(ValueError, match="run limit = 0: must be a whole number of runs, at "
                                         "least 1"):  # fmt: skip
        run_limit(0).__enter__()
    file = tmp_path / "grid.json"
    file.write_text(json.dumps({"grid": grid, "fixed": {"network": "proteon-ring"}}))
    for arguments, message in (
        (["--max-runs", "0"], "--max-runs 0: run limit = 0: must be a whole number"),
        (["--max-runs", "5"], "has 6 runs, more than the limit of 5"),
    ):
        with pytest.raises(SystemExit) as exit_info:
            campaign.main(["status", str(file), "--store", str(tmp_path / "s.sqlite"),
                           *arguments])  # fmt: skip
        assert exit_info.value.code == 2 and message in capsys.readouterr().err
