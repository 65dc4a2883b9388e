# %%
# SPDX-License-Identifier: GPL-2.0-only

# %% [markdown]
# # NETBLT on ns-3: a tutorial
#
# NETBLT (RFC 998) is a rate-controlled bulk-transfer protocol; RFC 1030 measured it on three
# networks in 1987. This notebook drives the simulator from Python (the package `netblt_sim`):
# one transfer, a sweep into a result store, throughput against burst interval beside RFC 1030's
# published points, a time-sequence plot, a packet capture read back, and the sweep reopened
# from its store in a process that never loads ns-3.
#
# Run it with the repository's `.venv` (after `scripts/setup`) as the kernel, for example
# `.venv/bin/python -m ipykernel install --user --name netblt-sim` and then that kernel in any
# Jupyter. `notebooks/tutorial.py` is the same notebook as a plain script (jupytext's percent
# format), which diffs well; `scripts/test` runs the notebook from top to bottom.

# %%
import os
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import replace
from pathlib import Path

from IPython.display import Image, display

from netblt_sim import (
    plot_throughput_vs_burst_interval,
    plot_time_sequence,
    results_frame,
    run_transfer,
    sweep,
    to_xarray,
    trace_time_sequences,
    transfer_parameters,
)
from netblt_sim.scenarios.registry import load_scenario
from netblt_sim.wire.pcap import read_netblt_packets

# Everything this notebook writes goes here (a new temporary directory unless given).
work = Path(os.environ.get("NETBLT_TUTORIAL_DIR") or tempfile.mkdtemp(prefix="netblt-tutorial-"))
work.mkdir(parents=True, exist_ok=True)


def show(figure, name):
    """Saves a matplotlib figure under `work` and shows the file."""
    path = work / f"{name}.png"
    figure.savefig(path)
    display(Image(filename=str(path)))


# %% [markdown]
# ## One transfer
#
# A row of RFC 1030's Table II: two IBM PC/ATs on the Proteon ProNET-10 ring, bursts of 5
# packets of 1990 bytes every 40 ms, one 19,900-byte buffer outstanding. `transfer_parameters`
# takes RFC 1030's names and units and refuses an impossible value by name; the record is what
# RFC 1030's tables report (SPEED is `steady_state_mbps`).

# %%
ring_row = transfer_parameters(network="proteon-ring", bs=5, bi_ms=40, psz=1990, bfsz=19900,
                               xfsz_kb=199, nbufs=1, seed=1)
record = run_transfer(ring_row)
print(f"{record.steady_state_mbps:.3f} Mbit/s, {record.data_packets_sent} DATA packets, "
      f"{record.lost} lost, completed intact: {record.completed and record.intact}")

# %% [markdown]
# ## A sweep into a result store
#
# `sweep` runs every combination of a grid (here burst intervals and outstanding buffers) and
# returns one row per run. `runs=3` replicates each combination by ns-3's run number
# (`rng_run`, RngRun: independent streams under one seed). With `store=` every finished run is
# kept in an SQLite file, so running the cell again simulates nothing.

# %%
store = work / "ring.sqlite"
ring = dict(network="proteon-ring", bs=5, psz=1990, bfsz=19900, xfsz_kb=1990)  # as published
frame = sweep({"bi_ms": range(20, 51, 5), "nbufs": [1, 2]}, runs=3, store=store, **ring)
frame[["bi_ms", "nbufs", "rng_run", "steady_state_mbps", "retransmitted"]].head(8)

# %% [markdown]
# ## Throughput against burst interval, with the published points
#
# The line is the median over the runs at each interval, the shaded band their 5-95 % range;
# the points are RFC 1030's Table II rows of the same packet size (the sweep's transfers are
# the published rows' 1,990,000 bytes).

# %%
published = load_scenario("table-II").published()
figure = plot_throughput_vs_burst_interval(frame, published[published["psz"] == 1990],
                                           title="Table II: the ring, 1990-byte packets")
show(figure, "throughput-vs-burst-interval")

# %% [markdown]
# ## A time-sequence plot
#
# The byte offset of every DATA packet sent, retransmitted and received against time, with the
# receiver's RESENDs and the buffers it delivered, as tcptrace draws TCP: Table III's row 12,
# two buffers outstanding on MIT's Subnet 26, where the PC/AT's 3Com 3C500 drops packets that
# arrive while it is busy, and RESENDs recover them.

# %%
subnet_row = transfer_parameters(network="ethernet", bs=5, bi_ms=40, psz=1438, bfsz=14380,
                                 xfsz_kb=1438, nbufs=2, seed=3012)
traced, trace = trace_time_sequences(subnet_row)
print(trace["event"].value_counts().to_dict())
show(plot_time_sequence(trace, "Table III row 12: Subnet 26, two buffers", 14380), "time-sequence")

# %% [markdown]
# ## A packet capture read back
#
# `pcap_dir` writes a pcap file per device (real IPv4 checksums; Wireshark reads them, with
# `src/netblt/wireshark/netblt.lua` for NETBLT). `read_netblt_packets` decodes every NETBLT
# packet of a file as RFC 998 §8 lays it out, checksums verified.

# %%
captured = run_transfer(replace(ring_row, pcap_dir=work / "pcap"))  # the first transfer again
capture = sorted((work / "pcap").glob("netblt-0-*.pcap"))[0]  # the sender's interface
packets = read_netblt_packets(capture)
print(capture.name, dict(Counter(packet.type_name for packet in packets)))

# %% [markdown]
# ## The sweep reopened from its store, without ns-3
#
# A run's key hashes the build's libraries, but reading a store needs neither ns-3 nor the
# build: `results_frame` returns the stored runs as the frame `sweep` gave (plus each run's
# key, code identity, commit and date), filtered by any parameter; `to_xarray` puts them on
# their grid. Below it runs in a fresh Python process, which never loads ns-3 (nor cppyy), as a
# colleague with only the store file would.

# %%
reader = f"""
import sys
from netblt_sim import results_frame, to_xarray
frame = results_frame({str(store)!r}, nbufs=2)
grid = to_xarray(frame, ["bi_ms", "rng_run"], ["steady_state_mbps"])
print(len(frame), "runs of two buffers;", "median at 40 ms:",
      float(grid["steady_state_mbps"].sel(bi_ms=40).median()), "Mbit/s")
print("ns-3 loaded:", any(m.split(".")[0] in ("cppyy", "ns") for m in sys.modules))
"""
print(subprocess.run([sys.executable, "-c", reader], capture_output=True, text=True,
                     check=True).stdout)

# %%
stored = results_frame(store, nbufs=2)
stored[["bi_ms", "rng_run", "steady_state_mbps", "commit", "stored_at"]].head()
