# SPDX-License-Identifier: GPL-2.0-only
"""One simulated transfer, NETBLT or TCP: its C++ experiment, and its outcome as a table row.

`build_experiment` builds the network's C++ experiment (a `ns3::NetbltExperiment`) for
`TransferParameters` (see `parameters`) and applies the network's `models/` files;
`record_from_cpp` reads its `NetbltTransferRecord` as a `TransferRecord` (`simulation` runs it:
`run_transfer`). A TCP run (`protocol="tcp"`) sets the
experiment's Transport to TCP: the same hosts, network and models, ns-3's TCP as a 1987 BSD
host's instead of NETBLT, the record's fields their TCP counterparts (see
`NetbltTransferRecord`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Protocol, get_type_hints

from netblt_sim.core import runtime
from netblt_sim.core.models import apply_model
from netblt_sim.core.networks import POINT_TO_POINT, Network
from netblt_sim.core.overrides import describe, with_overrides
from netblt_sim.core.parameters import (
    CONGESTION_CONTROLS,
    DATA_TIMERS,
    FIELD_TYPES,
    NETBLT_ONLY_FIELDS,
    RATE_POLICIES,
    RATE_START_FIELDS,
    RTT_ESTIMATORS,
    TCP,
    TCP_ONLY_FIELDS,
    TransferParameters,
    field_values,
)

if TYPE_CHECKING:
    import pandas as pd


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
    max_resends_per_buffer: int  # most RESENDs one buffer needed (NO_PROGRESS past the limit)
    longest_progress_gap_seconds: float  # longest wait for a buffer to complete, either end
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
    retransmission_timeouts: int  # TCP: the sender's retransmission timer expiries


# Columns only a frame with a TCP run has (a frame of NETBLT runs keeps its columns).
TCP_COLUMNS: tuple[str, ...] = ("protocol", *TCP_ONLY_FIELDS, "retransmission_timeouts")
# The sender's rate policy and its start: columns only of a frame where some run chose a policy,
# so that the results of RFC 998's static rate control (every published table) keep theirs.
RATE_CONTROL_COLUMNS: tuple[str, ...] = ("rate_control", *RATE_START_FIELDS)


_RECORD_FIELD_TYPES: dict[str, type] = get_type_hints(TransferRecord)
# The columns of `records_frame` with parameters: what was run, then what came out.
RUN_COLUMNS: tuple[str, ...] = tuple(f.name for f in fields(TransferParameters))
RUN_COLUMNS += tuple(f.name for f in fields(TransferRecord))


class TransferObserver(Protocol):
    """Something that watches a run from inside the simulation (see `simulation.simulate`)."""

    def installed(self, ns: runtime.NsNamespace) -> None:
        """The transfer is set up and the simulator not yet run: connect to its objects."""

    def finished(self, ns: runtime.NsNamespace) -> None:
        """The simulator has run, its objects not yet destroyed: read what was watched."""


def cpp_field_name(snake_name: str) -> str:
    """`data_packets_sent` -> `dataPacketsSent`, the member name in NetbltTransferRecord."""
    first, *rest = snake_name.split("_")
    return first + "".join(word.capitalize() for word in rest)


def record_from_cpp(cpp_record: object) -> TransferRecord:
    """The TransferRecord of an `ns3::NetbltTransferRecord`."""
    return TransferRecord(**plain_fields(cpp_record, _RECORD_FIELD_TYPES))


def plain_fields(cpp_record: object, field_types: Mapping[str, type]) -> dict[str, Any]:
    """Each field of a flat C++ record as the plain Python type given, by its snake_case name."""
    values: dict[str, Any] = {}
    for name, python_type in field_types.items():
        value = getattr(cpp_record, cpp_field_name(name))
        # cppyy gives std::string proxies and its own numbers; make them plain Python values.
        values[name] = python_type(value)
    return values



def build_experiment(
    params: TransferParameters, network: Network
) -> tuple[runtime.NsNamespace, Any]:
    """Reseeds every random stream from the (validated) `params`' seed and builds `network`'s
    experiment (the network `params` names) for it, its `models/` files applied, not yet
    installed: ns-3's namespace and the experiment."""
    if params.pcap_dir is not None:
        # ns-3 aborts the process if it cannot open a pcap file.
        params.pcap_dir.mkdir(parents=True, exist_ok=True)
    ns = runtime.load()
    ns.RngSeedManager.SetSeed(params.seed)
    ns.RngSeedManager.SetRun(params.rng_run)
    experiment = ns.CreateObject[getattr(ns, network.experiment_class)]()
    attributes: dict[str, object] = {
        "TransferSize": ns.UintegerValue(params.xfsz_bytes),
        "PcapDirectory": ns.StringValue(str(params.pcap_dir) if params.pcap_dir else ""),
        "MaxSimulatedTime": ns.TimeValue(milliseconds_to_time(ns, params.max_simulated_s * 1e3)),
    }
    if params.protocol == TCP:
        assert params.window_bytes is not None and params.congestion_control is not None
        attributes |= {
            "Transport": ns.StringValue("TCP"),
            "TcpWindow": ns.UintegerValue(params.window_bytes),
            "TcpSegmentSize": ns.UintegerValue(params.effective_mss()),
            "TcpCongestionControl": ns.StringValue(CONGESTION_CONTROLS[params.congestion_control]),
        }
    else:
        attributes |= {
            "BurstSize": ns.UintegerValue(params.bs),
            "BurstInterval": ns.TimeValue(ns.MilliSeconds(params.bi_ms)),
            "PacketSize": ns.UintegerValue(params.psz),
            "BufferSize": ns.UintegerValue(params.bfsz),
            "OutstandingBuffers": ns.UintegerValue(params.nbufs),
            "ChecksumData": ns.BooleanValue(params.checksum_data),
            "DeathTimeout": ns.TimeValue(ns.Seconds(params.death_timeout_s)),
        }
    if network.name == POINT_TO_POINT:
        attributes |= {
            "LinkRate": ns.DataRateValue(ns.DataRate(params.link_rate_bps)),
            "LinkDelay": ns.TimeValue(milliseconds_to_time(ns, params.link_delay_ms)),
            "Mtu": ns.UintegerValue(params.effective_mtu()),
            "LossRate": ns.DoubleValue(float(params.loss)),
            "ReorderProbability": ns.DoubleValue(float(params.reorder)),
            "ReorderDelay": ns.TimeValue(milliseconds_to_time(ns, params.reorder_delay_ms)),
            "DuplicateProbability": ns.DoubleValue(float(params.duplicate)),
            "CorruptProbability": ns.DoubleValue(float(params.corrupt)),
        }
    for name, value in attributes.items():
        experiment.SetAttribute(name, value)
    for model, role in network.models_with_roles():
        apply_model(ns, with_overrides(model, params.model_overrides), setters(experiment, role))
    # The receiver's policies asked for, on both hosts' NETBLT (either end may receive), after
    # the models so that they override the implementation's.
    policies = {"DataTimerType": (params.data_timer, DATA_TIMERS)}
    policies["RttEstimatorType"] = (params.rtt_estimator, RTT_ESTIMATORS)
    for attribute, (choice, types) in policies.items():
        if choice is not None:
            value = ns.TypeIdValue(ns.TypeId.LookupByName(types[choice]))
            experiment.SetNetbltAttribute(attribute, value)
            experiment.SetReceiverNetbltAttribute(attribute, value)
    if params.rate_control is not None:
        policy = ns.TypeId.LookupByName(RATE_POLICIES[params.rate_control])
        experiment.SetNetbltAttribute("RatePolicyType", ns.TypeIdValue(policy))
    return ns, experiment


# The experiment's method that takes each object kind's attributes, per role of a model file;
# a kind whose method the network's experiment lacks is refused by apply_model.
_SETTER_METHODS: dict[str, dict[str, str]] = {
    "both": {
        "cpu": "SetHostAttribute",
        "netblt": "SetNetbltAttribute",
        "tcp": "SetTcpAttribute",
        "device": "SetDeviceAttribute",
        "packet-buffers": "SetPacketBufferAttribute",
        "channel": "SetChannelAttribute",
        "background": "SetBackgroundAttribute",
        "experiment": "SetAttribute",
        "wideband-channel": "SetWidebandChannelAttribute",
        "wideband-device": "SetWidebandDeviceAttribute",
    },
    "receiver": {
        "cpu": "SetReceiverHostAttribute",
        "netblt": "SetReceiverNetbltAttribute",
        "tcp": "SetReceiverTcpAttribute",
        "experiment": "SetAttribute",
    },
}


def setters(experiment: object, role: str) -> dict[str, Callable[[str, object], None]]:
    """The experiment's method that sets each object kind's attributes (`models.OBJECT_KINDS`)
    for `role` ("both" ends, or the "receiver"), those it has."""
    return {
        kind: getattr(experiment, method)
        for kind, method in _SETTER_METHODS[role].items()
        if hasattr(experiment, method)
    }


def milliseconds_to_time(ns: runtime.NsNamespace, milliseconds: float) -> object:
    """ns-3's Time of a number of milliseconds, to the nanosecond."""
    # Through whole nanoseconds: ns.MilliSeconds() takes an integer.
    return ns.NanoSeconds(round(milliseconds * 1e6))


def parameters_dict(params: TransferParameters) -> dict[str, object]:
    """The parameters as plain values (pcap_dir as a string or None), e.g. for a table row; the
    other protocol's parameters are None (a TCP run's `mss` is the one it ran with)."""
    values = field_values(params)
    values["pcap_dir"] = str(params.pcap_dir) if params.pcap_dir is not None else None
    values["mtu"] = params.effective_mtu()
    values["model_overrides"] = describe(params.model_overrides)
    if params.protocol == TCP:
        values["mss"] = params.effective_mss()
        values |= dict.fromkeys(NETBLT_ONLY_FIELDS)
    return values


def records_frame(
    records: Sequence[TransferRecord],
    parameters: Sequence[TransferParameters] | None = None,
) -> pd.DataFrame:
    """One row per record, one column per record field.

    With `parameters` (one per record, in the same order) the parameter columns come first,
    so that each row says what was run as well as what came out; the TCP, rate-control and
    model-override columns only where some run needs them (`run_columns`).
    """
    import pandas as pd  # noqa: PLC0415 - only tables need it; the CLI starts faster without

    rows = [field_values(record) for record in records]
    if parameters is not None:
        if len(parameters) != len(records):
            raise ValueError(
                f"{len(parameters)} parameter sets for {len(records)} records: need one each"
            )
        rows = [parameters_dict(p) | row for p, row in zip(parameters, rows, strict=True)]
        columns = run_columns(parameters)
    else:
        columns = [f.name for f in fields(TransferRecord)]
    return with_whole_numbers(pd.DataFrame(rows, columns=columns))


def run_columns(parameters: Sequence[TransferParameters]) -> list[str]:
    """`RUN_COLUMNS`, the TCP columns (`TCP_COLUMNS`) only if some run is TCP, the rate
    control's (`RATE_CONTROL_COLUMNS`) only if some run chose a rate policy, `model_overrides`
    only if some run has them and `rng_run` only if some run is not run 1, so that a frame of
    NETBLT runs with RFC 998's rate control, the models as they are and ns-3's first run keeps
    its columns."""
    left_out = set()
    if not any(p.protocol == TCP for p in parameters):
        left_out |= set(TCP_COLUMNS)
    if not any(p.rate_control is not None for p in parameters):
        left_out |= set(RATE_CONTROL_COLUMNS)
    if not any(p.model_overrides for p in parameters):
        left_out.add("model_overrides")
    if all(p.rng_run == 1 for p in parameters):
        left_out.add("rng_run")
    return [c for c in RUN_COLUMNS if c not in left_out]


def with_whole_numbers(frame: pd.DataFrame) -> pd.DataFrame:
    """The frame with each whole-number parameter only one protocol takes as pandas' nullable
    integers where it is empty in the other's rows (instead of turning into floats)."""
    for name in (*NETBLT_ONLY_FIELDS, *TCP_ONLY_FIELDS):
        if name in frame and frame[name].isna().any() and FIELD_TYPES[name] in (int, int | None):
            frame[name] = frame[name].astype("Int64")
    return frame
