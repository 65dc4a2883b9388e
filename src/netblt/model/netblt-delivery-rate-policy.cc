/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-delivery-rate-policy.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltDeliveryRatePolicy");

NS_OBJECT_ENSURE_REGISTERED(NetbltDeliveryRatePolicy);

TypeId
NetbltDeliveryRatePolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NetbltDeliveryRatePolicy")
            .SetParent<NetbltAdaptiveRatePolicy>()
            .SetGroupName("Netblt")
            .AddConstructor<NetbltDeliveryRatePolicy>()
            .AddAttribute("StartupGain",
                          "Growth of the rate per round trip while a capacity is known and no "
                          "queue was seen.",
                          DoubleValue(1.25),
                          MakeDoubleAccessor(&NetbltDeliveryRatePolicy::m_startupGain),
                          MakeDoubleChecker<double>(1))
            .AddAttribute("ProbeGain",
                          "Growth of the rate per round trip without a capacity report or "
                          "after a queue.",
                          DoubleValue(1.05),
                          MakeDoubleAccessor(&NetbltDeliveryRatePolicy::m_probeGain),
                          MakeDoubleChecker<double>(1))
            .AddAttribute("CapacityGain",
                          "The rate never exceeds this share of the reported capacity.",
                          DoubleValue(0.95),
                          MakeDoubleAccessor(&NetbltDeliveryRatePolicy::m_capacityGain),
                          MakeDoubleChecker<double>(0.01))
            .AddAttribute("CapacitySamples",
                          "The capacity is 1 / the mean of this many last burst spacing reports.",
                          UintegerValue(16),
                          MakeUintegerAccessor(&NetbltDeliveryRatePolicy::m_capacitySamples),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("SenderBoundTolerance",
                          "Bursts reported no more than this times as spread as they left "
                          "mean the sender is the slowest hop: no capacity bound then.",
                          DoubleValue(1.1),
                          MakeDoubleAccessor(&NetbltDeliveryRatePolicy::m_senderBoundTolerance),
                          MakeDoubleChecker<double>(1))
            .AddAttribute("OutageShare",
                          "A first RESEND for at least this share of a buffer's packets is an "
                          "outage, not random loss.",
                          DoubleValue(0.5),
                          MakeDoubleAccessor(&NetbltDeliveryRatePolicy::m_outageShare),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("OutageFactor",
                          "On an outage the rate drops to this share of itself.",
                          DoubleValue(0.5),
                          MakeDoubleAccessor(&NetbltDeliveryRatePolicy::m_outageFactor),
                          MakeDoubleChecker<double>(0.01, 1))
            .AddAttribute("DrainFactor",
                          "On a queue the rate drops to this share of itself.",
                          DoubleValue(0.9),
                          MakeDoubleAccessor(&NetbltDeliveryRatePolicy::m_drainFactor),
                          MakeDoubleChecker<double>(0.01, 1))
            .AddAttribute("QueueThreshold",
                          "Packets queued ahead of a buffer ((round trip - minimum round "
                          "trip) x rate) above which the rate drops (Vegas's beta).",
                          DoubleValue(8.0),
                          MakeDoubleAccessor(&NetbltDeliveryRatePolicy::m_queueThreshold),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("ProbeIncrease",
                          "Packets per round trip added to the packets in flight (rate x minimum "
                          "round trip) after the start-up, Jacobson's additive increase: flows "
                          "sharing a path then converge to equal rates (Chiu and Jain 1989). 0: "
                          "ProbeGain instead.",
                          DoubleValue(0),
                          MakeDoubleAccessor(&NetbltDeliveryRatePolicy::m_probeIncrease),
                          MakeDoubleChecker<double>(0));
    return tid;
}

bool
NetbltDeliveryRatePolicy::WantsRateReports() const
{
    return true;
}

void
NetbltDeliveryRatePolicy::BurstSent(uint16_t packets, Time duration)
{
    if (packets < 2)
    {
        return;
    }
    m_ownSpacings.push_back(duration.GetSeconds() / (packets - 1));
    while (m_ownSpacings.size() > m_capacitySamples)
    {
        m_ownSpacings.pop_front();
    }
}

double
NetbltDeliveryRatePolicy::GetCapacity() const
{
    if (m_capacities.empty())
    {
        return 0;
    }
    // The mean spacing: the Wideband delivers packets in pairs at the end of 21.22 ms frames, so
    // a burst of five spans 37 or 49 ms depending on where it starts in a frame; their mean is
    // the channel's 42.4 ms.
    double spacing = 0;
    for (double s : m_capacities)
    {
        spacing += s;
    }
    return m_capacities.size() / spacing;
}

bool
NetbltDeliveryRatePolicy::IsInStartup() const
{
    return m_startup;
}

void
NetbltDeliveryRatePolicy::Resent(uint32_t buffer, uint32_t missing, bool first)
{
    if (!first || buffer <= m_outageBuffer || missing < m_outageShare * GetPacketsPerBuffer())
    {
        return;
    }
    NS_LOG_LOGIC("outage at buffer " << buffer << ": " << missing << " packets lost");
    m_startup = false;
    m_outageBuffer = GetHighestBufferSent();
    ForgetQueue();
    SetRate(m_outageFactor * GetRate());
}

void
NetbltDeliveryRatePolicy::Acknowledged(const Sample& sample)
{
    Time minRoundTrip = std::min(GetMinRoundTrip(), sample.roundTrip);
    if (sample.burstSpacing.IsStrictlyPositive())
    {
        m_capacities.push_back(sample.burstSpacing.GetSeconds());
        while (m_capacities.size() > m_capacitySamples)
        {
            m_capacities.pop_front();
        }
    }
    double ceiling = GetCeilingRate();
    if (!m_capacities.empty())
    {
        double own = 0;
        for (double spacing : m_ownSpacings)
        {
            own += spacing / m_ownSpacings.size();
        }
        if (1 / GetCapacity() > m_senderBoundTolerance * own)
        {
            ceiling = std::min(ceiling, m_capacityGain * GetCapacity());
        }
    }
    if (GetRate() > ceiling)
    {
        SetRate(ceiling);
    }
    if (sample.sent < m_holdUntil)
    {
        return;
    }
    double queued = 0;
    if (sample.clean)
    {
        // In packets of the path's pace when known (every flow sharing it then reads the same
        // queue the same), else of this sender's.
        double pace = m_capacities.empty() ? sample.rateAtSend : GetCapacity();
        queued = NoteQueue((sample.roundTrip - minRoundTrip).GetSeconds() * pace);
    }
    if (queued > m_queueThreshold)
    {
        NS_LOG_LOGIC("queue of " << queued << " packets: rate " << GetRate() << " -> "
                                 << m_drainFactor * GetRate());
        m_startup = false;
        m_holdUntil = sample.acknowledged + minRoundTrip;
        ForgetQueue();
        SetRate(m_drainFactor * GetRate());
        return;
    }
    if (!IsRateReached(sample))
    {
        return;
    }
    double gain = m_startup && !m_capacities.empty() ? m_startupGain : m_probeGain;
    double growth = (gain - 1) * sample.packets / minRoundTrip.GetSeconds();
    if (!m_startup && m_probeIncrease > 0)
    {
        double inFlight = GetRate() * minRoundTrip.GetSeconds();
        growth = m_probeIncrease * sample.packets / inFlight / minRoundTrip.GetSeconds();
    }
    SetRate(std::min(ceiling, GetRate() + growth));
}

} // namespace ns3
