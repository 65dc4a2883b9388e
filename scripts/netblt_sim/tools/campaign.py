# SPDX-License-Identifier: GPL-2.0-only
"""`scripts/netblt-campaign`: campaigns of runs from the command line, into a result store.

    netblt-campaign run table-III scenarios/ethernet-private.json    # scenario files
    netblt-campaign sweep ring-grid.json --store ring.sqlite --output ring.csv
    netblt-campaign status --store ring.sqlite [ring-grid.json]   # what is stored, missing
    netblt-campaign export --store ring.sqlite ring.parquet --where network=proteon-ring

- `run SCENARIO...`: scenario files (names of `scenarios/` or paths), as `scripts/reproduce`
  runs them, writing `results/<name>/` (`--results-dir`).
- `sweep GRID`: a grid from a JSON file (`GRID_KEYS`: `grid`, as a scenario writes one: name
  -> a list of values or {"from", "to", "step"}; `fixed`, the other names' values; `runs`, the
  replications by ns-3 run number, `sweep`'s `runs`) into the store, and its frame written to
  `--output` (`.csv` or `.parquet`) if given.
- `status`: what the store holds, per table, network, commit and code identity (without ns-3
  or the build); with a grid file also how many of its runs are stored for this build and its
  model values, and which are missing (this needs the build's libraries, not ns-3).
- `export OUTPUT`: the stored runs that match `--where NAME=VALUE[,VALUE...]` (`results_frame`;
  `--flow-sets` for runs of several flows), as CSV or Parquet, without ns-3 or the build.

`run` and `sweep` take `--workers N` (a local Dask cluster; 1: in this process) or
`--scheduler-address tcp://HOST:8786` (a cluster started with `dask scheduler` and `dask worker`,
or a job queue's, see `batch.jobqueue`) and show the sweeps' progress bar. A bad value, file or
grid exits with status 2 and a line naming it, before anything runs; runs that fail exit 1.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from netblt_sim.batch.executor import TransferFailedError
from netblt_sim.batch.grid import load_grid
from netblt_sim.batch.record_check import StoreWarning
from netblt_sim.batch.results import EXPORT_FORMATS, StoreReadError, export, results_frame
from netblt_sim.batch.results import store_summary
from netblt_sim.batch.store_file import StoreError
from netblt_sim.batch.sweep import SweepPlan
from netblt_sim.core import runtime
from netblt_sim.core.flows import FlowSet
from netblt_sim.core.parameters import TransferParameters
from netblt_sim.tools.execution import (
    DEFAULT_STORE,
    add_execution_options,
    add_run_limit_option,
    checked_workers,
    executing,
    limiting_runs,
    refuse,
    selected_scenarios,
    store_path,
)
from netblt_sim.tools.help_format import DefaultsOnceHelpFormatter
from netblt_sim.tools.reproduce import EXIT_INTERRUPTED, reproduce_with_options

# The keys of a grid file: the grid, the fixed values, the replications, and words.
GRID_KEYS: tuple[str, ...] = ("grid", "fixed", "runs", "description")
EXIT_FAILED_RUNS = 1
MISSING_SHOWN = 20  # missing runs listed by `status`


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="netblt-campaign", description=__doc__.split("\n\n")[0],
                                     formatter_class=DefaultsOnceHelpFormatter)
    commands = parser.add_subparsers(required=True, metavar="COMMAND")
    run = commands.add_parser("run", help="run scenario files into results/",
                              formatter_class=DefaultsOnceHelpFormatter)
    run.add_argument("scenarios", nargs="+", metavar="SCENARIO",
                     help="a name of scenarios/ or the path of a scenario file")  # fmt: skip
    run.add_argument("--results-dir", type=Path, default=runtime.REPO_ROOT / "results",
                     help="where to write the result files (default: %(default)s)")  # fmt: skip
    add_execution_options(run)
    run.set_defaults(command=_run, command_parser=run)
    sweep = commands.add_parser("sweep", help="run a grid from a JSON file into the store",
                              formatter_class=DefaultsOnceHelpFormatter)
    sweep.add_argument("grid", type=Path, metavar="GRID", help="the grid file (JSON)")
    sweep.add_argument("--runs", type=int, default=None,
                       help="replications by ns-3 run number (default: the file's runs, or 1)")
    sweep.add_argument("--output", type=Path, default=None,
                       help=f"write the frame to this file ({' or '.join(EXPORT_FORMATS)})")
    sweep.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_execution_options(sweep)
    sweep.set_defaults(command=_sweep, command_parser=sweep)
    status = commands.add_parser("status", help="what the store holds; what a grid misses",
                              formatter_class=DefaultsOnceHelpFormatter)
    status.add_argument("grid", type=Path, nargs="?", metavar="GRID",
                        help="a grid file: count its runs stored and missing")  # fmt: skip
    status.add_argument("--store", type=Path, default=DEFAULT_STORE,
                        help="the result store (default: %(default)s)")  # fmt: skip
    add_run_limit_option(status)
    status.set_defaults(command=_status, command_parser=status)
    exported = commands.add_parser("export", help="stored runs to CSV or Parquet",
                              formatter_class=DefaultsOnceHelpFormatter)
    exported.add_argument("output", type=Path, metavar="OUTPUT",
                          help=f"the file to write ({' or '.join(EXPORT_FORMATS)})")
    exported.add_argument("--store", type=Path, default=DEFAULT_STORE,
                          help="the result store (default: %(default)s)")  # fmt: skip
    exported.add_argument("--where", action="append", default=[], metavar="NAME=VALUES",
                          help="only runs whose NAME is one of VALUES (comma-separated; "
                          "repeatable)")  # fmt: skip
    exported.add_argument("--flow-sets", action="store_true",
                          help="runs of several flows (one row per flow), not single transfers")
    exported.add_argument("--code", default=None,
                          help="only runs of this code identity (the status's code column)")
    exported.set_defaults(command=_export, command_parser=exported)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    arguments = parser.parse_args(argv)
    command: Callable[[argparse.ArgumentParser, argparse.Namespace], int] = arguments.command
    try:
        if not hasattr(arguments, "max_runs"):  # export builds no grid
            return command(arguments.command_parser, arguments)
        with limiting_runs(arguments.command_parser, arguments):
            return command(arguments.command_parser, arguments)
    except KeyboardInterrupt:
        print("netblt-campaign: interrupted (Ctrl-C): every run finished before is kept in the "
              "result store", file=sys.stderr)  # fmt: skip
        return EXIT_INTERRUPTED


def _run(parser: argparse.ArgumentParser, arguments: argparse.Namespace) -> int:
    started = time.monotonic()
    checked_workers(parser, arguments)
    scenarios = selected_scenarios(parser, arguments.scenarios)
    return reproduce_with_options(parser, arguments, scenarios, started)


def load_grid_file(path: Path) -> tuple[dict[str, tuple[Any, ...]], dict[str, Any], int]:
    """A grid file's grid, fixed values and runs (1 if not given); ValueError names the file
    and what is wrong (not JSON, an unknown key, a bad grid)."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ValueError(f"{path}: cannot read it ({error.strerror})") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"{path}: not JSON ({error})") from None
    if not isinstance(raw, dict) or "grid" not in raw:
        raise ValueError(f"{path}: must be a JSON object with a \"grid\" (and optionally "
                         f"{list(GRID_KEYS[1:])})")  # fmt: skip
    unknown = sorted(set(raw) - set(GRID_KEYS))
    if unknown:
        raise ValueError(f"{path}: unknown key(s) {unknown}; a grid file has {list(GRID_KEYS)}")
    fixed = raw.get("fixed", {})
    if not isinstance(fixed, dict):
        raise ValueError(f"{path}: fixed = {fixed!r}: must be an object of name -> value")
    runs = raw.get("runs", 1)
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise ValueError(f"{path}: runs = {runs!r}: must be a whole number, at least 1")
    return load_grid(f"{path}: grid", raw["grid"]), fixed, runs


def _plan(parser: argparse.ArgumentParser, path: Path, runs: int | None) -> SweepPlan:
    try:
        grid, fixed, file_runs = load_grid_file(path)
        return SweepPlan.of(grid, file_runs if runs is None else runs, **fixed)
    except ValueError as error:
        message = str(error)
        refuse(parser, message if message.startswith(str(path)) else f"{path}: {message}")


def _sweep(parser: argparse.ArgumentParser, arguments: argparse.Namespace) -> int:
    started = time.monotonic()
    checked_workers(parser, arguments)
    plan = _plan(parser, arguments.grid, arguments.runs)
    output = arguments.output
    if output is not None and output.suffix.lower() not in EXPORT_FORMATS:
        refuse(parser, f"--output {output}: suffix {output.suffix!r}: must be one of "
                       f"{list(EXPORT_FORMATS)}")  # fmt: skip
    label = None if arguments.no_progress else arguments.grid.stem
    with warnings.catch_warnings(), executing(parser, arguments, store_path(arguments)) as executor:
        warnings.simplefilter("ignore", StoreWarning)  # said below in a line of its own
        try:
            frame = plan.run(executor, label)
        except TransferFailedError as error:
            print(f"netblt-campaign: {error}", file=sys.stderr)
            return EXIT_FAILED_RUNS
        except StoreError as error:
            refuse(parser, str(error))
        counts = executor.counts
        store = f", store {executor.store.path}" if executor.store is not None else ""
        opened = executor.store
        dropped = opened.dropped_line() if opened is not None and opened.dropped else None
    print(f"{plan.size} runs: {counts.simulated} simulated, {counts.cached} from the result "
          f"store{store} ({time.monotonic() - started:.1f} s)")  # fmt: skip
    if dropped is not None:
        print(dropped)
    if output is not None:
        print(f"wrote {export(frame, output)} ({len(frame)} rows)")
    return 0


def _status(parser: argparse.ArgumentParser, arguments: argparse.Namespace) -> int:
    plan = None if arguments.grid is None else _plan(parser, arguments.grid, None)
    try:
        summary = store_summary(arguments.store)
    except StoreReadError as error:
        refuse(parser, f"--store: {error}")
    print(f"{arguments.store}:")
    if summary.empty:
        print("  no runs")
    else:
        seconds = "%Y-%m-%d %H:%M:%S"
        shown = summary.assign(code=summary["code"].str[:12],
                               first=summary["first"].dt.strftime(seconds),
                               last=summary["last"].dt.strftime(seconds))  # fmt: skip
        print(shown.to_string(index=False))
    if plan is not None:
        return _grid_status(parser, arguments.store, plan)
    return 0


def _grid_status(parser: argparse.ArgumentParser, store: Path, plan: SweepPlan) -> int:
    """How many of the plan's runs the store holds for this build and model values."""
    from netblt_sim.batch.store import KeyMaker, ResultStore, is_storable  # noqa: PLC0415

    if runtime.missing_build_files():
        refuse(parser, f"a grid's status needs the build's libraries ({runtime.current_build().root}"
                       " lacks them): run scripts/setup")  # fmt: skip
    maker = KeyMaker()
    sets = [s for s in plan.flow_sets() if is_storable(s)]
    keys = [maker.key(s) for s in sets]
    try:
        with ResultStore(store) as opened:
            found = opened.get_many(dict(zip(keys, sets, strict=True)))
    except StoreError as error:
        refuse(parser, f"--store: {error}")
    missing = [s for s, key in zip(sets, keys, strict=True) if key not in found]
    print(f"grid: {len(sets)} runs, {len(sets) - len(missing)} stored for this build "
          f"(code {maker.code[:12]}), {len(missing)} missing")  # fmt: skip
    for flows in missing[:MISSING_SHOWN]:
        print(f"  missing: {_describe(flows)}")
    if len(missing) > MISSING_SHOWN:
        print(f"  ... and {len(missing) - MISSING_SHOWN} more")
    return 0


def _describe(flows: FlowSet) -> str:
    """A run in a line: the first flow's parameters that differ from the defaults."""
    defaults = asdict(TransferParameters())
    values = asdict(flows.flows[0])
    changed = ", ".join(f"{k}={v}" for k, v in values.items() if defaults[k] != v)
    return changed + (f" ({len(flows.flows)} flows, {flows.phase})" if not flows.is_single else "")


def parse_where(parser: argparse.ArgumentParser, items: Sequence[str]) -> dict[str, object]:
    """--where NAME=V1,V2 as {NAME: [V1, V2]}, each value a JSON number, true, false or null
    if it reads as one, else a string; exit 2 names an item without '='."""
    query: dict[str, object] = {}
    for item in items:
        name, equals, text = item.partition("=")
        if not equals or not name or not text:
            refuse(parser, f"--where {item!r}: must be NAME=VALUE[,VALUE...]")
        query[name] = [_value(part) for part in text.split(",")]
    return query


def _value(text: str) -> object:
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return text
    return value if isinstance(value, bool | int | float) or value is None else text


def _export(parser: argparse.ArgumentParser, arguments: argparse.Namespace) -> int:
    output = arguments.output
    if output.suffix.lower() not in EXPORT_FORMATS:
        refuse(parser, f"{output}: suffix {output.suffix!r}: must be one of {list(EXPORT_FORMATS)}")
    query = parse_where(parser, arguments.where)
    try:
        with warnings.catch_warnings(record=True) as warned:
            warnings.simplefilter("always", StoreWarning)
            frame = results_frame(arguments.store, flow_sets=arguments.flow_sets,
                                  code=arguments.code, **query)  # fmt: skip
    except StoreReadError as error:
        refuse(parser, f"--store: {error}")
    except ValueError as error:
        refuse(parser, f"--where: {error}")
    for warning in warned:
        if issubclass(warning.category, StoreWarning):
            print(warning.message)  # the store's rows that failed their check, in a line
        else:
            warnings.showwarning(warning.message, warning.category, warning.filename,
                                 warning.lineno)  # fmt: skip
    export(frame, output)
    left_out = frame.attrs.get("left_out", 0)
    print(f"wrote {output} ({len(frame)} rows" + (
        f"; {left_out} stored rows left out: of another version of the package, or failing "
        "their check" if left_out else "") + ")")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
