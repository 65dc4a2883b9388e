# SPDX-License-Identifier: GPL-2.0-only
"""What one run of a network-rate-control scenario measures, from its records and its
`queue_trace.NetworkTrace`:

- each flow's throughput: one flow's steady state (RFC 1030 §3's measure from
  `steady_state_from` of the transfer on); several flows' over the second half of the time all
  of them were sending (`common_interval`), so that they add up to what the path carried then;
- Jain's index of those, and its lowest over windows of ten round trips in that time;
- the convergence time: after each arrival, how long until every adaptive NETBLT flow's rate in
  force stays within 10 % of their mean for ten round trips (the worst arrival's; flows that
  arrive within ten round trips of each other are one arrival, counted from the last);
- the earth station's queue (99th percentile and peak), resets per hour, and the share of DATA
  packets sent again.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from netblt_sim.core.parameters import NETBLT, STATIC_RATE_POLICY, TransferParameters
from netblt_sim.core.rate_trace import RateTrace

CONVERGENCE_TOLERANCE = 0.10  # the "within 10 % of their share"
HOLD_ROUND_TRIPS = 10  # ... "for 10 round trips"; also the windows of Jain's index
MIN_WINDOW_S = 2.0  # a window holds some buffers even on a LAN's round trip of milliseconds


def jain_index(speeds: Sequence[float]) -> float:
    """Jain's fairness index: 1 when all are equal, 1/n when one has everything; NaN if any
    is NaN or all are zero."""
    if not speeds or any(math.isnan(s) for s in speeds) or not any(speeds):
        return math.nan
    return sum(speeds) ** 2 / (len(speeds) * sum(s * s for s in speeds))


@dataclass(frozen=True)
class FlowSpan:
    """When one NETBLT flow's buffers went (its index in the rate trace)."""

    trace_flow: int
    first: float  # its first buffer's first packet
    last: float  # its last buffer's


def netblt_spans(trace: RateTrace, flows: Sequence[TransferParameters]) -> list[FlowSpan | None]:
    """Per flow of the set, its span in the rate trace (the recorder numbers the NETBLT flows
    in order); None for a TCP flow or a NETBLT flow that sent fewer than two buffers."""
    spans: list[FlowSpan | None] = []
    index = 0
    for params in flows:
        if params.protocol != NETBLT:
            spans.append(None)
            continue
        times = [s.seconds for s in trace.buffer_starts if s.flow == index]
        spans.append(FlowSpan(index, min(times), max(times)) if len(times) >= 2 else None)
        index += 1
    return spans


def common_interval(spans: Sequence[FlowSpan | None], from_fraction: float
                    ) -> tuple[float, float]:  # fmt: skip
    """The stretch from `from_fraction` of the time every NETBLT flow was sending to its end;
    NaN, NaN if they never all were."""
    present = [s for s in spans if s is not None]
    if not present or len(present) < sum(1 for s in spans if s is not None):
        return math.nan, math.nan
    start, end = max(s.first for s in present), min(s.last for s in present)
    if end <= start:
        return math.nan, math.nan
    return start + from_fraction * (end - start), end


def lowest_window_jain(trace: RateTrace, flows: Sequence[TransferParameters],
                       spans: Sequence[FlowSpan | None], interval: tuple[float, float],
                       round_trip_s: float) -> float:  # fmt: skip
    """The lowest Jain's index of the NETBLT flows over consecutive windows of ten round trips
    (at least MIN_WINDOW_S) in `interval`; NaN if no whole window fits."""
    width = max(HOLD_ROUND_TRIPS * round_trip_s, MIN_WINDOW_S)
    start, end = interval
    if math.isnan(start) or end - start < width:
        return math.nan
    lowest = math.inf
    for k in range(int((end - start) // width)):
        a = start + k * width
        speeds = [trace.window_mbps(p.bfsz, a, a + width, span.trace_flow)
                  for p, span in zip(flows, spans, strict=True) if span is not None]  # fmt: skip
        lowest = min(lowest, jain_index(speeds))
    return lowest


def _rate_at(changes: Sequence[tuple[float, float]], t: float) -> float:
    rate = math.nan
    for when, value in changes:
        if when > t:
            break
        rate = value
    return rate


def convergence_s(trace: RateTrace, flows: Sequence[TransferParameters],
                  spans: Sequence[FlowSpan | None], round_trip_s: float) -> float:  # fmt: skip
    """After each arrival of an adaptive NETBLT flow, the time until the rates in force of all
    the adaptive flows then sending stay within CONVERGENCE_TOLERANCE of their mean for
    HOLD_ROUND_TRIPS round trips (before the next arrival or the first end); the worst
    arrival's, s. 0 with fewer than two such flows; NaN if some arrival never converged."""
    adaptive = [span for p, span in zip(flows, spans, strict=True)
                if span is not None and p.rate_control not in (None, STATIC_RATE_POLICY)]  # fmt: skip
    if len(adaptive) < 2:
        return 0.0
    rates = {span.trace_flow: [(c.seconds, c.burst_size * 1e3 / c.burst_interval_ms)
                               for c in trace.changes if c.flow == span.trace_flow]
             for span in adaptive}  # fmt: skip
    hold = HOLD_ROUND_TRIPS * round_trip_s
    # Arrivals closer than a hold apart (flows started together whose set-ups took different
    # times) are one arrival, counted from the last of them: before it the set is not complete.
    arrivals: list[float] = []
    for first in sorted(span.first for span in adaptive):
        if arrivals and first - arrivals[-1] < hold:
            arrivals[-1] = first
        else:
            arrivals.append(first)
    first_end = min(span.last for span in adaptive)
    worst = 0.0
    for k, arrival in enumerate(arrivals):
        horizon = min(arrivals[k + 1] if k + 1 < len(arrivals) else math.inf, first_end)
        sending = [s for s in adaptive if s.first <= arrival]
        if len(sending) < 2:
            continue
        moments = sorted({arrival} | {t for s in sending for t, _ in rates[s.trace_flow]
                                      if arrival < t < horizon})  # fmt: skip
        converged = math.nan
        for begin in moments:
            if begin + hold > horizon:
                break
            checks = [begin] + [t for t in moments if begin < t <= begin + hold]
            if all(_within(rates, sending, t) for t in checks):
                converged = begin - arrival
                break
        if math.isnan(converged):
            return math.nan
        worst = max(worst, converged)
    return worst


def _within(rates: dict[int, list[tuple[float, float]]], sending: Sequence[FlowSpan],
            t: float) -> bool:  # fmt: skip
    values = [_rate_at(rates[s.trace_flow], t) for s in sending]
    if any(math.isnan(v) for v in values):
        return False
    mean = sum(values) / len(values)
    return all(abs(v - mean) <= CONVERGENCE_TOLERANCE * mean for v in values)
