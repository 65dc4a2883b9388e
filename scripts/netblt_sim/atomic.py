"""Writing result files so that a failure never leaves a half-written one behind."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


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
    handle, name = tempfile.mkstemp(
        prefix=f".{destination.name}.",
        suffix=f".partial{destination.suffix}",
        dir=destination.parent,
    )
    os.close(handle)
    # mkstemp makes the file private (0600); give it the permissions a plain open() would.
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(name, 0o666 & ~umask)
    return Path(name)
