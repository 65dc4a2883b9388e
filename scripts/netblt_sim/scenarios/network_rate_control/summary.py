# SPDX-License-Identifier: GPL-2.0-only
"""A network-rate-control scenario's frame summed up: each network's best static setting, and
every case's medians over the seeds (see `report`)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, cast

import pandas as pd

if TYPE_CHECKING:
    from netblt_sim.scenarios.network_rate_control.scenario import NetworkRateControlScenario

STATIC_GRID = "static grid"  # the `case` of the static grid's runs


def best_static(frame: pd.DataFrame) -> pd.DataFrame:
    """Per network, the static setting whose median steady state over the seeds is highest
    (ties: the first in grid order): `bs`, `bi_ms`, `steady_state_mbps`."""
    grid = frame[frame["case"] == STATIC_GRID]
    medians = grid.groupby(["network", "bs", "bi_ms"], sort=False)["steady_state_mbps"].median()
    rows = []
    for network, group in medians.groupby(level="network", sort=False):
        _, bs, bi_ms = cast(tuple[str, int, int], group.idxmax())
        rows.append({"network": network, "bs": int(bs), "bi_ms": int(bi_ms),
                     "steady_state_mbps": float(group.max())})  # fmt: skip
    return pd.DataFrame(rows).set_index("network")


SUMMARY_KEYS: list[str] = ["network", "case", "flows", "algorithm_name", "start"]


def case_summary(frame: pd.DataFrame) -> pd.DataFrame:
    """Per network, case, count of flows, algorithm and start (the static grid left out): the
    medians over the seeds, the worst seed, the resets of all seeds."""
    runs = frame[frame["case"] != STATIC_GRID].groupby([*SUMMARY_KEYS, "seed"], sort=False).agg(
        aggregate_mbps=("aggregate_mbps", "first"), pct=("pct_of_best_static", "first"),
        pct_of_capacity=("pct_of_capacity", "first"), jain=("jain_index", "first"),
        jain_windows=("jain_windows_min", "first"), convergence=("convergence_s", "first"),
        resets=("station_resets", "first"), resets_per_hour=("resets_per_hour", "first"),
        queue_p99=("queue_p99_bytes", "first"), queue_peak=("queue_peak_bytes", "first"),
        queue_delay=("queue_delay_p99_s", "first"), rxm=("retransmitted_fraction", "first"),
        heard=("explicit_rate_heard", "any"), quenches=("source_quenches", "sum"),
        completed=("completed", "all"))  # fmt: skip
    grouped = runs.groupby(level=SUMMARY_KEYS, sort=False)
    return pd.DataFrame({
        "aggregate_mbps": grouped["aggregate_mbps"].median(), "pct": grouped["pct"].median(),
        "worst_pct": grouped["pct"].min(), "pct_of_capacity": grouped["pct_of_capacity"].median(),
        "jain": grouped["jain"].median(), "worst_jain": grouped["jain"].min(),
        "jain_windows": grouped["jain_windows"].median(),
        "convergence": grouped["convergence"].median(),
        "worst_convergence": grouped["convergence"].apply(
            lambda c: math.nan if c.isna().any() else c.max()),
        "resets": grouped["resets"].sum(), "resets_per_hour": grouped["resets_per_hour"].median(),
        "queue_p99": grouped["queue_p99"].median(), "queue_peak": grouped["queue_peak"].max(),
        "queue_delay": grouped["queue_delay"].median(), "rxm": grouped["rxm"].median(),
        "heard": grouped["heard"].all(), "quenches": grouped["quenches"].median(),
        "completed": grouped["completed"].all(),
    })  # fmt: skip


WIDEBAND = "wideband"  # the network (`NetworkCase.network`) of the shared targets and the plots


def target_criteria(scenario: NetworkRateControlScenario, network: str, case: str, flows: int,
                    row: pd.Series) -> dict[str, bool] | None:  # fmt: skip
    """The issue's criteria for one row of `case_summary` (the medians of one algorithm from one
    start), each with whether it holds; None for a row no target is about. One flow, on every
    network: the share of the best static and no reset. Four and eight alike flows on the
    Wideband (no static or TCP flow beside them): the aggregate, Jain's index, no reset and the
    worst arrival's convergence."""
    targets = scenario.targets
    no_reset = bool(row["completed"]) and row["resets"] == 0
    if flows == 1:
        return {f"{targets.single_pct:g} % of the best static": bool(row["pct"] >= targets.single_pct),
                "no reset": no_reset}  # fmt: skip
    kind = next(c for c in scenario.cases if c.label == case and c.network.network == network)
    if (kind.network.network != WIDEBAND or flows not in (4, 8) or kind.static_flow
            or kind.tcp_flow):  # fmt: skip
        return None
    return {
        f"aggregate {targets.aggregate_pct:g} %": bool(row["pct"] >= targets.aggregate_pct),
        f"Jain's index {targets.jain:g}": bool(row["jain"] >= targets.jain),
        "no reset": no_reset,
        f"converged in {targets.convergence_s:g} s": bool(
            row["worst_convergence"] <= targets.convergence_s),
    }
