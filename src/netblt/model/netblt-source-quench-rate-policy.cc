/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-source-quench-rate-policy.h"

#include "netblt-quench-delay.h"

#include "ns3/log.h"
#include "ns3/pointer.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltSourceQuenchRatePolicy");

NS_OBJECT_ENSURE_REGISTERED(NetbltSourceQuenchRatePolicy);

TypeId
NetbltSourceQuenchRatePolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NetbltSourceQuenchRatePolicy")
            .SetParent<NetbltDeliveryRatePolicy>()
            .SetGroupName("Netblt")
            .AddConstructor<NetbltSourceQuenchRatePolicy>()
            .AddAttribute("QuenchDelay",
                          "RFC 1016's SQuID delay, for its own attributes.",
                          TypeId::ATTR_GET,
                          PointerValue(),
                          MakePointerAccessor(&NetbltSourceQuenchRatePolicy::m_delay),
                          MakePointerChecker<NetbltQuenchDelay>());
    return tid;
}

NetbltSourceQuenchRatePolicy::NetbltSourceQuenchRatePolicy()
    : m_delay(CreateObject<NetbltQuenchDelay>())
{
    NS_LOG_FUNCTION(this);
}

NetbltSourceQuenchRatePolicy::~NetbltSourceQuenchRatePolicy()
{
    NS_LOG_FUNCTION(this);
}

void
NetbltSourceQuenchRatePolicy::QuenchReceived(Time now)
{
    NS_LOG_FUNCTION(this << now);
    ++m_quenches;
    if (m_delay->Quench(now))
    {
        SetPacketSpacing(m_delay->PeekDelay());
    }
}

void
NetbltSourceQuenchRatePolicy::BufferSent(uint32_t buffer, uint16_t packets, Time now)
{
    NetbltDeliveryRatePolicy::BufferSent(buffer, packets, now);
    ApplyDelay(now);
}

void
NetbltSourceQuenchRatePolicy::BufferAcknowledged(uint32_t buffer,
                                                 Time controlTimer,
                                                 Time burstSpacing,
                                                 Time now)
{
    NetbltDeliveryRatePolicy::BufferAcknowledged(buffer, controlTimer, burstSpacing, now);
    ApplyDelay(now);
}

void
NetbltSourceQuenchRatePolicy::ResendReceived(uint32_t buffer, uint32_t missing, Time now)
{
    NetbltDeliveryRatePolicy::ResendReceived(buffer, missing, now);
    ApplyDelay(now);
}

uint32_t
NetbltSourceQuenchRatePolicy::GetQuenches() const
{
    return m_quenches;
}

Time
NetbltSourceQuenchRatePolicy::GetQuenchDelay() const
{
    return m_delay->PeekDelay();
}

void
NetbltSourceQuenchRatePolicy::ForgetQuenches()
{
    m_delay->Reset();
    SetPacketSpacing(Time(0));
}

void
NetbltSourceQuenchRatePolicy::ApplyDelay(Time now)
{
    // RFC 1016's decrease events come as the sender sends: a buffer sent is one such moment.
    if (m_delay->PeekDelay().IsStrictlyPositive())
    {
        SetPacketSpacing(m_delay->GetDelay(now));
    }
}

} // namespace ns3
