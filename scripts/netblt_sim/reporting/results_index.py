# SPDX-License-Identifier: GPL-2.0-only
"""What holds, kept in files: each scenario's `summary.json` in its results folder (its question,
its answer in one sentence, every check and whether it holds, its files) and `results/README.md`,
the index of every scenario drawn from them, RFC 1030's tables first.

The index is a function of the summaries alone, so `scripts/reproduce` rewrites it whichever
scenarios it ran: one it did not run this time is listed from the summary it left before, one
never run says so.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from netblt_sim.reporting.atomic import atomic_outputs
from netblt_sim.reporting.outcome import Outcome

SUMMARY_FILE = "summary.json"
INDEX_FILE = "README.md"


@dataclass(frozen=True)
class IndexEntry:
    """A scenario as the index lists it: its name (its file's and folder's) and question."""

    name: str
    question: str


def write_summary(directory: Path, name: str, question: str, outcome: Outcome) -> Path:
    """Writes `directory/summary.json` for a scenario that just ran; returns its path."""
    summary = {
        "scenario": name,
        "question": question,
        "answer": outcome.answer_sentence(),
        "checks": [{"check": v.claim, "holds": v.holds} for v in outcome.verdicts],
        "files": [path.name for path in outcome.paths],
    }
    path = directory / SUMMARY_FILE
    with atomic_outputs(path) as (temporary,):
        temporary.write_text(json.dumps(summary, indent=2, ensure_ascii=False) + "\n",
                             encoding="utf-8")  # fmt: skip
    return path


def _read_summary(path: Path) -> dict[str, object] | None:
    """A summary as written, or None if there is none or it is not of that shape (the index
    then says the scenario has no results yet)."""
    try:
        summary = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    shaped = (isinstance(summary, dict) and isinstance(summary.get("answer"), str)
              and isinstance(summary.get("checks"), list)
              and all(isinstance(c, dict) and isinstance(c.get("holds"), bool)
                      for c in summary["checks"])
              and isinstance(summary.get("files"), list)
              and all(isinstance(f, str) for f in summary["files"]))  # fmt: skip
    return summary if shaped else None


def index_markdown(results_dir: Path, entries: Sequence[IndexEntry]) -> str:
    """The index of `entries`, a line each in their order, from their summaries under
    `results_dir`."""
    lines = ["# Results", "",
             "Written by `scripts/reproduce`; do not edit by hand. One folder per scenario file "
             "of `scenarios/`, named after it. Each line: the question the scenario asks, its "
             "answer in one sentence, how many of its checks hold (its report and its "
             "`summary.json` list each) and its files.", ""]  # fmt: skip
    held_everywhere = checked_everywhere = 0
    for entry in entries:
        summary = _read_summary(results_dir / entry.name / SUMMARY_FILE)
        if summary is None:
            lines.append(f"- **{entry.name}**: {entry.question} Not run yet.")
            continue
        checks, files = summary["checks"], summary["files"]
        assert isinstance(checks, list) and isinstance(files, list)  # _read_summary's shape
        held = sum(bool(check["holds"]) for check in checks)
        held_everywhere += held
        checked_everywhere += len(checks)
        links = ", ".join(f"[{name}]({entry.name}/{name})" for name in files)
        lines.append(f"- **[{entry.name}]({entry.name}/)**: {entry.question} "
                     f"{summary['answer']} Checks holding: {held} of {len(checks)}. "
                     f"Files: {links}.")  # fmt: skip
    lines += ["", f"Checks holding over every scenario: {held_everywhere} of "
              f"{checked_everywhere}.", ""]  # fmt: skip
    return "\n".join(lines)


def write_index(results_dir: Path, entries: Sequence[IndexEntry]) -> Path:
    """Writes `results_dir/README.md` (`index_markdown`); returns its path."""
    path = results_dir / INDEX_FILE
    with atomic_outputs(path) as (temporary,):
        temporary.write_text(index_markdown(results_dir, entries), encoding="utf-8")
    return path
