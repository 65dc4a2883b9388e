/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-control-channel.h"

#include "netblt-header.h"

#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltControlChannel");

NetbltControlChannel::NetbltControlChannel()
    : m_initialTimer(Seconds(1)),
      m_minimumTimer(MilliSeconds(10))
{
}

void
NetbltControlChannel::SetRttEstimator(Ptr<RttEstimator> estimator)
{
    m_rtt = estimator;
}

Ptr<RttEstimator>
NetbltControlChannel::GetRttEstimator() const
{
    return m_rtt;
}

void
NetbltControlChannel::SetInitialTimer(Time initial)
{
    m_initialTimer = initial;
}

void
NetbltControlChannel::SetMinimumTimer(Time minimum)
{
    m_minimumTimer = minimum;
}

Time
NetbltControlChannel::GetInitialTimer() const
{
    return m_initialTimer;
}

Time
NetbltControlChannel::GetMinimumTimer() const
{
    return m_minimumTimer;
}

void
NetbltControlChannel::SetMaxPacketSize(uint32_t bytes)
{
    m_maxPacketSize = bytes;
}

uint32_t
NetbltControlChannel::GetMaxPacketSize() const
{
    return m_maxPacketSize;
}

uint16_t
NetbltControlChannel::NextSequence()
{
    return m_nextSequence++;
}

void
NetbltControlChannel::Queue(const NetbltControlMessage& message)
{
    NS_LOG_LOGIC("queue " << message);
    m_queue.push_back(message);
}

bool
NetbltControlChannel::IsEmpty() const
{
    return m_queue.empty();
}

std::size_t
NetbltControlChannel::GetQueuedCount() const
{
    return m_queue.size();
}

NetbltControlHeader
NetbltControlChannel::BuildPacket(Time now, Time backoffCap)
{
    NetbltControlHeader control;
    if (m_queue.empty())
    {
        return control;
    }
    uint32_t size = NetbltHeader::COMMON_SIZE;
    // OK messages carry the receiver's current control-timer value (RFC 998 §5.3.1), the one
    // this transmission arms: after backoff it is longer than when the OK was queued, and the
    // sender's dally must outlast it.
    uint16_t controlTimerMs = static_cast<uint16_t>(
        std::min<int64_t>(GetTimerValue(backoffCap).GetMilliSeconds(), 0xffff));
    for (const NetbltControlMessage& message : m_queue)
    {
        if (size + message.GetSerializedSize() > m_maxPacketSize && !control.GetMessages().empty())
        {
            break; // the rest goes once the head is acknowledged
        }
        size += message.GetSerializedSize();
        if (message.GetType() == NetbltControlMessage::OK)
        {
            control.AddMessage(NetbltControlMessage::MakeOk(message.GetSequence(),
                                                            message.GetBufferNumber(),
                                                            message.GetBurstSize(),
                                                            message.GetBurstRate(),
                                                            controlTimerMs,
                                                            message.GetBurstSpacing(),
                                                            message.IsExplicitRateOffer()));
        }
        else
        {
            control.AddMessage(message);
        }
    }
    // Time the packet only if its newest message goes for the first time: the acknowledgement
    // of a message sent more than once cannot tell which copy it answers (Karn's rule).
    uint16_t newest = control.GetMessages().back().GetSequence();
    if (!NetbltSequenceNotAfter(newest, m_highestSentSequence))
    {
        m_highestSentSequence = newest;
        m_timingSample = true;
        m_sampleSequence = newest;
        m_sampleSentAt = now;
    }
    else
    {
        m_timingSample = false;
    }
    return control;
}

Time
NetbltControlChannel::GetTimerValue(Time backoffCap) const
{
    Time base = m_rtt->GetNSamples() == 0
                    ? m_initialTimer
                    : std::max(m_minimumTimer, m_rtt->GetEstimate() + 4 * m_rtt->GetVariation());
    if (m_backoff == 1)
    {
        return base;
    }
    return std::min(base * static_cast<int64_t>(m_backoff), std::max(base, backoffCap));
}

void
NetbltControlChannel::TimedOut()
{
    // Round-trip samples come only from control packets sent once (Karn): timing from the first
    // transmission would count the timeouts themselves, and every loss would lengthen the timer
    // that the next loss waits for. The timer backs off instead, until a packet is acknowledged
    // within it (also when the acknowledgement waits for the sender's next burst).
    m_backoff = std::min<uint32_t>(m_backoff * 2, MAX_BACKOFF);
}

std::vector<NetbltControlMessage>
NetbltControlChannel::Acknowledge(uint16_t highConsecutive, Time now)
{
    if (m_timingSample && NetbltSequenceNotAfter(m_sampleSequence, highConsecutive))
    {
        m_rtt->Measurement(now - m_sampleSentAt);
        m_timingSample = false;
        m_backoff = 1;
    }
    std::vector<NetbltControlMessage> acknowledged;
    while (!m_queue.empty() &&
           NetbltSequenceNotAfter(m_queue.front().GetSequence(), highConsecutive))
    {
        acknowledged.push_back(m_queue.front());
        m_queue.pop_front();
    }
    return acknowledged;
}

} // namespace ns3
