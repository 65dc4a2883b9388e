# SPDX-License-Identifier: GPL-2.0-only
"""The `.md` of a sharing scenario (see `report`): per network, whether NETBLT starves TCP and
by which mechanism, whether an adaptive NETBLT is fairer than a static one, and the medians."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, cast

import pandas as pd

from netblt_sim.reporting.outcome import Verdict
from netblt_sim.reporting.tables import markdown_table
from netblt_sim.scenarios.sharing.scenario import (
    BEST,
    NETBLT_FIRST,
    TCP_FIRST,
    TOGETHER,
    NetworkCase,
    SharingScenario,
)

# TCP keeps less than a tenth of its throughput alone: starved.
STARVED_HARM = 0.9
# Harm this far above TCP's harm to another TCP flow is more than TCP's own share of the path.
HARM_MARGIN = 0.1
# Below this harm TCP runs as if alone.
NO_HARM = 0.05
# Where the losses a competitor adds can be, as the record counts them.
MECHANISMS: dict[str, str] = {
    "tcp_path_losses": "segments lost between the hosts: the gateways' and the earth station's "
                       "queues, or the medium itself",
    "tcp_deaf_drops": "frames the receiving 3C500 missed while it was sending (its deafness)",
    "tcp_receiver_drops": "frames the receiving host's interface or packet buffers had no room "
                          "for (the 3C500's single buffer)",
}  # fmt: skip


def _median(rows: pd.DataFrame, column: str) -> float:
    values = rows[column].dropna().astype(float)
    return float(values.median()) if len(values) else math.nan


def _spread(rows: pd.DataFrame, column: str, digits: int = 2) -> str:
    values = rows[column].dropna().astype(float)
    if not len(values):
        return "n/a"
    return (f"{values.median():.{digits}f} ({values.min():.{digits}f} to "
            f"{values.max():.{digits}f})")  # fmt: skip


def _select(frame: pd.DataFrame, network: NetworkCase, **values: object) -> pd.DataFrame:
    rows = frame[frame["network_name"] == network.label]
    for name, value in values.items():
        rows = rows[rows[name] == value]
    return rows


def _mechanism(frame: pd.DataFrame, network: NetworkCase, recovery: str, harm: float) -> str:
    """Which counter of TCP's losses NETBLT's company raises most, in words."""
    window = network.default_window
    shared = _select(frame, network, netblt=BEST, tcp_flows=1, start=TOGETHER,
                     window_bytes=window, congestion_control=recovery)  # fmt: skip
    alone = _select(frame, network, netblt_flows=0, tcp_flows=1, window_bytes=window,
                    congestion_control=recovery)  # fmt: skip
    if harm < NO_HARM:
        return (f"none: TCP runs at its rate alone (it loses {_median(shared, 'tcp_lost'):.0f} "
                f"segments per run beside NETBLT, {_median(alone, 'tcp_lost'):.0f} alone)")
    added = {name: _median(shared, name) - _median(alone, name) for name in MECHANISMS}
    resets = _median(shared, "station_resets")
    name, most = max(added.items(), key=lambda item: item[1])
    if not most > 0:
        return ("NETBLT's share of the medium: TCP loses no more segments than alone "
                f"({_median(shared, 'tcp_lost'):.0f}), it waits for the medium NETBLT's bursts "
                "hold")  # fmt: skip
    text = (f"{MECHANISMS[name]}: {most:.0f} more of TCP's segments per run than alone "
            f"(median; TCP's retransmission timeouts {_median(alone, 'tcp_timeouts'):.0f} alone, "
            f"{_median(shared, 'tcp_timeouts'):.0f} beside NETBLT)")  # fmt: skip
    if resets > 0:
        text += f", and {resets:.0f} earth-station resets per run"
    return text


def _netblt_answer(frame: pd.DataFrame, network: NetworkCase, recovery: str) -> str:
    """Whether TCP takes from NETBLT, and how: NETBLT's losses and the path's resets beside TCP
    against NETBLT alone."""
    window = network.default_window
    shared = _select(frame, network, netblt=BEST, tcp_flows=1, start=TOGETHER,
                     window_bytes=window, congestion_control=recovery)  # fmt: skip
    alone = _select(frame, network, netblt=BEST, netblt_flows=1, tcp_flows=0)
    harm = _median(shared, "netblt_harm")
    counts = ", ".join(
        f"{label} {_median(alone, name):.0f} alone and {_median(shared, name):.0f} beside TCP"
        for name, label in (("netblt_lost", "lost"), ("netblt_data_timeouts", "data timeouts"),
                            ("station_resets", "earth-station resets"), ("path_drops",
                                                                        "path drops"))
    )  # fmt: skip
    answer = "no" if harm < NO_HARM else ("yes, it starves NETBLT" if harm >= STARVED_HARM
                                          else "yes")  # fmt: skip
    return (f"- **Does TCP ({recovery}) take from NETBLT?** {answer}: NETBLT runs at "
            f"{_spread(shared, 'netblt_mbps', 3)} Mbit/s beside TCP against "
            f"{_spread(shared, 'netblt_alone_mbps', 3)} alone, a harm of "
            f"{_spread(shared, 'netblt_harm')}; per run (medians): {counts}.")  # fmt: skip


def _network_section(scenario: SharingScenario, frame: pd.DataFrame,
                     network: NetworkCase) -> list[str]:  # fmt: skip
    netblt = network.netblt
    lines = [f"### {network.label} ({network.network})", ""]
    window = network.default_window
    for recovery in scenario.congestion_controls:
        shared = _select(frame, network, netblt=BEST, tcp_flows=1, start=TOGETHER,
                         window_bytes=window, congestion_control=recovery)  # fmt: skip
        pair = _select(frame, network, netblt_flows=0, tcp_flows=2, window_bytes=window,
                       congestion_control=recovery)  # fmt: skip
        harm, tcp_harm = _median(shared, "tcp_harm"), _median(pair, "tcp_harm")
        if harm >= STARVED_HARM:
            answer = "starves TCP"
        elif harm > tcp_harm + HARM_MARGIN:
            answer = "does not starve TCP but takes more from it than another TCP flow would"
        else:
            answer = "takes no more from TCP than another TCP flow would"
        lines.append(
            f"- **Does NETBLT starve TCP ({recovery}, {window} byte window)?** NETBLT at the best "
            f"published static rate ({netblt['bs']} packets of {netblt['psz']} bytes every "
            f"{netblt['bi_ms']} ms, {netblt['nbufs']} buffer{'s' if netblt['nbufs'] != 1 else ''}; "
            f"{network.published_best}) "
            f"{answer}: TCP runs at {_spread(shared, 'tcp_mbps', 3)} Mbit/s beside it against "
            f"{_spread(shared, 'tcp_alone_mbps', 3)} alone, a harm of "
            f"{_spread(shared, 'tcp_harm')}; another {recovery} flow's harm to TCP is "
            f"{_spread(pair, 'tcp_harm')}, and TCP's harm to NETBLT "
            f"{_spread(shared, 'netblt_harm')}. Mechanism: "
            f"{_mechanism(frame, network, recovery, harm)}.")  # fmt: skip
    first = scenario.congestion_controls[0]
    lines.append(_netblt_answer(frame, network, first))
    def together(setting: str) -> pd.DataFrame:
        return _select(frame, network, netblt=setting, tcp_flows=1, start=TOGETHER,
                       window_bytes=window, congestion_control=first)  # fmt: skip

    jains = {s: _median(together(s), "jain_index") for s in scenario.netblt_settings}
    harms = {s: _median(together(s), "tcp_harm") for s in scenario.netblt_settings}
    taken = {s: _median(together(s), "netblt_harm") for s in scenario.netblt_settings}
    if max(harms.values()) < NO_HARM and max(taken.values()) < NO_HARM:
        verdict = ("the question does not arise: neither protocol takes from the other, each flow "
                   "runs at its rate alone, and Jain's index measures only their different rates")
    else:
        fairer = [s for s in scenario.adaptive
                  if jains[s] > jains[BEST] + 0.01 and harms[s] <= max(harms[BEST], 0) + NO_HARM]
        verdict = f"yes, {' and '.join(fairer)}" if fairer else "no"
    lines.append(
        f"- **Is an adaptive NETBLT fairer than a static one?** {verdict}: median Jain's index "
        "and TCP's harm beside TCP " + ", ".join(
            f"{s} {jains[s]:.3f} and {harms[s]:.2f}" for s in scenario.netblt_settings)
        + f" ({first}, {window} byte window).")  # fmt: skip
    apart = {start: _select(frame, network, netblt=BEST, start=start, window_bytes=window,
                            congestion_control=first) for start in (TCP_FIRST, NETBLT_FIRST)}
    lines.append(
        f"- **Started {network.stagger_ms / 1000:g} s apart** ({first}): TCP first, TCP's harm "
        f"{_spread(apart[TCP_FIRST], 'tcp_harm')} and NETBLT's {_spread(apart[TCP_FIRST], 'netblt_harm')}; "
        f"NETBLT first, {_spread(apart[NETBLT_FIRST], 'tcp_harm')} and "
        f"{_spread(apart[NETBLT_FIRST], 'netblt_harm')}.")  # fmt: skip
    crowds = []
    for count in scenario.more_tcp_flows:
        rows = _select(frame, network, netblt=BEST, tcp_flows=count, window_bytes=window,
                       congestion_control=first)  # fmt: skip
        crowds.append(f"against {count} TCP flows NETBLT runs at "
                      f"{_spread(rows, 'netblt_mbps', 3)} Mbit/s and each TCP flow at "
                      f"{_spread(rows, 'tcp_mbps', 3)} (Jain's index {_spread(rows, 'jain_index')})")
    lines += [f"- **More TCP flows** ({first}): " + "; ".join(crowds) + ".", ""]
    return lines


def markdown(scenario: SharingScenario, frame: pd.DataFrame, verdicts: Sequence[Verdict]) -> str:
    """The report: the checks, the answers per network, the medians over the seeds."""
    lines = [f"# {scenario.title}", "", scenario.source, "",
             "Each flow runs between two hosts of its own on the network, so the hosts' "
             "processors are not shared: what one flow does to another goes through the medium "
             "and the path (the ring's token, the Ethernet's cable and the 3C500s, the gateways' "
             "and the earth station's queues). Throughput is RFC 1030's steady-state SPEED of "
             "each flow; a flow's harm is (alone - shared) / alone (Ware et al., HotNets 2019), "
             "its throughput alone being the same setting by itself on the same network with the "
             "same seed, and TCP's harm to another TCP flow the yardstick. Medians over the "
             f"seeds {list(scenario.seeds)}, with their range in brackets. "
             f"Adaptive senders: {', '.join(scenario.adaptive)}, from "
             f"{scenario.adaptive_start['start_bs']} packet every "
             f"{scenario.adaptive_start['start_bi_ms']} ms. A flow that ends first leaves the "
             "other the network for the rest of its transfer: `netblt_seconds` and "
             "`tcp_seconds` say when each ended.", "", "## Checks", ""]  # fmt: skip
    lines += [f"- {verdict}" for verdict in verdicts]
    lines += ["", "## Per network", ""]
    for network in scenario.networks:
        lines += _network_section(scenario, frame, network)
    keys = ["network_name", "netblt", "window_bytes", "congestion_control", "netblt_flows",
            "tcp_flows", "start"]  # fmt: skip
    cells = []
    for key, rows in frame.groupby(keys, sort=False, dropna=False):
        label, setting, window, recovery, n_netblt, n_tcp, start = cast(tuple[Any, ...], key)
        row = [f"{label}", f"{setting or '-'}", "-" if pd.isna(window) else f"{int(window)}",
               f"{recovery or '-'}", f"{n_netblt} + {n_tcp}", f"{start}",
               f"{_median(rows, 'netblt_mbps'):.3f}", f"{_median(rows, 'tcp_mbps'):.3f}",
               f"{_median(rows, 'tcp_harm'):.2f}", f"{_median(rows, 'jain_index'):.3f}",
               f"{_median(rows, 'station_resets'):.0f}"]  # fmt: skip
        # NaN (TCP's figures where the row has no TCP flow, a setting of none) as a dash.
        cells.append(["-" if cell == "nan" else cell for cell in row])
    columns = ["network", "NETBLT", "TCP window", "TCP", "flows (NETBLT + TCP)", "start",
               "NETBLT Mbit/s", "TCP Mbit/s", "TCP harm", "Jain's index", "station resets"]
    lines += ["## Medians over the seeds", "", markdown_table(columns, cells, "l" * len(columns))]
    return "\n".join(lines) + "\n"
