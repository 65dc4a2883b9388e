# SPDX-License-Identifier: GPL-2.0-only
"""Time-sequence views of chosen runs (`scenarios/*.json` of kind "time-sequence"): byte offset
against time for every DATA packet sent, retransmitted and received, every RESEND and every
buffer delivered, one panel per flow (`plots.plot_time_sequence`), drawn from the run's traces
(`flows.trace_time_sequences`), as tcptrace and xplot draw TCP's.

A scenario has a title, a source and `examples`, each `{"name", "title", "network",
"transfer"}` (the transfer as `flows.flow_set` takes it: one transfer, or several at once with
`flows`, `phase`, ...). Each example writes `results/<scenario>/<scenario>-<example>.csv` (the trace, one
row per event) and `.png` (the plot); the scenario writes `results/<scenario>/<scenario>.md`, which lists
the examples with their records' counts beside the trace's and whether they agree (its
verdicts). The runs and their traces go through the executor's result store
(`traced.run_traced`), so that nothing is simulated again when nothing changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from netblt_sim.batch.traced import TIME_SEQUENCE, run_traced
from netblt_sim.core.flows import FlowSet, FlowSetRecord, flow_set
from netblt_sim.core.networks import get_network
from netblt_sim.core.parameters import NETBLT
from netblt_sim.reporting.atomic import atomic_outputs
from netblt_sim.reporting.findings import json_object
from netblt_sim.reporting.outcome import Outcome, Verdict, verdict
from netblt_sim.reporting.plots import plot_time_sequence
from netblt_sim.reporting.tables import markdown_table

if TYPE_CHECKING:
    from netblt_sim.batch.executor import TransferExecutor

TIME_SEQUENCE_KIND = "time-sequence"
SCENARIO_KEYS: tuple[str, ...] = ("kind", "title", "source", "examples")
EXAMPLE_KEYS: tuple[str, ...] = ("name", "title", "network", "transfer")


@dataclass(frozen=True)
class Example:
    """One run drawn as a time-sequence plot."""

    name: str
    title: str
    run: FlowSet


@dataclass(frozen=True)
class TimeSequenceScenario:
    """Runs drawn as time-sequence plots."""

    name: str
    title: str
    source: str
    examples: tuple[Example, ...]


def parse_time_sequences(path: Path, raw: object) -> TimeSequenceScenario:
    """The scenario of file `path` (its name the file's stem), every example's run built (so an
    impossible transfer is refused now); ValueError names the bad entry."""
    entry = json_object(str(path), raw, SCENARIO_KEYS, SCENARIO_KEYS)
    if not isinstance(entry["examples"], list) or not entry["examples"]:
        raise ValueError(f"{path}: examples must be a list of at least one example")
    examples = []
    for index, item in enumerate(entry["examples"]):
        where = f"{path}: examples[{index}]"
        example = json_object(where, item, EXAMPLE_KEYS, EXAMPLE_KEYS)
        get_network(example["network"])
        if not isinstance(example["transfer"], dict):
            raise ValueError(f"{where}.transfer = {example['transfer']!r}: must be an object")
        try:
            run = flow_set(**example["transfer"], network=example["network"])
        except ValueError as error:
            raise ValueError(f"{where}: {error}") from None
        if any(flow.protocol != NETBLT for flow in run.flows):
            raise ValueError(f"{where}: protocol = {run.flows[0].protocol!r}: the examples are "
                             "NETBLT's (the report reads its RESENDs and buffers)")  # fmt: skip
        examples.append(Example(str(example["name"]), str(example["title"]), run))
    names = [example.name for example in examples]
    if len(set(names)) != len(names):
        raise ValueError(f"{path}: example names must differ: {names}")
    return TimeSequenceScenario(path.stem, entry["title"], entry["source"], tuple(examples))


# How each count of a flow's record is read off its trace.
_COUNTS: tuple[tuple[str, str, Any], ...] = (
    ("DATA transmissions", "data_packets_sent",
     lambda t: int(t["event"].isin(["sent", "retransmitted"]).sum())),
    ("retransmissions", "retransmitted", lambda t: int((t["event"] == "retransmitted").sum())),
    ("DATA received", "data_packets_received", lambda t: int((t["event"] == "received").sum())),
    ("packets asked for by RESENDs", "packets_requested",
     lambda t: int(t.loc[t["event"] == "resend", "amount"].sum())),
)  # fmt: skip


def counts_agree(trace: pd.DataFrame, record: FlowSetRecord) -> list[tuple[str, int, int, int]]:
    """Each flow's record count beside the same count read off its trace: (what, flow, record,
    trace) for every count of `_COUNTS`."""
    rows = []
    for flow, flow_record in enumerate(record.flows):
        own = trace[trace["flow"] == flow]
        for what, field, count in _COUNTS:
            rows.append((what, flow, int(getattr(flow_record, field)), count(own)))
    return rows


def run_time_sequences(scenario: TimeSequenceScenario, results_dir: Path,
                       executor: TransferExecutor | None = None) -> Outcome:  # fmt: skip
    """Runs every example (through the executor's store and cluster if given) and writes its
    trace and plot, and the scenario's Markdown, all together (`atomic.atomic_outputs`)."""
    import matplotlib.pyplot as plt  # noqa: PLC0415 - the plots have loaded it

    results = run_traced([example.run for example in scenario.examples], TIME_SEQUENCE, executor)
    traces: list[tuple[Example, FlowSetRecord, pd.DataFrame]] = [
        (example, record, trace)
        for example, (record, trace) in zip(scenario.examples, results, strict=True)
    ]
    lines = [f"# {scenario.title}", "", "Regenerated by `scripts/reproduce`; do not edit by hand.",
             "", scenario.source, ""]  # fmt: skip
    cells = []
    verdicts = []
    summary = []
    for example, record, trace in traces:
        agree = True
        for what, flow, counted, traced in counts_agree(trace, record):
            agree &= counted == traced
            cells.append([example.name, f"{len(record.flows)}", f"flow {flow}", what,
                          f"{counted}", f"{traced}", verdict(counted == traced)])  # fmt: skip
            summary.append({"example": example.name, "flow": flow, "count": what,
                            "record": counted, "trace": traced})  # fmt: skip
        verdicts.append(Verdict(f"{example.name}: the plot's points agree with the record's "
                                "counts", agree))  # fmt: skip
    columns = ["example", "flows", "record", "count", "record's", "trace's", "agree"]
    lines += [markdown_table(columns, cells, "lrllrrl"), "",
              *(f"- `{scenario.name}-{e.name}.png`: {e.title}" for e, _, _ in traces), ""]  # fmt: skip
    stem = results_dir / scenario.name
    paths: list[Path] = [stem.with_name(f"{stem.name}.md")]
    figures = []
    for example, _, trace in traces:
        paths += [stem.with_name(f"{stem.name}-{example.name}.csv"),
                  stem.with_name(f"{stem.name}-{example.name}.png")]  # fmt: skip
        figures.append(plot_time_sequence(trace, example.title, example.run.flows[0].bfsz))
    try:
        with atomic_outputs(*paths) as temporaries:
            temporaries[0].write_text("\n".join(lines), encoding="utf-8")
            for index, ((_, _, trace), figure) in enumerate(zip(traces, figures, strict=True)):
                trace.to_csv(temporaries[1 + 2 * index], index=False)
                figure.savefig(temporaries[2 + 2 * index], format="png")
    finally:
        for figure in figures:
            plt.close(figure)
    return Outcome(tuple(paths), pd.DataFrame(summary), tuple(verdicts))
