# SPDX-License-Identifier: GPL-2.0-only
"""`scripts/bench-wideband`: how much faster than real time a long transfer over the Wideband
path simulates (RFC 1030 §8 wanted transfers of 10 to 50 million bytes).

Runs one transfer of the best configuration of Table IV (RFC 1030 §7's best run, as
`scenarios/wideband-best-run.json` gives it: 1432-byte packets, 14320-byte buffers, 5 packets every
55 ms, 22 outstanding buffers) and prints the simulated time, the wall time of
the simulation alone (ns-3 is loaded and a 1-million-byte warm-up transfer run first, neither
counted), their ratio, the events executed
and the events per wall second. The ratio is the figure to watch: RFC 1030's target for this
project is at least 1000 for 50 million bytes.

In the same run, `build/bin/stock-wideband-path` carries the transfer's data packets over the same
hops with stock ns-3 alone (CSMA Ethernets, point-to-point T1 and satellite links, IPv4 forwarding,
a UdpClient at the burst rate; no host model, NETBLT, background load or control traffic). Its
ratio, and the wall time per data packet of both, show how much of the cost is ns-3's own.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence

from netblt_sim import runtime
from netblt_sim.bench import stock_figures
from netblt_sim.measures import MeasureScenario
from netblt_sim.parameters import TransferParameters, transfer_parameters
from netblt_sim.runtime import BUILD_DIR
from netblt_sim.scenarios import load_scenario
from netblt_sim.transfer import run_transfer

DEFAULT_MEGABYTES = 50
TARGET_SPEED_UP = 1000
BEST_RUN_SCENARIO = "wideband-best-run"


def best_run_parameters(megabytes: int, seed: int) -> TransferParameters:
    """Table IV's best configuration (the first run set of `BEST_RUN_SCENARIO`, at its first
    burst interval) for a transfer of `megabytes` million bytes."""
    scenario = load_scenario(BEST_RUN_SCENARIO)
    if not isinstance(scenario, MeasureScenario):
        raise ValueError(f"scenario {BEST_RUN_SCENARIO!r} is not of kind 'measure'")
    best = scenario.run_sets[0]
    transfer = dict(best.transfer) | {"xfsz_kb": megabytes * 1000}
    return transfer_parameters(
        **transfer, bi_ms=best.grid["bi_ms"][0], seed=seed, network=best.network,
        max_simulated_s=100_000.0,
    )  # fmt: skip


STOCK_PROGRAM = BUILD_DIR / "bin" / "stock-wideband-path"


def run_stock_path(parameters: TransferParameters) -> dict[str, float]:
    """Runs the stock ns-3 yardstick for the transfer's first transmissions of its data packets
    at its burst rate; returns its printed figures (`simulated_s`, `wall_s`, `events`,
    `speed_up`, `packets`, `received`)."""
    packets = math.ceil(parameters.xfsz_bytes / parameters.psz)
    return stock_figures(STOCK_PROGRAM, parameters, packets)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench-wideband", description=__doc__.split("\n\n")[0])
    parser.add_argument("--megabytes", type=int, default=DEFAULT_MEGABYTES, help="10^6 bytes")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args(argv)
    if not 1 <= arguments.megabytes <= 4000:
        parser.exit(2, f"bench-wideband: error: --megabytes {arguments.megabytes}: 1 to 4000\n")
    parameters = best_run_parameters(arguments.megabytes, arguments.seed)
    runtime.load()
    # The first transfer in a process also pays cppyy's one-time compilation of the calls it
    # makes (about 0.3 s); a warm-up transfer keeps that out of the figure, as a sweep would.
    run_transfer(best_run_parameters(1, arguments.seed))
    started = time.perf_counter()
    record = run_transfer(parameters)
    wall = time.perf_counter() - started
    speed_up = record.simulated_seconds / wall
    print(f"transfer: {arguments.megabytes} million bytes over the Wideband path, {parameters.bs} "
          f"x {parameters.psz} bytes every {parameters.bi_ms} ms, {parameters.nbufs} buffers, "
          f"seed {arguments.seed}")  # fmt: skip
    print(f"completed intact: {record.completed and record.intact}; steady-state "
          f"{record.steady_state_mbps:.3f} Mbit/s; {record.lost} lost, "
          f"{record.retransmitted} retransmitted")  # fmt: skip
    print(f"simulated time: {record.simulated_seconds:.1f} s")
    print(f"wall time (simulation only): {wall:.2f} s")
    print(f"events: {record.events} ({record.events / wall / 1e6:.2f} M events per wall second)")
    print(f"speed-up over real time: {speed_up:.0f} x (target: at least {TARGET_SPEED_UP} x)")
    stock = run_stock_path(parameters)
    model_per_packet = wall / record.data_packets_sent
    stock_per_packet = stock["wall_s"] / stock["packets"]
    print(f"stock ns-3, the same {stock['packets']:.0f} data packets over the same hops: "
          f"{stock['simulated_s']:.1f} s simulated in {stock['wall_s']:.2f} s, "
          f"{stock['speed_up']:.0f} x real time")  # fmt: skip
    print(f"wall time per data packet: this model {model_per_packet * 1e6:.1f} us "
          f"({record.data_packets_sent} sent), stock ns-3 {stock_per_packet * 1e6:.1f} us; "
          f"ratio {model_per_packet / stock_per_packet:.2f}")  # fmt: skip
    return 0 if record.completed and record.intact else 1


if __name__ == "__main__":
    sys.exit(main())
