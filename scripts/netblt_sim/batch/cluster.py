# SPDX-License-Identifier: GPL-2.0-only
"""Transfers on a Dask cluster: the functions each worker process runs, and `ClusterRunner`,
which deals a batch out to the workers in chunks. `executor.TransferExecutor` uses it when a
batch does not run in this process; Dask is imported only here, and only when a cluster is used.

- `run_chunk(chunk)` is what a worker process runs, and `warm_up(params)` what a process
  that runs transfers itself runs first (public, so that a benchmark can call the workers'
  own code in processes of its own);
- `ClusterRunner(workers, client)`: a `distributed.LocalCluster` of `workers` processes with
  one thread each, started on first use and stopped by `close()`, or the given client's cluster
  (whose workers must have this process's code identity; used as given, never closed). Without
  a client it first checks that the workers can start at all (`check_main_module`).

A task is a chunk of runs of about `TARGET_TASK_SECONDS` of simulation (see
`ClusterRunner.execute`), since a transfer can take 3 ms, less than a task's overhead; a batch
shorter than that per worker is dealt out as one task per worker.
"""

from __future__ import annotations

import logging
import math
import os
import pickle
import statistics
import signal
import threading
import time
from collections import Counter, deque
from collections.abc import Generator, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any

from netblt_sim.core import runtime
from netblt_sim.core.flows import FlowSet, FlowSetRecord
from netblt_sim.core.interruption import stop_running_simulation
from netblt_sim.core.simulation import run_flow_set

if TYPE_CHECKING:
    from distributed import Client, LocalCluster

# A cluster task is a chunk of runs of about this much simulation (see ClusterRunner.execute).
# Fewer, longer tasks leave the scheduler, which shares the two cores with the workers, less to
# do: `scripts/bench --only sweep` measured 2 workers against 1 at 1.78x with 0.25 s and 1.94x
# with 1 s on 14380-byte transfers (1.66x and 1.65x on 1438-byte ones, whose whole sweep is
# under a second of work per worker); the guided chunks still shrink towards the end.
TARGET_TASK_SECONDS = 1.0
TASKS_IN_FLIGHT_PER_WORKER = 2
# A batch whose runs, at their measured times, come to at most TARGET_TASK_SECONDS per worker
# is dealt out as one task per worker, as cards are dealt, one run to each worker in turn, the
# direction reversed every round (so that with a grid's seed innermost no worker gets every run
# of one seed, and a list sorted by run time is shared evenly): balancing it with guided chunks
# costs more than it saves. `scripts/bench --only sweep` on Table III's 56 transfers of 1438 kB
# (0.54 s of work in all), 2 workers against 1, medians of 7 pairs: 1.41x in about 15 guided
# chunks, each a round trip through the scheduler and this process on the two cores the workers
# use; 1.76-1.79x dealt as every other run (all of one seed to one worker); 1.74-1.81x in turn
# reversed, submitted one by one; 1.85-1.91x submitted in one message (two plain processes
# 1.94-1.96x in the same runs).
RUN_TIMES_KEPT = 200  # per network (and number of flows), for the median that sizes chunks
# A Dask client sends its messages to the scheduler in batches, at most one every 10 ms
# (distributed's Client: BatchedSend(interval="10ms")): a batch's tasks submitted just after the
# warm-up's futures are released wait for that release's batch to go. The warm-up waits it out,
# so that the first batch's tasks go at once (measured: they started 9-15 ms after submission,
# 3-4 ms after a pause).
RELEASE_WAIT_SECONDS = 0.02
# Dask settings of a local cluster this module starts. A run is one long call into ns-3, and
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

# What `ClusterRunner.execute` yields: each run with its record or the exception it raised.
Outcomes = Generator[tuple[FlowSet, FlowSetRecord | BaseException]]


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

    import dask  # noqa: PLC0415
    import distributed  # noqa: F401, PLC0415 - sets its configuration's defaults

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


def warm_up(params: FlowSet | None) -> float | None:
    """Loads ns-3 in this process and runs `params` twice if given: the first run pays cppyy's
    compilation of the calls a transfer makes, the second is timed (seconds, returned)."""
    runtime.load()
    if params is None:
        return None
    run_flow_set(params)
    started = time.perf_counter()
    run_flow_set(params)
    return time.perf_counter() - started


def run_chunk(
    chunk: Sequence[FlowSet],
) -> tuple[list[FlowSetRecord | BaseException], list[float]]:
    """In a worker process: each run's record or exception, and each run's seconds. ns-3 is
    loaded at the first call and kept (not timed)."""
    runtime.load()
    outcomes: list[FlowSetRecord | BaseException] = []
    seconds: list[float] = []
    for params in chunk:
        started = time.perf_counter()
        try:
            outcomes.append(run_flow_set(params))
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


def _timing_class(run: FlowSet) -> str:
    """Runs whose times size each other's chunks: a network's flow sets of a number of flows."""
    return f"{run.network} x {len(run.flows)}"


def _worker_identity() -> str:
    from netblt_sim.batch.store import code_identity  # noqa: PLC0415 - sqlite3 only with a store

    return code_identity()


@contextmanager
def _sigint_ignored() -> Iterator[None]:
    """SIGINT ignored within the block (processes started meanwhile inherit it), in the main
    thread; elsewhere the block as it is (only the main thread may set handlers)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


class ClusterRunner:
    """Runs transfers on a Dask cluster: a local one of `workers` processes started on first
    use, or the given `client`'s. Close it to stop a cluster it started."""

    def __init__(self, workers: int, client: Client | None = None) -> None:
        if client is None:
            check_main_module(workers)
        self.workers = workers
        self._client = client
        self._client_checked = False
        self._own_cluster: LocalCluster | None = None
        self._own_client: Client | None = None
        self._run_seconds: dict[str, deque[float]] = {}  # recent run times by network

    def client(self) -> Client:
        """The Dask client: the one given, or one of a local cluster started now if needed."""
        if self._client is not None:
            if not self._client_checked:
                self._check_workers_identity(self._client)
                self._client_checked = True
            return self._client
        if self._own_client is None:
            import dask  # noqa: PLC0415
            from distributed import Client, LocalCluster  # noqa: PLC0415

            # The scheduler and the workers read these at start-up (the workers through their
            # nanny), so they hold for this cluster only. The worker processes start with SIGINT
            # ignored (they keep what they inherit, and Python then installs no handler): Ctrl-C
            # in a terminal reaches the whole process group, and only this process should act
            # on it, closing the cluster, rather than every worker printing its traceback.
            with dask.config.set(LOCAL_CLUSTER_CONFIG), _sigint_ignored():
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
        ours = _worker_identity()
        theirs: dict[str, str] = client.run(_worker_identity)
        different = sorted(address for address, identity in theirs.items() if identity != ours)
        if different:
            raise RuntimeError(
                f"workers {different} run another build or version of netblt_sim than this "
                "process (code identity differs): their records would not be this build's"
            )

    def warm_up(self, params: FlowSet | None = None) -> None:
        """What `warm_up(params)` does, once in every worker (starting the local cluster if
        needed), through the task a batch sends (`run_chunk` of `params` twice): a worker's
        first task of a function starts about 10 ms later than the next, which a batch of a
        second's work would feel. The second run is timed and sizes the first chunks; a run that
        raises is raised here. It returns once the client has told the scheduler that the
        warm-up's results are no longer wanted (`RELEASE_WAIT_SECONDS`)."""
        client = self.client()
        addresses = list(client.scheduler_info()["workers"])
        chunk = [] if params is None else [params, params]
        futures = [
            client.submit(run_chunk, chunk, workers=[a], allow_other_workers=False, pure=False)
            for a in addresses
        ]
        results = client.gather(futures)
        del futures  # releases the results: the client's next batch of messages says so
        time.sleep(RELEASE_WAIT_SECONDS)
        for outcomes, seconds in results:
            for outcome in outcomes:
                if isinstance(outcome, BaseException):
                    raise outcome
            if params is not None:
                self._record_run_time(_timing_class(params), seconds[-1])

    def _record_run_time(self, timing_class: str, seconds: float) -> None:
        self._run_seconds.setdefault(timing_class, deque(maxlen=RUN_TIMES_KEPT)).append(seconds)

    def _median_seconds(self, timing_class: str) -> float | None:
        """The median time measured of runs of a timing class, None if none was."""
        measured = self._run_seconds.get(timing_class)
        return max(statistics.median(measured), 1e-6) if measured else None

    def _deal(self, pending: Sequence[FlowSet], workers: int) -> list[list[FlowSet]]:
        """A task per worker if every run's time is measured and the batch comes to at most
        `TARGET_TASK_SECONDS` per worker, dealt in turn with the direction reversed every round;
        no task otherwise (the batch goes in guided chunks)."""
        if workers < 2 or len(pending) < 2:
            return []
        classes = Counter(_timing_class(run) for run in pending)
        medians = {name: self._median_seconds(name) for name in classes}
        known = {name: seconds for name, seconds in medians.items() if seconds is not None}
        if len(known) < len(medians) or sum(
                known[name] * count for name, count in classes.items()
        ) > TARGET_TASK_SECONDS * workers:  # fmt: skip
            return []
        hands: list[list[FlowSet]] = [[] for _ in range(min(workers, len(pending)))]
        for position, run in enumerate(pending):
            turn, seat = divmod(position, len(hands))
            hands[seat if turn % 2 == 0 else len(hands) - 1 - seat].append(run)
        return hands

    def execute(self, pending: Sequence[FlowSet]) -> Outcomes:
        """Each run with its record or the exception it raised, as its task returns.

        A batch of at most `TARGET_TASK_SECONDS` of measured runs per worker is dealt out, a
        task per worker (`_deal`), all submitted at once. Otherwise, guided self-scheduling: each
        task is a chunk of runs, as many as take about
        `TARGET_TASK_SECONDS` at the median run time measured so far on the network of its
        first run (and with its number of flows) (by this runner, in any batch; a single run until one is measured), and at
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
        hands = self._deal(pending, len(addresses))
        queue = deque([] if hands else pending)
        in_flight: dict[Future[Any], tuple[str, list[FlowSet]]] = {}
        # with_results: results are fetched in the background as tasks finish.
        finished = as_completed(with_results=True, raise_errors=False)

        def next_chunk() -> list[FlowSet]:
            size = 1
            per_run = self._median_seconds(_timing_class(queue[0]))
            if per_run is not None:
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
                    future = client.submit(run_chunk, chunk, workers=[address],
                                           allow_other_workers=True, pure=False)  # fmt: skip
                    in_flight[future] = (address, chunk)
                    finished.add(future)

        try:
            # The hands go in one message (one `map`), and the scheduler gives each to an idle
            # worker: submitted one by one, the second waited for the client's next batch of
            # messages (every 10 ms, `RELEASE_WAIT_SECONDS`), which delayed its worker's start.
            for future, hand in zip(client.map(run_chunk, hands, pure=False), hands, strict=True):
                in_flight[future] = ("", hand)
                finished.add(future)
            submit_while_room()
            for future, result in finished:
                _, chunk = in_flight.pop(future)
                if future.status == "finished":
                    outcomes, seconds = result
                    for params, run_time in zip(chunk, seconds, strict=True):
                        self._record_run_time(_timing_class(params), run_time)
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

    def interrupt(self) -> None:
        """Ends what the workers are running, so that an interrupted batch ends at once (their
        unfinished runs come to nothing): the worker processes of this runner's own cluster
        are killed (closing it would wait for them, a second or more), those of a cluster
        given have their runs stopped (`interruption.stop_running_simulation`)."""
        if self._own_cluster is not None:
            # The scheduler and the nannies then log the killed workers' closed connections,
            # with tracebacks: expected here, so not shown.
            logging.getLogger("distributed").setLevel(logging.CRITICAL)
            for nanny in self._own_cluster.workers.values():
                pid = getattr(nanny, "pid", None)
                if pid is not None:
                    with suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)
        elif self._client is not None:
            self._client.run(stop_running_simulation)  # answered at once: a run frees the GIL

    def close(self) -> None:
        """Stops the local cluster this runner started (a client given is left open)."""
        if self._own_client is not None:
            self._own_client.close()
            self._own_client = None
        if self._own_cluster is not None:
            self._own_cluster.close()
            self._own_cluster = None
