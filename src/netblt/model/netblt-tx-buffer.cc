/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-tx-buffer.h"

#include "ns3/assert.h"

#include <algorithm>

namespace ns3
{

NetbltTxBuffer::NetbltTxBuffer(uint32_t packetSize)
    : m_packetSize(packetSize)
{
    NS_ASSERT(packetSize > 0);
}

void
NetbltTxBuffer::SetPacketSize(uint32_t packetSize)
{
    NS_ASSERT(packetSize > 0);
    m_packetSize = packetSize;
}

uint32_t
NetbltTxBuffer::Add(Ptr<Packet> data, bool last)
{
    uint32_t number = m_nextNumber++;
    Buffer& buffer = m_buffers[number];
    buffer.data = data;
    buffer.last = last;
    buffer.packetCount = static_cast<uint16_t>((data->GetSize() + m_packetSize - 1) / m_packetSize);
    buffer.sentOnce.assign(buffer.packetCount, false);
    m_bytesHandedOver += data->GetSize();
    m_lastGiven = last;
    if (m_earlyGos.erase(number))
    {
        QueueAll(buffer);
    }
    return number;
}

void
NetbltTxBuffer::Go(uint32_t number)
{
    auto it = m_buffers.find(number);
    if (it != m_buffers.end())
    {
        if (!it->second.goReceived)
        {
            QueueAll(it->second);
        }
    }
    else if (number >= m_nextNumber)
    {
        m_earlyGos.insert(number);
    }
}

uint32_t
NetbltTxBuffer::Ok(uint32_t number)
{
    auto it = m_buffers.find(number);
    if (it == m_buffers.end())
    {
        return 0;
    }
    uint32_t bytes = it->second.data->GetSize();
    m_buffers.erase(it);
    return bytes;
}

uint32_t
NetbltTxBuffer::Resend(uint32_t number, const std::vector<uint16_t>& missing)
{
    auto it = m_buffers.find(number);
    if (it == m_buffers.end())
    {
        return 0;
    }
    Buffer& buffer = it->second;
    ++buffer.resends;
    if (!buffer.goReceived)
    {
        // The receiver asks again only for a buffer it has sent a GO for. That GO never took
        // effect here (its sequence number was taken by a message the receiver did not send,
        // soak fuzz seed 3): the RESEND stands for it, or the buffer would never go.
        QueueAll(buffer);
        return buffer.resends;
    }
    for (uint16_t requested : missing)
    {
        uint16_t packet = std::min<uint16_t>(requested, buffer.packetCount - 1);
        if (buffer.sentOnce[packet])
        {
            buffer.toSend.insert(packet);
        }
    }
    return buffer.resends;
}

void
NetbltTxBuffer::QueueAll(Buffer& buffer)
{
    buffer.goReceived = true;
    for (uint16_t p = 0; p < buffer.packetCount; ++p)
    {
        buffer.toSend.insert(p);
    }
}

bool
NetbltTxBuffer::IsGoReceived(uint32_t number) const
{
    auto it = m_buffers.find(number);
    return it != m_buffers.end() && it->second.goReceived;
}

bool
NetbltTxBuffer::IsReleased(uint32_t number) const
{
    return number >= 1 && number < m_nextNumber && m_buffers.find(number) == m_buffers.end();
}

bool
NetbltTxBuffer::HasDataToSend() const
{
    return std::any_of(m_buffers.begin(), m_buffers.end(), [](const auto& entry) {
        return entry.second.goReceived && !entry.second.toSend.empty();
    });
}

bool
NetbltTxBuffer::NextPacket(Transmission& transmission)
{
    for (auto& [number, buffer] : m_buffers)
    {
        if (!buffer.goReceived || buffer.toSend.empty())
        {
            continue;
        }
        uint16_t packetNumber = *buffer.toSend.begin();
        buffer.toSend.erase(buffer.toSend.begin());
        uint32_t size = buffer.data->GetSize();
        transmission.buffer = number;
        transmission.packet = packetNumber;
        transmission.offset = static_cast<uint32_t>(packetNumber) * m_packetSize;
        transmission.length = std::min(m_packetSize, size - transmission.offset);
        transmission.lastPacket = packetNumber + 1 == buffer.packetCount;
        transmission.lastBuffer = buffer.last;
        transmission.retransmission = buffer.sentOnce[packetNumber];
        transmission.bufferSize = size;
        transmission.data = buffer.data->CreateFragment(transmission.offset, transmission.length);
        buffer.sentOnce[packetNumber] = true;
        return true;
    }
    return false;
}

uint32_t
NetbltTxBuffer::GetHeldCount() const
{
    return static_cast<uint32_t>(m_buffers.size());
}

bool
NetbltTxBuffer::IsLastGiven() const
{
    return m_lastGiven;
}

bool
NetbltTxBuffer::IsDone() const
{
    return m_lastGiven && m_buffers.empty();
}

uint64_t
NetbltTxBuffer::GetBytesHandedOver() const
{
    return m_bytesHandedOver;
}

void
NetbltTxBuffer::Clear()
{
    m_buffers.clear();
    m_earlyGos.clear();
}

} // namespace ns3
