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


def test_every_option_is_spelled_as_the_python_api_names_its_parameter() -> None:
    """`--bi-ms` sets `bi_ms`: each option's first spelling is its destination, a name
    `transfer_parameters` takes (a field or a unit alias), with "-" for "_"."""
    from netblt_sim.core.parameters import PARAMETER_NAMES, UNIT_ALIASES
    from netblt_sim.tools.cli import RUN_OPTIONS, build_parser

    options = [action for action in build_parser()._actions if action.dest != "help"]
    assert len(options) > 20
    for action in options:
        assert action.option_strings[0] == "--" + action.dest.replace("_", "-"), action.dest
        assert action.dest in PARAMETER_NAMES | set(UNIT_ALIASES) | set(RUN_OPTIONS)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (["--bi", "40"], ["--bi-ms", "40"]),
        (["--start-bi", "50"], ["--start-bi-ms", "50"]),
        (["--death-timeout", "60"], ["--death-timeout-s", "60"]),
        (["--pcap", "/tmp/captures"], ["--pcap-dir", "/tmp/captures"]),
    ],
)
def test_the_old_spellings_remain_aliases(old: list[str], new: list[str]) -> None:
    from netblt_sim.tools.cli import build_parser

    parser = build_parser()
    assert parser.parse_args(old) == parser.parse_args(new) != parser.parse_args([])
