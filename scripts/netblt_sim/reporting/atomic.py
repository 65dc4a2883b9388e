# SPDX-License-Identifier: GPL-2.0-only
"""Writing result files so that a failure never leaves a half-written one behind."""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure


PARTIAL_MARK = ".partial"
# `.<destination>.<writer's PID>.<mkstemp's 8 characters>.partial<suffix>`; a name without the
# PID is of a writer of before it was written, stale as well.
_PARTIAL_NAME = re.compile(r"^\..+?(?:\.(?P<pid>\d+))?\.[A-Za-z0-9_]{8}\.partial(?:\.[^.]+)?$")
_SWEPT: set[Path] = set()  # directories this process has rid of stale partial files


def remove_stale_partials(directory: Path) -> list[Path]:
    """Deletes the temporary files of `atomic_outputs` in `directory` whose writer is no
    longer running (or unknown), and returns them; those of live processes stay."""
    _SWEPT.add(directory.resolve())
    removed = []
    for path in directory.glob(f".*{PARTIAL_MARK}*"):
        match = _PARTIAL_NAME.match(path.name)
        if match is None or not path.is_file():
            continue
        pid = match["pid"]
        if pid is not None and _is_running(int(pid)):
            continue
        path.unlink(missing_ok=True)
        removed.append(path)
    return removed


def _is_running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    return True


@contextmanager
def atomic_outputs(*destinations: Path) -> Iterator[list[Path]]:
    """Yields one temporary path per destination; renames each over its destination only if
    the whole block finishes without an exception, else deletes them all.

    So a set of files that belong together (a table and its plot) is replaced together or not
    at all. Each temporary file is in its destination's directory so that the rename is atomic
    (same file system), and keeps the destination's suffix so that writers choosing a format by
    it (matplotlib) still do.
    """
    temporaries: list[Path] = []
    try:
        for destination in destinations:
            temporaries.append(_temporary_next_to(destination))
        yield temporaries
        for temporary, destination in zip(temporaries, destinations, strict=True):
            os.replace(temporary, destination)
    finally:
        for temporary in temporaries:
            temporary.unlink(missing_ok=True)


def _temporary_next_to(destination: Path) -> Path:
    destination.parent.mkdir(parents=True, exist_ok=True)
    if destination.parent.resolve() not in _SWEPT:
        remove_stale_partials(destination.parent)
    # The writer's PID in the name: a later run knows a file of a dead one (killed with -9
    # while writing, its `finally` never ran) from one a live process is still writing.
    handle, name = tempfile.mkstemp(
        prefix=f".{destination.name}.{os.getpid()}.",
        suffix=f"{PARTIAL_MARK}{destination.suffix}",
        dir=destination.parent,
    )
    os.close(handle)
    # mkstemp makes the file private (0600); give it the permissions a plain open() would.
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(name, 0o666 & ~umask)
    return Path(name)


def write_report(
    stem: Path, frame: pd.DataFrame, markdown: str | None, figure: Figure, plot_suffix: str
) -> tuple[Path, ...]:
    """Writes `<stem>.csv` (the frame), `<stem>.md` (unless `markdown` is None) and
    `<stem><plot_suffix>.png` together (`write_together`); returns the paths written, in that
    order."""
    csv_path = stem.with_name(f"{stem.name}.csv")
    markdown_path = None if markdown is None else stem.with_name(f"{stem.name}.md")
    png_path = stem.with_name(f"{stem.name}{plot_suffix}.png")
    return write_together(csv_path, frame, markdown_path, markdown, [(png_path, figure)])


def write_together(csv_path: Path, frame: pd.DataFrame, markdown_path: Path | None,
                   markdown: str | None, figures: Sequence[tuple[Path, Figure]],
                   more_csv: Sequence[tuple[Path, pd.DataFrame]] = ()
                   ) -> tuple[Path, ...]:  # fmt: skip
    """Writes the frame as CSV, the Markdown (if `markdown_path`), each figure as PNG at its
    path and each of `more_csv`'s frames as CSV at its path together (see `atomic_outputs`),
    and closes the figures whatever happens; returns the paths written, in that order."""
    import matplotlib.pyplot as plt  # noqa: PLC0415 - the figures exist, so matplotlib is loaded

    texts = (csv_path,) if markdown_path is None else (csv_path, markdown_path)
    paths = (*texts, *(path for path, _ in figures), *(path for path, _ in more_csv))
    try:
        with atomic_outputs(*paths) as temporaries:
            temporary = dict(zip(paths, temporaries, strict=True))
            frame.to_csv(temporary[csv_path], index=False)
            if markdown_path is not None:
                temporary[markdown_path].write_text(markdown or "", encoding="utf-8")
            for path, figure in figures:
                figure.savefig(temporary[path], format="png")
            for path, more in more_csv:
                more.to_csv(temporary[path], index=False)
    finally:
        for _, figure in figures:
            plt.close(figure)
    return paths
