# SPDX-License-Identifier: GPL-2.0-only
"""Table III with a model option on: candidate c2 of ../shared/notes/table-iii-two-buffer-analysis.md
(the 3C500's ReceiveAbortsLoad). Runs every Table III configuration of the published table with
seeds 1-5, the option off and on, and the private LAN (RFC 1030 §6) at 41-50 ms with seeds 1-3,
and prints medians per configuration as markdown: losses per buffer, #LOSS, SPEED, DTMOS.

`scripts/table-iii-candidates [--seeds N] [--workers N]`, through the result store of
`scripts/reproduce`; its output is the table in src/netblt-experiment/doc/validation.md.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence

from netblt_sim.executor import TransferExecutor, run_transfers
from netblt_sim.parameters import TransferParameters, transfer_parameters
from netblt_sim.reproduce import DEFAULT_STORE
from netblt_sim.scenarios import load_scenario
from netblt_sim.tables import TableScenario
from netblt_sim.transfer import TransferRecord

OPTION = "models/interfaces/3com-3c500.json:device.ReceiveAbortsLoad"
TRANSFER = ("bs", "bi_ms", "psz", "bfsz", "xfsz_kb", "nbufs")
PRIVATE_LAN = {"bs": 5, "psz": 1438, "bfsz": 14380, "xfsz_kb": 1438, "nbufs": 2}


def parameters(network: str, row: dict[str, int], seed: int, on: bool) -> TransferParameters:
    overrides = {OPTION: 1} if on else {}
    return transfer_parameters(network=network, **row, seed=seed, model_overrides=overrides)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    arguments = parser.parse_args(argv)
    seeds = range(1, arguments.seeds + 1)
    scenario = load_scenario("table-III")
    assert isinstance(scenario, TableScenario)
    groups = list(scenario.published().groupby(["psz", "nbufs", "bi_ms"], sort=False))
    rows = [{name: int(group.iloc[0][name]) for name in TRANSFER} for _, group in groups]
    table_runs = [parameters("ethernet", row, seed, on)
                  for row in rows for on in (False, True) for seed in seeds]  # fmt: skip
    private_runs = [parameters("ethernet-private", {**PRIVATE_LAN, "bi_ms": bi}, seed, True)
                    for bi in range(41, 51) for seed in (1, 2, 3)]  # fmt: skip
    DEFAULT_STORE.parent.mkdir(parents=True, exist_ok=True)
    with TransferExecutor(workers=arguments.workers, store=DEFAULT_STORE) as executor:
        records = run_transfers([*table_runs, *private_runs], "table-iii-candidates", executor)
    table_records, private_records = records[: len(table_runs)], records[len(table_runs) :]
    print("| PSZ/NBUFS, BI | published #LOSS, SPEED | option | losses per buffer | #LOSS | SPEED | DTMOS | receiver deaf drops |")
    print("|---|---|---|---|---|---|---|---|")
    per_set = len(seeds)
    for index, ((key, group), row) in enumerate(zip(groups, rows, strict=True)):
        buffers = row["xfsz_kb"] * 1000 / row["bfsz"]
        for half, on in enumerate((False, True)):
            first = (2 * index + half) * per_set
            chosen: list[TransferRecord] = table_records[first : first + per_set]
            loss = statistics.median(r.lost for r in chosen)
            print(f"| {key[0]}/{key[1]}, {key[2]} ms | {group['loss'].min()}-{group['loss'].max()}, "
                  f"{group['speed_mbps'].min():g}-{group['speed_mbps'].max():g} | {'on' if on else 'off'} | "
                  f"{loss / buffers:.2f} | {loss:g} | "
                  f"{statistics.median(r.steady_state_mbps for r in chosen):.3f} | "
                  f"{statistics.median(r.data_timeouts for r in chosen):g} | "
                  f"{statistics.median(r.receiver_deaf_drops for r in chosen):g} |")  # fmt: skip
    lost = [record.lost for record in private_records]
    print(f"\nPrivate LAN, option on, 41-50 ms, seeds 1-3: most lost {max(lost)}, total {sum(lost)}")


if __name__ == "__main__":
    main()
