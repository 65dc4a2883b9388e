# SPDX-License-Identifier: GPL-2.0-only
"""Loading ns-3: once per process, without cling's noise, with a clear message if unbuilt."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FreshProcessRun

from netblt_sim.core import runtime

NOISE = (
    b"[runStaticInitializersOnce]: Failed to materialize symbols: { (main, "
    b"{ __orc_init_func.cling-module-146 }) }\n"
)


def test_stderr_filter_drops_only_the_noise_lines(capfd: pytest.CaptureFixture[str]) -> None:
    with runtime.stderr_filtered(runtime.is_cling_noise):
        # Written to the descriptor, as C code does, not through sys.stderr.
        os.write(2, NOISE + b"a real warning\n" + NOISE + b"last line without newline")
    captured = capfd.readouterr()
    assert captured.err == "a real warning\nlast line without newline"


def test_stderr_filter_restores_stderr_after_an_exception(
    capfd: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(RuntimeError), runtime.stderr_filtered(runtime.is_cling_noise):
        os.write(2, b"kept\n")
        raise RuntimeError("boom")
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "kept\nafter\n"


def test_fresh_process_stderr_shows_no_cling_noise(fresh_process_run: FreshProcessRun) -> None:
    assert fresh_process_run.returncode == 0, fresh_process_run.stderr
    assert "runStaticInitializersOnce" not in fresh_process_run.stderr
    assert "Failed to materialize symbols" not in fresh_process_run.stderr
    assert fresh_process_run.stderr == ""


def test_load_returns_the_same_namespace_every_time(ns: runtime.NsNamespace) -> None:
    assert runtime.load() is ns
    assert ns.PointToPointTestbed is not None


def test_missing_build_names_the_files_and_scripts_setup(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(runtime, "BUILD_DIR", tmp_path)
    with pytest.raises(runtime.BuildMissingError) as raised:
        runtime.check_build()
    message = str(raised.value)
    assert "libnetbltsim-netblt.so" in message
    assert "scripts/setup" in message


def test_load_maps_only_the_ns3_modules_the_project_links() -> None:
    # A fresh process: which ns-3 libraries does loading bring in? The project links core,
    # network, internet, point-to-point, ... but nothing like wifi or lte, which the
    # wheel's `from ns import ns` would load too.
    script = (
        "from netblt_sim.core import runtime\n"
        "ns = runtime.load()\n"
        "print(ns.Seconds(1).GetMilliSeconds())\n"
        "import re\n"
        "maps = open('/proc/self/maps').read()\n"
        "print(' '.join(sorted(set(re.findall(r'libns3[.0-9]*-([a-z0-9-]+)[.]so', maps)))))\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    milliseconds, modules = completed.stdout.strip().splitlines()
    assert milliseconds == "1000"
    loaded = set(modules.split())
    assert {"core", "network", "internet", "point-to-point"} <= loaded
    assert not loaded & {"wifi", "lte", "wave", "mesh", "uan", "lr-wpan", "netanim"}


def test_other_threads_run_while_a_simulation_runs(ns: runtime.NsNamespace) -> None:
    import threading
    import time

    from netblt_sim import run_transfer, transfer_parameters

    ticks: list[float] = []
    stop = threading.Event()

    def ticking() -> None:
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.002)

    # Long enough (about 0.4 s on an idle machine) that a held GIL would show.
    params = transfer_parameters(network="ethernet", bs=5, bi_ms=30, psz=1438, bfsz=14380,
                                 xfsz_kb=57520, nbufs=1)  # fmt: skip
    run_transfer(params)  # cppyy compiles the calls at the first
    thread = threading.Thread(target=ticking)
    thread.start()
    started = time.perf_counter()
    record = run_transfer(params)
    ended = time.perf_counter()
    stop.set()
    thread.join()
    assert record.completed and record.intact
    during = [t for t in ticks if started <= t <= ended]
    gaps = [b - a for a, b in zip([started, *during], [*during, ended], strict=True)]
    # Holding the GIL, the simulator would stop the thread for the whole run (over 0.1 s).
    assert ended - started > 0.1 and max(gaps) < (ended - started) / 4, (ended - started, max(gaps))
