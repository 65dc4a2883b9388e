# SPDX-License-Identifier: GPL-2.0-only
"""One simulated transfer, NETBLT or TCP, in C++ and as a table row.

`build_testbed` builds the network's C++ testbed (a `ns3::Testbed`: hosts, interfaces, the
medium, gateways) for a run's `TransferParameters` (see `parameters`); `build_transfer` and
`set_parameters` make a flow's C++ transfer (`ns3::NetbltBulkTransfer` or
`ns3::TcpBulkTransfer`, by `protocol`) through the one name map `TRANSFER_ATTRIBUTES`;
`apply_models` applies the network's `models/` files to both; `record_from_cpp` reads a C++
`ns3::TransferRecord` as a `TransferRecord` (`simulation` runs them). A TCP transfer
(`protocol="tcp"`) runs on the same hosts, network and models as NETBLT: ns-3's TCP as a 1987
BSD host's, the record's fields their TCP counterparts (see `ns3::TransferRecord`).
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
    GATEWAY_FEEDBACK,
    NETBLT,
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
    """The outcome of one transfer: `ns3::TransferRecord` with snake_case names."""

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
    explicit_rate_heard: bool  # the sender's policy took a gateway's explicit rate
    source_quenches: int  # ICMP Source Quenches the sender heard


# Columns only a frame with a TCP run has (a frame of NETBLT runs keeps its columns).
TCP_COLUMNS: tuple[str, ...] = ("protocol", *TCP_ONLY_FIELDS, "retransmission_timeouts")
# The sender's rate policy and its start: columns only of a frame where some run chose a policy,
# so that the results of RFC 998's static rate control (every published table) keep theirs.
RATE_CONTROL_COLUMNS: tuple[str, ...] = ("rate_control", *RATE_START_FIELDS)
# What the gateways told the senders: columns only of a frame where some run's gateways or
# policy took part, so that the results of 1987's silent gateways keep theirs.
GATEWAY_FEEDBACK_COLUMNS: tuple[str, ...] = ("gateway_feedback", "explicit_rate_heard", "source_quenches")
NETWORK_ASSISTED_POLICIES: tuple[str, ...] = ("source-quench", "explicit-rate")


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
    """`data_packets_sent` -> `dataPacketsSent`, the member name in TransferRecord."""
    first, *rest = snake_name.split("_")
    return first + "".join(word.capitalize() for word in rest)


def record_from_cpp(cpp_record: object) -> TransferRecord:
    """The TransferRecord of an `ns3::TransferRecord`."""
    return TransferRecord(**plain_fields(cpp_record, _RECORD_FIELD_TYPES))


def plain_fields(cpp_record: object, field_types: Mapping[str, type]) -> dict[str, Any]:
    """Each field of a flat C++ record as the plain Python type given, by its snake_case name."""
    values: dict[str, Any] = {}
    for name, python_type in field_types.items():
        value = getattr(cpp_record, cpp_field_name(name))
        # cppyy gives std::string proxies and its own numbers; make them plain Python values.
        values[name] = python_type(value)
    return values



# The one map from a flow's parameters to its C++ transfer's attributes, per protocol
# (`ns3::NetbltBulkTransfer`, `ns3::TcpBulkTransfer`): each parameter, the transfer's setters and
# the attribute names that take it (`ns3_value` gives its ns-3 value). Single transfers and
# every flow of a set take theirs through it; a parameter the other protocol has is left out.
TRANSFER_ATTRIBUTES: dict[str, dict[str, tuple[tuple[str, str], ...]]] = {
    NETBLT: {
        "bs": (("SetSenderAttribute", "BurstSize"),),
        "bi_ms": (("SetSenderAttribute", "BurstInterval"),),
        "psz": (("SetSenderAttribute", "PacketSize"),),
        "bfsz": (("SetSenderAttribute", "BufferSize"),),
        "xfsz_bytes": (("SetSenderAttribute", "TransferSize"),),
        "nbufs": (("SetSenderAttribute", "MaxOutstandingBuffers"),),
        "checksum_data": (("SetSenderAttribute", "ChecksumData"),),
        "death_timeout_s": (("SetSenderAttribute", "DeathTimeout"),
                            ("SetSinkAttribute", "DeathTimeout")),
        # The receiver's policies on both hosts' NETBLT (either end may receive).
        "data_timer": (("SetNetbltAttribute", "DataTimerType"),
                       ("SetReceiverNetbltAttribute", "DataTimerType")),
        "rtt_estimator": (("SetNetbltAttribute", "RttEstimatorType"),
                          ("SetReceiverNetbltAttribute", "RttEstimatorType")),
        "rate_control": (("SetNetbltAttribute", "RatePolicyType"),),
        "start_bs": (("SetRatePolicyAttribute", "StartBurstSize"),),
        "start_bi_ms": (("SetRatePolicyAttribute", "StartBurstInterval"),),
        "receiver_delay_ms": (("SetAttribute", "ReceiverDelay"),),
    },
    TCP: {
        "xfsz_bytes": (("SetAttribute", "TransferSize"),),
        "window_bytes": (("SetSocketAttribute", "BufferSize"),),
        "mss": (("SetSocketAttribute", "SegmentSize"),),
        "congestion_control": (("SetSocketAttribute", "CongestionControl"),),
        "receiver_delay_ms": (("SetAttribute", "ReceiverDelay"),),
    },
}
# The C++ class of each protocol's transfer.
TRANSFER_CLASSES: dict[str, str] = {NETBLT: "NetbltBulkTransfer", TCP: "TcpBulkTransfer"}
# The kinds of attributes (`models.OBJECT_KINDS`) each protocol's transfer takes, with its setter
# per role of a model file; every other kind is the testbed's (`_TESTBED_SETTERS`).
_TRANSFER_SETTERS: dict[str, dict[str, dict[str, str]]] = {
    "both": {"netblt": {NETBLT: "SetNetbltAttribute"}, "tcp": {TCP: "SetTcpAttribute"}},
    "receiver": {"netblt": {NETBLT: "SetReceiverNetbltAttribute"},
                 "tcp": {TCP: "SetReceiverTcpAttribute"}},
}  # fmt: skip
# The testbed's method that takes each other object kind's attributes, per role of a model
# file; a kind whose method the network's testbed lacks is refused by apply_model.
_TESTBED_SETTERS: dict[str, dict[str, str]] = {
    "both": {
        "cpu": "SetHostAttribute",
        "device": "SetDeviceAttribute",
        "packet-buffers": "SetPacketBufferAttribute",
        "channel": "SetChannelAttribute",
        "background": "SetBackgroundAttribute",
        "arp": "SetArpAttribute",
        "experiment": "SetAttribute",
        "wideband-channel": "SetWidebandChannelAttribute",
        "wideband-device": "SetWidebandDeviceAttribute",
    },
    "receiver": {"cpu": "SetReceiverHostAttribute", "arp": "SetReceiverArpAttribute",
                 "experiment": "SetAttribute"},
}


def ns3_value(ns: runtime.NsNamespace, params: TransferParameters, name: str) -> Any:
    """The ns-3 value of parameter `name` of `params` (a key of `TRANSFER_ATTRIBUTES`), or None
    where the parameter leaves the attribute as the models give it."""
    value = getattr(params, name)
    if name == "mss":
        return ns.UintegerValue(params.effective_mss())
    if value is None:
        return None
    if name in ("bi_ms", "start_bi_ms"):
        return ns.TimeValue(ns.MilliSeconds(value))
    if name == "receiver_delay_ms":
        return ns.TimeValue(milliseconds_to_time(ns, value))
    if name == "death_timeout_s":
        return ns.TimeValue(ns.Seconds(value))
    if name == "checksum_data":
        return ns.BooleanValue(value)
    if name == "congestion_control":
        return ns.StringValue(CONGESTION_CONTROLS[value])
    if name in _TYPE_CHOICES:
        return ns.TypeIdValue(ns.TypeId.LookupByName(_TYPE_CHOICES[name][value]))
    return ns.UintegerValue(value)


_TYPE_CHOICES: dict[str, Mapping[str, str]] = {
    "data_timer": DATA_TIMERS, "rtt_estimator": RTT_ESTIMATORS, "rate_control": RATE_POLICIES,
}  # fmt: skip


def build_testbed(
    first: TransferParameters, network: Network
) -> tuple[runtime.NsNamespace, Any]:
    """Reseeds every random stream from the (validated) run's seed and run number and builds
    `network`'s testbed (a `ns3::Testbed`) with the run's settings, not yet its transfers or
    models: ns-3's namespace and the testbed. `first`: any flow of the run (the run's fields
    are the same in all)."""
    if first.pcap_dir is not None:
        # ns-3 aborts the process if it cannot open a pcap file.
        first.pcap_dir.mkdir(parents=True, exist_ok=True)
    ns = runtime.load()
    ns.RngSeedManager.SetSeed(first.seed)
    ns.RngSeedManager.SetRun(first.rng_run)
    testbed = ns.CreateObject[getattr(ns, network.testbed_class)]()
    attributes: dict[str, object] = {
        "PcapDirectory": ns.StringValue(str(first.pcap_dir) if first.pcap_dir else ""),
        "MaxSimulatedTime": ns.TimeValue(milliseconds_to_time(ns, first.max_simulated_s * 1e3)),
    }
    if network.name == POINT_TO_POINT:
        attributes |= {
            "LinkRate": ns.DataRateValue(ns.DataRate(first.link_rate_bps)),
            "LinkDelay": ns.TimeValue(milliseconds_to_time(ns, first.link_delay_ms)),
            "Mtu": ns.UintegerValue(first.effective_mtu()),
            "LossRate": ns.DoubleValue(float(first.loss)),
            "ReorderProbability": ns.DoubleValue(float(first.reorder)),
            "ReorderDelay": ns.TimeValue(milliseconds_to_time(ns, first.reorder_delay_ms)),
            "DuplicateProbability": ns.DoubleValue(float(first.duplicate)),
            "CorruptProbability": ns.DoubleValue(float(first.corrupt)),
        }
    if first.gateway_feedback is not None:
        # A network whose testbed has no such gateway (a LAN) gets nothing: its senders hear
        # no rate and fall back to their end-to-end policy.
        information = ns.TypeId.AttributeInformation()
        for name in GATEWAY_FEEDBACK[first.gateway_feedback]:
            if testbed.GetInstanceTypeId().LookupAttributeByName(name, information):
                attributes[name] = ns.BooleanValue(True)
    for name, value in attributes.items():
        testbed.SetAttribute(name, value)
    return ns, testbed


def build_transfer(ns: runtime.NsNamespace, params: TransferParameters) -> Any:
    """A flow's C++ transfer of its protocol, without its parameters yet (`set_parameters`)."""
    return ns.CreateObject[getattr(ns, TRANSFER_CLASSES[params.protocol])]()


def set_parameters(ns: runtime.NsNamespace, transfer: Any, params: TransferParameters) -> None:
    """Sets every parameter of `params` that its protocol's transfer takes
    (`TRANSFER_ATTRIBUTES`); after the models, so that the policies asked for override
    theirs."""
    for name, targets in TRANSFER_ATTRIBUTES[params.protocol].items():
        value = ns3_value(ns, params, name)
        if value is not None:
            for setter, attribute in targets:
                getattr(transfer, setter)(attribute, value)


def apply_models(
    ns: runtime.NsNamespace,
    network: Network,
    testbed: Any,
    transfers: Sequence[tuple[str, Any]],
    model_overrides: Any,
) -> None:
    """Applies `network`'s `models/` files (with the run's what-if values of their entries) to
    the testbed and to every transfer, each kind of attribute to what takes it."""
    for model, role in network.models_with_roles():
        apply_model(ns, with_overrides(model, model_overrides), setters(testbed, transfers, role))


def setters(
    testbed: Any, transfers: Sequence[tuple[str, Any]], role: str
) -> dict[str, Callable[[str, object], None]]:
    """The setter of each object kind's attributes (`models.OBJECT_KINDS`) for `role` ("both"
    ends, or the "receiver"): the testbed's methods it has, and for the transport's kinds every
    transfer of that protocol (`transfers`: protocol and C++ transfer, one per flow)."""
    found: dict[str, Callable[[str, object], None]] = {
        kind: getattr(testbed, method)
        for kind, method in _TESTBED_SETTERS[role].items()
        if hasattr(testbed, method)
    }
    for kind, methods in _TRANSFER_SETTERS[role].items():
        takers = [getattr(transfer, methods[protocol]) for protocol, transfer in transfers
                  if protocol in methods]  # fmt: skip
        found[kind] = _fan_out(takers)
    return found


def _fan_out(takers: Sequence[Callable[[str, object], None]]) -> Callable[[str, object], None]:
    def set_all(name: str, value: object) -> None:
        for take in takers:
            take(name, value)

    return set_all


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
    control's (`RATE_CONTROL_COLUMNS`) only if some run chose a rate policy, the gateways'
    (`GATEWAY_FEEDBACK_COLUMNS`) only if some run's gateways or policy took part, `model_overrides`
    only if some run has them and `rng_run` only if some run is not run 1, so that a frame of
    NETBLT runs with RFC 998's rate control, the models as they are and ns-3's first run keeps
    its columns."""
    left_out = set()
    if not any(p.protocol == TCP for p in parameters):
        left_out |= set(TCP_COLUMNS)
    if not any(p.rate_control is not None for p in parameters):
        left_out |= set(RATE_CONTROL_COLUMNS)
    if not any(
        p.gateway_feedback is not None or p.rate_control in NETWORK_ASSISTED_POLICIES
        for p in parameters
    ):
        left_out |= set(GATEWAY_FEEDBACK_COLUMNS)
    if all(p.receiver_delay_ms is None for p in parameters):
        left_out.add("receiver_delay_ms")
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
