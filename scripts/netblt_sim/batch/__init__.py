# SPDX-License-Identifier: GPL-2.0-only
"""Batches of runs: `grid` expands grids of parameters, `executor` runs a batch in this process
or on a Dask cluster (`cluster`) through the SQLite result store (`store`), `sweep` is the
one-call grid into a DataFrame. Imports only the layers below it (`core`, `wire`).
"""
