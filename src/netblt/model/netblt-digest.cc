/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "netblt-digest.h"

#include <bit>
#include <cstring>
#include <memory>

namespace ns3
{

uint64_t
NetbltDigest::Step(uint64_t state, uint64_t word)
{
    constexpr uint64_t fnvPrime = 1099511628211ULL;
    state = (state ^ word) * fnvPrime;
    return state ^ (state >> 32);
}

uint64_t
NetbltDigest::LoadWord(const uint8_t* bytes)
{
    uint64_t word;
    std::memcpy(&word, bytes, sizeof(word));
    if constexpr (std::endian::native == std::endian::big)
    {
        word = __builtin_bswap64(word); // the same digest on every host
    }
    return word;
}

void
NetbltDigest::Add(const uint8_t* bytes, uint32_t size)
{
    uint32_t taken = 0;
    while (m_partialSize > 0 && taken < size)
    {
        m_partial[m_partialSize++] = bytes[taken++];
        if (m_partialSize == m_partial.size())
        {
            m_state = Step(m_state, LoadWord(m_partial.data()));
            m_partialSize = 0;
        }
    }
    for (; taken + sizeof(uint64_t) <= size; taken += sizeof(uint64_t))
    {
        m_state = Step(m_state, LoadWord(bytes + taken));
    }
    while (taken < size)
    {
        m_partial[m_partialSize++] = bytes[taken++];
    }
}

void
NetbltDigest::Add(Ptr<const Packet> packet)
{
    // Every byte is copied in, so none is zeroed first.
    const uint32_t size = packet->GetSize();
    const std::unique_ptr<uint8_t[]> bytes(new uint8_t[size]);
    packet->CopyData(bytes.get(), size);
    Add(bytes.get(), size);
}

uint64_t
NetbltDigest::GetValue() const
{
    uint64_t state = m_state;
    for (uint32_t i = 0; i < m_partialSize; ++i)
    {
        state = Step(state, m_partial[i]);
    }
    return state;
}

} // namespace ns3
