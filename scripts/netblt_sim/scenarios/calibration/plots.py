# SPDX-License-Identifier: GPL-2.0-only
"""A calibration's plots (see `report`): per configuration the smallest implausibility any point
reached, beside the models' values and the best vector; per factor the simulated points'
largest implausibility against the factor's value."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from netblt_sim.reporting.plots import files_only

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from netblt_sim.scenarios.calibration.analysis import Calibration

# Implausibilities above this are drawn at it (a transfer that failed is infinitely implausible).
DRAWN_AT_MOST = 1e3


def _drawn(values: np.ndarray) -> np.ndarray:
    return np.asarray(np.minimum(np.nan_to_num(values, nan=DRAWN_AT_MOST, posinf=DRAWN_AT_MOST),
                                 DRAWN_AT_MOST))  # fmt: skip


def plot_implausibility(calibration: Calibration) -> Figure:
    """Per configuration, a bar to the smallest implausibility a simulated point reached, the
    last emulator's smallest, and the implausibility at the models' values and at the best
    vector; the cutoff as a dashed line; symmetric log scale (0 is in bounds)."""
    files_only()
    import matplotlib.pyplot as plt  # noqa: PLC0415

    search = calibration.search
    simulated, emulated = search.smallest()
    groups = search.groups
    y = np.arange(len(groups))[::-1]
    figure, axes = plt.subplots(figsize=(10, 0.22 * len(groups) + 1.8), dpi=120)
    colours = {name: f"C{i}" for i, name in enumerate(dict.fromkeys(
        g.split(":")[0] for g in groups))}  # fmt: skip
    axes.barh(y, _drawn(simulated), color=[colours[g.split(":")[0]] for g in groups],
              alpha=0.6, label="smallest at a simulated point")  # fmt: skip
    axes.plot(_drawn(emulated), y, "kx", markersize=4, label="smallest the last emulator found")
    axes.plot(_drawn(calibration.implausibility_at(0)), y, "|", color="black", markersize=8,
              label="the models' values")  # fmt: skip
    axes.plot(_drawn(calibration.implausibility_at(1)), y, "o", color="tab:red", markersize=3,
              label="the best vector")  # fmt: skip
    axes.axvline(search.settings.cutoff, color="black", linestyle="--", linewidth=1,
                 label=f"cutoff {search.settings.cutoff:g}")  # fmt: skip
    axes.set_xscale("symlog", linthresh=1.0)
    axes.set_xlim(0, DRAWN_AT_MOST * 1.5)
    axes.set_yticks(y, [g.replace("table-", "") for g in groups], fontsize=6)
    axes.set_xlabel("implausibility (largest of the configuration's SPEED and counts)")
    axes.set_title("History matching of RFC 1030's Tables II-IV: how close each configuration "
                   "comes", fontsize=10)  # fmt: skip
    axes.grid(True, axis="x", alpha=0.3)
    axes.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    figure.tight_layout()
    return figure


def plot_factors(calibration: Calibration) -> Figure:
    """A panel per factor: each simulated point's largest implausibility (over the
    configurations) against the factor's value, coloured by wave; the models' value dashed, the
    best vector's as a red star, the cutoff dotted."""
    files_only()
    import matplotlib.pyplot as plt  # noqa: PLC0415

    search = calibration.search
    factors_ = calibration.scenario.factors()
    worst = _drawn(search.group_implausibility().max(axis=1))
    waves = search.wave_numbers
    best = calibration.indices[1]
    columns = 5
    rows = math.ceil(len(factors_) / columns)
    figure, grid = plt.subplots(rows, columns, figsize=(13, 2.1 * rows + 0.6), dpi=100,
                                sharey=True, squeeze=False)  # fmt: skip
    for index, (axes, factor) in enumerate(zip(grid.flat, factors_, strict=False)):
        values = np.array([factor.value(u) for u in search.points[:, index]])
        for number in sorted(set(waves)):
            chosen = waves == number
            axes.scatter(values[chosen], worst[chosen], s=4, color=f"C{number - 1}",
                         label=f"wave {number}")  # fmt: skip
        axes.axvline(factor.factor.nominal, color="black", linestyle="--", linewidth=0.8)
        axes.plot([values[best]], [worst[best]], "*", color="tab:red", markersize=9)
        axes.axhline(search.settings.cutoff, color="black", linestyle=":", linewidth=0.8)
        axes.set_yscale("symlog", linthresh=1.0)
        axes.set_title(factor.factor.name, fontsize=6)
        axes.set_xlabel(factor.factor.unit, fontsize=6)
        axes.tick_params(labelsize=6)
    for axes in list(grid.flat)[len(factors_):]:
        axes.set_visible(False)
    grid[0][0].set_ylabel("largest implausibility", fontsize=7)
    handles, labels = grid[0][0].get_legend_handles_labels()
    figure.legend(handles, labels, loc="upper right", fontsize=7, ncol=len(search.waves))
    figure.suptitle("Each simulated point's largest implausibility against each factor (dashed: "
                    "the models' value; star: the best vector; dotted: the cutoff)", fontsize=9)
    figure.tight_layout(rect=(0, 0, 1, 0.97))
    return figure
