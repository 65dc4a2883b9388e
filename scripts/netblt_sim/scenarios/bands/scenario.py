# SPDX-License-Identifier: GPL-2.0-only
"""Scenarios of kind "bands" (`scenarios/table-bands.json`): every configuration of the published
tables with its uncertainty (see `uncertainty`).

For each table scenario it names (`tables`), over the ranges of the table network's `models/`
entries (less those its `left_out` names, each with why):

1. the nominal point: each configuration with every `nominal_seeds` seed and the models as they
   are (the between-seed spread);
2. Morris screening (`morris`: trajectories, levels, seed, floor_trajectories): the same points
   for every configuration, every point run with the same seed, `seed_base` (common random
   numbers: the difference of two points is the factors', as far as the seed keeps the runs
   aligned), and the first `floor_trajectories` trajectories again with a second common seed,
   `seed_base` + 1, which measures the seeds' floor under the common seed (`common_seed_floor`);
3. Sobol indices (`sobol`: samples, factors, seed) of the table's `factors` strongest factors by
   their mean Morris share, the others at their values, every point with seed `seed_base`;
4. the residuals (`residuals`: a title, a table and a `where` over its configurations): each of
   their configurations with one factor at a time at each end of its range (the others at their
   values, `one_at_a_time_seeds`), to say which assumption within its range reaches the
   published figure.

With `claims` (`{"scenarios": [measure scenario names], "description"}`), the same for every
check of those measure scenarios, RFC 1030's claims of its text (see `claim_bands`): Morris
screening of each check over the factors of its run set's network (the table's on the same
network, less that table's `left_out`; a network without a table its own `left_out` entry) and
its nominal seeds; files `results/table-bands/claims-bands.csv`, `.md` and `claims-sensitivity.png`.

Every run goes through the executor (and its result store) in one batch per step, so an
analysis stopped midway simulates only what it had not finished when started again. Files per
table: `results/<name>/<table>-bands.csv`, `.md` (`bands_report`) and `results/<name>/<table>-sensitivity.png`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from netblt_sim.reporting.findings import Clause, json_object, load_where, matching
from netblt_sim.scenarios.bands.uncertainty import (
    Factor,
    MorrisIndices,
    SobolIndices,
    common_seed_floor,
    factors,
    morris_indices,
    morris_sample,
    point_parameters,
    sobol_indices,
    sobol_sample,
)
from netblt_sim.scenarios.measure.scenario import MeasureScenario
from netblt_sim.scenarios.table.scenario import CONFIGURATION_COLUMNS, TableScenario

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from netblt_sim.batch.executor import TransferExecutor
    from netblt_sim.core.transfer import TransferRecord

BANDS_KIND = "bands"
BANDS_KEYS: tuple[str, ...] = ("kind", "title", "description", "tables", "nominal_seeds")
BANDS_KEYS += ("seed_base", "morris", "sobol", "within_pct", "left_out", "residuals")
BANDS_KEYS += ("one_at_a_time_seeds", "max_simulated_s", "claims")
CLAIMS_KEYS: tuple[str, ...] = ("scenarios", "description")
MORRIS_KEYS: tuple[str, ...] = ("trajectories", "levels", "seed", "floor_trajectories")
CONFIGURATION_FIELDS: tuple[str, ...] = tuple(c for c in CONFIGURATION_COLUMNS)


@dataclass(frozen=True)
class Residual:
    """Configurations of one table whose published figure the nominal model misses."""

    title: str
    table: str
    where: tuple[Clause, ...]


@dataclass(frozen=True)
class BandsScenario:
    """The uncertainty of every configuration of some published tables (see the module)."""

    name: str
    title: str
    description: str
    tables: tuple[TableScenario, ...]
    nominal_seeds: tuple[int, ...]
    seed_base: int
    trajectories: int
    levels: int
    morris_seed: int
    # The trajectories (the first of each Morris sample) run again with `floor_seed`.
    floor_trajectories: int
    sobol_samples: int
    sobol_factors: int
    sobol_seed: int
    within_pct: float
    left_out: Mapping[str, Mapping[str, str]]  # table name -> factor key -> why
    residuals: tuple[Residual, ...]
    one_at_a_time_seeds: tuple[int, ...]
    # A run away from the nominal point is stopped at this simulated time (a transfer some
    # combination of values stalls then counts with its throughput so far, 0 if it never got
    # going, instead of running to the default hour).
    max_simulated_s: float
    claims: tuple[MeasureScenario, ...] = ()  # measure scenarios whose checks are screened
    claims_description: str = ""

    def factors(self, table: TableScenario) -> list[Factor]:
        return factors(table.network, self.left_out.get(table.name, {}))

    @property
    def floor_seed(self) -> int:
        """The second common seed: the first `floor_trajectories` trajectories' runs again, whose
        elementary effects beside the first seed's measure the seeds' floor."""
        return self.seed_base + 1

    def floor_points(self, points: NDArray[np.float64], factors_: Sequence[Factor]
                     ) -> NDArray[np.float64]:  # fmt: skip
        """The points of a Morris sample (`morris_sample`'s rows) run again with `floor_seed`:
        its first `floor_trajectories` trajectories."""
        return points[:self.floor_trajectories * (len(factors_) + 1)]

    def network_factors(self, network: str) -> list[Factor]:
        """The factors of a claim's runs on `network`: the scenario's table on that network's
        (less its `left_out`), or for a network without a table, the network's less
        `left_out[network]`."""
        table = next((t for t in self.tables if t.network == network), None)
        if table is not None:
            return self.factors(table)
        return factors(network, self.left_out.get(network, {}))


def _whole(where: str, raw: object, lowest: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < lowest:
        raise ValueError(f"{where} = {raw!r}: must be a whole number, at least {lowest}")
    return raw


def _seeds(where: str, raw: object) -> tuple[int, ...]:
    if not isinstance(raw, list) or not raw:
        raise ValueError(f"{where} = {raw!r}: must be a list of seeds")
    return tuple(_whole(f"{where}[{i}]", seed, 1) for i, seed in enumerate(raw))


def parse_bands(path: Path, raw: object, tables: Mapping[str, TableScenario],
                measures: Mapping[str, MeasureScenario] | None = None) -> BandsScenario:  # fmt: skip
    """The bands scenario of file `path` from its contents; `tables` are the table scenarios by
    name, `measures` the measure scenarios its `claims` may name. ValueError names a bad
    key."""
    entry = json_object(str(path), raw, BANDS_KEYS, BANDS_KEYS[:-1])
    names = entry["tables"]
    if not isinstance(names, list) or not names or any(n not in tables for n in names):
        raise ValueError(f"{path}: tables = {names!r}: must list table scenarios of {sorted(tables)}")
    morris = json_object(f"{path}: morris", entry["morris"], MORRIS_KEYS, MORRIS_KEYS)
    trajectories = _whole(f"{path}: morris.trajectories", morris["trajectories"], 2)
    floor_trajectories = _whole(f"{path}: morris.floor_trajectories",
                                morris["floor_trajectories"], 1)  # fmt: skip
    if floor_trajectories > trajectories:
        raise ValueError(f"{path}: morris.floor_trajectories = {floor_trajectories}: must be at "
                         f"most morris.trajectories ({trajectories})")  # fmt: skip
    sobol = json_object(f"{path}: sobol", entry["sobol"], ("samples", "factors", "seed"),
                        ("samples", "factors", "seed"))  # fmt: skip
    samples = _whole(f"{path}: sobol.samples", sobol["samples"], 2)
    if samples & (samples - 1):
        raise ValueError(f"{path}: sobol.samples = {samples}: must be a power of two")
    left_out = entry["left_out"]
    if not isinstance(left_out, dict) or any(
        not isinstance(v, dict) or not all(isinstance(w, str) and w for w in v.values())
        for v in left_out.values()
    ):
        raise ValueError(f"{path}: left_out: must map a table to {{factor key: why}}")
    residuals = tuple(
        _residual(f"{path}: residuals[{i}]", item, tables)
        for i, item in enumerate(entry["residuals"])
    )
    within = entry["within_pct"]
    if isinstance(within, bool) or not isinstance(within, int | float) or within <= 0:
        raise ValueError(f"{path}: within_pct = {within!r}: must be a positive number")
    scenario = BandsScenario(
        name=path.stem, title=str(entry["title"]), description=str(entry["description"]),
        tables=tuple(tables[n] for n in names),
        nominal_seeds=_seeds(f"{path}: nominal_seeds", entry["nominal_seeds"]),
        seed_base=_whole(f"{path}: seed_base", entry["seed_base"], 1),
        trajectories=trajectories,
        levels=_whole(f"{path}: morris.levels", morris["levels"], 2),
        morris_seed=_whole(f"{path}: morris.seed", morris["seed"], 0),
        floor_trajectories=floor_trajectories,
        sobol_samples=samples,
        sobol_factors=_whole(f"{path}: sobol.factors", sobol["factors"], 1),
        sobol_seed=_whole(f"{path}: sobol.seed", sobol["seed"], 0),
        within_pct=float(within), left_out=left_out, residuals=residuals,
        one_at_a_time_seeds=_seeds(f"{path}: one_at_a_time_seeds", entry["one_at_a_time_seeds"]),
        max_simulated_s=float(_whole(f"{path}: max_simulated_s", entry["max_simulated_s"], 1)),
    )  # fmt: skip
    if "claims" in entry:
        claims, description = _claims(f"{path}: claims", entry["claims"], measures or {})
        scenario = replace(scenario, claims=claims, claims_description=description)
    for table in scenario.tables:
        try:
            scenario.factors(table)
        except ValueError as error:
            raise ValueError(f"{path}: left_out.{table.name}: {error}") from None
    networks = {run_set.network for measure in scenario.claims for run_set in measure.run_sets}
    for network in sorted(networks - {table.network for table in scenario.tables}):
        try:
            scenario.network_factors(network)
        except ValueError as error:
            raise ValueError(f"{path}: left_out.{network}: {error}") from None
    known = {table.name for table in scenario.tables} | networks
    unknown = sorted(set(left_out) - known)
    if unknown:
        raise ValueError(f"{path}: left_out names {unknown}: must be tables of the scenario or "
                         f"networks of its claims' runs, {sorted(known)}")  # fmt: skip
    return scenario


def _claims(where: str, raw: object, measures: Mapping[str, MeasureScenario]
            ) -> tuple[tuple[MeasureScenario, ...], str]:  # fmt: skip
    entry = json_object(where, raw, CLAIMS_KEYS, CLAIMS_KEYS)
    names = entry["scenarios"]
    if not isinstance(names, list) or not names or any(n not in measures for n in names):
        raise ValueError(f"{where}.scenarios = {names!r}: must list measure scenarios of "
                         f"{sorted(measures)}")  # fmt: skip
    flows = [name for name in names if measures[name].uses_flows]
    if flows:
        raise ValueError(f"{where}.scenarios: {flows} run flow sets; the claims' screening "
                         "takes scenarios of single transfers")  # fmt: skip
    return tuple(measures[name] for name in names), str(entry["description"])


def _residual(where: str, raw: object, tables: Mapping[str, TableScenario]) -> Residual:
    entry = json_object(where, raw, ("title", "table", "where"), ("title", "table", "where"))
    if entry["table"] not in tables:
        raise ValueError(f"{where}.table = {entry['table']!r}: must be one of {sorted(tables)}")
    clauses = load_where(f"{where}.where", entry["where"])
    unknown = [c for c, _, _ in clauses if c not in CONFIGURATION_COLUMNS]
    if unknown:
        raise ValueError(f"{where}.where: {unknown}: must be of {list(CONFIGURATION_COLUMNS)}")
    return Residual(str(entry["title"]), entry["table"], clauses)


def configurations(table: TableScenario) -> pd.DataFrame:
    """Each distinct configuration of the table, in published order, with its published
    median SPEED (`published_median`)."""
    published = table.published()
    grouped = published.groupby(list(CONFIGURATION_COLUMNS), sort=False)["speed_mbps"]
    return grouped.median().rename("published_median").reset_index()


def base_transfers(table: TableScenario, configurations_: pd.DataFrame) -> list[dict[str, object]]:
    """transfer_parameters' keywords of each configuration, without its seed."""
    records = configurations_[list(CONFIGURATION_COLUMNS)].to_dict("records")
    return [{"network": table.network} | {str(k): v for k, v in r.items()} for r in records]


def varied(scenario: BandsScenario, base: dict[str, object]) -> dict[str, object]:
    """The keywords of a run away from the nominal point: `base` stopped at the scenario's
    `max_simulated_s`."""
    return base | {"max_simulated_s": scenario.max_simulated_s}


@dataclass
class TableAnalysis:
    """What the runs gave for one table: per configuration (rows of `configurations`)."""

    table: TableScenario
    factors: list[Factor]
    configurations: pd.DataFrame
    nominal: list[NDArray[np.float64]]  # per configuration: its output per nominal seed
    morris_points: NDArray[np.float64]
    morris: list[NDArray[np.float64]]  # per configuration: the output per Morris point
    indices: list[MorrisIndices]
    # per configuration: the seeds' μ* floor under the common seed (`common_seed_floor`)
    floors: list[float]
    sobol_factors: list[Factor]
    sobol: list[SobolIndices]
    sobol_outputs: list[NDArray[np.float64]]
    one_at_a_time: pd.DataFrame  # configuration index, factor, end, value, median output
    # per configuration: the record per Morris point (None: the run failed)
    morris_records: list[list[TransferRecord | None]] = field(default_factory=list)
    # per configuration: the record per `floor_points` point with `floor_seed`
    floor_records: list[list[TransferRecord | None]] = field(default_factory=list)


class RunBatch:
    """Transfers collected across tables so that each step is one batch for the executor."""

    def __init__(self) -> None:
        self.runs: list[Any] = []

    def add(self, runs: Sequence[Any]) -> slice:
        start = len(self.runs)
        self.runs.extend(runs)
        return slice(start, len(self.runs))

    def records(self, label: str, executor: TransferExecutor | None
                ) -> list[TransferRecord | None]:  # fmt: skip
        """Each run's record; None for a run that raised or whose worker process died (the
        others are taken again, from the store if the executor has one)."""
        from netblt_sim.batch.executor import TransferFailedError, run_transfers  # noqa: PLC0415

        try:
            return list(run_transfers(self.runs, label, executor))
        except TransferFailedError as error:
            failed = {run for run, _ in error.failures}
            for run, cause in error.failures:
                print(f"{label}: left out, the simulation failed ({cause}): {run}")
            kept = [run for run in self.runs if run not in failed]
            by_run = dict(zip(kept, run_transfers(kept, None, executor), strict=True))
            return [by_run.get(run) for run in self.runs]

    def run(self, label: str, executor: TransferExecutor | None) -> NDArray[np.float64]:
        """Each run's steady-state throughput; NaN for a run that failed (see `records`)."""
        return throughputs(self.records(label, executor))


def throughputs(records: Sequence[TransferRecord | None]) -> NDArray[np.float64]:
    """Each record's steady-state throughput; NaN for a run that failed (None)."""
    return np.array([np.nan if r is None else r.steady_state_mbps for r in records],
                    dtype=np.float64)  # fmt: skip


def analyse(scenario: BandsScenario, executor: TransferExecutor | None) -> list[TableAnalysis]:
    """Runs every step of the scenario (see the module's text) and returns each table's."""
    analyses = screen(scenario, executor)
    bases = [base_transfers(a.table, a.configurations) for a in analyses]
    _sobol(scenario, analyses, bases, executor)
    _one_at_a_time(scenario, analyses, bases, executor)
    return analyses


def screen(scenario: BandsScenario, executor: TransferExecutor | None) -> list[TableAnalysis]:
    """The first step alone: each table's nominal seeds and Morris points (every point with
    `seed_base`, the `floor_points` again with `floor_seed`), one batch (its analyses without
    Sobol indices or one-at-a-time runs)."""
    from netblt_sim.core.parameters import transfer_parameters  # noqa: PLC0415

    tables = scenario.tables
    table_factors = [scenario.factors(table) for table in tables]
    table_configurations = [configurations(table) for table in tables]
    bases = [base_transfers(t, configs)
             for t, configs in zip(tables, table_configurations, strict=True)]  # fmt: skip
    # Step 1 and 2 together: the nominal seeds, the Morris points and the floor's again.
    batch = RunBatch()
    nominal_slices = [
        [batch.add([transfer_parameters(**base, seed=s) for s in scenario.nominal_seeds])
         for base in table_bases] for table_bases in bases]  # fmt: skip
    points = [morris_sample(f, scenario.trajectories, scenario.levels, scenario.morris_seed)
              for f in table_factors]  # fmt: skip
    again = [scenario.floor_points(p, f) for p, f in zip(points, table_factors, strict=True)]

    def add(sample: list[NDArray[np.float64]], seed: int) -> list[list[slice]]:
        """Per table, per configuration: its runs at each point of the table's sample."""
        return [[batch.add([point_parameters(varied(scenario, base), f, point, seed)
                            for point in table_points]) for base in table_bases]
                for f, table_points, table_bases
                in zip(table_factors, sample, bases, strict=True)]  # fmt: skip

    morris_slices = add(points, scenario.seed_base)
    floor_slices = add(again, scenario.floor_seed)
    records = batch.records(f"{scenario.name}: nominal and Morris", executor)
    outputs = throughputs(records)
    analyses = []
    for t, table in enumerate(tables):
        f, n = table_factors[t], len(again[t])
        morris = [outputs[s] for s in morris_slices[t]]
        indices = [complete_trajectories_indices(f, points[t], y, scenario.levels) for y in morris]
        floors = [common_seed_floor(f, again[t], y[:n], outputs[s], scenario.levels)
                  for y, s in zip(morris, floor_slices[t], strict=True)]  # fmt: skip
        analyses.append(TableAnalysis(
            table, f, table_configurations[t], [outputs[s] for s in nominal_slices[t]],
            points[t], morris, indices, floors, [], [], [], pd.DataFrame(),
            [records[s] for s in morris_slices[t]],
            [records[s] for s in floor_slices[t]]))  # fmt: skip
    return analyses


def complete_trajectories_indices(factors_: Sequence[Factor], points: NDArray[np.float64],
                                  outputs: NDArray[np.float64], levels: int) -> MorrisIndices:
    """Morris's indices from the trajectories whose every run finished (a failed run leaves its
    whole trajectory out)."""
    size = len(factors_) + 1
    complete = ~np.isnan(outputs.reshape(-1, size)).any(axis=1)
    rows = np.repeat(complete, size)
    return morris_indices(factors_, points[rows], outputs[rows], levels)


def strongest(analysis: TableAnalysis, count: int) -> list[Factor]:
    """The `count` factors of the table with the largest Morris share, averaged over its
    configurations."""
    shares = np.mean([indices.shares() for indices in analysis.indices], axis=0)
    order = np.argsort(-shares, kind="stable")[:count]
    return [analysis.factors[i] for i in sorted(order)]


def _sobol(scenario: BandsScenario, analyses: list[TableAnalysis],
           bases: list[list[dict[str, object]]], executor: TransferExecutor | None) -> None:  # fmt: skip
    batch = RunBatch()
    slices = []
    for analysis, table_bases in zip(analyses, bases, strict=True):
        analysis.sobol_factors = strongest(analysis, scenario.sobol_factors)
        sample = sobol_sample(analysis.sobol_factors, scenario.sobol_samples, scenario.sobol_seed)
        slices.append((sample, [batch.add([
            point_parameters(varied(scenario, base), analysis.sobol_factors, point,
                             scenario.seed_base)
            for point in sample]) for base in table_bases]))  # fmt: skip
    outputs = batch.run(f"{scenario.name}: Sobol", executor)
    for analysis, (_, table_slices) in zip(analyses, slices, strict=True):
        analysis.sobol_outputs = [outputs[s] for s in table_slices]
        analysis.sobol = [sobol_indices(analysis.sobol_factors, y, scenario.sobol_seed)
                          for y in analysis.sobol_outputs if not np.isnan(y).any()]  # fmt: skip


def residual_indices(scenario: BandsScenario, analysis: TableAnalysis) -> list[int]:
    """The configurations of the table that some residual names, in order."""
    chosen: set[int] = set()
    for residual in scenario.residuals:
        if residual.table == analysis.table.name:
            chosen |= set(matching(analysis.configurations, residual.where).index)
    return sorted(chosen)


def _one_at_a_time(scenario: BandsScenario, analyses: list[TableAnalysis],
                   bases: list[list[dict[str, object]]],
                   executor: TransferExecutor | None) -> None:  # fmt: skip
    batch = RunBatch()
    plans: list[list[tuple[int, Factor, str, float, slice]]] = []
    for analysis, table_bases in zip(analyses, bases, strict=True):
        plan = []
        for index in residual_indices(scenario, analysis):
            for factor in analysis.factors:
                for end, value in (("low", factor.low), ("high", factor.high)):
                    if value == factor.nominal:
                        continue
                    runs = [point_parameters(varied(scenario, table_bases[index]), [factor],
                                             [value], seed)
                            for seed in scenario.one_at_a_time_seeds]  # fmt: skip
                    plan.append((index, factor, end, value, batch.add(runs)))
        plans.append(plan)
    outputs = batch.run(f"{scenario.name}: one at a time", executor)
    for analysis, plan in zip(analyses, plans, strict=True):
        analysis.one_at_a_time = pd.DataFrame(
            [{"configuration": index, "factor": factor.name, "key": factor.key, "end": end,
              "value": value, "unit": factor.unit, "median": float(np.nanmedian(outputs[s]))}
             for index, factor, end, value, s in plan],
            columns=["configuration", "factor", "key", "end", "value", "unit", "median"],
        )  # fmt: skip
