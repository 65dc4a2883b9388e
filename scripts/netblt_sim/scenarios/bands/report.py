# SPDX-License-Identifier: GPL-2.0-only
"""The files of a bands scenario per table (see `bands`): `results/<name>/<table>-bands.csv` (one row
per configuration: `BANDS_COLUMNS`), `<table>-bands.md` (the factors and their ranges, the
summary, each configuration, the Morris and Sobol indices beside the seeds' spread, and the
residuals answered) and `<table>-sensitivity.png` (`plots.plot_sensitivity`)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from netblt_sim.reporting.atomic import write_together
from netblt_sim.reporting.findings import matching
from netblt_sim.reporting.outcome import Outcome, Verdict
from netblt_sim.reporting.tables import markdown_table
from netblt_sim.scenarios.bands.claims import analyse_claims
from netblt_sim.scenarios.bands.claims_report import claim_verdicts, write_claim_bands
from netblt_sim.scenarios.bands.findings import analyse_findings
from netblt_sim.scenarios.bands.floor import (
    FloorShares,
    Screened,
    floor_shares,
    floor_text,
    separation_text,
)
from netblt_sim.scenarios.bands.scenario import (
    BandsScenario,
    TableAnalysis,
    analyse,
    throughputs,
)
from netblt_sim.scenarios.bands.uncertainty import normalised_levels
from netblt_sim.scenarios.table.scenario import CONFIGURATION_COLUMNS

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from netblt_sim.batch.executor import TransferExecutor

BANDS_COLUMNS: tuple[str, ...] = ("table", "configuration", *CONFIGURATION_COLUMNS)
BANDS_COLUMNS += ("published_median_mbps", "nominal_median_mbps", "nominal_seed_sd_mbps",
                  "p5_mbps", "p95_mbps")
BANDS_COLUMNS += ("published_within_band", "nominal_error_pct", "nominal_within_pct")
BANDS_COLUMNS += ("dominant_assumption", "dominant_share", "dominant_above_seed_noise")
BANDS_COLUMNS += ("seed_floor_share", "independent_seed_floor_share")
BANDS_COLUMNS += ("points_seed_floor_share", "runs")
NAMES = ("BS", "BI", "PSZ", "BFSZ", "XFSZ", "NBUFS")  # as RFC 1030 heads the columns


def configuration_text(row: Mapping[Hashable, Any]) -> str:
    return " ".join(f"{name} {float(row[c]):g}"
                    for name, c in zip(NAMES, CONFIGURATION_COLUMNS, strict=True))  # fmt: skip


def band_samples(analysis: TableAnalysis, index: int) -> NDArray[np.float64]:
    """A configuration's outputs over the assumption ranges and seeds: its Morris points and
    its nominal seeds."""
    samples = np.concatenate([analysis.morris[index], analysis.nominal[index]])
    kept: NDArray[np.float64] = samples[~np.isnan(samples)]  # a failed run is left out
    return kept


def bands_frame(scenario: BandsScenario, analysis: TableAnalysis) -> pd.DataFrame:
    """One row per configuration of the table (`BANDS_COLUMNS`)."""
    rows = []
    records = analysis.configurations.to_dict("records")  # keeps each column's type
    figures = screened(scenario, analysis)
    for index, configuration in enumerate(records):
        samples = band_samples(analysis, index)
        p5, p95 = (float(v) for v in np.percentile(samples, [5, 95]))
        nominal = analysis.nominal[index]
        nominal_median = float(np.median(nominal))
        published = float(configuration["published_median"])
        indices = analysis.indices[index]
        shares = indices.shares()
        top = int(np.argmax(indices.mu_star))
        floor = analysis.floors[index]
        total = sum(indices.mu_star)
        of_total = [round(f / total, 4) if total > 0 else np.nan
                    for f in (floor, figures[index].nominal_floor(scenario.levels),
                              figures[index].points_floor(scenario.levels))]  # fmt: skip
        error = 100 * (nominal_median - published) / published
        rows.append({
            "table": analysis.table.table, "configuration": configuration_text(configuration),
            **{c: configuration[c] for c in CONFIGURATION_COLUMNS},
            "published_median_mbps": published, "nominal_median_mbps": round(nominal_median, 4),
            "nominal_seed_sd_mbps": round(float(np.std(nominal, ddof=1)), 4),
            "p5_mbps": round(p5, 4), "p95_mbps": round(p95, 4),
            "published_within_band": bool(p5 <= published <= p95),
            "nominal_error_pct": round(error, 2),
            "nominal_within_pct": bool(abs(error) <= scenario.within_pct),
            "dominant_assumption": analysis.factors[top].name,
            "dominant_share": round(shares[top], 3),
            "dominant_above_seed_noise": bool(indices.mu_star[top] > floor),
            "seed_floor_share": of_total[0], "independent_seed_floor_share": of_total[1],
            "points_seed_floor_share": of_total[2],
            "runs": len(samples),
        })  # fmt: skip
    return pd.DataFrame(rows, columns=list(BANDS_COLUMNS))


def mean_shares(analysis: TableAnalysis) -> NDArray[np.float64]:
    """Each factor's Morris share averaged over the table's configurations."""
    return np.asarray(np.mean([i.shares() for i in analysis.indices], axis=0), dtype=np.float64)


def screened(scenario: BandsScenario, analysis: TableAnalysis) -> list[Screened]:
    """Each configuration's screening as its floors read it."""
    return [Screened(analysis.factors, analysis.morris_points, outputs,
                     throughputs(analysis.floor_records[index]), sum(indices.mu_star),
                     analysis.floors[index], float(np.std(nominal, ddof=1)))
            for index, (outputs, indices, nominal) in enumerate(
                zip(analysis.morris, analysis.indices, analysis.nominal, strict=True))]  # fmt: skip


def noise_shares(scenario: BandsScenario, analysis: TableAnalysis) -> FloorShares:
    """The seeds' μ* floor as a share of the factors' summed μ*, averaged over configurations:
    measured under the common seed, and by the formula of a seed per point, with the nominal
    seeds' spread and with the two seeds' at the floor's points."""
    return floor_shares(screened(scenario, analysis), scenario.levels)


def write_table_bands(
    scenario: BandsScenario, analysis: TableAnalysis, results_dir: Path
) -> tuple[tuple[Path, ...], pd.DataFrame]:
    """Writes the table's three files together; returns their paths and the CSV's frame."""
    from netblt_sim.reporting.plots import plot_sensitivity  # noqa: PLC0415

    frame = bands_frame(scenario, analysis)
    markdown = bands_markdown(scenario, analysis, frame)
    names = [f.name for f in analysis.factors]
    floors = noise_shares(scenario, analysis)
    figure = plot_sensitivity(
        names, mean_shares(analysis).tolist(), floors.measured,
        f"{analysis.table.title.split(':')[0]}: Morris sensitivity of SPEED (mean over "
        f"{len(frame)} configurations)", independent_share=floors.nominal,
    )  # fmt: skip
    stem = results_dir / analysis.table.name
    paths = write_together(stem.with_name(f"{stem.name}-bands.csv"), frame,
                           stem.with_name(f"{stem.name}-bands.md"), markdown,
                           [(stem.with_name(f"{stem.name}-sensitivity.png"), figure)])  # fmt: skip
    return paths, frame


def _cell(value: float) -> str:
    return f"{value:.3g}"


def bands_markdown(scenario: BandsScenario, analysis: TableAnalysis, frame: pd.DataFrame) -> str:
    """The table's report (see the module's text)."""
    table = analysis.table
    factors_ = analysis.factors
    morris_runs = len(analysis.morris_points) * len(frame)
    floor_runs = len(scenario.floor_points(analysis.morris_points, factors_)) * len(frame)
    nominal_runs = len(scenario.nominal_seeds) * len(frame)
    within = int(frame["published_within_band"].sum())
    close = int(frame["nominal_within_pct"].sum())
    inside = int(((frame["p5_mbps"] <= frame["nominal_median_mbps"])
                  & (frame["nominal_median_mbps"] <= frame["p95_mbps"])).sum())  # fmt: skip
    lines = [
        f"# {table.title}: every configuration with its uncertainty", "",
        "Regenerated by `scripts/reproduce` (scenario `scenarios/"
        f"{scenario.name}.json`); do not edit by hand.", "",
        scenario.description, "",
        "## Summary", "",
        f"- Configurations whose published median SPEED lies inside the 5-95 % band over the "
        f"assumption ranges and seeds: {within} of {len(frame)}.",
        f"- Configurations whose nominal median (the models as they are, {len(scenario.nominal_seeds)}"
        f" seeds) is within {scenario.within_pct:g} % of the published median: {close} of "
        f"{len(frame)}.",
        f"- Configurations whose nominal median lies inside its own band: {inside} of "
        f"{len(frame)} (the nominal sits at an end of several ranges: the options the models "
        "leave off, such as LostInterruptWindow and RearmCost at 0).",
        f"- Runs: {nominal_runs} at the nominal point, {morris_runs} Morris ({scenario.trajectories}"
        f" trajectories x {len(factors_) + 1} points, {scenario.levels} levels, for each of "
        f"{len(frame)} configurations, every point with seed {scenario.seed_base}), {floor_runs} "
        f"for the seeds' floor (the first {scenario.floor_trajectories} trajectories again with "
        f"seed {scenario.floor_seed}), {sum(len(y) for y in analysis.sobol_outputs)} Sobol, "
        f"{len(analysis.one_at_a_time) * len(scenario.one_at_a_time_seeds)} one at a time.",
        f"- {_floor_summary(scenario, analysis)}",
        "",
        "The band: the 5th and 95th percentiles of SPEED over the configuration's Morris points "
        "(every factor on its levels, every point with the same seed) and its nominal seeds (the "
        "seed varying only there). The "
        "dominant assumption: the largest Morris μ* (the mean absolute change of SPEED when the "
        "factor moves across its whole range), its share of the factors' summed μ*; "
        "`dominant_above_seed_noise` is false where that μ* is below what seeds alone give under "
        "the common seed, the floor measured from the trajectories run again with a second seed "
        "(`seed_floor_share`: as a share of the summed μ*; `independent_seed_floor_share` and "
        "`points_seed_floor_share`: what a seed per point would give, 2 σ_seed / (√π Δ) with Δ "
        "the Morris step and σ_seed the nominal seeds' spread or the two seeds' at the points "
        "run with both).", "",
        "## The factors", "",
    ]  # fmt: skip
    shares = mean_shares(analysis)
    factor_rows = [[f"`{factor.name}`", f"{factor.nominal:g}", f"{factor.low:g}-{factor.high:g}",
                    factor.unit, factor.range_source, f"{share:.3f}"]
                   for factor, share in zip(factors_, shares, strict=True)]  # fmt: skip
    lines.append(markdown_table(["factor", "value", "range", "unit", "why the range",
                                 "Morris share (mean)"], factor_rows, "lrlllr"))  # fmt: skip
    left_out = scenario.left_out.get(table.name, {})
    if left_out:
        lines += ["", "Left at their values: " + "; ".join(
            f"`{key}` ({why})" for key, why in left_out.items()) + "."]  # fmt: skip
    floors = noise_shares(scenario, analysis)
    lines += [
        "", floor_text(scenario, floors, "configurations") + " "
        + separation_text([f.name for f in factors_], shares.tolist(), floors),
        "", "## Each configuration", "",
        markdown_table([*NAMES, "published", "nominal (σ seeds)", "error %", "p5", "p95",
                        "inside", "dominant", "share"],
                       [_configuration_cells(row) for _, row in frame.iterrows()],
                       "rrrrrrrrrrrllr"),
    ]  # fmt: skip
    lines += _sobol_lines(scenario, analysis)
    lines += _residual_lines(scenario, analysis, frame)
    return "\n".join(lines) + "\n"


def _floor_summary(scenario: BandsScenario, analysis: TableAnalysis) -> str:
    """The summary's line on the seeds' floor: its share measured under the common seed, the
    share a seed per point would give, and the factors' mean shares against it."""
    floors = noise_shares(scenario, analysis)
    shares = mean_shares(analysis)
    above = int((shares > floors.measured).sum())
    return (f"The seeds' μ* floor as a share of the summed μ* (mean over configurations): "
            f"{floors.measured:.3f} under the common seed (measured), {floors.nominal:.3f} with "
            f"a seed per point (the formula, the nominal seeds' spread; {floors.points:.3f} with "
            f"the spread between two seeds at the Morris points); the factors' mean Morris "
            f"shares {shares.min():.3f}-{shares.max():.3f}, {above} of {len(shares)} above the "
            "measured floor (see the factors).")  # fmt: skip


def _configuration_cells(row: pd.Series) -> list[str]:
    """A configuration's row of the report: its transfer, the published and nominal medians,
    the band and the dominant assumption."""
    noise = "" if row["dominant_above_seed_noise"] else " (below seed noise)"
    return [*(f"{float(row[c]):g}" for c in CONFIGURATION_COLUMNS),
            f"{row['published_median_mbps']:g}",
            f"{row['nominal_median_mbps']:.3f} ({row['nominal_seed_sd_mbps']:.3f})",
            f"{row['nominal_error_pct']:g}", f"{row['p5_mbps']:.3f}", f"{row['p95_mbps']:.3f}",
            "yes" if row["published_within_band"] else "no",
            f"`{row['dominant_assumption']}`{noise}", f"{row['dominant_share']:.2f}"]  # fmt: skip


def _sobol_lines(scenario: BandsScenario, analysis: TableAnalysis) -> list[str]:
    if not analysis.sobol:
        return []
    names = [f.name for f in analysis.sobol_factors]
    first = np.mean([s.first for s in analysis.sobol], axis=0)
    total = np.mean([s.total for s in analysis.sobol], axis=0)
    seed_var = np.mean([np.var(y, ddof=1) for y in analysis.nominal])
    sample_var = np.mean([np.nanvar(y, ddof=1) for y in analysis.sobol_outputs])
    lines = [
        "", "## Sobol indices of the strongest factors", "",
        f"The {len(names)} factors with the largest mean Morris share, the others at their "
        f"values; {len(analysis.sobol_outputs[0])} points per configuration (Saltelli's sample, "
        f"every point with the Morris points' seed, {scenario.seed_base}: what noise the common "
        "seed leaves is the Morris floor's; small samples, read them as a ranking).", "",
        markdown_table(["factor", "S1 (mean)", "ST (mean)"],
                       [[f"`{n}`", f"{a:.2f}", f"{b:.2f}"]
                        for n, a, b in zip(names, first, total, strict=True)], "lrr"),
    ]  # fmt: skip
    lines += [
        "", f"Variance of SPEED (mean over configurations): over the Sobol sample "
        f"{sample_var:.3g} (Mbit/s)², between seeds at the nominal point {seed_var:.3g} "
        "(Mbit/s)².",
    ]  # fmt: skip
    return lines


def _residual_lines(
    scenario: BandsScenario, analysis: TableAnalysis, frame: pd.DataFrame
) -> list[str]:
    residuals = [r for r in scenario.residuals if r.table == analysis.table.name]
    if not residuals:
        return []
    within = scenario.within_pct
    lines = ["", "## The residuals answered", "",
             "Each configuration with one factor at a time at either end of its range (the others "
             f"at their values; median of seeds {list(scenario.one_at_a_time_seeds)}). A factor "
             f"reaches the published median if its SPEED at that end is within {within:g} % of "
             "it and at least halfway from the nominal to it; it crosses it if it lands beyond "
             "it (the value that would give the published figure then lies between the nominal "
             "and that end; 0 Mbit/s means the transfers stall there). Then the Morris points "
             "(every factor varied at once): how many come "
             f"within {within:g} %, and the factors furthest from their mean level there.",
             ""]  # fmt: skip
    oat = analysis.one_at_a_time
    for residual in residuals:
        chosen = matching(analysis.configurations, residual.where).index
        lines += [f"### {residual.title}", ""]
        alone = jointly = 0
        movers: dict[str, str] = {}
        for index in chosen:
            row = frame.loc[index]
            published, nominal = float(row["published_median_mbps"]), float(row["nominal_median_mbps"])
            runs = oat[oat["configuration"] == index]
            # Within `within` % of it and at least halfway from the nominal to it.
            reach = min(within / 100 * published, abs(nominal - published) / 2)
            close = runs[(runs["median"] - published).abs() <= reach]
            beyond = runs[((runs["median"] - published) * (nominal - published) < 0)
                          & ~runs.index.isin(close.index)]  # fmt: skip
            text = (f"- {row['configuration']}: published {published:g}, nominal {nominal:.3f} "
                    f"({row['nominal_error_pct']:+g} %), "
                    f"band {row['p5_mbps']:.3f}-{row['p95_mbps']:.3f}. ")  # fmt: skip
            if not close.empty:
                alone += 1
                movers |= {r["factor"]: _range_source(analysis, r["key"])
                           for _, r in close.iterrows()}  # fmt: skip
                text += "Reached alone by " + "; ".join(
                    f"`{r['factor']}` at {r['value']:g} {r['unit']} ({r['median']:.3f})"
                    for _, r in close.iterrows()) + ". "  # fmt: skip
            if not beyond.empty:
                text += "Crossed by " + "; ".join(
                    f"`{r['factor']}` between its value and {r['value']:g} {r['unit']} "
                    f"({r['median']:.3f} there)" for _, r in beyond.iterrows()) + ". "  # fmt: skip
            if close.empty and beyond.empty:
                nearest = runs.loc[(runs["median"] - published).abs().idxmin()]
                text += (f"No factor within its range reaches it alone (closest: "
                         f"`{nearest['factor']}` at {nearest['value']:g} {nearest['unit']}, "
                         f"{nearest['median']:.3f}). ")  # fmt: skip
            joint = _joint(analysis, int(index), published, within)
            jointly += joint is not None
            lines.append(text + (joint or "No Morris point comes within "
                                 f"{within:g} % of it."))  # fmt: skip
        verdict = (f"{alone} of {len(chosen)} configurations are reached by one assumption "
                   f"within its range, {jointly} by some combination of the Morris points")
        if alone == 0:
            verdict += ("; no single assumption within its range reaches the published figure, "
                        "which is evidence of a mechanism the model lacks rather than of a "
                        "badly chosen value")
        lines += ["", f"In short: {verdict}.", ""]
        if movers:
            lines += ["Whether a source supports moving them (each range's reason):", ""]
            lines += [f"- `{name}`: {why}" for name, why in movers.items()] + [""]
    return lines


def _range_source(analysis: TableAnalysis, key: str) -> str:
    return next(f.range_source for f in analysis.factors if f.key == key)


def _joint(analysis: TableAnalysis, index: int, published: float, within: float) -> str | None:
    """What the Morris points within `within` % of `published` share: how many, and the three
    factors whose mean level there is furthest from their mean over all points."""
    outputs = analysis.morris[index]
    close = np.abs(outputs - published) <= within / 100 * published
    if not close.any():
        return None
    factors_ = analysis.factors
    levels = normalised_levels(factors_, analysis.morris_points)
    shift = levels[close].mean(axis=0) - levels.mean(axis=0)
    top = np.argsort(-np.abs(shift), kind="stable")[:3]
    leaning = ", ".join(
        f"`{factors_[i].name}` toward its {'high' if shift[i] > 0 else 'low'} end "
        f"({levels[close, i].mean():.2f} of its range)" for i in top)  # fmt: skip
    return f"{int(close.sum())} of {len(outputs)} Morris points come within {within:g} %: {leaning}."


def run_bands(
    scenario: BandsScenario, results_dir: Path, executor: TransferExecutor | None = None
) -> Outcome:
    """Runs the analysis and writes each table's files together (see `bands_report`)."""
    analyses = analyse(scenario, executor)
    paths: list[Path] = []
    frames = []
    verdicts: list[Verdict] = []
    for analysis in analyses:
        written, frame = write_table_bands(scenario, analysis, results_dir)
        paths.extend(written)
        frames.append(frame)
        verdicts.extend(
            Verdict(f"{analysis.table.name} {row['configuration']}: published median within "
                    f"the 5-95 % band", bool(row["published_within_band"]))
            for _, row in frame.iterrows()
        )  # fmt: skip
    runs = pd.concat(frames, ignore_index=True)
    nominal_close = int(runs["nominal_within_pct"].sum())
    details = (f"{nominal_close} of {len(runs)} configurations' nominal medians within "
               f"{scenario.within_pct:g} %")  # fmt: skip
    if scenario.claims:
        claims = analyse_claims(scenario, executor)
        claims.findings = analyse_findings(scenario, analyses, executor)
        written, frame = write_claim_bands(scenario, claims, results_dir)
        paths.extend(written)
        verdicts.extend(claim_verdicts(frame))
        everywhere = int((frame["share_of_points_holding"] == 1.0).sum())
        details += (f"; {everywhere} of {len(frame)} claims and findings hold across the "
                    "assumption ranges")  # fmt: skip
    held = sum(v.holds for v in verdicts)
    answer = (f"{held} of {len(verdicts)} published figures and claims lie within the 5-95 % "
              f"band the models' stated ranges give; {details}.")  # fmt: skip
    return Outcome(tuple(paths), runs, tuple(verdicts), details, answer)
