# SPDX-License-Identifier: GPL-2.0-only
"""A result store's file: what marks it as one (`APPLICATION_ID`, `SCHEMA_VERSION`), its
tables (`SCHEMA_SQL`, and the columns added since, `ADDED_COLUMNS`), and how it is opened:
read-write, or read-only where it cannot be written (`open_connection`). `StoreError` names the
file in every problem with it. The store itself, its keys and its rows: `store`."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

SCHEMA_VERSION = "1"
APPLICATION_ID = 0x4E424C54  # "NBLT"
# The tables that hold runs, each with the columns of `ADDED_COLUMNS` added to what SCHEMA_SQL
# creates: `git_commit` (see `store`) and `digest` (`record_check.record_digest`).
RUN_TABLES: tuple[str, ...] = ("runs", "traced_runs")
ADDED_COLUMNS: tuple[str, ...] = ("git_commit", "digest")
SCHEMA_SQL = """
CREATE TABLE IF NOT EXISTS store_info (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
    key TEXT PRIMARY KEY,       -- run_key(): SHA-256 of parameters, code and models identities
    network TEXT NOT NULL,
    seed INTEGER NOT NULL,
    parameters TEXT NOT NULL,   -- canonical JSON of the run: parameters_key()
    code TEXT NOT NULL,         -- code_identity()
    models TEXT NOT NULL,       -- models_identity(network)
    record TEXT NOT NULL,       -- JSON of the run's FlowSetRecord
    stored_at REAL NOT NULL     -- seconds since the epoch
);
CREATE TABLE IF NOT EXISTS traced_runs (
    key TEXT NOT NULL,          -- the run's key, as in runs
    kind TEXT NOT NULL,         -- the trace's kind (traced.TRACE_KINDS)
    network TEXT NOT NULL,
    seed INTEGER NOT NULL,
    parameters TEXT NOT NULL,
    code TEXT NOT NULL,
    models TEXT NOT NULL,
    record TEXT NOT NULL,       -- JSON of the run's FlowSetRecord
    trace TEXT NOT NULL,        -- JSON of the trace (TraceKind.to_json)
    stored_at REAL NOT NULL,
    PRIMARY KEY (key, kind)
);
CREATE TABLE IF NOT EXISTS scenario_outputs (
    key TEXT PRIMARY KEY,       -- the scenario's inputs and where it wrote (reproduce's outputs)
    scenario TEXT NOT NULL,
    files TEXT NOT NULL,        -- JSON {file name: SHA-256 of its bytes as written}
    summary TEXT NOT NULL,      -- JSON list of the lines reproduce printed for it
    stored_at REAL NOT NULL
);
"""


class StoreError(ValueError):
    """A store that cannot be used as it is: names the file and what is wrong."""


def open_connection(path: Path, read_only: bool) -> sqlite3.Connection:
    """A connection to the SQLite file at `path`: read-write (the file created if missing), or
    read-only, immutable where its directory or the file cannot be written (SQLite's read-only
    WAL reader needs a `-shm` file it may create; an immutable one does not, taking the file to
    stay as it is while read). StoreError names the file if SQLite cannot open it."""
    try:
        if not read_only:
            return sqlite3.connect(path, timeout=60.0)
        immutable = not os.access(path.parent, os.W_OK) or not os.access(path, os.W_OK)
        uri = f"{path.resolve().as_uri()}?mode=ro" + ("&immutable=1" if immutable else "")
        return sqlite3.connect(uri, uri=True, timeout=60.0)
    except sqlite3.Error as error:
        raise StoreError(f"store = {str(path)!r}: cannot open it ({error})") from None


def is_writable(path: Path) -> bool:
    """Whether a store at `path` can be written: the file (if it exists) and its directory."""
    return os.access(path.parent, os.W_OK) and (not path.exists() or os.access(path, os.W_OK))
