/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ethernet-background-traffic.h"

#include "ethernet-bus-channel.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/ethernet-header.h"
#include "ns3/ethernet-trailer.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("EthernetBackgroundTraffic");

NS_OBJECT_ENSURE_REGISTERED(EthernetBackgroundTraffic);

namespace
{
/// Smallest frame, FCS included (bytes).
constexpr uint32_t MIN_FRAME_BYTES = EthernetBusChannel::MIN_FRAME_BYTES;
/// Largest frame, FCS included (bytes).
constexpr uint32_t MAX_FRAME_BYTES = EthernetBusChannel::MAX_FRAME_BYTES;
} // namespace

TypeId
EthernetBackgroundTraffic::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::EthernetBackgroundTraffic")
            .SetParent<Object>()
            .SetGroupName("Ethernet")
            .AddConstructor<EthernetBackgroundTraffic>()
            .AddAttribute("Stations",
                          "Number of hosts (dimensionless) other than the attached devices that "
                          "send on the bus; the bus spreads them evenly along the cable. 0: none.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&EthernetBackgroundTraffic::m_stations),
                          MakeUintegerChecker<uint32_t>(0, EthernetBusChannel::MAX_STATIONS))
            .AddAttribute("Load",
                          "Traffic (fraction 0 to 1 of the bus's bit rate, frame bits from "
                          "destination address to FCS) the stations offer together, broadcasts "
                          "not included.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&EthernetBackgroundTraffic::m_load),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("SmallFrameSize",
                          "Size (bytes, FCS included) of a small frame. Default: the minimum "
                          "frame, 64 bytes (IEEE 802.3 minFrameSize).",
                          UintegerValue(MIN_FRAME_BYTES),
                          MakeUintegerAccessor(&EthernetBackgroundTraffic::m_smallFrameSize),
                          MakeUintegerChecker<uint32_t>(MIN_FRAME_BYTES, MAX_FRAME_BYTES))
            .AddAttribute("LargeFrameSize",
                          "Size (bytes, FCS included) of a large frame. Default: the maximum "
                          "frame, 1518 bytes (IEEE 802.3 maxFrameSize).",
                          UintegerValue(MAX_FRAME_BYTES),
                          MakeUintegerAccessor(&EthernetBackgroundTraffic::m_largeFrameSize),
                          MakeUintegerChecker<uint32_t>(MIN_FRAME_BYTES, MAX_FRAME_BYTES))
            .AddAttribute("LargeFraction",
                          "Fraction (0 to 1) of the frames other than broadcasts that are large; "
                          "the others are small. Default 0.1 is an assumption (see "
                          "doc/ethernet.rst): most frames small, most bytes in large frames.",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&EthernetBackgroundTraffic::m_largeFraction),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("BroadcastRate",
                          "Broadcasts per second (Poisson) the stations send together, on top of "
                          "Load. Every attached device receives them: an interface with one "
                          "buffer is busy with each until its driver has copied it out.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&EthernetBackgroundTraffic::m_broadcastRate),
                          MakeDoubleChecker<double>(0.0))
            .AddAttribute("BroadcastFrameSize",
                          "Size (bytes, FCS included) of a broadcast. Default: the minimum frame, "
                          "64 bytes (an ARP request).",
                          UintegerValue(MIN_FRAME_BYTES),
                          MakeUintegerAccessor(&EthernetBackgroundTraffic::m_broadcastFrameSize),
                          MakeUintegerChecker<uint32_t>(MIN_FRAME_BYTES, MAX_FRAME_BYTES))
            .AddAttribute("Arrivals",
                          "How arrivals are drawn: Aggregate, one Poisson process for all the "
                          "stations with the station drawn at each arrival (one pending event); "
                          "PerStation, a Poisson process per station (one pending event each). "
                          "The same process either way; PerStation is the reference the test "
                          "suite checks Aggregate against.",
                          EnumValue(AGGREGATE),
                          MakeEnumAccessor<Arrivals>(&EthernetBackgroundTraffic::m_arrivals),
                          MakeEnumChecker(AGGREGATE, "Aggregate", PER_STATION, "PerStation"))
            .AddTraceSource("Offered",
                            "A frame arrived at a station: station (0 to Stations - 1), bytes "
                            "(destination address to FCS), whether it is a broadcast.",
                            MakeTraceSourceAccessor(&EthernetBackgroundTraffic::m_offeredTrace),
                            "ns3::EthernetBackgroundTraffic::OfferedTracedCallback");
    return tid;
}

EthernetBackgroundTraffic::EthernetBackgroundTraffic()
{
    NS_LOG_FUNCTION(this);
    m_arrivalRv = CreateObject<ExponentialRandomVariable>();
    m_stationRv = CreateObject<UniformRandomVariable>();
    m_kindRv = CreateObject<UniformRandomVariable>();
}

EthernetBackgroundTraffic::~EthernetBackgroundTraffic()
{
    NS_LOG_FUNCTION(this);
}

void
EthernetBackgroundTraffic::DoDispose()
{
    NS_LOG_FUNCTION(this);
    for (EventId& arrival : m_stationArrivals)
    {
        arrival.Cancel();
    }
    m_stationArrivals.clear();
    m_offer = MakeNullCallback<void, uint32_t, uint32_t, bool>();
    m_arrivalRv = nullptr;
    m_stationRv = nullptr;
    m_kindRv = nullptr;
    Object::DoDispose();
}

int64_t
EthernetBackgroundTraffic::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_arrivalRv->SetStream(stream);
    m_stationRv->SetStream(stream + 1);
    m_kindRv->SetStream(stream + 2);
    return 3;
}

uint32_t
EthernetBackgroundTraffic::GetStations() const
{
    return m_stations;
}

bool
EthernetBackgroundTraffic::IsActive() const
{
    return m_load > 0.0 || m_broadcastRate > 0.0;
}

uint64_t
EthernetBackgroundTraffic::GetFramesOffered() const
{
    return m_offered;
}

Ptr<Packet>
EthernetBackgroundTraffic::MakeBroadcastFrame(uint32_t station, uint32_t bytes)
{
    EthernetHeader header(false);
    const uint8_t source[6] =
        {0x02, 0, 0, 0, static_cast<uint8_t>(station >> 8), static_cast<uint8_t>(station)};
    Mac48Address address;
    address.CopyFrom(source);
    header.SetSource(address);
    header.SetDestination(Mac48Address::GetBroadcast());
    header.SetLengthType(BROADCAST_ETHERTYPE);
    EthernetTrailer trailer;
    Ptr<Packet> frame =
        Create<Packet>(bytes - header.GetSerializedSize() - trailer.GetSerializedSize());
    frame->AddHeader(header);
    if (Node::ChecksumEnabled())
    {
        trailer.EnableFcs(true);
    }
    trailer.CalcFcs(frame);
    frame->AddTrailer(trailer);
    return frame;
}

void
EthernetBackgroundTraffic::Start(DataRate dataRate, OfferCallback offer)
{
    NS_LOG_FUNCTION(this << dataRate);
    NS_ABORT_MSG_IF(m_stations == 0 && IsActive(),
                    "EthernetBackgroundTraffic: Load " << m_load << " and BroadcastRate "
                                                       << m_broadcastRate
                                                       << " need at least one station");
    if (!IsActive())
    {
        return;
    }
    m_offer = offer;
    const double meanBytes =
        (1.0 - m_largeFraction) * m_smallFrameSize + m_largeFraction * m_largeFrameSize;
    // Frames and broadcasts together, in bits of frames (8 × meanBytes each) per second.
    const double frameBits = m_load * static_cast<double>(dataRate.GetBitRate());
    m_meanGap = 8.0 * meanBytes / (frameBits + 8.0 * meanBytes * m_broadcastRate);
    m_broadcastShare = m_broadcastRate * m_meanGap;
    if (m_arrivals == AGGREGATE)
    {
        ScheduleAggregateArrival();
        return;
    }
    m_stationArrivals.resize(m_stations);
    for (uint32_t station = 0; station < m_stations; ++station)
    {
        ScheduleStationArrival(station);
    }
}

void
EthernetBackgroundTraffic::Stop()
{
    NS_LOG_FUNCTION(this);
    m_stopped = true;
}

void
EthernetBackgroundTraffic::ScheduleAggregateArrival()
{
    if (m_stopped)
    {
        return;
    }
    // The events of background arrivals run in no node's context: they reach no node.
    Simulator::ScheduleWithContext(Simulator::NO_CONTEXT,
                                   Seconds(m_arrivalRv->GetValue(m_meanGap, 0)),
                                   [this]() { AggregateArrival(); });
}

void
EthernetBackgroundTraffic::AggregateArrival()
{
    Offer(m_stationRv->GetInteger(0, m_stations - 1));
    ScheduleAggregateArrival();
}

void
EthernetBackgroundTraffic::ScheduleStationArrival(uint32_t station)
{
    if (m_stopped)
    {
        return;
    }
    const double meanStationGap = m_meanGap * m_stations;
    m_stationArrivals[station] =
        Simulator::Schedule(Seconds(m_arrivalRv->GetValue(meanStationGap, 0)),
                            [this, station]() { StationArrival(station); });
}

void
EthernetBackgroundTraffic::StationArrival(uint32_t station)
{
    Offer(station);
    ScheduleStationArrival(station);
}

void
EthernetBackgroundTraffic::Offer(uint32_t station)
{
    // One draw decides the kind: below the broadcast share a broadcast, otherwise the rest of
    // the unit interval, rescaled, chooses between large and small.
    const double u = m_kindRv->GetValue();
    const bool broadcast = u < m_broadcastShare;
    uint32_t bytes = m_broadcastFrameSize;
    if (!broadcast)
    {
        const double v = (u - m_broadcastShare) / (1.0 - m_broadcastShare);
        bytes = v < m_largeFraction ? m_largeFrameSize : m_smallFrameSize;
    }
    ++m_offered;
    m_offeredTrace(station, bytes, broadcast);
    m_offer(station, bytes, broadcast);
}

} // namespace ns3
