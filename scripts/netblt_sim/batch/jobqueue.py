# SPDX-License-Identifier: GPL-2.0-only
"""Sweeps on a cluster's job scheduler (SLURM, PBS, SGE) through dask-jobqueue: each batch job
is one Dask worker, and `sweep(..., client=Client(cluster))` runs on them as on any cluster.

::

    from distributed import Client

    from netblt_sim import sweep
    from netblt_sim.batch.jobqueue import jobqueue_cluster

    if __name__ == "__main__":
        cluster = jobqueue_cluster("slurm", queue="normal", walltime="02:00:00")
        cluster.scale(jobs=20)                      # 20 batch jobs, one worker process each
        with Client(cluster) as client:
            frame = sweep({"seed": range(1, 1001)}, network="proteon-ring", bs=5, bi_ms=40,
                          psz=1990, bfsz=19900, xfsz_kb=199, client=client,
                          store="ring-seeds.sqlite")
        cluster.close()

This process runs the scheduler (on the login node, say) and keeps the store; the jobs run the
workers, which must have this repository, built, at the same path (a shared file system): each
job goes to the repository, imports this very package (`PYTHONPATH`, the package's own
directory) with the repository's `.venv` Python, and the executor refuses workers whose code
identity differs from this process's. `cluster.job_script()` shows what each job runs.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any

from netblt_sim.core import runtime

# The dask-jobqueue class of each scheduler this module knows, and the line each of its job
# scripts' directives starts with.
SCHEDULERS: dict[str, tuple[str, str]] = {
    "slurm": ("SLURMCluster", "#SBATCH"),
    "pbs": ("PBSCluster", "#PBS"),
    "sge": ("SGECluster", "#$"),
}
# The directory this package is imported from (scripts/ in the repository), which the jobs'
# workers put first on their path, so that they run this process's code.
PACKAGE_PARENT: Path = Path(__file__).resolve().parents[2]
# A worker process with ns-3 loaded takes about 250 MiB; a long Wideband run more.
DEFAULT_MEMORY = "2GB"
# Numerical libraries' threads: a run holds one core, as in a local cluster (cluster.py).
WORKER_ENVIRONMENT: dict[str, str] = {
    "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1",
}  # fmt: skip


def job_prologue(repository: Path = runtime.REPO_ROOT) -> list[str]:
    """The shell lines each job runs before its worker: into the repository, this package first
    on the path, one thread per numerical library."""
    exports = [f"export {name}={value}" for name, value in WORKER_ENVIRONMENT.items()]
    return [f"cd {shlex.quote(str(repository))}",
            f"export PYTHONPATH={shlex.quote(str(PACKAGE_PARENT))}${{PYTHONPATH:+:$PYTHONPATH}}",
            *exports]  # fmt: skip


def jobqueue_cluster(scheduler: str = "slurm", **options: Any) -> Any:
    """A dask-jobqueue cluster of `scheduler` ("slurm", "pbs" or "sge") whose every job is one
    worker process with one thread and one core (a run holds one core; ns-3 is loaded once per
    worker), `DEFAULT_MEMORY` of memory, this repository's Python (`sys.executable`) and
    `job_prologue()`. `options` go to the dask-jobqueue class (`queue`, `account`, `walltime`,
    `memory`, `job_extra_directives`, `scheduler_options`, ...) over those defaults; the
    prologue given is run after this module's. No job is submitted until `cluster.scale(jobs=N)`
    or `cluster.adapt(...)`. ValueError names an unknown scheduler."""
    if scheduler not in SCHEDULERS:
        raise ValueError(f"scheduler = {scheduler!r}: must be one of {sorted(SCHEDULERS)} "
                         "(others: use dask_jobqueue's classes directly)")  # fmt: skip
    import dask_jobqueue  # noqa: PLC0415 - only for a job queue

    settings: dict[str, Any] = {
        "cores": 1,
        "processes": 1,
        "memory": DEFAULT_MEMORY,
        "python": sys.executable,
    } | options
    settings["job_script_prologue"] = job_prologue() + list(options.get("job_script_prologue", []))
    return getattr(dask_jobqueue, SCHEDULERS[scheduler][0])(**settings)
