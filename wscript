# SPDX-License-Identifier: GPL-2.0-only
# Builds the project's ns-3 modules, their examples and one test runner against the ns3 wheel.
#
# Each directory src/<module>/ holds a module in ns-3's layout and a small wscript that calls
# bld.ns3_module(...), naming the project modules it uses (deps), as ns-3's modules name theirs.
# Every module becomes build/lib/libnetbltsim-<module>.so (not libns3-*: the wheel's Python
# loader takes any libns3* file it finds for one of its own), linked to the stock ns-3 modules
# and to its deps only, with every symbol resolved (-Wl,--no-undefined), so that a dependency
# left out fails the build. Its public headers are exposed as build/include/ns3/<header>.h so
# that code includes them as "ns3/<header>.h", exactly like the wheel's own headers. A module's
# test/*.cc files become build/lib/tests/libnetbltsim-<module>-test.so, linked to the module
# (and the test libraries of its test_deps, whose test headers it may include); an example is
# linked to its module, or to what example_uses names for it. build/bin/netblt-test-runner
# links every test library and runs ns-3's TestRunner (--suite=NAME, --verbose, --list).

import importlib.util
import os

from waflib import Configure, Utils
from waflib.Configure import conf

Configure.autoconfig = True

top = "."
out = "build"

NS3_VERSION = "3.44"  # library names are libns3.44-<module>.so
# Stock ns-3 modules the project links against (their own dependencies come with them).
NS3_STOCK_MODULES = [
    "core",
    "network",
    "internet",
    "point-to-point",
    "csma",
    "applications",
    "stats",
    "traffic-control",
]
LIBRARY_PREFIX = "netbltsim-"
# Where the test libraries go: apart from build/lib, whose libraries are the code the result
# store keys its runs by (scripts/netblt_sim/store.py), so that a changed test changes no key.
TEST_LIBRARY_DIR = "lib/tests"
# Project modules in dependency order: a module may use only those listed before it.
PROJECT_MODULES = ["host-processing", "netblt", "impaired-link", "proteon-ring", "ethernet", "wideband", "bsd-tcp", "source-quench", "netblt-experiment", "netblt-soak"]


def options(opt):
    opt.load("compiler_cxx")


def configure(cnf):
    cnf.load("compiler_cxx")
    spec = importlib.util.find_spec("ns3")
    if spec is None or not spec.submodule_search_locations:
        cnf.fatal("the ns3 wheel is not importable from this Python; run scripts/setup")
    ns3_root = list(spec.submodule_search_locations)[0]
    cnf.msg("ns-3 wheel", ns3_root)
    cnf.env.NS3_ROOT = ns3_root
    # -O3: about 5 % less time per delivered packet than -O2 (scripts/bench, the private
    # Ethernet, three paired runs), every result file byte-identical.
    # -Wpedantic as ns-3's own build has it (an ns-3 tree compiles the modules with -Wall
    # -Wpedantic), so that what a tree would warn about fails here first.
    cnf.env.append_value("CXXFLAGS", ["-std=c++20", "-O3", "-Wall", "-Wpedantic", "-Werror", "-fPIC", "-fno-semantic-interposition"])
    # The wheel was built with logging and asserts compiled in; match it so that NS_LOG and
    # NS_ASSERT in inline ns-3 code and in ours behave the same way.
    cnf.env.append_value("DEFINES", ["NS3_LOG_ENABLE", "NS3_ASSERT_ENABLE"])
    lib_dir = os.path.join(ns3_root, "lib64")
    cnf.env.INCLUDES_NS3 = [os.path.join(ns3_root, "include")]
    cnf.env.LIBPATH_NS3 = [lib_dir]
    cnf.env.RPATH_NS3 = [lib_dir]
    cnf.env.LIB_NS3 = ["ns%s-%s" % (NS3_VERSION, m) for m in NS3_STOCK_MODULES]
    cnf.check_cxx(
        fragment='#include "ns3/core-module.h"\nint main() { return ns3::Seconds(1).IsZero(); }\n',
        use="NS3",
        msg="linking a program against the ns-3 wheel",
    )


@conf
def ns3_module(bld, name, deps, headers, sources, tests=(), test_deps=(), examples=(), example_uses=None):
    """Declares one project module: its shared library, its exported headers, tests, examples.

    deps names the project modules whose headers and symbols the module uses (before it in
    PROJECT_MODULES); headers, sources, tests and examples are lists of waf nodes (from
    bld.path.ant_glob). test_deps names modules whose test libraries (and test headers) the
    tests use besides the module's. example_uses maps an example's name to the project modules
    it uses, when that is not just this one (a stock yardstick uses none).
    """
    assert name in PROJECT_MODULES, "add %s to PROJECT_MODULES in the top-level wscript" % name
    for dep in list(deps) + list(test_deps):
        assert PROJECT_MODULES.index(dep) < PROJECT_MODULES.index(name), (
            "%s may use only modules listed before it in PROJECT_MODULES, not %s" % (name, dep)
        )
    # Public headers are copied (not symlinked) by tasks of the first build group, so that waf
    # knows them as its own outputs: it then rebuilds whatever includes a header that changed.
    include_dir = bld.bldnode.make_node("include/ns3")
    bld.exposed_headers.update(source.name for source in headers)
    bld.set_group("headers")
    for source in headers:
        bld(rule="cp ${SRC} ${TGT}", source=source, target=include_dir.make_node(source.name))
    bld.set_group("code")
    # Targets are relative to this module's build folder; put every library in build/lib and
    # every program in build/bin.
    top_build = os.path.relpath(bld.bldnode.abspath(), bld.path.get_bld().abspath())
    library = LIBRARY_PREFIX + name
    # RUNPATH is not inherited: each library must find the project libraries it needs.
    rpath = [bld.bldnode.make_node("lib").abspath(), bld.bldnode.make_node(TEST_LIBRARY_DIR).abspath()]
    bld.shlib(
        target=os.path.join(top_build, "lib", library),
        name=library,
        source=list(sources),
        includes=[bld.bldnode.make_node("include").abspath()],
        export_includes=[bld.bldnode.make_node("include").abspath()],
        use=["NS3"] + [LIBRARY_PREFIX + d for d in deps],
        linkflags=["-Wl,--no-undefined"],
        rpath=rpath,
        install_path=None,
    )
    if tests:
        test_library = library + "-test"
        bld.shlib(
            target=os.path.join(top_build, TEST_LIBRARY_DIR, test_library),
            name=test_library,
            source=list(tests),
            includes=[bld.bldnode.make_node("include").abspath()]
            + [bld.srcnode.find_dir("src/%s/test" % d).abspath() for d in test_deps],
            use=["NS3", library] + [LIBRARY_PREFIX + d + "-test" for d in test_deps],
            linkflags=["-Wl,--no-undefined"],
            rpath=rpath,
            install_path=None,
        )
        bld.env.append_value("TEST_LIBRARIES", [test_library])
    for example in examples:
        program = os.path.splitext(example.name)[0]
        uses = [name] if example_uses is None or program not in example_uses else example_uses[program]
        bld.program(
            target=os.path.join(top_build, "bin", program),
            source=[example],
            includes=[bld.bldnode.make_node("include").abspath()],
            use=["NS3"] + [LIBRARY_PREFIX + m for m in uses],
            rpath=rpath,
            install_path=None,
        )


def build(bld):
    bld.add_group("headers")
    bld.add_group("code")
    bld.env.TEST_LIBRARIES = []
    bld.exposed_headers = set()
    for module in PROJECT_MODULES:
        if os.path.exists(os.path.join(bld.path.abspath(), "src", module, "wscript")):
            bld.recurse("src/" + module)
    # A header whose source is gone (moved to another module, or removed) would stay in
    # build/include/ns3, where Python's loader includes every header: remove it.
    include_dir = os.path.join(bld.bldnode.abspath(), "include", "ns3")
    if os.path.isdir(include_dir):
        for stale in sorted(set(os.listdir(include_dir)) - bld.exposed_headers):
            os.remove(os.path.join(include_dir, stale))
    bld.program(
        target="bin/netblt-test-runner",
        source=["utils/test-runner.cc"],
        use=["NS3"] + bld.env.TEST_LIBRARIES,
        includes=[bld.bldnode.make_node("include").abspath()],
        # The runner calls nothing in the test libraries: their suites register themselves
        # when loaded, so the linker must keep them although no symbol of theirs is used.
        linkflags=["-Wl,--no-as-needed"],
        rpath=[bld.bldnode.make_node("lib").abspath(), bld.bldnode.make_node(TEST_LIBRARY_DIR).abspath()],
        install_path=None,
    )
