# SPDX-License-Identifier: GPL-2.0-only
"""Builds NETBLT packets, IPv4 fragments and pcap files byte by byte, for decoder tests.

Independent of the decoder on purpose (struct layouts written out again from RFC 998 §8), so
that a shared mistake does not cancel out.
"""

from __future__ import annotations

import struct
from pathlib import Path

from netblt_sim.wire.checksum import netblt_checksum


def with_checksum(packet: bytes, covered: int | None = None) -> bytes:
    """`packet` with its checksum field set over its first `covered` bytes (all by default)."""
    zeroed = b"\x00\x00" + packet[2:]
    value = netblt_checksum(zeroed[: covered if covered is not None else len(zeroed)])
    return struct.pack(">H", value) + packet[2:]


def common_header(
    type_number: int, length: int, local_port: int = 2000, foreign_port: int = 49153
) -> bytes:
    return struct.pack(">HBBHHHH", 0, 1, type_number, length, local_port, foreign_port, 0)


def keepalive() -> bytes:
    return with_checksum(common_header(2, 12))


def control(messages: bytes) -> bytes:
    return with_checksum(common_header(9, 12 + len(messages)) + messages)


def go_message(sequence: int, buffer_number: int) -> bytes:
    return struct.pack(">BBHI", 0, 0, sequence, buffer_number)


def resend_message(sequence: int, buffer_number: int, missing: list[int]) -> bytes:
    body = struct.pack(">BBHIHH", 2, 0, sequence, buffer_number, len(missing), 0)
    body += struct.pack(f">{len(missing)}H", *missing)
    return body + (b"\x00\x00" if len(missing) % 2 else b"")


def simple(type_number: int) -> bytes:
    """KEEPALIVE (2), QUITACK (4) or DONE (11): the common header alone."""
    return with_checksum(common_header(type_number, 12))


def string_field(text: bytes) -> bytes:
    """A §8 string: the bytes, a NUL, NULs up to a multiple of 4."""
    return text + b"\x00" * (4 - len(text) % 4)


def open_packet(
    type_number: int = 0, client: bytes = b"", checksum_data: bool = True, write: bool = True
) -> bytes:
    """OPEN (0) or RESPONSE (1): uid 0x01020304, buffer 14380, transfer 143800, packet 1438,
    burst 5 packets every 30 ms, death timer 30 s, 2 buffers outstanding."""
    flags = (2 if checksum_data else 0) | (1 if write else 0)
    body = struct.pack(">IIIHHHHHH", 0x01020304, 14380, 143800, 1438, 5, 30, 30, flags, 2)
    body += string_field(client)
    return with_checksum(common_header(type_number, 12 + len(body)) + body)


def reason_packet(type_number: int, reason: bytes) -> bytes:
    """QUIT (3), ABORT (5) or REFUSED (10) with its reason."""
    body = string_field(reason)
    return with_checksum(common_header(type_number, 12 + len(body)) + body)


def null_ack(high_sequence: int, burst_size: int, burst_interval_ms: int) -> bytes:
    body = struct.pack(">HHHH", high_sequence, burst_size, burst_interval_ms, 0)
    return with_checksum(common_header(8, 20) + body)


def ok_message(
    sequence: int, buffer_number: int, burst_size: int, burst_interval_ms: int, timer_ms: int
) -> bytes:
    return struct.pack(
        ">BBHIHHHH", 1, 0, sequence, buffer_number, burst_size, burst_interval_ms, timer_ms, 0
    )


def data_packet(
    data: bytes,
    buffer_number: int = 1,
    packet_number: int = 0,
    last: bool = False,
    type_number: int = 6,
) -> bytes:
    """A DATA (or LDATA, type 7) packet with its data checksum, plus the zero longword padding
    after the data."""
    length = 24 + len(data)
    header = common_header(type_number, length) + struct.pack(
        ">IHHHH", buffer_number, 0, packet_number, netblt_checksum(data), 1 if last else 0
    )
    header = with_checksum(header, covered=24)
    return header + data + b"\x00" * (-length % 4)


def ipv4_fragments(payload: bytes, mtu: int, identification: int = 7) -> list[bytes]:
    """`payload` as IPv4 (protocol 30, 10.1.1.1 -> 10.1.1.2) packets of at most `mtu` bytes."""
    chunk = (mtu - 20) // 8 * 8
    packets = []
    for offset in range(0, len(payload), chunk):
        piece = payload[offset : offset + chunk]
        more = offset + chunk < len(payload)
        flags_offset = (0x2000 if more else 0) | offset // 8
        header = struct.pack(
            ">BBHHHBBH4s4s",
            0x45,
            0,
            20 + len(piece),
            identification,
            flags_offset,
            64,
            30,
            0,
            bytes([10, 1, 1, 1]),
            bytes([10, 1, 1, 2]),
        )
        packets.append(header + piece)
    return packets


def ipv4_header_checksum(header: bytes) -> int:
    """RFC 791's header checksum of `header`, its checksum field (bytes 10-11) taken as zero."""
    return netblt_checksum(header[:10] + b"\x00\x00" + header[12:])


def with_ipv4_checksum(packet: bytes) -> bytes:
    """`packet` (an IPv4 packet without options) with its header checksum filled in."""
    return packet[:10] + struct.pack(">H", ipv4_header_checksum(packet[:20])) + packet[12:]


def ethernet_frame(payload: bytes, ethertype: int = 0x0800) -> bytes:
    """An Ethernet II frame (no FCS) padded to the 60-byte minimum, as ns-3 captures it."""
    frame = bytes.fromhex("000000000002 000000000001") + struct.pack(">H", ethertype) + payload
    return frame + bytes(max(0, 60 - len(frame)))


def write_pcap(path: Path, link_type: int, frames: list[bytes]) -> None:
    content = struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, link_type)
    for index, frame in enumerate(frames):
        content += struct.pack("<IIII", 0, index, len(frame), len(frame)) + frame
    path.write_bytes(content)


def write_ppp_pcap(path: Path, ip_packets: list[bytes]) -> None:
    write_pcap(path, 9, [b"\x00\x21" + packet for packet in ip_packets])
