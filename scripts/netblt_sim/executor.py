# SPDX-License-Identifier: GPL-2.0-only
"""Where a batch of transfers runs: in this process, or on a Dask cluster of processes, with an
optional result store (`store`) that keeps every finished run and hands it back next time.

    with TransferExecutor(workers=2, store=".cache/netblt-results.sqlite") as executor:
        records = executor.run(parameters, "my sweep")

- `workers=1` and no `client` (the default): every run in this process, one after the other,
  as `run_transfer` (Dask is not imported).
- `workers=N` (N > 1): a `distributed.LocalCluster` of N worker processes with one thread each,
  started at the first batch that has something to simulate and closed by `close()`. Each worker
  loads ns-3 (`runtime.load()`) at its first run and keeps it for the next ones. The workers are
  spawned, and a spawned process first runs the main script again from its file: a script read
  from standard input (`python - < script.py`) has none, so the executor refuses it at once
  (`check_main_module`) rather than let every worker die at start-up.
- `client=Client(...)`: an existing cluster (its scheduler may drive workers on other machines,
  each with this repository built at the same commit: the executor checks that every worker
  has the same code identity as this process). The client is used as given and never closed.

The records come back in the order of `parameters`, whichever process ran each and whenever it
finished: each run reseeds every random stream from its seed, so where it runs does not change
its record. With a store, runs already stored are not simulated, and this process writes each
finished run as its result arrives, before awaiting the next. In this process that is each run,
so an interrupted batch keeps every run it finished; a cluster's task is a chunk of runs of about
`TARGET_TASK_SECONDS` (see `_execute_on_cluster`), stored when the task returns, so an
interruption loses at most the tasks in flight. A run that raises does not stop the others: once every other run is done
(and stored), `TransferFailedError` names the failed runs.
"""

from __future__ import annotations

import math
import numbers
import os
import pickle
import statistics
import time
from collections import deque
from collections.abc import Generator, Iterable, Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from netblt_sim import runtime
from netblt_sim.parameters import TransferParameters
from netblt_sim.transfer import TransferRecord, run_transfer

if TYPE_CHECKING:
    from distributed import Client, LocalCluster
    from tqdm import tqdm

    from netblt_sim.store import KeyMaker, ResultStore


# A cluster task is a chunk of runs of about this much simulation (see _execute_on_cluster).
TARGET_TASK_SECONDS = 0.25
TASKS_IN_FLIGHT_PER_WORKER = 2
RUN_TIMES_KEPT = 200  # per network, for the median that sizes the chunks
# Dask settings of a local cluster this executor starts. A run is one long call into ns-3, and
# the tasks are uniform chunks, so Dask's defaults only cost CPU here:
# - the statistical profiler samples each worker's stack every 10 ms (we never read it);
# - work stealing re-plans tasks whose durations it guesses; the chunks are sized already;
# - MALLOC_TRIM_THRESHOLD_=65536 makes glibc return freed memory to the kernel at once, and a
#   simulation frees and allocates a packet's buffers over and over;
# - the event-loop tick (20 ms), the memory monitors (100 ms) and the system monitor (500 ms,
#   with disk counters) cost an idle 2-worker cluster about 8 % of a core (measured with psutil:
#   4.6 % in this process, 2 % in each worker); at these settings about 1 %.
LOCAL_CLUSTER_CONFIG: dict[str, object] = {
    "distributed.worker.profile.enabled": False,
    "distributed.scheduler.work-stealing": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.admin.system-monitor.disk": False,
    "distributed.nanny.pre-spawn-environ": {
        "OMP_NUM_THREADS": 1,
        "MKL_NUM_THREADS": 1,
        "OPENBLAS_NUM_THREADS": 1,
    },
}


class TransferFailedError(RuntimeError):
    """Runs of a batch raised; the others finished (and were stored, with a store)."""

    def __init__(self, failures: Sequence[tuple[TransferParameters, BaseException]]) -> None:
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


class MainModuleError(RuntimeError):
    """A local cluster's worker processes could not start: the main module has no file to run
    again."""


def check_main_module(workers: int) -> None:
    """Raises MainModuleError, before any cluster is started, if the worker processes of a
    local cluster could not start in this process's situation.

    Dask spawns each worker (its `distributed.worker.multiprocessing-method`, `spawn` by
    default), and multiprocessing starts a spawned process by running the parent's main module
    again, by module name (`python -m ...`) or from its file. A script read from standard input
    (`python - < script.py`) has the file name `<stdin>`, which does not exist: every worker
    dies with FileNotFoundError and Dask reports only "Nanny failed to start". (An interactive
    session, `python -c` and a notebook have no file, and their workers start without running
    anything.) The path is the one multiprocessing itself would run."""
    import multiprocessing.spawn  # noqa: PLC0415 - only when a cluster is to be started

    import distributed  # noqa: F401, PLC0415 - sets its configuration's defaults

    import dask  # noqa: PLC0415

    if dask.config.get("distributed.worker.multiprocessing-method") == "fork":
        return
    path = multiprocessing.spawn.get_preparation_data("netblt-sim").get("init_main_from_path")
    if path is None or os.path.isfile(path):
        return
    raise MainModuleError(
        f"workers = {workers}: the worker processes of a local cluster start by running this "
        f"program's main script again from its file, and it has none ({path!r} does not exist; "
        "a script read from standard input, as with `python - < script.py`, has no file). "
        "Save the script to a file and run `python script.py`, with the sweep under "
        "`if __name__ == \"__main__\":`; or run in this process with workers=1; or give "
        "client= a distributed.Client of a cluster started apart (`dask scheduler`, "
        "`dask worker`)."
    )


def check_client(client: object) -> Client | None:
    """`client` if it is None or a `distributed.Client`; TypeError naming it otherwise."""
    if client is None:
        return None
    from distributed import Client  # noqa: PLC0415 - Dask only when a cluster is used

    if not isinstance(client, Client):
        raise TypeError(
            f"client = {client!r}: must be a distributed.Client (for example "
            "Client('tcp://scheduler:8786')) or None"
        )
    return client


def open_store(store: object) -> ResultStore | None:
    """A `ResultStore` for a path (str or os.PathLike), the store itself, or None.

    TypeError names any other value; ValueError a path the store cannot use."""
    from netblt_sim.store import ResultStore  # noqa: PLC0415 - sqlite3 only with a store

    if store is None or isinstance(store, ResultStore):
        return store
    if isinstance(store, str | os.PathLike):
        path = Path(store)
        if str(path) in ("", "."):
            raise ValueError(f"store = {store!r}: must name an SQLite file")
        return ResultStore(path)
    raise TypeError(
        f"store = {store!r}: must be a path (str or os.PathLike) of an SQLite file, a "
        "netblt_sim.store.ResultStore, or None"
    )


def _run_chunk_in_worker(
    chunk: Sequence[TransferParameters],
) -> tuple[list[TransferRecord | BaseException], list[float]]:
    """In a worker process: each run's record or exception, and each run's seconds. ns-3 is
    loaded at the first call and kept (not timed)."""
    runtime.load()
    outcomes: list[TransferRecord | BaseException] = []
    seconds: list[float] = []
    for params in chunk:
        started = time.perf_counter()
        try:
            outcomes.append(run_transfer(params))
        except Exception as error:  # noqa: BLE001 - reported by the client with the others
            outcomes.append(_picklable(error))
        seconds.append(time.perf_counter() - started)
    return outcomes, seconds


def _picklable(error: Exception) -> Exception:
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:  # noqa: BLE001 - whatever pickling raises, send the text instead
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error


def _warm_up_in_worker(params: TransferParameters | None) -> float | None:
    """Loads ns-3 and runs `params` twice if given: the first run pays cppyy's compilation of
    the calls a transfer makes, the second is timed (seconds) for the chunk sizes."""
    runtime.load()
    if params is None:
        return None
    run_transfer(params)
    started = time.perf_counter()
    run_transfer(params)
    return time.perf_counter() - started


def _worker_identity() -> str:
    from netblt_sim.store import code_identity  # noqa: PLC0415

    return code_identity()


class TransferExecutor:
    """Runs batches of transfers (`run`) in this process or on a Dask cluster, with an optional
    result store. See the module's text; close it (or use it as a context manager) to stop a
    cluster it started and to close its store."""

    def __init__(self, workers: int = 1, client: Client | None = None,
                 store: str | os.PathLike[str] | ResultStore | None = None) -> None:  # fmt: skip
        self.workers = check_workers(workers)
        self._client = check_client(client)
        if self._client is not None and self.workers != 1:
            raise ValueError(
                f"workers = {workers!r} with a client: give workers (a local cluster) or client "
                "(an existing one), not both"
            )
        if self._client is None and self.workers > 1:
            check_main_module(self.workers)
        self._given_store = store is not None and not isinstance(store, str | os.PathLike)
        self.store = open_store(store)
        self._own_cluster: LocalCluster | None = None
        self._own_client: Client | None = None
        self._client_checked = False
        self._key_maker: KeyMaker | None = None
        self._run_seconds: dict[str, deque[float]] = {}  # recent run times by network
        self.counts = RunCounts()

    @property
    def distributed(self) -> bool:
        """True if runs go to a Dask cluster, False if they run in this process."""
        return self._client is not None or self.workers > 1

    def client(self) -> Client:
        """The Dask client: the one given, or one of a local cluster started now if needed."""
        if self._client is not None:
            if not self._client_checked:
                self._check_workers_identity(self._client)
                self._client_checked = True
            return self._client
        if self._own_client is None:
            import logging  # noqa: PLC0415

            from distributed import Client, LocalCluster  # noqa: PLC0415

            import dask  # noqa: PLC0415

            # The scheduler and the workers read these at start-up (the workers through their
            # nanny), so they hold for this cluster only.
            with dask.config.set(LOCAL_CLUSTER_CONFIG):
                self._own_cluster = LocalCluster(
                    n_workers=self.workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=logging.ERROR,
                )
            self._own_client = Client(self._own_cluster)
        return self._own_client

    def _check_workers_identity(self, client: Client) -> None:
        from netblt_sim.store import code_identity  # noqa: PLC0415

        ours = code_identity()
        theirs: dict[str, str] = client.run(_worker_identity)
        different = sorted(address for address, identity in theirs.items() if identity != ours)
        if different:
            raise RuntimeError(
                f"workers {different} run another build or version of netblt_sim than this "
                "process (code identity differs): their records would not be this build's"
            )

    def warm_up(self, params: TransferParameters | None = None) -> None:
        """Loads ns-3 where the runs will go (in this process, or once in every worker after
        starting the local cluster) and runs `params` there if given (cppyy compiles the
        bindings a transfer calls at its first call, about 0.3 s), so that a timing can leave
        start-up out. On a cluster the run is timed too, so the first chunks are sized."""
        if not self.distributed:
            _warm_up_in_worker(params)
            return
        client = self.client()
        addresses = list(client.scheduler_info()["workers"])
        futures = [
            client.submit(_warm_up_in_worker, params, workers=[a], allow_other_workers=False,
                          pure=False)  # fmt: skip
            for a in addresses
        ]
        for run_time in client.gather(futures):
            if params is not None and run_time is not None:
                self._record_run_time(params.network, run_time)

    def _record_run_time(self, network: str, seconds: float) -> None:
        self._run_seconds.setdefault(network, deque(maxlen=RUN_TIMES_KEPT)).append(seconds)

    def key_maker(self) -> KeyMaker:
        """Run keys for the store, the code identity computed once for this executor."""
        if self._key_maker is None:
            from netblt_sim.store import KeyMaker  # noqa: PLC0415

            self._key_maker = KeyMaker()
        return self._key_maker

    def run(self, parameters: Sequence[TransferParameters], label: str | None
            ) -> list[TransferRecord]:  # fmt: skip
        """The record of each transfer, in the order given; `label` names the progress bar
        (None: no bar). Equal parameters are run once."""
        unique = list(dict.fromkeys(parameters))
        for params in unique:
            params.validate()
        records: dict[TransferParameters, TransferRecord] = {}
        keys: dict[TransferParameters, str] = {}
        if self.store is not None:
            from netblt_sim.store import is_storable  # noqa: PLC0415

            maker = self.key_maker()
            keys = {p: maker.key(p) for p in unique if is_storable(p)}
            stored = self.store.get_many(keys.values())
            records = {p: stored[key] for p, key in keys.items() if key in stored}
        pending = [p for p in unique if p not in records]
        counts = RunCounts(cached=len(records))
        bar = _progress_bar(label, len(unique), counts)
        failures: list[tuple[TransferParameters, BaseException]] = []
        try:
            with closing(self._execute(pending)) as outcomes:
                for params, outcome in outcomes:
                    if isinstance(outcome, TransferRecord):
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
        finally:
            if bar is not None:
                bar.close()
            self.counts.simulated += counts.simulated
            self.counts.cached += counts.cached
            self.counts.failed += counts.failed
        if failures:
            raise TransferFailedError(failures) from failures[0][1]
        return [records[p] for p in parameters]

    def _store_run(self, key: str, params: TransferParameters, record: TransferRecord) -> None:
        assert self.store is not None
        maker = self.key_maker()
        self.store.put(key, params, maker.code, maker.models(params.network), record)

    def _execute(self, pending: Sequence[TransferParameters]
                 ) -> Generator[tuple[TransferParameters, TransferRecord | BaseException]]:  # fmt: skip
        """Each pending run with its record or the exception it raised, as they finish."""
        if not pending:
            return
        if not self.distributed:
            for params in pending:
                try:
                    record = run_transfer(params)
                except Exception as error:  # noqa: BLE001 - reported with the others at the end
                    yield params, error
                else:
                    yield params, record
            return
        yield from self._execute_on_cluster(pending)

    def _execute_on_cluster(self, pending: Sequence[TransferParameters]
                            ) -> Generator[tuple[TransferParameters, TransferRecord | BaseException]]:  # fmt: skip
        """Guided self-scheduling: each task is a chunk of runs, as many as take about
        `TARGET_TASK_SECONDS` at the median run time measured so far on the network of its
        first run (by this executor, in any batch; a single run until one is measured), and at
        most the remaining runs over twice the workers, so that chunks shrink towards the end
        and the workers finish together. Each worker of the cluster (as it was when the batch
        started) is sent `TASKS_IN_FLIGHT_PER_WORKER` tasks and a new one as each of its tasks
        returns, so it never waits for the next and none gets more than its share; a task whose
        worker has left goes to another."""
        from distributed import Future, as_completed  # noqa: PLC0415

        client = self.client()
        addresses = list(client.scheduler_info()["workers"])
        if not addresses:
            raise RuntimeError("the Dask cluster has no workers to run the transfers on")
        queue = deque(pending)
        in_flight: dict[Future[Any], tuple[str, list[TransferParameters]]] = {}
        # with_results: results are fetched in the background as tasks finish.
        finished = as_completed(with_results=True, raise_errors=False)

        def next_chunk() -> list[TransferParameters]:
            size = 1
            measured = self._run_seconds.get(queue[0].network)
            if measured:
                per_run = max(statistics.median(measured), 1e-6)
                by_time = int(TARGET_TASK_SECONDS / per_run)
                size = max(1, min(math.ceil(len(queue) / (2 * len(addresses))), by_time))
            return [queue.popleft() for _ in range(min(size, len(queue)))]

        def submit_while_room() -> None:
            for address in addresses:
                load = sum(1 for sent_to, _ in in_flight.values() if sent_to == address)
                for _ in range(TASKS_IN_FLIGHT_PER_WORKER - load):
                    if not queue:
                        return
                    chunk = next_chunk()
                    future = client.submit(_run_chunk_in_worker, chunk, workers=[address],
                                           allow_other_workers=True, pure=False)  # fmt: skip
                    in_flight[future] = (address, chunk)
                    finished.add(future)

        try:
            submit_while_room()
            for future, result in finished:
                _, chunk = in_flight.pop(future)
                if future.status == "finished":
                    outcomes, seconds = result
                    for params, run_time in zip(chunk, seconds, strict=True):
                        self._record_run_time(params.network, run_time)
                    yield from zip(chunk, outcomes, strict=True)
                else:
                    # The task itself failed (its worker died, or it was cancelled).
                    error = result[1] if future.status == "error" else RuntimeError(
                        f"the cluster dropped the run ({future.status})"
                    )
                    for params in chunk:
                        yield params, error
                submit_while_room()
        finally:
            # Interrupted (or done): drop what is still queued so the cluster can be reused.
            client.cancel(list(in_flight))

    def close(self) -> None:
        """Stops the local cluster this executor started and closes the store it opened (a
        client or a `ResultStore` given is left open)."""
        if self._own_client is not None:
            self._own_client.close()
            self._own_client = None
        if self._own_cluster is not None:
            self._own_cluster.close()
            self._own_cluster = None
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


def measure_sweep_rate(grid: Mapping[str, Iterable[Any]], fixed: Mapping[str, Any],
                       workers: int, include_startup: bool = False) -> float:  # fmt: skip
    """Runs per second of `sweep(grid, workers=workers, **fixed)` without a store (every run
    simulated).

    By default the clock starts once the runs' processes have ns-3 loaded and have run the
    grid's first transfer once (the local cluster started and warmed up, or this process): the
    steady rate. With
    `include_startup` it starts before the cluster (for workers=1: before ns-3 is loaded,
    which costs nothing if this process has loaded it already)."""
    from netblt_sim.sweep import grid_parameters  # noqa: PLC0415 - sweep imports this module

    runs = grid_parameters(grid, **fixed)
    started = time.perf_counter()
    with TransferExecutor(workers=workers) as executor:
        executor.warm_up(runs[0] if runs else None)
        warm = time.perf_counter()
        executor.run(runs, None)
        finished = time.perf_counter()
    return len(runs) / (finished - (started if include_startup else warm))
