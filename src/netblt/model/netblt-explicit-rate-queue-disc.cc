/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "netblt-explicit-rate-queue-disc.h"

#include "netblt-data-header.h"
#include "netblt-l4-protocol.h"
#include "netblt-open-header.h"
#include "netblt-transfer-parameters.h"

#include "ns3/double.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NetbltExplicitRateQueueDisc");

NS_OBJECT_ENSURE_REGISTERED(NetbltExplicitRateQueueDisc);

namespace
{

/**
 * @param open an OPEN or RESPONSE
 * @return true if it comes from the end that sends the data (M = WRITE: the active end sends)
 */
bool
IsFromDataSender(const NetbltOpenHeader& open)
{
    return open.GetWriteMode() == (open.GetType() == NetbltPacketType::OPEN);
}

} // namespace

TypeId
NetbltExplicitRateQueueDisc::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NetbltExplicitRateQueueDisc")
            .SetParent<NetbltPassThroughQueueDisc>()
            .SetGroupName("Netblt")
            .AddConstructor<NetbltExplicitRateQueueDisc>()
            .AddAttribute("AveragingInterval",
                          "The interval over which input and capacity are measured and the rates "
                          "computed. Default 1.2 s: two reservation rounds of the Wideband "
                          "(RFC 1030 §7: delays in multiples of 600 ms, its reservation round).",
                          TimeValue(MilliSeconds(1200)),
                          MakeTimeAccessor(&NetbltExplicitRateQueueDisc::m_averagingInterval),
                          MakeTimeChecker(MilliSeconds(1)))
            .AddAttribute(
                "TargetUtilization",
                "Share of the capacity the flows' rates add up to (ERICA's target "
                "utilization: 0.9 to 0.95 in Jain et al. 1996); the rest drains what "
                "the capacity's noise (the other stations' use of each interval's "
                "frames) and the bursts of flows that start together queue. Default 0.95: "
                "the Wideband's capacity is counted in whole datagrams already, and "
                "at 0.9 one flow stays a tenth below the best static setting.",
                DoubleValue(0.95),
                MakeDoubleAccessor(&NetbltExplicitRateQueueDisc::m_targetUtilization),
                MakeDoubleChecker<double>(0.01, 1.0))
            .AddAttribute("CapacityWeight",
                          "Weight of the last interval in the capacity measured through the "
                          "probe (an exponentially weighted average): ERICA averages what it "
                          "measures over several intervals (Jain et al. 1996), since the others' "
                          "use of one interval's frames is noisy and each flow keeps the rate it "
                          "was given until its next OK. Default 0.25: about four intervals.",
                          DoubleValue(0.25),
                          MakeDoubleAccessor(&NetbltExplicitRateQueueDisc::m_capacityWeight),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("LoadBand",
                          "Within this much of full load (the load factor z above 1 − LoadBand), "
                          "every flow's rate is the fair share: ERICA's own-input ÷ z would "
                          "follow the noise of one interval's input, a few bursts and an OK's "
                          "wait (Jain et al. 1996 damp it with averaging). Below, a flow may "
                          "grow past the fair share into what the others leave.",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&NetbltExplicitRateQueueDisc::m_loadBand),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("ActiveTimeout",
                          "How long a flow counts as active after its last datagram, keeping "
                          "its share: a NETBLT sender waiting for its OKs is silent for up to a "
                          "round trip, and one that an earth-station reset silenced for the "
                          "reset's 10 s (RFC 1030 §7's crash, WidebandNetDevice's ResetTime). "
                          "Default 15 s: the reset and two of the path's 1.8 s round trips; a "
                          "shorter one lets the flows a reset silenced come back all at once to "
                          "shares given while they were away.",
                          TimeValue(Seconds(15)),
                          MakeTimeAccessor(&NetbltExplicitRateQueueDisc::m_activeTimeout),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("Capacity",
                          "The interface's capacity when no capacity probe is set (a link's "
                          "bit rate).",
                          DataRateValue(DataRate("10Mbps")),
                          MakeDataRateAccessor(&NetbltExplicitRateQueueDisc::m_capacity),
                          MakeDataRateChecker())
            .AddTraceSource("Interval",
                            "An interval ended: flows active, capacity for them (bit/s), their "
                            "input (bit/s), fair share (bit/s).",
                            MakeTraceSourceAccessor(&NetbltExplicitRateQueueDisc::m_intervalTrace),
                            "ns3::NetbltExplicitRateQueueDisc::IntervalTracedCallback");
    return tid;
}

NetbltExplicitRateQueueDisc::NetbltExplicitRateQueueDisc()
{
    NS_LOG_FUNCTION(this);
}

NetbltExplicitRateQueueDisc::~NetbltExplicitRateQueueDisc()
{
    NS_LOG_FUNCTION(this);
}

void
NetbltExplicitRateQueueDisc::SetCapacityProbe(Callback<uint64_t> bytesOffered)
{
    m_capacityProbe = bytesOffered;
    m_offeredAtStart = m_capacityProbe();
}

uint32_t
NetbltExplicitRateQueueDisc::GetActiveFlows() const
{
    return m_activeFlows;
}

double
NetbltExplicitRateQueueDisc::GetFairShare() const
{
    return m_fairShare;
}

uint64_t
NetbltExplicitRateQueueDisc::GetPacketsStamped() const
{
    return m_stamped;
}

void
NetbltExplicitRateQueueDisc::Inspect(Ptr<QueueDiscItem> item)
{
    const Time now = Simulator::Now();
    if (now - m_intervalStart >= m_averagingInterval)
    {
        EndInterval(now);
    }
    Account(item);
}

void
NetbltExplicitRateQueueDisc::Account(Ptr<QueueDiscItem> item)
{
    NetbltHeader common;
    Ptr<Ipv4QueueDiscItem> ipItem = PeekNetblt(item, common);
    if (!ipItem)
    {
        m_otherBytes += item->GetSize();
        return;
    }
    const Ipv4Header& ip = ipItem->GetHeader();
    Ptr<Packet> packet = item->GetPacket();
    if (common.GetType() == NetbltPacketType::OPEN ||
        common.GetType() == NetbltPacketType::RESPONSE)
    {
        NetbltOpenHeader open(common.GetType());
        packet->PeekHeader(open);
        if (!open.IsMalformed() && open.GetExplicitRate() && IsFromDataSender(open))
        {
            // A newcomer counts from its first packet: the RESPONSE coming back, which carries
            // its first rate, and the others' DATA already see it.
            Flow& flow = m_flows[FlowKey(ip.GetSource().Get(),
                                         ip.GetDestination().Get(),
                                         open.GetLocalPort(),
                                         open.GetForeignPort())];
            flow.bytes += item->GetSize();
            flow.lastSeen = Simulator::Now();
            if (open.GetDataPacketSize() > 0)
            {
                flow.packetsPerBuffer =
                    NetbltTransferParameters::ReadFrom(open).GetPacketsPerBuffer();
            }
            return;
        }
        m_otherBytes += item->GetSize();
        return;
    }
    if (common.GetType() != NetbltPacketType::DATA && common.GetType() != NetbltPacketType::LDATA)
    {
        m_otherBytes += item->GetSize();
        return;
    }
    NetbltDataHeader data;
    data.SetDataChecksumVerified(false);
    packet->PeekHeader(data);
    if (data.IsMalformed() || data.GetExplicitRate() == NetbltDataHeader::EXPLICIT_RATE_NONE)
    {
        m_otherBytes += item->GetSize();
        return;
    }
    const FlowKey key(ip.GetSource().Get(),
                      ip.GetDestination().Get(),
                      data.GetLocalPort(),
                      data.GetForeignPort());
    Flow& flow = m_flows[key];
    flow.bytes += item->GetSize();
    flow.lastSeen = Simulator::Now();
    if (flow.firstData.IsNegative())
    {
        flow.firstData = flow.lastSeen;
    }
    const uint16_t kbps = ToField(RateOf(flow));
    if (kbps != NetbltDataHeader::EXPLICIT_RATE_NONE && kbps < data.GetExplicitRate())
    {
        packet->RemoveHeader(data);
        data.SetExplicitRate(kbps);
        packet->AddHeader(data);
        ++m_stamped;
    }
}

double
NetbltExplicitRateQueueDisc::RateOf(const Flow& flow) const
{
    if (!m_measured)
    {
        return 0;
    }
    // A newcomer has a share from the moment it is seen, the others' shrink with it (ERICA
    // counts the flows as their cells come): the rates of the interval's end knew fewer flows.
    double rate = flow.rate > 0 ? flow.rate : m_fairShare;
    if (m_flows.size() > m_activeFlows)
    {
        rate = std::min(rate, m_forFlows / m_flows.size());
    }
    return rate;
}

uint16_t
NetbltExplicitRateQueueDisc::ToField(double rate)
{
    if (rate <= 0)
    {
        return NetbltDataHeader::EXPLICIT_RATE_NONE;
    }
    return static_cast<uint16_t>(std::clamp<double>(std::floor(rate / 1000),
                                                    1,
                                                    NetbltDataHeader::EXPLICIT_RATE_UNLIMITED - 1));
}

void
NetbltExplicitRateQueueDisc::NoteControlReturned(Ipv4Address sender,
                                                 Ipv4Address receiver,
                                                 uint16_t senderPort,
                                                 uint16_t receiverPort)
{
    auto it = m_flows.find(FlowKey(sender.Get(), receiver.Get(), senderPort, receiverPort));
    // The receiver's GOs of the set-up come back before any DATA; what comes after is its
    // answer to the data, through the channel the measurement sees.
    if (it != m_flows.end() && !it->second.firstData.IsNegative())
    {
        it->second.answered = true;
    }
}

double
NetbltExplicitRateQueueDisc::LessReturnTraffic(double measured) const
{
    // At the capacity C, a flow of P packets per buffer sends C / D datagrams a second and
    // gets C / (D P) OKs back, each the room of one datagram: C = room - C / P, so
    // C = room x P / (P + 1). Averaged over the flows, counting none for a flow whose answers
    // the room measured already holds.
    double lost = 0;
    uint32_t flows = 0;
    for (const auto& [key, flow] : m_flows)
    {
        ++flows;
        if (flow.packetsPerBuffer > 0 && !flow.answered)
        {
            lost += 1.0 / (flow.packetsPerBuffer + 1);
        }
    }
    return flows > 0 ? measured * (1 - lost / flows) : measured;
}

uint16_t
NetbltExplicitRateQueueDisc::GetRateField(Ipv4Address sender,
                                          Ipv4Address receiver,
                                          uint16_t senderPort,
                                          uint16_t receiverPort)
{
    const Time now = Simulator::Now();
    if (now - m_intervalStart >= m_averagingInterval)
    {
        EndInterval(now); // no datagram of the flows may have come through since it was due
    }
    auto it = m_flows.find(FlowKey(sender.Get(), receiver.Get(), senderPort, receiverPort));
    return it == m_flows.end() ? NetbltDataHeader::EXPLICIT_RATE_NONE : ToField(RateOf(it->second));
}

void
NetbltExplicitRateQueueDisc::EndInterval(Time now)
{
    const double seconds = (now - m_intervalStart).GetSeconds();
    double capacity = m_capacity.GetBitRate();
    if (!m_capacityProbe.IsNull())
    {
        const uint64_t offered = m_capacityProbe();
        // Before the flows' OKs come back through the channel, its frames have room for
        // more of their datagrams than they will have.
        const double measured =
            LessReturnTraffic(8.0 * (offered - std::min(offered, m_offeredAtStart)) / seconds);
        m_offeredAtStart = offered;
        // The other stations' use of the interval's frames varies from one to the next.
        m_averageCapacity = m_averageCapacity > 0 ? m_capacityWeight * measured +
                                                        (1 - m_capacityWeight) * m_averageCapacity
                                                  : measured;
        capacity = m_averageCapacity;
    }
    uint64_t flowBytes = 0;
    bool starting = false;
    for (auto it = m_flows.begin(); it != m_flows.end();)
    {
        if (it->second.bytes == 0 && now - it->second.lastSeen > m_activeTimeout)
        {
            it = m_flows.erase(it); // gone: a newcomer if it comes back
            continue;
        }
        flowBytes += it->second.bytes;
        starting = starting || it->second.firstData.IsNegative() ||
                   now - it->second.firstData < m_averagingInterval;
        ++it;
    }
    const auto active = static_cast<uint32_t>(m_flows.size());
    const double forFlows =
        std::max(0.0, m_targetUtilization * capacity - 8.0 * m_otherBytes / seconds);
    const double input = 8.0 * flowBytes / seconds;
    const double load = forFlows > 0 ? input / forFlows : 0;
    m_fairShare = active > 0 ? forFlows / active : forFlows;
    const double spare = std::max(0.0, forFlows - input);
    for (auto& [key, flow] : m_flows)
    {
        const double own = 8.0 * flow.bytes / seconds;
        // ERICA's share own / z, but growing by no more than an equal part of the capacity left
        // over (flows that all find the path idle do not all take the whole of it), and none
        // near full load, where own / z follows only the noise of one interval's input.
        // Nor while a flow has not sent for a whole interval: the share it does not use yet
        // is its own, on its way in a RESPONSE or an OK.
        const double share = !starting && load > 0 && load < 1 - m_loadBand
                                 ? std::min(own / load, own + spare / active)
                                 : m_fairShare;
        flow.rate = std::min(forFlows, std::max(m_fairShare, share));
        flow.bytes = 0;
    }
    NS_LOG_LOGIC("flows " << active << " capacity " << forFlows << " input " << input
                          << " fair share " << m_fairShare);
    m_intervalTrace(active, forFlows, input, m_fairShare);
    m_activeFlows = active;
    m_forFlows = forFlows;
    m_otherBytes = 0;
    m_intervalStart = now;
    m_measured = true;
}

void
NetbltExplicitRateQueueDisc::InitializeParams()
{
    m_intervalStart = Simulator::Now();
}

} // namespace ns3
