# SPDX-License-Identifier: GPL-2.0-only
"""Sweeps through a cluster's job scheduler (`batch/jobqueue.py`, dask-jobqueue): the cluster
object and the job script each batch job would run, built without a scheduler (no job is
submitted), and its client taken by the executor as any cluster's."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from netblt_sim.batch.executor import TransferExecutor
from netblt_sim.batch.jobqueue import PACKAGE_PARENT, SCHEDULERS, jobqueue_cluster
from netblt_sim.core import runtime

# The Dask scheduler runs in this process, on the loopback, its dashboard on a free port.
LOOPBACK = {"scheduler_options": {"host": "127.0.0.1", "dashboard_address": ":0"}}


@pytest.fixture
def clusters() -> Iterator[list[Any]]:
    made: list[Any] = []
    yield made
    for cluster in made:
        cluster.close()


def test_a_slurm_job_runs_one_single_threaded_worker_of_this_repository(
    clusters: list[Any],
) -> None:
    cluster = jobqueue_cluster("slurm", queue="normal", account="netblt", walltime="02:00:00",
                               job_extra_directives=["--exclusive"], **LOOPBACK)  # fmt: skip
    clusters.append(cluster)
    script = cluster.job_script()
    lines = script.splitlines()
    directives = [line for line in lines if line.startswith("#SBATCH")]
    assert {"#SBATCH -p normal", "#SBATCH -A netblt", "#SBATCH -t 02:00:00", "#SBATCH -n 1",
            "#SBATCH --cpus-per-task=1", "#SBATCH --mem=2G",
            "#SBATCH --exclusive"} <= set(directives)  # fmt: skip
    body = lines[lines.index(directives[-1]) + 1:]
    assert body[0] == f"cd {shlex.quote(str(runtime.REPO_ROOT))}"
    assert body[1] == f"export PYTHONPATH={PACKAGE_PARENT}${{PYTHONPATH:+:$PYTHONPATH}}"
    assert "export OMP_NUM_THREADS=1" in body
    worker = body[-1].split()
    assert worker[:3] == [sys.executable, "-m", "distributed.cli.dask_worker"]
    assert worker[3] == cluster.scheduler_address and worker[3].startswith("tcp://127.0.0.1:")
    assert worker[worker.index("--nthreads") + 1] == "1"
    assert cluster.worker_spec is not None and len(cluster.workers) == 0  # nothing submitted


@pytest.mark.parametrize("scheduler", sorted(SCHEDULERS))
def test_each_scheduler_writes_its_own_directives_and_the_prologue(
    clusters: list[Any], scheduler: str,
) -> None:  # fmt: skip
    cluster = jobqueue_cluster(scheduler, queue="batch", walltime="01:00:00",
                               job_script_prologue=["module load gcc"], **LOOPBACK)  # fmt: skip
    clusters.append(cluster)
    script = cluster.job_script()
    prefix = SCHEDULERS[scheduler][1]
    assert any(line.startswith(f"{prefix} ") and "batch" in line for line in script.splitlines())
    # The project's prologue first, then the one given.
    assert script.index("cd ") < script.index("export PYTHONPATH=") < script.index(
        "module load gcc") < script.index("distributed.cli.dask_worker")  # fmt: skip


def test_an_unknown_scheduler_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"scheduler = 'condor': must be one of \['pbs', "
                                         r"'sge', 'slurm'\]"):
        jobqueue_cluster("condor")


def test_the_executor_takes_the_clusters_client(clusters: list[Any]) -> None:
    from distributed import Client

    cluster = jobqueue_cluster("slurm", **LOOPBACK)
    clusters.append(cluster)
    with Client(cluster) as client, TransferExecutor(client=client) as executor:
        assert executor.distributed and executor.client() is client
