# SPDX-License-Identifier: GPL-2.0-only
"""The random transfers `scripts/soak --networks` runs on the modelled networks (everything but
the ideal point-to-point link, which `build/bin/netblt-soak-run` soaks): `draw_transfer(network,
seed)` draws one, deterministically from the two, as a `SoakTransfer`.

Every network gets the shapes of `COMMON_SHAPES` (whole buffers, one packet, one-packet buffers,
a short last packet, a short last buffer, small odd sizes), packet sizes up to its host
interface's MTU, the C flag on or off, one to four buffers outstanding; and shapes of its own
(`NETWORK_SHAPES`): the ring's 2046-byte MTU (packets above the Ethernet's 1456 data bytes, up to
2002), two buffers outstanding on MIT's Subnet 26, and on the Wideband path packets the path
fragments (above its smaller MTU, up to the Ethernet's) and the overload rates of RFC 1030 §7
(5 packets every 20-50 ms, many buffers outstanding), which reset the loaded earth station.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from netblt_sim.core.networks import POINT_TO_POINT, get_network
from netblt_sim.core.parameters import (
    DATA_PACKET_OVERHEAD_BYTES,
    TransferParameters,
    transfer_parameters,
)

# Each transfer needs at most this many DATA packets without loss, so that 10,000 transfers on
# each network take minutes; the overload shape needs about 100 to fill an earth station's
# buffer. Shapes are trimmed (whole buffers dropped) to fit.
MAX_DATA_PACKETS = 120
SMALLEST_PACKET = 16  # data bytes of the ordinary shapes; `small-odd` goes down to 1
DEATH_TIMEOUTS_S = (5, 20)  # drawn from this range, both ends
# ns3::NetbltConnection::ProgressTimeoutFactor's default: while a buffer is under way, an end
# that sees none complete for this x its death timeout closes with NO_PROGRESS.
PROGRESS_TIMEOUT_FACTOR = 6


@dataclass(frozen=True)
class SoakTransfer:
    """One soak transfer: its shape family and its parameters (`seed` is the soak's seed),
    capped in simulated time at `time_cap_s`."""

    network: str
    seed: int
    shape: str
    parameters: TransferParameters

    def describe(self) -> str:
        """The values that make the transfer, as `key=value` words."""
        p = self.parameters
        return (
            f"network={self.network} seed={self.seed} shape={self.shape} psz={p.psz} "
            f"bfsz={p.bfsz} xfsz_bytes={p.xfsz_bytes} bs={p.bs} bi_ms={p.bi_ms} nbufs={p.nbufs} "
            f"checksum_data={p.checksum_data} death_timeout_s={p.death_timeout_s} "
            f"max_simulated_s={p.max_simulated_s:g}"
        )


@dataclass
class _Draft:
    """What a shape family draws: sizes and whatever it fixes beside them."""

    psz: int
    bfsz: int
    xfsz: int
    bs: int | None = None
    bi_ms: int | None = None
    nbufs: int | None = None


@dataclass(frozen=True)
class _Limits:
    """The largest packets a network carries: from host to host (`largest`; larger than
    `unfragmented`, they are fragmented on the way)."""

    largest: int  # data bytes of a DATA packet its hosts' interfaces carry (the MTU's)
    unfragmented: int  # ... that crosses the whole path without IP fragmentation


def packet_limits(network: str) -> _Limits:
    """The largest DATA packet of the hosts' MTU and of the path's smallest MTU."""
    host_mtu, path_mtu = get_network(network).default_mtu(), get_network(network).path_mtu()
    if host_mtu is None or path_mtu is None:
        raise ValueError(f"network {network!r} has no MTU in its models/ files")
    return _Limits(host_mtu - DATA_PACKET_OVERHEAD_BYTES, path_mtu - DATA_PACKET_OVERHEAD_BYTES)


def time_cap_s(buffers: int, death_timeout_s: int) -> float:
    """The soak's simulated-time cap (`max_simulated_s`) of a transfer of `buffers` buffers:
    twice the time by which the rules have ended it. The OPEN's exchange ends within a death
    timeout (answered, or OPEN_FAILED); the progress rule then lets each buffer take at most
    `PROGRESS_TIMEOUT_FACTOR` death timeouts after the one before; the close takes at most a
    death timeout (the wait for DONE) and a dally of the same order. Twice that, because the
    sum is an estimate, not a proof: an end still open at the cap has outlived by far every
    rule that should have closed it, a hang."""
    return float(2 * (PROGRESS_TIMEOUT_FACTOR * buffers + 3) * death_timeout_s)


def _whole_buffers(r: random.Random, limits: _Limits) -> _Draft:
    psz = r.randint(SMALLEST_PACKET, limits.unfragmented)
    bfsz = psz * r.randint(2, 10)
    return _Draft(psz, bfsz, bfsz * r.randint(1, 6))


def _one_packet(r: random.Random, limits: _Limits) -> _Draft:
    psz = r.randint(SMALLEST_PACKET, limits.unfragmented)
    return _Draft(psz, psz * r.randint(1, 4), r.randint(1, psz))


def _one_packet_buffers(r: random.Random, limits: _Limits) -> _Draft:
    psz = r.randint(SMALLEST_PACKET, limits.unfragmented)
    return _Draft(psz, psz, r.randint(2, 30) * psz - r.randint(0, psz - 1))


def _short_last_packet(r: random.Random, limits: _Limits) -> _Draft:
    psz = r.randint(SMALLEST_PACKET, limits.unfragmented)
    bfsz = psz * r.randint(1, 8) + r.randint(1, psz - 1)
    return _Draft(psz, bfsz, bfsz * r.randint(1, 6))


def _short_last_buffer(r: random.Random, limits: _Limits) -> _Draft:
    psz = r.randint(SMALLEST_PACKET, limits.unfragmented)
    bfsz = psz * r.randint(1, 8) + (r.randint(1, psz - 1) if r.random() < 0.5 else 0)
    return _Draft(psz, bfsz, bfsz * r.randint(1, 6) + r.randint(1, bfsz - 1))


def _small_odd(r: random.Random, _: _Limits) -> _Draft:
    psz = r.randrange(1, 64, 2)
    bfsz = psz * r.randrange(1, 30, 2) + r.randint(0, psz - 1)
    bfsz += 1 - bfsz % 2
    return _Draft(psz, bfsz, bfsz * r.randint(1, 5) + r.randrange(0, bfsz, 2))


def _ring_mtu(r: random.Random, limits: _Limits) -> _Draft:
    # Packets only the ring carries whole: above the Ethernet's 1456 data bytes, often its most.
    ethernet = packet_limits("ethernet").largest
    psz = limits.largest if r.random() < 0.5 else r.randint(ethernet + 1, limits.largest)
    bfsz = psz * r.randint(1, 8) + (r.randint(1, psz - 1) if r.random() < 0.3 else 0)
    return _Draft(psz, bfsz, bfsz * r.randint(1, 6) + r.randint(0, bfsz - 1))


def _two_buffers(r: random.Random, limits: _Limits) -> _Draft:
    psz = r.randint(SMALLEST_PACKET, limits.unfragmented)
    bfsz = psz * r.randint(2, 10)
    return _Draft(psz, bfsz, bfsz * r.randint(3, 8) + r.randint(0, bfsz - 1), nbufs=2)


def _fragmented(r: random.Random, limits: _Limits) -> _Draft:
    # Above the Wideband's MTU, within the Ethernet's: the MIT gateway fragments every packet.
    psz = r.randint(limits.unfragmented + 1, limits.largest)
    bfsz = psz * r.randint(1, 8) + (r.randint(1, psz - 1) if r.random() < 0.3 else 0)
    return _Draft(psz, bfsz, bfsz * r.randint(1, 5) + r.randint(0, bfsz - 1))


def _overload(r: random.Random, limits: _Limits) -> _Draft:
    # RFC 1030 §7's overload test sent 5 1432-byte packets every 50 ms; with enough buffers
    # outstanding the earth station's buffer overflows and it resets.
    psz = r.randint(limits.unfragmented - 432, limits.unfragmented)
    nbufs = r.randint(6, 12)
    bfsz = psz * 5 * r.randint(1, 2)
    packets_per_buffer = math.ceil(bfsz / psz)
    buffers = max(nbufs, MAX_DATA_PACKETS // packets_per_buffer)
    return _Draft(psz, bfsz, bfsz * buffers, bs=5, bi_ms=r.randint(20, 50), nbufs=nbufs)


Shape = Callable[[random.Random, _Limits], _Draft]
COMMON_SHAPES: dict[str, Shape] = {
    "whole-buffers": _whole_buffers,
    "one-packet": _one_packet,
    "one-packet-buffers": _one_packet_buffers,
    "short-last-packet": _short_last_packet,
    "short-last-buffer": _short_last_buffer,
    "small-odd": _small_odd,
}
NETWORK_SHAPES: dict[str, dict[str, Shape]] = {
    "proteon-ring": {"ring-mtu": _ring_mtu},
    "ethernet": {"two-buffers": _two_buffers},
    "ethernet-private": {},
    "wideband": {"fragmented": _fragmented, "overload": _overload},
    "wideband-first-phase": {"fragmented": _fragmented, "overload": _overload},
}
SOAKED_NETWORKS: tuple[str, ...] = tuple(NETWORK_SHAPES)


def shapes(network: str) -> dict[str, Shape]:
    """The shape families of a network, common ones first; ValueError for point-to-point (the
    C++ soak's) or an unknown network."""
    if network == POINT_TO_POINT:
        raise ValueError(f"{POINT_TO_POINT} is soaked by build/bin/netblt-soak-run, not by Python")
    if network not in NETWORK_SHAPES:
        raise ValueError(
            f"network = {network!r}: the Python soak's networks are {list(NETWORK_SHAPES)}"
        )
    return COMMON_SHAPES | NETWORK_SHAPES[network]


def draw_transfer(network: str, seed: int) -> SoakTransfer:
    """The soak transfer of `seed` on `network`: the same for the same two, in any process."""
    families = shapes(network)
    r = random.Random(f"netblt-soak/{network}/{seed}")
    name = r.choice(list(families))
    draft = families[name](r, packet_limits(network))
    while math.ceil(draft.xfsz / draft.psz) > MAX_DATA_PACKETS and draft.xfsz > draft.bfsz:
        draft.xfsz = max(draft.bfsz, draft.xfsz // 2)
    death_timeout_s = r.randint(*DEATH_TIMEOUTS_S)
    parameters = transfer_parameters(
        network=network,
        seed=seed,
        psz=draft.psz,
        bfsz=draft.bfsz,
        xfsz_bytes=draft.xfsz,
        bs=draft.bs if draft.bs is not None else r.randint(1, 10),
        bi_ms=draft.bi_ms if draft.bi_ms is not None else r.randint(5, 60),
        nbufs=draft.nbufs if draft.nbufs is not None else r.choice((1, 1, 2, 3, 4)),
        checksum_data=r.random() < 0.5,
        death_timeout_s=death_timeout_s,
        max_simulated_s=time_cap_s(math.ceil(draft.xfsz / draft.bfsz), death_timeout_s),
    )
    return SoakTransfer(network, seed, name, parameters)
