# SPDX-License-Identifier: GPL-2.0-only
"""Experiment definitions (`scenarios/`): one per published table of RFC 1030 (kind "table").

A scenario names the table, the network (`networks.NETWORKS`) it runs on and where the published
rows are, gives every row its own seed (`seed_base` + row number) and defines the finer grid of
burst intervals its throughput curves are drawn over. It also holds what the table is checked
against: the throughput target, the range a simulated count must fall in, and the findings and
figures of RFC 1030's text for the table's network (`findings`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import pandas as pd

from netblt_sim.findings import Finding, load_findings
from netblt_sim.networks import get_network
from netblt_sim.parameters import TransferParameters, transfer_parameters
from netblt_sim.tables import CSV_COLUMNS
from netblt_sim.transfer import RUN_COLUMNS

REPOSITORY = Path(__file__).resolve().parents[2]
SCENARIOS_DIR = REPOSITORY / "scenarios"
# A transfer's configuration but for its burst interval, as tables and scenarios give it: the
# family of a throughput curve, the transfer of a claim's or a measure's runs.
TRANSFER_FIELDS: tuple[str, ...] = ("bs", "psz", "bfsz", "xfsz_kb", "nbufs")
PUBLISHED_COLUMNS: tuple[str, ...] = ("loss", "rxm", "dtmos", "speed_mbps")
TABLE_KIND = "table"  # the default "kind" of a scenario file
TABLE_KEYS: tuple[str, ...] = ("name", "title", "description", "table", "network", "published")
TABLE_KEYS += ("seed_base", "curves", "throughput_target_pct", "count_range", "findings")


@dataclass(frozen=True)
class Curves:
    """The burst-interval grid of a scenario's throughput-against-burst-interval plot."""

    bi_ms_from: int
    bi_ms_to: int
    bi_ms_step: int
    seed: int

    def burst_intervals(self) -> list[int]:
        return list(range(self.bi_ms_from, self.bi_ms_to + 1, self.bi_ms_step))


@dataclass(frozen=True)
class CountRange:
    """A configuration's median simulated count (#LOSS, #RXM, DTMOS) is within the published
    range when it lies in [low x smallest published, high x largest published] of its rows."""

    low: float
    high: float


@dataclass(frozen=True)
class Scenario:
    """One experiment: a published table regenerated on a simulated network."""

    name: str
    title: str
    description: str
    table: str
    network: str
    published_path: Path
    seed_base: int
    curves: Curves
    throughput_target_pct: float  # a configuration's median SPEED must be this close
    count_range: CountRange
    findings: tuple[Finding, ...]  # RFC 1030's findings and figures for the table's network

    def published(self) -> pd.DataFrame:
        """The table's published rows, in published order."""
        frame = pd.read_csv(self.published_path)
        rows = frame[frame["table"] == self.table].reset_index(drop=True)
        if rows.empty:
            raise ValueError(f"{self.published_path} has no rows of table {self.table!r}")
        return rows

    def row_parameters(self, row: pd.Series) -> TransferParameters:
        """The transfer that regenerates one published row, with the row's own seed."""
        return self._parameters(row, int(row["bi_ms"]), self.seed_base + int(row["row"]))

    def curve_parameters(self) -> list[TransferParameters]:
        """One transfer per (packet size, buffers) family of the table and per grid interval."""
        families = self.published().drop_duplicates(list(TRANSFER_FIELDS))
        return [
            self._parameters(family, bi_ms, self.curves.seed)
            for _, family in families.iterrows()
            for bi_ms in self.curves.burst_intervals()
        ]

    def _parameters(self, row: pd.Series, bi_ms: int, seed: int) -> TransferParameters:
        transfer = {name: row[name] for name in TRANSFER_FIELDS}
        return transfer_parameters(**transfer, bi_ms=bi_ms, seed=seed, network=self.network)


def read_scenario_file(
    name: str, kind: str, required: Sequence[str], scenarios_dir: Path
) -> tuple[Path, dict[str, Any]]:
    """The path and contents of `scenarios/<name>.json`, which must be of `kind` (a file
    without "kind" is a table) and have the `required` keys; ValueError names what is wrong
    or which scenarios exist."""
    path = scenarios_dir / f"{name}.json"
    if not path.is_file():
        available = sorted(p.stem for p in scenarios_dir.glob("*.json"))
        raise ValueError(f"no scenario {name!r} ({path}); available: {available}")
    raw = json.loads(path.read_text(encoding="utf-8"))
    if raw.get("kind", TABLE_KIND) != kind:
        raise ValueError(f"{path}: kind {raw.get('kind', TABLE_KIND)!r}, expected {kind!r}")
    missing = [key for key in required if key not in raw]
    if missing:
        raise ValueError(f"{path}: no {missing}; a {kind} scenario needs {list(required)}")
    return path, raw


def load_scenario(name: str, scenarios_dir: Path = SCENARIOS_DIR) -> Scenario:
    """Reads the published-table scenario `scenarios/<name>.json` (see `read_scenario_file`);
    ValueError names a bad key."""
    path, raw = read_scenario_file(name, TABLE_KIND, TABLE_KEYS, scenarios_dir)
    get_network(raw["network"])  # fails early on an unknown network
    published = (REPOSITORY / raw["published"]).resolve()
    if not published.is_file():
        raise ValueError(f"{path}: published data {published} not found")
    return Scenario(
        name=raw["name"],
        title=raw["title"],
        description=raw["description"],
        table=raw["table"],
        network=raw["network"],
        published_path=published,
        seed_base=int(raw["seed_base"]),
        curves=Curves(**raw["curves"]),
        throughput_target_pct=_positive(
            path, "throughput_target_pct", raw["throughput_target_pct"]
        ),
        count_range=CountRange(**_numbers(path, "count_range", raw["count_range"], CountRange)),
        findings=load_findings(
            str(path), raw["findings"], {"rows": CSV_COLUMNS, "curves": RUN_COLUMNS}
        ),
    )


def _positive(path: Path, key: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise ValueError(f"{path}: {key} = {value!r}: must be a positive number")
    return float(value)


def _numbers(path: Path, key: str, raw: object, kind: type) -> dict[str, float]:
    """The entries of object `key`, which must be exactly the fields of dataclass `kind`, each
    a positive number."""
    names = [f.name for f in fields(kind)]
    if not isinstance(raw, dict) or sorted(raw) != sorted(names):
        raise ValueError(f"{path}: {key} = {raw!r}: must have exactly the keys {names}")
    return {name: _positive(path, f"{key}.{name}", raw[name]) for name in names}
