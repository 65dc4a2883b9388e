# SPDX-License-Identifier: GPL-2.0-only
"""scripts/netblt-run: impossible values are refused before anything is simulated."""

from __future__ import annotations

import subprocess

import pytest
from conftest import NETBLT_RUN, FreshProcessRun

from netblt_sim.core.transfer import TransferRecord


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        (["--psz", "1500"], ["--psz", "1500", "1456"]),  # MTU 1500 - 44
        (["--mtu", "576", "--psz", "1438"], ["--psz", "1438", "532"]),
        (["--bs", "0"], ["--bs", "0"]),
        (["--bfsz", "1000"], ["--bfsz", "1000", "1438"]),
        (["--nbufs", "0"], ["--nbufs", "0"]),
        (["--loss", "1.5"], ["--loss", "1.5"]),
        (["--loss", "lots"], ["--loss", "lots"]),
        (["--xfsz-kb", "0.0005"], ["--xfsz-kb", "0.0005"]),
        # The ring's MTU (2046) comes from models/networks/proteon-ring.json.
        (["--network", "proteon-ring", "--psz", "2003"], ["--psz", "2003", "2002", "proteon-ring"]),
        (["--network", "proteon-ring", "--bs", "0"], ["--bs", "0"]),
        (["--network", "proteon-ring", "--psz", "1990", "--bfsz", "1989"], ["--bfsz", "1989"]),
        (["--network", "proteon-ring", "--loss", "0.1"], ["--loss", "point-to-point"]),
        (["--network", "token-bus"], ["--network", "token-bus", "proteon-ring"]),
    ],
)
def test_impossible_values_exit_2_naming_the_value(arguments: list[str], named: list[str]) -> None:
    completed = subprocess.run(
        [str(NETBLT_RUN), *arguments], capture_output=True, text=True, timeout=60
    )
    assert completed.returncode == 2
    assert completed.stdout == ""
    for text in named:
        assert text in completed.stderr
    assert "Traceback" not in completed.stderr


def test_a_run_prints_its_record_as_json(fresh_process_run: FreshProcessRun) -> None:
    assert fresh_process_run.returncode == 0, fresh_process_run.stderr
    record = fresh_process_run.record()
    assert isinstance(record, TransferRecord)
    assert record.completed and record.intact
