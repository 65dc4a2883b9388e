# SPDX-License-Identifier: GPL-2.0-only
"""`scripts/reproduce`: the project's result files, from the build to `results/`.

Every scenario of `scenarios/` (see `scenarios.registry`; none is named here), in the order of
the registry's kinds: each writes its `results/<name>.*` files (a table its CSV, Markdown report
and throughput plot; a measure what its report asks; ...), and the console gets a line per
scenario with how many of its checks hold.

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
from collections.abc import Sequence
from pathlib import Path

from netblt_sim.batch.executor import TransferExecutor
from netblt_sim.core import runtime
from netblt_sim.scenarios.registry import Scenario, run_scenario
from netblt_sim.tools.execution import (
    DEFAULT_STORE,
    add_execution_options,
    checked_workers,
    default_workers,
    executing,
    selected_scenarios,
    store_path,
)
from netblt_sim.tools.outputs import file_digests, scenario_key, unchanged

__all__ = ["DEFAULT_STORE", "default_workers", "main", "reproduce_scenarios"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="reproduce", description=__doc__.split("\n\n")[0])
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
    arguments = parser.parse_args(argv)
    started = time.monotonic()
    checked_workers(parser, arguments)
    # Every file checked before anything runs (and before a store is created).
    scenarios = selected_scenarios(parser, arguments.scenarios)
    with executing(parser, arguments, store_path(arguments)) as executor:
        return reproduce_scenarios(scenarios, arguments.results_dir, executor, started,
                                   arguments.force)  # fmt: skip


def reproduce_scenarios(scenarios: Sequence[Scenario], results_dir: Path,
                        executor: TransferExecutor, started: float,
                        force: bool = False) -> int:  # fmt: skip
    """Runs each scenario through the executor into `results_dir` (or keeps its files, if they
    are up to date and not `force`), printing per scenario how many of its checks hold, then
    the transfers simulated and taken from the store."""
    where = "this process" if not executor.distributed else (
        f"{executor.workers} worker processes" if executor.workers > 1 else "a given cluster")
    store = f"result store {executor.store.path}" if executor.store else "no result store"
    print(f"running transfers in {where}, {store}", flush=True)
    for scenario in scenarios:
        key = scenario_key(scenario, results_dir)
        recorded = executor.store.get_outputs(key) if executor.store and not force else None
        if recorded is not None and unchanged(recorded[0], results_dir):
            files, lines = recorded
            print(f"{lines[0]} (up to date: its inputs and files are unchanged)", *lines[1:],
                  sep="\n")  # fmt: skip
            print("kept " + ", ".join(str(results_dir / name) for name in files))
            continue
        scenario_started = time.monotonic()
        outcome = run_scenario(scenario, results_dir, executor)
        seconds = time.monotonic() - scenario_started
        lines = [f"{scenario.name}: {outcome.summary()}"]
        lines += [f"  {failed}" for failed in outcome.verdicts if not failed.holds]
        print(f"{lines[0]} ({seconds:.1f} s)", *lines[1:], sep="\n")
        print("wrote " + ", ".join(str(path) for path in outcome.paths))
        if executor.store is not None:
            executor.store.put_outputs(key, scenario.name, file_digests(list(outcome.paths)),
                                       lines)  # fmt: skip
    counts = executor.counts
    print(
        f"transfers: {counts.simulated} simulated, {counts.cached} from the result store"
        + (f" ({executor.store.path}, {executor.store.count()} runs)" if executor.store else "")
    )
    print(f"wall time {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
