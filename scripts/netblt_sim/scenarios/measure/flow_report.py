# SPDX-License-Identifier: GPL-2.0-only
"""The report views of RFC 1030 §8's experiments (`FLOW_VIEWS`, measure scenarios of flow sets,
see `measures` and `flows`): what the authors could not run, answered in words with the
figures. Each view gets the runs (one row per flow, `flows.flow_sets_frame`, with the run set's
`label`) and returns the CSV's frame, the Markdown and the plot:

- "parallel-flows": the run set labelled `TUNED` (N flows, each 1/N of one rate, by phase)
  and the one labelled `OVERLOAD` (flows whose sum exceeds the channel, by offered total and
  phase): aggregate and per-flow throughput, Jain's index, losses, retransmissions, resets, the
  gateway's and earth station's queue peaks, and the offered total at which a station resets;
- "long-transfers": steady-state throughput against transfer size, per run set (lock-up off
  and on), with the spread over seeds;
- "upgraded-interface": per run set (the 1987 interface and the what-ifs), the channel's
  capacity by Appendix I's arithmetic beside the simulator's, NETBLT's best throughput over
  the swept burst intervals and buffers, and the overload test (5 every 50 ms).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pandas as pd

from netblt_sim.core.flows import AttributeOverride
from netblt_sim.core.networks import WIDEBAND, get_network
from netblt_sim.core.parameters import DATA_PACKET_OVERHEAD_BYTES
from netblt_sim.reporting.outcome import Report
from netblt_sim.reporting.plots import (
    plot_parallel_flows,
    plot_quantity_vs_burst_interval,
    plot_throughput_vs_transfer_size,
)
from netblt_sim.reporting.tables import markdown_table
from netblt_sim.scenarios.measure.scenario import MeasureScenario

TUNED = "tuned"  # parallel-flows: the run set of N flows, each 1/N of one rate
OVERLOAD = "overload"  # parallel-flows: the run set of flows whose sum exceeds the channel
OVERLOAD_BI_MS = 50  # RFC 1030 §7's overload test: 5 x 1432 bytes every 50 ms
LOCKUP_ATTRIBUTE = "IsiLockupAfter"


def _runs(frame: pd.DataFrame) -> pd.DataFrame:
    """One row per run (its first flow's): the run's own columns are the same on every row."""
    return frame[frame["flow"] == 0]


def _offered_mbps(frame: pd.DataFrame) -> pd.Series:
    """Each row's run's offered total: every flow's IP datagrams (data plus 44 header bytes)
    of a burst over its burst interval, added up over the run's flows, in Mbit/s."""
    per_flow = frame["bs"] * (frame["psz"] + DATA_PACKET_OVERHEAD_BYTES) * 8 / frame["bi_ms"] / 1000
    return per_flow.groupby(frame["run"]).transform("sum").round(6)


def _range(values: pd.Series, digits: int = 3) -> str:
    """The median and, if they differ, the least and most value: "0.812 (0.801-0.830)"."""
    low, median, high = float(values.min()), float(values.median()), float(values.max())
    if low == high:
        return f"{median:.{digits}f}"
    return f"{median:.{digits}f} ({low:.{digits}f}-{high:.{digits}f})"


def _count(values: Iterable[bool]) -> int:
    return sum(bool(v) for v in values)


def _checks(scenario: MeasureScenario, frame: pd.DataFrame) -> list[str]:
    return ["## Checks", "", *scenario.checks_table(frame), ""]


def _tuning(rows: pd.DataFrame, sizes: bool = True) -> str:
    """How a run set's flows are set, in RFC 1030's terms, from its first row (and its
    transfer size unless `sizes` is False)."""
    first = rows.iloc[0]
    text = (f"bursts of {first['bs']} x {first['psz']}-byte packets, {first['bfsz']}-byte "
            f"buffers, {first['nbufs']} buffers outstanding")  # fmt: skip
    return f"{text}, {first['xfsz_bytes'] / 1000:g} kB per flow" if sizes else text


# -- parallel flows ------------------------------------------------------------------------------


_TUNED_COLUMNS = ["N", "phase", "runs", "aggregate Mbit/s", "each flow's Mbit/s (median)",
                  "Jain's index", "lost", "retransmitted", "station resets", "ESI peak (bytes)",
                  "T1 queue peak", "largest request", "runs with every flow intact",
                  "runs with every flow completed"]  # fmt: skip


def _tuned_table(tuned: pd.DataFrame) -> str:
    cells = []
    for (flows, phase), rows in tuned.groupby(["flows", "phase"], sort=True):
        runs = _runs(rows)
        per_flow = rows.groupby("flow")["steady_state_mbps"].median()
        totals = rows.groupby("run")[["lost", "retransmitted"]].sum()
        intact = rows.groupby("run")["intact"].all()
        completed = rows.groupby("run")["completed"].all()
        cells.append([
            f"{flows}", f"{phase}", f"{len(runs)}", _range(runs["aggregate_mbps"]),
            ", ".join(f"{v:.3f}" for v in per_flow), _range(runs["jain_index"]),
            _range(totals["lost"], 0), _range(totals["retransmitted"], 0),
            _range(runs["station_resets"], 0), _range(runs["path_esi_peak_bytes"], 0),
            _range(runs["path_gateway_queue_peak"], 0), _range(runs["path_largest_request"], 0),
            f"{_count(intact)} of {len(runs)}", f"{_count(completed)} of {len(runs)}",
        ])  # fmt: skip
    return markdown_table(_TUNED_COLUMNS, cells, "rlrrlrrrrrrrll")


@dataclass(frozen=True)
class _Threshold:
    """Of one phase of the overload runs: the least offered total at which a run reset a
    station, and the most at which none of the runs did (NaN if there is none)."""

    first_reset: float
    last_safe: float


def _threshold(runs: pd.DataFrame) -> _Threshold:
    reset = runs.groupby("offered_mbps")["station_resets"].max()
    resetting = reset[reset > 0]
    first = float(resetting.index.min()) if len(resetting) else math.nan
    below = reset[(reset == 0) & ((reset.index < first) if len(resetting) else True)]
    return _Threshold(first, float(below.index.max()) if len(below) else math.nan)


def _mbps(value: float) -> str:
    return "none" if math.isnan(value) else f"{value:.3f} Mbit/s"


def _overload_table(overload: pd.DataFrame) -> str:
    runs = _runs(overload)
    phases = sorted(runs["phase"].unique())
    columns = ["offered (Mbit/s)", "each flow's BI (ms)"]
    for phase in phases:
        columns += [f"{phase}: runs with a reset", f"{phase}: resets",
                    f"{phase}: aggregate Mbit/s"]  # fmt: skip
    cells = []
    for offered, rows in runs.groupby("offered_mbps", sort=True):
        row = [f"{offered:.3f}", _each(rows["bi_ms"])]
        for phase in phases:
            own = rows[rows["phase"] == phase]
            row += [f"{_count(own['station_resets'] > 0)} of {len(own)}",
                    _range(own["station_resets"], 0), _range(own["aggregate_mbps"])]  # fmt: skip
        cells.append(row)
    return markdown_table(columns, cells, "r" * len(columns))


def _each(values: Iterable[object]) -> str:
    return ", ".join(str(v) for v in dict.fromkeys(values))


def _parallel_answer(tuned: pd.DataFrame, overload: pd.DataFrame, capacity: float) -> list[str]:
    runs = _runs(tuned)
    single = runs[runs["flows"] == 1]
    several = runs[runs["flows"] > 1]
    synchronized = several[several["phase"] == "synchronized"]
    random_phase = several[several["phase"] == "random"]
    offered = float(runs["offered_mbps"].iloc[0])
    first = single.iloc[0] if len(single) else runs.iloc[0]
    nominal = first["bs"] * first["psz"] * 8 / first["bi_ms"] / 1000
    sync_resets = _count(synchronized["station_resets"] > 0)
    random_resets = _count(random_phase["station_resets"] > 0)
    single_resets = _count(single["station_resets"] > 0)
    most = int(several["flows"].max())
    sync_most = synchronized[synchronized["flows"] == most]
    random_most = random_phase[random_phase["flows"] == most]
    sync_request = float(sync_most["path_largest_request"].median())
    random_request = float(random_most["path_largest_request"].median())
    sync_queue = float(sync_most["path_gateway_queue_peak"].median())
    random_queue = float(random_most["path_gateway_queue_peak"].median())
    unfinished = tuned[~tuned["completed"]]
    if sync_resets + random_resets == 0:
        verdict_text = "No: neither synchronized flows nor flows at random phases reset a station"
    elif sync_resets > random_resets:
        verdict_text = ("Synchronization makes it worse: synchronized flows reset a station more "
                        "often than flows at random phases")  # fmt: skip
    elif sync_resets == random_resets:
        verdict_text = ("The network fails, but not because of burst synchronization: flows at "
                        "random phases reset a station as often as synchronized ones")  # fmt: skip
    else:
        verdict_text = ("The network fails, and not because of burst synchronization: flows at "
                        "random phases reset a station more often than synchronized ones")  # fmt: skip
    lines = ["## The answer", "",
             f"RFC 1030 §8 asks whether burst synchronization across NETBLT processes causes "
             f"congestion or failure. {verdict_text}. With {_each(several['flows'])} flows, each "
             "tuned to 1/N of the best single-flow rate, and together offering "
             f"{offered:.3f} Mbit/s of IP datagrams against the channel's {capacity:.3f} Mbit/s "
             f"(Appendix I), BBN's earth station reset in {sync_resets} of {len(synchronized)} "
             f"synchronized runs and in {random_resets} of {len(random_phase)} runs at random "
             "phases; the flows together got "
             f"{_range(synchronized['aggregate_mbps'])} Mbit/s synchronized and "
             f"{_range(random_phase['aggregate_mbps'])} Mbit/s at random phases (median, least "
             f"and most), where one flow alone gets {_range(single['steady_state_mbps'])} Mbit/s "
             f"with a reset in {single_resets} of {len(single)} runs.", "",
             f"Synchronized bursts do arrive together: with {most} flows, the largest request one "
             f"of BBN's control slots made was {sync_request:g} datagrams (median over the seeds) "
             f"against {random_request:g} at random phases, and MIT's gateway queued up to "
             f"{sync_queue:g} packets for the T1 line against {random_queue:g}. But the T1 line "
             "spreads every burst out at "
             "1.544 Mbit/s before the satellite channel, and the earth station's ESI holds "
             "what it has asked for until the reserved frames come, about a third of a second "
             "of traffic: it fills with the sustained rate more than with the bursts. One flow "
             f"alone at 5 every {first['bi_ms']} ms sends at {_range(single['steady_state_mbps'])} "
             f"Mbit/s, below its nominal {nominal:.3f} Mbit/s, as its {first['nbufs']} buffers "
             "run out within the path's round trip; N flows have N times the buffers and keep "
             "the full rate up, at the channel's limit.", "",
             f"{_count(tuned['intact'])} of {len(tuned)} flows deliver every byte intact; "
             f"{len(unfinished)} of them {'does' if len(unfinished) == 1 else 'do'} not close "
             f"complete (senders' close reasons: {_each(unfinished['sender_close']) or 'none'}; "
             f"{_count(unfinished['intact'])} with every byte at the receiver).", ""]  # fmt: skip
    for phase, limit in sorted((str(p), _threshold(r)) for p, r in _runs(overload).groupby("phase")):
        lines.append(f"- Overload, {phase}: the least offered total at which a station reset: "
                     f"{_mbps(limit.first_reset)}; the most below it at which none did: "
                     f"{_mbps(limit.last_safe)}.")  # fmt: skip
    lines.append("")
    return lines


def parallel_flows_view(scenario: MeasureScenario, runs: pd.DataFrame) -> Report:
    frame = runs.copy()
    frame.insert(list(frame.columns).index("aggregate_mbps"), "offered_mbps", _offered_mbps(frame))
    tuned = frame[frame["label"] == TUNED]
    overload = frame[frame["label"] == OVERLOAD]
    capacity = float(frame["path_channel_capacity_mbps"].iloc[0])
    tuned_first = _runs(tuned)
    overload_first = _runs(overload)
    shared_interval = _each(tuned_first["bi_ms"] // tuned_first["flows"])
    lines = [*scenario.heading(), *_parallel_answer(tuned, overload, capacity),
             f"## Each flow tuned to 1/N of the best single-flow rate (`{TUNED}`)", "",
             f"{_tuning(tuned)}; each flow's burst interval is N x {shared_interval} ms "
             "(the rate one flow has at that interval, shared). Synchronized: every flow starts at "
             "the same instant; random: each other flow starts at a point of its first burst "
             "interval drawn at random (seeded by the run's seed). Per N and phase, over the "
             "seeds: the median, and the least and most value in brackets; losses and "
             "retransmissions are the flows' added up; the station resets, queue peaks and "
             "largest reservation request are BBN's earth station's and MIT's gateway's, shared "
             "by the flows.", "", _tuned_table(tuned), "",
             f"## Overload: flows whose sum exceeds the channel (`{OVERLOAD}`)", "",
             f"{_each(overload_first['flows'])} flows, {_tuning(overload)}, offered totals from "
             f"{overload_first['offered_mbps'].min():.3f} to "
             f"{overload_first['offered_mbps'].max():.3f} Mbit/s of IP datagrams against the "
             f"channel's {capacity:.3f} Mbit/s.", "", _overload_table(overload), "",
             *_checks(scenario, frame)]  # fmt: skip
    figure = plot_parallel_flows(tuned_first, overload_first, capacity, scenario.title)
    return Report(frame, "\n".join(lines), figure, "")


# -- long transfers ------------------------------------------------------------------------------


def _lockup(overrides: str) -> str:
    """ "on" if a run's what-if values set ISI's gateway lock-up, else "off"."""
    return "on" if f".{LOCKUP_ATTRIBUTE}=" in overrides else "off"


def long_transfers_view(scenario: MeasureScenario, runs: pd.DataFrame) -> Report:
    frame = runs.copy()
    frame.insert(list(frame.columns).index("flows"), "lockup",
                 [_lockup(o) for o in frame["overrides"]])  # fmt: skip
    lines = [*scenario.heading()]
    cells = []
    for (lockup, size), rows in frame.groupby(["lockup", "xfsz_bytes"], sort=True):
        succeeded = rows[rows["completed"] & rows["intact"]]
        speeds = succeeded["steady_state_mbps"]
        spread = f"{speeds.max() - speeds.min():.3f}" if len(speeds) else "-"
        cells.append([
            f"{lockup}", f"{size:,}", f"{len(rows)}", f"{len(succeeded)}",
            _range(speeds) if len(speeds) else "-", spread,
            _range(succeeded["real_mbps"]) if len(speeds) else "-",
            _range(rows["simulated_seconds"], 1),
        ])  # fmt: skip
    table = markdown_table(["lock-up", "transfer (bytes)", "runs", "completed intact",
                            "steady-state Mbit/s", "spread (Mbit/s)", "real Mbit/s",
                            "simulated s"], cells, "lrrrrrrr")  # fmt: skip
    off = frame[frame["lockup"] == "off"]
    on = frame[frame["lockup"] == "on"]
    lines += ["## The answer", "", _long_answer(off, on), "", "## Runs", "",
              f"Every run: {_tuning(frame, sizes=False)}, one burst every {_each(frame['bi_ms'])} ms, "
              f"seeds {_each(frame['seed'])}; with the lock-up on, {_each(on['overrides'])}. The "
              "steady-state throughput (RFC 1030 §3) is over every buffer but the last; the "
              "spread is the most less the least over the seeds.", "", table, "",
              *_checks(scenario, frame)]  # fmt: skip
    figure = plot_throughput_vs_transfer_size(frame, "lockup", scenario.title)
    return Report(frame, "\n".join(lines), figure, "")


def _long_answer(off: pd.DataFrame, on: pd.DataFrame) -> str:
    sizes = sorted(off["xfsz_bytes"].unique())
    smallest = off[off["xfsz_bytes"] == sizes[0]]
    largest = off[off["xfsz_bytes"] == sizes[-1]]
    intact_off = _count(off["completed"] & off["intact"])
    text = (f"Without ISI's gateway lock-up (the fix RFC 1030 §8 waits for), {intact_off} of "
            f"{len(off)} transfers complete intact. The steady-state throughput of "
            f"{sizes[0] / 1e6:g} million bytes is {_range(smallest['steady_state_mbps'])} Mbit/s "
            f"(spread {_spread(smallest)}), of {sizes[-1] / 1e6:g} million bytes "
            f"{_range(largest['steady_state_mbps'])} Mbit/s (spread {_spread(largest)}): the "
            "short transfers scatter, and their median overstates the rate; the long ones "
            "settle on it, the accurate steady-state figure §8 wanted 10 to 50 million bytes "
            "for.")  # fmt: skip
    if len(on):
        done = on[on["completed"] & on["intact"]]
        failed = on[~(on["completed"] & on["intact"])]
        largest_done = f"{done['xfsz_bytes'].max() / 1e6:g}" if len(done) else "none"
        first_failed = f"{failed['xfsz_bytes'].min() / 1e6:g}" if len(failed) else "none"
        text += (f" With the lock-up on, {len(done)} of {len(on)} complete: the largest "
                 f"transfer that completed is {largest_done} million bytes, the smallest that "
                 f"did not {first_failed} million bytes: the gateway's Ethernet interface goes "
                 "down and the receiver is lost (close reasons, sender's and receiver's: "
                 f"{_each(failed['sender_close'] + ' and ' + failed['receiver_close'])}).")  # fmt: skip
    return text


def _spread(rows: pd.DataFrame) -> str:
    speeds = rows["steady_state_mbps"]
    return f"{speeds.max() - speeds.min():.3f} Mbit/s"


# -- upgraded interface --------------------------------------------------------------------------

# Appendix I's quantities: the WidebandChannel attributes the arithmetic uses.
FRAME_ATTRIBUTES: tuple[str, ...] = ("FrameSymbols", "SymbolRate", "BitsPerSymbol", "CodeRate",
                                     "Stations", "ControlSlotSymbols", "ControlPaddingSymbols",
                                     "MaxDatagramSymbols", "DatagramHeaderSymbols")  # fmt: skip


@dataclass(frozen=True)
class FrameArithmetic:
    """RFC 1030 Appendix I's arithmetic of a Wideband frame, from the channel's attributes."""

    control_subframe_symbols: int  # Stations x (ControlSlotSymbols + ControlPaddingSymbols)
    data_subframe_symbols: int  # FrameSymbols - control subframe
    usable_symbols: int  # min(data subframe, MaxDatagramSymbols) - DatagramHeaderSymbols
    usable_bits: int  # usable symbols x BitsPerSymbol x CodeRate, whole
    usable_bytes: int  # usable bits / 8, whole
    capacity_mbps: float  # usable bits every FrameSymbols / SymbolRate

    @classmethod
    def of(cls, overrides: Iterable[AttributeOverride] = ()) -> FrameArithmetic:
        """From `models/networks/wideband.json`'s values, what-if values of the channel's
        attributes (kind "wideband-channel") taking their place."""
        values = _channel_values()
        for override in overrides:
            if override.kind == "wideband-channel" and override.name in values:
                values[override.name] = float(override.value)
        control = int(values["Stations"] * (values["ControlSlotSymbols"]
                                            + values["ControlPaddingSymbols"]))  # fmt: skip
        data = max(int(values["FrameSymbols"]) - control, 0)
        usable = max(min(data, int(values["MaxDatagramSymbols"]))
                     - int(values["DatagramHeaderSymbols"]), 0)  # fmt: skip
        bits = math.floor(usable * values["BitsPerSymbol"] * values["CodeRate"] + 1e-9)
        period = values["FrameSymbols"] / values["SymbolRate"]
        return cls(control, data, usable, bits, bits // 8, bits / period / 1e6)


def _channel_values() -> dict[str, float]:
    for model in get_network(WIDEBAND).models():
        entries = model.attributes.get("wideband-channel", {})
        if entries:
            return {name: entries[name].value for name in FRAME_ATTRIBUTES}
    raise ValueError(f"no wideband-channel attributes in the {WIDEBAND} network's models")


def _overrides_of(text: str) -> list[AttributeOverride]:
    """The what-if values of a run, from the frame's `overrides` text."""
    found = []
    for item in filter(None, (part.strip() for part in text.split(";"))):
        target, value = item.split("=", 1)
        kind, name = target.split(".", 1)
        found.append(AttributeOverride(kind, name, value))
    return found


_CAPACITY_COLUMNS = ["interface", "control subframe", "data subframe", "usable symbols",
                     "usable bits", "bytes per frame", "capacity (Appendix I)",
                     "capacity (simulator)"]  # fmt: skip
_BEST_COLUMNS = ["interface", "best steady-state Mbit/s (median)", "at BI (ms)", "NBUFS",
                 "station resets there", f"at 5 every {OVERLOAD_BI_MS} ms: Mbit/s", "resets",
                 "ESI refused or dropped"]  # fmt: skip


def upgraded_interface_view(scenario: MeasureScenario, runs: pd.DataFrame) -> Report:
    frame = runs.copy()
    labels = list(dict.fromkeys(frame["label"]))
    capacity: list[list[str]] = []
    best: list[list[str]] = []
    figures: dict[str, tuple[FrameArithmetic, float, float]] = {}
    for label in labels:
        rows = frame[frame["label"] == label]
        arithmetic = FrameArithmetic.of(_overrides_of(str(rows["overrides"].iloc[0])))
        simulated = float(rows["path_channel_capacity_mbps"].iloc[0])
        capacity.append([
            f"{label}", f"{arithmetic.control_subframe_symbols}",
            f"{arithmetic.data_subframe_symbols}", f"{arithmetic.usable_symbols}",
            f"{arithmetic.usable_bits}", f"{arithmetic.usable_bytes}",
            f"{arithmetic.capacity_mbps:.4f} Mbit/s", f"{simulated:.4f} Mbit/s",
        ])  # fmt: skip
        medians = rows.groupby(["bi_ms", "nbufs"])["steady_state_mbps"].median()
        bi_ms, nbufs = medians.idxmax()
        at_best = rows[(rows["bi_ms"] == bi_ms) & (rows["nbufs"] == nbufs)]
        overload = rows[(rows["bi_ms"] == OVERLOAD_BI_MS)]
        best.append([
            f"{label}", f"{medians.max():.3f}", f"{bi_ms}", f"{nbufs}",
            _range(at_best["station_resets"], 0),
            _range(overload["steady_state_mbps"]) if len(overload) else "-",
            _range(overload["station_resets"], 0) if len(overload) else "-",
            _range(overload["path_esi_overflows"], 0) if len(overload) else "-",
        ])  # fmt: skip
        figures[label] = (arithmetic, float(medians.max()), float(overload["station_resets"].max()))
    lines = [*scenario.heading(), "## The answer", "", _upgrade_answer(figures), "",
             "## The channel's capacity", "",
             "Appendix I's arithmetic from `models/networks/wideband.json` with each interface's "
             "what-if values, beside the capacity the simulator's channel computes from the same "
             "attributes (symbols per frame; 1 frame every 21.2228 ms).", "",
             markdown_table(_CAPACITY_COLUMNS, capacity, "lrrrrrrr"), "",
             "## NETBLT's best throughput and the overload test", "",
             f"Every run: {_tuning(frame)}, burst intervals {_each(sorted(frame['bi_ms'].unique()))} "
             f"ms, NBUFS {_each(sorted(frame['nbufs'].unique()))}, seeds {_each(frame['seed'])}; "
             "best: the burst interval and buffers whose median over seeds is highest; the "
             f"overload test is 5 every {OVERLOAD_BI_MS} ms (medians, least and most in "
             "brackets).", "", markdown_table(_BEST_COLUMNS, best, "lrrrrrrr"), "",
             *_checks(scenario, frame)]  # fmt: skip
    grouped = frame.assign(interface=[f"{label}, NBUFS {n}" for label, n
                                      in zip(frame["label"], frame["nbufs"], strict=True)])  # fmt: skip
    figure = plot_quantity_vs_burst_interval(grouped, "steady_state_mbps", scenario.title,
                                             group_column="interface")  # fmt: skip
    axes = figure.axes[0]
    for capacity_mbps in sorted({a.capacity_mbps for a, _, _ in figures.values()}):
        axes.axhline(capacity_mbps, linestyle="--", linewidth=0.8, color="grey")
        axes.annotate(f"channel capacity {capacity_mbps:.3f} Mbit/s",
                      (axes.get_xlim()[0], capacity_mbps), fontsize=7, va="bottom")  # fmt: skip
    return Report(frame, "\n".join(lines), figure, "-throughput-vs-burst-interval")


def _upgrade_answer(figures: dict[str, tuple[FrameArithmetic, float, float]]) -> str:
    parts = []
    for label, (arithmetic, best, resets) in figures.items():
        parts.append(f'"{label}": {arithmetic.usable_bytes} bytes per frame, '
                     f"{arithmetic.capacity_mbps:.3f} Mbit/s; NETBLT's best {best:.3f} Mbit/s; "
                     f"at 5 every {OVERLOAD_BI_MS} ms up to {resets:g} station resets per run")  # fmt: skip
    base = next(iter(figures.values()))
    same_capacity = [label for label, (a, _, _) in figures.items()
                     if a.usable_bytes == base[0].usable_bytes]  # fmt: skip
    steady = [f'"{label}"' for label, (_, _, resets) in figures.items() if resets == 0]
    return ("RFC 1030 §8 hoped the upgraded BSAT-ESI interface would give higher throughput and "
            "stability under overload. Per interface: " + "; ".join(parts) + ". Without the "
            "BIO's padding the control subframe shrinks (Appendix I: 10 slots of 200 symbols "
            "instead of 1463), but while the datagram size is a 14-bit quantity a frame carries "
            "16384 symbols of data at most, so "
            f"{len(same_capacity)} of {len(figures)} interfaces keep the 1987 capacity; the "
            "padding's cost shows only once the size field is wider. Without a station reset at "
            f"5 every {OVERLOAD_BI_MS} ms: {', '.join(steady) if steady else 'none'} (an ESI "
            "that refuses what it cannot hold leaves the refused datagrams in the BSAT queue, "
            "where they wait for the next control slot or are dropped when it is full, and "
            "NETBLT resends them).")


FLOW_VIEWS: dict[str, Callable[[MeasureScenario, pd.DataFrame], Report]] = {
    "parallel-flows": parallel_flows_view,
    "long-transfers": long_transfers_view,
    "upgraded-interface": upgraded_interface_view,
}
