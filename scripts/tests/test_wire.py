# SPDX-License-Identifier: GPL-2.0-only
"""The RFC 998 checksum and decoder on hand-made packets (no simulation needed)."""

from __future__ import annotations

import struct
from collections.abc import Callable
from pathlib import Path

import netblt_bytes as make
import pytest

from netblt_sim.wire.checksum import netblt_checksum, ones_complement_sum
from netblt_sim.wire.decoder import (
    ControlFields,
    DataFields,
    GoMessage,
    OkMessage,
    OpenFields,
    PacketType,
    ResendMessage,
    decode_netblt,
)
from netblt_sim.wire.pcap import (
    NetbltDecodeError,
    PcapFormatError,
    read_ipv4_datagrams,
    read_netblt_packets,
)


def test_checksum_matches_the_hand_computed_vectors_of_the_wire_format_notes() -> None:
    keepalive = bytes.fromhex("0000 0102 000c fff0 8001 0000".replace(" ", ""))
    assert netblt_checksum(keepalive) == 0x7EFF
    assert netblt_checksum(b"hello") == 0xBC2D  # odd length: last byte is a high byte


def test_a_correct_packet_sums_to_all_ones() -> None:
    assert ones_complement_sum(make.keepalive()) == 0xFFFF


def test_keepalive_decodes_with_every_common_field() -> None:
    packet = decode_netblt(make.keepalive())
    assert packet.packet_type is PacketType.KEEPALIVE
    assert (packet.version, packet.length, packet.local_port, packet.foreign_port) == (
        1,
        12,
        2000,
        49153,
    )
    assert packet.header_checksum_ok and packet.problems == ()
    assert packet.body is None


def test_control_messages_decode_in_order() -> None:
    packet = decode_netblt(
        make.control(make.go_message(1, 5) + make.resend_message(2, 5, [3, 4, 9]))
    )
    assert packet.is_well_formed, packet.problems
    assert isinstance(packet.body, ControlFields)
    assert packet.body.messages == (GoMessage(1, 5), ResendMessage(2, 5, (3, 4, 9)))


def test_a_padded_control_packet_counts_its_zero_padding_and_flags_other_bytes() -> None:
    """The P extension: zero bytes after a CONTROL packet's Length are padding (counted, not
    checksummed); a non-zero byte there is reported as padding must be; P is its own bit."""
    control = make.control(make.go_message(1, 5))
    padded = decode_netblt(control + bytes(1000 - len(control)))
    assert padded.is_well_formed, padded.problems
    assert isinstance(padded.body, ControlFields)
    assert padded.body.messages == (GoMessage(1, 5),) and padded.body.padding_bytes == 980
    assert padded.length == 20
    assert decode_netblt(control).body == ControlFields((GoMessage(1, 5),), 0)
    dirty = decode_netblt(control + bytes(10) + b"\x01" + bytes(9))
    assert dirty.problems == ("padding after Length 20 (20 bytes) is not all zero, must be zero",)
    # Only CONTROL packets are padded: bytes after a KEEPALIVE are still a Length problem.
    assert decode_netblt(make.keepalive() + bytes(4)).problems == (
        "4 bytes follow Length 12 in the datagram",)  # fmt: skip
    open_p = make.open_packet(0)
    flags = struct.unpack_from(">H", open_p, 32)[0] | 0x0008
    open_p = make.with_checksum(open_p[:32] + struct.pack(">H", flags) + open_p[34:])
    opened = decode_netblt(open_p)
    assert opened.is_well_formed, opened.problems
    assert isinstance(opened.body, OpenFields)
    assert opened.body.padded_control and not opened.body.rate_reports
    reserved = make.with_checksum(open_p[:32] + struct.pack(">H", flags | 0x0020) + open_p[34:])
    assert decode_netblt(reserved).problems == (
        "reserved (MBZ) bits of the P/R/C/M word is 0x20, must be zero",)  # fmt: skip


def test_the_explicit_rate_extension_reads_its_flag_its_rate_and_its_offer() -> None:
    """The X extension: bit 0x0010 of OPEN/RESPONSE, the rate in the common header's padding of
    a DATA packet and of an OPEN/RESPONSE with X (covered by the header checksum), an OK's word
    padding 0x01; anywhere else the padding must still be zero."""
    open_x = make.open_packet(1)
    flags = struct.unpack_from(">H", open_x, 32)[0] | 0x0010
    opened = decode_netblt(make.with_checksum(open_x[:32] + struct.pack(">H", flags) + open_x[34:]))
    assert opened.is_well_formed, opened.problems
    assert isinstance(opened.body, OpenFields) and opened.body.explicit_rate
    plain = decode_netblt(make.open_packet(1))
    assert isinstance(plain.body, OpenFields) and not plain.body.explicit_rate
    # A RESPONSE with X carries the rate a gateway wrote on its way back in the same padding;
    # without X that padding must still be zero.
    x_bytes = open_x[:32] + struct.pack(">H", flags) + open_x[34:]
    lowered = make.with_checksum(x_bytes[:10] + struct.pack(">H", 450) + x_bytes[12:])
    answered = decode_netblt(lowered)
    assert answered.is_well_formed, answered.problems
    assert answered.explicit_rate_kbps == 450
    plain_bytes = make.open_packet(1)
    dirty = make.with_checksum(plain_bytes[:10] + struct.pack(">H", 450) + plain_bytes[12:])
    assert decode_netblt(dirty).problems == (
        "longword alignment padding of the common header is 0x1c2, must be zero",)  # fmt: skip
    data = make.data_packet(b"hello")
    stamped = make.with_checksum(data[:10] + struct.pack(">H", 873) + data[12:24], covered=24)
    packet = decode_netblt(stamped + data[24:], verify_data_checksum=True)
    assert packet.is_well_formed, packet.problems
    assert packet.explicit_rate_kbps == 873 and packet.data_checksum_ok is True
    assert decode_netblt(data).explicit_rate_kbps == 0
    ok = bytearray(make.ok_message(4, 9, 2, 25, 600))
    ok[1] = 0x01
    control = decode_netblt(make.control(bytes(ok)))
    assert control.is_well_formed, control.problems
    assert isinstance(control.body, ControlFields)
    assert control.body.messages == (OkMessage(4, 9, 2, 25, 600, 0, True),)
    ok[1] = 0x03
    assert decode_netblt(make.control(bytes(ok))).problems == (
        "word padding of the message at offset 12 is 0x2, must be zero",)  # fmt: skip
    keepalive = bytearray(make.keepalive())
    keepalive[11] = 0x01
    assert decode_netblt(make.with_checksum(bytes(keepalive))).problems == (
        "longword alignment padding of the common header is 0x1, must be zero",)  # fmt: skip


def test_data_packet_decodes_and_its_data_checksum_verifies() -> None:
    packet = decode_netblt(make.data_packet(b"hello", 3, 7, last=True), verify_data_checksum=True)
    assert packet.is_well_formed, packet.problems
    assert isinstance(packet.body, DataFields)
    assert (packet.body.buffer_number, packet.body.packet_number, packet.body.last_buffer) == (
        3,
        7,
        True,
    )
    assert packet.body.data == b"hello" and packet.length == 29
    assert packet.data_checksum_ok is True


@pytest.mark.parametrize(
    ("damage", "problem"),
    [
        (lambda p: p[:2] + bytes([p[2] ^ 1]) + p[3:], "checksum"),  # version byte changed
        (lambda p: p[:3] + b"\x0c" + p[4:], "type 12"),
        (lambda p: p[:4] + struct.pack(">H", 16) + p[6:], "Length 16"),
        (lambda p: p[:10] + b"\x00\x01" + p[12:], "padding of the common header"),
        (lambda p: p[:6], "shorter than the 12-byte"),
    ],
)
def test_damaged_packets_are_flagged(damage: Callable[[bytes], bytes], problem: str) -> None:
    packet = decode_netblt(damage(make.keepalive()))
    assert any(problem in text for text in packet.problems), packet.problems


def test_unknown_control_message_and_bad_data_checksum_are_flagged() -> None:
    unknown = decode_netblt(make.control(make.go_message(1, 1) + struct.pack(">BBHI", 7, 0, 2, 1)))
    assert any("message type 7" in p for p in unknown.problems)
    assert isinstance(unknown.body, ControlFields) and len(unknown.body.messages) == 1
    good = make.data_packet(b"abcd")
    damaged_data = good[:24] + b"abce"  # header checksum still right, data checksum not
    packet = decode_netblt(damaged_data, verify_data_checksum=True)
    assert packet.header_checksum_ok and packet.data_checksum_ok is False
    assert any("data-area checksum" in p for p in packet.problems)


def test_fragmented_datagram_is_reassembled_before_decoding(tmp_path: Path) -> None:
    data = bytes(range(256)) * 12  # 3072 bytes: three fragments at a 1500-byte MTU
    fragments = make.ipv4_fragments(make.data_packet(data, 1, 0), mtu=1500)
    assert len(fragments) == 3
    path = tmp_path / "fragments.pcap"
    make.write_ppp_pcap(
        path,
        [
            make.ipv4_fragments(make.keepalive(), 1500, identification=1)[0],
            fragments[2],
            fragments[0],
            fragments[1],
        ],
    )  # out of order
    (keepalive, packet) = read_netblt_packets(path, verify_data_checksum=True)
    assert keepalive.packet_type is PacketType.KEEPALIVE
    assert packet.ip_fragments == 3 and packet.data_checksum_ok
    assert isinstance(packet.body, DataFields) and packet.body.data == data


def test_datagram_missing_a_fragment_is_counted_not_decoded(tmp_path: Path) -> None:
    fragments = make.ipv4_fragments(make.data_packet(bytes(3000)), mtu=1500)
    path = tmp_path / "incomplete.pcap"
    make.write_ppp_pcap(path, [fragments[0], fragments[2]])
    capture = read_ipv4_datagrams(path)
    assert capture.datagrams == [] and capture.incomplete_datagrams == 1


def test_strict_reading_names_the_bad_packet(tmp_path: Path) -> None:
    bad = make.keepalive()[:1] + b"\x00" + make.keepalive()[2:]  # checksum byte changed
    path = tmp_path / "bad.pcap"
    make.write_ppp_pcap(path, make.ipv4_fragments(bad, 1500))
    with pytest.raises(NetbltDecodeError, match="KEEPALIVE.*checksum"):
        read_netblt_packets(path)
    (flagged,) = read_netblt_packets(path, strict=False)
    assert not flagged.header_checksum_ok


def test_ethernet_and_raw_ip_captures_read_alike(tmp_path: Path) -> None:
    """DLT_EN10MB: Ethernet II frames padded to 60 bytes (the padding is not part of the
    datagram), ARP skipped; LINKTYPE_RAW: bare datagrams. Header checksums are verified."""
    packets = [make.with_ipv4_checksum(p) for p in make.ipv4_fragments(make.keepalive(), 1500)]
    packets += make.ipv4_fragments(make.control(make.go_message(1, 5)), 1500, identification=8)
    ethernet = tmp_path / "ethernet.pcap"
    arp = make.ethernet_frame(bytes(28), ethertype=0x0806)
    make.write_pcap(ethernet, 1, [arp] + [make.ethernet_frame(p) for p in packets])
    raw = tmp_path / "raw.pcap"
    make.write_pcap(raw, 101, packets)
    for path in (ethernet, raw):
        capture = read_ipv4_datagrams(path)
        assert (capture.ipv4_packets, capture.bad_header_checksums) == (2, 1)  # the CONTROL's is 0
        keepalive, control = read_netblt_packets(path)
        assert keepalive.packet_type is PacketType.KEEPALIVE and keepalive.length == 12
        assert isinstance(control.body, ControlFields)
        assert control.body.messages == (GoMessage(1, 5),)


def test_files_that_cannot_be_read_are_refused_by_name(tmp_path: Path) -> None:
    pcapng = tmp_path / "capture.pcapng"
    pcapng.write_bytes(bytes.fromhex("0a0d0d0a") + bytes(40))
    with pytest.raises(PcapFormatError, match="capture.pcapng: not a pcap file"):
        read_ipv4_datagrams(pcapng)
    cut = tmp_path / "cut.pcap"
    make.write_ppp_pcap(cut, [make.ipv4_fragments(make.keepalive(), 1500)[0][:-4]])
    with pytest.raises(PcapFormatError, match="total length 32, 28 bytes present"):
        read_ipv4_datagrams(cut)
    other = tmp_path / "other.pcap"
    make.write_pcap(other, 105, [])  # 802.11
    with pytest.raises(PcapFormatError, match="link type 105; only DLT_EN10MB"):
        read_ipv4_datagrams(other)
