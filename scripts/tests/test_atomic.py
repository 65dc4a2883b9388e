# SPDX-License-Identifier: GPL-2.0-only
"""Result files are replaced together or not at all, and what a killed writer left is removed
by the next."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from netblt_sim.batch.executor import TransferExecutor
from netblt_sim.reporting.atomic import atomic_outputs, remove_stale_partials
from netblt_sim.tools.reproduce import reproduce_scenarios


def test_files_appear_only_when_the_block_succeeds(tmp_path: Path) -> None:
    table, plot = tmp_path / "out" / "table.csv", tmp_path / "out" / "plot.png"
    with atomic_outputs(table, plot) as (table_temporary, plot_temporary):
        table_temporary.write_text("a,b\n")
        plot_temporary.write_bytes(b"png")
        assert plot_temporary.suffix == ".png"  # matplotlib picks the format from it
        assert not table.exists()
    assert table.read_text() == "a,b\n" and plot.read_bytes() == b"png"
    assert sorted(p.name for p in table.parent.iterdir()) == ["plot.png", "table.csv"]


def test_an_error_keeps_the_previous_files_and_leaves_no_temporaries(tmp_path: Path) -> None:
    table, plot = tmp_path / "table.csv", tmp_path / "plot.png"
    table.write_text("old")
    with pytest.raises(RuntimeError), atomic_outputs(table, plot) as (table_temporary, _):
        table_temporary.write_text("new, half written")
        raise RuntimeError("plotting failed")
    assert table.read_text() == "old"
    assert not plot.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["table.csv"]


def test_a_writer_killed_midway_leaves_a_file_the_next_write_removes(tmp_path: Path) -> None:
    """kill -9 leaves the temporary file (no `finally` runs); the next write into the
    directory removes it, and keeps a live writer's."""
    code = (
        "import os, signal, sys\n"
        "from pathlib import Path\n"
        "from netblt_sim.reporting.atomic import atomic_outputs\n"
        "with atomic_outputs(Path(sys.argv[1])) as (temporary,):\n"
        "    temporary.write_text('half')\n"
        "    os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    killed = subprocess.run([sys.executable, "-c", code, str(tmp_path / "table.csv")],
                            check=False)  # fmt: skip
    assert killed.returncode == -signal.SIGKILL
    (stale,) = tmp_path.iterdir()
    assert stale.name.startswith(".table.csv.") and stale.name.endswith(".partial.csv")
    live = tmp_path / f".other.csv.{os.getpid()}.abcdefgh.partial.csv"
    live.write_text("being written")
    before_pids = tmp_path / ".old.csv.abcdefgh.partial.csv"  # a writer of before PIDs
    before_pids.write_text("stale")
    mine = tmp_path / ".notes.partial.txt.keep"  # no writer's name: not ours to remove
    mine.write_text("a user's")
    assert sorted(remove_stale_partials(tmp_path)) == sorted([stale, before_pids])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([live.name, mine.name])


def test_reproduce_removes_what_a_killed_run_left_in_results(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]
                                                             ) -> None:  # fmt: skip
    stale = tmp_path / ".table-III.csv.999999999.abcdefgh.partial.csv"  # no such PID
    stale.write_text("half")
    with TransferExecutor() as executor:
        assert reproduce_scenarios([], tmp_path, executor, 0.0) == 0
    assert not stale.exists()
    assert f"removed {stale}, left by a run that was stopped while writing it" in (
        capsys.readouterr().out)
