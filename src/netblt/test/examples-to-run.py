#! /usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# Examples of the netblt module, run by ns-3's test.py in an ns-3 tree (examples enabled; the
# Python ones with Python bindings) and by scripts/test from both builds (scripts/run-examples,
# the Python ones with the project's package over the ns3 wheel), with arguments that keep each
# to a second or two. ns-3's format: each tuple is (example name and arguments, do_run and, for
# C++, do_valgrind_run), the conditions Python expressions as strings.

cpp_examples = [
    # the README's run: two buffers, 143,800 bytes
    ("netblt-simple-transfer --nbufs=2", "True", "True"),
    # the tutorial of doc/ns3-cmake.rst as it is
    ("netblt-point-to-point-tutorial", "True", "True"),
]

python_examples = [
    # the tutorial again, from ns-3's Python bindings (as ns-3's first.py). Not on ns-3.44 and
    # 3.45 (VERSION is test.py's): their bindings cannot load the source-quench module (the
    # library regex that ns-3 fixed in 3.46, and a module name whose first word holds "rc").
    ("netblt-point-to-point.py", "VERSION not in ('3.44', '3.45')"),
]
