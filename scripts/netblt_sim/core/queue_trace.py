# SPDX-License-Identifier: GPL-2.0-only
"""What the Wideband earth station's queue did during a run, beside what the senders' rate
policies did: `run_network_traced(flows)` runs a flow set as `run_flow_set` does and returns a
`NetworkTrace`, the run's `RateTrace` and the `QueueTrace` read from the C++
`ns3::WidebandQueueRecorder` (src/wideband/helper): the peak of the sending station's BSAT queue
and ESI together in each 100 ms, their distribution as each datagram was queued, and the
station's resets. A network without earth stations (a LAN) gives an empty queue trace.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from netblt_sim.core import runtime
from netblt_sim.core.flows import FlowSet, FlowSetRecord
from netblt_sim.core.parameters import TransferParameters
from netblt_sim.core.rate_trace import RateTrace, RateTraceObserver
from netblt_sim.core.simulation import run_flow_set

# The step of the recorder's distribution (WidebandQueueRecorder::HISTOGRAM_STEP), bytes.
HISTOGRAM_STEP_BYTES = 256


@dataclass(frozen=True)
class QueuePeak:
    """The most the station held as a datagram was queued in one 100 ms bin."""

    seconds: float  # the bin's start
    bytes: int


@dataclass(frozen=True)
class QueueTrace:
    """The sending earth station's queue (BSAT queue and ESI together): the station that
    queued the most datagrams."""

    peaks: tuple[QueuePeak, ...] = ()
    # Datagrams queued while the station held [k, k + 1) x HISTOGRAM_STEP_BYTES, for each k.
    histogram: tuple[int, ...] = ()
    resets: tuple[float, ...] = ()  # seconds

    def quantile_bytes(self, quantile: float) -> float:
        """The queue (bytes, a step's upper edge) that `quantile` of the datagrams found at
        most; NaN without datagrams."""
        total = sum(self.histogram)
        if total == 0:
            return math.nan
        needed = quantile * total
        seen = 0
        for step, count in enumerate(self.histogram):
            seen += count
            if seen >= needed:
                return float((step + 1) * HISTOGRAM_STEP_BYTES)
        return float(len(self.histogram) * HISTOGRAM_STEP_BYTES)

    def peak_bytes(self) -> int:
        """The most the station held; 0 without datagrams."""
        return max((peak.bytes for peak in self.peaks), default=0)


@dataclass(frozen=True)
class NetworkTrace:
    """What the senders and the earth station did during one run."""

    rate: RateTrace
    queue: QueueTrace


@dataclass
class NetworkTraceObserver:
    """A `transfer.TransferObserver` recording the rate policies and the earth stations."""

    rate: RateTraceObserver = field(default_factory=RateTraceObserver)
    queue: QueueTrace = field(default_factory=QueueTrace)
    _recorder: object = None

    def installed(self, ns: runtime.NsNamespace) -> None:
        self.rate.installed(ns)
        self._recorder = ns.CreateObject[ns.WidebandQueueRecorder]()
        self._recorder.WatchAll()  # type: ignore[attr-defined]

    def finished(self, ns: runtime.NsNamespace) -> None:
        self.rate.finished(ns)
        recorder = self._recorder
        stations = [int(s) for s in recorder.GetStations()]  # type: ignore[attr-defined]
        if stations:
            histograms = {s: tuple(int(c) for c in recorder.GetHistogram(s))  # type: ignore[attr-defined]
                          for s in stations}  # fmt: skip
            sending = max(stations, key=lambda s: (sum(histograms[s]), -s))
            peaks = tuple(QueuePeak(float(p.seconds), int(p.bytes))
                          for p in recorder.GetPeaks()  # type: ignore[attr-defined]
                          if int(p.station) == sending)  # fmt: skip
            resets = tuple(float(t) for t in recorder.GetResets(sending))  # type: ignore[attr-defined]
            self.queue = QueueTrace(peaks, histograms[sending], resets)
        self._recorder = None


def run_network_traced(run: TransferParameters | FlowSet) -> tuple[FlowSetRecord, NetworkTrace]:
    """A flow set's record and its `NetworkTrace` (flow i of the set is the rate trace's flow
    i, as `rate_trace.run_rate_traced`). Module level, so that a Dask worker can run it."""
    observer = NetworkTraceObserver()
    flows = run if isinstance(run, FlowSet) else FlowSet.single(run)
    record = run_flow_set(flows, observer=observer)
    return record, NetworkTrace(observer.rate.trace, observer.queue)
