# SPDX-License-Identifier: GPL-2.0-only
"""Designs over the unit cube, one coordinate per factor (0 its range's low end, 1 its high
end), for history matching (`history_matching`):

- `Dimension`: a factor's name and whether it is two-valued (a switch, or an option its
  scenario says takes only its range's ends): its coordinate is then 0 or 1;
- `latin_hypercube(n, dimensions, rng)`: the first wave, a Latin hypercube (McKay et al. 1979)
  whose centred discrepancy is improved by scipy's random coordinate swaps;
- `sobol_points(n, d, rng)`: scrambled Sobol points (Owen scrambling), the candidates a wave's
  emulator judges;
- `around(centres, n, scale, rng)`: points scattered about chosen centres (a normal step of
  `scale` in each coordinate, clipped to the cube), so that a small region left by the
  emulator is still found among the candidates;
- `spread(points, n, first)`: `n` of `points` chosen one by one, each the farthest from those
  chosen (greedy maximin), starting with `first`: a wave that covers its region.

Every function is deterministic given its generator (`numpy.random.Generator`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from numpy.typing import NDArray


@dataclass(frozen=True)
class Dimension:
    """One factor of a design: its name and whether it takes only its range's two ends."""

    name: str
    two_valued: bool = False


def snap(points: NDArray[np.float64], dimensions: Sequence[Dimension]) -> NDArray[np.float64]:
    """`points` with each two-valued coordinate at 0 (below one half) or 1."""
    snapped = np.array(points, dtype=np.float64, copy=True)
    for index, dimension in enumerate(dimensions):
        if dimension.two_valued:
            snapped[:, index] = (snapped[:, index] >= 0.5).astype(np.float64)
    return snapped


def latin_hypercube(n: int, dimensions: Sequence[Dimension], rng: np.random.Generator
                    ) -> NDArray[np.float64]:  # fmt: skip
    """`n` points of an optimised Latin hypercube over the dimensions, two-valued ones
    snapped."""
    from scipy.stats import qmc  # noqa: PLC0415 - scipy only for a search

    sampler = qmc.LatinHypercube(d=len(dimensions), optimization="random-cd", rng=rng)
    return snap(np.asarray(sampler.random(n), dtype=np.float64), dimensions)


def sobol_points(n: int, d: int, rng: np.random.Generator) -> NDArray[np.float64]:
    """The first `n` points of a scrambled Sobol sequence in `d` dimensions (`n` rounded up to
    a power of two, as the sequence's balance needs, then cut)."""
    from scipy.stats import qmc  # noqa: PLC0415

    power = max(0, int(np.ceil(np.log2(max(n, 1)))))
    points = qmc.Sobol(d=d, scramble=True, rng=rng).random_base2(power)
    return np.asarray(points[:n], dtype=np.float64)


def around(centres: NDArray[np.float64], n: int, scale: float, rng: np.random.Generator
           ) -> NDArray[np.float64]:  # fmt: skip
    """`n` points, each a normal step of standard deviation `scale` in every coordinate from a
    centre taken in turn, clipped to the cube."""
    if len(centres) == 0 or n <= 0:
        return np.empty((0, centres.shape[1] if centres.ndim == 2 else 0), dtype=np.float64)
    chosen = centres[np.arange(n) % len(centres)]
    steps = rng.normal(0.0, scale, size=chosen.shape)
    return np.asarray(np.clip(chosen + steps, 0.0, 1.0), dtype=np.float64)


def spread(points: NDArray[np.float64], n: int, first: int = 0) -> NDArray[np.intp]:
    """The indices of `n` of `points` (all if there are no more), chosen one by one, each the
    farthest (Euclidean, in the cube) from those already chosen; the first is `first`."""
    if n <= 0:
        return np.empty(0, dtype=np.intp)
    if n >= len(points):
        return np.arange(len(points))
    chosen = [first]
    nearest = np.linalg.norm(points - points[first], axis=1)
    while len(chosen) < n:
        farthest = int(np.argmax(nearest))
        chosen.append(farthest)
        nearest = np.minimum(nearest, np.linalg.norm(points - points[farthest], axis=1))
    return np.array(chosen, dtype=np.intp)
