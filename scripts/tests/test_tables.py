# SPDX-License-Identifier: GPL-2.0-only
"""The reports' one way to a Markdown table: cells as the report formatted them, columns aligned
as asked and padded to their widest cell."""

from __future__ import annotations

import pytest

from netblt_sim.reporting.tables import markdown_table


def test_cells_stay_as_given_and_each_column_is_aligned_as_asked() -> None:
    table = markdown_table(
        ["run set", "BI (ms)", "SPEED (Mbit/s)", "holds"],
        [["ring", "30", "1.500", "holds"], ["Subnet 26", "5", "0.812 (0.801-0.830)", "-"]],
        "lrrl",
    )
    assert table.splitlines() == [
        "| run set   |   BI (ms) |      SPEED (Mbit/s) | holds   |",
        "|:----------|----------:|--------------------:|:--------|",
        "| ring      |        30 |               1.500 | holds   |",
        "| Subnet 26 |         5 | 0.812 (0.801-0.830) | -       |",
    ]
    # No line break at the end: the reports join their lines themselves.
    assert not table.endswith("\n")


def test_a_column_of_numbers_is_right_aligned_and_not_reformatted() -> None:
    table = markdown_table(["N", "share"], [["8", "0.500"], ["16", "1e-05"], ["128", "nan"]], "rr")
    lines = table.splitlines()
    assert lines[1] == "|----:|--------:|"
    # Right-aligned: every cell ends at its column's right edge; the strings tabulate would
    # read as numbers keep their digits (0.500 is not written 0.5, 1e-05 not 1e-5).
    assert [line.split("|")[1:3] for line in lines[2:]] == [
        ["   8 ", "   0.500 "], ["  16 ", "   1e-05 "], [" 128 ", "     nan "],
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("columns", "rows", "align", "error"),
    [
        (["a", "b"], [["1", "2"]], "l", "align 'l': need one of"),
        (["a", "b"], [["1", "2"]], "lc", "align 'lc': need one of"),
        (["a", "b"], [["1"]], "lr", r"row \['1'\] has 1 cells for 2 columns"),
        (["a"], [[1.5]], "r", "cell 1.5 of row"),
    ],
)
def test_a_table_that_does_not_fit_its_columns_is_refused(
    columns: list[str], rows: list[list[str]], align: str, error: str
) -> None:
    with pytest.raises((ValueError, TypeError), match=error):
        markdown_table(columns, rows, align)
