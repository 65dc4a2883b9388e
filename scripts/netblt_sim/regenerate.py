# SPDX-License-Identifier: GPL-2.0-only
"""Regenerates one published table of RFC 1030 from its scenario: CSV, Markdown and plot."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from netblt_sim.atomic import write_report
from netblt_sim.plots import plot_throughput_vs_burst_interval
from netblt_sim.scenarios import Scenario
from netblt_sim.tables import compare, configurations, markdown, verdict
from netblt_sim.transfer import records_frame, run_transfers


@dataclass(frozen=True)
class TableOutcome:
    """What was written, and the per-configuration comparison for the caller's summary."""

    paths: tuple[Path, ...]
    compared: pd.DataFrame
    configurations: pd.DataFrame


def _model_notes(table: str, compared: pd.DataFrame, curves: pd.DataFrame) -> list[str]:
    """The figures and findings of RFC 1030's text for this table's network."""
    if table == "III":
        return _ethernet_findings(compared, curves)
    if table == "II":
        return _ring_figures(compared, curves)
    if table == "IV":
        return _wideband_findings(compared, curves)
    return []


# RFC 1030 §7: "a best possible throughput of 2 1438-byte packets every 22 milliseconds, or 1.05
# megabits per second", against which the best run was "approximately 90% channel utilization".
WIDEBAND_BEST_POSSIBLE_MBPS = 1.05
# RFC 1030 §7: packets of 1438 data bytes were fragmented; Table IV shows it from 1434 bytes up.
FIRST_FRAGMENTED_PSZ = 1434


def _wideband_findings(compared: pd.DataFrame, curves: pd.DataFrame) -> list[str]:
    """RFC 1030 §7's findings on the Wideband path, each checked against the simulated rows."""
    notes = []
    at_90 = compared[compared["bi_ms"] == 90]
    fragmented = at_90[at_90["psz"] >= FIRST_FRAGMENTED_PSZ]
    whole = at_90[at_90["psz"] < FIRST_FRAGMENTED_PSZ]
    if not fragmented.empty and not whole.empty:
        loss, rxm = fragmented["sim_loss"].median(), fragmented["sim_rxm"].median()
        speed, whole_speed = fragmented["sim_speed_mbps"].median(), whole["sim_speed_mbps"].median()
        holds = rxm >= 2 * loss and speed <= 0.9 * whole_speed
        notes.append(
            f"Packets of {FIRST_FRAGMENTED_PSZ} data bytes and more are fragmented before the "
            "satellite channel, and the fragments' delay costs retransmissions far above the "
            "losses and throughput (RFC 1030 §7; published at 5/90: #RXM 109-153 against #LOSS "
            f"6-33, 0.476-0.533 Mbit/s against 0.576-0.600 unfragmented): simulated median #RXM "
            f"{rxm:g} against #LOSS {loss:g}, {speed:.3f} Mbit/s against {whole_speed:.3f} "
            f"unfragmented, finding {verdict(holds)}."
        )
    best = compared[(compared["bi_ms"] == 55) & (compared["psz"] == 1432)]
    if not best.empty:
        low, high = best["sim_speed_mbps"].min(), best["sim_speed_mbps"].max()
        notes.append(
            "Best run, 1432-byte packets, 5 every 55 ms (RFC 1030 §7: 926-942 kbit/s, about 90 % "
            f"of the {WIDEBAND_BEST_POSSIBLE_MBPS} Mbit/s best possible): simulated "
            f"{low * 1000:.0f}-{high * 1000:.0f} kbit/s, "
            f"{100 * best['sim_speed_mbps'].median() / WIDEBAND_BEST_POSSIBLE_MBPS:.0f} %."
        )
    drops = compared[["sim_path_drops", "sim_station_resets"]].sum()
    notes.append(
        f"Over all rows the path (gateway and earth-station queues, damaged satellite bursts) lost "
        f"{int(drops['sim_path_drops'])} packets; earth stations reset {int(drops['sim_station_resets'])} "
        "times."
    )
    return notes


def _ethernet_findings(compared: pd.DataFrame, curves: pd.DataFrame) -> list[str]:
    """RFC 1030 §6's findings on Subnet 26, each checked against the simulated rows."""
    big = compared[compared["psz"] == 1438]
    median = big.groupby(["nbufs", "bi_ms"])[["sim_speed_mbps", "sim_loss"]].median()
    notes = []
    if (1, 30) in median.index and (2, 30) in median.index:
        one, two = median.loc[(1, 30), "sim_speed_mbps"], median.loc[(2, 30), "sim_speed_mbps"]
        notes.append(
            "Two outstanding buffers do worse than one (1438-byte packets, 5 every 30 ms; RFC 1030 "
            f"§6: 1.45 against 0.994 Mbit/s): simulated {one:.3f} against {two:.3f} Mbit/s, "
            f"finding {verdict(two < one)}."
        )
    intervals = [bi for bi in (30, 40, 45) if (2, bi) in median.index]
    if len(intervals) == 3:
        losses = [median.loc[(2, bi), "sim_loss"] for bi in intervals]
        notes.append(
            "With two buffers, longer burst intervals lose fewer packets (RFC 1030 §6: 45 ms "
            "per burst drops a third as many as 30 ms): simulated median losses at 30, 40, 45 ms: "
            f"{', '.join(f'{x:g}' for x in losses)}, finding "
            f"{verdict(losses[2] <= losses[0] / 2)}."
        )
    lossy = compared[compared["sim_loss"] > 0]
    if len(lossy) > 2:
        r = compared["sim_loss"].corr(compared["sim_dtmos"])
        notes.append(
            f"Losses and data timeouts move together: correlation over the rows {r:.2f} "
            "(published rows: "
            f"{compared['pub_loss'].corr(compared['pub_dtmos']):.2f})."
        )
    single = curves[(curves["psz"] == 1438) & (curves["nbufs"] == 1)]
    if not single.empty:
        notes.append(
            "Fastest single-buffer run on the burst-interval grid (1438-byte packets): "
            f"{single['steady_state_mbps'].max():.3f} Mbit/s (RFC 1030 §6: 1.45)."
        )
    return notes + _loss_origins(compared)


def _loss_origins(compared: pd.DataFrame) -> list[str]:
    """Per two-buffer configuration, where the simulated losses came from, beside the published
    losses per buffer: RFC 1030 §6 blames the receiver's own control packets."""
    notes = []
    two = compared[compared["nbufs"] == 2]
    for (psz, bi), rows in two.groupby(["psz", "bi_ms"], sort=True):
        buffers = float((rows["xfsz_kb"] * 1000 / rows["bfsz"]).median())
        control = rows["sim_control_packets"].median()
        deaf = rows["sim_receiver_deaf_drops"].median()
        notes.append(
            f"Two buffers, {psz}-byte packets, 5 every {bi} ms, median per transfer of "
            f"{buffers:g} buffers: the receiver sent {control:g} control packets, which made its "
            f"interface lose {deaf:g} data frames ({deaf / control:.2f} per control packet); "
            f"{rows['sim_receiver_full_drops'].median():g} found its buffer still full, "
            f"{rows['sim_receiver_pool_drops'].median():g} found no free host packet buffer "
            f"(at most {rows['sim_receiver_peak_buffers'].max():g} in use) and noise corrupted {rows['sim_receiver_noise_drops'].median():g}. Losses per buffer: "
            f"simulated {rows['sim_loss'].median() / buffers:.2f}, published "
            f"{rows['pub_loss'].min() / buffers:.2f}-{rows['pub_loss'].max() / buffers:.2f}."
        )
    return notes


def _ring_figures(compared: pd.DataFrame, curves: pd.DataFrame) -> list[str]:
    """The RFC 1030 §4-5 figures the same model must give besides the table's rows."""
    notes = []
    single = curves[(curves["psz"] == 1990) & (curves["nbufs"] == 1)]
    double = curves[(curves["psz"] == 1990) & (curves["nbufs"] == 2) & (curves["bi_ms"] == 43)]
    if not single.empty:
        notes.append(
            "Fastest single-buffer run on the burst-interval grid (1990-byte packets): "
            f"{single['steady_state_mbps'].max():.3f} Mbit/s (RFC 1030 §5: 1.49)."
        )
    if not double.empty:
        notes.append(
            "Two buffers, 1990-byte packets, 5 every 43 ms: "
            f"{double['steady_state_mbps'].iloc[0]:.3f} Mbit/s (RFC 1030 §5: 1.75)."
        )
    send_only = compared.loc[compared["psz"] == 1990, "sim_send_only_mbps"]
    if not send_only.empty:
        notes.append(
            "Sender's rate counting only its CPU time spent sending 1990-byte packets (NETBLT and "
            f"driver): {send_only.median():.3f} Mbit/s (RFC 1030 §4: 1.99 theoretical)."
        )
    return notes


def regenerate_table(scenario: Scenario, results_dir: Path) -> TableOutcome:
    """Runs every published row (own seed each) and the burst-interval curves, then writes
    `table-<T>.csv`, `table-<T>.md` and `table-<T>-throughput-vs-burst-interval.png` together."""
    published = scenario.published()
    row_parameters = [scenario.row_parameters(row) for _, row in published.iterrows()]
    curve_parameters = scenario.curve_parameters()  # every transfer validated before any runs
    row_records = run_transfers(row_parameters, f"table {scenario.table} rows")
    curve_records = run_transfers(curve_parameters, f"table {scenario.table} curves")
    compared = compare(scenario, row_parameters, row_records)
    curves = records_frame(curve_records, curve_parameters)
    figure = plot_throughput_vs_burst_interval(curves, published, title=scenario.title)
    text = markdown(scenario, compared, _model_notes(scenario.table, compared, curves))
    paths = write_report(results_dir / f"table-{scenario.table}", compared, text, figure,
                         "-throughput-vs-burst-interval")  # fmt: skip
    return TableOutcome(paths, compared, configurations(compared))
