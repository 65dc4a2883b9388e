# SPDX-License-Identifier: GPL-2.0-only
"""Shared fixtures. ns-3 is loaded once for the whole session (about 1 s): every test that
simulates uses the `ns` fixture's process; the few that need a fresh process share one run of
the CLI (`fresh_process_run`)."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from netblt_sim.core import runtime
from netblt_sim.core.parameters import TransferParameters, transfer_parameters
from netblt_sim.core.transfer import TransferRecord
from netblt_sim.core.simulation import run_transfer
from netblt_sim.scenarios.bands.scenario import BandsScenario

SCRIPTS_DIR = Path(__file__).resolve().parents[1]
REPO_ROOT = SCRIPTS_DIR.parent

NETBLT_RUN = SCRIPTS_DIR / "netblt-run"

# The configuration the determinism and fresh-process tests share: lossy, so that the random
# streams matter.
LOSSY_PARAMETERS = TransferParameters(loss=0.1, seed=7, nbufs=2)
LOSSY_CLI_ARGUMENTS = ["--loss", "0.1", "--seed", "7", "--nbufs", "2"]


def toy_bands(**fields: Any) -> BandsScenario:
    """A bands scenario cheap enough for a test: Morris with 2 trajectories of 4 levels (the
    first run again for the seeds' floor), one Sobol factor of 2 samples, one seed per one-at-a-time run, nothing left out; `fields` give
    what it analyses (`tables`, `claims`, `nominal_seeds`...)."""
    defaults: dict[str, Any] = dict(
        name="toy-bands", title="toy", description="toy", tables=(), nominal_seeds=(1,),
        seed_base=100, trajectories=2, levels=4, morris_seed=1, floor_trajectories=1,
        sobol_samples=2,
        sobol_factors=1, sobol_seed=1, within_pct=5.0, left_out={}, residuals=(),
        one_at_a_time_seeds=(1,), max_simulated_s=120.0,
    )  # fmt: skip
    return BandsScenario(**{**defaults, **fields})


def spied_runs(monkeypatch: pytest.MonkeyPatch) -> list[list[TransferParameters]]:
    """Every batch of transfers given to `executor.run_transfers` from now on (each still
    run): what an analysis asks to simulate, seeds and all."""
    from netblt_sim.batch import executor  # noqa: PLC0415

    batches: list[list[TransferParameters]] = []
    run_transfers = executor.run_transfers

    def spy(runs: Sequence[TransferParameters], label: str | None,
            executor_: executor.TransferExecutor | None = None) -> list[TransferRecord]:  # fmt: skip
        batches.append(list(runs))
        return run_transfers(runs, label, executor_)

    monkeypatch.setattr(executor, "run_transfers", spy)
    return batches


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


@dataclass(frozen=True)
class NetworkCapture:
    """One transfer captured on every device of its network (`netblt-<node>-<device>.pcap`)."""

    parameters: TransferParameters
    record: TransferRecord
    directory: Path
    link_types: dict[str, int]  # every file the run must write -> its pcap link type

    def files(self) -> list[Path]:
        return [self.directory / name for name in sorted(self.link_types)]


DLT_EN10MB, DLT_PPP, LINKTYPE_RAW = 1, 9, 101
# The PC/AT's NETBLT pads its CONTROL packets to this many bytes (0: RFC 998's packets).
CONTROL_PACKET_SIZE = "models/hosts/ibm-pc-at.json:netblt.ControlPacketSize"
# What each network's devices write: the point-to-point link and the Wideband path's T1 PPP,
# the ring and the Wideband channel's stations bare IPv4, every Ethernet Ethernet II.
CAPTURED_TRANSFERS: dict[str, tuple[TransferParameters, dict[str, int]]] = {
    # Lossy, re-ordering, duplicating and corrupting, with DATA checksums: every packet type
    # of a transfer and damaged packets of every kind.
    "point-to-point": (
        TransferParameters(
            loss=0.05, reorder=0.05, duplicate=0.03, corrupt=0.08, checksum_data=True, nbufs=2,
            seed=3,
        ),
        {"netblt-0-0.pcap": DLT_PPP, "netblt-1-0.pcap": DLT_PPP},
    ),
    # An adaptive sender that asks for burst spacing reports (the R flag) and gets them in OKs.
    "point-to-point, delivery-rate": (
        TransferParameters(rate_control="delivery-rate", start_bs=5, start_bi_ms=60, loss=0.02,
                           nbufs=2, seed=4),
        {"netblt-0-0.pcap": DLT_PPP, "netblt-1-0.pcap": DLT_PPP},
    ),
    # Both PC/ATs pad CONTROL packets to 1000 bytes (the P extension, RFC 998 §5.2.1's typical
    # control packet size).
    "ethernet, padded control": (
        transfer_parameters(
            network="ethernet", bs=5, bi_ms=30, psz=1438, bfsz=14380, xfsz_bytes=143800,
            nbufs=2, seed=2, model_overrides={CONTROL_PACKET_SIZE: 1000},
        ),
        {"netblt-0-0.pcap": DLT_EN10MB, "netblt-1-0.pcap": DLT_EN10MB},
    ),
    "proteon-ring": (
        TransferParameters(
            network="proteon-ring", bs=5, bi_ms=40, psz=1990, bfsz=19900, xfsz_bytes=99500,
            nbufs=1, seed=1,
        ),
        {"netblt-0-0.pcap": LINKTYPE_RAW, "netblt-1-0.pcap": LINKTYPE_RAW},
    ),
    "ethernet": (
        TransferParameters(
            network="ethernet", bs=5, bi_ms=30, psz=1438, bfsz=14380, xfsz_bytes=143800,
            nbufs=2, seed=2,
        ),
        {"netblt-0-0.pcap": DLT_EN10MB, "netblt-1-0.pcap": DLT_EN10MB},
    ),
    # With the network's help (the X extension): BBN's gateway lowers the explicit rate in
    # DATA packets, the receiver offers it back marked in its OKs, and the earth station sends
    # ICMP Source Quench, which quotes the start of a NETBLT packet.
    "wideband, explicit rate": (
        TransferParameters(
            network="wideband", bs=5, bi_ms=20, psz=1432, bfsz=14320, xfsz_bytes=859200,
            nbufs=22, seed=2, rate_control="explicit-rate", start_bs=5, start_bi_ms=50,
            gateway_feedback="explicit-rate+source-quench",
        ),
        {
            "netblt-0-0.pcap": DLT_EN10MB, "netblt-1-0.pcap": DLT_EN10MB,
            "netblt-2-0.pcap": DLT_EN10MB, "netblt-2-1.pcap": DLT_PPP,
            "netblt-3-0.pcap": DLT_PPP, "netblt-3-1.pcap": LINKTYPE_RAW,
            "netblt-4-0.pcap": LINKTYPE_RAW, "netblt-4-1.pcap": DLT_EN10MB,
        },
    ),
    # 1438-byte packets cross the Wideband channel in two IP fragments.
    "wideband": (
        TransferParameters(
            network="wideband", bs=5, bi_ms=55, psz=1438, bfsz=14380, xfsz_bytes=143800,
            nbufs=4, seed=11, checksum_data=True,
        ),
        {
            "netblt-0-0.pcap": DLT_EN10MB, "netblt-1-0.pcap": DLT_EN10MB,
            "netblt-2-0.pcap": DLT_EN10MB, "netblt-2-1.pcap": DLT_PPP,
            "netblt-3-0.pcap": DLT_PPP, "netblt-3-1.pcap": LINKTYPE_RAW,
            "netblt-4-0.pcap": LINKTYPE_RAW, "netblt-4-1.pcap": DLT_EN10MB,
        },
    ),
}  # fmt: skip


@pytest.fixture(scope="session")
def network_captures(
    ns: runtime.NsNamespace, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, NetworkCapture]:
    """A transfer on every network, captured on every device (about 5 s in all)."""
    captures = {}
    for name, (parameters, link_types) in CAPTURED_TRANSFERS.items():
        directory = tmp_path_factory.mktemp(f"capture-{name}")
        with_pcap = replace(parameters, pcap_dir=directory)
        captures[name] = NetworkCapture(with_pcap, run_transfer(with_pcap), directory, link_types)
    return captures
