/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-rx-buffer.h"

#include "ns3/assert.h"

#include <algorithm>
#include <cstring>

namespace ns3
{

uint32_t
NetbltRxBuffer::Buffer::GetRemaining() const
{
    return expectedCount - receivedCount;
}

bool
NetbltRxBuffer::Buffer::IsComplete() const
{
    return countKnown && receivedCount >= expectedCount &&
           std::all_of(received.begin(), received.begin() + expectedCount, [](bool b) {
               return b;
           });
}

Time
NetbltRxBuffer::Buffer::GetBurstSpacing(uint16_t burstSize) const
{
    if (burstSize < 2 || arrivals.size() < burstSize)
    {
        return Time(0);
    }
    Time densest = Time::Max();
    for (std::size_t first = 0; first + burstSize <= arrivals.size(); ++first)
    {
        densest = std::min(densest, arrivals[first + burstSize - 1] - arrivals[first]);
    }
    return densest / static_cast<int64_t>(burstSize - 1);
}

void
NetbltRxBuffer::SetSizes(uint32_t packetSize, uint32_t bufferSize)
{
    NS_ASSERT(packetSize > 0 && bufferSize >= packetSize);
    m_packetSize = packetSize;
    m_bufferSize = bufferSize;
}

uint32_t
NetbltRxBuffer::Open()
{
    uint32_t number = m_nextOpen++;
    Buffer& buffer = m_buffers[number];
    buffer.state = ACK_WAIT;
    buffer.expectedCount = static_cast<uint16_t>((m_bufferSize + m_packetSize - 1) / m_packetSize);
    buffer.countKnown = true;
    buffer.length = m_bufferSize;
    buffer.received.assign(buffer.expectedCount, false);
    // Not zeroed: every byte delivered is written by Store() first (a complete buffer holds
    // each of its packets).
    buffer.bytes.reset(new uint8_t[m_bufferSize]);
    return number;
}

NetbltRxBuffer::Buffer*
NetbltRxBuffer::Find(uint32_t number)
{
    auto it = m_buffers.find(number);
    return it == m_buffers.end() ? nullptr : &it->second;
}

NetbltRxBuffer::Arrival
NetbltRxBuffer::Classify(uint32_t number,
                         uint16_t packet,
                         uint32_t length,
                         bool ldata,
                         bool lastBuffer) const
{
    if (number < m_nextDeliver)
    {
        return ALREADY_DELIVERED;
    }
    auto it = m_buffers.find(number);
    uint32_t offset = static_cast<uint32_t>(packet) * m_packetSize;
    if (it == m_buffers.end() || packet >= it->second.received.size() || length > m_packetSize ||
        offset + length > m_bufferSize || (!ldata && length != m_packetSize))
    {
        return VIOLATION;
    }
    const Buffer& buffer = it->second;
    // The packet count is fixed: a full buffer's, or the one an LDATA gave, unless this packet's
    // L flag is news and makes the buffer a (possibly short) last one.
    bool countFixed = buffer.countKnown && (buffer.last || !lastBuffer);
    if (countFixed && (packet >= buffer.expectedCount ||
                       (ldata && static_cast<uint32_t>(packet) + 1 != buffer.expectedCount)))
    {
        return VIOLATION; // past the buffer's end, or an LDATA that is not its last packet
    }
    if (ldata && std::any_of(buffer.received.begin() + packet + 1,
                             buffer.received.end(),
                             [](bool held) { return held; }))
    {
        return VIOLATION; // an LDATA before packets already held
    }
    if (buffer.state == RECEIVED || buffer.received[packet])
    {
        return DUPLICATE;
    }
    return NEW_PACKET;
}

std::vector<EventId>
NetbltRxBuffer::Store(uint32_t number,
                      uint16_t packet,
                      Ptr<const Packet> data,
                      uint32_t length,
                      bool ldata,
                      bool lastBuffer)
{
    auto it = m_buffers.find(number);
    NS_ASSERT_MSG(it != m_buffers.end(), "buffer " << number << " is not open");
    Buffer& buffer = it->second;
    uint32_t offset = static_cast<uint32_t>(packet) * m_packetSize;
    data->CopyData(buffer.bytes.get() + offset, length);
    // What a short packet leaves of its slot is zero, as if the buffer had been zeroed: a later
    // LDATA may make the buffer longer than this packet's end.
    const uint32_t slotEnd = std::min(offset + m_packetSize, m_bufferSize);
    if (offset + length < slotEnd)
    {
        std::memset(buffer.bytes.get() + offset + length, 0, slotEnd - offset - length);
    }
    buffer.received[packet] = true;
    ++buffer.receivedCount;
    std::vector<EventId> forgotten;
    if (lastBuffer && !buffer.last)
    {
        buffer.last = true;
        buffer.countKnown = false;
        for (auto later = std::next(it); later != m_buffers.end();)
        {
            forgotten.push_back(later->second.dataTimer);
            later = m_buffers.erase(later);
        }
    }
    if (ldata)
    {
        buffer.expectedCount = packet + 1;
        buffer.countKnown = true;
        buffer.length = offset + length;
    }
    return forgotten;
}

uint32_t
NetbltRxBuffer::PacketsAheadOf(uint32_t number) const
{
    uint32_t ahead = 0;
    for (const auto& [other, buffer] : m_buffers)
    {
        if (other >= number)
        {
            break;
        }
        if (buffer.state != RECEIVED)
        {
            ahead += buffer.GetRemaining();
        }
    }
    return ahead;
}

std::vector<uint16_t>
NetbltRxBuffer::GetMissing(uint32_t number, uint32_t room) const
{
    std::vector<uint16_t> missing;
    const Buffer& buffer = m_buffers.at(number);
    for (uint16_t p = 0; p < buffer.expectedCount && missing.size() < room; ++p)
    {
        if (!buffer.received[p])
        {
            missing.push_back(p);
        }
    }
    return missing;
}

bool
NetbltRxBuffer::TakeDeliverable(uint32_t& number, Ptr<Packet>& data, bool& last)
{
    auto it = m_buffers.find(m_nextDeliver);
    if (it == m_buffers.end() || it->second.state != RECEIVED)
    {
        return false;
    }
    number = it->first;
    last = it->second.last;
    data = Create<Packet>(it->second.bytes.get(), it->second.length);
    m_buffers.erase(it);
    ++m_nextDeliver;
    return true;
}

bool
NetbltRxBuffer::IsAnyAwaitingData() const
{
    return std::any_of(m_buffers.begin(), m_buffers.end(), [](const auto& entry) {
        return entry.second.state == ACKED || entry.second.state == RECEIVING;
    });
}

bool
NetbltRxBuffer::IsLastKnown() const
{
    return std::any_of(m_buffers.begin(), m_buffers.end(), [](const auto& entry) {
        return entry.second.last;
    });
}

uint32_t
NetbltRxBuffer::GetOpenCount() const
{
    return static_cast<uint32_t>(m_buffers.size());
}

std::map<uint32_t, NetbltRxBuffer::Buffer>&
NetbltRxBuffer::GetBuffers()
{
    return m_buffers;
}

std::vector<EventId>
NetbltRxBuffer::GetDataTimers() const
{
    std::vector<EventId> timers;
    for (const auto& [number, buffer] : m_buffers)
    {
        timers.push_back(buffer.dataTimer);
    }
    return timers;
}

void
NetbltRxBuffer::Clear()
{
    m_buffers.clear();
}

} // namespace ns3
