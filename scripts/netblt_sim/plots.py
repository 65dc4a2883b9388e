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
