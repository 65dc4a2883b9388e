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
    // 64 bits cannot overflow: at most 2^31 words of at most 0xffff each.
    uint64_t sum = 0;
    for (uint32_t j = 0; j + 1 < size; j += 2)
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
