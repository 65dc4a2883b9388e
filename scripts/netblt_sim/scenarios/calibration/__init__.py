# SPDX-License-Identifier: GPL-2.0-only
"""Kind "calibration": one vector of model values for every published table, searched by
history matching over the ranges `models/` states (`scenario`, `runs`, `report`, `wording`,
`plots`), with its designs (`design`), emulators (`emulator`) and the search itself
(`history_matching`, which needs no ns-3).
"""
