# SPDX-License-Identifier: GPL-2.0-only
"""The core: one simulation. `runtime` loads ns-3 and the project's libraries; `models` and
`networks` are the 1987 hardware of `models/` and the networks built from it; `parameters`
(`TransferParameters`, `transfer_parameters`) and `overrides` say what a run is; `flows` runs a set
of flows in one simulation (every run is one; `transfer.run_transfer` is the one-flow
convenience) and `transfer` turns parameters into the C++ experiment and its records into
Python; `rate_trace` watches what a sender's rate policy did. Imports only `wire` below it.
"""
