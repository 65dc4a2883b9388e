# SPDX-License-Identifier: GPL-2.0-only
"""The pcap files of a simulated transfer decode as RFC 998 §8 says and carry the data."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from conftest import CAPTURED_TRANSFERS, NetworkCapture, PcapRun

from netblt_sim.wire.decoder import (
    ControlFields,
    DataFields,
    GoMessage,
    NetbltPacket,
    OkMessage,
    OpenFields,
    PacketType,
    ResendMessage,
)
from netblt_sim.wire.pcap import LINKTYPE_ETHERNET, read_ipv4_datagrams, read_netblt_packets

SENDER_ADDRESS = "10.1.1.1"
RECEIVER_ADDRESS = "10.1.1.2"
DATA_TYPES = (PacketType.DATA, PacketType.LDATA)


def decode(path: Path) -> list[NetbltPacket]:
    # Strictly: every field as RFC 998 §8 gives it, the DATA padding zeros included.
    return read_netblt_packets(path, verify_data_checksum=True)


@pytest.fixture(scope="module")
def sender_packets(pcap_run: PcapRun) -> list[NetbltPacket]:
    return decode(pcap_run.sender_pcap)


@pytest.fixture(scope="module")
def receiver_packets(pcap_run: PcapRun) -> list[NetbltPacket]:
    return decode(pcap_run.receiver_pcap)


def test_the_captured_transfer_completed_after_losses(pcap_run: PcapRun) -> None:
    assert pcap_run.record.completed and pcap_run.record.intact
    assert pcap_run.record.retransmitted > 0


def test_every_packet_parses_and_every_checksum_verifies(
    sender_packets: list[NetbltPacket], receiver_packets: list[NetbltPacket]
) -> None:
    for packet in sender_packets + receiver_packets:
        assert packet.problems == ()
        assert packet.header_checksum_ok
        if packet.packet_type in DATA_TYPES:
            assert packet.data_checksum_ok is True


def test_every_packet_kind_of_a_transfer_is_seen(
    sender_packets: list[NetbltPacket], receiver_packets: list[NetbltPacket]
) -> None:
    kinds = {p.packet_type for p in sender_packets + receiver_packets}
    expected = {
        PacketType.OPEN,
        PacketType.RESPONSE,
        PacketType.DATA,
        PacketType.LDATA,
        PacketType.CONTROL,
        PacketType.NULL_ACK,
        PacketType.DONE,
    }
    assert expected <= kinds
    messages = {
        type(message)
        for p in sender_packets
        if isinstance(p.body, ControlFields)
        for message in p.body.messages
    }
    assert messages == {GoMessage, OkMessage, ResendMessage}


def test_open_carries_the_parameters_given(
    pcap_run: PcapRun, sender_packets: list[NetbltPacket]
) -> None:
    opens = [p for p in sender_packets if p.packet_type is PacketType.OPEN]
    assert opens and all(p.ip_source == SENDER_ADDRESS for p in opens)
    fields = opens[0].body
    assert isinstance(fields, OpenFields)
    given = pcap_run.parameters
    assert fields.buffer_size == given.bfsz
    assert fields.transfer_size == given.xfsz_bytes
    assert fields.data_packet_size == given.psz
    assert fields.burst_size == given.bs
    assert fields.burst_rate_ms == given.bi_ms
    assert fields.death_timer_s == given.death_timeout_s
    assert fields.max_outstanding_buffers == given.nbufs
    assert fields.checksum_data is given.checksum_data is True
    assert fields.write_mode  # the active end sends: WRITE


def sent_data(packets: list[NetbltPacket]) -> list[NetbltPacket]:
    return [p for p in packets if p.packet_type in DATA_TYPES and p.ip_source == SENDER_ADDRESS]


def test_data_packets_on_the_sender_device_match_the_record(
    pcap_run: PcapRun,
    sender_packets: list[NetbltPacket],
    receiver_packets: list[NetbltPacket],
) -> None:
    assert len(sent_data(sender_packets)) == pcap_run.record.data_packets_sent
    # The receiving device captures only what survived the loss model.
    assert len(sent_data(receiver_packets)) == pcap_run.record.data_packets_received


def data_fields(packet: NetbltPacket) -> DataFields:
    assert isinstance(packet.body, DataFields)
    return packet.body


def test_data_packets_carry_the_whole_transfer(
    pcap_run: PcapRun, sender_packets: list[NetbltPacket], receiver_packets: list[NetbltPacket]
) -> None:
    for packets in (sender_packets, receiver_packets):
        data_by_position: dict[tuple[int, int], bytes] = {}
        for fields in map(data_fields, sent_data(packets)):
            position = (fields.buffer_number, fields.packet_number)
            # A retransmission repeats the first transmission byte for byte.
            assert data_by_position.setdefault(position, fields.data) == fields.data
        assert sum(len(d) for d in data_by_position.values()) == pcap_run.parameters.xfsz_bytes
    transmissions = Counter(
        (fields.buffer_number, fields.packet_number)
        for fields in map(data_fields, sent_data(sender_packets))
    )
    assert sum(n - 1 for n in transmissions.values()) == pcap_run.record.retransmitted


@pytest.mark.parametrize("network", sorted(CAPTURED_TRANSFERS))
def test_every_device_of_every_network_writes_a_capture_with_valid_ipv4_checksums(
    network: str, network_captures: dict[str, NetworkCapture]
) -> None:
    """dpkt reads each link type the project writes; ns-3 computes every IPv4 header checksum
    (the experiment turns ChecksumEnabled on), as real captures have them."""
    capture = network_captures[network]
    written = sorted(path.name for path in capture.directory.glob("*.pcap"))
    assert written == sorted(capture.link_types)
    for path in capture.files():
        ipv4 = read_ipv4_datagrams(path)
        assert ipv4.link_type == capture.link_types[path.name], path.name
        assert ipv4.ipv4_packets >= len(ipv4.datagrams) > 0, path.name
        assert ipv4.bad_header_checksums == 0, path.name
        assert read_netblt_packets(path, strict=False), path.name


def test_an_ethernet_capture_decodes_strictly_and_carries_the_transfer(
    network_captures: dict[str, NetworkCapture],
) -> None:
    capture = network_captures["ethernet"]
    record = capture.record
    assert record.completed and record.intact
    sender_path, receiver_path = capture.files()
    assert read_ipv4_datagrams(sender_path).link_type == LINKTYPE_ETHERNET
    sender = read_netblt_packets(sender_path, verify_data_checksum=False)
    receiver = read_netblt_packets(receiver_path, verify_data_checksum=False)
    kinds = {p.packet_type for p in sender + receiver}
    assert {PacketType.OPEN, PacketType.RESPONSE, PacketType.CONTROL, PacketType.DONE} <= kinds
    assert len(sent_data(sender)) == record.data_packets_sent
    for packets in (sender, receiver):
        data_by_position = {
            (f.buffer_number, f.packet_number): f.data for f in map(data_fields, sent_data(packets))
        }
        assert sum(len(d) for d in data_by_position.values()) == capture.parameters.xfsz_bytes


def test_a_padded_control_transfer_decodes_with_p_and_its_padding_counted(
    network_captures: dict[str, NetworkCapture],
) -> None:
    """Both PC/ATs with ControlPacketSize 1000 (the P extension): OPEN and RESPONSE carry P,
    every CONTROL packet is 1000 bytes of which Length counts the header and messages and the
    rest is zero padding, the decoder reports no problem, and the transfer is intact."""
    capture = network_captures["ethernet, padded control"]
    assert capture.record.completed and capture.record.intact
    packets = [p for path in capture.files() for p in read_netblt_packets(path, strict=True)]
    opens = [p for p in packets if isinstance(p.body, OpenFields)]
    assert {p.packet_type for p in opens} == {PacketType.OPEN, PacketType.RESPONSE}
    assert all(isinstance(p.body, OpenFields) and p.body.padded_control for p in opens)
    controls = [p.body for p in packets if isinstance(p.body, ControlFields)]
    assert len(controls) > 10
    for packet in packets:
        if isinstance(packet.body, ControlFields):
            assert packet.length == 12 + sum(_size(m) for m in packet.body.messages)
            assert packet.length + packet.body.padding_bytes == 1000
    # The plain Ethernet capture of the same transfer pads nothing and sets no P.
    plain = [p for path in network_captures["ethernet"].files()
             for p in read_netblt_packets(path, strict=True)]  # fmt: skip
    assert not any(isinstance(p.body, OpenFields) and p.body.padded_control for p in plain)
    assert all(p.body.padding_bytes == 0 for p in plain if isinstance(p.body, ControlFields))


def _size(message: GoMessage | OkMessage | ResendMessage) -> int:
    if isinstance(message, GoMessage):
        return 8
    if isinstance(message, OkMessage):
        return 16
    return 12 + 2 * len(message.missing_packets) + 2 * (len(message.missing_packets) % 2)
