/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-rate-policy.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(NetbltRatePolicy);

TypeId
NetbltRatePolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::NetbltRatePolicy").SetParent<Object>().SetGroupName("Netblt");
    return tid;
}

void
NetbltRatePolicy::SetLimits(const NetbltTransferParameters& limits)
{
    m_limits = limits;
}

void
NetbltRatePolicy::OfferReceived(uint16_t /* burstSize */, uint16_t /* burstIntervalMs */)
{
}

void
NetbltRatePolicy::ExplicitRateReceived(uint16_t burstSize, uint16_t burstIntervalMs, Time now)
{
    OfferReceived(burstSize, burstIntervalMs);
}

void
NetbltRatePolicy::BufferSent(uint32_t /* buffer */, uint16_t /* packets */, Time /* now */)
{
}

void
NetbltRatePolicy::BurstSent(uint16_t /* packets */, Time /* duration */)
{
}

void
NetbltRatePolicy::BufferAcknowledged(uint32_t /* buffer */,
                                     Time /* controlTimer */,
                                     Time /* burstSpacing */,
                                     Time /* now */)
{
}

bool
NetbltRatePolicy::WantsRateReports() const
{
    return false;
}

bool
NetbltRatePolicy::WantsExplicitRate() const
{
    return false;
}

void
NetbltRatePolicy::ResendReceived(uint32_t /* buffer */, uint32_t /* missing */, Time /* now */)
{
}

void
NetbltRatePolicy::QuenchReceived(Time /* now */)
{
}

uint16_t
NetbltRatePolicy::GetBurstSize() const
{
    return m_burstSize;
}

uint16_t
NetbltRatePolicy::GetBurstIntervalMs() const
{
    return m_burstIntervalMs;
}

uint16_t
NetbltRatePolicy::GetOutstandingBuffers() const
{
    return m_outstandingBuffers;
}

const NetbltTransferParameters&
NetbltRatePolicy::GetLimits() const
{
    return m_limits;
}

void
NetbltRatePolicy::SetValues(uint16_t burstSize,
                            uint16_t burstIntervalMs,
                            uint16_t outstandingBuffers)
{
    m_burstSize = burstSize;
    m_burstIntervalMs = burstIntervalMs;
    m_outstandingBuffers = outstandingBuffers;
}

} // namespace ns3
