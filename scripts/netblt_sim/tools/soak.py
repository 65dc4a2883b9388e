# SPDX-License-Identifier: GPL-2.0-only
"""`scripts/soak`: random impaired NETBLT transfers and a mutation fuzzer, run by
`build/bin/netblt-soak-run` in chunks of seeds, in parallel, and summed up (`soak_results`); with
`--networks`, random transfers on the modelled networks too, run by `soak_network` in chunks the
same way.

Each chunk is a subprocess with a time limit, so that a crash (a signal, an abort) or a hang
(the limit) is caught and charged to the first run of the chunk that did not report; the chunk
then goes on from the run after it. Exit status: 0 if nothing failed, 1 if any transfer was bad
or hung, any run crashed or hung, or any injected packet went unaccounted, 2 for a bad option.
"""

from __future__ import annotations

import argparse
import math
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Literal

from netblt_sim.core import runtime
from netblt_sim.core.models import PER_BYTE_SUFFIX, TIME_UNITS_NS, load_model
from netblt_sim.core.networks import NETWORKS, POINT_TO_POINT
from netblt_sim.core.parameters import NETBLT
from netblt_sim.core.runtime import BUILD_DIR
from netblt_sim.tools.help_format import DefaultsOnceHelpFormatter
from netblt_sim.tools.soak_results import (
    Done,
    Failure,
    RunKind,
    RunResult,
    Summary,
    format_networks,
    network_problems,
    parse_line,
)

SOAK_PROGRAM = BUILD_DIR / "bin" / "netblt-soak-run"
NETBLT_NETWORKS = tuple(name for name, n in NETWORKS.items() if NETBLT in n.protocols)
PACKETS_PER_RUN = 1000  # injected into each fuzzed transfer
TRANSFERS_PER_CHUNK = 250
# A modelled network's chunk is a Python process that loads ns-3 first (about 3 s of CPU) and
# runs its transfers in 3-20 ms each: a chunk of 1000 takes 6-25 s on an idle core, far within
# the time limit even on a machine loaded several times over.
NETWORK_TRANSFERS_PER_CHUNK = 1000
FUZZ_RUNS_PER_CHUNK = 25
DEFAULT_TIMEOUT_S = 300.0
EXIT_FAILED = 1
EXIT_BAD_VALUE = 2


@dataclass(frozen=True)
class Chunk:
    """Consecutive runs of one kind for one subprocess: `runs` transfers from `first_seed`, or
    fuzzed transfers injecting `packets` in all, `packets_per_run` each (the last maybe fewer),
    on `network` (fuzzed ones on the point-to-point link only)."""

    kind: RunKind
    first_seed: int
    runs: int
    packets: int = 0
    packets_per_run: int = PACKETS_PER_RUN
    network: str = POINT_TO_POINT

    def arguments(self) -> list[str]:
        """The options of `netblt-soak-run`, or of `soak_network` (`network_command` names the
        program), that run this chunk."""
        if self.kind == "transfer":
            seeds = [f"--first-seed={self.first_seed}", f"--transfers={self.runs}"]
            return seeds + (["--packets=0"] if self.network == POINT_TO_POINT else [])
        return [
            "--transfers=0",
            f"--fuzz-first-seed={self.first_seed}",
            f"--packets={self.packets}",
            f"--packets-per-run={self.packets_per_run}",
        ]

    def after(self, seed: int) -> Chunk | None:
        """What is left of the chunk after the run of `seed`; None if nothing is."""
        done = seed - self.first_seed + 1
        if done >= self.runs:
            return None
        return replace(
            self,
            first_seed=seed + 1,
            runs=self.runs - done,
            packets=max(0, self.packets - done * self.packets_per_run),
        )


def plan(
    transfers: int, packets: int, seed: int, networks: Sequence[str] = (POINT_TO_POINT,)
) -> list[Chunk]:
    """The chunks of a soak: on each network in turn, `transfers` transfers seeds `seed`
    onwards; then, if the point-to-point link is among the networks, fuzzed transfers seeds
    `seed` onwards, `PACKETS_PER_RUN` packets each, `packets` in all."""
    chunks = []
    for network in networks:
        size = TRANSFERS_PER_CHUNK if network == POINT_TO_POINT else NETWORK_TRANSFERS_PER_CHUNK
        for start in range(0, transfers, size):
            runs = min(size, transfers - start)
            chunks.append(Chunk("transfer", seed + start, runs, network=network))
    if POINT_TO_POINT not in networks:
        return chunks
    fuzz_runs = math.ceil(packets / PACKETS_PER_RUN)
    for start in range(0, fuzz_runs, FUZZ_RUNS_PER_CHUNK):
        runs = min(FUZZ_RUNS_PER_CHUNK, fuzz_runs - start)
        quota = min(packets, (start + runs) * PACKETS_PER_RUN) - start * PACKETS_PER_RUN
        chunks.append(Chunk("fuzz", seed + start, runs, quota))
    return chunks


def cpu_costs_option() -> str:
    """netblt-soak-run's `--cpu-costs`: NETBLT's costs on the PC/AT (models/hosts/ibm-pc-at.json), for
    the transfers whose configuration charges CPU costs; each in whole nanoseconds, as a
    transfer's models apply it."""
    entries = load_model("hosts", "ibm-pc-at").attributes["netblt"]
    costs = [
        f"{name}={round(entry.value * TIME_UNITS_NS[entry.unit.removesuffix(PER_BYTE_SUFFIX)])}ns"
        for name, entry in entries.items()
        if entry.unit.removesuffix(PER_BYTE_SUFFIX) in TIME_UNITS_NS
    ]
    return "--cpu-costs=" + ",".join(costs)


def _how(returncode: int) -> str:
    if returncode < 0:
        try:
            return f"killed by {signal.Signals(-returncode).name}"
        except ValueError:
            return f"killed by signal {-returncode}"
    return f"exit status {returncode}"


def run_chunk(
    chunk: Chunk, program: Sequence[str], timeout_s: float
) -> tuple[list[RunResult], list[Failure]]:
    """Runs a chunk to its end, past any run that crashes or hangs; returns the runs' results
    and the failures."""
    results: list[RunResult] = []
    failures: list[Failure] = []
    left: Chunk | None = chunk
    while left is not None:
        try:
            completed = subprocess.run(
                [*program, *left.arguments()], capture_output=True, text=True, timeout=timeout_s
            )
            stdout, stderr, how = completed.stdout, completed.stderr, _how(completed.returncode)
            finished = completed.returncode == 0
            what: Literal["crash", "hang"] = "crash"
        except subprocess.TimeoutExpired as expired:
            stdout = _text(expired.stdout)
            stderr = _text(expired.stderr)
            finished, what, how = False, "hang", f"still running after {timeout_s:g} s"
        reported = [line for line in map(parse_line, stdout.splitlines()) if line is not None]
        runs = [line for line in reported if isinstance(line, RunResult)]
        results += runs
        if finished and any(isinstance(line, Done) for line in reported):
            break
        # The first run that did not report took the chunk down.
        seed = runs[-1].seed + 1 if runs else left.first_seed
        last_error = stderr.strip().splitlines()[-1] if stderr.strip() else ""
        failures.append(Failure(what, left.kind, seed, how, last_error))
        left = left.after(seed)
    return results, failures


def _text(output: bytes | str | None) -> str:
    if output is None:
        return ""
    return output.decode(errors="replace") if isinstance(output, bytes) else output


def network_command(network: str) -> list[str]:
    """The command that runs a chunk on `network`, before the chunk's `arguments()`."""
    if network == POINT_TO_POINT:
        return [str(SOAK_PROGRAM), cpu_costs_option()]
    return [sys.executable, "-m", "netblt_sim.tools.soak_network", f"--network={network}"]


def run_soak(
    chunks: Sequence[Chunk],
    programs: Callable[[str], Sequence[str]],
    jobs: int,
    timeout_s: float,
) -> dict[str, Summary]:
    """Runs the chunks, `jobs` at a time, each with the command `programs(chunk.network)`, and
    sums up what they report by network, in chunk order."""
    summaries: dict[str, Summary] = {}
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [
            (chunk.network, pool.submit(run_chunk, chunk, programs(chunk.network), timeout_s))
            for chunk in chunks
        ]
        for network, future in futures:
            summary = summaries.setdefault(network, Summary())
            results, failures = future.result()
            for result in results:
                summary.add(result)
            summary.failures += failures
    return summaries


def _count(minimum: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a whole number (allowed: {minimum} or more)"
            ) from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{value} is too small (allowed: {minimum} or more)")
        return value

    return parse


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{value:g} is not a positive number of seconds")
    return value


def _networks(text: str) -> tuple[str, ...]:
    """`all` (every network that carries NETBLT) or a comma-separated list of such networks,
    in the order of `NETWORKS`."""
    names = list(NETBLT_NETWORKS) if text == "all" else [n.strip() for n in text.split(",")]
    unknown = [name for name in names if name not in NETWORKS]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown network(s) {', '.join(map(repr, unknown))} (known: all, "
            f"{', '.join(NETBLT_NETWORKS)})"
        )
    for name in names:
        if name not in NETBLT_NETWORKS:
            raise argparse.ArgumentTypeError(
                f"network {name!r} carries no NETBLT ({NETWORKS[name].protocols_reason}); "
                f"the soak's networks: all, {', '.join(NETBLT_NETWORKS)}"
            )
    return tuple(name for name in NETBLT_NETWORKS if name in names)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="soak",
        description="Random impaired NETBLT transfers and a mutation fuzzer (build/bin/"
        "netblt-soak-run) on the point-to-point link, and random transfers on the modelled networks "
        "(--networks), in parallel chunks; prints the counts of every outcome by network, and "
        "exits 1 if any transfer was bad or hung, any run crashed, or any injected packet went "
        "unaccounted.",
        formatter_class=DefaultsOnceHelpFormatter,
    )
    parser.add_argument(
        "--networks",
        type=_networks,
        default=POINT_TO_POINT,
        help=f"'all' (every network that carries NETBLT) or a comma-separated list of "
        f"{', '.join(NETBLT_NETWORKS)}; the fuzzer runs with {POINT_TO_POINT}",
    )
    parser.add_argument(
        "--transfers", type=_count(0), default=1000, help="random transfers on each network"
    )
    parser.add_argument(
        "--packets",
        type=_count(0),
        default=100_000,
        help=f"mutated and random packets to inject (on {POINT_TO_POINT})",
    )
    parser.add_argument("--seed", type=_count(1), default=1, help="first seed of either kind")
    parser.add_argument(
        "--jobs", type=_count(1), default=os.cpu_count() or 1, help="chunks run at once"
    )
    parser.add_argument(
        "--timeout", type=_seconds, default=DEFAULT_TIMEOUT_S, help="time limit of a chunk, s"
    )
    return parser


def main(argv: Sequence[str] | None = None, program: Sequence[str] | None = None) -> int:
    """`scripts/soak`; `program` replaces every network's command (`network_command`)."""
    arguments = build_parser().parse_args(argv)
    networks: tuple[str, ...] = arguments.networks
    if program is None:
        missing = runtime.missing_build_files() + (
            [SOAK_PROGRAM] if POINT_TO_POINT in networks and not SOAK_PROGRAM.exists() else []
        )
        if missing:
            listed = ", ".join(str(path) for path in missing)
            print(f"soak: {listed} not found; run scripts/setup first", file=sys.stderr)
            return EXIT_FAILED
    chunks = plan(arguments.transfers, arguments.packets, arguments.seed, networks)
    fuzz_packets = arguments.packets if POINT_TO_POINT in networks else 0
    fuzz_runs = math.ceil(fuzz_packets / PACKETS_PER_RUN)
    print(
        f"NETBLT soak: {arguments.transfers} random transfers on each of {', '.join(networks)} "
        f"(seeds {arguments.seed} on), {fuzz_packets} packets injected into {fuzz_runs} fuzzed "
        f"transfers on {POINT_TO_POINT} (seeds {arguments.seed} on); {len(chunks)} chunks, "
        f"{arguments.jobs} at a time",
        flush=True,
    )
    started = time.monotonic()
    summaries = run_soak(
        chunks,
        (lambda _: program) if program is not None else network_command,
        arguments.jobs,
        arguments.timeout,
    )
    print(format_networks(summaries))
    print(f"Wall time {time.monotonic() - started:.1f} s")
    return EXIT_FAILED if network_problems(summaries) else 0


if __name__ == "__main__":
    sys.exit(main())
