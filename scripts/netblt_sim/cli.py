# SPDX-License-Identifier: GPL-2.0-only
"""`scripts/netblt-run`: one NETBLT transfer from the command line, RFC 1030's parameter names.

Exit status: 0 if the transfer completed intact, 1 if it did not (or the build is missing),
2 if a value is impossible (nothing is simulated then).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

from netblt_sim.networks import NETWORKS
from netblt_sim.runtime import BuildMissingError
from netblt_sim.transfer import TransferParameters, TransferRecord, run_transfer

EXIT_INCOMPLETE = 1
EXIT_BAD_VALUE = 2


def probability(text: str) -> float:
    """A probability from 0 to 1, or a percentage written with '%' ("10%" = 0.1)."""
    try:
        value = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number (give 0.1 or 10%)") from None
    return value


def build_parser() -> argparse.ArgumentParser:
    defaults = TransferParameters()
    parser = argparse.ArgumentParser(
        prog="netblt-run",
        description="Simulate one NETBLT (RFC 998) transfer in ns-3 over one of RFC 1030's "
        "networks (or an ideal point-to-point link) and print what RFC 1030's tables report.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    flow = parser.add_argument_group("NETBLT parameters (RFC 1030's names)")
    flow.add_argument("--bs", type=int, default=defaults.bs, help="burst size, packets")
    flow.add_argument("--bi", type=int, default=defaults.bi_ms, help="burst interval, whole ms")
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
    flow.add_argument(
        "--death-timeout", type=int, default=defaults.death_timeout_s, help="death timer, s"
    )
    flow.add_argument(
        "--network",
        choices=sorted(NETWORKS),
        default=defaults.network,
        help="the network and its hosts (models/ describes each)",
    )
    link = parser.add_argument_group("point-to-point link and impairments (--network point-to-point)")
    link.add_argument("--link-rate-mbps", type=float, default=defaults.link_rate_bps / 1e6)
    link.add_argument("--link-delay-ms", type=float, default=defaults.link_delay_ms, help="one way")
    link.add_argument("--mtu", type=int, default=defaults.mtu, help="IP MTU, bytes (default 1500)")
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
    link.add_argument("--reorder-delay-ms", type=float, default=defaults.reorder_delay_ms)
    run = parser.add_argument_group("run")
    run.add_argument("--seed", type=int, default=defaults.seed, help="seed of every random stream")
    run.add_argument(
        "--max-simulated-s",
        type=float,
        default=defaults.max_simulated_s,
        help="stop the simulation at this simulated time",
    )
    run.add_argument(
        "--pcap", type=Path, metavar="DIR", help="write a pcap file per device into DIR"
    )
    run.add_argument("--json", action="store_true", help="print the record as one JSON object")
    return parser


def parameters_from_arguments(arguments: argparse.Namespace) -> TransferParameters:
    """The TransferParameters the arguments ask for; ValueError naming the option if impossible."""
    xfsz_bytes = round(arguments.xfsz_kb * 1000)
    if abs(xfsz_bytes - arguments.xfsz_kb * 1000) > 1e-6:
        raise ValueError(f"--xfsz-kb {arguments.xfsz_kb}: must be a whole number of bytes (x 1000)")
    link_rate_bps = round(arguments.link_rate_mbps * 1e6)
    if abs(link_rate_bps - arguments.link_rate_mbps * 1e6) > 1e-3:
        raise ValueError(
            f"--link-rate-mbps {arguments.link_rate_mbps}: must be whole bits per second"
        )
    return TransferParameters(
        bs=arguments.bs,
        bi_ms=arguments.bi,
        psz=arguments.psz,
        bfsz=arguments.bfsz,
        xfsz_bytes=xfsz_bytes,
        nbufs=arguments.nbufs,
        seed=arguments.seed,
        network=arguments.network,
        loss=arguments.loss,
        reorder=arguments.reorder,
        duplicate=arguments.duplicate,
        corrupt=arguments.corrupt,
        checksum_data=arguments.checksum_data,
        link_rate_bps=link_rate_bps,
        link_delay_ms=arguments.link_delay_ms,
        mtu=arguments.mtu,
        pcap_dir=arguments.pcap,
        reorder_delay_ms=arguments.reorder_delay_ms,
        death_timeout_s=arguments.death_timeout,
        max_simulated_s=arguments.max_simulated_s,
    )


# TransferParameters field -> the option that sets it, so that messages name what the user typed.
OPTION_OF_FIELD: dict[str, str] = {
    "bs": "--bs",
    "bi_ms": "--bi",
    "psz": "--psz",
    "bfsz": "--bfsz",
    "xfsz_bytes": "--xfsz-kb",
    "nbufs": "--nbufs",
    "seed": "--seed",
    "network": "--network",
    "loss": "--loss",
    "reorder": "--reorder",
    "duplicate": "--duplicate",
    "corrupt": "--corrupt",
    "link_rate_bps": "--link-rate-mbps",
    "link_delay_ms": "--link-delay-ms",
    "mtu": "--mtu",
    "pcap_dir": "--pcap",
    "reorder_delay_ms": "--reorder-delay-ms",
    "death_timeout_s": "--death-timeout",
    "max_simulated_s": "--max-simulated-s",
}


def explain(error: ValueError) -> str:
    """The validation message, with the option that sets the offending field named up front."""
    message = str(error)
    field_name = message.split(" ", 1)[0]
    option = OPTION_OF_FIELD.get(field_name)
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
        params = parameters_from_arguments(arguments)
        params.validate()
    except ValueError as error:
        # Not parser.error(): the usage summary would bury the one line that matters.
        parser.exit(EXIT_BAD_VALUE, f"{parser.prog}: error: {explain(error)}\n")
    # ns-3 itself is imported only here, inside run_transfer (runtime.load()): refusing a bad
    # value above takes a fraction of a second.
    try:
        record = run_transfer(params)
    except BuildMissingError as error:
        print(f"netblt-run: {error}", file=sys.stderr)
        return EXIT_INCOMPLETE
    if arguments.json:
        print(json.dumps(asdict(record)))
    else:
        print(format_record(record))
    return 0 if record.completed and record.intact else EXIT_INCOMPLETE


if __name__ == "__main__":
    sys.exit(main())
