# SPDX-License-Identifier: GPL-2.0-only
"""A result store vouches for what it gives out: a row is used only if its digest matches and
its record is one a run could make (`record_check`); any other is dropped, its run simulated
again and the drop counted naming the file. A store is never changed by a refusal, a read-only
one is read, and a damaged one ends the command line in one line, exit 2."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from netblt_sim import transfer_parameters
from netblt_sim.batch.executor import TransferExecutor
from netblt_sim.batch.record_check import StoreWarning, path_rate_bps, record_digest, record_problem
from netblt_sim.batch.results import results_frame
from netblt_sim.batch.store import ResultStore
from netblt_sim.batch.store_file import StoreError
from netblt_sim.core import runtime
from netblt_sim.core.flows import FlowSet
from netblt_sim.core.simulation import run_flow_set
from netblt_sim.tools import campaign, reproduce

SMALL_RING = dict(network="proteon-ring", bs=5, psz=1990, bfsz=19900, xfsz_kb=39.8, nbufs=1)
RUNS = [FlowSet.single(transfer_parameters(**SMALL_RING, bi_ms=bi_ms)) for bi_ms in (30, 40)]


@pytest.fixture(scope="module")
def good_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store holding `RUNS`, made by the executor."""
    path = tmp_path_factory.mktemp("good") / "runs.sqlite"
    with TransferExecutor(store=path) as executor:
        executor.run(RUNS, None)
        assert executor.counts.simulated == len(RUNS)
    return path


def _copy(store: Path, where: Path) -> Path:
    copy = where / "copy.sqlite"
    with sqlite3.connect(store) as source, sqlite3.connect(copy) as target:
        source.backup(target)
    return copy


def _rewrite_records(store: Path, change: Callable[[dict[str, Any]], None],
                     forge_digest: bool) -> None:  # fmt: skip
    """Changes every run's record in place, its key kept; with `forge_digest` also writes the
    digest a forger would compute for the changed record."""
    with sqlite3.connect(store) as connection:
        for key, text in connection.execute("SELECT key, record FROM runs").fetchall():
            values = json.loads(text)
            for flow in values["flows"]:
                change(flow)
            changed = json.dumps(values, sort_keys=True, separators=(",", ":"))
            digest = record_digest(key, changed) if forge_digest else None
            connection.execute("UPDATE runs SET record = ?, digest = COALESCE(?, digest) "
                               "WHERE key = ?", (changed, digest, key))  # fmt: skip


def _every_float_999(flow: dict[str, Any]) -> None:
    for name, value in flow.items():
        if isinstance(value, float):
            flow[name] = 999.0


def _garbage_numbers(flow: dict[str, Any]) -> None:
    for name, value in flow.items():
        if isinstance(value, int | float) and not isinstance(value, bool):
            flow[name] = "garbage"


@pytest.mark.parametrize(
    ("change", "forge_digest", "problem"),
    [
        (_every_float_999, False, "its digest does not match its key and record"),
        (_every_float_999, True, "flows[0].real_mbps = 999.0 Mbit/s is above the 10 "
                                 "Mbit/s the proteon-ring path carries"),
        (_garbage_numbers, True, "flows[0].bytes_given = 'garbage': must be a whole number "
                                 "from 0 to"),
        (lambda flow: flow.update(lost=-1), True, "flows[0].lost = -1: must be a whole number"),
        (lambda flow: flow.update(completed=1), True, "flows[0].completed = 1: must be true or "
                                                      "false"),
        (lambda flow: flow.pop("events"), True, "its flows[0] record does not have dict fields"),
    ],
)  # fmt: skip
def test_a_falsified_record_is_dropped_and_its_run_simulated_again(
    ns: runtime.NsNamespace, good_store: Path, tmp_path: Path,
    change: Callable[[dict[str, Any]], None], forge_digest: bool, problem: str,
) -> None:  # fmt: skip
    store = _copy(good_store, tmp_path)
    _rewrite_records(store, change, forge_digest)
    with pytest.warns(StoreWarning) as warned, TransferExecutor(store=store) as executor:
        records = executor.run(RUNS, None)
        assert executor.counts.simulated == len(RUNS) and executor.counts.cached == 0
        assert executor.store is not None and executor.store.dropped == len(RUNS)
    assert records == [run_flow_set(run) for run in RUNS]
    (message,) = [str(w.message) for w in warned]
    assert message.startswith(f"result store {store}: 2 stored run(s) failed their check and "
                              "were simulated again (the first: run ")  # fmt: skip
    assert problem in message
    # The runs simulated again replaced the dropped rows: nothing is dropped the next time.
    with warnings.catch_warnings():
        warnings.simplefilter("error", StoreWarning)
        with TransferExecutor(store=store) as executor:
            assert executor.run(RUNS, None) == records and executor.counts.cached == len(RUNS)


def test_results_frame_leaves_out_falsified_rows_and_says_so(good_store: Path,
                                                             tmp_path: Path) -> None:  # fmt: skip
    store = _copy(good_store, tmp_path)
    assert len(results_frame(store)) == len(RUNS)
    _rewrite_records(store, _garbage_numbers, forge_digest=True)
    with pytest.warns(StoreWarning, match=rf"^result store {store}: 2 stored run\(s\) failed "
                                          r"their check and are left out"):  # fmt: skip
        frame = results_frame(store)
    assert frame.empty and frame.attrs["left_out"] == len(RUNS)


def test_campaign_export_says_in_a_line_which_rows_it_left_out(
    good_store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    store = _copy(good_store, tmp_path)
    _rewrite_records(store, _every_float_999, forge_digest=False)
    assert campaign.main(["export", str(tmp_path / "runs.csv"), "--store", str(store)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"result store {store}: 2 stored run(s) failed their check and are left out (the first: "
        f"run {_first_key(store)[:12]}: its digest does not match its key and record)",
        f"wrote {tmp_path / 'runs.csv'} (0 rows; 2 stored rows left out: of another version of "
        "the package, or failing their check)",
    ]


def _first_key(store: Path) -> str:
    with sqlite3.connect(store) as connection:
        return str(connection.execute("SELECT key FROM runs ORDER BY stored_at, key LIMIT 1"
                                      ).fetchone()[0])  # fmt: skip


def test_a_row_written_without_a_digest_is_not_given_out(good_store: Path, tmp_path: Path) -> None:
    store = _copy(good_store, tmp_path)
    with sqlite3.connect(store) as connection:
        connection.execute("UPDATE runs SET digest = NULL")
    with ResultStore(store) as opened:
        keys = list(opened.keys())
        assert opened.get_many(dict(zip(keys, RUNS, strict=True))) == {}
        assert opened.dropped == 2
        assert "no digest (written before stores kept one)" in opened.dropped_line()


def test_the_path_rate_is_the_links_or_the_fastest_a_networks_models_give() -> None:
    ring = FlowSet.single(transfer_parameters(network="proteon-ring"))
    link = FlowSet.single(transfer_parameters(network="point-to-point", link_rate_mbps=1.5))
    assert path_rate_bps(ring) == 10e6 and path_rate_bps(link) == 1.5e6
    good = run_flow_set(RUNS[0])
    values = json.loads(json.dumps({"flows": [vars(good.flows[0])], "path": vars(good.path)}))
    assert record_problem(values, RUNS[0]) is None
    assert record_problem(values, FlowSet((RUNS[0].flows[0],) * 2, (0.0, 0.0))) == (
        "its record has 1 flow records for a run of 2 flow(s)")


def test_a_store_of_another_schema_is_refused_before_anything_is_written(
    good_store: Path, tmp_path: Path,
) -> None:  # fmt: skip
    store = _copy(good_store, tmp_path)
    connection = sqlite3.connect(store, isolation_level=None)
    connection.execute("PRAGMA journal_mode = DELETE")
    connection.execute("UPDATE store_info SET value = '7' WHERE name = 'schema'")
    connection.execute("ALTER TABLE runs DROP COLUMN digest")
    connection.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy.sqlite"]
    before = store.read_bytes()
    with pytest.raises(StoreError, match=rf"^store = '{store}' has schema version 7, this "
                                         "package writes 1"):  # fmt: skip
        ResultStore(store)
    assert store.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy.sqlite"]  # no -wal, no -shm


@pytest.fixture
def read_only_directory(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    """A directory and its read-only view (a read-only bind mount where this process may
    mount, as root in CI, whom permissions would not stop; else the directory made read-only
    by its mode)."""
    writable, view = tmp_path / "writable", tmp_path / "read-only"
    writable.mkdir()
    view.mkdir()
    if os.geteuid() != 0:
        yield writable, writable
        return
    mounted = subprocess.run(["mount", "--bind", "-o", "ro", str(writable), str(view)],
                             capture_output=True, text=True, check=False)  # fmt: skip
    if mounted.returncode != 0:
        pytest.skip(f"root cannot make a read-only view here: {mounted.stderr.strip()}")
    try:
        yield writable, view
    finally:
        subprocess.run(["umount", str(view)], check=True)


def test_a_store_in_a_read_only_directory_is_read_and_said_to_be_read_only(
    good_store: Path, read_only_directory: tuple[Path, Path], capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    writable, view = read_only_directory
    shutil.copy(good_store, writable / "runs.sqlite")  # the WAL checkpointed: one file
    if writable == view:
        (writable / "runs.sqlite").chmod(0o444)
        writable.chmod(0o555)
    try:
        assert not os.access(view, os.W_OK)
        with ResultStore(view / "runs.sqlite") as opened:
            assert opened.read_only and opened.count() == len(RUNS)
        assert len(results_frame(view / "runs.sqlite")) == len(RUNS)
        with TransferExecutor(store=view / "runs.sqlite") as executor:
            executor.run([*RUNS, FlowSet.single(transfer_parameters(**SMALL_RING, bi_ms=50))],
                         None)  # fmt: skip
            assert (executor.counts.cached, executor.counts.simulated) == (2, 1)
            assert executor.store is not None and executor.store.not_stored == 1
        with pytest.raises(StoreError, match="is read-only, so no store can be created there"):
            ResultStore(view / "new.sqlite")
    finally:
        writable.chmod(0o755)
    assert sorted(p.name for p in writable.iterdir()) == ["runs.sqlite"]


def test_reproduce_keeps_committed_results_when_its_store_is_falsified(
    ns: runtime.NsNamespace, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    scenario = tmp_path / "small-ethernet-private.json"
    raw = json.loads((runtime.REPO_ROOT / "scenarios" / "ethernet-private.json").read_text())
    raw["runs"] = raw["runs"][:1]
    raw["runs"][0]["grid"] = {"bi_ms": [41, 45], "seed": [1]}
    raw["runs"][0]["transfer"]["xfsz_kb"] = 28.76
    scenario.write_text(json.dumps(raw), encoding="utf-8")
    store, results = tmp_path / "runs.sqlite", tmp_path / "results"
    arguments = [str(scenario), "--store", str(store), "--results-dir", str(results),
                 "--workers", "1"]  # fmt: skip
    assert reproduce.main(arguments) == 0
    written = {str(p): p.read_bytes() for p in results.rglob("*") if p.is_file()}
    _rewrite_records(store, _every_float_999, forge_digest=False)
    capsys.readouterr()
    assert reproduce.main([*arguments, "--force"]) == 0
    out = capsys.readouterr().out
    assert "transfers: 2 simulated, 0 from the result store" in out
    assert (f"result store {store}: 2 stored run(s) failed their check and were simulated "
            "again") in out
    assert {str(p): p.read_bytes() for p in results.rglob("*") if p.is_file()} == written


def test_reproduce_ends_in_one_line_when_its_store_is_damaged_while_read(
    good_store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    store = _copy(good_store, tmp_path)
    connection = sqlite3.connect(store, isolation_level=None)
    connection.execute("PRAGMA journal_mode = DELETE")
    connection.close()
    data = bytearray(store.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    data[page_size:] = b"\xff" * (len(data) - page_size)  # every page past the first
    store.write_bytes(bytes(data))
    with pytest.raises(SystemExit) as exit_info:
        reproduce.main(["ethernet-private", "--store", str(store), "--results-dir",
                        str(tmp_path / "results"), "--workers", "1", "--force"])  # fmt: skip
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(store) in err
    assert not (tmp_path / "results").exists()


def test_paths_on_reproduces_command_line_are_the_callers(
    ns: runtime.NsNamespace, tmp_path: Path,
) -> None:  # fmt: skip
    raw = json.loads((runtime.REPO_ROOT / "scenarios" / "ethernet-private.json").read_text())
    raw["runs"] = raw["runs"][:1]
    raw["runs"][0]["grid"] = {"bi_ms": [45], "seed": [1]}
    raw["runs"][0]["transfer"]["xfsz_kb"] = 28.76
    (tmp_path / "beside-me.json").write_text(json.dumps(raw), encoding="utf-8")
    finished = subprocess.run(
        [str(runtime.REPO_ROOT / "scripts" / "reproduce"), "beside-me.json", "--store",
         "mine.sqlite", "--results-dir", "out", "--workers", "1"],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert finished.returncode == 0, finished.stderr
    assert (tmp_path / "mine.sqlite").is_file()
    assert (tmp_path / "out" / "beside-me" / "beside-me.csv").is_file()
    assert not (runtime.REPO_ROOT / "mine.sqlite").exists()
    assert not (runtime.REPO_ROOT / "out").exists()
