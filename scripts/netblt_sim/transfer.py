# SPDX-License-Identifier: GPL-2.0-only
"""One simulated NETBLT transfer: its parameters, how to run it, and its outcome as a table row.

`TransferParameters` carries RFC 1030's names (BS, BI, PSZ, BFSZ, XFSZ, NBUFS), the network
(`networks.NETWORKS`) and, for the ideal point-to-point link, its rate, delay and impairments;
`run_transfer` builds the network's C++ experiment (a `ns3::NetbltExperiment`), applies the
network's `models/` files and returns its `NetbltTransferRecord` as a `TransferRecord`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, get_type_hints

from netblt_sim import runtime
from netblt_sim.models import apply_model
from netblt_sim.networks import POINT_TO_POINT, get_network

if TYPE_CHECKING:
    import pandas as pd

# IPv4 header (20, no options) + NETBLT DATA header (24): what a DATA packet adds to its data.
# A packet larger than MTU - 44 would be fragmented by IP, which RFC 1030's experiments avoid.
DATA_PACKET_OVERHEAD_BYTES = 20 + 24
UINT16_MAX = 0xFFFF
UINT32_MAX = 0xFFFFFFFF
MIN_IPV4_MTU = 68  # RFC 791: every IPv4 link carries 68-byte datagrams
# Fields the C++ side takes as integers: a float there would be truncated silently.
WHOLE_NUMBER_FIELDS: tuple[str, ...] = ("bs", "bi_ms", "psz", "bfsz", "xfsz_bytes", "nbufs")
WHOLE_NUMBER_FIELDS += ("seed", "link_rate_bps", "death_timeout_s")
DEFAULT_POINT_TO_POINT_MTU = 1500
# Settings of the ideal link only: other networks take theirs from models/.
LINK_ONLY_FIELDS: tuple[str, ...] = ("loss", "reorder", "duplicate", "corrupt", "link_rate_bps")
LINK_ONLY_FIELDS += ("link_delay_ms", "reorder_delay_ms", "mtu")


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

    def validate(self) -> None:
        """Raises ValueError naming the first impossible value and what is allowed.

        Catches everything the C++ side would abort the process on or silently reinterpret,
        so that a bad value never reaches the simulator.
        """
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
        for name in WHOLE_NUMBER_FIELDS + (("mtu",) if self.mtu is not None else ()):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{name} = {value!r}: must be a whole number")
        _check_range("bs", self.bs, 1, UINT16_MAX, "packets per burst")
        _check_range("bi_ms", self.bi_ms, 1, UINT16_MAX, "burst interval in whole ms")
        _check_range("psz", self.psz, 1, UINT16_MAX, "data bytes per packet")
        mtu = self.effective_mtu()
        _check_range("mtu", mtu, MIN_IPV4_MTU, UINT16_MAX, "IP MTU in bytes")
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
        _check_range("xfsz_bytes", self.xfsz_bytes, 1, UINT32_MAX, "bytes to transfer")
        _check_range("nbufs", self.nbufs, 1, UINT16_MAX, "outstanding buffers")
        _check_range("seed", self.seed, 1, UINT32_MAX, "random seed")
        for name in ("loss", "reorder", "duplicate", "corrupt"):
            probability = _as_real(name, getattr(self, name))
            if not 0.0 <= probability <= 1.0:
                raise ValueError(f"{name} = {probability!r}: must be a probability from 0 to 1")
        if not isinstance(self.checksum_data, bool):
            raise ValueError(f"checksum_data = {self.checksum_data!r}: must be True or False")
        _check_range("link_rate_bps", self.link_rate_bps, 1, 2**63 - 1, "bits per second")
        for name in ("link_delay_ms", "reorder_delay_ms"):
            delay = _as_real(name, getattr(self, name))
            if not 0.0 <= delay <= 1e9:
                raise ValueError(f"{name} = {delay!r}: must be from 0 to 1e9 ms")
        _check_range("death_timeout_s", self.death_timeout_s, 1, UINT16_MAX, "seconds")
        max_simulated = _as_real("max_simulated_s", self.max_simulated_s)
        if not 1.0 <= max_simulated <= 1e9:
            raise ValueError(f"max_simulated_s = {max_simulated!r}: must be from 1 to 1e9 s")
        if self.pcap_dir is not None:
            if not isinstance(self.pcap_dir, Path):
                raise ValueError(f"pcap_dir = {self.pcap_dir!r}: must be a pathlib.Path or None")
            if self.pcap_dir.exists() and not self.pcap_dir.is_dir():
                raise ValueError(f"pcap_dir = {str(self.pcap_dir)!r} exists and is not a directory")


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
class TransferRecord:
    """The outcome of one transfer: `ns3::NetbltTransferRecord` with snake_case names."""

    completed: bool  # both ends closed with TRANSFER_COMPLETE
    intact: bool  # the receiving client got exactly the bytes given
    sender_close: str  # how the sender's connection ended
    receiver_close: str  # how the receiver's connection ended
    bytes_given: int
    bytes_received: int
    data_packets_sent: int  # DATA/LDATA transmissions, first and repeated
    data_packets_received: int  # DATA/LDATA packets that reached the receiving NETBLT
    lost: int  # #LOSS: sent minus received
    retransmitted: int  # #RXM
    data_timeouts: int  # DTMOS
    control_timeouts: int
    control_packets_sent: int  # by the receiver
    null_acks_sent: int  # by the sender
    packets_requested: int  # packet numbers listed in RESENDs
    checksum_errors: int
    malformed_packets: int
    sender_interface_drops: int  # frames the sender's interface dropped (PhyRxDrop)
    receiver_interface_drops: int  # frames the receiver's interface dropped (PhyRxDrop)
    sender_deaf_drops: int  # of those, lost because the interface was sending (3C500)
    receiver_deaf_drops: int
    sender_noise_drops: int  # frames for the sender that line noise corrupted
    receiver_noise_drops: int
    path_drops: int  # lost between the hosts' interfaces: gateway and earth-station queues,
    # damaged satellite bursts, station resets (Wideband)
    station_resets: int  # earth-station channel-processor resets (ESI overload, Wideband)
    steady_state_mbps: float  # SPEED (RFC 1030 §3)
    real_mbps: float  # real throughput (RFC 1030 §3)
    simulated_seconds: float
    sender_cpu_seconds: float  # CPU time the sending host spent, all work
    receiver_cpu_seconds: float
    receiver_packet_buffer_drops: int  # frames dropped for want of a host packet buffer
    receiver_peak_packet_buffers: int  # most host packet buffers in use at once
    send_only_mbps: float  # data bits sent / sender CPU time sending them (RFC 1030 §4)
    events: int  # simulator events executed


_RECORD_FIELD_TYPES: dict[str, type] = get_type_hints(TransferRecord)


def cpp_field_name(snake_name: str) -> str:
    """`data_packets_sent` -> `dataPacketsSent`, the member name in NetbltTransferRecord."""
    first, *rest = snake_name.split("_")
    return first + "".join(word.capitalize() for word in rest)


def _record_from_cpp(cpp_record: object) -> TransferRecord:
    values: dict[str, object] = {}
    for name, python_type in _RECORD_FIELD_TYPES.items():
        value = getattr(cpp_record, cpp_field_name(name))
        # cppyy gives std::string proxies and its own numbers; make them plain Python values.
        values[name] = python_type(value)
    return TransferRecord(**values)  # type: ignore[arg-type]


def run_transfer(
    params: TransferParameters, experiment_attributes: Mapping[str, object] | None = None
) -> TransferRecord:
    """Runs one transfer to the end and returns its record.

    Validates first (ValueError), so that a bad value never aborts the process inside ns-3.
    Every random stream is reseeded from `params.seed` before the experiment is built, so a
    run gives the same record whatever ran before it in this process. `experiment_attributes` (ns-3 attribute
    values by name, for example `{"IsiLockupAfter": ns.TimeValue(ns.Seconds(45))}` on the
    Wideband path) are set on the network's experiment after its `models/` files; a name the
    experiment does not have raises ValueError.
    """
    params.validate()
    if params.pcap_dir is not None:
        # ns-3 aborts the process if it cannot open a pcap file.
        params.pcap_dir.mkdir(parents=True, exist_ok=True)
    ns = runtime.load()
    network = get_network(params.network)
    ns.RngSeedManager.SetSeed(params.seed)
    ns.RngSeedManager.SetRun(1)
    experiment = ns.CreateObject[getattr(ns, network.experiment_class)]()
    attributes: dict[str, object] = {
        "BurstSize": ns.UintegerValue(params.bs),
        "BurstInterval": ns.TimeValue(ns.MilliSeconds(params.bi_ms)),
        "PacketSize": ns.UintegerValue(params.psz),
        "BufferSize": ns.UintegerValue(params.bfsz),
        "TransferSize": ns.UintegerValue(params.xfsz_bytes),
        "OutstandingBuffers": ns.UintegerValue(params.nbufs),
        "ChecksumData": ns.BooleanValue(params.checksum_data),
        "PcapDirectory": ns.StringValue(str(params.pcap_dir) if params.pcap_dir else ""),
        "DeathTimeout": ns.TimeValue(ns.Seconds(params.death_timeout_s)),
        "MaxSimulatedTime": ns.TimeValue(_milliseconds_to_time(ns, params.max_simulated_s * 1e3)),
    }
    if network.name == POINT_TO_POINT:
        attributes |= {
            "LinkRate": ns.DataRateValue(ns.DataRate(params.link_rate_bps)),
            "LinkDelay": ns.TimeValue(_milliseconds_to_time(ns, params.link_delay_ms)),
            "Mtu": ns.UintegerValue(params.effective_mtu()),
            "LossRate": ns.DoubleValue(float(params.loss)),
            "ReorderProbability": ns.DoubleValue(float(params.reorder)),
            "ReorderDelay": ns.TimeValue(_milliseconds_to_time(ns, params.reorder_delay_ms)),
            "DuplicateProbability": ns.DoubleValue(float(params.duplicate)),
            "CorruptProbability": ns.DoubleValue(float(params.corrupt)),
        }
    for name, value in attributes.items():
        experiment.SetAttribute(name, value)
    for model, role in network.models_with_roles():
        apply_model(ns, model, _setters(experiment, role))
    type_id = experiment.GetInstanceTypeId()
    for name, value in (experiment_attributes or {}).items():
        if not type_id.LookupAttributeByName(name, ns.TypeId.AttributeInformation()):
            raise ValueError(
                f"experiment attribute {name!r}: {type_id.GetName()} has no such attribute"
            )
        experiment.SetAttribute(name, value)
    # The experiment only sets the transfer up; this process owns the simulator.
    experiment.Install()
    try:
        ns.Simulator.Run()
        return _record_from_cpp(experiment.GetRecord())
    finally:
        ns.Simulator.Destroy()


# The experiment's method that takes each object kind's attributes, per role of a model file;
# a kind whose method the network's experiment lacks is refused by apply_model.
_SETTER_METHODS: dict[str, dict[str, str]] = {
    "both": {
        "cpu": "SetHostAttribute",
        "netblt": "SetNetbltAttribute",
        "device": "SetDeviceAttribute",
        "packet-buffers": "SetPacketBufferAttribute",
        "channel": "SetChannelAttribute",
        "experiment": "SetAttribute",
        "wideband-channel": "SetWidebandChannelAttribute",
        "wideband-device": "SetWidebandDeviceAttribute",
    },
    "receiver": {
        "cpu": "SetReceiverHostAttribute",
        "netblt": "SetReceiverNetbltAttribute",
        "experiment": "SetAttribute",
    },
}


def _setters(experiment: object, role: str) -> dict[str, Callable[[str, object], None]]:
    return {
        kind: getattr(experiment, method)
        for kind, method in _SETTER_METHODS[role].items()
        if hasattr(experiment, method)
    }


def run_transfers(
    parameters: Sequence[TransferParameters], label: str | None
) -> list[TransferRecord]:
    """Runs each transfer in turn, showing progress under `label` (none if `label` is None)."""
    if label is None:
        return [run_transfer(p) for p in parameters]
    from tqdm import tqdm  # noqa: PLC0415 - progress only where runs take time

    return [run_transfer(p) for p in tqdm(parameters, desc=label, unit="run")]


def _milliseconds_to_time(ns: runtime.NsNamespace, milliseconds: float) -> object:
    # Through whole nanoseconds: ns.MilliSeconds() takes an integer.
    return ns.NanoSeconds(round(milliseconds * 1e6))


def parameters_dict(params: TransferParameters) -> dict[str, object]:
    """The parameters as plain values (pcap_dir as a string or None), e.g. for a table row."""
    values = asdict(params)
    values["pcap_dir"] = str(params.pcap_dir) if params.pcap_dir is not None else None
    values["mtu"] = params.effective_mtu()
    return values


def records_frame(
    records: Sequence[TransferRecord],
    parameters: Sequence[TransferParameters] | None = None,
) -> pd.DataFrame:
    """One row per record, one column per record field.

    With `parameters` (one per record, in the same order) the parameter columns come first,
    so that each row says what was run as well as what came out.
    """
    import pandas as pd  # noqa: PLC0415 - only tables need it; the CLI starts faster without

    rows = [asdict(record) for record in records]
    if parameters is not None:
        if len(parameters) != len(records):
            raise ValueError(
                f"{len(parameters)} parameter sets for {len(records)} records: need one each"
            )
        rows = [parameters_dict(p) | row for p, row in zip(parameters, rows, strict=True)]
        columns = [f.name for f in fields(TransferParameters)] + [
            f.name for f in fields(TransferRecord)
        ]
    else:
        columns = [f.name for f in fields(TransferRecord)]
    return pd.DataFrame(rows, columns=columns)
