# SPDX-License-Identifier: GPL-2.0-only
"""The programs behind `scripts/`: `cli` (`scripts/netblt-run`), `reproduce`
(`scripts/reproduce`), `soak` with `soak_shapes`, `soak_network` and `soak_results`
(`scripts/soak`), `bench`, `bench_child` and `bench_wideband` (`scripts/bench`,
`scripts/bench-wideband`), `table_iii_candidates` (`scripts/table-iii-candidates`). The top
layer: nothing in the package imports it.
"""
