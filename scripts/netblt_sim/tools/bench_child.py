# SPDX-License-Identifier: GPL-2.0-only
"""`python -m netblt_sim.tools.bench_child NETWORK MEGABYTES`: the NETBLT side of one of
`scripts/bench`'s per-packet pairs, in a process of its own as the stock side's is.

Loads ns-3, runs the per-packet shape once small over NETWORK (the first transfer in a process
also pays cppyy's compilation of the calls it makes), then times one transfer of MEGABYTES
million bytes (`bench.netblt_per_packet`) and prints its seconds of `Simulator::Run()` per
delivered data packet and the packets delivered.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from netblt_sim.core import runtime
from netblt_sim.core.simulation import run_transfer
from netblt_sim.tools.bench import netblt_per_packet, per_packet_parameters

WARM_UP_KB = 144


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    if len(arguments) != 2 or not arguments[1].isdigit():
        print("usage: python -m netblt_sim.tools.bench_child NETWORK MEGABYTES", file=sys.stderr)
        return 2
    network, megabytes = arguments[0], int(arguments[1])
    try:
        warm_up = per_packet_parameters(network, WARM_UP_KB)
        timed = per_packet_parameters(network, megabytes * 1000)
    except ValueError as error:
        print(f"bench_child: {error}", file=sys.stderr)
        return 2
    runtime.load()
    run_transfer(warm_up)
    per_packet, delivered = netblt_per_packet(timed)
    print(per_packet, delivered)
    return 0


if __name__ == "__main__":
    sys.exit(main())
