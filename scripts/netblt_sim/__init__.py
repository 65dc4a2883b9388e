"""Python layer of the NETBLT (RFC 998) ns-3 project: run simulated transfers and read their pcaps.

Modules:
- `runtime`: `load()` imports ns-3 and the project's libraries once per process, quietly.
- `transfer`: `TransferParameters`, `run_transfer()`, `TransferRecord`, `records_frame()`.
- `pcap`, `wire`, `checksum`: a pure-Python pcap reader and RFC 998 §8 decoder.
- `cli`: `scripts/netblt-run`; `reproduce`: `scripts/reproduce`.

Nothing here imports ns-3 until a simulation is run: `import netblt_sim` is cheap.
"""

from netblt_sim.transfer import TransferParameters, TransferRecord, records_frame, run_transfer

__all__ = ["TransferParameters", "TransferRecord", "records_frame", "run_transfer"]
