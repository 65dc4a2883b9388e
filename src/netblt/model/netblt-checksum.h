/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_CHECKSUM_H
#define NETBLT_CHECKSUM_H

#include "ns3/buffer.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief Computes the NETBLT checksum of RFC 998 section 5.1.
 *
 * RFC 998 section 5.1: "The checksum value is the bitwise negation of the
 * ones-complement sum of the 16-bit words being checksummed." The words are
 * read big-endian (network order) from the @p size bytes that start at
 * @p start and are added with end-around carry; when @p size is odd, the last
 * byte is the high-order byte of a final word whose low-order byte is zero.
 *
 * The same function serves the packet checksum (the checksum field itself is
 * taken as zero, i.e. left out of the sum) and the DATA/LDATA data-area
 * checksum. A receiver can also check a packet by summing all of its words,
 * checksum field included: the ones'-complement sum of a correct packet is
 * 0xffff, so NetbltChecksum() over the whole packet returns 0.
 *
 * @param start iterator on the first byte to sum; it is taken by value, so the
 *        caller's iterator does not move
 * @param size number of bytes to sum; the caller guarantees that at least this
 *        many bytes follow @p start in the buffer
 * @return the bitwise negation of the ones'-complement sum (0xffff for
 *         @p size 0)
 */
uint16_t NetbltChecksum(Buffer::Iterator start, uint32_t size);

} // namespace ns3

#endif /* NETBLT_CHECKSUM_H */
