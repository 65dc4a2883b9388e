/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-buffer-timers.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltBufferTimers");

void
NetbltBufferTimers::SetFunctions(std::function<Time(Time)> round,
                                 std::function<void(uint32_t)> expired)
{
    m_round = std::move(round);
    m_expired = std::move(expired);
}

void
NetbltBufferTimers::SetEstimator(Ptr<NetbltDataTimer> estimator)
{
    m_estimator = estimator;
}

Ptr<NetbltDataTimer>
NetbltBufferTimers::GetEstimator() const
{
    return m_estimator;
}

void
NetbltBufferTimers::Await(uint32_t number,
                          NetbltRxBuffer::Buffer& buffer,
                          const NetbltRxBuffer& buffers,
                          const NetbltTransferParameters& params)
{
    uint32_t remaining = buffer.GetRemaining();
    if (buffer.receivedCount > 0)
    {
        buffer.state = NetbltRxBuffer::RECEIVING;
        Arm(number, buffer, m_estimator->GetTimeout(remaining, params), false);
    }
    else
    {
        // Loose timer: this buffer's packets come after those still due for earlier buffers.
        buffer.state = NetbltRxBuffer::ACKED;
        uint32_t ahead = buffers.PacketsAheadOf(number);
        Arm(number, buffer, m_estimator->GetTimeout(ahead + remaining, params), false);
    }
}

void
NetbltBufferTimers::AwaitAll(NetbltRxBuffer& buffers, const NetbltTransferParameters& params)
{
    for (auto& [number, buffer] : buffers.GetBuffers())
    {
        if (buffer.state == NetbltRxBuffer::ACKED || buffer.state == NetbltRxBuffer::RECEIVING)
        {
            Await(number, buffer, buffers, params);
        }
    }
}

void
NetbltBufferTimers::PacketArrived(uint32_t number,
                                  NetbltRxBuffer::Buffer& buffer,
                                  bool ldata,
                                  const NetbltTransferParameters& params)
{
    buffer.state = NetbltRxBuffer::RECEIVING;
    // Tight timer: set on the first packet (RFC 998); with the adaptive timer of RFC 1030 it is
    // recomputed at every arrival from the current inter-arrival average. After an LDATA
    // nothing more is coming unless re-ordered.
    if (m_estimator->RecomputesAtEveryArrival() || !buffer.dataTimer.IsPending() ||
        buffer.receivedCount == 1)
    {
        uint32_t remaining = ldata ? 0 : buffer.GetRemaining();
        Arm(number, buffer, m_estimator->GetTimeout(remaining, params), false);
    }
}

void
NetbltBufferTimers::Tighten(uint32_t number,
                            NetbltRxBuffer::Buffer& buffer,
                            const NetbltTransferParameters& params)
{
    Arm(number, buffer, m_estimator->GetTimeout(0, params), true);
}

void
NetbltBufferTimers::Stop(NetbltRxBuffer::Buffer& buffer)
{
    Simulator::Remove(buffer.dataTimer);
}

void
NetbltBufferTimers::StopAll(const NetbltRxBuffer& buffers)
{
    for (EventId timer : buffers.GetDataTimers())
    {
        Simulator::Remove(timer);
    }
}

void
NetbltBufferTimers::Arm(uint32_t number,
                        NetbltRxBuffer::Buffer& buffer,
                        Time delay,
                        bool neverLater)
{
    if (neverLater && buffer.dataTimer.IsPending() &&
        Simulator::GetDelayLeft(buffer.dataTimer) <= delay)
    {
        return;
    }
    NS_LOG_LOGIC("data timer of buffer " << number << " (state " << buffer.state
                                         << "): " << delay.As(Time::MS));
    Simulator::Remove(buffer.dataTimer);
    buffer.dataTimer = Simulator::Schedule(m_round(delay), [this, number]() { m_expired(number); });
}

} // namespace ns3
