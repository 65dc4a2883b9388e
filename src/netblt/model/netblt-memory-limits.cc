/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-memory-limits.h"

namespace ns3
{

uint64_t
NetbltMemoryLimits::GetBufferBytes(const NetbltTransferParameters& parameters)
{
    return static_cast<uint64_t>(parameters.bufferSize) * parameters.maxOutstandingBuffers;
}

std::string
NetbltMemoryLimits::Check(const NetbltTransferParameters& parameters, uint64_t heldBytes) const
{
    if (parameters.bufferSize > maxBufferSize)
    {
        return "buffer size " + std::to_string(parameters.bufferSize) +
               " bytes exceeds this host's MaxBufferSize of " + std::to_string(maxBufferSize) +
               " bytes";
    }
    uint64_t asked = GetBufferBytes(parameters);
    if (asked > maxConnectionBufferBytes)
    {
        return std::to_string(parameters.maxOutstandingBuffers) + " buffers of " +
               std::to_string(parameters.bufferSize) + " bytes exceed this host's " +
               "MaxConnectionBufferBytes of " + std::to_string(maxConnectionBufferBytes) + " bytes";
    }
    if (heldBytes + asked > maxNodeBufferBytes)
    {
        return std::to_string(asked) + " bytes of buffers beside the " + std::to_string(heldBytes) +
               " bytes held exceed this host's MaxNodeBufferBytes of " +
               std::to_string(maxNodeBufferBytes) + " bytes";
    }
    return "";
}

} // namespace ns3
