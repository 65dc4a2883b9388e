# SPDX-License-Identifier: GPL-2.0-only
"""History matching (`scenarios.calibration.history_matching`) on toy simulators whose
non-implausible region is known: it is found where it is, a region that cannot exist is
reported empty with the coordinate that pulls its outputs apart, and its designs."""

from __future__ import annotations

import numpy as np
import pytest

from netblt_sim.scenarios.calibration.design import Dimension, latin_hypercube, snap, spread
from netblt_sim.scenarios.calibration.history_matching import (
    SearchSettings,
    Target,
    history_match,
    implausibility,
)

NOISE_SD = 0.01
SEEDS = 2
DIMENSIONS = [Dimension("x0"), Dimension("x1"), Dimension("x2")]
SETTINGS = SearchSettings(waves=(40, 30, 30), candidates=4096, cutoff=3.0, seed=5)


def toy(points: np.ndarray, wave: int) -> np.ndarray:
    """y0 = x0 + x1 and y1 = x0 - x1, with noise drawn per seed (common to every point: the
    seed's draw is a function of the seed, as a simulator's streams are); x2 does nothing."""
    seeds = np.random.default_rng(0).normal(0.0, NOISE_SD, size=(SEEDS, 2))
    clean = np.stack([points[:, 0] + points[:, 1], points[:, 0] - points[:, 1]], axis=1)
    return clean[:, None, :] + seeds[None, :, :]


def targets(first: tuple[float, float], second: tuple[float, float]) -> list[Target]:
    return [Target("y0", "first", *first, 0.0, (0, 1, 2)),
            Target("y1", "second", *second, 0.0, (0, 1, 2))]  # fmt: skip


def test_a_known_region_is_found_where_it_is_and_sized_close_to_its_area() -> None:
    # |x0 + x1 - 1| <= 0.05 and |x0 - x1| <= 0.05: a square about (0.5, 0.5) of area 0.005,
    # whatever x2; the seeds' and the emulator's uncertainty widen it a little.
    search = history_match(DIMENSIONS, targets((0.95, 1.05), (-0.05, 0.05)), toy, SETTINGS)
    found = search.points[search.non_implausible()]
    assert len(found) >= 10  # later waves went into the region
    assert np.all(np.abs(found[:, 0] + found[:, 1] - 1) < 0.1)
    assert np.all(np.abs(found[:, 0] - found[:, 1]) < 0.1)
    region = search.region()
    assert 0.4 < region[:, 0].min() and region[:, 0].max() < 0.6
    assert region[:, 2].min() < 0.1 and region[:, 2].max() > 0.9  # the idle input stays free
    assert 0.002 < search.region_share() < 0.03
    # The first wave's emulator judged the second wave's points well.
    assert search.waves[1].validated is not None and search.waves[1].validated > 0.9


def test_a_region_that_cannot_exist_is_reported_empty_with_what_pulls_it_apart() -> None:
    # y0 in [1.9, 2.0] wants x0 and x1 high; y1 in [0.9, 1.0] wants x0 high and x1 low; both
    # need x0 >= 1.4: each output alone is reachable, the two together are not.
    search = history_match(DIMENSIONS, targets((1.9, 2.0), (0.9, 1.0)), toy, SETTINGS)
    assert len(search.non_implausible()) == 0
    assert search.region_share() == 0.0 and len(search.region()) == 0
    alone, _ = search.smallest()
    assert alone.max() <= 3.0  # each group alone is reached somewhere
    at_best = search.group_implausibility()[search.ranked()[0]]
    assert at_best.max() > 3.0  # not both at once
    best = search.points[search.ranked()[0]]
    pulls = search.pulls("first", best)
    assert pulls and pulls[0].index == 1 and pulls[0].end == 1.0  # it wants x1 high
    assert pulls[0].own_after < pulls[0].own_before
    assert pulls[0].others_lost == ("second",)  # which wants x1 low
    assert 0 not in [pull.index for pull in pulls]  # x0: both want it high, it pulls nothing apart
    # Without the first, the second's region remains: x0 - x1 in [0.9, 1], near (1, 0).
    alone = search.region(leave_out=["first"])
    assert len(alone) and np.all(alone[:, 0] - alone[:, 1] > 0.8)
    assert len(search.non_implausible(leave_out=["first"])) > 0
    with pytest.raises(ValueError, match="every group is left out"):
        search.region_share(leave_out=["first", "second"])


def test_implausibility_is_distance_outside_the_interval_over_the_uncertainty() -> None:
    target = [Target("y", "g", 1.0, 2.0, 0.01, (0,))]
    mean = np.array([[1.5], [2.3], [0.4], [np.nan]])
    values = implausibility(mean, np.full_like(mean, 0.03), target, np.array([0.12]), 2)
    # inside: 0; above by 0.3 over sqrt(0.01 + 0.06 + 0.03); below by 0.6; unknown: inf
    assert values[:, 0].tolist() == pytest.approx([0.0, 0.3 / 0.1 ** 0.5, 0.6 / 0.1 ** 0.5,
                                                   float("inf")])  # fmt: skip


def test_designs_fill_the_cube_snap_switches_and_repeat_from_their_seed() -> None:
    dimensions = [Dimension("a"), Dimension("switch", two_valued=True)]
    first = latin_hypercube(64, dimensions, np.random.default_rng(3))
    again = latin_hypercube(64, dimensions, np.random.default_rng(3))
    assert np.array_equal(first, again)
    assert set(first[:, 1]) == {0.0, 1.0}
    # A Latin hypercube has one point in each of the 64 strata of a continuous coordinate.
    assert sorted(np.floor(first[:, 0] * 64).astype(int)) == list(range(64))
    points = np.array([[0.0, 0.0], [0.01, 0.0], [1.0, 1.0], [0.0, 1.0]])
    assert spread(points, 3).tolist() == [0, 2, 3]  # the near twin of the first is left
    assert spread(points, 0).tolist() == []
    assert snap(np.array([[0.2, 0.49], [0.7, 0.5]]), dimensions).tolist() == [[0.2, 0.0],
                                                                               [0.7, 1.0]]


def test_settings_it_cannot_run_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="waves"):
        history_match(DIMENSIONS, targets((0, 1), (0, 1)), toy, SearchSettings((), 10))
    with pytest.raises(ValueError, match="one seed"):
        history_match(DIMENSIONS, targets((0, 1), (0, 1)),
                      lambda p, w: toy(p, w)[:, :1, :], SearchSettings((8,), 10))  # fmt: skip


def test_a_group_no_input_reaches_is_set_aside_and_the_others_region_is_found() -> None:
    # y0 = x0 + x1 never exceeds 2: a target of [3, 4] is out of reach whatever the inputs; the
    # second group's region, |x0 - x1| <= 0.05, is then what the waves refocus on.
    search = history_match(DIMENSIONS, targets((3.0, 4.0), (-0.05, 0.05)), toy, SETTINGS)
    assert [w.set_aside for w in search.waves] == [(), ("first",), ("first",)]
    assert len(search.non_implausible()) == 0
    found = search.points[search.non_implausible(leave_out=["first"])]
    assert len(found) >= 10 and np.all(np.abs(found[:, 0] - found[:, 1]) < 0.1)
    assert search.region_share(leave_out=["first"]) > 0.05

