# SPDX-License-Identifier: GPL-2.0-only
"""Ctrl-C stops a simulation within a second (`interruption.run_simulator`): the command lines
print one line and exit 130, every run finished before is kept in the store; a long transfer
shows its progress; and a run never interrupted is the same as before, event for event."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import threading
import time
from pathlib import Path

import pytest

from netblt_sim import transfer_parameters
from netblt_sim.core import interruption, runtime
from netblt_sim.core.simulation import run_transfer

# A transfer of about 3,000 simulated seconds on the ring: several seconds of wall time.
LONG_RING = dict(network="proteon-ring", bs=5, psz=1990, bfsz=19900, xfsz_kb=597000, nbufs=2,
                 bi_ms=20, max_simulated_s=3000.0)  # fmt: skip
SHORT_RING = dict(network="proteon-ring", bs=5, psz=1990, bfsz=19900, xfsz_kb=39.8, nbufs=1,
                  bi_ms=30)  # fmt: skip
STOP_WITHIN_S = 1.0


def _interrupt_when(condition: object, pid: int, group: bool = False) -> threading.Thread:
    """A thread sending SIGINT to `pid` (its process group if `group`) once `condition()`
    holds; it records when in its `sent` attribute."""
    assert callable(condition)

    def send() -> None:
        while not condition():
            time.sleep(0.02)
        thread.sent = time.monotonic()  # type: ignore[attr-defined]
        (os.killpg if group else os.kill)(pid, signal.SIGINT)

    thread = threading.Thread(target=send, daemon=True)
    thread.start()
    return thread


def test_sigint_stops_a_run_in_this_process_and_the_next_run_is_unaffected(
    ns: runtime.NsNamespace,
) -> None:  # fmt: skip
    short = transfer_parameters(**SHORT_RING)
    before = run_transfer(short)
    sender = _interrupt_when(lambda: interruption._RUN_UNDER_WAY, os.getpid())
    with pytest.raises(KeyboardInterrupt):
        run_transfer(transfer_parameters(**LONG_RING))
    stopped = time.monotonic()
    sender.join()
    assert stopped - sender.sent < STOP_WITHIN_S  # type: ignore[attr-defined]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert signal.set_wakeup_fd(-1) == -1  # the pipe is no longer the wakeup fd
    # Nothing of the stopped run is left: the next one is the run of before, event for event.
    assert run_transfer(short) == before
    assert not interruption.stop_running_simulation()  # nothing under way to stop


def test_netblt_run_shows_progress_and_stops_on_sigint_in_one_line_exit_130() -> None:
    arguments = [str(runtime.REPO_ROOT / "scripts" / "netblt-run")]
    for name, value in LONG_RING.items():
        option = {"bi_ms": "bi", "xfsz_kb": "xfsz-kb", "max_simulated_s": "max-simulated-s"
                  }.get(name, name)  # fmt: skip
        arguments += [f"--{option}", str(value)]
    process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stderr is not None
    shown = b""
    while b"simulated s" not in shown:  # the bar, after its first seconds
        chunk = os.read(process.stderr.fileno(), 4096)
        assert chunk, "netblt-run ended without showing progress"
        shown += chunk
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert time.monotonic() - sent < STOP_WITHIN_S
    assert process.returncode == 130 and out == b""
    lines = [line for line in (shown + err).decode().replace("\r", "\n").splitlines()
             if line.strip() and "simulated s" not in line]  # fmt: skip
    assert lines == ["netblt-run: interrupted (Ctrl-C): the simulation was stopped, no record"]


def test_reproduce_on_workers_stops_on_sigint_keeping_every_finished_run(tmp_path: Path) -> None:
    store = tmp_path / "runs.sqlite"
    command = [str(runtime.REPO_ROOT / ".venv" / "bin" / "python"), "-m",
               "netblt_sim.tools.reproduce", "table-III", "--store", str(store),
               "--results-dir", str(tmp_path / "results"), "--workers", "2"]  # fmt: skip
    # Its own process group, as a terminal's foreground job: Ctrl-C reaches every process.
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)  # fmt: skip

    def some_runs_stored() -> bool:
        if not store.exists():
            return False
        try:
            with sqlite3.connect(f"file:{store}?mode=ro", uri=True) as connection:
                return bool(connection.execute("SELECT COUNT(*) FROM runs").fetchone()[0] >= 20)
        except sqlite3.Error:
            return False

    sender = _interrupt_when(some_runs_stored, process.pid, group=True)
    out, err = process.communicate(timeout=600)
    ended = time.monotonic()
    sender.join()
    assert ended - sender.sent < STOP_WITHIN_S  # type: ignore[attr-defined]
    assert process.returncode == 130
    text = err.decode()
    assert "Traceback" not in text and "ERROR" not in text
    (line,) = [line for line in text.replace("\r", "\n").splitlines()
               if line.startswith("reproduce:")]  # fmt: skip
    kept = int(line.split("the ")[1].split(" run(s)")[0])
    assert line == (f"reproduce: interrupted (Ctrl-C): the {kept} run(s) simulated before are "
                    f"kept in the result store {store}; no result file was half written")
    with sqlite3.connect(store) as connection:
        assert connection.execute("SELECT COUNT(*) FROM runs").fetchone()[0] == kept >= 20
    assert not any(path.is_file() for path in (tmp_path / "results").rglob("*"))
    assert "wrote " not in out.decode()
