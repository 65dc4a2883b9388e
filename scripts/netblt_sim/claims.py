# SPDX-License-Identifier: GPL-2.0-only
"""Experiments RFC 1030 describes in its text rather than in a table (`scenarios/`, kind "claim").

A claim scenario sweeps the burst interval of one transfer configuration on the network the RFC
describes, and on a contrast network where the RFC's explanation names a difference (for the
private Ethernet of §6: Subnet 26, with its other hosts). The claim itself is a statement about
losses: none once the burst interval is above a bound. `run_claim` writes

- `<name>.csv`: one row per run, the network, parameter and record columns;
- `<name>.md`: the claim, whether it holds, and the losses per burst interval on each network;
- `<name>-losses-vs-burst-interval.png`: median losses against burst interval, both networks.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

from netblt_sim.atomic import write_report
from netblt_sim.findings import verdict
from netblt_sim.networks import get_network
from netblt_sim.parameters import TransferParameters, transfer_parameters
from netblt_sim.plots import plot_losses_vs_burst_interval
from netblt_sim.scenarios import SCENARIOS_DIR, TRANSFER_FIELDS, read_scenario_file
from netblt_sim.executor import run_transfers
from netblt_sim.transfer import records_frame

if TYPE_CHECKING:
    from netblt_sim.executor import TransferExecutor

CLAIM_KIND = "claim"
CLAIM_KEYS: tuple[str, ...] = ("name", "title", "source", "network", "contrast_network")
CLAIM_KEYS += ("transfer", "burst_interval_ms", "seeds", "no_losses_above_bi_ms")


@dataclass(frozen=True)
class ClaimScenario:
    """A statement of RFC 1030's text, checked by a burst-interval sweep."""

    name: str
    title: str
    source: str  # the RFC's words
    network: str  # where the claim was observed
    contrast_network: str  # the network the RFC compares it with
    transfer: dict[str, float]  # TRANSFER_FIELDS as given; transfer_parameters checks them
    burst_intervals_ms: tuple[int, ...]
    seeds: tuple[int, ...]
    no_losses_above_bi_ms: int

    def parameters(self) -> list[TransferParameters]:
        """Every run: network outermost, then burst interval, then seed."""
        return [
            transfer_parameters(**self.transfer, bi_ms=bi_ms, seed=seed, network=network)
            for network in (self.network, self.contrast_network)
            for bi_ms in self.burst_intervals_ms
            for seed in self.seeds
        ]


def load_claim(name: str, scenarios_dir: Path = SCENARIOS_DIR) -> ClaimScenario:
    """Reads `scenarios/<name>.json`; ValueError names the bad entry and what is allowed."""
    path, raw = read_scenario_file(name, CLAIM_KIND, CLAIM_KEYS, scenarios_dir)
    for key in ("network", "contrast_network"):
        get_network(raw[key])
    transfer = raw["transfer"]
    missing = sorted(set(TRANSFER_FIELDS) - set(transfer))
    if missing:
        raise ValueError(f"{path}: transfer lacks {missing}; it needs {list(TRANSFER_FIELDS)}")
    grid = raw["burst_interval_ms"]
    if not 1 <= grid["from"] <= grid["to"] or grid["step"] < 1:
        raise ValueError(
            f"{path}: burst_interval_ms {grid}: needs 1 <= from <= to and step >= 1"
        )
    seeds = tuple(int(s) for s in raw["seeds"])
    if not seeds:
        raise ValueError(f"{path}: seeds is empty; give at least one")
    scenario = ClaimScenario(
        name=raw["name"],
        title=raw["title"],
        source=raw["source"],
        network=raw["network"],
        contrast_network=raw["contrast_network"],
        transfer={key: transfer[key] for key in TRANSFER_FIELDS},
        burst_intervals_ms=tuple(range(grid["from"], grid["to"] + 1, grid["step"])),
        seeds=seeds,
        no_losses_above_bi_ms=int(raw["no_losses_above_bi_ms"]),
    )
    scenario.parameters()  # refuses an impossible transfer now, by name
    return scenario


@dataclass(frozen=True)
class ClaimOutcome:
    """What was written, and whether the claim held."""

    paths: tuple[Path, ...]
    runs: pd.DataFrame
    holds: bool


def losses_by_interval(runs: pd.DataFrame) -> pd.DataFrame:
    """Median, least and most losses per burst interval, one column group per network."""
    grouped = runs.groupby(["network", "bi_ms"])["lost"]
    summary = grouped.agg(["median", "min", "max"]).reset_index()
    return summary.pivot(index="bi_ms", columns="network", values=["median", "min", "max"])


def claim_holds(scenario: ClaimScenario, runs: pd.DataFrame) -> bool:
    """No run on the claim's network loses a packet above the bound."""
    own = runs[(runs["network"] == scenario.network) & (runs["bi_ms"] > scenario.no_losses_above_bi_ms)]
    return bool(len(own)) and int(own["lost"].max()) == 0


def _markdown(scenario: ClaimScenario, runs: pd.DataFrame, holds: bool) -> str:
    summary = losses_by_interval(runs)
    networks = (scenario.network, scenario.contrast_network)
    own = runs[runs["network"] == scenario.network]
    lossy = sorted(own.loc[own["lost"] > 0, "bi_ms"].unique())
    lines = [
        f"# {scenario.title}",
        "",
        f"> {scenario.source}",
        "",
        f"Transfer: {scenario.transfer['psz']}-byte packets, {scenario.transfer['bfsz']}-byte "
        f"buffers, bursts of {scenario.transfer['bs']}, {scenario.transfer['nbufs']} buffers "
        f"outstanding, {scenario.transfer['xfsz_kb']} kB; burst intervals "
        f"{scenario.burst_intervals_ms[0]}-{scenario.burst_intervals_ms[-1]} ms; seeds "
        f"{', '.join(str(s) for s in scenario.seeds)} on each network.",
        "",
        f"Claim: no packets lost on `{scenario.network}` once the burst interval is above "
        f"{scenario.no_losses_above_bi_ms} ms. Simulated: {verdict(holds)}. Burst intervals "
        f"with losses there: {', '.join(str(int(b)) for b in lossy) if lossy else 'none'} ms.",
        "",
        "| BI (ms) | " + " | ".join(f"{n} losses median (min-max)" for n in networks) + " |",
        "|---|" + "---|" * len(networks),
    ]
    for bi_ms in summary.index:
        cells = [
            f"{summary.loc[bi_ms, ('median', n)]:g} "
            f"({summary.loc[bi_ms, ('min', n)]:g}-{summary.loc[bi_ms, ('max', n)]:g})"
            for n in networks
        ]
        lines.append(f"| {bi_ms} | " + " | ".join(cells) + " |")
    lines.append("")
    return "\n".join(lines)


def run_claim(
    scenario: ClaimScenario, results_dir: Path, executor: TransferExecutor | None = None
) -> ClaimOutcome:
    """Runs the sweep on both networks (through `executor` if given, see `run_transfers`) and
    writes the CSV, Markdown and plot together."""
    parameters = scenario.parameters()
    runs = records_frame(run_transfers(parameters, scenario.name, executor), parameters)
    holds = claim_holds(scenario, runs)
    figure = plot_losses_vs_burst_interval(
        runs,
        (scenario.network, scenario.contrast_network),
        marked_bi_ms=scenario.no_losses_above_bi_ms,
        title=scenario.title,
    )
    paths = write_report(results_dir / scenario.name, runs, _markdown(scenario, runs, holds),
                         figure, "-losses-vs-burst-interval")  # fmt: skip
    return ClaimOutcome(paths, runs, holds)
