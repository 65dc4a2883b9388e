# SPDX-License-Identifier: GPL-2.0-only
"""The parameters of one transfer, and the one way to build them from any source.

`TransferParameters` carries RFC 1030's names (BS, BI, PSZ, BFSZ, XFSZ, NBUFS), the network
(`networks.NETWORKS`) and, for the ideal point-to-point link, its rate, delay and impairments.
With `protocol="tcp"` the same hosts and network carry a TCP transfer instead (a 1987 BSD TCP:
`window_bytes`, `congestion_control`, `mss`); the NETBLT parameters are then left at their
defaults, and the TCP ones are None for NETBLT.

`transfer_parameters(**values)` builds them from keyword values, from the command line's options
(`cli`), from a published table's row or a scenario's transfer (`scenarios`, `claims`,
`measures`) and from a sweep's grid (`sweep`): the field names, or RFC 1030's units where they
differ (`UNIT_ALIASES`: `xfsz_kb`, `link_rate_mbps`); numbers of any numeric type (numpy's from
a table row) become plain `int` or `float`. What it returns is validated: an unknown name or an
impossible value raises ValueError naming it and what is allowed, before anything is simulated.
"""

from __future__ import annotations

import math
import numbers
import os
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, get_type_hints

from netblt_sim.core import overrides
from netblt_sim.core.networks import POINT_TO_POINT, get_network

# IPv4 header (20, no options) + NETBLT DATA header (24): what a DATA packet adds to its data.
# A packet larger than MTU - 44 would be fragmented by IP, which RFC 1030's experiments avoid.
DATA_PACKET_OVERHEAD_BYTES = 20 + 24
UINT16_MAX = 0xFFFF
UINT32_MAX = 0xFFFFFFFF
MIN_IPV4_MTU = 68  # RFC 791: every IPv4 link carries 68-byte datagrams
# Fields the C++ side takes as integers: a float there would be truncated silently.
WHOLE_NUMBER_FIELDS: tuple[str, ...] = ("bs", "bi_ms", "psz", "bfsz", "xfsz_bytes", "nbufs")
WHOLE_NUMBER_FIELDS += ("seed", "rng_run", "link_rate_bps", "death_timeout_s")
OPTIONAL_WHOLE_NUMBER_FIELDS: tuple[str, ...] = ("mtu", "window_bytes", "mss")
DEFAULT_POINT_TO_POINT_MTU = 1500
# Settings of the ideal link only: other networks take theirs from models/.
LINK_ONLY_FIELDS: tuple[str, ...] = ("loss", "reorder", "duplicate", "corrupt", "link_rate_bps")
LINK_ONLY_FIELDS += ("link_delay_ms", "reorder_delay_ms", "mtu")
# The receiver's data-timer policies (NetbltL4Protocol's DataTimerType): RFC 1030 §7's adaptive
# inter-arrival timer, which every published run used, and RFC 998 §5.2.2's burst-rate one.
DATA_TIMERS: dict[str, str] = {
    "inter-arrival": "ns3::NetbltInterArrivalDataTimer",
    "burst-rate": "ns3::NetbltBurstRateDataTimer",
}
# The receiver's round-trip estimators for its control timer (RttEstimatorType).
RTT_ESTIMATORS: dict[str, str] = {"mean-deviation": "ns3::RttMeanDeviation"}
NETBLT = "netblt"
TCP = "tcp"
PROTOCOLS: tuple[str, ...] = (NETBLT, TCP)
# Parameters only one protocol takes; the other leaves them at their defaults.
NETBLT_ONLY_FIELDS: tuple[str, ...] = ("bs", "bi_ms", "psz", "bfsz", "nbufs", "checksum_data")
NETBLT_ONLY_FIELDS += ("death_timeout_s", "data_timer", "rtt_estimator", "rate_control")
NETBLT_ONLY_FIELDS += ("start_bs", "start_bi_ms")
TCP_ONLY_FIELDS: tuple[str, ...] = ("window_bytes", "congestion_control", "mss")
# TCP's loss recovery (BsdTcpSocketFactory's CongestionControl): 4.3BSD-Tahoe's (1988) fast
# retransmit and slow start from one segment, or NewReno's fast recovery (RFC 6582).
CONGESTION_CONTROLS: dict[str, str] = {"tahoe": "Tahoe", "newreno": "NewReno"}
# A 1987 BSD TCP's defaults: 4.3BSD's and SunOS 3's socket buffers (tcp_sendspace,
# tcp_recvspace) of 4096 bytes, and Tahoe, the BSD TCP of the 1988 survey's day.
DEFAULT_TCP_WINDOW_BYTES = 4096
DEFAULT_CONGESTION_CONTROL = "tahoe"
# 4.3BSD's largest socket buffer (SB_MAX, 64 KB); the offered window is at most 65535 bytes,
# there being no window scaling.
MAX_TCP_WINDOW_BYTES = 65536
TCP_IP_HEADER_BYTES = 20 + 20  # IPv4 and TCP headers without options: MSS = MTU - 40
# The sender's rate policies (RatePolicyType): RFC 998's negotiated values, which every
# published run used, and two end-to-end algorithms (src/netblt/doc/netblt.rst, Rate control).
RATE_POLICIES: dict[str, str] = {
    "static": "ns3::NetbltStaticRatePolicy",
    "aimd": "ns3::NetbltAimdRatePolicy",
    "delivery-rate": "ns3::NetbltDeliveryRatePolicy",
    # With the network's help (src/netblt/doc/netblt.rst): RFC 1016's answer to the gateways'
    # Source Quench, and their explicit rate (the X extension) as well; each is delivery-rate
    # where no gateway speaks.
    "source-quench": "ns3::NetbltSourceQuenchRatePolicy",
    "explicit-rate": "ns3::NetbltExplicitRatePolicy",
}
STATIC_RATE_POLICY = "static"
# What the gateways on the path tell the senders (the testbed's attributes; a network without
# them, a LAN, has no gateway to tell anything): None, as in 1987, or the explicit rate of
# NetbltExplicitRateQueueDisc, Source Quench from BBN's earth station (RFC 1009), or both.
GATEWAY_FEEDBACK: dict[str, tuple[str, ...]] = {
    "source-quench": ("SourceQuench",),
    "explicit-rate": ("ExplicitRate",),
    "explicit-rate+source-quench": ("ExplicitRate", "SourceQuench"),
}
# The adaptive policies' start (StartBurstSize, StartBurstInterval): only with one of them.
RATE_START_FIELDS: tuple[str, ...] = ("start_bs", "start_bi_ms")


def field_values(instance: object) -> dict[str, Any]:
    """A flat dataclass's fields by name, as they are: `dataclasses.asdict` without its deep
    copy of every value (the values of a parameter set and a record are immutable), which cost
    most of a warm reproduce's time."""
    kind = type(instance)
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(field.name for field in fields(kind))  # type: ignore[arg-type]
    return {name: getattr(instance, name) for name in names}


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


# The attribute a parameter set found valid carries (not a field: no part of its value).
_VALIDATED = "_validated"


@dataclass(frozen=True)
class TransferParameters:
    """Everything that determines one transfer. Sizes in bytes, times as named."""

    bs: int = 5  # BS: DATA packets per burst
    bi_ms: int = 30  # BI: burst interval, whole milliseconds (the wire carries ms)
    psz: int = 1438  # PSZ: data bytes per DATA packet
    bfsz: int = 14380  # BFSZ: bytes per buffer
    xfsz_bytes: int = 143800  # XFSZ x 1000: bytes transferred
    nbufs: int = 1  # NBUFS: buffers outstanding at once
    seed: int = 1  # seeds every random stream of the run
    # ns-3's run number (RngRun): under one seed, each run number draws every stream from its
    # own substream, which ns-3 guarantees independent; 1 for every run before it existed.
    rng_run: int = 1
    network: str = POINT_TO_POINT  # a key of networks.NETWORKS
    loss: float = 0.0  # probability a packet is lost, each direction
    reorder: float = 0.0  # probability a packet is held back by reorder_delay_ms
    duplicate: float = 0.0  # probability a packet is delivered twice
    corrupt: float = 0.0  # probability one bit of a packet's IP payload is flipped
    checksum_data: bool = False  # negotiate the C flag (checksum DATA data too)
    link_rate_bps: int = 10_000_000
    link_delay_ms: float = 1.0  # one way
    mtu: int | None = None  # IP MTU of the point-to-point link (None: 1500)
    pcap_dir: Path | None = None  # write netblt-<node>-<device>.pcap here if set
    reorder_delay_ms: float = 20.0
    death_timeout_s: int = 30
    max_simulated_s: float = 3600.0  # the run is stopped at this simulated time whatever happens
    # The receiver's policies, keys of DATA_TIMERS and RTT_ESTIMATORS; None: the hosts' NETBLT
    # implementation as their models/ files describe it (or NETBLT's defaults, the first keys).
    data_timer: str | None = None
    rtt_estimator: str | None = None
    protocol: str = NETBLT  # one of PROTOCOLS
    # TCP only (None for NETBLT): the socket buffers, i.e. the window, in bytes; the loss
    # recovery, a key of CONGESTION_CONTROLS; the segment size (None: the path's MTU less 40).
    window_bytes: int | None = None
    congestion_control: str | None = None
    mss: int | None = None
    # The sender's rate policy, a key of RATE_POLICIES (None: NETBLT's default, static), and an
    # adaptive policy's start: bursts of start_bs packets every start_bi_ms (None: the policy's
    # default, 1 packet every 200 ms); the negotiated bs and bi_ms are its ceiling.
    rate_control: str | None = None
    start_bs: int | None = None
    start_bi_ms: int | None = None
    # What the gateways tell the senders, a key of GATEWAY_FEEDBACK (None: nothing, as in 1987).
    gateway_feedback: str | None = None
    # A flow's own: how long its receiving host's datagrams wait before its interface, ms (the
    # flow's round trip that much longer, as at the end of a longer line); None: no wait.
    receiver_delay_ms: float | None = None
    # Model values replaced within their ranges, (key, value) pairs in key order (see
    # `overrides`; transfer_parameters takes a mapping); () runs the models/ files as they are.
    model_overrides: tuple[tuple[str, float], ...] = ()

    def validate(self) -> None:
        """Raises ValueError naming the first impossible value and what is allowed.

        Catches everything the C++ side would abort the process on or silently reinterpret,
        so that a bad value never reaches the simulator. A set found valid is not checked again
        (it is frozen, and the networks and their models are those of this process).
        """
        if self.__dict__.get(_VALIDATED):
            return
        self._check()
        object.__setattr__(self, _VALIDATED, True)

    def _check(self) -> None:
        if not isinstance(self.network, str):
            raise ValueError(f"network = {self.network!r}: must be a network name")
        network = get_network(self.network)
        if network.name != POINT_TO_POINT:
            defaults = TransferParameters()
            for name in LINK_ONLY_FIELDS:
                if getattr(self, name) != getattr(defaults, name):
                    raise ValueError(
                        f"{name} = {getattr(self, name)!r}: only the point-to-point network takes "
                        f"it; {network.name} takes its settings from models/"
                    )
        given = tuple(n for n in OPTIONAL_WHOLE_NUMBER_FIELDS if getattr(self, n) is not None)
        for name in WHOLE_NUMBER_FIELDS + given:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{name} = {value!r}: must be a whole number")
        mtu = self.effective_mtu()
        _check_range("mtu", mtu, MIN_IPV4_MTU, UINT16_MAX, "IP MTU in bytes")
        if self.protocol not in PROTOCOLS:
            raise ValueError(f"protocol = {self.protocol!r}: must be one of {list(PROTOCOLS)}")
        if self.model_overrides:
            if overrides.normalise(self.model_overrides) != self.model_overrides:
                raise ValueError(
                    f"model_overrides = {self.model_overrides!r}: give them through "
                    "transfer_parameters (a mapping of entry keys to numbers)"
                )
            overrides.check(network, self.model_overrides)
        if self.protocol not in network.protocols:
            raise ValueError(
                f"protocol = {self.protocol!r}: network {network.name} runs "
                f"{' and '.join(network.protocols)} only ({network.protocols_reason})"
            )
        if self.protocol == TCP:
            self._validate_tcp()
        else:
            self._validate_netblt(mtu)
        _check_range("xfsz_bytes", self.xfsz_bytes, 1, UINT32_MAX, "bytes to transfer")
        _check_range("seed", self.seed, 1, UINT32_MAX, "random seed")
        _check_range("rng_run", self.rng_run, 1, UINT32_MAX, "ns-3 run number, RngRun")
        for name in ("loss", "reorder", "duplicate", "corrupt"):
            probability = _as_real(name, getattr(self, name))
            if not 0.0 <= probability <= 1.0:
                raise ValueError(f"{name} = {probability!r}: must be a probability from 0 to 1")
        _check_range("link_rate_bps", self.link_rate_bps, 1, 2**63 - 1, "bits per second")
        for name in ("link_delay_ms", "reorder_delay_ms"):
            delay = _as_real(name, getattr(self, name))
            if not 0.0 <= delay <= 1e9:
                raise ValueError(f"{name} = {delay!r}: must be from 0 to 1e9 ms")
        max_simulated = _as_real("max_simulated_s", self.max_simulated_s)
        if not 1.0 <= max_simulated <= 1e9:
            raise ValueError(f"max_simulated_s = {max_simulated!r}: must be from 1 to 1e9 s")
        if self.pcap_dir is not None:
            if not isinstance(self.pcap_dir, Path):
                raise ValueError(f"pcap_dir = {self.pcap_dir!r}: must be a pathlib.Path or None")
            if self.pcap_dir.exists() and not self.pcap_dir.is_dir():
                raise ValueError(f"pcap_dir = {str(self.pcap_dir)!r} exists and is not a directory")

    def _validate_netblt(self, mtu: int) -> None:
        for name in TCP_ONLY_FIELDS:
            if getattr(self, name) is not None:
                raise ValueError(
                    f"{name} = {getattr(self, name)!r}: a TCP parameter; protocol 'netblt' does "
                    "not take it (give protocol='tcp')"
                )
        _check_range("bs", self.bs, 1, UINT16_MAX, "packets per burst")
        _check_range("bi_ms", self.bi_ms, 1, UINT16_MAX, "burst interval in whole ms")
        _check_range("psz", self.psz, 1, UINT16_MAX, "data bytes per packet")
        largest_packet = mtu - DATA_PACKET_OVERHEAD_BYTES
        if self.psz > largest_packet:
            raise ValueError(
                f"psz = {self.psz} bytes does not fit the {self.network} MTU of {mtu} bytes: at most "
                f"{largest_packet} bytes (MTU minus {DATA_PACKET_OVERHEAD_BYTES} bytes of IPv4 "
                "and NETBLT DATA headers)"
            )
        _check_range("bfsz", self.bfsz, 1, UINT32_MAX, "bytes per buffer")
        if self.bfsz < self.psz:
            raise ValueError(
                f"bfsz = {self.bfsz} bytes is smaller than one packet (psz = {self.psz} bytes): "
                "a buffer must hold at least one packet"
            )
        packets_per_buffer = math.ceil(self.bfsz / self.psz)
        if packets_per_buffer > UINT16_MAX:
            raise ValueError(
                f"bfsz = {self.bfsz} bytes needs {packets_per_buffer} packets of psz = {self.psz} "
                f"bytes: at most {UINT16_MAX} (packet numbers are 16 bits)"
            )
        _check_range("nbufs", self.nbufs, 1, UINT16_MAX, "outstanding buffers")
        if not isinstance(self.checksum_data, bool):
            raise ValueError(f"checksum_data = {self.checksum_data!r}: must be True or False")
        _check_range("death_timeout_s", self.death_timeout_s, 1, UINT16_MAX, "seconds")
        for name, choices in (("data_timer", DATA_TIMERS), ("rtt_estimator", RTT_ESTIMATORS)):
            if getattr(self, name) is not None and getattr(self, name) not in choices:
                raise ValueError(
                    f"{name} = {getattr(self, name)!r}: must be one of {sorted(choices)}, or None "
                    "for the hosts' implementation (models/)"
                )
        self._validate_rate_control()
        self._validate_receiver_delay()

    def _validate_receiver_delay(self) -> None:
        delay = self.receiver_delay_ms
        if delay is not None and (isinstance(delay, bool) or not isinstance(delay, int | float)
                                  or not math.isfinite(delay) or delay < 0):  # fmt: skip
            raise ValueError(f"receiver_delay_ms = {delay!r}: must be a number of ms from 0, "
                             "or None for no delay")  # fmt: skip

    def _validate_rate_control(self) -> None:
        if self.gateway_feedback is not None and self.gateway_feedback not in GATEWAY_FEEDBACK:
            raise ValueError(
                f"gateway_feedback = {self.gateway_feedback!r}: must be one of "
                f"{sorted(GATEWAY_FEEDBACK)}, or None for gateways that tell nothing"
            )
        if self.rate_control is not None and self.rate_control not in RATE_POLICIES:
            raise ValueError(
                f"rate_control = {self.rate_control!r}: must be one of {sorted(RATE_POLICIES)}, "
                "or None for NETBLT's default (static)"
            )
        for name, meaning in (("start_bs", "packets per burst"), ("start_bi_ms", "whole ms")):
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{name} = {value!r}: must be a whole number or None")
            _check_range(name, value, 1, UINT16_MAX, meaning)
            if self.rate_control in (None, STATIC_RATE_POLICY):
                raise ValueError(
                    f"{name} = {value}: only an adaptive rate_control "
                    f"({sorted(set(RATE_POLICIES) - {STATIC_RATE_POLICY})}) has a start rate; "
                    "the static policy sends at bs every bi_ms"
                )

    def _validate_tcp(self) -> None:
        defaults = TransferParameters()
        for name in NETBLT_ONLY_FIELDS:
            if getattr(self, name) != getattr(defaults, name):
                raise ValueError(
                    f"{name} = {getattr(self, name)!r}: a NETBLT parameter; protocol 'tcp' does "
                    "not take it"
                )
        if self.corrupt != 0:
            raise ValueError(
                f"corrupt = {self.corrupt!r}: only NETBLT runs are corrupted (ns-3's TCP checks "
                "its checksum only in runs with a capture); give 0 for protocol 'tcp'"
            )
        if self.congestion_control not in CONGESTION_CONTROLS:
            raise ValueError(
                f"congestion_control = {self.congestion_control!r}: must be one of "
                f"{sorted(CONGESTION_CONTROLS)}"
            )
        largest_segment = self.path_mtu() - TCP_IP_HEADER_BYTES
        if self.mss is not None:
            _check_range("mss", self.mss, 1, largest_segment,
                         f"data bytes per segment: the {self.network} path MTU less "
                         f"{TCP_IP_HEADER_BYTES} bytes of IPv4 and TCP headers")  # fmt: skip
        if self.window_bytes is None:
            raise ValueError("window_bytes = None: protocol 'tcp' needs a window (bytes)")
        segment = self.effective_mss()
        if not segment <= self.window_bytes <= MAX_TCP_WINDOW_BYTES:
            raise ValueError(
                f"window_bytes = {self.window_bytes}: must be from one segment ({segment} bytes) "
                f"to {MAX_TCP_WINDOW_BYTES} (64 KB: no window scaling in 1987)"
            )

    def path_mtu(self) -> int:
        """The smallest IP MTU between the hosts: the point-to-point link's, or the smallest
        of the network's models (the Wideband channel's on its path)."""
        if self.network == POINT_TO_POINT:
            return self.effective_mtu()
        mtu = get_network(self.network).path_mtu()
        if mtu is None:
            raise ValueError(f"network {self.network!r} has no MTU in its models/ files")
        return mtu

    def effective_mss(self) -> int:
        """TCP's segment size: `mss`, or the path MTU less the IPv4 and TCP headers."""
        return self.mss if self.mss is not None else self.path_mtu() - TCP_IP_HEADER_BYTES

    def effective_mtu(self) -> int:
        """The IP MTU the transfer runs with: the point-to-point setting or the network's model."""
        if self.network == POINT_TO_POINT:
            return DEFAULT_POINT_TO_POINT_MTU if self.mtu is None else self.mtu
        mtu = get_network(self.network).default_mtu()
        if mtu is None:
            raise ValueError(f"network {self.network!r} has no MTU in its models/ files")
        return mtu


def _check_range(name: str, value: int, lowest: int, highest: int, meaning: str) -> None:
    if not lowest <= value <= highest:
        raise ValueError(f"{name} = {value}: must be from {lowest} to {highest} ({meaning})")


def _as_real(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"{name} = {value!r}: must be a finite number")
    return float(value)


@dataclass(frozen=True)
class UnitAlias:
    """A name that sets a field in another unit: field = value x factor, a whole number."""

    field: str  # the TransferParameters field it sets
    factor: int
    unit: str  # the alias's unit, in words
    field_unit: str  # the field's unit, in words


# RFC 1030 gives transfer sizes in units of 1000 bytes (XFSZ); rates read best in Mbit/s.
UNIT_ALIASES: dict[str, UnitAlias] = {
    "xfsz_kb": UnitAlias("xfsz_bytes", 1000, "units of 1000 bytes", "bytes"),
    "link_rate_mbps": UnitAlias("link_rate_bps", 1_000_000, "Mbit/s", "bits per second"),
}
FIELD_TYPES: dict[str, Any] = get_type_hints(TransferParameters)
PARAMETER_NAMES: frozenset[str] = frozenset(FIELD_TYPES)
# How far value x factor may be from a whole number (relative): a decimal fraction such as
# 143.8 kB is not exact in binary.
WHOLE_NUMBER_TOLERANCE = 1e-9


def transfer_parameters(**values: object) -> TransferParameters:
    """Validated TransferParameters from field names or `UNIT_ALIASES`, unset fields at their
    defaults (for protocol "tcp", `window_bytes` and `congestion_control` at 1987 BSD's,
    `DEFAULT_TCP_WINDOW_BYTES` and `DEFAULT_CONGESTION_CONTROL`); ValueError names an unknown
    name, an alias given with its field, or a bad value."""
    fields_values = {name: value for name, value in values.items() if name not in UNIT_ALIASES}
    for name, alias in UNIT_ALIASES.items():
        if name in values:
            if alias.field in values:
                raise ValueError(f"give {name} or {alias.field}, not both")
            fields_values[alias.field] = _whole_multiple(name, values[name], alias)
    unknown = sorted(set(fields_values) - PARAMETER_NAMES)
    if unknown:
        known = sorted(PARAMETER_NAMES | set(UNIT_ALIASES))
        raise ValueError(f"unknown parameter(s) {unknown}; known: {known}")
    if fields_values.get("protocol") == TCP:
        # A TCP run left unset takes a 1987 BSD host's settings.
        if fields_values.get("window_bytes") is None:
            fields_values["window_bytes"] = DEFAULT_TCP_WINDOW_BYTES
        if fields_values.get("congestion_control") is None:
            fields_values["congestion_control"] = DEFAULT_CONGESTION_CONTROL
    normalised: dict[str, Any] = {
        name: _plain(value, FIELD_TYPES[name]) for name, value in fields_values.items()
    }
    if "model_overrides" in normalised:
        normalised["model_overrides"] = overrides.normalise(normalised["model_overrides"])
    parameters = TransferParameters(**normalised)
    parameters.validate()
    return parameters


def _whole_multiple(name: str, value: object, alias: UnitAlias) -> object:
    """value x factor as an int, if it is a whole number (within floating-point noise)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ValueError(f"{name} = {value!r}: must be a number ({alias.unit})")
    if isinstance(value, numbers.Integral):
        return int(value) * alias.factor
    product = float(value) * alias.factor
    if not math.isfinite(product):
        raise ValueError(f"{name} = {value!r}: must be a finite number ({alias.unit})")
    whole = round(product)
    if abs(whole - product) > WHOLE_NUMBER_TOLERANCE * max(1.0, abs(product)):
        raise ValueError(
            f"{name} = {value!r}: must be a whole number of {alias.field_unit} "
            f"({name} is in {alias.unit})"
        )
    return whole


def _plain(value: object, field_type: Any) -> object:
    """numpy's and other numeric types as the field's plain Python type; a path given as a
    string as a Path. Anything else is left for validate() to refuse by name."""
    if isinstance(value, bool):
        return value
    if field_type in (int, int | None) and isinstance(value, numbers.Integral):
        return int(value)
    if field_type is float and isinstance(value, numbers.Real):
        return float(value)
    if field_type == Path | None and isinstance(value, str | os.PathLike):
        return Path(value)
    return value
