/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-checksum.h"

#include "ns3/assert.h"

namespace ns3
{

uint16_t
NetbltChecksum(Buffer::Iterator start, uint32_t size)
{
    NS_ASSERT_MSG(size <= start.GetRemainingSize(),
                  "NetbltChecksum over " << size << " bytes but only " << start.GetRemainingSize()
                                         << " are left");
    // Two words at a time: a 32-bit word is 2^16 x high + low, and 2^16 is 1 in ones'-complement
    // arithmetic (mod 0xffff), so the end-around carry below folds the high words in as if they
    // had been added one by one. 64 bits cannot overflow: at most 2^30 words of at most
    // 0xffffffff each.
    uint64_t sum = 0;
    uint32_t j = 0;
    for (; j + 3 < size; j += 4)
    {
        sum += start.ReadNtohU32();
    }
    if (j + 1 < size)
    {
        sum += start.ReadNtohU16();
    }
    if (size % 2)
    {
        sum += static_cast<uint64_t>(start.ReadU8()) << 8;
    }
    // End-around carry: adding the carries back in is the ones'-complement sum.
    while (sum >> 16)
    {
        sum = (sum & 0xffff) + (sum >> 16);
    }
    return static_cast<uint16_t>(~sum);
}

} // namespace ns3
