#ifndef NETBLT_CHECKSUM_H
#define NETBLT_CHECKSUM_H
#include "ns3/buffer.h"
#include <cstdint>
namespace ns3
{
uint16_t NetbltChecksum(Buffer::Iterator start, uint32_t size);
}
#endif
