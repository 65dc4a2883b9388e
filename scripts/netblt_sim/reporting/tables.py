# SPDX-License-Identifier: GPL-2.0-only
"""The one way the reports build a Markdown table: `markdown_table`, pandas'
`DataFrame.to_markdown` (the `tabulate` package's pipe tables) over cells the report has already
formatted, so that each figure keeps the format its report chose for it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pandas as pd

# A column's alignment as `markdown_table` takes it: "l" left (text: `:---`), "r" right
# (figures: `---:`), as tabulate names them.
ALIGNMENTS: dict[str, str] = {"l": "left", "r": "right"}


def markdown_table(columns: Sequence[str], rows: Iterable[Sequence[str]], align: str) -> str:
    """A Markdown pipe table: the header `columns`, one line per row of `rows` with its cells
    as given, column i aligned as `align[i]` says ("l" or "r", see `ALIGNMENTS`), every column
    padded to its widest cell; no line break at the end.

    The cells are strings the caller formatted: tabulate does not parse them as numbers
    (`disable_numparse`), which would re-format "0.500" as "0.5"."""
    cells = [list(row) for row in rows]
    if len(align) != len(columns) or not set(align) <= set(ALIGNMENTS):
        raise ValueError(f"align {align!r}: need one of {sorted(ALIGNMENTS)} for each of the "
                         f"{len(columns)} columns")  # fmt: skip
    for row in cells:
        if len(row) != len(columns):
            raise ValueError(f"row {row!r} has {len(row)} cells for {len(columns)} columns")
        for cell in row:
            if not isinstance(cell, str):
                raise TypeError(f"cell {cell!r} of row {row!r}: format it as a string first")
    frame = pd.DataFrame(cells, columns=list(columns), dtype=object)
    return frame.to_markdown(index=False, colalign=[ALIGNMENTS[a] for a in align],
                             disable_numparse=True)  # fmt: skip
