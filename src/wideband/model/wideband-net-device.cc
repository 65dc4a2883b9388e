/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wideband-net-device.h"

#include "wideband-channel.h"

#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/queue-size.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WidebandNetDevice");

NS_OBJECT_ENSURE_REGISTERED(WidebandNetDevice);

TypeId
WidebandNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::WidebandNetDevice")
            .SetParent<NetDevice>()
            .SetGroupName("Wideband")
            .AddConstructor<WidebandNetDevice>()
            .AddAttribute(
                "Mtu",
                "IP MTU towards the channel, bytes: the gateway fragments larger "
                "datagrams.",
                UintegerValue(1500),
                MakeUintegerAccessor(&WidebandNetDevice::SetMtu, &WidebandNetDevice::GetMtu),
                MakeUintegerChecker<uint16_t>(68))
            .AddAttribute("BsatQueueSize",
                          "Datagrams the BSAT holds waiting for the station's control slot.",
                          QueueSizeValue(QueueSize("100p")),
                          MakeQueueSizeAccessor(&WidebandNetDevice::m_bsatQueueSize),
                          MakeQueueSizeChecker())
            .AddAttribute("EsiBufferBytes",
                          "Bytes the ESI holds of datagrams requested and not yet transmitted; "
                          "a request that would exceed it resets the station (RFC 1030 §7). "
                          "Default: 64 KB (an assumption: RFC 1030 gives no size).",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&WidebandNetDevice::m_esiBufferBytes),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute(
                "EsiOverflow",
                "What the ESI does with a request that would overfill EsiBufferBytes: "
                "Reset (RFC 1030 §7's BIO interface: the ESI stops its transmit clock "
                "and the channel processor node resets), Refuse (it takes the "
                "datagrams that fit, in order, and the rest wait in the BSAT queue for "
                "the next control slot) or Drop (it takes those that fit and drops "
                "the rest). Refuse and Drop are what-ifs of an upgraded interface "
                "(RFC 1030 §8).",
                EnumValue(RESET_STATION),
                MakeEnumAccessor<EsiOverflowPolicy>(&WidebandNetDevice::m_esiOverflow),
                MakeEnumChecker(RESET_STATION, "Reset", REFUSE_REST, "Refuse", DROP_REST, "Drop"))
            .AddAttribute("ResetTime",
                          "How long the station's channel processor node takes to reset after "
                          "the BIO interface locks up.",
                          TimeValue(Seconds(10)),
                          MakeTimeAccessor(&WidebandNetDevice::m_resetTime),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("InterfaceDelay",
                          "Hand-over time of each datagram between the gateway and the earth "
                          "station, on sending and on receiving.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&WidebandNetDevice::m_interfaceDelay),
                          MakeTimeChecker(Time(0)))
            .AddTraceSource("MacTx",
                            "A datagram was accepted for transmission.",
                            MakeTraceSourceAccessor(&WidebandNetDevice::m_macTxTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("MacTxDrop",
                            "A datagram was dropped on the sending side: larger than a frame, "
                            "BSAT queue full, or the station down or resetting.",
                            MakeTraceSourceAccessor(&WidebandNetDevice::m_macTxDropTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("MacRx",
                            "A datagram was received intact and passed up.",
                            MakeTraceSourceAccessor(&WidebandNetDevice::m_macRxTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PhyRxDrop",
                            "A datagram arrived damaged, or while the station was resetting.",
                            MakeTraceSourceAccessor(&WidebandNetDevice::m_phyRxDropTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("Sniffer",
                            "A datagram left on the channel or was received intact (pcap).",
                            MakeTraceSourceAccessor(&WidebandNetDevice::m_snifferTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("PromiscSniffer",
                            "As Sniffer (every station hears every datagram it is sent).",
                            MakeTraceSourceAccessor(&WidebandNetDevice::m_promiscSnifferTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("ReservationLost",
                            "The channel lost a request: the number of datagrams it asked for.",
                            MakeTraceSourceAccessor(&WidebandNetDevice::m_reservationLostTrace),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("StationReset",
                            "The ESI buffer overflowed and the station reset: the number of "
                            "datagrams it dropped.",
                            MakeTraceSourceAccessor(&WidebandNetDevice::m_resetTrace),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("StationRestart",
                            "The station is back after a reset.",
                            MakeTraceSourceAccessor(&WidebandNetDevice::m_restartTrace),
                            "ns3::TracedCallback::Void")
            .AddTraceSource("Enqueue",
                            "A datagram entered the BSAT queue (after InterfaceDelay), with the "
                            "bytes the BSAT queue and the ESI then hold, it included: what a "
                            "gateway watching its queue for Source Quench (RFC 1009) sees.",
                            MakeTraceSourceAccessor(&WidebandNetDevice::m_enqueueTrace),
                            "ns3::WidebandNetDevice::EnqueueTracedCallback");
    return tid;
}

WidebandNetDevice::WidebandNetDevice()
    : m_mtu(1500),
      m_esiOverflow(RESET_STATION)
{
    NS_LOG_FUNCTION(this);
}

WidebandNetDevice::~WidebandNetDevice()
{
    NS_LOG_FUNCTION(this);
}

void
WidebandNetDevice::DoDispose()
{
    m_node = nullptr;
    m_channel = nullptr;
    m_bsatQueue.clear();
    m_lostRequests.clear();
    m_pending.clear();
    m_rxCallback =
        MakeNullCallback<bool, Ptr<NetDevice>, Ptr<const Packet>, uint16_t, const Address&>();
    m_promiscRxCallback = MakeNullCallback<bool,
                                           Ptr<NetDevice>,
                                           Ptr<const Packet>,
                                           uint16_t,
                                           const Address&,
                                           const Address&,
                                           PacketType>();
    NetDevice::DoDispose();
}

void
WidebandNetDevice::Attach(Ptr<WidebandChannel> channel)
{
    m_channel = channel;
    m_station = channel->Attach(this);
    m_linkChangeCallbacks();
}

uint32_t
WidebandNetDevice::GetStation() const
{
    return m_station;
}

bool
WidebandNetDevice::Send(Ptr<Packet> packet, const Address& /* dest */, uint16_t protocolNumber)
{
    NS_LOG_FUNCTION(this << packet << protocolNumber);
    if (protocolNumber != IPV4_PROTOCOL)
    {
        return false;
    }
    m_macTxTrace(packet);
    if (m_down || !m_channel || packet->GetSize() > m_channel->GetUsableBytesPerFrame())
    {
        DropOutgoing(packet);
        return false;
    }
    if (m_interfaceDelay.IsStrictlyPositive())
    {
        Simulator::Schedule(m_interfaceDelay, [this, packet]() { Enqueue(packet); });
    }
    else
    {
        Enqueue(packet);
    }
    return true;
}

void
WidebandNetDevice::Enqueue(Ptr<Packet> packet)
{
    if (m_down || m_bsatQueue.size() >= m_bsatQueueSize.GetValue())
    {
        DropOutgoing(packet);
        return;
    }
    m_bsatQueue.push_back(packet);
    m_peakBsatQueue = std::max(m_peakBsatQueue, static_cast<uint32_t>(m_bsatQueue.size()));
    if (!m_enqueueTrace.IsEmpty())
    {
        uint32_t queuedBytes = m_esiBytes;
        for (const Ptr<Packet>& queued : m_bsatQueue)
        {
            queuedBytes += queued->GetSize();
        }
        m_enqueueTrace(packet, queuedBytes);
    }
    ScheduleControlSlot();
}

void
WidebandNetDevice::ScheduleControlSlot()
{
    if (m_down || m_controlSlotEvent.IsPending() || (m_bsatQueue.empty() && m_lostRequests.empty()))
    {
        return;
    }
    Time slot = m_channel->GetNextControlSlot(m_station, Simulator::Now());
    if (slot == m_lastControlSlot)
    {
        // Already used: a station asks once per frame.
        slot = m_channel->GetNextControlSlot(m_station, slot + NanoSeconds(1));
    }
    m_controlSlotEvent = Simulator::Schedule(slot - Simulator::Now(), [this]() { ControlSlot(); });
}

void
WidebandNetDevice::ControlSlot()
{
    NS_LOG_FUNCTION(this);
    m_lastControlSlot = Simulator::Now();
    m_pending.remove_if([](const Pending& p) { return !p.event.IsPending(); });
    // The ESI takes the queued datagrams in order while they fit.
    const uint32_t room = m_esiBufferBytes - m_esiBytes;
    uint32_t newBytes = 0;
    std::size_t taken = 0;
    for (const Ptr<Packet>& packet : m_bsatQueue)
    {
        if (newBytes + packet->GetSize() > room)
        {
            break;
        }
        newBytes += packet->GetSize();
        ++taken;
    }
    if (taken < m_bsatQueue.size())
    {
        if (m_esiOverflow == RESET_STATION)
        {
            Reset();
            return;
        }
        m_esiOverflows += m_bsatQueue.size() - taken;
        if (m_esiOverflow == DROP_REST)
        {
            std::for_each(m_bsatQueue.begin() + static_cast<std::ptrdiff_t>(taken),
                          m_bsatQueue.end(),
                          [this](const Ptr<Packet>& packet) { DropOutgoing(packet); });
            m_bsatQueue.erase(m_bsatQueue.begin() + static_cast<std::ptrdiff_t>(taken),
                              m_bsatQueue.end());
        }
    }
    m_esiBytes += newBytes;
    m_peakEsiBytes = std::max(m_peakEsiBytes, m_esiBytes);
    // A lost request's datagrams went to the ESI first, so they are asked for first.
    std::deque<Ptr<Packet>> request = std::move(m_lostRequests);
    m_lostRequests.clear();
    request.insert(request.end(),
                   m_bsatQueue.begin(),
                   m_bsatQueue.begin() + static_cast<std::ptrdiff_t>(taken));
    m_bsatQueue.erase(m_bsatQueue.begin(),
                      m_bsatQueue.begin() + static_cast<std::ptrdiff_t>(taken));
    // What the ESI refused asks again at the next slot.
    ScheduleControlSlot();
    if (request.empty())
    {
        return;
    }
    m_largestRequest = std::max(m_largestRequest, static_cast<uint32_t>(request.size()));
    std::vector<uint32_t> sizes;
    sizes.reserve(request.size());
    for (const Ptr<Packet>& packet : request)
    {
        sizes.push_back(packet->GetSize());
    }
    const std::vector<Time> ends = m_channel->Reserve(m_station, sizes);
    if (ends.empty())
    {
        ++m_reservationsLost;
        m_reservationLostTrace(static_cast<uint32_t>(request.size()));
        Pending& pending = m_pending.emplace_back();
        pending.datagrams = std::move(request);
        pending.event = Simulator::Schedule(
            m_channel->GetReservationRound(),
            [this, datagrams = &pending.datagrams]() { RequestLost(datagrams); });
        return;
    }
    for (std::size_t i = 0; i < request.size(); ++i)
    {
        Pending& pending = m_pending.emplace_back();
        pending.datagrams.push_back(request[i]);
        pending.event = Simulator::Schedule(
            ends[i] - Simulator::Now(),
            [this, datagrams = &pending.datagrams]() { TransmissionEnded(datagrams); });
    }
}

void
WidebandNetDevice::RequestLost(std::deque<Ptr<Packet>>* datagrams)
{
    NS_LOG_FUNCTION(this << datagrams->size());
    m_lostRequests.insert(m_lostRequests.end(), datagrams->begin(), datagrams->end());
    datagrams->clear();
    ScheduleControlSlot();
}

void
WidebandNetDevice::TransmissionEnded(std::deque<Ptr<Packet>>* datagrams)
{
    Ptr<Packet> packet = datagrams->front();
    datagrams->clear();
    m_esiBytes -= packet->GetSize();
    ++m_sent;
    m_snifferTrace(packet);
    m_promiscSnifferTrace(packet);
    m_channel->Transmit(this, packet);
}

void
WidebandNetDevice::Receive(Ptr<Packet> packet, bool damaged)
{
    NS_LOG_FUNCTION(this << packet << damaged);
    if (m_down || damaged)
    {
        m_damaged += damaged ? 1 : 0;
        m_phyRxDropTrace(packet);
        return;
    }
    if (m_interfaceDelay.IsStrictlyPositive())
    {
        Simulator::Schedule(m_interfaceDelay, [this, packet]() { DeliverUp(packet); });
    }
    else
    {
        DeliverUp(packet);
    }
}

void
WidebandNetDevice::DeliverUp(Ptr<Packet> packet)
{
    ++m_received;
    m_snifferTrace(packet);
    m_promiscSnifferTrace(packet);
    m_macRxTrace(packet);
    if (!m_promiscRxCallback.IsNull())
    {
        m_promiscRxCallback(this, packet, IPV4_PROTOCOL, GetBroadcast(), m_address, PACKET_HOST);
    }
    m_rxCallback(this, packet, IPV4_PROTOCOL, GetBroadcast());
}

void
WidebandNetDevice::Reset()
{
    NS_LOG_FUNCTION(this);
    ++m_resets;
    m_down = true;
    uint32_t dropped = 0;
    auto drop = [this, &dropped](const Ptr<Packet>& packet) {
        DropOutgoing(packet);
        ++dropped;
    };
    for (Pending& pending : m_pending)
    {
        if (pending.event.IsPending())
        {
            pending.event.Cancel();
            std::for_each(pending.datagrams.begin(), pending.datagrams.end(), drop);
        }
    }
    m_pending.clear();
    std::for_each(m_lostRequests.begin(), m_lostRequests.end(), drop);
    std::for_each(m_bsatQueue.begin(), m_bsatQueue.end(), drop);
    m_lostRequests.clear();
    m_bsatQueue.clear();
    m_esiBytes = 0;
    m_resetTrace(dropped);
    m_linkChangeCallbacks();
    Simulator::Schedule(m_resetTime, &WidebandNetDevice::Restart, this);
}

void
WidebandNetDevice::Restart()
{
    NS_LOG_FUNCTION(this);
    m_down = false;
    m_restartTrace();
    m_linkChangeCallbacks();
}

void
WidebandNetDevice::DropOutgoing(Ptr<const Packet> packet)
{
    ++m_transmitDrops;
    m_macTxDropTrace(packet);
}

uint64_t
WidebandNetDevice::GetDatagramsSent() const
{
    return m_sent;
}

uint64_t
WidebandNetDevice::GetDatagramsReceived() const
{
    return m_received;
}

uint64_t
WidebandNetDevice::GetDamagedReceptions() const
{
    return m_damaged;
}

uint64_t
WidebandNetDevice::GetReservationsLost() const
{
    return m_reservationsLost;
}

uint64_t
WidebandNetDevice::GetResets() const
{
    return m_resets;
}

uint64_t
WidebandNetDevice::GetTransmitDrops() const
{
    return m_transmitDrops;
}

uint64_t
WidebandNetDevice::GetEsiOverflows() const
{
    return m_esiOverflows;
}

uint32_t
WidebandNetDevice::GetPeakEsiBytes() const
{
    return m_peakEsiBytes;
}

uint32_t
WidebandNetDevice::GetPeakBsatQueue() const
{
    return m_peakBsatQueue;
}

uint32_t
WidebandNetDevice::GetLargestRequest() const
{
    return m_largestRequest;
}

void
WidebandNetDevice::SetIfIndex(const uint32_t index)
{
    m_ifIndex = index;
}

uint32_t
WidebandNetDevice::GetIfIndex() const
{
    return m_ifIndex;
}

Ptr<Channel>
WidebandNetDevice::GetChannel() const
{
    return m_channel;
}

void
WidebandNetDevice::SetAddress(Address address)
{
    m_address = Mac48Address::ConvertFrom(address);
}

Address
WidebandNetDevice::GetAddress() const
{
    return m_address;
}

bool
WidebandNetDevice::SetMtu(const uint16_t mtu)
{
    m_mtu = mtu;
    return true;
}

uint16_t
WidebandNetDevice::GetMtu() const
{
    return m_mtu;
}

bool
WidebandNetDevice::IsLinkUp() const
{
    return m_channel && !m_down;
}

void
WidebandNetDevice::AddLinkChangeCallback(Callback<void> callback)
{
    m_linkChangeCallbacks.ConnectWithoutContext(callback);
}

bool
WidebandNetDevice::IsBroadcast() const
{
    return true;
}

Address
WidebandNetDevice::GetBroadcast() const
{
    return Mac48Address::GetBroadcast();
}

bool
WidebandNetDevice::IsMulticast() const
{
    return false;
}

Address
WidebandNetDevice::GetMulticast(Ipv4Address /* multicastGroup */) const
{
    return Mac48Address::GetBroadcast();
}

Address
WidebandNetDevice::GetMulticast(Ipv6Address /* addr */) const
{
    return Mac48Address::GetBroadcast();
}

bool
WidebandNetDevice::IsBridge() const
{
    return false;
}

bool
WidebandNetDevice::IsPointToPoint() const
{
    return false;
}

bool
WidebandNetDevice::SendFrom(Ptr<Packet> packet,
                            const Address& /* source */,
                            const Address& dest,
                            uint16_t protocolNumber)
{
    return Send(packet, dest, protocolNumber);
}

Ptr<Node>
WidebandNetDevice::GetNode() const
{
    return m_node;
}

void
WidebandNetDevice::SetNode(Ptr<Node> node)
{
    m_node = node;
}

bool
WidebandNetDevice::NeedsArp() const
{
    return false;
}

void
WidebandNetDevice::SetReceiveCallback(NetDevice::ReceiveCallback cb)
{
    m_rxCallback = cb;
}

void
WidebandNetDevice::SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb)
{
    m_promiscRxCallback = cb;
}

bool
WidebandNetDevice::SupportsSendFrom() const
{
    return false;
}

} // namespace ns3
