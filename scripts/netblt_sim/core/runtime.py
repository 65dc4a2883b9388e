# SPDX-License-Identifier: GPL-2.0-only
"""Loads ns-3 (the `ns3` wheel, through cppyy) and the project's own libraries, once per process.

Only what the project uses is loaded: the project's libraries (the dynamic linker brings the
stock ns-3 libraries they link: core, network, internet, point-to-point, csma, ...) and the
project's headers, which include the ns-3 headers they need. The wheel's own `from ns import ns`
loads and parses every ns-3 module instead (about 7.5 s and 640 MiB here, against about 1 s and
240 MiB); `scripts/bench` measures both.

cling prints harmless lines at the C level while ns-3's static initialisers run
(`[runStaticInitializersOnce]: Failed to materialize symbols ...`). Users would see them on every
run, so the loading runs with file descriptor 2 redirected to a temporary file; afterwards every
line but those is written back to stderr, so real errors still show.
"""

from __future__ import annotations

import ctypes
import importlib.util
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

# The repository: this file is scripts/netblt_sim/core/runtime.py in it.
REPO_ROOT: Path = Path(__file__).resolve().parents[3]
BUILD_DIR: Path = REPO_ROOT / "build"
INCLUDE_DIR: Path = BUILD_DIR / "include"
LIBRARY_DIR: Path = BUILD_DIR / "lib"
# Dependency order: a library may only use those before it.
PROJECT_LIBRARIES: tuple[str, ...] = ("host-processing", "netblt", "impaired-link", "proteon-ring", "ethernet", "wideband", "bsd-tcp", "netblt-experiment")
# The header Python needs for sure; every other project header is included too so that any
# project class (NetbltChecksum, the headers, ...) is usable from Python.
REQUIRED_HEADER: Path = INCLUDE_DIR / "ns3" / "point-to-point-testbed.h"

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

    The first call loads the project's libraries (and the ns-3 libraries they link) and includes
    their headers, about 1 s; later calls return the same object at once.
    """
    global _loaded_ns
    with _load_lock:
        if _loaded_ns is None:
            check_build()
            _loaded_ns = _import_ns3_and_project()
        return _loaded_ns


# The wheel was built with logging and asserts compiled in (its CMake target lists them); the
# project's libraries are built the same way (wscript), and the headers cling parses must agree.
NS3_BUILD_DEFINES: tuple[str, ...] = ("NS3_LOG_ENABLE", "NS3_ASSERT_ENABLE")
# The stock modules whose classes Python uses by name beyond what the project's headers include
# (Simulator, RngSeedManager, the attribute values, DataRate).
NS3_MODULE_HEADERS: tuple[str, ...] = ("core-module.h", "network-module.h")


def ns3_wheel_root() -> Path:
    """The installed `ns3` wheel's directory (its `include/` and `lib64/`)."""
    spec = importlib.util.find_spec("ns3")
    if spec is None or not spec.submodule_search_locations:
        raise BuildMissingError(
            f"the ns3 wheel is not installed for {sys.executable}; "
            f"run {REPO_ROOT / 'scripts' / 'setup'} to create the environment"
        )
    return Path(next(iter(spec.submodule_search_locations)))


def _import_ns3_and_project() -> NsNamespace:
    wheel = ns3_wheel_root()
    with stderr_filtered(is_cling_noise):
        try:
            import cppyy  # noqa: PLC0415 - loaded on the first simulation only
            import libcppyy  # noqa: PLC0415 - cppyy's C++ side, installed with it
        except ImportError as error:
            raise BuildMissingError(
                f"cannot import cppyy from {sys.executable} ({error}); "
                f"run {REPO_ROOT / 'scripts' / 'setup'} to create the environment"
            ) from error
        # ns3::Ptr<T> behaves as T from Python, as the wheel's loader arranges.
        libcppyy.AddSmartPtrType("Ptr")
        cppyy.add_include_path(str(wheel / "include"))
        cppyy.add_library_path(str(wheel / "lib64"))
        cppyy.add_include_path(str(INCLUDE_DIR))
        cppyy.cppdef("".join(f"#define {name} 1\n" for name in NS3_BUILD_DEFINES))
        for name in PROJECT_LIBRARIES:
            cppyy.load_library(str(LIBRARY_DIR / f"libnetbltsim-{name}.so"))
        for module_header in NS3_MODULE_HEADERS:
            cppyy.include(f"ns3/{module_header}")
        for header in sorted((INCLUDE_DIR / "ns3").glob("*.h")):
            cppyy.include(f"ns3/{header.name}")
    # A simulation runs in C++ from start to end and calls no Python, so it lets the other
    # threads run meanwhile: a Dask worker's event loop keeps answering its scheduler (heartbeats,
    # the next task, the last result) through a transfer of minutes.
    cppyy.gbl.ns3.Simulator.Run.__release_gil__ = True
    return cppyy.gbl.ns3


# Walks every registered type's attributes in C++: through Python bindings the first walk takes
# about 0.8 s, this one a few milliseconds.
_CHANGED_DEFAULTS_CPP = """
namespace netblt_sim_runtime
{
std::string ChangedAttributeDefaults()
{
    std::string changed;
    for (uint16_t i = 0; i < ns3::TypeId::GetRegisteredN(); ++i)
    {
        ns3::TypeId type = ns3::TypeId::GetRegistered(i);
        for (std::size_t a = 0; a < type.GetAttributeN(); ++a)
        {
            ns3::TypeId::AttributeInformation info = type.GetAttribute(a);
            std::string value = info.initialValue->SerializeToString(info.checker);
            if (value != info.originalInitialValue->SerializeToString(info.checker))
            {
                changed += type.GetName() + "::" + info.name + " = " + value + "\\n";
            }
        }
    }
    return changed;
}
}
"""


def changed_attribute_defaults() -> list[str]:
    """Every ns-3 attribute default this process changed from the value its type registered
    (`Config::SetDefault`), as `"ns3::Type::Attribute = value"`, sorted; empty if ns-3 is not
    loaded here. A run made under one depends on more than its parameters."""
    if _loaded_ns is None:
        return []
    import cppyy  # noqa: PLC0415 - loaded with ns-3

    if not hasattr(cppyy.gbl, "netblt_sim_runtime"):
        cppyy.cppdef(_CHANGED_DEFAULTS_CPP)
    text = str(cppyy.gbl.netblt_sim_runtime.ChangedAttributeDefaults())
    return sorted(line for line in text.split("\n") if line)
