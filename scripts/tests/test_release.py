# SPDX-License-Identifier: GPL-2.0-only
"""The release: one version (VERSION) that the Python package and the CMake package report,
CHANGES.md's section for it, and the compatibility table, the same in README.md and the module
doc, with a checked row of this release for every ns-3 release the project names."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import REPO_ROOT

import netblt_sim

VERSION = (REPO_ROOT / "VERSION").read_text(encoding="utf-8").strip()
RST_TABLE_MARKER = ".. compatibility table"
# The ns-3 releases whose trees scripts/ns3-tree-check passed (issue 46), and the wheel's.
CHECKED_NS3_RELEASES = ("3.44", "3.46", "3.48")


def compatibility_rows(document: Path) -> list[list[str]]:
    """The rows of the reStructuredText list-table after the marker comment, each as its cells
    (lines joined, ``code`` as `code`)."""
    text = document.read_text(encoding="utf-8")
    assert RST_TABLE_MARKER in text, f"{document}: no compatibility table"
    return _list_table_rows(document, text.split(RST_TABLE_MARKER, 1)[1].splitlines()[1:])


def _list_table_rows(document: Path, lines: list[str]) -> list[list[str]]:
    """The rows of the list-table that `lines` begin with (after blank lines), without its one
    header row."""
    body = [line for line in lines if line.strip()]
    assert body and body[0] == ".. list-table::", f"{document}: no list-table after the marker"
    assert "   :header-rows: 1" in body[1:3], f"{document}: the table has no one header row"
    rows: list[list[str]] = []
    for line in body[1:]:
        if not line.startswith("   "):
            break  # the table's end
        if line.startswith("   * - "):
            rows.append([line[len("   * - "):]])
        elif line.startswith("     - "):
            rows[-1].append(line[len("     - "):])
        elif line.startswith("       ") and rows:
            rows[-1][-1] += " " + line.strip()
    assert len(rows) > 1, f"{document}: the compatibility table has no rows"
    return [[re.sub(r"``(.+?)``", r"`\1`", cell.strip()) for cell in row] for row in rows[1:]]


def test_version_is_one_release_everywhere() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+", VERSION), f"VERSION {VERSION!r} is not MAJOR.MINOR.PATCH"
    assert netblt_sim.__version__ == VERSION
    cmake = (REPO_ROOT / "CMakeLists.txt").read_text(encoding="utf-8")
    assert re.search(r"file\(STRINGS \S*VERSION netblt_version", cmake)
    assert "project(netblt-ns3 VERSION ${netblt_version}" in cmake


def test_the_cmake_package_reports_the_release() -> None:
    version_file = REPO_ROOT / "build-cmake" / "netblt-ns3ConfigVersion.cmake"
    if not version_file.exists():
        pytest.skip("no CMake build (scripts/test builds it before these tests)")
    assert f'set(PACKAGE_VERSION "{VERSION}")' in version_file.read_text(encoding="utf-8")


def test_changes_has_a_section_for_the_release() -> None:
    changes = (REPO_ROOT / "CHANGES.md").read_text(encoding="utf-8")
    section = re.search(rf"^## Changes from .+ to {re.escape(VERSION)}$", changes, re.M)
    assert section, f"CHANGES.md has no '## Changes from ... to {VERSION}' section"
    body = changes[section.end():].split("\n## ", 1)[0]
    for heading in ("### New API", "### Changes to existing API", "### Changes to build system",
                    "### Changed behavior"):  # fmt: skip
        assert heading in body, f"CHANGES.md's {VERSION} section has no {heading!r}"


def test_the_compatibility_table_has_a_row_per_checked_release() -> None:
    rows = compatibility_rows(REPO_ROOT / "src" / "netblt" / "doc" / "ns3-cmake.rst")
    # A release series by its first two numbers (3.46 was checked at its bug-fix release 3.46.1).
    releases = {".".join(row[1].split()[0].split(".")[:2]) for row in rows if row[0] == VERSION}
    assert set(CHECKED_NS3_RELEASES) <= releases, (
        f"the table has no row of {VERSION} for ns-3 {set(CHECKED_NS3_RELEASES) - releases}"
    )
    for row in rows:
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}|every commit \(`scripts/test`\)", row[-1]), row
        assert all(len(cell) <= 200 for cell in row), f"a cell over 200 characters: {row}"
