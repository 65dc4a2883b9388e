# SPDX-License-Identifier: GPL-2.0-only
"""The Python API: run_transfer of built parameters, sweep, and the plot."""

from __future__ import annotations

import json
import subprocess

import pytest
from conftest import NETBLT_RUN

import netblt_sim
from netblt_sim import plot_throughput_vs_burst_interval, run_transfer, sweep, transfer_parameters
from netblt_sim.core import runtime

RING_ROW = dict(network="proteon-ring", bs=5, bi_ms=43, psz=1990, bfsz=19900, xfsz_kb=398, nbufs=2)


def test_a_sweep_refuses_a_bad_grid_before_simulating_anything(ns: runtime.NsNamespace) -> None:
    with pytest.raises(ValueError, match="psz = 2100 bytes does not fit the proteon-ring MTU"):
        sweep({"psz": [1438, 2100]}, network="proteon-ring", bfsz=21000, progress=None)
    with pytest.raises(ValueError, match="both in the grid and as fixed"):
        sweep({"bs": [5]}, bs=5)


def test_a_run_in_this_long_lived_process_equals_a_fresh_process(ns: runtime.NsNamespace) -> None:
    sweep({"seed": [1, 2]}, progress=None, **RING_ROW)  # earlier runs in this process
    here = run_transfer(transfer_parameters(seed=3, **RING_ROW))
    completed = subprocess.run(
        [str(NETBLT_RUN), "--network", "proteon-ring", "--bs", "5", "--bi-ms", "43", "--psz", "1990",
         "--bfsz", "19900", "--xfsz-kb", "398", "--nbufs", "2", "--seed", "3", "--json"],
        capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    fresh = json.loads(completed.stdout)
    assert fresh == {name: getattr(here, name) for name in fresh}


def test_sweep_frame_and_plot(ns: runtime.NsNamespace) -> None:
    frame = sweep({"bi_ms": [40, 45], "nbufs": [1, 2]}, progress=None,
                  **{k: v for k, v in RING_ROW.items() if k not in ("bi_ms", "nbufs")})  # fmt: skip
    assert list(frame["bi_ms"]) == [40, 40, 45, 45]
    assert list(frame["nbufs"]) == [1, 2, 1, 2]
    assert (frame["network"] == "proteon-ring").all() and (frame["mtu"] == 2046).all()
    assert (frame["completed"] & frame["intact"]).all()
    figure = plot_throughput_vs_burst_interval(frame)
    assert len(figure.axes[0].lines) == 2  # one curve per NBUFS
    with pytest.raises(ValueError, match="steady_state_mbps"):
        plot_throughput_vs_burst_interval(frame.drop(columns=["steady_state_mbps"]))


def test_the_package_offers_one_way_to_run_a_transfer() -> None:
    # One way to run a transfer, and one to run several at once (RFC 1030 §8's flows).
    runners = [name for name in netblt_sim.__all__ if name.startswith("run")]
    assert runners == ["run_transfer", "run_transfers_together"]
    assert not hasattr(netblt_sim, "run")
