# SPDX-License-Identifier: GPL-2.0-only
"""The result store (`store`) and the executor's use of it: exact records, resume after a kill,
invalidation by a changed model file, failed runs, and bad `workers`/`client`/`store` values."""

from __future__ import annotations

import json
import math
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from functools import partial
from pathlib import Path

import pandas as pd
import pytest
from conftest import REPO_ROOT

from netblt_sim import sweep, transfer_parameters
from netblt_sim.batch import executor as executor_module
from netblt_sim.batch.cluster import ClusterRunner
from netblt_sim.batch.executor import TransferExecutor, TransferFailedError, run_transfers
from netblt_sim.batch.grid import grid_parameters
from netblt_sim.batch.store import KeyMaker, ResultStore, code_identity, models_identity
from netblt_sim.core import models, networks, runtime
from netblt_sim.core.flows import FlowSet, FlowSetRecord, PathRecord
from netblt_sim.core.parameters import TransferParameters
from netblt_sim.core.transfer import TransferRecord, records_frame
from netblt_sim.core.simulation import run_flow_set, run_transfer
from netblt_sim.tools import reproduce

SMALL_ETHERNET = dict(network="ethernet", bs=5, psz=1438, bfsz=14380, xfsz_kb=143.8, nbufs=1)
SMALL_RING = dict(network="proteon-ring", bs=5, psz=1990, bfsz=19900, xfsz_kb=199, nbufs=1)


@pytest.fixture
def executed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[TransferParameters]]:
    """Every single transfer the executor simulates in this process, in order."""
    calls: list[TransferParameters] = []

    def counting_run_flow_set(flows: FlowSet) -> FlowSetRecord:
        assert flows.is_single
        calls.append(flows.flows[0])
        return run_flow_set(flows)

    monkeypatch.setattr(executor_module, "run_flow_set", counting_run_flow_set)
    yield calls


def test_a_stored_record_reads_back_equal_bit_for_bit(tmp_path: Path) -> None:
    record = TransferRecord(**_awkward_record())
    params = FlowSet.single(TransferParameters(seed=3))
    path = PathRecord(**dict.fromkeys(PathRecord.__annotations__, 0))
    with ResultStore(tmp_path / "runs.sqlite") as store:
        store.put("k", params, "code", "models", FlowSetRecord((record,), path))
        assert store.inserted == 1 and store.count() == 1
    with ResultStore(tmp_path / "runs.sqlite") as store:
        (stored,) = store.get_many({"k": params, "missing": params}).values()
    assert stored.path == path and len(stored.flows) == 1
    back = stored.flows[0]
    assert repr(back) == repr(record)  # NaN != NaN, so compare the exact texts
    for name, kind in TransferRecord.__annotations__.items():
        if kind == "float":
            assert getattr(back, name).hex() == getattr(record, name).hex(), name
    assert back.simulated_seconds == 5e-324 and back.receiver_cpu_seconds == 1.7976931348623157e308


def _awkward_record() -> dict[str, object]:
    """Floats that a decimal text of fixed digits would not give back exactly."""
    values: dict[str, object] = {}
    for index, (name, kind) in enumerate(TransferRecord.__annotations__.items()):
        if kind == "bool":
            values[name] = index % 2 == 0
        elif kind == "int":
            values[name] = 2**40 + index
        elif kind == "str":
            values[name] = "TRANSFER_COMPLETE"
        else:
            values[name] = 0.1 + 0.2 + index * 1e-17
    values["simulated_seconds"] = 5e-324  # the smallest subnormal
    values["receiver_cpu_seconds"] = 1.7976931348623157e308  # the largest double
    return values


def test_a_sweep_on_two_workers_gives_the_frame_of_one_bit_for_bit(
    ns: runtime.NsNamespace, tmp_path: Path
) -> None:
    grid = {"bi_ms": [30, 45], "seed": [1, 2], "nbufs": [1, 2]}
    fixed = {k: v for k, v in SMALL_ETHERNET.items() if k != "nbufs"}
    one = sweep(grid, progress=None, **fixed)
    two = sweep(grid, progress=None, workers=2, store=tmp_path / "runs.sqlite", **fixed)
    pd.testing.assert_frame_equal(one, two, check_exact=True)
    for column in one.columns[one.dtypes == "float64"]:
        assert [v.hex() for v in one[column]] == [v.hex() for v in two[column]], column
    assert list(two["bi_ms"]) == [30] * 4 + [45] * 4 and list(two["nbufs"]) == [1, 2] * 4
    # What the workers stored is what this process reads back: nothing simulated again.
    runs = grid_parameters(grid, **fixed)
    with TransferExecutor(store=tmp_path / "runs.sqlite") as executor:
        again = records_frame(run_transfers(runs, None, executor), runs)
        assert (executor.counts.simulated, executor.counts.cached) == (0, 8)
    pd.testing.assert_frame_equal(one, again, check_exact=True)


def test_a_batch_of_unmeasured_runs_goes_to_both_workers_in_guided_chunks(
    ns: runtime.NsNamespace,
) -> None:
    from distributed import get_task_stream

    runs = grid_parameters({"seed": range(1, 13)}, **SMALL_RING)
    with TransferExecutor(workers=2) as executor:
        client = executor.client()  # no warm-up: no run time is known to deal the batch by
        with get_task_stream(client=client) as stream:
            records = run_transfers(runs, None, executor)
        workers = set(client.scheduler_info()["workers"])
    assert [r.completed and r.intact for r in records] == [True] * 12
    ran = [task["worker"] for task in stream.data if "run_chunk" in str(task["key"])]
    # Each worker is sent two tasks at once and one more as each returns.
    assert {worker: ran.count(worker) >= 2 for worker in workers} == dict.fromkeys(workers, True)


def test_a_short_batch_of_measured_runs_is_dealt_out_one_task_per_worker(
    ns: runtime.NsNamespace,
) -> None:
    from distributed import get_task_stream

    runs = grid_parameters({"seed": range(1, 13)}, **SMALL_RING)
    with TransferExecutor(workers=2) as executor:
        executor.warm_up(FlowSet.single(runs[0]))  # times a run: 12 come to well under 1 s
        client = executor.client()
        with get_task_stream(client=client) as stream:
            records = run_transfers(runs, None, executor)
        workers = set(client.scheduler_info()["workers"])
    alone = run_transfers(runs, None)
    assert records == alone
    ran = [task["worker"] for task in stream.data if "run_chunk" in str(task["key"])]
    assert sorted(ran) == sorted(workers)


def test_runs_are_dealt_in_turn_reversed_every_round_and_only_when_short_and_measured() -> None:
    runner = ClusterRunner(workers=2)
    ring = [FlowSet.single(p) for p in grid_parameters({"seed": range(1, 6)}, **SMALL_RING)]
    assert runner._deal(ring, 2) == []  # no ring run timed yet
    runner._record_run_time(f"{ring[0].network} x 1", 0.010)
    assert runner._deal(ring, 2) == [[ring[0], ring[3], ring[4]], [ring[1], ring[2]]]
    assert runner._deal(ring, 3) == [[ring[0]], [ring[1], ring[4]], [ring[2], ring[3]]]
    assert runner._deal(ring[:1], 2) == []  # one run: nothing to share
    # 5 runs of 0.5 s are 1.25 s a worker, over TARGET_TASK_SECONDS: guided chunks instead.
    runner._record_run_time(f"{ring[0].network} x 1", 0.5)
    runner._record_run_time(f"{ring[0].network} x 1", 0.5)
    assert runner._deal(ring, 2) == []


def test_a_sweep_on_a_given_client_uses_it_and_leaves_it_open(
    ns: runtime.NsNamespace, tmp_path: Path
) -> None:
    from distributed import Client, LocalCluster

    grid = {"bi_ms": [30, 45], "seed": [1, 2]}
    here = sweep(grid, progress=None, **SMALL_RING)
    # A worker thread in this process, which has ns-3 loaded already: an existing cluster
    # without the cost of starting worker processes.
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster, Client(cluster) as client:  # fmt: skip
        there = sweep(grid, progress=None, client=client, store=tmp_path / "runs.sqlite",
                      **SMALL_RING)  # fmt: skip
        assert client.status == "running"
        with pytest.raises(ValueError, match="workers = 2 with a client: give workers .* or "
                           "client"):  # fmt: skip
            sweep(grid, progress=None, client=client, workers=2, **SMALL_RING)
    pd.testing.assert_frame_equal(here, there, check_exact=True)


# A sweep run in a fresh process, to be killed once some of its runs are stored. Its transfers
# take about 0.1 s each, so that the kill falls in the middle of one.
KILLED_GRID = {"seed": range(1, 11)}
KILLED_FIXED = dict(network="ethernet", bs=5, psz=1438, bfsz=14380, xfsz_kb=7190, nbufs=1, bi_ms=30)
KILLED_SWEEP = f"""
import sys
from netblt_sim import sweep
sweep({KILLED_GRID!r}, progress=None, store=sys.argv[1], **{KILLED_FIXED!r})
print("finished")
"""


def _stored_rows(path: Path) -> int:
    if not path.exists():
        return 0
    try:
        with sqlite3.connect(path, timeout=10) as connection:
            return int(connection.execute("SELECT COUNT(*) FROM runs").fetchone()[0])
    except sqlite3.OperationalError:
        return 0  # the tables are not there yet


def test_a_sweep_killed_midway_resumes_losing_nothing_and_running_nothing_twice(
    ns: runtime.NsNamespace, tmp_path: Path, executed: list[TransferParameters]
) -> None:
    path = tmp_path / "runs.sqlite"
    process = subprocess.Popen([sys.executable, "-c", KILLED_SWEEP, str(path)], cwd=REPO_ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    deadline = time.monotonic() + 120
    try:
        while _stored_rows(path) < 3 and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        process.send_signal(signal.SIGKILL)
        stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == -signal.SIGKILL, stderr.decode()
    assert b"finished" not in stdout
    runs = grid_parameters(KILLED_GRID, **KILLED_FIXED)
    maker = KeyMaker()
    with ResultStore(path) as store:
        stored_before = set(store.keys())
    finished = [p for p in runs if maker.key(FlowSet.single(p)) in stored_before]
    assert 3 <= len(stored_before) == len(finished) < len(runs)

    resumed = sweep(KILLED_GRID, progress=None, store=path, **KILLED_FIXED)
    # Exactly the runs that were not stored, once each, in grid order.
    assert executed == [p for p in runs if p not in finished]
    with ResultStore(path) as store:
        assert store.count() == len(runs)
        assert stored_before <= set(store.keys())
    executed.clear()
    uninterrupted = sweep(KILLED_GRID, progress=None, **KILLED_FIXED)
    assert len(executed) == len(runs)
    pd.testing.assert_frame_equal(resumed, uninterrupted, check_exact=True)


@pytest.fixture
def models_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of models/ that the networks load from (in this process) while the test runs."""
    copy = tmp_path / "models"
    shutil.copytree(models.MODELS_DIR, copy)
    monkeypatch.setattr(networks, "load_model", partial(models.load_model, models_dir=copy))
    networks._models.cache_clear()
    yield copy
    networks._models.cache_clear()


def test_a_changed_model_value_invalidates_the_runs_of_the_networks_that_apply_it(
    ns: runtime.NsNamespace, tmp_path: Path, models_copy: Path,
    executed: list[TransferParameters], capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    path = tmp_path / "runs.sqlite"
    runs = [
        transfer_parameters(bi_ms=30, seed=1, **SMALL_ETHERNET),
        transfer_parameters(bi_ms=40, seed=1, **SMALL_ETHERNET),
        transfer_parameters(bi_ms=40, seed=1, **SMALL_RING),
        transfer_parameters(seed=1),  # point-to-point: no model file
    ]

    def run_all() -> list[TransferRecord]:
        executed.clear()
        with TransferExecutor(store=path) as executor:  # a new executor reads models/ anew
            return run_transfers(runs, "stored runs", executor)

    before = run_all()
    assert executed == runs
    assert run_all() == before and executed == []
    assert "cached=4" in capsys.readouterr().err

    interface = models_copy / "interfaces" / "3com-3c500.json"
    ethernet_identity, ring_identity = models_identity("ethernet"), models_identity("proteon-ring")
    raw = json.loads(interface.read_text(encoding="utf-8"))
    raw["attributes"]["device"]["TransmitCopyCostPerByte"]["source"] += " (reworded)"
    interface.write_text(json.dumps(raw), encoding="utf-8")
    networks._models.cache_clear()
    assert models_identity("ethernet") == ethernet_identity  # a source text changes no run
    raw["attributes"]["device"]["TransmitCopyCostPerByte"]["value"] = 1.5  # was 0.993 us/byte
    interface.write_text(json.dumps(raw), encoding="utf-8")
    assert models_identity("ethernet") == ethernet_identity  # not loaded yet: not applied yet
    networks._models.cache_clear()
    assert models_identity("ethernet") != ethernet_identity
    assert models_identity("proteon-ring") == ring_identity

    after = run_all()
    assert executed == runs[:2]  # the Ethernet runs only
    assert after[2:] == before[2:]
    assert all(a.steady_state_mbps < b.steady_state_mbps for a, b in zip(after[:2], before[:2]))
    err = capsys.readouterr().err
    assert "done=2" in err and "cached=2" in err and "failed=0" in err
    with ResultStore(path) as store:
        assert store.count() == 6  # both versions of the Ethernet runs are kept


def test_a_rebuilt_library_changes_the_code_identity(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    for name in runtime.PROJECT_LIBRARIES:
        (tmp_path / "lib" / f"libnetbltsim-{name}.so").write_bytes(b"\x7fELF" + name.encode())
    build = runtime.Ns3Build(tmp_path)
    before = code_identity(build)
    assert code_identity(build) == before
    (tmp_path / "lib" / "libnetbltsim-soak-only.so").write_bytes(b"\x7fELF not loaded")
    assert code_identity(build) == before  # a library the runs do not load
    (tmp_path / "lib" / "libnetbltsim-wideband.so").write_bytes(b"\x7fELF rebuilt")
    assert code_identity(build) != before


def test_failed_runs_are_reported_after_the_others_are_stored(
    ns: runtime.NsNamespace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs = [transfer_parameters(seed=seed) for seed in (1, 2, 3)]

    def failing_second(flows: FlowSet) -> FlowSetRecord:
        if flows.seed == 2:
            raise RuntimeError("simulated failure")
        return run_flow_set(flows)

    monkeypatch.setattr(executor_module, "run_flow_set", failing_second)
    with TransferExecutor(store=tmp_path / "runs.sqlite") as executor:
        with pytest.raises(TransferFailedError, match=r"1 transfer\(s\) failed.*seed=2.*"
                           r"RuntimeError: simulated failure"):  # fmt: skip
            run_transfers(runs, None, executor)
        assert (executor.counts.simulated, executor.counts.failed) == (2, 1)
        assert executor.store is not None and executor.store.count() == 2


def test_pcap_runs_are_simulated_every_time_and_never_stored(
    ns: runtime.NsNamespace, tmp_path: Path, executed: list[TransferParameters]
) -> None:
    params = replace(transfer_parameters(seed=1), pcap_dir=tmp_path / "pcap")
    with TransferExecutor(store=tmp_path / "runs.sqlite") as executor:
        run_transfers([params], None, executor)
        run_transfers([params], None, executor)
        assert executor.store is not None and executor.store.count() == 0
    assert executed == [params, params]


@pytest.mark.parametrize(
    ("value", "error", "message"),
    [
        (0, ValueError, "workers = 0: must be at least 1"),
        (-2, ValueError, "workers = -2: must be at least 1"),
        ("two", TypeError, "workers = 'two': must be a whole number"),
        (2.0, TypeError, "workers = 2.0: must be a whole number"),
        (True, TypeError, "workers = True: must be a whole number"),
    ],
)
def test_a_bad_workers_value_is_refused_by_name(value: object, error: type[Exception],
                                                message: str) -> None:  # fmt: skip
    with pytest.raises(error, match=message):
        sweep({"seed": [1]}, progress=None, workers=value)


def test_a_bad_client_or_store_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match=r"client = 42: must be a distributed.Client"):
        sweep({"seed": [1]}, progress=None, client=42)
    with pytest.raises(TypeError, match=r"store = 123: must be a path"):
        sweep({"seed": [1]}, progress=None, store=123)
    missing = tmp_path / "no-such-directory" / "runs.sqlite"
    with pytest.raises(ValueError, match=rf"store = '{missing}': directory .* does not exist"):
        sweep({"seed": [1]}, progress=None, store=missing)
    assert not missing.parent.exists()
    text = tmp_path / "notes.txt"
    text.write_text("not a database, but long enough to have a header of sorts\n" * 20)
    with pytest.raises(ValueError, match=rf"store = '{text}' is not an SQLite result store"):
        sweep({"seed": [1]}, progress=None, store=text)
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE accounts (id INTEGER)")
    with pytest.raises(ValueError, match=r"of something else \(tables \['accounts'\]\)"):
        sweep({"seed": [1]}, progress=None, store=other)
    with pytest.raises(ValueError, match=r"is a directory"):
        sweep({"seed": [1]}, progress=None, store=tmp_path)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--workers", "0"], "--workers 0: workers = 0: must be at least 1"),
        (["--workers", "two"], "argument --workers: invalid int value: 'two'"),
        (["--store", "/no-such-directory/runs.sqlite"], "--store /no-such-directory/runs.sqlite: "
         "store = '/no-such-directory/runs.sqlite': directory '/no-such-directory' does not exist"),
        (["--store", "x.sqlite", "--no-store"], "not allowed with argument --store"),
    ],
)  # fmt: skip
def test_reproduce_refuses_bad_workers_and_store_with_exit_status_2(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        reproduce.main(arguments)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err
