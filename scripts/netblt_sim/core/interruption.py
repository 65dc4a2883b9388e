# SPDX-License-Identifier: GPL-2.0-only
"""Ctrl-C and progress while ns-3 simulates: `run_simulator(ns, bound_s, progress)`.

`Simulator::Run` runs in C++ with the GIL released (`runtime.load`), so Python's own SIGINT
handler, which only runs between bytecodes of the main thread, would wait for the end of the
run. Run from the main thread, `run_simulator` therefore has the signal's byte written to a
pipe (`signal.set_wakeup_fd`, from Python's C-level handler) and a watcher thread waiting on
it: on SIGINT it schedules `Simulator::Stop` through `Simulator::ScheduleWithContext`, the call
ns-3's default simulator takes from other threads, so the run ends at its next event, and
`run_simulator` raises KeyboardInterrupt once it has (the unfinished run gives no record). A
run never interrupted gets no event from it: its record, `events` included, is the same.

In a Dask worker (not its main thread) a run is `Run()` alone: the worker processes ignore
SIGINT (`cluster`), and an interrupted batch stops their runs with `stop_running_simulation`
before it closes the cluster, which would otherwise wait for them to end.

With `progress`, a run still going after `PROGRESS_AFTER_S` shows a bar of its simulated time
against its bound, read by the same thread each `PROGRESS_EVERY_S`.
"""

from __future__ import annotations

import os
import select
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from netblt_sim.core.runtime import NsNamespace

PROGRESS_AFTER_S = 2.0  # wall time before a bar appears: short runs stay silent
PROGRESS_EVERY_S = 0.5

# A stop scheduled from a thread other than the simulator's: ns-3 queues it under a lock and
# the simulator takes it before its next event.
_STOP_CPP = """
namespace netblt_sim_interruption
{
void StopFromAnotherThread()
{
    ns3::Simulator::ScheduleWithContext(ns3::Simulator::NO_CONTEXT, ns3::Time(0),
                                        []() { ns3::Simulator::Stop(); });
}
}
"""


def run_simulator(ns: NsNamespace, bound_s: float, progress: bool = False) -> None:
    """`ns.Simulator.Run()`, stopped by SIGINT within a moment (then KeyboardInterrupt), with
    a progress bar of simulated time against `bound_s` if `progress` (see the module's text).
    Outside the main thread, or where SIGINT has a handler other than Python's default, it is
    `Run()` alone (a Dask worker's, say: its process is stopped by its cluster)."""
    _define_stop()
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler):
        with _running():
            ns.Simulator.Run()  # fmt: skip
        return
    watcher = _Watcher(ns, bound_s, progress)
    interrupted: list[int] = []

    def note(signum: int, _: FrameType | None) -> None:
        interrupted.append(signum)  # the watcher has stopped the run; raised below

    previous_handler = signal.signal(signal.SIGINT, note)
    previous_fd = signal.set_wakeup_fd(watcher.write_fd, warn_on_full_buffer=False)
    try:
        watcher.start()
        with _running():
            ns.Simulator.Run()
    finally:
        watcher.finish()
        signal.set_wakeup_fd(previous_fd)
        signal.signal(signal.SIGINT, previous_handler)
    if interrupted or watcher.stopped:
        raise KeyboardInterrupt


# Whether a run is under way, under the lock a stop takes: a stop scheduled with none would
# create a simulator of its own and stop the next run at its start; one scheduled while a run
# is under way is taken by it, or dropped with it by `Simulator::Destroy` if it just ended.
_RUN_LOCK = threading.Lock()
_RUN_UNDER_WAY = False


@contextmanager
def _running() -> Iterator[None]:
    global _RUN_UNDER_WAY
    with _RUN_LOCK:
        _RUN_UNDER_WAY = True
    try:
        yield
    finally:
        with _RUN_LOCK:
            _RUN_UNDER_WAY = False


def _define_stop() -> None:
    """Compiles `_STOP_CPP` once per process, before any run: never while one runs."""
    import cppyy  # noqa: PLC0415 - loaded with ns-3

    if not hasattr(cppyy.gbl, "netblt_sim_interruption"):
        cppyy.cppdef(_STOP_CPP)


def stop_running_simulation() -> bool:
    """Stops the simulation this process runs in another thread, if any (a Dask worker's, asked
    by its client when the batch was interrupted): it ends at its next event and its run
    returns a record of an unfinished transfer, which the interrupted batch never takes.
    Whether there was one to stop."""
    with _RUN_LOCK:
        if not _RUN_UNDER_WAY:
            return False
        import cppyy  # noqa: PLC0415 - loaded with ns-3, as a run is under way

        cppyy.gbl.netblt_sim_interruption.StopFromAnotherThread()
        return True


class _Watcher(threading.Thread):
    """Waits for SIGINT's byte on its pipe (and shows progress meanwhile)."""

    def __init__(self, ns: NsNamespace, bound_s: float, progress: bool) -> None:
        super().__init__(name="netblt-sim-interruption", daemon=True)
        self._ns = ns
        self._bound_s = bound_s
        self._progress = progress
        self._read_fd, self.write_fd = os.pipe()
        os.set_blocking(self.write_fd, False)
        self._done = False
        self.stopped = False
        self._bar: Any = None

    def run(self) -> None:
        started = time.monotonic()
        timeout = PROGRESS_EVERY_S if self._progress else None
        while True:
            ready, _, _ = select.select([self._read_fd], [], [], timeout)
            if self._done:
                return
            if ready and signal.SIGINT in os.read(self._read_fd, 512):
                self.stopped = stop_running_simulation()
                return
            if self._progress and time.monotonic() - started >= PROGRESS_AFTER_S:
                self._show_progress()

    def _show_progress(self) -> None:
        # Now() is read while the simulator runs: a 64-bit time step, read whole.
        now_s = float(self._ns.Simulator.Now().GetSeconds())
        if self._bar is None:
            from tqdm import tqdm  # noqa: PLC0415 - only for runs that take a while

            self._bar = tqdm(total=round(self._bound_s, 1), unit="simulated s", leave=False,
                             desc="simulating", bar_format="{desc}: {percentage:3.0f}%|{bar}| "
                             "{n:.1f}/{total} simulated s [{elapsed}]")  # fmt: skip
        self._bar.n = min(round(now_s, 1), self._bar.total)
        self._bar.refresh()

    def finish(self) -> None:
        """Ends the thread (the run is over) and closes the pipe."""
        self._done = True
        try:
            os.write(self.write_fd, b"\0")
        except BlockingIOError:
            pass  # the pipe is full of bytes: the thread is woken anyway
        if self.is_alive():
            self.join()
        if self._bar is not None:
            self._bar.close()
        os.close(self._read_fd)
        os.close(self.write_fd)
