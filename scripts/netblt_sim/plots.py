# SPDX-License-Identifier: GPL-2.0-only
"""Plots of simulated throughput, with RFC 1030's published points when given."""

from __future__ import annotations

from typing import TYPE_CHECKING


if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

FAMILY_COLUMNS: tuple[str, ...] = ("psz", "nbufs")


def plot_throughput_vs_burst_interval(
    simulated: pd.DataFrame,
    published: pd.DataFrame | None = None,
    title: str = "NETBLT steady-state throughput against burst interval",
) -> Figure:
    """One curve per (packet size, outstanding buffers) of `simulated` (a `sweep` frame with
    `bi_ms`, `psz`, `nbufs` and `steady_state_mbps`), mean over seeds; `published` rows
    (`bi_ms`, `psz`, `nbufs`, `speed_mbps`) are drawn as points in the curve's colour."""
    import matplotlib  # noqa: PLC0415 - plotting is optional for a run

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    for column in ("bi_ms", "steady_state_mbps", *FAMILY_COLUMNS):
        if column not in simulated.columns:
            raise ValueError(f"simulated frame has no {column!r} column (a sweep() frame has)")
    figure, axes = plt.subplots(figsize=(7.5, 4.8), dpi=120)
    colours = plt.get_cmap("tab10").colors
    families = simulated.groupby(list(FAMILY_COLUMNS), sort=True)
    for index, ((psz, nbufs), family) in enumerate(families):
        colour = colours[index % len(colours)]
        curve = family.groupby("bi_ms")["steady_state_mbps"].mean()
        label = f"PSZ {psz}, NBUFS {nbufs}"
        axes.plot(curve.index, curve.values, color=colour, label=f"simulated, {label}")
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
    axes.legend(fontsize=7, loc="best")
    figure.tight_layout()
    return figure


def plot_losses_vs_burst_interval(
    runs: pd.DataFrame,
    networks: tuple[str, ...],
    marked_bi_ms: int | None = None,
    title: str = "NETBLT packets lost against burst interval",
) -> Figure:
    """Median losses over seeds against burst interval, one curve per network of `runs` (a
    `sweep` frame with `network`, `bi_ms` and `lost`); a dotted line marks `marked_bi_ms`."""
    import matplotlib  # noqa: PLC0415 - plotting is optional for a run

    matplotlib.use("Agg")
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
        axes.plot(series.index, series.values, marker="o", markersize=3, label=network)
    if marked_bi_ms is not None:
        axes.axvline(marked_bi_ms, color="grey", linestyle=":", linewidth=1)
    axes.set_xlabel("burst interval (ms per burst)")
    axes.set_ylabel(f"packets lost (median of {seeds} runs)")
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
    `runs` (a frame with `group_column`, `bi_ms` and `column`)."""
    import matplotlib  # noqa: PLC0415 - plotting is optional for a run

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    for needed in (group_column, "bi_ms", column):
        if needed not in runs.columns:
            raise ValueError(f"runs frame has no {needed!r} column")
    figure, axes = plt.subplots(figsize=(7, 4.2))
    for group, rows in runs.groupby(group_column, sort=False):
        medians = rows.groupby("bi_ms")[column].median()
        axes.plot(medians.index, medians.values, marker="o", markersize=4, label=str(group))
    axes.set_xlabel("burst interval (ms per burst)")
    axes.set_ylabel(f"{column} (median over seeds)")
    axes.set_title(title, fontsize=9)
    axes.legend(fontsize=8)
    figure.tight_layout()
    return figure
