# SPDX-License-Identifier: GPL-2.0-only
"""Result files are replaced together or not at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from netblt_sim.reporting.atomic import atomic_outputs


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
