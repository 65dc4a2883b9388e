# SPDX-License-Identifier: GPL-2.0-only
"""Random transfers on one modelled network, for `scripts/soak --networks`: each run drawn by
`soak_shapes.draw_transfer`, run by `run_transfer`, judged by `judge` and printed as one JSON line
in the format of `build/bin/netblt-soak-run`'s (`soak_results.parse_line` reads both), then a `done`
line. On a network that carries TCP too, every `MIXED_EVERY`-th seed runs its NETBLT transfer
beside TCP flows instead (`draw_mixed`: one or two, each its own window, loss recovery, size and
start), and so does every transfer of the `OVERLOAD_SHAPE`, beside two to four: TCP connections
opened while the overload resets the earth station, whose handshakes and data the resets cut
off for minutes (a BSD TCP must end each within its retransmission and connection-establishment
limits). Each is judged flow by flow (the run's outcome is its worst flow's):

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

import random
from dataclasses import replace

from netblt_sim.core.flows import FlowSet
from netblt_sim.core.networks import get_network
from netblt_sim.core.parameters import TCP, TransferParameters, transfer_parameters
from netblt_sim.core.simulation import run_flow_set, run_transfer
from netblt_sim.core.transfer import TransferRecord
from netblt_sim.tools.soak_shapes import SOAKED_NETWORKS, SoakTransfer, draw_transfer

COMPLETE = "TRANSFER_COMPLETE"
# Every this many seeds a NETBLT transfer shares its network with TCP flows.
MIXED_EVERY = 4
# A NETBLT transfer of this shape (soak_shapes') always does, on a network that carries TCP:
# the overload resets the loaded earth station again and again, and TCP connections opened
# beside it lose their handshakes and data for minutes. That is where a TCP flow was once left
# open at the time cap (a sender ESTABLISHED after its peer's half-open connection had given
# up, retransmitting into a listening socket until ns-3 stopped its timers without closing it).
OVERLOAD_SHAPE = "overload"
# TCP flows beside a transfer: at least, at most; more beside an overload, each connection a
# further chance of a handshake cut off.
TCP_FLOWS = (1, 2)
OVERLOAD_TCP_FLOWS = (2, 4)
# A mixed run's simulated-time cap at least: TCP has no death timer, and on the Wideband path
# its retransmission timer backs off to tens of seconds.
MIXED_TIME_CAP_S = 900.0
# The worst outcome first: a mixed run is as bad as its worst flow.
OUTCOME_ORDER: tuple[str, ...] = ("bad", "hang", "clean", "intact")
# A TCP sender in one of these states has let its connection go (TIME_WAIT: both FINs).
TCP_CLOSED_STATES: tuple[str, ...] = ("CLOSED", "TIME_WAIT")


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


def judge_tcp(record: TransferRecord, transfer_size: int) -> tuple[str, str]:
    """A TCP flow's outcome and its detail: intact (every byte, the sender in TIME_WAIT), bad
    (more bytes than given, or all of them and not intact), clean (the connection let go
    without them: its SYNs unanswered, reset, or dropped after its retransmissions), hang
    (still open at the run's cap)."""
    ends = f"{record.sender_close}/{record.receiver_close}"
    given, received = record.bytes_given, record.bytes_received
    if received > given:
        return "bad", f"TCP receiver got {received} bytes, {given} given ({ends})"
    if record.completed and record.intact:
        return "intact", ends
    if received == given == transfer_size:
        return "bad", f"TCP delivered all {received} bytes but not as given ({ends})"
    if record.sender_close in TCP_CLOSED_STATES or record.sender_close == "NEVER_OPENED":
        return "clean", f"TCP {ends}, {received} of {transfer_size} bytes"
    return "hang", f"TCP open at {record.simulated_seconds:g} s ({ends})"


def draw_mixed(transfer: SoakTransfer) -> FlowSet:
    """The seed's NETBLT transfer beside TCP flows drawn from the same seed (one or two,
    `TCP_FLOWS`; two to four beside an overload, `OVERLOAD_TCP_FLOWS`): each a window of 4, 16
    or 64 KB, Tahoe or NewReno, 1-30 KB, starting in the first 2 s."""
    r = random.Random(f"netblt-soak/mixed/{transfer.network}/{transfer.seed}")
    netblt = replace(transfer.parameters, max_simulated_s=max(
        transfer.parameters.max_simulated_s, MIXED_TIME_CAP_S))  # fmt: skip
    flows: list[TransferParameters] = [netblt]
    fewest, most = OVERLOAD_TCP_FLOWS if transfer.shape == OVERLOAD_SHAPE else TCP_FLOWS
    for _ in range(r.randint(fewest, most)):
        flows.append(transfer_parameters(
            network=transfer.network, seed=transfer.seed, protocol=TCP,
            window_bytes=r.choice((4096, 16384, 65536)),
            congestion_control=r.choice(("tahoe", "newreno")),
            xfsz_bytes=r.randint(1000, 30000), max_simulated_s=netblt.max_simulated_s))  # fmt: skip
    starts = (0.0, *(float(r.randint(0, 2000)) for _ in flows[1:]))
    return FlowSet(tuple(flows), starts)


def is_mixed(transfer: SoakTransfer) -> bool:
    """Whether the transfer runs beside TCP flows: every `MIXED_EVERY`-th seed's and every
    overload, on a network that carries TCP too."""
    mixed = transfer.seed % MIXED_EVERY == 0 or transfer.shape == OVERLOAD_SHAPE
    return mixed and TCP in get_network(transfer.network).protocols


def line(transfer: SoakTransfer, record: TransferRecord, print_config: bool) -> str:
    """The run's JSON line, as `netblt-soak` prints one (its configuration only if it failed or
    `print_config`)."""
    return _line(transfer, judge(record, transfer.parameters.xfsz_bytes), transfer.shape,
                 record, print_config)  # fmt: skip


def mixed_line(transfer: SoakTransfer, flows: FlowSet, records: Sequence[TransferRecord],
               print_config: bool) -> str:  # fmt: skip
    """A mixed run's JSON line: its worst flow's outcome, every flow's detail."""
    judged = [judge(records[0], transfer.parameters.xfsz_bytes)]
    judged += [judge_tcp(record, params.xfsz_bytes)
               for params, record in zip(flows.flows[1:], records[1:], strict=True)]  # fmt: skip
    worst = min((outcome for outcome, _ in judged), key=OUTCOME_ORDER.index)
    detail = "; ".join(f"{outcome}: {text}" for outcome, text in judged)
    shape = f"{transfer.shape} + {len(flows.flows) - 1} tcp"
    return _line(transfer, (worst, detail), shape, records[0], print_config)


def _line(transfer: SoakTransfer, judged: tuple[str, str], shape: str, record: TransferRecord,
          print_config: bool) -> str:  # fmt: skip
    outcome, detail = judged
    data: dict[str, object] = {
        "kind": "transfer",
        "seed": transfer.seed,
        "outcome": outcome,
        "detail": detail,
        "shape": shape,
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
        if is_mixed(transfer):
            flows = draw_mixed(transfer)
            records = run_flow_set(flows).flows
            print(mixed_line(transfer, flows, records, arguments.print_config), flush=True)
        else:
            record = run_transfer(transfer.parameters)
            print(line(transfer, record, arguments.print_config), flush=True)
    done = {"kind": "done", "transfers": arguments.transfers, "fuzz_runs": 0, "packets": 0}
    print(json.dumps(done), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
