# SPDX-License-Identifier: GPL-2.0-only
"""scripts/soak --networks: each network's shapes drawn from the seed, the outcome of a record
(a hang, a false completion), the chunks of a soak over several networks, an unknown network
refused, and a short real soak over two networks."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from collections import Counter
from dataclasses import fields, replace
from typing import Any

import pytest

from netblt_sim.core import runtime
from netblt_sim.core.networks import NETWORKS, POINT_TO_POINT, get_network
from netblt_sim.core.parameters import TCP
from netblt_sim.core.transfer import TransferRecord
from netblt_sim.tools import soak
from netblt_sim.tools.soak_network import (
    MIXED_EVERY,
    OVERLOAD_SHAPE,
    OVERLOAD_TCP_FLOWS,
    TCP_FLOWS,
    draw_mixed,
    is_mixed,
    judge,
)
from netblt_sim.tools.soak_shapes import (
    COMMON_SHAPES,
    MAX_DATA_PACKETS,
    PROGRESS_TIMEOUT_FACTOR,
    SOAKED_NETWORKS,
    SoakTransfer,
    draw_transfer,
    packet_limits,
    shapes,
)

SEEDS = range(1, 401)


def drawn(network: str) -> list[SoakTransfer]:
    return [draw_transfer(network, seed) for seed in SEEDS]


def test_every_modelled_network_is_soaked() -> None:
    # Every network NETBLT runs on (sun-ethernet is TCP's alone).
    netblt_networks = {name for name, network in NETWORKS.items() if "netblt" in network.protocols}
    assert set(SOAKED_NETWORKS) == netblt_networks - {POINT_TO_POINT}
    with pytest.raises(ValueError, match="netblt-soak"):
        shapes(POINT_TO_POINT)


def test_a_seed_draws_the_same_transfer_in_any_process() -> None:
    here = [draw_transfer("wideband", seed).describe() for seed in (1, 2, 3)]
    assert here == [draw_transfer("wideband", seed).describe() for seed in (1, 2, 3)]
    assert len(set(here)) == 3
    code = (
        "from netblt_sim.tools.soak_shapes import draw_transfer\n"
        "for seed in (1, 2, 3): print(draw_transfer('wideband', seed).describe())"
    )
    # Another process, with its own string hashing: the draws must not depend on it.
    completed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True,
        env={**os.environ, "PYTHONHASHSEED": "12345"},
    )  # fmt: skip
    assert completed.stdout.splitlines() == here


@pytest.mark.parametrize("network", SOAKED_NETWORKS)
def test_every_network_gets_every_shape_of_its_own_and_the_common_ones(network: str) -> None:
    transfers = drawn(network)
    assert {t.shape for t in transfers} == set(COMMON_SHAPES) | set(shapes(network))
    for flag in (False, True):
        assert any(t.parameters.checksum_data is flag for t in transfers)
    largest = packet_limits(network).largest
    for t in transfers:
        p = t.parameters
        assert (p.network, p.seed) == (network, t.seed)
        assert 1 <= p.psz <= largest
        assert math.ceil(p.xfsz_bytes / p.psz) <= MAX_DATA_PACKETS or p.xfsz_bytes <= p.bfsz
        # The cap leaves every buffer the progress rule's 6 death timeouts, twice over.
        buffers = math.ceil(p.xfsz_bytes / p.bfsz)
        assert p.max_simulated_s >= 2 * 6 * buffers * p.death_timeout_s
        if t.shape == "one-packet":
            assert p.xfsz_bytes <= p.psz
        if t.shape == "one-packet-buffers":
            assert p.bfsz == p.psz
        if t.shape == "short-last-packet":
            assert p.bfsz % p.psz != 0
        if t.shape == "short-last-buffer":
            assert p.xfsz_bytes % p.bfsz != 0
        if t.shape == "small-odd":
            assert p.psz % 2 == 1 and p.bfsz % 2 == 1 and p.psz < 64


def test_the_cap_follows_the_progress_rule_of_the_build(ns: runtime.NsNamespace) -> None:
    info = ns.TypeId.AttributeInformation()
    assert ns.NetbltConnection.GetTypeId().LookupAttributeByName("ProgressTimeoutFactor", info)
    default = str(info.initialValue.SerializeToString(info.checker))
    assert float(default) == PROGRESS_TIMEOUT_FACTOR


def by_shape(network: str, shape: str) -> list[Any]:
    return [t.parameters for t in drawn(network) if t.shape == shape]


def test_the_ring_carries_packets_up_to_its_2046_byte_mtu() -> None:
    ring = by_shape("proteon-ring", "ring-mtu")
    assert all(1456 < p.psz <= 2002 for p in ring)
    assert any(p.psz == 2002 for p in ring)


def test_subnet_26_runs_two_buffers_over_several() -> None:
    two = by_shape("ethernet", "two-buffers")
    assert two and all(p.nbufs == 2 and p.xfsz_bytes >= 3 * p.bfsz for p in two)


@pytest.mark.parametrize("network", ["wideband", "wideband-first-phase"])
def test_the_wideband_gets_fragmented_packets_and_overload_rates(network: str) -> None:
    assert packet_limits(network).unfragmented == 1432  # the path's MTU, 1476 bytes
    fragmented = by_shape(network, "fragmented")
    assert fragmented and all(1432 < p.psz <= 1456 for p in fragmented)
    overload = by_shape(network, "overload")
    assert overload and all(p.bs == 5 and 20 <= p.bi_ms <= 50 for p in overload)
    assert all(p.nbufs >= 6 and p.xfsz_bytes >= p.nbufs * p.bfsz for p in overload)
    ordinary = [t.parameters for t in drawn(network) if t.shape in COMMON_SHAPES]
    assert ordinary and all(p.psz <= 1432 for p in ordinary)


@pytest.mark.parametrize("network", SOAKED_NETWORKS)
def test_every_overload_runs_beside_tcp_where_the_network_carries_it(network: str) -> None:
    # TCP connections opened while the overload resets the earth station: where a TCP flow was
    # once left open at the cap (its peer's half-open connection gone, the sender ESTABLISHED).
    carries_tcp = TCP in get_network(network).protocols
    for t in drawn(network):
        every_fourth = t.seed % MIXED_EVERY == 0
        assert is_mixed(t) == (carries_tcp and (every_fourth or t.shape == OVERLOAD_SHAPE))
        if is_mixed(t):
            fewest, most = OVERLOAD_TCP_FLOWS if t.shape == OVERLOAD_SHAPE else TCP_FLOWS
            flows = draw_mixed(t)
            assert fewest <= len(flows.flows) - 1 <= most
            assert all(flow.protocol == TCP for flow in flows.flows[1:])


@pytest.mark.parametrize("network", ["wideband", "wideband-first-phase"])
def test_the_short_soak_of_scripts_test_runs_overloads_beside_tcp(network: str) -> None:
    # scripts/test soaks seeds 1001-1060 of every network.
    transfers = [draw_transfer(network, seed) for seed in range(1001, 1061)]
    beside_tcp = [t for t in transfers if t.shape == OVERLOAD_SHAPE and is_mixed(t)]
    assert len(beside_tcp) >= 3


def record(**values: Any) -> TransferRecord:
    """A record of an intact transfer of 1000 bytes, with `values` changed."""
    zero = {f.name: 0 for f in fields(TransferRecord)}
    complete = dict(
        completed=True, intact=True, sender_close="TRANSFER_COMPLETE",
        receiver_close="TRANSFER_COMPLETE", bytes_given=1000, bytes_received=1000,
    )  # fmt: skip
    return replace(TransferRecord(**(zero | complete)), **values)


def test_a_record_with_an_open_end_at_the_cap_is_a_hang() -> None:
    assert judge(record(), 1000) == ("intact", "TRANSFER_COMPLETE/TRANSFER_COMPLETE")
    stuck = record(
        completed=False, intact=False, sender_close="OPEN(ESTABLISHED)",
        receiver_close="NO_PROGRESS", bytes_received=500, simulated_seconds=480.0,
    )  # fmt: skip
    assert judge(stuck, 1000) == ("hang", "open at 480 s (OPEN(ESTABLISHED)/NO_PROGRESS)")
    both = replace(stuck, sender_close="OPEN", receiver_close="OPEN")
    assert judge(both, 1000)[0] == "hang"
    # OPEN_FAILED is a close reason, NEVER_OPENED a receiver no OPEN reached: both ended.
    never = record(
        completed=False, intact=False, sender_close="OPEN_FAILED",
        receiver_close="NEVER_OPENED", bytes_received=0,
    )  # fmt: skip
    assert judge(never, 1000) == ("clean", "OPEN_FAILED/NEVER_OPENED")


def test_a_false_completion_or_wrong_bytes_is_bad_and_an_abort_clean() -> None:
    aborted = record(
        completed=False, intact=False, sender_close="NO_PROGRESS",
        receiver_close="ABORTED_BY_PEER", bytes_received=400,
    )  # fmt: skip
    assert judge(aborted, 1000) == ("clean", "NO_PROGRESS/ABORTED_BY_PEER")
    false_receiver = replace(aborted, receiver_close="TRANSFER_COMPLETE")
    assert judge(false_receiver, 1000)[0] == "bad"
    assert "receiver completed with 400 of 1000" in judge(false_receiver, 1000)[1]
    false_sender = replace(aborted, sender_close="TRANSFER_COMPLETE")
    assert "sender completed, receiver got 400" in judge(false_sender, 1000)[1]
    too_many = replace(aborted, bytes_received=1400)
    assert judge(too_many, 1000)[0] == "bad"
    wrong_bytes = replace(aborted, bytes_received=1000)
    assert judge(wrong_bytes, 1000) == (
        "bad", "all 1000 bytes delivered but not the ones given (NO_PROGRESS/ABORTED_BY_PEER)",
    )  # fmt: skip
    assert judge(replace(record(), intact=False), 1000)[0] == "bad"


def test_a_soak_over_networks_is_cut_into_chunks_per_network() -> None:
    chunks = soak.plan(transfers=1500, packets=1500, seed=7, networks=("ethernet", "wideband"))
    assert [(c.network, c.first_seed, c.runs) for c in chunks] == [
        ("ethernet", 7, 1000), ("ethernet", 1007, 500),
        ("wideband", 7, 1000), ("wideband", 1007, 500),
    ]  # fmt: skip
    assert chunks[0].arguments() == ["--first-seed=7", "--transfers=1000"]
    assert soak.network_command("wideband")[-3:] == [
        "-m", "netblt_sim.tools.soak_network", "--network=wideband",
    ]  # fmt: skip
    # The fuzzer runs with the point-to-point link only.
    with_link = soak.plan(300, 1500, 1, (POINT_TO_POINT, "ethernet"))
    assert Counter((c.network, c.kind) for c in with_link) == {
        (POINT_TO_POINT, "transfer"): 2, ("ethernet", "transfer"): 1, (POINT_TO_POINT, "fuzz"): 1,
    }  # fmt: skip
    assert with_link[0].arguments()[-1] == "--packets=0"


@pytest.mark.parametrize(
    ("networks", "named"),
    [("wideband,moon", "'moon'"), ("sattelite", "'sattelite'"), ("", "''")],
)
def test_an_unknown_network_exits_2_naming_it_and_the_known_ones(
    networks: str, named: str
) -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "netblt_sim.tools.soak", "--networks", networks],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert completed.returncode == 2
    assert completed.stdout == ""
    assert f"unknown network(s) {named}" in completed.stderr
    assert "known: all, " + ", ".join(soak.NETBLT_NETWORKS) in completed.stderr
    assert "Traceback" not in completed.stderr


def test_a_network_without_netblt_exits_2_saying_why() -> None:
    tcp_only = [name for name, network in NETWORKS.items() if "netblt" not in network.protocols]
    assert tcp_only
    completed = subprocess.run(
        [sys.executable, "-m", "netblt_sim.tools.soak", "--networks", f"ethernet,{tcp_only[0]}"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert completed.returncode == 2
    reason = NETWORKS[tcp_only[0]].protocols_reason
    assert f"network {tcp_only[0]!r} carries no NETBLT ({reason})" in completed.stderr


def test_a_network_run_prints_netblt_soak_lines() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "netblt_sim.tools.soak_network", "--network", "ethernet-private",
         "--first-seed", "3", "--transfers", "2", "--print-config"],
        capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    lines = [json.loads(line) for line in completed.stdout.splitlines()]
    assert [line["seed"] for line in lines[:2]] == [3, 4]
    assert lines[0]["config"] == draw_transfer("ethernet-private", 3).describe()
    assert lines[0]["outcome"] in ("intact", "clean")
    assert lines[-1] == {"kind": "done", "transfers": 2, "fuzz_runs": 0, "packets": 0}


def test_a_short_real_soak_over_two_networks_counts_its_outcomes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = soak.main(
        ["--networks", "wideband-first-phase,proteon-ring", "--transfers", "24", "--packets", "0",
         "--jobs", "2", "--seed", "1"]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert status == 0, out
    assert "Random transfers on proteon-ring: 24" in out
    assert "Random transfers on wideband-first-phase: 24" in out
    assert "Random transfers on point-to-point" not in out
    rows = {}
    for line in out.splitlines():
        words = line.split()
        if words and words[0] in ("proteon-ring", "wideband-first-phase"):
            rows[words[0]] = [int(word) for word in words[1:]]
    for runs, intact, clean, excused, bad, hang, crash in rows.values():
        assert runs == 24 == intact + clean + excused + bad + hang + crash
        assert bad == hang == crash == excused == 0
    # The first phase's receiver, a PC/AT with a 3C500, loses the second fragment of every
    # fragmented packet: those transfers end NO_PROGRESS, neither intact nor hung.
    fragmented = [s for s in range(1, 25) if draw_transfer("wideband-first-phase", s).shape
                  == "fragmented"]  # fmt: skip
    assert fragmented
    assert rows["wideband-first-phase"][2] >= len(fragmented)
    assert "NO_PROGRESS" in out
    assert "Verdict: PASS" in out
