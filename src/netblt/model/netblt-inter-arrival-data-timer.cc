/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-inter-arrival-data-timer.h"

#include <algorithm>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(NetbltInterArrivalDataTimer);

TypeId
NetbltInterArrivalDataTimer::GetTypeId()
{
    static TypeId tid = TypeId("ns3::NetbltInterArrivalDataTimer")
                            .SetParent<NetbltDataTimer>()
                            .SetGroupName("Netblt")
                            .AddConstructor<NetbltInterArrivalDataTimer>();
    return tid;
}

void
NetbltInterArrivalDataTimer::PacketArrived(Time now, const NetbltTransferParameters& params)
{
    if (m_running)
    {
        // The average is over the last two bursts' worth of gaps, so that it covers whole
        // bursts (short gaps inside a burst, a long one between bursts) whatever the phase.
        Time sample = now - m_lastArrival;
        m_window.push_back(sample);
        m_sum += sample;
        while (m_window.size() > 2u * params.burstSize)
        {
            m_sum -= m_window.front();
            m_window.pop_front();
        }
        // Mean deviation from that average, with the gain of Jacobson's estimator (1/4).
        Time mean = m_sum / static_cast<int64_t>(m_window.size());
        m_deviation += (Abs(sample - mean) - m_deviation) / 4;
    }
    m_lastArrival = now;
}

void
NetbltInterArrivalDataTimer::SetArrivalsContinue(bool continuing)
{
    m_running = continuing;
}

Time
NetbltInterArrivalDataTimer::GetPerPacketTime(const NetbltTransferParameters& params) const
{
    // Rate control never lets the sender average faster than a burst per burst interval, so
    // the measured average can only lengthen the estimate (RFC 1030 §7: "if the inter-packet
    // arrival time increases, the data timer value will lengthen").
    Time nominal = params.GetBurstInterval() / static_cast<int64_t>(params.burstSize);
    if (m_window.size() >= params.burstSize)
    {
        Time measured = m_sum / static_cast<int64_t>(m_window.size());
        return std::max(nominal, measured);
    }
    return nominal;
}

Time
NetbltInterArrivalDataTimer::GetMargin(const NetbltTransferParameters& params) const
{
    return std::max(GetMinimumMargin(), params.GetBurstInterval() + 4 * m_deviation);
}

bool
NetbltInterArrivalDataTimer::RecomputesAtEveryArrival() const
{
    return true;
}

std::size_t
NetbltInterArrivalDataTimer::GetSampleCount() const
{
    return m_window.size();
}

} // namespace ns3
