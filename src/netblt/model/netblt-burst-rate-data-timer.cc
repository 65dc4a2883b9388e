/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-burst-rate-data-timer.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(NetbltBurstRateDataTimer);

TypeId
NetbltBurstRateDataTimer::GetTypeId()
{
    static TypeId tid = TypeId("ns3::NetbltBurstRateDataTimer")
                            .SetParent<NetbltDataTimer>()
                            .SetGroupName("Netblt")
                            .AddConstructor<NetbltBurstRateDataTimer>();
    return tid;
}

Time
NetbltBurstRateDataTimer::GetPerPacketTime(const NetbltTransferParameters& params) const
{
    return params.GetBurstInterval() / static_cast<int64_t>(params.burstSize);
}

Time
NetbltBurstRateDataTimer::GetMargin(const NetbltTransferParameters& params) const
{
    return params.GetBurstInterval() + GetMinimumMargin();
}

bool
NetbltBurstRateDataTimer::RecomputesAtEveryArrival() const
{
    return false;
}

} // namespace ns3
