/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "netblt-digest.h"

#include <bit>
#include <cstring>
#include <ostream>
#include <streambuf>

namespace ns3
{

namespace
{

/// A stream buffer that adds whatever is written to it to a digest.
class DigestStreamBuffer : public std::streambuf
{
  public:
    /** @param digest the digest the written bytes go to */
    explicit DigestStreamBuffer(NetbltDigest& digest)
        : m_digest(digest)
    {
    }

  protected:
    std::streamsize xsputn(const char* bytes, std::streamsize size) override
    {
        m_digest.Add(reinterpret_cast<const uint8_t*>(bytes), static_cast<uint32_t>(size));
        return size;
    }

    int_type overflow(int_type byte) override
    {
        if (!traits_type::eq_int_type(byte, traits_type::eof()))
        {
            const auto value = static_cast<uint8_t>(traits_type::to_char_type(byte));
            m_digest.Add(&value, 1);
        }
        return traits_type::not_eof(byte);
    }

  private:
    NetbltDigest& m_digest; //!< where the bytes go
};

} // namespace

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
NetbltDigest::TakeWord(uint64_t word)
{
    uint64_t& lane = m_lanes[m_words % m_lanes.size()];
    lane = Step(lane, word);
    ++m_words;
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
            TakeWord(LoadWord(m_partial.data()));
            m_partialSize = 0;
        }
    }
    constexpr uint32_t wordSize = sizeof(uint64_t);
    // Up to lane 0, then four words at a time: the four chains are independent.
    while (m_words % m_lanes.size() != 0 && taken + wordSize <= size)
    {
        TakeWord(LoadWord(bytes + taken));
        taken += wordSize;
    }
    // The lanes in locals: they stay in registers, where stores to members could alias the
    // bytes read.
    std::array<uint64_t, 4> lanes = m_lanes;
    const uint32_t wholeLanes = (size - taken) / (4 * wordSize);
    for (uint32_t k = 0; k < wholeLanes; ++k, taken += 4 * wordSize)
    {
        lanes[0] = Step(lanes[0], LoadWord(bytes + taken));
        lanes[1] = Step(lanes[1], LoadWord(bytes + taken + wordSize));
        lanes[2] = Step(lanes[2], LoadWord(bytes + taken + 2 * wordSize));
        lanes[3] = Step(lanes[3], LoadWord(bytes + taken + 3 * wordSize));
    }
    m_lanes = lanes;
    m_words += 4 * uint64_t{wholeLanes};
    for (; taken + wordSize <= size; taken += wordSize)
    {
        TakeWord(LoadWord(bytes + taken));
    }
    while (taken < size)
    {
        m_partial[m_partialSize++] = bytes[taken++];
    }
}

void
NetbltDigest::Add(Ptr<const Packet> packet)
{
    // The packet writes its bytes, from where it keeps them, to a stream whose buffer digests
    // them: no copy. (The digest does not depend on how the bytes are cut into calls.)
    DigestStreamBuffer sink(*this);
    std::ostream stream(&sink);
    packet->CopyData(&stream, packet->GetSize());
}

uint64_t
NetbltDigest::GetValue() const
{
    uint64_t state = m_lanes[0];
    for (std::size_t lane = 1; lane < m_lanes.size(); ++lane)
    {
        state = Step(state, m_lanes[lane]);
    }
    state = Step(state, m_words);
    for (uint32_t i = 0; i < m_partialSize; ++i)
    {
        state = Step(state, m_partial[i]);
    }
    return state;
}

} // namespace ns3
