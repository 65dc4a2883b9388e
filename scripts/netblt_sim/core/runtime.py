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
import re
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# The ns-3 namespace proxy cppyy hands out (`ns.Simulator`, `ns.CreateObject[...]`, ...). cppyy
# builds it at run time, so there is no static type to name.
NsNamespace = Any

# The repository: this file is scripts/netblt_sim/core/runtime.py in it.
REPO_ROOT: Path = Path(__file__).resolve().parents[3]
# The project's own build (waf, scripts/setup): the default.
BUILD_DIR: Path = REPO_ROOT / "build"
# Names another build of the project's modules to load instead: the CMake build
# (`build-cmake/`, scripts/cmake-build) or an ns-3 tree's `build/` with the modules in its
# contrib/ (scripts/ns3-contrib). Worker processes inherit it.
BUILD_VARIABLE = "NETBLT_SIM_BUILD"
# Dependency order: a library may only use those before it.
PROJECT_LIBRARIES: tuple[str, ...] = ("host-processing", "netblt", "impaired-link", "proteon-ring", "ethernet", "wideband", "bsd-tcp", "source-quench", "netblt-experiment")
# The header Python needs for sure; every other header of those modules is included too so that
# any project class (NetbltChecksum, the headers, ...) is usable from Python.
REQUIRED_HEADER_NAME = "point-to-point-testbed.h"
# ns-3's build profiles, the suffix of an ns-3 tree's library names (libns3.44-core-default.so).
NS3_PROFILES: tuple[str, ...] = ("default", "debug", "release", "optimized", "minsizerel",
                                 "relwithdebinfo")  # fmt: skip


@dataclass(frozen=True)
class Ns3Build:
    """A build of the project's modules: its `lib/` and `include/ns3/`. Either the project's
    own (waf's `build/`, CMake's `build-cmake/`: `lib/libnetbltsim-<module>.so` over the ns3
    wheel's ns-3) or an ns-3 tree's `build/` (`lib/libns3.<version>-<module>-<profile>.so`
    beside that tree's own ns-3 libraries, which the project's link)."""

    root: Path

    @property
    def library_dir(self) -> Path:
        return self.root / "lib"

    @property
    def include_dir(self) -> Path:
        return self.root / "include"

    def library(self, module: str) -> Path | None:
        """The module's library in this build, or None."""
        own = self.library_dir / f"libnetbltsim-{module}.so"
        if own.exists():
            return own
        pattern = re.compile(rf"libns3\.[0-9.]+-{re.escape(module)}"
                             rf"(-({'|'.join(NS3_PROFILES)}))?\.so")  # fmt: skip
        found = sorted(p for p in self.library_dir.glob("libns3*.so") if pattern.fullmatch(p.name))
        return found[0] if found else None

    @property
    def in_ns3_tree(self) -> bool:
        """Whether the modules are an ns-3 tree's (linked to its ns-3, not the wheel's)."""
        return self.library(PROJECT_LIBRARIES[0]) is not None and not (
            self.library_dir / f"libnetbltsim-{PROJECT_LIBRARIES[0]}.so").exists()

    def libraries(self) -> list[Path]:
        """The project's libraries in dependency order (check() first)."""
        return [path for module in PROJECT_LIBRARIES if (path := self.library(module))]

    def headers(self) -> list[str]:
        """The names of the project's headers that this build installed (under `ns3/`)."""
        names = {path.name for module in PROJECT_LIBRARIES
                 for path in (REPO_ROOT / "src" / module).glob("*/*.h")
                 if path.parent.name in ("model", "helper")}  # fmt: skip
        return sorted(name for name in names if (self.include_dir / "ns3" / name).exists())

    def missing(self) -> list[str]:
        """What `load()` needs of this build and it lacks."""
        missing = [f"{self.library_dir}/libnetbltsim-{module}.so (or an ns-3 tree's "
                   f"libns3.<version>-{module}-<profile>.so)"
                   for module in PROJECT_LIBRARIES if self.library(module) is None]  # fmt: skip
        header = self.include_dir / "ns3" / REQUIRED_HEADER_NAME
        return missing + ([] if header.exists() else [str(header)])

    def identity_files(self) -> list[Path]:
        """The libraries a run depends on: the project's and, in an ns-3 tree, that tree's own
        ns-3 (the project's builds use the wheel's, whose version the store records)."""
        stock = sorted(self.library_dir.glob("libns3*.so")) if self.in_ns3_tree else []
        own = self.libraries()
        return own + [path for path in stock if path not in own and "-test" not in path.name]


def current_build() -> Ns3Build:
    """The build this process loads: `$NETBLT_SIM_BUILD` if set, else the project's `build/`."""
    named = os.environ.get(BUILD_VARIABLE)
    return Ns3Build(Path(named).resolve() if named else BUILD_DIR)

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


def missing_build_files() -> list[str]:
    """The files of the C++ build that `load()` needs and that do not exist."""
    return current_build().missing()


def check_build() -> None:
    """Raises BuildMissingError naming the missing files if the C++ build is incomplete."""
    build = current_build()
    missing = build.missing()
    if missing:
        listed = ", ".join(missing)
        how = (f"run {REPO_ROOT / 'scripts' / 'setup'} to build the project" if build.root ==
               BUILD_DIR else f"build it, or unset {BUILD_VARIABLE} to use {BUILD_DIR}")  # fmt: skip
        raise BuildMissingError(f"the C++ build {build.root} is missing ({listed}); {how}")


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
    build = current_build()
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
        # An ns-3 tree's modules link that tree's ns-3, whose headers its include/ holds; the
        # project's own builds link the wheel's.
        cppyy.add_include_path(str(build.include_dir))
        if not build.in_ns3_tree:
            cppyy.add_include_path(str(wheel / "include"))
            cppyy.add_library_path(str(wheel / "lib64"))
        cppyy.cppdef("".join(f"#define {name} 1\n" for name in NS3_BUILD_DEFINES))
        for library in build.libraries():
            cppyy.load_library(str(library))
        for module_header in NS3_MODULE_HEADERS:
            cppyy.include(f"ns3/{module_header}")
        for header in build.headers():
            cppyy.include(f"ns3/{header}")
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
