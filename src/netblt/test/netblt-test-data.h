/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_TEST_DATA_H
#define NETBLT_TEST_DATA_H

#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup netblt-tests
 * Client data for the NETBLT tests: reproducible bytes, a packet's bytes, their digest. The
 * netblt module's buffer tests use them, and so do the transfer tests of netblt-experiment
 * (its test_deps), whose fixture includes this header.
 */

namespace ns3
{

namespace netblt_test
{

/**
 * @param size how many bytes
 * @param seed which pattern
 * @return reproducible pseudo-random bytes
 */
std::vector<uint8_t> MakeData(uint32_t size, uint32_t seed);

/**
 * @param packet a packet
 * @return its bytes
 */
std::vector<uint8_t> PacketBytes(Ptr<const Packet> packet);

/**
 * @param bytes some bytes
 * @return their digest as NetbltDigest computes it
 */
uint64_t Digest(const std::vector<uint8_t>& bytes);

} // namespace netblt_test
} // namespace ns3

#endif /* NETBLT_TEST_DATA_H */
