# SPDX-License-Identifier: GPL-2.0-only
"""The seeds' floor in a bands scenario's reports (`bands_report`, `claim_bands_report`): the μ*
a factor without effect shows, as a share of the factors' summed μ*, measured under the common
seed (`common_seed_floor`), beside what a seed per point would give (`seed_noise_floor`) with
the nominal seeds' spread (the floor before common random numbers) and with the spread between
the two seeds at the points run with both (`seed_spread`); and in words whether the factors'
Morris shares separate from the floor, and where some do not, why, from those three: the
measured floor against a seed per point's at the same points says how far the common seed kept
the runs of a step aligned, and the spread at the points against the nominal seeds' whether the
seeds move the figure more away from the nominal point."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from netblt_sim.scenarios.bands.uncertainty import (
    Factor,
    effect_differences,
    normal_floor,
    seed_noise_floor,
    seed_spread,
)

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from netblt_sim.scenarios.bands.scenario import BandsScenario

# Where the measured floor is at least this fraction of a seed per point's at the same points,
# the common seed took little of the seeds' noise out of the elementary effects.
ALIGNED_BELOW = 0.8
# A floor below this fraction of 1 / factors is small: what lies below it barely moves.
SMALL_FLOOR = 0.25
# The spread at the points this many times the nominal seeds' (or less than its inverse) is
# worth saying.
SPREAD_RATIO = 1.5
# `normal_floor` this many times the measured floor (1 for normal noise): a heavy tail.
HEAVY_TAIL = 1.2


@dataclass(frozen=True)
class FloorShares:
    """The seeds' μ* floor as a share of the summed μ*, averaged (see the module's text)."""

    measured: float  # under the common seed
    nominal: float  # a seed per point, the nominal seeds' spread
    points: float  # a seed per point, the spread between the two seeds at the floor's points
    normal: float  # normal noise of the same mean square's (`normal_floor`)


@dataclass(frozen=True)
class Screened:
    """One figure's Morris screening as its floors read it (a table's configuration or a
    check): the factors and points, the figure at each point under the common seed
    (`outputs`) and at the first `len(again)` points under the floor's seed (`again`), the
    factors' summed μ*, the floor measured under the common seed, and the nominal seeds' spread
    (NaN where there is none)."""

    factors: Sequence[Factor]
    points: NDArray[np.float64]
    outputs: NDArray[np.float64]
    again: NDArray[np.float64]
    total: float
    measured: float
    nominal_sd: float

    def nominal_floor(self, levels: int) -> float:
        """What the formula of a seed per point gives with the nominal seeds' spread."""
        return seed_noise_floor(self.nominal_sd, levels)

    def points_floor(self, levels: int) -> float:
        """What the formula of a seed per point gives with the two seeds' spread at the points
        run with both (`seed_spread`)."""
        return seed_noise_floor(seed_spread(self.outputs[:len(self.again)], self.again), levels)

    def normal_floor(self, levels: int) -> float:
        """What normal noise of the two seeds' elementary effects' mean square gives
        (`normal_floor`)."""
        n = len(self.again)
        return normal_floor(effect_differences(self.factors, self.points[:n], self.outputs[:n],
                                               self.again, levels))  # fmt: skip


def floor_shares(screened: Sequence[Screened], levels: int) -> FloorShares:
    """The floors as shares of the summed μ*, averaged over the figures (`floor_share`)."""
    totals = [s.total for s in screened]
    return FloorShares(floor_share([s.measured for s in screened], totals),
                       floor_share([s.nominal_floor(levels) for s in screened], totals),
                       floor_share([s.points_floor(levels) for s in screened], totals),
                       floor_share([s.normal_floor(levels) for s in screened], totals))  # fmt: skip


def floor_share(floors: Iterable[float], totals: Iterable[float]) -> float:
    """The mean of floor / total over the pairs whose total (the factors' summed μ*) is above 0
    and whose floor is known (not NaN); NaN if none is."""
    shares = [floor / total for floor, total in zip(floors, totals, strict=True)
              if total > 0 and not np.isnan(floor)]  # fmt: skip
    return float(np.mean(shares)) if shares else float("nan")


def floor_text(scenario: BandsScenario, shares: FloorShares, over: str) -> str:
    """The three floors' shares, `over` what they are averaged."""
    return (f"Seeds' μ* floor as a share of the summed μ* (mean over {over}): "
            f"{shares.measured:.3f} under the common seed, measured from the first "
            f"{scenario.floor_trajectories} trajectories of the Morris sample run again with seed "
            f"{scenario.floor_seed} (`common_seed_floor`). A seed per point would give, by the "
            f"formula 2 σ_seed / (√π Δ), {shares.nominal:.3f} with σ_seed the nominal seeds' "
            "spread (the floor before common random numbers) and "
            f"{shares.points:.3f} with σ_seed the spread between the two seeds at the points run "
            "with both.")  # fmt: skip


def separation_text(names: Sequence[str], shares: Sequence[float], floors: FloorShares) -> str:
    """Whether the factors' mean Morris shares lie above the measured floor's share, and where
    some do not, why (see the module's text)."""
    measured = floors.measured
    if np.isnan(measured):
        return ("No floor is stated: no figure moves, or every step of the floor's trajectories "
                "had a failed run.")  # fmt: skip
    above = [name for name, share in zip(names, shares, strict=True) if share > measured]
    inert = [name for name, share in zip(names, shares, strict=True) if share == 0]
    below = [name for name in names if name not in above and name not in inert]
    clear = [name for name, share in zip(names, shares, strict=True) if share > 2 * measured]
    text = (f"Factors whose mean share lies above the measured floor: {len(above)} of "
            f"{len(names)}, {len(clear)} of them more than twice it")  # fmt: skip
    if inert:
        # Under a common seed, a factor the runs do not read gives the very same runs.
        text += ("; without any effect (μ* 0: the same seed gives the same runs at every "
                 "level): " + ", ".join(f"`{name}`" for name in inert))  # fmt: skip
    if not below:
        return text + "; the others' bars all stand clear of the tornado's dashed line."
    text += ("; below it, not told from the seeds': "
             + ", ".join(f"`{name}`" for name in below) + ".")  # fmt: skip
    if measured < SMALL_FLOOR / len(names):
        return text + (" The floor is small, the seeds barely moving the figure: the factors "
                       "below it barely move it either.")  # fmt: skip
    ratio = measured / floors.points if floors.points > 0 else float("nan")
    if ratio >= ALIGNED_BELOW:
        text += (" The common seed does not keep the runs aligned: under it an elementary "
                 f"effect's noise is {ratio:.2f} times what a seed per point gives at the same "
                 "points, so two runs one step apart differ as two seeds' runs do.")  # fmt: skip
    elif ratio < ALIGNED_BELOW:
        text += (f" The common seed takes {1 - ratio:.0%} of the seeds' noise out of the "
                 f"elementary effects (the floor is {ratio:.2f} times a seed per point's at the "
                 "same points); what is left still hides the factors below it.")  # fmt: skip
    spread = floors.points / floors.nominal if floors.nominal > 0 else float("inf")
    if spread >= SPREAD_RATIO:
        text += (" The seeds move the figure more at the Morris points than at the nominal "
                 f"point ({spread:.1f} times the nominal seeds' floor), which the floor before "
                 "common random numbers, from the nominal seeds, did not see.")  # fmt: skip
    elif spread <= 1 / SPREAD_RATIO:
        text += (" The seeds move the figure less at the Morris points than at the nominal "
                 f"point ({spread:.2f} times the nominal seeds' floor).")  # fmt: skip
    tail = floors.normal / measured if measured > 0 else float("nan")
    if tail >= HEAVY_TAIL:
        text += (" The elementary effects' noise is heavier-tailed than normal (a few steps carry "
                 "most of it): the floor normal noise of the same mean square would have, "
                 f"σ_EE √(2/π), is {tail:.2f} times the measured E|d| / √2, "
                 f"{floors.normal:.3f} of the summed μ*.")  # fmt: skip
    top = sorted(shares, reverse=True)[:3]
    return text + (f" With {len(names)} factors, seeds' noise alone would give every factor a "
                   f"share of 1/{len(names)} = {1 / len(names):.3f}, and the floor the same; "
                   f"the largest three share {sum(top):.0%} of the summed μ*.")  # fmt: skip
