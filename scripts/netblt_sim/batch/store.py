# SPDX-License-Identifier: GPL-2.0-only
"""The result store: every finished transfer in an SQLite file, keyed by all that determines it.

A run's key is the SHA-256 of the canonical JSON of

- every `TransferParameters` field (the network and the seed included; a run with a `pcap_dir`
  is never stored: it writes files), or for a flow set (`flows.FlowSet`) every flow's, each
  flow's start, the phase and the what-if attribute values;
- the code identity (`code_identity`): the C++ libraries of the build this process loads (the
  project's `build/lib/libnetbltsim-*.so` by default, or those of the build `NETBLT_SIM_BUILD`
  names, an ns-3 tree's own ns-3 libraries with them; by content), the Python files that turn parameters into a simulation and a record
  (`RUN_DEFINING_FILES`), the versions of the `ns3` and cppyy wheels, and the fields of
  `TransferRecord` and `flows.PathRecord`;
- the models identity of the run's network (`models_identity`): the values and units of the
  `models/` files it applies, as loaded by this process (what its runs apply, even if a file
  changed on disk since).

So a rebuilt library or a changed model value makes the runs it may change missing again (a
model value only those of the networks that apply it), and a sweep re-run with nothing changed
finds every run. Records (a run's `FlowSetRecord`, a single transfer's too) are stored as JSON
text of the dataclass; Python writes a float as the shortest text that reads back as the same
double, so a stored record reads back equal, bit for bit. Rows are committed one by one as runs finish, so a killed sweep loses no finished run.

Tables (`PRAGMA application_id` = `APPLICATION_ID` marks the file as a store):

- `store_info(name, value)`: `schema` = `SCHEMA_VERSION`;
- `runs(key PRIMARY KEY, network, seed, parameters, code, models, record, stored_at)`;
- `traced_runs(key, kind, network, seed, parameters, code, models, record, trace, stored_at)`,
  keyed by the run's key and the trace's kind: runs a scenario needs with a trace (`traced`),
  the record and the trace together;
- `scenario_outputs(key, scenario, files, summary, stored_at)`: what `scripts/reproduce` wrote
  for a scenario (each file's SHA-256, the lines it printed), keyed by everything the files
  depend on (`tools/outputs.py`).

A store written before a table existed gets it when opened. Both run tables also have
`git_commit`: `git describe --always --dirty` of the repository that made the run
(`source_commit`; NULL outside a git checkout, and in rows written before the column existed,
which a store gets when opened). It is no part of the key: a commit that changed nothing a run
depends on finds the runs of the one before. And `digest`, written with each row over its key
and record (`record_check.record_digest`): a row is given out only if its digest matches and
its record is one a run could have made (`record_check.record_problem`); any other row, one
written before the column existed too, is left out and its run simulated again.

A store is opened read-only when its file or directory cannot be written: it gives its runs
and keeps none. Every problem with the file is a `StoreError` naming it, raised before
anything is written to it.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import sqlite3
import subprocess
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict
from functools import cache
from pathlib import Path
from typing import Any, get_type_hints

from netblt_sim.batch.record_check import checked_row, record_digest
from netblt_sim.batch.store_file import (
    ADDED_COLUMNS,
    APPLICATION_ID,
    RUN_TABLES,
    SCHEMA_SQL,
    SCHEMA_VERSION,
    StoreError,
    is_writable,
    open_connection,
)
from netblt_sim.core import runtime
from netblt_sim.core.flows import FlowSet, FlowSetRecord, PathRecord
from netblt_sim.core.networks import get_network
from netblt_sim.core.parameters import FIELD_TYPES, TransferParameters, field_values
from netblt_sim.core.transfer import TransferRecord

# The core's files whose code decides what a run simulates and what its record holds, by
# name: a key depends on their contents, not on where they sit in the package.
RUN_DEFINING_FILES: tuple[str, ...] = ("simulation.py", "transfer.py", "flows.py", "parameters.py")
RUN_DEFINING_FILES += ("networks.py", "models.py", "overrides.py", "rate_trace.py", "queue_trace.py")
CORE_DIR: Path = Path(runtime.__file__).resolve().parent
# Wheels whose code runs inside every simulation (pinned in requirements.txt).
RUNTIME_DISTRIBUTIONS: tuple[str, ...] = ("ns3", "cppyy", "cppyy-backend", "cppyy-cling")
# Placeholders per query: SQLite allows at least 999.
_QUERY_CHUNK = 500

def _sha256_of_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _digest(value: object) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def record_fields_version() -> str:
    """The fields of `TransferRecord` and `PathRecord` and their types, as a digest."""
    return _digest([[name, str(kind)] for record in (TransferRecord, PathRecord)
                    for name, kind in get_type_hints(record).items()])  # fmt: skip


def code_identity(build: runtime.Ns3Build | None = None) -> str:
    """The digest of what every run shares: the C++ libraries of `build` (default: the one this
    process loads, `runtime.current_build`), `RUN_DEFINING_FILES`, the runtime wheels' versions
    and the record's fields."""
    files = (build or runtime.current_build()).identity_files()
    parts: dict[str, object] = {
        "libraries": {p.name: _sha256_of_file(p) for p in files},
        "python": {name: _sha256_of_file(CORE_DIR / name) for name in RUN_DEFINING_FILES},
        "wheels": {name: _distribution_version(name) for name in RUNTIME_DISTRIBUTIONS},
        "record_fields": record_fields_version(),
    }
    return _digest(parts)


@cache
def source_commit(repository: Path = runtime.REPO_ROOT) -> str | None:
    """`git describe --always --dirty` of the repository (a tag or an abbreviated commit, with
    `-dirty` if files differ from it), or None where git or a checkout is missing. Computed once
    per process: it says which code made the runs this process stores."""
    try:
        described = subprocess.run(
            ["git", "-C", str(repository), "describe", "--always", "--dirty"],
            capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return None
    text = described.stdout.strip()
    return text if described.returncode == 0 and text else None


def _distribution_version(name: str) -> str | None:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


def models_identity(network: str) -> str:
    """The digest of what `network`'s `models/` files give its runs: each file's category, name
    and role, every attribute's value and unit and every policy's type, as this process loaded them (and so applies
    them). A changed value or unit changes it; a changed source text or description does not."""
    return _digest(
        [
            [
                model.path.parent.name,
                model.name,
                role,
                {
                    kind: {name: [entry.value, entry.unit] for name, entry in entries.items()}
                    for kind, entries in model.attributes.items()
                },
                {
                    kind: {name: policy.type_name for name, policy in policies.items()}
                    for kind, policies in model.policies.items()
                },
            ]
            for model, role in get_network(network).models_with_roles()
        ]
    )


def parameters_key(run: FlowSet) -> dict[str, object]:
    """Every parameter as plain JSON values; floats as floats whatever number was given: each
    flow's, each flow's start, the phase and the what-if values; a single transfer
    (`FlowSet.is_single`) as its parameters alone, the key it had before every run was a flow
    set."""
    if run.is_single:
        return transfer_key(run.flows[0])
    return {
        "flows": [transfer_key(flow) for flow in run.flows],
        "start_ms": [float(start) for start in run.start_ms],
        "phase": run.phase,
        "overrides": [[o.kind, o.name, o.value] for o in run.overrides],
    }


def transfer_key(params: TransferParameters) -> dict[str, object]:
    """One transfer's parameters as plain JSON values (see `parameters_key`)."""
    if params.pcap_dir is not None:
        raise ValueError(f"pcap_dir = {str(params.pcap_dir)!r}: a run writing pcaps is not stored")
    values = field_values(params)
    if params.rng_run == 1:
        # Runs of ns-3's first run number keep the keys they had before rng_run existed.
        del values["rng_run"]
    if params.receiver_delay_ms is None:
        # Runs without a delayed receiver keep the keys they had before it could be.
        del values["receiver_delay_ms"]
    if params.gateway_feedback is None:
        # Runs through gateways that tell nothing keep the keys they had before they could.
        del values["gateway_feedback"]
    if not params.model_overrides:
        # Runs of the models as they are keep the keys they had before overrides existed.
        del values["model_overrides"]
    else:
        values["model_overrides"] = [[key, float(value)] for key, value in params.model_overrides]
    for name, value in values.items():
        if FIELD_TYPES[name] is float and not isinstance(value, bool):
            values[name] = float(value)
    return values


def is_storable(run: FlowSet) -> bool:
    """Runs that write pcap files are always simulated, never stored."""
    return all(params.pcap_dir is None for params in run.flows)


class KeyMaker:
    """`run_key` with the code identity computed once and each network's models identity once
    per network (the build and `models/` are taken to stay as they are while it is used)."""

    def __init__(self, code: str | None = None) -> None:
        self.code = code_identity() if code is None else code
        self._models: dict[str, str] = {}

    def models(self, network: str) -> str:
        if network not in self._models:
            self._models[network] = models_identity(network)
        return self._models[network]

    def key(self, params: FlowSet) -> str:
        return run_key(params, self.code, self.models(params.network))


def run_key(params: FlowSet, code: str, models: str) -> str:
    """The store's key of a run: the digest of its parameters and the two identities."""
    return _digest({"parameters": parameters_key(params), "code": code, "models": models})


class ResultStore:
    """An SQLite file of finished runs (`store_info`, `runs`; see the module's text).

    Opening creates the file and its tables if needed; a store that cannot be written (the file
    or its directory read-only) is opened read-only (`read_only`): it gives its runs and keeps
    no new one (`not_stored` counts them). Nothing is written before the file is known to be a
    store of this schema. StoreError (a ValueError) names the path if its directory does not
    exist, if it is a directory, if it is not an SQLite database, or if it is an SQLite
    database of something else or of another schema version.

    Every row read is checked (`record_check`: its digest and its record) before it is given
    out; those that fail are left out, to be simulated again, and counted in `dropped` with
    the first problem found (`dropped_problem`).
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.inserted = 0  # rows this object wrote
        self.not_stored = 0  # runs a read-only store could not keep
        self.dropped = 0  # rows read that failed their check
        self.dropped_problem: str | None = None  # the first of those rows' problems
        if self.path.is_dir():
            raise StoreError(f"store = {str(self.path)!r} is a directory: give an SQLite file path")
        if not self.path.parent.is_dir():
            raise StoreError(
                f"store = {str(self.path)!r}: directory {str(self.path.parent)!r} does not exist "
                "(the store's file is created, its directory is not)"
            )
        self.read_only = not is_writable(self.path)
        if self.read_only and not self.path.exists():
            raise StoreError(f"store = {str(self.path)!r}: directory {str(self.path.parent)!r} "
                             "is read-only, so no store can be created there")  # fmt: skip
        self._connection = open_connection(self.path, self.read_only)
        try:
            self._columns = self._initialise()
        except sqlite3.DatabaseError as error:
            self._connection.close()
            raise StoreError(
                f"store = {str(self.path)!r} is not an SQLite result store ({error}): give a new "
                "file name or a store written by netblt_sim"
            ) from None
        except ValueError:
            self._connection.close()
            raise

    def _initialise(self) -> dict[str, set[str]]:
        """Checks the file is a store of this schema (or empty), then, if it may write,
        creates what is missing; the columns of each run table."""
        connection = self._connection
        (application_id,) = connection.execute("PRAGMA application_id").fetchone()
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
        if application_id != APPLICATION_ID and tables:
            raise StoreError(
                f"store = {str(self.path)!r} is an SQLite database of something else (tables "
                f"{sorted(tables)}), not a netblt_sim result store"
            )
        if "store_info" in tables:
            row = connection.execute("SELECT value FROM store_info WHERE name = 'schema'"
                                     ).fetchone()  # fmt: skip
            if row is None or row[0] != SCHEMA_VERSION:
                found = "no schema version" if row is None else f"schema version {row[0]}"
                raise StoreError(f"store = {str(self.path)!r} has {found}, this package writes "
                                 f"{SCHEMA_VERSION}: give another file or delete it")  # fmt: skip
        elif application_id == APPLICATION_ID and tables:
            raise StoreError(f"store = {str(self.path)!r}: a result store without its store_info "
                             f"table (it has {sorted(tables)}): damaged")  # fmt: skip
        if self.read_only:
            if not {"store_info", *RUN_TABLES} <= tables:
                raise StoreError(f"store = {str(self.path)!r} is read-only and not a result "
                                 f"store with its tables (it has {sorted(tables)})")  # fmt: skip
            return self._run_columns()
        if application_id != APPLICATION_ID:
            connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        # WAL: a commit is one append, and a killed writer leaves every committed run readable.
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = NORMAL")
        with connection:
            connection.executescript(SCHEMA_SQL)
            connection.execute(
                "INSERT OR IGNORE INTO store_info (name, value) VALUES ('schema', ?)",
                (SCHEMA_VERSION,),
            )
            for table, columns in self._run_columns().items():
                # Added, not in SCHEMA_SQL: a store of before keeps its rows (these columns NULL;
                # rows without a digest are never given out).
                for column in ADDED_COLUMNS:
                    if column not in columns:
                        connection.execute(f"ALTER TABLE {table} ADD COLUMN {column} TEXT")
        return self._run_columns()

    def _run_columns(self) -> dict[str, set[str]]:
        return {table: {row[1] for row in self._connection.execute(f"PRAGMA table_info({table})")}
                for table in RUN_TABLES}  # fmt: skip

    def _column(self, table: str, column: str) -> str:
        """The column's name in a query, or NULL for a store of before it existed."""
        return column if column in self._columns[table] else "NULL"

    def _rows(self, query: str, arguments: Sequence[object]) -> list[tuple[Any, ...]]:
        try:
            return self._connection.execute(query, arguments).fetchall()
        except sqlite3.DatabaseError as error:
            raise StoreError(f"store = {str(self.path)!r} is damaged: reading its runs failed "
                             f"({error})") from None  # fmt: skip

    def drop(self, key: str, problem: str) -> None:
        """Counts a row that failed its check (`key` and `problem` say which and why)."""
        self.dropped += 1
        if self.dropped_problem is None:
            self.dropped_problem = f"run {key[:12]}: {problem}"

    def dropped_line(self) -> str:
        """What `dropped` counts, in a line naming the file."""
        return (f"result store {self.path}: {self.dropped} stored run(s) failed their check and "
                f"were simulated again (the first: {self.dropped_problem})")  # fmt: skip

    def get_many(self, runs: Mapping[str, FlowSet]) -> dict[str, FlowSetRecord]:
        """The stored records of those runs (key -> run) that are in the store and pass their
        check."""
        wanted = list(runs)
        found: dict[str, FlowSetRecord] = {}
        digest = self._column("runs", "digest")
        for start in range(0, len(wanted), _QUERY_CHUNK):
            chunk = wanted[start : start + _QUERY_CHUNK]
            rows = self._rows(f"SELECT key, record, {digest} FROM runs WHERE key IN "
                              f"({','.join('?' * len(chunk))})", chunk)  # fmt: skip
            for key, text, written in rows:
                record = self._checked(key, runs[key], text, written)
                if record is not None:
                    found[key] = record
        return found

    def _checked(self, key: str, run: FlowSet, text: object, written: object,
                 trace: object = None, digest_key: str | None = None
                 ) -> FlowSetRecord | None:  # fmt: skip
        """The row's record if it passes `record_check.checked_row`, else None, the row counted
        in `dropped`."""
        record, problem = checked_row(key, run, text, written, trace, digest_key)
        if problem is not None:
            self.drop(key, problem)
        return record

    def put(self, key: str, params: FlowSet, code: str, models: str,
            record: FlowSetRecord) -> None:  # fmt: skip
        """Stores one finished run and commits at once (counts it in `not_stored` instead if
        the store is read-only)."""
        if self.read_only:
            self.not_stored += 1
            return
        text = _json(asdict(record))
        with self._connection:
            self._connection.execute(
                "INSERT OR REPLACE INTO runs (key, network, seed, parameters, code, models, "
                "record, stored_at, git_commit, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (key, params.network, params.seed, _json(parameters_key(params)), code, models,
                 text, time.time(), source_commit(), record_digest(key, text)),  # fmt: skip
            )
        self.inserted += 1

    def get_traced(self, runs: Mapping[str, FlowSet], kind: str
                   ) -> dict[str, tuple[FlowSetRecord, Any]]:  # fmt: skip
        """The stored record and `kind` trace (its JSON value) of those runs (key -> run) that
        have one and pass their check."""
        wanted = list(runs)
        found: dict[str, tuple[FlowSetRecord, Any]] = {}
        digest = self._column("traced_runs", "digest")
        for start in range(0, len(wanted), _QUERY_CHUNK):
            chunk = wanted[start : start + _QUERY_CHUNK]
            rows = self._rows(
                f"SELECT key, record, trace, {digest} FROM traced_runs WHERE kind = ? AND key IN "
                f"({','.join('?' * len(chunk))})", [kind, *chunk]
            )  # fmt: skip
            for key, text, trace, written in rows:
                record = self._checked(key, runs[key], text, written, trace, f"{key}/{kind}")
                if record is not None:
                    found[key] = (record, json.loads(trace))
        return found

    def put_traced(self, key: str, kind: str, params: FlowSet, code: str, models: str,
                   record: FlowSetRecord, trace: object) -> None:  # fmt: skip
        """Stores one finished run with its trace and commits at once (see `put`)."""
        if self.read_only:
            self.not_stored += 1
            return
        text = _json(asdict(record))
        trace_text = json.dumps(trace, separators=(",", ":"), allow_nan=True)
        with self._connection:
            self._connection.execute(
                "INSERT OR REPLACE INTO traced_runs (key, kind, network, seed, parameters, code, "
                "models, record, trace, stored_at, git_commit, digest) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (key, kind, params.network, params.seed, _json(parameters_key(params)), code,
                 models, text, trace_text, time.time(), source_commit(),
                 record_digest(f"{key}/{kind}", text, trace_text)),
            )  # fmt: skip
        self.inserted += 1

    def get_outputs(self, key: str) -> tuple[dict[str, str], list[str]] | None:
        """The files a scenario wrote under `key` (name -> SHA-256) and the lines printed for
        it, or None (also for a row that is not of that shape: the scenario runs again)."""
        row = self._rows("SELECT files, summary FROM scenario_outputs WHERE key = ?", (key,))
        if not row:
            return None
        try:
            files, summary = json.loads(row[0][0]), json.loads(row[0][1])
        except (TypeError, ValueError):
            return None
        if not (isinstance(files, dict) and all(isinstance(v, str) for v in files.values())
                and isinstance(summary, list) and summary
                and all(isinstance(line, str) for line in summary)):
            return None  # fmt: skip
        return files, summary

    def put_outputs(self, key: str, scenario: str, files: Mapping[str, str],
                    summary: Sequence[str]) -> None:  # fmt: skip
        """Records what a scenario wrote under `key` and commits at once (nothing if the store
        is read-only)."""
        if self.read_only:
            return
        with self._connection:
            self._connection.execute(
                "INSERT OR REPLACE INTO scenario_outputs (key, scenario, files, summary, "
                "stored_at) VALUES (?, ?, ?, ?, ?)",
                (key, scenario, _json(files), json.dumps(list(summary)), time.time()),
            )

    def count(self) -> int:
        """How many runs the store holds."""
        (rows,) = self._rows("SELECT COUNT(*) FROM runs", ())[0]
        return int(rows)

    def keys(self) -> Iterator[str]:
        """Every stored key."""
        for (key,) in self._rows("SELECT key FROM runs ORDER BY key", ()):
            yield str(key)

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def _json(value: Mapping[str, Any]) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=True)
