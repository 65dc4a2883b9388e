# SPDX-License-Identifier: GPL-2.0-only
"""Reads the pcap files ns-3 writes (point-to-point link, Proteon ring) and decodes their NETBLT packets.

Pure Python (struct only). Point-to-point files are DLT_PPP: a 2-byte PPP protocol field
(0x0021 = IPv4), then the IPv4 datagram. Ring files are LINKTYPE_RAW: the IPv4 datagram alone. NETBLT is IP protocol 30. A NETBLT packet larger than the MTU is
fragmented by IP; fragments are reassembled by (source, destination, protocol, IP id) before
decoding. A datagram with a fragment missing from the capture (lost before the receiving
device's pcap tap) cannot be decoded; it is counted in `Ipv4Capture.incomplete_datagrams`.
"""

from __future__ import annotations

import ipaddress
import struct
from dataclasses import dataclass, field, replace
from pathlib import Path

from netblt_sim.wire import NetbltPacket, decode_netblt

NETBLT_IP_PROTOCOL = 30
LINKTYPE_PPP = 9
LINKTYPE_RAW = 101  # bare IP packets: the Proteon ring's captures
PPP_PROTOCOL_IPV4 = 0x0021

# Magic number as read little-endian -> (byte order of the file, fraction of a second per unit).
PCAP_MAGICS: dict[bytes, tuple[str, float]] = {
    b"\xd4\xc3\xb2\xa1": ("<", 1e-6),
    b"\xa1\xb2\xc3\xd4": (">", 1e-6),
    b"\x4d\x3c\xb2\xa1": ("<", 1e-9),
    b"\xa1\xb2\x3c\x4d": (">", 1e-9),
}
PCAP_FILE_HEADER_BYTES = 24
PCAP_RECORD_HEADER_BYTES = 16


class PcapFormatError(ValueError):
    """The file is not a pcap file this reader understands, or is cut short."""


class NetbltDecodeError(ValueError):
    """A NETBLT packet of a capture is not as RFC 998 §8 says (raised in strict mode)."""


@dataclass(frozen=True)
class PcapFrame:
    """One captured link-layer frame."""

    time_s: float
    data: bytes
    original_length: int  # on the wire; more than len(data) if the capture cut it short


@dataclass(frozen=True)
class Ipv4Datagram:
    """A whole (reassembled if need be) IPv4 datagram."""

    time_s: float  # when its last fragment was captured
    source: str
    destination: str
    protocol: int
    identification: int
    payload: bytes
    fragments: int


@dataclass
class Ipv4Capture:
    """The IPv4 datagrams of a capture, in the order they were completed."""

    datagrams: list[Ipv4Datagram]
    incomplete_datagrams: int = 0


def read_pcap_frames(path: Path) -> tuple[int, list[PcapFrame]]:
    """Returns the link type and the frames of a classic (libpcap) capture file."""
    content = Path(path).read_bytes()
    if len(content) < PCAP_FILE_HEADER_BYTES:
        raise PcapFormatError(f"{path}: {len(content)} bytes, shorter than a pcap file header")
    magic = content[:4]
    if magic not in PCAP_MAGICS:
        raise PcapFormatError(
            f"{path}: magic number {magic.hex()} is not that of a pcap file "
            "(pcapng is not supported)"
        )
    byte_order, time_unit_s = PCAP_MAGICS[magic]
    _, _, _, _, _, _, link_type = struct.unpack_from(byte_order + "IHHiIII", content)
    frames: list[PcapFrame] = []
    offset = PCAP_FILE_HEADER_BYTES
    while offset < len(content):
        if offset + PCAP_RECORD_HEADER_BYTES > len(content):
            raise PcapFormatError(f"{path}: record header at byte {offset} is cut short")
        seconds, fraction, captured, original = struct.unpack_from(
            byte_order + "IIII", content, offset
        )
        offset += PCAP_RECORD_HEADER_BYTES
        if offset + captured > len(content):
            raise PcapFormatError(
                f"{path}: frame at byte {offset} says {captured} bytes, "
                f"{len(content) - offset} are left"
            )
        frames.append(
            PcapFrame(
                seconds + fraction * time_unit_s, content[offset : offset + captured], original
            )
        )
        offset += captured
    return link_type & 0xFFFF, frames  # the upper bits of the field may carry FCS flags


@dataclass
class _PartialDatagram:
    fragments: dict[int, bytes] = field(default_factory=dict)  # offset in bytes -> data
    total_length: int | None = None  # known once the last fragment (MF clear) arrived


@dataclass(frozen=True)
class _Ipv4Fragment:
    """One captured IPv4 packet: a whole datagram or a fragment of one."""

    time_s: float
    source: str
    destination: str
    protocol: int
    identification: int
    payload: bytes
    more_fragments: bool
    fragment_offset: int  # bytes

    @property
    def is_whole_datagram(self) -> bool:
        return not self.more_fragments and self.fragment_offset == 0

    def to_datagram(self, payload: bytes, fragments: int) -> Ipv4Datagram:
        return Ipv4Datagram(
            time_s=self.time_s,
            source=self.source,
            destination=self.destination,
            protocol=self.protocol,
            identification=self.identification,
            payload=payload,
            fragments=fragments,
        )


def read_ipv4_datagrams(path: Path) -> Ipv4Capture:
    """The IPv4 datagrams of a DLT_PPP or LINKTYPE_RAW capture, IP fragments reassembled."""
    link_type, frames = read_pcap_frames(path)
    if link_type not in (LINKTYPE_PPP, LINKTYPE_RAW):
        raise PcapFormatError(
            f"{path}: link type {link_type}; only DLT_PPP ({LINKTYPE_PPP}) and LINKTYPE_RAW "
            f"({LINKTYPE_RAW}) are read"
        )
    capture = Ipv4Capture(datagrams=[])
    partial: dict[tuple[str, str, int, int], _PartialDatagram] = {}
    for index, frame in enumerate(frames):
        if frame.original_length != len(frame.data):
            raise PcapFormatError(
                f"{path}: frame {index} was captured with {len(frame.data)} of its "
                f"{frame.original_length} bytes (snap length too small)"
            )
        if link_type == LINKTYPE_RAW:
            if not frame.data or frame.data[0] >> 4 != 4:
                continue  # not IPv4
            packet = frame.data
        else:
            if len(frame.data) < 2:
                raise PcapFormatError(f"{path}: frame {index} has no PPP protocol field")
            (ppp_protocol,) = struct.unpack_from(">H", frame.data)
            if ppp_protocol != PPP_PROTOCOL_IPV4:
                continue
            packet = frame.data[2:]
        fragment = _parse_ipv4(packet, frame.time_s, path, index)
        if fragment.is_whole_datagram:
            capture.datagrams.append(fragment.to_datagram(fragment.payload, fragments=1))
            continue
        key = (fragment.source, fragment.destination, fragment.protocol, fragment.identification)
        pieces = partial.setdefault(key, _PartialDatagram())
        pieces.fragments[fragment.fragment_offset] = fragment.payload
        if not fragment.more_fragments:
            pieces.total_length = fragment.fragment_offset + len(fragment.payload)
        whole = _reassemble(pieces)
        if whole is not None:
            del partial[key]
            capture.datagrams.append(fragment.to_datagram(whole, fragments=len(pieces.fragments)))
    capture.incomplete_datagrams = len(partial)
    return capture


def _parse_ipv4(packet: bytes, time_s: float, path: Path, index: int) -> _Ipv4Fragment:
    if len(packet) < 20 or packet[0] >> 4 != 4:
        raise PcapFormatError(f"{path}: frame {index} does not hold an IPv4 header")
    header_length = (packet[0] & 0x0F) * 4
    total_length, identification, flags_offset, _, protocol = struct.unpack_from(
        ">HHHBB", packet, 2
    )
    if header_length < 20 or total_length < header_length or total_length > len(packet):
        raise PcapFormatError(
            f"{path}: frame {index}: IPv4 header length {header_length}, total length "
            f"{total_length}, {len(packet)} bytes present"
        )
    return _Ipv4Fragment(
        time_s=time_s,
        source=str(ipaddress.IPv4Address(packet[12:16])),
        destination=str(ipaddress.IPv4Address(packet[16:20])),
        protocol=protocol,
        identification=identification,
        # Bytes beyond the total length would be link padding, not part of the datagram.
        payload=packet[header_length:total_length],
        more_fragments=bool(flags_offset & 0x2000),
        fragment_offset=(flags_offset & 0x1FFF) * 8,
    )


def _reassemble(pieces: _PartialDatagram) -> bytes | None:
    """The whole payload if the fragments cover it without a gap, else None."""
    if pieces.total_length is None:
        return None
    whole = bytearray(pieces.total_length)
    covered_to = 0
    for offset in sorted(pieces.fragments):
        if offset > covered_to:
            return None
        data = pieces.fragments[offset]
        whole[offset : offset + len(data)] = data
        covered_to = max(covered_to, offset + len(data))
    return bytes(whole) if covered_to >= pieces.total_length else None


def read_netblt_packets(
    path: Path,
    *,
    verify_data_checksum: bool = False,
    require_zero_data_padding: bool = True,
    strict: bool = True,
) -> list[NetbltPacket]:
    """Every NETBLT packet of a DLT_PPP capture, decoded (RFC 998 §8), in capture order.

    Header checksums are always verified; DATA/LDATA data-area checksums only with
    `verify_data_checksum` (they are 0 unless the C flag was negotiated).
    `require_zero_data_padding=False` tolerates non-zero bytes in the longword padding after
    DATA data (see `wire.decode_netblt`). With `strict`, the
    first packet with a problem raises NetbltDecodeError naming it; otherwise problems are
    left in each packet's `problems`.
    """
    packets: list[NetbltPacket] = []
    for number, datagram in enumerate(
        d for d in read_ipv4_datagrams(path).datagrams if d.protocol == NETBLT_IP_PROTOCOL
    ):
        packet = replace(
            decode_netblt(
                datagram.payload,
                verify_data_checksum=verify_data_checksum,
                require_zero_data_padding=require_zero_data_padding,
            ),
            time_s=datagram.time_s,
            ip_source=datagram.source,
            ip_destination=datagram.destination,
            ip_id=datagram.identification,
            ip_fragments=datagram.fragments,
        )
        if strict and packet.problems:
            raise NetbltDecodeError(
                f"{path}: NETBLT packet {number} ({packet.type_name}, t={packet.time_s:.6f} s, "
                f"{datagram.source} -> {datagram.destination}, IP id {datagram.identification}): "
                + "; ".join(packet.problems)
            )
        packets.append(packet)
    return packets
