# SPDX-License-Identifier: GPL-2.0-only
"""What a sender's rate policy did during a transfer: the values in force over time, and the
steady-state throughput of any stretch of the transfer.

`run_rate_traced(flows)` runs a flow set as `run_flow_set` does and also returns its
`RateTrace`, read from the C++ `ns3::NetbltRateRecorder` (src/netblt/helper): every change of
the burst size, burst interval and outstanding buffers in force at each bulk sender, and when
each buffer's first packet first went.

`RateTrace.steady_state_mbps(bfsz, from_fraction)` applies RFC 1030 §3's measure (the sender's
client bits of every buffer but the last over the time from the first transmission of the first
buffer's first packet to that of the last buffer's) to the buffers from `from_fraction` of the
transfer on: with 0.5, the second half, where an adaptive policy has left its start behind
("the rate as the transfer size goes to infinity").
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from netblt_sim.core import runtime
from netblt_sim.core.flows import FlowSet, FlowSetRecord
from netblt_sim.core.parameters import TransferParameters
from netblt_sim.core.simulation import run_flow_set


@dataclass(frozen=True)
class RateChange:
    """The values in force at one sender from a moment on."""

    seconds: float  # simulated time
    flow: int  # which bulk sender (0: the first installed)
    burst_size: int  # packets per burst
    burst_interval_ms: float
    outstanding_buffers: int

    def rate_mbps(self, psz: int) -> float:
        """The data rate these values allow, Mbit/s, with `psz`-byte packets."""
        return self.burst_size * psz * 8 / (self.burst_interval_ms * 1e3)


@dataclass(frozen=True)
class BufferStart:
    """The first transmission of a buffer's first packet."""

    seconds: float
    flow: int
    buffer: int


@dataclass(frozen=True)
class RateTrace:
    """Everything one transfer's `NetbltRateRecorder` saw, in time order."""

    changes: tuple[RateChange, ...]
    buffer_starts: tuple[BufferStart, ...]

    def flow_changes(self, flow: int = 0) -> list[RateChange]:
        return [change for change in self.changes if change.flow == flow]

    def steady_state_mbps(self, bfsz: int, from_fraction: float = 0.0, flow: int = 0) -> float:
        """RFC 1030 §3's steady-state throughput over the buffers from `from_fraction` of the
        transfer to its last (0: the whole transfer, as `TransferRecord.steady_state_mbps`);
        NaN if fewer than two buffers started."""
        if not 0.0 <= from_fraction < 1.0:
            raise ValueError(f"from_fraction = {from_fraction!r}: must be from 0 to below 1")
        starts = {s.buffer: s.seconds for s in self.buffer_starts if s.flow == flow}
        if len(starts) < 2:
            return math.nan
        last = max(starts)
        first = min(starts) + math.floor(from_fraction * (last - min(starts)))
        if first not in starts or first == last:
            return math.nan
        seconds = starts[last] - starts[first]
        return (last - first) * bfsz * 8 / seconds / 1e6 if seconds > 0 else math.nan


    def window_mbps(self, bfsz: int, start: float, end: float, flow: int = 0) -> float:
        """The bits of the flow's buffers whose first packet went from `start` to `end` s, over
        that time, Mbit/s (RFC 1030 §3's measure over a window of time: for flows sharing a
        path, over the time all of them were sending); NaN for an empty window."""
        if end <= start:
            return math.nan
        count = sum(1 for s in self.buffer_starts if s.flow == flow and start <= s.seconds < end)
        return count * bfsz * 8 / (end - start) / 1e6

    def measured_from(self, from_fraction: float, flow: int = 0) -> tuple[float, float]:
        """When the flow's buffer at `from_fraction` of its transfer and its last buffer first
        went, s (the stretch `steady_state_mbps` measures); NaN, NaN without two buffers."""
        starts = {s.buffer: s.seconds for s in self.buffer_starts if s.flow == flow}
        if len(starts) < 2:
            return math.nan, math.nan
        first, last = min(starts), max(starts)
        return starts[first + math.floor(from_fraction * (last - first))], starts[last]


@dataclass
class RateTraceObserver:
    """A `transfer.TransferObserver` that records every bulk sender with a NetbltRateRecorder."""

    trace: RateTrace = field(default_factory=lambda: RateTrace((), ()))
    _recorder: object = None

    def installed(self, ns: runtime.NsNamespace) -> None:
        self._recorder = ns.CreateObject[ns.NetbltRateRecorder]()
        self._recorder.WatchAll()  # type: ignore[attr-defined]

    def finished(self, ns: runtime.NsNamespace) -> None:
        recorder = self._recorder
        changes = tuple(
            RateChange(float(c.seconds), int(c.flow), int(c.burstSize), float(c.burstIntervalMs),
                       int(c.outstandingBuffers))
            for c in recorder.GetChanges()  # type: ignore[attr-defined]
        )  # fmt: skip
        starts = tuple(
            BufferStart(float(s.seconds), int(s.flow), int(s.buffer))
            for s in recorder.GetBufferStarts()  # type: ignore[attr-defined]
        )
        self.trace = RateTrace(changes, starts)
        self._recorder = None


def run_rate_traced(run: TransferParameters | FlowSet) -> tuple[FlowSetRecord, RateTrace]:
    """A flow set's record (a single transfer's as the set of one it is) and what its rate
    policies did (flow i of the set is the trace's flow i: the recorder watches the senders in
    node order, the order in which the experiment makes the flows' hosts). Module level, so
    that a Dask worker can run it."""
    observer = RateTraceObserver()
    flows = run if isinstance(run, FlowSet) else FlowSet.single(run)
    return run_flow_set(flows, observer=observer), observer.trace
