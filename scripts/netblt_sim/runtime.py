# SPDX-License-Identifier: GPL-2.0-only
"""Loads ns-3 (the `ns3` wheel, through cppyy) and the project's own libraries, once per process.

`from ns import ns` costs about 7 s and prints two harmless lines from cling at the C level
(`[runStaticInitializersOnce]: Failed to materialize symbols ...`). Users would see them on every
run, so the import runs with file descriptor 2 redirected to a temporary file; afterwards every
line but those two kinds is written back to stderr, so real errors still show.
"""

from __future__ import annotations

import ctypes
import os
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

# The ns-3 namespace proxy cppyy hands out (`ns.Simulator`, `ns.CreateObject[...]`, ...). cppyy
# builds it at run time, so there is no static type to name.
NsNamespace = Any

REPO_ROOT: Path = Path(__file__).resolve().parents[2]
BUILD_DIR: Path = REPO_ROOT / "build"
INCLUDE_DIR: Path = BUILD_DIR / "include"
LIBRARY_DIR: Path = BUILD_DIR / "lib"
# Dependency order: a library may only use those before it.
PROJECT_LIBRARIES: tuple[str, ...] = ("netblt", "host-processing", "impaired-link", "proteon-ring", "ethernet", "wideband", "netblt-experiment")
# The header Python needs for sure; every other project header is included too so that any
# project class (NetbltChecksum, the headers, ...) is usable from Python.
REQUIRED_HEADER: Path = INCLUDE_DIR / "ns3" / "netblt-point-to-point-experiment.h"

CLING_NOISE_PREFIX: bytes = b"[runStaticInitializersOnce]: Failed to materialize symbols"

_loaded_ns: NsNamespace | None = None
_load_lock = threading.Lock()


class BuildMissingError(RuntimeError):
    """The C++ build (or the Python environment) the simulations need is not there."""


def is_cling_noise(line: bytes) -> bool:
    """True for the harmless lines cling prints while ns-3's static initialisers run."""
    return line.startswith(CLING_NOISE_PREFIX)


@contextmanager
def stderr_filtered(is_noise: Callable[[bytes], bool]) -> Iterator[None]:
    """Captures everything written to file descriptor 2 inside the block (by Python or by C/C++
    code), then writes back to stderr every line for which `is_noise` is false.

    Works at the file-descriptor level because cling writes with C stdio, which Python's
    `sys.stderr` never sees.
    """
    sys.stderr.flush()
    saved_stderr_fd = os.dup(2)
    with tempfile.TemporaryFile(mode="w+b") as capture:
        os.dup2(capture.fileno(), 2)
        try:
            yield
        finally:
            sys.stderr.flush()
            _flush_c_stdio()
            os.dup2(saved_stderr_fd, 2)
            os.close(saved_stderr_fd)
            capture.seek(0)
            kept = b"".join(
                line for line in capture.read().splitlines(keepends=True) if not is_noise(line)
            )
            if kept:
                os.write(2, kept)


def _flush_c_stdio() -> None:
    # C's stderr is unbuffered, but a C library may have written to a buffered stream that
    # shares the descriptor; flush everything before the descriptor is switched back.
    try:
        ctypes.CDLL(None).fflush(None)
    except (OSError, AttributeError):
        pass


@contextmanager
def _neutral_library_search() -> Iterator[None]:
    """Runs the block from an empty directory, with the project's build removed from PATH and
    LD_LIBRARY_PATH.

    The wheel's `ns` package looks for ns-3 libraries by globbing the current directory
    (recursively), PATH and LD_LIBRARY_PATH for `libns3*` files. It picks up stray
    site-packages of other virtual environments under the current directory ("multiple build
    profiles"), and would take any project library named libns3-* for an ns-3 module (the
    project's are named libnetbltsim-* for that reason). An empty directory also spares the
    recursive glob of a large working tree.
    """
    previous_cwd = os.getcwd()
    previous_env = {name: os.environ.get(name) for name in ("PATH", "LD_LIBRARY_PATH")}
    build_prefix = str(BUILD_DIR)
    with tempfile.TemporaryDirectory(prefix="netblt-ns-import-") as empty_dir:
        os.chdir(empty_dir)
        for name, value in previous_env.items():
            if value:
                kept = [p for p in value.split(os.pathsep) if not p.startswith(build_prefix)]
                os.environ[name] = os.pathsep.join(kept)
        try:
            yield
        finally:
            os.chdir(previous_cwd)
            for name, value in previous_env.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


def missing_build_files() -> list[Path]:
    """The files of the C++ build that `load()` needs and that do not exist."""
    needed = [LIBRARY_DIR / f"libnetbltsim-{name}.so" for name in PROJECT_LIBRARIES]
    needed.append(REQUIRED_HEADER)
    return [path for path in needed if not path.exists()]


def check_build() -> None:
    """Raises BuildMissingError naming the missing files if the C++ build is incomplete."""
    missing = missing_build_files()
    if missing:
        listed = ", ".join(str(path) for path in missing)
        raise BuildMissingError(
            f"the C++ build is missing ({listed}); run {REPO_ROOT / 'scripts' / 'setup'} "
            "to build the project"
        )


def load() -> NsNamespace:
    """Returns the `ns` namespace of ns-3 with the project's classes available.

    The first call imports ns-3 (about 7 s), loads the project's libraries and includes their
    headers; later calls return the same object at once.
    """
    global _loaded_ns
    with _load_lock:
        if _loaded_ns is None:
            check_build()
            _loaded_ns = _import_ns3_and_project()
        return _loaded_ns


def _import_ns3_and_project() -> NsNamespace:
    with stderr_filtered(is_cling_noise):
        try:
            with _neutral_library_search():
                from ns import ns  # noqa: PLC0415 - the import is the expensive step we guard
            import cppyy  # noqa: PLC0415 - comes with the wheel; only usable after the above
        except ImportError as error:
            raise BuildMissingError(
                f"cannot import ns-3 from {sys.executable} ({error}); "
                f"run {REPO_ROOT / 'scripts' / 'setup'} to create the environment"
            ) from error
        cppyy.add_include_path(str(INCLUDE_DIR))
        for name in PROJECT_LIBRARIES:
            cppyy.load_library(str(LIBRARY_DIR / f"libnetbltsim-{name}.so"))
        for header in sorted((INCLUDE_DIR / "ns3").glob("*.h")):
            cppyy.include(f"ns3/{header.name}")
    return ns
