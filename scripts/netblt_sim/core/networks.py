# SPDX-License-Identifier: GPL-2.0-only
"""The networks a transfer can run over, each an ns-3 testbed class plus its `models/` files."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from netblt_sim.core.models import HardwareModel, load_model

POINT_TO_POINT = "point-to-point"
WIDEBAND = "wideband"


@dataclass(frozen=True)
class Network:
    """A network of RFC 1030 (or the ideal test link) and how to build it in ns-3."""

    name: str
    testbed_class: str  # subclass of ns3::Testbed: the hosts, interfaces, medium and path
    description: str
    host_model: str | None = None  # models/hosts/<name>.json, both ends
    interface_model: str | None = None  # models/interfaces/<name>.json
    network_model: str | None = None  # models/networks/<name>.json
    path_model: str | None = None  # models/networks/<name>.json: gateways and links beyond it
    receiver_host_model: str | None = None  # models/hosts/<name>.json, the receiver's overrides
    protocols: tuple[str, ...] = ("netblt", "tcp")  # the transports it can carry
    protocols_reason: str = ""  # why not the others, if it carries fewer

    def models(self) -> list[HardwareModel]:
        """The model files this network applies, hosts first."""
        return [model for model, _ in _models(self)]

    def models_with_roles(self) -> list[tuple[HardwareModel, str]]:
        """Each model file with the hosts it configures: "both" ends, or the "receiver" only
        (applied last, so its values override)."""
        return _models(self)

    def default_mtu(self) -> int | None:
        """The IP MTU its models give the device, or None if the experiment sets it itself."""
        for model in self.models():
            if "Mtu" in model.attributes.get("device", {}):
                return round(model.value("device", "Mtu").value)
        return None

    def path_mtu(self) -> int | None:
        """The smallest IP MTU its models give any device on the path (the hosts' interfaces,
        the Wideband channel's stations), or None if they give none."""
        mtus = [
            round(model.value(kind, "Mtu").value)
            for model in self.models()
            for kind in ("device", "wideband-device")
            if "Mtu" in model.attributes.get(kind, {})
        ]
        return min(mtus, default=None)


@cache
def _models(network: Network) -> list[tuple[HardwareModel, str]]:
    files = [
        ("hosts", network.host_model, "both"),
        ("interfaces", network.interface_model, "both"),
        ("networks", network.network_model, "both"),
        ("networks", network.path_model, "both"),
        ("hosts", network.receiver_host_model, "receiver"),
    ]
    return [
        (load_model(category, name), role) for category, name, role in files if name is not None
    ]


NETWORKS: dict[str, Network] = {
    network.name: network
    for network in (
        Network(
            POINT_TO_POINT,
            "PointToPointTestbed",
            "an ideal point-to-point link with optional impairments and instant hosts",
        ),
        Network(
            "proteon-ring",
            "ProteonRingTestbed",
            "RFC 1030 §5: IBM PC/ATs with Proteon P1300 interfaces on a ProNET-10 token ring",
            host_model="ibm-pc-at",
            interface_model="proteon-p1300",
            network_model="proteon-ring",
        ),
        Network(
            "ethernet",
            "EthernetTestbed",
            "RFC 1030 §6: IBM PC/ATs with 3Com 3C500 interfaces on MIT's Subnet 26 (150 hosts)",
            host_model="ibm-pc-at",
            interface_model="3com-3c500",
            network_model="mit-subnet-26",
        ),
        Network(
            "ethernet-private",
            "EthernetTestbed",
            "RFC 1030 §6: the same two PC/ATs alone on a private Ethernet",
            host_model="ibm-pc-at",
            interface_model="3com-3c500",
            network_model="private-ethernet",
        ),
        Network(
            WIDEBAND,
            "WidebandTestbed",
            "RFC 1030 §7 and Table IV: an IBM PC/AT with a 3C500 on Subnet 26, a gateway, the T1 "
            "to BBN, the Wideband satellite channel, ISI's gateway and Ethernet, a SUN-3",
            host_model="ibm-pc-at",
            interface_model="3com-3c500",
            network_model="mit-subnet-26",
            path_model="wideband",
            receiver_host_model="sun-3",
        ),
        Network(
            "wideband-first-phase",
            "WidebandFirstPhaseTestbed",
            "RFC 1030 §7, first phase: the Table IV path with an IBM PC/AT and its 3C500 as the "
            "receiver on ISI's Ethernet",
            host_model="ibm-pc-at",
            interface_model="3com-3c500",
            network_model="mit-subnet-26",
            path_model="wideband",
        ),
        Network(
            "sun-ethernet",
            "EthernetTestbed",
            "the 1988 TCP/IP performance survey's test: two SUN-3/50s with their LANCE "
            "interfaces alone on a quiet 10 Mbit/s Ethernet",
            host_model="sun-3",
            interface_model="sun-3-lance",
            network_model="private-ethernet",
            protocols=("tcp",),
            protocols_reason="no source gives a SUN-3's NETBLT sending costs",
        ),
    )
}


def get_network(name: str) -> Network:
    """The network called `name`; ValueError lists the known ones otherwise."""
    try:
        return NETWORKS[name]
    except KeyError:
        raise ValueError(f"network = {name!r}: must be one of {sorted(NETWORKS)}") from None
