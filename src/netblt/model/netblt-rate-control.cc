/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-rate-control.h"

#include <algorithm>

namespace ns3
{

void
NetbltRateControl::AcceptAnswer(NetbltTransferParameters& params,
                                uint16_t burstSize,
                                uint16_t burstIntervalMs)
{
    params.burstSize = std::max<uint16_t>(1, burstSize);
    params.burstIntervalMs = std::max<uint16_t>(1, burstIntervalMs);
}

Time
NetbltRateControl::GetDelayToNextBurst(Time now, Time interval) const
{
    Time due = m_burstStarted ? m_lastBurstStart + interval : now;
    return due <= now ? Time(0) : due - now;
}

bool
NetbltRateControl::IsBurstActive() const
{
    return m_burstActive;
}

bool
NetbltRateControl::BurstTimerExpired()
{
    if (m_burstActive)
    {
        m_burstDue = true;
        return false;
    }
    return true;
}

void
NetbltRateControl::BeginBurst()
{
    m_burstActive = true;
}

void
NetbltRateControl::StartTransmission(Time now, uint16_t burstSize)
{
    m_lastBurstStart = now;
    m_burstStarted = true;
    m_packetsLeft = burstSize;
}

bool
NetbltRateControl::TakePacket()
{
    if (m_packetsLeft == 0)
    {
        return false;
    }
    --m_packetsLeft;
    return true;
}

bool
NetbltRateControl::EndBurst()
{
    m_packetsLeft = 0;
    m_burstActive = false;
    bool due = m_burstDue;
    m_burstDue = false;
    return due;
}

} // namespace ns3
