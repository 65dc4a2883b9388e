# SPDX-License-Identifier: GPL-2.0-only
"""Every run is a set of flows, and a run a scenario needs with its trace comes from the result
store like any other: a single transfer is the set of one flow and keeps the key it had as a
transfer; a traced run stored once is read back, record and trace equal bit for bit, and is not
simulated again."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from netblt_sim.batch.executor import TransferExecutor, run_transfers
from netblt_sim.batch.store import ResultStore, parameters_key, transfer_key
from netblt_sim.batch.traced import RATE, TIME_SEQUENCE, run_traced
from netblt_sim.core import runtime
from netblt_sim.core.flows import FlowSet, flow_set
from netblt_sim.core.parameters import transfer_parameters
from netblt_sim.core.rate_trace import run_rate_traced
from netblt_sim.core.simulation import run_flow_set, run_transfer, trace_time_sequences

RING = dict(network="proteon-ring", bs=5, bi_ms=40, psz=1990, bfsz=19900, xfsz_kb=199)


def test_a_single_transfer_is_the_set_of_one_flow_and_keeps_its_key() -> None:
    params = transfer_parameters(**RING, seed=3)
    single = FlowSet.single(params)
    assert single.is_single and single.flows == (params,) and single.start_ms == (0.0,)
    assert parameters_key(single) == transfer_key(params)
    assert "flows" not in parameters_key(single)
    # A set of one flow chosen as a set (a phase, a later start, a what-if value) is keyed as
    # the set it is.
    for chosen in (flow_set(1, "synchronized", **RING, seed=3),
                   FlowSet((params,), (5.0,)),
                   flow_set(1, overrides={"netblt": {"DallyTime": "1s"}}, **RING, seed=3)):
        assert not chosen.is_single and "flows" in parameters_key(chosen)


def test_a_transfer_is_the_first_flow_of_its_set_of_one(ns: runtime.NsNamespace) -> None:
    params = transfer_parameters(**RING, loss=0.0, seed=2)
    record = run_flow_set(FlowSet.single(params))
    assert len(record.flows) == 1 and record.flows[0] == run_transfer(params)
    assert record.flows[0].completed and record.flows[0].intact


def test_a_traced_run_comes_back_from_the_store_bit_for_bit_without_simulating(
    ns: runtime.NsNamespace, tmp_path: Path
) -> None:
    runs = [FlowSet.single(transfer_parameters(**RING, seed=seed)) for seed in (1, 2)]
    runs.append(flow_set(2, "staggered", **RING, seed=1))
    store = tmp_path / "runs.sqlite"
    with TransferExecutor(store=store) as executor:
        first = run_traced(runs, TIME_SEQUENCE, executor)
        assert (executor.counts.simulated, executor.counts.cached) == (3, 0)
    with TransferExecutor(store=store) as executor:
        again = run_traced(runs, TIME_SEQUENCE, executor)
        assert (executor.counts.simulated, executor.counts.cached) == (0, 3)
    for (record, trace), (record_again, trace_again), run in zip(first, again, runs, strict=True):
        assert record == record_again
        pd.testing.assert_frame_equal(trace, trace_again, check_exact=True)
        assert trace_again.dtypes.to_dict() == trace.dtypes.to_dict()
        fresh_record, fresh_trace = trace_time_sequences(run)
        assert record == fresh_record
        pd.testing.assert_frame_equal(trace_again, fresh_trace, check_exact=True)
    assert len(first[2][1]["flow"].unique()) == 2


def test_a_rate_trace_is_stored_apart_from_a_time_sequence_of_the_same_run(
    ns: runtime.NsNamespace, tmp_path: Path
) -> None:
    run = FlowSet.single(transfer_parameters(**RING, rate_control="aimd", start_bs=1, seed=4))
    store = tmp_path / "runs.sqlite"
    with TransferExecutor(store=store) as executor:
        ((record, trace),) = run_traced([run], RATE, executor)
        run_traced([run], TIME_SEQUENCE, executor)  # the same run, another trace: simulated
        assert executor.counts.simulated == 2
        # The untraced record is a run of its own in the store, and the same record.
        assert run_transfers([run.flows[0]], None, executor) == [record.flows[0]]
    with ResultStore(store) as opened:
        assert opened.count() == 1
        keys = list(opened.keys())
        assert len(keys) == 1
        assert set(opened.get_traced(dict.fromkeys(keys, run), RATE.name)) == set(keys)
    with TransferExecutor(store=store) as executor:
        ((record_again, trace_again),) = run_traced([run], RATE, executor)
        assert executor.counts.simulated == 0
    assert (record_again, trace_again) == (record, trace) == run_rate_traced(run)
    assert len(trace.changes) > 1  # the policy did change the rate


@pytest.mark.parametrize("kind", [TIME_SEQUENCE, RATE])
def test_without_a_store_every_traced_run_is_simulated(ns: runtime.NsNamespace, kind: object) -> None:
    run = FlowSet.single(transfer_parameters(**RING, seed=1))
    with TransferExecutor() as executor:
        run_traced([run, run], kind, executor)  # type: ignore[arg-type]
        assert (executor.counts.simulated, executor.counts.cached) == (1, 0)
