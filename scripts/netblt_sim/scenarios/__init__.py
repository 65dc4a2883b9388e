# SPDX-License-Identifier: GPL-2.0-only
"""The experiments of `scenarios/*.json`: one sub-package per kind (`table`, `measure`,
`time_sequence`, `rate_control`, `bands`), each its file's parser, its runner and its report
together, and `registry`, the one list of kinds that loads and runs any scenario file. A kind
imports the layers below (`core`, `batch`, `reporting`) and the kinds before it in
`registry.KINDS` (the bands build on the tables and the measures); `registry` imports them all.
"""
