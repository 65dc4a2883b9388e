# SPDX-License-Identifier: GPL-2.0-only
"""Which scenarios' result files are up to date, so that `scripts/reproduce` with nothing changed
writes nothing again (as `make` does), and what to print for them.

A scenario's files are a function of its inputs alone: every scenario file (a kind may read
others: the bands read the tables and the measures), the published data they compare with
(`data/`), every `models/` file, the build's
libraries and the runtime wheels (`store.code_identity`), the package's own code (every
`netblt_sim` file: the reports and plots are Python), and the versions of the libraries that
write the files (pandas, numpy, matplotlib, seaborn, tabulate, SALib) and of Python.
`scenario_key` digests them with the scenario's name and the results directory. After a
scenario ran, reproduce records in the result store (`ResultStore.put_outputs`) each file it
wrote with the SHA-256 of its bytes and the lines it printed; next time, if the key is the same
and every file is still there with those bytes, the scenario is not run again and its lines are
printed as they were. A changed input, a missing or edited file, another results directory or
an empty store runs it, through the result store as ever; `--force` runs every scenario.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import sys
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from netblt_sim.batch.store import code_identity
from netblt_sim.core.models import MODELS_DIR
from netblt_sim.core.runtime import REPO_ROOT
from netblt_sim.scenarios.kind import NamedScenario
from netblt_sim.scenarios.registry import SCENARIOS_DIR

PACKAGE_DIR: Path = Path(__file__).resolve().parents[1]
# RFC 1030's published rows, which the table scenarios read (data/README.md).
DATA_DIR: Path = REPO_ROOT / "data"
# The libraries whose code writes the result files' bytes (the CSV text, the Markdown tables,
# the plots' PNGs) or computes what they hold besides the runs (SALib's and scipy's designs,
# scikit-learn's emulators).
WRITING_DISTRIBUTIONS: tuple[str, ...] = ("pandas", "numpy", "matplotlib", "SALib", "pillow",
                                          "tabulate", "seaborn", "scipy", "scikit-learn",
                                          "threadpoolctl")  # fmt: skip


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _files_digest(paths: list[Path], root: Path) -> dict[str, str]:
    return {str(path.relative_to(root)): _sha256(path) for path in sorted(paths)}


def _version(name: str) -> str | None:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


@cache
def inputs_digest() -> str:
    """The digest of everything any scenario's files depend on (see the module's text); once
    per process, the inputs being taken to stay as they are while reproduce runs."""
    parts = {
        "scenarios": _files_digest(list(SCENARIOS_DIR.glob("*.json")), SCENARIOS_DIR),
        "data": _files_digest(list(DATA_DIR.glob("*.csv")), DATA_DIR),
        "models": _files_digest(list(MODELS_DIR.rglob("*.json")), MODELS_DIR),
        "package": _files_digest(list(PACKAGE_DIR.rglob("*.py")), PACKAGE_DIR),
        "code": code_identity(),
        "versions": {name: _version(name) for name in WRITING_DISTRIBUTIONS},
        "python": sys.version,
    }
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def scenario_key(scenario: NamedScenario, results_dir: Path) -> str:
    """The key of a scenario's outputs: the scenario as parsed (its `repr`, which holds its name
    and every value of its file, wherever the file is), where it writes and `inputs_digest()`."""
    text = json.dumps([repr(scenario), str(results_dir.resolve()), inputs_digest()])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def file_digests(paths: tuple[Path, ...] | list[Path]) -> dict[str, str]:
    """Each written file's name and the SHA-256 of its bytes."""
    return {path.name: _sha256(path) for path in paths}


def unchanged(files: Mapping[str, str], results_dir: Path) -> bool:
    """Whether every recorded file is in `results_dir` with the recorded bytes."""
    for name, digest in files.items():
        path = results_dir / name
        if not path.is_file() or _sha256(path) != digest:
            return False
    return bool(files)
