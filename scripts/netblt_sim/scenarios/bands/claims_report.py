# SPDX-License-Identifier: GPL-2.0-only
"""The files of a bands scenario's claims (see `claim_bands`): `results/table-bands/claims-bands.csv` (one row
per check: `CLAIM_COLUMNS`), `claims-bands.md` (which claims hold across the assumption ranges
and which hinge on an assumption, and at which end) and `claims-sensitivity.png` (the Morris
shares, `plots.plot_sensitivity`)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from netblt_sim.reporting.atomic import write_together
from netblt_sim.reporting.outcome import Verdict
from netblt_sim.reporting.tables import markdown_table
from netblt_sim.scenarios.bands.claims import FINDING_QUANTITY, ClaimAnalysis, ClaimsAnalysis
from netblt_sim.scenarios.bands.floor import (
    FloorShares,
    Screened,
    floor_shares,
    floor_text,
    separation_text,
)
from netblt_sim.scenarios.bands.scenario import BandsScenario
from netblt_sim.scenarios.bands.uncertainty import Factor
from netblt_sim.scenarios.measure.scenario import figure_text

CLAIMS_STEM = "claims"
CLAIM_FILES: tuple[str, ...] = (f"{CLAIMS_STEM}-bands.csv", f"{CLAIMS_STEM}-bands.md",
                                f"{CLAIMS_STEM}-sensitivity.png")  # fmt: skip
CLAIM_COLUMNS: tuple[str, ...] = ("scenario", "claim", "runs", "quantity", "statistic")
CLAIM_COLUMNS += ("low", "high", "nominal", "p5", "p95", "holds_at_nominal")
CLAIM_COLUMNS += ("share_of_points_holding", "morris_points", "dominant_assumption")
CLAIM_COLUMNS += ("dominant_share", "hinge_assumption", "hinge_end", "hinge_level_failing")
CLAIM_COLUMNS += ("hinge_level_holding", "seed_floor_share", "check_runs")
NO_EFFECT = "none (the figure does not move)"


def claims_frame(analyses: list[ClaimAnalysis]) -> pd.DataFrame:
    """One row per check (`CLAIM_COLUMNS`): its allowed range (the tolerance applied), the
    figure at the nominal point, its 5-95 % band, and how it fares over the Morris points."""
    rows = []
    for analysis in analyses:
        check = analysis.check
        low, high = check.bounds()
        p5, p95 = (float(v) for v in np.percentile(analysis.band(), [5, 95]))
        shares = analysis.indices.shares()
        top = int(np.argmax(analysis.indices.mu_star))
        moves = analysis.indices.mu_star[top] > 0
        total = sum(analysis.indices.mu_star)
        hinge = analysis.hinge()
        rows.append({
            "scenario": analysis.scenario, "claim": check.claim, "runs": check.runs,
            "quantity": check.quantity, "statistic": check.statistic,
            "low": round(low, 4), "high": round(high, 4),
            "nominal": round(analysis.nominal, 4),
            "p5": round(p5, 4), "p95": round(p95, 4),
            "holds_at_nominal": check.within(analysis.nominal),
            "share_of_points_holding": round(analysis.share_holding(), 3),
            "morris_points": int((~np.isnan(analysis.figures)).sum()),
            "dominant_assumption": analysis.factors[top].name if moves else NO_EFFECT,
            "dominant_share": round(shares[top], 3) if moves else 0.0,
            "hinge_assumption": hinge[0].name if hinge else "",
            "hinge_end": hinge[1] if hinge else "",
            "hinge_level_failing": round(hinge[2], 2) if hinge else np.nan,
            "hinge_level_holding": round(hinge[3], 2) if hinge else np.nan,
            "seed_floor_share": round(analysis.floor / total, 4) if moves else np.nan,
            "check_runs": analysis.runs,
        })  # fmt: skip
    return pd.DataFrame(rows, columns=list(CLAIM_COLUMNS))


def claim_verdicts(frame: pd.DataFrame) -> list[Verdict]:
    """Per check: it holds at every Morris point."""
    return [Verdict(f"{row['scenario']}: {row['claim']}: holds across the assumption ranges",
                    bool(row["share_of_points_holding"] == 1.0))
            for _, row in frame.iterrows()]  # fmt: skip


def mean_shares(analyses: list[ClaimAnalysis]) -> tuple[list[Factor], list[float]]:
    """Every factor of the checks (first seen first) and its Morris share averaged over the
    checks whose figure moves and whose network has it."""
    factors_: dict[str, Factor] = {}
    shares: dict[str, list[float]] = {}
    for analysis in analyses:
        if sum(analysis.indices.mu_star) == 0:
            continue
        for factor, share in zip(analysis.factors, analysis.indices.shares(), strict=True):
            factors_.setdefault(factor.key, factor)
            shares.setdefault(factor.key, []).append(share)
    return list(factors_.values()), [float(np.mean(shares[key])) for key in factors_]


def noise_shares(scenario: BandsScenario, analyses: list[ClaimAnalysis]) -> FloorShares:
    """The seeds' μ* floor as a share of the factors' summed μ*, averaged over the checks
    whose figure moves: measured under the common seed (`ClaimAnalysis.floor`), and by the
    formula of a seed per point, with the nominal seeds' spread (over the checks with more than
    one nominal seed: a table's finding has one figure at the nominal point) and with the two
    seeds' at the floor's points."""
    return floor_shares([Screened(
        a.factors, a.points, a.figures, a.again, sum(a.indices.mu_star), a.floor,
        float(np.nanstd(a.nominal_by_seed, ddof=1)) if len(a.nominal_by_seed) > 1
        else float("nan")) for a in analyses], scenario.levels)  # fmt: skip


def write_claim_bands(scenario: BandsScenario, claims: ClaimsAnalysis, results_dir: Path
                      ) -> tuple[tuple[Path, ...], pd.DataFrame]:  # fmt: skip
    """Writes the claims' three files together; returns their paths and the CSV's frame."""
    from netblt_sim.reporting.plots import plot_sensitivity  # noqa: PLC0415

    analyses = claims.checks + claims.findings
    frame = claims_frame(analyses)
    markdown = claims_markdown(scenario, claims, frame)
    factors_, shares = mean_shares(analyses)
    moving = sum(sum(a.indices.mu_star) > 0 for a in analyses)
    floors = noise_shares(scenario, analyses)
    figure = plot_sensitivity(
        [f.name for f in factors_], shares, floors.measured,
        f"RFC 1030's claims of its text: Morris sensitivity of each check's figure ({moving} of "
        f"{len(analyses)} checks move)", over="the checks whose network varies it",
        output="the check's figure", independent_share=floors.nominal,
    )  # fmt: skip
    csv_path, markdown_path, png_path = (results_dir / name for name in CLAIM_FILES)
    return write_together(csv_path, frame, markdown_path, markdown, [(png_path, figure)]), frame


def _answer(analysis: ClaimAnalysis, row: pd.Series) -> str:
    """The check's verdict over the ranges, in words."""
    share = float(row["share_of_points_holding"])
    points = int(row["morris_points"])
    nominal = "holds" if row["holds_at_nominal"] else "does NOT hold"
    text = (f"**{analysis.scenario}: {analysis.check.claim}.** {nominal.capitalize()} at the "
            f"nominal point ({figure_text(analysis.nominal)}); ")  # fmt: skip
    if share == 1.0:
        return text + f"holds at every one of the {points} Morris points: it holds across the "\
            "stated ranges."
    if share == 0.0:
        return text + f"holds at none of the {points} Morris points."
    hinge = analysis.hinge()
    assert hinge is not None
    factor, end, failing, holding = hinge
    return (text + f"holds at {round(share * points)} of {points} Morris points. It hinges on "
            f"`{factor.name}` ({factor.low:g}-{factor.high:g} {factor.unit}, nominal "
            f"{factor.nominal:g}): it fails toward the {end} end (the factor's mean level, 0 "
            f"at the low end and 1 at the high, {failing:.2f} over the points where it fails, "
            f"{holding:.2f} where it holds).")  # fmt: skip


def _counts(frame: pd.DataFrame) -> str:
    share = frame["share_of_points_holding"]
    return (f"{len(frame)}; holding at the nominal point: {int(frame['holds_at_nominal'].sum())}; "
            f"at every Morris point (across the stated ranges): {int((share == 1).sum())}; at "
            f"some points and not at others (hinging on an assumption): "
            f"{int(((share > 0) & (share < 1)).sum())}; at none: {int((share == 0).sum())}")  # fmt: skip


def _figure_cell(row: pd.Series) -> str:
    if row["quantity"] == FINDING_QUANTITY:
        return f"holds if {row['statistic']}"
    return (f"{row['statistic']} of {row['quantity']}, {figure_text(row['low'])} to "
            f"{figure_text(row['high'])}")  # fmt: skip


def claims_markdown(scenario: BandsScenario, claims: ClaimsAnalysis, frame: pd.DataFrame) -> str:
    """The claims' report (see the module's text)."""
    analyses = claims.checks + claims.findings
    checks, findings = frame.iloc[:len(claims.checks)], frame.iloc[len(claims.checks):]
    lines = [
        "# RFC 1030's claims of its text with their uncertainty", "",
        f"Regenerated by `scripts/reproduce` (scenario `scenarios/{scenario.name}.json`, "
        "its `claims`); do not edit by hand.", "",
        scenario.claims_description, "",
        "## Summary", "",
        f"- Checks of {len(scenario.claims)} measure scenarios: {_counts(checks)}.",
    ]  # fmt: skip
    if len(findings):
        lines.append(f"- Findings of the tables checked on each Morris point's table: "
                     f"{_counts(findings)}.")  # fmt: skip
    lines += [
        f"- Morris screening: {scenario.trajectories} trajectories, {scenario.levels} levels, "
        f"seed {scenario.morris_seed}, every point with seed {scenario.seed_base} (common random "
        f"numbers), the first {scenario.floor_trajectories} trajectories again with seed "
        f"{scenario.floor_seed} for the seeds' floor, each run stopped at "
        f"{scenario.max_simulated_s:g} simulated seconds; for the checks {claims.runs} distinct "
        f"runs ({int(frame['check_runs'].sum())} read by the checks: checks of one run set share "
        "its runs); the findings read the tables' Morris runs and their floor's.",
        f"- {_floor_summary(scenario, analyses)}", "",
        "The band: the 5th and 95th percentiles of the check's figure over its Morris points "
        "and its nominal seeds (each seed alone). The dominant assumption: the factor with the "
        "largest Morris μ* of the figure, and its share of the summed μ*. Where a check holds "
        "at some points and not others, the assumption it hinges on: the factor whose mean "
        "level differs most between the points where it fails and those where it holds. A "
        "finding's figure is 1 where it holds and 0 where not (`finding_bands`). "
        "`seed_floor_share` (CSV): the check's seeds' floor under the common seed as a share of "
        "its summed μ*.", "",
        "## Each claim", "",
    ]  # fmt: skip
    for index, (analysis, (_, row)) in enumerate(zip(analyses, frame.iterrows(), strict=True)):
        if index == len(claims.checks):
            lines += ["", "## Each finding of the tables", ""]
        lines += [f"- {_answer(analysis, row)}"]
    cells = [[f"{row['scenario']}", f"{row['claim']}", _figure_cell(row),
              figure_text(row["nominal"]), figure_text(row["p5"]), figure_text(row["p95"]),
              "yes" if row["holds_at_nominal"] else "no", f"{row['share_of_points_holding']:.3f}",
              f"`{row['dominant_assumption']}` ({row['dominant_share']:.2f})"]
             for _, row in frame.iterrows()]  # fmt: skip
    columns = ["scenario", "claim", "figure, allowed", "nominal", "p5", "p95", "holds (nominal)",
               "share of points holding", "dominant (share)"]  # fmt: skip
    lines += ["", markdown_table(columns, cells, "lllrrrlrl")]
    lines += _factor_lines(scenario, analyses)
    return "\n".join(lines) + "\n"


def _floor_summary(scenario: BandsScenario, analyses: list[ClaimAnalysis]) -> str:
    """The summary's line on the seeds' floor (`floor`) against the factors' mean shares."""
    floors = noise_shares(scenario, analyses)
    factors_, shares = mean_shares(analyses)
    names = [factor.name for factor in factors_]
    over = "the checks and findings whose figure moves"
    return (floor_text(scenario, floors, over) + " " + separation_text(names, shares, floors))


def _factor_lines(scenario: BandsScenario, analyses: list[ClaimAnalysis]) -> list[str]:
    """The factors of each network the checks run on, and those left at their values."""
    lines = ["", "## The factors", ""]
    networks = dict.fromkeys(a.network for a in analyses)
    for network in networks:
        factors_ = scenario.network_factors(network)
        table = next((t for t in scenario.tables if t.network == network), None)
        rules = f"those of {table.name}'s bands" if table else "its own `left_out`"
        left_out = scenario.left_out.get(table.name if table else network, {})
        lines.append(f"- `{network}` ({len(factors_)} factors, {rules}): "
                     + ", ".join(f"`{f.name}` {f.low:g}-{f.high:g} {f.unit}" for f in factors_)
                     + (". Left at their values: " + "; ".join(
                         f"`{key}` ({why})" for key, why in left_out.items()) if left_out else "")
                     + ".")  # fmt: skip
    return lines
