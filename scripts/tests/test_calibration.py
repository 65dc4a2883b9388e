# SPDX-License-Identifier: GPL-2.0-only
"""The calibration scenario (`scenarios/calibration.json`, kind "calibration"): its factors and
targets as the tables state them, common random numbers on the real simulator, and bad files
refused by name. The search itself is tested on toy simulators in test_history_matching.py."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from conftest import REPO_ROOT

from netblt_sim.core import runtime
from netblt_sim.scenarios.calibration.runs import simulator
from netblt_sim.scenarios.calibration.scenario import CalibrationScenario
from netblt_sim.scenarios.registry import load_scenario


def scenario() -> CalibrationScenario:
    loaded = load_scenario("calibration")
    assert isinstance(loaded, CalibrationScenario)
    return loaded


def test_the_factors_are_the_bands_with_the_switches_put_back() -> None:
    calibration = scenario()
    keys = [f.factor.key for f in calibration.factors()]
    bands_keys = {f.key for table in calibration.tables for f in calibration.bands.factors(table)}
    assert bands_keys <= set(keys)
    two_valued = {f.factor.key for f in calibration.factors() if f.two_valued}
    assert two_valued == {"models/hosts/ibm-pc-at.json:netblt.ControlPacketSize",
                          "models/interfaces/3com-3c500.json:device.ReceiveAbortsLoad"}  # fmt: skip
    assert set(keys) - bands_keys == two_valued
    # The 3C500's re-arm cost varies on Subnet 26 but stays at its value on the Wideband path,
    # whose transfers it leaves unopened (the bands' left_out says why).
    rearm = "models/interfaces/3com-3c500.json:device.RearmCost"
    assert rearm in calibration.network_keys("ethernet")
    assert rearm not in calibration.network_keys("wideband")
    point = np.ones(len(keys))
    assert calibration.overrides("ethernet", point)[rearm] == 0.5
    assert rearm not in calibration.overrides("wideband", point)
    # A switch takes its ends, a count whole numbers.
    assert calibration.overrides("ethernet", np.full(len(keys), 0.49))[
        "models/interfaces/3com-3c500.json:device.ReceiveAbortsLoad"] == 0.0  # fmt: skip
    buffers = calibration.overrides("proteon-ring", np.full(len(keys), 0.3))[
        "models/hosts/ibm-pc-at.json:packet-buffers.Buffers"]  # fmt: skip
    assert buffers == round(6 + 0.3 * 12)


def test_each_configuration_is_held_to_its_tables_target_and_count_range() -> None:
    calibration = scenario()
    targets = {t.name: t for t in calibration.targets()}
    assert len({t.group for t in targets.values()}) == 42
    # Table III, 1438-byte packets, two buffers, 5 every 30 ms: rows of 0.994 and 0.995 Mbit/s
    # (median 0.9945) losing 206 and 213 packets.
    group = "table-III: BS 5 BI 30 PSZ 1438 BFSZ 14380 XFSZ 1438 NBUFS 2"
    speed = targets[f"{group}: speed"]
    assert (speed.low, speed.high) == pytest.approx((0.9945 * 0.95, 0.9945 * 1.05))
    assert speed.observation_variance == pytest.approx(np.var([0.994, 0.995], ddof=1) / 2)
    loss = targets[f"{group}: loss"]
    assert (loss.low, loss.high) == pytest.approx((math.log1p(103), math.log1p(426)))
    assert loss.observation_variance == 0.0
    # Table IV publishes no data timeouts: no target for them.
    assert not [name for name in targets if name.startswith("table-IV") and "dtmos" in name]
    # A Table II output depends on the ring's factors only.
    ring = targets["table-II: BS 5 BI 25 PSZ 1438 BFSZ 14380 XFSZ 1438 NBUFS 1: speed"]
    names = [calibration.factors()[i].factor.name for i in ring.inputs]
    assert "proteon-ring:channel.CableDelay" in names
    assert not [name for name in names if name.startswith(("wideband", "mit-subnet-26"))]


def test_equal_points_give_equal_outputs_and_every_point_runs_the_same_seeds(
    ns: runtime.NsNamespace, monkeypatch: pytest.MonkeyPatch
) -> None:
    calibration = scenario()
    ring = calibration.tables[0]
    small = replace(calibration, bands=replace(calibration.bands, tables=(ring,)))
    seen: list[int] = []
    from netblt_sim.scenarios.bands import scenario as bands_scenario

    records = bands_scenario.RunBatch.records

    def watched(batch: bands_scenario.RunBatch, label: str, executor: object) -> object:
        seen.extend(run.seed for run in batch.runs)
        return records(batch, label, executor)  # type: ignore[arg-type]

    monkeypatch.setattr(bands_scenario.RunBatch, "records", watched)
    rng = np.random.default_rng(4)
    point, other = rng.random((2, len(small.factors())))
    outputs = simulator(small, None)(np.stack([point, point, other]), 1)
    assert np.array_equal(outputs[0], outputs[1])  # bit for bit
    assert not np.array_equal(outputs[0], outputs[2])
    configurations = len({t.group for t in small.targets()})
    expected = [small.seed_base + s for s in small.seeds] * configurations
    assert seen == expected * 3  # each point: every configuration with seeds 39001 and 39002


def bad_file(tmp_path: Path, **changes: object) -> Path:
    for path in (REPO_ROOT / "scenarios").glob("*.json"):
        (tmp_path / path.name).write_text(path.read_text())
    raw = json.loads((tmp_path / "calibration.json").read_text())
    (tmp_path / "calibration.json").write_text(json.dumps(raw | changes))
    return tmp_path


@pytest.mark.parametrize(("changes", "message"), [
    ({"seeds": [1]}, "seeds = \\[1\\]: must list at least two distinct seeds"),
    ({"waves": [192, 8]}, "at least one point per configuration \\(42\\)"),
    ({"cutoff": 0}, "cutoff = 0: must be a positive number"),
    ({"bands": "table-III"}, "bands = 'table-III': must name a scenario of kind bands"),
    ({"bands": "no-such"}, "bands = 'no-such'"),
    ({"options": {"models/hosts/ibm-pc-at.json:cpu.Nothing": "why"}}, "options names"),
    ({"best": 0}, "best = 0: must be a whole number, at least 1"),
])  # fmt: skip
def test_a_bad_calibration_file_is_refused_naming_the_entry(
    tmp_path: Path, changes: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        load_scenario("calibration", bad_file(tmp_path, **changes))
