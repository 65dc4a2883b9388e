/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-static-rate-policy.h"

#include <algorithm>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(NetbltStaticRatePolicy);

TypeId
NetbltStaticRatePolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::NetbltStaticRatePolicy")
                            .SetParent<NetbltRatePolicy>()
                            .SetGroupName("Netblt")
                            .AddConstructor<NetbltStaticRatePolicy>();
    return tid;
}

void
NetbltStaticRatePolicy::Established(const NetbltTransferParameters& negotiated, Time /* now */)
{
    SetValues(negotiated.burstSize, negotiated.burstIntervalMs, negotiated.maxOutstandingBuffers);
}

void
NetbltStaticRatePolicy::OfferReceived(uint16_t burstSize, uint16_t burstIntervalMs)
{
    const NetbltTransferParameters& limits = GetLimits();
    SetValues(std::max<uint16_t>(1, std::min(burstSize, limits.burstSize)),
              std::max(burstIntervalMs, limits.burstIntervalMs),
              GetOutstandingBuffers());
}

} // namespace ns3
