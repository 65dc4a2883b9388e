# SPDX-License-Identifier: GPL-2.0-only
"""The CMake files can't drift from the waf build: for every module, the sources, headers, tests,
examples and project-module dependencies that its wscript builds (its globs evaluated here, as
waf would) are exactly those its CMakeLists.txt and examples/CMakeLists.txt name; every ns-3
module they link is one the top-level wscript links; every example has a run in
test/examples-to-run.py. The CMake files are read simply (calls and their whitespace-separated
arguments), which is all ns-3's build_lib style needs.

When a module is added, split or renamed, this test says what to change: the wscript and the
CMake lists must say the same."""

from __future__ import annotations

import ast
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"


def _top_wscript_list(name: str) -> list[str]:
    """A list of strings assigned at the top of the top-level wscript (PROJECT_MODULES...)."""
    tree = ast.parse((ROOT / "wscript").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            assert isinstance(value, list)
            return [str(v) for v in value]
    raise AssertionError(f"wscript assigns no {name}")


PROJECT_MODULES = _top_wscript_list("PROJECT_MODULES")
NS3_STOCK_MODULES = _top_wscript_list("NS3_STOCK_MODULES")


# --- the wscripts, evaluated with a stand-in for waf's build context ---


@dataclass(frozen=True)
class _Node:
    """What a module's wscript sees of a file: a waf node's name."""

    path: Path

    @property
    def name(self) -> str:
        return self.path.name


class _ModuleDir:
    """bld.path of a module's wscript: ant_glob as waf's (space-separated patterns, relative to
    the module's folder, files only, ** for any depth)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def ant_glob(self, patterns: str, excl: str = "", **_: Any) -> list[_Node]:
        excluded = {p for pattern in excl.split() for p in self.directory.glob(pattern)}
        found = {
            p
            for pattern in patterns.split()
            for p in self.directory.glob(pattern)
            if p.is_file() and p not in excluded
        }
        return [_Node(p) for p in sorted(found)]


# ns3_module's keywords in the top-level wscript, each with its default. A keyword not listed
# fails the test: what it means for CMake must be decided here first.
_NS3_MODULE_KEYWORDS = {
    "deps": (),
    "headers": (),
    "sources": (),
    "tests": (),
    "test_deps": (),
    "examples": (),
    "example_uses": None,
}


@dataclass
class WafModule:
    name: str
    directory: Path
    deps: list[str]
    headers: list[str]
    sources: list[str]
    tests: list[str]
    test_deps: list[str]
    examples: list[str]  # file names relative to the module's folder
    example_uses: dict[str, list[str]] = field(default_factory=dict)

    def uses_of(self, example: str) -> list[str]:
        """The project modules waf links an example program to."""
        return self.example_uses.get(example, [self.name])


class _BuildContext:
    def __init__(self, directory: Path) -> None:
        self.path = _ModuleDir(directory)
        self.modules: list[WafModule] = []

    def ns3_module(self, name: str, **keywords: Any) -> None:
        unknown = set(keywords) - set(_NS3_MODULE_KEYWORDS)
        assert not unknown, f"test_cmake_lists.py does not know ns3_module's {sorted(unknown)}"
        given = {**_NS3_MODULE_KEYWORDS, **keywords}
        directory = self.path.directory

        def files(nodes: Any) -> list[str]:
            return sorted(str(node.path.relative_to(directory)) for node in nodes)

        self.modules.append(
            WafModule(
                name=name,
                directory=directory,
                deps=list(given["deps"]),
                headers=files(given["headers"]),
                sources=files(given["sources"]),
                tests=files(given["tests"]),
                test_deps=list(given["test_deps"]),
                examples=files(given["examples"]),
                example_uses=dict(given["example_uses"] or {}),
            )
        )


def waf_module(directory: Path) -> WafModule:
    """What the module's wscript declares, its globs evaluated in `directory`."""
    scope: dict[str, Any] = {}
    wscript = directory / "wscript"
    exec(compile(wscript.read_text(encoding="utf-8"), str(wscript), "exec"), scope)
    context = _BuildContext(directory)
    scope["build"](context)
    assert len(context.modules) == 1, f"{wscript} declares {len(context.modules)} modules"
    return context.modules[0]


# --- the CMake files, read simply ---


def cmake_calls(text: str) -> list[tuple[str, list[str]]]:
    """Each command of a CMake file with its arguments split on whitespace (comments dropped;
    a quoted argument is kept whole, without its quotes)."""
    text = re.sub(r'#[^\n"]*(?=\n|$)', "", text)
    calls = []
    for match in re.finditer(r"(\w+)\s*\(", text):
        depth, position = 1, match.end()
        while depth:
            depth += {"(": 1, ")": -1}.get(text[position], 0)
            position += 1
        body = text[match.end() : position - 1]
        arguments = [a or b for a, b in re.findall(r'"([^"]*)"|(\S+)', body)]
        calls.append((match.group(1), arguments))
    return calls


def keyword_lists(arguments: list[str], keywords: set[str]) -> dict[str, list[str]]:
    """ns-3's cmake_parse_arguments: each keyword's values, up to the next keyword."""
    lists: dict[str, list[str]] = {}
    current = None
    for argument in arguments:
        if argument in keywords:
            current = argument
            lists.setdefault(current, [])
        else:
            assert current is not None, f"argument {argument} before any keyword"
            lists[current].append(argument)
    return lists


BUILD_LIB_KEYWORDS = {
    "LIBNAME", "SOURCE_FILES", "HEADER_FILES", "LIBRARIES_TO_LINK", "TEST_SOURCES",
    "DEPRECATED_HEADER_FILES", "PRIVATE_HEADER_FILES", "MODULE_ENABLED_FEATURES",
    "IGNORE_PCH", "GENERATE_EXPORT_HEADER",
}  # fmt: skip
EXAMPLE_KEYWORDS = {"NAME", "SOURCE_FILES", "HEADER_FILES", "LIBRARIES_TO_LINK", "IGNORE_PCH"}


def linked_modules(libraries: list[str]) -> list[str]:
    """The modules of a LIBRARIES_TO_LINK list, which names each as ${lib<module>}."""
    modules = []
    for library in libraries:
        match = re.fullmatch(r"\$\{lib([A-Za-z0-9_.+-]+)\}", library)
        assert match, f"{library}: name ns-3 and project modules as ${{lib<module>}}"
        modules.append(match.group(1))
    return modules


@dataclass
class CMakeExample:
    name: str
    sources: list[str]
    headers: list[str]
    links: list[str]


@dataclass
class CMakeModule:
    name: str
    sources: list[str]
    headers: list[str]
    tests: list[str]
    links: list[str]
    test_links: list[str]  # modules whose test libraries the test library links
    test_includes: list[str]  # folders the test library includes, relative to the module
    examples: list[CMakeExample]


def cmake_module(directory: Path) -> CMakeModule:
    calls = cmake_calls((directory / "CMakeLists.txt").read_text(encoding="utf-8"))
    build_libs = [arguments for name, arguments in calls if name == "build_lib"]
    assert len(build_libs) == 1, f"{directory}/CMakeLists.txt: {len(build_libs)} build_lib calls"
    lists = keyword_lists(build_libs[0], BUILD_LIB_KEYWORDS)
    [name] = lists["LIBNAME"]
    # The test library's target as ns-3 names it (lib<module>-test), through its variable.
    test_target = f"${{lib{name}}}-test"
    test_links, test_includes = [], []
    for command, arguments in calls:
        if command == "target_link_libraries" and arguments[:1] == [test_target]:
            for library in arguments[1:]:
                match = re.fullmatch(r"\$\{lib([A-Za-z0-9_.+-]+)\}-test", library)
                assert match, f"{test_target} links {library}: name it ${{lib<module>}}-test"
                test_links.append(match.group(1))
        if command == "target_include_directories" and arguments[:1] == [test_target]:
            test_includes += [
                a.replace("${CMAKE_CURRENT_SOURCE_DIR}/", "")
                for a in arguments[1:]
                if a not in ("PRIVATE", "PUBLIC", "INTERFACE")
            ]
    examples = []
    examples_file = directory / "examples" / "CMakeLists.txt"
    if examples_file.exists():
        for command, arguments in cmake_calls(examples_file.read_text(encoding="utf-8")):
            if command != "build_lib_example":
                continue
            example = keyword_lists(arguments, EXAMPLE_KEYWORDS)
            [example_name] = example["NAME"]
            examples.append(
                CMakeExample(
                    name=example_name,
                    sources=example.get("SOURCE_FILES", []),
                    headers=example.get("HEADER_FILES", []),
                    links=linked_modules(example.get("LIBRARIES_TO_LINK", [])),
                )
            )
    return CMakeModule(
        name=name,
        sources=lists.get("SOURCE_FILES", []),
        headers=lists.get("HEADER_FILES", []),
        tests=lists.get("TEST_SOURCES", []),
        links=linked_modules(lists.get("LIBRARIES_TO_LINK", [])),
        test_links=test_links,
        test_includes=test_includes,
        examples=examples,
    )


# The do_run conditions an example may have: always, or (a Python example) wherever ns-3's
# bindings can load the modules (src/netblt/doc/ns3-cmake.rst, Compatibility).
RUN_CONDITIONS = ("True", "VERSION not in ('3.44', '3.45')")


def examples_to_run(directory: Path, kind: str = "cpp_examples") -> list[tuple[str, ...]]:
    """`kind` (cpp_examples or python_examples) of the module's test/examples-to-run.py (ns-3's
    format: tuples of the name and arguments, do_run, for C++ do_valgrind_run and, since
    ns-3.44, an optional fullness)."""
    scope: dict[str, Any] = {}
    path = directory / "test" / "examples-to-run.py"
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), scope)
    return [tuple(entry) for entry in scope[kind]]


def examples_to_run_as_ns3_reads_them(
    directory: Path, kind: str = "cpp_examples"
) -> list[tuple[str, ...]]:
    """`kind` as ns-3's test.py reads it (utils.py's get_list_from_file): line by line,
    comments cut at '#', from the line naming the list to the first line with ']', then eval. A
    file that Python reads one way and test.py another would run other examples there."""
    text = ""
    parsing = False
    for line in (directory / "test" / "examples-to-run.py").read_text(encoding="utf-8").split("\n"):
        line = line.split("#", 1)[0]
        if kind in line or parsing:
            text += line + "\n"
            if "]" not in text:
                parsing = True
            else:
                return [tuple(entry) for entry in eval(text.split("=", 1)[1].strip())]
    return []


# --- the comparison ---


def differences(directory: Path) -> list[str]:
    """Every way in which the module's CMake files differ from what its wscript builds."""
    waf = waf_module(directory)
    cmake = cmake_module(directory)
    found = []

    def compare(what: str, in_waf: list[str], in_cmake: list[str]) -> None:
        if sorted(in_waf) != sorted(in_cmake):
            only_waf = sorted(set(in_waf) - set(in_cmake))
            only_cmake = sorted(set(in_cmake) - set(in_waf))
            repeated = sorted({x for x in in_cmake if in_cmake.count(x) > 1})
            found.append(
                f"{waf.name} {what}: wscript only {only_waf}, CMake only {only_cmake}"
                + (f", repeated in CMake {repeated}" if repeated else "")
            )

    if cmake.name != directory.name or waf.name != directory.name:
        found.append(f"{directory.name}: LIBNAME {cmake.name}, wscript {waf.name}")
    compare("sources", waf.sources, cmake.sources)
    compare("headers", waf.headers, cmake.headers)
    compare("tests", waf.tests, cmake.tests)
    compare("project modules linked", waf.deps, [m for m in cmake.links if m in PROJECT_MODULES])
    stray = [m for m in cmake.links if m not in PROJECT_MODULES + NS3_STOCK_MODULES]
    if stray:
        found.append(
            f"{waf.name} links {stray}: neither a project module nor in the wscript's "
            f"NS3_STOCK_MODULES {NS3_STOCK_MODULES}"
        )
    compare("test libraries linked", waf.test_deps, cmake.test_links)
    compare("test include folders", [f"../{d}/test" for d in waf.test_deps], cmake.test_includes)

    # Examples: one build_lib_example per examples/*.cc the wscript builds, named by it. ns-3's
    # build_lib_example links the module itself; LIBRARIES_TO_LINK names the other project
    # modules the wscript links the example to (example_uses), and stock modules.
    compare(
        "examples",
        waf.examples,
        [f"examples/{source}" for example in cmake.examples for source in example.sources],
    )
    for example in cmake.examples:
        if example.sources != [f"{example.name}.cc"]:
            found.append(f"{waf.name} example {example.name}: SOURCE_FILES {example.sources}")
        for header in example.headers:
            if not (directory / "examples" / header).is_file():
                found.append(f"{waf.name} example {example.name}: no examples/{header}")
        wanted = [m for m in waf.uses_of(example.name) if m != waf.name]
        compare(
            f"example {example.name} project modules linked",
            wanted,
            [m for m in example.links if m in PROJECT_MODULES],
        )
        stray = [m for m in example.links if m not in PROJECT_MODULES + NS3_STOCK_MODULES]
        if stray:
            found.append(f"{waf.name} example {example.name} links unknown modules {stray}")
    listed_headers = {header for example in cmake.examples for header in example.headers}
    for header in sorted((directory / "examples").glob("*.h")):
        if header.name not in listed_headers:
            found.append(f"{waf.name}: examples/{header.name} is in no HEADER_FILES")

    # Every example runs in examples-to-run.py (ns-3's test.py and scripts/test run them).
    run_file = directory / "test" / "examples-to-run.py"
    names = {example.name for example in cmake.examples}
    if names and not run_file.exists():
        found.append(f"{waf.name}: examples but no test/examples-to-run.py")
    if run_file.exists():
        python_names = {path.name for path in (directory / "examples").glob("*.py")}
        for kind, wanted_names in (("cpp_examples", names), ("python_examples", python_names)):
            runs = examples_to_run(directory, kind)
            if examples_to_run_as_ns3_reads_them(directory, kind) != runs:
                found.append(
                    f"{waf.name} examples-to-run.py: ns-3's test.py would read {kind} otherwise"
                )
            run_names = {entry[0].split()[0] for entry in runs}
            if run_names != wanted_names:
                found.append(
                    f"{waf.name} examples-to-run.py: {kind} runs {sorted(run_names)}, "
                    f"examples {sorted(wanted_names)}"
                )
            not_run = [entry[0] for entry in runs if entry[1] not in RUN_CONDITIONS]
            if not_run:
                found.append(f"{waf.name} examples-to-run.py: not run: {not_run}")
    return found


def _module_dirs(kind: str) -> set[str]:
    return {path.parent.name for path in SRC.glob(f"*/{kind}")}


def test_every_module_has_a_wscript_and_a_cmakelists() -> None:
    assert _module_dirs("wscript") == _module_dirs("CMakeLists.txt")
    assert _module_dirs("wscript") == set(PROJECT_MODULES)


@pytest.mark.parametrize("module", sorted(_module_dirs("wscript") | _module_dirs("CMakeLists.txt")))
def test_cmake_lists_name_what_the_wscript_builds(module: str) -> None:
    assert differences(SRC / module) == []


def test_no_example_shares_a_name_with_a_module() -> None:
    """In an ns-3 tree a module's library target bears the module's name and each example's
    target its own, so an example named after a module stops ns-3's configure ("cannot create
    target ... another target with the same name already exists"), as the soak program named
    netblt-soak did once."""
    modules = [cmake_module(SRC / name) for name in sorted(_module_dirs("CMakeLists.txt"))]
    names = {module.name for module in modules}
    clashing = [example.name for module in modules for example in module.examples
                if example.name in names]  # fmt: skip
    assert clashing == []


def test_a_file_missing_from_a_cmake_list_is_caught(tmp_path: Path) -> None:
    """The comparison itself: a module copied, then a source and a dependency dropped from its
    CMakeLists.txt and an example added for waf only, is reported on each count."""
    copy = tmp_path / "netblt-experiment"
    shutil.copytree(SRC / "netblt-experiment", copy)
    lists = copy / "CMakeLists.txt"
    text = lists.read_text(encoding="utf-8")
    text = text.replace("    model/netblt-time-sequence.cc\n", "").replace("    ${libbsd-tcp}\n", "")
    lists.write_text(text, encoding="utf-8")
    (copy / "examples" / "new-example.cc").write_text("int main() {}\n", encoding="utf-8")
    found = "\n".join(differences(copy))
    assert "sources: wscript only ['model/netblt-time-sequence.cc']" in found
    assert "project modules linked: wscript only ['bsd-tcp']" in found
    assert "examples: wscript only ['examples/new-example.cc']" in found
