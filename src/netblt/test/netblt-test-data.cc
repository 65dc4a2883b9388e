/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-test-data.h"

#include "ns3/netblt-digest.h"

namespace ns3
{
namespace netblt_test
{

std::vector<uint8_t>
MakeData(uint32_t size, uint32_t seed)
{
    std::vector<uint8_t> bytes(size);
    uint64_t state = 0x9e3779b97f4a7c15ULL * (seed + 1);
    for (uint8_t& byte : bytes)
    {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        byte = static_cast<uint8_t>(state >> 56);
    }
    return bytes;
}

std::vector<uint8_t>
PacketBytes(Ptr<const Packet> packet)
{
    std::vector<uint8_t> bytes(packet->GetSize());
    packet->CopyData(bytes.data(), bytes.size());
    return bytes;
}

uint64_t
Digest(const std::vector<uint8_t>& bytes)
{
    NetbltDigest digest;
    digest.Add(bytes.data(), bytes.size());
    return digest.GetValue();
}

} // namespace netblt_test
} // namespace ns3
