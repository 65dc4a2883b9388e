# SPDX-License-Identifier: GPL-2.0-only
"""scripts/ns3-tree-check: bad input exits 2 naming what is expected, before anything is put
into a tree; the build log is judged by the project's warnings only, and test.py's summary is
read. (The real trees are checked by hand: src/netblt/doc/ns3-cmake.rst, Compatibility.)"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from test_ns3_contrib import fake_ns3_tree

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "ns3-tree-check"


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *arguments], capture_output=True, text=True, timeout=60
    )


def tree_check() -> ModuleType:
    loader = importlib.machinery.SourceFileLoader("ns3_tree_check", str(SCRIPT))
    spec = importlib.util.spec_from_loader("ns3_tree_check", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up by name
    loader.exec_module(module)
    return module


def test_a_tree_of_another_release_is_refused_untouched(tmp_path: Path) -> None:
    tree = fake_ns3_tree(tmp_path / "ns-3.43", version="3.43")
    completed = run(str(tree))
    assert completed.returncode == 2
    assert "VERSION says 3.43; expected the top folder of an ns-3 source tree of ns-3.44 to " \
        "ns-3.48" in completed.stderr
    assert list((tree / "contrib").iterdir()) == []
    assert run(str(tmp_path / "nowhere")).returncode == 2


def test_bad_options_exit_2_naming_the_value(tmp_path: Path) -> None:
    tree = fake_ns3_tree(tmp_path / "ns-3.48", version="3.48")
    no_python = run(str(tree), "--python", str(tmp_path / "python"))
    assert no_python.returncode == 2
    assert f"--python {tmp_path / 'python'}: no such file" in no_python.stderr
    no_jobs = run(str(tree), "--jobs", "0")
    assert no_jobs.returncode == 2 and "--jobs 0: must be 1 or more" in no_jobs.stderr
    profile = run(str(tree), "--build-profile", "fast")
    assert profile.returncode == 2 and "invalid choice: 'fast'" in profile.stderr
    assert list((tree / "contrib").iterdir()) == []


def test_only_the_projects_warnings_count() -> None:
    module = tree_check()
    log = "\n".join([
        "/t/ns-3.48/src/core/model/x.cc:1:2: warning: ns-3's own, not judged here",
        "/t/ns-3.48/contrib/ethernet/model/ethernet-cable.cc:34:20: warning: ISO C++ [-Wpedantic]",
        "/t/ns-3.48/contrib/other-module/a.cc:3:4: warning: another contributor's",
    ])  # fmt: skip
    assert module.project_warnings(log) == [
        "contrib/ethernet/model/ethernet-cable.cc:34:20: warning: ISO C++ [-Wpedantic]"
    ]


def test_test_py_judges_the_projects_runs_and_reports_the_trees_own() -> None:
    module = tree_check()
    output = "\n".join([
        "[1/4] \x1b[32mPASS\x1b[0m: TestSuite netblt-header",
        "[2/4] \x1b[32mPASS\x1b[0m: Example contrib/netblt/examples/netblt-point-to-point.py",
        "[3/4] \x1b[01;31mFAIL\x1b[0m: Example examples/wireless/wifi-ap.py",
        "[4/4] \x1b[01;31mCRASH\x1b[0m: Example contrib/wideband/examples/wideband-example",
        "3 of 4 tests passed (2 passed, 0 skipped, 2 failed, 0 crashed, 0 valgrind errors)",
    ])  # fmt: skip
    passed, failed, others = module.test_py_results(output)
    assert passed == [
        "TestSuite netblt-header",
        "Example contrib/netblt/examples/netblt-point-to-point.py",
    ]
    assert failed == ["Example contrib/wideband/examples/wideband-example"]
    assert others == ["Example examples/wireless/wifi-ap.py"]


def test_ns3s_own_bindings_are_tried_from_ns3_46_on() -> None:
    module = tree_check()
    assert not module.bindings_load_the_modules("3.44")
    assert not module.bindings_load_the_modules("3.45")
    assert module.bindings_load_the_modules("3.46")
    assert module.bindings_load_the_modules("3.46.1")
    assert module.bindings_load_the_modules("3.48")
