/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NETBLT_MEMORY_LIMITS_H
#define NETBLT_MEMORY_LIMITS_H

#include "netblt-transfer-parameters.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * @ingroup netblt
 * @brief How much buffer memory a host lets its peers' OPENs make it hold as a receiver
 * (NetbltL4Protocol's MaxBufferSize, MaxConnectionBufferBytes and MaxNodeBufferBytes).
 *
 * RFC 998 §2 leaves buffer sizes to the memory available; these are the implementation's
 * limits, so that a peer cannot make a listener allocate more than them, whatever limits the
 * listening client gave. An OPEN that would pass one is refused, naming it (Check()).
 */
struct NetbltMemoryLimits
{
    // The values are NetbltL4Protocol's attributes, which hold the defaults.
    uint32_t maxBufferSize{0};            //!< largest buffer, bytes
    uint64_t maxConnectionBufferBytes{0}; //!< most buffer memory of one connection, bytes
    uint64_t maxNodeBufferBytes{0};       //!< most buffer memory of all connections, bytes

    /**
     * @param parameters a connection's negotiated parameters
     * @return the bytes of buffer memory a receiver of them may hold at once
     */
    static uint64_t GetBufferBytes(const NetbltTransferParameters& parameters);

    /**
     * @param parameters the parameters an OPEN would set up a receiving connection with
     * @param heldBytes the buffer memory this host's receiving connections hold already
     * @return why this host cannot hold their buffers (the limit exceeded, named), or an empty
     *         string if it can
     */
    std::string Check(const NetbltTransferParameters& parameters, uint64_t heldBytes) const;
};

} // namespace ns3

#endif /* NETBLT_MEMORY_LIMITS_H */
