#include "netblt-checksum.h"
namespace ns3
{
uint16_t
NetbltChecksum(Buffer::Iterator start, uint32_t size)
{
    uint32_t sum = 0;
    for (uint32_t i = 0; i + 1 < size; i += 2)
    {
        sum += start.ReadNtohU16();
    }
    if (size % 2)
    {
        sum += static_cast<uint32_t>(start.ReadU8()) << 8;
    }
    while (sum >> 16)
    {
        sum = (sum & 0xffff) + (sum >> 16);
    }
    return static_cast<uint16_t>(~sum);
}
}
