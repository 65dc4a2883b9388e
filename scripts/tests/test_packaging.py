# SPDX-License-Identifier: GPL-2.0-only
"""The package is installed into .venv (editable, from pyproject.toml): `import netblt_sim` works
from anywhere without PYTHONPATH and loads the repository's own files."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from conftest import SCRIPTS_DIR


def test_the_venv_imports_the_repository_package_without_pythonpath(tmp_path: Path) -> None:
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    completed = subprocess.run(
        [sys.executable, "-c", "import netblt_sim; print(netblt_sim.__file__)"],
        cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    assert Path(completed.stdout.strip()) == SCRIPTS_DIR / "netblt_sim" / "__init__.py"

