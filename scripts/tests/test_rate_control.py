# SPDX-License-Identifier: GPL-2.0-only
"""The sender's rate policy from Python (issue 26): chosen by `transfer_parameters(...,
rate_control=...)` and on the command line, in the result store's key and only in the frames of
runs that chose it; what the policies do on the Wideband; the burst spacing extension on the
wire; the rate-control scenario's measure and its refusals."""

from __future__ import annotations

import json
import math
import subprocess
from pathlib import Path

import pytest
from conftest import NETBLT_RUN, NetworkCapture

from netblt_sim.batch.store import KeyMaker
from netblt_sim.core.flows import FlowSet, FlowSetRecord
from netblt_sim.core.parameters import TransferParameters, transfer_parameters
from netblt_sim.core.rate_trace import BufferStart, RateTrace, run_rate_traced
from netblt_sim.core.transfer import (
    GATEWAY_FEEDBACK_COLUMNS,
    RATE_CONTROL_COLUMNS,
    RUN_COLUMNS,
    TCP_COLUMNS,
    records_frame,
)
from netblt_sim.core.simulation import run_transfer
from netblt_sim.scenarios.rate_control.scenario import parse_rate_control
from netblt_sim.wire.decoder import ControlFields, OkMessage, OpenFields, PacketType
from netblt_sim.wire.pcap import read_netblt_packets

REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("values", "named"),
    [
        ({"rate_control": "cubic"}, ["rate_control = 'cubic'", "aimd", "delivery-rate"]),
        ({"start_bs": 1}, ["start_bs = 1", "adaptive"]),
        ({"rate_control": "static", "start_bi_ms": 200}, ["start_bi_ms = 200", "adaptive"]),
        ({"rate_control": "aimd", "start_bi_ms": 0}, ["start_bi_ms = 0", "from 1 to 65535"]),
        ({"rate_control": "aimd", "start_bs": 2.5}, ["start_bs = 2.5", "whole number"]),
    ],
)
def test_an_impossible_rate_control_is_refused_by_name(
    values: dict[str, object], named: list[str]
) -> None:
    with pytest.raises(ValueError) as refused:
        transfer_parameters(**values)
    for text in named:
        assert text in str(refused.value)


def test_the_rate_columns_appear_only_where_a_run_chose_a_policy() -> None:
    static = TransferParameters(xfsz_bytes=14380)
    adaptive = transfer_parameters(xfsz_bytes=14380, rate_control="aimd", start_bs=1)
    records = [run_transfer(static), run_transfer(adaptive)]
    alone = list(records_frame(records[:1], [static]).columns)
    assert not set(RATE_CONTROL_COLUMNS) & set(alone)
    left_out = set(RATE_CONTROL_COLUMNS) | set(TCP_COLUMNS) | {"model_overrides", "rng_run"}
    left_out |= set(GATEWAY_FEEDBACK_COLUMNS) | {"receiver_delay_ms"}
    assert alone == [c for c in RUN_COLUMNS if c not in left_out]
    both = records_frame(records, [static, adaptive])
    assert set(RATE_CONTROL_COLUMNS) <= set(both.columns)
    assert both["rate_control"].isna().tolist() == [True, False]
    assert both["rate_control"][1] == "aimd" and both["start_bs"][1] == 1


def test_the_store_keys_runs_by_their_rate_policy() -> None:
    maker = KeyMaker()
    keys = {
        maker.key(FlowSet.single(transfer_parameters(**values)))
        for values in ({}, {"rate_control": "static"}, {"rate_control": "aimd"},
                       {"rate_control": "aimd", "start_bs": 2})
    }  # fmt: skip
    assert len(keys) == 4


def test_a_policy_chosen_from_python_reaches_the_sender_and_static_is_the_default() -> None:
    """AIMD from 1 packet every 200 ms under the negotiated 5 every 30 ms: the sender puts its
    start in force at set-up (5 packets/s, as 5 every second), then raises the rate up to the
    ceiling; the transfer completes intact. Asking for the static policy by name gives the
    record of asking for nothing, whose values stay the negotiated ones."""
    adaptive = transfer_parameters(rate_control="aimd", start_bs=1, start_bi_ms=200)
    result, trace = run_rate_traced(adaptive)
    (record,) = result.flows
    assert record.completed and record.intact
    values = [(c.burst_size, c.burst_interval_ms) for c in trace.flow_changes(0)]
    assert values[0] == (5, 1000)
    assert values[-1] == (5, 30)
    assert all(later[1] < earlier[1] for earlier, later in zip(values, values[1:]))
    default = TransferParameters()
    assert run_transfer(transfer_parameters(rate_control="static")) == run_transfer(default)
    _, static_trace = run_rate_traced(default)
    assert [(c.burst_size, c.burst_interval_ms) for c in static_trace.changes] == [(5, 30)]


def test_started_too_fast_on_the_wideband_the_delivery_rate_policy_backs_off_in_time() -> None:
    """5 packets of 1432 bytes every 51 ms (98 a second) overflow the earth station's ESI: the
    static sender resets it. The delivery-rate sender started there sends one buffer (its
    slow-start window) before the first OK, the receiver's first burst spacing report, comes
    back about 1.4 s after the first packet; the window then opens a buffer per OK while the
    reports bound the rate: no reset."""
    wideband = {"network": "wideband", "psz": 1432, "bfsz": 14320, "nbufs": 22,
                "xfsz_kb": 1432, "seed": 1}  # fmt: skip
    static = run_transfer(transfer_parameters(bs=5, bi_ms=51, **wideband))
    assert static.station_resets > 0
    adaptive = transfer_parameters(bs=5, bi_ms=20, rate_control="delivery-rate", start_bs=5,
                                   start_bi_ms=51, **wideband)  # fmt: skip
    result, trace = run_rate_traced(adaptive)
    (record,) = result.flows
    assert record.station_resets == 0
    assert record.completed and record.intact
    starts = [start.seconds for start in trace.buffer_starts]
    assert starts[1] - starts[0] > 1.2  # the second buffer waits for the first one's OK
    assert trace.flow_changes(0)[0].outstanding_buffers == 1
    assert max(c.burst_interval_ms for c in trace.flow_changes(0)) > 51


def test_aimd_backs_off_on_the_wideband_queue_before_loss() -> None:
    """Loss alone would find the Wideband's limit by crossing it (the first loss beyond the
    channel's random errors is the earth station's reset); AIMD's delay signal (Vegas's queue
    estimate above 3 packets cuts by DECbit's 0.875) backs off first: from the slow start, in
    this seed, the rate is cut while the station stays up."""
    result, trace = run_rate_traced(
        transfer_parameters(network="wideband", bs=5, bi_ms=20, psz=1432, bfsz=14320,
                            nbufs=22, xfsz_kb=4296, seed=1, rate_control="aimd",
                            start_bs=1, start_bi_ms=200)
    )  # fmt: skip
    (record,) = result.flows
    assert record.station_resets == 0
    assert record.completed and record.intact
    rates = [c.rate_mbps(1432) for c in trace.flow_changes(0)]
    assert any(later < earlier for earlier, later in zip(rates, rates[1:]))


def test_each_flow_of_a_flow_set_is_its_trace_flow() -> None:
    """Three adaptive flows of different sizes across Subnet 26 at once: flow i of the rate trace
    is flow i of the flow set (the same buffers, the same whole-transfer steady state)."""
    flows = tuple(
        transfer_parameters(network="ethernet", psz=1438, bfsz=14380, xfsz_kb=1438 * n, nbufs=1,
                            bs=5, bi_ms=20, rate_control="aimd", seed=2)
        for n in (2, 3, 4)
    )  # fmt: skip
    record, trace = run_rate_traced(FlowSet(flows, (0.0, 3.0, 7.0)))
    assert isinstance(record, FlowSetRecord)
    for index, (params, flow) in enumerate(zip(flows, record.flows, strict=True)):
        starts = [s for s in trace.buffer_starts if s.flow == index]
        assert len(starts) == params.xfsz_bytes // params.bfsz
        assert trace.steady_state_mbps(params.bfsz, flow=index) == pytest.approx(
            flow.steady_state_mbps, rel=1e-9)


def test_the_burst_spacing_extension_is_on_the_wire(
    network_captures: dict[str, NetworkCapture],
) -> None:
    """The delivery-rate sender's OPEN sets R, the receiver's RESPONSE grants it, and OKs carry
    the burst spacing in RFC 998's padding: the decoder reads them, with no problem."""
    capture = network_captures["point-to-point, delivery-rate"]
    sender, receiver = capture.files()
    packets = read_netblt_packets(sender, strict=True) + read_netblt_packets(receiver, strict=True)
    opens = [p.body for p in packets if isinstance(p.body, OpenFields)]
    assert {p.packet_type for p in packets if isinstance(p.body, OpenFields)} == {
        PacketType.OPEN, PacketType.RESPONSE}  # fmt: skip
    assert all(body.rate_reports for body in opens)
    spacings = [
        message.burst_spacing_10us
        for p in packets
        if isinstance(p.body, ControlFields)
        for message in p.body.messages
        if isinstance(message, OkMessage)
    ]
    assert spacings and sum(s > 0 for s in spacings) > len(spacings) / 2


def test_the_steady_state_of_a_stretch_is_rfc_1030s_measure_over_it() -> None:
    """Ten buffers of 10000 bytes, the first four starting 1 s apart, then 0.5 s apart: the
    whole transfer is 9 buffers' bits over 6 s, its second half (from buffer 5) 5 over 2.5 s."""
    times = [0.0, 1.0, 2.0, 3.0, 3.5, 4.0, 4.5, 5.0, 5.5, 6.0]
    trace = RateTrace((), tuple(BufferStart(t, 0, n + 1) for n, t in enumerate(times)))
    assert trace.steady_state_mbps(10000) == pytest.approx(9 * 80000 / 6.0 / 1e6)
    assert trace.steady_state_mbps(10000, 0.5) == pytest.approx(5 * 80000 / 2.5 / 1e6)
    assert math.isnan(RateTrace((), ()).steady_state_mbps(10000))
    with pytest.raises(ValueError, match="from_fraction = 1"):
        trace.steady_state_mbps(10000, 1)


def _scenario() -> dict[str, object]:
    raw = json.loads((REPO_ROOT / "scenarios" / "dynamic-rate-control.json").read_text())
    assert isinstance(raw, dict)
    raw.pop("question")  # the registry's, which the kind's parser is given without
    return raw


def test_the_scenario_runs_every_algorithm_from_every_start_beside_its_static_grid() -> None:
    scenario = parse_rate_control(Path("dynamic-rate-control.json"), _scenario())
    runs = scenario.runs()
    adaptive = [r for r in runs if r.algorithm != "static"]
    assert {(r.case.label, r.algorithm, r.start) for r in adaptive} == {
        (case.label, algorithm, start)
        for case in scenario.networks
        for algorithm in ("aimd", "delivery-rate")
        for start in ("too slow", "too fast")
    }
    single = [r for r in adaptive if r.shared is None]
    wideband = next(r for r in single if r.case.network == "wideband" and r.start == "too fast")
    assert wideband.flows()[0].start_bs == 5 and wideband.flows()[0].start_bi_ms == 50
    assert all(r.flows()[0].rate_control == "static" for r in runs if r.algorithm == "static")
    shared = [r for r in adaptive if r.shared is not None]
    assert len(shared) == 2 * 2 * len(scenario.seeds)
    assert all(len(r.flows()) == 4 and r.flows()[0].xfsz_bytes == 5012000 for r in shared)


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda raw: raw.update(algorithms=["cubic"]), "algorithms = ['cubic']"),
        (lambda raw: raw["networks"][0].pop("published_best_mbps"), "published_best_mbps"),
        (lambda raw: raw["networks"][0].update(static_grid=[{"bs": [5]}]),
         "static_grid[0]: must give exactly ['bs', 'bi_ms']"),
        (lambda raw: raw.update(steady_state_from=1.0), "steady_state_from = 1.0"),
        (lambda raw: raw["starts"].update(odd={"start_bs": 1}), "starts.odd"),
        (lambda raw: raw["networks"][0]["transfer"].update(psz=9000), "psz = 9000"),
        (lambda raw: raw["shared"].update(case="token ring"), "shared.case = 'token ring'"),
        (lambda raw: raw["shared"].update(flows=1), "shared.flows = 1"),
        (lambda raw: raw["shared"].update(phase="given"), "shared.phase = 'given'"),
    ],
)
def test_a_bad_rate_control_scenario_is_refused_by_its_entry(change: object, named: str) -> None:
    raw = _scenario()
    change(raw)  # type: ignore[operator]
    with pytest.raises(ValueError) as refused:
        parse_rate_control(Path("odd.json"), raw)
    assert named in str(refused.value)


def test_the_command_line_chooses_a_policy_and_refuses_a_start_without_one() -> None:
    chosen = subprocess.run(
        [str(NETBLT_RUN), "--rate-control", "delivery-rate", "--start-bs", "1", "--start-bi-ms",
         "200", "--xfsz-kb", "28.76", "--json"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert chosen.returncode == 0, chosen.stderr
    assert json.loads(chosen.stdout)["intact"] is True
    refused = subprocess.run(
        [str(NETBLT_RUN), "--start-bs", "1"], capture_output=True, text=True, timeout=60
    )
    assert refused.returncode == 2
    assert "--start-bs" in refused.stderr and "adaptive" in refused.stderr
