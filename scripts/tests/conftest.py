# SPDX-License-Identifier: GPL-2.0-only
"""Shared fixtures. ns-3 is loaded once for the whole session (about 1 s): every test that
simulates uses the `ns` fixture's process; the few that need a fresh process share one run of
the CLI (`fresh_process_run`)."""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from netblt_sim import runtime
from netblt_sim.parameters import TransferParameters
from netblt_sim.transfer import TransferRecord, run_transfer

SCRIPTS_DIR = Path(__file__).resolve().parents[1]
REPO_ROOT = SCRIPTS_DIR.parent

NETBLT_RUN = SCRIPTS_DIR / "netblt-run"

# The configuration the determinism and fresh-process tests share: lossy, so that the random
# streams matter.
LOSSY_PARAMETERS = TransferParameters(loss=0.1, seed=7, nbufs=2)
LOSSY_CLI_ARGUMENTS = ["--loss", "0.1", "--seed", "7", "--nbufs", "2"]


@pytest.fixture(scope="session")
def ns() -> runtime.NsNamespace:
    return runtime.load()


@dataclass(frozen=True)
class FreshProcessRun:
    """`scripts/netblt-run --json` run in a new Python process."""

    returncode: int
    stdout: str
    stderr: str

    def record(self) -> TransferRecord:
        return TransferRecord(**json.loads(self.stdout))


@pytest.fixture(scope="session")
def fresh_process_run() -> FreshProcessRun:
    # From the repository root on purpose: the wheel's ns-3 loader globs the current directory
    # and used to trip over build/lib/libns3-*.so there.
    completed = subprocess.run(
        [str(NETBLT_RUN), "--json", *LOSSY_CLI_ARGUMENTS],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return FreshProcessRun(completed.returncode, completed.stdout, completed.stderr)


@dataclass(frozen=True)
class PcapRun:
    parameters: TransferParameters
    record: TransferRecord
    sender_pcap: Path  # node 0's device: the sending NETBLT
    receiver_pcap: Path  # node 1's device


@pytest.fixture(scope="session")
def pcap_run(ns: runtime.NsNamespace, tmp_path_factory: pytest.TempPathFactory) -> PcapRun:
    """A lossy transfer with data checksums on, captured on both devices. Loss makes the
    receiver send RESENDs and the sender NULL-ACKs, so that every packet kind shows up."""
    directory = tmp_path_factory.mktemp("pcap")
    parameters = TransferParameters(loss=0.1, seed=1, checksum_data=True, pcap_dir=directory)
    record = run_transfer(parameters)
    return PcapRun(parameters, record, directory / "netblt-0-0.pcap", directory / "netblt-1-0.pcap")
