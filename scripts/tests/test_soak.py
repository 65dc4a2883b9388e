# SPDX-License-Identifier: GPL-2.0-only
"""scripts/soak: the summary of netblt-soak's lines, the chunks, a crash or a hang inside a chunk
(a stand-in program in place of build/bin/netblt-soak-run), bad options, and a short real soak."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from netblt_sim.tools import soak
from netblt_sim.tools.soak_results import Done, RunResult, Summary, detail_kind, parse_line

TRANSFER_LINE = (
    '{"kind": "transfer", "seed": 27, "outcome": "clean", "detail": '
    '"TRANSFER_COMPLETE/DEATH_TIMEOUT after 1 new passive connection(s)", "shape": "one-packet", '
    '"checksums": true, "sim_s": 4, "events": 71}'
)
FUZZ_LINE = (
    '{"kind": "fuzz", "seed": 3, "outcome": "misled", "detail": "stalled after forged packets: '
    'open at 3600.000000 s: node 0 receiver ESTABLISHED (OPEN(ESTABLISHED)/OPEN(ESTABLISHED))", '
    '"shape": "one-packet-buffers", "checksums": false, "sim_s": 3600, "events": 256242, '
    '"config": "shape=one-packet-buffers xfsz=1491", "quota": 1000, "injected": 1000, '
    '"via_ip": 503, "checksum_fixed": 457, "accepted": {"taken in by a connection": 224}, '
    '"rejected": {"netblt: bad checksum": 700, "connection: protocol violation": 76}, '
    '"unaccounted": 0, "mutations": {"bit-flips": 600, "replay": 400}, "forged_data": true, '
    '"forged_any": true, "forging": true, "sparing": true}'
)


def test_lines_are_read_into_runs() -> None:
    transfer = parse_line(TRANSFER_LINE)
    assert isinstance(transfer, RunResult)
    assert (transfer.kind, transfer.seed, transfer.outcome, transfer.injected) == (
        "transfer", 27, "clean", 0,
    )  # fmt: skip
    fuzz = parse_line(FUZZ_LINE)
    assert isinstance(fuzz, RunResult)
    assert fuzz.kind == "fuzz" and fuzz.forging and fuzz.injected == 1000
    assert fuzz.rejected == {"netblt: bad checksum": 700, "connection: protocol violation": 76}
    assert fuzz.config == "shape=one-packet-buffers xfsz=1491"
    done = parse_line('{"kind": "done", "transfers": 2, "fuzz_runs": 1, "packets": 5}')
    assert done == Done(2, 1, 5)
    assert parse_line("NS_ASSERT failed, cond=...") is None
    with pytest.raises(ValueError, match="seed"):
        parse_line('{"kind": "transfer", "outcome": "intact"}')


def test_details_are_counted_without_their_numbers() -> None:
    restarted = "DEATH_TIMEOUT/DEATH_TIMEOUT after 2 new passive connection(s)"
    assert detail_kind("clean", restarted) == (
        "DEATH_TIMEOUT/DEATH_TIMEOUT after N new passive connection(s)"
    )
    assert detail_kind("misled", "receiver completed with 1911 of 9344 bytes (2 packets ...)") == (
        "receiver completed with N of N bytes"
    )
    assert detail_kind("misled", "stalled after forged packets: open at 3600 s: node 0") == (
        "stalled after forged packets"
    )
    assert detail_kind("undetected-corrupt", "damaged data with the RFC 998 checksum (3 ...)") == (
        "damaged data with the RFC 998 checksum"
    )


def test_the_summary_passes_only_without_bad_hung_or_unaccounted_runs() -> None:
    summary = Summary()
    for line in (TRANSFER_LINE, FUZZ_LINE):
        run = parse_line(line)
        assert isinstance(run, RunResult)
        summary.add(run)
    assert summary.problems() == []
    assert summary.accounted() == summary.injected == 1000
    text = summary.format()
    assert "Verdict: PASS" in text
    assert "700  netblt: bad checksum" in text
    assert "stalled after forged packets" in text

    damaged = "damaged data delivered with data checksums on"
    bad = RunResult("transfer", 5, "bad", damaged, "x", True)
    summary.add(bad)
    lost = RunResult("fuzz", 9, "intact", "", "x", True, injected=10, rejected={"r": 9})
    summary.add(lost)
    problems = summary.problems()
    assert "1 transfer run(s) bad" in problems
    assert "reasons + accepted = 1009, injected 1010" in problems
    assert "Verdict: FAIL" in summary.format()
    assert "bad transfer seed 5" in summary.format()


def test_the_soak_is_cut_into_chunks_of_consecutive_seeds() -> None:
    chunks = soak.plan(transfers=600, packets=30_500, seed=5)
    transfers = [(c.first_seed, c.runs) for c in chunks if c.kind == "transfer"]
    assert transfers == [(5, 250), (255, 250), (505, 100)]
    fuzz = [(c.first_seed, c.runs, c.packets) for c in chunks if c.kind == "fuzz"]
    assert fuzz == [(5, 25, 25_000), (30, 6, 5_500)]
    assert fuzz_chunk().after(2) == soak.Chunk("fuzz", 3, 3, 2_500)
    assert fuzz_chunk().after(5) is None


def fuzz_chunk() -> soak.Chunk:
    """Five fuzzed transfers from seed 1, the last of them injecting 500 packets."""
    return soak.Chunk("fuzz", 1, 5, 4_500)


STAND_IN = """
import argparse, json, os, signal, time
parser = argparse.ArgumentParser()
for name in ("--first-seed", "--transfers", "--fuzz-first-seed", "--packets",
             "--packets-per-run"):
    parser.add_argument(name, type=int, default=1)
a = parser.parse_args()
def fail(seed):
    if seed == {crash}:
        os.kill(os.getpid(), signal.SIGSEGV)
    if seed == {hang}:
        time.sleep(60)
for seed in range(a.first_seed, a.first_seed + a.transfers):
    fail(seed)
    print(json.dumps(dict(kind="transfer", seed=seed, outcome="intact", detail="",
                          shape="s", checksums=True)), flush=True)
runs, left = 0, a.packets
while left > 0:
    seed, quota = a.fuzz_first_seed + runs, min(left, a.packets_per_run)
    fail(seed)
    print(json.dumps(dict(kind="fuzz", seed=seed, outcome="clean", detail="A/B", shape="s",
                          checksums=False, injected=quota, via_ip=0,
                          accepted={{"taken in by a connection": 1}},
                          rejected={{"netblt: bad checksum": quota - 1}}, mutations={{}},
                          unaccounted=0, forging=False)), flush=True)
    runs, left = runs + 1, left - quota
print(json.dumps(dict(kind="done", transfers=a.transfers, fuzz_runs=runs, packets=a.packets)))
"""


def stand_in(tmp_path: Path, crash: int, hang: int) -> list[str]:
    """A command that behaves like netblt-soak but crashes (SIGSEGV) at the run of seed
    `crash` and hangs at the run of seed `hang`, of either kind."""
    script = tmp_path / "stand_in.py"
    script.write_text(textwrap.dedent(STAND_IN).format(crash=crash, hang=hang), encoding="utf-8")
    return [sys.executable, str(script)]


def test_a_crash_and_a_hang_in_a_chunk_are_reported_and_the_rest_still_runs(
    tmp_path: Path,
) -> None:
    program = stand_in(tmp_path, crash=3, hang=7)
    results, failures = soak.run_chunk(soak.Chunk("transfer", 1, 10), program, timeout_s=2)
    assert [r.seed for r in results] == [1, 2, 4, 5, 6, 8, 9, 10]
    assert [(f.what, f.kind, f.seed) for f in failures] == [
        ("crash", "transfer", 3), ("hang", "transfer", 7),
    ]  # fmt: skip
    assert failures[0].how == "killed by SIGSEGV"
    assert "2 s" in failures[1].how

    results, failures = soak.run_chunk(fuzz_chunk(), program, timeout_s=2)
    assert [(r.seed, r.injected) for r in results] == [(1, 1000), (2, 1000), (4, 1000), (5, 500)]
    assert [(f.what, f.seed) for f in failures] == [("crash", 3)]


def test_a_failing_soak_exits_1_naming_the_seeds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    program = stand_in(tmp_path, crash=4, hang=0)
    status = soak.main(["--transfers", "6", "--packets", "2500", "--jobs", "2"], program=program)
    out = capsys.readouterr().out
    assert status == soak.EXIT_FAILED
    assert "crash of transfer seed 4: killed by SIGSEGV" in out
    assert "crash of fuzz seed 4" not in out  # only 3 fuzzed transfers
    assert "Verdict: FAIL: 1 run(s) crashed" in out
    assert "reasons 2497 + accepted 3 = 2500 of 2500 injected" in out


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        (["--transfers", "-1"], ["--transfers", "-1", "0 or more"]),
        (["--packets", "lots"], ["--packets", "'lots'", "0 or more"]),
        (["--seed", "0"], ["--seed", "0", "1 or more"]),
        (["--jobs", "0"], ["--jobs", "0", "1 or more"]),
        (["--timeout", "0"], ["--timeout", "0", "positive"]),
    ],
)
def test_bad_values_exit_2_naming_the_value(arguments: list[str], named: list[str]) -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "netblt_sim.tools.soak", *arguments],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert completed.returncode == 2
    assert completed.stdout == ""
    for text in named:
        assert text in completed.stderr
    assert "Traceback" not in completed.stderr


def test_a_short_real_soak_passes(capsys: pytest.CaptureFixture[str]) -> None:
    status = soak.main(["--transfers", "40", "--packets", "3000", "--jobs", "2", "--seed", "11"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "Random transfers: 40" in out
    assert "Fuzzer: 3000 packets injected" in out
    assert "= 3000 of 3000 injected; unaccounted 0" in out
    assert "Verdict: PASS" in out
