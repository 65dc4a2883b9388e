# SPDX-License-Identifier: GPL-2.0-only
"""Emulators of a simulator's outputs over the unit cube (`history_matching`): one Gaussian
process per output (scikit-learn's `GaussianProcessRegressor`), fitted on the design points'
outputs and predicting a mean and a variance anywhere.

Each output is emulated over its own inputs only (`OutputEmulator.inputs`): the coordinates of
the factors that can change it (a table's output does not move with a factor of another
network's files). The kernel is a constant times a squared-exponential with a length scale per
input (automatic relevance determination) plus a white-noise term; the white noise absorbs what
the common seeds leave of the seeds' noise and what the smooth surface misses, and is part of
the predicted variance (so the emulator's uncertainty is never below it). An output that is the
same at every design point (a count that is always 0) is emulated as that constant.

The hyperparameters are fitted by maximum likelihood on the points a search says (its least
implausible, at most a few hundred: the cost grows with the cube of their number), then the
process is conditioned on every point with them. The fit is deterministic: one optimiser start
from the kernel's initial values, and each output's linear algebra on one thread
(`threadpoolctl`), so the same points give the same predictions bit for bit.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from numpy.typing import NDArray

# The length scales' bounds, in the cube's unit: shorter than a twentieth of a range is noise
# to 300 points in 27 dimensions; longer than twenty ranges is flat.
LENGTH_SCALE_BOUNDS: tuple[float, float] = (0.05, 20.0)
# The white noise's bounds, as a variance of the normalised output.
NOISE_BOUNDS: tuple[float, float] = (1e-6, 1.0)


@dataclass
class OutputEmulator:
    """One output's emulator over its inputs (indices into a point's coordinates)."""

    inputs: tuple[int, ...]
    constant: float | None = None
    model: Any = field(default=None, repr=False)  # a fitted GaussianProcessRegressor

    def fit(self, points: NDArray[np.float64], values: NDArray[np.float64],
            tuning: NDArray[np.intp] | None = None) -> None:  # fmt: skip
        """Fits on the points whose value is known (NaN: a run that failed, left out): the
        kernel's hyperparameters by maximum likelihood on the `tuning` points (every point if
        None), then the process conditioned on every point with them."""
        known = ~np.isnan(values)
        x, y = points[known][:, list(self.inputs)], values[known]
        if len(y) == 0:
            raise ValueError("no design point has a value of this output to emulate")
        if np.ptp(y) == 0 or not self.inputs:
            self.constant, self.model = float(np.median(y)), None
            return
        from sklearn.gaussian_process import GaussianProcessRegressor  # noqa: PLC0415
        from sklearn.gaussian_process.kernels import RBF, WhiteKernel  # noqa: PLC0415
        from sklearn.gaussian_process.kernels import ConstantKernel  # noqa: PLC0415
        from threadpoolctl import threadpool_limits  # noqa: PLC0415

        kernel = ConstantKernel(1.0, (1e-3, 1e3)) * RBF(
            np.ones(len(self.inputs)), LENGTH_SCALE_BOUNDS
        ) + WhiteKernel(1e-2, NOISE_BOUNDS)
        chosen = np.arange(len(y)) if tuning is None else np.flatnonzero(
            np.isin(np.flatnonzero(known), tuning))  # fmt: skip
        with threadpool_limits(1):
            tuned = GaussianProcessRegressor(kernel, normalize_y=True, n_restarts_optimizer=0,
                                             random_state=0).fit(x[chosen], y[chosen])  # fmt: skip
            model = tuned if len(chosen) == len(y) else GaussianProcessRegressor(
                tuned.kernel_, normalize_y=True, optimizer=None).fit(x, y)  # fmt: skip
        self.constant, self.model = None, model

    def predict(self, points: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """The predicted mean and variance at each point."""
        if self.model is None:
            assert self.constant is not None, "predict before fit"
            return np.full(len(points), self.constant), np.zeros(len(points))
        from threadpoolctl import threadpool_limits  # noqa: PLC0415

        with threadpool_limits(1):
            mean, sd = self.model.predict(points[:, list(self.inputs)], return_std=True)
        return np.asarray(mean, dtype=np.float64), np.asarray(sd, dtype=np.float64) ** 2


class Emulator:
    """An emulator per output (see the module's text)."""

    def __init__(self, inputs: Sequence[Sequence[int]]) -> None:
        self.outputs = [OutputEmulator(tuple(chosen)) for chosen in inputs]

    def fit(self, points: NDArray[np.float64], values: NDArray[np.float64],
            tuning: NDArray[np.intp] | None = None) -> Emulator:  # fmt: skip
        """Fits every output's emulator (`values` has a column per output, a row per point),
        their hyperparameters on the `tuning` points (every point if None)."""
        from sklearn.exceptions import ConvergenceWarning  # noqa: PLC0415 - only for a search

        with warnings.catch_warnings():
            # A length scale at its upper bound is an input this output does not feel.
            warnings.simplefilter("ignore", ConvergenceWarning)
            for column, output in enumerate(self.outputs):
                output.fit(points, values[:, column], tuning)
        return self

    def predict(self, points: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """The predicted means and variances, a row per point and a column per output."""
        means = np.empty((len(points), len(self.outputs)))
        variances = np.empty_like(means)
        for column, output in enumerate(self.outputs):
            means[:, column], variances[:, column] = output.predict(points)
        return means, variances
