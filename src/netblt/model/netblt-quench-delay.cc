/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-quench-delay.h"

#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltQuenchDelay");

NS_OBJECT_ENSURE_REGISTERED(NetbltQuenchDelay);

TypeId
NetbltQuenchDelay::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NetbltQuenchDelay")
            .SetParent<Object>()
            .SetGroupName("Netblt")
            .AddConstructor<NetbltQuenchDelay>()
            .AddAttribute("IncreaseStep",
                          "K: what an increase event adds to the delay D (RFC 1016, \"The SQuID "
                          "Algorithm\": K = .020 second).",
                          TimeValue(MilliSeconds(20)),
                          MakeTimeAccessor(&NetbltQuenchDelay::m_increaseStep),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("MinimumDelay",
                          "I: the least D an increase event leaves, D <- max(D + K, I) (RFC "
                          "1016, \"The SQuID Algorithm\": I = .075 second).",
                          TimeValue(MilliSeconds(75)),
                          MakeTimeAccessor(&NetbltQuenchDelay::m_minimumDelay),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("DecreaseStep",
                          "J: what a decrease event takes from D, D <- max(D - J, 0) (RFC 1016, "
                          "\"The SQuID Algorithm\": J = .001 second).",
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&NetbltQuenchDelay::m_decreaseStep),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("EventPeriod",
                          "E: the Source Quenches received within this of an increase event are "
                          "that one event (RFC 1016, \"The SQuID Algorithm\": E = 2.000 "
                          "seconds).",
                          TimeValue(Seconds(2)),
                          MakeTimeAccessor(&NetbltQuenchDelay::m_eventPeriod),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("DecreaseInterval",
                          "S: a datagram to send this long after D last decreased is a decrease "
                          "event (RFC 1016, \"The SQuID Algorithm\": S = 1.000 seconds).",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&NetbltQuenchDelay::m_decreaseInterval),
                          MakeTimeChecker(Time(0)));
    return tid;
}

NetbltQuenchDelay::NetbltQuenchDelay()
    : m_lastIncrease(Time(-1))
{
    NS_LOG_FUNCTION(this);
}

NetbltQuenchDelay::~NetbltQuenchDelay()
{
    NS_LOG_FUNCTION(this);
}

bool
NetbltQuenchDelay::Quench(Time now)
{
    if (m_lastIncrease.IsPositive() && now - m_lastIncrease < m_eventPeriod)
    {
        NS_LOG_LOGIC("quench within the event period of " << m_lastIncrease.As(Time::S));
        return false;
    }
    if (m_delay.IsZero())
    {
        m_lastDecrease = now; // D's age counts from here until it first decreases
    }
    m_lastIncrease = now;
    m_delay = std::max(m_delay + m_increaseStep, m_minimumDelay);
    NS_LOG_LOGIC("increase event: D = " << m_delay.As(Time::MS));
    return true;
}

Time
NetbltQuenchDelay::GetDelay(Time now)
{
    if (m_delay.IsStrictlyPositive() && now - m_lastDecrease >= m_decreaseInterval)
    {
        m_delay = std::max(m_delay - m_decreaseStep, Time(0));
        m_lastDecrease = now;
        NS_LOG_LOGIC("decrease event: D = " << m_delay.As(Time::MS));
    }
    return m_delay;
}

Time
NetbltQuenchDelay::PeekDelay() const
{
    return m_delay;
}

Time
NetbltQuenchDelay::GetLastIncrease() const
{
    return m_lastIncrease;
}

void
NetbltQuenchDelay::Reset()
{
    m_delay = Time(0);
    m_lastIncrease = Time(-1);
    m_lastDecrease = Time(0);
}

} // namespace ns3
