"""`scripts/bench-wideband`: how much faster than real time a long transfer over the Wideband
path simulates (RFC 1030 §8 wanted transfers of 10 to 50 million bytes).

Runs one transfer of the best configuration of Table IV (1432-byte packets, 14320-byte buffers,
5 packets every 55 ms, 22 outstanding buffers) and prints the simulated time, the wall time of
the simulation alone (ns-3 is loaded and a 1-million-byte warm-up transfer run first, neither
counted), their ratio, the events executed
and the events per wall second. The ratio is the figure to watch: RFC 1030's target for this
project is at least 1000 for 50 million bytes.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from netblt_sim import runtime
from netblt_sim.networks import WIDEBAND
from netblt_sim.transfer import TransferParameters, run_transfer

DEFAULT_MEGABYTES = 50
TARGET_SPEED_UP = 1000


def best_run_parameters(megabytes: int, seed: int) -> TransferParameters:
    """Table IV's best configuration (RFC 1030 §7) for a transfer of `megabytes` million bytes."""
    return TransferParameters(
        bs=5, bi_ms=55, psz=1432, bfsz=14320, xfsz_bytes=megabytes * 1_000_000, nbufs=22,
        seed=seed, network=WIDEBAND, max_simulated_s=100_000.0,
    )  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench-wideband", description=__doc__.split("\n\n")[0])
    parser.add_argument("--megabytes", type=int, default=DEFAULT_MEGABYTES, help="10^6 bytes")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args(argv)
    if not 1 <= arguments.megabytes <= 4000:
        parser.exit(2, f"bench-wideband: error: --megabytes {arguments.megabytes}: 1 to 4000\n")
    parameters = best_run_parameters(arguments.megabytes, arguments.seed)
    parameters.validate()
    runtime.load()
    # The first transfer in a process also pays cppyy's one-time compilation of the calls it
    # makes (about 0.3 s); a warm-up transfer keeps that out of the figure, as a sweep would.
    run_transfer(best_run_parameters(1, arguments.seed))
    started = time.perf_counter()
    record = run_transfer(parameters)
    wall = time.perf_counter() - started
    speed_up = record.simulated_seconds / wall
    print(f"transfer: {arguments.megabytes} million bytes over the Wideband path, 5 x 1432 bytes "
          f"every 55 ms, 22 buffers, seed {arguments.seed}")  # fmt: skip
    print(f"completed intact: {record.completed and record.intact}; steady-state "
          f"{record.steady_state_mbps:.3f} Mbit/s; {record.lost} lost, "
          f"{record.retransmitted} retransmitted")  # fmt: skip
    print(f"simulated time: {record.simulated_seconds:.1f} s")
    print(f"wall time (simulation only): {wall:.2f} s")
    print(f"events: {record.events} ({record.events / wall / 1e6:.2f} M events per wall second)")
    print(f"speed-up over real time: {speed_up:.0f} x (target: at least {TARGET_SPEED_UP} x)")
    return 0 if record.completed and record.intact else 1


if __name__ == "__main__":
    sys.exit(main())
