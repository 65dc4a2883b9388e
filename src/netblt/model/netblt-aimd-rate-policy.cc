/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-aimd-rate-policy.h"

#include "ns3/double.h"
#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltAimdRatePolicy");

NS_OBJECT_ENSURE_REGISTERED(NetbltAimdRatePolicy);

TypeId
NetbltAimdRatePolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NetbltAimdRatePolicy")
            .SetParent<NetbltAdaptiveRatePolicy>()
            .SetGroupName("Netblt")
            .AddConstructor<NetbltAimdRatePolicy>()
            .AddAttribute("AdditiveIncrease",
                          "Packets per second added to the rate for each buffer acknowledged "
                          "without a RESEND, after the first cut.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&NetbltAimdRatePolicy::m_additiveIncrease),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("DecreaseFactor",
                          "The rate is multiplied by this on a cut (Jacobson: 0.5; DECbit: "
                          "0.875).",
                          DoubleValue(0.5),
                          MakeDoubleAccessor(&NetbltAimdRatePolicy::m_decreaseFactor),
                          MakeDoubleChecker<double>(0.01, 1))
            .AddAttribute("LossThreshold",
                          "A RESEND cuts the rate if it takes the loss fraction (the moving "
                          "average of the share of a buffer's packets resent) above this: 0 "
                          "cuts on every loss.",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&NetbltAimdRatePolicy::m_lossThreshold),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("LossGain",
                          "Gain of the loss fraction's moving average, per buffer.",
                          DoubleValue(0.125),
                          MakeDoubleAccessor(&NetbltAimdRatePolicy::m_lossGain),
                          MakeDoubleChecker<double>(0, 1));
    return tid;
}

double
NetbltAimdRatePolicy::GetLossFraction() const
{
    return m_lossFraction;
}

bool
NetbltAimdRatePolicy::IsInSlowStart() const
{
    return m_slowStart;
}

void
NetbltAimdRatePolicy::Acknowledged(const Sample& sample)
{
    double resentShare = sample.packets > 0 ? double(sample.missing) / sample.packets : 0.0;
    m_lossFraction += m_lossGain * (std::min(resentShare, 1.0) - m_lossFraction);
    if (!sample.clean || sample.buffer <= m_recoveryBuffer || !IsRateReached(sample))
    {
        return;
    }
    if (m_slowStart)
    {
        Time roundTrip = std::min(GetMinRoundTrip(), sample.roundTrip);
        SetRate(GetRate() + sample.packets / roundTrip.GetSeconds());
    }
    else
    {
        SetRate(GetRate() + m_additiveIncrease);
    }
}

void
NetbltAimdRatePolicy::Resent(uint32_t buffer, uint32_t missing, bool first)
{
    if (!first || buffer <= m_recoveryBuffer)
    {
        return;
    }
    double share = std::min(1.0, double(missing) / GetPacketsPerBuffer());
    double fraction = m_lossFraction + m_lossGain * (share - m_lossFraction);
    if (fraction > m_lossThreshold)
    {
        NS_LOG_LOGIC("cut at buffer " << buffer << ": loss fraction " << fraction);
        m_slowStart = false;
        m_recoveryBuffer = GetHighestBufferSent();
        SetRate(GetRate() * m_decreaseFactor);
    }
}

} // namespace ns3
