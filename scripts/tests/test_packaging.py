# SPDX-License-Identifier: GPL-2.0-only
"""The package is installed into .venv (editable, from pyproject.toml): `import netblt_sim` works
from anywhere without PYTHONPATH and loads the repository's own files; pyproject.toml names every
distribution the package imports; a sweep with workers from a script read on standard input is
refused with what to do, before any cluster starts."""

from __future__ import annotations

import ast
import importlib.metadata
import os
import re
import subprocess
import sys
import textwrap
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path

from conftest import REPO_ROOT, SCRIPTS_DIR


def test_the_venv_imports_the_repository_package_without_pythonpath(tmp_path: Path) -> None:
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    completed = subprocess.run(
        [sys.executable, "-c", "import netblt_sim; print(netblt_sim.__file__)"],
        cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    assert Path(completed.stdout.strip()) == SCRIPTS_DIR / "netblt_sim" / "__init__.py"


def imported_modules(package: Path) -> set[str]:
    """The top-level names of every absolute import in the package's files, at any depth (in
    functions, under TYPE_CHECKING: mypy needs those too)."""
    modules = set()
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                modules |= {alias.name.partition(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules.add(node.module.partition(".")[0])
    return modules


def normalised(name: str) -> str:
    """A distribution name as PEP 503 compares them."""
    return re.sub(r"[-_.]+", "-", name).lower()


def undeclared(
    modules: Iterable[str], declared: Iterable[str], providers: Mapping[str, list[str]]
) -> list[str]:
    """Each third-party module (not the standard library's, not netblt_sim) that no declared
    distribution provides, with the distributions that do."""
    names = {normalised(name) for name in declared}
    missing = []
    for module in sorted(set(modules) - set(sys.stdlib_module_names) - {"netblt_sim"}):
        distributions = providers.get(module, [])
        if not names & {normalised(d) for d in distributions}:
            missing.append(f"{module} (from {distributions or 'no installed distribution'})")
    return missing


def declared_dependencies() -> list[str]:
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    requirements: list[str] = project["project"]["dependencies"]
    return [re.split(r"[\s\[<>=!~;]", requirement, maxsplit=1)[0] for requirement in requirements]


def test_pyproject_declares_every_distribution_the_package_imports() -> None:
    modules = imported_modules(SCRIPTS_DIR / "netblt_sim")
    providers = importlib.metadata.packages_distributions()
    assert {"dask", "distributed", "pandas", "cppyy"} <= modules
    declared = declared_dependencies()
    assert undeclared(modules, declared, providers) == []
    # The check sees a dependency left out, as dask and distributed once were.
    without = [name for name in declared if name not in ("dask", "distributed")]
    assert undeclared(modules, without, providers) == [
        "dask (from ['dask'])", "distributed (from ['distributed'])",
    ]  # fmt: skip


SWEEP_SCRIPT = """
from netblt_sim import sweep

frame = sweep({"bi_ms": [30, 40]}, network="proteon-ring", psz=1990, bfsz=19900, xfsz_kb=39.8,
              workers=2, progress=None)
print(frame[["bi_ms", "completed"]].to_string(index=False))
"""


def test_a_sweep_with_workers_read_from_standard_input_says_what_to_do(tmp_path: Path) -> None:
    completed = subprocess.run(
        [sys.executable, "-"], input=SWEEP_SCRIPT, cwd=tmp_path, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    assert completed.returncode == 1
    last = completed.stderr.strip().splitlines()[-1]
    assert last.startswith("netblt_sim.batch.cluster.MainModuleError: workers = 2: ")
    assert "<stdin>' does not exist" in last
    assert "Save the script to a file and run `python script.py`" in last
    assert "workers=1" in last
    # Refused before any cluster started: no worker died, Dask said nothing.
    assert "Nanny" not in completed.stderr
    assert "distributed" not in completed.stderr.replace("distributed.Client", "")


def test_the_same_sweep_runs_from_a_file_and_in_an_interactive_session(tmp_path: Path) -> None:
    script = tmp_path / "ring_sweep.py"
    guarded = "if __name__ == '__main__':\n" + textwrap.indent(SWEEP_SCRIPT, "    ")
    script.write_text(guarded, encoding="utf-8")
    from_file = subprocess.run(
        [sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert from_file.returncode == 0, from_file.stderr
    assert from_file.stdout.split() == ["bi_ms", "completed", "30", "True", "40", "True"]
    # `python -i` reads standard input as an interactive session does: the main module has no
    # file, and the workers start without running anything of it.
    interactive = subprocess.run(
        [sys.executable, "-i", "-q"], input=SWEEP_SCRIPT, cwd=tmp_path, capture_output=True,
        text=True, timeout=300,
    )  # fmt: skip
    assert interactive.returncode == 0, interactive.stderr
    assert re.search(r"bi_ms +completed\n +30 +True\n +40 +True\n", interactive.stdout)
