# SPDX-License-Identifier: GPL-2.0-only
"""The tutorial notebook (`notebooks/tutorial.ipynb`, paired with `notebooks/tutorial.py`): the
two agree cell for cell, the notebook carries no outputs, and it runs from top to bottom in a
fresh kernel (nbclient), so that it cannot rot."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import REPO_ROOT

# jupytext, nbformat and nbclient are imported in the tests that use them: at collection they
# would add about 20 MiB to the pytest process, which test_bench's child inherits (vfork).

NOTEBOOK = REPO_ROOT / "notebooks" / "tutorial.ipynb"
SCRIPT = REPO_ROOT / "notebooks" / "tutorial.py"
CELL_TIMEOUT_S = 300


def _cells(path: Path) -> list[tuple[str, str]]:
    import jupytext

    return [(cell.cell_type, cell.source) for cell in jupytext.read(path).cells]


def test_the_notebook_and_its_script_agree_cell_for_cell() -> None:
    cells = _cells(NOTEBOOK)
    assert cells == _cells(SCRIPT)
    assert len(cells) > 10 and cells[0] == ("code", "# SPDX-License-Identifier: GPL-2.0-only")


def test_the_notebook_is_committed_without_outputs() -> None:
    import nbformat

    notebook = nbformat.read(NOTEBOOK, as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert code and all(not cell.outputs and cell.execution_count is None for cell in code)


def test_the_notebook_runs_from_top_to_bottom(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                              ) -> None:  # fmt: skip
    import nbformat
    from nbclient import NotebookClient

    monkeypatch.setenv("NETBLT_TUTORIAL_DIR", str(tmp_path / "work"))
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    client = NotebookClient(notebook, kernel_name="python3", timeout=CELL_TIMEOUT_S,
                            resources={"metadata": {"path": str(tmp_path)}})  # fmt: skip
    client.execute()  # CellExecutionError names the cell that failed
    text = "\n".join(output.get("text", "") for cell in notebook.cells
                     for output in cell.get("outputs", []))  # fmt: skip
    assert re.search(r"\d\.\d{3} Mbit/s, \d+ DATA packets, 0 lost, completed intact: True", text)
    assert re.search(r"netblt-0-\d+\.pcap \{.*'DATA': \d+", text)
    assert re.search(r"21 runs of two buffers; median at 40 ms: \d\.\d+ Mbit/s", text)
    assert "ns-3 loaded: False" in text
    images = [output for cell in notebook.cells for output in cell.get("outputs", [])
              if "image/png" in output.get("data", {})]  # fmt: skip
    assert len(images) == 2
    assert sorted(p.name for p in (tmp_path / "work").glob("*.png")) == [
        "throughput-vs-burst-interval.png", "time-sequence.png"]  # fmt: skip
