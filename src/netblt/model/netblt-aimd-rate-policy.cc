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
                          "Packets added per round trip to the packets in flight (rate x "
                          "minimum round trip) after the first cut: Jacobson's congestion "
                          "avoidance, one segment per round trip.",
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
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("QueueThreshold",
                          "Packets queued ahead of a buffer ((round trip - minimum round trip) x "
                          "the rate it went at: Vegas's diff) above which the rate is cut by "
                          "DelayDecreaseFactor (Vegas's beta, 3).",
                          DoubleValue(3.0),
                          MakeDoubleAccessor(&NetbltAimdRatePolicy::m_queueThreshold),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("DelayDecreaseFactor",
                          "The rate is multiplied by this when a queue is seen (DECbit's "
                          "0.875); 1: loss alone cuts.",
                          DoubleValue(0.875),
                          MakeDoubleAccessor(&NetbltAimdRatePolicy::m_delayDecreaseFactor),
                          MakeDoubleChecker<double>(0.01, 1));
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
    if (!sample.clean || sample.buffer <= m_recoveryBuffer)
    {
        return;
    }
    Time roundTrip = std::min(GetMinRoundTrip(), sample.roundTrip);
    double queued = NoteQueue((sample.roundTrip - roundTrip).GetSeconds() * sample.rateAtSend);
    if (m_delayDecreaseFactor < 1 && queued > m_queueThreshold)
    {
        NS_LOG_LOGIC("cut at buffer " << sample.buffer << ": " << queued << " packets queued");
        Cut(m_delayDecreaseFactor);
        return;
    }
    if (!IsRateReached(sample))
    {
        return;
    }
    if (m_slowStart)
    {
        SetRate(GetRate() + sample.packets / roundTrip.GetSeconds());
    }
    else
    {
        // The packets in flight, rate x round trip, grow by AdditiveIncrease per round trip.
        double inFlight = GetRate() * roundTrip.GetSeconds();
        SetRate(GetRate() +
                m_additiveIncrease * sample.packets / inFlight / roundTrip.GetSeconds());
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
        Cut(m_decreaseFactor);
    }
}

void
NetbltAimdRatePolicy::Cut(double factor)
{
    m_slowStart = false;
    m_recoveryBuffer = GetHighestBufferSent();
    ForgetQueue();
    SetRate(GetRate() * factor);
}

} // namespace ns3
