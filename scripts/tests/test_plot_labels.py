# SPDX-License-Identifier: GPL-2.0-only
"""The results plots read at a glance: axes say their unit, legends tell the simulated median
from its seeds' band, networks are named by their display name beside the API's identifier."""

from __future__ import annotations

import pytest

import pandas as pd

from netblt_sim import plot_losses_vs_burst_interval
from netblt_sim.core.networks import NETWORKS
from netblt_sim.reporting.network_names import DISPLAY_NAMES, display_name
from netblt_sim.reporting.plots import network_label, plot_quantity_vs_burst_interval


def test_every_network_has_a_display_name_of_its_own() -> None:
    names = [display_name(network) for network in NETWORKS]
    assert all(names) and len(set(names)) == len(names)
    assert display_name("ethernet-private") == "private Ethernet"
    assert set(DISPLAY_NAMES) == set(NETWORKS)  # every network, and no other
    with pytest.raises(ValueError, match="network = 'ring': must be one of"):
        display_name("ring")


def test_a_network_label_gives_the_display_name_and_the_identifier() -> None:
    assert network_label("proteon-ring") == "Proteon ring (proteon-ring)"
    assert network_label("500 kB") == "500 kB"  # a scenario's own label stays as it is


def test_the_losses_plot_names_each_network_by_its_display_name() -> None:
    runs = pd.DataFrame({"network": ["ethernet", "ethernet-private"], "bi_ms": [30, 30],
                         "lost": [3, 0]})  # fmt: skip
    figure = plot_losses_vs_burst_interval(runs, ("ethernet-private", "ethernet"))
    axes = figure.axes[0]
    legend = [text.get_text() for text in axes.get_legend().get_texts()]
    assert legend == ["private Ethernet (ethernet-private)", "Subnet 26 Ethernet (ethernet)"]
    assert "#LOSS" in axes.get_ylabel()


def test_the_throughput_plot_says_its_unit_and_tells_median_from_band() -> None:
    runs = pd.DataFrame({"label": ["500 kB"] * 3, "bi_ms": [55] * 3, "seed": [1, 2, 3],
                         "steady_state_mbps": [0.89, 0.90, 0.91]})  # fmt: skip
    figure = plot_quantity_vs_burst_interval(runs, "steady_state_mbps", "the best run")
    axes = figure.axes[0]
    assert axes.get_ylabel() == "steady-state throughput (Mbit/s), median over seeds"
    assert "(ms per burst)" in axes.get_xlabel()
    legend = [text.get_text() for text in axes.get_legend().get_texts()]
    assert legend == ["500 kB: simulated median", "500 kB: 5-95 % of seeds"]
