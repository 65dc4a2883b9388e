# SPDX-License-Identifier: GPL-2.0-only
"""`scripts/netblt-campaign` (`tools/campaign.py`) and `scripts/reproduce SCENARIO`: a grid
from a JSON file into a store and what it holds and misses, exports, scenario files run alone
(their result files byte-identical to those in results/), a cluster by its scheduler's address,
and every bad value refused with exit status 2 before anything runs."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pandas as pd
import pytest
from conftest import REPO_ROOT, SCRIPTS_DIR
from test_results import read_parquet

from netblt_sim import results_frame, sweep
from netblt_sim.core import runtime
from netblt_sim.tools import campaign, execution, reproduce

CAMPAIGN = SCRIPTS_DIR / "netblt-campaign"
RING = {"network": "proteon-ring", "bs": 5, "psz": 1990, "bfsz": 19900, "xfsz_kb": 199}
GRID_FILE = {
    "description": "the ring at two intervals and two buffer counts",
    "grid": {"bi_ms": {"from": 30, "to": 40, "step": 10}, "nbufs": [1, 2]},
    "fixed": RING,
}


def _write(path: Path, content: object) -> Path:
    path.write_text(json.dumps(content), encoding="utf-8")
    return path


def _campaign(*arguments: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(CAMPAIGN), *map(str, arguments)], cwd=cwd, capture_output=True,
                          text=True, timeout=300)  # fmt: skip


def test_a_grid_file_runs_into_a_store_once_and_its_status_and_export_say_so(
    ns: runtime.NsNamespace, tmp_path: Path,
) -> None:  # fmt: skip
    grid = _write(tmp_path / "ring.json", GRID_FILE)
    first = _campaign("sweep", grid, "--store", "ring.sqlite", "--workers", "1", "--output",
                      "ring.csv", cwd=tmp_path)  # fmt: skip
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith("4 runs: 4 simulated, 0 from the result store, store "
                                   "ring.sqlite (")  # fmt: skip
    assert "ring: 100%" in first.stderr and "done=4" in first.stderr  # the sweeps' progress bar
    expected = sweep({"bi_ms": [30, 40], "nbufs": [1, 2]}, progress=None, **RING)
    written = pd.read_csv(tmp_path / "ring.csv")
    assert list(written.columns) == list(expected.columns)
    assert written["steady_state_mbps"].tolist() == expected["steady_state_mbps"].tolist()
    again = _campaign("sweep", grid, "--store", "ring.sqlite", "--workers", "1", "--no-progress",
                      cwd=tmp_path)  # fmt: skip
    assert again.stdout.startswith("4 runs: 0 simulated, 4 from the result store") and (
        again.stderr == "")  # fmt: skip

    wider = _write(tmp_path / "wider.json", GRID_FILE | {"runs": 2})
    status = _campaign("status", "--store", "ring.sqlite", wider, cwd=tmp_path)
    assert status.returncode == 0, status.stderr
    lines = status.stdout.splitlines()
    assert lines[0] == "ring.sqlite:" and lines[2].split()[:2] == ["runs", "proteon-ring"]
    assert lines[2].split()[4] == "4"  # runs of this network, commit and code
    assert "grid: 8 runs, 4 stored for this build (code " in status.stdout
    assert "4 missing" in status.stdout
    missing = [line for line in lines if line.startswith("  missing: ")]
    assert len(missing) == 4 and all("rng_run=2" in line for line in missing)
    assert "bi_ms=40" in missing[-1] and "nbufs=2" in missing[-1]

    exported = _campaign("export", "--store", "ring.sqlite", "ring.parquet", "--where",
                         "bi_ms=40", "--where", "nbufs=1,2", cwd=tmp_path)  # fmt: skip
    assert exported.stdout == "wrote ring.parquet (2 rows)\n", exported.stderr
    expected = results_frame(tmp_path / "ring.sqlite", bi_ms=40)
    frame = read_parquet(tmp_path / "ring.parquet", expected)
    pd.testing.assert_frame_equal(frame, expected, check_exact=True)
    assert frame["nbufs"].tolist() == [1, 2]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["sweep", "{missing}"], "{missing}: cannot read it (No such file or directory)"),
        (["sweep", "{bad_json}"], "{bad_json}: not JSON (Expecting value: line 1 column 1"),
        (["sweep", "{unknown_key}"], "{unknown_key}: unknown key(s) ['fixd']; a grid file has "
                                     "['grid', 'fixed', 'runs', 'description']"),
        (["sweep", "{bad_value}"], "{bad_value}: bi_ms = 0: must be from 1 to 65535 (burst "
                                   "interval in whole ms)"),
        (["sweep", "{bad_range}"], "{bad_range}: grid.bi_ms = {{'from': 40, 'to': 30}}: needs "
                                   "from <= to and step >= 1"),
        (["sweep", "{grid}", "--runs", "0"], "{grid}: runs = 0: must be a whole number, at least 1"),
        (["sweep", "{grid}", "--workers", "0"], "--workers 0: workers = 0: must be at least 1"),
        (["sweep", "{grid}", "--output", "out.xlsx"], "--output out.xlsx: suffix '.xlsx': must be "
                                                      "one of ['.csv', '.parquet']"),
        (["sweep", "{grid}", "--workers", "2", "--scheduler-address", "tcp://127.0.0.1:1"],
         "--workers 2 with --scheduler-address: the scheduler's cluster has workers of its own"),
        (["sweep", "{grid}", "--store", "/no-such-directory/s.sqlite"],
         "--store /no-such-directory/s.sqlite: store = '/no-such-directory/s.sqlite': directory"),
        (["status", "--store", "{grid}"], "--store: {grid}: not an SQLite file"),
        (["export", "out.csv", "--store", "{missing}"], "--store: {missing}: no such file"),
        (["export", "out.json"], "out.json: suffix '.json': must be one of ['.csv', '.parquet']"),
        (["export", "out.csv", "--store", "{store}", "--where", "bi_ms"],
         "--where 'bi_ms': must be NAME=VALUE[,VALUE...]"),
        (["export", "out.csv", "--store", "{store}", "--where", "speed=3"],
         "--where: query speed = [3]: unknown name; results_frame selects by ['bfsz', "),
        (["run", "no-such-scenario"], "no scenario 'no-such-scenario' ("),
        (["run", "{missing}"], "{missing}: no such scenario file"),
    ],
)  # fmt: skip
def test_a_bad_value_or_file_exits_2_naming_it_before_anything_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], arguments: list[str], message: str,
) -> None:  # fmt: skip
    files = {
        "missing": tmp_path / "missing.json",
        "bad_json": tmp_path / "bad.json",
        "unknown_key": _write(tmp_path / "unknown.json", {"grid": {"bi_ms": [30]}, "fixd": 1}),
        "bad_value": _write(tmp_path / "zero.json", {"grid": {"bi_ms": [0]}}),
        "bad_range": _write(tmp_path / "range.json", {"grid": {"bi_ms": {"from": 40, "to": 30}}}),
        "grid": _write(tmp_path / "grid.json", GRID_FILE),
        "store": tmp_path / "store.sqlite",
    }
    files["bad_json"].write_text("", encoding="utf-8")
    from netblt_sim.batch.store import ResultStore

    ResultStore(files["store"]).close()
    with pytest.raises(SystemExit) as exit_info:
        campaign.main([a.format(**files) for a in arguments])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"netblt-campaign {arguments[0]}: error: "), err
    assert message.format(**files) in err
    assert not (tmp_path / "out.csv").exists() and not (tmp_path / "out.xlsx").exists()


def test_a_scenario_file_runs_alone_and_writes_the_files_of_results(
    ns: runtime.NsNamespace, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    path = REPO_ROOT / "scenarios" / "wideband-overload.json"
    by_path, by_name = tmp_path / "by-path", tmp_path / "by-name"
    by_path.mkdir()
    by_name.mkdir()
    assert reproduce.main([str(path), "--workers", "1", "--no-store", "--results-dir",
                           str(by_path)]) == 0  # fmt: skip
    assert campaign.main(["run", "wideband-overload", "--workers", "1", "--store",
                          str(tmp_path / "s.sqlite"), "--results-dir", str(by_name)]) == 0
    out = capsys.readouterr().out
    assert out.count("wideband-overload: 6 runs, 3 of 3 checks hold") == 2
    assert sorted(p.name for p in by_path.iterdir()) == ["README.md", "wideband-overload"]
    names = sorted(p.name for p in (by_path / "wideband-overload").iterdir())
    assert names == ["summary.json", "wideband-overload-throughput-vs-burst-interval.png",
                     "wideband-overload.csv", "wideband-overload.md"]  # fmt: skip
    for name in names:  # the very files scripts/reproduce keeps in results/
        committed = (REPO_ROOT / "results" / "wideband-overload" / name).read_bytes()
        assert (by_path / "wideband-overload" / name).read_bytes() == committed, name
        assert (by_name / "wideband-overload" / name).read_bytes() == committed, name


def test_a_cluster_is_reached_by_its_schedulers_address(
    ns: runtime.NsNamespace, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    from distributed import LocalCluster

    grid = _write(tmp_path / "ring.json", GRID_FILE)
    # A worker thread in this process (ns-3 loaded already), reached over TCP on the loopback
    # as a `dask scheduler` on another machine would be.
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp",
                      host="127.0.0.1", dashboard_address=":0") as cluster:  # fmt: skip
        assert campaign.main(["sweep", str(grid), "--scheduler-address",
                              cluster.scheduler_address, "--store", str(tmp_path / "s.sqlite"),
                              "--no-progress"]) == 0  # fmt: skip
        assert cluster.scheduler is not None and cluster.status.name == "running"
    assert capsys.readouterr().out.startswith("4 runs: 4 simulated, 0 from the result store")
    monkeypatch.setattr(execution, "CONNECT_TIMEOUT", "1s")
    with pytest.raises(SystemExit) as exit_info:
        campaign.main(["sweep", str(grid), "--scheduler-address", "tcp://127.0.0.1:9",
                       "--no-store"])  # fmt: skip
    assert exit_info.value.code == 2
    assert ("--scheduler-address tcp://127.0.0.1:9: no Dask scheduler answered within 1s"
            in capsys.readouterr().err)  # fmt: skip
