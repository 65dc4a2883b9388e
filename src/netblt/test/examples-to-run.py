#! /usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# Examples of the netblt module, run by ns-3's test.py in an ns-3 tree (examples enabled) and
# by scripts/test from both builds (scripts/run-examples), with arguments that keep each to
# a second or two. ns-3's format: each tuple is (example name and arguments, do_run,
# do_valgrind_run), the last two Python conditions as strings.

cpp_examples = [
    # the README's run: two buffers, 143,800 bytes
    ("netblt-simple-transfer --nbufs=2", "True", "True"),
    # the tutorial of doc/ns3-cmake.md as it is
    ("netblt-point-to-point-tutorial", "True", "True"),
]

python_examples = []
