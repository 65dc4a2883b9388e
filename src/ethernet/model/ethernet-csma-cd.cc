/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ethernet-csma-cd.h"

#include "ethernet-bus-channel.h"

#include "ns3/log.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("EthernetCsmaCd");

namespace
{
/// A time (in time steps) later than any event.
constexpr int64_t NEVER = EthernetCable::NEVER;
} // namespace

EthernetCsmaCd::EthernetCsmaCd(EthernetBusChannel* channel)
    : m_channel(channel)
{
}

void
EthernetCsmaCd::Configure(const Timing& timing, Ptr<RandomVariableStream> backoff)
{
    m_timing = timing;
    m_backoffRv = backoff;
    m_cable.SetInterFrameGap(timing.gap, timing.gapPart1);
}

uint32_t
EthernetCsmaCd::AddStation(int64_t position, int32_t device, uint32_t context)
{
    Station s;
    s.device = device;
    s.context = context;
    m_stations.push_back(s);
    return m_cable.AddStation(position);
}

void
EthernetCsmaCd::Clear()
{
    // Device events still queued find no station and no transmission: they are stale.
    for (Station& s : m_stations)
    {
        Simulator::Remove(s.wake);
    }
    m_stations.clear();
    m_cable.Clear();
    m_waiting.clear();
    m_backoffRv = nullptr;
}

bool
EthernetCsmaCd::HasFrame(uint32_t station) const
{
    const Station& s = m_stations[station];
    return s.frame || s.waiting;
}

void
EthernetCsmaCd::Send(uint32_t station, Ptr<Packet> frame)
{
    Station& s = m_stations[station];
    s.frame = frame;
    s.attempts = 0;
    Contend(station, Simulator::Now().GetTimeStep(), true);
}

void
EthernetCsmaCd::Offer(uint32_t station, uint32_t bytes, bool broadcast)
{
    Station& s = m_stations[station];
    s.queue.push_back(BackgroundFrame{bytes, broadcast});
    if (!s.waiting)
    {
        // The station had nothing to send (at most its last frame is still on the wire).
        Contend(station, Simulator::Now().GetTimeStep(), true);
    }
}

const EthernetCsmaCd::Transmission*
EthernetCsmaCd::Find(uint64_t id)
{
    return m_cable.Find(id);
}

const EthernetCable&
EthernetCsmaCd::GetCable() const
{
    return m_cable;
}

void
EthernetCsmaCd::Deferred(Station& s, uint32_t station)
{
    if (!s.deferralCounted)
    {
        s.deferralCounted = true;
        m_channel->NotifyDeferral(station, s.attempts);
    }
}

void
EthernetCsmaCd::Contend(uint32_t station, int64_t earliest, bool startNow)
{
    Station& s = m_stations[station];
    const int64_t now = Simulator::Now().GetTimeStep();
    // Not before the station's own transmission has left it. Carrier sense defers it until
    // then, except in the time step the transmission starts (a station senses carrier just
    // after its first bit): a frame offered then would start a second transmission at once.
    s.earliest = std::max(earliest, m_cable.SendingUntil(station, now));
    s.deferralCounted = false;
    if (!s.waiting)
    {
        s.waiting = true;
        m_waiting.push_back(station);
    }
    const int64_t from = std::max(now, s.earliest);
    const int64_t at = m_cable.FreeAt(station, from);
    if (at > from)
    {
        Deferred(s, station);
    }
    if (startNow && at == now)
    {
        StartTransmission(station);
        return;
    }
    ScheduleWake(station, at);
}

void
EthernetCsmaCd::ScheduleWake(uint32_t station, int64_t at)
{
    Station& s = m_stations[station];
    s.wakeAt = at;
    ++s.wakeToken;
    const Time delay = TimeStep(at - Simulator::Now().GetTimeStep());
    if (s.device < 0)
    {
        // Waiting background stations are re-planned at every start and collision nearby;
        // their old wake-ups are taken out of the queue, not left to run as no-ops. Their
        // events run in whatever context planned them: they never reach a node.
        Simulator::Remove(s.wake);
        s.wake = Simulator::Schedule(delay, [this, station, token = s.wakeToken]() {
            Wake(station, token);
        });
        return;
    }
    // A device's wake-up runs in its node's context (the driver's work follows from it),
    // which the simulator cannot cancel: a new plan makes the previous wake-up stale.
    Simulator::ScheduleWithContext(s.context, delay, [this, station, token = s.wakeToken]() {
        Wake(station, token);
    });
}

void
EthernetCsmaCd::Replan(uint32_t station)
{
    Station& s = m_stations[station];
    NS_ASSERT(s.waiting);
    const int64_t now = Simulator::Now().GetTimeStep();
    const int64_t from = std::max(now, s.earliest);
    const int64_t at = m_cable.FreeAt(station, from);
    if (at > from)
    {
        Deferred(s, station);
    }
    if (at != s.wakeAt)
    {
        ScheduleWake(station, at);
    }
}

void
EthernetCsmaCd::ReplanAll()
{
    for (std::size_t k = 0; k < m_waiting.size(); ++k)
    {
        Replan(m_waiting[k]);
    }
}

void
EthernetCsmaCd::Wake(uint32_t station, uint64_t token)
{
    if (station >= m_stations.size() || token != m_stations[station].wakeToken)
    {
        return;
    }
    NS_LOG_FUNCTION(this << station);
    NS_ASSERT(m_stations[station].waiting);
    NS_ASSERT_MSG(m_cable.FreeAt(station, Simulator::Now().GetTimeStep()) ==
                      Simulator::Now().GetTimeStep(),
                  "station " << station << " woke while it must defer");
    m_stations[station].wakeAt = -1;
    StartTransmission(station);
}

void
EthernetCsmaCd::Prune()
{
    // A transmission matters to carrier sense until every station has sensed its end and a
    // gap, and to receptions until the longest frame that could overlap it has arrived.
    m_cable.Prune(Simulator::Now().GetTimeStep(),
                  m_longest + 2 * m_timing.propagation + m_timing.gap + m_timing.slot);
}

void
EthernetCsmaCd::ScheduleDetection(Transmission& tx, int64_t at)
{
    if (at >= tx.detect)
    {
        return;
    }
    tx.detect = at;
    ++tx.detectToken;
    Simulator::ScheduleWithContext(
        m_stations[tx.station].context,
        TimeStep(at - Simulator::Now().GetTimeStep()),
        [this, id = tx.id, token = tx.detectToken]() { Detect(id, token); });
}

void
EthernetCsmaCd::ScheduleEnd(Transmission& tx)
{
    tx.endPending = true;
    ++tx.endToken;
    Simulator::ScheduleWithContext(
        m_stations[tx.station].context,
        TimeStep(tx.end - Simulator::Now().GetTimeStep()),
        [this, id = tx.id, token = tx.endToken]() { TransmissionEnd(id, token); });
}

void
EthernetCsmaCd::StartTransmission(uint32_t station)
{
    NS_LOG_FUNCTION(this << station);
    Station& s = m_stations[station];
    NS_ASSERT(s.waiting);
    s.waiting = false;
    ++s.wakeToken;
    Simulator::Remove(s.wake);
    s.wakeAt = -1;
    m_waiting.erase(std::find(m_waiting.begin(), m_waiting.end(), station));
    Prune();

    const int64_t now = Simulator::Now().GetTimeStep();
    NS_ASSERT_MSG(m_cable.SendingUntil(station, now) == now,
                  "station " << station << " starts while still sending");
    Transmission tx;
    tx.id = m_nextId++;
    tx.station = station;
    tx.start = now;
    tx.attempts = s.attempts;
    if (s.device >= 0)
    {
        tx.frame = s.frame;
        tx.bytes = s.frame->GetSize();
    }
    else
    {
        NS_ASSERT(!s.queue.empty());
        tx.bytes = s.queue.front().bytes;
        tx.broadcast = s.queue.front().broadcast;
        s.queue.pop_front();
    }
    tx.end = now + m_timing.preamble +
             EthernetCable::BitsToSteps(8 * uint64_t{tx.bytes}, m_timing.bitRate);
    m_longest = std::max(m_longest, tx.end - tx.start);

    // Every signal on the wire that overlaps this one at either end makes a collision: this
    // sender hears the other when it arrives, the other sender hears this one when it
    // arrives, if each is still sending then.
    const int64_t detect = m_cable.Add(tx, m_heard);
    for (const auto& [id, at] : m_heard)
    {
        ScheduleDetection(*m_cable.Find(id), at);
    }
    Transmission& added = m_cable.Back();
    if (detect != NEVER)
    {
        ScheduleDetection(added, detect);
    }
    if (s.device >= 0 || added.broadcast)
    {
        // Somebody receives it: its end is an event.
        ScheduleEnd(added);
    }
    if (s.device < 0)
    {
        s.attempts = 0;
        if (!s.queue.empty())
        {
            // The next frame goes after this one and a gap; a collision re-plans it.
            Contend(station, added.end, false);
        }
    }
    const uint32_t attempts = added.attempts;
    NS_LOG_LOGIC("station " << station << " starts " << added.bytes << " bytes, attempt "
                            << attempts + 1 << ", until " << TimeStep(added.end).As(Time::US));
    ReplanAll();
    // The channel last, once the MAC is consistent: a trace sink may hand another device a
    // frame.
    m_channel->NotifyStart(station, attempts);
}

void
EthernetCsmaCd::Detect(uint64_t id, uint64_t token)
{
    Transmission* found = m_cable.Find(id);
    if (!found || token != found->detectToken)
    {
        return;
    }
    NS_LOG_FUNCTION(this << id);
    Transmission& tx = *found;
    NS_ASSERT(!tx.aborted);
    const int64_t now = Simulator::Now().GetTimeStep();
    // A collision heard during the preamble is jammed only once the preamble is out.
    tx.aborted = true;
    tx.detect = NEVER;
    tx.end = std::max(now, tx.start + m_timing.preamble) + m_timing.jam;
    ++tx.endToken;
    tx.endPending = false;
    const uint32_t station = tx.station;
    Station& s = m_stations[station];
    const uint32_t attempts = tx.attempts + 1;
    NS_LOG_LOGIC("station " << station << " collision " << attempts << ", jam until "
                            << TimeStep(tx.end).As(Time::US));
    m_channel->NotifyCollision(station, attempts);
    if (attempts >= EthernetBusChannel::ATTEMPT_LIMIT)
    {
        m_channel->NotifyExcessive(station, attempts);
        s.attempts = 0;
        if (s.device >= 0)
        {
            s.frame = nullptr;
            ScheduleEnd(tx);
        }
        else if (!s.queue.empty())
        {
            Contend(station, tx.end, false);
        }
    }
    else
    {
        const uint32_t range = 1u << std::min(attempts, EthernetBusChannel::BACKOFF_LIMIT);
        const double u = m_backoffRv->GetValue();
        const uint32_t slots = u <= 0.0 ? 0 : std::min(static_cast<uint32_t>(u * range), range - 1);
        const int64_t delay = static_cast<int64_t>(slots) * m_timing.slot;
        m_channel->NotifyBackoff(station, attempts, slots, TimeStep(delay));
        if (s.device < 0)
        {
            // The frame comes back to the head of its station's queue; a next frame that was
            // planned behind it waits again.
            s.queue.push_front(BackgroundFrame{tx.bytes, tx.broadcast});
        }
        s.attempts = attempts;
        Contend(station, tx.end + delay, false);
    }
    ReplanAll();
    if (s.device >= 0)
    {
        m_channel->NotifyCollided(station, attempts);
    }
}

void
EthernetCsmaCd::TransmissionEnd(uint64_t id, uint64_t token)
{
    Transmission* found = m_cable.Find(id);
    if (!found || token != found->endToken)
    {
        return;
    }
    NS_LOG_FUNCTION(this << id);
    Transmission& tx = *found;
    tx.endPending = false;
    Station& s = m_stations[tx.station];
    if (tx.aborted)
    {
        // A background station's frame was re-queued when the collision was detected.
        if (s.device >= 0)
        {
            m_channel->NotifyDropped(tx.station);
        }
        return;
    }
    if (s.device >= 0)
    {
        s.frame = nullptr;
        s.attempts = 0;
    }
    m_channel->NotifyEnd(tx);
}

} // namespace ns3
