# SPDX-License-Identifier: GPL-2.0-only
"""Published tables of RFC 1030 (`scenarios/*.json` of kind "table"): the scenario, the columns
of its `results/<name>/<name>.csv`, and the regenerated rows compared with the published ones.

A table scenario names the table, the network (`networks.NETWORKS`) it runs on and where the
published rows are, gives every row its own seed (`seed_base` + row number) and defines the grid
of its throughput curves (`curves`, see `grid.load_grid`: a finer grid of burst intervals, and
seeds, run for each packet size and number of buffers of the table). It also holds what the
table is checked against: the throughput target, the range a simulated count must fall in, and
the findings and figures of RFC 1030's text for the table's network (`findings`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import pandas as pd

from netblt_sim.batch.grid import grid_parameters, load_grid
from netblt_sim.core.networks import get_network
from netblt_sim.core.parameters import TransferParameters, transfer_parameters
from netblt_sim.core.runtime import REPO_ROOT
from netblt_sim.core.transfer import RUN_COLUMNS, TransferRecord
from netblt_sim.reporting.findings import Finding, json_object, load_findings
from netblt_sim.reporting.outcome import Verdict

TABLE_KIND = "table"
TABLE_KEYS: tuple[str, ...] = ("kind", "title", "description", "table", "network", "published")
TABLE_KEYS += ("seed_base", "curves", "throughput_target_pct", "count_range", "findings")
# A transfer's configuration but for its burst interval, as the tables give it: the family of a
# throughput curve.
TRANSFER_FIELDS: tuple[str, ...] = ("bs", "psz", "bfsz", "xfsz_kb", "nbufs")
# The parameters that define a configuration of a table; repeated rows share them.
CONFIGURATION_COLUMNS: tuple[str, ...] = ("bs", "bi_ms", "psz", "bfsz", "xfsz_kb", "nbufs")
# The columns of results/table-<N>.csv, in order.
CSV_COLUMNS: tuple[str, ...] = (
    "table", "row", *CONFIGURATION_COLUMNS, "seed",
    "sim_loss", "sim_rxm", "sim_dtmos", "sim_speed_mbps", "sim_real_mbps",
    "pub_loss", "pub_rxm", "pub_dtmos", "pub_speed_mbps",
    "speed_error_pct", "sim_completed", "sim_intact", "sim_control_timeouts", "sim_send_only_mbps",
    "sim_control_packets", "sim_receiver_deaf_drops", "sim_receiver_full_drops",
    "sim_receiver_pool_drops", "sim_receiver_peak_buffers",
    "sim_receiver_noise_drops", "sim_path_drops", "sim_station_resets",
)  # fmt: skip
COUNTS: tuple[str, ...] = ("loss", "rxm", "dtmos")


@dataclass(frozen=True)
class CountRange:
    """A configuration's median simulated count (#LOSS, #RXM, DTMOS) is within the published
    range when it lies in [low x smallest published, high x largest published] of its rows."""

    low: float
    high: float


@dataclass(frozen=True)
class TableScenario:
    """One experiment: a published table regenerated on a simulated network."""

    name: str
    title: str
    description: str
    table: str
    network: str
    published_path: Path
    seed_base: int
    curves: dict[str, tuple[Any, ...]]  # the grid of each curve (see grid.load_grid)
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

    def row_parameters(self, row: pd.Series, **more: object) -> TransferParameters:
        """The transfer that regenerates one published row, with the row's own seed (and
        `more` of transfer_parameters' keywords, such as a calibration's model overrides)."""
        return transfer_parameters(
            **self._family(row), bi_ms=row["bi_ms"], seed=self.seed_base + int(row["row"]), **more
        )

    def curve_parameters(self) -> list[TransferParameters]:
        """The curves' grid for each (packet size, buffers) family of the table, in turn."""
        families = self.published().drop_duplicates(list(TRANSFER_FIELDS))
        return [
            params
            for _, family in families.iterrows()
            for params in grid_parameters(self.curves, **self._family(family))
        ]

    def _family(self, row: pd.Series) -> dict[str, object]:
        return {name: row[name] for name in TRANSFER_FIELDS} | {"network": self.network}


def parse_table(path: Path, raw: object) -> TableScenario:
    """The table scenario of file `path` (its name the file's stem) from its contents; the
    published data is found relative to the repository root. ValueError names a bad key."""
    entry = json_object(str(path), raw, TABLE_KEYS, TABLE_KEYS)
    get_network(entry["network"])  # fails early on an unknown network
    published = (REPO_ROOT / entry["published"]).resolve()
    if not published.is_file():
        raise ValueError(f"{path}: published data {published} not found")
    scenario = TableScenario(
        name=path.stem,
        title=entry["title"],
        description=entry["description"],
        table=entry["table"],
        network=entry["network"],
        published_path=published,
        seed_base=int(entry["seed_base"]),
        curves=load_grid(f"{path}: curves", entry["curves"]),
        throughput_target_pct=_positive(
            path, "throughput_target_pct", entry["throughput_target_pct"]
        ),
        count_range=CountRange(**_numbers(path, "count_range", entry["count_range"], CountRange)),
        findings=load_findings(
            str(path), entry["findings"], {"rows": CSV_COLUMNS, "curves": RUN_COLUMNS}
        ),
    )
    try:  # refuses an impossible transfer now, by name
        [scenario.row_parameters(row) for _, row in scenario.published().iterrows()]
        scenario.curve_parameters()
    except ValueError as error:
        raise ValueError(f"{path}: {error}") from None
    return scenario


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


def compare(
    scenario: TableScenario,
    parameters: Sequence[TransferParameters],
    records: Sequence[TransferRecord],
) -> pd.DataFrame:
    """One row per published row: its parameters, the simulated and the published figures."""
    published = scenario.published()
    if len(published) != len(records) or len(parameters) != len(records):
        raise ValueError(f"{len(records)} records for {len(published)} published rows")
    frame = pd.DataFrame(
        {
            "table": published["table"],
            "row": published["row"],
            **{column: published[column] for column in CONFIGURATION_COLUMNS},
            "seed": [p.seed for p in parameters],
            "sim_loss": [r.lost for r in records],
            "sim_rxm": [r.retransmitted for r in records],
            "sim_dtmos": [r.data_timeouts for r in records],
            "sim_speed_mbps": [round(r.steady_state_mbps, 4) for r in records],
            "sim_real_mbps": [round(r.real_mbps, 4) for r in records],
            "pub_loss": published["loss"],
            "pub_rxm": published["rxm"],
            "pub_dtmos": published["dtmos"],
            "pub_speed_mbps": published["speed_mbps"],
            "sim_completed": [r.completed for r in records],
            "sim_intact": [r.intact for r in records],
            "sim_control_timeouts": [r.control_timeouts for r in records],
            "sim_send_only_mbps": [round(r.send_only_mbps, 4) for r in records],
            # Where the receiver's frames were lost: its interface was sending, or still held an
            # earlier frame (every other interface drop), or the host had no free packet buffer
            # for it, or noise corrupted the frame.
            "sim_control_packets": [r.control_packets_sent for r in records],
            "sim_receiver_deaf_drops": [r.receiver_deaf_drops for r in records],
            "sim_receiver_full_drops": [
                r.receiver_interface_drops - r.receiver_deaf_drops - r.receiver_packet_buffer_drops
                for r in records
            ],
            "sim_receiver_pool_drops": [r.receiver_packet_buffer_drops for r in records],
            "sim_receiver_peak_buffers": [r.receiver_peak_packet_buffers for r in records],
            "sim_receiver_noise_drops": [r.receiver_noise_drops for r in records],
            "sim_path_drops": [r.path_drops for r in records],
            "sim_station_resets": [r.station_resets for r in records],
        }
    )
    frame["speed_error_pct"] = (
        100 * (frame["sim_speed_mbps"] - frame["pub_speed_mbps"]) / frame["pub_speed_mbps"]
    ).round(2)
    return frame[list(CSV_COLUMNS)]


def configurations(scenario: TableScenario, compared: pd.DataFrame) -> pd.DataFrame:
    """One row per distinct configuration: rows, medians and the median's relative error, and
    whether each count's median is in the scenario's `count_range` of the published ones."""
    grouped = compared.groupby(list(CONFIGURATION_COLUMNS), sort=False)
    summary = grouped.agg(
        rows=("row", "count"),
        pub_speed_median=("pub_speed_mbps", "median"),
        sim_speed_median=("sim_speed_mbps", "median"),
        sim_loss_max=("sim_loss", "max"),
        sim_rxm_max=("sim_rxm", "max"),
        sim_dtmos_max=("sim_dtmos", "max"),
        **{f"sim_{c}_median": (f"sim_{c}", "median") for c in COUNTS},
        **{f"pub_{c}_min": (f"pub_{c}", "min") for c in COUNTS},
        **{f"pub_{c}_max": (f"pub_{c}", "max") for c in COUNTS},
    ).reset_index()
    low, high = scenario.count_range.low, scenario.count_range.high
    for c in COUNTS:
        # A count the table does not publish (Table IV has no DTMOS) is not checked.
        summary[f"{c}_in_range"] = summary[f"pub_{c}_min"].isna() | (
            (summary[f"sim_{c}_median"] >= low * summary[f"pub_{c}_min"])
            & (summary[f"sim_{c}_median"] <= high * summary[f"pub_{c}_max"])
        )
    summary["error_pct"] = (
        100 * (summary["sim_speed_median"] - summary["pub_speed_median"])
        / summary["pub_speed_median"]
    ).round(2)
    return summary


def throughput_verdicts(scenario: TableScenario, summary: pd.DataFrame) -> tuple[Verdict, ...]:
    """Per configuration (a row of `configurations`): its median SPEED within the target."""
    target = scenario.throughput_target_pct
    names = ("BS", "BI", "PSZ", "BFSZ", "XFSZ", "NBUFS")  # as RFC 1030 heads the columns
    verdicts = []
    for _, row in summary.iterrows():
        configuration = " ".join(
            f"{name} {float(row[column]):g}"
            for name, column in zip(names, CONFIGURATION_COLUMNS, strict=True)
        )
        verdicts.append(
            Verdict(
                f"{configuration}: median SPEED within {target:g}% of the published",
                abs(float(row["error_pct"])) <= target,
            )
        )
    return tuple(verdicts)
