# SPDX-License-Identifier: GPL-2.0-only
"""The progress rule on a real network, the receiver's policies as transfer parameters, and the
store's refusal of runs made under changed ns-3 attribute defaults."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from netblt_sim import run_transfer, sweep, transfer_parameters
from netblt_sim.batch.store import ResultStore
from netblt_sim.core import models, runtime
from netblt_sim.core.parameters import DATA_TIMERS

# The rule's defaults (NetbltConnection's attributes): 6 x the 30 s death-timer value.
PROGRESS_TIMEOUT_S = 6 * 30
LOSSY_LINK = dict(bs=5, bi_ms=30, psz=1438, bfsz=14380, xfsz_kb=143.8, nbufs=2, loss=0.1)


def test_fragmented_first_phase_ends_no_progress_within_the_progress_timeout() -> None:
    # 1438-byte packets are fragmented on the Wideband path and the PC/AT's 3C500 loses the
    # second fragment behind the first, every time: no data ever arrives, control packets do.
    record = run_transfer(
        transfer_parameters(network="wideband-first-phase", bs=5, bi_ms=55, psz=1438,
                            bfsz=14380, xfsz_kb=143.8, nbufs=4, seed=1)
    )  # fmt: skip
    assert record.data_packets_received == 0
    assert record.bytes_received == 0
    assert "NO_PROGRESS" in (record.sender_close, record.receiver_close)
    assert {record.sender_close, record.receiver_close} <= {"NO_PROGRESS", "ABORTED_BY_PEER"}
    # Set up within a few seconds, then at most the timeout and a round trip to close.
    assert PROGRESS_TIMEOUT_S <= record.simulated_seconds < PROGRESS_TIMEOUT_S + 10
    assert record.longest_progress_gap_seconds == pytest.approx(PROGRESS_TIMEOUT_S, abs=0.01)


def test_a_published_configuration_stays_far_from_the_progress_limits() -> None:
    record = run_transfer(
        transfer_parameters(network="wideband", bs=5, bi_ms=55, psz=1432, bfsz=14320,
                            xfsz_kb=716, nbufs=22, seed=4023)
    )  # fmt: skip
    assert record.completed and record.intact
    assert 0 < record.longest_progress_gap_seconds < PROGRESS_TIMEOUT_S / 2
    assert record.max_resends_per_buffer < 32 / 2


def test_data_timer_is_a_parameter_that_changes_the_run() -> None:
    records = {
        name: run_transfer(transfer_parameters(**LOSSY_LINK, seed=3, data_timer=name))
        for name in DATA_TIMERS
    }
    assert all(r.completed and r.intact for r in records.values())
    # RFC 998's burst-rate timer waits longer than RFC 1030's adaptive one on this link.
    assert records["burst-rate"].simulated_seconds > records["inter-arrival"].simulated_seconds


@pytest.mark.parametrize("name, value", [("data_timer", "adaptive"), ("rtt_estimator", "karn")])
def test_unknown_policies_are_refused_by_name(name: str, value: str) -> None:
    with pytest.raises(ValueError, match=rf"{name} = '{value}': must be one of"):
        transfer_parameters(**{name: value})


def test_sweeps_under_different_receiver_behaviours_share_no_stored_result(
    tmp_path: Path,
) -> None:
    store_path = tmp_path / "store.sqlite"
    frames = {
        name: sweep({"seed": [3, 4]}, **LOSSY_LINK, data_timer=name, store=store_path)
        for name in DATA_TIMERS
    }
    with ResultStore(store_path) as store:
        assert store.count() == 4  # nothing of the first served to the second
    inter, burst = frames["inter-arrival"], frames["burst-rate"]
    assert list(burst["data_timer"]) == ["burst-rate"] * 2
    assert not inter["simulated_seconds"].equals(burst["simulated_seconds"])


@pytest.fixture
def changed_default() -> Iterator[str]:
    ns = runtime.load()
    ns.Config.SetDefault("ns3::NetbltReceiver::CombineOkWithGo", ns.BooleanValue(False))
    try:
        yield "ns3::NetbltReceiver::CombineOkWithGo = false"
    finally:
        ns.Config.Reset()


def test_a_store_refuses_runs_made_under_a_changed_default(
    tmp_path: Path, changed_default: str
) -> None:
    assert runtime.changed_attribute_defaults() == [changed_default]
    with pytest.raises(ValueError, match=changed_default):
        sweep({"seed": [3]}, **LOSSY_LINK, store=tmp_path / "store.sqlite")
    # In this process and without a store, the run goes ahead under the changed default.
    assert len(sweep({"seed": [3]}, **LOSSY_LINK)) == 1


def test_no_default_is_changed_by_a_run() -> None:
    run_transfer(transfer_parameters(**LOSSY_LINK, seed=5, data_timer="burst-rate"))
    assert runtime.changed_attribute_defaults() == []


def test_the_hosts_model_names_their_data_timer_and_a_parameter_overrides_it() -> None:
    lossy_ethernet = dict(network="ethernet", bs=5, bi_ms=22, psz=1438, bfsz=14380,
                          xfsz_kb=143.8, nbufs=2, seed=3)  # fmt: skip
    policy = models.load_model("hosts", "ibm-pc-at").policies["netblt"]["DataTimerType"]
    assert policy.type_name == DATA_TIMERS["inter-arrival"]
    implementation = run_transfer(transfer_parameters(**lossy_ethernet))
    assert implementation.data_timeouts > 0
    assert implementation == run_transfer(
        transfer_parameters(**lossy_ethernet, data_timer="inter-arrival")
    )
    assert implementation != run_transfer(
        transfer_parameters(**lossy_ethernet, data_timer="burst-rate")
    )


@pytest.mark.parametrize(
    "policy, message",
    [
        ({"type": "ns3::NetbltBurstRateDataTimer"}, "has no source"),
        ({"type": "NetbltBurstRateDataTimer", "source": "RFC 998 §5.2.2"}, "must name an ns-3 type"),
    ],
)
def test_a_policy_without_a_source_or_type_is_refused(
    tmp_path: Path, policy: dict[str, str], message: str
) -> None:
    (tmp_path / "hosts").mkdir()
    model = {"description": "a host", "policies": {"netblt": {"DataTimerType": policy}}}
    (tmp_path / "hosts" / "x.json").write_text(json.dumps(model), encoding="utf-8")
    with pytest.raises(models.ModelError, match=message):
        models.load_model("hosts", "x", tmp_path)


def test_a_policy_naming_no_registered_type_is_refused_when_applied() -> None:
    policy = models.ModelPolicy("ns3::NoSuchDataTimer", "an assumption for this test")
    with pytest.raises(models.ModelError, match="ns3::NoSuchDataTimer"):
        policy.to_ns3(runtime.load())
