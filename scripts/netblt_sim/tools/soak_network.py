# SPDX-License-Identifier: GPL-2.0-only
"""Random transfers on one modelled network, for `scripts/soak --networks`: each run drawn by
`soak_shapes.draw_transfer`, run by `run_transfer`, judged by `judge` and printed as one JSON line
in the format of `build/bin/netblt-soak`'s (`soak_results.parse_line` reads both), then a `done`
line:

    python -m netblt_sim.tools.soak_network --network wideband --first-seed 1 --transfers 100

Outcomes: intact (both ends closed TRANSFER_COMPLETE and the receiving client got exactly the
bytes given); clean (both ends closed otherwise, and the client was handed nothing it should not
have: refused, aborted, death timeout, NO_PROGRESS, ...); bad (a false completion, or bytes that
are not the ones given: more than were given, or all of them but different); hang (an end still
open at the run's simulated-time cap, `soak_shapes.time_cap_s`). A crash takes the process down
and is charged by `soak.run_chunk` to the first seed that did not report.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from netblt_sim.core.transfer import TransferRecord
from netblt_sim.core.simulation import run_transfer
from netblt_sim.tools.soak_shapes import SOAKED_NETWORKS, SoakTransfer, draw_transfer

COMPLETE = "TRANSFER_COMPLETE"


def is_open(close: str) -> bool:
    """True for an end that has not closed: the record's "OPEN" or "OPEN(<state>)" (not the
    close reason OPEN_FAILED, nor NEVER_OPENED, a receiver no OPEN reached)."""
    return close == "OPEN" or close.startswith("OPEN(")


def judge(record: TransferRecord, transfer_size: int) -> tuple[str, str]:
    """The outcome of a run of `transfer_size` bytes and its detail (the two ends' close reasons,
    sender first, and what was wrong if anything was).

    The record holds digests of whole transfers only (`intact`), so bytes a client got before
    its connection closed otherwise are judged by their count; the C++ soak compares them byte
    for byte on the point-to-point link."""
    ends = f"{record.sender_close}/{record.receiver_close}"
    if is_open(record.sender_close) or is_open(record.receiver_close):
        return "hang", f"open at {record.simulated_seconds:g} s ({ends})"
    given, received = record.bytes_given, record.bytes_received
    if received > given:
        return "bad", f"receiver got {received} bytes, {given} given ({ends})"
    if record.receiver_close == COMPLETE and not record.intact:
        return "bad", f"receiver completed with {received} of {given} bytes ({ends})"
    if record.sender_close == COMPLETE and not record.intact:
        return "bad", f"sender completed, receiver got {received} of {given} bytes ({ends})"
    if received == given == transfer_size and not record.intact:
        return "bad", f"all {received} bytes delivered but not the ones given ({ends})"
    if record.completed and record.intact:
        return "intact", ends
    return "clean", ends


def line(transfer: SoakTransfer, record: TransferRecord, print_config: bool) -> str:
    """The run's JSON line, as `netblt-soak` prints one (its configuration only if it failed or
    `print_config`)."""
    outcome, detail = judge(record, transfer.parameters.xfsz_bytes)
    data: dict[str, object] = {
        "kind": "transfer",
        "seed": transfer.seed,
        "outcome": outcome,
        "detail": detail,
        "shape": transfer.shape,
        "checksums": transfer.parameters.checksum_data,
        "sim_s": record.simulated_seconds,
        "events": record.events,
    }
    if print_config or outcome in ("bad", "hang"):
        data["config"] = transfer.describe()
    return json.dumps(data)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m netblt_sim.tools.soak_network",
        description="Random NETBLT transfers on one modelled network (scripts/soak --networks), "
        "one JSON line each.",
    )
    parser.add_argument("--network", required=True, choices=SOAKED_NETWORKS)
    parser.add_argument("--first-seed", type=int, default=1, help="seed of the first transfer")
    parser.add_argument("--transfers", type=int, default=100, help="transfers to run")
    parser.add_argument(
        "--print-config", action="store_true", help="every line with the transfer's values"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    arguments = build_parser().parse_args(argv)
    if arguments.first_seed < 1 or arguments.transfers < 0:
        build_parser().error("--first-seed must be 1 or more, --transfers 0 or more")
    first = arguments.first_seed
    for seed in range(first, first + arguments.transfers):
        transfer = draw_transfer(arguments.network, seed)
        record = run_transfer(transfer.parameters)
        print(line(transfer, record, arguments.print_config), flush=True)
    done = {"kind": "done", "transfers": arguments.transfers, "fuzz_runs": 0, "packets": 0}
    print(json.dumps(done), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
