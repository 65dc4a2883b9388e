# SPDX-License-Identifier: GPL-2.0-only
"""Sphinx configuration of the project's documentation (`scripts/docs` builds it).

The sources are laid out as ns-3 lays out its model library (doc/models): `scripts/docs` copies
this folder and every module's `src/<module>/doc/*.rst` into one flat source folder under
`build/docs/`, beside `replace.txt`, so that a module doc includes `replace.txt` and names the
others by their file names (a :doc: reference of `validation`), as it would in ns-3's own tree;
Sphinx reads this configuration from doc/ (`-c`). The Python package's reference is generated from
its docstrings (autodoc, autosummary) into that folder too: nothing generated is written into the
repository.
"""

from __future__ import annotations

import importlib
import inspect
import sys
from pathlib import Path

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

ROOT = Path(__file__).resolve().parent.parent
VERSION = (ROOT / "VERSION").read_text(encoding="utf-8").strip()

project = "NETBLT on ns-3"
author = "the NETBLT on ns-3 project"
copyright = "the NETBLT on ns-3 project; GPL-2.0-only"  # noqa: A001 - Sphinx's name
version = release = VERSION

extensions = ["sphinx.ext.autodoc", "sphinx.ext.autosummary"]
root_doc = "index"
exclude_patterns = ["_build", "replace.txt"]
# The docstrings write names and code in single backticks: Python objects, linked where they
# resolve, code otherwise.
default_role = "py:obj"
# Module docs set `.. highlight:: cpp` as ns-3's do; every other block names its language.
highlight_language = "text"

# The reference: every module of the package (autosummary's recursive tables over the
# sub-packages, with its default templates: each module a page with the tables of its functions
# and classes, then every member documented), as the package imports them. Importing
# the package loads no ns-3 (it is loaded by the first simulation): `scripts/docs` fails if the
# build did.
autosummary_generate = True
autosummary_imported_members = False
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
add_module_names = False
# A signature whose annotations cannot all be evaluated (a name imported under TYPE_CHECKING)
# keeps them as text, and a class name that several modules define (`Case`, `RunResult`) is then
# ambiguous: Sphinx links the first and warns. Not being nitpicky, the Python domain warns of
# nothing else.
suppress_warnings = ["ref.python"]

html_theme = "furo"
html_title = f"NETBLT on ns-3 {VERSION}"
html_show_sourcelink = False

def _check_ns3_not_loaded(app: Sphinx, exception: BaseException | None) -> None:
    """Importing the package for its reference must not load ns-3 (`core.runtime.load`) nor
    import cppyy or the wheel's `ns`: the package loads them for its first simulation only."""
    runtime = sys.modules.get("netblt_sim.core.runtime")
    loaded = [name for name in ("cppyy", "libcppyy", "ns") if name in sys.modules]
    if runtime is not None and getattr(runtime, "_loaded_ns", None) is not None:
        loaded.append("netblt_sim.core.runtime.load()")
    if exception is None and loaded:
        raise RuntimeError(f"building the reference loaded ns-3: {', '.join(loaded)}")

class PublicApi(SphinxDirective):
    """`.. public-api:: package`: the names of the package's `__all__`, each a link to where it
    is defined, with the first line of its docstring."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        package = importlib.import_module(self.arguments[0])
        lines = []
        for name in package.__all__:
            obj = getattr(package, name)
            summary = (inspect.getdoc(obj) or "").split("\n\n", 1)[0].replace("\n", " ")
            target = f"{obj.__module__}.{obj.__qualname__}"
            lines.append(f"- :py:obj:`{name} <{target}>`: {summary}")
        container = nodes.container()
        self.state.nested_parse(StringList(lines, source=self.arguments[0]), self.content_offset,
                                container)
        return container.children

def setup(app: Sphinx) -> None:
    app.add_directive("public-api", PublicApi)
    app.connect("build-finished", _check_ns3_not_loaded)
