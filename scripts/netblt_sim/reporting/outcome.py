# SPDX-License-Identifier: GPL-2.0-only
"""What running a scenario gives, the same for every kind: `Outcome`, its `Verdict`s, and how
results word a verdict (`verdict`); and what a measure's report view writes (`Report`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure


def verdict(holds: bool) -> str:
    """How results state whether something RFC 1030 reports holds in the simulation."""
    return "holds" if holds else "does NOT hold"


@dataclass(frozen=True)
class Verdict:
    """One thing a scenario is checked against, in words, and whether it holds."""

    claim: str
    holds: bool
    # What the check judges when a scenario compares several (a rate policy): the answer then
    # names those that pass every check of theirs.
    subject: str = ""

    def __str__(self) -> str:
        return f"{self.claim}: {verdict(self.holds)}"


@dataclass(frozen=True)
class Outcome:
    """A scenario's result files (CSV first), the frame its CSV holds, and its verdicts."""

    paths: tuple[Path, ...]
    runs: pd.DataFrame
    verdicts: tuple[Verdict, ...]
    details: str = ""  # more for the summary line, such as a table's largest error
    # The scenario's question answered in one sentence with its figures (results/README.md);
    # empty: the kind has no sentence of its own and `answer_sentence` words the checks.
    answer: str = ""

    @property
    def holds(self) -> bool:
        return all(v.holds for v in self.verdicts)

    def summary(self) -> str:
        """One line: the rows written and how many verdicts hold."""
        held = sum(v.holds for v in self.verdicts)
        line = f"{len(self.runs)} runs, {held} of {len(self.verdicts)} checks hold"
        return f"{line}, {self.details}" if self.details else line

    def answer_sentence(self) -> str:
        """The answer in one sentence: the kind's own, else the checks' verdict and the first
        check that does not hold."""
        if self.answer:
            return self.answer
        held, count = sum(v.holds for v in self.verdicts), len(self.verdicts)
        subjects = dict.fromkeys(v.subject for v in self.verdicts if v.subject)
        if subjects:
            passing = [s for s in subjects if all(v.holds for v in self.verdicts
                                                  if v.subject == s)]  # fmt: skip
            which = (f"only {_listed(passing)} meet" if 0 < len(passing) < len(subjects) else
                     "each meets" if passing else "none meets")  # fmt: skip
            return (f"Of {_listed(list(subjects))}, {which} every target; {held} of {count} "
                    "cases hold.")  # fmt: skip
        failed = [v.claim for v in self.verdicts if not v.holds]
        if not failed:
            return "Yes: its one check holds." if count == 1 else f"Yes: all {count} checks hold."
        return f"In part: {held} of {count} checks hold; the first that does not: {failed[0]}."


def _listed(names: list[str]) -> str:
    """Names as a list in words: "a", "a and b", "a, b and c"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


@dataclass(frozen=True)
class Report:
    """What a measure's report view writes: the CSV's frame, the Markdown (None: no report), the
    plot and the suffix of its file name."""

    frame: pd.DataFrame
    markdown: str | None
    figure: Figure
    plot_suffix: str
