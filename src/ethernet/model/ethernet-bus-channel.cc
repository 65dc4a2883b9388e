/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ethernet-bus-channel.h"

#include "ethernet-background-traffic.h"
#include "ethernet-cable.h"
#include "ethernet-csma-cd.h"
#include "ethernet-net-device.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/error-model.h"
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
            .AddAttribute("BackgroundTraffic",
                          "The frames the hosts other than the attached devices offer "
                          "(ns3::EthernetBackgroundTraffic); its Stations are spread evenly "
                          "along the cable and send with the same CSMA/CD. Default: none.",
                          PointerValue(),
                          MakePointerAccessor(&EthernetBusChannel::m_background),
                          MakePointerChecker<EthernetBackgroundTraffic>())
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
    : m_mac(std::make_unique<EthernetCsmaCd>(this))
{
    NS_LOG_FUNCTION(this);
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
    m_mac->Clear();
    m_devices.clear();
    if (m_background)
    {
        m_background->Dispose();
        m_background = nullptr;
    }
    m_noise = nullptr;
    m_backoffRv = nullptr;
    Channel::DoDispose();
}

int64_t
EthernetBusChannel::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    // Streams 4 and 5 are left unused: they drew broadcasts apart from the other background
    // frames, and keeping the backoff and noise streams where they were keeps every run's draws.
    if (m_background)
    {
        m_background->AssignStreams(stream);
    }
    m_backoffRv->SetStream(stream + 3);
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
    NS_ABORT_MSG_IF(m_devices.size() >= MAX_STATIONS, "EthernetBusChannel: too many stations");
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
    NS_ABORT_MSG_IF(m_dataRate.GetBitRate() == 0, "EthernetBusChannel: DataRate must be positive");
    return EthernetCable::BitsToSteps(bits, m_dataRate.GetBitRate());
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
    EthernetCsmaCd::Timing timing;
    timing.bitRate = m_dataRate.GetBitRate();
    timing.gap = Bits(IFG_BITS);
    timing.gapPart1 = Bits(IFG_PART1_BITS);
    timing.slot = Bits(SLOT_BITS);
    timing.jam = Bits(JAM_BITS);
    timing.preamble = Bits(PREAMBLE_BITS);
    timing.propagation = m_propagationDelay.GetTimeStep();
    // A collision must reach both senders while they still send: a round trip within the
    // shortest transmission (preamble + 64 bytes). A quarter slot leaves room for the rest of
    // the 802.3 delay budget, which this model does not count (transceivers, repeaters).
    NS_ABORT_MSG_IF(4 * timing.propagation > timing.slot,
                    "EthernetBusChannel: PropagationDelay " << m_propagationDelay.As(Time::US)
                                                            << " exceeds a quarter slot time");
    m_mac->Configure(timing, m_backoffRv);
    for (uint32_t i = 0; i < m_devices.size(); ++i)
    {
        m_mac->AddStation(PositionToSteps(m_devicePositions[i]),
                          static_cast<int32_t>(i),
                          m_devices[i]->GetNode()->GetId());
    }
    const uint32_t backgroundStations = m_background ? m_background->GetStations() : 0;
    NS_ABORT_MSG_IF(m_devices.size() + backgroundStations > MAX_STATIONS,
                    "EthernetBusChannel: " << m_devices.size() << " devices and "
                                           << backgroundStations
                                           << " background stations: more than " << MAX_STATIONS);
    for (uint32_t k = 0; k < backgroundStations; ++k)
    {
        m_mac->AddStation(PositionToSteps((k + 0.5) * m_length / backgroundStations),
                          -1,
                          Simulator::NO_CONTEXT);
    }
}

void
EthernetBusChannel::StartBackground()
{
    NS_LOG_FUNCTION(this);
    EnsureStations();
    if (m_background)
    {
        m_background->Start(m_dataRate, MakeCallback(&EthernetBusChannel::OfferBackground, this));
    }
}

void
EthernetBusChannel::StopBackground()
{
    NS_LOG_FUNCTION(this);
    if (m_background)
    {
        m_background->Stop();
    }
}

void
EthernetBusChannel::OfferBackground(uint32_t background, uint32_t bytes, bool broadcast)
{
    m_mac->Offer(m_devices.size() + background, bytes, broadcast);
}

void
EthernetBusChannel::Transmit(uint32_t index, Ptr<Packet> frame)
{
    NS_LOG_FUNCTION(this << index << frame);
    EnsureStations();
    NS_ASSERT(index < m_devices.size());
    NS_ABORT_MSG_IF(m_mac->HasFrame(index),
                    "EthernetBusChannel: device " << index << " already has a frame");
    NS_ABORT_MSG_IF(frame->GetSize() < MIN_FRAME_BYTES,
                    "EthernetBusChannel: a " << frame->GetSize() << "-byte frame is a runt");
    m_mac->Send(index, frame);
}

void
EthernetBusChannel::NotifyDeferral(uint32_t station, uint32_t attempts)
{
    ++m_deferrals;
    m_deferralTrace(station, attempts);
}

void
EthernetBusChannel::NotifyStart(uint32_t station, uint32_t attempts)
{
    m_txStartTrace(station, attempts);
    if (station < m_devices.size())
    {
        m_devices[station]->TransmitStarted(attempts);
    }
    else
    {
        ++m_backgroundSent;
    }
}

void
EthernetBusChannel::NotifyCollision(uint32_t station, uint32_t attempts)
{
    ++m_collisions;
    if (station >= m_devices.size())
    {
        --m_backgroundSent;
    }
    m_collisionTrace(station, attempts);
}

void
EthernetBusChannel::NotifyExcessive(uint32_t station, uint32_t attempts)
{
    ++m_excessive;
    m_excessiveTrace(station, attempts);
}

void
EthernetBusChannel::NotifyBackoff(uint32_t station, uint32_t attempts, uint32_t slots, Time delay)
{
    m_backoffTrace(station, attempts, slots, delay);
}

void
EthernetBusChannel::NotifyCollided(uint32_t station, uint32_t attempts)
{
    m_devices[station]->TransmitCollided(attempts);
}

void
EthernetBusChannel::NotifyDropped(uint32_t station)
{
    m_devices[station]->TransmitDropped();
}

void
EthernetBusChannel::NotifyEnd(Transmission& tx)
{
    const uint32_t station = tx.station;
    Ptr<EthernetNetDevice> device = station < m_devices.size() ? m_devices[station] : nullptr;
    if (device)
    {
        ++m_deviceSent;
    }
    else
    {
        NS_ASSERT(tx.broadcast);
        ++m_broadcastsSent;
        tx.frame = m_background->MakeBroadcastFrame(station - m_devices.size(), tx.bytes);
    }
    // The destination address is the frame's first six bytes (an EthernetHeader without
    // preamble): read them alone, not the whole header.
    uint8_t address[6];
    tx.frame->CopyData(address, sizeof(address));
    Mac48Address destination;
    destination.CopyFrom(address);
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
                                       TimeStep(m_mac->GetCable().Distance(station, j)),
                                       [this, id = tx.id, j]() { Deliver(id, j); });
    }
    if (device)
    {
        device->TransmitCompleted();
    }
}

void
EthernetBusChannel::Deliver(uint64_t id, uint32_t receiver)
{
    NS_LOG_FUNCTION(this << id << receiver);
    const Transmission* found = m_mac->Find(id);
    NS_ASSERT_MSG(found, "a delivered frame was forgotten");
    const Transmission& tx = *found;
    // Both senders hear every collision (the cable is short enough), so a frame sent
    // without one is intact everywhere; checked anyway, at the receiver's position.
    const EthernetCable& cable = m_mac->GetCable();
    if (cable.IsGarbledAt(tx, receiver))
    {
        NS_LOG_WARN("frame " << tx.frame->GetUid() << " garbled at device " << receiver);
        return;
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
    m_devices[receiver]->Receive(frame, TimeStep(tx.start + cable.Distance(tx.station, receiver)));
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
    return m_background ? m_background->GetFramesOffered() : 0;
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
