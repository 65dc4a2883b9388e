/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ethernet-bus-channel.h"

#include "ethernet-net-device.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/error-model.h"
#include "ns3/ethernet-header.h"
#include "ns3/ethernet-trailer.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("EthernetBusChannel");

NS_OBJECT_ENSURE_REGISTERED(EthernetBusChannel);

namespace
{
/// A time (in time steps) later than any event.
constexpr int64_t NEVER = std::numeric_limits<int64_t>::max();
/// A time (in time steps) earlier than any event.
constexpr int64_t LONG_AGO = std::numeric_limits<int64_t>::min();
/// Largest number of stations on one IEEE 802.3 10 Mbit/s collision domain.
constexpr uint32_t MAX_STATIONS = 1024;

/// Carrier as one station senses it from one transmission.
struct Sensed
{
    int64_t from; //!< first bit arrives (time steps)
    int64_t to;   //!< last bit has passed (time steps)
    bool own;     //!< the station's own transmission
};
} // namespace

TypeId
EthernetBusChannel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::EthernetBusChannel")
            .SetParent<Channel>()
            .SetGroupName("Ethernet")
            .AddConstructor<EthernetBusChannel>()
            .AddAttribute("DataRate",
                          "Bit rate of the bus: 10 Mbit/s (Ethernet II / DIX 2.0; IEEE 802.3 "
                          "10BASE5). Every MAC timing (gap, slot, jam, preamble) is in bit times "
                          "and follows it.",
                          DataRateValue(DataRate("10Mbps")),
                          MakeDataRateAccessor(&EthernetBusChannel::m_dataRate),
                          MakeDataRateChecker())
            .AddAttribute("Length",
                          "Length of the cable (m); devices and background stations tap it at "
                          "positions from 0 to Length. Default: 500 m, the longest 10BASE5 "
                          "coaxial segment (IEEE 802.3 clause 8).",
                          DoubleValue(500.0),
                          MakeDoubleAccessor(&EthernetBusChannel::m_length),
                          MakeDoubleChecker<double>(1e-3))
            .AddAttribute("PropagationDelay",
                          "Time for a signal to go from one end of the cable to the other. "
                          "Default: 500 m at 4.33 ns/m, the slowest propagation IEEE 802.3 "
                          "allows on 10BASE5 coax (0.77 c): 2165 ns. At most a quarter of a slot "
                          "time, so that every collision is seen by both senders.",
                          TimeValue(NanoSeconds(2165)),
                          MakeTimeAccessor(&EthernetBusChannel::m_propagationDelay),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("BackgroundStations",
                          "Number of stations (dimensionless) other than the attached devices; "
                          "they are spread evenly along the cable and share BackgroundLoad.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&EthernetBusChannel::m_backgroundStations),
                          MakeUintegerChecker<uint32_t>(0, MAX_STATIONS))
            .AddAttribute("BackgroundLoad",
                          "Traffic (fraction 0 to 1 of DataRate, frame bits from destination "
                          "address to FCS) offered in total by the background stations as a "
                          "Poisson process of frames, each at a station drawn uniformly.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&EthernetBusChannel::m_backgroundLoad),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("BackgroundSmallFrameSize",
                          "Size (bytes, FCS included) of a small background frame. Default: the "
                          "minimum frame, 64 bytes (IEEE 802.3 minFrameSize).",
                          UintegerValue(MIN_FRAME_BYTES),
                          MakeUintegerAccessor(&EthernetBusChannel::m_smallFrameSize),
                          MakeUintegerChecker<uint32_t>(MIN_FRAME_BYTES, MAX_FRAME_BYTES))
            .AddAttribute("BackgroundLargeFrameSize",
                          "Size (bytes, FCS included) of a large background frame. Default: the "
                          "maximum frame, 1518 bytes (IEEE 802.3 maxFrameSize).",
                          UintegerValue(MAX_FRAME_BYTES),
                          MakeUintegerAccessor(&EthernetBusChannel::m_largeFrameSize),
                          MakeUintegerChecker<uint32_t>(MIN_FRAME_BYTES, MAX_FRAME_BYTES))
            .AddAttribute("BackgroundLargeFraction",
                          "Fraction (0 to 1) of background frames that are large; the others are "
                          "small. Default 0.1 is an assumption (see doc/ethernet.md): most "
                          "frames small, most bytes in large frames.",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&EthernetBusChannel::m_largeFraction),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("BackgroundBroadcastRate",
                          "Broadcasts per second (Poisson) sent by the background stations, "
                          "each at a station drawn uniformly, on top of BackgroundLoad. Every "
                          "attached device receives them: an interface with one buffer is busy "
                          "with each until its driver has copied it out.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&EthernetBusChannel::m_broadcastRate),
                          MakeDoubleChecker<double>(0.0))
            .AddAttribute("BackgroundBroadcastFrameSize",
                          "Size (bytes, FCS included) of a background broadcast. Default: the "
                          "minimum frame, 64 bytes (an ARP request).",
                          UintegerValue(MIN_FRAME_BYTES),
                          MakeUintegerAccessor(&EthernetBusChannel::m_broadcastFrameSize),
                          MakeUintegerChecker<uint32_t>(MIN_FRAME_BYTES, MAX_FRAME_BYTES))
            .AddAttribute("BitErrorRate",
                          "Probability (0 to 1) that noise on the cable corrupts any one bit of "
                          "a frame as one station receives it, independently for each bit and "
                          "each reception (ns3::RateErrorModel, ERROR_UNIT_BIT, over the frame "
                          "from destination address to FCS). The interface discards a corrupted "
                          "frame.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&EthernetBusChannel::m_bitErrorRate),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("BackoffVariable",
                          "Draws (dimensionless, in [0, 1)) that choose backoffs: after the n-th "
                          "collision a station waits floor(u x 2^min(n,10)) slot times. A "
                          "constant makes backoffs deterministic (tests).",
                          StringValue("ns3::UniformRandomVariable[Min=0.0|Max=1.0]"),
                          MakePointerAccessor(&EthernetBusChannel::m_backoffRv),
                          MakePointerChecker<RandomVariableStream>())
            .AddTraceSource("TransmissionStart",
                            "A station starts an attempt: station, collisions the frame had "
                            "suffered.",
                            MakeTraceSourceAccessor(&EthernetBusChannel::m_txStartTrace),
                            "ns3::EthernetBusChannel::StationTracedCallback")
            .AddTraceSource("Collision",
                            "A sender detects a collision and jams: station, collisions the "
                            "frame has suffered, this one included.",
                            MakeTraceSourceAccessor(&EthernetBusChannel::m_collisionTrace),
                            "ns3::EthernetBusChannel::StationTracedCallback")
            .AddTraceSource("Backoff",
                            "A station backs off after a collision: station, collisions, slots "
                            "drawn, delay from the end of the jam.",
                            MakeTraceSourceAccessor(&EthernetBusChannel::m_backoffTrace),
                            "ns3::EthernetBusChannel::BackoffTracedCallback")
            .AddTraceSource("Deferral",
                            "A station that wants to send finds the medium busy (or within the "
                            "inter-frame gap) and defers: station, collisions so far.",
                            MakeTraceSourceAccessor(&EthernetBusChannel::m_deferralTrace),
                            "ns3::EthernetBusChannel::StationTracedCallback")
            .AddTraceSource("NoiseCorruption",
                            "Noise corrupted a frame as a device received it (BitErrorRate): "
                            "the frame, the device index. The device discards it.",
                            MakeTraceSourceAccessor(&EthernetBusChannel::m_noiseTrace),
                            "ns3::EthernetBusChannel::NoiseTracedCallback")
            .AddTraceSource("ExcessiveCollisions",
                            "A station drops a frame after its 16th collision: station, 16.",
                            MakeTraceSourceAccessor(&EthernetBusChannel::m_excessiveTrace),
                            "ns3::EthernetBusChannel::StationTracedCallback");
    return tid;
}

EthernetBusChannel::EthernetBusChannel()
{
    NS_LOG_FUNCTION(this);
    m_arrivalRv = CreateObject<ExponentialRandomVariable>();
    m_stationRv = CreateObject<UniformRandomVariable>();
    m_sizeRv = CreateObject<UniformRandomVariable>();
    m_broadcastArrivalRv = CreateObject<ExponentialRandomVariable>();
    m_broadcastStationRv = CreateObject<UniformRandomVariable>();
    m_noise = CreateObject<RateErrorModel>();
    m_noise->SetUnit(RateErrorModel::ERROR_UNIT_BIT);
}

EthernetBusChannel::~EthernetBusChannel()
{
    NS_LOG_FUNCTION(this);
}

void
EthernetBusChannel::DoDispose()
{
    NS_LOG_FUNCTION(this);
    // Device events still queued find no station and no transmission: they are stale.
    for (Station& s : m_stations)
    {
        Simulator::Remove(s.wake);
    }
    m_stations.clear();
    m_transmissions.clear();
    m_waiting.clear();
    m_devices.clear();
    m_arrivalRv = nullptr;
    m_stationRv = nullptr;
    m_sizeRv = nullptr;
    m_broadcastArrivalRv = nullptr;
    m_broadcastStationRv = nullptr;
    m_noise = nullptr;
    m_backoffRv = nullptr;
    Channel::DoDispose();
}

int64_t
EthernetBusChannel::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_arrivalRv->SetStream(stream);
    m_stationRv->SetStream(stream + 1);
    m_sizeRv->SetStream(stream + 2);
    m_backoffRv->SetStream(stream + 3);
    m_broadcastArrivalRv->SetStream(stream + 4);
    m_broadcastStationRv->SetStream(stream + 5);
    m_noise->AssignStreams(stream + 6);
    return 7;
}

uint32_t
EthernetBusChannel::Attach(Ptr<EthernetNetDevice> device, double position)
{
    NS_LOG_FUNCTION(this << device << position);
    NS_ABORT_MSG_IF(m_stationsReady,
                    "EthernetBusChannel: attach devices before the bus carries traffic");
    NS_ABORT_MSG_IF(position < 0 || position > m_length,
                    "EthernetBusChannel: position " << position << " m is not on a " << m_length
                                                    << " m cable");
    NS_ABORT_MSG_IF(m_devices.size() + m_backgroundStations >= MAX_STATIONS,
                    "EthernetBusChannel: too many stations");
    const uint32_t index = m_devices.size();
    m_devices.push_back(device);
    m_devicePositions.push_back(position);
    if (!m_backgroundScheduled)
    {
        // The background stations have been sending since the bus was built.
        m_backgroundScheduled = true;
        Simulator::ScheduleWithContext(Simulator::NO_CONTEXT,
                                       Time(0),
                                       &EthernetBusChannel::StartBackground,
                                       this);
    }
    return index;
}

std::size_t
EthernetBusChannel::GetNDevices() const
{
    return m_devices.size();
}

Ptr<NetDevice>
EthernetBusChannel::GetDevice(std::size_t i) const
{
    return GetEthernetDevice(i);
}

Ptr<EthernetNetDevice>
EthernetBusChannel::GetEthernetDevice(std::size_t i) const
{
    NS_ASSERT(i < m_devices.size());
    return m_devices[i];
}

DataRate
EthernetBusChannel::GetDataRate() const
{
    return m_dataRate;
}

Time
EthernetBusChannel::GetPropagationDelay() const
{
    return m_propagationDelay;
}

int64_t
EthernetBusChannel::PositionToSteps(double position) const
{
    return std::llround(static_cast<double>(m_propagationDelay.GetTimeStep()) * position /
                        m_length);
}

Time
EthernetBusChannel::GetDelay(uint32_t i, uint32_t j) const
{
    NS_ASSERT(i < m_devicePositions.size() && j < m_devicePositions.size());
    return TimeStep(
        std::llabs(PositionToSteps(m_devicePositions[i]) - PositionToSteps(m_devicePositions[j])));
}

int64_t
EthernetBusChannel::Bits(uint64_t bits) const
{
    // In whole time steps, rounded up, rather than DataRate's double seconds: times must be
    // exact sums that tests and users can reproduce (100 ns per bit at 10 Mbit/s).
    const uint64_t bps = m_dataRate.GetBitRate();
    NS_ABORT_MSG_IF(bps == 0, "EthernetBusChannel: DataRate must be positive");
    const unsigned __int128 stepsPerSecond = Seconds(1).GetTimeStep();
    return static_cast<int64_t>((bits * stepsPerSecond + bps - 1) / bps);
}

Time
EthernetBusChannel::GetBitTime(uint64_t bits) const
{
    return TimeStep(Bits(bits));
}

Time
EthernetBusChannel::GetTransmissionTime(uint32_t frameBytes) const
{
    return TimeStep(Bits(PREAMBLE_BITS + 8 * uint64_t{frameBytes}));
}

Time
EthernetBusChannel::GetSlotTime() const
{
    return GetBitTime(SLOT_BITS);
}

Time
EthernetBusChannel::GetInterFrameGap() const
{
    return GetBitTime(IFG_BITS);
}

void
EthernetBusChannel::EnsureStations()
{
    if (m_stationsReady)
    {
        return;
    }
    m_stationsReady = true;
    m_noise->SetRate(m_bitErrorRate);
    m_ifg = Bits(IFG_BITS);
    m_ifgPart1 = Bits(IFG_PART1_BITS);
    m_slot = Bits(SLOT_BITS);
    m_jam = Bits(JAM_BITS);
    m_preamble = Bits(PREAMBLE_BITS);
    // A collision must reach both senders while they still send: a round trip within the
    // shortest transmission (preamble + 64 bytes). A quarter slot leaves room for the rest of
    // the 802.3 delay budget, which this model does not count (transceivers, repeaters).
    NS_ABORT_MSG_IF(4 * m_propagationDelay.GetTimeStep() > m_slot,
                    "EthernetBusChannel: PropagationDelay " << m_propagationDelay.As(Time::US)
                                                            << " exceeds a quarter slot time");
    m_stations.clear();
    for (uint32_t i = 0; i < m_devices.size(); ++i)
    {
        Station s;
        s.position = PositionToSteps(m_devicePositions[i]);
        s.device = static_cast<int32_t>(i);
        m_stations.push_back(s);
    }
    for (uint32_t k = 0; k < m_backgroundStations; ++k)
    {
        Station s;
        s.position = PositionToSteps((k + 0.5) * m_length / m_backgroundStations);
        m_stations.push_back(s);
    }
}

int64_t
EthernetBusChannel::Distance(uint32_t a, uint32_t b) const
{
    return std::llabs(m_stations[a].position - m_stations[b].position);
}

uint32_t
EthernetBusChannel::Context(uint32_t station) const
{
    const int32_t device = m_stations[station].device;
    return device < 0 ? Simulator::NO_CONTEXT : m_devices[device]->GetNode()->GetId();
}

void
EthernetBusChannel::StartBackground()
{
    NS_LOG_FUNCTION(this);
    EnsureStations();
    NS_ABORT_MSG_IF(m_backgroundStations == 0 && (m_backgroundLoad > 0.0 || m_broadcastRate > 0.0),
                    "EthernetBusChannel: BackgroundLoad and BackgroundBroadcastRate need "
                    "BackgroundStations");
    if (m_broadcastRate > 0.0)
    {
        ScheduleBroadcastArrival();
    }
    if (m_backgroundLoad <= 0.0)
    {
        return;
    }
    const double meanBytes =
        (1.0 - m_largeFraction) * m_smallFrameSize + m_largeFraction * m_largeFrameSize;
    m_meanGap = 8.0 * meanBytes / (m_backgroundLoad * static_cast<double>(m_dataRate.GetBitRate()));
    ScheduleBackgroundArrival();
}

void
EthernetBusChannel::StopBackground()
{
    NS_LOG_FUNCTION(this);
    m_backgroundStopped = true;
}

void
EthernetBusChannel::ScheduleBackgroundArrival()
{
    if (m_backgroundStopped)
    {
        return;
    }
    // One arrival drawn at a time: the background costs one event per frame, plus the events
    // of its deferrals and collisions, whatever the number of stations.
    Simulator::ScheduleWithContext(Simulator::NO_CONTEXT,
                                   Seconds(m_arrivalRv->GetValue(m_meanGap, 0)),
                                   &EthernetBusChannel::BackgroundArrival,
                                   this);
}

void
EthernetBusChannel::BackgroundArrival()
{
    const uint32_t station =
        m_devices.size() + m_stationRv->GetInteger(0, m_backgroundStations - 1);
    const uint32_t bytes =
        m_sizeRv->GetValue() < m_largeFraction ? m_largeFrameSize : m_smallFrameSize;
    OfferBackground(station, BackgroundFrame{bytes, false});
    ScheduleBackgroundArrival();
}

void
EthernetBusChannel::ScheduleBroadcastArrival()
{
    if (m_backgroundStopped)
    {
        return;
    }
    Simulator::ScheduleWithContext(
        Simulator::NO_CONTEXT,
        Seconds(m_broadcastArrivalRv->GetValue(1.0 / m_broadcastRate, 0)),
        &EthernetBusChannel::BroadcastArrival,
        this);
}

void
EthernetBusChannel::BroadcastArrival()
{
    const uint32_t station =
        m_devices.size() + m_broadcastStationRv->GetInteger(0, m_backgroundStations - 1);
    OfferBackground(station, BackgroundFrame{m_broadcastFrameSize, true});
    ScheduleBroadcastArrival();
}

void
EthernetBusChannel::OfferBackground(uint32_t station, BackgroundFrame frame)
{
    ++m_backgroundOffered;
    Station& s = m_stations[station];
    s.queue.push_back(frame);
    if (!s.waiting)
    {
        // The station had nothing to send (at most its last frame is still on the wire).
        Contend(station, Simulator::Now().GetTimeStep(), true);
    }
}

void
EthernetBusChannel::Transmit(uint32_t index, Ptr<Packet> frame)
{
    NS_LOG_FUNCTION(this << index << frame);
    EnsureStations();
    NS_ASSERT(index < m_devices.size());
    Station& s = m_stations[index];
    NS_ABORT_MSG_IF(s.frame || s.waiting,
                    "EthernetBusChannel: device " << index << " already has a frame");
    NS_ABORT_MSG_IF(frame->GetSize() < MIN_FRAME_BYTES,
                    "EthernetBusChannel: a " << frame->GetSize() << "-byte frame is a runt");
    s.frame = frame;
    s.attempts = 0;
    Contend(index, Simulator::Now().GetTimeStep(), true);
}

int64_t
EthernetBusChannel::FreeAt(uint32_t station, int64_t t) const
{
    // The IEEE 802.3 Deference process (§4.2.8), run over the carrier this station senses
    // from the known transmissions. It defers from the moment carrier appears until it
    // drops, then waits the inter-frame gap. Carrier that appears in the gap's first part
    // restarts the wait, unless the carrier that started the deferral was the station's own
    // transmission; carrier in the second part does not: the station sends at the end of
    // the gap whatever it hears. Carrier is sensed from just after its first bit arrives, so
    // a station that starts at the very moment another signal reaches it collides.
    static thread_local std::vector<Sensed> sensed;
    sensed.clear();
    for (const Transmission& tx : m_transmissions)
    {
        const int64_t d = Distance(tx.station, station);
        sensed.push_back(Sensed{tx.start + d, tx.end + d, tx.station == station});
    }
    std::sort(sensed.begin(), sensed.end(), [](const Sensed& a, const Sensed& b) {
        return a.from < b.from;
    });
    const std::size_t n = sensed.size();
    std::size_t i = 0;
    int64_t cursor = LONG_AGO;
    for (;;)
    {
        while (i < n && sensed[i].to <= cursor)
        {
            ++i;
        }
        if (i >= n)
        {
            return t;
        }
        // Deferral starts when carrier appears (or is still there when the last gap ended).
        const int64_t appears = std::max(sensed[i].from, cursor);
        if (t <= appears)
        {
            return t;
        }
        bool own = false;
        for (const Sensed& c : sensed)
        {
            own = own || (c.own && c.from <= appears && appears < c.to);
        }
        int64_t drop = appears;
        std::size_t j = i;
        while (j < n && sensed[j].from <= drop)
        {
            drop = std::max(drop, sensed[j].to);
            ++j;
        }
        if (!own)
        {
            while (j < n && sensed[j].from < drop + m_ifgPart1)
            {
                drop = std::max(drop, sensed[j].to);
                ++j;
                while (j < n && sensed[j].from <= drop)
                {
                    drop = std::max(drop, sensed[j].to);
                    ++j;
                }
            }
        }
        const int64_t free = drop + m_ifg;
        if (t < free)
        {
            return free;
        }
        cursor = free;
        i = j;
    }
}

void
EthernetBusChannel::Contend(uint32_t station, int64_t earliest, bool startNow)
{
    Station& s = m_stations[station];
    s.earliest = earliest;
    s.deferralCounted = false;
    if (!s.waiting)
    {
        s.waiting = true;
        m_waiting.push_back(station);
    }
    const int64_t now = Simulator::Now().GetTimeStep();
    const int64_t from = std::max(now, earliest);
    const int64_t at = FreeAt(station, from);
    if (at > from)
    {
        s.deferralCounted = true;
        ++m_deferrals;
        m_deferralTrace(station, s.attempts);
    }
    if (startNow && at == now)
    {
        StartTransmission(station);
        return;
    }
    ScheduleWake(station, at);
}

void
EthernetBusChannel::ScheduleWake(uint32_t station, int64_t at)
{
    Station& s = m_stations[station];
    s.wakeAt = at;
    ++s.wakeToken;
    const Time delay = TimeStep(at - Simulator::Now().GetTimeStep());
    if (s.device < 0)
    {
        // Waiting background stations are re-planned at every start and collision nearby;
        // their old wake-ups are taken out of the queue, not left to run as no-ops. Their
        // events run in whatever context planned them: they never reach a node.
        Simulator::Remove(s.wake);
        s.wake = Simulator::Schedule(delay, &EthernetBusChannel::Wake, this, station, s.wakeToken);
        return;
    }
    // A device's wake-up runs in its node's context (the driver's work follows from it),
    // which the simulator cannot cancel: a new plan makes the previous wake-up stale.
    Simulator::ScheduleWithContext(Context(station),
                                   delay,
                                   &EthernetBusChannel::Wake,
                                   this,
                                   station,
                                   s.wakeToken);
}

void
EthernetBusChannel::Replan(uint32_t station)
{
    Station& s = m_stations[station];
    NS_ASSERT(s.waiting);
    const int64_t now = Simulator::Now().GetTimeStep();
    const int64_t from = std::max(now, s.earliest);
    const int64_t at = FreeAt(station, from);
    if (at > from && !s.deferralCounted)
    {
        s.deferralCounted = true;
        ++m_deferrals;
        m_deferralTrace(station, s.attempts);
    }
    if (at != s.wakeAt)
    {
        ScheduleWake(station, at);
    }
}

void
EthernetBusChannel::ReplanAll()
{
    for (std::size_t k = 0; k < m_waiting.size(); ++k)
    {
        Replan(m_waiting[k]);
    }
}

void
EthernetBusChannel::Wake(uint32_t station, uint64_t token)
{
    if (station >= m_stations.size() || token != m_stations[station].wakeToken)
    {
        return;
    }
    NS_LOG_FUNCTION(this << station);
    NS_ASSERT(m_stations[station].waiting);
    NS_ASSERT_MSG(FreeAt(station, Simulator::Now().GetTimeStep()) == Simulator::Now().GetTimeStep(),
                  "station " << station << " woke while it must defer");
    m_stations[station].wakeAt = -1;
    StartTransmission(station);
}

EthernetBusChannel::Transmission*
EthernetBusChannel::Find(uint64_t id)
{
    if (m_transmissions.empty() || id < m_transmissions.front().id)
    {
        return nullptr;
    }
    const uint64_t index = id - m_transmissions.front().id;
    return index < m_transmissions.size() ? &m_transmissions[index] : nullptr;
}

void
EthernetBusChannel::Prune()
{
    // A transmission matters to carrier sense until every station has sensed its end and a
    // gap, and to receptions until the longest frame that could overlap it has arrived.
    const int64_t now = Simulator::Now().GetTimeStep();
    const int64_t horizon = m_longest + 2 * m_propagationDelay.GetTimeStep() + m_ifg + m_slot;
    while (!m_transmissions.empty())
    {
        const Transmission& tx = m_transmissions.front();
        if (tx.end + horizon >= now || tx.detect != NEVER || tx.endPending)
        {
            break;
        }
        m_transmissions.pop_front();
    }
}

void
EthernetBusChannel::ScheduleDetection(Transmission& tx, int64_t at)
{
    if (at >= tx.detect)
    {
        return;
    }
    tx.detect = at;
    ++tx.detectToken;
    Simulator::ScheduleWithContext(Context(tx.station),
                                   TimeStep(at - Simulator::Now().GetTimeStep()),
                                   &EthernetBusChannel::Detect,
                                   this,
                                   tx.id,
                                   tx.detectToken);
}

void
EthernetBusChannel::ScheduleEnd(Transmission& tx)
{
    tx.endPending = true;
    ++tx.endToken;
    Simulator::ScheduleWithContext(Context(tx.station),
                                   TimeStep(tx.end - Simulator::Now().GetTimeStep()),
                                   &EthernetBusChannel::TransmissionEnd,
                                   this,
                                   tx.id,
                                   tx.endToken);
}

void
EthernetBusChannel::StartTransmission(uint32_t station)
{
    NS_LOG_FUNCTION(this << station);
    Station& s = m_stations[station];
    NS_ASSERT(s.waiting);
    s.waiting = false;
    ++s.wakeToken;
    Simulator::Remove(s.wake);
    s.wakeAt = -1;
    m_waiting.erase(std::find(m_waiting.begin(), m_waiting.end(), station));
    Prune();

    const int64_t now = Simulator::Now().GetTimeStep();
    NS_ASSERT_MSG(std::none_of(m_transmissions.begin(),
                               m_transmissions.end(),
                               [station, now](const Transmission& t) {
                                   return t.station == station && t.end > now;
                               }),
                  "station " << station << " starts while still sending");
    Transmission tx;
    tx.id = m_nextId++;
    tx.station = station;
    tx.start = now;
    tx.detect = NEVER;
    tx.attempts = s.attempts;
    if (s.device >= 0)
    {
        tx.frame = s.frame;
        tx.bytes = s.frame->GetSize();
    }
    else
    {
        NS_ASSERT(!s.queue.empty());
        tx.bytes = s.queue.front().bytes;
        tx.broadcast = s.queue.front().broadcast;
        s.queue.pop_front();
        ++m_backgroundSent;
    }
    tx.end = now + m_preamble + Bits(8 * uint64_t{tx.bytes});
    m_longest = std::max(m_longest, tx.end - tx.start);

    // Every signal on the wire that overlaps this one at either end makes a collision: this
    // sender hears the other when it arrives, the other sender hears this one when it
    // arrives, if each is still sending then.
    for (Transmission& other : m_transmissions)
    {
        const int64_t d = Distance(other.station, station);
        if (other.end + d > now && other.start + d < tx.end)
        {
            tx.detect = std::min(tx.detect, std::max(now, other.start + d));
        }
        if (!other.aborted && now + d < other.end)
        {
            ScheduleDetection(other, now + d);
        }
    }
    const int64_t detect = tx.detect;
    tx.detect = NEVER;
    m_transmissions.push_back(tx);
    Transmission& added = m_transmissions.back();
    if (detect != NEVER)
    {
        ScheduleDetection(added, detect);
    }
    if (s.device >= 0 || added.broadcast)
    {
        // Somebody receives it: its end is an event.
        ScheduleEnd(added);
    }
    if (s.device < 0)
    {
        s.attempts = 0;
        if (!s.queue.empty())
        {
            // The next frame goes after this one and a gap; a collision re-plans it.
            Contend(station, added.end, false);
        }
    }
    const uint32_t attempts = added.attempts;
    NS_LOG_LOGIC("station " << station << " starts " << added.bytes << " bytes, attempt "
                            << attempts + 1 << ", until " << TimeStep(added.end).As(Time::US));
    ReplanAll();
    // Traces and the device last, once the channel is consistent: a sink may hand another
    // device a frame.
    m_txStartTrace(station, attempts);
    if (s.device >= 0)
    {
        m_devices[s.device]->TransmitStarted(attempts);
    }
}

void
EthernetBusChannel::Detect(uint64_t id, uint64_t token)
{
    Transmission* found = Find(id);
    if (!found || token != found->detectToken)
    {
        return;
    }
    NS_LOG_FUNCTION(this << id);
    Transmission& tx = *found;
    NS_ASSERT(!tx.aborted);
    const int64_t now = Simulator::Now().GetTimeStep();
    // A collision heard during the preamble is jammed only once the preamble is out.
    tx.aborted = true;
    tx.detect = NEVER;
    tx.end = std::max(now, tx.start + m_preamble) + m_jam;
    ++tx.endToken;
    tx.endPending = false;
    const uint32_t station = tx.station;
    Station& s = m_stations[station];
    const uint32_t attempts = tx.attempts + 1;
    ++m_collisions;
    if (s.device < 0)
    {
        --m_backgroundSent;
    }
    NS_LOG_LOGIC("station " << station << " collision " << attempts << ", jam until "
                            << TimeStep(tx.end).As(Time::US));
    m_collisionTrace(station, attempts);
    if (attempts >= ATTEMPT_LIMIT)
    {
        ++m_excessive;
        m_excessiveTrace(station, attempts);
        s.attempts = 0;
        if (s.device >= 0)
        {
            s.frame = nullptr;
            ScheduleEnd(tx);
        }
        else if (!s.queue.empty())
        {
            Contend(station, tx.end, false);
        }
    }
    else
    {
        const uint32_t range = 1u << std::min(attempts, BACKOFF_LIMIT);
        const double u = m_backoffRv->GetValue();
        const uint32_t slots = u <= 0.0 ? 0 : std::min(static_cast<uint32_t>(u * range), range - 1);
        const int64_t delay = static_cast<int64_t>(slots) * m_slot;
        m_backoffTrace(station, attempts, slots, TimeStep(delay));
        if (s.device < 0)
        {
            // The frame comes back to the head of its station's queue; a next frame that was
            // planned behind it waits again.
            s.queue.push_front(BackgroundFrame{tx.bytes, tx.broadcast});
        }
        s.attempts = attempts;
        Contend(station, tx.end + delay, false);
    }
    ReplanAll();
    if (s.device >= 0)
    {
        m_devices[s.device]->TransmitCollided(attempts);
    }
}

void
EthernetBusChannel::TransmissionEnd(uint64_t id, uint64_t token)
{
    Transmission* found = Find(id);
    if (!found || token != found->endToken)
    {
        return;
    }
    NS_LOG_FUNCTION(this << id);
    Transmission& tx = *found;
    tx.endPending = false;
    const uint32_t station = tx.station;
    Station& s = m_stations[station];
    Ptr<EthernetNetDevice> device = s.device >= 0 ? m_devices[s.device] : nullptr;
    if (tx.aborted)
    {
        // A background station's frame was re-queued when the collision was detected.
        if (device)
        {
            device->TransmitDropped();
        }
        return;
    }
    if (device)
    {
        ++m_deviceSent;
        s.frame = nullptr;
        s.attempts = 0;
    }
    else
    {
        NS_ASSERT(tx.broadcast);
        ++m_broadcastsSent;
        tx.frame = MakeBroadcastFrame(tx);
    }
    EthernetHeader header(false);
    tx.frame->PeekHeader(header);
    const Mac48Address destination = header.GetDestination();
    for (uint32_t j = 0; j < m_devices.size(); ++j)
    {
        // Frames for other stations reach every interface, but the address filter drops
        // them in hardware: they cost an event only where something listens to all frames.
        if (j == station ||
            !(m_devices[j]->AcceptsDestination(destination) || m_devices[j]->WantsAllFrames()))
        {
            continue;
        }
        Simulator::ScheduleWithContext(m_devices[j]->GetNode()->GetId(),
                                       TimeStep(Distance(station, j)),
                                       &EthernetBusChannel::Deliver,
                                       this,
                                       id,
                                       j);
    }
    if (device)
    {
        device->TransmitCompleted();
    }
}

Ptr<Packet>
EthernetBusChannel::MakeBroadcastFrame(const Transmission& tx) const
{
    EthernetHeader header(false);
    // A locally administered address per background station: 02:00:00:00:hi:lo.
    const uint32_t k = tx.station - m_devices.size();
    const uint8_t source[6] =
        {0x02, 0, 0, 0, static_cast<uint8_t>(k >> 8), static_cast<uint8_t>(k)};
    Mac48Address address;
    address.CopyFrom(source);
    header.SetSource(address);
    header.SetDestination(Mac48Address::GetBroadcast());
    header.SetLengthType(BACKGROUND_BROADCAST_ETHERTYPE);
    EthernetTrailer trailer;
    Ptr<Packet> frame =
        Create<Packet>(tx.bytes - header.GetSerializedSize() - trailer.GetSerializedSize());
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
EthernetBusChannel::Deliver(uint64_t id, uint32_t receiver)
{
    NS_LOG_FUNCTION(this << id << receiver);
    const Transmission* found = Find(id);
    NS_ASSERT_MSG(found, "a delivered frame was forgotten");
    const Transmission& tx = *found;
    const int64_t d = Distance(tx.station, receiver);
    const int64_t first = tx.start + d;
    const int64_t last = tx.end + d;
    // Both senders hear every collision (the cable is short enough), so a frame sent
    // without one is intact everywhere; checked anyway, at the receiver's position.
    for (const Transmission& other : m_transmissions)
    {
        const int64_t e = Distance(other.station, receiver);
        if (other.id != id && other.start + e < last && other.end + e > first)
        {
            NS_LOG_WARN("frame " << tx.frame->GetUid() << " garbled at device " << receiver);
            return;
        }
    }
    Ptr<Packet> frame = tx.frame->Copy();
    if (m_bitErrorRate > 0.0 && m_noise->IsCorrupt(frame))
    {
        NS_LOG_LOGIC("frame " << tx.frame->GetUid() << " corrupted by noise at device "
                              << receiver);
        ++m_noiseCorruptions;
        m_noiseTrace(frame, receiver);
        return;
    }
    m_devices[receiver]->Receive(frame, TimeStep(first));
}

uint64_t
EthernetBusChannel::GetNoiseCorruptions() const
{
    return m_noiseCorruptions;
}

uint64_t
EthernetBusChannel::GetCollisions() const
{
    return m_collisions;
}

uint64_t
EthernetBusChannel::GetDeferrals() const
{
    return m_deferrals;
}

uint64_t
EthernetBusChannel::GetExcessiveCollisionDrops() const
{
    return m_excessive;
}

uint64_t
EthernetBusChannel::GetBackgroundFramesOffered() const
{
    return m_backgroundOffered;
}

uint64_t
EthernetBusChannel::GetBackgroundBroadcastsSent() const
{
    return m_broadcastsSent;
}

uint64_t
EthernetBusChannel::GetBackgroundFramesSent() const
{
    return m_backgroundSent;
}

uint64_t
EthernetBusChannel::GetDeviceFramesSent() const
{
    return m_deviceSent;
}

} // namespace ns3
