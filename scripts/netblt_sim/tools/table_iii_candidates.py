# SPDX-License-Identifier: GPL-2.0-only
"""Table III with model options on: candidates c1 and c2 of the Table III analysis
(src/netblt-experiment/doc/validation.rst), alone and together. c1: both PC/ATs pad their
CONTROL packets to RFC 998 §5.2.1's typical 1000 bytes (the P extension, the host's
ControlPacketSize); c2: the 3C500's ReceiveAbortsLoad. Runs every Table III configuration of
the published table with seeds 1-5, with none and with each candidate, and the private LAN
(RFC 1030 §6) at 41-50 ms with seeds 1-3 with each candidate, and prints medians per
configuration as markdown: losses per buffer (published and simulated), #LOSS, SPEED, DTMOS.

`scripts/table-iii-candidates [--seeds N] [--workers N]`, through the result store of
`scripts/reproduce`; its output is the table in src/netblt-experiment/doc/validation.rst.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence

from netblt_sim.batch.executor import TransferExecutor, run_transfers
from netblt_sim.core.parameters import TransferParameters, transfer_parameters
from netblt_sim.core.transfer import TransferRecord
from netblt_sim.reporting.tables import markdown_table
from netblt_sim.scenarios.registry import load_scenario
from netblt_sim.scenarios.table.scenario import TableScenario
from netblt_sim.tools.help_format import DefaultsOnceHelpFormatter
from netblt_sim.tools.reproduce import DEFAULT_STORE

CONTROL_PACKET_SIZE = "models/hosts/ibm-pc-at.json:netblt.ControlPacketSize"
RECEIVE_ABORTS_LOAD = "models/interfaces/3com-3c500.json:device.ReceiveAbortsLoad"
# Each candidate's model overrides; "none" is the models as they are.
CANDIDATES: dict[str, dict[str, float]] = {
    "none": {},
    "c1": {CONTROL_PACKET_SIZE: 1000},
    "c2": {RECEIVE_ABORTS_LOAD: 1},
    "c1 + c2": {CONTROL_PACKET_SIZE: 1000, RECEIVE_ABORTS_LOAD: 1},
}
TRANSFER = ("bs", "bi_ms", "psz", "bfsz", "xfsz_kb", "nbufs")
PRIVATE_LAN = {"bs": 5, "psz": 1438, "bfsz": 14380, "xfsz_kb": 1438, "nbufs": 2}
COLUMNS = ["PSZ/NBUFS, BI", "published #LOSS, SPEED", "published losses per buffer", "candidate",
           "losses per buffer", "#LOSS", "SPEED", "DTMOS", "receiver deaf drops"]


def parameters(network: str, row: dict[str, int], seed: int, candidate: str) -> TransferParameters:
    return transfer_parameters(
        network=network, **row, seed=seed, model_overrides=CANDIDATES[candidate]
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="table-iii-candidates", description=__doc__,
                                     formatter_class=DefaultsOnceHelpFormatter)
    parser.add_argument("--seeds", type=int, default=5, help="seeds per configuration")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    arguments = parser.parse_args(argv)
    seeds = range(1, arguments.seeds + 1)
    scenario = load_scenario("table-III")
    assert isinstance(scenario, TableScenario)
    groups = list(scenario.published().groupby(["psz", "nbufs", "bi_ms"], sort=False))
    rows = [{name: int(group.iloc[0][name]) for name in TRANSFER} for _, group in groups]
    table_runs = [parameters("ethernet", row, seed, candidate)
                  for row in rows for candidate in CANDIDATES for seed in seeds]  # fmt: skip
    tried = [candidate for candidate in CANDIDATES if CANDIDATES[candidate]]
    private_runs = [parameters("ethernet-private", {**PRIVATE_LAN, "bi_ms": bi}, seed, candidate)
                    for candidate in tried for bi in range(41, 51) for seed in (1, 2, 3)]  # fmt: skip
    DEFAULT_STORE.parent.mkdir(parents=True, exist_ok=True)
    with TransferExecutor(workers=arguments.workers, store=DEFAULT_STORE) as executor:
        records = run_transfers([*table_runs, *private_runs], "table-iii-candidates", executor)
    table_records, private_records = records[: len(table_runs)], records[len(table_runs) :]
    cells = []
    per_set = len(seeds)
    for index, ((key, group), row) in enumerate(zip(groups, rows, strict=True)):
        buffers = row["xfsz_kb"] * 1000 / row["bfsz"]
        for offset, candidate in enumerate(CANDIDATES):
            first = (len(CANDIDATES) * index + offset) * per_set
            chosen: list[TransferRecord] = table_records[first : first + per_set]
            loss = statistics.median(r.lost for r in chosen)
            cells.append([
                f"{key[0]}/{key[1]}, {key[2]} ms",
                f"{group['loss'].min()}-{group['loss'].max()}, "
                f"{group['speed_mbps'].min():g}-{group['speed_mbps'].max():g}",
                f"{group['loss'].min() / buffers:.2f}-{group['loss'].max() / buffers:.2f}",
                candidate, f"{loss / buffers:.2f}", f"{loss:g}",
                f"{statistics.median(r.steady_state_mbps for r in chosen):.3f}",
                f"{statistics.median(r.data_timeouts for r in chosen):g}",
                f"{statistics.median(r.receiver_deaf_drops for r in chosen):g}",
            ])  # fmt: skip
    print(markdown_table(COLUMNS, cells, "l" * len(COLUMNS)))
    print()
    per_candidate = len(private_records) // len(tried)
    for number, candidate in enumerate(tried):
        first = number * per_candidate
        lost = [record.lost for record in private_records[first : first + per_candidate]]
        print(f"Private LAN, {candidate}, 41-50 ms, seeds 1-3: most lost {max(lost)}, "
              f"total {sum(lost)}")  # fmt: skip


if __name__ == "__main__":
    main()
