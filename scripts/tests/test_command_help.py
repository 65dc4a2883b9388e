# SPDX-License-Identifier: GPL-2.0-only
"""Every Python program of scripts/ answers `--help`, and shows each option's default once: never
twice (argparse's ArgumentDefaultsHelpFormatter appended "(default: ...)" to help that already
said its default) and never "(default: None)"."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys

import pytest
from conftest import REPO_ROOT, SCRIPTS_DIR

# The programs whose wrapper in scripts/ runs a module of the package (the module run directly:
# scripts/reproduce runs scripts/setup first).
PACKAGE_PROGRAMS: dict[str, str] = {
    "netblt-run": "netblt_sim.tools.cli",
    "netblt-campaign": "netblt_sim.tools.campaign",
    "reproduce": "netblt_sim.tools.reproduce",
    "soak": "netblt_sim.tools.soak",
    "bench": "netblt_sim.tools.bench",
    "bench-wideband": "netblt_sim.tools.bench_wideband",
    "table-iii-candidates": "netblt_sim.tools.table_iii_candidates",
}
# Python programs that are files of scripts/ themselves.
PYTHON_SCRIPTS: tuple[str, ...] = ("ns3-contrib", "ns3-tree-check", "run-examples")
# Shell scripts with no argparse of their own (docs hands its arguments to sphinx-build).
SHELL_SCRIPTS: tuple[str, ...] = ("setup", "test", "cmake-build", "docs", "format", "notebook")
CAMPAIGN_COMMANDS: tuple[str, ...] = ("run", "sweep", "status", "export")
# A default shown: "(default: 5)", "(default 5)", "(default, as ...)" or "...; default: one per core".
DEFAULT_SHOWN = re.compile(r"\(default\b|\bdefault:", re.IGNORECASE)


def help_command(program: str, *subcommand: str) -> list[str]:
    if program in PACKAGE_PROGRAMS:
        return [sys.executable, "-m", PACKAGE_PROGRAMS[program], *subcommand, "--help"]
    return [str(SCRIPTS_DIR / program), *subcommand, "--help"]


def option_helps(text: str) -> dict[str, str]:
    """Each entry of a help text's argument lists (an option or positional, indented two
    spaces) -> its help, the wrapped lines joined (the invocation, with any choices, left out)."""
    entries: dict[str, str] = {}
    current = None
    for line in text.splitlines():
        if re.match(r"^  \S", line):
            invocation, _, rest = line.strip().partition("  ")
            current = invocation
            entries[current] = rest.strip()
        elif current is not None and re.match(r"^\s{4,}\S", line):
            entries[current] = f"{entries[current]} {line.strip()}".strip()
        else:
            current = None
    return entries


def programs_and_commands() -> list[tuple[str, ...]]:
    listed = [(program,) for program in (*PACKAGE_PROGRAMS, *PYTHON_SCRIPTS)]
    return listed + [("netblt-campaign", command) for command in CAMPAIGN_COMMANDS]


def test_every_program_of_scripts_is_listed_here() -> None:
    files = sorted(path.name for path in SCRIPTS_DIR.iterdir() if path.is_file()
                   and path.stat().st_mode & 0o111)  # fmt: skip
    assert files == sorted((*PACKAGE_PROGRAMS, *PYTHON_SCRIPTS, *SHELL_SCRIPTS))
    for program, module in PACKAGE_PROGRAMS.items():
        assert f"-m {module} " in (SCRIPTS_DIR / program).read_text(encoding="utf-8"), program
    for program in PYTHON_SCRIPTS:
        assert (SCRIPTS_DIR / program).read_text(encoding="utf-8").startswith("#!/usr/bin/env python3")


@pytest.mark.parametrize("command", programs_and_commands(), ids=" ".join)
def test_help_shows_each_default_at_most_once_and_never_none(command: tuple[str, ...]) -> None:
    completed = subprocess.run(help_command(*command), cwd=REPO_ROOT, capture_output=True,
                               text=True, timeout=120)  # fmt: skip
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.startswith("usage: ")
    helps = option_helps(completed.stdout)
    assert "-h, --help" in helps
    for option, text in helps.items():
        assert len(DEFAULT_SHOWN.findall(text)) <= 1, f"{' '.join(command)} {option}: {text}"
        assert "default: none" not in text.lower(), f"{' '.join(command)} {option}: {text}"


def _parsers() -> list[tuple[str, argparse.ArgumentParser]]:
    from netblt_sim.tools import campaign, cli, soak  # noqa: PLC0415

    found = [("netblt-run", cli.build_parser()), ("soak", soak.build_parser())]
    commands = next(action for action in campaign.build_parser()._actions
                    if isinstance(action, argparse._SubParsersAction))  # fmt: skip
    found += [(f"netblt-campaign {name}", parser) for name, parser in commands.choices.items()]
    return found


@pytest.mark.parametrize(("program", "parser"), _parsers(), ids=[name for name, _ in _parsers()])
def test_an_option_with_a_value_shows_it_once(program: str, parser: argparse.ArgumentParser) -> None:
    """Every option whose default is a value (not None or a flag's False) shows a default, once:
    its value, or in words what it comes to."""
    helps = option_helps(parser.format_help())
    shown = 0
    for action in parser._actions:
        if not action.option_strings or action.default in (None, False, argparse.SUPPRESS):
            continue
        entry = next(text for invocation, text in helps.items()
                     if invocation.split(" ")[0].rstrip(",") == action.option_strings[0])  # fmt: skip
        assert len(DEFAULT_SHOWN.findall(entry)) == 1, f"{program} {action.option_strings[0]}"
        shown += 1
    assert shown >= 1
