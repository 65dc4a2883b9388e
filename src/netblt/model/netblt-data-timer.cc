/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-data-timer.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltDataTimer");

NS_OBJECT_ENSURE_REGISTERED(NetbltDataTimer);

TypeId
NetbltDataTimer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NetbltDataTimer")
            .SetParent<Object>()
            .SetGroupName("Netblt")
            .AddAttribute("MinimumMargin",
                          "Smallest allowance a data timer adds to the expected arrival time of "
                          "the buffer's remaining packets (the \"variance factor\" of RFC 998 "
                          "§5.2.2).",
                          TimeValue(MilliSeconds(20)),
                          MakeTimeAccessor(&NetbltDataTimer::m_minimumMargin),
                          MakeTimeChecker(Time(0)));
    return tid;
}

void
NetbltDataTimer::PacketArrived(Time /* now */, const NetbltTransferParameters& /* params */)
{
}

void
NetbltDataTimer::SetArrivalsContinue(bool /* continuing */)
{
}

Time
NetbltDataTimer::GetTimeout(uint32_t packets, const NetbltTransferParameters& params) const
{
    return static_cast<int64_t>(packets) * GetPerPacketTime(params) + GetMargin(params);
}

Time
NetbltDataTimer::GetMinimumMargin() const
{
    return m_minimumMargin;
}

} // namespace ns3
