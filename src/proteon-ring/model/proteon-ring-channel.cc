/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "proteon-ring-channel.h"

#include "proteon-ring-header.h"
#include "proteon-ring-net-device.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ProteonRingChannel");

NS_OBJECT_ENSURE_REGISTERED(ProteonRingChannel);

namespace
{
/// Largest number of stations: ProNET-10 station addresses are 8 bits, 0 and 255 are reserved.
constexpr uint32_t MAX_STATIONS = 254;
/// A time (in time steps) later than any event.
constexpr int64_t NEVER = std::numeric_limits<int64_t>::max();
} // namespace

TypeId
ProteonRingChannel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ProteonRingChannel")
            .SetParent<Channel>()
            .SetGroupName("ProteonRing")
            .AddConstructor<ProteonRingChannel>()
            .AddAttribute("DataRate",
                          "Bit rate of the ring (RFC 1030 §5: 10 Mbit/s).",
                          DataRateValue(DataRate("10Mbps")),
                          MakeDataRateAccessor(&ProteonRingChannel::m_dataRate),
                          MakeDataRateChecker())
            .AddAttribute("StationCount",
                          "Number of stations on the ring (dimensionless), the attached devices "
                          "included; the others are background stations. RFC 1030 §5: about 40 "
                          "hosts. At most 254, the usable 8-bit station addresses.",
                          UintegerValue(40),
                          MakeUintegerAccessor(&ProteonRingChannel::m_stationCount),
                          MakeUintegerChecker<uint32_t>(2, MAX_STATIONS))
            .AddAttribute("StationLatency",
                          "Delay (time) that each station's repeater adds to every bit passing "
                          "it. Default: one bit time at 10 Mbit/s, assuming ProNET-10's "
                          "one-bit station buffer (see doc/proteon-ring.rst).",
                          TimeValue(NanoSeconds(100)),
                          MakeTimeAccessor(&ProteonRingChannel::m_stationLatency),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("CableDelay",
                          "Propagation delay (time) of the cable from one station to the next. "
                          "Default: 5 ns/m over an assumed 20 m per hop (see "
                          "doc/proteon-ring.rst).",
                          TimeValue(NanoSeconds(100)),
                          MakeTimeAccessor(&ProteonRingChannel::m_cableDelay),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("BackgroundLoad",
                          "Fraction (0 to 1, dimensionless) of the ring's bit rate offered as "
                          "Poisson traffic by the stations that have no device attached.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&ProteonRingChannel::m_backgroundLoad),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("BackgroundFrameSize",
                          "Size (bytes, ring header included) of every background frame. The "
                          "default of 1000 bytes is an assumption; RFC 1030 does not describe the "
                          "ring's other traffic.",
                          UintegerValue(1000),
                          MakeUintegerAccessor(&ProteonRingChannel::m_backgroundFrameSize),
                          MakeUintegerChecker<uint32_t>(1, 65535))
            .AddTraceSource("FrameTxStart",
                            "A device's frame starts its transmission: frame, station.",
                            MakeTraceSourceAccessor(&ProteonRingChannel::m_txStartTrace),
                            "ns3::ProteonRingChannel::FrameTracedCallback")
            .AddTraceSource("FrameTxEnd",
                            "A device's frame has been put on the ring: frame, station.",
                            MakeTraceSourceAccessor(&ProteonRingChannel::m_txEndTrace),
                            "ns3::ProteonRingChannel::FrameTracedCallback")
            .AddTraceSource("TokenWait",
                            "A device's station seized the token: frame, station, time since the "
                            "frame was ready in the interface.",
                            MakeTraceSourceAccessor(&ProteonRingChannel::m_tokenWaitTrace),
                            "ns3::ProteonRingChannel::TokenWaitTracedCallback");
    return tid;
}

ProteonRingChannel::ProteonRingChannel()
{
    NS_LOG_FUNCTION(this);
    m_arrivalRv = CreateObject<ExponentialRandomVariable>();
    m_stationRv = CreateObject<UniformRandomVariable>();
}

ProteonRingChannel::~ProteonRingChannel()
{
    NS_LOG_FUNCTION(this);
}

void
ProteonRingChannel::DoDispose()
{
    NS_LOG_FUNCTION(this);
    ++m_seizeGeneration;
    m_seizePending = false;
    m_devices.clear();
    m_backlog.clear();
    m_provisional.clear();
    m_arrivalRv = nullptr;
    m_stationRv = nullptr;
    Channel::DoDispose();
}

int64_t
ProteonRingChannel::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_arrivalRv->SetStream(stream);
    m_stationRv->SetStream(stream + 1);
    return 2;
}

void
ProteonRingChannel::EnsureStations()
{
    if (!m_stationDevice.empty())
    {
        return;
    }
    m_stationDevice.assign(m_stationCount, -1);
    m_backlog.assign(m_stationCount, std::deque<int64_t>());
    m_hop = GetHopDelay().GetTimeStep();
    NS_ABORT_MSG_IF(m_hop <= 0, "ProteonRingChannel: StationLatency + CableDelay must be positive");
    m_rotation = m_hop * m_stationCount;
}

uint32_t
ProteonRingChannel::Attach(Ptr<ProteonRingNetDevice> device, uint32_t station)
{
    NS_LOG_FUNCTION(this << device << station);
    EnsureStations();
    NS_ABORT_MSG_IF(m_backgroundStarted,
                    "ProteonRingChannel: attach devices before the ring carries traffic");
    NS_ABORT_MSG_IF(station >= m_stationCount,
                    "ProteonRingChannel: station " << station << " is not on a ring of "
                                                   << m_stationCount << " stations");
    NS_ABORT_MSG_IF(m_stationDevice[station] >= 0,
                    "ProteonRingChannel: station " << station << " already has a device");
    uint32_t index = m_devices.size();
    m_devices.push_back(Attachment{device, station, false, 0});
    m_stationDevice[station] = static_cast<int32_t>(index);
    return index;
}

std::size_t
ProteonRingChannel::GetNDevices() const
{
    return m_devices.size();
}

Ptr<NetDevice>
ProteonRingChannel::GetDevice(std::size_t i) const
{
    return GetProteonRingDevice(i);
}

Ptr<ProteonRingNetDevice>
ProteonRingChannel::GetProteonRingDevice(std::size_t i) const
{
    NS_ASSERT(i < m_devices.size());
    return m_devices[i].device;
}

uint32_t
ProteonRingChannel::GetStationCount() const
{
    return m_stationCount;
}

DataRate
ProteonRingChannel::GetDataRate() const
{
    return m_dataRate;
}

Time
ProteonRingChannel::GetHopDelay() const
{
    return m_stationLatency + m_cableDelay;
}

Time
ProteonRingChannel::GetRotationTime() const
{
    return GetHopDelay() * static_cast<int64_t>(m_stationCount);
}

Time
ProteonRingChannel::GetTransmissionTime(uint32_t bytes) const
{
    // In whole time steps, rounded up, rather than DataRate::CalculateBytesTxTime's double
    // seconds: delivery times must be exact sums that tests and users can reproduce.
    const uint64_t bps = m_dataRate.GetBitRate();
    NS_ABORT_MSG_IF(bps == 0, "ProteonRingChannel: DataRate must be positive");
    // 128 bits (GCC's and Clang's __int128; __extension__ tells -Wpedantic, which ns-3's own
    // build turns on): bits times the steps of a second overflows 64.
    __extension__ typedef unsigned __int128 Wide;
    const Wide stepsPerSecond = Seconds(1).GetTimeStep();
    const Wide bits = static_cast<Wide>(bytes) * 8;
    return TimeStep(static_cast<int64_t>((bits * stepsPerSecond + bps - 1) / bps));
}

int64_t
ProteonRingChannel::PassTime(uint32_t station, int64_t notBefore) const
{
    // The releasing station itself sees the token again only after a full rotation.
    const uint32_t hops = (station + m_stationCount - m_freeStation - 1) % m_stationCount + 1;
    const int64_t first = m_freeAt + static_cast<int64_t>(hops) * m_hop;
    if (notBefore <= first)
    {
        return first;
    }
    const int64_t rotations = (notBefore - first + m_rotation - 1) / m_rotation;
    return first + rotations * m_rotation;
}

void
ProteonRingChannel::StartBackground()
{
    NS_LOG_FUNCTION(this);
    EnsureStations();
    m_backgroundStarted = true;
    m_backgroundStations.clear();
    for (uint32_t station = 0; station < m_stationCount; ++station)
    {
        if (m_stationDevice[station] < 0)
        {
            m_backgroundStations.push_back(station);
        }
    }
    if (m_backgroundLoad <= 0.0 || m_backgroundStations.empty())
    {
        NS_LOG_LOGIC("no background traffic");
        return;
    }
    const double framesPerSecond = m_backgroundLoad * static_cast<double>(m_dataRate.GetBitRate()) /
                                   (8.0 * m_backgroundFrameSize);
    m_backgroundMeanGap = 1.0 / framesPerSecond;
    m_backgroundTx = GetTransmissionTime(m_backgroundFrameSize).GetTimeStep();
    m_backgroundOn = true;
    // The background stations have been sending since time 0, whenever the ring is first used.
    m_nextArrival = 0;
    DrawBackgroundArrival();
}

void
ProteonRingChannel::DrawBackgroundArrival()
{
    // A time and a station for every arrival, in arrival order, whatever the devices do: the
    // background is the same sequence of frames for a given stream, however lazily it is drawn.
    m_nextArrival += Seconds(m_arrivalRv->GetValue(m_backgroundMeanGap, 0)).GetTimeStep();
    m_nextArrivalStation = m_backgroundStations[m_stationRv->GetInteger(
        0,
        static_cast<uint32_t>(m_backgroundStations.size() - 1))];
}

int64_t
ProteonRingChannel::NextSeizure(int32_t& station)
{
    if (!m_backgroundStarted)
    {
        StartBackground();
    }
    int64_t best = NEVER;
    station = -1;
    for (const Attachment& a : m_devices)
    {
        if (a.ready)
        {
            const int64_t at = PassTime(a.station, a.readySince);
            if (at < best)
            {
                best = at;
                station = static_cast<int32_t>(a.station);
            }
        }
    }
    for (uint32_t k : m_backgroundStations)
    {
        if (!m_backlog[k].empty())
        {
            const int64_t at = PassTime(k, m_backlog[k].front());
            if (at < best)
            {
                best = at;
                station = static_cast<int32_t>(k);
            }
        }
    }
    // Only an arrival before the best seizure found so far can beat it.
    while (m_backgroundOn && m_nextArrival < best)
    {
        const uint32_t k = m_nextArrivalStation;
        const bool wasIdle = m_backlog[k].empty();
        m_backlog[k].push_back(m_nextArrival);
        if (wasIdle)
        {
            const int64_t at = PassTime(k, m_nextArrival);
            if (at < best)
            {
                best = at;
                station = static_cast<int32_t>(k);
            }
        }
        DrawBackgroundArrival();
    }
    return best;
}

void
ProteonRingChannel::SendBackground(int64_t start, uint32_t station, bool provisional)
{
    NS_ASSERT(!m_backlog[station].empty());
    const int64_t arrival = m_backlog[station].front();
    m_backlog[station].pop_front();
    if (provisional)
    {
        m_provisional.push_back(Provisional{start, station, arrival, m_freeAt, m_freeStation});
    }
    m_freeAt = start + m_backgroundTx + m_rotation;
    m_freeStation = station;
    ++m_backgroundFrames;
}

void
ProteonRingChannel::SettleProvisional()
{
    const int64_t now = Simulator::Now().GetTimeStep();
    while (!m_provisional.empty() && m_provisional.back().start > now)
    {
        const Provisional& p = m_provisional.back();
        m_backlog[p.station].push_front(p.arrival);
        m_freeAt = p.previousFreeAt;
        m_freeStation = p.previousStation;
        --m_backgroundFrames;
        m_provisional.pop_back();
    }
    m_provisional.clear();
}

void
ProteonRingChannel::Plan()
{
    NS_LOG_FUNCTION(this);
    SettleProvisional();
    if (m_readyDevices == 0)
    {
        NS_ASSERT(!m_seizePending);
        return;
    }
    const int64_t now = Simulator::Now().GetTimeStep();
    for (;;)
    {
        int32_t station = -1;
        const int64_t at = NextSeizure(station);
        NS_ASSERT(station >= 0);
        const int32_t index = m_stationDevice[station];
        if (index < 0)
        {
            SendBackground(at, station, at > now);
            continue;
        }
        NS_ASSERT_MSG(at >= now, "a device seizure was missed");
        if (m_seizePending && m_seizeAt == at && m_seizeDevice == static_cast<uint32_t>(index))
        {
            return;
        }
        m_seizePending = true;
        m_seizeAt = at;
        m_seizeDevice = index;
        ++m_seizeGeneration;
        NS_LOG_LOGIC("station " << station << " seizes the token at " << TimeStep(at).As(Time::US));
        Simulator::ScheduleWithContext(
            m_devices[index].device->GetNode()->GetId(),
            TimeStep(at - now),
            [this, device = static_cast<uint32_t>(index), generation = m_seizeGeneration]() {
                Seize(device, generation);
            });
        return;
    }
}

void
ProteonRingChannel::NotifyFrameReady(uint32_t index)
{
    NS_LOG_FUNCTION(this << index);
    NS_ASSERT(index < m_devices.size());
    Attachment& a = m_devices[index];
    NS_ASSERT_MSG(!a.ready, "device " << index << " already has a frame waiting for the token");
    a.ready = true;
    a.readySince = Simulator::Now().GetTimeStep();
    ++m_readyDevices;
    Plan();
}

void
ProteonRingChannel::Seize(uint32_t index, uint64_t generation)
{
    NS_LOG_FUNCTION(this << index << generation);
    if (generation != m_seizeGeneration)
    {
        return;
    }
    m_seizePending = false;
    // Every provisional background transmission precedes this seizure and is now in the past.
    SettleProvisional();
    const int64_t now = Simulator::Now().GetTimeStep();
    Attachment& a = m_devices[index];
    NS_ASSERT(a.ready);
    NS_ASSERT_MSG(PassTime(a.station, a.readySince) == now,
                  "the token is not at station " << a.station);
    a.ready = false;
    --m_readyDevices;
    ++m_deviceFrames;
    const uint32_t station = a.station;
    const Time wait = TimeStep(now - a.readySince);
    Ptr<ProteonRingNetDevice> source = a.device;
    Ptr<const Packet> frame = source->GetInterfaceFrame();
    const Time tx = GetTransmissionTime(frame->GetSize());
    m_freeAt = now + tx.GetTimeStep() + m_rotation;
    m_freeStation = station;

    ProteonRingHeader header;
    frame->PeekHeader(header);
    const Mac8Address destination = header.GetDestination();
    const bool broadcast = destination == Mac8Address::GetBroadcast();
    for (uint32_t j = 0; j < m_devices.size(); ++j)
    {
        if (j == index)
        {
            continue;
        }
        Ptr<ProteonRingNetDevice> receiver = m_devices[j].device;
        // Frames for other stations pass every interface, but they only cost an event where
        // something listens promiscuously.
        if (!broadcast && receiver->GetRingAddress() != destination && !receiver->IsPromiscuous())
        {
            continue;
        }
        const uint32_t hops = (m_devices[j].station + m_stationCount - station) % m_stationCount;
        Simulator::ScheduleWithContext(
            receiver->GetNode()->GetId(),
            TimeStep(static_cast<int64_t>(hops) * m_hop) + tx,
            [receiver, copy = frame->Copy()]() { receiver->Receive(copy); });
    }
    const uint32_t context = source->GetNode()->GetId();
    // The end of a transmission changes nothing on the ring; it is an event only for its traces.
    if (!m_txEndTrace.IsEmpty() || source->IsTransmitEndTraced())
    {
        Simulator::ScheduleWithContext(context, tx, [this, index, frame]() {
            TransmitEnd(index, frame);
        });
    }
    // The sender strips its frame when the last bit is back, and releases the token then.
    Simulator::ScheduleWithContext(context, tx + TimeStep(m_rotation), [source]() {
        source->TransmitComplete();
    });

    // Traces last, once the ring is marked busy: a sink that hands another device a frame
    // makes the channel plan around this transmission.
    source->TransmitStart();
    m_tokenWaitTrace(frame, station, wait);
    m_txStartTrace(frame, station);
    Plan();
}

void
ProteonRingChannel::TransmitEnd(uint32_t index, Ptr<const Packet> frame)
{
    NS_LOG_FUNCTION(this << index << frame);
    m_txEndTrace(frame, m_devices[index].station);
    m_devices[index].device->TransmitEnd();
}

uint64_t
ProteonRingChannel::GetBackgroundFramesSent()
{
    const int64_t now = Simulator::Now().GetTimeStep();
    if (m_readyDevices > 0)
    {
        uint64_t sent = m_backgroundFrames;
        for (const Provisional& p : m_provisional)
        {
            if (p.start > now)
            {
                --sent;
            }
        }
        return sent;
    }
    // With no device waiting nothing has been planned: bring the background up to now.
    NS_ASSERT(m_provisional.empty());
    for (;;)
    {
        int32_t station = -1;
        const int64_t at = NextSeizure(station);
        if (station < 0 || at > now)
        {
            break;
        }
        SendBackground(at, station, false);
    }
    return m_backgroundFrames;
}

uint64_t
ProteonRingChannel::GetDeviceFramesSent() const
{
    return m_deviceFrames;
}

} // namespace ns3
