# SPDX-License-Identifier: GPL-2.0-only
"""`scripts/netblt-run`: one NETBLT transfer from the command line, RFC 1030's parameter names,
or with `--protocol tcp` a TCP transfer over the same hosts and network (a 1987 BSD TCP).

Exit status: 0 if the transfer completed intact, 1 if it did not (or the build is missing),
2 if a value is impossible (nothing is simulated then), 130 if Ctrl-C stopped it (SIGINT: the
simulation stops at once and nothing is printed but a line saying so). A transfer that takes
more than a few seconds shows its simulated time against its bound meanwhile.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

from netblt_sim.core.networks import NETWORKS
from netblt_sim.core.parameters import (
    CONGESTION_CONTROLS,
    DEFAULT_POINT_TO_POINT_MTU,
    PROTOCOLS,
    RATE_POLICIES,
    UNIT_ALIASES,
    TransferParameters,
    transfer_parameters,
)
from netblt_sim.core.runtime import BuildMissingError
from netblt_sim.core.transfer import TransferRecord
from netblt_sim.core.simulation import run_transfer
from netblt_sim.tools.help_format import DefaultsOnceHelpFormatter

EXIT_INCOMPLETE = 1
EXIT_BAD_VALUE = 2
EXIT_INTERRUPTED = 128 + 2  # SIGINT, as a shell reports it


def probability(text: str) -> float:
    """A probability from 0 to 1, or a percentage written with '%' ("10%" = 0.1)."""
    try:
        value = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number (give 0.1 or 10%)") from None
    return value


def build_parser() -> argparse.ArgumentParser:
    """The options; each one's destination is a name `transfer_parameters` takes, and its first
    spelling that name with "-" for "_" (`--bi-ms` for `bi_ms`). The spellings of before remain
    as aliases (`--bi`, `--start-bi`, `--death-timeout`, `--pcap`), so that older commands run."""
    defaults = TransferParameters()
    parser = argparse.ArgumentParser(
        prog="netblt-run",
        description="Simulate one NETBLT (RFC 998) transfer in ns-3 over one of RFC 1030's "
        "networks (or an ideal point-to-point link) and print what RFC 1030's tables report; "
        "--protocol tcp runs ns-3's TCP, configured as a 1987 BSD TCP, on the same hosts. "
        "Each option is named as the Python API's parameter (transfer_parameters).",
        formatter_class=DefaultsOnceHelpFormatter,
    )
    flow = parser.add_argument_group("NETBLT parameters (RFC 1030's names)")
    flow.add_argument("--bs", type=int, default=defaults.bs, help="burst size, packets")
    flow.add_argument("--bi-ms", "--bi", dest="bi_ms", type=int, default=defaults.bi_ms,
                      metavar="MS", help="burst interval, whole ms")  # fmt: skip
    flow.add_argument("--psz", type=int, default=defaults.psz, help="data bytes per DATA packet")
    flow.add_argument("--bfsz", type=int, default=defaults.bfsz, help="bytes per buffer")
    flow.add_argument(
        "--xfsz-kb",
        type=float,
        default=defaults.xfsz_bytes / 1000,
        help="transfer size in units of 1000 bytes (RFC 1030's XFSZ)",
    )
    flow.add_argument("--nbufs", type=int, default=defaults.nbufs, help="outstanding buffers")
    flow.add_argument(
        "--checksum-data", action="store_true", help="negotiate checksums over DATA data (C flag)"
    )
    flow.add_argument("--death-timeout-s", "--death-timeout", dest="death_timeout_s", type=int,
                      default=defaults.death_timeout_s, metavar="S",
                      help="death timer, s")  # fmt: skip
    flow.add_argument(
        "--network",
        choices=sorted(NETWORKS),
        default=defaults.network,
        help="the network and its hosts (models/ describes each)",
    )
    tcp = parser.add_argument_group("TCP (--protocol tcp)")
    tcp.add_argument("--protocol", choices=PROTOCOLS, default=defaults.protocol,
                     help="the transport: NETBLT, or a 1987 BSD TCP on the same hosts")  # fmt: skip
    tcp.add_argument("--window-bytes", type=int, default=defaults.window_bytes,
                     help="socket buffers, the window (default: 4096, 4.3BSD's)")  # fmt: skip
    tcp.add_argument("--congestion-control", choices=sorted(CONGESTION_CONTROLS),
                     default=defaults.congestion_control,
                     help="loss recovery (default: tahoe)")  # fmt: skip
    tcp.add_argument("--mss", type=int, default=defaults.mss,
                     help="segment size, bytes (default: the path MTU less 40)")  # fmt: skip
    rate = parser.add_argument_group(
        "rate control (the sender's; --bs and --bi-ms are then the ceiling an adaptive one keeps "
        "under)"
    )
    rate.add_argument(
        "--rate-control",
        choices=sorted(RATE_POLICIES),
        default=defaults.rate_control,
        help="the sender's rate policy (default: static, RFC 998's negotiated values)",
    )
    rate.add_argument("--start-bs", type=int, default=defaults.start_bs,
                      help="an adaptive policy's start burst size (default: 1)")  # fmt: skip
    rate.add_argument("--start-bi-ms", "--start-bi", dest="start_bi_ms", type=int,
                      default=defaults.start_bi_ms, metavar="MS",
                      help="an adaptive policy's start burst interval, whole ms (default: "
                      "200)")  # fmt: skip
    link = parser.add_argument_group("point-to-point link and impairments (--network point-to-point)")
    link.add_argument("--link-rate-mbps", type=float, default=defaults.link_rate_bps / 1e6,
                      help="link rate, Mbit/s")  # fmt: skip
    link.add_argument("--link-delay-ms", type=float, default=defaults.link_delay_ms, help="one way")
    link.add_argument("--mtu", type=int, default=defaults.mtu,
                      help=f"IP MTU, bytes (default: {DEFAULT_POINT_TO_POINT_MTU})")  # fmt: skip
    for name, meaning in (
        ("loss", "lost, in each direction"),
        ("reorder", "held back by --reorder-delay-ms"),
        ("duplicate", "delivered twice"),
        ("corrupt", "given one flipped bit"),
    ):
        link.add_argument(
            f"--{name}",
            type=probability,
            default=getattr(defaults, name),
            help=f"probability a packet is {meaning} (0-1, or a percentage such as 10%%)",
        )
    link.add_argument("--reorder-delay-ms", type=float, default=defaults.reorder_delay_ms,
                      help="how long a re-ordered packet is held back, ms")  # fmt: skip
    run = parser.add_argument_group("run")
    run.add_argument("--seed", type=int, default=defaults.seed, help="seed of every random stream")
    run.add_argument("--rng-run", type=int, default=defaults.rng_run,
                     help="ns-3's run number (RngRun): independent replications under one seed")
    run.add_argument(
        "--max-simulated-s",
        type=float,
        default=defaults.max_simulated_s,
        help="stop the simulation at this simulated time, s",
    )
    run.add_argument("--pcap-dir", "--pcap", dest="pcap_dir", type=Path, metavar="DIR",
                     help="write a pcap file per device into DIR")  # fmt: skip
    run.add_argument("--json", action="store_true", help="print the record as one JSON object")
    return parser


# Options that say how to run, not what: not transfer parameters.
RUN_OPTIONS: tuple[str, ...] = ("json",)


def parameter_values(arguments: argparse.Namespace) -> dict[str, object]:
    """The parsed options that are transfer parameters, by the names `transfer_parameters`
    takes (the options' destinations)."""
    return {name: value for name, value in vars(arguments).items() if name not in RUN_OPTIONS}


def explain(error: ValueError, parser: argparse.ArgumentParser) -> str:
    """The validation message, with the option that sets the value it names up front (the
    option of a unit alias such as --xfsz-kb for the field it sets, xfsz_bytes)."""
    message = str(error)
    option_of = {a.dest: a.option_strings[0] for a in parser._actions if a.option_strings}
    for name, alias in UNIT_ALIASES.items():
        option_of[alias.field] = option_of[name]
    option = option_of.get(message.split(" ", 1)[0])
    return f"{option}: {message}" if option else message


def format_record(record: TransferRecord) -> str:
    values = asdict(record)
    width = max(len(name) for name in values)
    lines = []
    for name, value in values.items():
        shown = f"{value:.6g}" if isinstance(value, float) else str(value)
        lines.append(f"{name:<{width}}  {shown}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    arguments = parser.parse_args(argv)
    try:
        params = transfer_parameters(**parameter_values(arguments))
    except ValueError as error:
        # Not parser.error(): the usage summary would bury the one line that matters.
        parser.exit(EXIT_BAD_VALUE, f"{parser.prog}: error: {explain(error, parser)}\n")
    # ns-3 itself is imported only here, inside run_transfer (runtime.load()): refusing a bad
    # value above takes a fraction of a second.
    try:
        record = run_transfer(params, progress=True)
    except BuildMissingError as error:
        print(f"netblt-run: {error}", file=sys.stderr)
        return EXIT_INCOMPLETE
    except KeyboardInterrupt:
        print("netblt-run: interrupted (Ctrl-C): the simulation was stopped, no record",
              file=sys.stderr)  # fmt: skip
        return EXIT_INTERRUPTED
    if arguments.json:
        print(json.dumps(asdict(record)))
    else:
        print(format_record(record))
    return 0 if record.completed and record.intact else EXIT_INCOMPLETE


if __name__ == "__main__":
    sys.exit(main())
