# SPDX-License-Identifier: GPL-2.0-only
"""models/ ranges: every assumption states one (with its reason) around its value, a file with an
assumption without a range is refused naming the entry, and a run's model overrides are refused
outside a range, keyed in the store only when given."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from netblt_sim.batch.store import transfer_key
from netblt_sim.core.models import MODELS_DIR, ModelError, load_model
from netblt_sim.core.parameters import transfer_parameters
from netblt_sim.core.transfer import parameters_dict, run_columns

LOAD_KEY = "models/networks/mit-subnet-26.json:background.Load"


def write_host(tmp_path: Path, entry: dict[str, object]) -> None:
    (tmp_path / "hosts").mkdir(exist_ok=True)
    (tmp_path / "hosts" / "guess.json").write_text(json.dumps(
        {"description": "x", "attributes": {"cpu": {"TimerGranularity": entry}}}))  # fmt: skip


@pytest.mark.parametrize("path", sorted(MODELS_DIR.glob("*/*.json")), ids=lambda p: p.stem)
def test_every_assumption_of_every_model_file_has_a_range_around_its_value(path: Path) -> None:
    model = load_model(path.parent.name, path.stem)
    for kind, entries in model.attributes.items():
        for name, entry in entries.items():
            if entry.is_assumption:
                assert entry.range is not None, f"{path}: {kind}.{name}"
                assert entry.range[0] <= entry.value <= entry.range[1]
                assert entry.range_source


def test_the_3c500s_deaf_time_per_send_has_a_range() -> None:
    device = load_model("interfaces", "3com-3c500").attributes["device"]
    assert device["TransmitCopyCostPerPacket"].range == (0.0, 0.7)
    assert device["RearmCost"].range is not None and device["RearmCost"].range[1] > 0


def test_an_assumption_without_a_range_is_refused_naming_it(tmp_path: Path) -> None:
    write_host(tmp_path, {"value": 10, "unit": "ms", "source": "assumption: a guessed clock"})
    with pytest.raises(ModelError, match=r"guess.json: attributes.cpu.TimerGranularity is an "
                                         r"assumption .* without a range"):  # fmt: skip
        load_model("hosts", "guess", tmp_path)


def test_a_range_must_contain_the_value_and_say_why(tmp_path: Path) -> None:
    entry: dict[str, object] = {"value": 10, "unit": "ms", "source": "calibrated against x",
                                "range": [1, 5], "range_source": "the clocks of the day"}
    write_host(tmp_path, entry)
    with pytest.raises(ModelError, match=r"TimerGranularity.range = \[1, 5\] does not contain"):
        load_model("hosts", "guess", tmp_path)
    write_host(tmp_path, entry | {"range": [1, 20], "range_source": ""})
    with pytest.raises(ModelError, match="range without range_source"):
        load_model("hosts", "guess", tmp_path)
    write_host(tmp_path, entry | {"range": [1, 20]})
    assert load_model("hosts", "guess", tmp_path).value("cpu", "TimerGranularity").range == (1, 20)


def test_overrides_are_refused_outside_their_range_or_for_an_unknown_entry() -> None:
    row = {"network": "ethernet", "bs": 5, "bi_ms": 30, "nbufs": 2}
    with pytest.raises(ValueError, match=r"= 0.5: outside the entry's range \[0, 0.35\]"):
        transfer_parameters(**row, model_overrides={LOAD_KEY: 0.5})
    with pytest.raises(ValueError, match="background.Nope'?: no such entry"):
        transfer_parameters(**row, model_overrides={LOAD_KEY.replace("Load", "Nope"): 0.1})
    with pytest.raises(ValueError, match="does not apply models/networks/wideband.json"):
        transfer_parameters(**row, model_overrides={
            "models/networks/wideband.json:wideband-channel.BackgroundLoad": 0.05})  # fmt: skip
    with pytest.raises(ValueError, match="states no range"):
        transfer_parameters(**row, model_overrides={
            "models/networks/mit-subnet-26.json:channel.DataRate": 1e6})  # fmt: skip
    with pytest.raises(ValueError, match="must be models/<category>"):
        transfer_parameters(**row, model_overrides={"mit-subnet-26:Load": 0.1})
    switch = "models/interfaces/3com-3c500.json:device.ReceiveAbortsLoad"
    with pytest.raises(ValueError, match="= 0.5: a switch is 0 \\(off\\) or 1 \\(on\\)"):
        transfer_parameters(**row, model_overrides={switch: 0.5})
    assert transfer_parameters(**row, model_overrides={switch: 1}).model_overrides == ((switch, 1.0),)


def test_overrides_are_part_of_the_key_only_when_given() -> None:
    plain = transfer_parameters(network="ethernet")
    assert "model_overrides" not in transfer_key(plain)
    varied = transfer_parameters(network="ethernet", model_overrides={LOAD_KEY: 0.1})
    assert transfer_key(varied)["model_overrides"] == [[LOAD_KEY, 0.1]]
    assert transfer_parameters(network="ethernet", model_overrides={LOAD_KEY: 0.05}) != plain


def test_the_overrides_column_appears_only_where_a_run_has_them() -> None:
    plain = transfer_parameters(network="ethernet")
    varied = transfer_parameters(network="ethernet", model_overrides={LOAD_KEY: 0.1})
    assert "model_overrides" not in run_columns([plain])
    assert "model_overrides" in run_columns([plain, varied])
    assert parameters_dict(varied)["model_overrides"] == f"{LOAD_KEY}=0.1"
