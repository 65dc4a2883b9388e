# SPDX-License-Identifier: GPL-2.0-only
"""The licence: the project builds on ns-3 and is GPL-2.0-only like it, said in LICENSE and in
the SPDX line at the top of every source file."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPDX_LINE = "SPDX-License-Identifier: GPL-2.0-only"
SOURCE_SUFFIXES = (".cc", ".h", ".py", ".lua")
SCRIPTS = ("wscript", "scripts/setup", "scripts/test", "scripts/reproduce", "scripts/netblt-run")
SCRIPTS += ("scripts/bench-wideband", "scripts/soak", ".ci/run", "scripts/netblt-campaign")
SCRIPTS += ("scripts/cmake-build", "scripts/run-examples", "scripts/ns3-contrib", "scripts/docs")
# The CMake build's files (CMakeLists.txt of every module and the top level, cmake/*).
CMAKE_SUFFIXES = ("CMakeLists.txt", ".cmake", ".cmake.in")

def _tracked_sources() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.split()
    return [
        ROOT / name
        for name in listed
        if name.endswith(SOURCE_SUFFIXES + CMAKE_SUFFIXES)
        or name in SCRIPTS
        or name.endswith("/wscript")
    ]

def test_licence_file_is_the_gpl_version_2() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "GNU GENERAL PUBLIC LICENSE" in text
    assert "Version 2, June 1991" in text

def test_every_source_file_carries_the_spdx_line() -> None:
    sources = _tracked_sources()
    assert len(sources) > 100
    missing = [
        str(path.relative_to(ROOT))
        for path in sources
        if SPDX_LINE not in "".join(path.read_text(encoding="utf-8").splitlines(True)[:3])
    ]
    assert missing == []
