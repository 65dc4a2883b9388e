# SPDX-License-Identifier: GPL-2.0-only
"""Findings of RFC 1030's text checked against a regenerated table: data of `scenarios/*.json`
(a table scenario's "findings"), evaluated here.

A finding is a statement with named figures in it, `str.format` style, for example::

    {"statement": "Two buffers do worse than one (RFC 1030 §6: 1.45 against 0.994 Mbit/s):
                   simulated {one:.3f} against {two:.3f} Mbit/s, finding {verdict}.",
     "figures": {"one": {"where": {"psz": 1438, "nbufs": 1, "bi_ms": 30},
                         "column": "sim_speed_mbps", "statistic": "median"},
                 "two": {...}},
     "holds": [{"left": "two", "op": "<", "right": "one"}]}

Keys of a finding:

- `statement`: the text; it may name the figures, the `published` numbers, the `for_each`
  columns and, with `holds`, `{verdict}` ("holds" or "does NOT hold").
- `figures`: name -> a statistic (`STATISTICS`) of a column over the rows of a frame (`of`:
  "rows", one per published row as in `results/table-<T>.csv`, the default; or "curves", the
  burst-interval sweep) that match `where` (column -> a value, or {operator: value}). A column
  may also be one of `DERIVED_COLUMNS`. At most one transform: `scale` (times a number), `per`
  (divided by another figure), `percent_of` (as a percentage of a `published` number).
- `published`: name -> a number the RFC gives, for the statement and `percent_of`.
- `holds`: conditions (`left` figure, `op`, `right` figure or number, optional `times` applied
  to the right side), all of which must be true for the finding to hold.
- `requires`: conditions without which the finding is left out of the report.
- `for_each`: {"of", "where", "columns"}: one statement per group of those rows, the figures
  taken over the group's rows.

A finding whose figures need rows that its selection does not have (a median of nothing) is
left out, as the table's report cannot state it. `load_findings` refuses anything else that is
wrong by its key, such as `findings[2].figures.rxm.statistic`.
"""

from __future__ import annotations

import math
import operator
import string
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from netblt_sim.reporting.outcome import verdict

if TYPE_CHECKING:
    import pandas as pd

FRAMES: tuple[str, ...] = ("rows", "curves")
STATISTICS: tuple[str, ...] = ("median", "min", "max", "sum", "count", "correlation")
# Statistics that mean something over no rows; any other leaves its finding out.
EMPTY_SELECTION_STATISTICS: tuple[str, ...] = ("sum", "count")
# Applied to a column (a Series, giving a mask) or to two figures (floats).
OPERATORS: dict[str, Callable[[Any, float], Any]] = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "==": operator.eq,
}
TRANSFORMS: tuple[str, ...] = ("scale", "per", "percent_of")
VERDICT = "verdict"


@dataclass(frozen=True)
class DerivedColumn:
    """A per-row quantity computed from a frame's columns."""

    inputs: tuple[str, ...]
    compute: Callable[[pd.DataFrame], pd.Series]


DERIVED_COLUMNS: dict[str, DerivedColumn] = {
    # How many buffers a transfer fills: XFSZ (units of 1000 bytes) over BFSZ.
    "buffers": DerivedColumn(
        ("xfsz_kb", "bfsz"), lambda rows: rows["xfsz_kb"] * 1000 / rows["bfsz"]
    ),
    # Of a run's record (a sweep's or a measure's runs):
    "steady_state_kbps": DerivedColumn(
        ("steady_state_mbps",), lambda runs: runs["steady_state_mbps"] * 1000
    ),
    "data_packets_lost_pct": DerivedColumn(
        ("lost", "data_packets_sent"),
        lambda runs: 100 * runs["lost"] / runs["data_packets_sent"].clip(lower=1),
    ),
    # 100 for a transfer that completed with every byte intact, else 0.
    "completed_intact_pct": DerivedColumn(
        ("completed", "intact"), lambda runs: 100.0 * (runs["completed"] & runs["intact"])
    ),
    # Of a flow set's (flows.flow_sets_frame): its flows' steady-state throughputs added up, as
    # a percentage of the channel capacity Appendix I's arithmetic gives from the attributes.
    "aggregate_pct_of_capacity": DerivedColumn(
        ("aggregate_mbps", "path_channel_capacity_mbps"),
        lambda runs: 100 * runs["aggregate_mbps"] / runs["path_channel_capacity_mbps"],
    ),
}
# A condition on a column: (column, one of OPERATORS, value).
Clause = tuple[str, str, float]


def column_values(rows: pd.DataFrame, name: str) -> pd.Series:
    """Column `name` of `rows`, or the derived column of that name (`DERIVED_COLUMNS`)."""
    if name in rows.columns:
        return rows[name]
    return DERIVED_COLUMNS[name].compute(rows)


def known_columns(columns: Collection[str]) -> set[str]:
    """`columns` and the derived columns that can be computed from them."""
    return set(columns) | {
        name for name, derived in DERIVED_COLUMNS.items() if set(derived.inputs) <= set(columns)
    }


def matching(rows: pd.DataFrame, where: Sequence[Clause]) -> pd.DataFrame:
    """The rows that meet every clause."""
    for column, op, value in where:
        matches: pd.Series[bool] = OPERATORS[op](rows[column], value)
        rows = rows[matches]
    return rows


@dataclass(frozen=True)
class Selection:
    """The rows of frame `of` whose columns match `where`."""

    of: str
    where: tuple[Clause, ...]

    def rows(self, frames: Mapping[str, pd.DataFrame]) -> pd.DataFrame:
        return matching(frames[self.of], self.where)

    def columns(self) -> list[str]:
        return [column for column, _, _ in self.where]


@dataclass(frozen=True)
class Figure:
    """A statistic of a column over a selection, possibly transformed (see the module doc)."""

    selection: Selection
    statistic: str
    column: str | None  # None only for "count"
    with_column: str | None  # the second column of a correlation
    transform: tuple[str, float | str] | None  # (one of TRANSFORMS, its number or name)

    def columns(self) -> list[str]:
        named = [self.column, self.with_column]
        return self.selection.columns() + [c for c in named if c is not None]

    def value(
        self,
        frames: Mapping[str, pd.DataFrame],
        figures: Mapping[str, float],
        published: Mapping[str, float],
    ) -> float | None:
        """The figure, or None if its selection has no rows and the statistic needs some."""
        rows = self.selection.rows(frames)
        if rows.empty and self.statistic not in EMPTY_SELECTION_STATISTICS:
            return None
        if self.statistic == "count":
            value = float(len(rows))
        elif self.statistic == "correlation":
            assert self.column is not None and self.with_column is not None
            value = float(
                column_values(rows, self.column).corr(column_values(rows, self.with_column))
            )
        else:
            assert self.column is not None
            value = float(getattr(column_values(rows, self.column), self.statistic)())
        if self.transform is None:
            return value
        kind, argument = self.transform
        if kind == "scale":
            return value * float(argument)
        if kind == "per":
            divisor = figures[str(argument)]
            return value / divisor if divisor else math.nan
        return 100 * value / published[str(argument)]


@dataclass(frozen=True)
class Condition:
    """`left` `op` `times` x `right`; `right` is a figure's name or a number."""

    left: str
    op: str
    right: str | float
    times: float | None

    def holds(self, values: Mapping[str, float]) -> bool:
        right = values[self.right] if isinstance(self.right, str) else self.right
        if self.times is not None:
            right = self.times * right
        return bool(OPERATORS[self.op](values[self.left], right))

    def __str__(self) -> str:
        """As written: `left op [times x ]right`."""
        times = "" if self.times is None else f"{self.times:g} x "
        return f"{self.left} {self.op} {times}{self.right}"


@dataclass(frozen=True)
class Finding:
    """One statement of the RFC's text with the figures that check it (see the module doc)."""

    statement: str
    figures: tuple[tuple[str, Figure], ...]  # in order: a `per` figure comes after its divisor
    published: Mapping[str, float]
    holds: tuple[Condition, ...]
    requires: tuple[Condition, ...]
    for_each: tuple[Selection, tuple[str, ...]] | None

    def notes(self, frames: Mapping[str, pd.DataFrame]) -> list[str]:
        """The statement with its figures filled in, once or once per `for_each` group; none if
        a figure has no rows or a requirement is not met."""
        notes = []
        for group_frames, keyed in self._groups(frames):
            note = self._note(group_frames, keyed)
            if note is not None:
                notes.append(note)
        return notes

    def verdicts(self, frames: Mapping[str, pd.DataFrame]) -> list[bool]:
        """Whether it holds, for each statement `notes` gives (none if it has no `holds`)."""
        if not self.holds:
            return []
        return [all(condition.holds(values) for condition in self.holds)
                for group_frames, _ in self._groups(frames)
                if (values := self._values(group_frames)) is not None]  # fmt: skip

    def headline(self) -> str:
        """The statement up to its first parenthesis: what it claims, without figures."""
        return self.statement.split(" (")[0]

    def _groups(self, frames: Mapping[str, pd.DataFrame]
                ) -> list[tuple[Mapping[str, pd.DataFrame], dict[str, object]]]:  # fmt: skip
        """The frames once, or once per `for_each` group (that frame its group's rows), each
        with the group's column values."""
        if self.for_each is None:
            return [(frames, {})]
        selection, columns = self.for_each
        groups = selection.rows(frames).groupby(list(columns), sort=True)
        return [({**frames, selection.of: group}, dict(zip(columns, keys, strict=True)))
                for keys, group in groups]  # fmt: skip

    def _values(self, frames: Mapping[str, pd.DataFrame]) -> dict[str, float] | None:
        """Every figure, or None if one has no rows or a requirement is not met."""
        values: dict[str, float] = {}
        for name, figure in self.figures:
            value = figure.value(frames, values, self.published)
            if value is None:
                return None
            values[name] = value
        if not all(condition.holds(values) for condition in self.requires):
            return None
        return values

    def _note(self, frames: Mapping[str, pd.DataFrame], group: Mapping[str, object]) -> str | None:
        values = self._values(frames)
        if values is None:
            return None
        names: dict[str, object] = {**self.published, **values, **group}
        if self.holds:
            names[VERDICT] = verdict(all(condition.holds(values) for condition in self.holds))
        return self.statement.format(**names)

    def columns(self) -> dict[str, set[str]]:
        """The columns the finding reads, per frame."""
        needed: dict[str, set[str]] = {frame: set() for frame in FRAMES}
        for _, figure in self.figures:
            needed[figure.selection.of].update(figure.columns())
        if self.for_each is not None:
            selection, columns = self.for_each
            needed[selection.of].update(selection.columns(), columns)
        return needed


def evaluate(findings: Sequence[Finding], frames: Mapping[str, pd.DataFrame]) -> list[str]:
    """Every finding's statements, in order."""
    return [note for finding in findings for note in finding.notes(frames)]


# Loading: every problem is a ValueError naming the key, such as "findings[1].figures.one".

FINDING_KEYS: tuple[str, ...] = ("statement", "figures", "published", "holds", "requires")
FINDING_KEYS += ("for_each",)
FIGURE_KEYS: tuple[str, ...] = ("of", "where", "column", "statistic", "with", *TRANSFORMS)
CONDITION_KEYS: tuple[str, ...] = ("left", "op", "right", "times")
FOR_EACH_KEYS: tuple[str, ...] = ("of", "where", "columns")


def load_findings(
    where: str, raw: object, columns: Mapping[str, Collection[str]]
) -> tuple[Finding, ...]:
    """The findings of a scenario's "findings" list; `where` names the file in messages and
    `columns` gives each frame's columns (see `FRAMES`), against which every column named is
    checked."""
    if not isinstance(raw, list):
        raise ValueError(f"{where}: findings must be a list")
    findings = tuple(_finding(f"{where}: findings[{i}]", entry) for i, entry in enumerate(raw))
    for index, finding in enumerate(findings):
        for frame, needed in finding.columns().items():
            available = known_columns(columns[frame])
            unknown = sorted(needed - available)
            if unknown:
                raise ValueError(
                    f"{where}: findings[{index}] names {unknown}, not columns of the {frame} "
                    f"frame: {sorted(available)}"
                )
    return findings


def json_object(
    where: str, raw: object, allowed: Sequence[str], required: Sequence[str]
) -> dict[str, Any]:
    """`raw` if it is an object of `allowed` keys with every `required` one (the scenario
    files' objects); ValueError naming `where` otherwise."""
    if not isinstance(raw, dict):
        raise ValueError(f"{where}: must be an object with keys {list(allowed)}")
    unknown = sorted(set(raw) - set(allowed))
    if unknown:
        raise ValueError(f"{where}: unknown key(s) {unknown}; allowed: {list(allowed)}")
    missing = [key for key in required if key not in raw]
    if missing:
        raise ValueError(f"{where}: no {missing}; it needs {list(required)}")
    return raw


def _number(where: str, raw: object) -> float:
    if isinstance(raw, bool) or not isinstance(raw, int | float) or not math.isfinite(raw):
        raise ValueError(f"{where} = {raw!r}: must be a finite number")
    return float(raw)


def _name(where: str, raw: object, known: Collection[str], what: str) -> str:
    if raw not in known:
        raise ValueError(f"{where} = {raw!r}: must be {what}: {sorted(known)}")
    assert isinstance(raw, str)
    return raw


def load_where(where: str, raw: object) -> tuple[Clause, ...]:
    """The clauses of a `where` object (column -> a value, or {operator: value}); `where`
    names it in messages."""
    if not isinstance(raw, dict):
        raise ValueError(f"{where}: must be an object of column -> value or {{op: value}}")
    clauses = []
    for column, test in raw.items():
        if isinstance(test, dict):
            for op, value in test.items():
                _name(f"{where}.{column}", op, OPERATORS, "an operator")
                clauses.append((column, op, _number(f"{where}.{column}.{op}", value)))
        else:
            clauses.append((column, "==", _number(f"{where}.{column}", test)))
    return tuple(clauses)


def _selection(where: str, of: object, raw: object) -> Selection:
    frame = _name(f"{where}.of", of, FRAMES, "a frame")
    return Selection(frame, load_where(f"{where}.where", raw))


def _figure(
    where: str, raw: object, earlier: Collection[str], published: Collection[str]
) -> Figure:
    entry = json_object(where, raw, FIGURE_KEYS, ("statistic",))
    statistic = _name(f"{where}.statistic", entry["statistic"], STATISTICS, "a statistic")
    column = entry.get("column")
    if statistic != "count" and not isinstance(column, str):
        raise ValueError(f"{where}.column = {column!r}: a {statistic} needs a column name")
    with_column = entry.get("with")
    if (statistic == "correlation") != isinstance(with_column, str):
        raise ValueError(f"{where}.with = {with_column!r}: a correlation, and only one, needs it")
    transforms = [key for key in TRANSFORMS if key in entry]
    if len(transforms) > 1:
        raise ValueError(f"{where}: {transforms}: at most one of {list(TRANSFORMS)}")
    transform: tuple[str, float | str] | None = None
    if transforms == ["scale"]:
        transform = ("scale", _number(f"{where}.scale", entry["scale"]))
    elif transforms == ["per"]:
        transform = ("per", _name(f"{where}.per", entry["per"], earlier, "an earlier figure"))
    elif transforms == ["percent_of"]:
        transform = (
            "percent_of",
            _name(f"{where}.percent_of", entry["percent_of"], published, "a published number"),
        )
    selection = _selection(where, entry.get("of", "rows"), entry.get("where", {}))
    return Figure(selection, statistic, column, with_column, transform)


def _conditions(where: str, raw: object, figures: Collection[str]) -> tuple[Condition, ...]:
    if not isinstance(raw, list):
        raise ValueError(f"{where}: must be a list of conditions")
    conditions = []
    for index, item in enumerate(raw):
        at = f"{where}[{index}]"
        entry = json_object(at, item, CONDITION_KEYS, ("left", "op", "right"))
        left = _name(f"{at}.left", entry["left"], figures, "a figure")
        op = _name(f"{at}.op", entry["op"], OPERATORS, "an operator")
        right_raw = entry["right"]
        right = (
            _name(f"{at}.right", right_raw, figures, "a figure")
            if isinstance(right_raw, str)
            else _number(f"{at}.right", right_raw)
        )
        times = _number(f"{at}.times", entry["times"]) if "times" in entry else None
        conditions.append(Condition(left, op, right, times))
    return tuple(conditions)


def _finding(where: str, raw: object) -> Finding:
    entry = json_object(where, raw, FINDING_KEYS, ("statement", "figures"))
    published_raw = entry.get("published", {})
    if not isinstance(published_raw, dict):
        raise ValueError(f"{where}.published: must be an object of name -> number")
    published = {k: _number(f"{where}.published.{k}", v) for k, v in published_raw.items()}
    figures_raw = entry["figures"]
    if not isinstance(figures_raw, dict) or not figures_raw:
        raise ValueError(f"{where}.figures: must be an object of at least one named figure")
    figures: list[tuple[str, Figure]] = []
    for name, figure in figures_raw.items():
        earlier = [n for n, _ in figures]
        figures.append((name, _figure(f"{where}.figures.{name}", figure, earlier, published)))
    names = [n for n, _ in figures]
    holds = _conditions(f"{where}.holds", entry.get("holds", []), names)
    requires = _conditions(f"{where}.requires", entry.get("requires", []), names)
    for_each = None
    if "for_each" in entry:
        group = json_object(f"{where}.for_each", entry["for_each"], FOR_EACH_KEYS, ("columns",))
        columns = group["columns"]
        if not isinstance(columns, list) or not columns or not all(
            isinstance(c, str) for c in columns
        ):
            raise ValueError(f"{where}.for_each.columns = {columns!r}: must be column names")
        selection = _selection(f"{where}.for_each", group.get("of", "rows"), group.get("where", {}))
        for_each = (selection, tuple(columns))
    statement = entry["statement"]
    fields = [*published, *names, *(for_each[1] if for_each else ())]
    _check_statement(f"{where}.statement", statement, fields + ([VERDICT] if holds else []))
    return Finding(statement, tuple(figures), published, holds, requires, for_each)


def _check_statement(where: str, statement: object, fields: Sequence[str]) -> None:
    """The statement names only known fields, plainly, with format specs that work on numbers."""
    if not isinstance(statement, str) or not statement:
        raise ValueError(f"{where}: must be a non-empty string")
    for _, field, _, _ in string.Formatter().parse(statement):
        if field is not None and field not in fields:
            raise ValueError(f"{where}: {{{field}}} is not one of {list(fields)}")
    try:
        statement.format(**{field: 1.0 for field in fields} | {VERDICT: verdict(True)})
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None
