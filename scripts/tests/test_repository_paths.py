# SPDX-License-Identifier: GPL-2.0-only
"""The repository stands alone: every file that the scenario files, the models and the docs
name is in it, and no tracked file names a place outside it (a user's clone has nothing beside
it). Texts of others are cited, not carried."""

from __future__ import annotations

import posixpath
import re
import subprocess
from pathlib import Path

import pytest
from conftest import REPO_ROOT

# A path-like word: folders and a file name with an extension, optionally after ./ or ../.
PATH_WORD = re.compile(
    r"(?<![\w/.:@~$<*-])((?:\.{1,2}/)*(?:[\w+-][\w.+-]*/)+[\w+-][\w.+-]*\.[A-Za-z][A-Za-z0-9]{0,7})"
    r"(?![\w/*>-])"
)
# A relative Markdown link's target (URLs, anchors and mail addresses are not files).
MARKDOWN_LINK = re.compile(r"\]\((?!https?://|mailto:|#)([^)\s]+)\)")
# A reStructuredText link's target, `text <target>`_ (URLs and mail addresses are not files).
RST_LINK = re.compile(r"`[^`<]*<(?!https?://|mailto:)([^>\s]+)>`_")
# A :doc: reference of a page of the documentation (Sphinx's `scripts/docs` lays the module docs
# and doc/ out in one folder, as ns-3 does): its target is a page's name, not a path.
RST_DOC_REFERENCE = re.compile(r":doc:`(?:[^`<]*<)?([^`<>]+?)>?`")
# Path-like words that are not files of this repository, each with why: include names, the
# files a build or a run makes, an ns-3 tree's layout, and the cited source of MIT's PC/IP
# (github.com/neozeed/cmu-pcip), which the models name by its own paths.
NOT_REPOSITORY_FILES: dict[str, str] = {
    "ns3/": "an include name (#include \"ns3/...\")",
    "build/": "what the waf build writes",
    "build-cmake/": "what the CMake build writes",
    ".venv/": "what scripts/setup installs",
    ".cache/": "the result store and caches, written by runs",
    "lib/": "a build's library folder",
    "bin/": "a build's program folder",
    "include/ns3/": "a build's header folder",
    "contrib/": "an ns-3 tree's folder for contributed modules",
    "scratch/": "an ns-3 tree's folder for the user's programs",
    "cmake-cache/": "an ns-3 tree's CMake folder",
    "srclib/": "MIT PC/IP's source (neozeed/cmu-pcip)",
    "conf/": "MIT PC/IP's source (neozeed/cmu-pcip)",
    "include/netbuf.h": "MIT PC/IP's source (neozeed/cmu-pcip)",
    "internet/": "an ns-3 module's source, named as ns-3 lays it out",
    "core/": "an ns-3 module's source, named as ns-3 lays it out",
    "network/": "an ns-3 module's source, named as ns-3 lays it out",
    "build-support/": "an ns-3 tree's build files",
    "bindings/": "an ns-3 tree's Python bindings",
    "sys/": "4.3BSD's kernel source, as cited",
}

def tracked_files() -> list[str]:
    """The repository's files: those git tracks, and those added but not yet committed."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=REPO_ROOT, capture_output=True, text=True, check=True,
    ).stdout
    return [name for name in listed.split() if (REPO_ROOT / name).exists()]

def documents() -> list[str]:
    """The files whose named paths a reader follows: scenario files, models, every Markdown
    document (the generated reports of results/ too) and every reStructuredText page (the module
    docs, doc/)."""
    return [
        name
        for name in tracked_files()
        if name.endswith((".md", ".rst"))
        or (name.startswith(("scenarios/", "models/")) and name.endswith(".json"))
    ]

def named_paths(text: str, markdown: bool, rst: bool = False) -> list[str]:
    words = [match.group(1) for match in PATH_WORD.finditer(text)]
    if markdown:
        words += [match.group(1).split("#")[0] for match in MARKDOWN_LINK.finditer(text)]
    if rst:
        words += [match.group(1) for match in RST_LINK.finditer(text)]
    return [word for word in words if word]

def documentation_page(document: str, target: str) -> str:
    """The page a :doc: reference of `document` names: from the documentation's top when it
    starts with /, else from the folder `document` lies in there (a module doc at the top)."""
    if target.startswith("/"):
        return target.removeprefix("/")
    folder = posixpath.dirname(document.removeprefix("doc/")) if document.startswith("doc/") else ""
    return posixpath.normpath(posixpath.join(folder, target))

def documentation_pages(files: frozenset[str]) -> frozenset[str]:
    """The names that a :doc: reference takes: every page of doc/ by its path there, without
    .rst, and every module doc by its file name alone."""
    pages = set()
    for name in files:
        if name.startswith("doc/") and name.endswith(".rst") and not name.startswith("doc/_"):
            pages.add(name.removeprefix("doc/").removesuffix(".rst"))
        elif re.fullmatch(r"src/[^/]+/doc/[^/]+\.rst", name):
            pages.add(name.rsplit("/", 1)[1].removesuffix(".rst"))
    return frozenset(pages)

def unresolved(document: str, word: str, files: frozenset[str]) -> str | None:
    """Why `word`, named in `document`, is not a file of the repository, or None if it is one
    (or is not meant as one). A word with ../ or ./ is followed from the document's folder and
    must stay inside the repository; any other names a tracked file by its path from the top or
    by its last folders (`doc/netblt.rst` in the row of `src/netblt/`)."""
    if word.startswith(("./", "../")):
        repository = REPO_ROOT.resolve()
        target = ((REPO_ROOT / document).parent / word).resolve()
        if repository in target.parents and target.exists():
            return None
        return f"{document}: names {word!r}, which leads to {target}, not into the repository"
    if word.startswith(tuple(NOT_REPOSITORY_FILES)) or word in files:
        return None
    if any(name.endswith("/" + word) for name in files):
        return None
    if word.endswith("/") and any(name.startswith(word) or f"/{word}" in name for name in files):
        return None  # a folder that holds tracked files (results/README.md links each one)
    return f"{document}: names {word!r}, which is not a file of the repository"

def test_every_path_that_scenarios_models_and_docs_name_is_in_the_repository() -> None:
    problems = []
    files = frozenset(tracked_files())
    pages = documentation_pages(files)
    for document in documents():
        text = (REPO_ROOT / document).read_text(encoding="utf-8")
        rst = document.endswith(".rst")
        for word in named_paths(text, markdown=document.endswith(".md"), rst=rst):
            if (problem := unresolved(document, word, files)) is not None:
                problems.append(problem)
        if rst:
            problems += [f"{document}: :doc: names {match.group(1)!r}, which is no page of the "
                         "documentation" for match in RST_DOC_REFERENCE.finditer(text)
                         if documentation_page(document, match.group(1).strip()) not in pages]
    assert not problems, "\n".join(sorted(set(problems)))

def test_no_tracked_file_names_a_place_beside_the_repository() -> None:
    """A relative path leading out of the repository (one that names nothing inside it, read
    from the file's folder or from the repository's root), or a path of this machine's home or
    work folders: a user's clone has neither."""
    climbing = re.compile(r"(?<![\w./])(?:\.\./)+[\w.-]+(?:/[\w.-]+)*")
    absolute = re.compile(r"/work/|/home/[a-z]")
    root = REPO_ROOT.resolve()
    offenders = []
    this_test = Path(__file__).resolve().relative_to(root).as_posix()
    for name in set(tracked_files()) - {this_test}:  # the test names what it looks for
        path = REPO_ROOT / name
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue  # images, and files deleted but not yet committed
        offenders += [f"{name}: {match.group(0)!r}" for match in absolute.finditer(text)]
        for match in climbing.finditer(text):
            named = match.group(0).rstrip(".")  # a sentence's full stop
            targets = [(base / named).resolve() for base in (path.parent, root)]
            if not any(t.is_relative_to(root) and t.exists() for t in targets):
                offenders.append(f"{name}: {match.group(0)!r}")
    assert not offenders, "\n".join(offenders)

def test_no_copy_of_an_rfc_is_carried() -> None:
    """An RFC is cited by number, section and the RFC Editor's URL, never copied in."""
    copies = []
    for name in tracked_files():
        path = REPO_ROOT / name
        if not path.is_file() or path.suffix not in {".txt", ".md", ".rst", ""}:
            continue
        head = path.read_text(encoding="utf-8", errors="replace")[:2000]
        if re.search(r"^Request for Comments:\s*\d+", head, re.M):
            copies.append(name)
    assert not copies, f"copies of RFCs: {copies}"

@pytest.mark.parametrize(
    ("word", "problem"),
    [
        ("../beside/data/rfc1030-tables.csv", True),
        ("reference/seeds/tcp-ip-performance-query-1988.txt", True),
        ("data/rfc1030-tables.csv", False),
        ("ns3/netblt-helper.h", False),
    ],
)
def test_the_check_tells_a_file_outside_from_one_inside(word: str, problem: bool) -> None:
    files = frozenset(tracked_files())
    assert (unresolved("scenarios/table-II.json", word, files) is not None) == problem
