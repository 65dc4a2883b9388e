# SPDX-License-Identifier: GPL-2.0-only
"""Where a batch of transfers runs: in this process, or on a Dask cluster of processes (see
`cluster`), with an optional result store (`store`) that keeps every finished run and hands it
back next time. `run_transfers` is the batch behind `sweep`, the tables and the measures.

    with TransferExecutor(workers=2, store=".cache/netblt-results.sqlite") as executor:
        records = run_transfers(parameters, "my sweep", executor)

- `workers=1` and no `client` (the default): every run in this process, one after the other,
  as `run_transfer` (Dask is not imported).
- `workers=N` (N > 1): a `distributed.LocalCluster` of N worker processes with one thread each,
  started at the first batch that has something to simulate and closed by `close()`. Each worker
  loads ns-3 (`runtime.load()`) at its first run and keeps it for the next ones. The workers are
  spawned, and a spawned process first runs the main script again from its file: a script read
  from standard input (`python - < script.py`) has none, so the executor refuses it at once
  (`cluster.check_main_module`, MainModuleError) rather than let every worker die at start-up.
- `client=Client(...)`: an existing cluster (its scheduler may drive workers on other machines,
  each with this repository built at the same commit: every worker must have the same code
  identity as this process). The client is used as given and never closed.

The records come back in the order of `parameters`, whichever process ran each and whenever it
finished: each run reseeds every random stream from its seed, so where it runs does not change
its record. With a store, runs already stored are not simulated, and this process writes each
finished run as its result arrives, before awaiting the next. In this process that is each run,
so an interrupted batch keeps every run it finished; a cluster's task is a chunk of runs of about
`cluster.TARGET_TASK_SECONDS` (see `cluster.ClusterRunner.execute`), stored when the task
returns, so an interruption loses at most the tasks in flight. A run that raises does not stop
the others: once every other run is done (and stored), `TransferFailedError` names the failed
runs.
"""

from __future__ import annotations

import numbers
import os
import warnings
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from netblt_sim.batch.cluster import ClusterRunner, Outcomes, check_client, warm_up
from netblt_sim.batch.record_check import StoreWarning
from netblt_sim.core import runtime
from netblt_sim.core.flows import FlowSet, FlowSetRecord
from netblt_sim.core.simulation import run_flow_set
from netblt_sim.core.parameters import TransferParameters
from netblt_sim.core.transfer import TransferRecord

if TYPE_CHECKING:
    from distributed import Client
    from tqdm import tqdm

    from netblt_sim.batch.store import KeyMaker, ResultStore


class TransferFailedError(RuntimeError):
    """Runs of a batch raised; the others finished (and were stored, with a store)."""

    def __init__(self, failures: Sequence[tuple[FlowSet, BaseException]]) -> None:
        self.failures = list(failures)
        first_parameters, first_error = failures[0]
        super().__init__(
            f"{len(failures)} transfer(s) failed; the first: {first_parameters} raised "
            f"{type(first_error).__name__}: {first_error}"
        )


@dataclass
class RunCounts:
    """What an executor did: runs simulated, runs taken from the store, runs that raised."""

    simulated: int = 0
    cached: int = 0
    failed: int = 0


def check_workers(workers: object) -> int:
    """`workers` as an int; TypeError or ValueError naming the value and what is allowed."""
    if isinstance(workers, bool) or not isinstance(workers, numbers.Integral):
        raise TypeError(
            f"workers = {workers!r}: must be a whole number of worker processes, at least 1"
        )
    if workers < 1:
        raise ValueError(
            f"workers = {workers!r}: must be at least 1 (1: run in this process; N: a local "
            "cluster of N processes)"
        )
    return int(workers)


def check_attribute_defaults(with_store: bool) -> None:
    """Raises ValueError naming every ns-3 attribute default this process changed
    (`Config::SetDefault`): a stored run's key holds its parameters, not the process's defaults,
    and worker processes do not see them."""
    changed = runtime.changed_attribute_defaults()
    if changed:
        where = "the result store keys runs by their parameters" if with_store else (
            "the worker processes would run without them")
        raise ValueError(
            f"ns-3 attribute defaults changed in this process ({'; '.join(changed)}): {where}. "
            "Choose behaviour through transfer_parameters (for example data_timer=...), or run "
            "in this process without a store (workers=1, store=None)"
        )


def open_store(store: object) -> ResultStore | None:
    """A `ResultStore` for a path (str or os.PathLike), the store itself, or None.

    TypeError names any other value; ValueError a path the store cannot use."""
    from netblt_sim.batch.store import ResultStore  # noqa: PLC0415 - sqlite3 only with a store

    if store is None or isinstance(store, ResultStore):
        return store
    if isinstance(store, str | os.PathLike):
        path = Path(store)
        if str(path) in ("", "."):
            raise ValueError(f"store = {store!r}: must name an SQLite file")
        return ResultStore(path)
    raise TypeError(
        f"store = {store!r}: must be a path (str or os.PathLike) of an SQLite file, a "
        "netblt_sim.batch.store.ResultStore, or None"
    )


class TransferExecutor:
    """Runs batches of transfers (`run`) in this process or on a Dask cluster, with an optional
    result store. See the module's text; close it (or use it as a context manager) to stop a
    cluster it started and to close its store."""

    def __init__(self, workers: int = 1, client: Client | None = None,
                 store: str | os.PathLike[str] | ResultStore | None = None) -> None:  # fmt: skip
        self.workers = check_workers(workers)
        given_client = check_client(client)
        if given_client is not None and self.workers != 1:
            raise ValueError(
                f"workers = {workers!r} with a client: give workers (a local cluster) or client "
                "(an existing one), not both"
            )
        self._given_store = store is not None and not isinstance(store, str | os.PathLike)
        self.store = open_store(store)
        self._cluster: ClusterRunner | None = None
        if given_client is not None or self.workers > 1:
            self._cluster = ClusterRunner(self.workers, given_client)
        self._key_maker: KeyMaker | None = None
        self.counts = RunCounts()

    @property
    def distributed(self) -> bool:
        """True if runs go to a Dask cluster, False if they run in this process."""
        return self._cluster is not None

    def client(self) -> Client:
        """The Dask client: the one given, or one of a local cluster started now if needed.
        RuntimeError if this executor runs in this process."""
        if self._cluster is None:
            raise RuntimeError("this executor runs transfers in this process: it has no cluster")
        return self._cluster.client()

    def warm_up(self, params: FlowSet | None = None) -> None:
        """Loads ns-3 where the runs will go (in this process, or once in every worker after
        starting the local cluster) and runs `params` there if given (cppyy compiles the
        bindings a transfer calls at its first call, about 0.3 s), so that a timing can leave
        start-up out. On a cluster the run is timed too, so the first chunks are sized. Where a
        batch checks this process's ns-3 attribute defaults (with a store or a cluster), the
        check is made once too: its first call compiles its C++ (about 50 ms)."""
        if self._cluster is None:
            warm_up(params)
        else:
            self._cluster.warm_up(params)
        if self.store is not None or self.distributed:
            check_attribute_defaults(self.store is not None)

    def key_maker(self) -> KeyMaker:
        """Run keys for the store, the code identity computed once for this executor."""
        if self._key_maker is None:
            from netblt_sim.batch.store import KeyMaker  # noqa: PLC0415

            self._key_maker = KeyMaker()
        return self._key_maker

    def run(self, parameters: Sequence[FlowSet], label: str | None) -> list[FlowSetRecord]:
        """The record of each run (every run is a set of flows; a single transfer a set of one,
        `FlowSet.single`), in the order given; `label` names the progress bar (None: no bar).
        Equal runs are run once."""
        unique = list(dict.fromkeys(parameters))
        for params in unique:
            params.validate()
        if self.store is not None or self.distributed:
            check_attribute_defaults(self.store is not None)
        records: dict[FlowSet, FlowSetRecord] = {}
        keys: dict[FlowSet, str] = {}
        if self.store is not None:
            from netblt_sim.batch.store import is_storable  # noqa: PLC0415

            maker = self.key_maker()
            keys = {p: maker.key(p) for p in unique if is_storable(p)}
            dropped = self.store.dropped
            stored = self.store.get_many({key: p for p, key in keys.items()})
            records = {p: stored[key] for p, key in keys.items() if key in stored}
            if self.store.dropped > dropped:
                warnings.warn(self.store.dropped_line(), StoreWarning, stacklevel=2)
        pending = [p for p in unique if p not in records]
        counts = RunCounts(cached=len(records))
        bar = _progress_bar(label, len(unique), counts)
        failures: list[tuple[FlowSet, BaseException]] = []
        try:
            with closing(self._execute(pending)) as outcomes:
                for params, outcome in outcomes:
                    if isinstance(outcome, FlowSetRecord):
                        records[params] = outcome
                        if self.store is not None and params in keys:
                            self._store_run(keys[params], params, outcome)
                        counts.simulated += 1
                    else:
                        failures.append((params, outcome))
                        counts.failed += 1
                    if bar is not None:
                        bar.set_postfix(_postfix(counts), refresh=False)
                        bar.update(1)
        except KeyboardInterrupt:
            if self._cluster is not None:
                self._cluster.interrupt()
            raise
        finally:
            if bar is not None:
                bar.close()
            self.counts.simulated += counts.simulated
            self.counts.cached += counts.cached
            self.counts.failed += counts.failed
        if failures:
            raise TransferFailedError(failures) from failures[0][1]
        return [records[p] for p in parameters]

    def _store_run(self, key: str, params: FlowSet, record: FlowSetRecord) -> None:
        assert self.store is not None
        maker = self.key_maker()
        self.store.put(key, params, maker.code, maker.models(params.network), record)

    def _execute(self, pending: Sequence[FlowSet]) -> Outcomes:
        """Each pending run with its record or the exception it raised, as they finish."""
        if not pending:
            return
        if self._cluster is not None:
            yield from self._cluster.execute(pending)
            return
        for params in pending:
            try:
                record = run_flow_set(params)
            except Exception as error:  # noqa: BLE001 - reported with the others at the end
                yield params, error
            else:
                yield params, record

    def close(self) -> None:
        """Stops the local cluster this executor started and closes the store it opened (a
        client or a `ResultStore` given is left open)."""
        if self._cluster is not None:
            self._cluster.close()
        if self.store is not None and not self._given_store:
            self.store.close()

    def __enter__(self) -> TransferExecutor:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def _postfix(counts: RunCounts) -> dict[str, int]:
    return {"done": counts.simulated, "cached": counts.cached, "failed": counts.failed}


def _progress_bar(label: str | None, total: int, counts: RunCounts) -> tqdm[Any] | None:
    if label is None:
        return None
    from tqdm import tqdm  # noqa: PLC0415 - progress only where runs take time

    # Runs found in the store count as done from the start; the ETA is the runs left at the
    # rate of those simulated.
    bar = tqdm(total=total, initial=counts.cached, desc=label, unit="run")
    bar.set_postfix(_postfix(counts), refresh=False)
    return bar


def run_transfers(
    parameters: Sequence[TransferParameters],
    label: str | None,
    executor: TransferExecutor | None = None,
) -> list[TransferRecord]:
    """The record of each transfer, in the order given, showing progress under `label` (none if
    None): the batch behind `sweep`, the tables and the measures' runs. Each is run as the set
    of one flow it is (`FlowSet.single`).

    Without `executor`, each in turn in this process; with one, where it runs them (this
    process or a Dask cluster) and through its result store if it has one."""
    sets = [FlowSet.single(params) for params in parameters]
    return [record.flows[0] for record in run_flow_sets(sets, label, executor)]


def run_flow_sets(
    sets: Sequence[FlowSet], label: str | None, executor: TransferExecutor | None = None
) -> list[FlowSetRecord]:
    """`run_transfers` for flow sets (`flows`): each set's `FlowSetRecord`, in order."""
    if executor is None:
        with TransferExecutor() as in_process:
            return in_process.run(sets, label)
    return executor.run(sets, label)
