/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-explicit-rate-policy.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltExplicitRatePolicy");

NS_OBJECT_ENSURE_REGISTERED(NetbltExplicitRatePolicy);

TypeId
NetbltExplicitRatePolicy::GetTypeId()
{
    static TypeId tid = TypeId("ns3::NetbltExplicitRatePolicy")
                            .SetParent<NetbltSourceQuenchRatePolicy>()
                            .SetGroupName("Netblt")
                            .AddConstructor<NetbltExplicitRatePolicy>();
    return tid;
}

bool
NetbltExplicitRatePolicy::WantsExplicitRate() const
{
    return true;
}

void
NetbltExplicitRatePolicy::ExplicitRateReceived(uint16_t burstSize,
                                               uint16_t burstIntervalMs,
                                               Time now)
{
    NS_LOG_FUNCTION(this << burstSize << burstIntervalMs << now);
    if (burstSize == 0 || burstIntervalMs == 0)
    {
        return; // not a rate: a malformed offer changes nothing
    }
    const bool first = !IsExplicitRateHeard();
    m_explicitBurstSize = burstSize;
    m_explicitBurstIntervalMs = burstIntervalMs;
    m_explicitRate = burstSize * 1000.0 / burstIntervalMs;
    // The estimate of the queue was made at the old rate. A rate stamped on a buffer sent after
    // the last quench counts the queue the gateway quenched for, and supersedes the quench; an
    // older one does not, and RFC 1016's delay still bounds it.
    ForgetQueue();
    if (m_acknowledgedSent > m_lastQuench)
    {
        ForgetQuenches();
    }
    if (first)
    {
        // The slow start guarded a path whose capacity no OK had told yet; the gateway's rate
        // tells it. Buffers GO'd and held back would only run down the receiver's data timers.
        EndSlowStart();
    }
    SetBursts(burstSize, burstIntervalMs);
}

bool
NetbltExplicitRatePolicy::IsExplicitRateHeard() const
{
    return m_explicitRate > 0;
}

double
NetbltExplicitRatePolicy::GetExplicitRate() const
{
    return m_explicitRate;
}

void
NetbltExplicitRatePolicy::QuenchReceived(Time now)
{
    m_lastQuench = now;
    NetbltSourceQuenchRatePolicy::QuenchReceived(now);
}

void
NetbltExplicitRatePolicy::Acknowledged(const Sample& sample)
{
    m_acknowledgedSent = sample.sent;
    if (IsExplicitRateHeard())
    {
        // The outstanding buffers follow the round trip measured.
        SetBursts(m_explicitBurstSize, m_explicitBurstIntervalMs);
        return;
    }
    NetbltSourceQuenchRatePolicy::Acknowledged(sample);
}

void
NetbltExplicitRatePolicy::Resent(uint32_t buffer, uint32_t missing, bool first)
{
    if (!IsExplicitRateHeard())
    {
        NetbltSourceQuenchRatePolicy::Resent(buffer, missing, first);
    }
}

} // namespace ns3
