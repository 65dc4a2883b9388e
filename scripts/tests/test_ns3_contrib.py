# SPDX-License-Identifier: GPL-2.0-only
"""scripts/ns3-contrib: the modules land in contrib/ (or ns-3-external-contrib/, copied or
linked) of something shaped like an ns-3 tree of a supported release (3.44 to 3.48), with the commands to build them; a second run
replaces its own copies; a bad NS3_DIR, or a folder of another's in the way, exits 2 saying what
is expected. (Real ns-3 trees are built and checked by scripts/ns3-tree-check, by hand:
src/netblt/doc/ns3-cmake.rst.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "ns3-contrib"
MODULES = sorted(path.parent.name for path in (ROOT / "src").glob("*/CMakeLists.txt"))


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *arguments], capture_output=True, text=True, timeout=60
    )


def fake_ns3_tree(path: Path, version: str = "3.44") -> Path:
    """The files ns3-contrib looks for in an ns-3 source tree."""
    (path / "src" / "core").mkdir(parents=True)
    (path / "contrib").mkdir()
    (path / "ns3").write_text("#!/usr/bin/env python3\n", encoding="utf-8")
    (path / "CMakeLists.txt").write_text("project(NS3)\n", encoding="utf-8")
    (path / "VERSION").write_text(f"{version}\n", encoding="utf-8")
    return path


def test_copies_every_module_into_contrib_and_prints_the_commands(tmp_path: Path) -> None:
    tree = fake_ns3_tree(tmp_path / "ns-3.44")
    completed = run(str(tree))
    assert completed.returncode == 0, completed.stderr
    for module in MODULES:
        assert (tree / "contrib" / module / "CMakeLists.txt").is_file()
        assert not (tree / "contrib" / module).is_symlink()
    enabled = ";".join(MODULES)
    assert f'--enable-modules="{enabled}"' in completed.stdout
    assert "./ns3 build" in completed.stdout and "./test.py" in completed.stdout
    # Run again: its own copies are replaced, a file added to one is gone.
    (tree / "contrib" / "netblt" / "stale.txt").write_text("old\n", encoding="utf-8")
    assert run(str(tree)).returncode == 0
    assert not (tree / "contrib" / "netblt" / "stale.txt").exists()


def test_links_into_the_external_contrib_folder(tmp_path: Path) -> None:
    tree = fake_ns3_tree(tmp_path / "ns-3.44")
    completed = run(str(tree), "--external", "--symlink")
    assert completed.returncode == 0, completed.stderr
    for module in MODULES:
        link = tmp_path / "ns-3-external-contrib" / module
        assert link.is_symlink() and link.resolve() == ROOT / "src" / module
    assert list((tree / "contrib").iterdir()) == []


def test_bad_ns3_dir_exits_2_naming_it_and_what_is_expected(tmp_path: Path) -> None:
    missing = run(str(tmp_path / "nowhere"))
    assert missing.returncode == 2
    assert "nowhere: no such folder" in missing.stderr
    assert "expected the top folder of an ns-3 source tree of ns-3.44 to ns-3.48" in missing.stderr
    not_a_tree = run(str(tmp_path))
    assert not_a_tree.returncode == 2 and "has no ns3, CMakeLists.txt, VERSION" in not_a_tree.stderr
    other = run(str(fake_ns3_tree(tmp_path / "ns-3-dev", version="3-dev")))
    assert other.returncode == 2 and "VERSION says 3-dev" in other.stderr
    for unsupported in ("3.43", "3.49", "4.0", "3.46.1.2"):
        refused = run(str(fake_ns3_tree(tmp_path / f"ns-{unsupported}", version=unsupported)))
        assert refused.returncode == 2 and f"VERSION says {unsupported}" in refused.stderr
    assert run(str(tmp_path), "--copy").returncode == 2  # an option it doesn't know


@pytest.mark.parametrize("version", ["3.44", "3.45", "3.46", "3.46.1", "3.47", "3.48"])
def test_every_supported_release_is_taken(tmp_path: Path, version: str) -> None:
    tree = fake_ns3_tree(tmp_path / f"ns-{version}", version=version)
    completed = run(str(tree))
    assert completed.returncode == 0, completed.stderr
    assert (tree / "contrib" / "netblt" / "CMakeLists.txt").is_file()


def test_a_folder_it_did_not_put_there_is_left_alone(tmp_path: Path) -> None:
    tree = fake_ns3_tree(tmp_path / "ns-3.44")
    (tree / "contrib" / "netblt").mkdir()
    (tree / "contrib" / "netblt" / "mine.cc").write_text("// someone's\n", encoding="utf-8")
    completed = run(str(tree))
    assert completed.returncode == 2
    assert "were not put there by this script" in completed.stderr
    assert (tree / "contrib" / "netblt" / "mine.cc").is_file()
