# SPDX-License-Identifier: GPL-2.0-only
"""Every committed results CSV speaks the Python API's vocabulary: a network, protocol, rate
policy, gateway feedback or TCP loss recovery is named by the identifier the API takes (a
display name may sit in a column of its own, `network_name`, `algorithm_name`), and every
numeric column's name carries its unit or is a count, fraction or index listed here."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest
from pandas.api.types import is_bool_dtype, is_numeric_dtype

from netblt_sim.core.networks import NETWORKS
from netblt_sim.core.parameters import (
    CONGESTION_CONTROLS,
    GATEWAY_FEEDBACK,
    PROTOCOLS,
    RATE_POLICIES,
)

RESULTS = Path(__file__).resolve().parents[2] / "results"

# Column -> the identifiers the API takes for it.
VOCABULARY: dict[str, frozenset[str]] = {
    "network": frozenset(NETWORKS),
    "protocol": frozenset(PROTOCOLS),
    "rate_control": frozenset(RATE_POLICIES),
    "algorithm": frozenset(RATE_POLICIES),
    "gateway_feedback": frozenset(GATEWAY_FEEDBACK),
    "congestion_control": frozenset(CONGESTION_CONTROLS),
}

# A name token that says the unit: "bi_ms", "steady_state_mbps", "pct_of_best_static".
UNIT_TOKENS = frozenset({"mbps", "kbps", "bps", "ms", "s", "seconds", "hour", "bytes", "kb"})
UNIT_TOKENS |= {"pct", "percent"}
# RFC 998's parameters as `TransferParameters` names them (burst size in packets, packet,
# buffer and segment sizes in bytes, buffers): the API's own names, kept in every CSV.
API_PARAMETERS = frozenset({"bs", "psz", "bfsz", "nbufs", "mtu", "mss", "seed", "rng_run"})
# Counts (of packets, events, runs, flows...), fractions, probabilities and indices: no unit.
DIMENSIONLESS = frozenset({
    # probabilities of the point-to-point link's impairments, and shares
    "loss", "reorder", "duplicate", "corrupt", "tcp_harm", "netblt_harm", "jain_index",
    "jain_windows_min", "retransmitted_fraction", "dominant_share", "seed_floor_share",
    "independent_seed_floor_share", "points_seed_floor_share", "share_of_points_holding",
    "hinge_level_failing", "hinge_level_holding", "implausibility", "smallest_implausibility",
    "smallest_implausibility_emulated", "largest_implausibility",
    # counts of a transfer's packets and events (`TransferRecord`'s names)
    "lost", "retransmitted", "data_timeouts", "control_timeouts", "control_packets_sent",
    "null_acks_sent", "packets_requested", "max_resends_per_buffer", "checksum_errors",
    "malformed_packets", "sender_interface_drops", "receiver_interface_drops",
    "sender_deaf_drops", "receiver_deaf_drops", "sender_noise_drops", "receiver_noise_drops",
    "path_drops", "station_resets", "receiver_packet_buffer_drops",
    "receiver_peak_packet_buffers", "events", "retransmission_timeouts", "source_quenches",
    "data_packets_sent", "data_packets_received",
    # the same counts prefixed by whose they are
    "netblt_lost", "netblt_retransmitted", "netblt_data_timeouts", "tcp_lost",
    "tcp_retransmitted", "tcp_timeouts", "tcp_receiver_drops", "tcp_deaf_drops",
    "tcp_path_losses", "final_bs", "final_nbufs", "start_bs", "sim_loss", "sim_rxm", "sim_dtmos",
    "pub_loss", "pub_rxm", "pub_dtmos", "sim_control_timeouts", "sim_control_packets",
    "sim_receiver_deaf_drops", "sim_receiver_full_drops", "sim_receiver_pool_drops",
    "sim_receiver_peak_buffers", "sim_receiver_noise_drops", "sim_path_drops",
    "sim_station_resets", "path_station_resets", "path_esi_overflows", "path_gateway_queue_peak",
    "path_datagrams_sent", "path_reservations_lost", "path_events", "path_largest_request",
    "path_bsat_queue_peak",
    # positions, numbers and sizes of a design or a table
    "flow", "flows", "netblt_flows", "tcp_flows", "run", "row", "wave", "point", "rank",
    "buffer", "packet", "runs", "check_runs", "morris_points", "configurations_non_implausible",
})
# Columns whose unit another column of the same row names: claims-bands.csv's statistics of
# the quantity its `quantity` column names with its unit ("steady_state_kbps", "lost").
UNIT_IN_ROW: dict[str, frozenset[str]] = {
    "claims-bands.csv": frozenset({"low", "high", "nominal", "p5", "p95"}),
} | {
    # a time sequence's `amount` (`trace_time_sequences`): bytes, or packets for a RESEND, as
    # its `event` says
    path.name: frozenset({"amount"}) for path in RESULTS.rglob("time-sequences-*.csv")
}
def result_csvs() -> Iterator[Path]:
    """Every CSV under results/, at any depth (a scenario's own folder too)."""
    yield from sorted(RESULTS.rglob("*.csv"))


def has_unit(column: str) -> bool:
    return any(token in UNIT_TOKENS for token in column.split("_"))


def unitless_numeric_columns(path: Path, frame: pd.DataFrame) -> list[str]:
    """The numeric columns of `frame` (read from `path`) whose name neither carries a unit nor
    is a listed count, fraction, API parameter or model attribute."""
    allowed = UNIT_IN_ROW.get(path.name, frozenset())
    return [
        column for column in frame.columns
        if is_numeric_dtype(frame[column]) and not is_bool_dtype(frame[column])
        and frame[column].notna().any()  # an empty column is no quantity
        # pandas reads a repeated name as "name.1": flow_sets_frame's path_drops is twice
        and not has_unit(column)
        and column.split(".")[0] not in DIMENSIONLESS | API_PARAMETERS | allowed
        # a model's attribute, "ibm-pc-at:netblt.DataReceivePacketCost": its unit is in models/
        and ":" not in column
    ]  # fmt: skip


def test_results_has_csvs() -> None:
    assert len(list(result_csvs())) > 10


@pytest.mark.parametrize("path", list(result_csvs()), ids=lambda p: p.name)
def test_identifiers_are_the_apis(path: Path) -> None:
    frame = pd.read_csv(path)
    for column, identifiers in VOCABULARY.items():
        if column in frame.columns:
            values = set(frame[column].dropna().astype(str))
            assert values <= identifiers, (
                f"{path.name}: {column} holds {sorted(values - identifiers)}, not identifiers "
                f"the API takes ({sorted(identifiers)})")


@pytest.mark.parametrize("path", list(result_csvs()), ids=lambda p: p.name)
def test_numeric_columns_carry_a_unit(path: Path) -> None:
    frame = pd.read_csv(path)
    assert unitless_numeric_columns(path, frame) == []


def test_a_display_name_is_told_apart_from_an_identifier() -> None:
    """The check itself: a display name in a network column, as the sharing CSV once had, and
    a count without a unit are both found."""
    assert not {"Subnet 26", "private Ethernet", "ring"} <= VOCABULARY["network"]
    frame = pd.DataFrame({"network": ["ethernet"], "delay": [1.5], "delay_ms": [1.5]})
    assert unitless_numeric_columns(Path("x.csv"), frame) == ["delay"]
