# SPDX-License-Identifier: GPL-2.0-only
"""scripts/soak's CPU costs: the PC/AT's NETBLT costs from models/, as netblt-soak takes them."""

from __future__ import annotations

from netblt_sim.core.models import PER_BYTE_SUFFIX, TIME_UNITS_NS, load_model
from netblt_sim.tools.soak import cpu_costs_option


def test_the_soak_charges_the_pc_at_models_costs_in_whole_nanoseconds() -> None:
    option = cpu_costs_option()
    assert option.startswith("--cpu-costs=")
    costs = dict(item.split("=") for item in option.removeprefix("--cpu-costs=").split(","))
    netblt = load_model("hosts", "ibm-pc-at").attributes["netblt"]
    # Every cost (a time, or a time per byte); ControlPacketSize is no cost.
    timed = {n for n, e in netblt.items() if e.unit.removesuffix(PER_BYTE_SUFFIX) in TIME_UNITS_NS}
    assert set(costs) == timed and "ControlPacketSize" not in timed
    # 0.699275 ms and 1.811594 us/byte: the model's figures, not rounded to 700 us and 1.8 us.
    assert costs["DataSendPacketCost"] == "699275ns"
    assert costs["DataSendByteCost"] == "1812ns"
    for name in timed:
        entry = netblt[name]
        nanoseconds = int(costs[name].removesuffix("ns"))
        assert abs(nanoseconds - entry.milliseconds * 1e6) <= 0.5, name
