# SPDX-License-Identifier: GPL-2.0-only
"""Grids of runs: every combination of some parameters' values, the others fixed.

`grid_parameters` is the one expander of a grid into runs, behind `sweep`, a table's curves, a
measure's run sets and the benchmarks (`grid_flow_sets` the same into flow sets, `flows`);
`load_grid` reads a grid as a scenario file writes it.

A grid's runs are counted before any is built, and a grid of more than the run limit
(`DEFAULT_RUN_LIMIT`, or that of the innermost `run_limit` block; `--max-runs` on the command
lines) is refused with its number (`GridTooLargeError`): a range of a billion burst intervals
is refused in a moment, at no memory.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator, Mapping, Sized
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from netblt_sim.core.flows import FLOW_SET_NAMES, FlowSet, flow_set
from netblt_sim.core.parameters import TransferParameters, transfer_parameters

RANGE_KEYS: tuple[str, ...] = ("from", "to", "step")
# The most runs one grid may have unless told otherwise: about a day of the slowest networks'
# runs on two cores, and a few hundred MB of parameters.
DEFAULT_RUN_LIMIT = 100_000
_RUN_LIMIT: ContextVar[int] = ContextVar("run_limit", default=DEFAULT_RUN_LIMIT)


class GridTooLargeError(ValueError):
    """A grid with more runs than the run limit: names its size and the limit."""


def checked_run_limit(limit: object) -> int:
    """`limit` if it is a whole number from 1, else ValueError naming it."""
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"run limit = {limit!r}: must be a whole number of runs, at least 1")
    return limit


@contextmanager
def run_limit(limit: object) -> Iterator[int]:
    """Grids within the block may have up to `limit` runs (`checked_run_limit`)."""
    token = _RUN_LIMIT.set(checked_run_limit(limit))
    try:
        yield _RUN_LIMIT.get()
    finally:
        _RUN_LIMIT.reset(token)


def check_size(where: str, size: int) -> None:
    """GridTooLargeError if `size` runs are more than the run limit allows."""
    limit = _RUN_LIMIT.get()
    if size > limit:
        raise GridTooLargeError(
            f"{where} has {size:,} runs, more than the limit of {limit:,}: nothing was built; "
            "split it, or raise the limit (--max-runs, or grid.run_limit in Python)"
        )


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
    # Counted first: a range or any sized collection without enumerating it.
    dimensions = {name: values if isinstance(values, Sized) else tuple(values)
                  for name, values in grid.items()}  # fmt: skip
    sizes = {name: len(values) for name, values in dimensions.items()}
    check_size(f"the grid of {' x '.join(f'{n} ({k:,})' for n, k in sizes.items()) or 'nothing'}",
               math.prod(sizes.values()))  # fmt: skip
    return [
        {**fixed, **dict(zip(names, combination, strict=True))}
        for combination in itertools.product(*(dimensions[name] for name in names))
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
    values = range(start, stop + 1, step)
    check_size(f"{where} = {raw!r}", len(values))
    return tuple(values)
