/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ethernet-cable.h"

#include "ns3/assert.h"
#include "ns3/nstime.h"

#include <algorithm>
#include <cstdlib>

namespace ns3
{

namespace
{
/// A time (in time steps) earlier than any event.
constexpr int64_t LONG_AGO = std::numeric_limits<int64_t>::min();

/// Carrier as one station senses it from one transmission.
struct Sensed
{
    int64_t from; //!< first bit arrives (time steps)
    int64_t to;   //!< last bit has passed (time steps)
    bool own;     //!< the station's own transmission
};
} // namespace

int64_t
EthernetCable::BitsToSteps(uint64_t bits, uint64_t bitRate)
{
    NS_ASSERT(bitRate > 0);
    // Bits times the steps of a second overflows 64 bits; __int128 is GCC's and Clang's, and
    // __extension__ says so to -Wpedantic (which ns-3's own build turns on).
    __extension__ typedef unsigned __int128 Wide;
    const Wide stepsPerSecond = Seconds(1).GetTimeStep();
    return static_cast<int64_t>((bits * stepsPerSecond + bitRate - 1) / bitRate);
}

void
EthernetCable::SetInterFrameGap(int64_t gap, int64_t part1)
{
    NS_ASSERT(part1 <= gap);
    m_gap = gap;
    m_gapPart1 = part1;
}

uint32_t
EthernetCable::AddStation(int64_t position)
{
    m_positions.push_back(position);
    return m_positions.size() - 1;
}

int64_t
EthernetCable::Distance(uint32_t a, uint32_t b) const
{
    return std::llabs(m_positions[a] - m_positions[b]);
}

int64_t
EthernetCable::FreeAt(uint32_t station, int64_t t) const
{
    // The station defers from the moment carrier appears until it drops, then waits the
    // inter-frame gap. Carrier that appears in the gap's first part restarts the wait, unless
    // the carrier that started the deferral was the station's own transmission; carrier in
    // the second part does not: the station sends at the end of the gap whatever it hears.
    // Carrier is sensed from just after its first bit arrives, so a station that starts at the
    // very moment another signal reaches it collides.
    static thread_local std::vector<Sensed> sensed;
    sensed.clear();
    for (const Transmission& tx : m_transmissions)
    {
        const int64_t d = Distance(tx.station, station);
        sensed.push_back(Sensed{tx.start + d, tx.end + d, tx.station == station});
    }
    std::sort(sensed.begin(), sensed.end(), [](const Sensed& a, const Sensed& b) {
        return a.from < b.from;
    });
    const std::size_t n = sensed.size();
    std::size_t i = 0;
    int64_t cursor = LONG_AGO;
    for (;;)
    {
        while (i < n && sensed[i].to <= cursor)
        {
            ++i;
        }
        if (i >= n)
        {
            return t;
        }
        // Deferral starts when carrier appears (or is still there when the last gap ended).
        const int64_t appears = std::max(sensed[i].from, cursor);
        if (t <= appears)
        {
            return t;
        }
        bool own = false;
        for (const Sensed& c : sensed)
        {
            own = own || (c.own && c.from <= appears && appears < c.to);
        }
        int64_t drop = appears;
        std::size_t j = i;
        while (j < n && sensed[j].from <= drop)
        {
            drop = std::max(drop, sensed[j].to);
            ++j;
        }
        if (!own)
        {
            while (j < n && sensed[j].from < drop + m_gapPart1)
            {
                drop = std::max(drop, sensed[j].to);
                ++j;
                while (j < n && sensed[j].from <= drop)
                {
                    drop = std::max(drop, sensed[j].to);
                    ++j;
                }
            }
        }
        const int64_t free = drop + m_gap;
        if (t < free)
        {
            return free;
        }
        cursor = free;
        i = j;
    }
}

int64_t
EthernetCable::Add(const Transmission& tx, std::vector<std::pair<uint64_t, int64_t>>& heard)
{
    heard.clear();
    const int64_t now = tx.start;
    int64_t detect = NEVER;
    for (const Transmission& other : m_transmissions)
    {
        const int64_t d = Distance(other.station, tx.station);
        if (other.end + d > now && other.start + d < tx.end)
        {
            detect = std::min(detect, std::max(now, other.start + d));
        }
        if (!other.aborted && now + d < other.end)
        {
            heard.emplace_back(other.id, now + d);
        }
    }
    m_transmissions.push_back(tx);
    m_transmissions.back().detect = NEVER;
    return detect;
}

EthernetCable::Transmission&
EthernetCable::Back()
{
    NS_ASSERT(!m_transmissions.empty());
    return m_transmissions.back();
}

EthernetCable::Transmission*
EthernetCable::Find(uint64_t id)
{
    if (m_transmissions.empty() || id < m_transmissions.front().id)
    {
        return nullptr;
    }
    const uint64_t index = id - m_transmissions.front().id;
    return index < m_transmissions.size() ? &m_transmissions[index] : nullptr;
}

bool
EthernetCable::IsGarbledAt(const Transmission& tx, uint32_t station) const
{
    const int64_t d = Distance(tx.station, station);
    const int64_t first = tx.start + d;
    const int64_t last = tx.end + d;
    return std::any_of(m_transmissions.begin(),
                       m_transmissions.end(),
                       [&](const Transmission& other) {
                           const int64_t e = Distance(other.station, station);
                           return other.id != tx.id && other.start + e < last &&
                                  other.end + e > first;
                       });
}

int64_t
EthernetCable::SendingUntil(uint32_t station, int64_t now) const
{
    int64_t until = now;
    for (const Transmission& tx : m_transmissions)
    {
        if (tx.station == station)
        {
            until = std::max(until, tx.end);
        }
    }
    return until;
}

void
EthernetCable::Prune(int64_t now, int64_t horizon)
{
    while (!m_transmissions.empty())
    {
        const Transmission& tx = m_transmissions.front();
        if (tx.end + horizon >= now || tx.detect != NEVER || tx.endPending)
        {
            break;
        }
        m_transmissions.pop_front();
    }
}

void
EthernetCable::Clear()
{
    m_positions.clear();
    m_transmissions.clear();
}

} // namespace ns3
