# SPDX-License-Identifier: GPL-2.0-only
"""NETBLT and TCP flows on one network (`flows.flow_set` with each flow's protocol, the
testbed's workloads): each flow delivers intact, two alike TCP flows share the ring fairly, a
NETBLT flow is undisturbed by a TCP flow that starts after it has ended, a TCP flow's
time-sequence trace counts what its record counts, the sweep and the store take mixed flows,
what a network cannot carry is refused by name, and the scenario "sharing" reads its file and
judges its runs."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from netblt_sim import sweep
from netblt_sim.batch.store import parameters_key
from netblt_sim.core import runtime
from netblt_sim.core.flows import FlowSet, flow_set
from netblt_sim.core.simulation import run_flow_set, run_transfer, trace_time_sequences
from netblt_sim.core.parameters import transfer_parameters
from netblt_sim.scenarios.registry import load_scenario
from netblt_sim.scenarios.sharing.scenario import BEST, TCP_FIRST, parse_sharing

NETBLT_FLOW = dict(bs=5, bi_ms=30, psz=1400, bfsz=14000, xfsz_kb=140, nbufs=1)
TCP_FLOW = dict(protocol="tcp", window_bytes=16384, xfsz_kb=140)


@pytest.mark.parametrize("network", ["proteon-ring", "ethernet", "wideband"])
def test_a_netblt_flow_and_a_tcp_flow_on_one_network_each_deliver_intact(
    ns: runtime.NsNamespace, network: str
) -> None:
    flows = flow_set([NETBLT_FLOW, TCP_FLOW], network=network, seed=2)
    record = run_flow_set(flows)
    netblt, tcp = record.flows
    assert netblt.completed and netblt.intact and netblt.bytes_received == 140_000
    assert tcp.completed and tcp.intact and tcp.bytes_received == 140_000
    assert netblt.sender_close == "TRANSFER_COMPLETE"  # NETBLT's close reasons
    segment = flows.flows[1].effective_mss()
    assert tcp.null_acks_sent == 0 and tcp.data_packets_sent >= 140_000 // segment  # segments
    assert tcp.retransmission_timeouts >= 0 and netblt.retransmission_timeouts == 0


def test_two_identical_tahoe_flows_on_the_ring_share_it_fairly(ns: runtime.NsNamespace) -> None:
    tahoe = TCP_FLOW | {"congestion_control": "tahoe", "xfsz_kb": 500}
    record = run_flow_set(flow_set([tahoe, tahoe], network="proteon-ring", seed=1))
    assert all(flow.intact for flow in record.flows)
    assert record.jain_index >= 0.95


def test_a_netblt_record_is_the_same_alone_and_beside_a_tcp_flow_that_starts_after_it_ended(
    ns: runtime.NsNamespace,
) -> None:
    alone = run_transfer(transfer_parameters(**NETBLT_FLOW, network="proteon-ring", seed=3))
    after = (alone.simulated_seconds + 1) * 1000
    shared = run_flow_set(flow_set([NETBLT_FLOW, TCP_FLOW], network="proteon-ring", seed=3,
                                   start_ms=[0, after]))  # fmt: skip
    # Every count of the flow is its own. The ring places four hosts apart where it placed two,
    # so the times move by the few nanoseconds of the ring between them; the hosts' CPU also
    # takes the later pair's ARP broadcast; `events` counts the whole run's simulator events.
    moved = {"real_mbps", "steady_state_mbps", "simulated_seconds", "send_only_mbps",
             "longest_progress_gap_seconds"}  # fmt: skip
    later = shared.flows[0]
    for name in moved:
        assert getattr(later, name) == pytest.approx(getattr(alone, name), rel=1e-5), name
    assert later.sender_cpu_seconds >= alone.sender_cpu_seconds
    kept = {name: getattr(alone, name) for name in moved | {"events", "sender_cpu_seconds",
                                                            "receiver_cpu_seconds"}}  # fmt: skip
    assert replace(later, **kept) == alone
    assert shared.flows[1].intact and shared.flows[1].simulated_seconds > after / 1000


def test_a_tcp_flows_time_sequence_counts_what_its_record_counts(ns: runtime.NsNamespace) -> None:
    record, trace = trace_time_sequences(flow_set([NETBLT_FLOW, TCP_FLOW], network="ethernet",
                                                  seed=4))  # fmt: skip
    tcp = record.flows[1]
    events = trace[trace["flow"] == 1]["event"].value_counts()
    assert events["sent"] + events.get("retransmitted", 0) == tcp.data_packets_sent
    assert events.get("retransmitted", 0) == tcp.retransmitted
    received = trace[(trace["flow"] == 1) & (trace["event"] == "received")]
    assert received["amount"].sum() == tcp.bytes_received == 140_000
    assert (received["offset_bytes"].diff().dropna() > 0).all()  # in order
    assert set(trace[trace["flow"] == 1]["event"]) <= {"sent", "retransmitted", "received"}


def test_the_sweep_and_the_store_take_mixed_flows_keyed_by_each_flows_protocol(
    ns: runtime.NsNamespace, tmp_path: Path
) -> None:
    frame = sweep({"seed": [1]}, network="proteon-ring", xfsz_kb=100, progress=None,
                  store=tmp_path / "store.sqlite",
                  flows=[{}, {"protocol": "tcp", "window_bytes": 8192}])  # fmt: skip
    assert list(frame["protocol"]) == ["netblt", "tcp"]
    assert frame["window_bytes"].isna().tolist() == [True, False]
    mixed = flow_set([{}, {"protocol": "tcp"}], network="proteon-ring")
    both_netblt = flow_set(2, network="proteon-ring")
    assert parameters_key(mixed) != parameters_key(both_netblt)
    assert [f["protocol"] for f in parameters_key(mixed)["flows"]] == ["netblt", "tcp"]  # type: ignore[index]
    single = FlowSet.single(transfer_parameters(network="proteon-ring"))
    assert parameters_key(flow_set([{}], network="proteon-ring", start_ms=[0])) == (
        parameters_key(single))  # a flow set of one keeps a single transfer's key


def test_shared_values_go_to_the_flows_whose_protocol_takes_them() -> None:
    flows = flow_set([{}, {"protocol": "tcp"}, {"bi_ms": 60}], network="ethernet", bi_ms=55,
                     nbufs=2, window_bytes=16384, xfsz_kb=100)  # fmt: skip
    netblt, tcp, slower = flows.flows
    assert (netblt.bi_ms, netblt.nbufs, netblt.window_bytes) == (55, 2, None)
    assert (tcp.protocol, tcp.window_bytes, tcp.bi_ms) == ("tcp", 16384, 30)  # bi_ms: default
    assert (slower.bi_ms, slower.nbufs) == (60, 2)
    assert {flow.xfsz_bytes for flow in flows.flows} == {100_000}


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: flow_set([{}, {"protocol": "tcp"}], network="sun-ethernet"),
         "flows\\[0\\]: protocol = 'netblt': network sun-ethernet runs tcp only"),
        (lambda: flow_set([{}, {"protocol": "tcp"}]),
         "network = 'point-to-point' joins two hosts: it carries one flow, not 2"),
        (lambda: flow_set([{}, {"protocol": "udp"}], network="ethernet"),
         "flows\\[1\\]: protocol = 'udp': must be one of"),
        (lambda: flow_set([{}, {"protocol": "tcp", "seed": 2}], network="ethernet"),
         "flows\\[1\\].seed = 2, flows\\[0\\].seed = 1: the flows of a run share it"),
        (lambda: flow_set([{}, {"protocol": "tcp"}], share_rate=True, network="ethernet"),
         "share_rate = True: it divides the rate of alike flows"),
        (lambda: flow_set([{}, {}], phase="random", start_ms=[0, 1], network="ethernet"),
         "phase = 'random' and start_ms given"),
        (lambda: flow_set("two", network="ethernet"), "flows = 'two': must be a number"),
    ],
)
def test_mixed_flow_sets_a_network_cannot_carry_are_refused_by_name(
    build: object, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        build()  # type: ignore[operator]


def _scenario_text(**changes: object) -> dict[str, object]:
    raw = json.loads((Path(__file__).parents[2] / "scenarios" / "netblt-tcp-sharing.json")
                     .read_text(encoding="utf-8"))  # fmt: skip
    raw.pop("question")  # the registry's, which the kind's parser is given without
    network = raw["networks"][0] | changes.pop("network", {})  # type: ignore[operator]
    return raw | {"networks": [network]} | changes


def test_the_sharing_scenario_builds_every_case_with_its_baselines() -> None:
    scenario = load_scenario("netblt-tcp-sharing")
    cases = scenario.cases()  # type: ignore[attr-defined]
    ring = [c for c in cases if c.network.label == "ring" and c.seed == 1]
    assert len([c for c in ring if c.alone]) == 4 + 2  # NETBLT settings, TCP settings
    apart = [c for c in ring if c.start == TCP_FIRST]
    assert {c.flows.start_ms for c in apart} == {(2000.0, 0.0)}  # NETBLT waits 2 s
    crowd = [c for c in ring if c.tcp_flows == 4]
    assert {c.netblt for c in crowd} == {BEST} and all(len(c.flows.flows) == 5 for c in crowd)
    half = next(c for c in ring if c.netblt == "half static" and c.alone)
    assert half.flows.flows[0].bi_ms == 50  # half of 5 every 25 ms


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"adaptive": ["static"]}, "adaptive = \\['static'\\]: must be a list of"),
        ({"network": {"default_window": 8192}}, "default_window = 8192: must be one of the "
                                                "windows \\[16384\\]"),
        ({"network": {"network": "token-bus"}}, "network = 'token-bus': must be one of"),
        ({"more_tcp_flows": [1]}, "more_tcp_flows = \\[1\\]: must be a list of whole numbers "
                                  "from 2"),
        ({"network": {"xfsz_kb": 0}}, "xfsz_kb = 0: must be a positive number"),
    ],
)
def test_a_bad_sharing_scenario_is_refused_naming_the_entry(
    changes: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        parse_sharing(Path("sharing.json"), _scenario_text(**changes))
