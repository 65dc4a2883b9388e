/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "time-sequence.h"

#include "ns3/simulator.h"

namespace ns3
{

void
TimeSequence::Add(Kind kind, uint32_t buffer, uint32_t packet, uint64_t offset, uint32_t amount)
{
    m_times.push_back(Simulator::Now().GetSeconds());
    m_kinds.push_back(kind);
    m_buffers.push_back(buffer);
    m_packets.push_back(packet);
    m_offsets.push_back(offset);
    m_amounts.push_back(amount);
}

uint32_t
TimeSequence::GetSize() const
{
    return static_cast<uint32_t>(m_times.size());
}

const std::vector<double>&
TimeSequence::GetTimes() const
{
    return m_times;
}

const std::vector<uint8_t>&
TimeSequence::GetKinds() const
{
    return m_kinds;
}

const std::vector<uint32_t>&
TimeSequence::GetBuffers() const
{
    return m_buffers;
}

const std::vector<uint32_t>&
TimeSequence::GetPackets() const
{
    return m_packets;
}

const std::vector<uint64_t>&
TimeSequence::GetOffsets() const
{
    return m_offsets;
}

const std::vector<uint32_t>&
TimeSequence::GetAmounts() const
{
    return m_amounts;
}

} // namespace ns3
