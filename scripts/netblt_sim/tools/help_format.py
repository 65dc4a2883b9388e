# SPDX-License-Identifier: GPL-2.0-only
"""The help formatter of the programs in `scripts/`: each option's default shown once.

argparse's `ArgumentDefaultsHelpFormatter` appends "(default: X)" to every option, even to one
whose help already says its default in words ("default: the path MTU less 40"), which then
shows two, and to options whose default is None ("(default: None)", which tells a user
nothing). This one appends the default only where the help does not mention one and there is
a value to show.
"""

from __future__ import annotations

import argparse

# Defaults that say nothing to a user: no value given (None) or a flag that is off.
UNSHOWN_DEFAULTS: tuple[object, ...] = (None, False, argparse.SUPPRESS)


class DefaultsOnceHelpFormatter(argparse.HelpFormatter):
    """Appends " (default: X)" to an option's help unless its help already names its default
    (the word "default") or its default is None, False or suppressed."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        shows_no_value = any(action.default is unshown for unshown in UNSHOWN_DEFAULTS)
        if "default" in text.lower() or shows_no_value or not action.option_strings:
            return action.help
        return f"{text} (default: %(default)s)".lstrip()
