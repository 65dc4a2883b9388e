# SPDX-License-Identifier: GPL-2.0-only
"""Reading a result store as data (`batch/results.py`): the frame `sweep` gave, filtered by any
parameter, in a process that never loads ns-3 nor needs the build; xarray, CSV and Parquet; the
commit and date of each run; files that are not stores refused by name."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pandas as pd
import pytest
from conftest import SCRIPTS_DIR

from netblt_sim import sweep
from netblt_sim.batch import store as store_module
from netblt_sim.batch.results import StoreReadError, export, results_frame, store_summary
from netblt_sim.batch.results import to_xarray
from netblt_sim.batch.store import ResultStore, source_commit
from netblt_sim.core import runtime

LOSSY = dict(loss=0.05, nbufs=2, xfsz_kb=143.8)
RING = dict(network="proteon-ring", bs=5, psz=1990, bfsz=19900, xfsz_kb=199, nbufs=1)


@pytest.fixture(scope="module")
def stored(ns: runtime.NsNamespace, tmp_path_factory: pytest.TempPathFactory
           ) -> tuple[Path, pd.DataFrame, pd.DataFrame, pd.DataFrame]:  # fmt: skip
    """A store with a point-to-point sweep (2 intervals x 2 seeds x 2 runs), a ring sweep and a
    ring sweep of flow sets, and the frames `sweep` gave for each."""
    path = tmp_path_factory.mktemp("results") / "runs.sqlite"
    lossy = sweep({"bi_ms": [30, 40], "seed": [1, 2]}, runs=2, progress=None, store=path,
                  **LOSSY)  # fmt: skip
    ring = sweep({"bi_ms": [30, 40]}, seed=1, progress=None, store=path, **RING)
    flows = sweep({"flows": [1, 2]}, bi_ms=40, seed=1, progress=None, store=path, **RING)
    return path, lossy, ring, flows


def test_the_frame_read_back_is_the_sweeps_with_the_stores_columns(
    stored: tuple[Path, pd.DataFrame, pd.DataFrame, pd.DataFrame],
) -> None:
    path, lossy, ring, flows = stored
    frame = results_frame(path, network="point-to-point")
    pd.testing.assert_frame_equal(frame[list(lossy.columns)], lossy, check_exact=True)
    assert list(frame.columns) == [*lossy.columns, "key", "code", "models", "commit",
                                   "stored_at"]  # fmt: skip
    assert frame["commit"].eq(source_commit()).all() and source_commit() is not None
    assert str(frame["stored_at"].dtype) == "datetime64[ns, UTC]"
    assert frame["stored_at"].is_monotonic_increasing and frame.attrs["left_out"] == 0
    ring_back = results_frame(path, network="proteon-ring")
    pd.testing.assert_frame_equal(ring_back[list(ring.columns)], ring, check_exact=True)
    # Flow sets: one row per flow, as flow_sets_frame (whose path_drops appears twice).
    flows_back = results_frame(path, flows=[1, 2])
    pd.testing.assert_frame_equal(flows_back.iloc[:, : flows.shape[1]], flows, check_exact=True)
    assert len(results_frame(path, flow_sets=True)) == len(flows) == 3


@pytest.mark.parametrize(
    ("query", "rows"),
    [
        ({"bi_ms": 30}, [(30, 1, 1), (30, 1, 2), (30, 2, 1), (30, 2, 2)]),
        ({"seed": 2, "rng_run": [2]}, [(30, 2, 2), (40, 2, 2)]),
        ({"bi_ms": [40], "seed": [1, 2], "rng_run": 1}, [(40, 1, 1), (40, 2, 1)]),
        ({"xfsz_kb": 143.8, "loss": 0.05, "bi_ms": range(35, 45)},
         [(40, 1, 1), (40, 1, 2), (40, 2, 1), (40, 2, 2)]),
        ({"xfsz_kb": 143.9}, []),
        ({"network": "wideband"}, []),
    ],
)  # fmt: skip
def test_a_query_selects_by_any_parameter(
    stored: tuple[Path, pd.DataFrame, pd.DataFrame, pd.DataFrame], query: dict[str, object],
    rows: list[tuple[int, int, int]],
) -> None:  # fmt: skip
    frame = results_frame(stored[0], **({"network": "point-to-point"} | query))
    if not rows:
        assert frame.empty
        return
    assert sorted(frame[["bi_ms", "seed", "rng_run"]].itertuples(index=False, name=None)) == rows


def test_an_unknown_query_name_is_refused_naming_it(tmp_path: Path,
        stored: tuple[Path, pd.DataFrame, pd.DataFrame, pd.DataFrame]) -> None:  # fmt: skip
    with pytest.raises(ValueError, match=r"query bi = 30: unknown name; results_frame selects "
                                         r"by \['bfsz', 'bi_ms', "):
        results_frame(stored[0], bi=30)
    with pytest.raises(ValueError, match=r"query flows = 2: unknown name.*flow_sets=True"):
        results_frame(stored[0], flows=2, flow_sets=False)


def test_to_xarray_puts_a_sweep_on_its_grid(
    stored: tuple[Path, pd.DataFrame, pd.DataFrame, pd.DataFrame],
) -> None:
    frame = results_frame(stored[0], network="point-to-point")
    data = to_xarray(frame, ["bi_ms", "seed", "rng_run"], ["retransmitted", "steady_state_mbps"])
    assert dict(data.sizes) == {"bi_ms": 2, "seed": 2, "rng_run": 2}
    row = frame[(frame["bi_ms"] == 40) & (frame["seed"] == 2) & (frame["rng_run"] == 1)].iloc[0]
    assert data["retransmitted"].sel(bi_ms=40, seed=2, rng_run=1).item() == row["retransmitted"]
    with pytest.raises(ValueError, match=r"dims = \['bi_ms'\]: 8 rows share their values .*"
                                         r"add the dimension that tells them apart"):
        to_xarray(frame, ["bi_ms"])
    with pytest.raises(ValueError, match=r"no column\(s\) \['speed'\] in the frame"):
        to_xarray(frame, ["bi_ms", "seed", "rng_run"], ["speed"])


def test_export_writes_csv_and_parquet_that_read_back(
    stored: tuple[Path, pd.DataFrame, pd.DataFrame, pd.DataFrame], tmp_path: Path,
) -> None:  # fmt: skip
    frame = results_frame(stored[0], network="proteon-ring")
    parquet = read_parquet(export(frame, tmp_path / "ring.parquet"), frame)
    pd.testing.assert_frame_equal(parquet, frame, check_exact=True)
    csv = pd.read_csv(export(frame, tmp_path / "ring.csv"))
    assert list(csv.columns) == list(frame.columns)
    assert csv["steady_state_mbps"].tolist() == frame["steady_state_mbps"].tolist()
    with pytest.raises(ValueError, match=r"'.*ring.xlsx': suffix '.xlsx': must be one of "
                                         r"\['.csv', '.parquet'\]"):
        export(frame, tmp_path / "ring.xlsx")


def read_parquet(path: Path, like: pd.DataFrame) -> pd.DataFrame:
    """A Parquet file read back, its text columns as `like`'s (fastparquet gives objects)."""
    back = pd.read_parquet(path)
    return back.astype({c: like[c].dtype for c in like.columns if like[c].dtype == "str"})


def test_a_store_is_read_in_a_process_that_never_loads_ns3_nor_reads_the_build(
    stored: tuple[Path, pd.DataFrame, pd.DataFrame, pd.DataFrame], tmp_path: Path,
) -> None:  # fmt: skip
    path, _, ring, _ = stored
    copy = tmp_path / "elsewhere.sqlite"  # the store file alone, as a colleague would get it
    with sqlite3.connect(path) as source, sqlite3.connect(copy) as target:
        source.backup(target)
    script = textwrap.dedent(f"""
        import sys
        import netblt_sim.core.runtime as runtime

        def refuse(*_args, **_kwargs):
            raise AssertionError("the build was used")

        runtime.load = refuse  # ns-3 never loaded ...
        import netblt_sim.batch.store as store
        store.code_identity = store._sha256_of_file = refuse  # ... nor a library hashed
        from netblt_sim import results_frame

        frame = results_frame({str(copy)!r}, network="proteon-ring")
        print(len(frame), frame["bi_ms"].tolist(), frame["steady_state_mbps"].tolist())
        loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("cppyy", "ns", "libcppyy"))
        print("loaded:", loaded)
    """)
    completed = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, text=True,
                               capture_output=True, timeout=120)  # fmt: skip
    assert completed.returncode == 0, completed.stderr
    lines = completed.stdout.splitlines()
    assert lines[0] == (f"2 {ring['bi_ms'].tolist()} {ring['steady_state_mbps'].tolist()}")
    assert lines[1] == "loaded: []"


def test_store_summary_counts_runs_per_network_commit_and_code(
    stored: tuple[Path, pd.DataFrame, pd.DataFrame, pd.DataFrame],
) -> None:
    summary = store_summary(stored[0])
    counts = {(row.table, row.network): row.runs for row in summary.itertuples()}
    assert counts == {("runs", "point-to-point"): 8, ("runs", "proteon-ring"): 4}
    assert summary["commit"].eq(source_commit()).all()
    assert (summary["first"] <= summary["last"]).all()


def test_a_store_of_before_the_commit_column_gets_it_and_reads_with_no_commit(
    tmp_path: Path, stored: tuple[Path, pd.DataFrame, pd.DataFrame, pd.DataFrame],
) -> None:  # fmt: skip
    old = tmp_path / "old.sqlite"
    with sqlite3.connect(stored[0]) as source, sqlite3.connect(old) as target:
        source.backup(target)
    with sqlite3.connect(old) as connection:
        for table in store_module.RUN_TABLES:
            connection.execute(f"ALTER TABLE {table} DROP COLUMN git_commit")
    frame = results_frame(old, network="proteon-ring")  # read-only: the file is left as it was
    assert len(frame) == 2 and frame["commit"].isna().all()
    assert "git_commit" not in _columns(old, "runs")
    with ResultStore(old):  # a writer adds the column; the rows of before keep NULL
        pass
    assert "git_commit" in _columns(old, "runs") and "git_commit" in _columns(old, "traced_runs")
    assert results_frame(old, network="proteon-ring")["commit"].isna().all()


def _columns(path: Path, table: str) -> set[str]:
    with sqlite3.connect(path) as connection:
        return {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}


def test_the_commit_is_git_describe_of_the_repository() -> None:
    described = subprocess.run(["git", "-C", str(SCRIPTS_DIR.parent), "describe", "--always",
                                "--dirty"], capture_output=True, text=True, check=True)  # fmt: skip
    assert source_commit() == described.stdout.strip()
    source_commit.cache_clear()
    try:
        assert source_commit(Path("/")) is None  # no checkout there
    finally:
        source_commit.cache_clear()


def _other_database(path: Path) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE notes (text)")


def _other_schema(path: Path) -> None:
    ResultStore(path).close()
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE store_info SET value = '7' WHERE name = 'schema'")


def _no_runs_table(path: Path) -> None:
    ResultStore(path).close()
    with sqlite3.connect(path) as connection:
        connection.execute("DROP TABLE runs")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: p.write_text("key,bi_ms\n1,30\n"), "not an SQLite file (it starts with "
                                                       "b'key,bi_ms\\n1,30\\n'), so not a result store"),
        (lambda p: p.write_bytes(b""), "empty (0 bytes), not a result store"),
        (lambda p: p.mkdir(), "not a file (a result store is one SQLite file)"),
        (lambda p: None, "no such file"),
        (_other_database, "an SQLite database of something else (application_id 0x0, tables "
                          "['notes']), not a netblt_sim result store"),
        (_other_schema, "schema version '7'; this package reads schema version '1'"),
        (_no_runs_table, "a result store without its table(s) ['runs']"),
    ],
)  # fmt: skip
def test_a_file_that_is_no_store_is_refused_naming_it_and_what_is_wrong(
    tmp_path: Path, make: object, message: str
) -> None:
    path = tmp_path / "given.sqlite"
    make(path)  # type: ignore[operator]
    with pytest.raises(StoreReadError) as error:
        results_frame(path)
    assert str(error.value) == f"{path}: {message}"
    with pytest.raises(StoreReadError, match="^" + str(path)):
        store_summary(path)


@pytest.mark.parametrize("keep", [50, 4096 * 3 + 10])
def test_a_truncated_store_is_refused_naming_it(
    stored: tuple[Path, pd.DataFrame, pd.DataFrame, pd.DataFrame], tmp_path: Path, keep: int,
) -> None:  # fmt: skip
    whole = tmp_path / "whole.sqlite"
    with sqlite3.connect(stored[0]) as source, sqlite3.connect(whole) as target:
        source.backup(target)
    cut = tmp_path / "cut.sqlite"
    cut.write_bytes(whole.read_bytes()[:keep])
    with pytest.raises(StoreReadError, match=rf"^{cut}: truncated: {keep} bytes, "):
        results_frame(cut)


def test_rows_of_another_version_of_the_package_are_left_out_and_counted(
    stored: tuple[Path, pd.DataFrame, pd.DataFrame, pd.DataFrame], tmp_path: Path,
) -> None:  # fmt: skip
    copy = tmp_path / "mixed.sqlite"
    with sqlite3.connect(stored[0]) as source, sqlite3.connect(copy) as target:
        source.backup(target)
    with sqlite3.connect(copy) as connection:
        key, parameters = connection.execute(
            "SELECT key, parameters FROM runs WHERE network = 'proteon-ring' LIMIT 1").fetchone()
        connection.execute("UPDATE runs SET parameters = ? WHERE key = ?",
                           (parameters.replace('"bs":', '"burst":'), key))  # fmt: skip
        connection.execute("UPDATE runs SET record = 'not json' WHERE network = 'point-to-point' "
                           "AND seed = 1")  # fmt: skip
    frame = results_frame(copy)
    assert len(frame) == 4 + 1 and frame.attrs["left_out"] == 4 + 1
