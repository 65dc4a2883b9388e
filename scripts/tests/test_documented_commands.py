# SPDX-License-Identifier: GPL-2.0-only
"""Every shell command and Python snippet the documentation shows works as written.

The code blocks are found in README.md, every other README.md and every page of the docs
(doc/**/*.rst, src/*/doc/*.rst): Markdown's ```sh, ```console and ```python fences, and
reStructuredText's `.. code-block:: sh|console|python` and `::` literal blocks (in the language
of the page's `.. highlight::`). A block whose comment just before it names the test that runs
it (test_readme.py's marked examples, test_cmake_outside.py's program) is left to that test.

Each shell command runs from the repository root and each Python snippet as a file of its own,
in a fresh process, and must exit 0; paths under /tmp/ are given a temporary folder instead
(one for all the commands, in document order).
What cannot run in a test as written is listed below, each with why (`PARSE_ONLY`,
`PYTHON_PARSE_ONLY`): its program must exist and the package's programs must accept its
arguments (their own parsers), and a snippet must compile and its imports be found.
"""

from __future__ import annotations

import ast
import argparse
import importlib.util
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import REPO_ROOT

DOCUMENTS: list[Path] = sorted(
    {*REPO_ROOT.glob("**/README.md"), *REPO_ROOT.glob("doc/**/*.rst"),
     *REPO_ROOT.glob("src/*/doc/*.rst")} - {*REPO_ROOT.glob(".venv/**/*"),
                                            *REPO_ROOT.glob("build*/**/*")}
)  # fmt: skip
SHELL = ("sh", "bash", "shell", "console")
PYTHON = ("python", "py")
# A comment just before a block naming the test that runs it.
RUN_ELSEWHERE = re.compile(r"(?:executed|built and run) by (scripts/tests/\w+\.py)")

# Shell commands that are not run here, by a pattern of their text, and why. Each is still
# checked: its program exists, and a program of the package parses its arguments.
PARSE_ONLY: dict[str, str] = {
    r"^scripts/reproduce\b": "runs scripts/setup (a build) first, then about half an hour",
    r"^scripts/test\b": "the whole test suite, this test among it",
    r"^scripts/setup\b": "the set-up and the waf build",
    r"^scripts/docs\b": "a Sphinx build of a minute; scripts/test runs it with -W",
    r"^scripts/cmake-build\b|^\.venv/bin/cmake\b": "the CMake build, minutes; scripts/test runs it",
    r"^scripts/soak\b|^scripts/bench": "soaks and benchmarks of minutes to hours",
    r"^scripts/notebook\b": "starts a JupyterLab server; `scripts/notebook --check` runs instead",
    r"/path/to/": "needs an ns-3 source tree (scripts/ns3-tree-check checks one)",
    r"^NETBLT_SIM_BUILD=build-cmake\b": "needs build-cmake/, which scripts/cmake-build makes",
}
# Commands of an ns-3 source tree or of a program of your own outside this repository: no
# program of it to check (test_cmake_outside.py builds such a program).
OUTSIDE_THE_REPOSITORY: dict[str, str] = {
    r"^\./ns3 |^\./test\.py|^M=": "run in an ns-3 source tree",
    r"^wheel=|^cmake ": "your own CMake program's folder (test_cmake_outside.py builds one)",
}
# Python snippets not run here, by a fragment of their text, and why.
PYTHON_PARSE_ONLY: dict[str, str] = {
    "tcp://scheduler.example:8786": "needs a Dask cluster of your own",
    'jobqueue_cluster("slurm"': "needs a SLURM cluster",
    'store="ethernet-sweep.sqlite"': "112 transfers of 1438 kB on 2 workers, minutes",
    "build-cmake/lib": "needs build-cmake/, which scripts/cmake-build makes",
    "from ns import ns\nhelper = ns.NetbltHelper()": "needs an ns-3.46+ tree's Python bindings",
}
COMMAND_TIMEOUT_S = 600


@dataclass(frozen=True)
class Block:
    path: Path
    line: int  # of the block's first line of code
    language: str  # "shell" or "python"
    code: str
    run_by: str | None  # the test that runs it instead

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(REPO_ROOT)}:{self.line}"


def _kind(language: str) -> str | None:
    language = language.lower()
    return "shell" if language in SHELL else "python" if language in PYTHON else None


def markdown_blocks(path: Path) -> list[Block]:
    text = path.read_text(encoding="utf-8")
    blocks = []
    for match in re.finditer(r"^```(\w*)[^\n]*\n(.*?)^```", text, re.M | re.S):
        kind = _kind(match.group(1))
        if kind is None:
            continue
        before = text[:match.start()].rstrip().rsplit("\n", 1)[-1]
        run_by = RUN_ELSEWHERE.search(before) if before.startswith("<!--") else None
        line = text.count("\n", 0, match.start(2)) + 1
        blocks.append(Block(path, line, kind, match.group(2), run_by and run_by.group(1)))
    return blocks


def rst_blocks(path: Path) -> list[Block]:
    lines = path.read_text(encoding="utf-8").split("\n")
    blocks, highlight, previous = [], "", ""
    for number, line in enumerate(lines):
        stripped = line.strip()
        language = None
        if found := re.match(r"\.\. highlight:: (\w+)", stripped):
            highlight = found.group(1)
        elif found := re.match(r"\.\. code-block:: (\w+)", stripped):
            language = found.group(1)
        elif stripped.endswith("::") and not stripped.startswith(".."):
            language = highlight  # a literal block
        if language is not None and _kind(language) is not None:
            indent = len(line) - len(line.lstrip())
            body, index = [], number + 1
            while index < len(lines) and (not lines[index].strip() or
                                          len(lines[index]) - len(lines[index].lstrip()) > indent):
                body.append(lines[index])
                index += 1
            first = next(i for i in range(number + 1, index) if lines[i].strip())
            code_lines = [text for text in body if text.strip()]
            margin = min(len(text) - len(text.lstrip()) for text in code_lines)
            code = "\n".join(text[margin:] for text in body).strip("\n") + "\n"
            run_by = RUN_ELSEWHERE.search(previous) if previous.startswith("..") else None
            blocks.append(Block(path, first + 1, _kind(language) or "", code,
                                run_by and run_by.group(1)))  # fmt: skip
        if stripped:
            previous = stripped
    return blocks


def documented_blocks() -> list[Block]:
    return [block for path in DOCUMENTS
            for block in (markdown_blocks(path) if path.suffix == ".md" else rst_blocks(path))]


def shell_commands(block: Block) -> list[str]:
    """The block's commands, one per complete shell statement (a loop spans its lines); a
    console block's are its "$ " lines."""
    lines = block.code.replace("\\\n", " ").split("\n")
    if block.path.suffix == ".md" and "$ " in block.code:
        lines = [line[2:] for line in lines if line.startswith("$ ")]
    commands, pending = [], ""
    for line in lines:
        if not line.strip() or (not pending and line.lstrip().startswith("#")):
            continue
        pending = f"{pending}\n{line}" if pending else line
        if subprocess.run(["bash", "-n", "-c", pending], capture_output=True).returncode == 0:
            commands.append(pending)
            pending = ""
    assert not pending, f"{block.where}: an incomplete shell command: {pending}"
    return commands


BLOCKS = documented_blocks()
COMMANDS = [(block, command) for block in BLOCKS if block.language == "shell" and not block.run_by
            for command in shell_commands(block)]  # fmt: skip
SNIPPETS = [block for block in BLOCKS if block.language == "python" and not block.run_by]


@pytest.fixture(scope="module")
def shared_tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """/tmp/ of the documents' commands: one folder for them all, so that a command reads what
    an earlier one wrote (tshark the capture netblt-run made)."""
    return tmp_path_factory.mktemp("documented-tmp")


def _reason(table: dict[str, str], text: str) -> str | None:
    return next((why for pattern, why in table.items() if re.search(pattern, text)), None)


def _parsers() -> dict[str, Callable[[], argparse.ArgumentParser]]:
    from netblt_sim.tools import campaign, cli, reproduce, soak  # noqa: PLC0415

    return {"scripts/netblt-run": cli.build_parser, "scripts/netblt-campaign": campaign.build_parser,
            "scripts/reproduce": reproduce.build_parser, "scripts/soak": soak.build_parser}


def test_the_documents_have_commands_and_snippets_to_check() -> None:
    assert any(path.name == "README.md" and path.parent == REPO_ROOT for path in DOCUMENTS)
    assert len(COMMANDS) >= 10 and len(SNIPPETS) >= 3
    elsewhere = {block.run_by for block in BLOCKS if block.run_by}
    assert elsewhere and all((REPO_ROOT / test).is_file() for test in elsewhere)  # type: ignore[operator]


@pytest.mark.parametrize(("block", "command"), COMMANDS,
                         ids=[f"{block.where} {command[:60]}" for block, command in COMMANDS])
def test_a_documented_command_works_as_written(block: Block, command: str,
                                               shared_tmp: Path) -> None:
    outside = _reason(OUTSIDE_THE_REPOSITORY, command)
    if outside is not None:
        return  # listed above, with why: nothing of this repository to run or parse
    words = shlex.split(command, comments=True)
    while words and re.match(r"^\w+=", words[0]):
        words.pop(0)  # environment assignments
    program, arguments = words[0], words[1:]
    if program.startswith(("scripts/", "build/", ".venv/", "./")):
        path = REPO_ROOT / program
        assert path.is_file() and os.access(path, os.X_OK), f"{block.where}: no program {program}"
    why = _reason(PARSE_ONLY, command)
    if why is not None:
        parser = _parsers().get(program)
        if parser is not None:
            parser().parse_args(arguments)  # SystemExit(2) if the command line is wrong
        elif program == "scripts/notebook":
            checked = subprocess.run([str(REPO_ROOT / program), "--check"], capture_output=True,
                                     text=True, timeout=120)  # fmt: skip
            assert checked.returncode == 0, checked.stderr
        elif program.startswith("scripts/ns3-"):
            # The tree does not exist: refused with exit 2 by the program, not by argparse.
            refused = subprocess.run([str(REPO_ROOT / program), *arguments], capture_output=True,
                                     text=True, timeout=120)  # fmt: skip
            assert refused.returncode == 2 and "usage:" not in refused.stderr, refused.stderr
        return
    runnable = command.replace("/tmp/", f"{shared_tmp}/")
    completed = subprocess.run(["bash", "-c", runnable], cwd=REPO_ROOT, capture_output=True,
                               text=True, timeout=COMMAND_TIMEOUT_S)  # fmt: skip
    assert completed.returncode == 0, f"{block.where}: {command}\n{completed.stderr[-3000:]}"


@pytest.mark.parametrize("block", SNIPPETS, ids=[block.where for block in SNIPPETS])
def test_a_documented_python_snippet_runs(block: Block, tmp_path: Path) -> None:
    compiled = ast.parse(block.code, filename=block.where)
    why = _reason({re.escape(k): v for k, v in PYTHON_PARSE_ONLY.items()}, block.code)
    if why is not None:
        for node in ast.walk(compiled):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert importlib.util.find_spec(name.split(".")[0]) is not None, name
        return
    script = tmp_path / "snippet.py"  # a file: a snippet with workers needs one
    script.write_text(block.code, encoding="utf-8")
    completed = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True,
                               text=True, timeout=COMMAND_TIMEOUT_S)  # fmt: skip
    assert completed.returncode == 0, f"{block.where}\n{completed.stderr[-3000:]}"
