# SPDX-License-Identifier: GPL-2.0-only
"""Reads the pcap files ns-3 writes and decodes their NETBLT packets.

The pcap records and the link and IPv4 headers are read by dpkt (pinned in requirements.txt);
this module adds IPv4 reassembly and hands each NETBLT datagram (IP protocol 30) to the
project's own RFC 998 decoder, `wire.decode_netblt`. Link types: DLT_EN10MB (the Ethernet
networks, Subnet 26 of the Wideband path: Ethernet II frames), DLT_PPP (point-to-point, the
Wideband path's T1: ns-3 writes the 2-byte PPP protocol field, 0x0021 for IPv4, without
address and control bytes) and LINKTYPE_RAW (the Proteon ring, the Wideband stations: the IPv4
datagram alone). A NETBLT packet larger than the MTU is fragmented by IP; fragments are
reassembled by (source, destination, protocol, IP id) before decoding. A datagram with a
fragment missing from the capture (lost before the receiving device's pcap tap) cannot be
decoded; it is counted in `Ipv4Capture.incomplete_datagrams`. IPv4 header checksums are
verified (ns-3 computes them: the experiments turn on its ChecksumEnabled); a bad one is
counted in `Ipv4Capture.bad_header_checksums`, not refused.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, field, replace
from pathlib import Path

import dpkt
import dpkt.ethernet
import dpkt.ip
import dpkt.pcap
import dpkt.pppoe

from netblt_sim.wire.decoder import NetbltPacket, decode_netblt

NETBLT_IP_PROTOCOL = 30
LINKTYPE_ETHERNET = 1  # DLT_EN10MB
LINKTYPE_PPP = 9  # DLT_PPP
LINKTYPE_RAW = 101  # bare IPv4 datagrams: the Proteon ring's and the Wideband stations' captures
LINK_TYPES = {
    LINKTYPE_ETHERNET: "DLT_EN10MB",
    LINKTYPE_PPP: "DLT_PPP",
    LINKTYPE_RAW: "LINKTYPE_RAW",
}
PPP_PROTOCOL_IPV4 = 0x0021
ETHERTYPE_IPV4 = 0x0800


class PcapFormatError(ValueError):
    """The file is not a pcap file this reader understands, or is cut short."""


class NetbltDecodeError(ValueError):
    """A NETBLT packet of a capture is not as RFC 998 §8 says (raised in strict mode)."""


@dataclass(frozen=True)
class PcapFrame:
    """One captured link-layer frame."""

    time_s: float
    data: bytes


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
    link_type: int = 0
    ipv4_packets: int = 0  # IPv4 packets captured (fragments counted one by one)
    bad_header_checksums: int = 0  # of those, how many had a wrong IPv4 header checksum


def read_pcap_frames(path: Path) -> tuple[int, list[PcapFrame]]:
    """Returns the link type and the frames of a classic (libpcap) capture file."""
    with Path(path).open("rb") as file:
        try:
            reader = dpkt.pcap.Reader(file)
        except (ValueError, dpkt.Error) as error:
            raise PcapFormatError(
                f"{path}: not a pcap file this reader understands (pcapng is not supported): "
                f"{error}"
            ) from error
        link_type = int(reader.datalink())
        try:
            frames = [PcapFrame(float(time_s), bytes(data)) for time_s, data in reader]
        except dpkt.Error as error:
            raise PcapFormatError(f"{path}: a record is cut short: {error!r}") from error
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
    header_checksum_ok: bool

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
    """The IPv4 datagrams of a DLT_EN10MB, DLT_PPP or LINKTYPE_RAW capture, IP fragments
    reassembled. Frames that carry something other than IPv4 (ARP, ...) are skipped."""
    link_type, frames = read_pcap_frames(path)
    if link_type not in LINK_TYPES:
        known = ", ".join(f"{name} ({number})" for number, name in LINK_TYPES.items())
        raise PcapFormatError(f"{path}: link type {link_type}; only {known} are read")
    capture = Ipv4Capture(datagrams=[], link_type=link_type)
    partial: dict[tuple[str, str, int, int], _PartialDatagram] = {}
    for index, frame in enumerate(frames):
        packet = _ipv4_packet(link_type, frame.data, path, index)
        if packet is None:
            continue
        fragment = _parse_ipv4(packet, frame.time_s, path, index)
        capture.ipv4_packets += 1
        capture.bad_header_checksums += not fragment.header_checksum_ok
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


def _ipv4_packet(link_type: int, frame: bytes, path: Path, index: int) -> bytes | None:
    """The IPv4 packet a frame carries (dpkt reads the link header), or None if it carries
    something else."""
    try:
        if link_type == LINKTYPE_RAW:
            return frame if frame and frame[0] >> 4 == 4 else None
        if link_type == LINKTYPE_ETHERNET:
            ethernet = dpkt.ethernet.Ethernet(frame)
            if int(ethernet.type) != ETHERTYPE_IPV4:
                return None  # ARP, an 802.3 length field, ...
            if getattr(ethernet, "vlan_tags", None):
                raise PcapFormatError(f"{path}: frame {index} is VLAN-tagged")
            return frame[dpkt.ethernet.ETH_HDR_LEN :]
        # DLT_PPP as ns-3 writes it: the PPP protocol field alone, 2 bytes (1 if compressed).
        ppp = dpkt.pppoe.PPP(frame)
        if int(ppp.p) != PPP_PROTOCOL_IPV4:
            return None
        return frame[1:] if frame[0] & 1 else frame[2:]
    except dpkt.UnpackError as error:
        raise PcapFormatError(
            f"{path}: frame {index} ({len(frame)} bytes) is not a {LINK_TYPES[link_type]} "
            f"frame: {error!r}"
        ) from error


def _parse_ipv4(packet: bytes, time_s: float, path: Path, index: int) -> _Ipv4Fragment:
    try:
        header = dpkt.ip.IP(packet)
    except dpkt.UnpackError as error:
        raise PcapFormatError(
            f"{path}: frame {index} does not hold an IPv4 header: {error!r}"
        ) from error
    header_length = int(header.hl) * 4
    total_length = int(header.len)
    if int(header.v) != 4 or total_length < header_length or total_length > len(packet):
        raise PcapFormatError(
            f"{path}: frame {index}: IPv4 version {header.v}, header length {header_length}, "
            f"total length {total_length}, {len(packet)} bytes present"
        )
    return _Ipv4Fragment(
        time_s=time_s,
        source=str(ipaddress.IPv4Address(bytes(header.src))),
        destination=str(ipaddress.IPv4Address(bytes(header.dst))),
        protocol=int(header.p),
        identification=int(header.id),
        # Bytes beyond the total length would be link padding (Ethernet's 60-byte minimum), not
        # part of the datagram.
        payload=packet[header_length:total_length],
        more_fragments=bool(header.mf),
        fragment_offset=int(header.offset) * 8,
        # The ones'-complement sum of a correct header, its checksum included, is 0xffff.
        header_checksum_ok=dpkt.in_cksum(packet[:header_length]) == 0,
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
    """Every NETBLT packet of a capture (any link type `read_ipv4_datagrams` reads), decoded
    (RFC 998 §8), in capture order.

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
