# SPDX-License-Identifier: GPL-2.0-only
"""Replications by ns-3 run number: `rng_run` beside `seed` (RngRun), `sweep(..., runs=N)`, and
every run of before (run 1) keeping its record, its store key and its frame's columns."""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import replace

import pytest

from netblt_sim import flow_set, run_transfer, sweep, transfer_parameters
from netblt_sim.batch.grid import with_runs
from netblt_sim.batch.store import parameters_key, run_key
from netblt_sim.core import runtime
from netblt_sim.core.flows import FlowSet
from netblt_sim.core.parameters import TransferParameters
from netblt_sim.core.transfer import TransferRecord, records_frame

LOSSY = dict(loss=0.05, nbufs=2, xfsz_kb=143.8)
WIDEBAND = dict(network="wideband", bs=5, bi_ms=55, psz=1432, bfsz=14320, nbufs=22)


def test_run_numbers_under_one_seed_give_different_runs_and_run_1_is_the_seed_alone(
    ns: runtime.NsNamespace,
) -> None:
    first = run_transfer(transfer_parameters(seed=3, **LOSSY))
    assert run_transfer(transfer_parameters(seed=3, rng_run=1, **LOSSY)) == first
    again = [run_transfer(transfer_parameters(seed=3, rng_run=run, **LOSSY)) for run in (2, 3)]
    assert again == [run_transfer(transfer_parameters(seed=3, rng_run=run, **LOSSY))
                     for run in (2, 3)]  # fmt: skip
    # Each run number draws its losses from streams of its own.
    losses = {(record.lost, record.data_packets_sent, record.events) for record in [first, *again]}
    assert len(losses) == 3


@pytest.mark.parametrize("value", [0, -1, 2**32, 1.5, True, "2"])
def test_a_bad_run_number_is_refused_by_name(value: object) -> None:
    with pytest.raises(ValueError, match=r"^rng_run = .*(whole number|from 1 to 4294967295)"):
        transfer_parameters(rng_run=value)


def test_run_1_keeps_the_store_key_it_had_before_run_numbers_existed() -> None:
    params = transfer_parameters(seed=5, **LOSSY)
    key = parameters_key(FlowSet.single(params))
    assert "rng_run" not in key
    # The key of before: every other field as it was; the digest the store keeps.
    assert run_key(FlowSet.single(params), "code", "models") == hashlib.sha256(json.dumps(
        {"parameters": key, "code": "code", "models": "models"}, sort_keys=True,
        separators=(",", ":")).encode()).hexdigest()  # fmt: skip
    other = parameters_key(FlowSet.single(replace(params, rng_run=2)))
    assert other == key | {"rng_run": 2}
    assert run_key(FlowSet.single(replace(params, rng_run=2)), "c", "m") != run_key(
        FlowSet.single(params), "c", "m")  # fmt: skip


def test_a_frame_has_the_rng_run_column_only_when_some_run_is_not_run_1() -> None:
    first, second = transfer_parameters(seed=1), transfer_parameters(seed=1, rng_run=2)
    record = TransferRecord(**{name: 0 for name in TransferRecord.__annotations__})
    assert "rng_run" not in records_frame([record], [first]).columns
    both = records_frame([record, record], [first, second])
    assert list(both["rng_run"]) == [1, 2]
    assert list(both.columns).index("rng_run") == list(both.columns).index("seed") + 1


def test_sweep_runs_replicates_each_combination_innermost(ns: runtime.NsNamespace) -> None:
    frame = sweep({"bi_ms": [30, 40]}, runs=3, seed=2, progress=None, **LOSSY)
    assert list(frame["bi_ms"]) == [30, 30, 30, 40, 40, 40]
    assert list(frame["rng_run"]) == [1, 2, 3, 1, 2, 3]
    assert frame["seed"].eq(2).all()
    # Each row is the run its parameters give alone; run 1 is the sweep without runs.
    alone = run_transfer(transfer_parameters(bi_ms=40, seed=2, rng_run=2, **LOSSY))
    assert frame.loc[4, "events"] == alone.events and frame.loc[4, "lost"] == alone.lost
    once = sweep({"bi_ms": [30, 40]}, seed=2, progress=None, **LOSSY)
    assert "rng_run" not in once.columns
    assert once["events"].tolist() == frame.loc[frame["rng_run"] == 1, "events"].tolist()


@pytest.mark.parametrize(
    ("grid", "fixed", "runs", "message"),
    [
        ({}, {}, 0, "runs = 0: must be a whole number, at least 1"),
        ({}, {}, 2.0, "runs = 2.0: must be a whole number"),
        ({"rng_run": [1, 2]}, {}, 2, "runs = 2 and rng_run given"),
        ({}, {"rng_run": 3}, 2, "runs = 2 and rng_run given"),
    ],
)
def test_bad_runs_are_refused_by_name(grid: dict[str, list[int]], fixed: dict[str, int],
                                      runs: object, message: str) -> None:  # fmt: skip
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        with_runs(grid, fixed, runs)
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        sweep(grid or {"seed": [1]}, runs=runs, progress=None, **fixed)  # type: ignore[arg-type]


def test_random_phases_are_drawn_anew_for_each_run_number_and_as_before_for_run_1() -> None:
    first = flow_set(flows=4, phase="random", seed=7, **WIDEBAND)
    assert flow_set(flows=4, phase="random", seed=7, rng_run=1, **WIDEBAND) == first
    # What Python's random.Random(seed) draws, as before run numbers existed.
    draw = random.Random(7)
    assert first.start_ms == (0.0, *(draw.randrange(55_000) / 1000 for _ in range(3)))
    second = flow_set(flows=4, phase="random", seed=7, rng_run=2, **WIDEBAND)
    assert second.start_ms != first.start_ms
    assert all(flow.rng_run == 2 for flow in second.flows)
    # A flow set's flows share the run number (it is the run's, not a flow's).
    mixed = FlowSet((first.flows[0], replace(first.flows[1], rng_run=2)), (0.0, 0.0))
    with pytest.raises(ValueError, match=r"flows\[1\]\.rng_run = 2, flows\[0\]\.rng_run = 1"):
        mixed.validate()


def test_the_default_parameters_are_run_1() -> None:
    assert TransferParameters().rng_run == 1
