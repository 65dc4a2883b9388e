# SPDX-License-Identifier: GPL-2.0-only
"""What `scripts/reproduce` and `scripts/netblt-campaign` share on their command lines: where
runs go (`--workers N`, a local Dask cluster; `--scheduler-address`, a cluster started
elsewhere, `dask scheduler` and `dask worker`, or a job queue's), the result store (`--store
PATH`, `--no-store`) and which scenario files to run (names of `scenarios/` or paths of JSON
files). A bad value ends the program with exit status 2 and a line naming it.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from netblt_sim.batch.executor import TransferExecutor, check_workers
from netblt_sim.batch.grid import DEFAULT_RUN_LIMIT, checked_run_limit, run_limit
from netblt_sim.core import runtime
from netblt_sim.scenarios.registry import Scenario, load_scenario, load_scenarios

if TYPE_CHECKING:
    from distributed import Client

DEFAULT_STORE: Path = runtime.REPO_ROOT / ".cache" / "netblt-results.sqlite"
EXIT_BAD_VALUE = 2
# How long to wait for a scheduler named by --scheduler-address before giving up.
CONNECT_TIMEOUT = "20s"


def default_workers() -> int:
    """One worker process per core this process may run on."""
    return len(os.sched_getaffinity(0))


def add_run_limit_option(parser: argparse.ArgumentParser) -> None:
    """--max-runs: the most runs one grid may have (`grid.run_limit`)."""
    parser.add_argument(
        "--max-runs", type=int, default=DEFAULT_RUN_LIMIT, metavar="N",
        help="refuse a grid of more than N runs, counted before any is built (default: "
        f"{DEFAULT_RUN_LIMIT:,})",
    )  # fmt: skip


@contextmanager
def limiting_runs(parser: argparse.ArgumentParser, arguments: argparse.Namespace
                  ) -> Iterator[None]:  # fmt: skip
    """Grids within the block may have up to --max-runs runs; exit 2 names a bad value."""
    try:
        limit = checked_run_limit(arguments.max_runs)
    except ValueError as error:
        refuse(parser, f"--max-runs {arguments.max_runs}: {error}")
    with run_limit(limit):
        yield


def add_execution_options(parser: argparse.ArgumentParser, store: bool = True) -> None:
    """--workers and --scheduler-address, --max-runs, and with `store` --store and
    --no-store."""
    add_run_limit_option(parser)
    parser.add_argument(
        "--workers", type=int, default=None,
        help="worker processes (a local Dask cluster; 1: run in this process; default: one "
        f"per core, {default_workers()} here)",
    )  # fmt: skip
    parser.add_argument(
        "--scheduler-address", metavar="ADDRESS", default=None,
        help="run on the Dask cluster of this scheduler (tcp://host:8786; its workers started "
        "from this repository, built at the same commit) instead of a local one",
    )  # fmt: skip
    if store:
        stored = parser.add_mutually_exclusive_group()
        stored.add_argument("--store", type=Path, default=None,
                            help=f"the SQLite result store (default: {DEFAULT_STORE}, its "
                            "directory created)")  # fmt: skip
        stored.add_argument("--no-store", action="store_true",
                            help="simulate every run, keep nothing")  # fmt: skip


def refuse(parser: argparse.ArgumentParser, message: str) -> NoReturn:
    """Ends the program with exit status 2 and one line, without the usage summary, which
    would bury the line that matters."""
    parser.exit(EXIT_BAD_VALUE, f"{parser.prog}: error: {message}\n")


def store_path(arguments: argparse.Namespace) -> Path | None:
    """The store the options name: --store, none with --no-store, else `DEFAULT_STORE` (its
    directory created)."""
    if getattr(arguments, "no_store", False):
        return None
    if arguments.store is not None:
        return Path(arguments.store)
    DEFAULT_STORE.parent.mkdir(parents=True, exist_ok=True)
    return DEFAULT_STORE


def connect(parser: argparse.ArgumentParser, address: str) -> Client:
    """A client of the scheduler at `address`; exit 2 naming it if none answers."""
    from distributed import Client  # noqa: PLC0415 - Dask only when a cluster is used

    try:
        return Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError, TypeError) as error:
        refuse(parser, f"--scheduler-address {address}: no Dask scheduler answered within "
                       f"{CONNECT_TIMEOUT} ({type(error).__name__}: {error})")  # fmt: skip


def checked_workers(parser: argparse.ArgumentParser, arguments: argparse.Namespace) -> int:
    """--workers (default: one per core), checked; exit 2 names a bad value, or workers given
    with --scheduler-address."""
    workers = default_workers() if arguments.workers is None else arguments.workers
    try:
        check_workers(workers)
    except (TypeError, ValueError) as error:
        refuse(parser, f"--workers {workers}: {error}")
    if arguments.scheduler_address is not None and arguments.workers not in (None, 1):
        refuse(parser, f"--workers {workers} with --scheduler-address: the scheduler's cluster "
                       "has workers of its own; give one or the other")  # fmt: skip
    return int(workers)


@contextmanager
def executing(parser: argparse.ArgumentParser, arguments: argparse.Namespace,
              store: Path | None) -> Iterator[TransferExecutor]:  # fmt: skip
    """The executor the options ask for, closed afterwards with the client it connected; exit 2
    names a bad --workers, --scheduler-address or --store."""
    workers = checked_workers(parser, arguments)
    client = None if arguments.scheduler_address is None else connect(
        parser, arguments.scheduler_address)  # fmt: skip
    try:
        try:
            executor = TransferExecutor(workers=1 if client else workers, client=client,
                                        store=store)  # fmt: skip
        except (TypeError, ValueError) as error:
            refuse(parser, f"--store {store}: {error}")
        with executor:
            yield executor
    finally:
        if client is not None:
            client.close()


def selected_scenarios(parser: argparse.ArgumentParser, names: Sequence[str]) -> list[Scenario]:
    """The scenarios named (a name of `scenarios/`, or the path of a JSON file, whose directory
    then holds any scenario it names), or every one of `scenarios/` if none is; each checked
    before anything runs. Exit 2 names a missing or bad file."""
    try:
        if not names:
            return load_scenarios()
        scenarios = []
        for name in names:
            path = Path(name)
            if path.suffix == ".json" or os.sep in name:
                if not path.is_file():
                    refuse(parser, f"{name}: no such scenario file")
                scenarios.append(load_scenario(path.stem, path.parent))
            else:
                scenarios.append(load_scenario(name))
        return scenarios
    except ValueError as error:
        refuse(parser, str(error))
