/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-checksum.h"

#include "ns3/assert.h"

#include <algorithm>
#include <array>

namespace ns3
{

uint16_t
NetbltChecksum(Buffer::Iterator start, uint32_t size)
{
    NS_ASSERT_MSG(size <= start.GetRemainingSize(),
                  "NetbltChecksum over " << size << " bytes but only " << start.GetRemainingSize()
                                         << " are left");
    // The bytes are copied out a block at a time and summed from memory: reading them a word at
    // a time through the iterator costs a bounds check per word, 3 % of an Ethernet transfer's
    // time. The blocks have an even size, so every word lies within one block.
    constexpr uint32_t blockSize = 512;
    std::array<uint8_t, blockSize> block;
    // 64 bits cannot overflow: at most 2^31 words of at most 0xffff each.
    uint64_t sum = 0;
    for (uint32_t done = 0; done < size;)
    {
        const uint32_t n = std::min(blockSize, size - done);
        start.Read(block.data(), n);
        uint32_t j = 0;
        for (; j + 1 < n; j += 2)
        {
            sum += (static_cast<uint32_t>(block[j]) << 8) | block[j + 1];
        }
        if (j < n)
        {
            sum += static_cast<uint64_t>(block[j]) << 8; // only in the last block
        }
        done += n;
    }
    // End-around carry: adding the carries back in is the ones'-complement sum.
    while (sum >> 16)
    {
        sum = (sum & 0xffff) + (sum >> 16);
    }
    return static_cast<uint16_t>(~sum);
}

} // namespace ns3
