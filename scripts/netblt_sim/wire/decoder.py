# SPDX-License-Identifier: GPL-2.0-only
"""Decoding of NETBLT packets exactly as RFC 998 §8 lays them out (the IP payload, protocol 30).

Every field of every packet type is decoded, CONTROL messages included. Whatever is not as §8
and `src/netblt/doc/netblt-wire-format.rst` say is recorded in `NetbltPacket.problems` rather
than raised here, so that a caller can choose between stopping at the first problem and
listing them all (`pcap.read_netblt_packets(strict=...)`).

Choices taken from the wire-format notes: Length of DATA/LDATA counts the 24 header bytes and
the data but not the 0-3 zero bytes of longword padding that follow; the header checksum of
DATA/LDATA covers the 24 header bytes only, the data-area checksum the data bytes only; M is
bit 0x0001 and C bit 0x0002 of the 16-bit word at offset 32 of OPEN/RESPONSE; L is bit 0x0001
of the word at offset 22 of DATA/LDATA. The implementation's extensions are decoded too: R, bit
0x0004 of the OPEN/RESPONSE flags (burst spacing reports), and the burst spacing in the last two
bytes of an OK, RFC 998's padding there; P, bit 0x0008 (padded CONTROL packets), and the zero
bytes after a CONTROL packet's Length (`ControlFields.padding_bytes`); X, bit 0x0010 (explicit
rates), the rate a gateway wrote in the common-header padding of DATA/LDATA and of an
OPEN/RESPONSE with X (`NetbltPacket.explicit_rate_kbps`), and the flag in an OK's word padding
that marks its offer as that rate (`OkMessage.explicit_rate`). Unlike the C++ receiver, which
ignores them, non-zero reserved (MBZ) bits and padding are reported as problems.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, replace
from enum import IntEnum

from netblt_sim.wire.checksum import netblt_checksum, with_checksum_field_zeroed

COMMON_HEADER_BYTES = 12
DATA_HEADER_BYTES = 24
OPEN_FIXED_BYTES = 36


class PacketType(IntEnum):
    """NETBLT packet types (RFC 998 §8)."""

    OPEN = 0
    RESPONSE = 1
    KEEPALIVE = 2
    QUIT = 3
    QUITACK = 4
    ABORT = 5
    DATA = 6
    LDATA = 7
    NULL_ACK = 8
    CONTROL = 9
    REFUSED = 10
    DONE = 11

    @property
    def rfc_name(self) -> str:
        """The name as RFC 998 writes it (NULL-ACK with a hyphen)."""
        return self.name.replace("_", "-")


class ControlMessageType(IntEnum):
    """Message types inside a CONTROL packet."""

    GO = 0
    OK = 1
    RESEND = 2


# Smallest Length each type can have (strings take at least one NUL longword).
MINIMUM_LENGTH: dict[PacketType, int] = {
    PacketType.OPEN: OPEN_FIXED_BYTES + 4,
    PacketType.RESPONSE: OPEN_FIXED_BYTES + 4,
    PacketType.KEEPALIVE: 12,
    PacketType.QUIT: 16,
    PacketType.QUITACK: 12,
    PacketType.ABORT: 16,
    PacketType.DATA: DATA_HEADER_BYTES,
    PacketType.LDATA: DATA_HEADER_BYTES,
    PacketType.NULL_ACK: 20,
    PacketType.CONTROL: 12,
    PacketType.REFUSED: 16,
    PacketType.DONE: 12,
}
# Types whose Length is fixed: anything beyond it is not §8.
FIXED_LENGTH: dict[PacketType, int] = {
    PacketType.KEEPALIVE: 12,
    PacketType.QUITACK: 12,
    PacketType.DONE: 12,
    PacketType.NULL_ACK: 20,
}

OPEN_FLAG_WRITE_MODE = 0x0001  # M
OPEN_FLAG_CHECKSUM_DATA = 0x0002  # C
OPEN_FLAG_RATE_REPORTS = 0x0004  # R: burst spacing reports in OK (extension, wire-format note)
OPEN_FLAG_PADDED_CONTROL = 0x0008  # P: padded CONTROL packets (extension, wire-format note)
OPEN_FLAG_EXPLICIT_RATE = 0x0010  # X: explicit rates (extension, wire-format note)
OPEN_FLAGS_RESERVED = 0xFFE0
EXPLICIT_RATE_UNLIMITED = 0xFFFF  # X: DATA's rate as the sender writes it (no gateway lowered it)
OK_EXPLICIT_RATE_OFFER = 0x01  # X: an OK's word padding when its offer carries a gateway's rate
DATA_FLAG_LAST_BUFFER = 0x0001  # L
DATA_FLAGS_RESERVED = 0xFFFE


@dataclass(frozen=True)
class OpenFields:
    """OPEN (type 0) and RESPONSE (type 1) after the common header."""

    connection_uid: int
    buffer_size: int
    transfer_size: int
    data_packet_size: int
    burst_size: int
    burst_rate_ms: int
    death_timer_s: int
    checksum_data: bool  # C
    write_mode: bool  # M: True = WRITE
    max_outstanding_buffers: int
    client_string: bytes
    rate_reports: bool = False  # R (extension): burst spacing reports asked for or offered
    padded_control: bool = False  # P (extension): this end may pad CONTROL packets, accepts them
    explicit_rate: bool = False  # X (extension): DATA carry explicit rates, OKs offer them back


@dataclass(frozen=True)
class ReasonFields:
    """QUIT (3), ABORT (5) and REFUSED (10): the reason string."""

    reason: bytes


@dataclass(frozen=True)
class DataFields:
    """DATA (6) and LDATA (7)."""

    buffer_number: int
    high_consecutive_seq_received: int
    packet_number: int
    data_checksum: int
    last_buffer: bool  # L
    data: bytes  # Length - 24 bytes, without the alignment padding


@dataclass(frozen=True)
class NullAckFields:
    """NULL-ACK (8)."""

    high_consecutive_seq_received: int
    new_burst_size: int
    new_burst_rate_ms: int


@dataclass(frozen=True)
class GoMessage:
    sequence_number: int
    buffer_number: int


@dataclass(frozen=True)
class OkMessage:
    sequence_number: int
    buffer_number: int
    new_burst_size: int
    new_burst_rate_ms: int
    control_timer_ms: int
    # Extension (R negotiated): the buffer's densest burst spacing in 10-us units, in RFC 998's
    # padding; 0 from a plain receiver.
    burst_spacing_10us: int = 0
    # Extension (X negotiated): the offer carries a gateway's explicit rate (the word padding).
    explicit_rate: bool = False


@dataclass(frozen=True)
class ResendMessage:
    sequence_number: int
    buffer_number: int
    missing_packets: tuple[int, ...]


ControlMessage = GoMessage | OkMessage | ResendMessage


@dataclass(frozen=True)
class ControlFields:
    """CONTROL (9): the messages in the order they appear, and the bytes after Length (the P
    extension's padding: zeros not counted in Length nor checksummed)."""

    messages: tuple[ControlMessage, ...]
    padding_bytes: int = 0


PacketBody = OpenFields | ReasonFields | DataFields | NullAckFields | ControlFields


@dataclass(frozen=True)
class NetbltPacket:
    """One decoded NETBLT packet and where it was seen.

    `body` is None for KEEPALIVE, QUITACK and DONE (they have no fields of their own) and when
    the packet is too damaged to read. `data_checksum_ok` is None unless the data-area checksum
    of a DATA/LDATA packet was asked to be verified. `problems` lists every departure from §8
    found, the checksums included; an empty tuple means the packet is as §8 says.
    """

    checksum: int
    version: int
    type_number: int
    length: int
    local_port: int
    foreign_port: int
    body: PacketBody | None
    header_checksum_ok: bool
    data_checksum_ok: bool | None
    problems: tuple[str, ...]
    # DATA/LDATA, OPEN/RESPONSE with X: the common header's padding, a gateway's rate (kbit/s),
    # EXPLICIT_RATE_UNLIMITED as the end wrote it, 0 without X; 0 for the other types.
    explicit_rate_kbps: int = 0
    # Where the packet was captured (filled in by the pcap reader).
    time_s: float = 0.0
    ip_source: str = ""
    ip_destination: str = ""
    ip_id: int = 0
    ip_fragments: int = 1

    @property
    def packet_type(self) -> PacketType | None:
        """The type, or None if the type number is not one of §8's."""
        try:
            return PacketType(self.type_number)
        except ValueError:
            return None

    @property
    def type_name(self) -> str:
        packet_type = self.packet_type
        return packet_type.rfc_name if packet_type is not None else f"UNKNOWN({self.type_number})"

    @property
    def is_well_formed(self) -> bool:
        return not self.problems


class _Problems:
    """Collects the problems of one packet in the order they are found."""

    def __init__(self) -> None:
        self.found: list[str] = []

    def add(self, problem: str) -> None:
        self.found.append(problem)

    def nonzero(self, value: int, what: str) -> None:
        if value:
            self.add(f"{what} is {value:#x}, must be zero")


def decode_netblt(
    payload: bytes, *, verify_data_checksum: bool = False, require_zero_data_padding: bool = True
) -> NetbltPacket:
    """Decodes one NETBLT packet: `payload` is the whole IP payload (protocol 30).

    `require_zero_data_padding=False` accepts any value in the 0-3 longword padding bytes after
    DATA/LDATA data (their number is still checked): §8 defines no such field, and no checksum
    covers it; the project's wire-format notes promise zeros.
    """
    problems = _Problems()
    if len(payload) < COMMON_HEADER_BYTES:
        problems.add(f"{len(payload)} bytes: shorter than the 12-byte common header")
        return NetbltPacket(0, 0, -1, 0, 0, 0, None, False, None, tuple(problems.found))
    checksum, version, type_number, length, local_port, foreign_port, padding = struct.unpack_from(
        ">HBBHHHH", payload
    )
    try:
        packet_type: PacketType | None = PacketType(type_number)
    except ValueError:
        packet_type = None
        problems.add(f"type {type_number} is not a NETBLT packet type (0-11)")

    is_data = packet_type in (PacketType.DATA, PacketType.LDATA)
    header_checksum_ok = False
    data_checksum_ok: bool | None = None
    body: PacketBody | None = None
    if packet_type is not None:
        _check_length(payload, packet_type, length, require_zero_data_padding, problems)
        if length <= len(payload) and length >= MINIMUM_LENGTH[packet_type]:
            covered = payload[:DATA_HEADER_BYTES] if is_data else payload[:length]
            header_checksum_ok = netblt_checksum(with_checksum_field_zeroed(covered)) == checksum
            if not header_checksum_ok:
                what = "header checksum" if is_data else "checksum"
                problems.add(
                    f"{what} {checksum:#06x} does not match the computed "
                    f"{netblt_checksum(with_checksum_field_zeroed(covered)):#06x}"
                )
            body = _decode_body(payload[:length], packet_type, problems)
            if isinstance(body, ControlFields):
                body = replace(body, padding_bytes=len(payload) - length)
            if is_data and verify_data_checksum and isinstance(body, DataFields):
                computed = netblt_checksum(body.data)
                data_checksum_ok = computed == body.data_checksum
                if not data_checksum_ok:
                    problems.add(
                        f"data-area checksum {body.data_checksum:#06x} does not match the "
                        f"computed {computed:#06x}"
                    )
    # DATA/LDATA, and an OPEN/RESPONSE with X, carry the explicit rate there; others, zeros.
    carries_rate = is_data or (isinstance(body, OpenFields) and body.explicit_rate)
    if not carries_rate:
        problems.nonzero(padding, "longword alignment padding of the common header")
    return NetbltPacket(
        checksum=checksum,
        version=version,
        type_number=type_number,
        length=length,
        local_port=local_port,
        foreign_port=foreign_port,
        body=body,
        header_checksum_ok=header_checksum_ok,
        data_checksum_ok=data_checksum_ok,
        explicit_rate_kbps=padding if carries_rate else 0,
        problems=tuple(problems.found),
    )


def _check_length(
    payload: bytes,
    packet_type: PacketType,
    length: int,
    require_zero_data_padding: bool,
    problems: _Problems,
) -> None:
    name = packet_type.rfc_name
    minimum = MINIMUM_LENGTH[packet_type]
    if length < minimum:
        problems.add(f"Length {length} is below the {minimum} bytes a {name} packet needs")
        return
    if length > len(payload):
        problems.add(f"Length {length} is more than the {len(payload)} bytes present (truncated)")
        return
    if packet_type in FIXED_LENGTH and length != FIXED_LENGTH[packet_type]:
        problems.add(
            f"Length {length}: a {name} packet is exactly {FIXED_LENGTH[packet_type]} bytes"
        )
    if packet_type in (PacketType.DATA, PacketType.LDATA):
        # The data need not fill a longword; the sender pads the datagram with 0-3 zero bytes
        # that Length does not count.
        padding = payload[length:]
        expected_padding = -length % 4
        if len(padding) != expected_padding:
            problems.add(
                f"{len(padding)} bytes follow Length {length}: the longword padding is "
                f"{expected_padding} bytes"
            )
        elif require_zero_data_padding and any(padding):
            problems.add(f"longword padding after the data is {padding.hex()}, must be zero")
    else:
        if length % 4:
            problems.add(
                f"Length {length} is not a multiple of 4 (§8: packets are longword aligned)"
            )
        if packet_type is PacketType.CONTROL:
            # Padding up to the negotiated control packet size (extension P): zeros.
            if any(payload[length:]):
                problems.add(
                    f"padding after Length {length} ({len(payload) - length} bytes) is not "
                    "all zero, must be zero"
                )
        elif len(payload) != length:
            problems.add(f"{len(payload) - length} bytes follow Length {length} in the datagram")


def _decode_body(packet: bytes, packet_type: PacketType, problems: _Problems) -> PacketBody | None:
    """Decodes what follows the common header; `packet` is cut at Length."""
    match packet_type:
        case PacketType.OPEN | PacketType.RESPONSE:
            return _decode_open(packet, problems)
        case PacketType.QUIT | PacketType.ABORT | PacketType.REFUSED:
            return ReasonFields(_decode_string(packet[COMMON_HEADER_BYTES:], "reason", problems))
        case PacketType.DATA | PacketType.LDATA:
            return _decode_data(packet, problems)
        case PacketType.NULL_ACK:
            high_seq, burst_size, burst_rate, padding = struct.unpack_from(">HHHH", packet, 12)
            problems.nonzero(padding, "NULL-ACK longword alignment padding")
            return NullAckFields(high_seq, burst_size, burst_rate)
        case PacketType.CONTROL:
            return ControlFields(_decode_control_messages(packet, problems))
        case PacketType.KEEPALIVE | PacketType.QUITACK | PacketType.DONE:
            return None  # the common header is the whole packet


def _decode_open(packet: bytes, problems: _Problems) -> OpenFields:
    (
        uid,
        buffer_size,
        transfer_size,
        packet_size,
        burst_size,
        burst_rate,
        death_timer,
        flags,
        max_buffers,
    ) = struct.unpack_from(">IIIHHHHHH", packet, 12)
    problems.nonzero(flags & OPEN_FLAGS_RESERVED, "reserved (MBZ) bits of the P/R/C/M word")
    return OpenFields(
        connection_uid=uid,
        buffer_size=buffer_size,
        transfer_size=transfer_size,
        data_packet_size=packet_size,
        burst_size=burst_size,
        burst_rate_ms=burst_rate,
        death_timer_s=death_timer,
        checksum_data=bool(flags & OPEN_FLAG_CHECKSUM_DATA),
        write_mode=bool(flags & OPEN_FLAG_WRITE_MODE),
        max_outstanding_buffers=max_buffers,
        client_string=_decode_string(packet[OPEN_FIXED_BYTES:], "client string", problems),
        rate_reports=bool(flags & OPEN_FLAG_RATE_REPORTS),
        padded_control=bool(flags & OPEN_FLAG_PADDED_CONTROL),
        explicit_rate=bool(flags & OPEN_FLAG_EXPLICIT_RATE),
    )


def _decode_string(field: bytes, what: str, problems: _Problems) -> bytes:
    """A §8 string field: the bytes up to the first NUL; the rest must be NULs."""
    end = field.find(b"\x00")
    if end < 0:
        problems.add(f"{what} field of {len(field)} bytes has no terminating NUL")
        return field
    if any(field[end:]):
        problems.add(f"{what} padding after the terminating NUL is not all NUL bytes")
    return field[:end]


def _decode_data(packet: bytes, problems: _Problems) -> DataFields:
    buffer_number, high_seq, packet_number, data_checksum, flags = struct.unpack_from(
        ">IHHHH", packet, 12
    )
    problems.nonzero(flags & DATA_FLAGS_RESERVED, "reserved (MBZ) bits of the L word")
    return DataFields(
        buffer_number=buffer_number,
        high_consecutive_seq_received=high_seq,
        packet_number=packet_number,
        data_checksum=data_checksum,
        last_buffer=bool(flags & DATA_FLAG_LAST_BUFFER),
        data=packet[DATA_HEADER_BYTES:],
    )


def _decode_control_messages(packet: bytes, problems: _Problems) -> tuple[ControlMessage, ...]:
    """The messages after the common header, back to back, each longword aligned."""
    messages: list[ControlMessage] = []
    offset = COMMON_HEADER_BYTES
    while offset < len(packet):
        left = len(packet) - offset
        if left < 8:
            problems.add(f"{left} bytes at offset {offset} are not a whole CONTROL message")
            break
        type_number, word_padding, sequence, buffer_number = struct.unpack_from(
            ">BBHI", packet, offset
        )
        is_ok = type_number == ControlMessageType.OK
        problems.nonzero(word_padding & ~(OK_EXPLICIT_RATE_OFFER if is_ok else 0),
                         f"word padding of the message at offset {offset}")  # fmt: skip
        if type_number == ControlMessageType.GO:
            messages.append(GoMessage(sequence, buffer_number))
            offset += 8
        elif type_number == ControlMessageType.OK:
            if left < 16:
                problems.add(f"OK message at offset {offset} needs 16 bytes, {left} left")
                break
            burst_size, burst_rate, control_timer, spacing = struct.unpack_from(
                ">HHHH", packet, offset + 8
            )
            messages.append(
                OkMessage(sequence, buffer_number, burst_size, burst_rate, control_timer, spacing,
                          bool(word_padding & OK_EXPLICIT_RATE_OFFER))  # fmt: skip
            )
            offset += 16
        elif type_number == ControlMessageType.RESEND:
            if left < 12:
                problems.add(
                    f"RESEND message at offset {offset} needs at least 12 bytes, {left} left"
                )
                break
            count, padding = struct.unpack_from(">HH", packet, offset + 8)
            problems.nonzero(padding, f"padding of the RESEND message at offset {offset}")
            size = 12 + 2 * count + (2 if count % 2 else 0)
            if size > left:
                problems.add(
                    f"RESEND message at offset {offset} lists {count} packets ({size} bytes), "
                    f"{left} bytes left"
                )
                break
            missing = struct.unpack_from(f">{count}H", packet, offset + 12)
            if count % 2:
                problems.nonzero(
                    int.from_bytes(packet[offset + 12 + 2 * count : offset + size], "big"),
                    f"padding after the packet numbers of the RESEND at offset {offset}",
                )
            messages.append(ResendMessage(sequence, buffer_number, tuple(missing)))
            offset += size
        else:
            # Messages carry no length, so nothing after an unknown one can be read.
            problems.add(f"message type {type_number} at offset {offset} is not GO, OK or RESEND")
            break
    return tuple(messages)
