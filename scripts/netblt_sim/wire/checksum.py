# SPDX-License-Identifier: GPL-2.0-only
"""The NETBLT checksum (RFC 998 §5.1): the ones'-complement of the ones'-complement sum of the
big-endian 16-bit words checksummed; an odd last byte is the high byte of a word whose low byte
is zero."""

from __future__ import annotations

import struct


def ones_complement_sum(data: bytes) -> int:
    """The 16-bit ones'-complement sum (end-around carry) of the big-endian words of `data`."""
    if len(data) % 2:
        data = data + b"\x00"
    total: int = sum(struct.unpack(f">{len(data) // 2}H", data))
    # Fold the carries back in until the sum fits 16 bits.
    while total > 0xFFFF:
        total = (total & 0xFFFF) + (total >> 16)
    return total


def netblt_checksum(data: bytes) -> int:
    """The checksum a NETBLT sender writes for `data` (the checksum field itself taken as zero)."""
    return ~ones_complement_sum(data) & 0xFFFF


def with_checksum_field_zeroed(packet: bytes) -> bytes:
    """`packet` with its first two bytes (the checksum field of every NETBLT packet) zeroed."""
    return b"\x00\x00" + packet[2:]
