/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-idle-timer.h"

#include "ns3/simulator.h"

namespace ns3
{

void
NetbltIdleTimer::SetFunctions(std::function<Time(Time)> round, std::function<void()> expired)
{
    m_round = std::move(round);
    m_expired = std::move(expired);
}

void
NetbltIdleTimer::Touch()
{
    m_lastActivity = Simulator::Now();
}

void
NetbltIdleTimer::Arm(Time duration)
{
    if (!m_event.IsPending())
    {
        m_duration = duration;
        m_event = Simulator::Schedule(m_round(duration), &NetbltIdleTimer::Check, this);
    }
}

bool
NetbltIdleTimer::IsRunning() const
{
    return m_event.IsPending();
}

void
NetbltIdleTimer::Cancel()
{
    Simulator::Remove(m_event);
}

void
NetbltIdleTimer::Check()
{
    Time due = m_lastActivity + m_duration;
    if (due > Simulator::Now())
    {
        m_event =
            Simulator::Schedule(m_round(due - Simulator::Now()), &NetbltIdleTimer::Check, this);
        return;
    }
    m_expired();
}

} // namespace ns3
