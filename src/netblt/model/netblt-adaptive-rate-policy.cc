/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-adaptive-rate-policy.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltAdaptiveRatePolicy");

NS_OBJECT_ENSURE_REGISTERED(NetbltAdaptiveRatePolicy);

TypeId
NetbltAdaptiveRatePolicy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NetbltAdaptiveRatePolicy")
            .SetParent<NetbltRatePolicy>()
            .SetGroupName("Netblt")
            .AddAttribute("StartBurstSize",
                          "Packets per burst at the start (with StartBurstInterval, the start "
                          "rate; never above the negotiated values).",
                          UintegerValue(1),
                          MakeUintegerAccessor(&NetbltAdaptiveRatePolicy::m_startBurstSize),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("StartBurstInterval",
                          "Time from one burst to the next at the start: the default start, 1 "
                          "packet every 200 ms, is slower than any network of RFC 1030 carries.",
                          TimeValue(MilliSeconds(200)),
                          MakeTimeAccessor(&NetbltAdaptiveRatePolicy::m_startBurstInterval),
                          MakeTimeChecker(MilliSeconds(1), MilliSeconds(65535)))
            .AddAttribute("MaxBurstInterval",
                          "Longest time between bursts while the burst size can still grow: a "
                          "rate is sent in bursts of as many packets as fit in it, up to the "
                          "negotiated burst size (whole bursts let the receiver see the path's "
                          "pace, and the Wideband delivers packets in pairs).",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&NetbltAdaptiveRatePolicy::m_maxBurstInterval),
                          MakeTimeChecker(MilliSeconds(1), MilliSeconds(65535)))
            .AddAttribute("OutstandingGain",
                          "Outstanding buffers are 1 + ceil(OutstandingGain x rate x minimum "
                          "round trip / packets per buffer), at most the negotiated number.",
                          DoubleValue(2.0),
                          MakeDoubleAccessor(&NetbltAdaptiveRatePolicy::m_outstandingGain),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("AchievedFraction",
                          "The rate grows only for a buffer sent at no less than this share of "
                          "the rate in force then.",
                          DoubleValue(0.9),
                          MakeDoubleAccessor(&NetbltAdaptiveRatePolicy::m_achievedFraction),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("InitialWindow",
                          "Outstanding buffers before the first round trip is measured; each "
                          "buffer acknowledged without a RESEND opens one more, up to what the "
                          "rate needs (Jacobson 1988's slow start, in buffers). 0: every "
                          "negotiated buffer from the start.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&NetbltAdaptiveRatePolicy::m_initialWindow),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("QueueSamples",
                          "The queue estimate is the smallest of this many buffers' (acknowledged "
                          "without a RESEND, one after another).",
                          UintegerValue(4),
                          MakeUintegerAccessor(&NetbltAdaptiveRatePolicy::m_queueSamples),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("MinimumRate",
                          "The rate is never cut below this, packets per second.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&NetbltAdaptiveRatePolicy::m_minimumRate),
                          MakeDoubleChecker<double>(0.02));
    return tid;
}

void
NetbltAdaptiveRatePolicy::Established(const NetbltTransferParameters& negotiated, Time now)
{
    m_ceiling = negotiated;
    m_lastSent = now;
    m_window = m_initialWindow;
    SetRate(m_startBurstSize / m_startBurstInterval.GetSeconds());
}

double
NetbltAdaptiveRatePolicy::GetCeilingRate() const
{
    return m_ceiling.burstSize * 1000.0 / m_ceiling.burstIntervalMs;
}

double
NetbltAdaptiveRatePolicy::GetRate() const
{
    return m_rate;
}

Time
NetbltAdaptiveRatePolicy::GetMinRoundTrip() const
{
    return m_minRoundTrip;
}

uint16_t
NetbltAdaptiveRatePolicy::GetPacketsPerBuffer() const
{
    return m_ceiling.GetPacketsPerBuffer();
}

bool
NetbltAdaptiveRatePolicy::IsRateReached(const Sample& sample) const
{
    return sample.sendRate >= m_achievedFraction * sample.rateAtSend;
}

uint32_t
NetbltAdaptiveRatePolicy::GetHighestBufferSent() const
{
    return m_highestSent;
}

double
NetbltAdaptiveRatePolicy::NoteQueue(double packets)
{
    m_queues.push_back(packets);
    while (m_queues.size() > m_queueSamples)
    {
        m_queues.pop_front();
    }
    return m_queues.size() == m_queueSamples ? *std::min_element(m_queues.begin(), m_queues.end())
                                             : 0;
}

void
NetbltAdaptiveRatePolicy::ForgetQueue()
{
    m_queues.clear();
}

void
NetbltAdaptiveRatePolicy::SetRate(double packetsPerSecond)
{
    m_rate =
        std::clamp(packetsPerSecond, std::min(m_minimumRate, GetCeilingRate()), GetCeilingRate());
    m_givenBurstSize = 0;
    UpdateValues();
}

void
NetbltAdaptiveRatePolicy::EndSlowStart()
{
    m_window = m_ceiling.maxOutstandingBuffers;
    UpdateValues();
}

void
NetbltAdaptiveRatePolicy::SetPacketSpacing(Time spacing)
{
    m_packetSpacing = spacing;
    UpdateValues();
}

void
NetbltAdaptiveRatePolicy::SetBursts(uint16_t burstSize, uint16_t burstIntervalMs)
{
    m_givenBurstSize = std::clamp<uint16_t>(burstSize, 1, m_ceiling.burstSize);
    m_givenBurstIntervalMs = std::max(burstIntervalMs, m_ceiling.burstIntervalMs);
    m_rate = m_givenBurstSize * 1000.0 / m_givenBurstIntervalMs;
    UpdateValues();
}

void
NetbltAdaptiveRatePolicy::UpdateValues()
{
    uint16_t burstSize = m_givenBurstSize;
    uint16_t burstIntervalMs = m_givenBurstIntervalMs;
    if (burstSize == 0) // no shape given (SetBursts()): choose one for the rate
    {
        double fit = std::floor(m_rate * m_maxBurstInterval.GetSeconds());
        burstSize = static_cast<uint16_t>(std::clamp<double>(fit, 1, m_ceiling.burstSize));
        double intervalMs = std::round(burstSize * 1000.0 / m_rate);
        burstIntervalMs =
            static_cast<uint16_t>(std::clamp<double>(intervalMs,
                                                     m_ceiling.burstIntervalMs,
                                                     std::numeric_limits<uint16_t>::max()));
    }
    if (m_packetSpacing.IsStrictlyPositive())
    {
        const double spacedMs = std::ceil(burstSize * m_packetSpacing.GetSeconds() * 1000);
        burstIntervalMs = static_cast<uint16_t>(
            std::clamp<double>(spacedMs, burstIntervalMs, std::numeric_limits<uint16_t>::max()));
    }
    uint16_t outstanding = m_ceiling.maxOutstandingBuffers;
    if (m_minRoundTrip != Time::Max())
    {
        double inFlight =
            m_outstandingGain * m_rate * m_minRoundTrip.GetSeconds() / GetPacketsPerBuffer();
        outstanding = static_cast<uint16_t>(
            std::clamp<double>(1 + std::ceil(inFlight), 1, m_ceiling.maxOutstandingBuffers));
    }
    if (m_initialWindow > 0)
    {
        outstanding = static_cast<uint16_t>(std::min<uint32_t>(outstanding, m_window));
    }
    SetValues(burstSize, burstIntervalMs, outstanding);
}

void
NetbltAdaptiveRatePolicy::BufferSent(uint32_t buffer, uint16_t packets, Time now)
{
    // The sender's own pace: this buffer's packets over the time since the previous buffer
    // went (one buffer's worth; the rate in force may have changed within it).
    m_sendRate = now > m_lastSent ? packets / (now - m_lastSent).GetSeconds() : m_rate;
    m_lastSent = now;
    m_sent[buffer] = Sent{now, packets, m_rate, m_sendRate};
    m_highestSent = std::max(m_highestSent, buffer);
}

void
NetbltAdaptiveRatePolicy::ResendReceived(uint32_t buffer, uint32_t missing, Time now)
{
    auto sent = m_sent.find(buffer);
    if (buffer > m_highestSent || (sent != m_sent.end() && m_minRoundTrip != Time::Max() &&
                                   now - sent->second.time < m_minRoundTrip))
    {
        // Not every packet of it has gone yet, or its last went less than a round trip ago:
        // the receiver asked before they could arrive (its data timer ran ahead of a sender
        // the outstanding buffers or the rate held back). Nothing was lost.
        return;
    }
    bool first = m_resent.emplace(buffer, missing).second;
    Resent(buffer, missing, first);
}

void
NetbltAdaptiveRatePolicy::Resent(uint32_t /* buffer */, uint32_t /* missing */, bool /* first */)
{
}

void
NetbltAdaptiveRatePolicy::BufferAcknowledged(uint32_t buffer,
                                             Time /* controlTimer */,
                                             Time burstSpacing,
                                             Time now)
{
    auto sent = m_sent.find(buffer);
    auto resent = m_resent.find(buffer);
    Sample sample;
    sample.buffer = buffer;
    sample.burstSpacing = burstSpacing;
    if (resent != m_resent.end())
    {
        sample.clean = false;
        sample.missing = resent->second;
        m_resent.erase(resent);
    }
    if (sent == m_sent.end())
    {
        return; // its last packet went first as a retransmission: nothing to time
    }
    const Sent& s = sent->second;
    sample.packets = s.packets;
    sample.sent = s.time;
    sample.acknowledged = now;
    sample.roundTrip = now - s.time;
    sample.rateAtSend = s.rate;
    sample.sendRate = s.sendRate;
    if (sample.clean)
    {
        m_minRoundTrip = std::min(m_minRoundTrip, sample.roundTrip);
        m_window = std::min<uint32_t>(m_window + 1, m_ceiling.maxOutstandingBuffers);
    }
    m_sent.erase(sent);
    NS_LOG_LOGIC("buffer " << buffer << " rtt " << sample.roundTrip.As(Time::MS) << " send "
                           << sample.sendRate << " rate " << m_rate << " spacing "
                           << sample.burstSpacing.As(Time::MS) << (sample.clean ? "" : " resent"));
    Acknowledged(sample);
    UpdateValues();
}

} // namespace ns3
