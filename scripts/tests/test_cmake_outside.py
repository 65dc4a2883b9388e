# SPDX-License-Identifier: GPL-2.0-only
"""A user's own program, outside the repository, built with CMake against the modules the CMake
build installed (build-cmake/install, the netblt-ns3 package) and the ns3 wheel: the page
src/netblt/doc/ns3-cmake.rst's CMakeLists.txt and its tutorial program, copied into a temporary
folder, configure, build and run a NETBLT transfer that arrives intact.

scripts/test runs scripts/cmake-build before pytest. Without cmake, or without that build, the
test is skipped, except under CI=true, where it fails."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "src" / "netblt" / "doc" / "ns3-cmake.rst"
TUTORIAL = ROOT / "src" / "netblt" / "examples" / "netblt-point-to-point-tutorial.cc"
INSTALL = ROOT / "build-cmake" / "install"
PACKAGE = INSTALL / "lib" / "cmake" / "netblt-ns3" / "netblt-ns3Config.cmake"


def _missing(what: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{what} (CI runs scripts/cmake-build before pytest)")
    pytest.skip(what)


def _tool(name: str) -> str:
    venv_tool = ROOT / ".venv" / "bin" / name
    found = str(venv_tool) if venv_tool.is_file() else shutil.which(name)
    if found is None:
        _missing(f"{name} not found (requirements.txt pins it; run scripts/setup)")
    assert found is not None
    return found


def page_cmakelists() -> str:
    """The page's out-of-tree CMakeLists.txt, the block after its marker comment."""
    text = PAGE.read_text(encoding="utf-8")
    match = re.search(
        r"^\.\. outside-program: CMakeLists.txt[^\n]*\n\n\.\. code-block:: cmake\n\n(.*?)(?=^\S|\Z)",
        text, re.DOTALL | re.MULTILINE,
    )
    assert match, f"{PAGE} has no marked CMakeLists.txt block"
    return textwrap.dedent(match.group(1)).rstrip("\n") + "\n"


def test_an_outside_program_builds_against_the_installed_modules(tmp_path: Path) -> None:
    cmake, ninja = _tool("cmake"), _tool("ninja")
    if not PACKAGE.is_file():
        _missing(f"{PACKAGE} not found: run scripts/cmake-build")
    spec = importlib.util.find_spec("ns3")
    assert spec is not None and spec.submodule_search_locations, "the ns3 wheel is not installed"
    wheel = list(spec.submodule_search_locations)[0]
    program = tmp_path / "my-netblt-program"
    program.mkdir()
    assert ROOT not in program.parents
    (program / "CMakeLists.txt").write_text(page_cmakelists(), encoding="utf-8")
    shutil.copy(TUTORIAL, program)

    def run(*command: str) -> subprocess.CompletedProcess[str]:
        completed = subprocess.run(
            command, cwd=program, capture_output=True, text=True, timeout=600
        )
        assert completed.returncode == 0, (
            f"{' '.join(command)} exited {completed.returncode}:\n"
            f"{completed.stdout[-3000:]}\n{completed.stderr[-3000:]}"
        )
        return completed

    # The page's command: the wheel's package by ns3_DIR, the project's by CMAKE_PREFIX_PATH.
    run(
        cmake, "-S", ".", "-B", "build", "-G", "Ninja", f"-DCMAKE_MAKE_PROGRAM={ninja}",
        f"-Dns3_DIR={wheel}/lib64/cmake/ns3", f"-DCMAKE_PREFIX_PATH={INSTALL}",
    )  # fmt: skip
    run(cmake, "--build", "build")
    completed = run(str(program / "build" / "netblt-tutorial"), "--bytes=50000")
    assert "NETBLT delivered 50000 of 50000 bytes" in completed.stdout
    assert "intact: yes" in completed.stdout
