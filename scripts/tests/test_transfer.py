# SPDX-License-Identifier: GPL-2.0-only
"""Running transfers: validation, outcomes with and without loss, determinism."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from conftest import LOSSY_PARAMETERS, FreshProcessRun

from netblt_sim.core import runtime
from netblt_sim.core.parameters import TransferParameters, transfer_parameters
from netblt_sim.core.transfer import TransferRecord, cpp_field_name, records_frame
from netblt_sim.core.simulation import run_transfer


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"psz": 1457}, ["psz = 1457", "1456"]),  # 1500 - 44
        ({"psz": 600, "mtu": 600}, ["psz = 600", "556"]),
        ({"bs": 0}, ["bs = 0"]),
        ({"bfsz": 1000}, ["bfsz = 1000", "psz = 1438"]),
        ({"bfsz": 70_000_000, "psz": 1}, ["bfsz = 70000000", "65535"]),
        ({"bi_ms": 0}, ["bi_ms = 0"]),
        ({"bi_ms": 70_000}, ["bi_ms = 70000"]),
        ({"nbufs": 0}, ["nbufs = 0"]),
        ({"xfsz_bytes": 0}, ["xfsz_bytes = 0"]),
        ({"seed": 0}, ["seed = 0"]),
        ({"loss": 1.5}, ["loss = 1.5"]),
        ({"corrupt": -0.1}, ["corrupt = -0.1"]),
        ({"loss": float("nan")}, ["loss = nan"]),
        ({"mtu": 67}, ["mtu = 67"]),
        ({"link_rate_bps": 0}, ["link_rate_bps = 0"]),
        ({"link_delay_ms": -1.0}, ["link_delay_ms = -1.0"]),
        ({"bs": 2.5}, ["bs = 2.5", "whole number"]),
        ({"death_timeout_s": 0}, ["death_timeout_s = 0"]),
    ],
)
def test_impossible_values_are_refused_with_their_name(
    changes: dict[str, object], named: list[str]
) -> None:
    params = dataclasses.replace(TransferParameters(), **changes)  # type: ignore[arg-type]
    with pytest.raises(ValueError) as raised:
        params.validate()
    for text in named:
        assert text in str(raised.value)
    # The builder refuses the same values with the same message, and run_transfer refuses
    # parameters built without it before anything reaches ns-3.
    with pytest.raises(ValueError) as built:
        transfer_parameters(**changes)
    assert str(built.value) == str(raised.value)
    with pytest.raises(ValueError):
        run_transfer(params)


def test_pcap_dir_that_is_a_file_is_refused(tmp_path: Path) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("")
    with pytest.raises(ValueError, match="not a directory"):
        TransferParameters(pcap_dir=a_file).validate()


def test_largest_packet_that_fits_the_mtu_is_accepted() -> None:
    TransferParameters(psz=1456, bfsz=1456 * 10).validate()


def test_record_mirrors_every_field_of_the_cpp_struct(ns: runtime.NsNamespace) -> None:
    cpp_members = {name for name in dir(ns.TransferRecord()) if not name.startswith("_")}
    python_fields = {cpp_field_name(f.name) for f in dataclasses.fields(TransferRecord)}
    assert python_fields == cpp_members


def test_loss_free_transfer_completes_intact_without_retransmissions(
    ns: runtime.NsNamespace,
) -> None:
    record = run_transfer(TransferParameters())
    assert record.completed and record.intact
    assert record.sender_close == record.receiver_close == "TRANSFER_COMPLETE"
    assert record.bytes_given == record.bytes_received == 143800
    assert record.data_packets_sent == record.data_packets_received == 100  # 143800 / 1438
    assert record.lost == record.retransmitted == record.packets_requested == 0
    assert record.checksum_errors == record.malformed_packets == 0
    assert 0 < record.steady_state_mbps <= 10


def test_lossy_transfer_recovers_every_packet(ns: runtime.NsNamespace) -> None:
    record = run_transfer(TransferParameters(loss=0.1, seed=3))
    assert record.completed and record.intact
    assert record.bytes_received == 143800
    assert record.lost > 0
    assert record.retransmitted > 0
    assert record.packets_requested > 0


def test_same_seed_gives_the_same_record_whatever_ran_before(ns: runtime.NsNamespace) -> None:
    other = dataclasses.replace(LOSSY_PARAMETERS, seed=LOSSY_PARAMETERS.seed + 1, nbufs=1)
    first = run_transfer(LOSSY_PARAMETERS)
    run_transfer(other)
    again = run_transfer(LOSSY_PARAMETERS)
    assert first == again


def test_fresh_process_gives_the_same_record_as_this_one(
    ns: runtime.NsNamespace, fresh_process_run: FreshProcessRun
) -> None:
    assert fresh_process_run.returncode == 0, fresh_process_run.stderr
    run_transfer(TransferParameters(loss=0.3, seed=99))  # something else first, on purpose
    assert fresh_process_run.record() == run_transfer(LOSSY_PARAMETERS)


def test_different_seeds_give_different_records_under_loss(ns: runtime.NsNamespace) -> None:
    records = {run_transfer(dataclasses.replace(LOSSY_PARAMETERS, seed=seed)) for seed in (1, 2, 3)}
    assert len(records) == 3


def test_records_frame_has_a_row_per_record_and_the_parameters_first(
    ns: runtime.NsNamespace,
) -> None:
    parameters = [TransferParameters(), TransferParameters(loss=0.05, seed=2)]
    records = [run_transfer(p) for p in parameters]
    frame = records_frame(records, parameters)
    assert len(frame) == 2
    assert list(frame.columns[:2]) == ["bs", "bi_ms"]
    assert list(frame["loss"]) == [0.0, 0.05]
    assert list(frame["retransmitted"]) == [r.retransmitted for r in records]
    bare = records_frame(records)
    assert list(bare.columns) == [f.name for f in dataclasses.fields(TransferRecord)]
    with pytest.raises(ValueError, match="2 records"):
        records_frame(records, parameters[:1])


def test_ethernet_losses_are_each_traced_to_their_cause(ns: runtime.NsNamespace) -> None:
    # Two buffers on the two-host LAN at 35 ms: the sender never pauses, so the receiver's
    # control packets make its 3C500 deaf to data frames (RFC 1030 §6); no noise there.
    record = run_transfer(
        TransferParameters(
            network="ethernet-private", bs=5, bi_ms=35, psz=1438, bfsz=14380,
            xfsz_bytes=287_600, nbufs=2, seed=1,
        )
    )  # fmt: skip
    assert record.completed and record.intact
    assert record.lost > 0
    assert record.receiver_deaf_drops > 0
    assert record.receiver_noise_drops == 0
    assert record.lost == record.receiver_interface_drops + record.receiver_noise_drops
    assert record.receiver_deaf_drops <= record.receiver_interface_drops
    # The symmetrical problem: the sender's own transmissions make it deaf to control packets.
    assert 0 < record.sender_deaf_drops <= record.sender_interface_drops
    assert record.control_packets_sent > record.sender_deaf_drops


def test_point_to_point_link_reports_no_ethernet_losses(ns: runtime.NsNamespace) -> None:
    record = run_transfer(TransferParameters(seed=1))
    assert record.receiver_interface_drops == record.sender_interface_drops == 0
    assert record.receiver_deaf_drops == record.sender_deaf_drops == 0
    assert record.receiver_noise_drops == record.sender_noise_drops == 0
