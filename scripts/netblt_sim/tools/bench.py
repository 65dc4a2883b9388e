# SPDX-License-Identifier: GPL-2.0-only
"""`scripts/bench`: the project's speed and memory figures, each beside its stock counterpart
measured in the same run.

- Per delivered data packet: wall time of `Simulator::Run()` for a NETBLT transfer over the
  point-to-point network and over the private two-host Ethernet (RFC 1030 §6, the 3C500 and host
  models included), against stock ns-3 carrying the same number of packets of the same size at
  the same rate as UDP over a CsmaNetDevice (`build/bin/stock-udp-csma`, which times its own
  `Simulator::Run()` alone). Target: at most 1.5x. The two are measured in pairs, each side in a
  process of its own (`netblt_sim.tools.bench_child` for NETBLT) and both on the same core, the pairs
  taking the cores in turn: on a shared machine two cores, or two processes' memory, can differ
  in speed by a third, and a pair split across them would compare those. The figure is the
  median of the pairs' ratios, printed with their range.
- Start-up: wall time and peak memory of one small ring transfer through `scripts/netblt-run`,
  against a fresh `python -c "from ns import ns"` (the wheel's stock import of every ns-3
  module). Targets: at most 0.4x the stock import's wall time, at most 300 MiB.
- Sweep throughput: runs per second of the same Ethernet grid with 1 and with 2 workers.
  Target: 2 workers at least 1.8x one. Beside it, what this machine gives two processes
  without Dask: the grid split in halves beforehand, one half to each of two warm processes
  (`multiprocessing`), the ceiling any scheduler works under.
- `scripts/reproduce`: wall time with an empty result store (cold) and again (warm).
  Target: warm within 5 s (nothing simulated; every scenario's files up to date).
- Morris screening of Tables III and IV (`scenarios/table-bands.json`'s nominal seeds and Morris
  points, the first step of the bands' analysis) on 2 workers from an empty result store, then
  the same analysis again on that store (a resumed analysis: it must simulate nothing). Target:
  the cold screening within 30 minutes.

Each figure is measured `--repeat` times and the median printed.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any

from netblt_sim.batch.cluster import run_chunk, warm_up
from netblt_sim.batch.executor import TransferExecutor
from netblt_sim.batch.grid import grid_parameters
from netblt_sim.core import runtime
from netblt_sim.core.flows import FlowSet
from netblt_sim.core.parameters import TransferParameters, transfer_parameters
from netblt_sim.core.runtime import BUILD_DIR, REPO_ROOT
from netblt_sim.core.simulation import run_transfer
from netblt_sim.tools.help_format import DefaultsOnceHelpFormatter

STOCK_UDP_PROGRAM = BUILD_DIR / "bin" / "stock-udp-csma"
NETBLT_DATA_HEADER_BYTES = 24  # RFC 998 §8: the DATA packet's header
PER_PACKET_TARGET = 1.5
START_UP_TARGET = 0.4
START_UP_MEMORY_TARGET_MIB = 300
# Table III's shape (RFC 1030 §6): 1438-byte packets, 10-packet buffers, 5 every 30 ms.
PER_PACKET_SHAPE: dict[str, object] = {"bs": 5, "bi_ms": 30, "psz": 1438, "bfsz": 14380, "nbufs": 4}
PER_PACKET_NETWORKS: tuple[str, ...] = ("point-to-point", "ethernet-private")
START_UP_ARGUMENTS: tuple[str, ...] = (
    "--network", "proteon-ring", "--bs", "5", "--bi-ms", "40", "--psz", "1990", "--bfsz", "19900",
    "--xfsz-kb", "199", "--nbufs", "1", "--seed", "1",
)  # fmt: skip


@dataclass(frozen=True)
class ProcessCost:
    """What one child process cost."""

    wall_s: float
    peak_mib: float


def run_child(command: Sequence[str], cwd: Path) -> ProcessCost:
    """Runs a command to its end; its wall time and peak resident memory (from wait4)."""
    started = time.perf_counter()
    child = subprocess.Popen(
        list(command), cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited with {child.returncode}")
    return ProcessCost(wall_s=wall, peak_mib=usage.ru_maxrss / 1024)


def pinned_to(core: int | None) -> Callable[[], None] | None:
    """A child's pre-exec function that keeps it on `core` (None: wherever the system puts it)."""
    if core is None:
        return None
    return lambda: os.sched_setaffinity(0, {core})


def stock_figures(
    program: Path, parameters: TransferParameters, packets: int, flows: int = 1,
    core: int | None = None,
) -> dict[str, float]:
    """Runs a stock yardstick program (`stock-udp-csma`, `stock-wideband-path`) for `packets`
    DATA packets of the transfer's size at its burst rate (shared by `flows` senders, each to its
    own receiver: `stock-wideband-path` only), on `core` if given; returns its printed figures."""
    completed = subprocess.run(
        [str(program), f"--packets={packets}",
         f"--size={parameters.psz + NETBLT_DATA_HEADER_BYTES}",
         f"--interval={parameters.bi_ms / parameters.bs}",
         *([f"--flows={flows}"] if flows > 1 else [])],
        capture_output=True, text=True, check=True, preexec_fn=pinned_to(core),
    )  # fmt: skip
    words = completed.stdout.split()
    return {name: float(value) for name, value in zip(words[::2], words[1::2], strict=True)}


def stock_udp_per_packet(
    parameters: TransferParameters, packets: int, core: int | None = None
) -> float:
    """Wall seconds per packet of stock UDP over CSMA for `packets` DATA packets of the
    transfer's size at its burst rate, on `core` if given."""
    figures = stock_figures(STOCK_UDP_PROGRAM, parameters, packets, core=core)
    return figures["wall_s"] / figures["received"]


class SimulatorRunTimer:
    """A transfer observer that times `Simulator::Run()` alone, as the stock yardsticks time
    theirs (`stock-yardstick.h`): building the network, reading the records and destroying the
    simulation have no counterpart in their figures."""

    def __init__(self) -> None:
        self._started = 0.0
        self.wall_s = math.nan

    def installed(self, ns: runtime.NsNamespace) -> None:
        self._started = time.perf_counter()

    def finished(self, ns: runtime.NsNamespace) -> None:
        self.wall_s = time.perf_counter() - self._started


def per_packet_parameters(network: str, kilobytes: int) -> TransferParameters:
    """The per-packet shape (`PER_PACKET_SHAPE`) over `network`, `kilobytes` thousand bytes."""
    return transfer_parameters(network=network, **PER_PACKET_SHAPE, xfsz_kb=kilobytes)


def netblt_per_packet(parameters: TransferParameters) -> tuple[float, int]:
    """Wall seconds of `Simulator::Run()` per delivered data packet, and the packets delivered."""
    timer = SimulatorRunTimer()
    record = run_transfer(parameters, observer=timer)
    if not (record.completed and record.intact):
        raise RuntimeError(f"the benchmark transfer {parameters} did not complete intact")
    return timer.wall_s / record.data_packets_received, record.data_packets_received


def netblt_per_packet_child(network: str, megabytes: int, core: int | None) -> tuple[float, int]:
    """`netblt_per_packet` of the per-packet shape over `network`, in a process of its own
    (`netblt_sim.tools.bench_child`), on `core` if given."""
    completed = subprocess.run(
        [sys.executable, "-m", "netblt_sim.tools.bench_child", network, str(megabytes)],
        capture_output=True, text=True, check=True, preexec_fn=pinned_to(core),
    )  # fmt: skip
    per_packet, delivered = completed.stdout.split()
    return float(per_packet), int(delivered)


def per_packet_section(megabytes: int, repeat: int) -> None:
    cores: list[int | None] = (
        [*sorted(os.sched_getaffinity(0))] if hasattr(os, "sched_getaffinity") else [None]
    )
    print(f"== cost per delivered data packet ({megabytes} million bytes, "
          f"{PER_PACKET_SHAPE['bs']} x {PER_PACKET_SHAPE['psz']} bytes every "
          f"{PER_PACKET_SHAPE['bi_ms']} ms; {repeat} pairs, each side a process of its own, "
          f"both on one core; target at most {PER_PACKET_TARGET}x stock)")  # fmt: skip
    for network in PER_PACKET_NETWORKS:
        parameters = per_packet_parameters(network, megabytes * 1000)
        netblt: list[float] = []
        stock: list[float] = []
        for pair in range(repeat):  # a pair's two runs follow each other on one core
            core = cores[pair % len(cores)]
            model, delivered = netblt_per_packet_child(network, megabytes, core)
            netblt.append(model)
            stock.append(stock_udp_per_packet(parameters, delivered, core))
        ratios = [model / yardstick for model, yardstick in zip(netblt, stock, strict=True)]
        ratio = statistics.median(ratios)
        verdict = "meets" if ratio <= PER_PACKET_TARGET else "misses"
        print(f"{network}: NETBLT {statistics.median(netblt) * 1e6:.1f} us, stock UDP over "
              f"CSMA {statistics.median(stock) * 1e6:.1f} us (medians); ratio {ratio:.2f}, the "
              f"median of pairs {min(ratios):.2f}-{max(ratios):.2f} ({verdict} the target)")  # fmt: skip


def start_up_section(repeat: int) -> None:
    print(f"== start-up: one small ring transfer through scripts/netblt-run against the stock "
          f"import (targets: at most {START_UP_TARGET}x its wall time, at most "
          f"{START_UP_MEMORY_TARGET_MIB} MiB)")  # fmt: skip
    cli = [str(REPO_ROOT / "scripts" / "netblt-run"), *START_UP_ARGUMENTS]
    stock = [sys.executable, "-c", "from ns import ns"]
    with tempfile.TemporaryDirectory(prefix="netblt-bench-") as empty:
        # The stock loader globs its current directory for ns-3 libraries: run it from an empty one.
        cli_costs = [run_child(cli, Path(empty)) for _ in range(repeat)]
        stock_costs = [run_child(stock, Path(empty)) for _ in range(repeat)]
    cli_wall = statistics.median(c.wall_s for c in cli_costs)
    cli_peak = statistics.median(c.peak_mib for c in cli_costs)
    stock_wall = statistics.median(c.wall_s for c in stock_costs)
    stock_peak = statistics.median(c.peak_mib for c in stock_costs)
    ratio = cli_wall / stock_wall
    print(f"netblt-run (ring, 199 kB): {cli_wall:.2f} s, {cli_peak:.0f} MiB peak")
    print(f"stock `from ns import ns`: {stock_wall:.2f} s, {stock_peak:.0f} MiB peak")
    print(f"ratio {ratio:.2f} ({'meets' if ratio <= START_UP_TARGET else 'misses'} the target); "
          f"memory {'meets' if cli_peak <= START_UP_MEMORY_TARGET_MIB else 'misses'} the "
          f"target")  # fmt: skip


SWEEP_TARGET = 1.8
WARM_REPRODUCE_TARGET_S = 5.0
# Table III's single- and two-buffer rows over burst intervals 20-46 ms and two seeds (56 runs),
# at Table III's transfer size and at ten times it.
SWEEP_GRID: dict[str, list[int]] = {"nbufs": [1, 2], "bi_ms": list(range(20, 48, 2)), "seed": [1, 2]}
SWEEP_TRANSFERS_KB: tuple[int, ...] = (1438, 14380)


def measure_sweep_rate(grid: Mapping[str, Iterable[Any]], fixed: Mapping[str, Any],
                       workers: int, include_startup: bool = False) -> float:  # fmt: skip
    """Runs per second of `sweep(grid, workers=workers, **fixed)` without a store (every run
    simulated).

    By default the clock starts once the runs' processes have ns-3 loaded and have run the
    grid's first transfer once (the local cluster started and warmed up, or this process): the
    steady rate. With `include_startup` it starts before the cluster (for workers=1: before
    ns-3 is loaded, which costs nothing if this process has loaded it already)."""
    runs = [FlowSet.single(params) for params in grid_parameters(grid, **fixed)]
    started = time.perf_counter()
    with TransferExecutor(workers=workers) as executor:
        executor.warm_up(runs[0] if runs else None)
        warm = time.perf_counter()
        executor.run(runs, None)
        finished = time.perf_counter()
    return len(runs) / (finished - (started if include_startup else warm))


def _warm_up_then_wait(params: FlowSet, ready: Barrier) -> None:
    warm_up(params)
    ready.wait()  # no process takes a task before both can


def measure_split_rate(grid: dict[str, list[int]], fixed: dict[str, object]) -> float:
    """Runs per second of the grid split in two halves beforehand, each run to its end in one
    of two processes that have ns-3 loaded and warm (the Dask workers' own functions, called
    by `multiprocessing`): no scheduler, no messages but the two."""
    import multiprocessing  # noqa: PLC0415

    runs = [FlowSet.single(params) for params in grid_parameters(grid, **fixed)]
    context = multiprocessing.get_context("spawn")
    ready = context.Barrier(2)
    with context.Pool(2, initializer=_warm_up_then_wait, initargs=(runs[0], ready)) as pool:
        pool.map(run_chunk, [[], []], chunksize=1)  # once both processes are ready
        started = time.perf_counter()
        pool.map(run_chunk, [runs[0::2], runs[1::2]], chunksize=1)
        finished = time.perf_counter()
    return len(runs) / (finished - started)


def sweep_section(repeat: int) -> None:
    runs = math.prod(len(values) for values in SWEEP_GRID.values())
    print(f"== sweep throughput: {runs} Ethernet transfers (Table III's shape) on 1 and on 2 "
          f"workers, clusters started and warm, {repeat} pairs (target: 2 workers at least "
          f"{SWEEP_TARGET}x)")  # fmt: skip
    for kilobytes in SWEEP_TRANSFERS_KB:
        fixed = {"network": "ethernet", "bs": 5, "psz": 1438, "bfsz": 14380, "xfsz_kb": kilobytes}
        ones: list[float] = []
        twos: list[float] = []
        splits: list[float] = []
        for _ in range(repeat):  # together, so that all three see the same machine
            ones.append(measure_sweep_rate(SWEEP_GRID, fixed, workers=1))
            twos.append(measure_sweep_rate(SWEEP_GRID, fixed, workers=2))
            splits.append(measure_split_rate(SWEEP_GRID, fixed))
        ratios = [two / one for one, two in zip(ones, twos, strict=True)]
        ceilings = [split / one for one, split in zip(ones, splits, strict=True)]
        ratio = statistics.median(ratios)
        verdict = "meets" if ratio >= SWEEP_TARGET else "misses"
        print(f"{kilobytes} kB transfers: 1 worker {statistics.median(ones):.1f} runs/s, "
              f"2 workers {statistics.median(twos):.1f} runs/s; {ratio:.2f}x, the median of "
              f"{', '.join(f'{r:.2f}' for r in ratios)} ({verdict} the target); two processes "
              f"without Dask, halves split beforehand: {statistics.median(ceilings):.2f}x, the "
              f"median of {', '.join(f'{r:.2f}' for r in ceilings)}")  # fmt: skip


def reproduce_section() -> None:
    print(f"== scripts/reproduce (2 workers), cold (empty result store) and warm (target: warm "
          f"under {WARM_REPRODUCE_TARGET_S:.0f} s)")  # fmt: skip
    command = [str(REPO_ROOT / "scripts" / "reproduce"), "--workers", "2"]
    with tempfile.TemporaryDirectory(prefix="netblt-bench-store-") as directory:
        store = ["--store", str(Path(directory) / "results.sqlite")]
        cold = run_child([*command, *store], REPO_ROOT)
        warm = run_child([*command, *store], REPO_ROOT)
    verdict = "meets" if warm.wall_s < WARM_REPRODUCE_TARGET_S else "misses"
    print(f"cold {cold.wall_s:.1f} s, warm {warm.wall_s:.1f} s ({verdict} the target)")


MORRIS_TARGET_S = 30 * 60
MORRIS_TABLES: tuple[str, ...] = ("table-III", "table-IV")


def morris_section() -> None:
    from dataclasses import replace  # noqa: PLC0415

    from netblt_sim.scenarios.bands.scenario import BandsScenario, screen  # noqa: PLC0415
    from netblt_sim.scenarios.registry import load_scenario  # noqa: PLC0415

    print(f"== Morris screening of {' and '.join(MORRIS_TABLES)} (2 workers), from an empty "
          f"result store and again on it (target: cold within {MORRIS_TARGET_S / 60:.0f} min)")  # fmt: skip
    scenario = load_scenario("table-bands")
    assert isinstance(scenario, BandsScenario)
    scenario = replace(scenario, tables=tuple(t for t in scenario.tables if t.name in MORRIS_TABLES))
    with tempfile.TemporaryDirectory(prefix="netblt-bench-store-") as directory:
        store = Path(directory) / "results.sqlite"
        started = time.monotonic()
        with TransferExecutor(workers=2, store=store) as executor:
            screen(scenario, executor)
            cold = executor.counts
        cold_s = time.monotonic() - started
        started = time.monotonic()
        with TransferExecutor(workers=2, store=store) as executor:
            screen(scenario, executor)
            again = executor.counts
        again_s = time.monotonic() - started
    verdict = "meets" if cold_s <= MORRIS_TARGET_S else "misses"
    print(f"cold: {cold.simulated} runs simulated in {cold_s:.0f} s ({verdict} the target); "
          f"again: {again.simulated} simulated, {again.cached} from the store, {again_s:.0f} s")


SECTIONS: tuple[str, ...] = ("per-packet", "start-up", "sweep", "reproduce", "morris")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench", description=__doc__.split("\n\n")[0],
                                     formatter_class=DefaultsOnceHelpFormatter)
    parser.add_argument("--megabytes", type=int, default=50, help="transfer size, 10^6 bytes")
    parser.add_argument("--repeat", type=int, default=3, help="measurements per figure")
    parser.add_argument("--only", choices=SECTIONS, action="append",
                        help="run only these (repeatable; default: every one)")  # fmt: skip
    arguments = parser.parse_args(argv)
    if not 1 <= arguments.megabytes <= 1000:
        parser.exit(2, f"bench: error: --megabytes {arguments.megabytes}: 1 to 1000\n")
    if not 1 <= arguments.repeat <= 50:
        parser.exit(2, f"bench: error: --repeat {arguments.repeat}: 1 to 50\n")
    chosen = arguments.only or list(SECTIONS)
    if "per-packet" in chosen:
        per_packet_section(arguments.megabytes, arguments.repeat)
    if "start-up" in chosen:
        start_up_section(arguments.repeat)
    if "sweep" in chosen:
        sweep_section(arguments.repeat)
    if "reproduce" in chosen:
        reproduce_section()
    if "morris" in chosen:
        morris_section()
    return 0


if __name__ == "__main__":
    sys.exit(main())
