# SPDX-License-Identifier: GPL-2.0-only
"""What plots and reports call each network: the one mapping from the identifier the API, the
command line and every results CSV use (`core.networks.NETWORKS`) to a display name, so that
every legend and heading agrees.

It lives apart from `core.networks` because a name on a plot defines no run: `core.networks` is
one of the files the result store keys runs by (`batch.store.RUN_DEFINING_FILES`), and a
changed label must not make every stored run missing.
"""

from __future__ import annotations

from netblt_sim.core.networks import NETWORKS

DISPLAY_NAMES: dict[str, str] = {
    "point-to-point": "point-to-point link",
    "proteon-ring": "Proteon ring",
    "ethernet": "Subnet 26 Ethernet",
    "ethernet-private": "private Ethernet",
    "wideband": "Wideband",
    "wideband-first-phase": "Wideband, first phase",
    "sun-ethernet": "SUN-3 Ethernet",
}


def display_name(name: str) -> str:
    """What plots and reports call the network `name` (an identifier of `NETWORKS`); ValueError
    names an unknown one and lists the known ones."""
    if name not in NETWORKS:
        raise ValueError(f"network = {name!r}: must be one of {sorted(NETWORKS)}")
    return DISPLAY_NAMES[name]
