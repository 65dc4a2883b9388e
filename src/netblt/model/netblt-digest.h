#ifndef NETBLT_DIGEST_H
#define NETBLT_DIGEST_H

#include "ns3/packet.h"

#include <cstdint>

namespace ns3
{

/// FNV-1a 64-bit offset basis: the digest of no bytes.
constexpr uint64_t NETBLT_DIGEST_INITIAL = 14695981039346656037ULL;

/**
 * @ingroup netblt
 * Extends a 64-bit FNV-1a digest with the bytes of a packet, so that the digests of what a
 * sending client gave and a receiving client got can be compared.
 * @param digest the digest so far (NETBLT_DIGEST_INITIAL to start)
 * @param packet the bytes to add
 * @return the extended digest
 */
uint64_t NetbltDigest(uint64_t digest, Ptr<const Packet> packet);

} // namespace ns3

#endif /* NETBLT_DIGEST_H */
