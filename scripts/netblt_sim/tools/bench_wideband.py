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

`--flows N` runs N such transfers at once (RFC 1030 §8's parallel processes, see `flows`), each
of `--megabytes` million bytes from its own PC/AT to its own SUN-3 and tuned to 1/N of the rate
(burst interval `--bi-ms` x N, random phases), beside stock ns-3 with N UDP senders and receivers
sharing the same packets and rate; the figure to watch is then the wall time per data packet
against stock's (for 8 flows x 10 million bytes: at most `TARGET_PER_PACKET_RATIO` times).
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from dataclasses import asdict

from netblt_sim.core import runtime
from netblt_sim.core.flows import FlowSet, flow_set
from netblt_sim.core.simulation import run_flow_set
from netblt_sim.core.parameters import TransferParameters, transfer_parameters
from netblt_sim.core.runtime import BUILD_DIR
from netblt_sim.scenarios.measure.scenario import MeasureScenario
from netblt_sim.scenarios.registry import load_scenario
from netblt_sim.tools.bench import SimulatorRunTimer, stock_figures
from netblt_sim.tools.help_format import DefaultsOnceHelpFormatter

DEFAULT_MEGABYTES = 50
TARGET_SPEED_UP = 1000
TARGET_PER_PACKET_RATIO = 1.5  # several flows: wall time per data packet against stock's
BEST_RUN_SCENARIO = "wideband-best-run"


def best_run_parameters(megabytes: int, seed: int, bi_ms: int | None = None) -> TransferParameters:
    """Table IV's best configuration (the first run set of `BEST_RUN_SCENARIO`, at its first
    burst interval unless `bi_ms` is given) for a transfer of `megabytes` million bytes."""
    scenario = load_scenario(BEST_RUN_SCENARIO)
    if not isinstance(scenario, MeasureScenario):
        raise ValueError(f"scenario {BEST_RUN_SCENARIO!r} is not of kind 'measure'")
    best = scenario.run_sets[0]
    transfer = dict(best.transfer) | {"xfsz_kb": megabytes * 1000}
    return transfer_parameters(
        **transfer, bi_ms=bi_ms or best.grid["bi_ms"][0], seed=seed, network=best.network,
        max_simulated_s=100_000.0,
    )  # fmt: skip


def tuned_flows(parameters: TransferParameters, flows: int) -> FlowSet:
    """`flows` transfers of `parameters`, each 1/N of its rate, at random phases."""
    return flow_set(flows=flows, phase="random", share_rate=True, **asdict(parameters))


STOCK_PROGRAM = BUILD_DIR / "bin" / "stock-wideband-path"


def run_stock_path(parameters: TransferParameters, flows: int = 1) -> dict[str, float]:
    """Runs the stock ns-3 yardstick for the first transmissions of the data packets of `flows`
    such transfers at the transfer's burst rate, all flows together; returns its printed
    figures (`simulated_s`, `wall_s`, `events`, `speed_up`, `packets`, `received`)."""
    packets = flows * math.ceil(parameters.xfsz_bytes / parameters.psz)
    return stock_figures(STOCK_PROGRAM, parameters, packets, flows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench-wideband", description=__doc__.split("\n\n")[0],
                                     formatter_class=DefaultsOnceHelpFormatter)
    parser.add_argument("--megabytes", type=int, default=DEFAULT_MEGABYTES,
                        help="10^6 bytes, per flow")  # fmt: skip
    parser.add_argument("--seed", type=int, default=1, help="seed of every random stream")
    parser.add_argument("--flows", type=int, default=1,
                        help="transfers at once, each --megabytes at 1/N of the rate")  # fmt: skip
    parser.add_argument("--bi-ms", type=int, default=None,
                        help="burst interval of all flows together (default: the best run's)")
    arguments = parser.parse_args(argv)
    if not 1 <= arguments.megabytes <= 4000:
        parser.exit(2, f"bench-wideband: error: --megabytes {arguments.megabytes}: 1 to 4000\n")
    if not 1 <= arguments.flows <= 100:
        parser.exit(2, f"bench-wideband: error: --flows {arguments.flows}: 1 to 100\n")
    if arguments.bi_ms is not None and not 1 <= arguments.bi_ms * arguments.flows <= 65535:
        parser.exit(2, f"bench-wideband: error: --bi-ms {arguments.bi_ms}: 1 to "
                       f"{65535 // arguments.flows} ms with {arguments.flows} flows\n")  # fmt: skip
    parameters = best_run_parameters(arguments.megabytes, arguments.seed, arguments.bi_ms)
    runtime.load()
    # The first transfer in a process also pays cppyy's one-time compilation of the calls it
    # makes (about 0.3 s); a warm-up transfer keeps that out of the figure, as a sweep would.
    run_flow_set(tuned_flows(best_run_parameters(1, arguments.seed, arguments.bi_ms),
                             arguments.flows))  # fmt: skip
    timer = SimulatorRunTimer()
    result = run_flow_set(tuned_flows(parameters, arguments.flows), observer=timer)
    wall = timer.wall_s
    simulated = result.path.simulated_seconds
    print(f"transfer: {arguments.flows} x {arguments.megabytes} million bytes over the Wideband "
          f"path, {parameters.bs} x {parameters.psz} bytes every {parameters.bi_ms} ms in all "
          f"({parameters.bi_ms * arguments.flows} ms per flow), {parameters.nbufs} buffers, "
          f"seed {arguments.seed}")  # fmt: skip
    intact = all(flow.completed and flow.intact for flow in result.flows)
    print(f"completed intact: {intact}; steady-state {result.aggregate_mbps:.3f} Mbit/s (all "
          f"flows); {sum(f.lost for f in result.flows)} lost, "
          f"{sum(f.retransmitted for f in result.flows)} retransmitted, "
          f"{result.path.station_resets} station resets")  # fmt: skip
    print(f"simulated time: {simulated:.1f} s")
    print(f"wall time of Simulator::Run(): {wall:.2f} s")
    events = result.path.events
    print(f"events: {events} ({events / wall / 1e6:.2f} M events per wall second)")
    print(f"speed-up over real time: {simulated / wall:.0f} x (target: at least "
          f"{TARGET_SPEED_UP} x)")  # fmt: skip
    stock = run_stock_path(parameters, arguments.flows)
    sent = sum(flow.data_packets_sent for flow in result.flows)
    model_per_packet = wall / sent
    stock_per_packet = stock["wall_s"] / stock["packets"]
    target = (f" (target with several flows: at most {TARGET_PER_PACKET_RATIO})"
              if arguments.flows > 1 else "")  # fmt: skip
    print(f"stock ns-3, the same {stock['packets']:.0f} data packets over the same hops: "
          f"{stock['simulated_s']:.1f} s simulated in {stock['wall_s']:.2f} s, "
          f"{stock['speed_up']:.0f} x real time")  # fmt: skip
    print(f"wall time per data packet: this model {model_per_packet * 1e6:.1f} us ({sent} sent), "
          f"stock ns-3 {stock_per_packet * 1e6:.1f} us; ratio "
          f"{model_per_packet / stock_per_packet:.2f}{target}")  # fmt: skip
    return 0 if intact else 1


if __name__ == "__main__":
    sys.exit(main())
