# SPDX-License-Identifier: GPL-2.0-only
"""Grids of runs: every combination of some parameters' values, the others fixed.

`grid_parameters` is the one expander of a grid into runs, behind `sweep`, a table's curves, a
measure's run sets and the benchmarks (`grid_flow_sets` the same into flow sets, `flows`);
`load_grid` reads a grid as a scenario file writes it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from typing import Any

from netblt_sim.core.flows import FLOW_SET_NAMES, FlowSet, flow_set
from netblt_sim.core.parameters import TransferParameters, transfer_parameters

RANGE_KEYS: tuple[str, ...] = ("from", "to", "step")


def grid_parameters(grid: Mapping[str, Iterable[Any]], **fixed: Any) -> list[TransferParameters]:
    """Every combination of `grid` (name -> values, names as `transfer_parameters` takes them)
    with the `fixed` values, validated, in the order of `itertools.product` over the grid (its
    first name outermost). ValueError names a name given twice or a bad value."""
    return [transfer_parameters(**values) for values in combinations(grid, fixed)]


def grid_flow_sets(grid: Mapping[str, Iterable[Any]], **fixed: Any) -> list[FlowSet]:
    """`grid_parameters` into flow sets: names as `flows.flow_set` takes them (those of
    `transfer_parameters` and `FLOW_SET_NAMES`: flows, phase, share_rate, overrides)."""
    return [flow_set(**values) for values in combinations(grid, fixed)]


def is_flow_grid(grid: Mapping[str, object], fixed: Mapping[str, object]) -> bool:
    """Whether a grid and its fixed values name any of `FLOW_SET_NAMES`, so that its runs are
    flow sets."""
    return any(name in grid or name in fixed for name in FLOW_SET_NAMES)


def combinations(grid: Mapping[str, Iterable[Any]], fixed: Mapping[str, Any]
                 ) -> list[dict[str, Any]]:  # fmt: skip
    """The keywords of each run of the grid (`grid_parameters` before validation), in its
    order; ValueError names a name given both in the grid and as a fixed value."""
    names = list(grid)
    overlap = sorted(set(names) & set(fixed))
    if overlap:
        raise ValueError(f"{overlap} given both in the grid and as fixed values")
    return [
        {**fixed, **dict(zip(names, combination, strict=True))}
        for combination in itertools.product(*(list(grid[name]) for name in names))
    ]


def with_runs(grid: Mapping[str, Iterable[Any]], fixed: Mapping[str, Any], runs: object
              ) -> dict[str, Iterable[Any]]:  # fmt: skip
    """The grid with ns-3's run numbers 1 to `runs` as its last (innermost) dimension,
    `rng_run`, so that a configuration's replications are adjacent rows; the grid as it is for
    `runs` = 1. ValueError names a `runs` that is no whole number from 1, or one given with
    `rng_run` in the grid or the fixed values."""
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise ValueError(f"runs = {runs!r}: must be a whole number, at least 1 (the replications "
                         "of each combination, ns-3 run numbers 1 to runs)")  # fmt: skip
    if runs == 1:
        return dict(grid)
    if "rng_run" in grid or "rng_run" in fixed:
        raise ValueError(f"runs = {runs} and rng_run given: runs sets rng_run to 1-{runs}; give "
                         "one or the other")  # fmt: skip
    return {**grid, "rng_run": range(1, runs + 1)}


def load_grid(where: str, raw: object) -> dict[str, tuple[Any, ...]]:
    """A grid as a scenario file writes it: an object of parameter name -> a non-empty list of
    values, or a range of whole numbers `{"from": A, "to": B, "step": S}` (B included; `step`
    1 if left out). `where` names the grid in messages; ValueError names a bad entry."""
    if not isinstance(raw, dict) or not raw:
        raise ValueError(f"{where} = {raw!r}: must be an object of parameter name -> values")
    return {name: _values(f"{where}.{name}", values) for name, values in raw.items()}


def _values(where: str, raw: object) -> tuple[Any, ...]:
    if isinstance(raw, list):
        if not raw:
            raise ValueError(f"{where} is empty: give at least one value")
        return tuple(raw)
    if not isinstance(raw, dict):
        raise ValueError(f"{where} = {raw!r}: must be a list of values or {{from, to, step}}")
    unknown = sorted(set(raw) - set(RANGE_KEYS))
    missing = [key for key in RANGE_KEYS[:2] if key not in raw]
    if unknown or missing:
        raise ValueError(f"{where} = {raw!r}: a range has the keys {list(RANGE_KEYS)} (step 1 "
                         "if left out)")  # fmt: skip
    start, stop, step = raw["from"], raw["to"], raw.get("step", 1)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (start, stop, step)):
        raise ValueError(f"{where} = {raw!r}: from, to and step must be whole numbers")
    if start > stop or step < 1:
        raise ValueError(f"{where} = {raw!r}: needs from <= to and step >= 1")
    return tuple(range(start, stop + 1, step))
