# SPDX-License-Identifier: GPL-2.0-only
"""Python on another build of the modules (`runtime.Ns3Build`, `NETBLT_SIM_BUILD`): the
project's CMake build and an ns-3 tree's library names are recognised, a build that lacks a
module is refused naming it, a transfer run on the CMake build gives the waf build's record, and
the store keys runs by the libraries of the build they ran on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from netblt_sim.core import runtime
from netblt_sim.core.simulation import run_transfer
from netblt_sim.core.parameters import transfer_parameters
from netblt_sim.core.transfer import TransferRecord

CMAKE_BUILD = runtime.REPO_ROOT / "build-cmake"


def _fake_tree(root: Path, modules: tuple[str, ...]) -> runtime.Ns3Build:
    """An ns-3 tree's build/ with empty files where its libraries and the header would be."""
    (root / "lib").mkdir(parents=True)
    (root / "include" / "ns3").mkdir(parents=True)
    for name in ("core", "network", *modules):
        (root / "lib" / f"libns3.44-{name}-default.so").write_bytes(name.encode())
    (root / "lib" / "libns3.44-netblt-test-default.so").write_bytes(b"tests")
    (root / "include" / "ns3" / runtime.REQUIRED_HEADER_NAME).write_text("")
    return runtime.Ns3Build(root)


def test_an_ns3_trees_library_names_are_recognised_in_dependency_order(tmp_path: Path) -> None:
    build = _fake_tree(tmp_path, runtime.PROJECT_LIBRARIES)
    assert build.in_ns3_tree and build.missing() == []
    names = [path.name for path in build.libraries()]
    assert names[:2] == ["libns3.44-host-processing-default.so", "libns3.44-netblt-default.so"]
    assert names[-1] == "libns3.44-netblt-experiment-default.so"  # not netblt's, nor its tests'
    identity = [path.name for path in build.identity_files()]
    assert "libns3.44-core-default.so" in identity  # that tree's own ns-3 is part of a run
    assert "libns3.44-netblt-test-default.so" not in identity


def test_a_build_without_a_module_is_refused_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fake_tree(tmp_path, tuple(m for m in runtime.PROJECT_LIBRARIES if m != "wideband"))
    monkeypatch.setenv(runtime.BUILD_VARIABLE, str(tmp_path))
    with pytest.raises(runtime.BuildMissingError) as raised:
        runtime.check_build()
    assert f"the C++ build {tmp_path} is missing" in str(raised.value)
    assert "libnetbltsim-wideband.so (or an ns-3 tree's libns3.<version>-wideband-" in str(
        raised.value)
    assert f"unset {runtime.BUILD_VARIABLE}" in str(raised.value)


RUN_ON_THE_BUILD = """
import json, re, dataclasses
from netblt_sim.core.simulation import run_transfer
from netblt_sim.core.parameters import transfer_parameters
from netblt_sim.batch.store import code_identity
record = run_transfer(transfer_parameters(network="ethernet", bi_ms=40, nbufs=2, seed=3))
maps = open("/proc/self/maps").read()
loaded = sorted(set(re.findall(r"(/\\S*libnetbltsim-[a-z-]+[.]so)", maps)))
print(json.dumps({"record": dataclasses.asdict(record), "loaded": loaded,
                  "code": code_identity()}))
"""


@pytest.mark.skipif(not (CMAKE_BUILD / "lib").exists(),
                    reason="no CMake build (scripts/test builds it before these tests)")
def test_a_transfer_on_the_cmake_build_gives_the_waf_builds_record_under_its_own_key(
    ns: runtime.NsNamespace,
) -> None:
    environment = os.environ | {runtime.BUILD_VARIABLE: str(CMAKE_BUILD)}
    completed = subprocess.run([sys.executable, "-c", RUN_ON_THE_BUILD], capture_output=True,
                               text=True, timeout=300, env=environment, check=False)  # fmt: skip
    assert completed.returncode == 0, completed.stderr
    result = json.loads(completed.stdout.strip().splitlines()[-1])
    assert result["loaded"] and all(p.startswith(str(CMAKE_BUILD / "lib")) for p in
                                    result["loaded"])  # fmt: skip
    record = run_transfer(transfer_parameters(network="ethernet", bi_ms=40, nbufs=2, seed=3))
    assert TransferRecord(**result["record"]) == record
    from netblt_sim.batch.store import code_identity  # noqa: PLC0415

    assert result["code"] != code_identity()  # the store keeps each build's runs apart
