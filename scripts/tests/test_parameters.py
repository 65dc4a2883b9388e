# SPDX-License-Identifier: GPL-2.0-only
"""`transfer_parameters`, the one builder of TransferParameters: every source (keywords, the
command line, a published table's row, a claim's or a measure's transfer, a sweep's grid) gives
the same parameters for the same transfer, and a bad name or value is refused by name."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from netblt_sim.batch.grid import grid_parameters, load_grid
from netblt_sim.core.parameters import TransferParameters, transfer_parameters
from netblt_sim.scenarios.measure.scenario import MeasureScenario
from netblt_sim.scenarios.registry import SCENARIOS_DIR, load_scenario
from netblt_sim.scenarios.table.scenario import TableScenario
from netblt_sim.tools.bench_wideband import best_run_parameters
from netblt_sim.tools.cli import build_parser, explain, parameter_values


def from_command_line(*arguments: str) -> TransferParameters:
    return transfer_parameters(**parameter_values(build_parser().parse_args(list(arguments))))


def test_a_table_row_the_keywords_and_the_command_line_give_the_same_parameters() -> None:
    scenario = load_scenario("table-II")
    assert isinstance(scenario, TableScenario)
    row = scenario.published().iloc[18]  # row 19: 5 x 1990 bytes every 35 ms, one buffer
    assert (row["row"], row["bi_ms"], row["psz"], row["nbufs"]) == (19, 35, 1990, 1)
    from_row = scenario.row_parameters(row)
    from_keywords = transfer_parameters(
        network="proteon-ring", bs=5, bi_ms=35, psz=1990, bfsz=19900, xfsz_kb=1990, nbufs=1,
        seed=2019,
    )  # fmt: skip
    command_line = from_command_line(
        "--network", "proteon-ring", "--bs", "5", "--bi-ms", "35", "--psz", "1990", "--bfsz",
        "19900", "--xfsz-kb", "1990", "--nbufs", "1", "--seed", "2019",
    )  # fmt: skip
    assert from_row == from_keywords == command_line
    # Plain Python numbers, though the row's are numpy's.
    assert all(type(getattr(from_row, name)) is int for name in ("bs", "bi_ms", "xfsz_bytes"))


def measure_runs(name: str) -> list[TransferParameters]:
    scenario = load_scenario(name)
    assert isinstance(scenario, MeasureScenario)
    return [p for _, p in scenario.parameters()]


def test_a_claim_a_measure_and_the_benchmark_build_as_the_keywords_do() -> None:
    claim_runs = measure_runs("ethernet-private")
    assert claim_runs[0] == transfer_parameters(
        network="ethernet-private", bs=5, bi_ms=30, psz=1438, bfsz=14380, xfsz_kb=1438, nbufs=2,
        seed=1,
    )  # fmt: skip
    best = measure_runs("wideband-best-run")
    keywords = dict(network="wideband", bs=5, bi_ms=55, psz=1432, bfsz=14320, nbufs=22, seed=1)
    assert best[0] == transfer_parameters(xfsz_kb=500, **keywords)
    assert best_run_parameters(50, 1) == transfer_parameters(
        xfsz_bytes=50_000_000, max_simulated_s=100_000.0, **keywords
    )


def test_rfc_units_and_other_numeric_types_become_the_fields_plain_values(tmp_path: Path) -> None:
    built = transfer_parameters(
        xfsz_kb=143.8, link_rate_mbps=2.048, bs=np.int64(3), loss=np.float64(0.25),
        link_delay_ms=2, pcap_dir=str(tmp_path),
    )  # fmt: skip
    assert (built.xfsz_bytes, built.link_rate_bps, built.bs) == (143_800, 2_048_000, 3)
    assert type(built.bs) is int
    assert type(built.loss) is float and type(built.link_delay_ms) is float
    assert built.pcap_dir == tmp_path
    assert transfer_parameters() == TransferParameters()


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"burst": 5}, r"unknown parameter\(s\) \['burst'\]; known: \[.*'xfsz_kb'"),
        ({"xfsz_kb": 1, "xfsz_bytes": 1000}, "give xfsz_kb or xfsz_bytes, not both"),
        ({"xfsz_kb": 0.0005}, r"xfsz_kb = 0.0005: must be a whole number of bytes"),
        ({"link_rate_mbps": "fast"}, r"link_rate_mbps = 'fast': must be a number \(Mbit/s\)"),
        ({"link_rate_mbps": 1e-7}, r"link_rate_mbps = 1e-07: must be a whole number of bits"),
        ({"bs": True}, "bs = True: must be a whole number"),
        ({"nbufs": 2.0}, "nbufs = 2.0: must be a whole number"),
        ({"seed": np.int64(0)}, "seed = 0: must be from 1"),
        ({"network": "token-bus"}, "network = 'token-bus': must be one of"),
    ],
)
def test_bad_names_and_values_are_refused_by_name(values: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        transfer_parameters(**values)


def test_a_scenario_with_an_impossible_transfer_is_refused_naming_the_value(
    tmp_path: Path,
) -> None:
    raw = json.loads((SCENARIOS_DIR / "ethernet-private.json").read_text(encoding="utf-8"))
    variant = tmp_path / "ethernet-private.json"
    transfer = raw["runs"][0]["transfer"]
    raw["runs"][0]["transfer"] = dict(transfer, psz=1500, bfsz=15000)
    variant.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(ValueError, match="psz = 1500 bytes does not fit the ethernet-private MTU"):
        load_scenario("ethernet-private", tmp_path)
    raw["runs"][0]["transfer"] = dict(transfer, psz=1438.5)
    variant.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(ValueError, match="psz = 1438.5: must be a whole number"):
        load_scenario("ethernet-private", tmp_path)
    raw["runs"][0]["transfer"] = dict(transfer, bi_ms=40)
    variant.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(ValueError, match=r"\['bi_ms'\] given both in the grid and as fixed"):
        load_scenario("ethernet-private", tmp_path)


def test_a_grid_gives_every_combination_in_product_order() -> None:
    grid = load_grid("grid", {"bi_ms": {"from": 40, "to": 50, "step": 5}, "seed": [1, 2]})
    assert grid == {"bi_ms": (40, 45, 50), "seed": (1, 2)}
    runs = grid_parameters(grid, network="proteon-ring", psz=1990, bfsz=19900)
    assert [(p.bi_ms, p.seed) for p in runs] == [(40, 1), (40, 2), (45, 1), (45, 2), (50, 1), (50, 2)]
    assert {(p.network, p.psz) for p in runs} == {("proteon-ring", 1990)}


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ([1, 2], "grid = [1, 2]: must be an object of parameter name -> values"),
        ({}, "grid = {}: must be an object"),
        ({"seed": []}, "grid.seed is empty"),
        ({"seed": 3}, "grid.seed = 3: must be a list of values or {from, to, step}"),
        ({"seed": {"from": 1}}, "a range has the keys ['from', 'to', 'step'] (step 1 if left out)"),
        ({"seed": {"from": 1, "to": 3, "by": 1}}, "a range has the keys"),
        ({"seed": {"from": 1, "to": 3.5}}, "from, to and step must be whole numbers"),
        ({"seed": {"from": 1, "to": 3, "step": 0}}, "needs from <= to and step >= 1"),
    ],
)
def test_a_bad_grid_is_refused_naming_the_entry(raw: object, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        load_grid("grid", raw)


@pytest.mark.parametrize(
    ("arguments", "option"),
    [
        (["--xfsz-kb", "0"], "--xfsz-kb: xfsz_bytes = 0"),  # the field, set by the alias
        (["--link-rate-mbps", "0.0000001"], "--link-rate-mbps: link_rate_mbps = 1e-07"),
        (["--bi-ms", "0"], "--bi-ms: bi_ms = 0"),
        (["--death-timeout-s", "0"], "--death-timeout-s: death_timeout_s = 0"),
        # An old spelling, an alias, is named by the option's name (the API's).
        (["--bi", "0"], "--bi-ms: bi_ms = 0"),
    ],
)
def test_the_command_line_names_the_option_of_a_bad_value(
    arguments: list[str], option: str
) -> None:
    parser = build_parser()
    with pytest.raises(ValueError) as raised:
        transfer_parameters(**parameter_values(parser.parse_args(arguments)))
    assert explain(raised.value, parser).startswith(option)
