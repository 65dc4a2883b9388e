#include "netblt-digest.h"

#include <vector>

namespace ns3
{

uint64_t
NetbltDigest(uint64_t digest, Ptr<const Packet> packet)
{
    std::vector<uint8_t> bytes(packet->GetSize());
    packet->CopyData(bytes.data(), bytes.size());
    for (uint8_t byte : bytes)
    {
        digest ^= byte;
        digest *= 1099511628211ULL; // FNV-1a 64-bit prime
    }
    return digest;
}

} // namespace ns3
