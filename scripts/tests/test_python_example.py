# SPDX-License-Identifier: GPL-2.0-only
"""src/netblt/examples/netblt-point-to-point.py, the tutorial in ns-3's Python style, runs
against the ns3 wheel (the project's build loaded by netblt_sim) and delivers what its C++ twin
delivers, to the line; a bad size is refused by name."""

from __future__ import annotations

import subprocess
import sys

from conftest import REPO_ROOT

EXAMPLE = REPO_ROOT / "src" / "netblt" / "examples" / "netblt-point-to-point.py"
CPP_TWIN = REPO_ROOT / "build" / "bin" / "netblt-point-to-point-tutorial"


def test_the_python_example_delivers_what_the_cpp_tutorial_delivers() -> None:
    python = subprocess.run(
        [sys.executable, str(EXAMPLE), "--bytes=30000"],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert python.returncode == 0, python.stderr
    cpp = subprocess.run(
        [str(CPP_TWIN), "--bytes=30000"], capture_output=True, text=True, timeout=60, check=True
    )
    line = python.stdout.strip().splitlines()[-1]
    assert line.startswith("NETBLT delivered 30000 of 30000 bytes by +")
    assert line.endswith(", intact: yes")
    assert line == cpp.stdout.strip()


def test_the_python_example_refuses_a_size_it_cannot_send() -> None:
    refused = subprocess.run(
        [sys.executable, str(EXAMPLE), "--bytes=0"],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert refused.returncode != 0
    assert "--bytes=0: must be from 1 to 4294967295" in refused.stderr
