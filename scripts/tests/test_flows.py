# SPDX-License-Identifier: GPL-2.0-only
"""Several transfers in one simulation (`flows`, RFC 1030 §8): each flow intact between its own
hosts, one flow the same simulation as `run_transfer`, synchronized bursts against random
phases, the upgraded frame's capacity against Appendix I's arithmetic, the time-sequence plot
against the record, the sweep and the store, a TCP transfer as a flow set of one, and refused
values (a second flow on the point-to-point link among them, in Python and in the testbed)."""

from __future__ import annotations

import math
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from statistics import median

import pytest

from netblt_sim import sweep, transfer_parameters
from netblt_sim.batch.store import ResultStore, parameters_key
from netblt_sim.core import runtime
from netblt_sim.core.flows import AttributeOverride, FlowSet, FlowSetRecord, flow_set, overrides_from
from netblt_sim.core.simulation import run_flow_set, run_transfers_together, trace_time_sequences
from netblt_sim.core.simulation import run_transfer
from netblt_sim.reporting.plots import TIME_SEQUENCE_STYLES, plot_time_sequence
from netblt_sim.scenarios.measure.flow_report import FrameArithmetic

# Table IV's best run, in small transfers.
WIDEBAND_BEST = dict(network="wideband", bs=5, bi_ms=55, psz=1432, bfsz=14320, xfsz_kb=143.2,
                     nbufs=22)  # fmt: skip


def test_two_flows_share_the_wideband_path_and_both_complete_intact(
    ns: runtime.NsNamespace,
) -> None:
    flow = transfer_parameters(**WIDEBAND_BEST | {"bi_ms": 110, "seed": 3})
    record = run_transfers_together([flow, replace(flow, xfsz_bytes=286_400)], start_ms=[0, 55])
    assert len(record.flows) == 2
    for transfer, size in zip(record.flows, (143_200, 286_400), strict=True):
        assert transfer.completed and transfer.intact
        assert transfer.bytes_received == size
    # Both flows' data crossed BBN's one earth station (with the NULL-ACKs and the OPENs).
    assert record.path.datagrams_sent >= sum(f.data_packets_sent for f in record.flows)
    assert record.path.channel_capacity_mbps == pytest.approx(24054 / (32768 / 1.544e6) / 1e6)
    assert record.path.simulated_seconds == max(f.simulated_seconds for f in record.flows)
    assert record.aggregate_mbps == sum(f.steady_state_mbps for f in record.flows)
    assert 0.5 <= record.jain_index <= 1


def test_a_flow_set_of_one_is_the_single_transfer(ns: runtime.NsNamespace) -> None:
    params = transfer_parameters(**WIDEBAND_BEST | {"seed": 4})
    alone = run_flow_set(flow_set(**WIDEBAND_BEST | {"seed": 4}))
    assert alone.flows == (run_transfer(params),)
    assert alone.jain_index == 1.0


def test_two_pairs_share_the_ring(ns: runtime.NsNamespace) -> None:
    record = run_flow_set(flow_set(flows=2, phase="staggered", network="proteon-ring", bs=5,
                                   bi_ms=40, psz=1990, bfsz=19900, xfsz_kb=199, seed=1))  # fmt: skip
    assert all(f.completed and f.intact for f in record.flows)
    assert record.path.channel_capacity_mbps == 0  # the ring has no earth station


def test_synchronized_flows_put_more_datagrams_into_one_reservation_than_random_phases(
    ns: runtime.NsNamespace,
) -> None:
    """Eight flows, each 1/8 of the best run's rate: started together, their bursts reach BBN's
    earth station together, and its control slots ask for more datagrams at once than when the
    flows start at random points of the interval."""
    largest: dict[str, list[int]] = {}
    for phase in ("synchronized", "random"):
        for seed in (1, 2, 3):
            record = run_flow_set(flow_set(flows=8, phase=phase, share_rate=True, seed=seed,
                                           **WIDEBAND_BEST))  # fmt: skip
            assert all(f.completed and f.intact for f in record.flows)
            largest.setdefault(phase, []).append(record.path.largest_request)
    assert median(largest["synchronized"]) > median(largest["random"]), largest


@pytest.mark.parametrize(
    ("overrides", "usable_bytes"),
    [
        ({}, 3006),
        ({"ControlPaddingSymbols": 0}, 3006),
        ({"ControlPaddingSymbols": 0, "MaxDatagramSymbols": 32768}, 5703),
    ],
)
def test_the_upgraded_frames_capacity_equals_appendix_i_arithmetic(
    ns: runtime.NsNamespace, overrides: dict[str, int], usable_bytes: int
) -> None:
    arithmetic = FrameArithmetic.of(overrides_from({"wideband-channel": overrides}))
    assert arithmetic.usable_bytes == usable_bytes
    assert arithmetic.control_subframe_symbols == 10 * (200 + overrides.get(
        "ControlPaddingSymbols", 1263))  # fmt: skip
    record = run_transfers_together(
        [transfer_parameters(**WIDEBAND_BEST | {"xfsz_kb": 14.32})],
        overrides={"wideband-channel": overrides},
    )
    # The simulator's frame period is an ns-3 Time, to the nanosecond.
    assert record.path.channel_capacity_mbps == pytest.approx(arithmetic.capacity_mbps, rel=1e-7)


def test_a_time_sequence_plots_points_agree_with_the_records_counts(
    ns: runtime.NsNamespace,
) -> None:
    flows = flow_set(flows=2, phase="random", share_rate=True, seed=2, **WIDEBAND_BEST)
    record, trace = trace_time_sequences(flows)
    figure = plot_time_sequence(trace, "two flows", flows.flows[0].bfsz)
    assert len(figure.axes) == 2
    for axes, flow in zip(figure.axes, record.flows, strict=True):
        points = {
            event: len(collection.get_offsets())
            for collection in axes.collections
            for event, style in TIME_SEQUENCE_STYLES.items()
            if str(collection.get_label()).startswith(f"{style['label']} (")
        }
        assert flow.retransmitted > 0  # losses on the channel: something to count
        assert points["sent"] + points["retransmitted"] == flow.data_packets_sent
        assert points["retransmitted"] == flow.retransmitted
        assert points["received"] == flow.data_packets_received
        assert points["delivered"] == 10  # 143200 bytes in 14320-byte buffers
    resends = trace[trace["event"] == "resend"].groupby("flow")["amount"].sum()
    assert [int(resends.get(i, 0)) for i in range(2)] == [f.packets_requested for f in record.flows]
    assert trace["offset_bytes"].between(0, 143_200 - 1).all()
    assert record == run_flow_set(flows)  # keeping the traces changes nothing


def test_a_sweep_over_flows_and_phase_gives_a_row_per_flow_through_the_store(
    ns: runtime.NsNamespace, tmp_path: Path
) -> None:
    grid = {"flows": [1, 2], "phase": ["synchronized", "staggered"]}
    fixed = WIDEBAND_BEST | {"share_rate": True, "xfsz_kb": 71.6, "progress": None}
    frame = sweep(grid, store=tmp_path / "runs.sqlite", **fixed)
    assert list(frame["flows"]) == [1, 1, 2, 2, 2, 2]
    assert list(frame["flow"]) == [0, 0, 0, 1, 0, 1]
    assert list(frame["run"]) == [0, 1, 2, 2, 3, 3]
    assert list(frame["bi_ms"]) == [55, 55, 110, 110, 110, 110]
    assert list(frame["start_ms"]) == [0, 0, 0, 0, 0, 55]
    assert frame["completed"].all() and frame["intact"].all()
    for _, run in frame.groupby("run"):
        assert run["aggregate_mbps"].iloc[0] == pytest.approx(run["steady_state_mbps"].sum())
    with ResultStore(tmp_path / "runs.sqlite") as store:
        assert store.count() == 4
    again = sweep(grid, store=tmp_path / "runs.sqlite", **fixed)
    assert again.equals(frame)


def test_a_flow_set_record_reads_back_from_the_store(tmp_path: Path) -> None:
    flows = flow_set(flows=2, network="proteon-ring", bs=5, bi_ms=40, psz=1990, bfsz=19900,
                     xfsz_kb=19.9)  # fmt: skip
    record = run_flow_set(flows)
    with ResultStore(tmp_path / "runs.sqlite") as store:
        store.put("k", flows, "code", "models", record)
        (back,) = store.get_many({"k": flows}).values()
    assert isinstance(back, FlowSetRecord) and back == record


def test_a_tcp_flow_set_of_one_is_the_tcp_transfer_and_keyed_apart(
    ns: runtime.NsNamespace,
) -> None:
    tcp = dict(network="proteon-ring", protocol="tcp", window_bytes=8192, xfsz_kb=50, seed=2)
    alone = run_flow_set(flow_set(**tcp))
    record = run_transfer(transfer_parameters(**tcp))
    assert record.completed and record.intact and record.bytes_received == 50_000
    assert alone.flows == (record,)
    assert alone.path.simulated_seconds == record.simulated_seconds
    netblt = flow_set(network="proteon-ring", xfsz_kb=50, seed=2)
    tcp_key, netblt_key = parameters_key(flow_set(**tcp)), parameters_key(netblt)
    assert [flow["protocol"] for flow in tcp_key["flows"]] == ["tcp"]  # type: ignore[attr-defined]
    assert [flow["protocol"] for flow in netblt_key["flows"]] == ["netblt"]  # type: ignore[attr-defined]
    assert tcp_key != netblt_key


# Python refuses a second flow on the point-to-point link before ns-3 sees it; the testbed
# itself aborts too, naming what it carries.
TWO_TRANSFERS_ON_A_LINK = """
from netblt_sim.core import runtime
ns = runtime.load()
testbed = ns.CreateObject[ns.PointToPointTestbed]()
testbed.AddTransfer(ns.CreateObject[ns.NetbltBulkTransfer]())
testbed.AddTransfer(ns.CreateObject[ns.TcpBulkTransfer]())
testbed.Install()
print("installed")
"""


def test_the_testbed_aborts_a_second_transfer_on_a_link_naming_it() -> None:
    completed = subprocess.run([sys.executable, "-c", TWO_TRANSFERS_ON_A_LINK],
                               capture_output=True, text=True, timeout=120)  # fmt: skip
    assert completed.returncode != 0
    assert "installed" not in completed.stdout
    assert "ns3::PointToPointTestbed connects two hosts only: it carries one transfer, not 2" in (
        completed.stderr)


def test_random_phases_are_drawn_within_an_interval_from_the_seed() -> None:
    first = flow_set(flows=4, phase="random", share_rate=True, seed=7, **WIDEBAND_BEST)
    again = flow_set(flows=4, phase="random", share_rate=True, seed=7, **WIDEBAND_BEST)
    other = flow_set(flows=4, phase="random", share_rate=True, seed=8, **WIDEBAND_BEST)
    assert first == again and first.start_ms != other.start_ms
    assert first.start_ms[0] == 0 and all(0 <= s < 220 for s in first.start_ms)
    assert flow_set(flows=4, phase="staggered", **WIDEBAND_BEST).start_ms == (0, 13.75, 27.5, 41.25)


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: flow_set(flows=2), "network = 'point-to-point' joins two hosts: it carries one "
                                    "flow, not 2"),
        (lambda: flow_set(flows=0), "flows = 0: must be a whole number from 1 to 1000"),
        (lambda: flow_set(phase="bursty"), "phase = 'bursty': must be one of"),
        (lambda: flow_set(share_rate="yes"), "share_rate = 'yes': must be True or False"),
        (lambda: flow_set(overrides={"router": {"Mtu": 1}}), "kind 'router' must be one of"),
        (lambda: FlowSet((transfer_parameters(network="wideband"),
                          transfer_parameters(network="wideband", seed=2)), (0, 0)),
         "flows\\[1\\].seed = 2, flows\\[0\\].seed = 1: the flows of a run share it"),
        (lambda: FlowSet((transfer_parameters(),), (0, 5)).validate(),
         "start_ms has 2 values for 1 flows"),
        (lambda: FlowSet((transfer_parameters(),), (-1,)).validate(),
         "start_ms\\[0\\] = -1: must be from 0"),
        (lambda: FlowSet((transfer_parameters(), transfer_parameters(protocol="tcp")), (0, 0)),
         "network = 'point-to-point' joins two hosts: it carries one flow, not 2"),
    ],
)
def test_impossible_flow_sets_are_refused_by_name(build: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        result = build()  # type: ignore[operator]
        if isinstance(result, FlowSet):
            result.validate()


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"wideband-channel": {"ControlPadding": 0}}, "ns3::WidebandChannel has no attribute "
                                                      "'ControlPadding'"),
        ({"wideband-device": {"EsiOverflow": "Explode"}}, "'Explode' is not a value of "
                                                          "ns3::WidebandNetDevice::EsiOverflow"),
        ({"experiment": {"IsiLockupAfter": "soon"}}, "'soon' is not a value of"),
    ],
)
def test_impossible_what_ifs_are_refused_before_the_run(
    ns: runtime.NsNamespace, overrides: dict[str, dict[str, object]], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        run_transfers_together([transfer_parameters(**WIDEBAND_BEST)], overrides=overrides)


def test_what_ifs_apply_only_to_networks_that_have_the_object(ns: runtime.NsNamespace) -> None:
    with pytest.raises(ValueError, match="ns3::WidebandChannel is not part of the "
                                         "ns3::ProteonRingTestbed"):  # fmt: skip
        run_transfers_together([transfer_parameters(network="proteon-ring", psz=1990,
                                                     bfsz=19900)],
                               overrides={"wideband-channel": {"ControlPaddingSymbols": 0}})


def test_an_override_reads_as_text() -> None:
    assert overrides_from({"experiment": {"IsiLockupAfter": "50s", "IsiLockupRate": 80},
                           "wideband-device": {"EsiOverflow": "Refuse"}}) == (
        AttributeOverride("experiment", "IsiLockupAfter", "50s"),
        AttributeOverride("experiment", "IsiLockupRate", "80"),
        AttributeOverride("wideband-device", "EsiOverflow", "Refuse"),
    )  # fmt: skip
    assert math.isnan(FlowSetRecord((), _zero_path()).jain_index)


def _zero_path() -> object:
    from netblt_sim.core.flows import PathRecord  # noqa: PLC0415

    return PathRecord(**{name: 0 for name in PathRecord.__annotations__})
