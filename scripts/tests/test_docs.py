# SPDX-License-Identifier: GPL-2.0-only
"""The documentation's sources: every module's doc is a Sphinx page of src/<module>/doc/ (no
Markdown beside it), in the outline of ns-3's module docs, and doc/index.rst lists every page.
`scripts/docs` builds them (`scripts/test` runs it with warnings as errors)."""

from __future__ import annotations

import re

from conftest import REPO_ROOT

MODULE_DOCS = sorted((REPO_ROOT / "src").glob("*/doc/*.rst"))
# ns-3's outline (utils/create-module.py of ns-3.44): the sections every module's own doc has.
OUTLINE = ("Model Description", "Design", "Scope and Limitations", "References", "Usage",
           "Validation")  # fmt: skip

def headings(text: str) -> list[str]:
    """The section titles of a page, in order."""
    return [match.group(1) for match in
            re.finditer(r"^(\S.*)\n([-*=+~])\2{2,}$", text, re.MULTILINE)]  # fmt: skip

def test_every_module_doc_is_a_sphinx_page_and_no_markdown_is_left() -> None:
    modules = sorted(path.name for path in (REPO_ROOT / "src").iterdir() if path.is_dir())
    assert {path.parts[-3] for path in MODULE_DOCS} == set(modules), "a module without a doc"
    markdown = sorted((REPO_ROOT / "src").glob("*/doc/*.md"))
    assert markdown == [], f"Markdown module docs: {markdown}"
    names = [path.stem for path in MODULE_DOCS]
    assert len(names) == len(set(names)), "two module docs share a name (one folder in the build)"

def test_each_module_doc_follows_ns3s_outline() -> None:
    for path in MODULE_DOCS:
        text = path.read_text(encoding="utf-8")
        assert text.startswith((".. include:: replace.txt\n", ".. SPDX")), path
        assert ".. include:: replace.txt\n.. highlight:: cpp\n" in text, path
        if path.stem != path.parts[-3]:
            continue  # a chapter of its own beside the module's doc (the wire format, ...)
        found = headings(text)
        positions = [found.index(title) for title in OUTLINE if title in found]
        assert len(positions) == len(OUTLINE), f"{path}: lacks {set(OUTLINE) - set(found)}"
        assert positions == sorted(positions), f"{path}: the outline's sections out of order"

def test_the_index_lists_every_page() -> None:
    index = (REPO_ROOT / "doc" / "index.rst").read_text(encoding="utf-8")
    entries = set(re.findall(r"^   (\S+)$", index, re.MULTILINE))
    pages = {path.stem for path in MODULE_DOCS} | {
        path.relative_to(REPO_ROOT / "doc").with_suffix("").as_posix()
        for path in (REPO_ROOT / "doc").glob("python/*.rst")
    }
    assert pages <= entries, f"pages missing from doc/index.rst: {sorted(pages - entries)}"
