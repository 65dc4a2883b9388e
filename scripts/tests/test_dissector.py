# SPDX-License-Identifier: GPL-2.0-only
"""The Wireshark dissector, src/netblt/wireshark/netblt.lua, as tshark runs it, against the
project's own RFC 998 decoder (wire.py, the oracle).

Over captures of every network (an impaired point-to-point link that loses, re-orders,
duplicates and corrupts, the ring, the Ethernet, every hop of the Wideband path) and over
thousands of hand-damaged packets: every NETBLT packet is dissected, its type and every field
equal wire.py's, every problem wire.py finds is an expert item with the same text (bad
checksums included) and nothing else is, the Info column summarises it, every IPv4 header
checksum is good, and no Lua error occurs.

tshark is Debian's `tshark` package. Without it these tests are skipped, except on CI (`CI=true`),
where they fail: `.ci/run` installs it.
"""

from __future__ import annotations

import json
import math
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import netblt_bytes as make
import pytest
from conftest import CAPTURED_TRANSFERS, REPO_ROOT, NetworkCapture

from netblt_sim.wire.decoder import (
    ControlFields,
    DataFields,
    GoMessage,
    NetbltPacket,
    NullAckFields,
    OkMessage,
    OpenFields,
    PacketType,
    ReasonFields,
    ResendMessage,
    decode_netblt,
)
from netblt_sim.wire.pcap import read_netblt_packets

DISSECTOR = REPO_ROOT / "src" / "netblt" / "wireshark" / "netblt.lua"
EXPERT_WARNING = 0x00600000  # Wireshark's PI_WARN; PI_ERROR is 0x00800000
ROOT_WARNING = re.compile(r'^Running as user "root" and group "root"\. This could be dangerous\.$')
CHECKSUM_GOOD, CHECKSUM_BAD, CHECKSUM_UNVERIFIED = 1, 0, 2

# The dissector's fields compared with wire.py's decoding: name -> how tshark's JSON gives it.
INT, TEXT, HEX = "int", "text", "hex"
COMPARED_FIELDS = {
    "netblt.checksum": INT,
    "netblt.checksum.status": INT,
    "netblt.version": INT,
    "netblt.type": INT,
    "netblt.length": INT,
    "netblt.lport": INT,
    "netblt.fport": INT,
    "netblt.connection_uid": INT,
    "netblt.buffer_size": INT,
    "netblt.transfer_size": INT,
    "netblt.data_packet_size": INT,
    "netblt.burst_size": INT,
    "netblt.burst_interval": INT,
    "netblt.death_timer": INT,
    "netblt.flags.checksum_data": INT,
    "netblt.flags.write_mode": INT,
    "netblt.flags.rate_reports": INT,
    "netblt.flags.padded_control": INT,
    "netblt.flags.explicit_rate": INT,
    "netblt.explicit_rate": INT,
    "netblt.control.explicit_rate": INT,
    "netblt.max_buffers": INT,
    "netblt.client_string": TEXT,
    "netblt.reason": TEXT,
    "netblt.buffer": INT,
    "netblt.high_control_seq": INT,
    "netblt.packet": INT,
    "netblt.data_checksum": INT,
    "netblt.data_checksum.status": INT,
    "netblt.last_buffer": INT,
    "netblt.data_length": INT,
    "netblt.data": HEX,
    "netblt.new_burst_size": INT,
    "netblt.new_burst_interval": INT,
    "netblt.control.messages": INT,
    "netblt.control.type": INT,
    "netblt.control.seq": INT,
    "netblt.control.buffer": INT,
    "netblt.control.burst_size": INT,
    "netblt.control.burst_interval": INT,
    "netblt.control.timer": INT,
    "netblt.control.burst_spacing": INT,
    "netblt.control.missing_count": INT,
    "netblt.control.missing": INT,
    "netblt.control.padding_bytes": INT,
}
# A Lua error, or an exception in any dissector (a read past the end of the data, say).
FAILURES = ("_ws.lua.error", "_ws.malformed.expert", "_ws.malformed.dissector_bug")
OTHER_FIELDS = (
    "frame.number", "_ws.col.Info", "netblt", "_ws.expert.message", "_ws.expert.severity",
    *FAILURES, "ip.proto", "ip.checksum.status", "ip.flags.mf",
    "ip.frag_offset", "icmp.type",
)  # fmt: skip

Fields = dict[str, list[object]]


@pytest.fixture(scope="module")
def tshark() -> str:
    path = shutil.which("tshark")
    if path is None:
        message = "tshark is not installed (Debian: apt-get install tshark)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{message}; on CI the dissector tests must run: .ci/run installs it")
        pytest.skip(f"{message}: the dissector tests are skipped")
    return path


@dataclass(frozen=True)
class Dissection:
    """What tshark with the dissector made of a capture: every frame's fields, in order."""

    frames: list[dict[str, list[str]]]
    stderr: list[str]  # tshark's stderr lines but the warning about running as root

    def netblt_frames(self) -> list[dict[str, list[str]]]:
        """The frames that carry a NETBLT packet (not the start of one an ICMP error quotes)."""
        return [frame for frame in self.frames if "netblt" in frame and "icmp.type" not in frame]

    def quoted_frames(self) -> list[dict[str, list[str]]]:
        return [frame for frame in self.frames if "netblt" in frame and "icmp.type" in frame]


def dissect(tshark: str, path: Path, *options: str) -> Dissection:
    fields = [argument for name in (*OTHER_FIELDS, *COMPARED_FIELDS) for argument in ("-e", name)]
    with tempfile.TemporaryDirectory() as configuration:
        completed = subprocess.run(
            [
                tshark, "-n", "-X", f"lua_script:{DISSECTOR}", "-o", "ip.check_checksum:TRUE",
                *options, "-r", str(path), "-T", "json", *fields,
            ],
            capture_output=True,
            # Strings of arbitrary bytes are written as they are: they need not be UTF-8.
            encoding="utf-8",
            errors="replace",
            timeout=300,
            # No personal preference or profile of whoever runs the tests applies.
            env={**os.environ, "WIRESHARK_CONFIG_DIR": configuration},
        )  # fmt: skip
    assert completed.returncode == 0, completed.stderr
    entries = json.loads(completed.stdout) if completed.stdout.strip() else []
    stderr = [line for line in completed.stderr.splitlines() if not ROOT_WARNING.match(line)]
    return Dissection([entry["_source"]["layers"] for entry in entries], stderr)


def actual_fields(frame: dict[str, list[str]]) -> Fields:
    fields: Fields = {}
    for name, kind in COMPARED_FIELDS.items():
        if name in frame:
            fields[name] = [int(value, 0) if kind == INT else value for value in frame[name]]
    return fields


def _printable(text: bytes) -> bool:
    return all(32 <= byte < 127 for byte in text)


def expected_fields(packet: NetbltPacket) -> Fields:
    """What the dissector must show of a packet, from wire.py's decoding of it."""
    if packet.type_number < 0:
        return {}  # shorter than the common header: nothing but the expert item
    header_mismatch = any(_is_header_checksum_problem(p) for p in packet.problems)
    fields: Fields = {
        "netblt.checksum": [packet.checksum],
        "netblt.checksum.status": [
            CHECKSUM_GOOD if packet.header_checksum_ok
            else CHECKSUM_BAD if header_mismatch else CHECKSUM_UNVERIFIED
        ],
        "netblt.version": [packet.version],
        "netblt.type": [packet.type_number],
        "netblt.length": [packet.length],
        "netblt.lport": [packet.local_port],
        "netblt.fport": [packet.foreign_port],
    }  # fmt: skip
    if packet.type_number in (PacketType.DATA, PacketType.LDATA):
        # The X extension's rate, in the common header: shown even when the rest is damaged.
        fields["netblt.explicit_rate"] = [packet.explicit_rate_kbps]
    body = packet.body
    if isinstance(body, OpenFields) and body.explicit_rate:
        # An OPEN or RESPONSE with X carries it there too.
        fields["netblt.explicit_rate"] = [packet.explicit_rate_kbps]
    if isinstance(body, OpenFields):
        fields |= {
            "netblt.connection_uid": [body.connection_uid],
            "netblt.buffer_size": [body.buffer_size],
            "netblt.transfer_size": [body.transfer_size],
            "netblt.data_packet_size": [body.data_packet_size],
            "netblt.burst_size": [body.burst_size],
            "netblt.burst_interval": [body.burst_rate_ms],
            "netblt.death_timer": [body.death_timer_s],
            "netblt.flags.checksum_data": [int(body.checksum_data)],
            "netblt.flags.write_mode": [int(body.write_mode)],
            "netblt.flags.rate_reports": [int(body.rate_reports)],
            "netblt.flags.padded_control": [int(body.padded_control)],
            "netblt.flags.explicit_rate": [int(body.explicit_rate)],
            "netblt.max_buffers": [body.max_outstanding_buffers],
        }
        if _printable(body.client_string):
            fields["netblt.client_string"] = [body.client_string.decode("ascii")]
    elif isinstance(body, ReasonFields):
        if _printable(body.reason):
            fields["netblt.reason"] = [body.reason.decode("ascii")]
    elif isinstance(body, DataFields):
        fields |= {
            "netblt.buffer": [body.buffer_number],
            "netblt.high_control_seq": [body.high_consecutive_seq_received],
            "netblt.packet": [body.packet_number],
            "netblt.data_checksum": [body.data_checksum],
            "netblt.data_checksum.status": [
                CHECKSUM_UNVERIFIED if packet.data_checksum_ok is None
                else CHECKSUM_GOOD if packet.data_checksum_ok else CHECKSUM_BAD
            ],
            "netblt.last_buffer": [int(body.last_buffer)],
            "netblt.data_length": [len(body.data)],
        }  # fmt: skip
        if body.data:
            fields["netblt.data"] = [body.data.hex()]
    elif isinstance(body, NullAckFields):
        fields |= {
            "netblt.high_control_seq": [body.high_consecutive_seq_received],
            "netblt.new_burst_size": [body.new_burst_size],
            "netblt.new_burst_interval": [body.new_burst_rate_ms],
        }
    elif isinstance(body, ControlFields):
        messages = body.messages
        oks = [m for m in messages if isinstance(m, OkMessage)]
        resends = [m for m in messages if isinstance(m, ResendMessage)]
        fields["netblt.control.messages"] = [len(messages)]
        lists: Fields = {
            "netblt.control.type": [_message_type(m) for m in messages],
            "netblt.control.seq": [m.sequence_number for m in messages],
            "netblt.control.buffer": [m.buffer_number for m in messages],
            "netblt.control.burst_size": [m.new_burst_size for m in oks],
            "netblt.control.burst_interval": [m.new_burst_rate_ms for m in oks],
            "netblt.control.timer": [m.control_timer_ms for m in oks],
            "netblt.control.burst_spacing": [m.burst_spacing_10us for m in oks],
            "netblt.control.explicit_rate": [1 for m in oks if m.explicit_rate],
            "netblt.control.missing_count": [len(m.missing_packets) for m in resends],
            "netblt.control.missing": [n for m in resends for n in m.missing_packets],
        }
        fields |= {name: values for name, values in lists.items() if values}
        if body.padding_bytes:
            fields["netblt.control.padding_bytes"] = [body.padding_bytes]
    return fields


def _message_type(message: GoMessage | OkMessage | ResendMessage) -> int:
    return {GoMessage: 0, OkMessage: 1, ResendMessage: 2}[type(message)]


def _is_header_checksum_problem(problem: str) -> bool:
    return problem.startswith(("checksum ", "header checksum ")) and "does not match" in problem


def compare(frame: dict[str, list[str]], packet: NetbltPacket, where: str) -> None:
    """The dissection of one frame shows what wire.py decoded, and says what wire.py found
    wrong, word for word."""
    actual = actual_fields(frame)
    expected = expected_fields(packet)
    for name, kind in COMPARED_FIELDS.items():
        if kind == TEXT and name not in expected:
            continue  # a string of unprintable bytes: tshark escapes them its own way
        assert actual.get(name, []) == expected.get(name, []), f"{where}: {name}"
    assert sorted(frame.get("_ws.expert.message", [])) == sorted(packet.problems), where


def expected_info(packet: NetbltPacket, packets_per_buffer: int | None) -> re.Pattern[str]:
    """The Info column's summary: `DATA buf=12 pkt=3/10`, `CONTROL OK(11) GO(13)`,
    `RESEND(12: 4,7)`, then what is wrong in brackets. `packets_per_buffer` None: any."""
    if packet.type_number < 0:
        return re.compile(r"NETBLT \[MALFORMED\]")
    summary = re.escape(packet.type_name)
    body = packet.body
    if isinstance(body, DataFields):
        of = rf"/{packets_per_buffer}" if packets_per_buffer is not None else r"(/\d+)?"
        summary += rf" buf={body.buffer_number} pkt={body.packet_number}{of}"
        summary += " L" if body.last_buffer else ""
    elif isinstance(body, ControlFields):
        summary += "".join(" " + re.escape(_message_summary(m)) for m in body.messages)
    elif body is not None:
        summary += " .*"  # OPEN, RESPONSE, NULL-ACK, QUIT, ABORT, REFUSED: free-form
    if not packet.problems:
        return re.compile(summary)
    flags = ""
    if any(_is_header_checksum_problem(p) for p in packet.problems):
        flags += r".*\[BAD CHECKSUM\]"
    if packet.data_checksum_ok is False:
        flags += r".*\[BAD DATA CHECKSUM\]"
    flags = flags or r".*\["
    return re.compile(f"{summary}{flags}.*")


def _message_summary(message: GoMessage | OkMessage | ResendMessage) -> str:
    if isinstance(message, GoMessage):
        return f"GO({message.buffer_number})"
    if isinstance(message, OkMessage):
        return f"OK({message.buffer_number})"
    missing = ",".join(map(str, message.missing_packets))
    return f"RESEND({message.buffer_number}: {missing})"


# ---- tshark itself


def test_tshark_is_built_with_lua(tshark: str) -> None:
    version = subprocess.run(
        [tshark, "-v"], capture_output=True, text=True, timeout=60, check=True
    ).stdout
    assert "with Lua" in version, version


def test_the_dissector_registers_its_protocol_and_fields(tshark: str) -> None:
    with tempfile.TemporaryDirectory() as configuration:
        listed = subprocess.run(
            [tshark, "-G", "fields", "-X", f"lua_script:{DISSECTOR}"],
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
            env={**os.environ, "WIRESHARK_CONFIG_DIR": configuration},
        ).stdout
    names = {line.split("\t")[2] for line in listed.splitlines() if line.count("\t") >= 2}
    assert "netblt" in names
    assert set(COMPARED_FIELDS) <= names
    expert = {"netblt.checksum.bad", "netblt.data_checksum.bad", "netblt.length.bad"}
    assert expert | {"netblt.malformed", "netblt.mbz"} <= names


# ---- captures of every network


@dataclass(frozen=True)
class CheckedFile:
    name: str
    netblt_packets: int
    damaged_frames: int


def check_capture(tshark: str, capture: NetworkCapture, path: Path) -> CheckedFile:
    where = f"{capture.parameters.network} {path.name}"
    dissection = dissect(tshark, path)
    assert dissection.stderr == [], f"{where}: {dissection.stderr}"
    verify = capture.parameters.checksum_data
    packets = read_netblt_packets(path, verify_data_checksum=verify, strict=False)
    frames = dissection.netblt_frames()
    # Every NETBLT datagram is dissected, and nothing else is.
    assert len(frames) == len(packets), where
    for frame in dissection.frames:
        number = frame["frame.number"][0]
        assert not set(FAILURES) & set(frame), f"{where} #{number}"
        # ns-3 writes real IPv4 header checksums.
        assert set(frame.get("ip.checksum.status", [])) <= {"1"}, f"{where} #{number}"
        if "30" in frame.get("ip.proto", []) and "netblt" not in frame:
            # Only a fragment that does not complete a datagram is left to IP.
            fragment = "1" in frame["ip.flags.mf"] or frame["ip.frag_offset"] != ["0"]
            assert fragment, f"{where} #{number}"

    parameters = capture.parameters
    packets_per_buffer = math.ceil(parameters.bfsz / parameters.psz)
    damaged = set()
    for frame, packet in zip(frames, packets, strict=True):
        number = frame["frame.number"][0]
        compare(frame, packet, f"{where} #{number}")
        info = frame["_ws.col.Info"][0]
        assert expected_info(packet, packets_per_buffer).fullmatch(info), f"{where} #{number}"
        if packet.problems:
            damaged.add(number)
    # Tools read the captures as real ones: warnings and errors only where the simulation
    # damaged a packet on purpose (each NETBLT problem is an error, or a warning for non-zero
    # reserved bits).
    warned = {
        frame["frame.number"][0]
        for frame in dissection.frames
        if any(int(s) >= EXPERT_WARNING for s in frame.get("_ws.expert.severity", []))
    }
    assert warned == damaged, where
    return CheckedFile(path.name, len(packets), len(damaged))


@pytest.mark.parametrize("network", sorted(CAPTURED_TRANSFERS))
def test_tshark_dissects_every_capture_as_the_project_decoder_does(
    tshark: str, network: str, network_captures: dict[str, NetworkCapture]
) -> None:
    capture = network_captures[network]
    checked = [check_capture(tshark, capture, path) for path in capture.files()]
    assert all(file.netblt_packets > 0 for file in checked), checked
    damaged = sum(file.damaged_frames for file in checked)
    if capture.parameters.corrupt > 0:
        assert damaged > 0, checked  # the run flipped bits: some must show
    else:
        assert damaged == 0, checked


def test_the_corrupting_run_shows_every_kind_of_bad_checksum(
    tshark: str, network_captures: dict[str, NetworkCapture]
) -> None:
    """The impaired point-to-point run: bad header and data checksums are expert info on the
    receiving devices, with the computed value, and the Info column says so."""
    capture = network_captures["point-to-point"]
    assert capture.record.completed and capture.record.intact
    experts: list[str] = []
    infos: list[str] = []
    for path in capture.files():
        for frame in dissect(tshark, path).netblt_frames():
            experts += frame.get("_ws.expert.message", [])
            infos += frame["_ws.col.Info"]
    header_checksum = re.compile(r"checksum 0x\w{4} does not match the computed 0x\w{4}")
    assert any(header_checksum.fullmatch(e) for e in experts)
    assert any(e.startswith("header checksum ") for e in experts)
    assert any(e.startswith("data-area checksum ") for e in experts)
    assert any(i.endswith("[BAD CHECKSUM]") for i in infos)
    assert any("[BAD DATA CHECKSUM]" in i for i in infos)
    kinds = {i.split(" ")[0] for i in infos}
    assert {"OPEN", "RESPONSE", "DATA", "LDATA", "CONTROL", "NULL-ACK", "DONE"} <= kinds
    assert any(re.fullmatch(r"CONTROL .*RESEND\(\d+: \d+(,\d+)*\).*", i) for i in infos)
    assert any(re.fullmatch(r"CONTROL .*OK\(\d+\) GO\(\d+\).*", i) for i in infos)


def test_the_wideband_path_is_dissected_after_ip_reassembly(
    tshark: str, network_captures: dict[str, NetworkCapture]
) -> None:
    """The Wideband gateway fragments 1438-byte DATA packets; tshark reassembles them and the
    dissector sees the whole packet, as pcap.py does."""
    capture = network_captures["wideband"]
    frames = dissect(tshark, capture.directory / "netblt-3-1.pcap").netblt_frames()
    data = [f for f in frames if f["netblt.type"][0] in ("6", "7")]
    assert data and all(f["netblt.data_length"] == ["1438"] for f in data)
    assert all(f["ip.frag_offset"][-1] != "0" for f in data)  # completed by a later fragment
    assert all(f["netblt.data_checksum.status"] == [str(CHECKSUM_GOOD)] for f in data)


def test_a_packet_quoted_by_icmp_shows_its_first_fields_and_no_problem(
    tshark: str, network_captures: dict[str, NetworkCapture]
) -> None:
    """On the Wideband path the receiver gives up reassembling a DATA packet whose second
    fragment the channel lost, and says so with ICMP, quoting the first 8 bytes: the dissector
    shows the common fields there are, and neither a short packet nor the Info column."""
    capture = network_captures["wideband"]
    quoted = dissect(tshark, capture.directory / "netblt-0-0.pcap").quoted_frames()
    assert quoted
    for frame in quoted:
        info = frame["_ws.col.Info"]
        assert info == ["Time-to-live exceeded (Fragment reassembly time exceeded)"]
        assert frame["netblt.type"][0] in ("6", "7") and frame["netblt.length"] == ["1462"]
        assert "netblt.fport" not in frame  # bytes 8-9: not quoted
        assert "_ws.expert.message" not in frame


# ---- damaged packets made by hand


def base_packets() -> list[bytes]:
    """One correct packet of each of the twelve types (CONTROL twice)."""
    return [
        make.open_packet(0, client=b"netblt-sim"),
        make.open_packet(1, client=b"", checksum_data=False, write=False),
        make.simple(2),
        make.reason_packet(3, b"bye"),
        make.simple(4),
        make.reason_packet(5, b"abcd"),
        make.data_packet(bytes(range(37)), 3, 5),  # odd data: 3 padding bytes
        make.data_packet(bytes(range(40)), 4, 9, last=True, type_number=7),
        make.null_ack(7, 5, 30),
        make.control(
            make.go_message(1, 5)
            + make.ok_message(2, 4, 5, 30, 200)
            + make.resend_message(3, 5, [1, 4, 9])
            + make.resend_message(4, 6, [2, 3])
        ),
        make.control(b""),
        make.reason_packet(10, b"busy"),
        make.simple(11),
    ]


def damaged_packets(seed: int = 998) -> Iterator[bytes]:
    """Each base packet, then the same cut short at every length, with single and multiple bit
    flips, with another Length or type (checksum recomputed, so that only that is wrong),
    and with bytes appended."""
    rng = random.Random(seed)
    for packet in base_packets():
        yield packet
        yield from (packet[:n] for n in range(1, len(packet)))
        for _ in range(24):
            bit = rng.randrange(len(packet) * 8)
            yield _flip(packet, bit)
        for _ in range(6):
            damaged = packet
            for _ in range(rng.randint(2, 6)):
                damaged = _flip(damaged, rng.randrange(len(damaged) * 8))
            yield damaged
        for length in {0, 11, 12, 16, 20, 24, len(packet) - 1, len(packet) + 1, 0xFFFF}:
            relength = packet[:4] + struct.pack(">H", length) + packet[6:]
            covered = min(len(packet), 24 if packet[3] in (6, 7) else max(length, 12))
            yield make.with_checksum(relength, covered=covered)
        for type_number in (0, 1, 2, 6, 7, 8, 9, 11, 12, 255):
            retyped = packet[:3] + bytes([type_number]) + packet[4:]
            covered = 24 if type_number in (6, 7) and len(packet) >= 24 else len(packet)
            yield make.with_checksum(retyped, covered=covered)
        yield packet + bytes(4)
        yield packet + b"\x01\x02"


def _flip(packet: bytes, bit: int) -> bytes:
    index = bit // 8
    return packet[:index] + bytes([packet[index] ^ (1 << bit % 8)]) + packet[index + 1 :]


def test_damaged_packets_of_every_type_are_dissected_as_the_decoder_reads_them(
    tshark: str, tmp_path: Path
) -> None:
    """Thousands of damaged packets: never a Lua error, every field and every problem as
    wire.py reads it (data-area checksums verified, preference netblt.data_checksum:always)."""
    payloads = list(damaged_packets())
    assert len(payloads) > 1000
    path = tmp_path / "damaged.pcap"
    make.write_pcap(
        path,
        101,
        [
            make.with_ipv4_checksum(make.ipv4_fragments(p, 65535, identification=i)[0])
            for i, p in enumerate(payloads)
        ],
    )
    dissection = dissect(tshark, path, "-o", "netblt.data_checksum:always")
    assert dissection.stderr == []
    assert len(dissection.frames) == len(payloads)
    flagged = 0
    for frame, payload in zip(dissection.frames, payloads, strict=True):
        where = f"frame {frame['frame.number'][0]} ({payload.hex()})"
        assert "netblt" in frame, where
        assert not set(FAILURES) & set(frame), where
        packet = decode_netblt(payload, verify_data_checksum=True)
        compare(frame, packet, where)
        assert expected_info(packet, None).fullmatch(frame["_ws.col.Info"][0]), where
        flagged += bool(packet.problems)
    assert flagged > 0.9 * len(payloads)


def test_bad_header_and_data_checksums_carry_expert_info(tshark: str, tmp_path: Path) -> None:
    good = make.data_packet(b"abcd")
    bad_header = make.keepalive()[:1] + b"\x00" + make.keepalive()[2:]
    bad_data = good[:24] + b"abce"  # the header checksum still right, the data checksum not
    path = tmp_path / "checksums.pcap"
    packets = (good, bad_header, bad_data)
    datagrams = [make.with_ipv4_checksum(make.ipv4_fragments(p, 1500)[0]) for p in packets]
    make.write_ppp_pcap(path, datagrams)
    good_data, header, data = dissect(tshark, path, "-o", "netblt.data_checksum:always").frames
    assert good_data["netblt.checksum.status"] == ["1"]
    assert good_data["netblt.data_checksum.status"] == ["1"]
    assert "_ws.expert.message" not in good_data
    assert header["netblt.checksum.status"] == ["0"]
    assert header["_ws.expert.message"] == ["checksum 0x3700 does not match the computed 0x3720"]
    assert header["_ws.col.Info"] == ["KEEPALIVE [BAD CHECKSUM]"]
    assert data["netblt.checksum.status"] == ["1"]
    assert data["netblt.data_checksum.status"] == ["0"]
    assert data["_ws.col.Info"] == ["DATA buf=1 pkt=0 [BAD DATA CHECKSUM]"]
    # Without an OPEN or RESPONSE in the capture, "auto" does not know C was negotiated.
    unverified = dissect(tshark, path).frames[2]
    assert unverified["netblt.data_checksum.status"] == [str(CHECKSUM_UNVERIFIED)]


@pytest.mark.parametrize(("ci", "outcome"), [("true", "2 errors"), ("", "2 skipped")])
def test_without_tshark_the_dissector_tests_skip_except_on_ci(
    ci: str, outcome: str, tmp_path: Path
) -> None:
    completed = subprocess.run(
        [
            sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(Path(__file__)),
            "-k", "built_with_lua or registers_its_protocol",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO_ROOT,
        env={**os.environ, "PATH": str(tmp_path), "CI": ci},  # no tshark on this PATH
    )  # fmt: skip
    assert outcome in completed.stdout, completed.stdout
    assert (completed.returncode != 0) == (ci == "true")
