"""The networks a transfer can run over, each an ns-3 experiment class plus its `models/` files."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from netblt_sim.models import HardwareModel, load_model

POINT_TO_POINT = "point-to-point"


@dataclass(frozen=True)
class Network:
    """A network of RFC 1030 (or the ideal test link) and how to build it in ns-3."""

    name: str
    experiment_class: str  # subclass of ns3::NetbltExperiment
    description: str
    host_model: str | None = None  # models/hosts/<name>.json, both ends
    interface_model: str | None = None  # models/interfaces/<name>.json
    network_model: str | None = None  # models/networks/<name>.json

    def models(self) -> list[HardwareModel]:
        """The model files this network applies, hosts first."""
        return _models(self)

    def default_mtu(self) -> int | None:
        """The IP MTU its models give the device, or None if the experiment sets it itself."""
        for model in self.models():
            if "Mtu" in model.attributes.get("device", {}):
                return round(model.value("device", "Mtu").value)
        return None


@cache
def _models(network: Network) -> list[HardwareModel]:
    files = [
        ("hosts", network.host_model),
        ("interfaces", network.interface_model),
        ("networks", network.network_model),
    ]
    return [load_model(category, name) for category, name in files if name is not None]


NETWORKS: dict[str, Network] = {
    network.name: network
    for network in (
        Network(
            POINT_TO_POINT,
            "NetbltPointToPointExperiment",
            "an ideal point-to-point link with optional impairments and instant hosts",
        ),
        Network(
            "proteon-ring",
            "NetbltProteonRingExperiment",
            "RFC 1030 §5: IBM PC/ATs with Proteon P1300 interfaces on a ProNET-10 token ring",
            host_model="ibm-pc-at",
            interface_model="proteon-p1300",
            network_model="proteon-ring",
        ),
        Network(
            "ethernet",
            "NetbltEthernetExperiment",
            "RFC 1030 §6: IBM PC/ATs with 3Com 3C500 interfaces on MIT's Subnet 26 (150 hosts)",
            host_model="ibm-pc-at",
            interface_model="3com-3c500",
            network_model="mit-subnet-26",
        ),
        Network(
            "ethernet-private",
            "NetbltEthernetExperiment",
            "RFC 1030 §6: the same two PC/ATs alone on a private Ethernet",
            host_model="ibm-pc-at",
            interface_model="3com-3c500",
            network_model="private-ethernet",
        ),
    )
}


def get_network(name: str) -> Network:
    """The network called `name`; ValueError lists the known ones otherwise."""
    try:
        return NETWORKS[name]
    except KeyError:
        raise ValueError(f"network = {name!r}: must be one of {sorted(NETWORKS)}") from None
