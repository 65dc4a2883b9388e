# SPDX-License-Identifier: GPL-2.0-only
"""Plots of simulated throughput, with RFC 1030's published points when given."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from netblt_sim.core.networks import NETWORKS
from netblt_sim.reporting.network_names import display_name

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

FAMILY_COLUMNS: tuple[str, ...] = ("psz", "nbufs")


def files_only() -> None:
    """Makes matplotlib draw into files only (no display), before pyplot is first imported;
    matplotlib is imported on first use, as plotting is optional for a run."""
    import matplotlib  # noqa: PLC0415

    matplotlib.use("Agg")


# The 5-95 % band of the seeds at each x: seaborn's percentile interval of width 90
# (`np.nanpercentile` at 5 and 95, linear interpolation, as pandas' `quantile`).
SEED_BAND: tuple[str, int] = ("pi", 90)


def _median_and_band(axes: Axes, rows: pd.DataFrame, x: str, y: str, colour: object,
                     band: bool, band_label: str, **line: object) -> None:
    """Seaborn's `lineplot` on `axes`: the median of `y` over `rows` at each `x` as a line in
    `colour` (None: the axes' next colour, as `axes.plot` takes it) with `line`'s options (its
    label, markers); where `band`, the 5-95 % band of those rows (`SEED_BAND`) shaded in the
    same colour and labelled `band_label` (no band where an x has one row only). Rows whose `y`
    is NaN are left out, so an x with no value leaves no gap: the line joins its neighbours.
    Matplotlib's look is kept: no seaborn theme, no legend of seaborn's own, and markers edged
    as matplotlib edges them (seaborn's default edge is white)."""
    import seaborn  # noqa: PLC0415 - after files_only: it imports pyplot

    seaborn.lineplot(data=rows, x=x, y=y, estimator="median", errorbar=SEED_BAND if band else None,
                     color=colour, err_kws={"alpha": 0.2, "linewidth": 0, "label": band_label},
                     legend=False, ax=axes, markeredgecolor=None, markeredgewidth=None,
                     **line)  # fmt: skip


def plot_throughput_vs_burst_interval(
    simulated: pd.DataFrame,
    published: pd.DataFrame | None = None,
    title: str = "NETBLT steady-state throughput against burst interval",
) -> Figure:
    """One curve per (packet size, outstanding buffers) of `simulated` (a `sweep` frame with
    `bi_ms`, `psz`, `nbufs` and `steady_state_mbps`): the median over seeds as the line and,
    where a burst interval has several seeds, their 5-95 % band shaded; `published` rows
    (`bi_ms`, `psz`, `nbufs`, `speed_mbps`) are drawn as points in the curve's colour. The legend
    is outside the axes."""
    files_only()
    import matplotlib.pyplot as plt  # noqa: PLC0415

    for column in ("bi_ms", "steady_state_mbps", *FAMILY_COLUMNS):
        if column not in simulated.columns:
            raise ValueError(f"simulated frame has no {column!r} column (a sweep() frame has)")
    figure, axes = plt.subplots(figsize=(10, 4.8), dpi=120)
    palette = plt.get_cmap("tab10")  # ten colours
    families = simulated.groupby(list(FAMILY_COLUMNS), sort=True)
    seeds = int(simulated.groupby([*FAMILY_COLUMNS, "bi_ms"]).size().max())
    for index, ((psz, nbufs), family) in enumerate(families):
        colour = palette(index % palette.N)
        label = f"PSZ {psz}, NBUFS {nbufs}"
        line = "simulated median" if seeds > 1 else "simulated"
        _median_and_band(axes, family, "bi_ms", "steady_state_mbps", colour, seeds > 1,
                         f"5-95 % of {seeds} seeds, {label}", label=f"{line}, {label}")  # fmt: skip
        if published is not None:
            points = published[(published["psz"] == psz) & (published["nbufs"] == nbufs)]
            if not points.empty:
                axes.scatter(
                    points["bi_ms"], points["speed_mbps"], color=colour, marker="o",
                    edgecolors="black", linewidths=0.5, zorder=3, label=f"published, {label}",
                )
    axes.set_xlabel("burst interval BI (ms)")
    axes.set_ylabel("steady-state throughput (Mbit/s)")
    axes.set_title(title, fontsize=10)
    axes.grid(True, alpha=0.3)
    axes.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    figure.tight_layout()
    return figure


def plot_sensitivity(
    names: Sequence[str],
    shares: Sequence[float],
    noise_share: float,
    title: str,
    over: str = "configurations",
    output: str = "SPEED",
    independent_share: float | None = None,
) -> Figure:
    """A tornado plot: each factor's share of the summed Morris μ* as a horizontal bar, the
    largest on top, and the share the seeds alone give (`noise_share`, the floor under the
    design's common seed) as a dashed line; with `independent_share`, what a seed per point
    would give as a dotted line; the legend outside the axes."""
    files_only()
    import matplotlib.pyplot as plt  # noqa: PLC0415

    if len(names) != len(shares):
        raise ValueError(f"{len(names)} names for {len(shares)} shares: need one each")
    order = sorted(range(len(names)), key=lambda i: shares[i])
    figure, axes = plt.subplots(figsize=(10, 0.3 * len(names) + 1.6), dpi=120)
    axes.barh([names[i] for i in order], [shares[i] for i in order], color="tab:blue",
              label=f"Morris μ* share (mean over {over})")  # fmt: skip
    if not math.isnan(noise_share):  # NaN: not measured
        axes.axvline(noise_share, color="black", linestyle="--", linewidth=1,
                     label="seeds alone (μ* floor, common seed, measured)")  # fmt: skip
    if independent_share is not None and not math.isnan(independent_share):
        axes.axvline(independent_share, color="grey", linestyle=":", linewidth=1,
                     label="seeds alone with a seed per point (formula)")  # fmt: skip
    axes.set_xlabel(f"share of the summed μ* of {output}")
    axes.set_title(title, fontsize=10)
    axes.tick_params(axis="y", labelsize=7)
    axes.grid(True, axis="x", alpha=0.3)
    axes.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    figure.tight_layout()
    return figure


# What an axis plotting a results column says: the quantity in words with its unit.
AXIS_LABELS: dict[str, str] = {"steady_state_mbps": "steady-state throughput (Mbit/s)"}


def network_label(network: str) -> str:
    """A legend's or title's name for the network `network` (an identifier): its display name
    (`network_names.display_name`) with the identifier the API and the CSVs use; any other text as it
    is."""
    return f"{display_name(network)} ({network})" if network in NETWORKS else network


def plot_losses_vs_burst_interval(
    runs: pd.DataFrame,
    networks: tuple[str, ...],
    marked_bi_ms: float | None = None,
    title: str = "NETBLT packets lost against burst interval",
) -> Figure:
    """Median losses over seeds against burst interval, one curve per network of `runs` (a
    `sweep` frame with `network`, `bi_ms` and `lost`); a dotted line marks `marked_bi_ms`."""
    files_only()
    import matplotlib.pyplot as plt  # noqa: PLC0415

    for column in ("network", "bi_ms", "lost"):
        if column not in runs.columns:
            raise ValueError(f"runs frame has no {column!r} column (a sweep() frame has)")
    missing = [n for n in networks if n not in set(runs["network"])]
    if missing:
        raise ValueError(f"runs frame has no runs on network {missing[0]!r}")
    medians = runs.groupby(["network", "bi_ms"])["lost"].median()
    seeds = runs.groupby(["network", "bi_ms"]).size().max()
    figure, axes = plt.subplots(figsize=(7, 4.2))
    for network in networks:
        series = medians.loc[network]
        axes.plot(series.index, series.to_numpy(), marker="o", markersize=3,
                  label=network_label(network))  # fmt: skip
    if marked_bi_ms is not None:
        axes.axvline(marked_bi_ms, color="grey", linestyle=":", linewidth=1)
    axes.set_xlabel("burst interval (ms per burst)")
    axes.set_ylabel(f"DATA packets lost, #LOSS (median of {seeds} runs)")
    axes.set_title(title, fontsize=9)
    axes.legend()
    figure.tight_layout()
    return figure


def plot_quantity_vs_burst_interval(
    runs: pd.DataFrame,
    column: str,
    title: str,
    group_column: str = "label",
) -> Figure:
    """Median of `column` over seeds against burst interval, one curve (or point) per group of
    `runs` (a frame with `group_column`, `bi_ms` and `column`), with the 5-95 % band of its
    seeds shaded where a burst interval has several; the legend outside the axes."""
    files_only()
    import matplotlib.pyplot as plt  # noqa: PLC0415

    for needed in (group_column, "bi_ms", column):
        if needed not in runs.columns:
            raise ValueError(f"runs frame has no {needed!r} column")
    figure, axes = plt.subplots(figsize=(9.5, 4.2))
    for group, rows in runs.groupby(group_column, sort=False):
        several = int(rows.groupby("bi_ms").size().max()) > 1
        # No colour: seaborn takes the axes' next one, as `axes.plot` would.
        _median_and_band(axes, rows, "bi_ms", column, None, several, f"{group}: 5-95 % of seeds",
                         label=f"{group}: simulated median", marker="o",
                         markersize=4)  # fmt: skip
    axes.set_xlabel("burst interval (ms per burst)")
    axes.set_ylabel(f"{AXIS_LABELS.get(column, column)}, median over seeds")
    axes.set_title(title, fontsize=9)
    axes.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    figure.tight_layout()
    return figure


def plot_throughput_and_retransmissions_vs_loss(runs: pd.DataFrame, title: str) -> Figure:
    """Two panels against `loss_percent`, one line per NBUFS, mean over seeds with the min-max
    range as error bars: steady-state throughput of the transfers that completed intact (a
    failed transfer has no meaningful rate) and retransmissions of all. `runs` is a `sweep`
    frame with a `loss_percent` column; the title's first line is `title`, then the seeds and
    the transfers left out. Drawn at 120 dpi."""
    files_only()
    import matplotlib.pyplot as plt  # noqa: PLC0415

    for needed in ("loss_percent", "nbufs", "seed", "completed", "intact", "steady_state_mbps",
                   "retransmitted"):  # fmt: skip
        if needed not in runs.columns:
            raise ValueError(f"runs frame has no {needed!r} column")
    figure, (throughput_axes, retransmission_axes) = plt.subplots(
        2, 1, figsize=(7, 7), sharex=True, constrained_layout=True, dpi=120
    )
    succeeded = runs["completed"] & runs["intact"]
    for axes, column, runs_to_plot in (
        (throughput_axes, "steady_state_mbps", runs[succeeded]),
        (retransmission_axes, "retransmitted", runs),
    ):
        for nbufs, by_nbufs in runs_to_plot.groupby("nbufs"):
            by_loss = by_nbufs.groupby("loss_percent")[column].agg(["mean", "min", "max"])
            # Clipped: rounding can put the mean a hair outside [min, max].
            below = (by_loss["mean"] - by_loss["min"]).clip(lower=0)
            above = (by_loss["max"] - by_loss["mean"]).clip(lower=0)
            axes.errorbar(
                by_loss.index,
                by_loss["mean"],
                yerr=[below, above],
                marker="o",
                capsize=3,
                label=f"NBUFS = {nbufs}",
            )
    failed = int((~succeeded).sum())
    throughput_axes.set_title(
        f"{title}\nmean and range over {runs['seed'].nunique()} seeds; {failed} of {len(runs)} "
        "transfers did not\ncomplete intact and are left out of the throughput panel",
        fontsize="medium",
    )
    throughput_axes.set_ylabel("steady-state throughput (Mbit/s)")
    retransmission_axes.set_ylabel("DATA packets retransmitted")
    retransmission_axes.set_xlabel("packet loss in each direction (%)")
    for axes in (throughput_axes, retransmission_axes):
        axes.grid(True, alpha=0.3)
        axes.legend()
    return figure


def _median_and_range(values: pd.Series) -> tuple[float, float, float]:
    """The median and how far below and above it the least and the most value lie."""
    median = float(values.median())
    return median, max(median - float(values.min()), 0.0), max(float(values.max()) - median, 0.0)


def plot_parallel_flows(
    tuned: pd.DataFrame, overload: pd.DataFrame, capacity_mbps: float, title: str
) -> Figure:
    """RFC 1030 §8's parallel flows, one run per row (a flow set's first flow, with
    `aggregate_mbps`, `station_resets`, `flows`, `phase`), one line per phase, the median over
    seeds with the least and most value as error bars: the flows' aggregate steady-state
    throughput against the number of flows for `tuned` (each flow 1/N of one rate), beside
    the channel's capacity; and the earth-station resets against the offered total
    (`offered_mbps`) for `overload`, beside the same capacity."""
    files_only()
    import matplotlib.pyplot as plt  # noqa: PLC0415

    for frame, needed in ((tuned, ("flows", "phase", "aggregate_mbps")),
                          (overload, ("offered_mbps", "phase", "station_resets"))):  # fmt: skip
        for column in needed:
            if column not in frame.columns:
                raise ValueError(f"runs frame has no {column!r} column")
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.4), dpi=110)
    for axes, frame, x, y in ((left, tuned, "flows", "aggregate_mbps"),
                              (right, overload, "offered_mbps", "station_resets")):  # fmt: skip
        for phase, rows in frame.groupby("phase", sort=True):
            points = [(float(key), *_median_and_range(group[y]))  # type: ignore[arg-type]
                      for key, group in rows.groupby(x)]  # fmt: skip
            axes.errorbar([p[0] for p in points], [p[1] for p in points],
                          yerr=[[p[2] for p in points], [p[3] for p in points]], marker="o",
                          capsize=3, label=str(phase))  # fmt: skip
        axes.grid(True, alpha=0.3)
    left.axhline(capacity_mbps, color="grey", linestyle="--", linewidth=1,
                 label=f"channel capacity {capacity_mbps:.3f} Mbit/s")  # fmt: skip
    left.set_xlabel("flows N, each 1/N of the best single-flow rate")
    left.set_ylabel("aggregate steady-state throughput (Mbit/s)")
    left.set_ylim(bottom=0)
    right.axvline(capacity_mbps, color="grey", linestyle="--", linewidth=1,
                  label="channel capacity")  # fmt: skip
    right.set_xlabel("offered total, IP datagrams (Mbit/s)")
    right.set_ylabel("earth-station resets per run")
    for axes in (left, right):
        axes.legend(fontsize=8)
    figure.suptitle(title, fontsize=10)
    figure.tight_layout()
    return figure


def plot_throughput_vs_transfer_size(runs: pd.DataFrame, group_column: str, title: str) -> Figure:
    """Steady-state throughput of the transfers that completed intact against transfer size
    (log scale), one line per value of `group_column`: the median over seeds, the least and
    most value as error bars; a size none of whose transfers completed is left out of its
    line. `runs` has `xfsz_bytes`, `steady_state_mbps`, `completed` and `intact`."""
    files_only()
    import matplotlib.pyplot as plt  # noqa: PLC0415

    for column in (group_column, "xfsz_bytes", "steady_state_mbps", "completed", "intact"):
        if column not in runs.columns:
            raise ValueError(f"runs frame has no {column!r} column")
    figure, axes = plt.subplots(figsize=(7.5, 4.6), dpi=110)
    succeeded = runs[runs["completed"] & runs["intact"]]
    for group, rows in succeeded.groupby(group_column, sort=True):
        points = [(float(size) / 1e6, *_median_and_range(r["steady_state_mbps"]))  # type: ignore[arg-type]
                  for size, r in rows.groupby("xfsz_bytes")]  # fmt: skip
        axes.errorbar([p[0] for p in points], [p[1] for p in points],
                      yerr=[[p[2] for p in points], [p[3] for p in points]], marker="o",
                      capsize=3, label=f"{group_column} {group}")  # fmt: skip
    axes.set_xscale("log")
    axes.set_xlabel("transfer size (million bytes)")
    axes.set_ylabel("steady-state throughput (Mbit/s)")
    axes.set_title(title, fontsize=9)
    axes.grid(True, alpha=0.3, which="both")
    axes.legend(fontsize=8)
    figure.tight_layout()
    return figure


# How plot_time_sequence draws each event of a trace (flows.TIME_SEQUENCE_EVENTS).
TIME_SEQUENCE_STYLES: dict[str, dict[str, object]] = {
    "sent": {"marker": ".", "color": "tab:blue", "s": 6, "label": "DATA sent"},
    "retransmitted": {"marker": "x", "color": "tab:red", "s": 14, "label": "DATA retransmitted"},
    "received": {"marker": ".", "color": "tab:green", "s": 6, "label": "DATA received"},
    "resend": {"marker": "v", "color": "tab:orange", "s": 22, "label": "RESEND sent"},
    "delivered": {"marker": "_", "color": "black", "s": 40, "label": "buffer delivered"},
}


def plot_time_sequence(trace: pd.DataFrame, title: str, buffer_bytes: int | None = None) -> Figure:
    """The time-sequence view network researchers read TCP by (tcptrace, xplot): byte offset
    against time for every event of a trace (`flows.trace_time_sequences`: `flow`,
    `time_s`, `event`, `offset_bytes`), one panel per flow, one point per event, styled by
    `TIME_SEQUENCE_STYLES` and labelled with its count; with `buffer_bytes`, dotted lines mark
    the buffer boundaries. Each panel's point collections hold exactly the trace's events."""
    files_only()
    import matplotlib.pyplot as plt  # noqa: PLC0415

    for column in ("flow", "time_s", "event", "offset_bytes"):
        if column not in trace.columns:
            raise ValueError(f"trace frame has no {column!r} column")
    flows = sorted(int(flow) for flow in trace["flow"].unique())
    columns = 2 if len(flows) > 1 else 1
    rows = (len(flows) + columns - 1) // columns
    figure, grid = plt.subplots(rows, columns, figsize=(6.5 * columns, 3.8 * rows), dpi=110,
                                squeeze=False, sharex=True)  # fmt: skip
    for index, flow in enumerate(flows):
        axes = grid[index // columns][index % columns]
        events = trace[trace["flow"] == flow]
        if buffer_bytes:
            top = float(events["offset_bytes"].max())
            for boundary in range(0, int(top) + buffer_bytes, buffer_bytes):
                axes.axhline(boundary / 1000, color="grey", linewidth=0.3, linestyle=":")
        for event, style in TIME_SEQUENCE_STYLES.items():
            points = events[events["event"] == event]
            options = dict(style) | {"label": f"{style['label']} ({len(points)})"}
            axes.scatter(points["time_s"], points["offset_bytes"] / 1000, linewidths=0.8,
                         **options)  # fmt: skip
        axes.set_title(f"flow {flow}" if len(flows) > 1 else title, fontsize=9)
        axes.set_ylabel("offset in the transfer (kB)")
        axes.set_xlabel("simulated time (s)")
        axes.grid(True, alpha=0.2)
        axes.legend(fontsize=7, loc="upper left", markerscale=1.5)
    for index in range(len(flows), rows * columns):
        grid[index // columns][index % columns].set_visible(False)
    if len(flows) > 1:
        figure.suptitle(title, fontsize=10)
    figure.tight_layout()
    return figure


def _outstanding_bytes(runs: pd.DataFrame) -> pd.Series:
    """The data a run may have in flight: NETBLT's buffers x their size, TCP's window."""
    netblt = runs["nbufs"].astype("float64") * runs["bfsz"].astype("float64")
    return netblt.where(runs["protocol"] == "netblt", runs["window_bytes"].astype("float64"))


def _configuration(row: pd.Series) -> str:
    if row["protocol"] == "tcp":
        return f"TCP {int(row['window_bytes']) // 1024} KB {row['congestion_control']}"
    return f"NETBLT {int(row['nbufs'])} buf"


def plot_protocol_comparison(runs: pd.DataFrame, bounds: pd.Series, title: str) -> Figure:
    """NETBLT beside TCP, medians over seeds: a bar chart per network (every configuration
    without imposed loss, the range over seeds as error bars, TCP's window bound `bounds`, one
    per run, as a black tick where known), the throughput against the data each may have in
    flight (NETBLT's buffers x their size, TCP's window), and against imposed loss for the run
    sets that vary it. `runs` is a measure's frame with `label` and both protocols' columns."""
    files_only()
    import matplotlib.pyplot as plt  # noqa: PLC0415

    for needed in ("label", "network", "protocol", "nbufs", "bfsz", "window_bytes", "loss",
                   "congestion_control", "steady_state_mbps"):  # fmt: skip
        if needed not in runs.columns:
            raise ValueError(f"runs frame has no {needed!r} column")
    runs = runs.assign(bound=bounds, outstanding=_outstanding_bytes(runs),
                       configuration=runs.apply(_configuration, axis=1))  # fmt: skip
    networks = list(dict.fromkeys(runs["network"]))
    lossy_labels = [label for label, rows in runs.groupby("label", sort=False)
                    if rows["loss"].nunique() > 1]  # fmt: skip
    panels = len(networks) + 1 + (1 if lossy_labels else 0)
    columns = 2
    rows_of_panels = -(-panels // columns)
    figure, axes_grid = plt.subplots(rows_of_panels, columns, figsize=(13, 3.6 * rows_of_panels),
                                     dpi=100, constrained_layout=True, squeeze=False)  # fmt: skip
    axes_list = list(axes_grid.flat)
    colours = {"netblt": "tab:blue", "tcp": "tab:orange"}
    lossless = runs[runs["loss"] == 0]
    for axes, network in zip(axes_list, networks, strict=False):
        bars = (lossless[lossless["network"] == network]
                .groupby(["label", "configuration"], sort=False)
                .agg(protocol=("protocol", "first"), median=("steady_state_mbps", "median"),
                     low=("steady_state_mbps", "min"), high=("steady_state_mbps", "max"),
                     bound=("bound", "first"))
                .reset_index())  # fmt: skip
        positions = range(len(bars))
        axes.bar(positions, bars["median"], color=[colours[p] for p in bars["protocol"]],
                 yerr=[(bars["median"] - bars["low"]).clip(lower=0),
                       (bars["high"] - bars["median"]).clip(lower=0)], capsize=2)  # fmt: skip
        for position, bound in zip(positions, bars["bound"], strict=True):
            if bound == bound:  # not NaN
                axes.plot([position - 0.4, position + 0.4], [bound, bound], color="black")
        axes.set_xticks(list(positions), bars["configuration"], rotation=60, ha="right",
                        fontsize="x-small")  # fmt: skip
        axes.set_title(f"{network_label(network)}: median over seeds", fontsize="small")
        axes.set_ylabel(AXIS_LABELS["steady_state_mbps"], fontsize="small")
    curve_axes = axes_list[len(networks)]
    for (network, protocol, control), rows in lossless.groupby(
        ["network", "protocol", "congestion_control"], sort=False, dropna=False
    ):
        by_size = rows.groupby("outstanding")["steady_state_mbps"].median()
        name = f"{network} {protocol}" + ("" if protocol == "netblt" else f" {control}")
        curve_axes.plot(by_size.index / 1024, by_size.values, marker="o" if protocol == "tcp"
                        else "s", linestyle="-" if protocol == "tcp" else "--", label=name)  # fmt: skip
    curve_axes.set_xscale("log", base=2)
    curve_axes.set_xlabel("data allowed in flight (KB): TCP's window, NETBLT's buffers x size")
    curve_axes.set_ylabel("median steady state (Mbit/s)")
    curve_axes.set_yscale("log")
    curve_axes.legend(fontsize="xx-small", ncol=2)
    curve_axes.set_title("throughput against window or buffers, no imposed loss",
                         fontsize="small")  # fmt: skip
    if lossy_labels:
        loss_axes = axes_list[len(networks) + 1]
        lossy = runs[runs["label"].isin(lossy_labels)]
        for (label, configuration), rows in lossy.groupby(["label", "configuration"],
                                                          sort=False):  # fmt: skip
            by_loss = rows.groupby("loss")["steady_state_mbps"].median()
            loss_axes.plot(by_loss.index * 100, by_loss.values, marker="o",
                           label=f"{label}: {configuration}")  # fmt: skip
        loss_axes.set_xlabel("packet loss in each direction (%)")
        loss_axes.set_ylabel("median steady state (Mbit/s)")
        loss_axes.set_yscale("log")
        loss_axes.legend(fontsize="xx-small")
        loss_axes.set_title("throughput against loss", fontsize="small")
    for unused in axes_list[panels:]:
        unused.set_visible(False)
    figure.suptitle(f"{title}\nNETBLT blue, TCP orange; black ticks: TCP's window x 8 / round "
                    "trip", fontsize="medium")  # fmt: skip
    return figure
