# SPDX-License-Identifier: GPL-2.0-only
"""The results of a sharing scenario (see `sharing.scenario`): runs it and writes, together,

- `<name>.csv`: one row per flow set: `network` (the network's identifier,
  `networks.NETWORKS`), `network_name` (the scenario's label for it), `netblt` (the NETBLT
  setting: "best static", "half static" or an adaptive policy; empty without NETBLT),
  `rate_control`, `window_bytes` and `congestion_control` (TCP's; empty without TCP),
  `netblt_flows`, `tcp_flows`, `start` ("together", "tcp first", "netblt first"), `seed`,
  `netblt_mbps` and `tcp_mbps` (steady-state throughput, RFC 1030's SPEED; TCP's the mean of
  its flows'), `netblt_alone_mbps` and `tcp_alone_mbps` (the same setting alone on the same
  network with the same seed), `jain_index` (of every flow's throughput), `tcp_harm` and
  `netblt_harm` ((alone - shared) / alone), `station_resets`, each protocol's `_lost`,
  `_retransmitted`, TCP's `tcp_timeouts`, where they were lost (`tcp_receiver_drops`: at the
  receiving host's interface or packet buffers, `tcp_deaf_drops`: of those, while its 3C500 was
  sending, `tcp_path_losses`: the rest, between the hosts), `path_drops` (the run's),
  `netblt_seconds` and `tcp_seconds` (when the protocol's last flow ended), `intact`;
- `<name>.md`: per network, whether NETBLT starves TCP and by which mechanism, whether an
  adaptive NETBLT is fairer than a static one, and the medians over the seeds with their range;
- `<name>-harm.png`: TCP's harm per NETBLT setting and network, beside TCP's harm to TCP;
- `<name>-time-sequence.png`: a NETBLT flow and a TCP flow sharing the Wideband path, drawn
  by `plots.plot_time_sequence`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

from netblt_sim.batch.executor import run_flow_sets
from netblt_sim.batch.traced import TIME_SEQUENCE, run_traced
from netblt_sim.core.parameters import TCP
from netblt_sim.reporting.atomic import write_together
from netblt_sim.reporting.outcome import Outcome, Verdict
from netblt_sim.reporting.plots import files_only, plot_time_sequence
from netblt_sim.scenarios.sharing.scenario import BEST, TOGETHER, Case, SharingScenario
from netblt_sim.scenarios.sharing.wording import markdown

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from netblt_sim.batch.executor import TransferExecutor
    from netblt_sim.core.flows import FlowSetRecord
    from netblt_sim.core.transfer import TransferRecord

# Two Tahoe flows on the ring share it fairly: the sanity baseline of any fairness measure.
FAIR_BASELINE_JAIN = 0.95
# The ring's label in the scenario file, and the path the time-sequence plot shows.
RING_NETWORK = "proteon-ring"
WIDEBAND_NETWORK = "wideband"


def run_sharing(
    scenario: SharingScenario, results_dir: Path, executor: TransferExecutor | None = None
) -> Outcome:
    """Runs every flow set (through the executor's store and cluster, if it has them) and
    writes the four files."""
    cases = scenario.cases()
    records = run_flow_sets([case.flows for case in cases], scenario.name, executor)
    frame = results_frame(cases, records)
    verdicts = judge(scenario, frame)
    traced = _traced_case(scenario, cases)
    trace = run_traced([traced.flows], TIME_SEQUENCE, executor)[0][1]
    stem = results_dir / scenario.name
    paths = write_together(stem.with_name(f"{stem.name}.csv"), frame,
                           stem.with_name(f"{stem.name}.md"), markdown(scenario, frame, verdicts),
                           [(stem.with_name(f"{stem.name}-harm.png"), plot_harm(scenario, frame)),
                            (stem.with_name(f"{stem.name}-time-sequence.png"),
                             plot_shared_time_sequence(traced, trace))])  # fmt: skip
    return Outcome(paths, frame, tuple(verdicts), answer=harm_answer(frame))


def harm_answer(frame: pd.DataFrame) -> str:
    """Per network, the most harm one NETBLT flow of any setting does to one Tahoe flow started
    with it (medians over the seeds), in one sentence."""
    pairs = frame[(frame["netblt_flows"] == 1) & (frame["tcp_flows"] == 1)
                  & (frame["congestion_control"] == "tahoe") & (frame["start"] == "together")]
    medians = pairs.groupby(["network_name", "netblt", "window_bytes"], sort=False)["tcp_harm"].median()
    worst = medians.groupby(level="network_name", sort=False).max()
    each = ", ".join(f"{network} {harm:.2f}" for network, harm in worst.items())
    return (f"Over every NETBLT setting, one NETBLT flow takes at most this share of a Tahoe "
            f"flow's throughput alone (harm, median over the seeds): {each}.")


def _traced_case(scenario: SharingScenario, cases: Sequence[Case]) -> Case:
    """The first seed's best static NETBLT flow and default-window TCP flow (the first loss
    recovery) together on the Wideband path, else on the scenario's first network (every
    network has that case)."""
    chosen = [c for c in cases if c.netblt == BEST and c.tcp_flows == 1 and c.start == TOGETHER
              and c.window_bytes == c.network.default_window
              and c.congestion_control == scenario.congestion_controls[0]]  # fmt: skip
    wideband = [c for c in chosen if c.network.network == WIDEBAND_NETWORK]
    return (wideband or chosen)[0]


def _sum(records: Sequence[TransferRecord], name: str) -> int:
    return sum(int(getattr(record, name)) for record in records)


def _row(case: Case, record: FlowSetRecord) -> dict[str, object]:
    params = case.flows.flows
    netblt = [r for p, r in zip(params, record.flows, strict=True) if p.protocol != TCP]
    tcp = [r for p, r in zip(params, record.flows, strict=True) if p.protocol == TCP]
    rate_control = params[0].rate_control if netblt else None
    receiver_drops = [r.receiver_interface_drops + r.receiver_packet_buffer_drops for r in tcp]
    return {
        "network": case.network.network,
        "network_name": case.network.label,
        "netblt": case.netblt,
        "rate_control": rate_control or "",
        "window_bytes": case.window_bytes,
        "congestion_control": case.congestion_control or "",
        "netblt_flows": case.netblt_flows,
        "tcp_flows": case.tcp_flows,
        "start": case.start,
        "seed": case.seed,
        "netblt_mbps": netblt[0].steady_state_mbps if netblt else math.nan,
        "tcp_mbps": sum(r.steady_state_mbps for r in tcp) / len(tcp) if tcp else math.nan,
        "jain_index": record.jain_index if len(record.flows) > 1 else math.nan,
        "station_resets": record.path.station_resets,
        "netblt_lost": _sum(netblt, "lost") if netblt else None,
        "netblt_retransmitted": _sum(netblt, "retransmitted") if netblt else None,
        "netblt_data_timeouts": _sum(netblt, "data_timeouts") if netblt else None,
        "tcp_lost": _sum(tcp, "lost") if tcp else None,
        "tcp_retransmitted": _sum(tcp, "retransmitted") if tcp else None,
        "tcp_timeouts": _sum(tcp, "retransmission_timeouts") if tcp else None,
        "tcp_receiver_drops": sum(receiver_drops) if tcp else None,
        "tcp_deaf_drops": _sum(tcp, "receiver_deaf_drops") if tcp else None,
        "tcp_path_losses": sum(max(r.lost - d, 0) for r, d in zip(tcp, receiver_drops,
                                                                   strict=True)) if tcp else None,
        "path_drops": record.path.path_drops,
        "netblt_seconds": max(r.simulated_seconds for r in netblt) if netblt else math.nan,
        "tcp_seconds": max(r.simulated_seconds for r in tcp) if tcp else math.nan,
        "intact": all(r.intact for r in record.flows),
    }  # fmt: skip


COLUMNS: tuple[str, ...] = (
    "network", "network_name", "netblt", "rate_control", "window_bytes", "congestion_control",
    "netblt_flows", "tcp_flows", "start", "seed", "netblt_mbps", "tcp_mbps", "netblt_alone_mbps",
    "tcp_alone_mbps", "jain_index", "tcp_harm", "netblt_harm", "station_resets", "netblt_lost",
    "netblt_retransmitted", "netblt_data_timeouts", "tcp_lost", "tcp_retransmitted",
    "tcp_timeouts", "tcp_receiver_drops", "tcp_deaf_drops", "tcp_path_losses", "path_drops",
    "netblt_seconds", "tcp_seconds", "intact",
)  # fmt: skip


def results_frame(cases: Sequence[Case], records: Sequence[FlowSetRecord]) -> pd.DataFrame:
    """One row per flow set (see the module's text), with each setting's alone throughput."""
    rows = [_row(case, record) for case, record in zip(cases, records, strict=True)]
    frame = pd.DataFrame(rows)
    alone = frame[frame["netblt_flows"] + frame["tcp_flows"] == 1]
    netblt_alone = alone[alone["netblt_flows"] == 1].set_index(["network", "netblt", "seed"])
    tcp_alone = alone[alone["tcp_flows"] == 1].set_index(
        ["network", "window_bytes", "congestion_control", "seed"])  # fmt: skip
    frame["netblt_alone_mbps"] = [
        netblt_alone["netblt_mbps"].get((n, s, seed), math.nan) if s else math.nan
        for n, s, seed in zip(frame["network"], frame["netblt"], frame["seed"], strict=True)
    ]
    frame["tcp_alone_mbps"] = [
        tcp_alone["tcp_mbps"].get((n, w, c, seed), math.nan) if c else math.nan
        for n, w, c, seed in zip(frame["network"], frame["window_bytes"],
                                 frame["congestion_control"], frame["seed"], strict=True)
    ]  # fmt: skip
    frame["tcp_harm"] = (frame["tcp_alone_mbps"] - frame["tcp_mbps"]) / frame["tcp_alone_mbps"]
    frame["netblt_harm"] = ((frame["netblt_alone_mbps"] - frame["netblt_mbps"])
                            / frame["netblt_alone_mbps"])  # fmt: skip
    frame["window_bytes"] = frame["window_bytes"].astype("Int64")
    for name in ("netblt_lost", "netblt_retransmitted", "netblt_data_timeouts", "tcp_lost",
                 "tcp_retransmitted", "tcp_timeouts", "tcp_receiver_drops", "tcp_deaf_drops",
                 "tcp_path_losses"):  # fmt: skip
        frame[name] = frame[name].astype("Int64")
    return frame[list(COLUMNS)]


def judge(scenario: SharingScenario, frame: pd.DataFrame) -> list[Verdict]:
    """The checks: every flow delivered intact; two Tahoe flows on the ring share it fairly."""
    verdicts = [Verdict("every flow of every run delivered its bytes intact",
                        bool(frame["intact"].all()))]  # fmt: skip
    pairs = frame[(frame["netblt_flows"] == 0) & (frame["tcp_flows"] == 2)
                  & (frame["congestion_control"] == "tahoe")]  # fmt: skip
    for network in scenario.networks:
        if network.network == RING_NETWORK:
            jain = pairs[pairs["network_name"] == network.label]["jain_index"].median()
            verdicts.append(Verdict(
                f"two Tahoe flows on the {network.label} share it fairly: median Jain's index "
                f"{jain:.3f} (at least {FAIR_BASELINE_JAIN})", bool(jain >= FAIR_BASELINE_JAIN)))
    return verdicts


def plot_harm(scenario: SharingScenario, frame: pd.DataFrame) -> Figure:
    """Per network: TCP's harm (median over the seeds, the range as bars) against each NETBLT
    setting, one line per loss recovery at the default window, beside TCP's harm to TCP."""
    files_only()
    import matplotlib.pyplot as plt  # noqa: PLC0415

    settings = list(scenario.netblt_settings)
    figure, axes = plt.subplots(1, len(scenario.networks), figsize=(4 * len(scenario.networks), 4),
                                sharey=True, squeeze=False)  # fmt: skip
    for axis, network in zip(axes[0], scenario.networks, strict=True):
        rows = frame[(frame["network_name"] == network.label) & (frame["start"] == TOGETHER)
                     & (frame["window_bytes"] == network.default_window)]  # fmt: skip
        for offset, recovery in enumerate(scenario.congestion_controls):
            mine = rows[(rows["congestion_control"] == recovery) & (rows["netblt_flows"] == 1)
                        & (rows["tcp_flows"] == 1)]  # fmt: skip
            harm = mine.groupby("netblt")["tcp_harm"]
            median = [harm.median().get(s, math.nan) for s in settings]
            low = [median[i] - harm.min().get(s, math.nan) for i, s in enumerate(settings)]
            high = [harm.max().get(s, math.nan) - median[i] for i, s in enumerate(settings)]
            x = [i + 0.1 * offset for i in range(len(settings))]
            axis.errorbar(x, median, yerr=[low, high], marker="o", capsize=3, linestyle="",
                          label=f"TCP {recovery} beside NETBLT")  # fmt: skip
            baseline = rows[(rows["netblt_flows"] == 0) & (rows["tcp_flows"] == 2)
                            & (rows["congestion_control"] == recovery)]["tcp_harm"].median()
            axis.axhline(baseline, linestyle=":", color=f"C{offset}",
                         label=f"{recovery} against {recovery}")  # fmt: skip
        axis.set_xticks(range(len(settings)), settings, rotation=30)
        axis.set_xlabel("NETBLT sender beside one TCP flow")
        axis.set_title(f"{network.label} ({network.network}), "
                       f"{network.default_window // 1024} KB TCP window", fontsize=10)
        axis.axhline(0, color="grey", linewidth=0.5)
    axes[0][0].set_ylabel("TCP's harm, fraction: (alone - shared) / alone")
    axes[0][0].legend(fontsize="small")
    # The points are medians over the seeds with their range; the dotted lines what a second
    # TCP flow does to TCP, the yardstick a reader compares them with.
    figure.suptitle(f"{scenario.title}: TCP's harm, median and range over "
                    f"{len(scenario.seeds)} seeds (dotted: TCP beside TCP)", fontsize=10)
    figure.tight_layout()
    return figure


def plot_shared_time_sequence(case: Case, trace: pd.DataFrame) -> Figure:
    """The traced case's flows as `plots.plot_time_sequence` draws them, a panel per flow, titled
    with what each flow is."""
    names = [f"flow {index}: NETBLT {p.bs} every {p.bi_ms} ms" if p.protocol != TCP else
             f"flow {index}: TCP {p.congestion_control}, {p.window_bytes}-byte window"
             for index, p in enumerate(case.flows.flows)]  # fmt: skip
    return plot_time_sequence(trace, f"{case.network.label}, seed {case.seed}: "
                              + "; ".join(names))  # fmt: skip
