# SPDX-License-Identifier: GPL-2.0-only
"""scripts/bench's measuring pieces: the stock yardstick, a child's cost, bad options."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from netblt_sim.core.parameters import transfer_parameters
from netblt_sim.tools import bench, bench_child


def test_stock_udp_yardstick_delivers_every_packet_and_times_them() -> None:
    parameters = transfer_parameters(bs=5, bi_ms=30, psz=1438, bfsz=14380, xfsz_kb=144)
    per_packet = bench.stock_udp_per_packet(parameters, 100)
    assert 0 < per_packet < 0.01  # seconds per packet: microseconds, not milliseconds


def test_stock_udp_yardstick_refuses_an_oversized_packet() -> None:
    completed = subprocess.run(
        [str(bench.STOCK_UDP_PROGRAM), "--packets=10", "--size=1473"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert completed.returncode == 2
    assert "--size 12 to 1472" in completed.stderr


def test_child_cost_reports_the_peak_memory_of_that_child(tmp_path: Path) -> None:
    allocate = [sys.executable, "-c", "block = bytearray(200 * 1024 * 1024); block[::4096] = b'x' * len(block[::4096])"]  # fmt: skip
    # Linux counts in a child's peak (wait4's ru_maxrss) the resident memory of the process it
    # was forked from, up to its exec: run from this test process, which holds ns-3 and the
    # plotting libraries (over 400 MiB once seaborn has loaded scipy), the figure would be this
    # process's. A fresh Python with the bench module (about 25 MiB) starts the child instead.
    measure = ("import sys; from pathlib import Path; from netblt_sim.tools import bench; "
               "cost = bench.run_child(sys.argv[2:], Path(sys.argv[1])); "
               "print(cost.peak_mib, cost.wall_s)")  # fmt: skip
    completed = subprocess.run([sys.executable, "-c", measure, str(tmp_path), *allocate],
                               capture_output=True, text=True, timeout=120, check=True)  # fmt: skip
    peak_mib, wall_s = (float(figure) for figure in completed.stdout.split())
    assert 200 <= peak_mib < 400
    assert wall_s > 0
    with pytest.raises(RuntimeError, match="exited with 3"):
        bench.run_child([sys.executable, "-c", "raise SystemExit(3)"], tmp_path)


@pytest.mark.parametrize(
    ("option", "value", "allowed"),
    [("--megabytes", "0", "1 to 1000"), ("--repeat", "51", "1 to 50")],
)
def test_bad_options_exit_2_naming_the_value(
    option: str, value: str, allowed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        bench.main([option, value])
    assert exit_info.value.code == 2
    assert f"{option} {value}: {allowed}" in capsys.readouterr().err


def test_a_pair_measures_netblt_in_a_child_and_stock_on_the_same_core() -> None:
    core = min(os.sched_getaffinity(0))
    per_packet, delivered = bench.netblt_per_packet_child("point-to-point", 1, core)
    assert delivered == 696  # 10^6 bytes in 1438-byte packets, every one delivered once
    assert 0 < per_packet < 0.01
    parameters = bench.per_packet_parameters("point-to-point", 1000)
    assert 0 < bench.stock_udp_per_packet(parameters, delivered, core) < 0.01


def test_pinned_child_runs_on_that_core_only() -> None:
    core = max(os.sched_getaffinity(0))
    completed = subprocess.run(
        [sys.executable, "-c", "import os; print(sorted(os.sched_getaffinity(0)))"],
        capture_output=True, text=True, check=True, preexec_fn=bench.pinned_to(core),
    )  # fmt: skip
    assert completed.stdout.strip() == f"[{core}]"
    assert bench.pinned_to(None) is None


def test_bench_child_refuses_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_child.main(["point-to-point"]) == 2
    assert bench_child.main(["point-to-point", "many"]) == 2
    assert "usage: python -m netblt_sim.tools.bench_child NETWORK MEGABYTES" in capsys.readouterr().err
    assert bench_child.main(["token-bus", "1"]) == 2
    assert "network = 'token-bus': must be one of" in capsys.readouterr().err
    assert bench_child.main(["point-to-point", "0"]) == 2
    assert "xfsz_bytes = 0: must be from 1" in capsys.readouterr().err
