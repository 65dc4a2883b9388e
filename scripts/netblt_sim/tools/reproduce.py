# SPDX-License-Identifier: GPL-2.0-only
"""`scripts/reproduce`: the project's result files, from the build to `results/`.

Every scenario of `scenarios/` (see `scenarios.registry`; none is named here), in the order of
the registry's kinds: each writes its files into `results/<name>/` (a table its CSV, Markdown
report and throughput plot; a measure what its report asks; ...) with its `summary.json` (its
question, answer and checks), the console gets a line per scenario with how many of its checks
hold, and `results/README.md` indexes them all (`reporting.results_index`).

Every file is written under a temporary name and renamed into place, so an error leaves the
previous results (or none), never half of new ones.

`scripts/reproduce scenarios/table-III.json` (or `table-III`) runs only the scenarios named.
Runs go to `--workers` processes (default: one per core; 1 runs them in this process), or to
the Dask cluster of `--scheduler-address`, and through a result store (`DEFAULT_STORE`,
`.cache/netblt-results.sqlite` under the repository root, or `--store PATH`; `--no-store` for
none): a run already stored for the same parameters, build and model values is not simulated
again, so reproduce run twice with nothing changed simulates nothing the second time and writes
the same files; and a scenario whose inputs and files are unchanged since the store recorded
them is not run at all (`outputs`; `--force` runs every scenario).
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from collections.abc import Sequence
from pathlib import Path

from netblt_sim.batch.executor import TransferExecutor
from netblt_sim.batch.record_check import StoreWarning
from netblt_sim.batch.store_file import StoreError
from netblt_sim.core import runtime
from netblt_sim.reporting.atomic import remove_stale_partials
from netblt_sim.reporting.results_index import IndexEntry, write_index, write_summary
from netblt_sim.scenarios.registry import (
    Scenario,
    load_scenarios,
    run_scenario,
    scenario_question,
    scenario_results_dir,
)
from netblt_sim.tools.execution import (
    DEFAULT_STORE,
    add_execution_options,
    checked_workers,
    default_workers,
    executing,
    limiting_runs,
    refuse,
    selected_scenarios,
    store_path,
)
from netblt_sim.tools.help_format import DefaultsOnceHelpFormatter
from netblt_sim.tools.outputs import file_digests, scenario_key, unchanged

# Ctrl-C's exit status, as a shell reports a program SIGINT ended.
EXIT_INTERRUPTED = 128 + 2

__all__ = ["DEFAULT_STORE", "build_parser", "default_workers", "main", "reproduce_scenarios",
           "reproduce_with_options"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="reproduce", description=__doc__.split("\n\n")[0],
                                     formatter_class=DefaultsOnceHelpFormatter)
    parser.add_argument(
        "scenarios", nargs="*", metavar="SCENARIO",
        help="only these scenarios: names of scenarios/ or paths of scenario files (default: "
        "every file of scenarios/)",
    )  # fmt: skip
    parser.add_argument(
        "--results-dir", type=Path, default=runtime.REPO_ROOT / "results", help="where to write"
    )
    add_execution_options(parser)
    parser.add_argument(
        "--force",
        action="store_true",
        help="run every scenario, even one whose files are up to date (its runs still come "
        "from the result store)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    arguments = parser.parse_args(argv)
    started = time.monotonic()
    checked_workers(parser, arguments)
    with limiting_runs(parser, arguments):
        # Every file checked before anything runs (and before a store is created).
        scenarios = selected_scenarios(parser, arguments.scenarios)
        return reproduce_with_options(parser, arguments, scenarios, started, arguments.force)


def reproduce_with_options(parser: argparse.ArgumentParser, arguments: argparse.Namespace,
                           scenarios: Sequence[Scenario], started: float,
                           force: bool = False) -> int:  # fmt: skip
    """`reproduce_scenarios` through the executor the options ask for (`executing`); a store
    found damaged while read ends the program with exit status 2 and a line naming it."""
    store = store_path(arguments)
    finished = 0
    try:
        with warnings.catch_warnings():
            # reproduce_scenarios says what the store dropped in a line of its own.
            warnings.simplefilter("ignore", StoreWarning)
            with executing(parser, arguments, store) as executor:
                try:
                    return reproduce_scenarios(scenarios, arguments.results_dir, executor,
                                               started, force)  # fmt: skip
                except StoreError as error:
                    refuse(parser, str(error))
                finally:
                    finished = executor.counts.simulated
    except KeyboardInterrupt:
        kept = f"kept in the result store {store}" if store else "not kept (--no-store)"
        print(f"{parser.prog}: interrupted (Ctrl-C): the {finished} run(s) simulated before are "
              f"{kept}; no result file was half written", file=sys.stderr)  # fmt: skip
        return EXIT_INTERRUPTED


def index_entries(scenarios: Sequence[Scenario]) -> list[IndexEntry]:
    """What results/README.md lists: every scenario of `scenarios/` (tables first, as
    `load_scenarios` orders them), then any other scenario this run was given."""
    given = {scenario.name: scenario_question(scenario) for scenario in scenarios}
    entries = [IndexEntry(scenario.name, given.pop(scenario.name, scenario_question(scenario)))
               for scenario in load_scenarios()]  # fmt: skip
    return entries + [IndexEntry(name, question) for name, question in given.items()]


def reproduce_scenarios(scenarios: Sequence[Scenario], results_dir: Path,
                        executor: TransferExecutor, started: float,
                        force: bool = False) -> int:  # fmt: skip
    """Runs each scenario through the executor into `results_dir` (or keeps its files, if they
    are up to date and not `force`), printing per scenario how many of its checks hold, then
    the transfers simulated and taken from the store."""
    where = "this process" if not executor.distributed else (
        f"{executor.workers} worker processes" if executor.workers > 1 else "a given cluster")
    store = f"result store {executor.store.path}" if executor.store else "no result store"
    if executor.store is not None and executor.store.read_only:
        store += " (read-only: its runs are used, new ones are not kept)"
    print(f"running transfers in {where}, {store}", flush=True)
    for folder in (results_dir, *(results_dir.iterdir() if results_dir.is_dir() else ())):
        for stale in remove_stale_partials(folder) if folder.is_dir() else ():
            print(f"removed {stale}, left by a run that was stopped while writing it")
    for scenario in scenarios:
        folder = scenario_results_dir(results_dir, scenario)
        key = scenario_key(scenario, folder)
        recorded = executor.store.get_outputs(key) if executor.store and not force else None
        if recorded is not None and unchanged(recorded[0], folder):
            files, lines = recorded
            print(f"{lines[0]} (up to date: its inputs and files are unchanged)", *lines[1:],
                  sep="\n")  # fmt: skip
            print("kept " + ", ".join(str(folder / name) for name in files))
            continue
        scenario_started = time.monotonic()
        outcome = run_scenario(scenario, folder, executor)
        summary = write_summary(folder, scenario.name, scenario_question(scenario), outcome)
        seconds = time.monotonic() - scenario_started
        lines = [f"{scenario.name}: {outcome.summary()}"]
        lines += [f"  {failed}" for failed in outcome.verdicts if not failed.holds]
        print(f"{lines[0]} ({seconds:.1f} s)", *lines[1:], sep="\n")
        print("wrote " + ", ".join(str(path) for path in (*outcome.paths, summary)))
        if executor.store is not None:
            executor.store.put_outputs(key, scenario.name,
                                       file_digests([*outcome.paths, summary]), lines)
    index = write_index(results_dir, index_entries(scenarios))
    print(f"wrote {index}")
    counts = executor.counts
    print(
        f"transfers: {counts.simulated} simulated, {counts.cached} from the result store"
        + (f" ({executor.store.path}, {executor.store.count()} runs)" if executor.store else "")
    )
    if executor.store is not None and executor.store.dropped:
        print(executor.store.dropped_line())
    print(f"wall time {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
