# SPDX-License-Identifier: GPL-2.0-only
"""TCP transfers on the same hosts and networks as NETBLT: every network, the hosts' CPU, the
window bound on a long-delay link, refusals by name, the frame's columns and captures."""

from __future__ import annotations

import dataclasses
import struct
import subprocess
from pathlib import Path

import dpkt
import pytest
from conftest import NETBLT_RUN

from netblt_sim.core import runtime
from netblt_sim.core.networks import NETWORKS
from netblt_sim.core.parameters import TransferParameters, transfer_parameters
from netblt_sim.core.transfer import TCP_COLUMNS, records_frame
from netblt_sim.core.simulation import run_transfer
from netblt_sim.wire.pcap import read_ipv4_datagrams


@pytest.mark.parametrize("network", sorted(NETWORKS))
def test_a_tcp_transfer_completes_intact_on_every_network(
    ns: runtime.NsNamespace, network: str
) -> None:
    params = transfer_parameters(network=network, protocol="tcp", window_bytes=8192,
                                 xfsz_kb=100, seed=2)  # fmt: skip
    record = run_transfer(params)
    assert record.completed and record.intact, record
    assert record.bytes_received == 100_000
    assert record.sender_close == "CLOSED"  # through TIME_WAIT
    assert record.receiver_close == "CLOSED"  # through LAST_ACK
    segments = -(-100_000 // params.effective_mss())
    assert record.data_packets_sent == segments + record.retransmitted
    assert record.data_packets_received + record.lost >= segments
    assert record.control_packets_sent > 0  # the receiver's ACKs
    assert 0 < record.steady_state_mbps
    # The NETBLT-only counts stay at zero.
    assert record.null_acks_sent == record.packets_requested == record.data_timeouts == 0


def test_tcp_work_is_charged_to_the_hosts_and_a_slower_host_is_slower(
    ns: runtime.NsNamespace,
) -> None:
    # The same two-host quiet Ethernet with the SUN-3s' LANCEs, and on it the PC/ATs with
    # their 3C500s: the slower hosts (and drivers) move TCP more slowly.
    sun = run_transfer(transfer_parameters(network="sun-ethernet", protocol="tcp",
                                           window_bytes=16384, xfsz_kb=200))  # fmt: skip
    pc = run_transfer(transfer_parameters(network="ethernet-private", protocol="tcp",
                                          window_bytes=16384, xfsz_kb=200))  # fmt: skip
    assert sun.completed and pc.completed
    assert sun.sender_cpu_seconds > 0 and sun.receiver_cpu_seconds > 0
    assert pc.sender_cpu_seconds > 2 * sun.sender_cpu_seconds
    assert pc.steady_state_mbps < sun.steady_state_mbps / 2
    # The SUN-3's costs (models/hosts/sun-3.json): 1.65 ms per segment and 0.75 us per byte on
    # each side, every segment charged once.
    segments = sun.data_packets_sent + 2  # and its SYN and FIN
    acks = sun.control_packets_sent
    expected = 1.65e-3 * (segments + acks) + 0.75e-6 * 200_000
    assert sun.sender_cpu_seconds == pytest.approx(expected, rel=0.02)


@pytest.mark.parametrize("window_bytes", [4096, 16384])
def test_a_window_limited_tcp_runs_at_window_over_rtt_on_a_long_delay_link(
    ns: runtime.NsNamespace, window_bytes: int
) -> None:
    # 250 ms each way, 1024-byte segments (a 1064-byte MTU) so that the window is whole
    # segments, and a transfer of 100 windows so that slow start is a small part of it.
    params = transfer_parameters(protocol="tcp", window_bytes=window_bytes, mtu=1064,
                                 link_delay_ms=250, xfsz_bytes=100 * window_bytes)  # fmt: skip
    record = run_transfer(params)
    assert record.completed and record.intact
    window_bound_mbps = window_bytes * 8 / 0.5 / 1e6
    assert record.steady_state_mbps <= window_bound_mbps
    assert record.steady_state_mbps == pytest.approx(window_bound_mbps, rel=0.05)


def test_losses_are_recovered_by_retransmissions_and_timeouts(ns: runtime.NsNamespace) -> None:
    # 2 % loss each way with windows of 45 segments: fast retransmits and timeouts both.
    values = {"protocol": "tcp", "loss": 0.02, "window_bytes": 65536, "xfsz_kb": 2000,
              "link_delay_ms": 20, "seed": 1}  # fmt: skip
    tahoe = run_transfer(transfer_parameters(**values))
    assert tahoe.completed and tahoe.intact
    assert tahoe.lost > 0 and tahoe.retransmitted >= tahoe.lost
    assert tahoe.retransmission_timeouts > 0
    newreno = run_transfer(transfer_parameters(**values, congestion_control="newreno"))
    assert newreno.completed and newreno.intact
    # Fast recovery keeps half the window where Tahoe starts again from one segment.
    assert newreno.steady_state_mbps > tahoe.steady_state_mbps


def test_a_lost_short_last_segment_is_sent_again_by_the_timeout(ns: runtime.NsNamespace) -> None:
    # The last segment (600 bytes and the FIN) is lost at 354.8 s and its ACKs with it; ns-3
    # held its retransmission back by Nagle's algorithm, with no timer left (BsdTcpSocket).
    params = transfer_parameters(protocol="tcp", xfsz_kb=716, window_bytes=65536,
                                 link_rate_mbps=1.544, link_delay_ms=900, loss=0.05,
                                 congestion_control="newreno", seed=2)  # fmt: skip
    record = run_transfer(params)
    assert record.completed and record.intact
    assert record.simulated_seconds < 400


def test_same_seed_same_tcp_record(ns: runtime.NsNamespace) -> None:
    params = transfer_parameters(network="ethernet", protocol="tcp", xfsz_kb=100, seed=7)
    assert run_transfer(params) == run_transfer(params)


@pytest.mark.parametrize(
    ("values", "named"),
    [
        ({"window_bytes": 70000}, ["window_bytes = 70000", "65536"]),
        ({"window_bytes": 1000}, ["window_bytes = 1000", "one segment (1460 bytes)"]),
        ({"window_bytes": 2.5}, ["window_bytes = 2.5", "whole number"]),
        ({"mss": 1461}, ["mss = 1461", "1460"]),
        ({"mss": 0}, ["mss = 0"]),
        ({"network": "wideband", "mss": 1440}, ["mss = 1440", "1436", "wideband"]),
        ({"congestion_control": "cubic"}, ["congestion_control = 'cubic'", "newreno", "tahoe"]),
        ({"bs": 4}, ["bs = 4", "NETBLT parameter"]),
        ({"nbufs": 2}, ["nbufs = 2", "NETBLT parameter"]),
        ({"data_timer": "burst-rate"}, ["data_timer", "NETBLT parameter"]),
        ({"corrupt": 0.1}, ["corrupt = 0.1", "NETBLT"]),
        ({"protocol": "udp"}, ["protocol = 'udp'", "netblt", "tcp"]),
    ],
)
def test_impossible_tcp_values_are_refused_by_name(
    values: dict[str, object], named: list[str]
) -> None:
    with pytest.raises(ValueError) as raised:
        transfer_parameters(**({"protocol": "tcp"} | values))
    for text in named:
        assert text in str(raised.value)


def test_tcp_parameters_are_refused_for_netblt_and_netblt_on_sun_ethernet() -> None:
    with pytest.raises(ValueError, match="window_bytes = 4096: a TCP parameter"):
        transfer_parameters(window_bytes=4096)
    with pytest.raises(ValueError, match="network sun-ethernet runs tcp only"):
        transfer_parameters(network="sun-ethernet")
    # Built without the builder, a TCP run without a window is refused too.
    with pytest.raises(ValueError, match="window_bytes = None"):
        dataclasses.replace(TransferParameters(), protocol="tcp",
                            congestion_control="tahoe").validate()  # fmt: skip


def test_unset_tcp_values_take_a_1987_bsd_hosts() -> None:
    params = transfer_parameters(protocol="tcp", network="wideband")
    assert (params.window_bytes, params.congestion_control, params.mss) == (4096, "tahoe", None)
    # The Wideband channel's 1476-byte MTU, not the sender's Ethernet's, sets the segment.
    assert params.effective_mss() == 1436
    assert transfer_parameters(protocol="tcp", network="proteon-ring").effective_mss() == 2006


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        (["--protocol", "tcp", "--window-bytes", "100000"], ["--window-bytes", "100000"]),
        (["--protocol", "tcp", "--bs", "3"], ["--bs", "NETBLT parameter"]),
        (["--window-bytes", "8192"], ["--window-bytes", "TCP parameter"]),
        (["--protocol", "tcp", "--congestion-control", "vegas"], ["--congestion-control"]),
    ],
)
def test_the_cli_refuses_impossible_tcp_options_by_name(
    arguments: list[str], named: list[str]
) -> None:
    completed = subprocess.run([str(NETBLT_RUN), *arguments], capture_output=True, text=True,
                               timeout=60)  # fmt: skip
    assert completed.returncode == 2
    for text in named:
        assert text in completed.stderr
    assert "Traceback" not in completed.stderr


def test_a_frame_has_the_tcp_columns_only_with_a_tcp_run(ns: runtime.NsNamespace) -> None:
    netblt = transfer_parameters(xfsz_kb=14.38)
    tcp = transfer_parameters(protocol="tcp", xfsz_kb=14.38)
    records = [run_transfer(netblt), run_transfer(tcp)]
    alone = records_frame(records[:1], [netblt])
    assert not set(TCP_COLUMNS) & set(alone.columns)
    both = records_frame(records, [netblt, tcp])
    assert set(TCP_COLUMNS) <= set(both.columns)
    assert list(both["protocol"]) == ["netblt", "tcp"]
    assert both["nbufs"].isna().tolist() == [False, True]
    assert str(both["nbufs"].dtype) == "Int64" and str(both["window_bytes"].dtype) == "Int64"
    assert both["window_bytes"].tolist()[1] == 4096 and both["mss"].tolist()[1] == 1460
    rows = both.to_csv(index=False).splitlines()
    nbufs = rows[0].split(",").index("nbufs")
    assert [row.split(",")[nbufs] for row in rows[1:]] == ["1", ""]  # whole, and empty


def _tcp_checksum_ok(datagram_source: str, datagram_destination: str, segment: bytes) -> bool:
    pseudo = struct.pack("!4s4sBBH", bytes(map(int, datagram_source.split("."))),
                         bytes(map(int, datagram_destination.split("."))), 0, 6,
                         len(segment))  # fmt: skip
    return bool(dpkt.in_cksum(pseudo + segment) == 0)


def test_a_tcp_run_writes_captures_with_real_tcp_checksums(
    ns: runtime.NsNamespace, tmp_path: Path
) -> None:
    params = transfer_parameters(network="ethernet-private", protocol="tcp", xfsz_kb=20,
                                 pcap_dir=tmp_path)  # fmt: skip
    assert run_transfer(params).completed
    sender_capture = tmp_path / "tcp-0-0.pcap"
    capture = read_ipv4_datagrams(sender_capture)
    segments = [d for d in capture.datagrams if d.protocol == 6]
    assert segments and capture.bad_header_checksums == 0
    assert all(_tcp_checksum_ok(d.source, d.destination, d.payload) for d in segments)
    data = [dpkt.tcp.TCP(d.payload) for d in segments if d.source == "10.1.1.1"]
    first_sequence = min(s.seq for s in data if s.data)
    sent = {s.seq - first_sequence: len(s.data) for s in data if s.data}
    assert sum(sent.values()) == 20_000  # every byte once, in 1460-byte segments
    assert all(s.dport == 5001 for s in data)
