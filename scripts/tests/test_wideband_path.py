# SPDX-License-Identifier: GPL-2.0-only
"""The Wideband path of Table IV end to end: captures on every hop, fragmentation at the
Wideband gateways, the SUN-3 receiver, bad input."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from netblt_sim.core import runtime
from netblt_sim.core.networks import WIDEBAND
from netblt_sim.core.parameters import TransferParameters
from netblt_sim.core.transfer import TransferRecord
from netblt_sim.core.simulation import run_transfer, run_transfers_together
from netblt_sim.tools.bench_wideband import STOCK_PROGRAM, run_stock_path
from netblt_sim.wire.decoder import DataFields
from netblt_sim.wire.pcap import read_ipv4_datagrams, read_netblt_packets

# Node numbers: the hosts first (0 PC/AT, 1 SUN-3), then MIT's gateway (2), BBN's earth
# station (3) and ISI's gateway (4); device 0 of a gateway faces the sender.
T1_AT_MIT = "netblt-2-1.pcap"
WIDEBAND_AT_BBN = "netblt-3-1.pcap"
WIDEBAND_AT_ISI = "netblt-4-0.pcap"
NETBLT_PROTOCOL = 30


@pytest.fixture(scope="module")
def fragmenting_run(ns: runtime.NsNamespace, tmp_path_factory: pytest.TempPathFactory) -> tuple[
    TransferRecord, Path
]:
    """1438-byte packets, ten buffers, captured everywhere."""
    pcap_dir = tmp_path_factory.mktemp("wideband-pcap")
    parameters = TransferParameters(
        network=WIDEBAND, bs=5, bi_ms=90, psz=1438, bfsz=14380, xfsz_bytes=143_800, nbufs=4,
        seed=11, pcap_dir=pcap_dir,
    )  # fmt: skip
    return run_transfer(parameters), pcap_dir


def test_the_transfer_completes_intact(fragmenting_run: tuple[TransferRecord, Path]) -> None:
    record, _ = fragmenting_run
    assert record.completed and record.intact
    assert record.bytes_received == 143_800


def test_every_hop_is_captured(fragmenting_run: tuple[TransferRecord, Path]) -> None:
    _, pcap_dir = fragmenting_run
    captures = sorted(p.name for p in pcap_dir.glob("*.pcap"))
    # Two hosts with one interface each, three gateways with two each.
    assert captures == [
        "netblt-0-0.pcap", "netblt-1-0.pcap", "netblt-2-0.pcap", "netblt-2-1.pcap",
        "netblt-3-0.pcap", "netblt-3-1.pcap", "netblt-4-0.pcap", "netblt-4-1.pcap",
    ]  # fmt: skip
    assert all((pcap_dir / name).stat().st_size > 1000 for name in captures)


def test_data_crosses_the_t1_whole_and_the_wideband_in_two_fragments(
    fragmenting_run: tuple[TransferRecord, Path],
) -> None:
    """A 1438-byte DATA packet is a 1484-byte datagram: the T1 (MTU 1500) carries it whole,
    the Wideband gateway (Mtu 1476) sends it as two fragments; both decode as NETBLT."""
    _, pcap_dir = fragmenting_run
    for name, fragments in ((T1_AT_MIT, 1), (WIDEBAND_AT_BBN, 2)):
        datagrams = [
            d for d in read_ipv4_datagrams(pcap_dir / name).datagrams
            if d.protocol == NETBLT_PROTOCOL and len(d.payload) > 1000
        ]  # fmt: skip
        assert datagrams, name
        assert {d.fragments for d in datagrams} == {fragments}, name
    packets = read_netblt_packets(pcap_dir / T1_AT_MIT)
    data = [p for p in packets if isinstance(p.body, DataFields)]
    assert data and all(len(p.body.data) == 1438 for p in data)


def test_the_wideband_delivers_what_bbn_sent_less_its_damage(
    fragmenting_run: tuple[TransferRecord, Path],
) -> None:
    record, pcap_dir = fragmenting_run
    sent = read_ipv4_datagrams(pcap_dir / WIDEBAND_AT_BBN).datagrams
    received = read_ipv4_datagrams(pcap_dir / WIDEBAND_AT_ISI).datagrams
    # A datagram is missing at ISI only if the channel damaged one of its fragments.
    assert 0 <= len(sent) - len(received) <= record.path_drops
    assert {d.identification for d in received} <= {d.identification for d in sent}


def test_a_psz_too_large_for_the_hosts_ethernet_is_refused() -> None:
    with pytest.raises(ValueError, match="psz = 1457 bytes does not fit the wideband MTU of 1500"):
        TransferParameters(network=WIDEBAND, psz=1457, bfsz=14570).validate()
    with pytest.raises(ValueError, match="loss = 0.1: only the point-to-point network"):
        TransferParameters(network=WIDEBAND, loss=0.1).validate()


def test_isi_gateway_lockup_is_off_by_default_and_ends_fast_transfers_when_on(
    ns: runtime.NsNamespace,
) -> None:
    """RFC 1030 §7: ISI's Butterfly Ethernet interface locked up after 40-60 s at about 90
    packets per second. With the option set to 5 s in total at 80 per second or more (losses and
    stalls keep a transfer a little under the 91 per second it is offered), 5 x 1432 bytes every
    55 ms for a 1432-kB transfer (about 13 s) lose the receiver; every 90 ms (56 per second) do
    not."""
    lockup = {"experiment": {"IsiLockupAfter": "5s", "IsiLockupRate": 80.0}}
    fast = TransferParameters(network=WIDEBAND, bs=5, bi_ms=55, psz=1432, bfsz=14320,
                              xfsz_bytes=1_432_000, nbufs=22, seed=2)  # fmt: skip
    assert run_transfer(fast).completed
    (locked,) = run_transfers_together([fast], overrides=lockup).flows
    assert not locked.completed and locked.bytes_received < 1_432_000
    slow = TransferParameters(network=WIDEBAND, bs=5, bi_ms=90, psz=1432, bfsz=14320,
                              xfsz_bytes=1_432_000, nbufs=22, seed=2)  # fmt: skip
    assert run_transfers_together([slow], overrides=lockup).flows[0].completed
    with pytest.raises(ValueError, match="ns3::WidebandTestbed has no attribute "
                                         "'IsiLockupAftr'"):  # fmt: skip
        run_transfers_together([slow], overrides={"experiment": {"IsiLockupAftr": "5s"}})


def test_stock_yardstick_carries_every_packet_at_the_burst_rate() -> None:
    """bench-wideband's stock ns-3 yardstick: every UDP packet arrives, and the run lasts as
    long as sending them at the given spacing plus the path's delays."""
    parameters = TransferParameters(
        bs=5, bi_ms=55, psz=1432, bfsz=14320, xfsz_bytes=143_200, nbufs=22, seed=1,
        network=WIDEBAND,
    )  # fmt: skip
    figures = run_stock_path(parameters)
    assert figures["packets"] == 100
    assert figures["received"] == 100
    # Stopped 5 s after the last of 100 packets spaced 11 ms.
    assert figures["simulated_s"] == pytest.approx(100 * 0.011 + 5)


def test_stock_yardstick_refuses_a_packet_larger_than_a_frame() -> None:
    completed = subprocess.run(
        [str(STOCK_PROGRAM), "--size=1500"], capture_output=True, text=True, timeout=60
    )
    assert completed.returncode == 2
    assert "--size" in completed.stderr and "1472" in completed.stderr
