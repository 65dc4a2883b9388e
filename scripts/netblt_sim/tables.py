# SPDX-License-Identifier: GPL-2.0-only
"""A regenerated table beside the published one: the CSV rows and the Markdown report."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pandas as pd

from netblt_sim.parameters import TransferParameters
from netblt_sim.transfer import TransferRecord

if TYPE_CHECKING:
    from netblt_sim.scenarios import Scenario

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


def compare(
    scenario: Scenario,
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


def configurations(scenario: Scenario, compared: pd.DataFrame) -> pd.DataFrame:
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


def _markdown_table(frame: pd.DataFrame) -> str:
    header = "| " + " | ".join(str(c) for c in frame.columns) + " |"
    rule = "| " + " | ".join("---:" for _ in frame.columns) + " |"
    lines = [header, rule]
    for _, row in frame.iterrows():
        lines.append("| " + " | ".join(_cell(v) for v in row.tolist()) + " |")
    return "\n".join(lines)


def _count(value: object) -> str:
    """A published count: whole numbers without a decimal point, '-' where none was published."""
    if isinstance(value, float):
        return "-" if value != value else f"{value:g}"
    return str(value)


def _pair(simulated: pd.Series, published: pd.Series) -> list[str]:
    return [f"{_count(a)} / {_count(b)}" for a, b in zip(simulated, published, strict=True)]


def _published_counts(compared: pd.DataFrame) -> str:
    """The counts the table publishes, as the report names them: "#LOSS, #RXM and DTMOS"."""
    names = {"loss": "#LOSS", "rxm": "#RXM", "dtmos": "DTMOS"}
    published = [names[c] for c in COUNTS if compared[f"pub_{c}"].notna().any()]
    return ", ".join(published[:-1]) + " and " + published[-1]


def _cell(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.3f}".rstrip("0").rstrip(".") if value == value else ""
    return str(value)


def markdown(scenario: Scenario, compared: pd.DataFrame, notes: Sequence[str] = ()) -> str:
    """The report: the table as RFC 1030 prints it, simulated beside published, per-row and
    per-configuration errors, and a summary against the throughput target."""
    rows = pd.DataFrame(
        {
            "ROW": compared["row"],
            "BS": compared["bs"], "BI": compared["bi_ms"], "PSZ": compared["psz"],
            "BFSZ": compared["bfsz"], "XFSZ": compared["xfsz_kb"], "NBUFS": compared["nbufs"],
            "#LOSS sim/pub": _pair(compared["sim_loss"], compared["pub_loss"]),
            "#RXM sim/pub": _pair(compared["sim_rxm"], compared["pub_rxm"]),
            "DTMOS sim/pub": _pair(compared["sim_dtmos"], compared["pub_dtmos"]),
            "SPEED sim": compared["sim_speed_mbps"].round(3),
            "SPEED pub": compared["pub_speed_mbps"],
            "error %": compared["speed_error_pct"],
        }
    )  # fmt: skip
    summary = configurations(scenario, compared)
    target = scenario.throughput_target_pct
    low, high = scenario.count_range.low, scenario.count_range.high
    within = (summary["error_pct"].abs() <= target).sum()
    counts_in_range = int(summary[[f"{c}_in_range" for c in COUNTS]].all(axis=1).sum())
    for c in COUNTS:
        summary[f"{c.upper()} sim median (pub range)"] = [
            f"{_count(m)} ({_count(lo)}-{_count(hi)})" if lo == lo else f"{_count(m)} (not published)"
            for m, lo, hi in zip(summary[f"sim_{c}_median"], summary[f"pub_{c}_min"],
                                 summary[f"pub_{c}_max"], strict=True)
        ]
    per_config = summary.rename(
        columns={"bs": "BS", "bi_ms": "BI", "psz": "PSZ", "bfsz": "BFSZ", "xfsz_kb": "XFSZ",
                 "nbufs": "NBUFS", "pub_speed_median": "SPEED pub median",
                 "sim_speed_median": "SPEED sim median", "error_pct": "error %"}
    )[["BS", "BI", "PSZ", "BFSZ", "XFSZ", "NBUFS", "rows", "SPEED pub median", "SPEED sim median",
       "error %", "LOSS sim median (pub range)", "RXM sim median (pub range)",
       "DTMOS sim median (pub range)"]]  # fmt: skip
    clean = int((compared[["sim_loss", "sim_rxm", "sim_dtmos"]].to_numpy() == 0).all(axis=1).sum())
    lines = [
        f"# {scenario.title}",
        "",
        "Regenerated by `scripts/reproduce`; do not edit by hand.",
        "",
        scenario.description,
        "",
        f"Network: `{scenario.network}`. Published rows: `{scenario.published_path.name}`, table "
        f"{scenario.table}. Seeds: {scenario.seed_base} + row number. SPEED is steady-state "
        "throughput in Mbit/s (RFC 1030 §3); error is (simulated - published) / published.",
        "",
        "## Summary",
        "",
        f"- Configurations whose median simulated SPEED is within {target:g}% of "
        f"the published median: {within} of {len(summary)}.",
        f"- Configurations whose median simulated {_published_counts(compared)} all lie within "
        f"[{low:g} x published minimum, {high:g} x published maximum] of "
        f"their rows: {counts_in_range} of {len(summary)}.",
        f"- Largest configuration error: {summary['error_pct'].abs().max():.2f}%; mean absolute "
        f"error {summary['error_pct'].abs().mean():.2f}%.",
        f"- Largest row error: {compared['speed_error_pct'].abs().max():.2f}%.",
        f"- Rows without loss, retransmission or data timeout: {clean} of {len(compared)}.",
        f"- Transfers completed with every byte intact: "
        f"{int((compared['sim_completed'] & compared['sim_intact']).sum())} of {len(compared)}.",
        *[f"- {note}" for note in notes],
        "",
        "## Each configuration",
        "",
        _markdown_table(per_config),
        "",
        "## Each published row",
        "",
        _markdown_table(rows),
        "",
    ]
    return "\n".join(lines)
