# SPDX-License-Identifier: GPL-2.0-only
"""A result store read as data: its runs as a DataFrame, an xarray Dataset, a CSV or Parquet
file, without ns-3 and without the build.

    from netblt_sim.batch.results import export, results_frame, to_xarray

    ring = results_frame(".cache/netblt-results.sqlite", network="proteon-ring", nbufs=[1, 2])
    curves = to_xarray(ring[ring["psz"] == 1990], ["bi_ms", "nbufs", "seed"])
    export(ring, "ring.parquet")

A run's key hashes the build's libraries (`store.code_identity`), so finding a given run needs
the build; reading what a store holds does not. This module opens the file read-only, never
computes a key and never loads ns-3 (nor cppyy): a colleague with the store file alone, and this
repository's package, reads it. A store from elsewhere is data, never code: it is read as SQLite
and JSON only, and a file that is not a store (not SQLite, another application's database, or a
table or column missing), a truncated one or one of another schema version is refused with
`StoreReadError` (a ValueError) naming the file and what is wrong.

The frame is the one `sweep` returns for the same runs, column for column (single transfers:
`transfer.records_frame`; flow sets: `flows.flow_sets_frame`), followed by the store's columns
(`STORE_COLUMNS`): the run's key, the code and models identities it was made with, the commit
that made it (`git describe --always --dirty`, None for a run stored before the store recorded
it) and when it was stored (UTC). A store keeps the runs of every build and model value it was
given, so the same parameters may appear once per code identity: `code=` keeps one.
"""

from __future__ import annotations

import json
import os
import sqlite3
import struct
import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from netblt_sim.batch.record_check import StoreWarning, checked_row
from netblt_sim.batch.store_file import APPLICATION_ID, SCHEMA_VERSION, StoreError, open_connection
from netblt_sim.core.flows import (
    FLOW_SET_NAMES,
    AttributeOverride,
    FlowSet,
    FlowSetRecord,
    flow_sets_frame,
)
from netblt_sim.core.networks import NETWORKS
from netblt_sim.core.parameters import FIELD_TYPES, UNIT_ALIASES, TransferParameters
from netblt_sim.core.transfer import records_frame

if TYPE_CHECKING:
    import pandas as pd
    import xarray as xr

# The columns the store adds after the run's: its key, identities, commit and date.
STORE_COLUMNS: tuple[str, ...] = ("key", "code", "models", "commit", "stored_at")
# The columns of the store's `runs` table a reader needs (`git_commit` may be missing: a store
# written before it existed).
RUNS_COLUMNS: frozenset[str] = frozenset(
    ("key", "network", "seed", "parameters", "code", "models", "record", "stored_at")
)
# File formats `export` writes, by suffix.
EXPORT_FORMATS: tuple[str, ...] = (".csv", ".parquet")
_SQLITE_MAGIC = b"SQLite format 3\x00"
_SQLITE_HEADER_BYTES = 100
# Query names that select flow sets rather than single transfers.
_FLOW_SET_QUERY = ("flows", "phase")


class StoreReadError(StoreError):
    """A file that cannot be read as a result store: names the file and what is wrong."""


@dataclass(frozen=True)
class StoredRun:
    """One row of a store's `runs` table, decoded."""

    run: FlowSet
    record: FlowSetRecord
    key: str
    code: str
    models: str
    commit: str | None
    stored_at: float


def open_read_only(path: str | os.PathLike[str]) -> sqlite3.Connection:
    """A read-only connection to the result store at `path`, once it is checked to be one:
    an SQLite file whose size its header accounts for, marked as a netblt_sim store
    (`store.APPLICATION_ID`), of `store.SCHEMA_VERSION`, with its `runs` table.
    StoreReadError names the file and what is wrong."""
    file = Path(path)
    _check_sqlite_file(file)
    try:
        connection = open_connection(file, read_only=True)
    except StoreError as error:
        raise StoreReadError(str(error)) from None
    try:
        _check_store(file, connection)
    except sqlite3.DatabaseError as error:
        connection.close()
        raise StoreReadError(f"{file}: damaged, not a readable SQLite database ({error})") from None
    except StoreReadError:
        connection.close()
        raise
    return connection


def _check_sqlite_file(file: Path) -> None:
    if not file.exists():
        raise StoreReadError(f"{file}: no such file")
    if not file.is_file():
        raise StoreReadError(f"{file}: not a file (a result store is one SQLite file)")
    size = file.stat().st_size
    with file.open("rb") as opened:
        header = opened.read(_SQLITE_HEADER_BYTES)
    if not header:
        raise StoreReadError(f"{file}: empty (0 bytes), not a result store")
    if not header.startswith(_SQLITE_MAGIC[: len(header)]):
        raise StoreReadError(f"{file}: not an SQLite file (it starts with {header[:16]!r}), so "
                             "not a result store")  # fmt: skip
    if len(header) < _SQLITE_HEADER_BYTES:
        raise StoreReadError(f"{file}: truncated: {size} bytes, less than SQLite's "
                             f"{_SQLITE_HEADER_BYTES}-byte header")  # fmt: skip
    # The header's page size (1 for 65536) and page count, valid when its version-valid-for
    # number equals its change counter (SQLite's file format, section 1.3).
    (page_size,) = struct.unpack(">H", header[16:18])
    page_size = 65536 if page_size == 1 else page_size
    change_counter, page_count = struct.unpack(">II", header[24:32])
    (valid_for,) = struct.unpack(">I", header[92:96])
    if valid_for == change_counter and size < page_size * page_count:
        raise StoreReadError(f"{file}: truncated: {size} bytes, where its header gives "
                             f"{page_count} pages of {page_size} bytes "
                             f"({page_size * page_count} bytes)")  # fmt: skip


def _check_store(file: Path, connection: sqlite3.Connection) -> None:
    (application_id,) = connection.execute("PRAGMA application_id").fetchone()
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    if application_id != APPLICATION_ID:
        raise StoreReadError(f"{file}: an SQLite database of something else (application_id "
                             f"{application_id:#x}, tables {sorted(tables)}), not a netblt_sim "
                             "result store")  # fmt: skip
    missing_tables = sorted({"store_info", "runs"} - tables)
    if missing_tables:
        raise StoreReadError(f"{file}: a result store without its table(s) {missing_tables}")
    row = connection.execute("SELECT value FROM store_info WHERE name = 'schema'").fetchone()
    if row is None or row[0] != SCHEMA_VERSION:
        found = "no schema version" if row is None else f"schema version {row[0]!r}"
        raise StoreReadError(f"{file}: {found}; this package reads schema version "
                             f"{SCHEMA_VERSION!r}")  # fmt: skip
    columns = {row[1] for row in connection.execute("PRAGMA table_info(runs)")}
    if not RUNS_COLUMNS <= columns:
        raise StoreReadError(f"{file}: its runs table lacks the column(s) "
                             f"{sorted(RUNS_COLUMNS - columns)}")  # fmt: skip


def stored_runs(path: str | os.PathLike[str], network: object = None, seed: object = None,
                code: object = None) -> tuple[list[StoredRun], int]:  # fmt: skip
    """Every run of the store's `runs` table (those of `network`, `seed` and `code` if given:
    a value or a list of values), in the order stored, and how many rows were left out because
    their parameters or record are not this package's (a run of another version of it)."""
    connection = open_read_only(path)
    where, arguments = [], []
    for column, wanted in (("network", network), ("seed", seed), ("code", code)):
        if wanted is not None:
            values = _values_of(wanted)
            where.append(f"{column} IN ({','.join('?' * len(values))})")
            arguments += values
    columns = {row[1] for row in connection.execute("PRAGMA table_info(runs)")}
    commit, digest = (name if name in columns else "NULL" for name in ("git_commit", "digest"))
    query = (f"SELECT key, parameters, record, code, models, {commit}, stored_at, {digest} FROM "
             "runs" + (f" WHERE {' AND '.join(where)}" if where else "")
             + " ORDER BY stored_at, key")  # fmt: skip
    runs: list[StoredRun] = []
    left_out = 0
    failed: list[str] = []
    try:
        for key, parameters, record_text, code_id, models, git_commit, stored_at, written in (
            connection.execute(query, arguments)
        ):
            run = _run_from_json(parameters)
            if run is None or not isinstance(key, str):
                left_out += 1
                continue
            record, problem = checked_row(key, run, record_text, written)
            if record is None:
                failed.append(f"run {str(key)[:12]}: {problem}")
                continue
            if not isinstance(stored_at, int | float) or not isinstance(code_id, str):
                failed.append(f"run {key[:12]}: stored_at {stored_at!r}, code {code_id!r}")
                continue
            runs.append(StoredRun(run, record, key, code_id, str(models),
                                  None if git_commit is None else str(git_commit),
                                  float(stored_at)))  # fmt: skip
    except sqlite3.DatabaseError as error:
        raise StoreReadError(f"{path}: damaged, not a readable SQLite database ({error})") from None
    finally:
        connection.close()
    if failed:
        warnings.warn(f"result store {path}: {len(failed)} stored run(s) failed their check and "
                      f"are left out (the first: {failed[0]})", StoreWarning,
                      stacklevel=3)  # fmt: skip
    return runs, left_out + len(failed)


def results_frame(store: str | os.PathLike[str], *, flow_sets: bool | None = None,
                  code: str | Sequence[str] | None = None, **query: object) -> pd.DataFrame:  # fmt: skip
    """The stored runs that match `query` as one DataFrame, without ns-3 or the build.

    `query`: parameter name -> a value or a list of values (any of them), names as the frame's
    columns (`transfer_parameters`' field names, `xfsz_kb` and `link_rate_mbps` in their units;
    for flow sets also `flows` and `phase`), compared with the frame's values (a TCP run's
    `mtu` and `mss` those it ran with). `flow_sets`: runs of several flows (one row per flow,
    as `flow_sets_frame`) instead of single transfers (as `records_frame`); by default flow sets
    if the query names `flows` or `phase`. `code`: only runs of that code identity (or those).

    Columns: the run's, as `sweep` gives them, then `STORE_COLUMNS`. Rows in the order stored.
    `frame.attrs["left_out"]` counts rows whose parameters or record are not this package's.
    StoreReadError (a ValueError) names a file that is no result store; ValueError names an
    unknown query name."""
    import pandas as pd  # noqa: PLC0415 - only frames need it

    as_flow_sets = any(name in query for name in _FLOW_SET_QUERY) if flow_sets is None else (
        flow_sets)  # fmt: skip
    filters = _normalised_query(query, as_flow_sets)
    runs, left_out = stored_runs(store, filters.pop("network", None), filters.pop("seed", None),
                                 code)  # fmt: skip
    runs = [run for run in runs if run.run.is_single != as_flow_sets]
    if as_flow_sets:
        frame = flow_sets_frame([r.run for r in runs], [r.record for r in runs])
        flows_of_row = [r for r in runs for _ in r.run.flows]
    else:
        frame = records_frame([r.record.flows[0] for r in runs], [r.run.flows[0] for r in runs])
        flows_of_row = runs
    frame["key"] = [r.key for r in flows_of_row]
    frame["code"] = [r.code for r in flows_of_row]
    frame["models"] = [r.models for r in flows_of_row]
    frame["commit"] = pd.Series([r.commit for r in flows_of_row], dtype="str", index=frame.index)
    frame["stored_at"] = pd.to_datetime([r.stored_at for r in flows_of_row], unit="s", utc=True)
    for name, wanted in filters.items():
        frame = frame[frame[name].isin(_values_of(wanted))]
    frame = frame.reset_index(drop=True)
    frame.attrs["left_out"] = left_out
    return frame


def _normalised_query(query: Mapping[str, object], flow_sets: bool) -> dict[str, object]:
    """The query by column name (unit aliases as their fields' values); ValueError names an
    unknown name and lists the known ones."""
    known = set(FIELD_TYPES) - {"pcap_dir"}
    if flow_sets:
        known |= set(_FLOW_SET_QUERY)
    normalised: dict[str, object] = {}
    for name, value in query.items():
        if name in UNIT_ALIASES:
            alias = UNIT_ALIASES[name]
            normalised[alias.field] = [round(float(v) * alias.factor) for v in _values_of(value)]
        elif name in known:
            normalised[name] = value
        else:
            allowed = sorted(known | set(UNIT_ALIASES))
            raise ValueError(f"query {name} = {value!r}: unknown name; results_frame selects by "
                             f"{allowed}" + ("" if flow_sets or name not in FLOW_SET_NAMES else
                                             " (flow sets: flow_sets=True)"))  # fmt: skip
    return normalised


def _values_of(wanted: object) -> list[Any]:
    """A query's value as the list of values it accepts."""
    if isinstance(wanted, str | bytes) or not isinstance(wanted, Iterable):
        return [wanted]
    return list(wanted)


# The names a stored transfer's JSON may have: every field (pcap_dir always null: a run that
# writes pcaps is never stored).
_STORED_NAMES = frozenset(f.name for f in fields(TransferParameters))
_FLOW_SET_KEYS = frozenset(("flows", "start_ms", "phase", "overrides"))


def _run_from_json(text: str) -> FlowSet | None:
    """The run a store's `parameters` JSON describes (`store.parameters_key`), not validated
    (a store is data: its runs are taken as they were made), or None if it is not one this
    package's fields describe."""
    try:
        values = json.loads(text)
    except ValueError:
        return None
    if not isinstance(values, dict):
        return None
    if set(values) == _FLOW_SET_KEYS:
        flows = values["flows"]
        starts, overrides = values["start_ms"], values["overrides"]
        if not (isinstance(flows, list) and flows and isinstance(starts, list)
                and len(starts) == len(flows) and all(_fits(float, s) for s in starts)
                and isinstance(values["phase"], str) and isinstance(overrides, list)):
            return None  # fmt: skip
        parameters = [_parameters(flow) for flow in flows]
        if any(p is None for p in parameters) or not all(
                isinstance(o, list) and len(o) == 3 for o in overrides):
            return None  # fmt: skip
        return FlowSet(tuple(p for p in parameters if p is not None),
                       tuple(float(s) for s in starts), str(values["phase"]),
                       tuple(AttributeOverride(*(str(part) for part in o)) for o in overrides))
    single = _parameters(values)
    return None if single is None else FlowSet.single(single)


def _parameters(values: object) -> TransferParameters | None:
    """One transfer's parameters from its JSON (`store.transfer_key`: `rng_run` left out for
    run 1, `model_overrides` when empty), or None if a name or a value's type is not this
    package's."""
    if not isinstance(values, dict) or not set(values) <= _STORED_NAMES:
        return None
    given = dict(values)
    overrides = given.get("model_overrides", [])
    if not isinstance(overrides, list) or not all(
            isinstance(o, list) and len(o) == 2 and isinstance(o[0], str)
            and _fits(float, o[1]) for o in overrides):
        return None  # fmt: skip
    given["model_overrides"] = tuple((key, float(value)) for key, value in overrides)
    if not all(_fits(FIELD_TYPES[name], value) for name, value in given.items()
               if name != "model_overrides"):
        return None  # fmt: skip
    if given.get("network", TransferParameters.network) not in NETWORKS:
        return None  # a network this package does not know: its MTU is unknown
    return TransferParameters(**given)


def _fits(field_type: object, value: object) -> bool:
    """Whether a JSON value is of a parameter's type (a whole number for a float too)."""
    if value is None:
        return field_type in (int | None, str | None, Path | None)
    if isinstance(value, bool):
        return field_type is bool
    if isinstance(value, int):
        return field_type in (int, float, int | None)
    if isinstance(value, float):
        return field_type is float
    return isinstance(value, str) and field_type in (str, str | None)


def to_xarray(frame: pd.DataFrame, dims: Sequence[str],
              variables: Sequence[str] | None = None) -> xr.Dataset:  # fmt: skip
    """The frame as an xarray Dataset over `dims` (columns, typically a grid's names and
    `seed` or `rng_run`), each of `variables` (default: every other column) a data variable;
    a combination the frame lacks is NaN. ValueError names a column the frame lacks, or dims
    that several rows share (a dimension that tells them apart is missing)."""
    names = list(dims)
    wanted = [c for c in frame.columns if c not in names] if variables is None else list(
        variables)  # fmt: skip
    unknown = [name for name in (*names, *wanted) if name not in frame.columns]
    if not names or unknown:
        raise ValueError(f"dims = {names!r}, variables = {variables!r}: "
                         + (f"no column(s) {unknown} in the frame" if unknown else
                            "give at least one dimension"))  # fmt: skip
    repeated = frame[frame.duplicated(subset=names, keep=False)]
    if not repeated.empty:
        example = repeated.iloc[0][names].to_dict()
        raise ValueError(f"dims = {names!r}: {len(repeated)} rows share their values (e.g. "
                         f"{example}); add the dimension that tells them apart (seed, rng_run, "
                         "code, ...) or select first")  # fmt: skip
    return frame.set_index(names)[wanted].to_xarray()


def export(frame: pd.DataFrame, path: str | os.PathLike[str]) -> Path:
    """Writes the frame to `path`, a `.csv` (no index) or `.parquet` file (fastparquet), by its
    suffix; ValueError names another suffix. Returns the path."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix == ".csv":
        frame.to_csv(target, index=False)
    elif suffix == ".parquet":
        _write_parquet(frame, target)
    else:
        raise ValueError(f"{str(target)!r}: suffix {target.suffix!r}: must be one of "
                         f"{list(EXPORT_FORMATS)}")  # fmt: skip
    return target


def _write_parquet(frame: pd.DataFrame, target: Path) -> None:
    """Parquet through fastparquet, not pyarrow: pandas imports pyarrow whenever it is installed
    (and backs its strings with it), which would add about 40 MiB to every process of the
    package that imports pandas, ns-3's workers included."""
    with warnings.catch_warnings():
        # fastparquet reads an option pandas 3 deprecates when it is imported, and writes a
        # time zone through Series.values (the file keeps it): not ours to fix.
        warnings.filterwarnings("ignore", message=".*future.infer_string.*")
        warnings.filterwarnings("ignore", message="Series.values returning an ndarray that "
                                "drops timezone")  # fmt: skip
        import fastparquet  # noqa: PLC0415 - only for Parquet

        fastparquet.write(str(target), frame, write_index=False)


def store_summary(path: str | os.PathLike[str]) -> pd.DataFrame:
    """What a store holds, without decoding a run: per table (`runs`, `traced_runs`), network,
    commit and code identity, how many runs and when the first and last were stored (UTC)."""
    import pandas as pd  # noqa: PLC0415 - only frames need it

    connection = open_read_only(path)
    rows = []
    try:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
        for table in ("runs", "traced_runs"):
            if table not in tables:
                continue
            columns = {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}
            commit = "git_commit" if "git_commit" in columns else "NULL"
            rows += [(table, *row) for row in connection.execute(
                f"SELECT network, {commit}, code, COUNT(*), MIN(stored_at), MAX(stored_at) "
                f"FROM {table} GROUP BY network, {commit}, code ORDER BY network, MIN(stored_at)")]
    except sqlite3.DatabaseError as error:
        raise StoreReadError(f"{path}: damaged, not a readable SQLite database ({error})") from None
    finally:
        connection.close()
    frame = pd.DataFrame(rows, columns=["table", "network", "commit", "code", "runs", "first",
                                        "last"])  # fmt: skip
    for column in ("first", "last"):
        frame[column] = pd.to_datetime(frame[column], unit="s", utc=True)
    return frame
