# SPDX-License-Identifier: GPL-2.0-only
"""models/: every value cites its source, and the derived costs give back the RFC's figures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from netblt_sim.core.models import MODELS_DIR, ModelError, load_model
from netblt_sim.core.networks import NETWORKS

# Bytes a DATA packet's frame carries besides its data on the ring: NETBLT DATA header 24,
# longword padding 2 (for both 1438 and 1990), IPv4 20, ring header 6.
RING_FRAME_OVERHEAD = 24 + 2 + 20 + 6


# What a source must name: an RFC, the 1988 TCP/IP performance survey (a Usenet posting), a
# document by its URL, the MIT PC/IP source, or that the value is derived or assumed.
SOURCE_MARKS = ("RFC", "Usenet", "https://", "neozeed/cmu-pcip", "derived", "assum")


def all_model_files() -> list[Path]:
    return sorted(MODELS_DIR.glob("*/*.json"))


def test_there_are_model_files_and_networks_use_them() -> None:
    assert len(all_model_files()) >= 3
    ring = NETWORKS["proteon-ring"].models()
    assert [m.name for m in ring] == ["ibm-pc-at", "proteon-p1300", "proteon-ring"]
    assert NETWORKS["proteon-ring"].default_mtu() == 2046


@pytest.mark.parametrize("path", all_model_files(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_value_of_every_model_file_cites_a_source(path: Path) -> None:
    model = load_model(path.parent.name, path.stem)
    entries = [e for kind in model.attributes.values() for e in kind.values()]
    entries += list(model.facts.values())
    assert entries
    for entry in entries:
        assert any(mark in entry.source for mark in SOURCE_MARKS), (
            f"{path}: {entry.source!r} names neither an RFC, a dated document (the 1988 survey), "
            "a URL, the MIT PC/IP source (neozeed/cmu-pcip), a derivation nor an assumption"
        )


def test_a_value_without_a_source_is_refused(tmp_path: Path) -> None:
    (tmp_path / "hosts").mkdir()
    (tmp_path / "hosts" / "bad.json").write_text(
        json.dumps({"description": "x", "attributes": {"cpu": {"TimerGranularity": {
            "value": 1, "unit": "ms", "source": ""}}}})
    )  # fmt: skip
    with pytest.raises(ModelError, match="TimerGranularity has no source"):
        load_model("hosts", "bad", tmp_path)
    with pytest.raises(ModelError, match="available: \\['bad'\\]"):
        load_model("hosts", "missing", tmp_path)


def test_a_switch_is_0_or_1(tmp_path: Path) -> None:
    (tmp_path / "interfaces").mkdir()
    entry = {"value": 0, "unit": "switch", "source": "model option, off: a test",
             "range": [0, 1], "range_source": "a switch: off or on"}
    (tmp_path / "interfaces" / "on-off.json").write_text(
        json.dumps({"description": "x", "attributes": {"device": {"Option": entry}}})
    )  # fmt: skip
    assert load_model("interfaces", "on-off", tmp_path).value("device", "Option").value == 0
    (tmp_path / "interfaces" / "half.json").write_text(
        json.dumps({"description": "x", "attributes": {"device": {"Option": {**entry, "value": 0.5}}}})
    )  # fmt: skip
    with pytest.raises(ModelError, match="a switch is 0 \\(off\\) or 1 \\(on\\)"):
        load_model("interfaces", "half", tmp_path)


def send_cost_ms(data_bytes: int) -> float:
    host = load_model("hosts", "ibm-pc-at")
    interface = load_model("interfaces", "proteon-p1300")
    return (
        host.value("netblt", "DataSendPacketCost").milliseconds
        + host.value("netblt", "DataSendByteCost").milliseconds * data_bytes
        + interface.value("device", "TransmitCostPerPacket").milliseconds
        + interface.value("device", "TransmitCostPerByte").milliseconds
        * (data_bytes + RING_FRAME_OVERHEAD)
    )


def theoretical_receive_cost_ms(data_bytes: int) -> float:
    """Receiving one packet with one outstanding buffer, less the calibrated 0.51 ms of
    protocol overhead that RFC 1030 §4's 'theoretical' figure leaves out."""
    host = load_model("hosts", "ibm-pc-at")
    interface = load_model("interfaces", "proteon-p1300")
    return (
        host.value("netblt", "DataReceivePacketCost").milliseconds
        - 0.51
        + host.value("netblt", "DataReceiveByteCost").milliseconds * data_bytes
        + interface.value("device", "ReceiveCostPerPacket").milliseconds
        + interface.value("device", "ReceiveCostPerByte").milliseconds
        * (data_bytes + RING_FRAME_OVERHEAD)
    )


@pytest.mark.parametrize(("data_bytes", "fact"), [(1990, "send_1990"), (1438, "send_1438")])
def test_derived_send_costs_give_back_rfc_1030_section_4(data_bytes: int, fact: str) -> None:
    expected = load_model("hosts", "ibm-pc-at").facts[fact].milliseconds
    assert send_cost_ms(data_bytes) == pytest.approx(expected, abs=0.01)


@pytest.mark.parametrize(("data_bytes", "fact"), [(1990, "receive_1990"), (1438, "receive_1438")])
def test_derived_receive_costs_give_back_rfc_1030_section_4(data_bytes: int, fact: str) -> None:
    expected = load_model("hosts", "ibm-pc-at").facts[fact].milliseconds
    assert theoretical_receive_cost_ms(data_bytes) == pytest.approx(expected, abs=0.01)


def test_3c500_receive_costs_give_back_the_6_1_ms_of_rfc_1030_section_4() -> None:
    """The driver's fixed and per-byte receive costs, split by Table III's 512-byte rows,
    still add up with NETBLT's theoretical share to 6.1 ms for a 1438-byte packet."""
    host = load_model("hosts", "ibm-pc-at")
    card = load_model("interfaces", "3com-3c500")
    frame_without_fcs = 1438 + 24 + 20 + 14 + 2  # NETBLT, IPv4, Ethernet II headers, padding
    driver = (
        card.value("device", "ReceiveCopyCostPerPacket").milliseconds
        + card.value("device", "ReceiveCopyCostPerByte").milliseconds * frame_without_fcs
    )
    netblt_theoretical = 1.064311 + host.value("netblt", "DataReceiveByteCost").milliseconds * 1438
    assert driver + netblt_theoretical == pytest.approx(
        card.facts["receive_1438"].value, abs=0.001
    )
