# SPDX-License-Identifier: GPL-2.0-only
"""What `build/bin/netblt-soak-run` and `soak_network` report, summed up: their JSON lines read
into `RunResult`s, the crashes and hangs of the chunks that ran them (`Failure`), and a `Summary`
per network that counts them, says what fails the soak (`Summary.problems()`) and prints itself
(`Summary.format()`; several networks' together with `format_networks`).

Outcomes (see src/netblt-soak/doc/netblt-soak.rst): intact, clean,
unchecked-corrupt and undetected-corrupt (damage RFC 998 allows or cannot see), misled (a
fuzzing run's forgeries, as a lying peer could), bad and hang (failures of the model). The
modelled networks' runs (`soak_network`) are intact, clean, bad or hang: their networks damage
no data they deliver, and nothing is forged there.
"""

from __future__ import annotations

import json
import re
import textwrap
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from netblt_sim.core.networks import POINT_TO_POINT

RunKind = Literal["transfer", "fuzz"]
FAILING_OUTCOMES = ("bad", "hang")
OUTCOME_ORDER = (
    "intact", "clean", "unchecked-corrupt", "undetected-corrupt", "misled", "bad", "hang",
)  # fmt: skip
NETWORK_OUTCOMES = ("intact", "clean", "bad", "hang")  # what soak_network's runs can be
# Damage RFC 998 allows or cannot see, and forgeries: on the point-to-point link only.
EXCUSED_OUTCOMES = ("unchecked-corrupt", "undetected-corrupt", "misled")
POINT_TO_POINT_REPRODUCE = "build/bin/netblt-soak-run and --print-config"
NETWORK_REPRODUCE = (
    "python -m netblt_sim.tools.soak_network --network NETWORK --first-seed S --transfers 1 "
    "--print-config"
)
VERDICT_TERMS = (
    "no bad transfer, no hang, no crash, every injected packet counted once with its reason"
)
OUTCOME_NOTES = {
    "clean": "both ends closed otherwise, nothing damaged delivered",
    "unchecked-corrupt": "damaged data delivered without the C flag, as RFC 998 allows",
    "undetected-corrupt": "damage RFC 998's checksum cannot see got in",
    "misled": "forgeries with right checksums misled an end, as a lying peer could",
    "bad": "damaged or missing data passed as good, or a false completion",
    "hang": "a connection still open at the time bound",
}


@dataclass(frozen=True)
class RunResult:
    """One run's line: a random transfer or a fuzzed one."""

    kind: RunKind
    seed: int
    outcome: str
    detail: str
    shape: str
    checksums: bool
    config: str | None = None
    injected: int = 0
    via_ip: int = 0
    accepted: dict[str, int] = field(default_factory=dict)
    rejected: dict[str, int] = field(default_factory=dict)
    mutations: dict[str, int] = field(default_factory=dict)
    unaccounted: int = 0
    forging: bool = False


@dataclass(frozen=True)
class Done:
    """The line a chunk prints once it has run everything it was given."""

    transfers: int
    fuzz_runs: int
    packets: int


@dataclass(frozen=True)
class Failure:
    """A run that took its chunk down: a crash (`how` is the signal or the exit status) or a
    hang (the chunk's time limit ran out), with the last line the program wrote to stderr."""

    what: Literal["crash", "hang"]
    kind: RunKind
    seed: int
    how: str
    stderr: str = ""


def _counts(value: object) -> dict[str, int]:
    if not isinstance(value, dict):
        raise ValueError(f"expected an object of counts, got {value!r}")
    return {str(key): int(count) for key, count in value.items()}


def parse_line(line: str) -> RunResult | Done | None:
    """A line of `netblt-soak` output; None for a line that is not one of its JSON objects.
    Raises ValueError for a JSON object that lacks what a run's line has."""
    text = line.strip()
    if not text.startswith("{"):
        return None
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return None
    try:
        kind = data["kind"]
        if kind == "done":
            return Done(int(data["transfers"]), int(data["fuzz_runs"]), int(data["packets"]))
        if kind not in ("transfer", "fuzz"):
            raise ValueError(f"unknown kind {kind!r}")
        fuzz = kind == "fuzz"
        return RunResult(
            kind="transfer" if kind == "transfer" else "fuzz",
            seed=int(data["seed"]),
            outcome=str(data["outcome"]),
            detail=str(data["detail"]),
            shape=str(data["shape"]),
            checksums=bool(data["checksums"]),
            config=data.get("config"),
            injected=int(data["injected"]) if fuzz else 0,
            via_ip=int(data["via_ip"]) if fuzz else 0,
            accepted=_counts(data["accepted"]) if fuzz else {},
            rejected=_counts(data["rejected"]) if fuzz else {},
            mutations=_counts(data["mutations"]) if fuzz else {},
            unaccounted=int(data["unaccounted"]) if fuzz else 0,
            forging=bool(data["forging"]) if fuzz else False,
        )
    except KeyError as missing:
        raise ValueError(f"netblt-soak line without {missing}: {text[:200]}") from None


def detail_kind(outcome: str, detail: str) -> str:
    """The detail without its numbers and particulars, to count like ones together: the close
    reasons of a clean run ("DEATH_TIMEOUT/DEATH_TIMEOUT"), what went wrong otherwise."""
    if outcome not in ("clean", "intact", "unchecked-corrupt"):
        detail = re.split(r" \(|: ", detail, maxsplit=1)[0]
    return re.sub(r"(?<!RFC )(?<![\d.])\d+(\.\d+)?", "N", detail)


@dataclass
class Summary:
    """Everything a soak's runs reported, added up."""

    outcomes: dict[RunKind, Counter[str]] = field(
        default_factory=lambda: {"transfer": Counter(), "fuzz": Counter()}
    )
    details: dict[RunKind, Counter[tuple[str, str]]] = field(
        default_factory=lambda: {"transfer": Counter(), "fuzz": Counter()}
    )
    examples: list[RunResult] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    forging_runs: int = 0
    injected: int = 0
    via_ip: int = 0
    unaccounted: int = 0
    accepted: Counter[str] = field(default_factory=Counter)
    rejected: Counter[str] = field(default_factory=Counter)
    mutations: Counter[str] = field(default_factory=Counter)

    def add(self, run: RunResult) -> None:
        """Counts one run."""
        self.outcomes[run.kind][run.outcome] += 1
        if run.outcome != "intact":
            self.details[run.kind][(run.outcome, detail_kind(run.outcome, run.detail))] += 1
        if run.outcome in FAILING_OUTCOMES:
            self.examples.append(run)
        if run.kind == "fuzz":
            self.forging_runs += run.forging
            self.injected += run.injected
            self.via_ip += run.via_ip
            self.unaccounted += run.unaccounted
            self.accepted.update(run.accepted)
            self.rejected.update(run.rejected)
            self.mutations.update(run.mutations)

    def runs(self, kind: RunKind) -> int:
        """How many runs of a kind reported."""
        return sum(self.outcomes[kind].values())

    def crashes(self) -> list[Failure]:
        return [f for f in self.failures if f.what == "crash"]

    def timeouts(self) -> list[Failure]:
        return [f for f in self.failures if f.what == "hang"]

    def accounted(self) -> int:
        """Injected packets with an outcome: every reason's count plus the accepted."""
        return sum(self.rejected.values()) + sum(self.accepted.values())

    def problems(self) -> list[str]:
        """What fails the soak; empty if nothing does."""
        found = []
        for kind in ("transfer", "fuzz"):
            for outcome in FAILING_OUTCOMES:
                if count := self.outcomes[kind][outcome]:
                    found.append(f"{count} {kind} run(s) {outcome}")
        if self.crashes():
            found.append(f"{len(self.crashes())} run(s) crashed")
        if self.timeouts():
            found.append(f"{len(self.timeouts())} run(s) hung past the chunk time limit")
        if self.unaccounted:
            found.append(f"{self.unaccounted} injected packet(s) without exactly one outcome")
        if self.accounted() != self.injected:
            found.append(f"reasons + accepted = {self.accounted()}, injected {self.injected}")
        return found

    def format(self) -> str:
        """The summary of a point-to-point soak (`build/bin/netblt-soak-run`) as text."""
        return "\n\n".join([*self.sections(), _verdict(self.problems())])

    def sections(self, title: str = "Random transfers") -> list[str]:
        """The tables of a point-to-point soak: random transfers (under `title`), fuzzed
        transfers, the fuzzer's packets, and any failures."""
        sections = [
            _outcome_table(title, self, "transfer", OUTCOME_ORDER),
            _outcome_table(
                f"Fuzzed transfers ({self.runs('fuzz') - self.forging_runs} damaging, "
                f"{self.forging_runs} forging)",
                self,
                "fuzz",
                OUTCOME_ORDER,
            ),
            _fuzzer_table(self),
        ]
        if self.failures or self.examples:
            sections.append(_failure_list(self, POINT_TO_POINT_REPRODUCE))
        return sections


def format_networks(summaries: Mapping[str, Summary]) -> str:
    """The summaries of a soak by network as text: the point-to-point link's tables as
    `Summary.format` prints them, each modelled network's random transfers, the outcome counts
    by network, and the verdict over all of them. A point-to-point soak alone prints as
    `Summary.format` does."""
    if list(summaries) == [POINT_TO_POINT]:
        return summaries[POINT_TO_POINT].format()
    sections = []
    for network, summary in summaries.items():
        if network == POINT_TO_POINT:
            sections += summary.sections(f"Random transfers on {POINT_TO_POINT}")
            continue
        sections.append(
            _outcome_table(f"Random transfers on {network}", summary, "transfer", NETWORK_OUTCOMES)
        )
        if summary.failures or summary.examples:
            hint = NETWORK_REPRODUCE.replace("NETWORK", network)
            sections.append(_failure_list(summary, hint))
    sections.append(_network_table(summaries))
    sections.append(_verdict(network_problems(summaries)))
    return "\n\n".join(sections)


def network_problems(summaries: Mapping[str, Summary]) -> list[str]:
    """What fails a soak over several networks, each problem named with its network."""
    return [f"{network}: {problem}" for network, s in summaries.items() for problem in s.problems()]


def _verdict(problems: Sequence[str]) -> str:
    verdict = "FAIL: " + "; ".join(problems) if problems else "PASS"
    return f"Verdict: {verdict} ({VERDICT_TERMS})"


def _network_table(summaries: Mapping[str, Summary]) -> str:
    columns = ("runs", "intact", "clean", "excused", "bad", "hang", "crash")
    lines = [
        "Random transfers by network (excused: damage RFC 998 allows or cannot see; hang: open "
        "at the time cap or past the chunk's time limit; crash: the process died):",
        f"  {'network':<22}" + "".join(f"{column:>9}" for column in columns),
    ]
    for network, summary in summaries.items():
        outcomes = summary.outcomes["transfer"]
        failures = [f for f in summary.failures if f.kind == "transfer"]
        crashes = sum(1 for f in failures if f.what == "crash")
        counts = (
            summary.runs("transfer") + len(failures),
            outcomes["intact"],
            outcomes["clean"],
            sum(outcomes[outcome] for outcome in EXCUSED_OUTCOMES),
            outcomes["bad"],
            outcomes["hang"] + len(failures) - crashes,
            crashes,
        )
        lines.append(f"  {network:<22}" + "".join(f"{count:>9}" for count in counts))
    return "\n".join(lines)


def _outcome_table(
    title: str, summary: Summary, kind: RunKind, outcome_order: Sequence[str]
) -> str:
    outcomes = summary.outcomes[kind]
    failures = [f for f in summary.failures if f.kind == kind]
    lines = [f"{title}: {summary.runs(kind) + len(failures)}"]
    for outcome in outcome_order:
        note = f"  ({OUTCOME_NOTES[outcome]})" if outcome in OUTCOME_NOTES else ""
        lines.append(f"  {outcome:<20} {outcomes[outcome]:>8}{note}")
        details = summary.details[kind].items()
        by_detail = sorted(
            ((count, detail) for (o, detail), count in details if o == outcome), reverse=True
        )
        for count, detail in by_detail[:12]:
            lines.append(f"      {count:>8}  {detail}")
        if len(by_detail) > 12:
            rest = sum(count for count, _ in by_detail[12:])
            others = len(by_detail) - 12
            lines.append(f"      {rest:>8}  ({others} other kind{'s' if others > 1 else ''})")
    crashed = sum(1 for f in failures if f.what == "crash")
    lines.append(f"  {'crashed':<20} {crashed:>8}")
    lines.append(f"  {'hung (time limit)':<20} {len(failures) - crashed:>8}")
    return "\n".join(lines)


def _fuzzer_table(summary: Summary) -> str:
    lines = [
        f"Fuzzer: {summary.injected} packets injected ({summary.via_ip} as whole IPv4 datagrams)",
        "  dropped or rejected, by reason:",
    ]
    lines += [f"    {count:>9}  {reason}" for reason, count in summary.rejected.most_common()]
    lines.append("  accepted:")
    lines += [f"    {count:>9}  {how}" for how, count in summary.accepted.most_common()]
    lines.append(
        f"  reasons {sum(summary.rejected.values())} + accepted {sum(summary.accepted.values())}"
        f" = {summary.accounted()} of {summary.injected} injected;"
        f" unaccounted {summary.unaccounted}"
    )
    kinds = ", ".join(f"{kind} {count}" for kind, count in summary.mutations.most_common())
    lines += textwrap.wrap(
        f"injected, by kind of damage: {kinds or 'none'}",
        width=100,
        initial_indent="  ",
        subsequent_indent="    ",
        break_on_hyphens=False,
    )
    return "\n".join(lines)


def _failure_list(summary: Summary, reproduce: str) -> str:
    lines = [f"Failures (reproduce one with {reproduce}):"]
    for failure in summary.failures[:20]:
        lines.append(
            f"  {failure.what} of {failure.kind} seed {failure.seed}: {failure.how}"
            + (f"; stderr: {failure.stderr}" if failure.stderr else "")
        )
    for run in summary.examples[:20]:
        lines.append(f"  {run.outcome} {run.kind} seed {run.seed}: {run.detail}")
        if run.config:
            lines.append(f"      {run.config}")
    return "\n".join(lines)
